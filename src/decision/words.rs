//! What a piece's word says for or against its repair: a known word made or unmade, a
//! Chinese name, a price's sign or space, and the case of the word around it. Each is counted
//! as evidence in the piece's gain (`super::gain_of`), weighed by the parameters.

use crate::candidates::legacy::{
    currency_sign, currency_word_letter, spaced_from_an_amount, Pairs, CURRENCY_WORDS, WORD_REACH,
};
use crate::candidates::{self, Piece};
use crate::letters::{is_latin_letter, is_letter, is_lower, letters_beside};
use crate::model::{models, word_hash_lower, Cost};
use crate::names::is_name;
use crate::readings::{readings, Kind, ReadingId};

/// The word evidence of pieces, and what it asks of each character (is it a letter, how many
/// letters stand beside it), found once a character: the pieces of a long word (a line of
/// ideographs) all ask about it.
pub(super) struct Words {
    /// 0: not asked yet; 1: no letter; 2: a letter.
    letter: Vec<u8>,
    /// How many letters stand just before each index, and from it on, up to [`WORD_REACH`]
    /// ([`UNCOUNTED`]: not counted yet); made at the first word longer than [`SHORT_WORD`].
    before: Vec<u8>,
    from: Vec<u8>,
    /// Whether the text as it is writes a known word, by the word span of a piece that holds
    /// other characters than letters (the span of one that does not is one word, hashed).
    as_is: rustc_hash::FxHashMap<(usize, usize), bool>,
}

/// How many letters on either side of a piece are read before they are counted ([`Words`]).
const SHORT_WORD: usize = 16;

/// A count of [`Words`] not made yet.
const UNCOUNTED: u8 = u8::MAX;
const _: () = assert!(WORD_REACH < UNCOUNTED as usize, "a count is a byte");

impl Words {
    pub(super) fn new(text: &[char]) -> Words {
        let (letter, as_is) = (vec![0; text.len()], rustc_hash::FxHashMap::default());
        Words { letter, before: Vec::new(), from: Vec::new(), as_is }
    }

    /// Make the counts of the letters beside each index, none counted yet.
    fn make_counts(&mut self, text: &[char]) {
        if self.before.is_empty() {
            self.before = vec![UNCOUNTED; text.len() + 1];
            self.from = vec![UNCOUNTED; text.len() + 1];
        }
    }

    fn is_letter(&mut self, text: &[char], i: usize) -> bool {
        if self.letter[i] == 0 {
            self.letter[i] = 1 + u8::from(is_letter(text[i]));
        }
        self.letter[i] == 2
    }

    /// The span of the word around a piece: the letters on either side of it, as far as
    /// [`crate::candidates::legacy::word_around`] reads. Past [`SHORT_WORD`] letters, each
    /// side is read to the word's end (or to the nearest count made before), and every count
    /// on the way is made: the pieces of one endless word are read in linear time, not each
    /// [`WORD_REACH`] letters either way, in whatever order they ask.
    pub(super) fn word_span(&mut self, text: &[char], piece: &Piece) -> (usize, usize) {
        (
            piece.start - self.letters_before(text, piece.start),
            piece.end + self.letters_from(text, piece.end),
        )
    }

    /// How many letters stand just before `at`, up to [`WORD_REACH`].
    fn letters_before(&mut self, text: &[char], at: usize) -> usize {
        // (a count made is the answer: the pieces of an endless word ask it again and again)
        if let Some(&count) = self.before.get(at).filter(|&&count| count != UNCOUNTED) {
            return usize::from(count);
        }
        // (Most words are short: they are read, and counted only when longer.)
        for k in 0..SHORT_WORD {
            if k == at || !self.is_letter(text, at - k - 1) {
                return k;
            }
        }
        self.make_counts(text);
        // Back to a count made or the word's start: every count between is made at once.
        let mut i = at;
        while i > 0 && self.before[i] == UNCOUNTED && self.is_letter(text, i - 1) {
            i -= 1;
        }
        let base = match self.before[i] {
            UNCOUNTED => 0,
            known => usize::from(known),
        };
        for j in i..=at {
            self.before[j] = (base + (j - i)).min(WORD_REACH) as u8;
        }
        usize::from(self.before[at])
    }

    /// How many letters stand from `at` on, up to [`WORD_REACH`].
    fn letters_from(&mut self, text: &[char], at: usize) -> usize {
        if let Some(&count) = self.from.get(at).filter(|&&count| count != UNCOUNTED) {
            return usize::from(count);
        }
        for k in 0..SHORT_WORD {
            if at + k == text.len() || !self.is_letter(text, at + k) {
                return k;
            }
        }
        self.make_counts(text);
        // On to a count made or the word's end: every count between is made at once.
        let mut i = at;
        while i < text.len() && self.from[i] == UNCOUNTED && self.is_letter(text, i) {
            i += 1;
        }
        let base = match self.from[i] {
            UNCOUNTED => 0,
            known => usize::from(known),
        };
        for j in (at..=i).rev() {
            self.from[j] = (base + (i - j)).min(WORD_REACH) as u8;
        }
        usize::from(self.from[at])
    }

    /// The hash of `text[from..to]` in lower case, going on from `value` (`None` when that is
    /// longer than any known word, [`WordHash`]).
    fn hash(text: &[char], from: usize, to: usize, value: WordHash) -> WordHash {
        let (hash, letters) = value?;
        let letters = letters + (to - from);
        models()
            .may_be_known(letters)
            .then(|| (text[from..to].iter().copied().fold(hash, word_hash_lower), letters))
    }

    /// The word around a piece (its [`Words::word_span`]), as it is and repaired: +1 if only
    /// the repaired one is a Chinese name ([`crate::names::is_name`]), -1 if only the one as it
    /// is, 0 otherwise. A name is made by a piece that is its whole word, or by one repaired
    /// into two ideographs inside a longer word: Chinese is written without spaces, and a
    /// name misread there ("蛻倬妛中文方式" for "刘雪中文方式") is misread whole. A family name
    /// repaired before characters left as they are ("骰ｾ螳玲" as "鍾螳玲") makes no name, and
    /// neither does a repair into three ideographs inside a word, which running text makes by
    /// chance ("官方推"; decision notes 0050, 0052).
    pub(super) fn name_evidence(
        text: &[char],
        piece: &Piece,
        (start, end): (usize, usize),
    ) -> Cost {
        let mut repaired = ['\0'; 3];
        let mut length = 0;
        for c in piece.replacement.chars() {
            if length == repaired.len() {
                length += 1;
                break;
            }
            repaired[length] = c;
            length += 1;
        }
        let fits = if (start, end) == (piece.start, piece.end) {
            (2..=3).contains(&length)
        } else {
            length == 2
        };
        let made = fits && is_name(&repaired[..length]);
        Cost::from(made) - Cost::from(is_name(&text[start..end]))
    }

    /// Does the text as it is write a known word over `text[start..end]`, a piece's word span?
    /// A piece that holds no letter but its repair's is inside one word; one that holds a
    /// space or a symbol ends a word as the text is written ("SELKÄ\u{a0}EDELLÄ", which a
    /// repair reads as "SELKĠEDELLÄ"), and each such word of three letters or more is asked
    /// (the word lists hold many of two that mojibake makes by chance: "bă", "lè").
    fn known_as_is(&mut self, text: &[char], piece: &Piece, (start, end): (usize, usize)) -> bool {
        // The letters on either side of the piece are its word's: where the piece's own
        // characters are letters too, the span is one word, hashed (not at all where it is
        // longer than any known word, as in an endless one).
        if (piece.start..piece.end).all(|i| self.is_letter(text, i)) {
            return is_known(Words::hash(text, start, end, WORD_HASH_START));
        }
        if let Some(&known) = self.as_is.get(&(start, end)) {
            return known;
        }
        let known = self.words_known_as_is(text, start, end);
        self.as_is.insert((start, end), known);
        known
    }

    /// [`Words::known_as_is`] of a span that holds characters other than letters.
    fn words_known_as_is(&mut self, text: &[char], start: usize, end: usize) -> bool {
        let mut from = start;
        while from < end {
            let mut to = from;
            while to < end && self.is_letter(text, to) {
                to += 1;
            }
            if to == end && from == start {
                return is_known(Words::hash(text, start, end, WORD_HASH_START));
            }
            if to - from >= 3 && is_known(Words::hash(text, from, to, WORD_HASH_START)) {
                return true;
            }
            from = to + 1;
        }
        false
    }

    /// The word around a piece, as it is and repaired, lower-cased: +1 if only the repaired
    /// one is a known word, -1 if only the one as it is (or if the repair is a letter standing
    /// alone that is no known word), 0 otherwise. A piece that joins two
    /// words by taking a space is weighed against the two words instead.
    pub(super) fn evidence(
        &mut self,
        text: &[char],
        piece: &Piece,
        (start, end): (usize, usize),
    ) -> Cost {
        if !piece.replacement.chars().all(is_letter) {
            return 0;
        }
        // Every alphabet has words of one letter: a legacy reading that makes one ("Ц" for the
        // dash "\u{96}") has proved nothing.
        if end - start < 2 && readings()[piece.reading as usize].kind == Kind::LegacyAsLegacy {
            return 0;
        }
        let joins = text[piece.end - 1] == ' ' && piece.restored_spaces > 0 && end > piece.end;
        let (before_space, repaired) = repaired_hashes(text, piece, (start, end), joins);
        let against = if joins {
            // The piece takes a space that stood for an NBSP and joins two words ("mÃ nÃ y"
            // read as "mànã"): it is weighed against keeping the space, which leaves the two
            // words ("mà" and "nã"), not against the text as it is.
            // A word of one letter before the space counts in lower case only ("à", not the
            // initial "Š"), and one after it only when elided ("à l’ouest"): word lists hold
            // every letter. The known words all have a non-ASCII letter, so ASCII letters
            // after it are a word.
            let mut before =
                text[start..piece.start].iter().copied().chain(piece.replacement.chars());
            let before_is_word = match (before.next(), before.next()) {
                (Some(c), None) => c.is_lowercase(),
                (first, _) => first.is_some(),
            };
            let after_space = Words::hash(text, piece.end, end, WORD_HASH_START);
            let after_is_word = (end - piece.end >= 2
                && (text[piece.end..end].iter().all(char::is_ascii) || is_known(after_space)))
                || elided_in(&text[piece.end..], piece.reading);
            before_is_word && after_is_word && is_known(before_space)
        } else {
            self.known_as_is(text, piece, (start, end))
        };
        // (An elided word after the space is no part of the word the join makes: "à s'é".)
        let made = is_known(repaired)
            && !(joins && elided_in(&text[piece.end..], piece.reading))
            && repaired_in_one_script(text, piece, (start, end));
        // A letter standing alone is a word of one letter, and one no language writes alone
        // counts against the repair as an unknown word made of a known one ("Õ…" as "Յ").
        let alone = !joins && piece.start == start && end == piece.end && {
            let mut letters = piece.replacement.chars();
            letters.next().is_some() && letters.next().is_none()
        };
        // (Joining, a known word made outweighs the two words kept: "Hoà ng" was "Hoàng".)
        Cost::from(made) - Cost::from((against || (alone && !made)) && !(joins && made))
    }
}

/// The hashes of a piece's word (`span`, [`Words::word_span`]) repaired, in lower case: up to
/// the piece's end, and whole. The first is made only where it is `wanted` or the whole word
/// may be known ([`crate::model::Models::may_be_known`]): a word too long to be known is not
/// hashed.
fn repaired_hashes(
    text: &[char],
    piece: &Piece,
    (start, end): (usize, usize),
    wanted: bool,
) -> (WordHash, WordHash) {
    let around = (piece.start - start) + (end - piece.end);
    let repaired = match piece.replacement.len() {
        // (A character is a byte or more: where the repair's bytes fit, so do its characters,
        // and counting them would change no answer.)
        bytes if models().may_be_known(around + bytes) => bytes,
        _ => piece.replacement.chars().count(),
    };
    if !wanted && !models().may_be_known(around + repaired) {
        return (None, None);
    }
    let up_to_end = Words::hash(text, start, piece.start, WORD_HASH_START).and_then(|(hash, n)| {
        let hash = || piece.replacement.chars().fold(hash, word_hash_lower);
        models().may_be_known(n + repaired).then(|| (hash(), n + repaired))
    });
    (up_to_end, Words::hash(text, piece.end, end, up_to_end))
}

/// A word's hash in lower case ([`crate::model::word_hash`]) and how many characters it has
/// hashed; `None` for a word longer than any known word ([`crate::model::Models::may_be_known`]),
/// which is not hashed: a word of thousands of letters is read no further.
type WordHash = Option<(u32, usize)>;

/// Where a word's hash starts: the empty word.
const WORD_HASH_START: WordHash = Some((crate::model::WORD_HASH_START, 0));

/// Is the word of this hash a known word?
fn is_known(hash: WordHash) -> bool {
    hash.is_some_and(|(hash, _)| models().is_known_hash(hash))
}

/// Is a piece's word (`span`) repaired written in one script ([`one_script`])?
fn repaired_in_one_script(text: &[char], piece: &Piece, (start, end): (usize, usize)) -> bool {
    one_script(
        text[start..piece.start]
            .iter()
            .copied()
            .chain(piece.replacement.chars())
            .chain(text[piece.end..end].iter().copied()),
    )
}

/// How many runs of a region [`known_word_pairs`] asks of at most: every stretch of them is a
/// span a piece may cover.
pub const MOST_RUNS_ASKED: usize = 4;

/// Of the single-byte pairs in `pairs` (those whose true encoding is single-byte), the ones
/// with a piece over `run` in `region` whose repair makes a known word, as `Words::evidence`
/// asks a legacy piece: its repair all letters, in a word of two letters or more, written in
/// one script. The multi-byte pairs of `pairs` are kept unasked, and so is every pair past
/// [`MOST_RUNS_ASKED`] runs.
///
/// `region` is the characters around the run up to the ASCII characters that are no letter
/// and no possible trail byte: it holds every run a piece over it may span and every word such
/// a piece is in. A piece covers the runs of a span that `candidates::legacy::pieces` reads,
/// and the spans it reads are those of the runs the decision keeps: every stretch of the
/// region's runs that holds the run is asked, as any of them may be one.
///
/// ```
/// use _core::decision::known_word_pairs;
/// let chars = |text: &str| text.chars().collect::<Vec<char>>();
/// // "á" is windows-1257's "į" to windows-1252 (pair 6): "Mostovį" is no word.
/// assert_eq!(known_word_pairs(&chars("Mostová"), (6, 7), 1 << 6), 0);
/// // Latvian "nodrošināt" read as windows-1252 is "nodroðinât", which it makes again.
/// assert_eq!(known_word_pairs(&chars("nodroðinât"), (5, 6), 1 << 6), 1 << 6);
/// ```
pub fn known_word_pairs(region: &[char], run: (usize, usize), pairs: Pairs) -> Pairs {
    let asked = pairs & candidates::legacy::single_byte_pairs();
    let mut runs = Vec::with_capacity(MOST_RUNS_ASKED);
    let mut at = 0;
    while at < region.len() {
        if region[at].is_ascii() {
            at += 1;
            continue;
        }
        if runs.len() == MOST_RUNS_ASKED {
            return pairs;
        }
        let end = candidates::legacy::run_end(region, at);
        runs.push((at, end));
        at = end;
    }
    let Some(this) = runs.iter().position(|&r| r == run) else { return pairs };
    let mut words = Words::new(region);
    let mut made = 0;
    for first in 0..=this {
        for last in this..runs.len() {
            let left = asked & !made;
            if left == 0 {
                return pairs & !asked | made;
            }
            for piece in candidates::legacy::pieces(region, &runs[first..=last], left) {
                if piece.end <= run.0 || piece.start >= run.1 {
                    continue;
                }
                let span = words.word_span(region, &piece);
                if span.1 - span.0 >= 2
                    && piece.replacement.chars().all(is_letter)
                    && is_known(repaired_hashes(region, &piece, span, false).1)
                    && repaired_in_one_script(region, &piece, span)
                {
                    made |= 1 << crate::readings::legacy_index(piece.reading);
                }
            }
        }
    }
    pairs & !asked | made
}

/// How many letters and non-ASCII characters on either side of a run [`known_word_pairs_in`]
/// reads at most: a longer stretch is no word, and a text of one long stretch of many runs is
/// asked in linear time.
pub const MOST_AROUND: usize = 64;

/// [`known_word_pairs`] of the run at `run` in `text`: its region reaches over the letters and
/// non-ASCII characters on either side, up to an ASCII character that is no letter. Where
/// that character may be a trail byte between two non-ASCII ones, a run may go on over it, and
/// where the region reaches further than [`MOST_AROUND`] characters, `pairs` are kept
/// unasked.
///
/// ```
/// use _core::decision::known_word_pairs_in;
/// let chars = |text: &str| text.chars().collect::<Vec<char>>();
/// assert_eq!(known_word_pairs_in(&chars("ul. Mostová 399"), (10, 11), 1 << 6), 0);
/// // ("@" between two marked letters may be a trail byte: the run may go on over it)
/// assert_eq!(known_word_pairs_in(&chars("Mostová@é"), (6, 7), 1 << 6), 1 << 6);
/// ```
pub fn known_word_pairs_in(text: &[char], (start, end): (usize, usize), pairs: Pairs) -> Pairs {
    let in_region = |c: char| !c.is_ascii() || is_letter(c);
    let mut from = start;
    while from > 0 && in_region(text[from - 1]) {
        from -= 1;
        if start - from > MOST_AROUND {
            return pairs;
        }
    }
    let mut to = end;
    while to < text.len() && in_region(text[to]) {
        to += 1;
        if to - end > MOST_AROUND {
            return pairs;
        }
    }
    let goes_on = |at: usize| {
        at < text.len()
            && candidates::legacy::trail_byte_between(
                at.checked_sub(1).map(|i| text[i]),
                text[at],
                text.get(at + 1).copied(),
            )
    };
    if from > 0 && goes_on(from - 1) || goes_on(to) {
        return pairs;
    }
    known_word_pairs(&text[from..to], (start - from, end - from), pairs)
}

/// Is a word written in one script, as far as its ASCII letters tell: none of them beside a
/// letter of another script than Latin? A word is written in one (the 32-bit hashes of the
/// known words may match "truth抯" by chance), and the bound of what a legacy run in a word
/// can gain asks only the pairs that may make a Latin letter there
/// ([`crate::candidates::legacy::word_pairs`]).
fn one_script(word: impl Iterator<Item = char>) -> bool {
    let (mut ascii, mut other) = (false, false);
    for c in word {
        ascii |= c.is_ascii_alphabetic();
        other |= !c.is_ascii() && is_letter(c) && !is_latin_letter(c);
    }
    !(ascii && other)
}

/// Is `c` a letter in lower case whose capital is one letter (German "ß" is not: "STRAßE" is
/// written in capitals)?
pub(super) fn lower_case(c: char) -> bool {
    // (Below U+1E96 six letters have a capital of several: the table of capitals is asked of
    // the letters past it only.)
    is_lower(c)
        && if c < '\u{1E96}' {
            !matches!(c, 'ß' | 'ŉ' | 'ǰ' | 'ΐ' | 'ΰ' | 'և')
        } else {
            c.to_uppercase().nth(1).is_none()
        }
}

/// Is `c` a capital (`char::is_uppercase`)? No letter is both a capital and in lower case: the
/// table of capitals is asked of the others only.
fn is_capital(c: char) -> bool {
    !is_lower(c) && c.is_uppercase()
}

/// Is a word cased as real words are: all in lower case, all in capitals, or a capital and
/// lower case? Letters without case count as either, and so do the lower-case letters whose
/// capital is no one letter (German "ß" in "STRAßE").
///
/// ```
/// use _core::decision::cased_as_words_are;
/// assert!(cased_as_words_are("Café".chars()) && cased_as_words_are("NICIODATĂ".chars()));
/// assert!(!cased_as_words_are("cafÃ".chars()) && !cased_as_words_are("NICIODATà".chars()));
/// assert!(cased_as_words_are("STRAßE".chars()) && cased_as_words_are("日本".chars()));
/// ```
pub fn cased_as_words_are(word: impl Iterator<Item = char>) -> bool {
    let mut case = Case::default();
    for c in word {
        case = case.then(Case::of_char(c));
        // (mixed past its first letter: no letter after can make it a word's case)
        if !case.as_words_are() {
            return false;
        }
    }
    true
}

/// How many known words a repair that makes a price counts as ([`makes_a_price`]). A legacy
/// reading pays an entry of at least `reentry[2]` (17 nats), which one known word (8) and the
/// repair do not reach ("9,69\u{A0}€" at a text's end is 7.6 nats likelier than
/// "9,69\u{A0}Ђ"; inside a sentence, "€ por" is 1.2 nats less likely than "Ђ por"). Chosen on
/// the corpus's train and dev splits and `tests/data` (decision note 0054): the least that
/// repairs prices inside sentences.
pub const PRICE_WORDS: Cost = 3;

/// Does `piece` repair the word it is in into one of the currencies written in letters
/// after an amount (`CURRENCY_WORDS`: "91,29 Kč", "211,95 zł")? That is a price's format
/// too, and counts as [`PRICE_WORDS`] known words, as [`makes_a_price`].
///
/// ```
/// use _core::decision::makes_a_currency_word;
/// use _core::candidates::Piece;
/// let piece = |text: &str, at: usize, replacement: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     let piece = Piece::new(at, at + 1, replacement.to_string(), 0);
///     makes_a_currency_word(&chars, &piece)
/// };
/// assert!(piece("91,29\u{A0}Kè", 7, "č") && piece("211,95 z³", 8, "ł"));
/// assert!(piece("91,29Ă Kè", 5, "\u{A0}") == false); // a piece that makes no currency letter
/// assert!(!piece("Kè", 1, "č") && !piece("91,29 Kèt", 7, "č") && !piece("91,29 AKè", 8, "č"));
/// ```
pub fn makes_a_currency_word(text: &[char], piece: &Piece) -> bool {
    if !piece.replacement.chars().any(currency_word_letter) {
        return false;
    }
    let mut end = piece.end;
    while end < text.len() && is_letter(text[end]) {
        end += 1;
    }
    // The text repaired up to the word's end, from three characters before the piece.
    let from = piece.start.saturating_sub(3);
    let repaired: Vec<char> = text[from..piece.start]
        .iter()
        .copied()
        .chain(piece.replacement.chars())
        .chain(text[piece.end..end].iter().copied())
        .collect();
    let mut back = repaired.iter().rev().copied().chain(text[..from].iter().rev().copied());
    let word: Vec<char> = back.by_ref().take(2).collect();
    let currency = CURRENCY_WORDS.iter().any(|w| w.chars().rev().eq(word.iter().copied()));
    currency && spaced_from_an_amount(back)
}

/// Does `piece` repair into the currency sign or the no-break space of a price: a number
/// and its currency sign, in either order, with a no-break space between them or none
/// ("R$\u{A0}379,90", "9,69\u{A0}€", "10€": CLDR's formats for Portuguese, French, German,
/// Czech...)? That is a format people write, and counts as [`PRICE_WORDS`] known words, the
/// piece judged by its repair: UTF-8's NBSP read as windows-1252 with the NBSP then made a
/// space ("R$Â 379,90"), or windows-1252's "€" read as windows-1251 ("9,69\u{A0}Ђ"), has no
/// other word to judge it by. The repair is one sign, one no-break space or both; a space it
/// does not make may be an ASCII one.
///
/// ```
/// use _core::decision::makes_a_price;
/// use _core::candidates::utf8::pieces;
/// let price = |text: &str| {
///     let chars: Vec<char> = text.chars().collect();
///     pieces(&chars).iter().any(|p| makes_a_price(&chars, p))
/// };
/// assert!(price("R$Â 379,90") && price("10Â €"));
/// assert!(!price("voilÃ le travail") && !price("R$Â e"));
/// // A repaired sign glued to a letter is no price's.
/// assert!(price("Preis: â‚¬5") && !price("Preisâ‚¬5"));
/// ```
pub fn makes_a_price(text: &[char], piece: &Piece) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum Part {
        Digit,
        Space,
        Sign,
    }
    use Part::{Digit, Sign, Space};
    const PRICES: [&[Part]; 4] =
        [&[Digit, Space, Sign], &[Sign, Space, Digit], &[Digit, Sign], &[Sign, Digit]];
    let no_break = |c: char| matches!(c, '\u{A0}' | '\u{202F}');
    let part = |c: char, repaired: bool| match c {
        '0'..='9' if !repaired => Some(Digit),
        ' ' if !repaired => Some(Space),
        _ if no_break(c) => Some(Space),
        _ if currency_sign(c) => Some(Sign),
        _ => None,
    };
    let mut repair = [None; 2];
    let mut length = 0;
    for c in piece.replacement.chars() {
        match repair.get_mut(length) {
            Some(slot) => *slot = part(c, true),
            None => return false,
        }
        length += 1;
    }
    if length == 0 || repair[..length].contains(&None) {
        return false;
    }
    // The parts around the repair: two before it, the repair's, two after it.
    let before = |k: usize| piece.start.checked_sub(k).and_then(|i| part(text[i], false));
    let after = |k: usize| text.get(piece.end + k).and_then(|&c| part(c, false));
    let mut parts = [before(2), before(1), repair[0], repair[1], after(0), after(1)];
    if length == 1 {
        parts.copy_within(4.., 3);
    }
    let parts = &parts[..4 + length];
    let (first, last): (usize, usize) = (2, 2 + length);
    // A repaired sign that ends (or begins) the price is not glued to a letter beside the
    // piece: "904€árayons" and "Š¥763" are prices made by chance ("R$" is a sign written so).
    // (A price covers the whole repair, so such a sign is the piece's first or last character,
    // and the piece's neighbour is the sign's.)
    let repaired = |slot: usize| (first..last).contains(&slot);
    let (glued_before, glued_after) = letters_beside(text, piece.start, piece.end);
    PRICES.iter().any(|price| {
        (first.saturating_sub(price.len() - 1)..=first).any(|at| {
            let end = at + price.len();
            end >= last
                && end <= parts.len()
                && price.iter().zip(&parts[at..]).all(|(p, q)| Some(*p) == *q)
                && !(price[0] == Sign && repaired(at) && glued_before)
                && !(price[price.len() - 1] == Sign && repaired(end - 1) && glued_after)
        })
    })
}

/// The case evidence of a piece in its word (`span`, [`Words::word_span`]): -1 if the word is
/// [`cased_as_words_are`] as it is but not repaired, 0 otherwise (the repaired word is asked
/// first: most repairs keep a word's case). Never more than 0, so what a legacy run can gain
/// is still bounded before its pieces are read (`legacy_run_bound`).
pub(super) fn case_evidence(text: &[char], piece: &Piece, (start, end): (usize, usize)) -> Cost {
    let repaired = text[start..piece.start]
        .iter()
        .copied()
        .chain(piece.replacement.chars())
        .chain(text[piece.end..end].iter().copied());
    let broken =
        !cased_as_words_are(repaired) && cased_as_words_are(text[start..end].iter().copied());
    -Cost::from(broken)
}

/// How long a word [`Cases::evidence`] reads letter by letter: a longer one (a line of
/// ideographs, a stretch of letters with no space) is asked of the counts.
pub(super) const READ_LETTER_BY_LETTER: usize = 24;

/// The case of a text's letters, counted before each position: the pieces of a long word all
/// ask about its case ([`case_evidence`]), which the counts tell in the time of a piece.
#[derive(Default)]
pub(super) struct Cases {
    /// In capitals (`char::is_uppercase`) and in lower case ([`lower_case`]) before each
    /// position, and the first position from each that is either.
    upper: Vec<u32>,
    lower: Vec<u32>,
    next_cased: Vec<u32>,
}

/// A word's case as [`cased_as_words_are`] counts it: its letters in capitals and in lower
/// case, and whether the first of them is a capital (`None` before any).
#[derive(Clone, Copy, Default)]
struct Case {
    upper: u32,
    lower: u32,
    first_upper: Option<bool>,
}

impl Case {
    fn then(self, other: Case) -> Case {
        Case {
            upper: self.upper + other.upper,
            lower: self.lower + other.lower,
            first_upper: self.first_upper.or(other.first_upper),
        }
    }

    /// The case of one character: a capital, in lower case, or neither.
    fn of_char(c: char) -> Case {
        let (upper, lower) = (is_capital(c), lower_case(c));
        let first_upper = (upper || lower).then_some(upper);
        Case { upper: upper.into(), lower: lower.into(), first_upper }
    }

    fn of(word: impl Iterator<Item = char>) -> Case {
        word.map(Case::of_char).fold(Case::default(), Case::then)
    }

    /// Is the word cased as real words are ([`cased_as_words_are`], whose rule this is)?
    fn as_words_are(self) -> bool {
        self.lower == 0 || self.upper == 0 || (self.upper == 1 && self.first_upper == Some(true))
    }
}

impl Cases {
    /// [`case_evidence`], from the counts where the word is long.
    pub(super) fn evidence(&mut self, text: &[char], piece: &Piece, span: (usize, usize)) -> Cost {
        let (start, end) = span;
        if end - start <= READ_LETTER_BY_LETTER {
            return case_evidence(text, piece, span);
        }
        if self.upper.is_empty() {
            self.count(text);
        }
        let repaired = self
            .between(text, start, piece.start)
            .then(Case::of(piece.replacement.chars()))
            .then(self.between(text, piece.end, end));
        let broken = !repaired.as_words_are() && self.between(text, start, end).as_words_are();
        -Cost::from(broken)
    }

    fn count(&mut self, text: &[char]) {
        let n = text.len();
        (self.upper, self.lower, self.next_cased) =
            (vec![0; n + 1], vec![0; n + 1], vec![0; n + 1]);
        self.next_cased[n] = n as u32;
        for (i, &c) in text.iter().enumerate() {
            let case = Case::of_char(c);
            self.upper[i + 1] = self.upper[i] + case.upper;
            self.lower[i + 1] = self.lower[i] + case.lower;
        }
        for i in (0..n).rev() {
            let cased = self.upper[i + 1] > self.upper[i] || self.lower[i + 1] > self.lower[i];
            self.next_cased[i] = if cased { i as u32 } else { self.next_cased[i + 1] };
        }
    }

    /// The case of `text[from..to]`.
    fn between(&self, text: &[char], from: usize, to: usize) -> Case {
        let first = self.next_cased[from] as usize;
        Case {
            upper: self.upper[to] - self.upper[from],
            lower: self.lower[to] - self.lower[from],
            first_upper: (first < to).then(|| is_capital(text[first])),
        }
    }
}

/// The fewest capitals of ASCII a line needs for [`Capitals`] to call it written in capitals
/// (the leads of UTF-8 misread, "Ã", "Ð", "Î", are capitals too: they do not count).
const CAPITALS_LEAST: u32 = 3;

/// Which lines of a text are written in capitals ("C O N C L U S Ã O", "!YO SÉ¡"): there, a
/// repair of UTF-8 that makes a letter in lower case makes what no such line writes (one in
/// capitals damaged reads "Ã‰" for "É", "Ãƒ" for "Ã"; decision note 0036). The capitals of
/// ASCII and the letters in lower case before each position, and where the lines start: each
/// piece is asked in constant time.
pub(super) struct Capitals {
    upper: Vec<u32>,
    lower: Vec<u32>,
    line_starts: Vec<usize>,
}

impl Capitals {
    pub(super) fn new(text: &[char]) -> Capitals {
        let (mut upper, mut lower) = (vec![0; text.len() + 1], vec![0; text.len() + 1]);
        let mut line_starts = vec![0];
        for (i, &c) in text.iter().enumerate() {
            upper[i + 1] = upper[i] + u32::from(c.is_ascii_uppercase());
            lower[i + 1] = lower[i] + u32::from(lower_case(c));
            if c == '\n' {
                line_starts.push(i + 1);
            }
        }
        Capitals { upper, lower, line_starts }
    }

    /// Is the line of `start..end` written in capitals, those characters left out?
    pub(super) fn around(&self, start: usize, end: usize) -> bool {
        let line = self.line_starts.partition_point(|&s| s <= start) - 1;
        let line_start = self.line_starts[line];
        let line_end = self.line_starts.get(line + 1).map_or(self.upper.len() - 1, |&s| s - 1);
        let end = end.min(line_end.max(start));
        let outside = |counts: &[u32]| {
            (counts[line_end] - counts[line_start]) - (counts[end] - counts[start])
        };
        outside(&self.lower) == 0 && outside(&self.upper) >= CAPITALS_LEAST
    }
}

/// Does `text` start with a word of one letter elided before the next word, as French and
/// Italian write articles and pronouns ("l’ouest", "s'éloigner", "d'acqua")?
fn elided(text: &[char]) -> bool {
    matches!(text, [l, '\'' | '\u{2019}', next, ..] if l.is_lowercase() && is_letter(*next))
}

/// [`elided`], or so with the apostrophe still misread as `reading` misreads "’" (E2 80 99 is
/// "вЂ™" in windows-1251, "â€™" in windows-1252): the same round repairs it with the piece
/// before ("Г lвЂ™ouest" is "à l’ouest").
fn elided_in(text: &[char], reading: ReadingId) -> bool {
    let reading = &readings()[reading as usize];
    let misread = || {
        // (the letter first: the apostrophe's misreading is encoded and decoded afresh)
        let [l, rest @ ..] = text else { return None };
        if !l.is_lowercase() {
            return None;
        }
        let apostrophe =
            crate::readings::misread("\u{2019}", reading.encoded_as, reading.decoded_as)?;
        let n = apostrophe.chars().count();
        let next = rest.get(n)?;
        let misread = rest[..n].iter().copied().eq(apostrophe.chars());
        Some(misread && is_letter(*next))
    };
    elided(text) || reading.kind == Kind::Utf8AsSingleByte && misread() == Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::legacy::word_around;

    #[test]
    fn the_case_of_every_character_is_what_the_standard_library_says() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let one_capital = c.to_uppercase().nth(1).is_none();
            assert_eq!(lower_case(c), c.is_lowercase() && one_capital, "U+{:04X}", c as u32);
            assert_eq!(is_capital(c), c.is_uppercase(), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn the_counts_beside_a_span_are_what_word_around_reads() {
        let long_words = ["aýb".repeat(60), "ýа".repeat(90)];
        let texts = ["le café noir, 12 kůň-ýa  b", "", "é", &long_words[0], &long_words[1]];
        for text in texts {
            let chars: Vec<char> = text.chars().collect();
            let n = chars.len();
            let spans: Vec<(usize, usize)> =
                (0..=n).flat_map(|s| (s..=n.min(s + 3)).map(move |e| (s, e))).collect();
            // In order, backwards, and in strides: each count goes on from others, or not.
            let strided = (0..7).flat_map(|k| spans.iter().skip(k).step_by(7).copied());
            let orders = [spans.clone(), spans.iter().rev().copied().collect(), strided.collect()];
            for order in orders {
                let mut words = Words::new(&chars);
                for (start, end) in order {
                    let counted = (
                        start - words.letters_before(&chars, start),
                        end + words.letters_from(&chars, end),
                    );
                    let read = word_around(&chars, start, end, |i| is_letter(chars[i]));
                    assert_eq!(counted, read, "{text:?} at {start}..{end}");
                }
            }
        }
    }
}
