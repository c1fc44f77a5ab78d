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

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::Encoding;

mod costing;

pub use costing::{
    decoding_cost, decoding_costs, decoding_costs_within, non_ascii_words, prefix_cost,
    prefix_costs, sampled_words, DecodingCost, Reach, MAX_PIECE, SAMPLE_NON_ASCII, UTF_16_SAMPLE,
};

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
    /// Feed `bytes` (as the end of the stream): their words that hold a non-ASCII byte, each
    /// with the ASCII characters around it ([`words_to_feed`]). ISO-2022-JP is a possible
    /// answer: mojifix decodes text, it runs no script.
    pub fn new(bytes: &[u8]) -> Detection {
        let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
        detector.feed(&words_to_feed(bytes), true);
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

/// What chardetng is fed of `bytes`: the words that hold a non-ASCII byte (between the bytes
/// where every ASCII-compatible encoding is between two characters) that the costing samples
/// ([`sampled_words`]: a bound on the work for a page of any size), with the ASCII character
/// on each side, a space between two words. chardetng
/// scores non-ASCII characters and the letters beside them; ASCII words and markup, most of
/// a page, tell it nothing and cost it as much a byte. Bytes with an escape (ISO-2022-JP,
/// all ASCII) are fed whole.
///
/// ```
/// use _core::detection::words_to_feed;
/// assert_eq!(&*words_to_feed(b"<p>plain text, caf\xe9 au lait</p>"), b" caf\xe9 ");
/// assert_eq!(&*words_to_feed(b"\xe9t\xe9 d'\xe9t\xe9, x"), b"\xe9t\xe9 '\xe9t\xe9,");
/// assert_eq!(&*words_to_feed(b"\x1b$B0lMw\x1b(B"), b"\x1b$B0lMw\x1b(B");
/// ```
pub fn words_to_feed(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if bytes.contains(&0x1B) {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut fed = Vec::new();
    // The bytes up to here are fed or left out.
    let mut done = 0;
    for word in costing::sampled_words(bytes) {
        // (the character before may be the one after the word before, fed already)
        let from = word.start.saturating_sub(1);
        if from >= done && fed.last().is_some_and(|&b| b != b' ') {
            fed.push(b' ');
        }
        let to = (word.end + 1).min(bytes.len());
        fed.extend_from_slice(&bytes[from.max(done)..to]);
        done = to;
    }
    std::borrow::Cow::Owned(fed)
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
}
