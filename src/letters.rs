//! Whether a character is a letter (`char::is_alphabetic`), or a small letter
//! (`char::is_lowercase`), and what it is in lower case (`char::to_lowercase`), by tables of
//! the Basic Multilingual Plane.
//!
//! The decision asks it of every character around every run and piece; the standard library
//! searches Unicode's ranges for each non-ASCII character, a tenth of the work on Cyrillic
//! text (perf). The tables are built once from the standard library's answers, so the answers
//! are the same; characters above the BMP are asked of it directly.

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
    bmp_holds(bmp(), c)
}

/// Are the characters right before `start` and right at `end` of `text` letters (the
/// neighbours of the span `start..end`; none past the text's ends)?
///
/// ```
/// use _core::letters::letters_beside;
/// let chars: Vec<char> = "a×b ×".chars().collect();
/// assert_eq!(letters_beside(&chars, 1, 2), (true, true));
/// assert_eq!(letters_beside(&chars, 4, 5), (false, false));
/// ```
pub fn letters_beside(text: &[char], start: usize, end: usize) -> (bool, bool) {
    let letter = |c: Option<&char>| c.is_some_and(|&c| is_letter(c));
    (letter(start.checked_sub(1).and_then(|i| text.get(i))), letter(text.get(end)))
}

/// The blocks of the Latin script's letters: ASCII to the IPA and its modifier letters
/// ("ə", "ʻ"), Latin Extended Additional (Vietnamese), Extended-C to -E, and the full-width
/// forms.
pub const LATIN_BLOCKS: [(char, char); 6] = [
    ('\0', '\u{36F}'),
    ('\u{1E00}', '\u{1EFF}'),
    ('\u{2C60}', '\u{2C7F}'),
    ('\u{A720}', '\u{A7FF}'),
    ('\u{AB30}', '\u{AB6F}'),
    ('\u{FF21}', '\u{FF5A}'),
];

/// Is `c` a letter of the Latin script ([`LATIN_BLOCKS`])?
///
/// ```
/// use _core::letters::is_latin_letter;
/// assert!(is_latin_letter('a') && is_latin_letter('ł') && is_latin_letter('ə'));
/// assert!(is_latin_letter('ệ') && !is_latin_letter('ж') && !is_latin_letter('中'));
/// assert!(!is_latin_letter('’') && !is_latin_letter('1'));
/// ```
#[inline]
pub fn is_latin_letter(c: char) -> bool {
    is_letter(c) && LATIN_BLOCKS.iter().any(|&(first, last)| (first..=last).contains(&c))
}

/// Is `c` a small letter, as `char::is_lowercase` says?
///
/// ```
/// use _core::letters::is_lower;
/// assert!(is_lower('é') && is_lower('ж') && is_lower('a') && is_lower('𝑎'));
/// assert!(!is_lower('Ж') && !is_lower('中') && !is_lower('1'));
/// ```
#[inline]
pub fn is_lower(c: char) -> bool {
    let code = c as u32;
    if code < 0x80 {
        return c.is_ascii_lowercase();
    }
    if code > 0xFFFF {
        return c.is_lowercase();
    }
    bmp_holds(bmp_lower(), c)
}

/// The one character `c.to_lowercase()` gives, or `None` when it gives several ("İ" is
/// "i̇"). Known words and spelling are asked in lower case, a character at a time.
///
/// ```
/// use _core::letters::one_lower;
/// assert_eq!(one_lower('Ř'), Some('ř'));
/// assert_eq!(one_lower('Ж'), Some('ж'));
/// assert_eq!(one_lower('中'), Some('中'));
/// assert_eq!(one_lower('𝐀'), Some('𝐀'));
/// assert_eq!(one_lower('İ'), None);
/// ```
#[inline]
pub fn one_lower(c: char) -> Option<char> {
    let code = c as u32;
    if code < 0x80 {
        return Some(c.to_ascii_lowercase());
    }
    if code > 0xFFFF {
        return single_lower(c);
    }
    static TABLE: OnceLock<Box<[u16]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        // (0: several characters; a BMP character never lowers to U+0000 or out of the BMP)
        (0..=0xFFFFu32)
            .map(|code| {
                char::from_u32(code)
                    .map_or(code, |c| single_lower(c).map_or(0, u32::from))
                    .try_into()
                    .unwrap_or(0)
            })
            .collect()
    });
    match table[code as usize] {
        0 => None,
        lower => char::from_u32(u32::from(lower)),
    }
}

/// The one character `c.to_lowercase()` gives, asked of the standard library.
fn single_lower(c: char) -> Option<char> {
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// One bit a BMP code point: set for the letters.
fn bmp() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| bmp_table(char::is_alphabetic))
}

/// One bit a BMP code point: set for the small letters.
fn bmp_lower() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| bmp_table(char::is_lowercase))
}

/// Is `c` in a [`bmp_table`] (a character above the BMP never is)?
///
/// ```
/// use _core::letters::{bmp_holds, bmp_table};
/// let digits = bmp_table(|c| c.is_ascii_digit());
/// assert!(bmp_holds(&digits, '7') && !bmp_holds(&digits, 'x') && !bmp_holds(&digits, '😀'));
/// ```
#[inline(always)]
pub fn bmp_holds(table: &[u64; 1024], c: char) -> bool {
    let code = c as usize;
    code < 0x1_0000 && table[code >> 6] >> (code & 63) & 1 == 1
}

/// One bit a BMP code point: set where `property` holds (bit `c % 64` of word `c / 64`).
pub fn bmp_table(property: impl Fn(char) -> bool) -> Box<[u64; 1024]> {
    let mut table = Box::new([0u64; 1024]);
    for code in 0..=0xFFFFu32 {
        if char::from_u32(code).is_some_and(&property) {
            table[(code >> 6) as usize] |= 1u64 << (code & 63);
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_agree_with_the_standard_library() {
        for code in (0..=0xFFFFu32).chain(0x1_0000..0x2_0000) {
            if let Some(c) = char::from_u32(code) {
                assert_eq!(is_letter(c), c.is_alphabetic(), "U+{code:04X}");
                assert_eq!(is_lower(c), c.is_lowercase(), "U+{code:04X}");
                assert_eq!(one_lower(c), single_lower(c), "U+{code:04X}");
            }
        }
    }
}
