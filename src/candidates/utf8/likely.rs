//! Which completed UTF-8 sequences are worth reading: a decoder's sequence is read where its
//! characters look like mojibake of its kind and its repair makes likelier text, locally
//! (docs/decisions/0009). Clean text completes sequences by chance, by the thousand in
//! Chinese, and this is where they are left; [`LikelyScan`] asks the same a character at a
//! time, for `explanation::nothing_to_find`.

use super::{completions, from_utf8_inside, may_read_as_characters, tables, Completer, Completion};
use crate::letters::is_letter;
use crate::memo::{char_bits, Memo};
use crate::model::{models, Cost, Which};
use crate::readings::Kind;

/// Below these, a completed sequence is not read: how much likelier its characters' pairs are
/// as mojibake of the kind than as real text (thousandths of a nat). Clean text completes
/// sequences by chance ("Её" is D0 B8, UTF-8 read as windows-1251; "ьми" a Hangul syllable
/// read as IBM866; pairs of common ideographs by the thousand), and those pairs are its own
/// common ones. Chosen on the corpus's train split: the 90th percentile of clean text's
/// completions lies below, the 1st (single-byte) and 5th (multi-byte) of damage above.
const LEAST_LIKENESS_SINGLE: Cost = -3000;
const LEAST_LIKENESS_MULTI: Cost = -8000;

/// Below these, a decoder's repair of a completed sequence is not read ([`repairing`]): how
/// much likelier the text is, locally, repaired. Chosen on the train and dev splits
/// (docs/decisions/0009): the true decoder's repairs of damage lie above, most chance ones of
/// clean text below.
const LEAST_REPAIR_SINGLE: Cost = -8000;
const LEAST_REPAIR_MULTI: Cost = 0;

/// The likeness of a completed sequence: how much likelier its inner pairs are in mojibake of
/// `kind` than in real text.
fn likeness(kind: Kind, chars: &[char]) -> Cost {
    let models = models();
    let mut total = 0;
    let mut previous = models.context(chars.first().copied());
    for &c in chars.iter().skip(1) {
        let token = models.context(Some(c));
        total += models.pair_cost(Which::Text, previous, token)
            - models.pair_cost(Which::Mojibake(kind), previous, token);
        previous = token;
    }
    total
}

/// How much likelier the text is, locally, with `original` repaired as `repaired`: the cost
/// of the original characters after `before` (and into `after`, when given), less that of
/// the repair (thousandths of a nat).
fn repair_likeness(
    before: Option<char>,
    original: &[char],
    repaired: impl Iterator<Item = char>,
    after: Option<char>,
) -> Cost {
    let models = models();
    let cost = |chars: &mut dyn Iterator<Item = char>| {
        let mut previous = models.context(before);
        let mut total = 0;
        for c in chars.chain(after) {
            let token = models.context(Some(c));
            total += models.pair_cost(Which::Text, previous, token);
            previous = token;
        }
        total
    };
    cost(&mut original.iter().copied()) - cost(&mut { repaired })
}

/// The character the UTF-8 sequence that single-byte decoder `index` completed at the end of
/// `sequence` reads as, and how many characters (bytes) it takes; a space is byte 0xA0 where
/// the decoder's NBSP may have become one. `None` for a sequence with a lost byte, or one
/// UTF-8 forbids (one half of a CESU-8 pair).
fn single_byte_repair(sequence: &[char], index: usize) -> Option<(char, usize)> {
    let tables = tables();
    let table = tables.single_byte[index];
    let mut bytes = [0u8; 4];
    let n = sequence.len();
    for length in 1..=n.min(4) {
        let c = sequence[n - length];
        bytes[4 - length] = match c {
            ' ' if tables.nbsp & (1 << index) != 0 => 0xA0,
            ' ' | '?' | '\u{FFFD}' => return None,
            _ if index == 0 => table.encode_or_c1(c)?,
            _ => table.encode(c)?,
        };
        if length >= 2 {
            if let Ok(read) = std::str::from_utf8(&bytes[4 - length..]) {
                return read.chars().next().map(|r| (r, length));
            }
        }
    }
    None
}

/// Where a multi-byte decoder's UTF-8 sequence that completed at a character may end a piece.
enum SequenceEnd {
    /// The fewest whole characters up to the completion whose bytes are valid UTF-8 with a
    /// multi-byte sequence: how many, and their bytes (from `from`).
    Read { length: usize, bytes: [u8; WINDOW_BYTES], from: usize },
    /// No piece: the bytes are no valid UTF-8 even without the continuation bytes of a
    /// sequence begun before them.
    Invalid,
    /// A sequence goes on into the next character: a piece with it ends at a later completion.
    GoesOn,
    /// It cannot be told here: a longer run of sequences, a character of several byte
    /// sequences (Shift_JIS's NEC and IBM rows).
    Unknown,
}

/// How many characters back from a completion a multi-byte decoder's piece is looked for:
/// three (two sequences of three bytes are three characters of two), then, where that
/// cannot tell, six.
const MULTI_BYTE_REACH: [usize; 2] = [3, 6];

/// Room for the bytes of the longest window (EUC-JP's JIS X 0212 characters take three).
const WINDOW_BYTES: usize = 4 * MULTI_BYTE_REACH[1];

/// The most combinations of byte sequences tried for a window.
const MOST_COMBINATIONS: usize = 64;

/// [`sequence_end`] of `window` (whose start is the `edge` of a region, or not), every
/// combination of the byte sequences of characters that have several (Big5's HKSCS rows,
/// Shift_JIS's NEC and IBM rows) tried.
fn sequence_end_of_every_combination(window: &[char], mut edge: bool, index: usize) -> SequenceEnd {
    const MOST: usize = MULTI_BYTE_REACH[1];
    let sequences = tables().multi_byte_sequences[index];
    // Each character's byte sequences, the last character's first.
    let ascii: [[u8; 1]; MOST] =
        std::array::from_fn(|k| [window.len().checked_sub(k + 1).map_or(0, |i| window[i] as u8)]);
    let ascii: [[&[u8]; 1]; MOST] = std::array::from_fn(|k| [&ascii[k][..]]);
    let mut options: [&[&[u8]]; MOST] = [&[]; MOST];
    let mut usable = 0;
    for (k, &c) in window.iter().rev().enumerate().take(MOST) {
        options[k] = if c.is_ascii() { &ascii[k] } else { sequences.get(c) };
        if options[k].is_empty() {
            edge = true;
            break;
        }
        usable += 1;
    }
    let combinations = |length: usize| options[..length].iter().map(|o| o.len()).product::<usize>();
    if combinations(usable) > MOST_COMBINATIONS {
        return SequenceEnd::Unknown;
    }
    let mut bytes = [0u8; WINDOW_BYTES];
    for length in 1..=usable {
        for combination in 0..combinations(length) {
            let from = assemble(&options[..length], combination, &mut bytes);
            if std::str::from_utf8(&bytes[from..]).is_ok_and(|read| !read.is_ascii()) {
                return SequenceEnd::Read { length, bytes, from };
            }
        }
    }
    let mut end = SequenceEnd::Invalid;
    for combination in 0..combinations(usable) {
        let from = assemble(&options[..usable], combination, &mut bytes);
        match tail_end(&bytes[from..], edge) {
            SequenceEnd::Unknown => return SequenceEnd::Unknown,
            SequenceEnd::GoesOn => end = SequenceEnd::GoesOn,
            _ => {}
        }
    }
    end
}

/// How the bytes of `window`, the characters up to a completion (at most the longer
/// [`MULTI_BYTE_REACH`]), read in UTF-8 under multi-byte decoder `index`: looked at over the
/// shorter reach first, over the longer only where that cannot tell. Each character's first
/// byte sequence is tried as it is met (one pass, most completions end within two characters);
/// a window with a character of several is looked at again with every combination.
fn sequence_end(window: &[char], index: usize) -> SequenceEnd {
    let sequences = tables().multi_byte_sequences[index];
    let mut bytes = [0u8; WINDOW_BYTES];
    let mut from = WINDOW_BYTES;
    let mut several = false;
    let mut edge = window.len() < MULTI_BYTE_REACH[1];
    let mut length = 0;
    for &c in window.iter().rev() {
        if c.is_ascii() {
            from -= 1;
            bytes[from] = c as u8;
        } else {
            let sequence = match *sequences.get(c) {
                [] => {
                    edge = true;
                    break;
                }
                [first, ref others @ ..] => {
                    several |= !others.is_empty();
                    first
                }
            };
            from -= sequence.len();
            bytes[from..from + sequence.len()].copy_from_slice(sequence);
        }
        length += 1;
        // (A sequence starts at an ASCII byte or a lead byte: no need to ask otherwise.)
        if matches!(bytes[from], 0x00..=0x7F | 0xC2..=0xF4)
            && std::str::from_utf8(&bytes[from..]).is_ok_and(|read| !read.is_ascii())
        {
            return SequenceEnd::Read { length, bytes, from };
        }
        if length == MULTI_BYTE_REACH[0] && window.len() > length {
            match tail_end(&bytes[from..], false) {
                SequenceEnd::Unknown => {}
                _ if several => {
                    let shorter = &window[window.len() - length..];
                    return sequence_end_of_every_combination(shorter, false, index);
                }
                end => return end,
            }
        }
    }
    if several {
        return sequence_end_of_every_combination(
            window,
            window.len() < MULTI_BYTE_REACH[1],
            index,
        );
    }
    tail_end(&bytes[from..], edge)
}

/// Where a piece may end, for bytes no whole characters of which are valid UTF-8 with a
/// multi-byte sequence: invalid, a sequence going on, or a run begun before them (unless they
/// start at the `edge` of a region).
fn tail_end(bytes: &[u8], edge: bool) -> SequenceEnd {
    match from_utf8_inside(bytes, edge) {
        Ok(_) => SequenceEnd::Unknown,
        Err(e) if e.error_len().is_none() => SequenceEnd::GoesOn,
        Err(_) => SequenceEnd::Invalid,
    }
}

/// Write one combination of the characters' byte sequences (`options`, the last character's
/// first; `combination` numbers them in mixed radix) at the end of `bytes`; where they start.
fn assemble(options: &[&[&[u8]]], mut combination: usize, bytes: &mut [u8; WINDOW_BYTES]) -> usize {
    let mut from = bytes.len();
    for choices in options {
        let sequence = choices[combination % choices.len()];
        combination /= choices.len();
        from -= sequence.len();
        bytes[from..from + sequence.len()].copy_from_slice(sequence);
    }
    from
}

/// The repair likeness of the sequence single-byte decoder `index` completed at `at`; `None`
/// when it cannot be judged alone (a stand-in for a lost byte, half a CESU-8 pair).
fn single_byte_repair_likeness(text: &[char], at: usize, index: usize) -> Option<Cost> {
    let repair = single_byte_repair(single_byte_sequence(text, at), index)?;
    Some(single_byte_likeness(text, at, repair))
}

/// The repair likeness of the sequence of `length` characters ending at `at`, repaired as
/// `repaired`, with the character after it.
fn single_byte_likeness(text: &[char], at: usize, (repaired, length): (char, usize)) -> Cost {
    let start = at + 1 - length;
    let before = start.checked_sub(1).map(|i| text[i]);
    // (The character after a multi-byte piece is often more of the damage: only a single-byte
    // sequence's is asked.)
    let after = text.get(at + 1).copied();
    let original = &text[start..=at];
    let likeness = repair_likeness(before, original, std::iter::once(repaired), after);
    if text[at] == ' ' {
        // The NBSP and a space after it may have become one space ("HÃ Nội" for "Hà Nội").
        let kept_space = [repaired, ' '];
        return likeness.max(repair_likeness(before, original, kept_space.into_iter(), after));
    }
    likeness
}

/// Whether the sequence multi-byte decoder `index` completed at `at` is read: where it can end
/// a piece, the characters up to there look enough like mojibake (their likeliest pair) and
/// their repair makes likelier text; a sequence that cannot end one is not read (the piece
/// ends at a later completion); where that cannot be told, the last pair looks enough like
/// mojibake. The repair likeness, or `None` when the sequence is read without it.
fn multi_byte_reading(text: &[char], at: usize, index: usize) -> Reading {
    let window = &text[(at + 1).saturating_sub(MULTI_BYTE_REACH[1])..=at];
    let last_pair = || last_pair_looks_like_mojibake(text, at);
    if window.contains(&'\u{FFFD}') {
        return if last_pair() { Ok(None) } else { Err(()) };
    }
    // A reading of one character kept is the reading ([`ONE_CHARACTER_READINGS`]): whether
    // the character's bytes are a sequence of their own is the character's and the decoder's.
    let one_character = one_character_key(at.checked_sub(1).map(|i| text[i]), text[at], index);
    if let Some(reading) = ONE_CHARACTER_READINGS.with(|kept| kept.borrow().get(one_character)) {
        return reading;
    }
    match sequence_end(window, index) {
        SequenceEnd::Read { length, bytes, from } => {
            let start = at + 1 - length;
            let before = start.checked_sub(1).map(|i| text[i]);
            let judge = || {
                let looks = (start..=at).any(|end| last_pair_looks_like_mojibake(text, end));
                if !looks {
                    return Err(());
                }
                let read = std::str::from_utf8(&bytes[from..]).expect("checked");
                Ok(Some(repair_likeness(before, &text[start..=at], read.chars(), None)))
            };
            if length == 1 {
                ONE_CHARACTER_READINGS
                    .with(|kept| kept.borrow_mut().get_or_insert_with(one_character, judge))
            } else {
                judge()
            }
        }
        SequenceEnd::Invalid | SequenceEnd::GoesOn => Err(()),
        SequenceEnd::Unknown => last_pair().then_some(None).ok_or(()),
    }
}

/// The key of decoder `index`'s reading of `c` after `before` in [`ONE_CHARACTER_READINGS`].
fn one_character_key(before: Option<char>, c: char, index: usize) -> u64 {
    // (the decoder in 5 bits)
    char_bits(before) << 26 | char_bits(Some(c)) << 5 | index as u64
}

/// A multi-byte decoder's reading of a completion: the repair likeness, `Ok(None)` when read
/// without it, `Err` when not read ([`multi_byte_reading`]).
type Reading = Result<Option<Cost>, ()>;

thread_local! {
    /// A multi-byte decoder's readings of one character whose bytes are a UTF-8 sequence of
    /// their own ("卸" is D0 B6 in GBK, "ж" in UTF-8), by the character, the one before and the
    /// decoder ([`one_character_key`]), 16,384 of them: such a reading depends on those alone,
    /// and Chinese text completes such sequences at most of its characters, with the same pairs.
    static ONE_CHARACTER_READINGS: std::cell::RefCell<Memo<Reading>> =
        std::cell::RefCell::new(Memo::new(14, Err(())));
}

/// The completion with only the single-byte decoders whose repair of the completed sequence
/// makes likelier text by at least [`LEAST_REPAIR_SINGLE`] (or that cannot be judged alone),
/// and the multi-byte decoders whose sequence is read ([`multi_byte_reading`]). Clean text
/// completes sequences by chance, and their repairs are rare characters ("一" is D2 BB in GBK,
/// "һ" in UTF-8).
/// `sequence`: the characters of the single-byte decoders' sequence ([`single_byte_sequence`]).
fn repairing(text: &[char], sequence: &[char], mut c: Completion) -> Completion {
    let at = c.at;
    // Decoders that share bytes (windows-1252, -1254, -1257, latin-1 ... for Latin letters)
    // repair a sequence alike: each repair is judged once.
    let mut judged = [(('\0', 0), false); 8];
    let mut count = 0;
    c.single = bits(c.single)
        .filter(|&index| {
            let Some(repair) = single_byte_repair(sequence, index) else { return true };
            if let Some(&(_, kept)) = judged[..count].iter().find(|(r, _)| *r == repair) {
                return kept;
            }
            let kept = single_byte_likeness(text, at, repair) >= LEAST_REPAIR_SINGLE;
            if count < judged.len() {
                judged[count] = (repair, kept);
                count += 1;
            }
            kept
        })
        .fold(0, |kept, index| kept | 1 << index);
    c.multi = bits(c.multi)
        .filter(|&index| {
            multi_byte_reading(text, at, index)
                .is_ok_and(|l| l.is_none_or(|l| l >= LEAST_REPAIR_MULTI))
        })
        .fold(0, |kept, index| kept | 1 << index);
    c
}

/// For tuning: the repair likeness of each decoder at each completion that may be read
/// (`likely_at` without the thresholds on repairs): position, whether the decoder is a
/// multi-byte one, its index, the likeness (`None`: read without it).
pub fn completion_repairs(text: &[char]) -> Vec<(usize, bool, usize, Option<Cost>)> {
    let mut found = Vec::new();
    for c in completions(text) {
        if let Some(single) = looks_like_mojibake(single_byte_sequence(text, c.at), c) {
            for index in bits(single.single) {
                found.push((c.at, false, index, single_byte_repair_likeness(text, c.at, index)));
            }
        }
        for index in bits(c.multi) {
            if let Ok(likeness) = multi_byte_reading(text, c.at, index) {
                found.push((c.at, true, index, likeness));
            }
        }
    }
    found
}

/// The indices of the set bits of `mask`.
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let index = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            index
        })
    })
}

/// The characters of the sequence a single-byte decoder completed at `at`: at most four, none
/// ASCII but a stand-in for a lost byte.
fn single_byte_sequence(text: &[char], at: usize) -> &[char] {
    let mut start = at;
    while start + 3 > at && start > 0 {
        let c = text[start - 1];
        if c.is_ascii() && !matches!(c, ' ' | '?') {
            break;
        }
        start -= 1;
    }
    &text[start..=at]
}

/// For tuning: the likeness of every completion (single-byte, multi-byte, position).
pub fn completion_likeness(text: &[char]) -> Vec<(Option<Cost>, Option<Cost>, usize)> {
    completions(text)
        .into_iter()
        .map(|c| {
            let single = (c.single != 0)
                .then(|| likeness(Kind::Utf8AsSingleByte, single_byte_sequence(text, c.at)));
            let multi = (c.multi != 0)
                .then(|| likeness(Kind::Utf8AsMultiByte, &text[c.at.saturating_sub(1)..=c.at]));
            (single, multi, c.at)
        })
        .collect()
}

/// The completions whose sequences look enough like mojibake of their kind to be read.
pub(super) fn likely(text: &[char], found: Vec<Completion>) -> Vec<Completion> {
    // Where bytes were lost, a multi-byte decoder's region is read as a whole (`lossy_region`),
    // whatever its sequences are: every completion may be the one that has it read.
    let lossy = text.contains(&'\u{FFFD}');
    found
        .into_iter()
        .filter_map(|c| if lossy { lossy_likely_at(text, c) } else { likely_at(text, c) })
        .collect()
}

/// [`likely_at`] in a text with lost bytes: the multi-byte sequences whose last pair of
/// characters looks enough like mojibake, whatever their repair.
fn lossy_likely_at(text: &[char], mut c: Completion) -> Option<Completion> {
    if !last_pair_looks_like_mojibake(text, c.at) {
        c.multi = 0;
    }
    c.single = may_read_as_characters(text, c.at, c.single);
    looks_like_mojibake(single_byte_sequence(text, c.at), c)
}

/// Does the pair of characters that ends at `at` look enough like UTF-8 misread by a
/// multi-byte decoder (or hold a U+FFFD)?
fn last_pair_looks_like_mojibake(text: &[char], at: usize) -> bool {
    let pair = &text[at.saturating_sub(1)..=at];
    pair.contains(&'\u{FFFD}') || likeness(Kind::Utf8AsMultiByte, pair) >= LEAST_LIKENESS_MULTI
}

/// The completion, with only the decoders whose sequence looks enough like mojibake and whose
/// repair of it makes likelier text (`None` when no decoder's does). Looks at most
/// [`MULTI_BYTE_REACH`] characters back from `c.at` (and the one before them), and one after.
#[inline]
fn likely_at(text: &[char], mut c: Completion) -> Option<Completion> {
    if c.multi != 0 {
        c.multi &= !tables().multi.get(text[c.at]).never_ends;
    }
    if c.single != 0 {
        c.single &= may_go_on_into(text.get(c.at + 1).copied());
        c.single = may_read_as_characters(text, c.at, c.single);
    }
    // (Most completions of clean text are multi-byte decoders' only: no single-byte sequence.)
    let sequence = if c.single != 0 { single_byte_sequence(text, c.at) } else { &[] };
    let c = repairing(text, sequence, looks_like_mojibake(sequence, c)?);
    (c.single | c.multi != 0).then_some(c)
}

/// The single-byte decoders under which a UTF-8 sequence may be followed by `after`: all but
/// those that read `after`, a letter (of the same word, which one decoder read whole), from a
/// byte that cannot begin a sequence. "Рі" in "Рішення" is no windows-1251 reading of UTF-8's
/// "г": "ш" is 0xF8 in windows-1251, which no UTF-8 sequence starts with. (A letter a decoder
/// has no byte for, "劉" after "æ¨“", ends its damage: it says nothing.)
#[inline]
fn may_go_on_into(after: Option<char>) -> u32 {
    match after {
        Some(a) if !a.is_ascii() && is_letter(a) => {
            let roles = tables().single.get(a);
            !(roles.cont | roles.never)
        }
        _ => u32::MAX,
    }
}

/// The completion, with only the single-byte decoders whose sequence's characters
/// ([`single_byte_sequence`]) look enough like mojibake (the multi-byte ones are judged in
/// [`repairing`]).
#[inline]
fn looks_like_mojibake(sequence: &[char], mut c: Completion) -> Option<Completion> {
    // A stand-in for a lost byte is no character of the damage: read such sequences.
    let lossy = || sequence.iter().any(|&c| matches!(c, ' ' | '?' | '\u{FFFD}'));
    if c.single != 0
        && !lossy()
        && likeness(Kind::Utf8AsSingleByte, sequence) < LEAST_LIKENESS_SINGLE
    {
        c.single = 0;
    }
    (c.single | c.multi != 0).then_some(c)
}

/// [`super::pieces`]' first steps, a character at a time and without the text: does any decoder
/// complete a sequence that looks enough like mojibake to be read? When none does, the text
/// has no UTF-8 piece at all. A completion is judged when the character after it is known
/// (or at [`LikelyScan::finish`]).
pub struct LikelyScan {
    completer: Completer,
    /// The last [`SCAN_WINDOW`] characters (what [`likely_at`] looks at: a multi-byte
    /// decoder's window, the character before it and the one after), each written twice,
    /// at `i` and `i + SCAN_WINDOW`, so that they are one slice without being moved
    /// ([`LikelyScan::window`]).
    ring: [char; 2 * SCAN_WINDOW],
    /// Where the latest character is (below `SCAN_WINDOW`).
    latest: usize,
    /// How many characters the window holds (at most `SCAN_WINDOW`).
    seen: usize,
    /// The decoders whose sequence completed at the character before the latest.
    pending: Option<(u32, u32)>,
}

/// How many characters [`LikelyScan`] keeps.
pub const SCAN_WINDOW: usize = MULTI_BYTE_REACH[1] + 2;
const _: () = assert!(SCAN_WINDOW.is_power_of_two(), "the ring's indices are masked");

impl Default for LikelyScan {
    fn default() -> Self {
        LikelyScan {
            completer: Completer::new(false),
            ring: ['\0'; 2 * SCAN_WINDOW],
            latest: SCAN_WINDOW - 1,
            seen: 0,
            pending: None,
        }
    }
}

impl LikelyScan {
    /// Is nothing waiting to be judged, and no decoder inside a sequence? Then ASCII
    /// characters change nothing but the context.
    pub fn idle(&self) -> bool {
        self.pending.is_none() && self.completer.idle()
    }

    /// The characters kept, the latest last.
    fn window(&self) -> &[char] {
        let end = self.latest + SCAN_WINDOW + 1;
        &self.ring[end - self.seen..end]
    }

    /// Keep `c` as the latest character of the window.
    #[inline]
    fn keep(&mut self, c: char) {
        // (the mask keeps both indices in the ring without a bounds check)
        self.latest = (self.latest + 1) & (SCAN_WINDOW - 1);
        self.ring[self.latest] = c;
        self.ring[(self.latest + SCAN_WINDOW) & (2 * SCAN_WINDOW - 1)] = c;
        self.seen = (self.seen + 1).min(SCAN_WINDOW);
    }

    /// Feed a stretch of ASCII characters while [`LikelyScan::idle`]: they complete no
    /// sequence and begin none, so only the window changes, and only their last characters
    /// stay in it (a caller gives the last [`SCAN_WINDOW`] of a longer one). The scan is still
    /// idle after.
    pub fn feed_idle_ascii(&mut self, stretch: impl Iterator<Item = char>) {
        debug_assert!(self.idle());
        for c in stretch {
            debug_assert!(c.is_ascii());
            self.keep(c);
        }
    }

    /// Feed a character no decoder writes ([`super::written_by_a_decoder`]) while
    /// [`LikelyScan::idle`]: it completes no sequence and begins none, so only the window
    /// changes, and the scan is still idle after.
    #[inline]
    pub fn feed_idle_unwritten(&mut self, c: char) {
        debug_assert!(self.idle() && !super::written_by_a_decoder(c) && c != '\u{FFFD}');
        self.keep(c);
    }

    /// Feed the next character: whether a likely sequence completed at the one before it.
    #[inline(always)]
    pub fn feed(&mut self, c: char) -> bool {
        self.keep(c);
        let before = self.pending.take();
        let (single, multi) = self.completer.feed(c);
        if single | multi != 0 {
            self.pending = Some((single, multi));
        }
        before.is_some_and(|(single, multi)| {
            let text = self.window();
            likely_at(text, Completion { at: text.len() - 2, single, multi }).is_some()
        })
    }

    /// The text ended: whether a likely sequence completed at its last character.
    pub fn finish(&mut self) -> bool {
        self.pending.take().is_some_and(|(single, multi)| {
            let text = self.window();
            likely_at(text, Completion { at: text.len() - 1, single, multi }).is_some()
        })
    }
}
