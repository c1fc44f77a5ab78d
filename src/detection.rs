//! Detecting the encoding of bytes that declare none: chardetng, Firefox's detector, and the
//! cost of each candidate decoding under the model of real text.
//!
//! chardetng gives one guess, which depends on the top-level domain the bytes came from: a
//! `.jp` page that could be Shift_JIS or EUC-KR is read as Shift_JIS. [`Detection`] feeds the
//! bytes once and asks for the guess under the user's domain and under one domain of every
//! region chardetng knows ([`REGIONAL_TLDS`]): the distinct answers are the encodings a
//! browser somewhere would read the page in, the candidates a choice by the decoded text
//! starts from. [`decoding_cost`] is that choice's measure: the model's cost of the words that
//! hold non-ASCII bytes, which are where decodings differ.
//!
//! ```
//! use _core::detection::{decoding_cost, Detection};
//! use _core::codecs::encoding_for;
//! let page = "<p>Příliš žluťoučký kůň úpěl ďábelské ódy.</p>";
//! let bytes = encoding_for("windows-1250").unwrap().encode(page).0;
//! let detection = Detection::new(&bytes);
//! assert_eq!(detection.guess(Some("cz")).name(), "windows-1250");
//! let right = decoding_cost(&bytes, encoding_for("windows-1250").unwrap());
//! let wrong = decoding_cost(&bytes, encoding_for("windows-1252").unwrap());
//! assert!(right.cost < wrong.cost && right.malformed == 0);
//! ```

use std::borrow::Cow;

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};

use crate::model::{models, Inventory, SCALE};

/// One top-level domain of each region chardetng tells apart, and the generic `com`: asking
/// chardetng under each gives every encoding it finds plausible for some region.
pub const REGIONAL_TLDS: [&str; 22] = [
    "com", "de", "cz", "pl", "ru", "gr", "tr", "il", "sa", "lt", "vn", "th", "cn", "tw", "hk",
    "sg", "jp", "kr", "is", "am", "ba", "my",
];

/// chardetng fed with a whole byte string, ready to guess under any top-level domain.
pub struct Detection {
    detector: EncodingDetector,
}

impl Detection {
    /// Feed all of `bytes` (as the end of the stream). ISO-2022-JP is a possible answer:
    /// mojifix decodes text, it runs no script.
    pub fn new(bytes: &[u8]) -> Detection {
        let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
        detector.feed(bytes, true);
        Detection { detector }
    }

    /// chardetng's guess for bytes from the domain `tld` (the last label of a host name, or a
    /// whole host name; `None` or an unusable label means a generic domain). UTF-8 is never
    /// the guess: valid UTF-8 is decided before detection.
    ///
    /// ```
    /// use _core::detection::Detection;
    /// let sjis = b"\x8f\xa4\x95\x69\x88\xea\x97\x97"; // 商品一覧
    /// assert_eq!(Detection::new(sjis).guess(Some("example.co.jp")).name(), "Shift_JIS");
    /// assert_eq!(Detection::new(b"caf\xe9").guess(Some("\u{e9}.COM")).name(), "windows-1252");
    /// ```
    pub fn guess(&self, tld: Option<&str>) -> &'static Encoding {
        self.guess_allowing_utf8(tld, false)
    }

    /// [`Detection::guess`], with UTF-8 a possible answer if `allow_utf8` (as chardetng is
    /// used outside browsers, and compared in mojifix's benchmarks).
    pub fn guess_allowing_utf8(&self, tld: Option<&str>, allow_utf8: bool) -> &'static Encoding {
        let label = tld.and_then(top_level_label);
        let utf8 = if allow_utf8 { Utf8Detection::Allow } else { Utf8Detection::Deny };
        self.detector.guess(label.as_deref().map(str::as_bytes), utf8)
    }

    /// The guesses under every domain of [`REGIONAL_TLDS`], each encoding once, in the order
    /// of the domains that gave them.
    pub fn regional_guesses(&self) -> Vec<(&'static str, &'static Encoding)> {
        let mut guesses: Vec<(&'static str, &'static Encoding)> = Vec::new();
        for tld in REGIONAL_TLDS {
            let encoding = self.detector.guess(Some(tld.as_bytes()), Utf8Detection::Deny);
            if guesses.iter().all(|&(_, seen)| seen != encoding) {
                guesses.push((tld, encoding));
            }
        }
        guesses
    }
}

/// The label chardetng takes: the last label of a host name, lower-case ASCII, or `None`
/// when there is none (chardetng panics on a period, upper case or non-ASCII).
fn top_level_label(host: &str) -> Option<String> {
    let label = host.trim().trim_end_matches('.').rsplit('.').next()?.to_ascii_lowercase();
    if label.is_empty() || !label.is_ascii() {
        return None;
    }
    Some(label)
}

/// How much real text the bytes make in one encoding: [`decoding_cost`]'s result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecodingCost {
    /// The model's cost of the sampled words, in nats (lower is likelier).
    pub cost: f64,
    /// What their letters cost in the one language that writes them all most cheaply,
    /// beyond what each costs in its own cheapest language, in nats: 0 when one language
    /// writes them all, high when none does (Hungarian ő beside French û).
    pub language: f64,
    /// Malformed byte sequences in the sample (each one a U+FFFD).
    pub malformed: usize,
    /// A hash of the decoded sample (FNV-1a over its characters): equal for encodings that
    /// read the sample alike.
    pub digest: u64,
    /// Characters the sample decoded to.
    pub chars: usize,
}

/// Non-ASCII bytes to look at, at most: enough to tell encodings apart, and a bound on the
/// work for a page of any size.
pub const SAMPLE_NON_ASCII: usize = 4096;

/// Is this byte a place where every ASCII-compatible encoding of the standard is between two
/// characters? Controls, space, punctuation `!`..`/` and `:`..`?` are never the second byte
/// of a multi-byte sequence (digits are, in gb18030's four-byte ones).
#[inline]
fn is_boundary(byte: u8) -> bool {
    byte < 0x30 || (0x3A..=0x3F).contains(&byte)
}

/// The longest run of bytes costed at once: a longer word (CJK text runs between ASCII
/// punctuation, or hostile input with none) is cut, so that the sample stays bounded.
pub const MAX_PIECE: usize = 1024;

/// Bytes of a page costed whole by [`decoding_cost`] for UTF-16, and by [`prefix_cost`].
pub const UTF_16_SAMPLE: usize = MAX_PIECE;

/// The cost of the first [`UTF_16_SAMPLE`] bytes of `bytes` decoded with `encoding`, ASCII
/// included: how BOM-less UTF-16 (whose ASCII is NUL bytes to an 8-bit decoder) is weighed
/// against the other candidates.
///
/// ```
/// use _core::codecs::encoding_for;
/// use _core::detection::prefix_cost;
/// let bytes: Vec<u8> = "<p>plain</p>".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// let utf16 = prefix_cost(&bytes, encoding_for("UTF-16LE").unwrap());
/// let latin = prefix_cost(&bytes, encoding_for("windows-1252").unwrap());
/// assert!(utf16.cost < latin.cost);
/// ```
pub fn prefix_cost(bytes: &[u8], encoding: &'static Encoding) -> DecodingCost {
    let mut costing = Costing::new(encoding);
    costing.add(None, &bytes[..bytes.len().min(UTF_16_SAMPLE) & !1], None);
    costing.finish()
}

/// The cost of `bytes` decoded with `encoding`, over the words (the spans between
/// [`is_boundary`] bytes, each costed between the boundary characters around it) that hold a
/// non-ASCII byte: up to [`SAMPLE_NON_ASCII`] non-ASCII bytes, then only words with a byte
/// value not seen before. ASCII words decode alike in every candidate, so they would add the
/// same to each. UTF-16 is costed as by [`prefix_cost`] (its bytes have no such boundaries).
///
/// ```
/// use _core::codecs::encoding_for;
/// use _core::detection::decoding_cost;
/// let bytes = b"<p>\x93\xfa\x96\x7b\x8c\xea</p>"; // 日本語 in Shift_JIS
/// let sjis = decoding_cost(bytes, encoding_for("Shift_JIS").unwrap());
/// let euc_kr = decoding_cost(bytes, encoding_for("EUC-KR").unwrap());
/// assert_eq!((sjis.chars, sjis.malformed), (3, 0));
/// assert!(sjis.cost < euc_kr.cost);
/// ```
pub fn decoding_cost(bytes: &[u8], encoding: &'static Encoding) -> DecodingCost {
    if encoding == UTF_16LE || encoding == UTF_16BE {
        return prefix_cost(bytes, encoding);
    }
    let mut costing = Costing::new(encoding);
    // Past the budget, a word still counts if it holds a byte value not seen before: then
    // two single-byte encodings that read the sample alike read the whole page alike.
    let mut seen_values = [false; 256];
    let mut seen = 0;
    let mut start: usize = 0;
    let mut non_ascii = 0;
    let mut unseen = false;
    for (i, &byte) in bytes.iter().enumerate() {
        if byte >= 0x80 {
            non_ascii += 1;
            unseen |= !seen_values[usize::from(byte)];
        } else if is_boundary(byte) {
            if non_ascii > 0 && (seen < SAMPLE_NON_ASCII || unseen) {
                let before = start.checked_sub(1).map(|b| char::from(bytes[b]));
                costing.add(before, &bytes[start..i], Some(char::from(byte)));
                seen += non_ascii;
                for &b in &bytes[start..i] {
                    seen_values[usize::from(b)] = true;
                }
            }
            start = i + 1;
            non_ascii = 0;
            unseen = false;
        }
    }
    if non_ascii > 0 && (seen < SAMPLE_NON_ASCII || unseen) {
        let before = start.checked_sub(1).map(|b| char::from(bytes[b]));
        costing.add(before, &bytes[start..], None);
    }
    costing.finish()
}

/// One letter for the letters the model cannot tell apart: Romanian's s and t with a comma
/// below, which Unicode text writes, and with a cedilla, which the legacy encodings that
/// lack the comma (windows-1250, ISO-8859-2) wrote instead. Which one a page has is for the
/// witnesses to say, not for the model, which has seen modern text only.
#[inline]
fn fold(c: char) -> char {
    match c {
        'ș' => 'ş',
        'Ș' => 'Ş',
        'ț' => 'ţ',
        'Ț' => 'Ţ',
        _ => c,
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// The sums [`decoding_cost`] and [`prefix_cost`] build, piece by piece.
struct Costing {
    encoding: &'static Encoding,
    total: DecodingCost,
    letters: Inventory,
}

impl Costing {
    fn new(encoding: &'static Encoding) -> Costing {
        let total =
            DecodingCost { cost: 0.0, language: 0.0, malformed: 0, digest: FNV_OFFSET, chars: 0 };
        Costing { encoding, total, letters: Inventory::default() }
    }

    /// Add the cost of `piece` decoded, between the ASCII characters `before` and `after`
    /// (`None`: the edge of the text), which every candidate reads alike.
    fn add(&mut self, before: Option<char>, piece: &[u8], after: Option<char>) {
        let models = models();
        let (text, after) = if piece.len() <= MAX_PIECE {
            (self.encoding.decode_without_bom_handling(piece).0, after)
        } else {
            // a cut piece: a character split at the cut is left out, not malformed
            let mut decoder = self.encoding.new_decoder_without_bom_handling();
            let mut text = String::with_capacity(MAX_PIECE * 3);
            let _ = decoder.decode_to_string(&piece[..MAX_PIECE], &mut text, false);
            (Cow::Owned(text), None)
        };
        let (mut chars, mut malformed, mut digest) = (0, 0, self.total.digest);
        let cost = models.cost_between(
            before,
            text.chars()
                .inspect(|&c| {
                    chars += 1;
                    malformed += usize::from(c == '\u{FFFD}');
                    digest = (digest ^ u64::from(u32::from(c))).wrapping_mul(FNV_PRIME);
                })
                .map(fold),
            after,
        );
        self.total.digest = (digest ^ 0x1F).wrapping_mul(FNV_PRIME); // a separator
        models.count_letters(&mut self.letters, text.chars().map(fold), 1);
        self.total.cost += cost as f64 / SCALE as f64;
        self.total.chars += chars;
        self.total.malformed += malformed;
    }

    /// The sums, with the language cost: what the letters cost in the one language that
    /// writes them all most cheaply, beyond what each costs in its own cheapest language
    /// (0 when one language writes them all; Hungarian ő beside French û costs more).
    fn finish(mut self) -> DecodingCost {
        let models = models();
        let together = models.language_cost(&self.letters);
        let mut apart = 0;
        let mut one = Inventory::default();
        for (&token, &count) in &self.letters {
            one.clear();
            one.insert(token, count);
            apart += models.language_cost(&one);
        }
        self.total.language = (together - apart) as f64 / SCALE as f64;
        self.total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::encoding_for;

    #[test]
    fn odd_domains_never_panic() {
        let detection = Detection::new("Grüße".as_bytes());
        for tld in ["", ".", "JP", "ex.AMPLE.", "ü", "a.b.c.", "xn--p1ai", " co.jp "] {
            let _ = detection.guess(Some(tld));
        }
        assert_eq!(top_level_label("Example.CO.JP."), Some("jp".to_string()));
        assert_eq!(top_level_label("例え.テスト"), None);
    }

    #[test]
    fn regional_guesses_hold_the_regional_reading() {
        let bytes = encoding_for("Shift_JIS").unwrap().encode("日本語のテキストです").0;
        let guesses = Detection::new(&bytes).regional_guesses();
        assert!(guesses.iter().any(|&(_, e)| e.name() == "Shift_JIS"));
        let names: Vec<_> = guesses.iter().map(|&(_, e)| e.name()).collect();
        let mut unique = names.clone();
        unique.dedup();
        assert_eq!(names.len(), unique.len());
    }

    #[test]
    fn cost_looks_at_words_with_non_ascii_bytes_only() {
        let windows_1251 = encoding_for("windows-1251").unwrap();
        let word = windows_1251.encode("Привет").0;
        let plain = [b" ".as_slice(), &word, b" "].concat();
        let padded = [b"<html> <body> lots of ascii ".as_slice(), &word, b" </body>"].concat();
        let a = decoding_cost(&plain, windows_1251);
        let b = decoding_cost(&padded, windows_1251);
        assert_eq!((a.cost, a.chars), (b.cost, b.chars));
        assert_eq!(decoding_cost(b"only ascii", windows_1251).chars, 0);
    }

    #[test]
    fn a_byte_value_past_the_sample_still_tells_encodings_apart() {
        // windows-1253 and ISO-8859-7 read Greek alike but for a few bytes (0xA2: Ά or ’)
        let mut bytes = Vec::new();
        while bytes.len() < 4 * SAMPLE_NON_ASCII {
            bytes.extend_from_slice(b"\xe5\xdf\xed\xe1\xe9 ");
        }
        bytes.extend_from_slice(b"\xa2\xed\xf9\xf3\xe7");
        let greek = decoding_cost(&bytes, encoding_for("windows-1253").unwrap());
        let iso = decoding_cost(&bytes, encoding_for("ISO-8859-7").unwrap());
        assert_ne!(greek.digest, iso.digest);
    }

    #[test]
    fn malformed_sequences_are_counted() {
        let cost = decoding_cost(b"\x82\xa0 \x82", encoding_for("Shift_JIS").unwrap());
        assert_eq!(cost.malformed, 1);
    }
}
