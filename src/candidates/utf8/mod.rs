//! Candidates of UTF-8 misread by a single-byte or a multi-byte decoder.
//!
//! Every character of the text has a *role* under each decoder: the UTF-8 byte class (lead
//! of 2, 3 or 4, continuation) of the byte the decoder turned into it. One pass over the text
//! follows UTF-8's state machine for all 29 single-byte decoders at once, one bit each, and
//! for the 5 multi-byte ones beside them; where a sequence completes, the text may hold
//! mojibake, and only there, where the sequence is worth reading (module `likely`), is the
//! region re-encoded and read as UTF-8 (`read_utf8`).
//!
//! Real data loses bytes on the way, and the reader accepts what ftfy's
//! `restore_byte_a0` and `replace_lossy_sequences` accept: an ASCII space where byte 0xA0
//! (NBSP) stood, a `?` or U+FFFD where a byte was lost (the sequence then becomes U+FFFD; a
//! `?` only for a byte the decoder cannot read, `LostBytes`), and CESU-8 (surrogate pairs
//! encoded one by one, as Java and MySQL's old `utf8` do).

use super::Piece;
use crate::char_map::CharMap;
use crate::codecs;
use crate::letters::{bmp_holds, bmp_table, is_latin_letter, is_letter, letters_beside};
use crate::model::{models, word_hash_lower, WORD_HASH_START};
use crate::readings::{self, UTF8_MULTI_BYTE_DECODERS, UTF8_SINGLE_BYTE_DECODERS};
use std::cell::OnceCell;
use std::sync::OnceLock;

mod likely;
mod whole;
use likely::likely;
pub use likely::{completion_likeness, completion_repairs, LikelyScan, SCAN_WINDOW};
pub use whole::{whole_texts, WholeText};

/// The UTF-8 byte classes of the bytes a decoder turned into a character, one bit per decoder.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
struct Roles {
    cont: u32,
    lead2: u32,
    lead3: u32,
    lead4: u32,
    /// A byte no UTF-8 has (0xC0, 0xC1, 0xF5 to 0xFF).
    never: u32,
    /// An ASCII byte (a multi-byte decoder's trail byte 0x40 to 0x7E).
    ascii: u32,
    /// A lead whose next byte has a narrower range than a continuation's (E0, ED, F0, F4:
    /// [`may_read_as_characters`]).
    narrow: u32,
}

impl Roles {
    fn add(&mut self, byte: u8, bit: u32) {
        if matches!(byte, 0xE0 | 0xED | 0xF0 | 0xF4) {
            self.narrow |= bit;
        }
        match byte {
            0x80..=0xBF => self.cont |= bit,
            0xC2..=0xDF => self.lead2 |= bit,
            0xE0..=0xEF => self.lead3 |= bit,
            0xF0..=0xF4 => self.lead4 |= bit,
            0xC0 | 0xC1 | 0xF5..=0xFF => self.never |= bit,
            _ => self.ascii |= bit,
        }
    }
}

/// The roles of a multi-byte decoder's characters: first and second byte, which decoders
/// give the character two bytes, and under which no UTF-8 sequence can end with it.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
struct MultiRoles {
    first: Roles,
    second: Roles,
    two_bytes: u32,
    /// The decoders with a one-byte sequence for the character too (GBK's 0x80 and A2 E3
    /// for "€").
    one_byte: u32,
    /// The decoders whose every byte sequence for the character ends in a lead byte or in
    /// none UTF-8 has (0xC0 and above): a sequence that completes inside it goes on, or is
    /// invalid. Most completions in Cyrillic or Greek text are of this kind ("б" is A7 D2 in
    /// GBK), and they are dropped without looking at the text around them.
    never_ends: u32,
}

/// The decoders after which real data turns NBSP into a space (those ftfy's
/// `restore_byte_a0` knows). Not the ISO-8859 Cyrillic, Greek, Arabic or Thai ones, in whose
/// text a common lead letter before a space would otherwise be a candidate everywhere
/// ("а " is "Р" in ISO-8859-5).
const NBSP_DECODERS: [&str; 7] = [
    "windows-1252",
    "windows-1250",
    "windows-1251",
    "windows-1253",
    "windows-1254",
    "windows-1257",
    "ISO-8859-2",
];

/// The decoders whose byte 0xA0 may have become an ASCII space.
fn nbsp_decoders() -> u32 {
    tables().nbsp
}

/// Shift_JIS's place among [`UTF8_MULTI_BYTE_DECODERS`].
const SHIFT_JIS_INDEX: usize = 1;

/// The windows-125x decoders, whose undefined bytes real decoders turn into `?` or U+FFFD.
const LOSSY_DECODERS: u32 = 0b1_1111_1111;

/// The mark a decoder writes where it lost bytes, U+FFFD.
const LOST: char = '\u{FFFD}';

struct Tables {
    single: CharMap<Roles>,
    multi: CharMap<MultiRoles>,
    /// One bit a BMP character: set where no multi-byte decoder's sequence completes in the
    /// character's bytes, and none is left begun after them, when none was begun before (and
    /// the text has no U+FFFD). Cyrillic, Greek, Arabic, Hebrew and Thai letters are such, and
    /// ideographs whose bytes begin no sequence: [`Completer::feed`] passes over them without
    /// their roles.
    quiet: Box<[u64; 1024]>,
    nbsp: u32,
    /// The decoders' tables, by index in [`UTF8_SINGLE_BYTE_DECODERS`].
    single_byte: Vec<&'static codecs::SingleByte>,
    /// The bytes each of them cannot read, by the same index ([`LostBytes`]).
    lost_bytes: Vec<LostBytes>,
    /// The decoders' encodings, by index in [`UTF8_MULTI_BYTE_DECODERS`].
    multi_byte: Vec<&'static encoding_rs::Encoding>,
    /// Their byte sequences, by the same index.
    multi_byte_sequences: Vec<codecs::ByteSequences>,
}

impl Tables {
    /// Is `c` a [`Tables::quiet`] character?
    #[inline(always)]
    fn quiet(&self, c: char) -> bool {
        bmp_holds(&self.quiet, c)
    }
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut single = rustc_hash::FxHashMap::<char, Roles>::default();
        let mut nbsp = 0;
        for (index, name) in UTF8_SINGLE_BYTE_DECODERS.iter().enumerate() {
            let bit = 1 << index;
            let table = codecs::single_byte(name).expect("a single-byte encoding");
            for (i, &c) in table.high.iter().enumerate() {
                if c != '\u{FFFD}' {
                    single.entry(c).or_default().add(0x80 + i as u8, bit);
                }
            }
            if NBSP_DECODERS.contains(name) {
                nbsp |= bit;
            }
            if index == 0 {
                // windows-1252 stands for latin-1 too: C1 controls are their own bytes.
                for byte in 0x80..=0x9Fu8 {
                    single.entry(char::from(byte)).or_default().add(byte, bit);
                }
            }
        }
        let mut multi = rustc_hash::FxHashMap::<char, MultiRoles>::default();
        for (index, name) in UTF8_MULTI_BYTE_DECODERS.iter().enumerate() {
            let bit = 1 << index;
            let encoding = codecs::encoding_for(name).expect("a WHATWG encoding");
            for c in multi_byte_repertoire(encoding) {
                let roles = multi.entry(c).or_default();
                let sequences = codecs::byte_sequences(encoding, c);
                for bytes in sequences {
                    roles.first.add(bytes[0], bit);
                    if let Some(&second) = bytes.get(1) {
                        roles.second.add(second, bit);
                        roles.two_bytes |= bit;
                    } else {
                        roles.one_byte |= bit;
                    }
                }
                if sequences.iter().all(|s| s.last().is_some_and(|&b| b >= 0xC0)) {
                    roles.never_ends |= bit;
                }
            }
        }
        let single_byte: Vec<&'static codecs::SingleByte> = UTF8_SINGLE_BYTE_DECODERS
            .iter()
            .map(|name| codecs::single_byte(name).expect("a single-byte encoding"))
            .collect();
        let lost_bytes = single_byte.iter().map(|table| LostBytes::of(table)).collect();
        let multi_byte: Vec<_> = UTF8_MULTI_BYTE_DECODERS
            .iter()
            .map(|name| codecs::encoding_for(name).expect("a WHATWG encoding"))
            .collect();
        let multi_byte_sequences = multi_byte
            .iter()
            .map(|&e| codecs::ByteSequences::of(e).expect("a multi-byte encoding"))
            .collect();
        let quiet = bmp_table(|c| {
            let mut paths = Paths::BETWEEN;
            let m = multi.get(&c).copied().unwrap_or_default();
            c != '\u{FFFD}' && paths.feed(&m, 0) == 0 && paths.idle()
        });
        Tables {
            single: CharMap::new(&single),
            multi: CharMap::new(&multi),
            quiet,
            nbsp,
            single_byte,
            lost_bytes,
            multi_byte,
            multi_byte_sequences,
        }
    })
}

/// Every non-ASCII character a multi-byte decoder produces from 1 or 2 bytes (Big5's reach
/// the Supplementary Ideographic Plane).
fn multi_byte_repertoire(encoding: &'static encoding_rs::Encoding) -> Vec<char> {
    (0x80u32..0x30000)
        .filter_map(char::from_u32)
        .filter(|&c| !codecs::byte_sequences(encoding, c).is_empty())
        .collect()
}

/// The bytes 0x80 to 0xFF a single-byte decoder cannot read, one bit each: those it leaves
/// undefined or reads as C1 controls, which real decoders turn into `?` or U+FFFD (Python's
/// cp1252 with `errors="replace"`) and a text saved in the code page again loses. A `?` of
/// the damage stood for one of these.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
struct LostBytes(u128);

impl LostBytes {
    fn of(table: &codecs::SingleByte) -> LostBytes {
        let unread = |byte: u8| matches!(table.decode(byte), '\u{80}'..='\u{9F}' | '\u{FFFD}');
        LostBytes((0x80..=0xFFu8).filter(|&b| unread(b)).fold(0, |m, b| m | 1 << (b - 0x80)))
    }

    /// Could one of the bytes be in a sequence where `low..=high` may go?
    fn any_within(self, low: u8, high: u8) -> bool {
        let span = (u128::MAX >> (127 - u32::from(high - low))) << (low - 0x80);
        self.0 & span != 0
    }

    fn bytes(self) -> impl Iterator<Item = u8> {
        (0x80..=0xFFu8).filter(move |&b| self.0 >> (b - 0x80) & 1 == 1)
    }
}

/// Could no single-byte decoder's UTF-8 sequence go on at `c` (it is no continuation byte in
/// any of them)? A long text may be cut before such a character without cutting a sequence.
pub fn starts_afresh(c: char) -> bool {
    c.is_ascii() || tables().single.get(c).cont == 0
}

/// Does the decoder of some UTF-8 reading write `c` from a byte of a sequence (U+FFFD aside,
/// which stands for lost ones)? A character none writes ends every sequence.
///
/// ```
/// use _core::candidates::utf8::written_by_a_decoder;
/// assert!(written_by_a_decoder('Ã') && written_by_a_decoder('縺') && written_by_a_decoder('ж'));
/// assert!(!written_by_a_decoder('क') && !written_by_a_decoder('ა'));
/// ```
pub fn written_by_a_decoder(c: char) -> bool {
    let tables = tables();
    tables.single.get(c) != Roles::default() || tables.multi.get(c) != MultiRoles::default()
}

/// UTF-8's state machine for many decoders at once: bit `k` of `need[n]` is set when decoder
/// `k` is inside a sequence that needs `n + 1` more continuation bytes.
#[derive(Clone, Copy, Default)]
struct States {
    need: [u32; 3],
}

impl States {
    /// Feed one byte class per decoder; return the decoders whose sequence just completed.
    #[inline]
    fn step(&mut self, roles: &Roles) -> u32 {
        let completed = self.need[0] & roles.cont;
        self.need = [
            (self.need[1] & roles.cont) | roles.lead2,
            (self.need[2] & roles.cont) | roles.lead3,
            roles.lead4,
        ];
        completed
    }

    fn pending(&self) -> bool {
        (self.need[0] | self.need[1] | self.need[2]) != 0
    }
}

/// UTF-8's state machine for the multi-byte decoders, along the paths of bytes that begin at
/// a character of the text (decision note 0065). A piece is whole characters whose bytes are
/// valid UTF-8: a sequence whose lead byte is a character's trail byte completes one only
/// where the bytes before it, back to some character's first byte, are valid too. Most
/// sequences that clean CJK text completes by chance are of the other kind ("デフ" is A5 C7 A5
/// D5 in GBK: C7 A5 is a sequence, after a continuation byte that none begins), and they are
/// not looked at.
#[derive(Clone, Copy)]
struct Paths {
    /// The decoders for which some path is between sequences.
    start: u32,
    /// The sequences begun on such paths.
    states: States,
}

impl Paths {
    /// Between characters, no sequence begun: at the text's start and after ASCII.
    const BETWEEN: Paths = Paths { start: u32::MAX, states: States { need: [0; 3] } };

    /// Feed one byte class per decoder; return the decoders whose sequence just completed.
    #[inline]
    fn step(&mut self, roles: &Roles) -> u32 {
        // A lead byte begins a sequence only where a path is between sequences.
        let start = self.start;
        let begun = Roles {
            lead2: roles.lead2 & start,
            lead3: roles.lead3 & start,
            lead4: roles.lead4 & start,
            ..*roles
        };
        let completed = self.states.step(&begun);
        self.start = (start & roles.ascii) | completed;
        completed
    }

    /// Feed a character's bytes (its roles `m`), a path beginning at it; return the decoders
    /// whose sequence completed in it. `anywhere`: the decoders whose sequences may begin at
    /// any byte.
    #[inline(always)]
    fn feed(&mut self, m: &MultiRoles, anywhere: u32) -> u32 {
        self.start = u32::MAX;
        let mut done = self.step(&m.first);
        if m.two_bytes != 0 {
            let mut second = *self;
            second.start |= anywhere;
            done |= second.step(&m.second) & m.two_bytes;
            // (where the character may be one byte or two, either path goes on)
            let first = !m.two_bytes | (m.one_byte & !anywhere);
            self.start = (self.start & first) | (second.start & m.two_bytes);
            for (after, before) in self.states.need.iter_mut().zip(second.states.need) {
                *after = (*after & first) | (before & m.two_bytes);
            }
        }
        done
    }

    /// Is no decoder inside a sequence?
    fn idle(&self) -> bool {
        !self.states.pending()
    }
}

/// Where a UTF-8 sequence completed, and under which decoders.
#[derive(Clone, Copy, Debug)]
struct Completion {
    at: usize,
    single: u32,
    multi: u32,
}

/// UTF-8's state machines of every decoder, fed one character at a time.
struct Completer {
    tables: &'static Tables,
    single: States,
    multi: Paths,
    /// The multi-byte decoders whose sequences may begin at any byte, not only on a path:
    /// every one in a text with lost bytes, where a U+FFFD may stand for a sequence's lead
    /// ("�吾" for the bytes of two characters, the first one's lead lost).
    anywhere: u32,
    wildcard: Roles,
    space: Roles,
}

impl Completer {
    /// The state machines at the start of a text, `lossy` when it holds U+FFFD.
    fn new(lossy: bool) -> Completer {
        let tables = tables();
        Completer {
            tables,
            single: States::default(),
            multi: Paths::BETWEEN,
            anywhere: if lossy { u32::MAX } else { 0 },
            wildcard: Roles { cont: LOSSY_DECODERS, ..Roles::default() },
            space: Roles { cont: tables.nbsp, ..Roles::default() },
        }
    }

    /// Is no decoder inside a sequence? Then ASCII characters complete nothing and change
    /// nothing.
    fn idle(&self) -> bool {
        !self.single.pending() && self.multi.idle()
    }

    /// Feed the next character; the single-byte and multi-byte decoders whose sequence
    /// completed at it (both 0 when none did).
    #[inline(always)]
    fn feed(&mut self, c: char) -> (u32, u32) {
        if c.is_ascii() {
            if self.idle() {
                return (0, 0);
            }
            let roles = match c {
                '?' => self.wildcard,
                ' ' => self.space,
                _ => Roles::default(),
            };
            let done = self.single.step(&roles);
            self.multi = Paths::BETWEEN;
            return (done, 0);
        }
        let roles = self.tables.single.get_ref(c);
        let done_single = if c == '\u{FFFD}' {
            self.single.step(&Roles { cont: roles.cont | LOSSY_DECODERS, ..*roles })
        } else {
            self.single.step(roles)
        };
        if self.anywhere == 0 && self.tables.quiet(c) && self.multi.idle() {
            // (what `Paths::feed` would do, without the lookup: see `Tables::quiet`; the paths'
            // `start` is set again at the next character)
            return (done_single, 0);
        }
        let mut m = self.tables.multi.get(c);
        if c == '\u{FFFD}' {
            // A multi-byte decoder's U+FFFD stands for one or two lost bytes of any class: a
            // continuation, or, in Shift_JIS, a lead (with its first continuation) that a
            // one-byte katakana finishes ("�･" for the three bytes of "￥"). Not in the others,
            // whose two-byte characters are often two continuation bytes: "�국" is no lost
            // sequence.
            let every = (1 << UTF8_MULTI_BYTE_DECODERS.len()) - 1;
            let lead = 1 << SHIFT_JIS_INDEX;
            m.first = Roles { cont: every, lead2: lead, lead3: lead, ..Roles::default() };
            self.anywhere = u32::MAX;
        }
        (done_single, self.multi.feed(&m, self.anywhere))
    }
}

/// One pass over the text: every place a UTF-8 sequence completes under some decoder.
fn completions(text: &[char]) -> Vec<Completion> {
    let mut completer = Completer::new(text.contains(&'\u{FFFD}'));
    let mut found = Vec::new();
    for (at, &c) in text.iter().enumerate() {
        let (single, multi) = completer.feed(c);
        if single | multi != 0 {
            found.push(Completion { at, single, multi });
        }
    }
    found
}

/// One unit of re-encoded text: a byte, or a stand-in for a byte that was lost.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Unit {
    Byte(u8),
    /// An ASCII space, which may stand for byte 0xA0.
    Space,
    /// A `?`, which may stand for one lost byte.
    Question,
    /// U+FFFD: one or more lost bytes.
    Lost,
}

/// What a stretch of units reads as in UTF-8.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reading {
    /// An ASCII byte.
    Ascii(u8),
    /// A valid multi-byte sequence; `restored` when a space stood for its byte 0xA0.
    Char { c: char, restored: bool },
    /// A sequence with lost bytes: U+FFFD.
    Lost,
    /// A unit that is no part of valid UTF-8.
    Invalid,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    start: usize,
    end: usize,
    reading: Reading,
}

/// The continuation range of the byte after a lead (RFC 3629's table), and how many follow.
fn sequence_shape(lead: u8) -> Option<(usize, u8, u8)> {
    Some(match lead {
        0xC2..=0xDF => (1, 0x80, 0xBF),
        0xE0 => (2, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (2, 0x80, 0xBF),
        0xED => (2, 0x80, 0x9F),
        0xF0 => (3, 0x90, 0xBF),
        0xF1..=0xF3 => (3, 0x80, 0xBF),
        0xF4 => (3, 0x80, 0x8F),
        _ => return None,
    })
}

/// Read a sequence starting at `units[at]`: its length in units and what it reads as. A `?`
/// stands for a lost byte only where one of `lost_bytes` could have been.
fn read_sequence(
    units: &[Unit],
    at: usize,
    nbsp: bool,
    lost_bytes: LostBytes,
) -> Option<(usize, Reading)> {
    let Unit::Byte(lead) = units[at] else {
        return None;
    };
    if lead == 0xED {
        if let Some(found) = read_cesu8_pair(units, at) {
            return Some(found);
        }
    }
    let (count, low, high) = sequence_shape(lead)?;
    let mut value = u32::from(lead) & (0x7F >> (count + 1));
    let mut lost = false;
    let mut questions = 0;
    let mut restored = false;
    for k in 0..count {
        let unit = *units.get(at + 1 + k)?;
        let (low, high) = if k == 0 { (low, high) } else { (0x80, 0xBF) };
        let byte = match unit {
            Unit::Byte(b) if (low..=high).contains(&b) => b,
            Unit::Space if nbsp && (low..=high).contains(&0xA0) => {
                restored = true;
                0xA0
            }
            Unit::Question if questions == 0 && lost_bytes.any_within(low, high) => {
                questions += 1;
                lost = true;
                0x80
            }
            Unit::Lost => {
                lost = true;
                0x80
            }
            _ => return None,
        };
        value = (value << 6) | u32::from(byte & 0x3F);
    }
    let reading =
        if lost { Reading::Lost } else { Reading::Char { c: char::from_u32(value)?, restored } };
    Some((count + 1, reading))
}

/// The single-byte decoders of `single` whose UTF-8 sequence completed at `at` in `text`
/// [`read_sequence`] may read as a character. The state machines follow byte classes only and
/// leave to the reading the narrower range of the byte after E0, ED, F0 and F4 (RFC 3629: no
/// overlong form, no surrogate, nothing past U+10FFFF). A surrogate is read only as half of a
/// CESU-8 pair of six bytes, whose first half is followed by ED and second half preceded by a
/// first; a stand-in for a lost byte ("?", U+FFFD) may be any byte, and a space only 0xA0.
/// "камен јазик" is "ED A0 BC" to windows-1251 with the space for 0xA0: a lone surrogate.
fn may_read_as_characters(text: &[char], at: usize, single: u32) -> u32 {
    let tables = tables();
    // (only a sequence that begins with one of the narrow leads is asked)
    let leads = text[at.saturating_sub(3)..at].iter().map(|&c| tables.single.get(c).narrow);
    let mut left = single & leads.fold(0, |narrow, n| narrow | n);
    let mut kept = single;
    while left != 0 {
        let index = left.trailing_zeros() as usize;
        left &= left - 1;
        let table = tables.single_byte[index];
        let unit = |i: usize| text.get(i).and_then(|&c| single_byte_unit(table, index, c));
        // (the lead is the last byte of 0xC0 or more before `at`: the ones after it continue)
        let lead = (at.saturating_sub(3)..at).rev().find_map(|i| match unit(i) {
            Some(Unit::Byte(byte @ 0xC0..)) => Some((i, byte)),
            _ => None,
        });
        let Some((lead_at, lead)) = lead else { continue };
        let Some(second) = unit(lead_at + 1) else { continue };
        let in_shape = |byte: u8| {
            sequence_shape(lead).is_some_and(|(_, low, high)| (low..=high).contains(&byte))
        };
        let readable = match (lead, second) {
            (0xED, Unit::Byte(0xA0..=0xAF)) => unit(at + 1) == Some(Unit::Byte(0xED)),
            (0xED, Unit::Byte(0xB0..=0xBF)) => {
                lead_at >= 3 && unit(lead_at - 3) == Some(Unit::Byte(0xED))
            }
            (_, Unit::Byte(byte)) => in_shape(byte),
            (_, Unit::Space) => in_shape(0xA0),
            (_, Unit::Question | Unit::Lost) => true,
        };
        if !readable {
            kept &= !(1 << index);
        }
    }
    kept
}

/// CESU-8: a surrogate pair encoded as two 3-byte sequences (ED A0..AF xx ED B0..BF xx).
fn read_cesu8_pair(units: &[Unit], at: usize) -> Option<(usize, Reading)> {
    let bytes: Vec<u8> = units
        .get(at..at + 6)?
        .iter()
        .map(|u| if let Unit::Byte(b) = u { Some(*b) } else { None })
        .collect::<Option<_>>()?;
    let cont = |b: u8| (0x80..=0xBF).contains(&b);
    if !(0xA0..=0xAF).contains(&bytes[1]) || !cont(bytes[2]) || bytes[3] != 0xED {
        return None;
    }
    if !(0xB0..=0xBF).contains(&bytes[4]) || !cont(bytes[5]) {
        return None;
    }
    let high = 0xD000 | (u32::from(bytes[1] & 0x3F) << 6) | u32::from(bytes[2] & 0x3F);
    let low = 0xD000 | (u32::from(bytes[4] & 0x3F) << 6) | u32::from(bytes[5] & 0x3F);
    let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
    Some((6, Reading::Char { c: char::from_u32(value)?, restored: false }))
}

/// Read units as UTF-8, with the stand-ins for lost bytes. Continuation bytes right after a
/// lost sequence belong to it (the rest of a character whose lead byte was lost with it).
fn read_utf8(units: &[Unit], nbsp: bool, lost_bytes: LostBytes) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::with_capacity(units.len());
    let mut at = 0;
    while at < units.len() {
        let (length, reading) = match units[at] {
            Unit::Byte(b) if b < 0x80 => (1, Reading::Ascii(b)),
            Unit::Byte(0x80..=0xBF)
                if tokens.last().is_some_and(|t| t.reading == Reading::Lost && t.end == at) =>
            {
                tokens.last_mut().expect("checked").end += 1;
                at += 1;
                continue;
            }
            _ => read_sequence(units, at, nbsp, lost_bytes).unwrap_or((1, Reading::Invalid)),
        };
        tokens.push(Token { start: at, end: at + length, reading });
        at += length;
    }
    tokens
}

/// Pieces from the tokens of a region whose characters start at the given units
/// (`char_units[i]` is where character `region_start + i` starts; one extra entry at the end),
/// read from `units` by a decoder that cannot read `lost_bytes`.
fn pieces_of(
    text: &[char],
    region_start: usize,
    char_units: &[usize],
    (units, tokens): (&[Unit], &[Token]),
    lost_bytes: LostBytes,
    reading: readings::ReadingId,
) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut t = 0;
    while t < tokens.len() {
        if tokens[t].reading == Reading::Invalid {
            t += 1;
            continue;
        }
        let first = t;
        while t < tokens.len() && tokens[t].reading != Reading::Invalid {
            t += 1;
        }
        // Tokens first..t are valid; cut them at character boundaries that are token ones.
        let run = &tokens[first..t];
        // The tokens that start, and those that end, at a character boundary (token, character).
        let is_char_boundary = |unit: usize| char_units.binary_search(&unit).ok();
        let starts = || {
            let at = |(k, token): (usize, &Token)| is_char_boundary(token.start).map(|c| (k, c));
            run.iter().enumerate().filter_map(at)
        };
        let ends = || {
            let at = |(k, token): (usize, &Token)| is_char_boundary(token.end).map(|c| (k, c));
            run.iter().enumerate().filter_map(at)
        };
        let (Some((first_token, first_char)), Some((last_token, last_char))) =
            (starts().next(), ends().next_back())
        else {
            continue;
        };
        if first_token > last_token || first_char >= last_char {
            continue;
        }
        let Some(mut piece) = piece_of(
            text,
            region_start,
            first_char,
            last_char,
            &run[first_token..=last_token],
            reading,
        ) else {
            continue;
        };
        if piece.lost > 0 {
            piece.filled_in = filled_in(&run[first_token..=last_token], units, lost_bytes);
        }
        // A multi-byte reading's run can begin or end in clean CJK text next to it, whose bytes
        // happen to continue the UTF-8 ("雪梅" before "鍏朵腑" reads as "ѩ÷其中"): the run
        // without its edges in another script is offered too, for the decision to weigh.
        if readings::readings()[reading as usize].kind == readings::Kind::Utf8AsMultiByte {
            let repairs_to_cjk = |token: &Token| matches!(token.reading, Reading::Char { c, .. } if of_multi_byte_scripts(c));
            let inner_start = starts().find(|&(k, _)| repairs_to_cjk(&run[k]));
            let inner_end = ends().rev().find(|&(k, _)| repairs_to_cjk(&run[k]));
            if let (Some((from, from_char)), Some((to, to_char))) = (inner_start, inner_end) {
                if (from, to) != (first_token, last_token) && from <= to && from_char < to_char {
                    let inner =
                        piece_of(text, region_start, from_char, to_char, &run[from..=to], reading);
                    let within = Some((piece.start, piece.end));
                    pieces.extend(inner.map(|inner| Piece { within, ..inner }));
                }
            }
        }
        // A space that stood for byte 0xA0 may also have been a space of its own (the NBSP
        // and the space after it became one space: "voilÃ le" for "voilà le").
        let last = &run[last_token];
        if last.reading == (Reading::Char { c: last_char_of(&piece), restored: true })
            && text[piece.end - 1] == ' '
        {
            let mut kept_space = piece.clone();
            kept_space.end -= 1;
            kept_space.kept_space = true;
            pieces.push(kept_space);
        }
        pieces.push(piece);
    }
    pieces
}

/// The piece `tokens` make of `text[region_start + first_char..region_start + last_char]`, or
/// none if they decode no sequence or give the text as it is.
fn piece_of(
    text: &[char],
    region_start: usize,
    first_char: usize,
    last_char: usize,
    tokens: &[Token],
    reading: readings::ReadingId,
) -> Option<Piece> {
    let mut piece =
        Piece::new(region_start + first_char, region_start + last_char, String::new(), reading);
    // One U+FFFD for each sequence a lost byte cut, as a UTF-8 decoder marks them: "Ñ�Ñ�" was
    // two characters ("с" twice), "��" keeps that. A multi-byte decoder's marks do not say
    // how many bytes each stands for: there sequences lost side by side get one mark, as in
    // `lossy_region`, and are charged as as many losses.
    let one_mark = readings::readings()[reading as usize].kind == readings::Kind::Utf8AsMultiByte;
    let mut previous = Reading::Invalid;
    for token in tokens {
        match token.reading {
            Reading::Ascii(b) => piece.replacement.push(char::from(b)),
            Reading::Char { c, restored } => {
                piece.replacement.push(c);
                piece.sequences += 1;
                piece.restored_spaces += u32::from(restored);
            }
            Reading::Lost => {
                if !(one_mark && previous == Reading::Lost) {
                    piece.replacement.push('\u{FFFD}');
                }
                piece.lost += 1;
            }
            Reading::Invalid => unreachable!("runs hold valid tokens"),
        }
        previous = token.reading;
    }
    (piece.sequences + piece.lost > 0 && !same(text, &piece)).then_some(piece)
}

/// The most repairs a piece is judged as ([`Piece::filled_in`]): three `?` in windows-1252,
/// whose five unread bytes fill each in, make too many to weigh.
const MAX_FILLED_IN: usize = 32;

/// The repairs `tokens` make with each `?` that stood for a lost byte filled in by each of
/// `lost_bytes` that makes valid UTF-8 there; none when some lost sequence cannot be filled
/// in so (U+FFFD, or a lost lead byte) or when they would be more than [`MAX_FILLED_IN`].
fn filled_in(tokens: &[Token], units: &[Unit], lost_bytes: LostBytes) -> Option<Box<[String]>> {
    let mut repairs = vec![String::new()];
    for token in tokens {
        match token.reading {
            Reading::Ascii(b) => repairs.iter_mut().for_each(|r| r.push(char::from(b))),
            Reading::Char { c, .. } => repairs.iter_mut().for_each(|r| r.push(c)),
            Reading::Lost => {
                let filled = lost_byte_characters(&units[token.start..token.end], lost_bytes);
                if filled.is_empty() || repairs.len() * filled.len() > MAX_FILLED_IN {
                    return None;
                }
                repairs = repairs
                    .iter()
                    .flat_map(|r| filled.iter().map(move |&c| format!("{r}{c}")))
                    .collect();
            }
            Reading::Invalid => unreachable!("runs hold valid tokens"),
        }
    }
    Some(repairs.into_boxed_slice())
}

/// The characters a UTF-8 sequence with one `?` for a lost byte was, by the byte it lost.
fn lost_byte_characters(sequence: &[Unit], lost_bytes: LostBytes) -> Vec<char> {
    let mut bytes = [0u8; 4];
    let mut hole = None;
    if sequence.len() > bytes.len() {
        return Vec::new();
    }
    for (k, unit) in sequence.iter().enumerate() {
        bytes[k] = match *unit {
            Unit::Byte(b) => b,
            Unit::Space => 0xA0,
            Unit::Question if hole.is_none() => {
                hole = Some(k);
                0
            }
            Unit::Question | Unit::Lost => return Vec::new(),
        };
    }
    let Some(hole) = hole else { return Vec::new() };
    let mut found = Vec::new();
    for byte in lost_bytes.bytes() {
        bytes[hole] = byte;
        if let Ok(one) = std::str::from_utf8(&bytes[..sequence.len()]) {
            let mut chars = one.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                found.push(c);
            }
        }
    }
    found
}

fn last_char_of(piece: &Piece) -> char {
    piece.replacement.chars().next_back().unwrap_or('\0')
}

fn same(text: &[char], piece: &Piece) -> bool {
    piece.replacement.chars().eq(text[piece.start..piece.end].iter().copied())
}

/// The unit a single-byte decoder's character re-encodes to, if it can be part of a region.
fn single_byte_unit(table: &codecs::SingleByte, index: usize, c: char) -> Option<Unit> {
    match c {
        ' ' => Some(Unit::Space),
        '?' => Some(Unit::Question),
        '\u{FFFD}' => Some(Unit::Lost),
        _ if c.is_ascii() => None,
        '\u{80}'..='\u{9F}' if index == 0 => Some(Unit::Byte(c as u8)),
        _ => table.encode(c).map(Unit::Byte),
    }
}

/// Pieces of UTF-8 misread by the `index`-th single-byte decoder, around completions.
/// Regions already read, by where they are and what they re-encode to: the decoders that
/// share bytes (windows-1252, -1254, -1257, ISO-8859-15 ... for Latin letters) read the same
/// UTF-8 there, so the reading is done once.
type Read = rustc_hash::FxHashMap<(usize, Vec<Unit>, bool, LostBytes), Vec<Piece>>;

/// The repairs read again by multi-byte decoders ([`multi_byte_layers`]), by where they are
/// and what they are: the decoders that share bytes make the same repair, read once.
type ReadAgain = rustc_hash::FxHashMap<(usize, usize, String), Vec<(String, u32)>>;

fn single_byte_pieces(
    text: &[char],
    index: usize,
    ends: &[usize],
    read: &mut Read,
    read_again: &mut ReadAgain,
    out: &mut Vec<Piece>,
) {
    let name = UTF8_SINGLE_BYTE_DECODERS[index];
    let table = codecs::single_byte(name).expect("a single-byte encoding");
    let nbsp = nbsp_decoders() & (1 << index) != 0;
    let reading = readings::utf8_single_byte(index);
    let in_region = |c: char| match single_byte_unit(table, index, c) {
        Some(Unit::Byte(_)) | Some(Unit::Lost) => true,
        Some(Unit::Space) | Some(Unit::Question) | None => false,
    };
    let mut covered = 0;
    for &end in ends {
        if end < covered {
            continue;
        }
        // The region: the characters around the completion that re-encode, and a space or
        // `?` right after one of them (a stand-in for a lost byte).
        let mut start = end;
        while start > covered {
            let c = text[start - 1];
            let stand_in = matches!(c, ' ' | '?') && start >= 2 && in_region(text[start - 2]);
            if !in_region(c) && !stand_in {
                break;
            }
            start -= 1;
        }
        let mut stop = end + 1;
        while stop < text.len() {
            let c = text[stop];
            let stand_in = matches!(c, ' ' | '?') && in_region(text[stop - 1]);
            if !in_region(c) && !stand_in {
                break;
            }
            stop += 1;
        }
        let units: Vec<Unit> = text[start..stop]
            .iter()
            .map(|&c| single_byte_unit(table, index, c).expect("region characters re-encode"))
            .collect();
        // (Decoders that share bytes may not share the bytes they cannot read.)
        let lost_bytes = if units.contains(&Unit::Question) {
            tables().lost_bytes[index]
        } else {
            LostBytes::default()
        };
        let key = (start, units, nbsp, lost_bytes);
        let found = read.entry(key).or_insert_with_key(|(_, units, _, lost_bytes)| {
            let char_units: Vec<usize> = (0..=units.len()).collect();
            let tokens = read_utf8(units, nbsp, *lost_bytes);
            pieces_of(text, start, &char_units, (units, &tokens), *lost_bytes, reading)
        });
        for piece in found.iter() {
            let piece = Piece { reading, ..piece.clone() };
            with_deeper_layers(text, piece, table, index, read_again, out);
        }
        covered = stop;
    }
}

/// The piece, and the piece with each further layer of the same misreading undone: while its
/// repair re-encodes whole to valid UTF-8 of another text, it may have been misread more than
/// once (UTF-8 read as windows-1252 again and again: "ÃƒÆ’Ã‚Â©" is "é" three times over).
/// Judged layer by layer, the middle layers ("Ã\u{83}Â©") look worse than the damage, so the
/// deepest reading is offered whole; the shallower ones stay alternatives, as a pair of Thai
/// letters read by windows-874 is valid UTF-8 as often as not ("สถ" re-encodes to "ʶ").
fn with_deeper_layers(
    text: &[char],
    mut piece: Piece,
    table: &codecs::SingleByte,
    index: usize,
    read_again: &mut ReadAgain,
    out: &mut Vec<Piece>,
) {
    for _ in 1..3 {
        let units: Option<Vec<Unit>> = piece
            .replacement
            .chars()
            .map(|c| match c {
                _ if c.is_ascii() => Some(Unit::Byte(c as u8)),
                '\u{80}'..='\u{9F}' if index == 0 => Some(Unit::Byte(c as u8)),
                _ => table.encode(c).map(Unit::Byte),
            })
            .collect();
        let Some(units) = units else { break };
        let Some((next, sequences)) = read_whole(&units) else {
            out.push(piece);
            return;
        };
        if sequences == 0 {
            break;
        }
        let deeper = one_layer_deeper(&piece, next, sequences);
        out.push(piece);
        piece = deeper;
    }
    if piece.layers < 3 && in_a_latin_word(text, &piece) && may_be_read_again(&piece.replacement) {
        let key = (piece.start, piece.end, piece.replacement.clone());
        let again = read_again.entry(key).or_insert_with(|| multi_byte_layers(&piece.replacement));
        out.extend(
            again
                .iter()
                .map(|(next, sequences)| one_layer_deeper(&piece, next.clone(), *sequences)),
        );
    }
    out.push(piece);
}

/// The text `units` make as UTF-8 and its multi-byte sequences, if they are valid UTF-8 whole
/// (`None` at a byte that is no part of it, a lost byte or a space standing for one).
fn read_whole(units: &[Unit]) -> Option<(String, u32)> {
    let mut text = String::with_capacity(units.len());
    let mut sequences = 0;
    for token in read_utf8(units, false, LostBytes::default()) {
        match token.reading {
            Reading::Ascii(b) => text.push(char::from(b)),
            Reading::Char { c, restored: false } => {
                text.push(c);
                sequences += 1;
            }
            _ => return None,
        }
    }
    Some((text, sequences))
}

/// `piece` with one more layer undone: its repair, read once more, is `replacement`.
fn one_layer_deeper(piece: &Piece, replacement: String, sequences: u32) -> Piece {
    Piece {
        replacement,
        sequences: piece.sequences + sequences,
        layers: piece.layers + 1,
        ..piece.clone()
    }
}

/// The longest repair [`multi_byte_layers`] reads again: a Latin word's accented letters, a
/// CJK character each ("mæžšglich" is "m鎫glich"), not a run of CJK text.
const MULTI_BYTE_LAYER_CHARS: usize = 4;

/// Is the piece inside a word of Latin letters (a letter of it right before or after)? There
/// a repair to CJK is itself mojibake ("f眉hren"); in CJK text, where one character in twelve
/// re-encodes in GBK to valid UTF-8 ("郭" to "ά"), the next round judges it in its context.
fn in_a_latin_word(text: &[char], piece: &Piece) -> bool {
    let latin = |c: char| c.is_ascii_alphabetic() || matches!(c, '\u{C0}'..='\u{24F}');
    (piece.start > 0 && latin(text[piece.start - 1]))
        || text.get(piece.end).is_some_and(|&c| latin(c))
}

/// Is `c` of the scripts multi-byte decoders make of UTF-8: CJK, kana, Hangul (and what the
/// BMP holds after them, from the CJK radicals at U+2E80 on)?
pub fn of_multi_byte_scripts(c: char) -> bool {
    c >= '\u{2E80}'
}

/// Is a repair one that [`multi_byte_layers`] reads again: short, with a character of the
/// scripts multi-byte decoders make of UTF-8 ([`of_multi_byte_scripts`]), nothing lost?
fn may_be_read_again(replacement: &str) -> bool {
    replacement.chars().nth(MULTI_BYTE_LAYER_CHARS).is_none()
        && replacement.chars().any(of_multi_byte_scripts)
        && !replacement.contains('\u{FFFD}')
}

/// A repair with one more layer undone, read by a multi-byte decoder: UTF-8 read as GBK and
/// that text's UTF-8 read as windows-1252 ("ü" is "眉" in GBK, and "眉" is "çœ‰"); each
/// distinct reading with the sequences it decodes. Asked of repairs in a Latin word that
/// [`may_be_read_again`].
fn multi_byte_layers(replacement: &str) -> Vec<(String, u32)> {
    let chars: Vec<char> = replacement.chars().collect();
    let mut deeper: Vec<(String, u32)> = Vec::new();
    for name in UTF8_MULTI_BYTE_DECODERS {
        let encoding = codecs::encoding_for(name).expect("WHATWG");
        if chars.iter().any(|&c| !c.is_ascii() && codecs::byte_sequences(encoding, c).is_empty()) {
            continue;
        }
        let (units, _) = multi_byte_units(encoding, &chars);
        if let Some((next, sequences)) = read_whole(&units) {
            if sequences > 0 && !deeper.iter().any(|(d, _)| *d == next) {
                deeper.push((next, sequences));
            }
        }
    }
    deeper
}

/// Pieces of UTF-8 misread by the `index`-th multi-byte decoder, around completions.
fn multi_byte_pieces(text: &[char], index: usize, ends: &[usize], out: &mut Vec<Piece>) {
    let encoding = codecs::encoding_for(UTF8_MULTI_BYTE_DECODERS[index]).expect("WHATWG");
    let reading = readings::utf8_multi_byte(index);
    // (a character the decoder makes only with the one before it, "̌" of Big5's "ê̌", too)
    let encodable = |i: usize| {
        let c = text[i];
        c == '\u{FFFD}'
            || !codecs::byte_sequences(encoding, c).is_empty()
            || i > 0 && codecs::pair_sequence(encoding, text[i - 1], c).is_some()
    };
    let first = out.len();
    let mut cut_elsewhere = false;
    let mut covered = 0;
    for &end in ends {
        if end < covered {
            continue;
        }
        let mut start = end;
        while start > covered && encodable(start - 1) {
            start -= 1;
        }
        let mut stop = end + 1;
        while stop < text.len() && encodable(stop) {
            stop += 1;
        }
        cut_elsewhere |= region_pieces(text, (start, stop), encoding, reading, true, out);
        covered = stop;
    }
    // A stretch with lost bytes and no sequence that completes (an address's "97�煺�5", 號之
    // read as Big5) is read so too, beside the regions the completions found.
    if text.contains(&'\u{FFFD}') {
        let mut at = 0;
        while at < text.len() {
            if !encodable(at) {
                at += 1;
                continue;
            }
            let from = at;
            while at < text.len() && encodable(at) {
                at += 1;
            }
            // (`ends` is in text order: a stretch with one is a region read above)
            let read = ends.get(ends.partition_point(|&e| e < from)).is_some_and(|&e| e < at);
            if !read && text[from..at].contains(&'\u{FFFD}') {
                cut_elsewhere |= region_pieces(text, (from, at), encoding, reading, false, out);
            }
        }
    }
    if cut_elsewhere {
        // Text with U+FFFD that is no misreading with loss somewhere is text of the script
        // around lost characters ("�광� 종로� �산�" once repaired): a piece that reads no
        // character of it only deletes.
        let mine = out.split_off(first);
        out.extend(mine.into_iter().filter(|p| p.sequences > 0));
    }
}

/// The pieces of the region `text[start..stop]` re-encoded for a multi-byte decoder: its
/// runs of valid UTF-8 (with `runs`), and the region read with replacement. Whether the
/// region has U+FFFD and bytes cut elsewhere ([`cut_only_where_lost`]): no misreading with
/// loss, but text around lost characters.
fn region_pieces(
    text: &[char],
    (start, stop): (usize, usize),
    encoding: &'static encoding_rs::Encoding,
    reading: readings::ReadingId,
    runs: bool,
    out: &mut Vec<Piece>,
) -> bool {
    let (units, char_units) = multi_byte_units(encoding, &text[start..stop]);
    let tokens = read_utf8(&units, false, LostBytes::default());
    if runs {
        let lost_bytes = LostBytes::default();
        out.extend(pieces_of(text, start, &char_units, (&units, &tokens), lost_bytes, reading));
    }
    // The multi-byte decoders write U+FFFD for what they cannot read: no U+FFFD, no loss.
    if !text[start..stop].contains(&'\u{FFFD}') {
        return false;
    }
    if !cut_only_where_lost(&units) {
        return true;
    }
    out.extend(lossy_region(text, start, stop, &units, &tokens, reading));
    false
}

/// UTF-8 writes a CJK character (what multi-byte decoders are misread on) in three bytes.
const BYTES_PER_LOST_CHARACTER: u32 = 3;

/// The whole region read with replacement: every stretch of bytes that is no valid UTF-8
/// becomes one U+FFFD. Multi-byte decoders lose bytes wherever UTF-8's do not pair up into
/// their characters (the Big5 reading of Chinese UTF-8 is mostly U+FFFD); a region that was
/// UTF-8 is repaired as a whole, what was lost marked as lost. An alternative to the region's
/// valid pieces, for the decision to weigh.
///
/// Each stretch is charged as the characters it loses, not as one: a sequence its lost bytes
/// cut is one, and the bytes of the text's characters it drops count a character in three
/// (the text's own U+FFFD are no loss of this repair). One U+FFFD for a whole line of real
/// ideographs is no repair: "�規�作�論…", a Big5 repair, read again as EUC-JP is "�İ�".
fn lossy_region(
    text: &[char],
    start: usize,
    stop: usize,
    units: &[Unit],
    tokens: &[Token],
    reading: readings::ReadingId,
) -> Option<Piece> {
    let mut piece = Piece::new(start, stop, String::new(), reading);
    // The bytes the current stretch of loss drops (`None` outside one).
    let mut dropped: Option<u32> = None;
    let characters = |bytes: u32| bytes.div_ceil(BYTES_PER_LOST_CHARACTER).max(1);
    for token in tokens {
        let (kept, bytes) = match token.reading {
            Reading::Ascii(b) => (Some(char::from(b)), 0),
            Reading::Char { c, .. } => (Some(c), 0),
            Reading::Lost => (None, BYTES_PER_LOST_CHARACTER),
            Reading::Invalid => {
                let of_the_text = units[token.start..token.end].iter();
                (None, of_the_text.filter(|u| matches!(u, Unit::Byte(_))).count() as u32)
            }
        };
        match kept {
            Some(c) => {
                piece.lost += dropped.take().map_or(0, characters);
                piece.replacement.push(c);
                piece.sequences += u32::from(matches!(token.reading, Reading::Char { .. }));
            }
            None => {
                if dropped.is_none() {
                    piece.replacement.push('\u{FFFD}');
                }
                dropped = Some(dropped.unwrap_or(0) + bytes);
            }
        }
    }
    piece.lost += dropped.map_or(0, characters);
    // With no sequence read, ASCII the text did not have is trail bytes of its characters
    // guessed into letters ("診�帰�" read as Big5 is "�A�"): no repair.
    let made_ascii = || {
        let ascii = |chars: &mut dyn Iterator<Item = char>| chars.filter(char::is_ascii).count();
        ascii(&mut piece.replacement.chars()) > ascii(&mut text[start..stop].iter().copied())
    };
    let guessed = piece.sequences == 0 && made_ascii();
    (!same(text, &piece) && !guessed).then_some(piece)
}

/// Could a region's bytes be UTF-8 that lost bytes only where the decoder wrote U+FFFD? The
/// bytes between two losses were next to each other in the UTF-8 the decoder read: they may
/// begin inside a sequence and end inside one, no more. A region of characters that are no
/// such bytes ("島" is C5 E7 in EUC-JP) is no misreading with loss, but real text around
/// U+FFFD ("�島�御" once repaired).
///
/// ```text
/// B9 B4 | E6 9D B1 E4 BA | 5A      cut only where lost: a sequence's tail, a whole one, a head
/// C5 E7                            cut inside: C5 wants a continuation byte
/// ```
fn cut_only_where_lost(units: &[Unit]) -> bool {
    let mut bytes = Vec::with_capacity(units.len());
    units.split(|u| matches!(u, Unit::Lost)).all(|between| {
        bytes.clear();
        bytes.extend(between.iter().map(|u| match u {
            Unit::Byte(b) => *b,
            Unit::Space => b' ',
            Unit::Question => b'?',
            Unit::Lost => unreachable!("split at losses"),
        }));
        // (valid, or valid up to a sequence the end cuts)
        from_utf8_inside(&bytes, false).map_or_else(|e| e.error_len().is_none(), |_| true)
    })
}

/// `bytes` read as UTF-8 from inside a run of it: the continuation bytes (three at most) a
/// sequence begun before them left at their start are passed over, unless they begin at the
/// `edge` of a region, where nothing came before.
fn from_utf8_inside(bytes: &[u8], edge: bool) -> Result<&str, std::str::Utf8Error> {
    let tail = if edge {
        0
    } else {
        bytes.iter().take(3).take_while(|b| (0x80..=0xBF).contains(*b)).count()
    };
    std::str::from_utf8(&bytes[tail..])
}

/// Re-encode characters with a multi-byte decoder's byte sequences, choosing among
/// duplicates (Shift_JIS's NEC and IBM rows, Big5's HKSCS ones) the one that continues valid
/// UTF-8: whose bytes all go on as UTF-8 would and after which the next character's can, else
/// whose bytes all go on, else whose first byte does.
fn multi_byte_units(
    encoding: &'static encoding_rs::Encoding,
    chars: &[char],
) -> (Vec<Unit>, Vec<usize>) {
    let mut units = Vec::with_capacity(chars.len() * 2);
    let mut char_units = Vec::with_capacity(chars.len() + 1);
    let mut need = Need::Some(0);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        char_units.push(units.len());
        i += 1;
        if c == '\u{FFFD}' {
            units.push(Unit::Lost);
            need = Need::Unknown;
            continue;
        }
        let choices = codecs::byte_sequences(encoding, c);
        // (Only Big5 has pairs: the second's own sequences are asked of a pair alone.)
        let pair = chars.get(i).and_then(|&second| {
            let pair = codecs::pair_sequence(encoding, c, second)?;
            codecs::byte_sequences(encoding, second).is_empty().then_some(pair)
        });
        if let Some(bytes) = pair {
            // Both code points are the pair's bytes; the second begins after them.
            for &b in bytes {
                need = need.then(b);
                units.push(Unit::Byte(b));
            }
            char_units.push(units.len());
            i += 1;
            continue;
        }
        let next = chars.get(i).filter(|&&n| n != '\u{FFFD}');
        let rank = |bytes: &[u8]| {
            let mut after = need;
            let all = bytes.iter().all(|&b| {
                let fits = after.fits(b);
                after = after.then(b);
                fits
            });
            let next_goes_on = || {
                next.is_none_or(|&n| {
                    codecs::byte_sequences(encoding, n).iter().any(|s| after.fits(s[0]))
                })
            };
            match (all, need.fits(bytes[0])) {
                (true, _) if next_goes_on() => 3,
                (true, _) => 2,
                (false, true) => 1,
                (false, false) => 0,
            }
        };
        // (the first of the best: `max_by_key` keeps the last, so the choices are reversed)
        let ascii = [c as u8];
        let bytes = match choices.iter().rev().max_by_key(|b| rank(b)) {
            Some(bytes) => *bytes,
            // ASCII is itself in every multi-byte encoding (and the callers ask nothing else
            // without sequences: a character no sequence makes stands for lost bytes).
            None if c.is_ascii() => &ascii[..],
            None => {
                units.push(Unit::Lost);
                need = Need::Unknown;
                continue;
            }
        };
        for &b in bytes.iter() {
            need = need.then(b);
            units.push(Unit::Byte(b));
        }
    }
    char_units.push(units.len());
    (units, char_units)
}

/// How many continuation bytes UTF-8 wants next, as re-encoding goes.
#[derive(Clone, Copy)]
enum Need {
    Some(usize),
    /// After lost bytes: the tail of a sequence may come, or a new one.
    Unknown,
}

impl Need {
    /// Does byte `b` go on as UTF-8 would?
    fn fits(self, b: u8) -> bool {
        match self {
            Need::Some(n) => (n > 0) == (0x80..=0xBF).contains(&b),
            Need::Unknown => true,
        }
    }

    /// What UTF-8 wants after byte `b`.
    fn then(self, b: u8) -> Need {
        match (b, self) {
            (0x80..=0xBF, Need::Some(n)) => Need::Some(n.saturating_sub(1)),
            (0x80..=0xBF, Need::Unknown) => Need::Unknown,
            _ => Need::Some(sequence_shape(b).map_or(0, |(n, _, _)| n)),
        }
    }
}

/// Every piece of UTF-8 misread by any decoder, grouped by reading, in text order.
pub fn pieces(text: &[char]) -> Vec<Piece> {
    let found = likely(text, completions(text));
    if found.is_empty() {
        return Vec::new();
    }
    let mut pieces = Vec::new();
    let (mut read, mut read_again) = (Read::default(), ReadAgain::default());
    for index in 0..UTF8_SINGLE_BYTE_DECODERS.len() {
        let ends: Vec<usize> =
            found.iter().filter(|c| c.single & (1 << index) != 0).map(|c| c.at).collect();
        if !ends.is_empty() {
            single_byte_pieces(text, index, &ends, &mut read, &mut read_again, &mut pieces);
        }
    }
    for index in 0..UTF8_MULTI_BYTE_DECODERS.len() {
        let ends: Vec<usize> =
            found.iter().filter(|c| c.multi & (1 << index) != 0).map(|c| c.at).collect();
        if !ends.is_empty() {
            multi_byte_pieces(text, index, &ends, &mut pieces);
        }
    }
    pieces.retain(|p| !p.replacement.chars().any(never_written) && !floating_mark(text, p));
    if pieces.iter().any(reads_lost_data_beside) {
        // (lost data read beside chance characters is read alone, decision note 0090)
        pieces = pieces
            .into_iter()
            .flat_map(|p| {
                if !reads_lost_data_beside(&p) {
                    vec![p]
                } else if p.lost == 0 {
                    lost_data_within(text, &p)
                } else {
                    Vec::new()
                }
            })
            .collect();
    }
    pieces
}

/// Does the repair of `piece` begin with a combining mark of a script (a canonical combining
/// class other than 0, outside the blocks of marks for any script: a Hebrew point, an Arabic
/// vowel sign, a Thai or Devanagari sign) with no letter or mark before it to carry it? Such
/// a mark is written on a letter of its script: "÷±" read by macintosh is D6 B1, U+05B1, a
/// Hebrew point that would float after "×". The marks for any script float on symbols in
/// real text ("$̶" crossed out, the kaomoji "(ง'̀⌣'́)ง"), and are left to the judgement.
///
/// ```
/// use _core::candidates::utf8::pieces;
/// let point = |text: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     pieces(&chars).iter().any(|p| p.replacement == "\u{5B1}")
/// };
/// assert!(!point("×÷±≤≥"));
/// ```
pub fn floating_mark(text: &[char], piece: &Piece) -> bool {
    use unicode_normalization::char::canonical_combining_class as class;
    // Combining Diacritical Marks (and their extensions and supplement), for Symbols, Half Marks
    const FOR_ANY_SCRIPT: [(char, char); 5] = [
        ('\u{300}', '\u{36F}'),
        ('\u{1AB0}', '\u{1AFF}'),
        ('\u{1DC0}', '\u{1DFF}'),
        ('\u{20D0}', '\u{20FF}'),
        ('\u{FE20}', '\u{FE2F}'),
    ];
    let Some(first) = piece.replacement.chars().next() else { return false };
    let of_a_script = class(first) != 0
        && !FOR_ANY_SCRIPT.iter().any(|&(low, high)| (low..=high).contains(&first));
    let carried =
        piece.start.checked_sub(1).is_some_and(|i| is_letter(text[i]) || class(text[i]) != 0);
    of_a_script && !carried
}

/// Is `piece` a letter drawn: box-drawing or block characters (U+2500 to U+259F) with no
/// letter on either side, repaired into one character? Trees and tables are drawn with them
/// ("├┤", "│ │├┤"), and UTF-8 read as IBM437 or IBM866 makes such pairs of a letter's bytes
/// ("ô" is C3 B4, "├┤"); a reading with only such pieces repairs no word, and is none
/// (`decision`). Whole words of them are Cyrillic read so ("╨┤╨╛╨╗╨╡" is "доле").
///
/// ```
/// use _core::candidates::utf8::{drawn_letter, pieces};
/// // Whether each decoder's piece of the text is a letter drawn (IBM437's, IBM866's ...).
/// let drawn = |text: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     let found = pieces(&chars);
///     assert!(!found.is_empty());
///     found.iter().all(|p| drawn_letter(&chars, p))
/// };
/// assert!(drawn("Rails: ├┤"));
/// assert!(!drawn("canci├│n") && !drawn("╨┤╨╛╨╗╨╡"));
/// ```
pub fn drawn_letter(text: &[char], piece: &Piece) -> bool {
    drawn(text, piece) && !beside_a_letter(text, piece)
}

/// Is `piece` box-drawing or block characters repaired into one character?
fn drawn(text: &[char], piece: &Piece) -> bool {
    piece.replacement.chars().count() == 1
        && text[piece.start..piece.end].iter().all(|c| ('\u{2500}'..='\u{259F}').contains(c))
}

/// Does `text` hold a word: two letters side by side? A text without one ("├┤a┼┐a┼┐a",
/// leet line art; "∆°") has no word to judge a letter repaired from drawings or symbols by.
///
/// ```
/// use _core::candidates::utf8::holds_a_word;
/// let chars = |text: &str| text.chars().collect::<Vec<char>>();
/// assert!(holds_a_word(&chars("y t├║ que")) && holds_a_word(&chars("中文")));
/// assert!(!holds_a_word(&chars("├┤a┼┐a┼┐a")) && !holds_a_word(&chars("a ∆° b")));
/// ```
pub fn holds_a_word(text: &[char]) -> bool {
    text.windows(2).any(|pair| is_letter(pair[0]) && is_letter(pair[1]))
}

/// Is there a letter right before `piece` or right after it?
fn beside_a_letter(text: &[char], piece: &Piece) -> bool {
    letters_beside(text, piece.start, piece.end) != (false, false)
}

/// The one character a piece of printable symbols (no letter, space, control or U+FFFD) with
/// no letter on either side repairs into, if it repairs into one that is no space: UTF-8 read
/// as macintosh makes "¬´" of "«" and "∆°" of "ơ", and ASCII art draws the same (the face
/// "`¬´" of ftfy's cases, a triangle and a degree sign). A space repaired is left out ("R$¬†908"
/// is NBSP read as macintosh), and so are C1 controls (never text: "\u{96}" is windows-1252's
/// dash read as latin-1).
///
/// ```
/// use _core::candidates::utf8::{from_symbols, pieces};
/// let repairs = |text: &str| -> Vec<Option<char>> {
///     let chars: Vec<char> = text.chars().collect();
///     pieces(&chars).iter().map(|p| from_symbols(&chars, p)).collect()
/// };
/// assert!(repairs("OK??:(   `¬´    ):").contains(&Some('«')));
/// assert!(repairs("Ele √© bom").contains(&Some('é')));
/// assert!(repairs("R$¬†908").iter().all(Option::is_none));
/// ```
pub fn from_symbols(text: &[char], piece: &Piece) -> Option<char> {
    let printable = |c: char| !c.is_whitespace() && !c.is_control() && c != '\u{FFFD}';
    let mut repair = piece.replacement.chars();
    let one = repair.next().filter(|&c| printable(c));
    let apart = text[piece.start..piece.end].iter().all(|&c| printable(c) && !is_letter(c))
        && !beside_a_letter(text, piece);
    one.filter(|_| repair.next().is_none() && apart)
}

/// The English clitics written after an apostrophe: "it's", "don't", "I'd", "I'm", "we'll",
/// "they're", "we've".
const ENGLISH_CLITICS: [&str; 7] = ["s", "t", "d", "m", "ll", "re", "ve"];

/// Does `piece` end in a right single quotation mark that is an English clitic's apostrophe
/// (a clitic of `ENGLISH_CLITICS` after it, then no letter)? windows-1252 writes "’" as 92,
/// and a letter before it makes a UTF-8 sequence by chance: "a lot of Ã’s" is "Òs" so read,
/// but the text is about the letter "Ã" (ftfy's cases; ftfy never counts "’" as damage).
///
/// ```
/// use _core::candidates::utf8::{apostrophe_of_a_clitic, pieces};
/// let apostrophe = |text: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     pieces(&chars).iter().any(|p| apostrophe_of_a_clitic(&chars, p))
/// };
/// assert!(apostrophe("a lot of Ã’s in it") && apostrophe("Ã’ll"));
/// assert!(!apostrophe("PUÃ’ ESSERE") && !apostrophe("Ã’scar"));
/// ```
pub fn apostrophe_of_a_clitic(text: &[char], piece: &Piece) -> bool {
    if text[piece.start..piece.end].last() != Some(&'\u{2019}') {
        return false;
    }
    let after = &text[piece.end..];
    ENGLISH_CLITICS.iter().any(|clitic| {
        let length = clitic.len();
        after.len() >= length
            && after.iter().zip(clitic.chars()).all(|(&c, clitic)| c == clitic)
            && after.get(length).is_none_or(|&c| !is_letter(c))
    })
}

/// Cyrillic and Greek capitals that look like Latin ones: a Latin word may hold one, typed
/// or pasted, and nothing else is wrong with it.
const LATIN_LOOK_ALIKES: &str = "АВЕЅІЈКМНОРСТХΑΒΕΖΗΙΚΜΝΟΡΤΥΧ";

/// Is `piece` one Cyrillic or Greek look-alike of a Latin capital (`LATIN_LOOK_ALIKES`) that
/// ends a Latin word, repaired only by taking the space after it for byte 0xA0? Such a
/// repair rests on a loss it supposes and on the one letter's script: "SENSЕ - Oleg" holds a
/// Cyrillic "Е" (ftfy's cases), which windows-1251 reads from C5 and "Š" is C5 A0.
///
/// ```
/// use _core::candidates::utf8::{look_alike_before_a_space, pieces};
/// let look_alike = |text: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     pieces(&chars).iter().any(|p| look_alike_before_a_space(&chars, p))
/// };
/// assert!(look_alike("SENSЕ - Oleg Tsedryk"));
/// assert!(!look_alike("la unitГ di misura") && !look_alike("РџСЂРёРІРµС‚ Р мир"));
/// ```
pub fn look_alike_before_a_space(text: &[char], piece: &Piece) -> bool {
    let latin_before = piece.start.checked_sub(1).is_some_and(|i| text[i].is_ascii_alphabetic());
    piece.restored_spaces == 1
        && text.get(piece.start).is_some_and(|&c| LATIN_LOOK_ALIKES.contains(c))
        && text[piece.start..piece.end].iter().skip(1).all(|&c| c == ' ')
        && latin_before
}

/// Does `piece` begin with a capital that ends a word in capitals, and repair into a space
/// alone? UTF-8's NBSP read as windows-1252 is "Â\u{A0}" after anything, but a word in
/// capitals may end in "Â" before an NBSP of its own ("MISUTÂ\u{A0}AJIKKO", a title in
/// romaji among ftfy's cases); the repair would take a letter out of the word.
///
/// ```
/// use _core::candidates::utf8::{capital_before_a_space, pieces};
/// let capital = |text: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     pieces(&chars).iter().any(|p| capital_before_a_space(&chars, p))
/// };
/// assert!(capital("MISUTÂ\u{A0}AJIKKO"));
/// assert!(!capital("10Â\u{A0}€") && !capital("wordÂ\u{A0}word"));
/// ```
pub fn capital_before_a_space(text: &[char], piece: &Piece) -> bool {
    let mut repair = piece.replacement.chars();
    let space = repair.next().is_some_and(char::is_whitespace) && repair.next().is_none();
    let capital = |c: char| is_letter(c) && c.is_uppercase();
    space
        && text.get(piece.start).is_some_and(|&c| capital(c))
        && piece.start.checked_sub(1).is_some_and(|i| capital(text[i]))
}

/// Does `piece` repair no word? A letter drawn ([`drawn_letter`]); a symbol repaired from
/// symbols ([`from_symbols`]), between symbols no likelier than they are; a letter repaired
/// from symbols or drawings in a text that holds no word ([`TextFacts::wordless`], asked only
/// then), which has none to judge it by ("∆°" is no "ơ", nor "├┤a┼┐a" "ôaſa"; beside words,
/// "Ele √© bom" is "Ele é bom" and "y t├║ que" is "y tú que"); an apostrophe before an English
/// clitic taken into a letter ([`apostrophe_of_a_clitic`]); a look-alike letter ending a Latin
/// word, read with the space after it ([`look_alike_before_a_space`]); a capital ending a word
/// in capitals taken into a space ([`capital_before_a_space`]); one character read by chance
/// ([`lone_character_by_chance`]). A reading whose pieces all repair none is no reading
/// (`decision`, decision notes 0043, 0047, 0049, 0079).
pub fn repairs_no_word(text: &[char], piece: &Piece, facts: &TextFacts) -> bool {
    drawn_letter(text, piece)
        || (drawn(text, piece) && facts.wordless())
        || from_symbols(text, piece).is_some_and(|c| !is_letter(c) || facts.wordless())
        || apostrophe_of_a_clitic(text, piece)
        || look_alike_before_a_space(text, piece)
        || capital_before_a_space(text, piece)
        || lone_character_by_chance(text, piece, facts)
        || one_character_lost(text, piece)
}

/// Is `piece` a multi-byte decoder's lossy reading that reads no character and drops one
/// that stands between two lone U+FFFD ("�碧�" read as Big5 is "�")? A lossy repair marks each
/// stretch of lost bytes once and keeps what it could read between them ("�㛖╡��" is "�碧�"):
/// such a character is what a repair kept, no evidence of more loss, and taking it as more
/// would lose it in the next round (decision note 0086). Beside the text's other pieces, it
/// is read.
///
/// ```
/// use _core::candidates::utf8::{one_character_lost, pieces};
/// let lost = |text: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     pieces(&chars).iter().any(|p| one_character_lost(&chars, p))
/// };
/// assert!(lost("�碧�") && lost("�西�") && lost("� �平� - 2"));
/// assert!(!lost("�㛖╡��") && !lost("1960綛�11��30��") && !lost("���吾����"));
/// ```
pub fn one_character_lost(text: &[char], piece: &Piece) -> bool {
    // (most pieces are of other kinds, or read something: answered before the span is read)
    let kind = readings::readings()[piece.reading as usize].kind;
    if kind != readings::Kind::Utf8AsMultiByte
        || piece.sequences > 0
        || piece.replacement.chars().any(|c| c != LOST)
    {
        return false;
    }
    let mut dropped = (piece.start..piece.end).filter(|&i| text[i] != LOST);
    let (Some(at), None) = (dropped.next(), dropped.next()) else {
        return false;
    };
    kept_between_losses(text, at)
}

/// Does the character at `at` stand alone between two lone U+FFFD, as a lossy repair keeps
/// what it read between two stretches of lost bytes ("�碧�")? A repair marks lost sequences
/// side by side once: a mark alone each side.
///
/// ```
/// use _core::candidates::utf8::kept_between_losses;
/// let kept = |text: &str, at: usize| kept_between_losses(&text.chars().collect::<Vec<_>>(), at);
/// assert!(kept("�碧�", 1) && kept("a�碧�b", 2));
/// assert!(!kept("��碧�", 2) && !kept("�碧", 1) && !kept("綛�11", 0) && !kept("���", 1));
/// ```
pub fn kept_between_losses(text: &[char], at: usize) -> bool {
    let lone_mark = |i: Option<usize>, beyond: Option<usize>| {
        i.is_some_and(|i| text.get(i) == Some(&LOST))
            && beyond.is_none_or(|j| text.get(j) != Some(&LOST))
    };
    text.get(at).is_some_and(|&c| c != LOST)
        && lone_mark(at.checked_sub(1), at.checked_sub(2))
        && lone_mark(Some(at + 1), Some(at + 2))
}

/// Does a multi-byte decoder's piece read lost data's mojibake ("锟斤拷", the UTF-8 of U+FFFD
/// read as GBK) and, beside it, only characters of two UTF-8 bytes ("一锟斤拷些" as "һ��Щ")?
/// Text in GBK decoded as UTF-8 keeps only the characters whose two bytes are UTF-8 by chance
/// (一 is D2 BB, "һ") and marks the rest; read back as GBK, those are themselves again beside
/// the marks' "锟斤拷". Such a piece undoes the second layer and leaves the first: it turns
/// the text's right characters into chance ones. Its lost data is read on its own
/// ([`lost_data_within`]); a piece of real characters three bytes long ("鐢ㄦ埛锟斤拷" is
/// "用户��") is read as it is.
pub fn reads_lost_data_beside(piece: &Piece) -> bool {
    if readings::readings()[piece.reading as usize].kind != readings::Kind::Utf8AsMultiByte {
        return false;
    }
    let marks = piece.replacement.chars().filter(|&c| c == LOST).count();
    let mut others = piece.replacement.chars().filter(|&c| c != LOST).peekable();
    marks > piece.lost as usize
        && others.peek().is_some()
        && others.all(|c| ('\u{80}'..='\u{7FF}').contains(&c))
}

/// The stretches of a lossless multi-byte piece that read U+FFFD and nothing else, each a
/// piece of its own that begins and ends where characters of the text do ("锟斤拷么锟斤拷" holds
/// "锟斤拷" twice): the lost data a piece [`reads_lost_data_beside`] holds.
///
/// ```
/// use _core::candidates::utf8::{pieces, reads_lost_data_beside};
/// use _core::readings::readings;
/// // Read as one piece by GBK ("��ô��"), it is read as its lost data: [`pieces`] asks this.
/// let text: Vec<char> = "锟斤拷么锟斤拷".chars().collect();
/// let found = pieces(&text);
/// assert!(!found.iter().any(reads_lost_data_beside));
/// let gbk = found.iter().filter(|p| readings()[p.reading as usize].decoded_as == "GBK");
/// let lost: Vec<_> = gbk.map(|p| (p.start, p.end, p.replacement.as_str())).collect();
/// assert_eq!(lost, [(0, 3, "\u{FFFD}\u{FFFD}"), (4, 7, "\u{FFFD}\u{FFFD}")]);
/// ```
pub fn lost_data_within(text: &[char], piece: &Piece) -> Vec<Piece> {
    let decoder = readings::readings()[piece.reading as usize].decoded_as;
    // Where each of the piece's characters starts in the bytes it stands for.
    let mut starts = Vec::with_capacity(piece.end - piece.start + 1);
    let mut bytes = Vec::new();
    let mut buffer = [0; 4];
    for &c in &text[piece.start..piece.end] {
        starts.push(bytes.len());
        match readings::encode(c.encode_utf8(&mut buffer), decoder) {
            Some(encoded) => bytes.extend(encoded),
            None => return Vec::new(),
        }
    }
    starts.push(bytes.len());
    let Ok(utf8) = std::str::from_utf8(&bytes) else { return Vec::new() };
    let at = |byte: usize| starts.binary_search(&byte).ok().map(|i| piece.start + i);
    let mut found = Vec::new();
    let mut marks = utf8.char_indices().filter(|&(_, c)| c == LOST).peekable();
    while let Some((first, _)) = marks.next() {
        let (mut end, mut count) = (first + 3, 1);
        while let Some(&(next, _)) = marks.peek().filter(|&&(next, _)| next == end) {
            (end, count) = (next + 3, count + 1);
            marks.next();
        }
        if let (Some(start), Some(end)) = (at(first), at(end)) {
            let mut lost = Piece::new(start, end, LOST.to_string().repeat(count), piece.reading);
            lost.sequences = count as u32;
            found.push(lost);
        }
    }
    found
}

/// Is `piece` one character read by chance, with no letter on either side: one character of
/// a multi-byte decoder, or one symbol of a single-byte decoder before a space taken for a
/// lost no-break space, repaired into a letter or digit that is of a script no other
/// character of the text is written in ([`TextFacts`]) and no known word of one small letter,
/// glued to a digit with no space on either side, or a Latin letter standing alone that is no
/// known word? One common ideograph in six is a UTF-8 sequence of two bytes to GBK: alone, a
/// rare one would be Arabic "٣" in "The character 晻 means dark", Armenian "ձ" in the
/// translation "ID 欄", "Ő" in a collation table's "#艕0", and "×" and a space are Hebrew "נ"
/// to windows-1252 ("× Close", a page's close button). Still read alone: a known word of one
/// letter ("Ele 茅 bom" is "Ele é bom", "DSA 懈 Elgamal" "DSA и Elgamal", "jusqu'Ã nos jours"
/// "jusqu'à nos jours") and a Latin-1 symbol ("芦 %s 禄" is "« %s »", "1潞" "1º"); beside the
/// text's other pieces, any piece is (decision note 0079).
///
/// ```
/// use _core::candidates::utf8::{lone_character_by_chance, pieces, TextFacts};
/// let lone = |text: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     let found = pieces(&chars);
///     let facts = TextFacts::new(&chars);
///     !found.is_empty() && found.iter().all(|p| lone_character_by_chance(&chars, p, &facts))
/// };
/// assert!(lone("The character 晻 means dark") && lone("ID 欄") && lone("#艕0"));
/// assert!(lone("× Close"));
/// assert!(!lone("Ele 茅 bom") && !lone("jusqu'Ã nos jours") && !lone("芦 %s 禄"));
/// assert!(!lone("DSA 懈 Elgamal"));
/// assert!(!lone("Caf茅") && !lone("25掳C") && !lone("R$聽724"));
/// ```
pub fn lone_character_by_chance(text: &[char], piece: &Piece, facts: &TextFacts) -> bool {
    let mut repair = piece.replacement.chars();
    let (Some(repaired), None) = (repair.next(), repair.next()) else {
        return false;
    };
    let Some((&first, rest)) = text[piece.start..piece.end].split_first() else {
        return false;
    };
    let (before, after) = piece.around(text);
    let (letter_before, letter_after) =
        (before.is_some_and(is_letter), after.is_some_and(is_letter));
    let alone = match readings::readings()[piece.reading as usize].kind {
        readings::Kind::Utf8AsMultiByte => rest.is_empty() && !letter_before && !letter_after,
        // (the space may be the piece's own, taken for the no-break space, or the one after it)
        readings::Kind::Utf8AsSingleByte => {
            !is_letter(first)
                && rest.iter().all(|&c| c == ' ')
                && !letter_before
                && (!rest.is_empty() || !letter_after)
        }
        readings::Kind::LegacyAsLegacy => false,
    };
    let symbol = !(is_letter(repaired) || repaired.is_numeric())
        || ('\u{A0}'..='\u{BF}').contains(&repaired);
    if !alone || symbol {
        return false;
    }
    // (hashed here: an instance of the generic `is_known_word` for one letter took the word
    // hashing of the one pass's known-word questions out of line)
    let known = models().is_known_hash(word_hash_lower(WORD_HASH_START, repaired));
    // (a known word of one small letter is a word wherever it stands: Russian "и" among
    // English ones, "DSA 懈 Elgamal"; a script without case knows its letters as words)
    let word = repaired.is_lowercase() && known;
    let foreign = two_byte_script(repaired).is_some_and(|script| !facts.writes_in(script)) && !word;
    let spaced = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    let glued =
        rest.is_empty() && !spaced(before) && !spaced(after) && (digit(before) || digit(after));
    // (a Latin letter that stands as a word is one only if it is a known one: "Ele 茅 bom", but
    // no "Ū 62509" for a word list's "弄 62509")
    let standing = rest.is_empty() && spaced(before) && spaced(after);
    let unknown = is_latin_letter(repaired) && !known;
    foreign || glued || (standing && unknown)
}

/// The scripts of UTF-8's two-byte sequences past the Latin ones: each block's first and last
/// code point and its script's number. What one character misread by chance is repaired into.
const TWO_BYTE_SCRIPTS: [(char, char, u8); 9] = [
    ('\u{370}', '\u{3FF}', 0), // Greek
    ('\u{400}', '\u{52F}', 1), // Cyrillic
    ('\u{530}', '\u{58F}', 2), // Armenian
    ('\u{590}', '\u{5FF}', 3), // Hebrew
    ('\u{600}', '\u{6FF}', 4), // Arabic
    ('\u{700}', '\u{74F}', 5), // Syriac
    ('\u{750}', '\u{77F}', 4), // Arabic (its supplement)
    ('\u{780}', '\u{7BF}', 6), // Thaana
    ('\u{7C0}', '\u{7FF}', 7), // NKo
];

/// The number of `c`'s script in [`TWO_BYTE_SCRIPTS`], if it is one of them.
fn two_byte_script(c: char) -> Option<u8> {
    let script = TWO_BYTE_SCRIPTS.iter().find(|&&(first, last, _)| (first..=last).contains(&c));
    script.map(|&(_, _, number)| number)
}

/// What [`repairs_no_word`] asks of a whole text, each answered once, when first asked: a
/// text of many pieces asks for every one.
pub struct TextFacts<'t> {
    text: &'t [char],
    wordless: OnceCell<bool>,
    scripts: OnceCell<u8>,
}

impl<'t> TextFacts<'t> {
    pub fn new(text: &'t [char]) -> TextFacts<'t> {
        TextFacts { text, wordless: OnceCell::new(), scripts: OnceCell::new() }
    }

    /// Does the text hold no word ([`holds_a_word`])?
    pub fn wordless(&self) -> bool {
        *self.wordless.get_or_init(|| !holds_a_word(self.text))
    }

    /// Is some character of the text written in the script numbered `script` in
    /// [`TWO_BYTE_SCRIPTS`]?
    fn writes_in(&self, script: u8) -> bool {
        let scripts = self.scripts.get_or_init(|| {
            self.text.iter().filter_map(|&c| two_byte_script(c)).fold(0, |s, i| s | 1 << i)
        });
        scripts & (1 << script) != 0
    }
}

/// Is `c` a code point no text is written with and no decoder makes (GBK's private-use rows
/// may be the inner layer of deeper damage)? A repair that makes one is none.
fn never_written(c: char) -> bool {
    // Below U+0378 every code point is assigned and none is for private use (a test checks it
    // against the model): most repairs are made of such letters.
    if c < '\u{378}' {
        return false;
    }
    let tables = tables();
    models().never_text(c)
        && tables.single.get(c) == Roles::default()
        && tables.multi.get(c) == MultiRoles::default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::readings::readings;

    #[test]
    fn code_points_below_u0378_are_written() {
        let models = models();
        assert!(('\0'..'\u{378}').all(|c| !models.never_text(c)));
        assert!(models.never_text('\u{378}') && models.never_text('\u{E000}'));
    }

    /// The multi-byte decoders' completions of a text: where, and which decoders.
    fn multi_byte_completions(text: &str) -> Vec<(usize, Vec<&'static str>)> {
        let chars: Vec<char> = text.chars().collect();
        let names = |multi: u32| {
            let decoders = UTF8_MULTI_BYTE_DECODERS.iter().enumerate();
            decoders.filter(|&(i, _)| multi & (1 << i) != 0).map(|(_, &name)| name).collect()
        };
        let found = completions(&chars).into_iter().filter(|c| c.multi != 0);
        found.map(|c| (c.at, names(c.multi))).collect()
    }

    #[test]
    fn a_multi_byte_sequence_completes_on_bytes_that_begin_at_a_character() {
        // "デフ" in GBK is A5 C7 A5 D5: C7 A5 is a sequence, but no path from a character's
        // first byte reaches it (A5 begins none).
        assert_eq!(multi_byte_completions("デフ"), []);
        // "圧倒的" is E5 9C A7 E5 80 92 E7 9A 84, "鍦у€掔殑" in GBK: "€" is 0x80 (and A2 E3),
        // and the path through its one byte goes on to the sequence E7 9A 84.
        let gbk = |(at, decoders): &(usize, Vec<&str>)| decoders.contains(&"GBK").then_some(*at);
        let found = multi_byte_completions("鍦у€掔殑");
        assert_eq!(found.iter().filter_map(gbk).collect::<Vec<_>>(), [1, 3, 4]);
        // Where bytes were lost, a sequence may begin anywhere: U+FFFD may stand for its lead.
        assert!(!multi_byte_completions("\u{FFFD}デフ").is_empty());
    }

    #[test]
    fn quiet_letters_pass_the_multi_byte_decoders_by() {
        // Cyrillic in Big5 is C8 55 ("а"): a lead and an ASCII byte; in GBK A7 D1, a
        // continuation first. "一" is D2 BB in GBK, "卸" D0 B6: UTF-8's "һ" and "ж".
        let tables = tables();
        assert!("жΩشאก".chars().all(|c| tables.quiet(c)));
        assert!("一卸\u{FFFD}".chars().all(|c| !tables.quiet(c)));
        // Skipped or fed in full, a text's letters complete the same sequences.
        let text = "Её жёлтые ёлки, ΑΒΓ אבג 一卸中デ한";
        let chars: Vec<char> = text.chars().collect();
        let mut full = Paths::BETWEEN;
        let mut completer = Completer::new(false);
        for &c in &chars {
            let (_, multi) = completer.feed(c);
            let expected = if c.is_ascii() {
                full = Paths::BETWEEN;
                0
            } else {
                full.feed(&tables.multi.get(c), 0)
            };
            assert_eq!(multi, expected, "{c}");
            assert_eq!(completer.multi.states.need, full.states.need, "{c}");
        }
    }

    fn found(text: &str) -> Vec<(String, String, &'static str)> {
        let chars: Vec<char> = text.chars().collect();
        pieces(&chars)
            .into_iter()
            .map(|p| {
                let original: String = chars[p.start..p.end].iter().collect();
                (original, p.replacement, readings()[p.reading as usize].decoded_as)
            })
            .collect()
    }

    fn has(text: &str, original: &str, replacement: &str, decoder: &str) {
        let all = found(text);
        assert!(
            all.iter().any(|(o, r, d)| o == original && r == replacement && *d == decoder),
            "{text}: {all:?}"
        );
    }

    #[test]
    fn single_byte_misreadings() {
        has("CafÃ© crÃ¨me", "Ã©", "é", "windows-1252");
        has("ÐŸÑ€Ð¸Ð²ÐµÑ‚", "ÐŸÑ€Ð¸Ð²ÐµÑ‚", "Привет", "windows-1252");
        has("Ä°stanbul", "Ä°", "İ", "windows-1252");
        has("РґРѕСЂРѕРіРµ", "РґРѕСЂРѕРіРµ", "дороге", "windows-1251");
        has("─îe┼ítina", "─î", "Č", "IBM437");
        has("wei√ü", "√ü", "ß", "macintosh");
    }

    #[test]
    fn a_sequence_is_not_read_before_a_letter_that_cannot_go_on() {
        // "Рі" is UTF-8's "г" read as windows-1251, but "ш" (0xF8) begins no sequence: the
        // word is Ukrainian, not UTF-8. Before "д" (0xE4, a lead byte) it may be damage.
        let read =
            |text: &str| found(text).iter().any(|(o, _, d)| o == "Рі" && *d == "windows-1251");
        assert!(!read("Рішення"));
        assert!(read("Ріду"));
        // The letter after is another decoder's, or no letter: the damage may end there.
        has("4æ¨“劉", "æ¨“", "樓", "windows-1252");
        has("РґРѕСЂРѕРіРµ", "РґРѕСЂРѕРіРµ", "дороге", "windows-1251");
    }

    #[test]
    fn multi_byte_misreadings() {
        has("鐢ㄦ埛", "鐢ㄦ埛", "用户", "GBK");
        has("Caf茅", "茅", "é", "GBK");
        has("縺薙ｓ縺ｫ縺｡縺ｯ", "縺薙ｓ縺ｫ縺｡縺ｯ", "こんにちは", "Shift_JIS");
    }

    #[test]
    fn a_multi_byte_run_is_offered_without_edges_in_another_script() {
        // "雪梅" is D1 A9 C3 B7 in GBK, valid UTF-8 ("ѩ÷") that runs into "鍏朵腑" (其中).
        let text = "李雪梅鍏朵腑";
        has(text, "雪梅鍏朵腑", "ѩ÷其中", "GBK");
        has(text, "鍏朵腑", "其中", "GBK");
        let chars: Vec<char> = text.chars().collect();
        let trimmed =
            pieces(&chars).into_iter().find(|p| p.replacement == "其中").expect("offered");
        assert_eq!(trimmed.within, Some((1, 6)));
    }

    #[test]
    fn lost_bytes_and_stand_ins() {
        has("SlovenÄ\u{FFFD}ina", "Ä\u{FFFD}", "\u{FFFD}", "windows-1252");
        has("upgraded to â€œbb+â€? from", "â€?", "\u{FFFD}", "windows-1252");
        has("ART TRIP Ã l'office", "Ã ", "à", "windows-1252");
        has("Hi guys í\u{a0}½í¸\u{8d}", "í\u{a0}½í¸\u{8d}", "😍", "windows-1252");
    }

    #[test]
    fn a_character_of_several_sequences_takes_the_one_utf8_goes_on_with() {
        // "≡" is 81 DF and 87 91 (NEC row 13) in Shift_JIS; "金" is E9 87 91.
        has("豬懷ｸる≡豐｢", "豬懷ｸる≡豐｢", "浜市金沢", "Shift_JIS");
        // "港" is FD BB and B4 E4 in Big5: after a loss, B4 is the tail of a sequence and
        // E4 the lead of "人" (E4 BA BA).
        has("擃䀹� �港犖", "�港犖", "\u{FFFD}人", "Big5");
    }

    #[test]
    fn re_encoding_takes_any_character() {
        // ASCII is itself; a character the decoder never makes (a lone combining mark) stands
        // for lost bytes rather than failing.
        let gbk = codecs::encoding_for("GBK").unwrap();
        let (units, char_units) = multi_byte_units(gbk, &['a', '中', '\u{30C}']);
        let bytes: Vec<Option<u8>> =
            units.iter().map(|u| if let Unit::Byte(b) = u { Some(*b) } else { None }).collect();
        assert_eq!(bytes, [Some(b'a'), Some(0xD6), Some(0xD0), None]);
        assert_eq!(char_units, [0, 1, 3, 4]);
    }

    #[test]
    fn two_code_points_of_one_sequence_are_read_together() {
        // "別" is E5 88 A5, and Big5 reads 88 A5 as "ê̌", two code points; "̌" alone is none.
        has("撌桀ê̌", "撌桀ê̌", "差別", "Big5");
        has("\u{FFFD}撌桀ê̌, 750", "\u{FFFD}撌桀ê̌", "\u{FFFD}差別", "Big5");
    }

    #[test]
    fn bytes_are_lost_only_where_the_decoder_wrote_u_fffd() {
        // "島" is C5 E7 in EUC-JP: no UTF-8 has those bytes side by side, so "島" between
        // losses is no piece of UTF-8 misread as EUC-JP; "綺" (E5 B3) may begin "島".
        let lossy = |text: &str| {
            found(text).into_iter().filter(|(_, r, d)| *d == "EUC-JP" && r.contains('\u{FFFD}'))
        };
        assert_eq!(lossy("\u{FFFD}島\u{FFFD}御\u{FFFD}").count(), 0);
        has("綺\u{FFFD}", "綺\u{FFFD}", "\u{FFFD}", "EUC-JP");
        // "광" is B1 A4 in EUC-KR, the tail of a sequence; but "종로" (C1 BE B7 CE) beside it
        // is no UTF-8: the text is Korean around lost characters, and "광" is not deleted.
        let korean = "\u{FFFD}광\u{FFFD} 종로\u{FFFD} \u{FFFD}산\u{FFFD} 135";
        let deletions = found(korean).into_iter().filter(|(_, r, d)| {
            *d == "EUC-KR" && r.chars().all(|c| c == '\u{FFFD}' || c.is_ascii())
        });
        assert_eq!(deletions.count(), 0);
        // Kanji between losses read as Big5 or EUC-JP: their trail bytes would be ASCII
        // letters among lost bytes ("診�帰�" as "�A�"), a guess, not a repair.
        let guessed = found("診\u{FFFD}帰\u{FFFD}強\u{FFFD}大\u{FFFD}")
            .into_iter()
            .filter(|(_, r, _)| r.chars().any(|c| c.is_ascii_alphabetic()));
        assert_eq!(guessed.count(), 0);
    }

    #[test]
    fn a_question_mark_stands_for_a_byte_the_decoder_cannot_read() {
        let judged_as = |text: &str, decoder: &str| -> Option<Vec<String>> {
            let chars: Vec<char> = text.chars().collect();
            pieces(&chars)
                .into_iter()
                .find(|p| readings()[p.reading as usize].decoded_as == decoder && p.lost > 0)
                .map(|p| p.filled_in.map_or_else(Vec::new, Vec::from))
        };
        // "”" is E2 80 9D; windows-1252 cannot read 0x81 0x8D 0x8F 0x90 0x9D.
        let quote = judged_as("â€?", "windows-1252").expect("a lossy piece");
        let filled: Vec<&str> = quote.iter().map(String::as_str).collect();
        assert_eq!(filled, ["\u{2001}", "\u{200D}", "\u{200F}", "\u{2010}", "”"]);
        // "é\u{a0}?" is E9 A0 and a lost byte: a CJK ideograph, whichever byte it was.
        let french = judged_as("monté\u{a0}?", "windows-1252").expect("a lossy piece");
        assert!(french
            .iter()
            .all(|c| ('\u{9801}'..='\u{981D}').contains(&c.chars().next().unwrap())));
        // windows-1251 cannot read 0x98 alone: "а\u{a0}?" (E0 A0) lost it, if anything.
        assert_eq!(judged_as("а\u{a0}?", "windows-1251"), Some(vec!["\u{818}".to_string()]));
    }

    #[test]
    fn no_piece_makes_a_code_point_no_text_has() {
        // "óśźż" is F3 B6 BC BF in windows-1250, the UTF-8 of U+DC7FF: unassigned.
        let all = found("ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż");
        assert!(all.iter().all(|(_, r, _)| !r.contains('\u{DC7FF}')), "{all:?}");
    }

    #[test]
    fn chance_sequences_whose_repair_is_unlikelier_are_not_read() {
        // "一" is D2 BB in GBK, the UTF-8 of "һ"; "рай" is E0 A0 A9 in IBM866, of U+0829.
        for (text, decoder) in [("这是一个问题", "GBK"), ("о рай земной", "IBM866")]
        {
            let all = found(text);
            assert!(all.iter().all(|(_, _, d)| *d != decoder), "{text}: {all:?}");
        }
        // A sequence across characters is read where a piece can end: "绲愯。" is 結衣.
        has("山田 绲愯。", "绲愯。", "結衣", "GBK");
    }

    #[test]
    fn clean_text_has_no_pieces_under_western_decoders() {
        for text in ["Café au lait", "naïve façade", "Grüße aus Köln", "中文", "Ελληνικά"]
        {
            assert!(
                found(text).iter().all(|(_, _, d)| *d != "windows-1252"),
                "{text}: {:?}",
                found(text)
            );
        }
    }
}
