//! The decision: which reading, if any, undoes the damage of a text, and where.
//!
//! Each piece (`crate::candidates`) is worth its *gain*, the lesser of two likelihood ratios
//! of the piece in its context: how much more likely the text is, to the model of real text,
//! with the piece repaired than as it is (the repair makes text), and how much more likely
//! the piece is as mojibake of the reading's kind than as real text (it looks like damage);
//! plus the evidence of its structure (valid multi-byte sequences). Asking both keeps rare
//! but clean text ("████", "x² + y³") from being "repaired" into commoner characters. For each
//! reading, the pieces it repairs are chosen by a small dynamic program: a first stretch of
//! repaired pieces pays the reading's *entry* cost (the prior odds against the text being
//! damaged that way), every later stretch a smaller *re-entry* cost, so that a text misread
//! as a whole is repaired as a whole ("no half-repaired strings") and a clean sentence beside
//! a damaged one stays clean. The reading with the largest net gain wins, if it gains at all;
//! its pieces are repaired, and the next round looks at the result again (layers of damage
//! come off one by one).
//!
//! The costs are the model's (thousandths of a nat); the parameters of [`Parameters`] are
//! chosen on the train and dev splits by `scripts/calibrate.py` (its output is
//! `src/decision/parameters.rs`).

use crate::candidates::legacy::Pairs;
use crate::candidates::{self, Piece};
use crate::letters::{is_letter, letters_beside};
use crate::model::{models, Cost, Inventory, Which, SCALE};
use crate::readings::{readings, Kind, ReadingId, LEGACY_PAIRS, READING_COUNT};

mod parameters;
mod spelling;
mod words;

pub use parameters::PARAMETERS;
pub use spelling::{case_swapped, spelt_text, unwritten_pairs, SPELT_CHARS};
pub use words::{
    cased_as_words_are, known_word_pairs, known_word_pairs_in, makes_a_currency_word,
    makes_a_price, MOST_AROUND, MOST_RUNS_ASKED, PRICE_WORDS,
};
use words::{lower_case, Capitals, Cases, Words};

/// The parameters of the decision, per kind of misreading (`Kind` order: UTF-8 as
/// single-byte, UTF-8 as multi-byte, legacy as legacy).
#[derive(Clone, Copy, Debug)]
pub struct Parameters {
    /// The cost of the first repaired stretch of a text.
    pub entry: [Cost; 3],
    /// The cost of each further stretch.
    pub reentry: [Cost; 3],
    /// How much the letter inventories count (per mille): a reading whose repair makes the
    /// text's letters one language's lowers its entry cost by this share of the difference,
    /// and one whose repair makes letters no language writes together raises it.
    pub language_weight: [Cost; 3],
    /// How much the spelling models count (per mille): a reading whose repair makes the
    /// words of the text's lines likelier in the language that spells them best lowers its
    /// entry cost by this share of the difference, below the floor the letter inventories
    /// stop at, and one whose repair makes them less likely raises it.
    pub spelling_weight: [Cost; 3],
    /// The extra cost of a *partial* misreading: one that leaves some non-ASCII character of
    /// the text as it is, which a text misread as a whole would not have ("Bremer/Mccoy –
    /// DrÃ¥ber": its dash is right, so its "Ã¥" is less likely mojibake).
    pub partial: [Cost; 3],
    /// Evidence per valid multi-byte sequence of a piece.
    pub per_sequence: [Cost; 3],
    /// Evidence of a repair that makes a known word of an unknown one (and against one that
    /// unmakes a known word).
    pub known_word: [Cost; 3],
    /// Evidence of a repair of UTF-8 that makes a Chinese name of a word that is none (and
    /// against one that unmakes one): `crate::names`.
    pub known_name: Cost,
    /// Evidence against a repair that takes from a word the case real words have
    /// ("NICIODATĂ\u{a0}" as "NICIODATà"): [`cased_as_words_are`]. A repair that gives a
    /// word its case earns nothing by it (decision note 0023).
    pub word_case: [Cost; 3],
    /// Cost per sequence repaired as U+FFFD (bytes were lost: the repair is less certain).
    pub per_lost: [Cost; 3],
    /// Evidence of a reading whose pieces read every U+FFFD of the text, and some character
    /// besides ("1960綛�11��30��", UTF-8 read as EUC-JP): the marks are its decoder's own.
    pub explained_losses: [Cost; 3],
    /// Cost per space read as byte 0xA0.
    pub per_restored_space: Cost,
    /// Cost of keeping the space after a restored 0xA0 (NBSP and space collapsed into one).
    pub kept_space: Cost,
    /// Extra entry cost of each reading, by its index (the prior odds of the misreading).
    pub prior: [Cost; READING_COUNT],
    /// The net gain at which the detection score is one half.
    pub score_midpoint: Cost,
    /// How fast the score rises with the net gain (thousandths of a nat per e-fold).
    pub score_scale: Cost,
}

/// A piece and what repairing it gains.
#[derive(Clone, Debug)]
pub struct Judged {
    pub piece: Piece,
    pub gain: Cost,
    /// What the repair alone gains as text (the first ratio of [`evidence`]): between readings
    /// that gain alike, the one whose repair makes likelier text is taken.
    pub repair: Cost,
    /// Does the repair make a known word of one that is none? The spelling may count for
    /// more then (decision note 0063).
    pub makes_a_word: bool,
}

/// What one round decided: the reading, the pieces it repairs (in text order, disjoint) and
/// the net gain of the choice.
#[derive(Clone, Debug)]
pub struct Choice {
    pub reading: ReadingId,
    pub pieces: Vec<Judged>,
    pub net_gain: Cost,
}

impl Choice {
    /// What the chosen repairs gain as text, together.
    fn repair(&self) -> Cost {
        self.pieces.iter().map(|j| j.repair).sum()
    }
}

fn kind_index(kind: Kind) -> usize {
    match kind {
        Kind::Utf8AsSingleByte => 0,
        Kind::Utf8AsMultiByte => 1,
        Kind::LegacyAsLegacy => 2,
    }
}

/// The two likelihood ratios of a piece (as costs): what the repair gains as text, and how
/// much more the piece looks like mojibake of its kind than like text. A repair with bytes
/// lost where a `?` stands is judged as its likeliest completion ([`Piece::filled_in`]). A
/// piece with U+FFFD whose other pairs read as text by more than `MARKS_APART_TEXT` looks
/// like text: lossy misreadings make marks by the dozen, so marks alone look like mojibake.
pub fn evidence(text: &[char], piece: &Piece) -> (Cost, Cost) {
    let models = models();
    let (before, after) = piece.around(text);
    let original = || text[piece.start..piece.end].iter().copied();
    let which = models.mojibake_of(piece.reading);
    let (as_text, mut as_mojibake) = models.costs_between(which, before, original(), after);
    let mut shape_as_text = as_text;
    let multi_byte = readings()[piece.reading as usize].kind == Kind::Utf8AsMultiByte;
    let marks = text[piece.start..piece.end].contains(&'\u{FFFD}');
    let lossy = marks || piece.replacement.contains('\u{FFFD}');
    let (shape_before, shape_after) = (beside_as_edge(before), beside_as_edge(after));
    if multi_byte && (shape_before, shape_after) != (before, after) && !lossy {
        (shape_as_text, as_mojibake) =
            models.costs_between(which, shape_before, original(), shape_after);
    }
    let cost = |repair: &str| models.cost_between(before, repair.chars(), after);
    let repaired = match &piece.filled_in {
        None => cost(&piece.replacement),
        Some(repairs) => repairs.iter().map(|r| cost(r)).min().unwrap_or(Cost::MAX),
    };
    let mut shape = shape_as_text - as_mojibake;
    if marks {
        if let Some(apart) = marks_apart(models, which, before, original(), after) {
            if apart < -MARKS_APART_TEXT {
                shape = shape.min(apart);
            }
        }
    }
    (as_text - repaired, shape)
}

/// The character beside a multi-byte piece as its shape is judged: an ideograph or a kana
/// beside it as the edge of a text. The models of mojibake saw damage beside damage, and a
/// name misread inside running Chinese ("蛻倬妛中文", 刘雪) ends at a clean ideograph that
/// neither model expects after it: its pair with the piece is the text's, not the piece's.
/// (Not beside a lossy piece, whose neighbours are most often more of the damage.)
fn beside_as_edge(c: Option<char>) -> Option<char> {
    c.filter(|&c| !('\u{3040}'..='\u{9FFF}').contains(&c))
}

/// How much likelier as text than as mojibake the pairs a lossy piece keeps apart from its
/// marks must be ([`marks_apart`]) for the piece to look like text, whatever its marks say.
/// Chosen on the corpus's train and dev splits (decision note 0053): at 4 nats 9 lossy rows
/// are lost, at 8 and 12 none.
const MARKS_APART_TEXT: Cost = 8000;

/// How much more the pairs of characters a lossy piece still has, those with no U+FFFD, look
/// like mojibake than like text (`None` when it has no such pair). Marks say that bytes were
/// lost, not which misreading lost them: text that lost bytes and was never misread has them
/// too ("主�軟�簡�今天").
fn marks_apart(
    models: &crate::model::Models,
    which: Which,
    before: Option<char>,
    original: impl Iterator<Item = char>,
    after: Option<char>,
) -> Option<Cost> {
    let mark = Some('\u{FFFD}');
    let mut shape = None;
    let mut previous = before;
    for c in original.map(Some).chain(std::iter::once(after)) {
        if previous != mark && c != mark {
            let (a, b) = (models.context(previous), models.context(c));
            let ratio = models.pair_cost(Which::Text, a, b) - models.pair_cost(which, a, b);
            *shape.get_or_insert(0) += ratio;
        }
        previous = c;
    }
    shape
}

/// What repairing each of `pieces` gains: the lesser ratio, and the evidence of its structure
/// and of the words it makes (as [`choose`] judges it). The text is read once for them all,
/// as [`choose`] reads it: a piece at a time, each made its own, took time with the square of
/// a long text's pieces.
pub fn gains(text: &[char], pieces: &[Piece], parameters: &Parameters) -> Vec<Cost> {
    let mut gains = Gains::new(text, parameters);
    pieces.iter().map(|piece| gains.weigh(piece).0).collect()
}

/// The losses a piece is charged for: none when it only joins the text's own U+FFFD marks
/// into one ("��" for one lost character), which loses nothing the text still had.
fn charged_losses(text: &[char], piece: &Piece) -> u32 {
    if text[piece.start..piece.end].iter().all(|&c| c == '\u{FFFD}') {
        0
    } else {
        piece.lost
    }
}

/// A piece's gain ([`gains`]) from its evidence: the lesser ratio, the word, name and case
/// evidence.
fn gain_of(
    piece: &Piece,
    (ratio, words, names, case): (Cost, Cost, Cost, Cost),
    losses: u32,
    parameters: &Parameters,
) -> Cost {
    let kind = kind_index(readings()[piece.reading as usize].kind);
    ratio
        + parameters.known_word[kind] * words
        + parameters.known_name * names
        + parameters.word_case[kind] * case
        + parameters.per_sequence[kind] * Cost::from(piece.sequences)
        - parameters.per_lost[kind] * Cost::from(losses)
        - parameters.per_restored_space * Cost::from(piece.restored_spaces)
        - if piece.kept_space { parameters.kept_space } else { 0 }
}

/// A piece as [`evidence`] sees it, wherever it stands: the model of mojibake of its reading,
/// whether that reading is multi-byte, the character before it, its characters, the one after
/// it, its repair and the repairs its lost bytes fill in.
#[derive(Clone, Copy, PartialEq, Hash)]
struct Seen<'p> {
    which: Which,
    multi_byte: bool,
    before: Option<char>,
    original: &'p [char],
    after: Option<char>,
    replacement: &'p str,
    filled_in: Option<&'p [String]>,
}

impl<'p> Seen<'p> {
    fn of(text: &'p [char], piece: &'p Piece, which: Which) -> Seen<'p> {
        let (before, after) = piece.around(text);
        Seen {
            which,
            multi_byte: readings()[piece.reading as usize].kind == Kind::Utf8AsMultiByte,
            before,
            original: &text[piece.start..piece.end],
            after,
            replacement: &piece.replacement,
            filled_in: piece.filled_in.as_deref(),
        }
    }

    fn hash(&self) -> u64 {
        std::hash::BuildHasher::hash_one(&rustc_hash::FxBuildHasher, self)
    }
}

/// A [`Seen`] kept: what it borrowed, owned.
struct Kept {
    hash: u64,
    which: Which,
    multi_byte: bool,
    before: Option<char>,
    original: Box<[char]>,
    after: Option<char>,
    replacement: Box<str>,
    filled_in: Option<Box<[String]>>,
}

impl Kept {
    fn new(seen: Seen, hash: u64) -> Kept {
        let Seen { which, multi_byte, before, original, after, replacement, filled_in } = seen;
        let (original, replacement, filled_in) =
            (original.into(), replacement.into(), filled_in.map(Into::into));
        Kept { hash, which, multi_byte, before, original, after, replacement, filled_in }
    }

    /// What it saw, borrowed again.
    fn seen(&self) -> Seen<'_> {
        Seen {
            which: self.which,
            multi_byte: self.multi_byte,
            before: self.before,
            original: &self.original,
            after: self.after,
            replacement: &self.replacement,
            filled_in: self.filled_in.as_deref(),
        }
    }
}

/// The gains of pieces, the models of text and mojibake asked once for pieces several
/// readings share (a stretch of UTF-8 read as windows-1252 reads the same in windows-1254,
/// ISO-8859-15 and more) and once for a run the text repeats (a decoration, a table's rules).
/// The word evidence, which depends on where a piece stands, is asked of each piece: kept by
/// span, it filled a table as large as the chunk's pieces, which missed the cache at every
/// piece (decision note 0082).
struct Gains<'a> {
    text: &'a [char],
    parameters: &'a Parameters,
    /// What [`evidence`] said, by what it saw. (Looked up by what a piece borrows: asking
    /// clones nothing.)
    seen: hashbrown::HashTable<(Kept, (Cost, Cost))>,
    /// Made at the first piece that needs them.
    words: Option<Words>,
    capitals: Option<Capitals>,
    cases: Cases,
}

impl<'a> Gains<'a> {
    fn new(text: &'a [char], parameters: &'a Parameters) -> Gains<'a> {
        let (seen, cases) = Default::default();
        Gains { text, parameters, seen, words: None, capitals: None, cases }
    }

    /// What [`evidence`] says of `piece`.
    fn evidence(&mut self, piece: &Piece, which: Which) -> (Cost, Cost) {
        let seen = Seen::of(self.text, piece, which);
        let hash = seen.hash();
        if let Some(&(_, said)) = self.seen.find(hash, |(kept, _)| kept.seen() == seen) {
            return said;
        }
        let said = evidence(self.text, piece);
        self.seen.insert_unique(hash, (Kept::new(seen, hash), said), |(k, _)| k.hash);
        said
    }

    /// Each of `pieces` judged, into its reading's list.
    fn judge_all(&mut self, pieces: Vec<Piece>, by_reading: &mut [Vec<Judged>]) {
        let mut counts = [0; READING_COUNT];
        pieces.iter().for_each(|p| counts[p.reading as usize] += 1);
        for (judged, count) in by_reading.iter_mut().zip(counts) {
            judged.reserve(count);
        }
        for piece in pieces {
            // (weighed where it stands, and moved once: into its reading's list)
            let (gain, repair, makes_a_word) = self.weigh(&piece);
            by_reading[piece.reading as usize].push(Judged { piece, gain, repair, makes_a_word });
        }
    }

    fn judged(&mut self, piece: Piece) -> Judged {
        let (gain, repair, makes_a_word) = self.weigh(&piece);
        Judged { piece, gain, repair, makes_a_word }
    }

    /// What `piece` gains, what its repair alone gains, and whether it makes a known word
    /// (the fields of its [`Judged`]).
    fn weigh(&mut self, piece: &Piece) -> (Cost, Cost, bool) {
        let which = models().mojibake_of(piece.reading);
        let (repair, shape) = self.evidence(piece, which);
        let (ratio, words, names, case) = match self.word_evidence(piece) {
            Some((words, names, case)) => (repair.min(shape), words, names, case),
            None => (repair, PRICE_WORDS, 0, 0),
        };
        let losses = charged_losses(self.text, piece);
        let gain = gain_of(piece, (ratio, words, names, case), losses, self.parameters);
        (gain, repair, words > 0)
    }

    /// The word, name and case evidence of `piece`, or `None` for a piece that makes a price
    /// or a currency word: a price is a format, judged by it and by the repair alone, as the
    /// models of mojibake saw few prices and the shape of one sign says little (decision note
    /// 0054).
    fn word_evidence(&mut self, piece: &Piece) -> Option<(Cost, Cost, Cost)> {
        let text = self.text;
        // (asked first, so that a text whose pieces make no letters builds no `Words`)
        if makes_a_currency_word(text, piece) {
            return None;
        }
        if !piece.replacement.chars().all(is_letter) {
            return (!makes_a_price(text, piece)).then_some((0, 0, 0));
        }
        let words = self.words.get_or_insert_with(|| Words::new(text));
        let span = words.word_span(text, piece);
        // (A legacy run's bound counts a name where a pair may make one of it,
        // `candidates::legacy::name_pairs`.)
        let legacy = readings()[piece.reading as usize].kind == Kind::LegacyAsLegacy;
        let names = Words::name_evidence(text, piece, span);
        let lower_in_capitals = !legacy
            && piece.replacement.chars().any(lower_case)
            && self
                .capitals
                .get_or_insert_with(|| Capitals::new(text))
                .around(piece.start, piece.end);
        let case = self.cases.evidence(text, piece, span).min(-Cost::from(lower_in_capitals));
        Some((words.evidence(text, piece, span), names, case))
    }
}

/// Of pieces that overlap (alternatives of one reading), the set of disjoint ones that gains
/// most (weighted interval scheduling). A piece that gains nothing counts for a token amount,
/// so that it is kept where nothing overlaps it: the stretches decide about it.
fn disjoint(mut judged: Vec<Judged>) -> Vec<Judged> {
    judged.sort_by_key(|j| (j.piece.end, j.piece.start));
    let weight = |j: &Judged| j.gain.max(1);
    // best[i]: the most the first i pieces can gain; take[i]: whether piece i - 1 is in it.
    let mut best: Vec<Cost> = vec![0; judged.len() + 1];
    let mut take = vec![false; judged.len() + 1];
    let mut previous = vec![0usize; judged.len() + 1];
    for i in 1..=judged.len() {
        let j = &judged[i - 1];
        // The pieces that end before this one starts: a prefix, as pieces are sorted by end.
        let p = ending_by(&judged[..i - 1], j.piece.start);
        previous[i] = p;
        let with = best[p] + weight(j);
        (best[i], take[i]) = if with > best[i - 1] { (with, true) } else { (best[i - 1], false) };
    }
    let mut kept = vec![false; judged.len()];
    let mut i = judged.len();
    while i > 0 {
        if take[i] {
            kept[i - 1] = true;
            i = previous[i];
        } else {
            i -= 1;
        }
    }
    // (in place: a text of many short findings has tens of thousands of pieces)
    let mut kept = kept.into_iter();
    judged.retain(|_| kept.next() == Some(true));
    judged
}

/// How many of `judged` (sorted by end) end by `at`: the partition point, searched for from
/// the end, near which it lies where pieces are short (galloping, then a binary search over
/// the last gallop's stretch); a binary search of a long text's pieces missed the cache.
fn ending_by(judged: &[Judged], at: usize) -> usize {
    let ends_by = |k: &Judged| k.piece.end <= at;
    let mut step = 1;
    let mut high = judged.len();
    while high > 0 {
        let low = high.saturating_sub(step);
        if ends_by(&judged[low]) {
            return low + 1 + judged[low + 1..high].partition_point(ends_by);
        }
        (high, step) = (low, step * 2);
    }
    0
}

/// The best stretches of pieces for one reading: the net gain and which pieces.
///
/// After each piece the text is in one of three states: no stretch yet, inside a stretch
/// (the piece is repaired), or after one. A stretch starts at the entry cost if it is the
/// first, at the re-entry cost otherwise.
fn stretches(judged: &[Judged], entry: Cost, reentry: Cost) -> (Cost, Vec<bool>) {
    #[derive(Clone, Copy, PartialEq)]
    enum From {
        Inside,
        First,
        After,
    }
    const NONE: Cost = Cost::MIN / 4;
    let n = judged.len();
    let mut inside = vec![NONE; n];
    let mut after = vec![NONE; n];
    let mut inside_from = vec![From::First; n];
    let mut after_from = vec![From::After; n];
    for (i, j) in judged.iter().enumerate() {
        let (prev_inside, prev_after) =
            if i == 0 { (NONE, NONE) } else { (inside[i - 1], after[i - 1]) };
        let (best, from) = [
            (prev_inside, From::Inside),
            (-entry, From::First),
            (prev_after - reentry, From::After),
        ]
        .into_iter()
        .max_by_key(|&(value, _)| value)
        .expect("three choices");
        inside[i] = j.gain + best;
        inside_from[i] = from;
        (after[i], after_from[i]) = if prev_inside >= prev_after {
            (prev_inside, From::Inside)
        } else {
            (prev_after, From::After)
        };
    }
    let Some(last) = n.checked_sub(1) else { return (0, Vec::new()) };
    let best = inside[last].max(after[last]);
    let mut chosen = vec![false; n];
    if best <= 0 {
        return (best, chosen);
    }
    // Walk back through the states.
    let mut state = if inside[last] >= after[last] { From::Inside } else { From::After };
    for i in (0..n).rev() {
        match state {
            From::Inside => {
                chosen[i] = true;
                state = inside_from[i];
                if state == From::First {
                    break;
                }
            }
            From::After => state = after_from[i],
            From::First => break,
        }
    }
    (best, chosen)
}

/// The best choice for the text, if any reading gains; and the best net gain of any reading
/// (negative when none gains; `None` when the text has no candidate at all). For a
/// `Purpose::Repair` the net gain is that of the readings that could win only.
///
/// Every round of a repair decides as the first did: a text the repair made is judged as if
/// it were given, so `fix` is idempotent.
///
/// A choice that undoes several layers in one piece ("ÃƒÂ©", UTF-8 read as windows-1252
/// twice) competes with the best other reading that undoes one layer: a decoder that reads
/// both layers' bytes alike may take both at once, wrongly ("Ä\u{82}Ë\u{87}", UTF-8 read as
/// windows-1250 and then as latin-1, is "÷" to ISO-8859-2 twice over). A choice that undoes
/// one layer competes with the best other that gains almost as much and repairs otherwise
/// (`rival`). Each is followed by the next round's choice on its text, and the pair of
/// rounds that gains more wins.
///
/// The choice that wins also takes every run of the text that is made of the same characters
/// as one of its pieces (`same_runs`): no half-repaired strings (decision note 0027).
pub fn choose(
    text: &[char],
    parameters: &Parameters,
    purpose: Purpose,
) -> (Option<Choice>, Option<Cost>) {
    if purpose == Purpose::Repair {
        if let Some(whole) = whole_text_repair(text) {
            let net_gain = whole.net_gain;
            return (Some(whole), Some(net_gain));
        }
    }
    let (each, best_net_gain) = choices(text, parameters, purpose);
    let mut best = best_of(&each);
    if let Some(rival) = best.as_ref().and_then(|b| rival(text, b, &each, parameters, purpose)) {
        let two_rounds = |c: &Choice| {
            let (next, _) = choices(&apply(text, c), parameters, purpose);
            c.net_gain + best_of(&next).map_or(0, |n| n.net_gain)
        };
        if best.as_ref().is_some_and(|b| two_rounds(rival) > two_rounds(b)) {
            best = Some(rival.clone());
        }
    }
    if let Some(best) = best.as_mut() {
        best.net_gain += same_runs(text, &mut best.pieces);
        marks_of_one_loss(text, best);
    }
    (best, best_net_gain)
}

/// Take into each piece of a multi-byte reading's choice the runs of U+FFFD that touch it, as
/// one mark: the decoder that misread the text wrote them for bytes of the same UTF-8 that it
/// could not read, and once the text is UTF-8 again a stretch of lost bytes is one mark, as a
/// UTF-8 decoder writes it ("諛깅���", the bytes of "백" and of a character cut, is "백�").
/// Nothing lost is restored; only the marks of one loss become one.
///
/// ```
/// use _core::explanation::{fix_str, Options};
/// let fix = |text: &str| fix_str(text, Options::default());
/// assert_eq!(fix("議곗삦\u{FFFD}\u{FFFD}").as_deref(), Some("조옥\u{FFFD}"));
/// assert_eq!(fix("諛섑룷\u{FFFD}\u{FFFD}濡\u{FFFD}").as_deref(), Some("반포\u{FFFD}"));
/// ```
fn marks_of_one_loss(text: &[char], choice: &mut Choice) {
    const MARK: char = '\u{FFFD}';
    if readings()[choice.reading as usize].kind != Kind::Utf8AsMultiByte {
        return;
    }
    let pieces = &mut choice.pieces;
    // The marks between two pieces are the first's: it reaches the next piece's start.
    let mut previous_end = 0;
    for index in 0..pieces.len() {
        let next_start = pieces.get(index + 1).map_or(text.len(), |j| j.piece.start);
        let piece = &mut pieces[index].piece;
        let mut start = piece.start;
        while start > previous_end && text[start - 1] == MARK {
            start -= 1;
        }
        let mut end = piece.end;
        while end < next_start && text[end] == MARK {
            end += 1;
        }
        if start < piece.start && !piece.replacement.starts_with(MARK) {
            piece.replacement.insert(0, MARK);
        }
        if end > piece.end && !piece.replacement.ends_with(MARK) {
            piece.replacement.push(MARK);
        }
        (piece.start, piece.end) = (start, end);
        previous_end = end;
    }
    // Two pieces that touch with a mark on each side make one mark: the first gives its own
    // up, or, when a mark is all it repairs to, it takes the second in.
    let mut index = 1;
    while index < pieces.len() {
        let (first, second) = pieces.split_at_mut(index);
        let (first, second) = (&mut first[index - 1].piece, &mut second[0].piece);
        if first.end == second.start
            && first.replacement.ends_with(MARK)
            && second.replacement.starts_with(MARK)
        {
            first.replacement.pop();
            if first.replacement.is_empty() {
                first.replacement = std::mem::take(&mut second.replacement);
                first.end = second.end;
                first.lost += second.lost;
                first.sequences += second.sequences;
                pieces.remove(index);
                continue;
            }
        }
        index += 1;
    }
}

/// The choice that competes with the `best` over two rounds ([`choose`]): when `best` undoes
/// several layers in one piece, the best choice that undoes one; when it undoes one layer,
/// the best other choice within [`ROUNDS_MARGIN`] that repairs the text otherwise and made
/// something the one pass does not clear. Two layers of different readings
/// ("KristoffervĂ\u{83}ÂĄg", UTF-8 read as windows-1252, then as windows-1250) are undone one
/// a round, and the first round's likeliest repair ("Ã¡" to ISO-8859-2) need not lead to the
/// likeliest text ("Ã¥", "å").
fn rival<'a>(
    text: &[char],
    best: &Choice,
    each: &'a [Option<Choice>],
    parameters: &Parameters,
    purpose: Purpose,
) -> Option<&'a Choice> {
    let deep_pieces = |c: &Choice| deep_pieces(&c.pieces);
    let others = each
        .iter()
        .flatten()
        .filter(|c| c.net_gain > 0 && c.reading != best.reading && !deep_pieces(c));
    if deep_pieces(best) {
        return others.max_by_key(|c| (c.net_gain, c.repair()));
    }
    let repaired = apply(text, best);
    // Only a rival that made something the next round may read again can gain more there.
    let read_again = |c: &Choice| {
        c.pieces.iter().any(|j| {
            !crate::one_pass::by_lines_with(&j.piece.replacement, purpose, parameters).clear
        })
    };
    others
        .filter(|c| c.net_gain + ROUNDS_MARGIN >= best.net_gain)
        .filter(|c| apply(text, c) != repaired)
        .max_by_key(|c| (c.net_gain, c.repair()))
        .filter(|c| read_again(c))
}

/// Does a choice undo several layers in one of its pieces?
fn deep_pieces(pieces: &[Judged]) -> bool {
    pieces.iter().any(|j| j.piece.layers > 1)
}

/// How much less than the best choice another may gain in its round and still be followed
/// into the next ([`rival`]). Chosen on the corpus's train and dev splits: 10, 20 and 40
/// nats repair the same rows; the least is the cheapest.
const ROUNDS_MARGIN: Cost = 10_000;

/// The fewest UTF-8 sequences of a text misread as a whole that `whole_text` takes at once:
/// a short text's round trip is too little evidence against the other readings ("Connect
/// with Āø" is "¸" to windows-1252, and the word model knows better; "¤½¤í¤½¤í" is EUC-JP
/// read as windows-1252, and UTF-8 read as IBM850 only by chance). Chosen on the corpus's
/// train and dev splits (decision note 0026): from 2 to 6 sequences no repair there is lost
/// and four are gained; the largest is taken.
pub const WHOLE_TEXT_LEAST_SEQUENCES: u32 = 6;

/// What the model of text finds a repair of the whole text as one reading gains, where
/// [`choose`] would take it for a repair: at least [`WHOLE_TEXT_LEAST_SEQUENCES`] and a gain.
pub fn whole_text_gain(text: &[char]) -> Option<Cost> {
    whole_text(text, Gain::Exact).map(|choice| choice.net_gain)
}

/// Would [`choose`] take `text` as a whole for a repair ([`whole_text_gain`] is `Some`)?
pub fn takes_whole_text(text: &[char]) -> bool {
    whole_text(text, Gain::Proved).is_some()
}

/// The net gain of a repair of a text misread as a whole, as an analysis that scores it counts
/// it: its score is 1.0 ([`score_of`]), as no evidence is stronger (decision notes 0028, 0081).
///
/// ```
/// use _core::decision::{score_of, PARAMETERS, PROVED_GAIN};
/// assert_eq!(score_of(PROVED_GAIN, &PARAMETERS), 1.0);
/// ```
pub const PROVED_GAIN: Cost = Cost::MAX / 4;

/// The choice [`choose`] makes first for a repair, when it takes `text` as a whole (as
/// [`takes_whole_text`] says): the whole text under one reading, its marks of one loss made
/// one.
pub fn whole_text_repair(text: &[char]) -> Option<Choice> {
    let mut whole = whole_text(text, Gain::Proved)?;
    marks_of_one_loss(text, &mut whole);
    Some(whole)
}

/// How exactly [`whole_text`] weighs what a repair gains.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gain {
    /// What each piece's repair gains as text.
    Exact,
    /// Enough to prove the repair likelier: at least what each piece's repair gains, from a
    /// bound of the piece's own cost ([`crate::model::Models::cost_at_least`]), exact only
    /// where the bound proves nothing. A repair asks only whether it is likelier.
    Proved,
}

/// A repair of the whole text as one reading ([`candidates::utf8::whole_texts`]), taken
/// without judging its pieces among every other reading's: where the text has at least
/// [`WHOLE_TEXT_LEAST_SEQUENCES`] and the model of text finds the repair likelier
/// (decision note 0026). Each piece's gain is what its repair gains as text (or at least
/// that, `Gain::Proved`).
fn whole_text(text: &[char], gain: Gain) -> Option<Choice> {
    let (whole, weighed) = likeliest_whole_text(text, candidates::utf8::whole_texts(text))?;
    let facts = candidates::utf8::TextFacts::new(text);
    if whole.pieces.iter().map(|p| p.sequences).sum::<u32>() < WHOLE_TEXT_LEAST_SEQUENCES
        || whole.pieces.iter().all(|p| candidates::utf8::repairs_no_word(text, p, &facts))
    {
        return None;
    }
    let models = models();
    // (Each piece is a maximal run of non-ASCII characters: its context is ASCII and stays.)
    let original = |piece: &Piece| text[piece.start..piece.end].iter().copied();
    // (what each repair costs, unless `likeliest_whole_text` weighed it)
    let repairs =
        weighed.unwrap_or_else(|| whole.pieces.iter().map(|p| repair_cost(text, p)).collect());
    let mut pieces = Vec::with_capacity(whole.pieces.len());
    for (piece, &repair) in whole.pieces.into_iter().zip(&repairs) {
        let (before, after) = piece.around(text);
        let as_is = match gain {
            Gain::Exact => models.cost_between(before, original(&piece), after),
            Gain::Proved => models.cost_at_least(before, original(&piece), after),
        };
        pieces.push(Judged {
            piece,
            gain: as_is - repair,
            repair: as_is - repair,
            makes_a_word: false,
        });
    }
    let mut net_gain: Cost = pieces.iter().map(|j| j.gain).sum();
    if net_gain <= 0 && gain == Gain::Proved {
        // The bound proves nothing: the exact gains decide.
        for (j, repair) in pieces.iter_mut().zip(&repairs) {
            let (before, after) = j.piece.around(text);
            let as_is = models.cost_between(before, original(&j.piece), after);
            (j.gain, j.repair) = (as_is - repair, as_is - repair);
        }
        net_gain = pieces.iter().map(|j| j.gain).sum();
    }
    (net_gain > 0).then_some(Choice { reading: whole.reading, pieces, net_gain })
}

/// Of the whole text's repairs by different decoders ([`candidates::utf8::whole_texts`]), the
/// one the model of text finds likelier than every other by [`WHOLE_TEXT_MARGIN`], if there
/// is one, with what each of its pieces' repairs costs when they were weighed (several
/// repairs). Each misreads the text as a whole, so the likeliest repair is the likeliest
/// reading: "CafÃ© crÃ¨me" is "Café crème" to windows-1252 and "Caf\u{329} cr\u{32C}me" to
/// macintosh, and a text of many such runs need not have each judged under every reading.
///
/// A cost is never negative: a repair is weighed only until it costs the margin more than the
/// likeliest so far, which it then cannot be, nor come within the margin of the likeliest.
fn likeliest_whole_text(
    text: &[char],
    mut wholes: Vec<candidates::utf8::WholeText>,
) -> Option<(candidates::utf8::WholeText, Option<Vec<Cost>>)> {
    if wholes.len() < 2 {
        return wholes.pop().map(|whole| (whole, None));
    }
    // The likeliest so far (its index and its pieces' costs) and what it costs, and the least
    // cost of the others weighed in full.
    let (mut best, mut least, mut runner_up) = (None, Cost::MAX, Cost::MAX);
    for (index, whole) in wholes.iter().enumerate() {
        let limit = least.saturating_add(WHOLE_TEXT_MARGIN);
        let (mut costs, mut total) = (Vec::with_capacity(whole.pieces.len()), 0);
        for piece in &whole.pieces {
            let cost = repair_cost(text, piece);
            costs.push(cost);
            total += cost;
            if total >= limit {
                break;
            }
        }
        if total >= limit {
            continue;
        }
        if total < least {
            runner_up = runner_up.min(least);
            (best, least) = (Some((index, costs)), total);
        } else {
            runner_up = runner_up.min(total);
        }
    }
    let (index, costs) = best?;
    (least + WHOLE_TEXT_MARGIN <= runner_up).then(|| (wholes.swap_remove(index), Some(costs)))
}

/// What `piece`'s repair costs as text between the characters around it.
fn repair_cost(text: &[char], piece: &Piece) -> Cost {
    let (before, after) = piece.around(text);
    models().cost_between(before, piece.replacement.chars(), after)
}

/// How much likelier than any other the repair of a whole text that several decoders misread
/// must be to be taken at once ([`likeliest_whole_text`]); otherwise every piece is judged.
/// Chosen on the corpus's train and dev splits (decision note 0069).
const WHOLE_TEXT_MARGIN: Cost = 20_000;

/// Each reading's choice for the text (`None` for a reading without pieces), and the best
/// net gain of any reading.
fn choices(
    text: &[char],
    parameters: &Parameters,
    purpose: Purpose,
) -> (Vec<Option<Choice>>, Option<Cost>) {
    let mut by_reading: Vec<Vec<Judged>> = vec![Vec::new(); readings().len()];
    let mut gains = Gains::new(text, parameters);
    // Every reading asks where the text's non-ASCII characters are: found once.
    let non_ascii = non_ascii_positions(text);
    // Each reading's choice, by reading: the best is taken at the end.
    let mut choices: Vec<Option<Choice>> = vec![None; readings().len()];
    let mut lines = LineLetters::default();
    // What `candidates::utf8::repairs_no_word` asks of the whole text (does it hold a word,
    // which scripts does it write?), each asked once, and only when a piece needs it.
    let facts = candidates::utf8::TextFacts::new(text);
    // The legacy pairs whose spelling may count where a run the suspects left out could keep
    // them from misreading the text as a whole (below): `left_out` of [`may_be_spelt`].
    let mut left_out: Pairs = 0;
    let consider = |by_reading: &mut Vec<Vec<Judged>>,
                    choices: &mut Vec<Option<Choice>>,
                    lines: &mut LineLetters,
                    left_out: Pairs| {
        for (reading, judged) in by_reading.iter_mut().enumerate() {
            // (a reading whose pieces repair no word, `candidates::utf8::repairs_no_word`, is
            // none: letters drawn, symbols for symbols)
            let no_word = |j: &Judged| candidates::utf8::repairs_no_word(text, &j.piece, &facts);
            if !judged.is_empty() {
                let judged = std::mem::take(judged);
                if judged.iter().all(no_word) {
                    continue;
                }
                let reading = reading as ReadingId;
                // (a repair asks only of readings that may win; a score, of every one's gain)
                if purpose == Purpose::Repair
                    && !may_gain(reading, &judged, parameters)
                    && !may_be_spelt(reading, left_out)
                {
                    continue;
                }
                let choice = judge(text, &non_ascii, reading, judged, parameters, lines);
                choices[reading as usize] =
                    if readings()[reading as usize].kind == Kind::Utf8AsMultiByte {
                        without_garbled_lines(text, &non_ascii, choice)
                    } else {
                        Some(choice)
                    };
            }
        }
    };
    // (no reading of a drawing is text: `candidates::legacy::drawn_runs`)
    let drawn = candidates::legacy::drawn_runs(text);
    let mut pieces = candidates::utf8::pieces(text);
    pieces.retain(|p| !candidates::legacy::overlaps(&drawn, p.start, p.end));
    gains.judge_all(pieces, &mut by_reading);
    consider(&mut by_reading, &mut choices, &mut lines, left_out);
    let utf8_best = best_of(&choices);
    // Legacy readings, where one could win or raise the score: a legacy pair's gain is at
    // most what the runs it may make pieces of look like mojibake, with every bonus, less its
    // cheapest entry.
    let mut runs = candidates::legacy::runs(text, &drawn);
    if let Some(choice) = utf8_best.as_ref().filter(|_| !runs.is_empty()) {
        // A run that the winning UTF-8 reading repairs for more than any legacy reading could
        // gain from it is that reading's: legacy readings compete for the rest of the text.
        let bound = |r: &candidates::legacy::Run| {
            let price = run_price(r);
            let word = purpose.word_pairs(r.word_pairs, r.word, r.pairs) != 0;
            let bonus = legacy_bonus(parameters, word, r.name_pairs != 0);
            legacy_run_most(parameters, r.end - r.start, r.shape, bonus, price)
        };
        // The most a piece of the winner gains over each character: a run overlaps a piece
        // that gains at least its bound if one of its characters does (linear in the text,
        // where asking every piece for every run took time with the square of the findings).
        let within = |start: usize, end: usize| {
            let start = start.min(text.len());
            start..end.clamp(start, text.len())
        };
        let mut most = vec![Cost::MIN; text.len()];
        for j in &choice.pieces {
            for gain in &mut most[within(j.piece.start, j.piece.end)] {
                *gain = (*gain).max(j.gain);
            }
        }
        runs.retain(|r| {
            let bound = bound(r);
            !most[within(r.start, r.end)].iter().any(|&gain| gain >= bound)
        });
    }
    let mut bounds = LegacyBounds::new(parameters, spelt_text(text.iter().copied()));
    // (A repair asks whether a run's pieces make a known word only of a pair over the floor,
    // as the one pass does: decision note 0073.)
    let mut unasked = Vec::new();
    for run in &runs {
        let word_pairs = purpose.word_pairs(run.word_pairs, run.word, run.pairs);
        let pairs = RunPairs { pairs: run.pairs, word_pairs, name_pairs: run.name_pairs };
        let (length, shape, price) = (run.end - run.start, run.shape, run_price(run));
        let bounded = BoundedRun { length, shape, pairs, price };
        if asks_words(purpose, word_pairs) {
            bounds.add_unasked(parameters, &bounded);
            unasked.push(Unasked { at: (run.start, run.end), run: bounded });
        } else {
            bounds.add(parameters, &bounded);
        }
    }
    // A pair is read if it could gain more than every UTF-8 reading (the winner, or the
    // score's best net gain) and more than the purpose's floor.
    let utf8_most = choices.iter().flatten().map(|c| c.net_gain).max();
    let floor = utf8_most.unwrap_or(Cost::MIN).max(purpose.legacy_floor());
    if bounds.over_by_spelling(floor) {
        non_ascii.iter().for_each(|&at| bounds.written(text[at]));
    }
    let mut pairs = bounds.over(floor);
    if pairs != 0 && !unasked.is_empty() {
        pairs = bounds.ask_unasked(parameters, floor, &mut unasked, |&run, word_pairs| {
            known_word_pairs_in(text, run, word_pairs)
        });
    }
    if pairs != 0 {
        // Runs whose pieces cannot gain can only join a stretch of a legacy reading that wins
        // without them: they are read only then (below).
        // (Those that may make a price are read: a repair is judged by the format.)
        let bonuses = (parameters.known_word[2].max(0), parameters.known_name.max(0));
        let suspects = candidates::legacy::suspects(&runs, 0, bonuses);
        if spelt_text(text.iter().copied()) {
            let left_out_runs = runs.iter().filter(|r| !r.suspect(0, bonuses));
            left_out = left_out_runs.fold(0, |pairs, r| pairs | r.pairs);
        }
        // (one pair at a time: the pieces of every pair at once outgrow the cache)
        for pair in (0..Pairs::BITS).filter(|&pair| pairs & (1 << pair) != 0) {
            let pieces = candidates::legacy::pieces(text, &suspects, 1 << pair);
            gains.judge_all(pieces, &mut by_reading);
            consider(&mut by_reading, &mut choices, &mut lines, left_out);
        }
        // A legacy reading that would win is judged again on every run of the text, words in
        // ordinary case and punctuation included: each is that reading's to take ("Д." in an
        // address), and each it would garble counts against it (a Serbian text's "ИБ" read as
        // KOI8-R is "ха" only if its plain words are mojibake too). What it gains so is what
        // it gains. So is one whose spelling may count (a short line, a reading within a
        // script) where a run the suspects left out may keep it from misreading the text as
        // a whole ("331,44 Kè" beside "odpovìdi" is "Kč").
        let floor = utf8_best.as_ref().map_or(0, |b| b.net_gain);
        // (every run is found once a reading asks for it: most texts' readings do not)
        let mut every_run: Option<Vec<(usize, usize)>> = None;
        for reading in (0..choices.len()).filter(|&r| readings()[r].kind == Kind::LegacyAsLegacy) {
            let reading = reading as ReadingId;
            let spelt = may_be_spelt(reading, left_out);
            if choices[reading as usize].as_ref().is_some_and(|c| c.net_gain > floor || spelt) {
                let spans =
                    every_run.get_or_insert_with(|| candidates::legacy::every_run(text, &drawn));
                if *spans == suspects {
                    // (the same pieces judged again make the same choice)
                    let choice = choices[reading as usize].take().expect("a choice");
                    choices[reading as usize] = without_garbled_lines(text, &non_ascii, choice);
                    continue;
                }
                let pair = crate::readings::legacy_index(reading);
                let pieces = candidates::legacy::pieces(text, spans, 1 << pair);
                let judged = pieces.into_iter().map(|piece| gains.judged(piece)).collect();
                let choice = judge(text, &non_ascii, reading, judged, parameters, &mut lines);
                choices[reading as usize] = without_garbled_lines(text, &non_ascii, choice);
            }
        }
    }
    let best_net_gain = choices.iter().flatten().map(|c| c.net_gain).max();
    (choices, best_net_gain)
}

/// May a reading gain with some of its `judged` pieces? Not when none gains and its entry
/// costs something even at its cheapest (its re-entry and prior; the letter evidence lowers an
/// entry to no less): every stretch of its pieces, and the text misread as a whole, whose
/// spelling adds at most what its best piece gains, then loses (`judge`).
fn may_gain(reading: ReadingId, judged: &[Judged], parameters: &Parameters) -> bool {
    let kind = kind_index(readings()[reading as usize].kind);
    parameters.reentry[kind] + parameters.prior[reading as usize] < 0
        || judged.iter().any(|j| j.gain > 0)
}

/// Is `reading` a legacy reading within a script whose pair is among `left_out`, the pairs of
/// runs the suspects left out in a text whose spelling counts? `choices` then judges it again
/// on every run of the text, whatever it gained on the suspects.
fn may_be_spelt(reading: ReadingId, left_out: Pairs) -> bool {
    readings()[reading as usize].kind == Kind::LegacyAsLegacy
        && left_out & (1 << crate::readings::legacy_index(reading)) != 0
        && crate::readings::within_a_script(reading)
}

/// The choice that gains most, if any gains; of choices that gain alike (two decoders that
/// read a piece alike but repair it differently, "ĂĄ" as á in ISO-8859-2 and å in
/// windows-1250), the one whose repairs make likelier text.
fn best_of(choices: &[Option<Choice>]) -> Option<Choice> {
    let mut best: Option<&Choice> = None;
    for choice in choices.iter().flatten() {
        let better = |b: &Choice| (b.net_gain, b.repair()) < (choice.net_gain, choice.repair());
        if choice.net_gain > 0 && best.is_none_or(better) {
            best = Some(choice);
        }
    }
    best.cloned()
}

/// The most a legacy piece's word and name evidence add: a known word where it could make
/// one (`word`), a Chinese name where it could make one (`name`).
pub fn legacy_bonus(parameters: &Parameters, word: bool, name: bool) -> Cost {
    let word = if word { parameters.known_word[2].max(0) } else { 0 };
    word + if name { parameters.known_name.max(0) } else { 0 }
}

/// The most a legacy piece in a run of `length` characters and this shape gains: its shape,
/// its multi-byte characters, and the `bonus` of the word and name it could make
/// ([`legacy_bonus`]). `price`: the run's cost as text where a piece of it may make a price
/// ([`run_price`]), whose repair gains at most that, and the format.
fn legacy_run_most(
    parameters: &Parameters,
    length: usize,
    shape: Cost,
    bonus: Cost,
    price: Option<Cost>,
) -> Cost {
    let known_word = parameters.known_word[2].max(0);
    let sequences = parameters.per_sequence[2].max(0) * length as Cost;
    let most = shape + bonus + sequences;
    price.map_or(most, |as_text| most.max(as_text + PRICE_WORDS * known_word + sequences))
}

/// The most a legacy run of `length` characters and this shape can add to a legacy reading's
/// gain (0 when it can only lower it).
pub fn legacy_run_bound(
    parameters: &Parameters,
    length: usize,
    shape: Cost,
    bonus: Cost,
    price: Option<Cost>,
) -> Cost {
    legacy_run_most(parameters, length, shape, bonus, price).max(0)
}

/// The legacy pairs that may make a piece of a run (`pairs`), and of those the pairs whose
/// piece may make a known word (`word_pairs`) and a Chinese name (`name_pairs`): what the
/// run's bound counts for each pair ([`LegacyBounds::add`]).
#[derive(Clone, Copy, Debug)]
pub struct RunPairs {
    pub pairs: Pairs,
    pub word_pairs: Pairs,
    pub name_pairs: Pairs,
}

/// A legacy run as its bounds see it: its length, shape, pairs and price (`legacy_run_most`).
#[derive(Clone, Copy, Debug)]
pub struct BoundedRun {
    pub length: usize,
    pub shape: Cost,
    pub pairs: RunPairs,
    pub price: Option<Cost>,
}

/// A run [`LegacyBounds::add_unasked`] took, and where it is.
pub struct Unasked<At> {
    pub at: At,
    pub run: BoundedRun,
}

/// Whether a repair's bounds add a run as not asked ([`LegacyBounds::add_unasked`]): its
/// `word_pairs` hold a single-byte pair, whose pieces [`known_word_pairs`] can ask of. A
/// score's bounds count a word for a pair that cannot make one, and ask nothing.
pub fn asks_words(purpose: Purpose, word_pairs: Pairs) -> bool {
    purpose == Purpose::Repair && word_pairs & candidates::legacy::single_byte_pairs() != 0
}

/// What a run adds to each pair's bound ([`legacy_run_bound`] with the bonus of the word and
/// name that pair may make), by pair index: `None` when it raises none.
fn run_bounds(parameters: &Parameters, run: &BoundedRun) -> Option<impl Fn(usize) -> Cost> {
    let BoundedRun { length, shape, pairs, price } = *run;
    let RunPairs { pairs, word_pairs, name_pairs } = pairs;
    let bound = |word: bool, name: bool| {
        let bonus = legacy_bonus(parameters, word, name);
        legacy_run_bound(parameters, length, shape, bonus, price)
    };
    let (with_word, without) = (bound(true, false), bound(false, false));
    let mut raised = without > 0 || pairs & word_pairs != 0 && with_word > 0;
    // (a name is rare: most runs are bounded without)
    let names = pairs & name_pairs != 0;
    let (name_with_word, name_without) =
        if names { (bound(true, true), bound(false, true)) } else { (with_word, without) };
    raised |=
        names && (name_without > 0 || pairs & name_pairs & word_pairs != 0 && name_with_word > 0);
    raised.then_some(move |i: usize| {
        match (word_pairs & (1 << i) != 0, name_pairs & (1 << i) != 0) {
            (false, false) => without,
            (true, false) => with_word,
            (false, true) => name_without,
            (true, true) => name_with_word,
        }
    })
}

/// A run's cost as text, if a piece of it may make a price ([`candidates::legacy::Run::price`]).
fn run_price(run: &candidates::legacy::Run) -> Option<Cost> {
    run.price.then_some(run.as_text)
}

/// How far below 0 what a legacy pair could gain may be and the pair still be read: a pair
/// that cannot win still scores a text (damage no reading repairs ranks above clean text by
/// it). Chosen on the train and dev splits: with 4 nats, the detection's ROC AUC fell by
/// 0.0004–0.0005; with 8, it is as when every pair was read.
pub const LEGACY_SCORE_MARGIN: Cost = 8000;

/// What a decision is for. A repair needs only the readings that could win; a score needs
/// the best net gain of every reading down to `-LEGACY_SCORE_MARGIN`, and reads the legacy
/// pairs that could come near winning too (clean text's accented letters and symbols often
/// add up to such a bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Repair,
    Score,
}

impl Purpose {
    /// The least a legacy pair must be able to gain to be read.
    pub const fn legacy_floor(self) -> Cost {
        match self {
            Purpose::Repair => 0,
            Purpose::Score => -LEGACY_SCORE_MARGIN,
        }
    }

    /// The pairs of a legacy run (`pairs`) whose pieces its bound lets make a known word: for
    /// a repair, those that may (`word_pairs`, [`candidates::legacy::word_pairs`]); a score
    /// counts one for every pair of a run in a `word` that may gain: the pairs it reads so,
    /// though they cannot win, rank damage no reading repairs above clean text (a Latvian
    /// "turklât", which no pair repairs, scores above 0 by a GBK reading read so).
    pub fn word_pairs(
        self,
        word_pairs: Pairs,
        word: candidates::legacy::Word,
        pairs: Pairs,
    ) -> Pairs {
        match self {
            Purpose::Repair => word_pairs,
            Purpose::Score if word.may_gain() => pairs,
            Purpose::Score => 0,
        }
    }
}

/// What each legacy pair could gain from the runs seen so far, as `choices` bounds it before
/// reading them.
#[derive(Clone)]
pub struct LegacyBounds<'a> {
    /// The parameters, whose re-entry cost and priors are each pair's cheapest entry (the
    /// letter evidence lowers an entry to the re-entry cost at most).
    parameters: &'a Parameters,
    /// By `LEGACY_PAIRS` index: the sum of the runs' bounds, and the most the spelling may
    /// add ([`spelling::most`] of the largest), of the runs whose word pairs are asked and of
    /// the others ([`LegacyBounds::add_unasked`]).
    bounds: [Cost; LEGACY_PAIRS.len()],
    spelling_most: [Cost; LEGACY_PAIRS.len()],
    spelling_most_unasked: [Cost; LEGACY_PAIRS.len()],
    /// The pairs whose spelling evidence may count: up to [`spelling::most`] of their best
    /// piece.
    spelt: Pairs,
    /// Of those, the pairs that cannot have misread the text as a whole ([`unwritten_pairs`]
    /// of its characters so far).
    unwritten: Pairs,
    /// The pairs some run may make a piece of: no other pair has a piece to read.
    touched: Pairs,
}

impl<'a> LegacyBounds<'a> {
    /// The bounds before any run, for a text the spelling counts in or not ([`spelt_text`]).
    pub fn new(parameters: &'a Parameters, spelt_text: bool) -> LegacyBounds<'a> {
        let spelt = if spelt_text && parameters.spelling_weight[2] > 0 {
            spelling::pairs_within_a_script()
        } else {
            0
        };
        LegacyBounds {
            parameters,
            bounds: [0; LEGACY_PAIRS.len()],
            spelling_most: [0; LEGACY_PAIRS.len()],
            spelling_most_unasked: [0; LEGACY_PAIRS.len()],
            spelt,
            unwritten: 0,
            touched: 0,
        }
    }

    /// Note a non-ASCII character of the text: the pairs that cannot have written it have not
    /// misread the text as a whole.
    #[inline]
    pub fn written(&mut self, c: char) {
        if self.spelt & !self.unwritten != 0 {
            self.unwritten |= unwritten_pairs(c);
        }
    }

    /// Add a run, that `run.pairs.pairs` may make pieces of, some of them a known word or a
    /// name ([`RunPairs`]): whether the bounds changed (most runs of clean text raise none).
    pub fn add(&mut self, parameters: &Parameters, run: &BoundedRun) -> bool {
        self.add_run(parameters, run, true)
    }

    /// [`LegacyBounds::add`] a run whose word pairs (`run.pairs.word_pairs`) are only those
    /// that may make a known word, not asked whether they do: [`LegacyBounds::ask_unasked`]
    /// asks.
    pub fn add_unasked(&mut self, parameters: &Parameters, run: &BoundedRun) -> bool {
        self.add_run(parameters, run, false)
    }

    fn add_run(&mut self, parameters: &Parameters, run: &BoundedRun, asked: bool) -> bool {
        let RunPairs { pairs, word_pairs, .. } = run.pairs;
        let raised = run_bounds(parameters, run);
        let changed = raised.is_some() || pairs & !self.touched != 0;
        self.touched |= pairs;
        if let Some(bound) = raised {
            for i in (0..LEGACY_PAIRS.len()).filter(|&i| pairs & (1 << i) != 0) {
                self.bounds[i] += bound(i);
                let most =
                    if asked { &mut self.spelling_most } else { &mut self.spelling_most_unasked };
                most[i] = most[i].max(spelling::most(bound(i), word_pairs & (1 << i) != 0));
            }
        }
        changed
    }

    /// A run added with [`LegacyBounds::add_unasked`] (`unasked_run`) makes a known word only
    /// for the pairs `word_pairs`: its bounds are taken back and added so. `unasked`: the runs
    /// added so that are still not asked, whose spelling is counted again without this one.
    fn amend(
        &mut self,
        parameters: &Parameters,
        unasked_run: &BoundedRun,
        word_pairs: Pairs,
        unasked: impl Iterator<Item = BoundedRun>,
    ) {
        self.take_back(parameters, unasked_run, word_pairs);
        // (The spelling counts only in a short text, of few runs.)
        if self.spelt & !self.unwritten != 0 {
            self.spelling_most_unasked = [0; LEGACY_PAIRS.len()];
            for run in unasked {
                let raised = run_bounds(parameters, &run);
                let RunPairs { pairs, word_pairs, .. } = run.pairs;
                for i in (0..LEGACY_PAIRS.len()).filter(|&i| pairs & (1 << i) != 0) {
                    let bound = raised.as_ref().map_or(0, |bound| bound(i));
                    let most = spelling::most(bound, word_pairs & (1 << i) != 0);
                    let kept = &mut self.spelling_most_unasked[i];
                    *kept = (*kept).max(most);
                }
            }
        }
    }

    /// Take back what a run added unasked added, and add it as asked, making a known word only
    /// for the pairs `word_pairs`.
    fn take_back(&mut self, parameters: &Parameters, run: &BoundedRun, word_pairs: Pairs) {
        if let Some(bound) = run_bounds(parameters, run) {
            for i in (0..LEGACY_PAIRS.len()).filter(|&i| run.pairs.pairs & (1 << i) != 0) {
                self.bounds[i] -= bound(i);
            }
        }
        let pairs = RunPairs { word_pairs, ..run.pairs };
        self.add_run(parameters, &BoundedRun { pairs, ..*run }, true);
    }

    /// Ask the runs added unasked (`unasked`, each with where it is) whose word pairs are over
    /// `floor` which of them make a known word (`ask`), and amend the bounds with each answer,
    /// until no pair that asking could bring under the floor is over it, or no such run is
    /// left: the pairs over it then. (A pair over it even if no run made a known word is not
    /// asked about: a text that repeats a run asks none of its copies.)
    #[inline(never)]
    pub fn ask_unasked<At>(
        &mut self,
        parameters: &Parameters,
        floor: Cost,
        unasked: &mut Vec<Unasked<At>>,
        mut ask: impl FnMut(&At, Pairs) -> Pairs,
    ) -> Pairs {
        let single_byte = candidates::legacy::single_byte_pairs();
        // The pairs over the floor whatever the runs say: asking cannot bring them under it.
        let mut least = self.clone();
        least.spelling_most_unasked = [0; LEGACY_PAIRS.len()];
        for u in unasked.iter() {
            least.take_back(parameters, &u.run, u.run.pairs.word_pairs & !single_byte);
        }
        let askable = !least.over(floor);
        let mut over = self.over(floor);
        let mut k = 0;
        while over & askable != 0 && k < unasked.len() {
            let word_pairs = unasked[k].run.pairs.word_pairs;
            if word_pairs & over & askable & single_byte == 0 {
                k += 1;
                continue;
            }
            let Unasked { at, run } = unasked.swap_remove(k);
            let asked = ask(&at, word_pairs);
            self.amend(parameters, &run, asked, unasked.iter().map(|u| u.run));
            over = self.over(floor);
        }
        over
    }

    /// The pairs that could gain more than `floor`.
    pub fn over(&self, floor: Cost) -> Pairs {
        self.over_spelt(floor, self.spelt & !self.unwritten)
    }

    /// Would a pair be over `floor` only by its spelling? Then whether it can have misread the
    /// text as a whole decides: the caller tells [`LegacyBounds::written`] the characters.
    pub fn over_by_spelling(&self, floor: Cost) -> bool {
        let spelt = self.spelt & !self.unwritten;
        spelt != 0 && self.over_spelt(floor, spelt) != self.over_spelt(floor, 0)
    }

    /// The pairs over `floor`, the `spelt` ones by their spelling too: with it, a pair is
    /// read only if it could win (a score's margin below 0 is for the evidence of letters).
    fn over_spelt(&self, floor: Cost, spelt: Pairs) -> Pairs {
        let prior = |i: usize| self.parameters.prior[crate::readings::legacy(i) as usize];
        let entry = |i: usize| self.parameters.reentry[2] + prior(i);
        let over = |i: usize| {
            let could_gain = self.bounds[i] - entry(i);
            let spelt = spelt & (1 << i) != 0;
            let spelling = || self.spelling_most[i].max(self.spelling_most_unasked[i]);
            could_gain > floor || spelt && could_gain + spelling() > floor.max(0)
        };
        let over = (0..LEGACY_PAIRS.len()).filter(|&i| over(i));
        over.fold(0, |all, i| all | 1 << i) & self.touched
    }
}

/// The choice of a legacy reading within a script, or of UTF-8 read by a multi-byte decoder,
/// without the lines where the reading would garble more characters than it repairs (`None`
/// when no line is left). Its decoder wrote every character of a line it misread: a line where
/// it repairs a word or two and leaves more letters that it would change (an acronym "ЦП" in
/// a Russian sentence, which windows-1251 read as KOI8-R makes "гр"), or where one ideograph
/// of a Chinese line happens to be UTF-8 to it ("即" is "¨" to EUC-JP) and the others are
/// not, was not misread by it. Characters its decoder cannot have written are another text's.
/// What the dropped pieces gained is taken from the choice's net gain.
fn without_garbled_lines(text: &[char], non_ascii: &[usize], mut choice: Choice) -> Option<Choice> {
    let reading = choice.reading;
    let kind = readings()[reading as usize].kind;
    let changed: Box<dyn Fn(char) -> bool> = match kind {
        Kind::LegacyAsLegacy if crate::readings::within_a_script(reading) => {
            let pair = 1 << crate::readings::legacy_index(reading);
            Box::new(move |c: char| {
                is_letter(c)
                    && candidates::legacy::writers_of(c) & pair != 0
                    && !crate::readings::keeps(reading, c)
            })
        }
        Kind::Utf8AsMultiByte => {
            let decoder = crate::codecs::encoding_for(readings()[reading as usize].decoded_as);
            let Some(sequences) = decoder.and_then(crate::codecs::ByteSequences::of) else {
                return Some(choice);
            };
            // (the ideographs, kana and Hangul it writes: a Latin "é" it also writes is no
            // character of the script its misreadings make)
            Box::new(move |c: char| {
                candidates::utf8::of_multi_byte_scripts(c)
                    && c != '\u{FFFD}'
                    && !sequences.get(c).is_empty()
            })
        }
        _ => return Some(choice),
    };
    let newlines: Vec<usize> = (0..text.len()).filter(|&i| text[i] == '\n').collect();
    let line_of = |at: usize| newlines.partition_point(|&i| i < at);
    // By line (its number): the non-ASCII characters the pieces repair, and the letters
    // outside them that the reading would change.
    let mut counts: rustc_hash::FxHashMap<usize, (usize, usize)> = Default::default();
    for j in &choice.pieces {
        counts.entry(line_of(j.piece.start)).or_default();
    }
    let mut pieces = choice.pieces.iter().peekable();
    for &at in non_ascii {
        let Some((repaired, garbled)) = counts.get_mut(&line_of(at)) else { continue };
        while pieces.next_if(|j| j.piece.end <= at).is_some() {}
        if pieces.peek().is_some_and(|j| j.piece.start <= at) {
            *repaired += 1;
        } else if changed(text[at]) {
            *garbled += 1;
        }
    }
    // (A multi-byte reading's piece of several characters in such a line stays: a damaged name
    // or sentence beside clean text of its script, "寰愬叺, 江西省...", is how fields are joined.)
    let one_character =
        |j: &Judged| kind != Kind::Utf8AsMultiByte || j.piece.end - j.piece.start == 1;
    // (in place: a reading's choice may hold a piece for every character of a chunk)
    let mut dropped_gain: Cost = 0;
    choice.pieces.retain(|j| {
        let (repaired, garbled) = counts[&line_of(j.piece.start)];
        let dropped = garbled > repaired && one_character(j);
        dropped_gain += if dropped { j.gain } else { 0 };
        !dropped
    });
    choice.net_gain -= dropped_gain;
    (!choice.pieces.is_empty()).then_some(choice)
}

/// Do the pieces read every U+FFFD of a text that has one, and one of them a character that
/// is none? Then the marks are what the reading's decoder wrote where it lost bytes, and the
/// reading is likelier than its pieces alone say. Not when the text keeps a character alone
/// between two lone marks ("�マ�ア�"): that is what a lossy repair writes, and its marks are
/// the repair's (decision note 0089). A text of nothing but marks and ASCII ("12��") keeps
/// nothing of the misreading to tell (decision note 0088).
///
/// (`judged` in text order and disjoint.)
fn explains_every_loss(text: &[char], judged: &[Judged]) -> bool {
    let mark = |c: &char| *c == '\u{FFFD}';
    let read = |j: &Judged| &text[j.piece.start..j.piece.end];
    // (the pieces first: most texts have no mark, and the text is read only when they do)
    if !judged.iter().any(|j| read(j).iter().any(mark))
        || !judged.iter().any(|j| j.piece.lost > 0 && !read(j).iter().all(mark))
    {
        return false;
    }
    let mut from = 0;
    for j in judged {
        if text[from..j.piece.start].iter().any(mark) {
            return false;
        }
        from = j.piece.end;
    }
    !text[from..].iter().any(mark)
        && !(1..text.len())
            .any(|at| mark(&text[at - 1]) && candidates::utf8::kept_between_losses(text, at))
}

/// The positions of the text's non-ASCII characters.
fn non_ascii_positions(text: &[char]) -> Vec<usize> {
    (0..text.len()).filter(|&i| !text[i].is_ascii()).collect()
}

/// One reading's best choice of pieces (its net gain may be negative: nothing chosen pays).
/// `non_ascii`: the text's non-ASCII positions.
fn judge(
    text: &[char],
    non_ascii: &[usize],
    reading: ReadingId,
    judged: Vec<Judged>,
    parameters: &Parameters,
    lines: &mut LineLetters,
) -> Choice {
    let judged = disjoint(edges_by_repair(space_by_repair(text, deepest_that_gains(judged))));
    let kind = kind_index(readings()[reading as usize].kind);
    // Legacy misreadings leave no structure to prove them: the letters must. A repair of UTF-8
    // is less likely where it makes letters no language writes ("NESTLÉ®" as "NESTLɮ").
    let weight = parameters.language_weight[kind];
    let language = if weight != 0 { language_evidence(text, &judged, lines) } else { 0 };
    let explained = parameters.explained_losses[kind] != 0 && explains_every_loss(text, &judged);
    let entry = (parameters.entry[kind] - weight * language / 1000).max(parameters.reentry[kind])
        + parameters.prior[reading as usize]
        - if explained { parameters.explained_losses[kind] } else { 0 };
    let judged = copies_count_once(text, judged);
    let (mut net_gain, mut chosen) =
        stretches(&judged, entry + parameters.partial[kind], parameters.reentry[kind]);
    // The text misread as a whole: every non-ASCII character is in a piece, or one the
    // reading keeps as it is.
    if misread_as_a_whole(text, non_ascii, &judged, reading) {
        // The spelling of whole words tells what the letters alone cannot ("naujienų" from
        // "naujienø"), below the floor of the entry: in a text misread as a whole only (the
        // letters a text misread in part keeps are a language's already, and "кôд" mixes
        // scripts on purpose), and at most what the best piece gains, so that the one pass
        // bounds it.
        let whole = judged.iter().map(|j| j.gain).sum::<Cost>() - entry;
        let whole = whole + spelling::bonus(text, &judged, reading, whole, parameters, lines);
        if whole > net_gain {
            (net_gain, chosen) = (whole, vec![true; judged.len()]);
        }
    }
    // (in place: the chosen pieces are most of them, and each is large)
    let mut pieces = judged;
    let mut chosen = chosen.into_iter();
    pieces.retain(|_| chosen.next() == Some(true));
    Choice { reading, pieces, net_gain }
}

/// Of pieces in runs that are each a word of their own, the same run repaired alike at the
/// same place, only the one that gains most counts what it gains; the others count at most
/// nothing. A text that repeats a word repeats the same bytes misread alike, one piece's
/// evidence ("°º¤ø °º¤ø °º¤ø", a decoration); the same letters inside other words are more
/// ("Kaučič"), and so are marks of lost bytes. (The choice still takes every copy,
/// `same_runs`.)
///
/// ```
/// use _core::explanation::{fix_str, Options};
/// let fix = |text: &str| fix_str(text, Options::default());
/// // Each copy read as EUC-KR ("갰ㆈ") gained as if it were the only one.
/// assert_eq!(fix("°º¤ø °º¤ø °º¤ø"), None);
/// assert_eq!(fix("ÇÑ±Û ÇÑ±Û ÇÑ±Û").as_deref(), Some("한글 한글 한글"));
/// assert_eq!(fix("Ludvik KauĂ„Ĺ¤iĂ„Ĺ¤").as_deref(), Some("Ludvik Kaučič"));
/// ```
fn copies_count_once(text: &[char], mut judged: Vec<Judged>) -> Vec<Judged> {
    // (a piece that gains nothing is left as it is whatever its copies: only the others ask)
    // (the pieces come sorted by `disjoint`: each stretch around them is read once)
    let mut stretches = (Stretch::default(), Stretch::default());
    let mut copies = Vec::with_capacity(judged.len());
    for j in &judged {
        copies.push(if j.gain > 0 { copy_of(text, j, &mut stretches) } else { None });
    }
    if copies.iter().all(Option::is_none) {
        return judged;
    }
    // Of each copy's pieces, the one that gains most.
    let mut best: rustc_hash::FxHashMap<_, usize> = Default::default();
    for (i, copy) in copies.iter().enumerate() {
        if let Some(copy) = copy {
            let kept = best.entry(*copy).or_insert(i);
            if judged[*kept].gain < judged[i].gain {
                *kept = i;
            }
        }
    }
    let mut counted: Vec<bool> = copies.iter().map(Option::is_none).collect();
    best.values().for_each(|&i| counted[i] = true);
    for (j, counted) in judged.iter_mut().zip(counted) {
        if !counted {
            j.gain = j.gain.min(0);
        }
    }
    judged
}

/// The copy a piece is of, as [`copies_count_once`] tells them: the run of non-ASCII
/// characters it is in (a few at most: a longer run has no copies to tell), with no letter
/// beside it, where in it the piece is, and its repair; `None` for a piece in a word, in a
/// longer run, or with a lost byte.
/// `stretches`: the stretches last found around a piece's start and around its end.
fn copy_of<'a>(
    text: &'a [char],
    j: &'a Judged,
    (starts, ends): &mut (Stretch, Stretch),
) -> Option<(&'a [char], usize, usize, &'a str)> {
    let (start, end) = (j.piece.start, j.piece.end);
    if j.piece.lost > 0 || text[start..end].contains(&'\u{FFFD}') {
        return None;
    }
    let (run_start, run_end) = (starts.around(text, start).0, ends.around(text, end).1);
    if run_end - run_start >= MOST_COPIED {
        return None;
    }
    let run = &text[run_start..run_end];
    (letters_beside(text, run_start, run_end) == (false, false)).then_some((
        run,
        start - run_start,
        end - start,
        j.piece.replacement.as_str(),
    ))
}

/// The stretch of non-ASCII characters around a position (between ASCII characters or the
/// text's ends), the last one found kept: where the positions asked rise, as the starts of
/// sorted pieces do, each stretch is read once however many pieces it holds (a text of one
/// endless run of them is read once, not again at each of its pieces).
#[derive(Default)]
struct Stretch(Option<(usize, usize)>);

impl Stretch {
    /// The stretch around `at`: `text[start..at]` and `text[at..end]` are non-ASCII, and no
    /// non-ASCII character stands just before `start` or at `end`.
    fn around(&mut self, text: &[char], at: usize) -> (usize, usize) {
        if let Some(found) = self.0.filter(|&(start, end)| (start..=end).contains(&at)) {
            return found;
        }
        let start = at - text[..at].iter().rev().take_while(|c| !c.is_ascii()).count();
        let end = at + text[at..].iter().take_while(|c| !c.is_ascii()).count();
        self.0 = Some((start, end));
        (start, end)
    }
}

/// How many characters a run whose copies [`copies_count_once`] tells apart has at most.
const MOST_COPIED: usize = 16;

/// Add a piece for every run of non-ASCII characters (between ASCII characters or the ends
/// of the text) that no piece touches and that is the text of a chosen piece: the same
/// characters are the same bytes misread the same way, whatever the model makes of one of
/// them alone (a chain's first layer can look worse than its damage: "é”š" is "锚" on the way
/// to "ê"). What they gain, together.
fn same_runs(text: &[char], pieces: &mut Vec<Judged>) -> Cost {
    let mut by_text: rustc_hash::FxHashMap<&[char], usize> = Default::default();
    for (i, j) in pieces.iter().enumerate() {
        by_text.entry(&text[j.piece.start..j.piece.end]).or_insert(i);
    }
    let mut added = Vec::new();
    let (mut at, mut next) = (0, 0);
    for run in text.chunk_by(|a, b| a.is_ascii() == b.is_ascii()) {
        let (start, end) = (at, at + run.len());
        at = end;
        while next < pieces.len() && pieces[next].piece.end <= start {
            next += 1;
        }
        let touched = pieces.get(next).is_some_and(|j| j.piece.start < end);
        if run[0].is_ascii() || touched {
            continue;
        }
        if let Some(&i) = by_text.get(run) {
            let mut copy = pieces[i].clone();
            (copy.piece.start, copy.piece.end, copy.piece.within) = (start, end, None);
            added.push(copy);
        }
    }
    let gain = added.iter().map(|j| j.gain).sum();
    if !added.is_empty() {
        pieces.extend(added);
        pieces.sort_by_key(|j| j.piece.start);
    }
    gain
}

/// Of the readings of one span undone to different depths (`candidates::utf8` offers each
/// layer), the deepest that gains: a middle layer often looks likelier than the text it will
/// be after another round ("çœ‰" on the way from "Ã§Å“â€°" to "眉"), so the shallower ones
/// are alternatives only where no deeper one gains (Thai read by windows-874, whose letters
/// re-encode to valid UTF-8 of nothing). A deeper layer whose repair makes far less likely
/// text than a shallower one's gives way to it ([`LAYER_REPAIR_MARGIN`]).
fn deepest_that_gains(mut judged: Vec<Judged>) -> Vec<Judged> {
    if judged.iter().all(|j| j.piece.layers == 1) {
        return judged;
    }
    // By span: the best repair evidence of the layers that gain.
    let mut best: rustc_hash::FxHashMap<(usize, usize), Cost> = Default::default();
    for j in judged.iter().filter(|j| j.gain > 0) {
        let repair = best.entry((j.piece.start, j.piece.end)).or_insert(Cost::MIN);
        *repair = (*repair).max(j.repair);
    }
    let mut deepest: rustc_hash::FxHashMap<(usize, usize), u32> = Default::default();
    for j in judged.iter().filter(|j| j.gain > 0) {
        let span = (j.piece.start, j.piece.end);
        if j.repair >= best[&span] - LAYER_REPAIR_MARGIN {
            let layers = deepest.entry(span).or_insert(0);
            *layers = (*layers).max(j.piece.layers);
        }
    }
    judged.retain(|j| {
        deepest.get(&(j.piece.start, j.piece.end)).is_none_or(|&layers| {
            j.piece.layers == layers || (j.piece.layers > layers && j.gain <= 0)
        })
    });
    judged
}

/// Of a piece that takes a space standing for an NBSP and the same piece keeping the space
/// (the NBSP and a space after it became one space), the one whose repair makes likelier
/// text: their gains weigh different stretches of the damage ("ãƒ " and "ãƒ"), their repairs
/// the same text with and without the space ("キログラム |" and "キログラム|"). Not before a
/// letter, where the words on either side decide.
fn space_by_repair(text: &[char], mut judged: Vec<Judged>) -> Vec<Judged> {
    // Before a letter, the words on either side decide (`Words::evidence`).
    let before_a_letter = |j: &Judged| text.get(j.piece.end + 1).is_some_and(|&c| is_letter(c));
    // The first piece keeping the space of each span, by the span of the piece taking it (a
    // map and a set: a text of many such pieces is judged in linear time).
    let mut kept: rustc_hash::FxHashMap<(usize, usize), Cost> = Default::default();
    for k in judged.iter().filter(|j| j.piece.kept_space && j.gain > 0 && !before_a_letter(j)) {
        kept.entry((k.piece.start, k.piece.end + 1)).or_insert(k.repair);
    }
    // The pieces that lose: (start, end, whether it keeps the space).
    let mut losers: rustc_hash::FxHashSet<(usize, usize, bool)> = Default::default();
    for taking in judged.iter().filter(|j| !j.piece.kept_space && j.gain > 0) {
        let (start, end) = (taking.piece.start, taking.piece.end);
        if let Some(&kept_repair) = kept.get(&(start, end)) {
            // (the lesser repair loses; kept when equal, as the damage says nothing)
            losers.insert(if taking.repair < kept_repair {
                (start, end, false)
            } else {
                (start, end - 1, true)
            });
        }
    }
    if !losers.is_empty() {
        judged.retain(|j| !losers.contains(&(j.piece.start, j.piece.end, j.piece.kept_space)));
    }
    judged
}

/// Of a run and the same run without its edges in another script (`Piece::within`), the one
/// whose repair makes likelier text: their gains are both bounded by how much the run looks
/// like mojibake, which clean characters at an edge can raise ("雪梅" read with "鍏朵腑" as
/// "ѩ÷其中"), while their repairs weigh the text with the edges repaired and as they are.
fn edges_by_repair(mut judged: Vec<Judged>) -> Vec<Judged> {
    if judged.iter().all(|j| j.piece.within.is_none()) {
        return judged;
    }
    let runs: rustc_hash::FxHashMap<(usize, usize), Cost> = judged
        .iter()
        .filter(|j| j.piece.within.is_none())
        .map(|j| ((j.piece.start, j.piece.end), j.repair))
        .collect();
    // The pieces that lose: trimmed ones by their own span, whole runs by theirs.
    let mut losers: rustc_hash::FxHashSet<((usize, usize), bool)> = Default::default();
    for trimmed in judged.iter().filter(|j| j.gain > 0) {
        let Some(run) = trimmed.piece.within else { continue };
        if let Some(&run_repair) = runs.get(&run) {
            // (kept whole when equal: the edges are part of the run the damage made)
            losers.insert(if trimmed.repair > run_repair {
                (run, false)
            } else {
                ((trimmed.piece.start, trimmed.piece.end), true)
            });
        }
    }
    judged.retain(|j| !losers.contains(&((j.piece.start, j.piece.end), j.piece.within.is_some())));
    judged
}

/// How much likelier text a shallower layer's repair must make than a deeper one's for the
/// deeper one, which gains too, to give way: a letter of another script in a word ("ڞiny",
/// one more round of "Úžiny") looks far less likely than the word. Chosen on the train and
/// dev splits: from 0 to 5 nats the repairs are the same, and a Czech "Úš" stays (with 6 to
/// 8, one more round made it the Arabic letter "ښ", 5 nats less likely); the middle of that
/// range is taken.
const LAYER_REPAIR_MARGIN: Cost = 3 * SCALE;

/// The most the letter inventories count for, either way (nats): a text may mix languages,
/// and an inventory is one language's.
const LANGUAGE_CAP: Cost = 15 * SCALE;

/// How much better the letters fit a language with the pieces that gain repaired than as
/// they are (a cost difference: positive when the repair makes one language's text), line by
/// line.
fn language_evidence(text: &[char], judged: &[Judged], lines: &mut LineLetters) -> Cost {
    let total = by_line(text, judged, lines, LineLetters::evidence, true);
    total.clamp(-LANGUAGE_CAP, LANGUAGE_CAP)
}

/// The sum of `evidence` over the lines of the pieces (those that gain only, when `gaining`),
/// each asked with its pieces.
fn by_line(
    text: &[char],
    judged: &[Judged],
    lines: &mut LineLetters,
    evidence: fn(&mut LineLetters, &[char], usize, usize, &[&Judged]) -> Cost,
    gaining: bool,
) -> Cost {
    let mut total = 0;
    let mut pieces = judged.iter().filter(|j| j.gain > 0 || !gaining).peekable();
    let mut in_line = Vec::new();
    while let Some(first) = pieces.peek() {
        let (start, end) = lines.bounds(text, first.piece.start);
        in_line.clear();
        in_line.extend(std::iter::from_fn(|| pieces.next_if(|j| j.piece.start < end)));
        total += evidence(lines, text, start, end, &in_line);
    }
    total
}

/// The letters of the text's lines as they are, and what repairs make of them, for every
/// reading that asks ([`language_evidence`]): many readings repair the same pieces alike
/// (windows-1252 and windows-1254 read most UTF-8 the same), and every one asks of the same
/// lines.
#[derive(Default)]
struct LineLetters {
    /// Where each line starts, found at the first question.
    starts: Vec<usize>,
    /// By the line's start.
    lines: rustc_hash::FxHashMap<usize, Line>,
    /// By the line's start and a hash of the pieces (their spans and replacements).
    evidence: rustc_hash::FxHashMap<(usize, u64), Cost>,
    /// What the line's words cost in each language, by the line's start.
    spelt: rustc_hash::FxHashMap<usize, Vec<Cost>>,
    /// [`LineLetters::spelling`], by the line's start and a hash of the pieces.
    spelling: rustc_hash::FxHashMap<(usize, u64), Cost>,
}

/// One line's letters as they are.
struct Line {
    /// How many letters, their [`crate::model::Models::language_surprises`] and the least.
    count: Cost,
    surprises: Vec<Cost>,
    surprise: Cost,
}

impl LineLetters {
    /// The start and end (its newline, or the text's end) of the line that holds `at`.
    fn bounds(&mut self, text: &[char], at: usize) -> (usize, usize) {
        if self.starts.is_empty() {
            let after_newlines = (0..text.len()).filter(|&i| text[i] == '\n').map(|i| i + 1);
            self.starts = std::iter::once(0).chain(after_newlines).collect();
        }
        let line = self.starts.partition_point(|&start| start <= at) - 1;
        let end = self.starts.get(line + 1).map_or(text.len(), |&next| next - 1);
        (self.starts[line], end)
    }

    /// How much better the letters of the line fit a language with `pieces` repaired than as
    /// they are.
    fn evidence(&mut self, text: &[char], start: usize, end: usize, pieces: &[&Judged]) -> Cost {
        let key = (start, pieces_hash(pieces));
        if let Some(&known) = self.evidence.get(&key) {
            return known;
        }
        let models = models();
        let line = self.lines.entry(start).or_insert_with(|| {
            let mut letters = Inventory::default();
            models.count_letters(&mut letters, text[start..end].iter().copied(), 1);
            let count = letters.values().sum();
            let surprises = models.language_surprises(&letters);
            let surprise = surprises.iter().copied().min().filter(|_| count > 0).unwrap_or(0);
            Line { count, surprises, surprise }
        });
        // What the repairs change: their letters for the letters they replace.
        let mut change = Inventory::default();
        for j in pieces {
            let original = text[j.piece.start..j.piece.end].iter().copied();
            models.count_letters(&mut change, original, -1);
            models.count_letters(&mut change, j.piece.replacement.chars(), 1);
        }
        // Letters for letters: mojibake of a multi-byte encoding is mostly symbols, and its
        // few letters cost less in all than the repair's many; the text as it is is costed
        // as if it had the repair's number of letters.
        let after = line.count + change.values().sum::<Cost>();
        let evidence = if line.count > 0 && after > 0 {
            let changed = models.language_surprises(&change);
            let repaired = line.surprises.iter().zip(changed).map(|(a, b)| a + b).min();
            line.surprise * after / line.count - repaired.unwrap_or(0)
        } else {
            0
        };
        self.evidence.insert(key, evidence);
        evidence
    }
}

/// A hash of pieces' spans and replacements.
fn pieces_hash(pieces: &[&Judged]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = rustc_hash::FxHasher::default();
    for j in pieces {
        (j.piece.start, j.piece.end, &j.piece.replacement).hash(&mut hasher);
    }
    hasher.finish()
}

/// Could the whole text have been misread this way: is every non-ASCII character outside the
/// pieces one the reading leaves as it is, or a U+FFFD? (`non_ascii`: the text's non-ASCII
/// positions.)
fn misread_as_a_whole(
    text: &[char],
    non_ascii: &[usize],
    judged: &[Judged],
    reading: ReadingId,
) -> bool {
    let mut pieces = judged.iter().map(|j| (j.piece.start, j.piece.end)).peekable();
    for &at in non_ascii {
        while pieces.next_if(|&(_, end)| end <= at).is_some() {}
        if pieces.peek().is_some_and(|&(start, _)| start <= at) {
            continue;
        }
        // A U+FFFD stands for bytes already lost: no reading could have made it otherwise.
        if text[at] != '\u{FFFD}' && !crate::readings::keeps(reading, text[at]) {
            return false;
        }
    }
    true
}

/// For debugging: each reading with pieces, its net gain, its language and spelling evidence.
pub fn readings_judged(
    text: &[char],
    parameters: &Parameters,
) -> Vec<(ReadingId, Cost, Cost, Cost, usize)> {
    let mut by_reading: Vec<Vec<Judged>> = vec![Vec::new(); readings().len()];
    let mut gains = Gains::new(text, parameters);
    gains.judge_all(candidates::pieces(text), &mut by_reading);
    let non_ascii = non_ascii_positions(text);
    let mut lines = LineLetters::default();
    let mut out = Vec::new();
    for (reading, judged) in by_reading.into_iter().enumerate() {
        if judged.is_empty() {
            continue;
        }
        let n = judged.len();
        let language = language_evidence(text, &disjoint(judged.clone()), &mut lines);
        let spelling = spelling::evidence(text, &disjoint(judged.clone()), &mut lines);
        let choice = judge(text, &non_ascii, reading as ReadingId, judged, parameters, &mut lines);
        out.push((reading as ReadingId, choice.net_gain, language, spelling, n));
    }
    out
}

/// The detection score of a net gain: a probability-like number in [0, 1].
pub fn score_of(net_gain: Cost, parameters: &Parameters) -> f64 {
    let x = (net_gain - parameters.score_midpoint) as f64 / parameters.score_scale as f64;
    1.0 / (1.0 + (-x).exp())
}

/// A text with the choice's pieces repaired.
pub fn apply(text: &[char], choice: &Choice) -> Vec<char> {
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    for j in &choice.pieces {
        out.extend_from_slice(&text[at..j.piece.start]);
        out.extend(j.piece.replacement.chars());
        at = j.piece.end;
    }
    out.extend_from_slice(&text[at..]);
    out
}

/// Costs are in thousandths of a nat; parameters are written in nats.
pub const fn nats(n: i64) -> Cost {
    n * SCALE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::readings::misread;

    fn chars(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    #[test]
    fn the_pieces_ending_by_a_place_are_the_partition_point() {
        let judged = |spans: &[(usize, usize)]| -> Vec<Judged> {
            let piece = |&(start, end): &(usize, usize)| Piece::new(start, end, "x".into(), 0);
            let judged = |piece| Judged { piece, gain: 0, repair: 0, makes_a_word: false };
            spans.iter().map(piece).map(judged).collect()
        };
        // Sorted by end, as `disjoint` sorts them: short pieces, and long ones among them.
        let spans: Vec<(usize, usize)> =
            (0..200).map(|i| if i % 7 == 0 { (i / 2, i + 3) } else { (i + 2, i + 3) }).collect();
        let pieces = judged(&spans);
        for at in 0..210 {
            for n in [0, 1, 2, 5, 64, 200] {
                let expected = pieces[..n].partition_point(|j| j.piece.end <= at);
                assert_eq!(ending_by(&pieces[..n], at), expected, "{n} pieces, at {at}");
            }
        }
    }

    #[test]
    fn a_stretch_kept_is_the_stretch_read_afresh() {
        // The stretch of non-ASCII characters around each position, read from either side.
        let afresh = |text: &[char], at: usize| {
            let start = (0..at).rev().take_while(|&i| !text[i].is_ascii()).last().unwrap_or(at);
            let end =
                (at..text.len()).take_while(|&i| !text[i].is_ascii()).last().map_or(at, |i| i + 1);
            (start, end)
        };
        for text in ["", "ab", "ýа", "aýаb cé dé", "ý ý", "«é» – x", "é", "ab ýаýаýа"]
        {
            let text = chars(text);
            // Positions rising, as the pieces' starts and ends do, then falling and again.
            let mut stretch = Stretch::default();
            let rising = 0..=text.len();
            for at in rising.clone().chain(rising.clone().rev()).chain(rising) {
                assert_eq!(stretch.around(&text, at), afresh(&text, at), "{text:?} at {at}");
            }
        }
    }

    #[test]
    fn a_text_misread_as_a_whole_is_repaired_as_its_judged_pieces_are() {
        for (clean, decoder) in [
            ("Zażółć gęślą jaźń, mówię po polsku.", "windows-1252"),
            ("Привет, как дела? Всё хорошо, спасибо.", "windows-1252"),
            ("用户名和密码不能为空。", "windows-1252"),
            ("Καλημέρα κόσμε, τι κάνεις;", "windows-1253"),
            ("Şimdi gönder, çünkü öğle.", "windows-1254"),
            ("用户名和密码不能为空", "GBK"),
        ] {
            let text = chars(&misread(clean, "UTF-8", decoder).unwrap());
            let whole = whole_text(&text, Gain::Exact).expect("misread as a whole");
            // A repair asks for less than the exact gains, and takes the same pieces.
            let proved = whole_text(&text, Gain::Proved).expect("misread as a whole");
            assert_eq!(apply(&text, &proved), apply(&text, &whole));
            assert!(0 < proved.net_gain && proved.net_gain <= whole.net_gain);
            // windows-1252 (with latin-1's C1 controls) reads this Turkish as windows-1254
            // does, and is named first.
            let named = readings()[whole.reading as usize].decoded_as;
            assert!(named == decoder || named == "windows-1252", "{named}");
            assert_eq!(apply(&text, &whole), chars(clean));
            let (each, _) = choices(&text, &PARAMETERS, Purpose::Repair);
            let judged = best_of(&each).expect("a reading wins");
            assert_eq!(apply(&text, &judged), chars(clean), "{clean}");
        }
    }

    #[test]
    fn of_several_decoders_that_misread_a_whole_text_the_likeliest_repair_is_taken() {
        // macintosh reads "Ã©" and "Ã¨" as UTF-8 too ("\u{329}", "\u{32C}"), windows-1252 as
        // "é" and "è": the model of text tells them apart by far.
        let text = chars("CafÃ© crÃ¨me, thÃ© glacÃ©, crÃªpe et gÃ¢teau: le dÃ©jeuner est prÃªt.");
        assert_eq!(candidates::utf8::whole_texts(&text).len(), 2);
        let whole = whole_text(&text, Gain::Exact).expect("misread as a whole");
        assert_eq!(readings()[whole.reading as usize].decoded_as, "windows-1252");
        let repaired: String = apply(&text, &whole).into_iter().collect();
        assert_eq!(repaired, "Café crème, thé glacé, crêpe et gâteau: le déjeuner est prêt.");
    }

    #[test]
    fn few_sequences_and_clean_text_are_left_to_the_judgement() {
        // Few sequences ("Āø" is one), or bytes that are no UTF-8: lone continuations (curly
        // quotes), leads without theirs.
        for text in [
            "Connect with Āø",
            "CafÃ© crÃ¨me",
            "Café crème, déjà vu",
            "日本語のテキスト",
            "“Quoted” – it’s published so, in “every” line – ‘all’ of it.",
            "ÃÃÃÃÃÃÃÃÃÃÃÃ",
        ] {
            assert!(whole_text(&chars(text), Gain::Exact).is_none(), "{text}");
        }
        let (choice, _) = choose(&chars("Connect with Āø"), &PARAMETERS, Purpose::Repair);
        assert!(choice.is_none());
    }

    #[test]
    fn a_run_that_is_a_chosen_pieces_text_is_repaired_too() {
        // UTF-8 read as GBK, then as windows-1252: "ê" is "é”š" in each word, and alone in
        // "forêt" its first repair ("锚") looks worse than the damage.
        let clean = "Château de Fontainebleau, forêt domaniale, fenêtre";
        let inner = misread(clean, "UTF-8", "GBK").unwrap();
        let text = chars(&misread(&inner, "UTF-8", "windows-1252").unwrap());
        let (choice, _) = choose(&text, &PARAMETERS, Purpose::Repair);
        let repaired = apply(&text, &choice.expect("a reading wins"));
        assert!(!repaired.windows(3).any(|w| w == ['é', '”', 'š']), "{repaired:?}");
        // A run no chosen piece is made of stays ("é”š" alone proves nothing).
        let (choice, _) = choose(&chars("La foré”št"), &PARAMETERS, Purpose::Repair);
        assert!(choice.is_none());
    }

    /// The word evidence of the first UTF-8 piece of two characters at `at`.
    fn judged(text: &str, at: usize) -> Cost {
        let text = chars(text);
        let piece = candidates::utf8::pieces(&text)
            .into_iter()
            .find(|p| p.start == at && p.end == at + 2)
            .expect("a piece of two characters");
        let mut words = Words::new(&text);
        let span = words.word_span(&text, &piece);
        words.evidence(&text, &piece, span)
    }

    #[test]
    fn the_case_of_a_long_word_is_counted_as_it_is_read() {
        // `Cases` counts where `case_evidence` reads letter by letter: the same answer for
        // every piece of words long and short, in capitals, in lower case and without case.
        let texts = [
            "Ýа".repeat(40),
            format!("{}CAFÃ‰ CAFÉ Straße", "ÝA".repeat(30)),
            "x".repeat(10) + &"ýа".repeat(30) + "ÉCOLE",
            "中文方式".repeat(20) + "Éa",
        ];
        let mut broken = 0;
        for text in texts {
            let chars = chars(&text);
            let (mut words, mut cases) = (Words::new(&chars), Cases::default());
            for start in 0..chars.len() {
                for (length, replacement) in [(1, "é"), (1, "É"), (2, "ß"), (1, "中"), (2, "aB")]
                {
                    let end = (start + length).min(chars.len());
                    let piece = Piece::new(start, end, replacement.to_string(), 0);
                    let span = words.word_span(&chars, &piece);
                    let counted = cases.evidence(&chars, &piece, span);
                    broken +=
                        usize::from(counted != 0 && span.1 - span.0 > words::READ_LETTER_BY_LETTER);
                    assert_eq!(
                        counted,
                        words::case_evidence(&chars, &piece, span),
                        "{text} {start}"
                    );
                }
            }
        }
        assert!(broken > 0, "a piece breaks the case of some long word");
    }

    #[test]
    fn a_piece_that_ends_a_known_word_is_judged_against_it() {
        // "selkä" and "niciodată" are known words the text writes before an NBSP or a "™":
        // a repair that reads the letter and the mark as one character unmakes them.
        assert_eq!(judged("SELKÄ\u{a0}EDELLÄ\u{a0}MAAHAN", 4), -1);
        assert_eq!(judged("NICIODATĂ™", 8), -1);
        // A letter of the damage and the two before it make no known word: no evidence.
        assert_eq!(judged("VÃ\u{a0}NEDOR", 1), 0);
        // A word of two letters as it is counts for nothing ("bă", where the NBSP was "à"'s),
        // and the known word the repair makes counts.
        assert_eq!(judged("BĂ\u{a0} Yáşżn", 1), 1);
        for text in ["SELKÄ\u{a0}EDELLÄ\u{a0}MAAHAN via @YouTube", "NICIODATĂ\u{a0}", "NICIODATĂ™"]
        {
            let (choice, _) = choose(&chars(text), &PARAMETERS, Purpose::Repair);
            assert!(choice.is_none(), "{text}");
        }
    }

    #[test]
    fn a_letter_standing_alone_must_be_a_word() {
        // "Յ" alone is no word of Armenian; "в" alone is a word of Russian.
        assert_eq!(judged("HUHLL Õ…", 6), -1);
        assert_eq!(judged("Ð² Ð¼Ð¸Ñ€Ðµ", 0), 1);
        let (choice, _) = choose(&chars("HUHLL Õ…"), &PARAMETERS, Purpose::Repair);
        assert!(choice.is_none());
    }

    #[test]
    fn a_line_in_capitals_is_not_repaired_into_lower_case() {
        // "Ã " is "à" (C3 A0, its NBSP a space) and "É¡" is "ɡ" (C9 A1), but no line in
        // capitals writes them: ftfy's cases, left alone.
        for text in ["C O N C L U S Ã O", "!YO SÉ¡"] {
            let (choice, _) = choose(&chars(text), &PARAMETERS, Purpose::Repair);
            assert!(choice.is_none(), "{text}");
        }
        // Capitals damaged are repaired into capitals, and a line with lower case is asked
        // nothing new.
        // ("ß" has no one capital: capitals write it.)
        let cases = [
            ("RÃ‰SUMÃ‰ DU LIVRE", "RÉSUMÉ DU LIVRE"),
            ("GROÃŸE PREISE", "GROßE PREISE"),
            ("C'EST Ã Paris", "C'EST à Paris"),
        ];
        for (text, repaired) in cases {
            let text = chars(text);
            let (choice, _) = choose(&text, &PARAMETERS, Purpose::Repair);
            let choice = choice.expect("a repair");
            assert_eq!(apply(&text, &choice).into_iter().collect::<String>(), repaired);
        }
    }

    #[test]
    fn the_spelling_counts_twice_for_a_piece_that_makes_a_known_word() {
        // "nodrošināt" (Latvian) read as windows-1252: its piece makes a known word, and the
        // spelling, up to twice what the piece gains, tips it. A clean Icelandic word that a
        // pair would make no known word of ("Undirbı", Turkish letters) stays.
        for (text, repaired) in [("nodroðinât", "nodrošināt"), ("Undirbý", "Undirbý")] {
            let text = chars(text);
            let (choice, _) = choose(&text, &PARAMETERS, Purpose::Repair);
            let fixed: String =
                choice.map_or(text.clone(), |c| apply(&text, &c)).into_iter().collect();
            assert_eq!(fixed, repaired);
        }
        assert_eq!(spelling::most(3000, true), 6000);
        assert_eq!(spelling::most(3000, false), 3000);
        assert_eq!(spelling::most(-3000, true), 0);
    }

    #[test]
    fn a_reading_within_a_script_keeps_out_of_lines_it_would_garble() {
        // "ЦП" (a Russian acronym) read as KOI8-R is "гр", a word, but the sentence around it
        // would be garbled by that reading; a line of KOI8-R read as windows-1251 below it is
        // still repaired, and the acronym with it where it is part of the damaged line.
        let fixed = |text: &str| {
            let text = chars(text);
            let (choice, _) = choose(&text, &PARAMETERS, Purpose::Repair);
            choice.map_or(text.clone(), |c| apply(&text, &c)).into_iter().collect::<String>()
        };
        assert_eq!(fixed("Указан неверный ЦП: %s"), "Указан неверный ЦП: %s");
        let address = "Ц. рСРЮЕБ, СК. яОЮПРЮЙЮ, Д. 527 ЯРП. 1";
        let repaired = "г. Тутаев, ул. Спартака, д. 527 стр. 1";
        assert_eq!(
            fixed(&format!("Указан неверный ЦП\n{address}")),
            format!("Указан неверный ЦП\n{repaired}")
        );
        assert_eq!(fixed(&format!("{address} (ЦП)")), format!("{repaired} (гр)"));
    }

    #[test]
    fn an_ideograph_utf8_by_chance_in_a_line_of_its_script_stays() {
        // "即" is C2 A8 ("¨") to EUC-JP, "째" C2 B0 ("°") to EUC-KR; their lines' other
        // ideographs and Hangul are no UTF-8 to those decoders.
        let help = "  -f   即 -t fF，输出浮点数\n  -i   即 -t dl，输出十进制整型 (int)\n  \
                    -l   即 -t dL，输出十进制长整型 (long)\n  -o   即 -t o2，输出八进制数\n";
        for text in [help, "%d째 줄 %d 문자에서 오류: "] {
            let (choice, _) = choose(&chars(text), &PARAMETERS, Purpose::Repair);
            assert!(choice.is_none(), "{text}");
        }
        // A damaged name of several characters beside clean text of its script is repaired.
        let text = chars("寰愬叺, 江西省福州县双滦陈街V座 124045");
        let (choice, _) = choose(&text, &PARAMETERS, Purpose::Repair);
        let repaired: String = apply(&text, &choice.expect("a repair")).into_iter().collect();
        assert_eq!(repaired, "徐兵, 江西省福州县双滦陈街V座 124045");
    }

    #[test]
    fn a_reading_that_reads_every_loss_of_a_text_is_likelier() {
        let without = Parameters { explained_losses: [0; 3], ..PARAMETERS };
        let repaired = |text: &str, parameters: &Parameters| -> Option<String> {
            let text = chars(text);
            let (choice, _) = choose(&text, parameters, Purpose::Repair);
            choice.map(|choice| apply(&text, &choice).into_iter().collect())
        };
        // "2020年2月22日" read as EUC-JP: every mark is where that decoder lost bytes.
        let date = "2020綛\u{FFFD}2\u{FFFD}\u{FFFD}22\u{FFFD}\u{FFFD}";
        assert_eq!(repaired(date, &PARAMETERS).as_deref(), Some("2020\u{FFFD}2\u{FFFD}22\u{FFFD}"));
        assert_eq!(repaired(date, &without), None);
        // A lossy repair's output: the characters it kept between its marks stay.
        assert_eq!(repaired("\u{FFFD}マ\u{FFFD}ア\u{FFFD}諸\u{FFFD}", &PARAMETERS), None);
    }

    #[test]
    fn a_score_judges_every_piece() {
        let text = chars(&misread("Zażółć gęślą jaźń", "UTF-8", "windows-1252").unwrap());
        let (repair, _) = choose(&text, &PARAMETERS, Purpose::Repair);
        let (score, _) = choose(&text, &PARAMETERS, Purpose::Score);
        let (repair, score) = (repair.unwrap(), score.unwrap());
        assert_eq!(apply(&text, &repair), apply(&text, &score));
        assert_ne!(repair.net_gain, score.net_gain);
    }
}
