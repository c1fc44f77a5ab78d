//! The one pass: does a text hold anything its analysis could find? One walk over its UTF-8,
//! without allocating, answers for most clean text (decision notes 0010, 0020), and, for a
//! text of several lines, says which lines could hold something on their own (notes 0022,
//! 0024): the lines before the one where the walk stops are not walked again.
//!
//! It asks what [`crate::decision::choose`] asks first, in the same order and with the same
//! functions: a UTF-8 sequence worth reading ([`utf8::LikelyScan`]), a legacy pair whose runs
//! could gain enough ([`LegacyBounds`]), lost data (U+FFFD), strict-JIS look-alikes in Japanese
//! text. It answers "nothing" only when the analysis would find nothing, never wrongly.

use crate::candidates::legacy::{self, Pairs};
use crate::candidates::utf8;
use crate::decision::{self, LegacyBounds, Parameters, Purpose, PARAMETERS};
use crate::explanation::{beyond_a_chunk, japanese, jis_shown};
use crate::letters::{self, is_letter};
use crate::text::{CodePoints, Stored, Text};

/// What the one pass found in a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The purpose the pass answered for (a repair clears more than a score).
    pub purpose: Purpose,
    /// The analysis of the whole text would find nothing: the repair is the text itself and
    /// the score 0.
    pub clear: bool,
    /// For a text of several lines that the pass does not clear, when some of its lines are
    /// clear on their own and some not: the others, as `(start, end)` character offsets
    /// without their line breaks. `None` when the whole text is to be read.
    pub lines: Option<Vec<(usize, usize)>>,
}

/// Does the analysis of `text` (with the built-in parameters, any options) find nothing at
/// all: no candidate of any reading, no lost data, no JIS look-alike? Then the repair is the
/// text itself and the score 0, and the text need not be analysed. It answers `false`
/// whenever it cannot be sure (a text of several chunks, a sequence worth reading).
///
/// ```
/// use _core::one_pass::nothing_to_find;
/// assert!(nothing_to_find("Καλημέρα κόσμε"));
/// assert!(!nothing_to_find("ÎšÎ±Î»Î·Î¼Î­ÏÎ± ÎºÏŒÏƒÎ¼Îµ"));
/// // No decoder writes Devanagari: its words are passed over, not the damage beside them.
/// assert!(nothing_to_find("नमस्ते दुनिया"));
/// assert!(!nothing_to_find("नमस्ते CafÃ© दुनिया") && !nothing_to_find("नमस्तेÃ©"));
/// ```
pub fn nothing_to_find(text: &str) -> bool {
    clears(text, Purpose::Score)
}

/// Does the repair of `text` (with the built-in parameters, any options) leave it as it is
/// because no reading could win? [`nothing_to_find`] for a repair: it says yes to more clean
/// text, where lone accented letters could only score.
///
/// ```
/// use _core::one_pass::{nothing_to_find, nothing_to_repair};
/// let clean = "Zażółć gęślą jaźń";
/// assert!(nothing_to_repair(clean) && !nothing_to_find(clean));
/// assert!(!nothing_to_repair("ZaĹĽĂłĹ‚Ä‡ gÄ™Ĺ›lÄ… jaĹşĹ„"));
/// // No pair makes a known word of the apostrophe in an English word (a word is written in
/// // one script): many of them add up to nothing.
/// assert!(nothing_to_repair("the truth’s a country’s a meet’s, it’s John’s, isn’t it?"));
/// ```
pub fn nothing_to_repair(text: &str) -> bool {
    clears(text, Purpose::Repair)
}

/// Does the one pass clear `text` for `purpose`: [`nothing_to_find`] for a score,
/// [`nothing_to_repair`] for a repair? It reads UTF-8 or the code points CPython stores a `str`
/// as alike, and answers the same of both.
///
/// ```
/// use _core::decision::Purpose;
/// use _core::one_pass::clears;
/// use _core::text::CodePoints;
/// for text in ["Zażółć gęślą jaźń", "ZaĹĽĂłĹ‚Ä‡ gÄ™Ĺ›lÄ… jaĹşĹ„", "中文字符 😍"] {
///     let points: Vec<u32> = text.chars().map(u32::from).collect();
///     for purpose in [Purpose::Score, Purpose::Repair] {
///         assert_eq!(clears(text, purpose), clears(CodePoints(&points[..]), purpose));
///     }
/// }
/// ```
pub fn clears(text: impl Text, purpose: Purpose) -> bool {
    stop_in(text, purpose).is_clear()
}

/// The one pass over `text` for `purpose`, and, when it does not clear the text, which of its
/// lines it does not clear on their own (decision note 0024).
///
/// ```
/// use _core::decision::Purpose;
/// use _core::one_pass::by_lines;
/// let pass = by_lines("Zażółć gęślą jaźń\nCafÃ© crÃ¨me\nkůň", Purpose::Repair);
/// assert!(!pass.clear);
/// assert_eq!(pass.lines, Some(vec![(18, 30)]));
/// // For a score, lone accented letters could count: the first line is read too.
/// let pass = by_lines("Zażółć gęślą jaźń\nCafÃ© crÃ¨me\nkůň", Purpose::Score);
/// assert_eq!(pass.lines, Some(vec![(0, 17), (18, 30)]));
/// ```
pub fn by_lines(text: &str, purpose: Purpose) -> Pass {
    walk(text, purpose, &PARAMETERS, true)
}

/// [`by_lines`] with any parameters.
pub fn by_lines_with(text: &str, purpose: Purpose, parameters: &Parameters) -> Pass {
    walk(text, purpose, parameters, true)
}

/// Where the walk of a text stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    /// At its end, with nothing found.
    Clear,
    /// Where it found something: before unit `at` (a byte of UTF-8, or a code point; after
    /// the line break before it), with or without a strict-JIS look-alike before.
    Holds { at: usize, look_alike: bool },
}

/// Where the one pass over a whole text stopped ([`stop`]), before it walks the text's lines
/// on their own ([`Stop::lines`]): an analysis that reads the text whole need not know them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop {
    purpose: Purpose,
    walk: Walk,
}

/// The one pass over `text` for `purpose` until it finds something, its lines not walked.
///
/// ```
/// use _core::decision::Purpose;
/// use _core::one_pass::{by_lines, stop};
/// let text = "Zażółć gęślą jaźń\nCafÃ© crÃ¨me\nkůň";
/// let stopped = stop(text, Purpose::Repair);
/// assert!(!stopped.is_clear());
/// assert_eq!(stopped.lines(text), by_lines(text, Purpose::Repair));
/// assert!(stop("Zażółć gęślą jaźń", Purpose::Repair).is_clear());
/// ```
pub fn stop(text: &str, purpose: Purpose) -> Stop {
    stop_with(text, purpose, &PARAMETERS)
}

/// [`stop`] of a text in any storage ([`Text`]): of the code points CPython stores a `str` as,
/// before any UTF-8 of it is made. Where it stopped is in the text's units, where
/// [`Stop::lines`] of the same text reads; the lines it picks are in characters, alike.
///
/// ```
/// use _core::decision::Purpose;
/// use _core::one_pass::{by_lines, stop_in};
/// use _core::text::CodePoints;
/// let text = "Zażółć gęślą jaźń\nCafÃ© crÃ¨me\nkůň";
/// let points: Vec<u32> = text.chars().map(u32::from).collect();
/// let stored = CodePoints(&points[..]);
/// let stopped = stop_in(stored, Purpose::Repair);
/// assert!(!stopped.is_clear());
/// assert_eq!(stopped.lines(stored), by_lines(text, Purpose::Repair));
/// ```
pub fn stop_in(text: impl Text, purpose: Purpose) -> Stop {
    stop_with(text, purpose, &PARAMETERS)
}

/// [`stop_in`] of a text as CPython stores a `str`.
pub fn stop_in_stored(text: Stored<'_>, purpose: Purpose) -> Stop {
    match text {
        Stored::Latin1(units) => stop_in(CodePoints(units), purpose),
        Stored::Ucs2(units) => stop_in(CodePoints(units), purpose),
        Stored::Ucs4(units) => stop_in(CodePoints(units), purpose),
    }
}

/// [`stop_in`] with any parameters.
fn stop_with(text: impl Text, purpose: Purpose, parameters: &Parameters) -> Stop {
    // The lines of a text are read together, as a text of several lines: the spelling does not
    // count in them (`decision::spelt_text`).
    Stop { purpose, walk: walk_span(text, purpose, parameters, true) }
}

impl Stop {
    /// Did the pass clear the text ([`nothing_to_find`], [`nothing_to_repair`])?
    pub fn is_clear(&self) -> bool {
        self.walk == Walk::Clear
    }

    /// The pass over `text` (the text stopped in, in the same storage), its lines walked:
    /// [`by_lines`].
    pub fn lines(self, text: impl Text) -> Pass {
        lines_after(text, self.purpose, &PARAMETERS, self.walk, true)
    }

    /// [`Stop::lines`] of a text as CPython stores a `str` (its walk [`stop_in_stored`]).
    pub fn lines_in_stored(self, text: Stored<'_>) -> Pass {
        match text {
            Stored::Latin1(units) => self.lines(CodePoints(units)),
            Stored::Ucs2(units) => self.lines(CodePoints(units)),
            Stored::Ucs4(units) => self.lines(CodePoints(units)),
        }
    }
}

/// The walk of the whole text and, when it holds something, of its lines ([`lines_after`]).
fn walk(text: &str, purpose: Purpose, parameters: &Parameters, by_lines: bool) -> Pass {
    let stop = stop_with(text, purpose, parameters);
    lines_after(text, purpose, parameters, stop.walk, by_lines)
}

/// The pass over `text` once its walk as a whole ended so (`walk`), and, `by_lines`, when it
/// holds something, the lines it does not clear on their own: the lines before the one where
/// the walk stopped hold nothing of their own (their runs' bounds are part of what did not
/// reach the floor), and each line from there is walked on its own, as the analysis of the
/// lines it reads sees them.
fn lines_after<T: Text>(
    text: T,
    purpose: Purpose,
    parameters: &Parameters,
    walk: Walk,
    by_lines: bool,
) -> Pass {
    let stopped = match walk {
        Walk::Clear => return Pass { purpose, clear: true, lines: None },
        Walk::Holds { .. } if !by_lines || text.newline_from(0).is_none() => None,
        Walk::Holds { .. } if beyond_a_chunk(text) => None,
        Walk::Holds { at, look_alike } => Some((at, look_alike)),
    };
    let lines = stopped.and_then(|(at, look_alike)| {
        // A look-alike on a line before may have a kanji on the same line: those are walked too.
        let from = if look_alike { 0 } else { text.newline_before(at).map_or(0, |i| i + 1) };
        let mut index = text.count_chars(0..from);
        let (mut some_clear, mut not_clear) = (from > 0, Vec::new());
        let mut start = from;
        loop {
            let end = text.newline_from(start).unwrap_or(text.units());
            let line = text.slice(start..end);
            let length = text.count_chars(start..end);
            if matches!(walk_span(line, purpose, parameters, false), Walk::Clear) {
                some_clear = true;
            } else {
                not_clear.push((index, index + length));
            }
            index += length + 1;
            if end == text.units() {
                break;
            }
            start = end + 1;
        }
        (some_clear && !not_clear.is_empty()).then_some(not_clear)
    });
    Pass { purpose, clear: false, lines }
}

/// How many runs the walk keeps not asked ([`LegacyBounds::ask_unasked`]) at most: each time a
/// pair goes over the floor it looks at them all, and a text of many runs is walked in linear
/// time. A run past them is added as it is bounded.
const MOST_UNASKED: usize = 64;

/// [`decision::known_word_pairs_in`] of the run at `start..end` (in its units) of `text`: which
/// of `word_pairs` make a known word of a piece over it. It is asked of the characters that can
/// bear on the answer: the letters and non-ASCII characters on either side (up to one past
/// [`decision::MOST_AROUND`]), and two more.
fn known_word_pairs_around(text: impl Text, start: usize, end: usize, word_pairs: Pairs) -> Pairs {
    let mut window = region_side(text.chars_in(0..start).rev());
    window.reverse();
    let run_start = window.len();
    window.extend(text.chars_in(start..end));
    let run = (run_start, window.len());
    window.extend(region_side(text.chars_from(end)));
    decision::known_word_pairs_in(&window, run, word_pairs)
}

/// The characters on one side of a run that [`known_word_pairs_around`] asks of, the nearest
/// first, each read once: the letters and non-ASCII characters, one more than
/// [`decision::MOST_AROUND`] at most (which tells that the region reaches further), and the
/// two after them.
fn region_side(chars: impl Iterator<Item = char>) -> Vec<char> {
    let mut chars = chars.peekable();
    let mut side = Vec::new();
    let in_region = |c: &char| !c.is_ascii() || is_letter(*c);
    while side.len() <= decision::MOST_AROUND && chars.peek().is_some_and(in_region) {
        side.extend(chars.next());
    }
    side.extend(chars.take(2));
    side
}

/// The walk of a span (a text, or a line), until it finds something; `whole`: whether the
/// span is the text, where the spelling of its words may count ([`decision::spelt_text`]).
fn walk_span<T: Text>(text: T, purpose: Purpose, parameters: &Parameters, whole: bool) -> Walk {
    let floor = purpose.legacy_floor();
    let length = text.units();
    if text.ascii_from(0) == length {
        return Walk::Clear;
    }
    // (A character is at most four units: a longer text need not be asked.)
    let spelt =
        whole && length <= 4 * decision::SPELT_CHARS && decision::spelt_text(text.chars_from(0));
    if beyond_a_chunk(text) {
        // (read a chunk at a time: the pass answers for one chunk only)
        return Walk::Holds { at: 0, look_alike: false };
    }
    let mut likely = utf8::LikelyScan::default();
    let mut look_alike = false;
    // What the legacy runs could gain, as `decision::choose` bounds it before reading them.
    let mut bounds = LegacyBounds::new(parameters, spelt);
    // Where the legacy run being walked started, and whether it holds a character no
    // candidate holds (then it is none, and is not surveyed).
    let mut run: Option<usize> = None;
    let mut run_holds_unwritten = false;
    let mut previous: Option<char> = None;
    // While the walk goes on, no pair is over the floor: a run that adds nothing to the
    // bounds leaves it so.
    // Where the characters told to the bounds end (`LegacyBounds::written`).
    let mut written = 0;
    // The runs of a repair whose pieces the bounds let make a known word, not yet asked
    // whether one does.
    let mut unasked = Vec::new();
    let mut end_run = |bounds: &mut LegacyBounds, start: usize, end: usize, after: Option<char>| {
        let (before_run, run) = (text.chars_in(0..start).rev(), text.chars_in(start..end));
        let Some((survey, price)) =
            legacy::run_survey_in_text(before_run, run, text.chars_from(end))
        else {
            return true;
        };
        let legacy::RunSurvey { shape, as_text, length, pairs, latin } = survey;
        // the run with the letters around it, as `legacy::runs` reads its word (`word_around`)
        let (word_start, word_end) = legacy::word_around_in(text, start, end);
        // (each side on its own: a chain of the two is folded out of line)
        let pairs = pairs
            & legacy::word_writers(text.chars_in(word_start..start))
            & legacy::word_writers(text.chars_in(end..word_end));
        let word = text.chars_in(word_start..word_end);
        // The pairs that may make a known word, whatever the word; its lookup is asked last:
        // when not even a known word would let the run raise a bound, or no pair could make
        // one, its word is moot.
        let before = text.chars_in(0..start).next_back();
        let other = legacy::Word::Other;
        let may = purpose.word_pairs(
            legacy::word_pairs(other, pairs, latin, before, after),
            other,
            pairs,
        );
        // (a name begins its word and is four or six bytes: most runs are neither)
        let name_pairs = if word_start == start && (3..=6).contains(&length) {
            let mut run = text.chars_in(start..end).chain([' ']);
            let first = [run.next().unwrap_or(' '), run.next().unwrap_or(' ')];
            let letters_after = text.chars_in(end..word_end).count();
            legacy::name_pairs(pairs, first, length, 0, letters_after)
        } else {
            0
        };
        let bonus = decision::legacy_bonus(parameters, true, name_pairs != 0);
        let word_pairs = if may != 0
            && decision::legacy_run_bound(parameters, length, shape, bonus, None) > 0
            && legacy::word_of(word, text.chars_in(start..end), after).may_gain()
        {
            may
        } else {
            0
        };
        let price = price.then_some(as_text);
        let pairs = decision::RunPairs { pairs, word_pairs, name_pairs };
        let run = decision::BoundedRun { length, shape, pairs, price };
        // A run's bound lets a piece make a known word wherever one may. Whether one does is
        // asked of a repair's runs (a score's count a word for a pair that cannot make one),
        // and only once some pair is over the floor, of the runs that raised it so.
        let added = if decision::asks_words(purpose, word_pairs) && unasked.len() < MOST_UNASKED {
            unasked.push(decision::Unasked { at: (start, end), run });
            bounds.add_unasked(parameters, &run)
        } else {
            bounds.add(parameters, &run)
        };
        if !added {
            return true;
        }
        let mut over = bounds.over(floor);
        if over != 0 && !unasked.is_empty() {
            over = bounds.ask_unasked(parameters, floor, &mut unasked, |&(start, end), pairs| {
                known_word_pairs_around(text, start, end, pairs)
            });
        }
        if over == 0 {
            return true;
        }
        // A pair over the floor only by its spelling is so only if it can have written the
        // text: its characters so far are asked.
        if bounds.over_by_spelling(floor) {
            text.chars_in(written..end).for_each(|c| bounds.written(c));
            written = end;
        }
        bounds.over(floor) == 0
    };
    let unwritten = Unwritten::table();
    let (mut at, mut current) = (0, text.char_at(0));
    while let Some(c) = current {
        if run.is_none() && !c.is_ascii() && likely.idle() && unwritten.holds(c) {
            // A run that begins with a character no candidate holds (Devanagari, Georgian...)
            // is none: those characters change only the scan's window.
            (run, run_holds_unwritten) = (Some(at), true);
            (at, previous) = unwritten.pass_over(text, at, &mut likely);
            current = text.char_at(at);
            continue;
        }
        if c == '\u{FFFD}' || likely.feed(c) {
            return Walk::Holds { at, look_alike };
        }
        let after = at + T::width(c);
        // Each character is decoded once: as the one after, then as the current one.
        let next = text.char_at(after);
        if c.is_ascii() && run.is_some() && legacy::trail_byte_between(previous, c, next) {
            // The run goes on over a possible trail byte, as `legacy::runs` reads it.
        } else if c.is_ascii() {
            if let Some(start) = run.take() {
                let unwritten = std::mem::take(&mut run_holds_unwritten);
                if !unwritten && !end_run(&mut bounds, start, at, Some(c)) {
                    return Walk::Holds { at, look_alike };
                }
            }
        } else {
            look_alike |= jis_shown(c).is_some();
            if run.is_none() {
                run = Some(at);
            }
        }
        previous = Some(c);
        (at, current) = (after, next);
        if c.is_ascii() && run.is_none() && likely.idle() {
            // Until the next non-ASCII character only the scan's window changes: the stretch
            // is fed at once (an ASCII character is one unit).
            let ascii = text.ascii_from(at);
            if ascii > 0 {
                let end = at + ascii;
                let last = end.saturating_sub(utf8::SCAN_WINDOW).max(at);
                likely.feed_idle_ascii(text.ascii_chars(last..end));
                previous = text.ascii_chars(at..end).next_back();
                at = end;
                current = text.char_at(at);
            }
        }
    }
    let end = length;
    if likely.finish() {
        return Walk::Holds { at: end, look_alike };
    }
    if let Some(start) = run {
        if !run_holds_unwritten && !end_run(&mut bounds, start, end, None) {
            return Walk::Holds { at: end, look_alike };
        }
    }
    // (A look-alike is rare: whether the text has kana or kanji is asked then only.)
    if look_alike && text.chars_from(0).any(japanese) {
        return Walk::Holds { at: end, look_alike };
    }
    Walk::Clear
}

/// The characters no candidate holds and that flag nothing: no decoder of a UTF-8 or legacy
/// reading writes them, and they are no lost data (U+FFFD), no kana or kanji and no
/// strict-JIS look-alike (Devanagari, Georgian, Armenian, Ethiopic...). A table of the BMP,
/// built from those questions at first use (the characters above it take the walk's full
/// path).
struct Unwritten(&'static [u64; 1024]);

impl Unwritten {
    fn table() -> Unwritten {
        static TABLE: std::sync::OnceLock<Box<[u64; 1024]>> = std::sync::OnceLock::new();
        Unwritten(TABLE.get_or_init(|| {
            letters::bmp_table(|c| {
                !(c.is_ascii()
                    || c == '\u{FFFD}'
                    || utf8::written_by_a_decoder(c)
                    || legacy::legacy_decodable(c)
                    || japanese(c)
                    || jis_shown(c).is_some())
            })
        }))
    }

    /// Pass over the characters of `text` from `at` that are of them, while `likely` is
    /// idle: where they end, and the last of them.
    #[inline(never)]
    fn pass_over<T: Text>(
        &self,
        text: T,
        mut at: usize,
        likely: &mut utf8::LikelyScan,
    ) -> (usize, Option<char>) {
        let mut last = None;
        for u in text.chars_from(at).take_while(|&u| self.holds(u)) {
            likely.feed_idle_unwritten(u);
            last = Some(u);
            at += T::width(u);
        }
        (at, last)
    }

    /// Is `c` one of them?
    #[inline(always)]
    fn holds(&self, c: char) -> bool {
        letters::bmp_holds(self.0, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explanation::{analyze_after, Options};

    /// The analysis of `text` as a whole, without the pass: the repaired text.
    fn analysed(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let options = Options { repair_only: true, ..Options::default() };
        let pass = Pass { purpose: Purpose::Repair, clear: false, lines: None };
        analyze_after(&chars, options, pass).repaired.into_iter().collect()
    }

    #[test]
    fn the_walk_of_code_points_picks_the_lines_the_walk_of_utf8_does() {
        let texts = [
            "plain ASCII",
            "Zażółć gęślą jaźń",
            "Zażółć gęślą jaźń\nCafÃ© crÃ¨me\nkůň",
            "ÀÁÂÃÄÅ àáâãäå, Æ Ø Å æ ø å",
            "Ïðèâåò, ìèð",
            "Mostová 399, 040 01 Košice",
            "नमस्ते CafÃ© दुनिया",
            "中文字符 😍 and 鐢ㄦ埛",
            "10時〜18時（土日祝休み）",
            "lost \u{FFFD} data",
            "the truth’s a country’s",
        ];
        for text in texts {
            let points: Vec<u32> = text.chars().map(u32::from).collect();
            for purpose in [Purpose::Score, Purpose::Repair] {
                let (stopped, pass) = (stop(text, purpose), by_lines(text, purpose));
                let walked = |stored: Stored| {
                    let stopped = stop_in_stored(stored, purpose);
                    (stopped.is_clear(), stopped.lines_in_stored(stored))
                };
                assert_eq!(walked(Stored::Ucs4(&points)), (stopped.is_clear(), pass.clone()));
                if points.iter().all(|&p| p <= 0xFFFF) {
                    let units: Vec<u16> = points.iter().map(|&p| p as u16).collect();
                    assert_eq!(walked(Stored::Ucs2(&units)), (stopped.is_clear(), pass.clone()));
                }
                if points.iter().all(|&p| p <= 0xFF) {
                    let latin1: Vec<u8> = points.iter().map(|&p| p as u8).collect();
                    assert_eq!(walked(Stored::Latin1(&latin1)), (stopped.is_clear(), pass));
                }
            }
        }
        // A lone surrogate (which a `str` may hold, and UTF-8 cannot) is held, as lost data.
        assert!(!stop_in_stored(Stored::Ucs2(&[0x61, 0xD800]), Purpose::Repair).is_clear());
    }

    #[test]
    fn a_sequence_no_reading_takes_as_a_character_is_cleared() {
        // A word ending in "н" (windows-1251's ED, a lead of three bytes) and a space (NBSP's
        // stand-in, A0) before a letter of a continuation byte: a surrogate, which the state
        // machines complete and the reading refuses (no CESU-8 pair follows).
        for text in ["камен јазик", "пані Ярина", "пан Ілля", "гривні вашу", "Стефан Јовчев"]
        {
            assert!(nothing_to_repair(text) && nothing_to_find(text), "{text}");
            assert_eq!(analysed(text), text);
        }
        // A CESU-8 pair is read: two surrogates, the first followed by ED.
        let cesu = "\u{ED}\u{A0}\u{BD}\u{ED}\u{B8}\u{8D}";
        assert!(!nothing_to_repair(cesu));
        assert_eq!(analysed(cesu), "\u{1F60D}");
    }

    #[test]
    fn a_run_whose_pieces_make_no_known_word_is_cleared_by_asking() {
        // A marked letter in a name or an address: a pair's bound lets it make a known word
        // ("á" is windows-1257's "į", "ý" windows-1254's "ı"), and the pass asks whether one
        // does once the bound would decide. The analysis leaves each as it is.
        let cleared = [
            "Mostová 399, 040 01 Košice",
            "Karolína Habláková",
            "Podlešínská 905, Praha",
            "Víbekka Hlíðkvist",
            "Celek bojovník jáma graf kout běhat.",
        ];
        for text in cleared {
            assert!(nothing_to_repair(text), "{text}");
            assert_eq!(analysed(text), text);
        }
        // A repair that makes a known word is still the analysis's to judge.
        for (text, repaired) in [("nodroðinât", "nodrošināt"), ("Ïðèâåò, ìèð", "Привет, мир")]
        {
            assert!(!nothing_to_repair(text), "{text}");
            assert_eq!(analysed(text), repaired);
        }
    }
}
