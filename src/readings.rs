//! The misreadings mojifix knows: "bytes in encoding E, read as D", as named data.
//!
//! A *reading* undoes one misreading: re-encode the damaged text with the decoder that
//! misread it (`decoded_as`, D) and decode the bytes with the encoding they were really in
//! (`encoded_as`, E). Encoding names are the Encoding Standard's, plus `IBM437` and `IBM850`
//! (DOS code pages) and `latin-1` (the ISO-8859-1 of databases and Python, which the standard
//! maps to windows-1252).

/// What kind of misreading, in the words of `mojifix.KINDS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// UTF-8 bytes decoded with a single-byte encoding ("CafÃ©").
    Utf8AsSingleByte,
    /// UTF-8 bytes decoded with a multi-byte encoding ("鐢ㄦ埛").
    Utf8AsMultiByte,
    /// Legacy bytes decoded with another legacy encoding ("Ïðèâåò").
    LegacyAsLegacy,
}

impl Kind {
    /// Every kind, in `mojifix.KINDS` order.
    pub const ALL: [Kind; 3] =
        [Kind::Utf8AsSingleByte, Kind::Utf8AsMultiByte, Kind::LegacyAsLegacy];

    /// The kind's name in `mojifix.KINDS`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Utf8AsSingleByte => "utf-8-as-single-byte",
            Kind::Utf8AsMultiByte => "utf-8-as-multi-byte",
            Kind::LegacyAsLegacy => "legacy-as-legacy",
        }
    }
}

/// One misreading: the bytes were `encoded_as`, and `decoded_as` misread them.
#[derive(Debug)]
pub struct Reading {
    pub encoded_as: &'static str,
    pub decoded_as: &'static str,
    pub kind: Kind,
}

/// The single-byte decoders that misread UTF-8, in the order of the scan's bit masks
/// (`candidates::utf8`): at most 32. windows-1252 stands for latin-1 too (its encoder maps
/// U+0080..U+009F back to their bytes).
pub const UTF8_SINGLE_BYTE_DECODERS: [&str; 29] = [
    "windows-1252",
    "windows-1250",
    "windows-1251",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "windows-874",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "IBM866",
    "macintosh",
    "x-mac-cyrillic",
    "IBM437",
    "IBM850",
];

/// The multi-byte decoders that misread UTF-8 (gb18030's decoder is GBK's).
pub const UTF8_MULTI_BYTE_DECODERS: [&str; 5] = ["GBK", "Shift_JIS", "EUC-JP", "EUC-KR", "Big5"];

/// Legacy text misread as another legacy encoding: `(encoded_as, decoded_as)`.
pub const LEGACY_PAIRS: [(&str, &str); 25] = [
    ("windows-1251", "windows-1252"),
    ("windows-1250", "windows-1252"),
    ("windows-1253", "windows-1252"),
    ("windows-1254", "windows-1252"),
    ("windows-1255", "windows-1252"),
    ("windows-1256", "windows-1252"),
    ("windows-1257", "windows-1252"),
    ("windows-874", "windows-1252"),
    ("ISO-8859-2", "windows-1252"),
    ("KOI8-R", "windows-1252"),
    ("IBM866", "windows-1252"),
    ("GBK", "windows-1252"),
    ("Shift_JIS", "windows-1252"),
    ("EUC-KR", "windows-1252"),
    ("Big5", "windows-1252"),
    ("EUC-JP", "windows-1252"),
    ("KOI8-R", "windows-1251"),
    ("windows-1251", "KOI8-R"),
    ("IBM866", "windows-1251"),
    ("windows-1250", "ISO-8859-2"),
    ("ISO-8859-2", "windows-1250"),
    // Western text read as Cyrillic ("Ñàôå" the other way round) and Mac OS Roman as latin-1.
    ("windows-1252", "windows-1251"),
    ("macintosh", "latin-1"),
    // C1 controls in otherwise right text: windows-1252 bytes read as latin-1 ("\x93" for “).
    ("windows-1252", "latin-1"),
    // Japanese file names in a DOS-era archive or console: Shift_JIS read as code page 850.
    ("Shift_JIS", "IBM850"),
];

/// How many readings there are.
pub const READING_COUNT: usize =
    UTF8_SINGLE_BYTE_DECODERS.len() + UTF8_MULTI_BYTE_DECODERS.len() + LEGACY_PAIRS.len();

/// Every reading, indexed by [`ReadingId`]: the UTF-8 ones first, in the order of the
/// decoder lists above, then the legacy pairs.
pub fn readings() -> &'static [Reading] {
    static ALL: std::sync::OnceLock<Vec<Reading>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Vec::new();
        for decoded_as in UTF8_SINGLE_BYTE_DECODERS {
            all.push(Reading { encoded_as: "UTF-8", decoded_as, kind: Kind::Utf8AsSingleByte });
        }
        for decoded_as in UTF8_MULTI_BYTE_DECODERS {
            all.push(Reading { encoded_as: "UTF-8", decoded_as, kind: Kind::Utf8AsMultiByte });
        }
        for (encoded_as, decoded_as) in LEGACY_PAIRS {
            all.push(Reading { encoded_as, decoded_as, kind: Kind::LegacyAsLegacy });
        }
        all
    })
}

/// A reading's index in [`readings`].
pub type ReadingId = u8;

/// The reading of UTF-8 misread by the `index`-th single-byte decoder.
pub fn utf8_single_byte(index: usize) -> ReadingId {
    index as ReadingId
}

/// The reading of UTF-8 misread by the `index`-th multi-byte decoder.
pub fn utf8_multi_byte(index: usize) -> ReadingId {
    (UTF8_SINGLE_BYTE_DECODERS.len() + index) as ReadingId
}

/// The reading of the `index`-th legacy pair.
pub fn legacy(index: usize) -> ReadingId {
    (UTF8_SINGLE_BYTE_DECODERS.len() + UTF8_MULTI_BYTE_DECODERS.len() + index) as ReadingId
}

/// The index in `LEGACY_PAIRS` of a legacy reading ([`legacy`]'s inverse).
pub fn legacy_index(reading: ReadingId) -> usize {
    reading as usize - legacy(0) as usize
}

/// Does this reading leave `c` as it is? (A legacy text misread as a whole keeps the
/// characters its two encodings share: "ó" is 0xF3 in windows-1250 and windows-1252.) UTF-8
/// misread changes every non-ASCII character.
pub fn keeps(reading: ReadingId, c: char) -> bool {
    let reading = &readings()[reading as usize];
    if reading.kind != Kind::LegacyAsLegacy || c.is_ascii() {
        return c.is_ascii();
    }
    let Some(decoder) = crate::codecs::single_byte(reading.decoded_as) else { return false };
    let byte = match decoder.encode(c) {
        Some(b) => b,
        None if reading.decoded_as == "windows-1252" && ('\u{80}'..='\u{9F}').contains(&c) => {
            c as u8
        }
        None => return false,
    };
    match crate::codecs::single_byte(reading.encoded_as) {
        Some(table) => table.high[usize::from(byte - 0x80)] == c,
        None => false,
    }
}

/// Does this legacy reading read one script as the same script: do the letters of both
/// encodings' upper halves mostly belong to one (windows-1257 and windows-1252 write Latin,
/// KOI8-R and windows-1251 Cyrillic)? Its mojibake is letters of the script, only misspelt.
///
/// ```
/// use _core::readings::{legacy, within_a_script, LEGACY_PAIRS};
/// let reading = |pair| legacy(LEGACY_PAIRS.iter().position(|&p| p == pair).unwrap());
/// assert!(within_a_script(reading(("windows-1257", "windows-1252"))));
/// assert!(within_a_script(reading(("KOI8-R", "windows-1251"))));
/// assert!(!within_a_script(reading(("windows-1251", "windows-1252"))));
/// assert!(!within_a_script(reading(("GBK", "windows-1252"))));
/// ```
pub fn within_a_script(reading: ReadingId) -> bool {
    static WITHIN: std::sync::OnceLock<Vec<bool>> = std::sync::OnceLock::new();
    let within = WITHIN.get_or_init(|| {
        readings()
            .iter()
            .map(|r| {
                let script = |name| crate::codecs::single_byte(name).map(|t| script_of(&t.high));
                r.kind == Kind::LegacyAsLegacy
                    && script(r.encoded_as).is_some_and(|s| Some(s) == script(r.decoded_as))
            })
            .collect()
    });
    within[reading as usize]
}

/// The script most of `letters`' letters are in: 0 for Latin, else their 256 code points'
/// block (Greek 3, Cyrillic 4, Thai 14...).
fn script_of(letters: &[char]) -> u32 {
    let mut counts = [0usize; 0x31];
    for &c in letters.iter().filter(|c| c.is_alphabetic()) {
        let block = c as u32 >> 8;
        let latin = crate::letters::is_latin_letter(c);
        counts[if latin { 0 } else { block.min(0x30) as usize }] += 1;
    }
    (0..counts.len()).max_by_key(|&i| counts[i]).unwrap_or(0) as u32
}

/// The bytes of `text` in `encoding` (a WHATWG name, `UTF-8`, `IBM437`, `IBM850` or
/// `latin-1`), or `None` if it has a character the encoding lacks. The encoders are the
/// codecs' extended ones: everything a decoder produces is written back.
pub fn encode(text: &str, encoding: &str) -> Option<Vec<u8>> {
    if encoding == "UTF-8" {
        return Some(text.as_bytes().to_vec());
    }
    if let Some(table) = crate::codecs::single_byte(encoding) {
        return text.chars().map(|c| table.encode(c)).collect();
    }
    crate::codecs::encode(text, crate::codecs::encoding_for(encoding)?).ok()
}

/// `bytes` as `encoding`'s decoder reads them (errors become U+FFFD).
pub fn decode(bytes: &[u8], encoding: &str) -> Option<String> {
    if let Some(table) = crate::codecs::single_byte(encoding) {
        let high = |b: u8| if b < 0x80 { char::from(b) } else { table.high[usize::from(b - 0x80)] };
        return Some(bytes.iter().map(|&b| high(b)).collect());
    }
    let (text, _) = crate::codecs::encoding_for(encoding)?.decode_without_bom_handling(bytes);
    Some(text.into_owned())
}

/// The mojibake a misreading makes of `text`: its bytes in `encoded_as`, read as
/// `decoded_as`; `None` where `encoded_as` cannot hold the text.
///
/// The damage the decision undoes, for tests and for training the model of mojibake.
pub fn misread(text: &str, encoded_as: &str, decoded_as: &str) -> Option<String> {
    decode(&encode(text, encoded_as)?, decoded_as)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_encoding_is_known() {
        for reading in readings() {
            for name in [reading.encoded_as, reading.decoded_as] {
                assert!(
                    name == "UTF-8"
                        || crate::codecs::single_byte(name).is_some()
                        || crate::codecs::encoding_for(name).is_some(),
                    "{name}"
                );
            }
        }
        assert!(readings().len() < 256);
    }

    #[test]
    fn misreadings_make_mojibake() {
        assert_eq!(misread("Café", "UTF-8", "windows-1252").as_deref(), Some("CafÃ©"));
        assert_eq!(misread("用户", "UTF-8", "GBK").as_deref(), Some("鐢ㄦ埛"));
        assert_eq!(misread("Привет", "windows-1251", "windows-1252").as_deref(), Some("Ïðèâåò"));
        assert_eq!(misread("Привет", "windows-1252", "UTF-8"), None);
    }
}
