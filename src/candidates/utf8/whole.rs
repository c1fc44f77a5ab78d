//! The whole text under one reading: every non-ASCII character of the text re-encodes under
//! one single-byte decoder, and the bytes are valid UTF-8. That is UTF-8 misread as a whole,
//! the commonest damage there is ("CafÃ© crÃ¨me" from end to end), and the round trip is
//! hard evidence for all of it at once: the decision need not find and judge its pieces one
//! by one among every other reading's (decision note 0026).
//!
//! Found with one role lookup per character (UTF-8's state machine for every decoder at once),
//! then one encoding and one validation per decoder left, usually one.

use super::{never_written, tables, Roles, States};
use crate::candidates::Piece;
use crate::readings::{self, ReadingId, UTF8_SINGLE_BYTE_DECODERS};

/// Every single-byte decoder, one bit each.
const ALL_DECODERS: u32 = (1 << UTF8_SINGLE_BYTE_DECODERS.len()) - 1;

/// The whole text read by one single-byte decoder: the reading and its pieces, the maximal
/// runs of non-ASCII characters, each with its repair.
#[derive(Clone, Debug)]
pub struct WholeText {
    pub reading: ReadingId,
    pub pieces: Vec<Piece>,
}

/// The reading under which the whole of `text` is UTF-8 misread by a single-byte decoder, if
/// there is one answer: `None` when no decoder round-trips the text, or when two decoders
/// that do give different repairs (windows-1252 and ISO-8859-15 give the same one unless the
/// text has a character where they differ; the first in [`UTF8_SINGLE_BYTE_DECODERS`] order
/// is named). Nothing is lost or restored here: a `?`, U+FFFD or a space for NBSP leaves the
/// bytes invalid, and the text to the decision's other candidates; so does a repair with
/// U+FFFD or a code point no text is written with.
///
/// ```
/// use _core::candidates::utf8::whole_text;
/// let chars = |text: &str| text.chars().collect::<Vec<char>>();
/// let whole = whole_text(&chars("ZaÅ¼Ã³Å‚Ä‡ gÄ™Å›lÄ… jaÅºÅ„")).unwrap();
/// let repairs: Vec<&str> = whole.pieces.iter().map(|p| p.replacement.as_str()).collect();
/// assert_eq!(repairs, ["żółć", "ęś", "ą", "źń"]);
/// assert!(whole_text(&chars("Zażółć gęślą jaźń")).is_none());
/// // macintosh reads "Ã©" and "Ã¨" as UTF-8 too ("\u{329}", "\u{32C}"): two answers, none here.
/// assert!(whole_text(&chars("CafÃ© crÃ¨me")).is_none());
/// ```
pub fn whole_text(text: &[char]) -> Option<WholeText> {
    let tables = tables();
    // UTF-8's state machine for every decoder at once: a decoder drops out at the first byte
    // that cannot stand where it does (clean text's first curly quote is a lone continuation
    // byte to most of them), and overlong or surrogate forms are left to the validation.
    let (mut states, mut invalid, mut non_ascii) = (States::default(), 0u32, false);
    for &c in text {
        let pending = states.need[0] | states.need[1] | states.need[2];
        if c.is_ascii() {
            invalid |= pending;
            states = States::default();
            continue;
        }
        let roles = tables.single.get(c);
        let Roles { cont, lead2, lead3, lead4 } = roles;
        invalid |= (pending & !cont) | (!pending & !(lead2 | lead3 | lead4));
        if invalid == ALL_DECODERS {
            return None;
        }
        states.step(&roles);
        non_ascii = true;
    }
    invalid |= states.need[0] | states.need[1] | states.need[2];
    let decoders = ALL_DECODERS & !invalid;
    if !non_ascii || decoders == 0 {
        return None;
    }
    let mut found: Option<(usize, Vec<u8>)> = None;
    let mut bytes = Vec::with_capacity(text.len() * 2);
    for index in (0..UTF8_SINGLE_BYTE_DECODERS.len()).filter(|i| decoders & (1 << i) != 0) {
        let table = tables.single_byte[index];
        bytes.clear();
        let encoded = text.iter().all(|&c| {
            let byte = match c {
                // windows-1252 stands for latin-1 too: C1 controls are their own bytes.
                '\u{80}'..='\u{9F}' if index == 0 => Some(c as u8),
                _ => table.encode(c),
            };
            byte.map(|b| bytes.push(b)).is_some()
        });
        if !encoded || std::str::from_utf8(&bytes).is_err() {
            continue;
        }
        match &found {
            None => found = Some((index, bytes.clone())),
            Some((_, first)) if *first == bytes => {}
            Some(_) => return None,
        }
    }
    let (index, bytes) = found?;
    let reading = readings::utf8_single_byte(index);
    // Each maximal run of non-ASCII characters is whole UTF-8 sequences (an ASCII byte cannot
    // stand inside one), and a byte for each character.
    let mut pieces = Vec::new();
    let mut at = 0;
    for run in text.chunk_by(|a, b| a.is_ascii() == b.is_ascii()) {
        let start = at;
        at += run.len();
        if run[0].is_ascii() {
            continue;
        }
        let run = &bytes[start..at];
        let replacement = std::str::from_utf8(run).expect("validated as a whole");
        if replacement.chars().any(|c| c == '\u{FFFD}' || never_written(c)) {
            return None;
        }
        let mut piece = Piece::new(start, at, replacement.to_string(), reading);
        piece.sequences = run.iter().filter(|&&b| b >= 0xC0).count() as u32;
        pieces.push(piece);
    }
    Some(WholeText { reading, pieces })
}
