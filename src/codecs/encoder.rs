//! The single-byte and multi-byte encoders, extended: encoding_rs's encoder, with a fallback
//! where it has no bytes for a character its decoder produces. For speed, what the two answer
//! for each BMP character is kept in a table built once per encoding at first use (about 64,000
//! questions to encoding_rs, a few milliseconds), so that encoding is a lookup per character.

use std::sync::OnceLock;

use encoding_rs::{EncoderResult, Encoding};

use super::multi_byte::{byte_sequences, inverse, pair_sequence};
use super::Output;

/// The legacy encodings, each with its table's cell in [`table`].
const LEGACY: [&Encoding; 35] = [
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
    encoding_rs::GBK,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::EUC_JP,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_KR,
];

/// The extended encoder's bytes for every BMP character: an entry is up to three bytes (the
/// first in the low byte) and their number in the top byte; 0 for none, [`ASK`] for the
/// four-byte sequences of gb18030 (rare in text: encoding_rs writes them when they come).
struct Table {
    /// Code point >> 8 -> 1 + index into `blocks`, or 0 if the block has no character.
    pages: [u16; 256],
    blocks: Vec<[u32; 256]>,
    /// The characters that start one of the decoder's multi-code-point sequences (Big5's Ê, ê).
    pair_starts: Vec<char>,
}

/// An entry that says: ask encoding_rs.
const ASK: u32 = 0xFF00_0000;

impl Table {
    #[inline]
    fn entry(&self, c: char) -> u32 {
        let code = c as u32;
        if code > 0xFFFF {
            return ASK;
        }
        match self.pages[(code >> 8) as usize] {
            0 => 0,
            page => self.blocks[page as usize - 1][(code & 0xFF) as usize],
        }
    }
}

/// The table of `encoding`, if it is a legacy single-byte or multi-byte encoding.
fn table(encoding: &'static Encoding) -> Option<&'static Table> {
    static TABLES: [OnceLock<Table>; 35] = [const { OnceLock::new() }; 35];
    let slot = LEGACY.iter().position(|&e| e == encoding)?;
    Some(TABLES[slot].get_or_init(|| build(encoding)))
}

fn build(encoding: &'static Encoding) -> Table {
    let mut table = Table { pages: [0; 256], blocks: Vec::new(), pair_starts: Vec::new() };
    if let Some(inverse) = inverse(encoding) {
        table.pair_starts = inverse.pairs.iter().filter_map(|(p, _)| p.chars().next()).collect();
    }
    let mut encoder = encoding.new_encoder();
    for c in (0x80..=0xFFFFu32).filter_map(char::from_u32) {
        let mut bytes = [0u8; 4];
        let entry = match encode_with_encoding_rs(&mut encoder, c, &mut bytes) {
            Some(4) => ASK,
            Some(length) => pack(&bytes[..length]),
            None => match fallback(encoding, c) {
                Some(sequence) if sequence.len() <= 3 => pack(sequence),
                Some(_) => ASK,
                None => continue,
            },
        };
        let page = &mut table.pages[(c as u32 >> 8) as usize];
        if *page == 0 {
            table.blocks.push([0; 256]);
            *page = table.blocks.len() as u16;
        }
        table.blocks[*page as usize - 1][(c as u32 & 0xFF) as usize] = entry;
    }
    table
}

/// One to three bytes as a table entry.
fn pack(bytes: &[u8]) -> u32 {
    let value = bytes.iter().rev().fold(0u32, |value, &byte| (value << 8) | byte as u32);
    value | (bytes.len() as u32) << 24
}

/// encoding_rs's bytes for `c` (at most four), written into `bytes`; None if it has none.
fn encode_with_encoding_rs(
    encoder: &mut encoding_rs::Encoder,
    c: char,
    bytes: &mut [u8; 4],
) -> Option<usize> {
    let mut utf8 = [0u8; 4];
    let (result, _, written) =
        encoder.encode_from_utf8_without_replacement(c.encode_utf8(&mut utf8), bytes, true);
    (result == EncoderResult::InputEmpty).then_some(written)
}

/// The extension of the encoders: bytes for a character encoding_rs's encoder has none for.
fn fallback(encoding: &'static Encoding, c: char) -> Option<&'static [u8]> {
    if encoding == encoding_rs::WINDOWS_1252 && ('\u{80}'..='\u{9F}').contains(&c) {
        // undo a latin-1 misread: the C1 control is the byte
        let i = c as usize - 0x80;
        return Some(&C1[i..=i]);
    }
    byte_sequences(encoding, c).first().copied()
}

/// The bytes 0x80..=0x9F.
static C1: [u8; 32] = {
    let mut bytes = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        bytes[i] = 0x80 + i as u8;
        i += 1;
    }
    bytes
};

/// Encode `text` with a legacy encoding's extended encoder (for any other encoding, every
/// character is unencodable).
pub(super) fn encode(text: &str, encoding: &'static Encoding, out: &mut Output) {
    let Some(table) = table(encoding) else {
        if !text.is_empty() {
            out.error(0..text.len());
        }
        return;
    };
    out.bytes.reserve(text.len());
    let pairs = !table.pair_starts.is_empty();
    let mut skip_to = 0;
    for (at, c) in text.char_indices() {
        if (c as u32) < 0x80 {
            out.bytes.push(c as u8);
            continue;
        }
        if at < skip_to {
            continue; // the rest of a multi-code-point sequence
        }
        if pairs && table.pair_starts.contains(&c) {
            if let Some((length, sequence)) = pair_at(encoding, &text[at..]) {
                out.bytes.extend_from_slice(sequence);
                skip_to = at + length;
                continue;
            }
        }
        let entry = table.entry(c);
        if entry != 0 && entry != ASK {
            // (byte by byte: a call to memcpy for one or two bytes costs more than the rest)
            out.bytes.push(entry as u8);
            if entry >> 24 > 1 {
                out.bytes.push((entry >> 8) as u8);
                if entry >> 24 > 2 {
                    out.bytes.push((entry >> 16) as u8);
                }
            }
        } else if let Some(sequence) = ask(encoding, c).filter(|_| entry == ASK) {
            out.bytes.extend_from_slice(&sequence);
        } else if out.error(at..at + c.len_utf8()) {
            return;
        }
    }
}

/// Encode a string given as code units that are each one character (Python's one-, two- or
/// four-byte forms); a unit that is no character (a lone surrogate) is unencodable, and the
/// errors' ranges are unit indexes. False if `encoding` is not a legacy encoding.
pub(super) fn encode_units<U: Copy + Into<u32>>(
    units: &[U],
    encoding: &'static Encoding,
    out: &mut Output,
) -> bool {
    let Some(table) = table(encoding) else {
        return false;
    };
    out.bytes.reserve(units.len());
    let pairs = !table.pair_starts.is_empty();
    let mut i = 0;
    while i < units.len() {
        let code: u32 = units[i].into();
        i += 1;
        if code < 0x80 {
            out.bytes.push(code as u8);
            continue;
        }
        let Some(c) = char::from_u32(code) else {
            if out.error(i - 1..i) {
                return true;
            }
            continue;
        };
        if pairs && table.pair_starts.contains(&c) {
            let next = units.get(i).and_then(|&u| char::from_u32(u.into()));
            if let Some(sequence) = next.and_then(|next| pair_sequence(encoding, c, next)) {
                out.bytes.extend_from_slice(sequence);
                i += 1;
                continue;
            }
        }
        let entry = table.entry(c);
        if entry != 0 && entry != ASK {
            out.bytes.push(entry as u8);
            if entry >> 24 > 1 {
                out.bytes.push((entry >> 8) as u8);
                if entry >> 24 > 2 {
                    out.bytes.push((entry >> 16) as u8);
                }
            }
        } else if let Some(sequence) = ask(encoding, c).filter(|_| entry == ASK) {
            out.bytes.extend_from_slice(&sequence);
        } else if out.error(i - 1..i) {
            return true;
        }
    }
    true
}

/// The decoder's two-code-point sequence that `rest` starts with ([`pair_sequence`]): its length
/// in `rest` and its bytes.
fn pair_at(encoding: &'static Encoding, rest: &str) -> Option<(usize, &'static [u8])> {
    let mut chars = rest.chars();
    let (first, second) = (chars.next()?, chars.next()?);
    let bytes = pair_sequence(encoding, first, second)?;
    Some((first.len_utf8() + second.len_utf8(), bytes))
}

/// The bytes of a character the table does not hold: beyond the BMP (gb18030's four-byte
/// sequences, Big5's HKSCS), or a BMP character's four-byte gb18030 sequence.
fn ask(encoding: &'static Encoding, c: char) -> Option<Vec<u8>> {
    let mut bytes = [0u8; 4];
    match encode_with_encoding_rs(&mut encoding.new_encoder(), c, &mut bytes) {
        Some(length) => Some(bytes[..length].to_vec()),
        None => fallback(encoding, c).map(<[u8]>::to_vec),
    }
}
