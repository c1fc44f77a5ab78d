//! A faster start for the multi-byte decoders (GBK, gb18030, Big5, EUC-JP, Shift_JIS,
//! EUC-KR) on the sequences that make most of their text: ASCII, a byte that is a character
//! of its own, and a lead byte with a trail byte that make one character of the Basic
//! Multilingual Plane. Each is one lookup in a table found by running encoding_rs's decoder
//! over every such sequence once, at first use (decision note 0041), so that nothing here
//! copies an index and every character is the one encoding_rs would give.
//!
//! The table stops at the first sequence it does not hold (an error, gb18030's four-byte
//! sequences, EUC-JP's JIS X 0212 ones, Big5's characters beyond the BMP and its
//! two-code-point sequences): that is the boundary of a character, where a fresh encoding_rs
//! decoder goes on with the same result as one that had read everything before it.

use std::sync::OnceLock;

use encoding_rs::Encoding;

use super::multi_byte::{decode_whole, multi_byte_slot, MULTI_BYTE};

/// The least trail byte the table holds: no two-byte sequence of the six encodings has a
/// trail byte below it (gb18030's digits begin four-byte sequences).
const FIRST_TRAIL: u8 = 0x40;

/// How many trail bytes a lead byte's row holds.
const TRAILS: usize = 0x100 - FIRST_TRAIL as usize;

/// What one decoder makes of its one- and two-byte sequences with a byte above 0x7F first.
struct Table {
    /// By byte - 0x80: the character a byte is on its own, 0 for a lead byte or an error.
    single: [u16; 0x80],
    /// By (lead - 0x80) * [`TRAILS`] + trail - [`FIRST_TRAIL`]: the character of the BMP
    /// the two bytes are, 0 for anything else.
    double: Box<[u16]>,
    /// By the same index, one bit each: the two bytes are one character beyond the BMP
    /// (Big5's HKSCS ideographs), which `double` does not hold.
    beyond: Box<[u64]>,
}

/// The table of `encoding`, if it is one of the six multi-byte encodings.
fn table(encoding: &'static Encoding) -> Option<&'static Table> {
    static TABLES: [OnceLock<Table>; MULTI_BYTE.len()] =
        [const { OnceLock::new() }; MULTI_BYTE.len()];
    let slot = multi_byte_slot(encoding)?;
    Some(TABLES[slot].get_or_init(|| build(encoding)))
}

/// The one character `sequence` decodes to on its own, if it decodes without error to one
/// character above U+007F.
pub(super) fn decode_one(encoding: &'static Encoding, sequence: &[u8]) -> Option<char> {
    let mut buffer = [0u8; 16];
    let mut chars = decode_whole(encoding, sequence, &mut buffer)?.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c as u32 >= 0x80 => Some(c),
        _ => None,
    }
}

/// A character of the BMP as the table's unit, 0 for none (or one beyond the BMP).
fn unit(c: Option<char>) -> u16 {
    c.and_then(|c| u16::try_from(c as u32).ok()).unwrap_or(0)
}

fn build(encoding: &'static Encoding) -> Table {
    let mut single = [0u16; 0x80];
    let mut double = vec![0u16; 0x80 * TRAILS].into_boxed_slice();
    let mut beyond = vec![0u64; (0x80 * TRAILS).div_ceil(64)].into_boxed_slice();
    for lead in 0x80..=0xFFu8 {
        let row = usize::from(lead - 0x80);
        single[row] = unit(decode_one(encoding, &[lead]));
        if single[row] != 0 {
            continue; // a character of its own is no lead byte
        }
        for trail in FIRST_TRAIL..=0xFF {
            let index = row * TRAILS + usize::from(trail - FIRST_TRAIL);
            let c = decode_one(encoding, &[lead, trail]);
            double[index] = unit(c);
            if c.is_some() && double[index] == 0 {
                beyond[index / 64] |= 1 << (index % 64);
            }
        }
    }
    Table { single, double, beyond }
}

/// The one character above U+007F that `bytes` (a byte above 0x7F, or a lead byte and a trail
/// byte) decode to on their own, as the table holds it: `Some(None)` where they decode to no
/// one character, `None` where the table cannot tell (an encoding that is not one of the six,
/// other bytes, a character beyond the BMP): [`decode_one`] then.
pub(super) fn one_character(encoding: &'static Encoding, bytes: &[u8]) -> Option<Option<char>> {
    let table = table(encoding)?;
    let of = |unit: u16| char::from_u32(u32::from(unit)).filter(|_| unit != 0);
    match *bytes {
        [byte] if byte >= 0x80 => Some(of(table.single[usize::from(byte - 0x80)])),
        [lead, trail] if lead >= 0x80 => {
            // (a character of its own and the trail are two; no sequence has a trail below
            // FIRST_TRAIL)
            if table.single[usize::from(lead - 0x80)] != 0 || trail < FIRST_TRAIL {
                return Some(None);
            }
            let index = usize::from(lead - 0x80) * TRAILS + usize::from(trail - FIRST_TRAIL);
            let beyond = table.beyond[index / 64] & (1 << (index % 64)) != 0;
            (!beyond).then(|| of(table.double[index]))
        }
        _ => None,
    }
}

/// Decode the start of `bytes` with `encoding`'s decoder into `units`, as far as the table
/// holds its sequences: how many bytes were read and units written (0 and 0 for an encoding
/// that is not one of the six). It stops at the boundary of a character; what it wrote is
/// what encoding_rs would have.
#[inline]
pub(super) fn decode_start(
    bytes: &[u8],
    encoding: &'static Encoding,
    units: &mut [u16],
) -> (usize, usize) {
    let Some(table) = table(encoding) else { return (0, 0) };
    // (Each byte read writes one unit at most: `written <= read` keeps `units` in bounds.)
    let end = bytes.len().min(units.len());
    let (mut read, mut written) = (0, 0);
    while read < end {
        let byte = bytes[read];
        if byte < 0x80 && bytes.get(read + 1).is_some_and(|&next| next < 0x80) {
            // A stretch of ASCII (markup, Latin text), widened as encoding_rs widens it.
            let stretch = Encoding::ascii_valid_up_to(&bytes[read..end]);
            let (from, to) = (&bytes[read..read + stretch], &mut units[written..written + stretch]);
            encoding_rs::mem::convert_latin1_to_utf16(from, to);
            (read, written) = (read + stretch, written + stretch);
            continue;
        }
        let (unit, length) = if byte < 0x80 {
            (u16::from(byte), 1)
        } else if table.single[usize::from(byte - 0x80)] != 0 {
            (table.single[usize::from(byte - 0x80)], 1)
        } else {
            let Some(&trail) = bytes.get(read + 1).filter(|&&t| t >= FIRST_TRAIL) else { break };
            let index = usize::from(byte - 0x80) * TRAILS + usize::from(trail - FIRST_TRAIL);
            match table.double[index] {
                0 => break,
                unit => (unit, 2),
            }
        };
        units[written] = unit;
        (read, written) = (read + length, written + 1);
    }
    (read, written)
}
