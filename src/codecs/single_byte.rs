//! Single-byte encodings as tables: the 128 characters of bytes 0x80..=0xFF, and their inverse.
//!
//! The WHATWG tables are read from encoding_rs's decoders at first use (no copy of the indexes
//! here); IBM437 and IBM850 come from [`super::dos`], latin-1 is U+0080..=U+00FF.

use std::sync::OnceLock;

use encoding_rs::Encoding;

use super::dos::{IBM437_HIGH, IBM850_HIGH};
use super::simd_lookup::HighUnits;

/// The WHATWG single-byte encodings, in the standard's order, then x-user-defined.
const WHATWG: [&Encoding; 29] = [
    encoding_rs::IBM866,
    encoding_rs::ISO_8859_2,
    encoding_rs::ISO_8859_3,
    encoding_rs::ISO_8859_4,
    encoding_rs::ISO_8859_5,
    encoding_rs::ISO_8859_6,
    encoding_rs::ISO_8859_7,
    encoding_rs::ISO_8859_8,
    encoding_rs::ISO_8859_8_I,
    encoding_rs::ISO_8859_10,
    encoding_rs::ISO_8859_13,
    encoding_rs::ISO_8859_14,
    encoding_rs::ISO_8859_15,
    encoding_rs::ISO_8859_16,
    encoding_rs::KOI8_R,
    encoding_rs::KOI8_U,
    encoding_rs::MACINTOSH,
    encoding_rs::WINDOWS_874,
    encoding_rs::WINDOWS_1250,
    encoding_rs::WINDOWS_1251,
    encoding_rs::WINDOWS_1252,
    encoding_rs::WINDOWS_1253,
    encoding_rs::WINDOWS_1254,
    encoding_rs::WINDOWS_1255,
    encoding_rs::WINDOWS_1256,
    encoding_rs::WINDOWS_1257,
    encoding_rs::WINDOWS_1258,
    encoding_rs::X_MAC_CYRILLIC,
    encoding_rs::X_USER_DEFINED,
];

/// Every name [`single_byte`] knows: the WHATWG single-byte encodings (canonical names, in
/// the standard's order, then x-user-defined), then `IBM437`, `IBM850` and `latin-1`.
pub const SINGLE_BYTE_NAMES: [&str; 32] = [
    "IBM866",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-8-I",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "x-user-defined",
    "IBM437",
    "IBM850",
    "latin-1",
];

/// What [`SingleByte::survey`] found of some bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Survey {
    /// Some byte decodes above U+00FF (U+FFFD for an undefined byte included).
    pub wide: bool,
    /// The offset of the first byte the encoding leaves undefined.
    pub first_undefined: Option<usize>,
}

/// A code unit of a string that stores one or two bytes a character (Python's): what
/// [`SingleByte::decode_into`] writes.
pub trait CodeUnit: Copy {
    /// The unit of a UTF-16 code unit that fits (a `u8` takes the low byte).
    fn from_utf16(unit: u16) -> Self;

    /// Decode the whole blocks at the start of `bytes` with the vector lookups, and return
    /// how many bytes that was (see [`HighUnits`]).
    fn decode_blocks(table: &HighUnits, bytes: &[u8], units: &mut [Self]) -> usize;
}

impl CodeUnit for u8 {
    #[inline]
    fn from_utf16(unit: u16) -> u8 {
        unit as u8
    }

    fn decode_blocks(table: &HighUnits, bytes: &[u8], units: &mut [u8]) -> usize {
        table.decode_u8(bytes, units)
    }
}

impl CodeUnit for u16 {
    #[inline]
    fn from_utf16(unit: u16) -> u16 {
        unit
    }

    fn decode_blocks(table: &HighUnits, bytes: &[u8], units: &mut [u16]) -> usize {
        table.decode_u16(bytes, units)
    }
}

/// A single-byte encoding: bytes 0x00..=0x7F are ASCII, `high[b - 0x80]` is the character of
/// byte `b` (U+FFFD where the encoding has none: the decoder reports an error there).
pub struct SingleByte {
    /// The canonical name (the Encoding Standard's, or `IBM437`, `IBM850`, `latin-1`).
    pub name: &'static str,
    /// The character of each byte 0x80..=0xFF.
    pub high: [char; 128],
    /// Code point >> 8 -> 1 + index into `page_bytes`, or 0 if no character of that block
    /// is in `high` (every character of these encodings is in the BMP).
    pages: [u8; 256],
    /// Code point & 0xFF -> its byte, or 0 for none (byte 0 is ASCII, never in `high`).
    page_bytes: Vec<[u8; 256]>,
    /// The UTF-16 code unit of every byte (U+FFFD where the encoding has none), for
    /// [`Self::survey`] and [`Self::decode_into`], which a page decodes with in one call each.
    units: [u16; 256],
    /// The same units of the high bytes, for the vector lookups of long strings.
    high_units: HighUnits,
    /// The bytes the encoding leaves undefined.
    undefined: Vec<u8>,
    /// Is this windows-1252 (asked of every character a legacy pair reads)?
    windows_1252: bool,
}

impl SingleByte {
    fn new(name: &'static str, high: [char; 128]) -> Self {
        // (every character of these encodings is in the BMP)
        let unit = |b: usize| if b < 0x80 { b as u16 } else { high[b - 0x80] as u32 as u16 };
        let units: [u16; 256] = std::array::from_fn(unit);
        let undefined = (0x80..=0xFFu8).filter(|&b| high[usize::from(b - 0x80)] == '\u{FFFD}');
        let undefined = undefined.collect();
        let high_units = HighUnits::new(&units);
        let mut table = SingleByte {
            name,
            high,
            pages: [0; 256],
            page_bytes: Vec::new(),
            units,
            high_units,
            undefined,
            windows_1252: name == "windows-1252",
        };
        for (offset, &c) in high.iter().enumerate() {
            let code = c as u32;
            if c == '\u{FFFD}' || code > 0xFFFF || table.encode(c).is_some() {
                continue; // none, or a character already given a byte (the first one wins)
            }
            let page = (code >> 8) as usize;
            if table.pages[page] == 0 {
                table.page_bytes.push([0; 256]);
                table.pages[page] = table.page_bytes.len() as u8; // at most 128 pages
            }
            table.page_bytes[table.pages[page] as usize - 1][(code & 0xFF) as usize] =
                0x80 + offset as u8;
        }
        table
    }

    /// The character of `byte` (U+FFFD if the encoding has none).
    ///
    /// ```
    /// let koi8 = _core::codecs::single_byte("KOI8-R").unwrap();
    /// assert_eq!((koi8.decode(b'a'), koi8.decode(0xC1)), ('a', 'а'));
    /// ```
    #[inline]
    pub fn decode(&self, byte: u8) -> char {
        if byte < 0x80 {
            byte as char
        } else {
            self.high[(byte - 0x80) as usize]
        }
    }

    /// What a string of `bytes` needs (with [`Self::decode_into`], a string type that stores
    /// one or two bytes a character, Python's, is written directly): whether a character is
    /// above U+00FF, and where the first undefined byte is.
    ///
    /// ```
    /// let cp1252 = _core::codecs::single_byte("windows-1252").unwrap();
    /// let (cafe, euro, undefined) = (b"caf\xe9", b"\x80", b"ab\x81");
    /// assert_eq!((cp1252.survey(cafe).wide, cp1252.survey(euro).wide), (false, true));
    /// assert_eq!(cp1252.survey(undefined).first_undefined, None); // C1 control, as latin-1
    /// let greek = _core::codecs::single_byte("windows-1253").unwrap();
    /// assert_eq!(greek.survey(b"ab\xaa\xaa").first_undefined, Some(2));
    /// ```
    pub fn survey(&self, bytes: &[u8]) -> Survey {
        // A page's first wide character comes early, and an encoding's few undefined bytes
        // are each found by memchr (what `contains` runs on bytes): two passes that mostly
        // stop or skip, where the widest code point was a load and a max for every byte.
        let (wide, looked) = self.high_units.find_wide(bytes);
        let wide = wide || bytes[looked..].iter().any(|&b| self.units[b as usize] > 0xFF);
        let first_undefined = (self.undefined.iter())
            .filter(|&b| bytes.contains(b))
            .filter_map(|b| bytes.iter().position(|x| x == b))
            .min();
        Survey { wide, first_undefined }
    }

    /// Decode `bytes` into `units`, one each (errors as U+FFFD); `units` is `bytes.len()` long
    /// and wide enough for what [`Self::survey`] found (`u16` if `wide`, else `u8`).
    ///
    /// ```
    /// let koi8 = _core::codecs::single_byte("KOI8-R").unwrap();
    /// let mut units = [0u16; 3];
    /// koi8.decode_into(b"a\xc1\xff", &mut units);
    /// assert_eq!(units, [0x61, 0x430, 0x42A]);
    /// ```
    pub fn decode_into<T: CodeUnit>(&self, bytes: &[u8], units: &mut [T]) {
        let done = T::decode_blocks(&self.high_units, bytes, units);
        for (unit, &b) in units[done..].iter_mut().zip(&bytes[done..]) {
            *unit = T::from_utf16(self.units[b as usize]);
        }
    }

    /// [`SingleByte::encode`], and C1 controls as their own bytes: windows-1252 as latin-1
    /// reads it, where the bytes it leaves undefined stand for themselves.
    ///
    /// ```
    /// let cp1252 = _core::codecs::single_byte("windows-1252").unwrap();
    /// assert_eq!(cp1252.encode_or_c1('€'), Some(0x80));
    /// assert_eq!((cp1252.encode('\u{80}'), cp1252.encode_or_c1('\u{80}')), (None, Some(0x80)));
    /// ```
    #[inline]
    pub fn encode_or_c1(&self, c: char) -> Option<u8> {
        self.encode(c).or_else(|| ('\u{80}'..='\u{9F}').contains(&c).then_some(c as u8))
    }

    /// Is this windows-1252, whose decoder keeps latin-1's C1 controls
    /// ([`Self::encode_or_c1`])?
    ///
    /// ```
    /// let single_byte = |name| _core::codecs::single_byte(name).unwrap();
    /// assert!(single_byte("windows-1252").is_windows_1252());
    /// assert!(!single_byte("latin-1").is_windows_1252());
    /// ```
    #[inline]
    pub fn is_windows_1252(&self) -> bool {
        self.windows_1252
    }

    /// The byte of `c`, or None if the encoding has no byte for it: two table lookups.
    ///
    /// ```
    /// let cp1251 = _core::codecs::single_byte("windows-1251").unwrap();
    /// assert_eq!(cp1251.encode('Ж'), Some(0xC6));
    /// assert_eq!(cp1251.encode('é'), None);
    /// assert_eq!(cp1251.encode('\u{FFFD}'), None);
    /// ```
    #[inline]
    pub fn encode(&self, c: char) -> Option<u8> {
        let code = c as u32;
        if code < 0x80 {
            return Some(code as u8);
        }
        if code > 0xFFFF {
            return None;
        }
        let page = self.pages[(code >> 8) as usize];
        if page == 0 {
            return None;
        }
        match self.page_bytes[page as usize - 1][(code & 0xFF) as usize] {
            0 => None,
            byte => Some(byte),
        }
    }
}

/// The table of a single-byte encoding by name (ASCII case-insensitive): one of
/// [`SINGLE_BYTE_NAMES`]. Labels are not resolved here (`"latin1"` is a WHATWG label of
/// windows-1252, while `"latin-1"` here is ISO-8859-1 proper): resolve them with
/// [`super::encoding_for`] and pass `encoding.name()`.
///
/// ```
/// use _core::codecs::single_byte;
/// assert_eq!(single_byte("windows-1252").unwrap().high[0], '€');
/// assert_eq!(single_byte("windows-1252").unwrap().high[1], '\u{81}');
/// assert_eq!(single_byte("latin-1").unwrap().high[0], '\u{80}');
/// assert_eq!(single_byte("ibm437").unwrap().encode('─'), Some(0xC4));
/// assert!(single_byte("latin1").is_none() && single_byte("Shift_JIS").is_none());
/// ```
pub fn single_byte(name: &str) -> Option<&'static SingleByte> {
    // The candidates ask by the tables' own names, per character: a map answers those, the
    // scan any other case.
    static BY_NAME: OnceLock<rustc_hash::FxHashMap<&'static str, &'static SingleByte>> =
        OnceLock::new();
    let by_name = BY_NAME.get_or_init(|| tables().iter().map(|t| (t.name, t)).collect());
    match by_name.get(name) {
        Some(&table) => Some(table),
        None => tables().iter().find(|table| table.name.eq_ignore_ascii_case(name)),
    }
}

/// Every table, in the order of [`SINGLE_BYTE_NAMES`], built once.
fn tables() -> &'static [SingleByte] {
    static TABLES: OnceLock<Vec<SingleByte>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables: Vec<SingleByte> = WHATWG
            .iter()
            .map(|&encoding| SingleByte::new(encoding.name(), high_half(encoding)))
            .collect();
        tables.push(SingleByte::new("IBM437", IBM437_HIGH));
        tables.push(SingleByte::new("IBM850", IBM850_HIGH));
        let latin1 = std::array::from_fn(|i| char::from(0x80 + i as u8));
        tables.push(SingleByte::new("latin-1", latin1));
        tables
    })
}

/// What encoding_rs's decoder makes of each byte 0x80..=0xFF.
fn high_half(encoding: &'static Encoding) -> [char; 128] {
    std::array::from_fn(|i| {
        let byte = [0x80 + i as u8];
        match encoding.decode_without_bom_handling_and_without_replacement(&byte) {
            Some(text) => text.chars().next().unwrap_or('\u{FFFD}'),
            None => '\u{FFFD}',
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_tables() {
        let names: Vec<&str> = tables().iter().map(|t| t.name).collect();
        assert_eq!(names, SINGLE_BYTE_NAMES);
    }

    #[test]
    fn decode_into_decodes_every_byte() {
        // lengths around the vector lookups' 64-byte blocks, bytes in every order
        let bytes: Vec<u8> =
            (0..=255u8).chain((0..=255u8).rev()).cycle().step_by(7).take(700).collect();
        for table in tables() {
            for length in [0, 1, 63, 64, 65, 129, 700] {
                let bytes = &bytes[..length];
                let want: Vec<u16> = bytes.iter().map(|&b| table.decode(b) as u32 as u16).collect();
                let mut units = vec![0u16; length];
                table.decode_into(bytes, &mut units);
                assert_eq!(units, want, "{} {length}", table.name);
                let mut narrow = vec![0u8; length];
                table.decode_into(bytes, &mut narrow);
                assert!(narrow.iter().zip(&want).all(|(&n, &w)| u16::from(n) == w & 0xFF));
                let wide = want.iter().any(|&unit| unit > 0xFF);
                assert_eq!(table.survey(bytes).wide, wide, "{} {length}", table.name);
            }
        }
    }

    #[test]
    fn encode_inverts_decode() {
        for table in tables() {
            for byte in 0..=255u8 {
                let c = table.decode(byte);
                if c != '\u{FFFD}' {
                    assert_eq!(table.encode(c), Some(byte), "{} {byte:#x}", table.name);
                }
            }
            let mut mapped = 0;
            for code in 0..0x1_0000u32 {
                if let Some(c) = char::from_u32(code) {
                    if let Some(byte) = table.encode(c) {
                        assert_eq!(table.decode(byte), c, "{} {code:#x}", table.name);
                        mapped += 1;
                    }
                }
            }
            let mut defined: Vec<char> = table.high.to_vec();
            defined.retain(|&c| c != '\u{FFFD}');
            defined.sort_unstable();
            defined.dedup();
            assert_eq!(mapped, 128 + defined.len(), "{}", table.name);
        }
    }
}
