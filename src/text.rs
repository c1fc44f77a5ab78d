//! A text in the storage it comes in: UTF-8, or the code points CPython stores a `str` as (one
//! of one, two or four bytes each). The one pass reads either: most clean text is cleared
//! before any UTF-8 of it is made (CPython makes a `str`'s UTF-8 when it is asked for it, and
//! keeps it in the `str`).
//!
//! Positions are the storage's units: bytes of UTF-8, code points of the others.

use std::ops::Range;

/// A text the one pass reads, by its units.
///
/// ```
/// use _core::text::{CodePoints, Text};
/// let utf8 = "Café au lait";
/// let points: Vec<u32> = utf8.chars().map(u32::from).collect();
/// let stored = CodePoints(&points[..]);
/// assert_eq!((utf8.units(), stored.units()), (13, 12));
/// assert!(utf8.chars_in(0..5).eq(stored.chars_in(0..4)));
/// assert_eq!((utf8.ascii_from(5), stored.ascii_from(4)), (8, 8));
/// assert_eq!((utf8.char_at(3), stored.char_at(3)), (Some('é'), Some('é')));
/// ```
pub trait Text: Copy {
    /// How many units the text has.
    fn units(self) -> usize;

    /// How many units `c` takes.
    fn width(c: char) -> usize;

    /// The characters of the units `range` (which begins and ends at characters).
    fn chars_in(self, range: Range<usize>) -> impl DoubleEndedIterator<Item = char> + Clone;

    /// How many units from `at` on are ASCII.
    fn ascii_from(self, at: usize) -> usize;

    /// The characters of the units `range`, every one of them ASCII.
    fn ascii_chars(self, range: Range<usize>) -> impl DoubleEndedIterator<Item = char> + Clone;

    /// The units `range` as a text of their own.
    fn slice(self, range: Range<usize>) -> Self;

    /// Where the first line break at or after unit `at` is.
    fn newline_from(self, at: usize) -> Option<usize>;

    /// Where the last line break before unit `at` is.
    fn newline_before(self, at: usize) -> Option<usize>;

    /// How many characters the units `range` hold.
    fn count_chars(self, range: Range<usize>) -> usize;

    /// The character that begins at unit `at`.
    #[inline]
    fn char_at(self, at: usize) -> Option<char> {
        self.chars_in(at..self.units()).next()
    }

    /// The characters from unit `at` to the end.
    #[inline]
    fn chars_from(self, at: usize) -> impl DoubleEndedIterator<Item = char> + Clone {
        self.chars_in(at..self.units())
    }
}

impl Text for &str {
    #[inline]
    fn units(self) -> usize {
        self.len()
    }

    #[inline]
    fn width(c: char) -> usize {
        c.len_utf8()
    }

    #[inline]
    fn chars_in(self, range: Range<usize>) -> impl DoubleEndedIterator<Item = char> + Clone {
        self[range].chars()
    }

    #[inline]
    fn ascii_from(self, at: usize) -> usize {
        encoding_rs::Encoding::ascii_valid_up_to(&self.as_bytes()[at..])
    }

    #[inline]
    fn ascii_chars(self, range: Range<usize>) -> impl DoubleEndedIterator<Item = char> + Clone {
        self.as_bytes()[range].iter().map(|&b| char::from(b))
    }

    #[inline]
    fn slice(self, range: Range<usize>) -> Self {
        &self[range]
    }

    fn newline_from(self, at: usize) -> Option<usize> {
        self[at..].find('\n').map(|i| at + i)
    }

    fn newline_before(self, at: usize) -> Option<usize> {
        self[..at].rfind('\n')
    }

    fn count_chars(self, range: Range<usize>) -> usize {
        self[range].chars().count()
    }

    #[inline]
    fn char_at(self, at: usize) -> Option<char> {
        self[at..].chars().next()
    }

    #[inline]
    fn chars_from(self, at: usize) -> impl DoubleEndedIterator<Item = char> + Clone {
        self[at..].chars()
    }
}

/// A text stored as code points, one a unit: CPython's Latin-1 (`u8`), UCS-2 (`u16`) or UCS-4
/// (`u32`). A unit that is no character (a lone surrogate, which a `str` may hold) reads as
/// U+FFFD: the one pass holds any text with one, as it holds lost data.
#[derive(Clone, Copy, Debug)]
pub struct CodePoints<'a, U>(pub &'a [U]);

/// A code unit of CPython's storage: one code point.
pub trait Unit: Copy + Into<u32> {
    /// How many of `units` from the first on are ASCII.
    fn ascii_prefix(units: &[Self]) -> usize {
        units.iter().position(|&u| u.into() >= 0x80).unwrap_or(units.len())
    }
}

impl Unit for u8 {
    /// (Latin-1's ASCII is UTF-8's: read a word at a time, as every ASCII `str` is.)
    fn ascii_prefix(units: &[u8]) -> usize {
        encoding_rs::Encoding::ascii_valid_up_to(units)
    }
}

impl Unit for u16 {}

impl Unit for u32 {}

impl<U: Unit> Text for CodePoints<'_, U> {
    #[inline]
    fn units(self) -> usize {
        self.0.len()
    }

    #[inline]
    fn width(_: char) -> usize {
        1
    }

    #[inline]
    fn chars_in(self, range: Range<usize>) -> impl DoubleEndedIterator<Item = char> + Clone {
        self.0[range].iter().map(|&u| char::from_u32(u.into()).unwrap_or('\u{FFFD}'))
    }

    #[inline]
    fn ascii_from(self, at: usize) -> usize {
        U::ascii_prefix(&self.0[at..])
    }

    #[inline]
    fn ascii_chars(self, range: Range<usize>) -> impl DoubleEndedIterator<Item = char> + Clone {
        self.chars_in(range)
    }

    #[inline]
    fn slice(self, range: Range<usize>) -> Self {
        CodePoints(&self.0[range])
    }

    fn newline_from(self, at: usize) -> Option<usize> {
        self.0[at..].iter().position(|&u| u.into() == 0x0A).map(|i| at + i)
    }

    fn newline_before(self, at: usize) -> Option<usize> {
        self.0[..at].iter().rposition(|&u| u.into() == 0x0A)
    }

    fn count_chars(self, range: Range<usize>) -> usize {
        range.len()
    }
}

/// A text as CPython stores a `str`: its code points, of one, two or four bytes each.
#[derive(Clone, Copy, Debug)]
pub enum Stored<'a> {
    Latin1(&'a [u8]),
    Ucs2(&'a [u16]),
    Ucs4(&'a [u32]),
}

impl Stored<'_> {
    /// How many code points (characters, but for a lone surrogate's).
    pub fn len(self) -> usize {
        match self {
            Stored::Latin1(units) => units.len(),
            Stored::Ucs2(units) => units.len(),
            Stored::Ucs4(units) => units.len(),
        }
    }

    /// Is the text empty?
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Its characters, or `None` for a text with a lone surrogate (which no `char` is).
    pub fn chars(self) -> Option<Vec<char>> {
        match self {
            Stored::Latin1(units) => Some(units.iter().map(|&u| char::from(u)).collect()),
            Stored::Ucs2(units) => units.iter().map(|&u| char::from_u32(u.into())).collect(),
            Stored::Ucs4(units) => units.iter().map(|&u| char::from_u32(u)).collect(),
        }
    }
}
