//! Candidates of legacy text misread as another legacy encoding ("Ïðèâåò" for "Привет").
//!
//! Every byte is valid in most single-byte encodings, so re-encoding proves little here: a
//! piece is each run of non-ASCII characters the decoder could have produced (with, for a
//! multi-byte true encoding, the ASCII bytes that are trail bytes of its characters; for a
//! single-byte one, the ASCII letters between the runs of one word), read in the true
//! encoding; the models judge it in its context. Bytes the true encoding leaves undefined end
//! a piece: no text was written with them.
//!
//! Only *suspect* runs are read: those that look more like legacy mojibake than like text,
//! by more than the decision's re-entry cost (`floor`). A run that does not could only be
//! repaired inside a stretch that pays for it, which costs more than leaving it. Cyrillic
//! words in ordinary case ("Привет", "мир") are not even looked up: a KOI8-R/windows-1251
//! swap turns case around ("пТЙЧЕФ").

use super::Piece;
use crate::char_map::CharMap;
use crate::codecs::{self, SingleByte};
use crate::letters::{is_latin_letter, is_letter, is_lower};
use crate::memo::{char_bits, Memo};
use crate::model::{models, Cost, Which};
use crate::names::is_family_name;
use crate::readings::{self, Kind, LEGACY_PAIRS};
use crate::text::Text;
use encoding_rs::Encoding;

/// The decoder's byte for `c` (windows-1252 also takes back C1 controls, as latin-1's).
fn misread_byte(decoder: &SingleByte, c: char) -> Option<u8> {
    if decoder.is_windows_1252() {
        decoder.encode_or_c1(c)
    } else {
        decoder.encode(c)
    }
}

/// What the true encoding `table` reads the byte the `decoder` made `c` of as, if that byte is
/// one of its characters (not ASCII, not undefined). A C1 control that windows-1252's decoder
/// kept (it was latin-1's) reads as none where the true encoding has windows-1252's own
/// character at that byte ("\u{92}" is "’" in windows-1254 as in windows-1252): that is
/// windows-1252 read as latin-1, not the true encoding's damage, and its prior is that pair's.
fn read_as(decoder: &SingleByte, table: &SingleByte, c: char) -> Option<char> {
    let byte = usize::from(misread_byte(decoder, c).filter(|&b| b >= 0x80)? - 0x80);
    let read = table.high[byte];
    let shown = decoder.high[byte];
    let latin_1_alike = decoder.is_windows_1252() && shown != c && read == shown;
    (!undefined(read) && !latin_1_alike).then_some(read)
}

/// Is this a character no legacy text decodes to (an undefined byte's stand-in)?
fn undefined(c: char) -> bool {
    c == '\u{FFFD}' || ('\u{80}'..='\u{9F}').contains(&c)
}

/// Pieces of one legacy pair in the suspect runs.
fn pair_pieces(text: &[char], runs: &[(usize, usize)], index: usize, out: &mut Vec<Piece>) {
    let (encoded_as, decoded_as) = LEGACY_PAIRS[index];
    let decoder = codecs::single_byte(decoded_as).expect("legacy decoders are single-byte");
    let reading = readings::legacy(index);
    // A single-byte true encoding is read word by word, a multi-byte one run by run.
    if let Some(table) = codecs::single_byte(encoded_as) {
        for (start, end) in words_of(text, runs) {
            single_byte_word(text, start, end, decoder, table, reading, out);
        }
        return;
    }
    let encoding = codecs::encoding_for(encoded_as).expect("a WHATWG encoding");
    let mut done = 0;
    for &(run_start, run_end) in runs {
        let mut at = run_start.max(done);
        while at < run_end {
            // A character the decoder could have made starts a piece (its ASCII trail bytes
            // are the multi-byte reading's to take).
            if misread_byte(decoder, text[at]).is_some_and(|b| b >= 0x80) {
                at = multi_byte_pieces(text, at, decoder, encoding, reading, out);
            } else {
                at += 1;
            }
        }
        done = at;
    }
}

/// The runs, those in one word joined with the ASCII letters between them ("mâcîbu" is one
/// span, not "â" and "î"): a single-byte encoding keeps ASCII as it is, and a word is written
/// in one encoding, so its known-word evidence is the whole word's.
fn words_of(text: &[char], runs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut words: Vec<(usize, usize)> = Vec::with_capacity(runs.len());
    for &(start, end) in runs {
        match words.last_mut() {
            Some(last)
                if last.1 <= start
                    && is_letter(text[last.1 - 1])
                    && is_letter(text[start])
                    && text[last.1..start].iter().all(char::is_ascii_alphabetic) =>
            {
                last.1 = end
            }
            _ => words.push((start, end)),
        }
    }
    words
}

/// The pieces of a span of one word in a single-byte true encoding: each stretch of
/// characters the decoder could have made, ASCII letters inside it kept as they are. A
/// character the true encoding leaves undefined ends a piece: no text was written with it.
fn single_byte_word(
    text: &[char],
    start: usize,
    end: usize,
    decoder: &SingleByte,
    table: &SingleByte,
    reading: readings::ReadingId,
    out: &mut Vec<Piece>,
) {
    let models = models();
    // The piece being read: where it starts, its repair, and whether the repair holds a code
    // point no text is written with (then it is no piece: [`pieces`]).
    let mut piece: Option<(usize, String, bool)> = None;
    let mut flush = |piece: &mut Option<(usize, String, bool)>, stop: usize| {
        if let Some((from, mut replacement, false)) = piece.take() {
            // (ASCII letters at its end are no part of it)
            let kept = replacement.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len();
            let stop = stop - (replacement.len() - kept);
            replacement.truncate(kept);
            if !replacement.chars().eq(text[from..stop].iter().copied()) {
                out.push(Piece::new(from, stop, replacement, reading));
            }
        }
    };
    for at in start..end {
        let c = text[at];
        let read = read_as(decoder, table, c).or_else(|| {
            let inside = c.is_ascii_alphabetic() && piece.is_some() && is_letter(text[at - 1]);
            inside.then_some(c)
        });
        match read {
            Some(r) => {
                // (room for the rest of a word of up to 16 characters, each in three bytes at
                // most: a piece keeps the room it is given, and a word may be the whole text)
                let room = 3 * (end - at).min(16);
                let (_, replacement, never) =
                    piece.get_or_insert_with(|| (at, String::with_capacity(room), false));
                replacement.push(r);
                *never |= models.never_text(r);
            }
            None => flush(&mut piece, at),
        }
    }
    flush(&mut piece, end);
}

/// Pieces of a multi-byte true encoding from `start`; returns where the next run starts.
fn multi_byte_pieces(
    text: &[char],
    start: usize,
    decoder: &SingleByte,
    encoding: &'static Encoding,
    reading: readings::ReadingId,
    out: &mut Vec<Piece>,
) -> usize {
    let models = models();
    let mut at = start;
    let mut piece: Option<Piece> = None;
    // Whether the piece's repair holds a code point no text is written with ([`pieces`]).
    let mut never = false;
    let flush = |piece: &mut Option<Piece>, never: &mut bool, out: &mut Vec<Piece>| {
        if let Some(p) = piece.take() {
            if p.sequences > 0 && !*never {
                out.push(p);
            }
        }
        *never = false;
    };
    while at < text.len() {
        let Some(lead) = misread_byte(decoder, text[at]) else {
            break;
        };
        if lead < 0x80 {
            break;
        }
        // A one-byte character of the true encoding (half-width katakana in Shift_JIS) or a
        // lead byte and its trail.
        let one = decode_exactly(encoding, &[lead]);
        let two = text
            .get(at + 1)
            .and_then(|&c| misread_byte(decoder, c))
            .and_then(|trail| decode_exactly(encoding, &[lead, trail]));
        let (c, length) = match (two, one) {
            (Some(c), _) => (c, 2),
            (None, Some(c)) => (c, 1),
            (None, None) => {
                flush(&mut piece, &mut never, out);
                at += 1;
                continue;
            }
        };
        // (room for a few characters of three bytes: most pieces are short)
        let room = 3 * (text.len() - at).min(8);
        let p =
            piece.get_or_insert_with(|| Piece::new(at, at, String::with_capacity(room), reading));
        p.replacement.push(c);
        never |= models.never_text(c);
        p.end = at + length;
        p.sequences += u32::from(length == 2);
        at += length;
    }
    flush(&mut piece, &mut never, out);
    at.max(start + 1)
}

/// The one character these bytes (one or two) decode to, if they decode to exactly one that
/// legacy text is written with.
fn decode_exactly(encoding: &'static Encoding, bytes: &[u8]) -> Option<char> {
    codecs::one_character(encoding, bytes).filter(|&c| !undefined(c))
}

/// What one pass over a run tells of it, for [`run_shape`]'s questions.
struct RunFacts {
    /// Its characters.
    length: usize,
    /// The legacy pairs that may make a piece of it: [`pairs_of`] its characters.
    pairs: Pairs,
    /// Of those, the pairs whose piece may begin with a Latin letter in it ([`Written`]).
    latin: Pairs,
    /// Its first character is a letter.
    starts_with_letter: bool,
    /// It holds a space of some kind.
    spaced: bool,
    /// It holds a letter or a C1 control.
    letter_or_c1: bool,
    /// [`listing`].
    listing: bool,
}

impl RunFacts {
    /// The facts of `run`, or `None` if a character of it is no legacy decoder's.
    fn of(run: impl Iterator<Item = char>) -> Option<RunFacts> {
        let mut facts = RunFacts {
            length: 0,
            pairs: 0,
            latin: 0,
            starts_with_letter: false,
            spaced: false,
            letter_or_c1: false,
            listing: false,
        };
        let mut streak = Streak::default();
        for c in run {
            if !c.is_ascii() {
                let written = written(c)?;
                facts.pairs |= written.changers;
                facts.latin |= written.latin;
            }
            let letter = is_letter(c);
            facts.starts_with_letter |= facts.length == 0 && letter;
            facts.spaced |= c.is_whitespace();
            facts.letter_or_c1 |= letter || ('\u{80}'..='\u{9F}').contains(&c);
            facts.listing |= streak.push(c);
            facts.length += 1;
        }
        Some(facts)
    }
}

/// Is this a Cyrillic word in ordinary case (a capital then small letters, or only small
/// ones), between characters that are no letters?
fn plain_cyrillic(
    before: Option<char>,
    run: impl Iterator<Item = char>,
    after: Option<char>,
) -> bool {
    let mut length = 0;
    let ordinary = run.into_iter().all(|c| {
        length += 1;
        ('\u{400}'..='\u{4FF}').contains(&c) && is_letter(c) && (length == 1 || is_lower(c))
    });
    ordinary && length > 0 && !before.is_some_and(is_letter) && !after.is_some_and(is_letter)
}

/// Is this run one letter standing alone ("Æ Ø Å", an initial)? Every alphabet has letters
/// that read as another's, and one letter has no neighbours to judge it by: such a run is read
/// only once its text's reading is known (with [`every_run`]).
fn lone_letter(before: Option<char>, run: &RunFacts, after: Option<char>) -> bool {
    let letter = |c: Option<char>| c.is_some_and(is_letter);
    run.starts_with_letter && run.length == 1 && !letter(before) && !letter(after)
}

/// Is this run a listing rather than a word: five or more characters in code point order
/// ("ÀÁÂÃÄÅ", an alphabet), five vowels with marks in the order of "aeiouy" ("áéíóú",
/// "ÀÉÎÕÜ", "âêîôû"), or nine letters with marks in alphabetical order ("àâçéèêëîïôûùüÿ"), as
/// a language's accented letters are listed? A legacy decoder keeps the order of an
/// alphabet's bytes, so a listing reads as another alphabet's listing ("АЙОХЬ"), and words
/// run neither (decision note 0071).
///
/// ```
/// use _core::candidates::legacy::listing;
/// assert!(listing("ÀÁÂÃÄÅ".chars()) && listing("âêîôû".chars()) && listing("ÁÉÍÓÚÑ".chars()));
/// assert!(listing("àâçéèêëîïôûùüÿ".chars()) && listing("ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ".chars()));
/// assert!(!listing("Ïàâëî".chars()) && !listing("áéíó".chars()) && !listing("ûôîêâ".chars()));
/// assert!(!listing("áàãàòòÿ".chars())); // Ukrainian "багаття" read as windows-1252
/// ```
pub fn listing(run: impl Iterator<Item = char>) -> bool {
    let mut streak = Streak::default();
    run.into_iter().any(|c| streak.push(c))
}

/// Characters in code point order so far, and letters with marks in alphabetical order (vowels
/// and all), for [`listing`].
#[derive(Default)]
struct Streak {
    length: usize,
    previous: Option<char>,
    /// How many marked vowels in a row, each later in the alphabet than the one before; how
    /// many marked letters, each at least as late as the one before; the last one's letter.
    vowels: usize,
    letters: usize,
    letter: u8,
}

impl Streak {
    /// The longest run of characters in code point order that words have, and of marked vowels
    /// in the order of "aeiouy".
    const LONGEST_IN_WORDS: usize = 4;
    /// How many marked letters in alphabetical order make a listing: more than words have.
    /// Chosen on the train and dev splits, whose damaged rows have seven at most ("áàãàòòÿ").
    const LETTERS_LISTED: usize = 9;

    /// Add `c`: whether the streak is now longer than words have.
    fn push(&mut self, c: char) -> bool {
        let follows = self.previous.is_some_and(|p| c as u32 == p as u32 + 1);
        self.length = if follows { self.length + 1 } else { 1 };
        self.previous = Some(c);
        match marked_letter(c) {
            Some(letter) => {
                let in_order = self.letters > 0 && letter >= self.letter;
                let later = in_order && letter > self.letter;
                self.vowels = match b"aeiouy".contains(&letter) {
                    true if later && self.vowels > 0 => self.vowels + 1,
                    true => 1,
                    false => 0,
                };
                self.letters = if in_order { self.letters + 1 } else { 1 };
                self.letter = letter;
            }
            None => (self.vowels, self.letters, self.letter) = (0, 0, 0),
        }
        self.length > Self::LONGEST_IN_WORDS
            || self.vowels > Self::LONGEST_IN_WORDS
            || self.letters >= Self::LETTERS_LISTED
    }
}

/// The letter `c` is with a mark ("é" is b'e', "Ř" b'r'), of the Latin letters with marks
/// (U+00C0 to U+024F), from their canonical decompositions.
fn marked_letter(c: char) -> Option<u8> {
    const FIRST: u32 = 0xC0;
    const END: u32 = 0x250;
    static LETTERS: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let code = (c as u32).checked_sub(FIRST).filter(|&i| i < END - FIRST)?;
    let letters = LETTERS.get_or_init(|| {
        let of = |c: char| {
            let mut decomposed = Vec::new();
            unicode_normalization::char::decompose_canonical(c, |d| decomposed.push(d));
            match decomposed[..] {
                [base, _, ..] if base.is_ascii_alphabetic() => base.to_ascii_lowercase() as u8,
                _ => 0,
            }
        };
        (FIRST..END).map(|code| char::from_u32(code).map_or(0, of)).collect()
    });
    Some(letters[code as usize]).filter(|&l| l != 0)
}

/// Is `c`, an ASCII character between `before` and `after`, one a run of non-ASCII characters
/// goes on over: a possible trail byte of a multi-byte character between two high bytes
/// ("§d«T¶¯" is Big5's "吳俊雄": d and T are trail bytes)?
///
/// Not between two quotation marks: „X“, ”N” and «a» are a letter quoted in real text far
/// more often than three bytes of mojibake.
pub fn trail_byte_between(before: Option<char>, c: char, after: Option<char>) -> bool {
    const QUOTES: [char; 10] = ['«', '»', '„', '“', '”', '‚', '‘', '’', '‹', '›'];
    ('\u{40}'..='\u{7E}').contains(&c)
        && before.is_some_and(|b| !b.is_ascii())
        && after.is_some_and(|a| !a.is_ascii())
        && !(before.is_some_and(|b| QUOTES.contains(&b))
            && after.is_some_and(|a| QUOTES.contains(&a)))
}

/// A set of legacy pairs: bit `i` stands for `LEGACY_PAIRS[i]`.
pub type Pairs = u32;

/// Every legacy pair.
pub const ALL_PAIRS: Pairs = (1 << LEGACY_PAIRS.len()) - 1;

/// What the legacy decoders make of a character: the pairs whose decoder writes it, of
/// those the pairs that may make a piece with it ([`pairs_of`]), and of those the pairs whose
/// piece may begin with a Latin letter there: its repair under a single-byte true encoding
/// is one, or its byte begins one in a multi-byte true encoding ([`latin_leads`]). `known`
/// is false for a character no legacy decoder writes (nor a C1 control, nor U+FFFD).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Written {
    known: bool,
    writers: Pairs,
    changers: Pairs,
    latin: Pairs,
}

/// [`Written`] of every character a legacy decoder writes (and of the C1 controls and
/// U+FFFD, which no pair changes), from one pass over the decoders' tables at first use.
fn written(c: char) -> Option<Written> {
    static WRITTEN: std::sync::OnceLock<CharMap<Written>> = std::sync::OnceLock::new();
    let written = WRITTEN
        .get_or_init(|| {
            let none = Written { known: true, writers: 0, changers: 0, latin: 0 };
            let mut map = rustc_hash::FxHashMap::default();
            for c in ('\u{80}'..='\u{9F}').chain(std::iter::once('\u{FFFD}')) {
                map.insert(c, none);
            }
            for (index, (encoded_as, decoded_as)) in LEGACY_PAIRS.iter().enumerate() {
                let decoder =
                    codecs::single_byte(decoded_as).expect("legacy decoders are single-byte");
                let source = codecs::single_byte(encoded_as);
                let latin_leads = source.is_none().then(|| latin_leads(encoded_as));
                for c in decoder.high.iter().copied().chain('\u{80}'..='\u{9F}') {
                    let Some(byte) = misread_byte(decoder, c).filter(|&b| b >= 0x80) else {
                        continue;
                    };
                    let written = map.entry(c).or_insert(none);
                    written.writers |= 1 << index;
                    let read = source.map(|table| read_as(decoder, table, c));
                    if read.is_none_or(|r| r.is_some_and(|r| r != c)) {
                        written.changers |= 1 << index;
                    }
                    let latin = match (read, &latin_leads) {
                        (Some(read), _) => read.is_some_and(is_latin_letter),
                        (None, Some(leads)) => leads[usize::from(byte - 0x80)],
                        (None, None) => false,
                    };
                    if latin {
                        written.latin |= 1 << index;
                    }
                }
            }
            CharMap::new(&map)
        })
        .get(c);
    written.known.then_some(written)
}

/// The legacy pairs that may make a piece with `c`, or `None` if no legacy decoder could
/// have made it (a run with such a character, CJK or Greek or Arabic text, is no legacy
/// candidate, and is not looked up).
///
/// A pair may use `c` where its decoder has `c` as a high byte and the true encoding reads
/// that byte as another character ("á" is 0xE1 in windows-1252, "б" in windows-1251, and
/// "á" again in windows-1250), or, for a multi-byte true encoding, as part of any character.
fn pairs_of(c: char) -> Option<Pairs> {
    written(c).map(|w| w.changers)
}

/// The bytes of a multi-byte encoding that begin a Latin letter of one or two bytes (GBK's
/// pinyin row, Shift_JIS's and EUC-KR's Latin letters), by byte less 0x80: where a legacy
/// piece of that encoding may begin with one ([`multi_byte_pieces`] reads one or two bytes).
fn latin_leads(encoding: &str) -> [bool; 128] {
    let encoding = codecs::encoding_for(encoding).expect("a WHATWG encoding");
    let mut leads = [false; 128];
    let latin = crate::letters::LATIN_BLOCKS.iter().flat_map(|&(first, last)| first..=last);
    for c in latin.filter(|&c| !c.is_ascii() && is_latin_letter(c)) {
        for sequence in codecs::byte_sequences(encoding, c) {
            if sequence.len() <= 2 && sequence[0] >= 0x80 {
                leads[usize::from(sequence[0] - 0x80)] = true;
            }
        }
    }
    leads
}

/// The legacy pairs whose decoder can have written `c`: all of them for ASCII and for a
/// U+FFFD (bytes lost, which any pair may leave).
///
/// ```
/// use _core::candidates::legacy::writers_of;
/// use _core::readings::LEGACY_PAIRS;
/// let pair = |p| 1 << LEGACY_PAIRS.iter().position(|&q| q == p).unwrap();
/// let czech = pair(("windows-1250", "windows-1252"));
/// assert_eq!(writers_of('ý') & czech, czech);
/// assert_eq!(writers_of('ř') & czech, 0); // windows-1252 has no "ř"
/// ```
pub fn writers_of(c: char) -> Pairs {
    if c.is_ascii() || c == '\u{FFFD}' {
        return ALL_PAIRS;
    }
    written(c).map_or(0, |w| w.writers)
}

/// The legacy pairs that may have misread a run in a word, of the letters of the word around
/// it: those whose decoder can have written every one. A word's letters are decoded by one
/// decoder: "ý" in "přibývat" is no windows-1252 reading's, whose decoder has no "ř". (The
/// run's own characters may be of several: "’\u{85}", a UTF-8 quote and a windows-1252
/// ellipsis read as latin-1, ftfy's "inconsistent" case.)
pub fn word_writers(word: impl Iterator<Item = char>) -> Pairs {
    word.filter(|c| !c.is_ascii()).fold(ALL_PAIRS, |pairs, c| pairs & writers_of(c))
}

/// Could a legacy decoder have made this character (a C1 control, U+FFFD)? A run with one
/// that none could is no candidate.
pub fn legacy_decodable(c: char) -> bool {
    pairs_of(c).is_some()
}

/// A run of non-ASCII characters that could be legacy mojibake, and how much more it looks
/// like legacy mojibake than like text (`shape`, in its context).
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub start: usize,
    pub end: usize,
    pub shape: Cost,
    /// What it costs as text, in its context: no repair of a piece of it gains more.
    pub as_text: Cost,
    /// Whether a piece of it may make a price ([`may_make_a_price`]).
    pub price: bool,
    /// The word the run is in ([`word_of`]): whether a piece of it could make a known word of
    /// an unknown one.
    pub word: Word,
    /// The legacy pairs that may make a piece of it.
    pub pairs: Pairs,
    /// Of those, the pairs whose piece may make a known word ([`word_pairs`]).
    pub word_pairs: Pairs,
    /// Of those, the pairs whose piece may make a Chinese name ([`name_pairs`]).
    pub name_pairs: Pairs,
}

/// The word a run of letters is in, as the decision's word evidence reads it for each piece
/// of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// A known word: no piece of the run can make a known word of an unknown one.
    Known,
    /// An unknown word: a piece may make it a known one.
    Unknown,
    /// Not one word (the run holds other characters than letters, or a piece may end in
    /// another word): a piece may make a known word.
    Other,
}

impl Word {
    /// Could a piece of the run gain by making a known word?
    pub fn may_gain(self) -> bool {
        self != Word::Known
    }
}

/// The runs of non-ASCII characters that could be legacy mojibake: letters (or C1 controls)
/// a legacy decoder makes, but Cyrillic words in ordinary case.
pub fn runs(text: &[char], drawn: &[(usize, usize)]) -> Vec<Run> {
    let mut runs = Vec::new();
    let mut controls = LineControls::default();
    let mut at = 0;
    while at < text.len() {
        if text[at].is_ascii() {
            at += 1;
            continue;
        }
        let start = at;
        at = run_end(text, start);
        let after = text.get(at).copied();
        // C1 controls in a line with C0 controls are controls ([`LineControls`]).
        if text[start..at].iter().all(|c| ('\u{80}'..='\u{9F}').contains(c))
            && controls.in_line(text, start)
        {
            continue;
        }
        if overlaps(drawn, start, at) {
            continue;
        }
        let run = text[start..at].iter().copied();
        let around = (text[..start].iter().rev().copied(), text[at..].iter().copied());
        if let Some((survey, price)) = run_survey_in_text(around.0, run, around.1) {
            let (word_start, word_end) = word_around(text, start, at, |i| is_letter(text[i]));
            let around = text[word_start..start].iter().chain(&text[at..word_end]);
            let pairs = survey.pairs & word_writers(around.copied());
            let word = text[word_start..word_end].iter().copied();
            let word = word_of(word, text[start..at].iter().copied(), after);
            let before = start.checked_sub(1).map(|i| text[i]);
            let word_pairs = word_pairs(word, pairs, survey.latin, before, after);
            let first = [text[start], text.get(start + 1).copied().unwrap_or(' ')];
            let name_pairs =
                name_pairs(pairs, first, at - start, start - word_start, word_end - at);
            let (shape, as_text) = (survey.shape, survey.as_text);
            runs.push(Run {
                start,
                end: at,
                shape,
                as_text,
                price,
                word,
                pairs,
                word_pairs,
                name_pairs,
            });
        }
    }
    runs
}

/// How many letters on either side of a run or a piece its word reaches at most: a longer
/// stretch of letters is no word of any language, and a text of one such stretch holding a
/// run every few letters is read in linear time.
pub const WORD_REACH: usize = 64;

/// The span of the word around `text[start..end]`: the letters on either side of it (`is_letter`
/// tells whether the character at an index is one), up to [`WORD_REACH`] on each.
///
/// ```
/// use _core::candidates::legacy::{word_around, WORD_REACH};
/// use _core::letters::is_letter;
/// let chars: Vec<char> = "le café noir".chars().collect();
/// assert_eq!(word_around(&chars, 6, 7, |i| is_letter(chars[i])), (3, 7));
/// let long: Vec<char> = "aýb".repeat(100).chars().collect();
/// let span = word_around(&long, 151, 152, |i| is_letter(long[i]));
/// assert_eq!(span, (151 - WORD_REACH, 152 + WORD_REACH));
/// ```
pub fn word_around(
    text: &[char],
    start: usize,
    end: usize,
    mut is_letter: impl FnMut(usize) -> bool,
) -> (usize, usize) {
    let mut word_start = start;
    while word_start > start.saturating_sub(WORD_REACH) && is_letter(word_start - 1) {
        word_start -= 1;
    }
    let mut word_end = end;
    while word_end < text.len().min(end + WORD_REACH) && is_letter(word_end) {
        word_end += 1;
    }
    (word_start, word_end)
}

/// [`word_around`] of the run at units `start..end` of a text (bytes of UTF-8, or code points),
/// in its units: the letters on either side of it, up to [`WORD_REACH`] on each.
///
/// ```
/// use _core::candidates::legacy::word_around_in;
/// let text = "le café noir";
/// assert_eq!(word_around_in(text, 6, 8), (3, 8));
/// assert_eq!(&text[3..8], "café");
/// ```
#[inline]
pub fn word_around_in<T: Text>(text: T, start: usize, end: usize) -> (usize, usize) {
    // (plain loops: in the one pass, which asks this of every run, a chain of adapters cost more)
    let (mut word_start, mut word_end) = (start, end);
    for c in text.chars_in(0..start).rev().take(WORD_REACH) {
        if !is_letter(c) {
            break;
        }
        word_start -= T::width(c);
    }
    for c in text.chars_from(end).take(WORD_REACH) {
        if !is_letter(c) {
            break;
        }
        word_end += T::width(c);
    }
    (word_start, word_end)
}

/// Where the run that begins at `start`, a non-ASCII character, ends: it goes on over
/// non-ASCII characters and the possible trail bytes between them ([`trail_byte_between`]).
///
/// ```
/// use _core::candidates::legacy::run_end;
/// let chars: Vec<char> = "ab §d«T¶¯ cd".chars().collect();
/// assert_eq!(run_end(&chars, 3), 9);
/// ```
pub fn run_end(text: &[char], start: usize) -> usize {
    let mut at = start;
    while at < text.len()
        && (!text[at].is_ascii()
            || trail_byte_between(text.get(at - 1).copied(), text[at], text.get(at + 1).copied()))
    {
        at += 1;
    }
    at
}

/// Which lines hold C0 controls (other than tab, form feed and the line breaks), asked in text
/// order and each line scanned once. Such a line holds control characters on purpose (a
/// terminal's output, where 0x9B is the escape sequence 0x1B 0x5B in eight bits, ftfy's
/// "\u{1A}" test): its C1 controls are no legacy mojibake. (The one pass does not ask: it may
/// only read more than the analysis.)
#[derive(Default)]
struct LineControls {
    /// The last line asked: where it ends (its line break, or the text's end), and the answer.
    last: Option<(usize, bool)>,
}

impl LineControls {
    /// Does the line that holds `at` (no earlier than the last asked) hold C0 controls?
    fn in_line(&mut self, text: &[char], at: usize) -> bool {
        if let Some((_, holds)) = self.last.filter(|&(end, _)| at < end) {
            return holds;
        }
        let line_break = |c: &char| matches!(c, '\n' | '\r');
        let c0 = |c: &char| matches!(c, '\0'..='\u{8}' | '\u{B}' | '\u{E}'..='\u{1F}' | '\u{7F}');
        let start = text[..at].iter().rposition(line_break).map_or(0, |i| i + 1);
        let end = text[at..].iter().position(line_break).map_or(text.len(), |i| at + i);
        let holds = text[start..end].iter().any(c0);
        self.last = Some((end, holds));
        holds
    }
}

/// The shape of a maximal run of non-ASCII characters between `before` and `after`, if it
/// could be legacy mojibake ([`runs`]; `None` when it is no run worth reading).
pub fn run_shape(
    before: Option<char>,
    run: impl Iterator<Item = char> + Clone,
    after: Option<char>,
) -> Option<Cost> {
    run_survey(before, run, after, false).map(|survey| survey.shape)
}

/// A run worth reading: its shape ([`run_shape`]), its cost as text ([`Run::as_text`]), its
/// length in characters, the legacy pairs that may make a piece of it (`pairs_of` its
/// characters) and of those the pairs whose piece may begin with a Latin letter in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSurvey {
    pub shape: Cost,
    pub as_text: Cost,
    pub length: usize,
    pub pairs: Pairs,
    pub latin: Pairs,
}

/// [`run_shape`], with the run's length and pairs, from one pass over its characters (and
/// the models' over those worth reading); `after_an_amount`: the run may be a price's sign
/// after its amount ([`after_an_amount`], [`may_make_a_price`]), and is read even as a letter
/// alone. Runs of one character, most runs of Latin text ("á" in "lákat"), are surveyed once
/// per thread for each character and its neighbours (`SURVEYED`).
pub fn run_survey(
    before: Option<char>,
    run: impl Iterator<Item = char> + Clone,
    after: Option<char>,
    after_an_amount: bool,
) -> Option<RunSurvey> {
    let mut chars = run.clone();
    let (Some(only), None, false) = (chars.next(), chars.next(), after_an_amount) else {
        return survey(before, run, after, after_an_amount);
    };
    let key = char_bits(before) << 42 | char_bits(Some(only)) << 21 | char_bits(after);
    let judge = || survey(before, run, after, false);
    SURVEYED.with(|surveyed| surveyed.borrow_mut().get_or_insert_with(key, judge))
}

thread_local! {
    /// Surveys of one-character runs, by the character and its neighbours, 16,384 of them (a
    /// text repeats its few accented letters between the same few others; a batch of many
    /// languages repeats many more).
    static SURVEYED: std::cell::RefCell<Memo<Option<RunSurvey>>> =
        std::cell::RefCell::new(Memo::new(14, None));
}

/// [`run_survey`] of a run in its text, the characters `before` it (the nearest first) and
/// `after` it, and whether a piece of it may make a price ([`may_make_a_price`]): asked only
/// of a run worth reading, or of a letter alone after an amount ([`after_an_amount`]), which
/// is read as a price's sign. `runs` and the one pass ask each run so.
///
/// ```
/// use _core::candidates::legacy::run_survey_in_text;
/// let survey = |before: &str, run: &str, after: &str| {
///     run_survey_in_text(before.chars().rev(), run.chars(), after.chars()).map(|(_, p)| p)
/// };
/// assert_eq!(survey("Total: 12,50 ", "Ђ", ""), Some(true));
/// assert_eq!(survey("ARG1 ", "è", " minore"), None);
/// ```
pub fn run_survey_in_text(
    before: impl Iterator<Item = char> + Clone,
    run: impl Iterator<Item = char> + Clone,
    after: impl Iterator<Item = char> + Clone,
) -> Option<(RunSurvey, bool)> {
    // (A run that begins with a character no legacy decoder writes, a word of Greek, Arabic
    // or CJK text, is none: answered before the questions of its price.)
    if !run.clone().next().is_some_and(legacy_decodable) {
        return None;
    }
    let price = || may_make_a_price(before.clone(), run.clone(), after.clone());
    let beside_an_amount = after_an_amount(before.clone());
    let amount = beside_an_amount && price();
    let survey = run_survey(before.clone().next(), run.clone(), after.clone().next(), amount)?;
    Some((survey, amount || !beside_an_amount && price()))
}

/// [`run_survey`], asked of the run itself.
fn survey(
    before: Option<char>,
    run: impl Iterator<Item = char> + Clone,
    after: Option<char>,
    after_an_amount: bool,
) -> Option<RunSurvey> {
    // (A Cyrillic word in ordinary case is the run of most Cyrillic text: answered first,
    // without the facts the other questions need.)
    if !after_an_amount && plain_cyrillic(before, run.clone(), after) {
        return None;
    }
    let facts = RunFacts::of(run.clone())?;
    // Legacy mojibake is made of letters (a Cyrillic or CJK text's letters read as another
    // encoding's), of C1 controls (windows-1252 read as latin-1) or of symbols inside a word
    // (Polish "ł" read as "³" in "Rados³aw"): a run of punctuation between words ("–",
    // "«»") is not worth reading, nor tone numbers ("to³³ba", Naxi in Chao's notation).
    let in_a_word = before.is_some_and(is_letter)
        && after.is_some_and(is_letter)
        && !facts.spaced
        && (facts.length == 1 || !run.clone().all(char::is_numeric));
    let lone = lone_letter(before, &facts, after) && !after_an_amount;
    if lone || facts.listing || !(in_a_word || facts.letter_or_c1) {
        return None;
    }
    let which = Which::Mojibake(Kind::LegacyAsLegacy);
    let (as_text, as_mojibake) = models().costs_between(which, before, run, after);
    let (length, pairs, latin) = (facts.length, facts.pairs, facts.latin);
    Some(RunSurvey { shape: as_text - as_mojibake, as_text, length, pairs, latin })
}

/// The word a run is in: `word` is the run with the letters around it.
///
/// A run of letters in a known word cannot gain by a known word: every piece of the run is in
/// that word, whose evidence can only be against the repair. (A piece of a multi-byte
/// encoding may take the byte after the run as its trail: a trail byte that is no letter,
/// "_" in "omezení_tabulky", puts the piece in another word.)
pub fn word_of(
    word: impl Iterator<Item = char>,
    mut run: impl Iterator<Item = char>,
    after: Option<char>,
) -> Word {
    let other_word_after =
        after.is_some_and(|a| ('\u{40}'..='\u{7E}').contains(&a) && !is_letter(a));
    if other_word_after || !run.all(is_letter) {
        Word::Other
    } else if models().is_known_word(word) {
        Word::Known
    } else {
        Word::Unknown
    }
}

/// The pairs of a run's `pairs` whose pieces may make a known word of the word it is in
/// (`word`): none in a known word; and as a word is written in one script, where ASCII letters
/// of the word stay beside the repair, only the pairs whose piece may begin with a Latin
/// letter in the run (`latin`). The letter `before` the run stays; so does the one `after` it
/// under a single-byte true encoding, which a multi-byte one may take as a trail byte. A
/// curly apostrophe in "truth’s" is a GBK or IBM866 reading's ("truth抯", "truthТs"), never a
/// known word's.
///
/// ```
/// use _core::candidates::legacy::{word_pairs, Word, ALL_PAIRS};
/// let latin = 1;
/// assert_eq!(word_pairs(Word::Other, ALL_PAIRS, latin, Some('h'), Some('s')), latin);
/// assert_eq!(word_pairs(Word::Known, ALL_PAIRS, latin, None, None), 0);
/// assert_eq!(word_pairs(Word::Unknown, ALL_PAIRS, latin, Some(' '), None), ALL_PAIRS);
/// ```
pub fn word_pairs(
    word: Word,
    pairs: Pairs,
    latin: Pairs,
    before: Option<char>,
    after: Option<char>,
) -> Pairs {
    let multi_byte = multi_byte_pairs();
    if !word.may_gain() {
        return 0;
    }
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
    let kept_beside = match (letter(before), letter(after)) {
        (true, _) => ALL_PAIRS,
        (false, true) => ALL_PAIRS & !multi_byte,
        (false, false) => 0,
    };
    pairs & (!kept_beside | latin)
}

/// The pairs whose encoder writes every character in one byte (windows-1251, KOI8-R...): the
/// others than [`multi_byte_pairs`].
pub fn single_byte_pairs() -> Pairs {
    ALL_PAIRS & !multi_byte_pairs()
}

/// The pairs whose encoder writes characters in more than one byte (GBK, Big5...).
pub fn multi_byte_pairs() -> Pairs {
    static MULTI_BYTE: std::sync::OnceLock<Pairs> = std::sync::OnceLock::new();
    *MULTI_BYTE.get_or_init(|| {
        let multi_byte =
            |&(encoded_as, _): &(&str, &str)| codecs::single_byte(encoded_as).is_none();
        (0..LEGACY_PAIRS.len()).filter(|&i| multi_byte(&LEGACY_PAIRS[i])).fold(0, |m, i| m | 1 << i)
    })
}

/// The pairs of a run's `pairs` whose piece may make a Chinese name (`crate::names`): the
/// multi-byte pairs that read the run's first two characters (`first`) as a family name, of a
/// run of `length` characters with `letters_before` and `letters_after` it in its word that
/// may be a name's bytes. A name is a word of its own, two or three hanzi of two bytes each,
/// whose lead bytes are no ASCII: the word begins with the run, and only the last trail byte
/// may be a letter after it.
///
/// ```
/// use _core::candidates::legacy::{name_pairs, ALL_PAIRS};
/// let name = |first: &str, length, before, after| {
///     let mut first = first.chars();
///     name_pairs(ALL_PAIRS, [first.next().unwrap(), first.next().unwrap()], length, before, after)
/// };
/// assert_ne!(name("±i", 3, 0, 1), 0); // "±i®" and "a" after it: Big5's 張家
/// assert_eq!(name("ÅÅ", 4, 0, 0), 0); // GBK's 排排, Big5's 齬齬
/// assert_eq!(name("±i", 3, 0, 0), 0); // "±i®": three bytes
/// assert_eq!(name("±i", 3, 1, 1), 0); // a letter before it
/// ```
pub fn name_pairs(
    pairs: Pairs,
    first: [char; 2],
    length: usize,
    letters_before: usize,
    letters_after: usize,
) -> Pairs {
    if letters_before != 0 || letters_after > 1 || !matches!(length + letters_after, 4 | 6) {
        return 0;
    }
    pairs & family_name_pairs(first)
}

/// The multi-byte pairs that read `first` as a family name ([`name_pairs`]), kept per thread
/// for each two characters (`FAMILY_NAME_PAIRS`): a text asks it of every run of four or six
/// characters, most of them alike.
fn family_name_pairs(first: [char; 2]) -> Pairs {
    let family_name = |i: usize| {
        let (encoded_as, decoded_as) = LEGACY_PAIRS[i];
        let (Some(decoder), Some(encoding)) =
            (codecs::single_byte(decoded_as), codecs::encoding_for(encoded_as))
        else {
            return false;
        };
        let bytes = first.map(|c| decoder.encode_or_c1(c));
        let [Some(lead), Some(trail)] = bytes else {
            return false;
        };
        codecs::decode(&[lead, trail], encoding).chars().next().is_some_and(is_family_name)
    };
    let judge = || {
        let multi_byte = multi_byte_pairs();
        (0..LEGACY_PAIRS.len())
            .filter(|&i| multi_byte & (1 << i) != 0 && family_name(i))
            .fold(0, |m, i| m | 1 << i)
    };
    let key = char_bits(Some(first[0])) << 21 | char_bits(Some(first[1]));
    FAMILY_NAME_PAIRS.with(|known| known.borrow_mut().get_or_insert_with(key, judge))
}

thread_local! {
    /// [`family_name_pairs`] by the two characters, 1,024 of them.
    static FAMILY_NAME_PAIRS: std::cell::RefCell<Memo<Pairs>> =
        std::cell::RefCell::new(Memo::new(10, 0));
}

/// The spans of the runs that look like mojibake by more than `floor`, or, in an unknown word
/// that a repair could make a known one or where a pair may make a name, by more than `floor`
/// less those `bonuses` (a known word's, a name's), and those that may make a price (judged
/// by the format, whatever their shape).
pub fn suspects(runs: &[Run], floor: Cost, bonuses: (Cost, Cost)) -> Vec<(usize, usize)> {
    let read = |r: &&Run| r.price || r.suspect(floor, bonuses);
    runs.iter().filter(read).map(|r| (r.start, r.end)).collect()
}

impl Run {
    /// Does the run look like mojibake by more than `floor`, or, in an unknown word that a
    /// repair could make a known one or where a pair may make a name, by more than `floor`
    /// less those bonuses ([`suspects`])?
    pub fn suspect(&self, floor: Cost, (word_bonus, name_bonus): (Cost, Cost)) -> bool {
        let word = if self.word == Word::Unknown { word_bonus } else { 0 };
        let name = if self.name_pairs != 0 { name_bonus } else { 0 };
        self.shape + word + name > floor
    }
}

/// Every run of non-ASCII characters a legacy decoder could have made, words in ordinary
/// case and punctuation included: once a text's dominant reading is known, each of them is
/// that reading's to take, or the text stays half repaired ("Д." in an address). Not the
/// text's `drawn` runs ([`drawn_runs`]).
pub fn every_run(text: &[char], drawn: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut at = 0;
    while at < text.len() {
        if text[at].is_ascii() || !legacy_decodable(text[at]) {
            at += 1;
            continue;
        }
        let start = at;
        while at < text.len() && !text[at].is_ascii() && legacy_decodable(text[at]) {
            at += 1;
        }
        if !listing(text[start..at].iter().copied()) && !overlaps(drawn, start, at) {
            spans.push((start, at));
        }
    }
    spans
}

/// Does a span of `spans` (`(start, end)` offsets, in order and apart) overlap `start..end`?
/// (A binary search: a text of many drawings asks it of every run.)
///
/// ```
/// use _core::candidates::legacy::overlaps;
/// let spans = [(0, 4), (8, 12)];
/// assert!(overlaps(&spans, 3, 5) && overlaps(&spans, 9, 10) && overlaps(&spans, 2, 20));
/// assert!(!overlaps(&spans, 4, 8) && !overlaps(&spans, 12, 13) && !overlaps(&[], 0, 9));
/// ```
pub fn overlaps(spans: &[(usize, usize)], start: usize, end: usize) -> bool {
    let first_after = spans.partition_point(|&(_, e)| e <= start);
    spans.get(first_after).is_some_and(|&(s, _)| s < end)
}

/// The runs of non-ASCII characters of `text` that are drawn rather than written, as
/// `(start, end)` character offsets, in order: three characters or more, a symbol among them
/// (lost data is none), whose mirror image is another run of the text ("°º¤ø,¸¸,ø¤º°"), or
/// that is its own and longer than words have ("ø¤º°°º¤ø"). Text does not mirror its words;
/// decorations do, and every reading of one is a garble (Thai "ฐบค๘,¸¸,๘คบฐ", box drawing,
/// Hangul): no candidate is taken in them.
///
/// ```
/// use _core::candidates::legacy::{drawn_runs, every_run};
/// let chars = |text: &str| text.chars().collect::<Vec<char>>();
/// let text = chars("°º¤ø,¸¸,ø¤º°");
/// assert_eq!(drawn_runs(&text), [(0, 4), (8, 12)]);
/// assert_eq!(every_run(&text, &drawn_runs(&text)), [(5, 7)]);
/// // Letters mirrored are words ("жив" and "виж"), and a short palindrome is no mirror image.
/// assert!(drawn_runs(&chars("æèâ âèæ")).is_empty() && drawn_runs(&chars("°º° °º°")).is_empty());
/// assert_eq!(drawn_runs(&chars("°º¤ø,¸¸,ø¤º°°º¤ø,¸¸,ø¤º°")), [(0, 4), (8, 16), (20, 24)]);
/// ```
pub fn drawn_runs(text: &[char]) -> Vec<(usize, usize)> {
    // Runs that may be drawn, and whether each is its own mirror image.
    let mut drawn = Vec::new();
    let mut at = 0;
    for run in text.chunk_by(|a, b| a.is_ascii() == b.is_ascii()) {
        let start = at;
        at += run.len();
        if !run[0].is_ascii()
            && run.len() >= 3
            && run.iter().any(|&c| !is_letter(c))
            && !run.contains(&'\u{FFFD}')
        {
            drawn.push((start, at, run.iter().eq(run.iter().rev())));
        }
    }
    if drawn.len() < 2 && !drawn.iter().any(|&(_, _, palindrome)| palindrome) {
        return Vec::new();
    }
    // (a set of the runs, so that a text of many is read in linear time)
    let runs: rustc_hash::FxHashSet<&[char]> =
        drawn.iter().filter(|d| !d.2).map(|&(s, e, _)| &text[s..e]).collect();
    let mut mirror = Vec::new();
    drawn.retain(|&(start, end, palindrome)| {
        if palindrome {
            return end - start > LONGEST_PALINDROME_IN_WORDS;
        }
        mirror.clear();
        mirror.extend(text[start..end].iter().rev());
        runs.contains(&mirror[..])
    });
    drawn.into_iter().map(|(start, end, _)| (start, end)).collect()
}

/// The longest run with a symbol that reads the same both ways in words: longer is a drawing
/// ("ø¤º°°º¤ø"). The damaged train and dev rows have one such run, of four digits ("৪৯৯৪"),
/// and EUC-JP's "いい" misread is "¤¤¤¤".
const LONGEST_PALINDROME_IN_WORDS: usize = 4;

/// The pieces in `spans` of the legacy pairs in `pairs`, grouped by reading in text order. A
/// stretch whose repair holds a code point no text is written with
/// ([`crate::model::Models::never_text`]) is no piece: each is dropped as it is read.
pub fn pieces(text: &[char], spans: &[(usize, usize)], pairs: Pairs) -> Vec<Piece> {
    let mut out = Vec::new();
    if spans.is_empty() {
        return out;
    }
    // A pair's pieces are disjoint and each holds a character of a span: one pair, as the
    // decision asks, has no more of them than the spans' characters, which one endless run of
    // them may reach; several pairs (a tool's question) start from a piece a span each.
    let room = match pairs.count_ones() {
        1 => spans.iter().map(|(start, end)| end - start).sum(),
        n => spans.len() * n as usize,
    };
    out.reserve(room);
    for index in (0..LEGACY_PAIRS.len()).filter(|&i| pairs & (1 << i) != 0) {
        pair_pieces(text, spans, index, &mut out);
    }
    out
}

/// Is `c` a currency sign: "$", "¢" to "¥", the Currency Symbols block, or a fullwidth one?
pub fn currency_sign(c: char) -> bool {
    matches!(c, '$' | '¢'..='¥' | '\u{20A0}'..='\u{20CF}' | '￠' | '￡' | '￥' | '￦')
}

/// Could a piece of a legacy run make a price (`decision::makes_a_price`)? Some of its characters are
/// what a legacy pair makes of a currency sign or a no-break space (`price_images`), and a
/// digit stands beside the run or one space away (or in it, where a multi-byte pair's trail
/// bytes are ASCII). A run with its amount only after it makes the price's sign at its end,
/// and a sign glued to a letter before it is no price's ("Mostová 399"): some piece near its
/// end must begin after no letter. `before` and `after` are the characters on either side,
/// the nearest first. A run that may is read whatever its shape ([`Run::price`]).
///
/// ```
/// use _core::candidates::legacy::may_make_a_price;
/// let run = |before: &str, run: &str, after: &str| {
///     may_make_a_price(before.chars().rev(), run.chars(), after.chars())
/// };
/// assert!(run("9,69", "\u{A0}Ђ", "")); // "9,69 €": windows-1252 read as windows-1251
/// assert!(!run("para", "\u{A0}Ђ", ""));
/// assert!(!run("5 ", "°", "C")); // no pair makes "°" of a sign
/// // "á" is what macintosh's "á" is to windows-1252 and what some pairs make of a sign's byte:
/// // after a space it may be a price's sign, at the end of a word it is not.
/// assert!(run("Cena: ", "á", " 399") && !run("Mostov", "á", " 399,"));
/// ```
pub fn may_make_a_price(
    before: impl Iterator<Item = char> + Clone,
    run: impl Iterator<Item = char> + Clone,
    after: impl Iterator<Item = char> + Clone,
) -> bool {
    let near = beside_a_digit(before.clone())
        || run.clone().any(|c| c.is_ascii_digit())
        || beside_a_digit(after.clone()) && ends_unglued(before.clone().next(), run.clone());
    near && run.clone().any(|c| price_images().binary_search(&c).is_ok())
        || may_end_a_currency_word(before, run, after.clone().next())
}

/// How far from a run's end a piece that makes a price with the amount after the run may
/// begin: its repair is a sign and a no-break space at most, each of at most two characters
/// (a multi-byte pair's), and a no-break space of the text may stand between it and the
/// amount.
const PRICE_REACH: usize = 5;

/// Could a piece begin within [`PRICE_REACH`] characters of the run's end where the character
/// before it is no letter (`before`: the one before the run)? A price's sign glued to a letter
/// is none (`decision::makes_a_price`).
fn ends_unglued(before: Option<char>, run: impl Iterator<Item = char>) -> bool {
    // Bit `k`: the character before the `k`-th from the end is a letter.
    let (mut previous, mut glued, mut length) = (before, 0u32, 0);
    for c in run {
        glued = glued << 1 | u32::from(previous.is_some_and(is_letter));
        previous = Some(c);
        length += 1;
    }
    let near_the_end = (1u32 << PRICE_REACH.min(length)) - 1;
    glued & near_the_end != near_the_end
}

/// Currencies written after the amount with a letter no ASCII has: the Czech koruna and the
/// Polish złoty (CLDR's symbols for CZK and PLN). A legacy pair that misreads the letter
/// ("91,29 Kè", "211,95 z³") leaves no sign to judge the price by.
pub const CURRENCY_WORDS: [&str; 2] = ["Kč", "zł"];

/// Is `c` a letter of the [`CURRENCY_WORDS`] that ASCII has not? (Asked of every character a
/// repair makes: spelt out, not searched for.)
///
/// ```
/// use _core::candidates::legacy::{currency_word_letter, CURRENCY_WORDS};
/// let letters = CURRENCY_WORDS.iter().flat_map(|w| w.chars()).filter(|c| !c.is_ascii());
/// assert!(letters.clone().all(currency_word_letter) && letters.count() == 2);
/// assert!(!currency_word_letter('K') && !currency_word_letter('c'));
/// ```
pub fn currency_word_letter(c: char) -> bool {
    matches!(c, 'č' | 'ł')
}

/// Could a run end one of the [`CURRENCY_WORDS`] misread after an amount: its last character
/// is no ASCII and not the word's own second letter, the one before it (in the run or `before`
/// it, the nearest first) is the word's first letter, then comes a space of some kind and a
/// digit, and no letter follows (`after`)?
///
/// ```
/// use _core::candidates::legacy::may_end_a_currency_word;
/// let run = |before: &str, run: &str, after: Option<char>| {
///     may_end_a_currency_word(before.chars().rev(), run.chars(), after)
/// };
/// assert!(run("91,29", "\u{A0}Kè", None) && run("91,29 K", "è", Some(' ')));
/// assert!(!run("91,29 K", "è", Some('t')) && !run("Kè", "è", None));
/// assert!(!run("499,86", "\u{A0}zł", None)); // written right
/// ```
pub fn may_end_a_currency_word(
    before: impl Iterator<Item = char>,
    run: impl Iterator<Item = char>,
    after: Option<char>,
) -> bool {
    if after.is_some_and(is_letter) {
        return false;
    }
    // The run's last characters, the last first, then the characters before it (the run holds
    // the word's letters and a space at most).
    let mut last = ['\0'; 3];
    let mut length = 0;
    for c in run.take(4) {
        last = [c, last[0], last[1]];
        length += 1;
    }
    if length > 3 {
        return false;
    }
    let mut back = last.into_iter().take(length).chain(before);
    let (misread, first) = (back.next(), back.next());
    // (a currency word written right is no misreading: "zł")
    let of_a_word = |word: &&str| {
        let mut letters = word.chars();
        letters.next() == first
            && misread.is_some_and(|c| !c.is_ascii() && Some(c) != letters.next())
    };
    CURRENCY_WORDS.iter().any(of_a_word) && spaced_from_an_amount(back)
}

/// Do the characters before a currency word (the nearest first) begin with a price's space
/// ([`price_space`]) and a digit before it, as "149,38 Kč" does?
///
/// ```
/// use _core::candidates::legacy::spaced_from_an_amount;
/// assert!(spaced_from_an_amount("149,38\u{A0}".chars().rev()));
/// assert!(!spaced_from_an_amount("149,38".chars().rev()) && !spaced_from_an_amount("a ".chars().rev()));
/// ```
pub fn spaced_from_an_amount(mut before: impl Iterator<Item = char>) -> bool {
    before.next().is_some_and(price_space) && before.next().is_some_and(|c| c.is_ascii_digit())
}

/// Is `c` a space a price is written with between its amount and its currency: an ASCII
/// space, a no-break space or a narrow one (CLDR's French)?
pub fn price_space(c: char) -> bool {
    matches!(c, ' ' | '\u{A0}' | '\u{202F}')
}

/// Is the first of `chars` a digit, or a space and the second one?
fn beside_a_digit(mut chars: impl Iterator<Item = char>) -> bool {
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    let first = chars.next();
    digit(first) || first == Some(' ') && digit(chars.next())
}

/// Does an amount with two decimals and a space end where the characters `before` a run
/// (the nearest first) begin: "12,50 ", "1.299,00 "? A letter alone after one may be its
/// sign ("12,50 Ђ" is windows-1252's "€" read as windows-1251); a letter alone beside any
/// other number is most often a word ("ў 8-бітным", "ARG1 è minore").
///
/// ```
/// use _core::candidates::legacy::after_an_amount;
/// assert!(after_an_amount("Total: 12,50 ".chars().rev()));
/// assert!(!after_an_amount("ARG1 ".chars().rev()) && !after_an_amount("12,5 ".chars().rev()));
/// ```
pub fn after_an_amount(mut before: impl Iterator<Item = char>) -> bool {
    let mut next = || before.next().unwrap_or('\0');
    let digit = |c: char| c.is_ascii_digit();
    next() == ' ' && digit(next()) && digit(next()) && matches!(next(), ',' | '.') && digit(next())
}

/// Every character a legacy pair ([`LEGACY_PAIRS`]) makes of a byte of a currency sign or of a
/// no-break space, sorted: "Ђ" (windows-1252's "€" read as windows-1251), "Ê" and "Û"
/// (macintosh's NBSP and "€" read as windows-1252) ...
fn price_images() -> &'static [char] {
    static IMAGES: std::sync::OnceLock<Vec<char>> = std::sync::OnceLock::new();
    IMAGES.get_or_init(|| {
        let signs = ('\u{A0}'..='\u{FFFF}').filter(|&c| currency_sign(c) || c == '\u{202F}');
        let signs: Vec<char> = signs.collect();
        let mut images = Vec::new();
        for (encoded_as, decoded_as) in LEGACY_PAIRS {
            let decoder = codecs::single_byte(decoded_as).expect("legacy decoders are single-byte");
            let table = codecs::single_byte(encoded_as);
            let encoding = codecs::encoding_for(encoded_as).expect("a WHATWG encoding");
            for &sign in &signs {
                let bytes = match table {
                    Some(table) => table.encode(sign).map(|b| vec![b]),
                    None => codecs::encode(sign.encode_utf8(&mut [0; 4]), encoding).ok(),
                };
                let Some(bytes) = bytes else { continue };
                let read = bytes.iter().filter(|&&b| b >= 0x80);
                let read: Vec<char> = read.map(|&b| decoder.high[usize::from(b - 0x80)]).collect();
                // (a sign the pair reads as itself makes no piece)
                if read != [sign] {
                    images.extend(read);
                }
            }
        }
        images.retain(|&c| c != '\u{FFFD}' && !('\u{80}'..='\u{9F}').contains(&c));
        images.sort_unstable();
        images.dedup();
        images
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::readings::readings;

    #[test]
    fn latin_pairs_are_those_that_may_repair_into_a_latin_letter() {
        let latin_pairs_of = |c| written(c).map_or(0, |w| w.latin);
        let pair = |p| 1 << LEGACY_PAIRS.iter().position(|&q| q == p).unwrap();
        let (gbk, polish) = (pair(("GBK", "windows-1252")), pair(("windows-1250", "windows-1252")));
        // GBK's A8 row is its pinyin ("¨¦" is "é"); 92 begins ideographs only.
        assert_eq!(latin_pairs_of('¨') & gbk, gbk);
        assert_eq!(latin_pairs_of('’') & gbk, 0);
        // "³" is windows-1250's "ł"; windows-1252's "’" is its own "’", no letter.
        assert_eq!(latin_pairs_of('³') & polish, polish);
        assert_eq!(latin_pairs_of('’') & polish, 0);
    }

    fn has(text: &str, original: &str, replacement: &str, encoded_as: &str) {
        let chars: Vec<char> = text.chars().collect();
        let all: Vec<(String, String, &str)> =
            pieces(&chars, &suspects(&runs(&chars, &[]), Cost::MIN, (0, 0)), ALL_PAIRS)
                .into_iter()
                .map(|p| {
                    let original: String = chars[p.start..p.end].iter().collect();
                    (original, p.replacement, readings()[p.reading as usize].encoded_as)
                })
                .collect();
        assert!(
            all.iter().any(|(o, r, e)| o == original && r == replacement && *e == encoded_as),
            "{text}: {all:?}"
        );
    }

    #[test]
    fn c1_controls_beside_c0_controls_are_no_run() {
        let spans = |text: &str| {
            let chars: Vec<char> = text.chars().collect();
            runs(&chars, &[]).iter().map(|r| (r.start, r.end)).collect::<Vec<_>>()
        };
        assert_eq!(spans("intentional \u{81}"), [(12, 13)]);
        assert_eq!(spans("\u{1A} intentional \u{81}"), []);
        assert_eq!(spans("\u{1B}[0m\n\u{93}quoted\u{94}"), [(5, 6), (12, 13)]);
        assert_eq!(spans("\u{1B}[0m \u{9B}31m Ã\u{81}"), [(10, 12)]);
    }

    #[test]
    fn a_run_is_no_reading_of_a_decoder_that_cannot_write_its_word() {
        let pair = |p| 1 << LEGACY_PAIRS.iter().position(|&q| q == p).unwrap();
        let (czech, turkish) =
            (pair(("windows-1250", "windows-1252")), pair(("windows-1254", "windows-1252")));
        let pairs_of_run = |text: &str, at: usize| {
            let chars: Vec<char> = text.chars().collect();
            runs(&chars, &[]).iter().find(|r| r.start == at).map_or(0, |r| r.pairs)
        };
        // "ý" is windows-1252's (Turkish "ı" in windows-1254); in a word with "ř", which
        // windows-1252 has not, it is no misreading by windows-1252's decoder
        assert_eq!(pairs_of_run("Refik Sarýcabay", 9) & turkish, turkish);
        assert_eq!(pairs_of_run("přibývat", 4) & turkish, 0);
        assert_eq!(pairs_of_run("Ðorde", 0) & czech, czech);
        assert_eq!(pairs_of_run("Ðorđe Balašević", 0) & czech, 0);
        // a run's own characters may be of several decoders (ftfy's "inconsistent" case)
        let latin_1 = pair(("windows-1252", "latin-1"));
        assert_eq!(pairs_of_run("pressure’\u{85}", 8) & latin_1, latin_1);
        assert_eq!(word_writers("přibýv".chars()) & czech, 0);
        assert_eq!(word_writers("Grüße".chars()) & czech, czech);
    }

    #[test]
    fn the_word_a_run_is_in() {
        let word =
            |word: &str, run: &str, after: Option<char>| word_of(word.chars(), run.chars(), after);
        assert_eq!(word("été", "é", Some('t')), Word::Known);
        assert_eq!(word("aflãm", "ã", Some('m')), Word::Unknown);
        assert_eq!(word("été", "é", Some('_')), Word::Other); // "é_" may be one character
        assert_eq!(word("été", "é–", Some(' ')), Word::Other);
        assert!(!Word::Known.may_gain() && Word::Unknown.may_gain() && Word::Other.may_gain());
    }

    #[test]
    fn a_survey_asks_what_each_question_would() {
        let survey =
            |before, run: &str, after| run_survey(Some(before), run.chars(), Some(after), false);
        // Worth reading: a run read as another alphabet, a symbol inside a word ("Rados³aw"),
        // a Cyrillic word in ordinary case that goes on in Latin letters.
        let worth =
            [(' ', "Ïðèâåò", ' '), (' ', "пТЙЧЕФ", ' '), ('o', "³", 'a'), ('a', "Привет", ' ')];
        for (before, run, after) in worth {
            let found = survey(before, run, after).expect(run);
            assert_eq!(found.length, run.chars().count());
            let pairs = run.chars().filter_map(pairs_of).fold(0, |all, pairs| all | pairs);
            assert_eq!(found.pairs, pairs);
            assert_eq!(Some(found.shape), run_shape(Some(before), run.chars(), Some(after)));
        }
        // Not worth reading: a Cyrillic word in ordinary case, a lone letter, a listing, a
        // character no legacy decoder makes, punctuation between words, tone numbers.
        for (before, run, after) in [
            (' ', "Привет", ' '),
            (' ', "Æ", ' '),
            (' ', "ÀÁÂÃÄÅ", ' '),
            (' ', "Ïð中", ' '),
            (' ', "–", ' '),
            ('o', "³³", 'b'),
        ] {
            assert_eq!(survey(before, run, after), None, "{run}");
        }
    }

    #[test]
    fn the_pairs_that_may_change_a_character() {
        let pair = |encoded_as: &str, decoded_as: &str| -> Pairs {
            let i = LEGACY_PAIRS.iter().position(|&p| p == (encoded_as, decoded_as));
            1 << i.expect("a legacy pair")
        };
        // "á" is 0xE1 in windows-1252: "б" in windows-1251, "á" again in windows-1250.
        let a = pairs_of('á').expect("a legacy decoder makes it");
        assert_ne!(a & pair("windows-1251", "windows-1252"), 0);
        assert_eq!(a & pair("windows-1250", "windows-1252"), 0);
        // Any high byte may be part of a multi-byte character.
        assert_ne!(a & pair("GBK", "windows-1252"), 0);
        // "č" is in no table windows-1252 decodes, and 0xE8 in both windows-1250 and
        // ISO-8859-2; "š" is 0xB9 in ISO-8859-2, "ą" in windows-1250.
        let c = pairs_of('č').expect("a legacy decoder makes it");
        assert_eq!(c & pair("windows-1251", "windows-1252"), 0);
        assert_eq!(c & pair("windows-1250", "ISO-8859-2"), 0);
        assert_ne!(pairs_of('š').unwrap_or(0) & pair("windows-1250", "ISO-8859-2"), 0);
        // A C1 control that windows-1252's decoder kept is latin-1's: windows-1254 reads its
        // byte as windows-1252 shows it ("’"), which is windows-1252 read as latin-1; Mac OS
        // Roman reads it as its own "í".
        let c1 = pairs_of('\u{92}').expect("a C1 control is a byte");
        assert_eq!(c1 & pair("windows-1254", "windows-1252"), 0);
        assert_ne!(c1 & pair("windows-1252", "latin-1"), 0);
        assert_ne!(c1 & pair("macintosh", "latin-1"), 0);
        // No legacy decoder makes an ideograph.
        assert_eq!(pairs_of('中'), None);
        assert!(!legacy_decodable('中') && legacy_decodable('č'));
    }

    #[test]
    fn legacy_misreadings() {
        has("Ïðèâåò, ìèð", "Ïðèâåò", "Привет", "windows-1251");
        has("ÖÐÎÄ", "ÖÐÎÄ", "中文", "GBK");
        has("ÇÑ±¹¾î", "ÇÑ±¹¾î", "한국어", "EUC-KR");
        // (a word is one piece: the ASCII letters between its runs are read as themselves)
        has("Dziêkujê", "êkujê", "ękuję", "windows-1250");
        has("Rados³aw", "³", "ł", "windows-1250");
        has("\u{84}Handwerk", "\u{84}", "„", "windows-1252");
        has("tur\u{92}stico", "\u{92}", "í", "macintosh");
        // ASCII trail bytes inside a run (and no single-byte reading reads them as high bytes)
        has("§d«T¶¯", "§d«T¶¯", "吳俊雄", "Big5");
    }
}
