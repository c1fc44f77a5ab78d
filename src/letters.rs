//! Whether a character is a letter (`char::is_alphabetic`), by a table of the Basic
//! Multilingual Plane.
//!
//! The decision asks it of every character around every run and piece; the standard library
//! searches Unicode's ranges for each non-ASCII character, a tenth of the work on Cyrillic
//! text (perf). The table is built once from `char::is_alphabetic` itself, so the answers are
//! the same; characters above the BMP are asked of it directly.

use std::sync::OnceLock;

/// Is `c` alphabetic, as `char::is_alphabetic` says?
///
/// ```
/// use _core::letters::is_letter;
/// assert!(is_letter('é') && is_letter('ж') && is_letter('中') && is_letter('𠀀'));
/// assert!(!is_letter('×') && !is_letter('1') && !is_letter('\u{a0}') && !is_letter('😀'));
/// ```
#[inline]
pub fn is_letter(c: char) -> bool {
    let code = c as u32;
    if code < 0x80 {
        return c.is_ascii_alphabetic();
    }
    if code > 0xFFFF {
        return c.is_alphabetic();
    }
    let table = bmp();
    table[(code >> 6) as usize] & (1u64 << (code & 63)) != 0
}

/// One bit a BMP code point: set for the letters.
fn bmp() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u64; 1024]);
        for code in 0..=0xFFFFu32 {
            if char::from_u32(code).is_some_and(char::is_alphabetic) {
                table[(code >> 6) as usize] |= 1u64 << (code & 63);
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_agrees_with_the_standard_library() {
        for code in (0..=0xFFFFu32).chain(0x1_0000..0x2_0000) {
            if let Some(c) = char::from_u32(code) {
                assert_eq!(is_letter(c), c.is_alphabetic(), "U+{code:04X}");
            }
        }
    }
}
