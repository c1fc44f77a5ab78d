//! The whole text under one reading: every non-ASCII character of the text re-encodes under
//! one decoder, and the bytes are valid UTF-8. That is UTF-8 misread as a whole, the
//! commonest damage there is ("CafÃ© crÃ¨me", "鐢ㄦ埛" from end to end), and the round trip
//! is hard evidence for all of it at once: the decision need not find and judge its pieces one
//! by one among every other reading's (decision note 0026).
//!
//! The single-byte decoders are found with one role lookup per character (UTF-8's state
//! machine for every decoder at once), then encoded and validated, usually one; each
//! multi-byte decoder writes the text back until its first byte UTF-8 cannot have there.

use super::{never_written, tables, Roles, States};
use crate::candidates::Piece;
use crate::codecs;
use crate::readings::{self, ReadingId, UTF8_MULTI_BYTE_DECODERS, UTF8_SINGLE_BYTE_DECODERS};

/// Every single-byte decoder, one bit each.
const ALL_DECODERS: u32 = (1 << UTF8_SINGLE_BYTE_DECODERS.len()) - 1;

/// The whole text read by one decoder: the reading and its pieces, the maximal runs of
/// non-ASCII characters, each with its repair.
#[derive(Clone, Debug)]
pub struct WholeText {
    pub reading: ReadingId,
    pub pieces: Vec<Piece>,
}

/// Every reading under which the whole of `text` is UTF-8 misread by one decoder, one for
/// each different repair (windows-1252 and ISO-8859-15 give the same one unless the text has
/// a character where they differ; the first reading in `readings()` order is named): none when
/// no decoder round-trips the text. Which repair is the text's is the decision's to say. A
/// multi-byte decoder's character is written back as the first of its byte sequences, the one
/// its encoder writes (Shift_JIS's NEC and IBM duplicates are left to the judgement).
///
/// Nothing is lost or restored here: a `?`, U+FFFD or a space for NBSP leaves the bytes
/// invalid, and the text to the decision's other candidates; so does any repair with U+FFFD or
/// a code point no text is written with (there is then no answer at all).
///
/// ```
/// use _core::candidates::utf8::whole_texts;
/// let chars = |text: &str| text.chars().collect::<Vec<char>>();
/// let repairs = |text: &str| -> Vec<Vec<String>> {
///     let wholes = whole_texts(&chars(text));
///     wholes.iter().map(|w| w.pieces.iter().map(|p| p.replacement.clone()).collect()).collect()
/// };
/// assert_eq!(repairs("ZaÅ¼Ã³Å‚Ä‡ gÄ™Å›lÄ… jaÅºÅ„"), [["żółć", "ęś", "ą", "źń"]]);
/// assert!(repairs("Zażółć gęślą jaźń").is_empty());
/// // macintosh reads "Ã©" and "Ã¨" as UTF-8 too ("\u{329}", "\u{32C}"): two answers.
/// assert_eq!(repairs("CafÃ© crÃ¨me"), [["é", "è"], ["\u{329}", "\u{32C}"]]);
/// // UTF-8 read as GBK: "中a" is E4 B8 AD 61, and GBK's AD 61 takes the "a".
/// assert_eq!(repairs("鐢ㄦ埛鍚嶆槸 涓璦"), [["用户名是", "中a"]]);
/// ```
pub fn whole_texts(text: &[char]) -> Vec<WholeText> {
    // Every decoder writes ASCII back as it is: the text is read from its first other character.
    let Some(first) = text.iter().position(|c| !c.is_ascii()) else {
        return Vec::new();
    };
    let text = &text[first..];
    let tables = tables();
    let single = single_byte_decoders(text);
    // Each different repair once, validated once; another decoder's bytes are validated only
    // when they differ from every repair found.
    let mut found: Vec<(ReadingId, Decoder, String)> = Vec::new();
    let mut bytes = Vec::with_capacity(text.len() * 2);
    let singles = (0..UTF8_SINGLE_BYTE_DECODERS.len()).filter(|i| single & (1 << i) != 0);
    // A multi-byte decoder's bytes for the first character must begin a UTF-8 sequence.
    let first_roles = tables.multi.get(text[0]).first;
    let multi = first_roles.lead2 | first_roles.lead3 | first_roles.lead4;
    let multis = (0..UTF8_MULTI_BYTE_DECODERS.len()).filter(|i| multi & (1 << i) != 0);
    let candidates = singles
        .map(|i| (readings::utf8_single_byte(i), Decoder::Single(tables.single_byte[i], i == 0)))
        .chain(
            multis.map(|i| (readings::utf8_multi_byte(i), Decoder::Multi(tables.multi_byte[i]))),
        );
    for (reading, decoder) in candidates {
        if !decoder.encode(text, &mut bytes)
            || found.iter().any(|(_, _, repair)| repair.as_bytes() == bytes)
        {
            continue;
        }
        match String::from_utf8(std::mem::take(&mut bytes)) {
            Ok(repair) => {
                // (the next decoder's bytes go to a buffer of their own, as long)
                bytes = Vec::with_capacity(repair.len());
                found.push((reading, decoder, repair));
            }
            Err(error) => bytes = error.into_bytes(),
        }
    }
    let mut wholes = Vec::with_capacity(found.len());
    for (reading, decoder, repair) in found {
        match pieces(text, first, reading, decoder, &repair) {
            Some(pieces) => wholes.push(WholeText { reading, pieces }),
            None => return Vec::new(),
        }
    }
    wholes
}

/// The pieces of the whole text (`text` from its first non-ASCII character, at `first`)
/// repaired as `repair` by `decoder`: each maximal run of non-ASCII characters is whole UTF-8
/// sequences, as an ASCII byte cannot stand inside one (a multi-byte decoder's character may
/// hold one as its trail byte). `None` when a piece's repair holds U+FFFD or a code point no
/// text is written with.
fn pieces(
    text: &[char],
    first: usize,
    reading: ReadingId,
    decoder: Decoder,
    repair: &str,
) -> Option<Vec<Piece>> {
    let mut pieces = Vec::new();
    let (mut at, mut byte) = (0, 0);
    while at < text.len() {
        // An ASCII character is one byte to every decoder.
        let ascii = text[at..].iter().take_while(|c| c.is_ascii()).count();
        (at, byte) = (at + ascii, byte + ascii);
        let (start, from) = (at, byte);
        while at < text.len() && !text[at].is_ascii() {
            byte += decoder.width(text[at]);
            at += 1;
        }
        if start == at {
            break;
        }
        let replacement = repair.get(from..byte)?;
        if replacement.chars().any(|c| c == '\u{FFFD}' || never_written(c)) {
            return None;
        }
        let mut piece = Piece::new(first + start, first + at, replacement.to_string(), reading);
        piece.sequences = replacement.bytes().filter(|&b| b >= 0xC0).count() as u32;
        pieces.push(piece);
    }
    Some(pieces)
}

/// The single-byte decoders under which the bytes of `text` could be UTF-8: UTF-8's state
/// machine for every decoder at once, over each character's byte class. A decoder drops out
/// at the first byte that cannot stand where it does (clean text's first curly quote is a
/// lone continuation byte to most of them); overlong and surrogate forms are left to the
/// validation.
fn single_byte_decoders(text: &[char]) -> u32 {
    let tables = tables();
    let (mut states, mut invalid) = (States::default(), 0u32);
    for &c in text {
        let pending = states.need[0] | states.need[1] | states.need[2];
        if c.is_ascii() {
            invalid |= pending;
            states = States::default();
            continue;
        }
        let roles = tables.single.get(c);
        let Roles { cont, lead2, lead3, lead4, .. } = roles;
        invalid |= ((pending & !cont) | (!pending & !(lead2 | lead3 | lead4))) & ALL_DECODERS;
        if invalid == ALL_DECODERS {
            return 0;
        }
        states.step(&roles);
    }
    ALL_DECODERS & !(invalid | states.need[0] | states.need[1] | states.need[2])
}

/// A decoder that misread UTF-8, as the whole text is written back with it.
#[derive(Clone, Copy)]
enum Decoder {
    /// A single-byte table; `true` for windows-1252, which stands for latin-1 too (C1
    /// controls are their own bytes).
    Single(&'static codecs::SingleByte, bool),
    /// A multi-byte encoding: each character as its first byte sequence, the one the
    /// decoder's encoder writes.
    Multi(&'static encoding_rs::Encoding),
}

/// Each ASCII byte, as a slice a multi-byte decoder's sequences are written back from.
const ASCII: [u8; 128] = {
    let mut bytes = [0; 128];
    let mut b = 0;
    while b < 128 {
        bytes[b] = b as u8;
        b += 1;
    }
    bytes
};

impl Decoder {
    /// The bytes a multi-byte decoder writes back for `c`: its first byte sequence, the one
    /// its encoder writes (ASCII as it is).
    fn sequence(encoding: &'static encoding_rs::Encoding, c: char) -> Option<&'static [u8]> {
        if c.is_ascii() {
            return Some(&ASCII[c as usize..=c as usize]);
        }
        codecs::byte_sequences(encoding, c).first().copied()
    }

    /// How many bytes `c` takes (it is one the decoder wrote back).
    fn width(self, c: char) -> usize {
        match self {
            Decoder::Single(..) => 1,
            Decoder::Multi(encoding) => Self::sequence(encoding, c).map_or(0, <[u8]>::len),
        }
    }

    /// Write `text` back into `bytes`, stopping (`false`) at a character the decoder has no
    /// bytes for, or, for a multi-byte decoder, at the first byte that cannot stand in UTF-8
    /// where it does (the single-byte decoders were asked that beforehand, all at once).
    fn encode(self, text: &[char], bytes: &mut Vec<u8>) -> bool {
        bytes.clear();
        let encoding = match self {
            Decoder::Single(table, c1) => {
                bytes.resize(text.len(), 0);
                for (slot, &c) in bytes.iter_mut().zip(text) {
                    let byte = if c1 { table.encode_or_c1(c) } else { table.encode(c) };
                    let Some(byte) = byte else { return false };
                    *slot = byte;
                }
                return true;
            }
            Decoder::Multi(encoding) => encoding,
        };
        let mut need = 0u8;
        for &c in text {
            let Some(sequence) = Self::sequence(encoding, c) else { return false };
            for &b in sequence {
                need = match (need, b) {
                    (0, 0..=0x7F) => 0,
                    (0, 0xC2..=0xDF) => 1,
                    (0, 0xE0..=0xEF) => 2,
                    (0, 0xF0..=0xF4) => 3,
                    (1..=3, 0x80..=0xBF) => need - 1,
                    _ => return false,
                };
            }
            bytes.extend_from_slice(sequence);
        }
        need == 0
    }
}
