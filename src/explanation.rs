//! The explanation: what was found where, in the input's own offsets, and the steps that
//! replay the repair.
//!
//! The decision runs in rounds, each on the text the previous one made; a span repaired in
//! several rounds is one *finding* of kind `multi-layer`. Lost data ("锟斤拷", runs of U+FFFD)
//! is reported as `lost` and left as it is unless the caller asks for it to be replaced.

use crate::decision::{self, Choice, Parameters, Purpose, PARAMETERS};
use crate::one_pass;
pub use crate::one_pass::{nothing_to_find, nothing_to_repair};
use crate::readings::readings;
use crate::text::Text;

/// Rounds of repair at most: every round removes a layer, and real data has at most three.
pub const MAX_ROUNDS: usize = 6;

/// Texts longer than this many characters are analysed a chunk at a time (cut at a line
/// break where there is one), so that time and memory stay linear in the input.
pub const CHUNK_CHARS: usize = 1 << 14;

/// What the caller asks for beyond repairing mojibake.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Replace lost data's mojibake ("锟斤拷") with the U+FFFD it encodes.
    pub replace_lost: bool,
    /// Map the strict-JIS look-alikes to what browsers show (〜 to ～ ...).
    pub jis_browser: bool,
    /// Only the repair is wanted (`fix`, `fix_and_explain`): legacy readings whose bound says
    /// they cannot win are not read, and the scores may be lower than a full analysis gives.
    /// The bound is what legacy runs look like, not their pieces: a text can score a repair
    /// that the repair alone does not make (decision note 0020).
    pub repair_only: bool,
    /// Only the repaired text is wanted (`fix`, not `fix_and_explain`): the findings keep
    /// their kinds and places, which the analysis decides by, and leave out the text of their
    /// replacements (an empty string).
    pub text_only: bool,
}

impl Options {
    /// What the analysis is for: a repair, or a score too.
    pub fn purpose(self) -> Purpose {
        if self.repair_only {
            Purpose::Repair
        } else {
            Purpose::Score
        }
    }
}

/// What a strict JIS decoder gives, and what a browser shows for the same bytes.
pub const JIS_BROWSER: [(char, char); 6] = [
    ('\u{301C}', '\u{FF5E}'), // WAVE DASH -> FULLWIDTH TILDE
    ('\u{2016}', '\u{2225}'), // DOUBLE VERTICAL LINE -> PARALLEL TO
    ('\u{2212}', '\u{FF0D}'), // MINUS SIGN -> FULLWIDTH HYPHEN-MINUS
    ('\u{00A2}', '\u{FFE0}'), // CENT SIGN -> FULLWIDTH CENT SIGN
    ('\u{00A3}', '\u{FFE1}'), // POUND SIGN -> FULLWIDTH POUND SIGN
    ('\u{00AC}', '\u{FFE2}'), // NOT SIGN -> FULLWIDTH NOT SIGN
];

/// What a browser shows for `c`, if it is one of the strict-JIS look-alikes
/// ([`JIS_BROWSER`]).
///
/// ```
/// use _core::explanation::jis_shown;
/// assert_eq!((jis_shown('〜'), jis_shown('~'), jis_shown('中')), (Some('～'), None, None));
/// ```
#[inline]
pub fn jis_shown(c: char) -> Option<char> {
    // (all of them lie below the ideographs and kana: most characters are asked no further)
    if !('\u{A2}'..='\u{301C}').contains(&c) {
        return None;
    }
    JIS_BROWSER.iter().find(|&&(strict, _)| strict == c).map(|&(_, shown)| shown)
}

/// One replacement of [`steps`]: `text[start..end] == original` becomes `replacement`, in
/// the offsets of the text as it is after the previous steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub kind: &'static str,
    pub start: usize,
    pub end: usize,
    pub original: String,
    pub replacement: String,
    pub encoded_as: Option<&'static str>,
    pub decoded_as: Option<&'static str>,
}

/// One damaged span of the input: `input[start..end]` (character offsets).
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub kind: &'static str,
    pub start: usize,
    pub end: usize,
    pub encoded_as: Option<&'static str>,
    pub decoded_as: Option<&'static str>,
    /// What the repair puts there (`None`: nothing can be or is repaired).
    pub replacement: Option<String>,
    pub score: f64,
}

/// Everything the core knows about a text.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub findings: Vec<Finding>,
    /// The text with every repair made.
    pub repaired: Vec<char>,
    /// How sure the core is that the text holds mojibake, in [0, 1].
    pub score: f64,
}

/// A span of the input repaired over one or more rounds, in the current text's offsets.
#[derive(Clone, Debug)]
struct Segment {
    current: (usize, usize),
    input: (usize, usize),
    rounds: u32,
    reading: u8,
    net_gain: i64,
}

/// Is this piece lost data rather than mojibake: UTF-8 read as a multi-byte encoding whose
/// characters are all U+FFFD ("锟斤拷" is the UTF-8 of U+FFFD U+FFFD read as GBK, a sight
/// Chinese readers know and name)? Through a single-byte decoder ("ï¿½") it is repaired to
/// the U+FFFD it stands for, as a sequence the reader found cut short is ("â€?").
fn is_lost(piece: &crate::candidates::Piece) -> bool {
    readings()[piece.reading as usize].kind == crate::readings::Kind::Utf8AsMultiByte
        && piece.lost == 0
        && piece.replacement.chars().all(|c| c == '\u{FFFD}')
}

/// Map a choice made on the current text onto the segments, which keep input offsets.
///
/// A piece and the segments it overlaps (and, in turn, the pieces those overlap) become one
/// segment; its ends are never inside an old segment, so they map to the input exactly.
fn record(segments: &mut Vec<Segment>, choice: &Choice) {
    let old = std::mem::take(segments);
    let pieces = &choice.pieces;
    let mut merged: Vec<Segment> = Vec::with_capacity(old.len() + pieces.len());
    // Input offset minus current offset, left of everything handled so far.
    let mut drift: isize = 0;
    // The new text's offsets minus the current text's, left of everything handled so far.
    let mut shift: isize = 0;
    let (mut o, mut p) = (0, 0);
    let moved = |range: (usize, usize), by: isize| {
        ((range.0 as isize + by) as usize, (range.1 as isize + by) as usize)
    };
    while o < old.len() || p < pieces.len() {
        let next_piece = pieces.get(p).map(|j| j.piece.start);
        if next_piece.is_none_or(|start| old.get(o).is_some_and(|s| s.current.1 <= start)) {
            // An old segment no piece touches.
            let s = &old[o];
            drift = s.input.1 as isize - s.current.1 as isize;
            merged.push(Segment { current: moved(s.current, shift), ..s.clone() });
            o += 1;
            continue;
        }
        // A group: a piece, the old segments it overlaps, the pieces those overlap...
        let first = &pieces[p].piece;
        let mut span = (first.start, first.end);
        let mut change =
            first.replacement.chars().count() as isize - (first.end - first.start) as isize;
        p += 1;
        let drift_before = drift;
        let mut input_start = None;
        let mut rounds = first.layers;
        let mut reading = choice.reading;
        let mut net_gain = choice.net_gain;
        loop {
            if let Some(j) = pieces.get(p).filter(|j| j.piece.start < span.1) {
                span.1 = span.1.max(j.piece.end);
                rounds = rounds.max(j.piece.layers);
                change += j.piece.replacement.chars().count() as isize
                    - (j.piece.end - j.piece.start) as isize;
                p += 1;
            } else if let Some(s) = old.get(o).filter(|s| s.current.0 < span.1) {
                if s.current.0 <= span.0 {
                    input_start = Some(s.input.0);
                }
                span = (span.0.min(s.current.0), span.1.max(s.current.1));
                drift = s.input.1 as isize - s.current.1 as isize;
                rounds = rounds.max(s.rounds + 1);
                reading = s.reading;
                net_gain = net_gain.max(s.net_gain);
                o += 1;
            } else {
                break;
            }
        }
        let input = (
            input_start.unwrap_or((span.0 as isize + drift_before) as usize),
            (span.1 as isize + drift) as usize,
        );
        let start = (span.0 as isize + shift) as usize;
        let end = (span.1 as isize + shift + change) as usize;
        shift += change;
        merged.push(Segment { current: (start, end), input, rounds, reading, net_gain });
    }
    *segments = merged;
}

/// Is a character kana or a common kanji (a text with one may have strict-JIS look-alikes)?
pub fn japanese(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}')
}

/// The repair of a UTF-8 text, or `None` when nothing changes: the entry point for batches
/// (`crate::batch`, the Python bindings). Text the one pass clears costs that pass only.
/// `options` give the JIS and lost-data choices; a repair of the text only is its own.
pub fn fix_str(text: &str, options: Options) -> Option<String> {
    let options = Options { repair_only: true, text_only: true, ..options };
    if beyond_a_chunk(text) {
        return fix_chunks(text, options);
    }
    let mut chars = Vec::new();
    let repaired = analyze_str(text, options, &mut chars)?.repaired;
    (repaired != chars).then(|| repaired.into_iter().collect())
}

/// Is `text` longer than one chunk ([`CHUNK_CHARS`] characters)? Such a text is analysed a
/// chunk at a time, and the one pass answers for one chunk only (the rounds' context ends at
/// a chunk's edges).
///
/// Asked of a text in any storage ([`Text`]): a UTF-8 text's bytes are counted first, then its
/// characters only where the bytes are more.
pub fn beyond_a_chunk(text: impl Text) -> bool {
    text.units() > CHUNK_CHARS && text.count_chars(0..text.units()) > CHUNK_CHARS
}

/// [`fix_str`] of a text longer than a chunk, a chunk at a time ([`each_chunk`]).
fn fix_chunks(text: &str, options: Options) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let mut repaired = String::with_capacity(text.len());
    let mut changed = false;
    each_chunk(text, options, |chunk, analysis| {
        changed |= analysis.repaired[..] != *chunk;
        repaired.extend(analysis.repaired);
    });
    changed.then_some(repaired)
}

/// The analysis of each chunk of a text longer than a chunk, read from its UTF-8 where
/// [`analyze`] cuts it ([`chunk_end`]) and given with the chunk's characters: only one chunk's
/// characters are in memory at a time (the whole text's took four bytes each, and their
/// repair four more).
fn each_chunk(text: &str, options: Options, mut each: impl FnMut(&[char], Analysis)) {
    // (one character past a chunk tells `chunk_end` that the text goes on)
    let mut window: Vec<char> = Vec::with_capacity(CHUNK_CHARS + 1);
    let mut rest = text.chars();
    loop {
        window.extend(rest.by_ref().take(CHUNK_CHARS + 1 - window.len()));
        let end = chunk_end(&window, 0);
        let analysis = analyze_chunk(&window[..end], options, &PARAMETERS, Lines::Unknown);
        each(&window[..end], analysis);
        if end == window.len() {
            return;
        }
        window.drain(..end);
    }
}

/// The detection score of a UTF-8 text (0.0 for ASCII); a text longer than a chunk is read a
/// chunk at a time, its score the highest of theirs (as [`analyze`] gives it).
pub fn score_str(text: &str) -> f64 {
    if beyond_a_chunk(text) {
        let mut score: f64 = 0.0;
        if !text.is_ascii() {
            each_chunk(text, Options::default(), |_, analysis| score = score.max(analysis.score));
        }
        return score;
    }
    let pass = one_pass::by_lines(text, Purpose::Score);
    if pass.clear {
        return 0.0;
    }
    let chars: Vec<char> = text.chars().collect();
    score_after(&chars, pass)
}

/// The detection score of a text the one pass did not clear, as [`analyze_after`] gives it:
/// a text of one chunk misread as a whole, as a repair takes it at once, scores 1.0 without
/// the analysis its findings would need (`misread_as_a_whole`).
pub fn score_after(input: &[char], pass: one_pass::Pass) -> f64 {
    if input.len() > CHUNK_CHARS || pass.purpose != Purpose::Score {
        return analyze_after(input, Options::default(), pass).score;
    }
    if misread_as_a_whole(input) {
        return 1.0;
    }
    // The chunk's analysis, without asking again what was just answered.
    judge_chunk(input, Options::default(), &PARAMETERS, Lines::Picked(pass.lines)).score
}

/// Is the text misread as a whole, as a repair takes it at once ([`decision::takes_whole_text`]:
/// every non-ASCII character re-encodes under one decoder into valid UTF-8, with enough
/// sequences, and the model of text finds the repair likelier)? No evidence is stronger: its
/// score is 1.0, where judging every piece gives 0.99999 or more (decision note 0028).
fn misread_as_a_whole(text: &[char]) -> bool {
    decision::takes_whole_text(text)
}

/// Analyse a UTF-8 text, or `None` when the one pass ([`one_pass::by_lines`]) clears it: then
/// the repair is the text itself, the score 0 and there are no findings. `chars` receives the
/// text's characters (the findings' offsets are theirs) when it is analysed.
pub fn analyze_str(text: &str, options: Options, chars: &mut Vec<char>) -> Option<Analysis> {
    let stop = one_pass::stop(text, options.purpose());
    if stop.is_clear() {
        return None;
    }
    chars.clear();
    // (at most a character a byte: reserved at once, not grown as the characters come)
    chars.reserve(text.len());
    chars.extend(text.chars());
    Some(analyze_stopped(text, chars, options, stop))
}

/// [`analyze_after`] of `text` (whose characters are `input`; UTF-8, or the code points the
/// walk read, [`one_pass::stop_in`]) where the one pass stopped (`stop`): a repair, and an
/// analysis that explains, take a chunk misread as a whole at once, as a whole, without
/// walking its lines (they are one repair, and the lines the pass clears would stay as they
/// are in it; decision notes 0080, 0081); other texts are read as the pass picks their lines.
pub fn analyze_stopped(
    text: impl Text,
    input: &[char],
    options: Options,
    stop: one_pass::Stop,
) -> Analysis {
    let one_chunk = input.len() <= CHUNK_CHARS;
    // (A repair of one line asks `choose`, which takes it so.)
    if one_chunk && !options.jis_browser && (input.contains(&'\n') || !options.repair_only) {
        if let Some(mut choice) = decision::whole_text_repair(input) {
            if !options.repair_only {
                // Its findings score as the text does (decision note 0081).
                choice.net_gain = decision::PROVED_GAIN;
            }
            return analyze_chunk(input, options, &PARAMETERS, Lines::Whole(choice));
        }
    }
    analyze_after(input, options, stop.lines(text))
}

/// [`analyze`] of a text the one pass did not clear: the lines it picked are read without a
/// second look (a text of one chunk, for the options' purpose).
pub fn analyze_after(input: &[char], options: Options, pass: one_pass::Pass) -> Analysis {
    if input.len() > CHUNK_CHARS || pass.purpose != options.purpose() {
        return analyze(input, options);
    }
    analyze_chunk(input, options, &PARAMETERS, Lines::Picked(pass.lines))
}

/// Analyse a text: repair it round by round and explain what was found.
pub fn analyze(input: &[char], options: Options) -> Analysis {
    analyze_with(input, options, &PARAMETERS)
}

/// [`analyze`] with explicit parameters (calibration tries others).
pub fn analyze_with(input: &[char], options: Options, parameters: &Parameters) -> Analysis {
    let mut findings = Vec::new();
    let mut repaired = Vec::with_capacity(input.len());
    let mut score: f64 = 0.0;
    let mut start = 0;
    while start < input.len() || (start == 0 && input.is_empty()) {
        let end = chunk_end(input, start);
        let chunk = analyze_chunk(&input[start..end], options, parameters, Lines::Unknown);
        findings.extend(chunk.findings.into_iter().map(|f| Finding {
            start: f.start + start,
            end: f.end + start,
            ..f
        }));
        repaired.extend(chunk.repaired);
        score = score.max(chunk.score);
        if end == input.len() {
            break;
        }
        start = end;
    }
    Analysis { findings, repaired, score }
}

/// Where the chunk that starts at `start` ends: after the last line break of the next
/// [`CHUNK_CHARS`] characters, else after the last ASCII character, else before the last
/// character no UTF-8 sequence can go on at: never inside a sequence of mojibake.
pub fn chunk_end(input: &[char], start: usize) -> usize {
    let limit = start + CHUNK_CHARS;
    if limit >= input.len() {
        return input.len();
    }
    let half = start + CHUNK_CHARS / 2;
    let window = &input[half..limit];
    if let Some(p) = window.iter().rposition(|&c| c == '\n') {
        return half + p + 1;
    }
    if let Some(p) = window.iter().rposition(|c| c.is_ascii()) {
        return half + p + 1;
    }
    let afresh =
        (half + 1..=limit).rev().find(|&p| crate::candidates::utf8::starts_afresh(input[p]));
    afresh.unwrap_or(limit)
}

/// Where a long text is cut into chunks, analysed one by one: `(start, end)` offsets.
pub fn chunks(input: &[char]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    loop {
        let end = chunk_end(input, start);
        out.push((start, end));
        if end >= input.len() {
            return out;
        }
        start = end;
    }
}

/// The steps that replay an analysis of `input`, left to right.
pub fn steps(input: &[char], analysis: &Analysis, options: Options) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut shift: isize = 0;
    for f in &analysis.findings {
        let Some(replacement) = &f.replacement else { continue };
        if f.kind == "jis-variant" && !options.jis_browser {
            continue;
        }
        let start = (f.start as isize + shift) as usize;
        let length = replacement.chars().count();
        steps.push(Step {
            kind: f.kind,
            start,
            end: start + f.end - f.start,
            original: input[f.start..f.end].iter().collect(),
            replacement: replacement.clone(),
            encoded_as: f.encoded_as,
            decoded_as: f.decoded_as,
        });
        shift += length as isize - (f.end - f.start) as isize;
    }
    steps
}

/// The strict-JIS look-alikes of a text with kana or kanji (Chinese text with 〜 is reported
/// too: a finding of this kind never counts towards the score).
fn jis_variants(input: &[char]) -> Vec<Finding> {
    let mut found = Vec::new();
    if !input.iter().any(|&c| japanese(c)) {
        return found;
    }
    for (at, &c) in input.iter().enumerate() {
        if let Some(shown) = jis_shown(c) {
            found.push(Finding {
                kind: "jis-variant",
                start: at,
                end: at + 1,
                encoded_as: Some("Shift_JIS"),
                decoded_as: Some("Shift_JIS"),
                replacement: Some(shown.to_string()),
                score: 0.0,
            });
        }
    }
    found
}

/// The lines of a chunk to read, as far as its analysis knows them.
enum Lines {
    /// Not known: the one pass picks them ([`lines_to_read`]).
    Unknown,
    /// Picked by the one pass (`None`: the whole chunk).
    Picked(Option<Vec<(usize, usize)>>),
    /// The whole chunk, misread as a whole: the first round's choice
    /// ([`decision::whole_text_repair`]).
    Whole(Choice),
}

/// The analysis of one chunk, its `lines` read. A chunk misread as a whole, as a repair takes
/// it at once, scores 1.0 ([`score_after`]).
fn analyze_chunk(
    input: &[char],
    options: Options,
    parameters: &Parameters,
    lines: Lines,
) -> Analysis {
    let whole = matches!(lines, Lines::Whole(..));
    let mut analysis = judge_chunk(input, options, parameters, lines);
    if options.purpose() == Purpose::Score && (whole || misread_as_a_whole(input)) {
        analysis.score = 1.0;
    }
    analysis
}

/// [`analyze_chunk`], every piece judged and scored so.
fn judge_chunk(
    input: &[char],
    options: Options,
    parameters: &Parameters,
    mut lines: Lines,
) -> Analysis {
    let jis = jis_variants(input);
    let mut start_text = input.to_vec();
    if options.jis_browser && !jis.is_empty() {
        for f in &jis {
            if let Some(shown) = f.replacement.as_deref().and_then(|r| r.chars().next()) {
                start_text[f.start] = shown;
            }
        }
        // The pass looked at the text before the look-alikes were shown.
        lines = Lines::Unknown;
    }
    let (lines, first) = match lines {
        Lines::Picked(lines) => (lines, None),
        Lines::Whole(choice) => (None, Some(choice)),
        Lines::Unknown => (lines_to_read(&start_text, options.purpose(), parameters), None),
    };
    let (mut analysis, read, after) = repair_lines(&start_text, lines, options, parameters, first);
    if options.repair_only
        && analysis.repaired != start_text
        && !settled(&analysis.repaired, read, after, options, parameters)
    {
        // A new analysis of the repair would read other lines than the rounds did, and change
        // it again ("Þ²\nÕ\x85": read whole as windows-1254, then "Õ…" on its line as UTF-8):
        // the text stays as it is, so that `fix` is idempotent.
        analysis.repaired.clone_from(&start_text);
        analysis.findings.retain(|f| f.replacement.is_none());
    }
    let mut findings = analysis.findings;
    let outside = |j: &Finding| !findings.iter().any(|f| f.start <= j.start && j.start < f.end);
    let jis: Vec<Finding> = jis.into_iter().filter(outside).collect();
    findings.extend(jis);
    findings.sort_by_key(|f| (f.start, f.end));
    Analysis { findings, ..analysis }
}

/// The lines of a chunk its analysis reads, as `(start, end)` offsets without their line
/// breaks, or `None` for the whole chunk: a line that the one pass clears on its own gives
/// no reading the evidence to win, and read beside the others it only dilutes them (a
/// two-character name misread on a line of its own, amid clean lines, is no "text misread as a
/// whole"). The whole chunk is read when it has one line, when every line could hold something,
/// and when none could but the chunk could (legacy bounds add up over lines).
///
/// ```
/// use _core::decision::{Purpose, PARAMETERS};
/// use _core::explanation::lines_to_read;
/// let text: Vec<char> = "Zażółć gęślą jaźń\nCafÃ© crÃ¨me\nkůň".chars().collect();
/// assert_eq!(lines_to_read(&text, Purpose::Repair, &PARAMETERS), Some(vec![(18, 30)]));
/// ```
pub fn lines_to_read(
    input: &[char],
    purpose: Purpose,
    parameters: &Parameters,
) -> Option<Vec<(usize, usize)>> {
    if !input.contains(&'\n') {
        return None;
    }
    pass_of(input, purpose, parameters).lines
}

/// [`one_pass::by_lines_with`] of a chunk's characters.
fn pass_of(input: &[char], purpose: Purpose, parameters: &Parameters) -> one_pass::Pass {
    let text: String = input.iter().collect();
    one_pass::by_lines_with(&text, purpose, parameters)
}

/// The rounds of repair of the `lines` of a chunk (as [`lines_to_read`] picks them), joined by
/// line breaks, and their findings in the chunk's offsets; of the whole chunk when `lines` is
/// `None`, a repair would cross a line break or a legacy reading wins. Also the numbers of the
/// lines read (`None`: the whole chunk). `first`: the first round's choice of the whole
/// chunk, when it is known.
fn repair_lines(
    input: &[char],
    lines: Option<Vec<(usize, usize)>>,
    options: Options,
    parameters: &Parameters,
    first: Option<Choice>,
) -> (Analysis, Option<Vec<usize>>, AfterRounds) {
    if let Some((analysis, read)) = lines.and_then(|l| read_lines(input, &l, options, parameters)) {
        return (analysis, Some(read), AfterRounds::Unknown);
    }
    let (analysis, after) = repair_rounds(input, options, parameters, true, first);
    (analysis, None, after)
}

/// The rounds of repair of the `lines` of a chunk, read on their own ([`repair_lines`]), and
/// the numbers of the lines; `None` when the whole chunk is to be read instead.
fn read_lines(
    input: &[char],
    lines: &[(usize, usize)],
    options: Options,
    parameters: &Parameters,
) -> Option<(Analysis, Vec<usize>)> {
    // The lines read, joined by line breaks, and where each starts there and in the input.
    let mut text = Vec::with_capacity(lines.iter().map(|&(s, e)| e - s + 1).sum());
    let mut starts = Vec::with_capacity(lines.len());
    for &(s, e) in lines {
        if !starts.is_empty() {
            text.push('\n');
        }
        starts.push(text.len());
        text.extend_from_slice(&input[s..e]);
    }
    let (analysis, _) = repair_rounds(&text, options, parameters, false, None);
    // A legacy reading that wins takes every run of the text it could have made, on the lines
    // left out too ("õ" alone proves nothing; beside "idõjárás" it is "ő"): the whole chunk.
    let legacy = crate::readings::Kind::LegacyAsLegacy.name();
    if analysis.findings.iter().any(|f| f.kind == legacy) {
        return None;
    }
    // Each finding in the input's offsets, if it stays within its line.
    let in_input = |f: Finding| {
        let k = starts.partition_point(|&s| s <= f.start) - 1;
        let (s, e) = lines[k];
        (f.end <= starts[k] + (e - s)).then(|| {
            let by = s as isize - starts[k] as isize;
            let at = |o: usize| (o as isize + by) as usize;
            Finding { start: at(f.start), end: at(f.end), ..f }
        })
    };
    let findings: Vec<Finding> =
        analysis.findings.into_iter().map(in_input).collect::<Option<_>>()?;
    let repaired_lines: Vec<&[char]> = analysis.repaired.split(|&c| c == '\n').collect();
    if repaired_lines.len() != lines.len() {
        return None;
    }
    let mut repaired = Vec::with_capacity(input.len());
    let mut at = 0;
    for (&(s, e), line) in lines.iter().zip(repaired_lines) {
        repaired.extend_from_slice(&input[at..s]);
        repaired.extend_from_slice(line);
        at = e;
    }
    repaired.extend_from_slice(&input[at..]);
    let read = line_numbers(input, lines);
    Some((Analysis { findings, repaired, score: analysis.score }, read))
}

/// What the rounds of a whole chunk learnt of their repair, for [`settled`].
enum AfterRounds {
    /// Nothing: the repair is to be walked.
    Unknown,
    /// The one pass over the repair.
    Pass(one_pass::Pass),
    /// The pass over the repair clears it, or the lines it does not clear stay as they are,
    /// read on their own: a new analysis leaves the repair.
    Settled,
}

/// The numbers of the lines of `text` that start at the `(start, end)` offsets of `lines`.
fn line_numbers(text: &[char], lines: &[(usize, usize)]) -> Vec<usize> {
    let (mut number, mut at) = (0, 0);
    let mut numbers = Vec::with_capacity(lines.len());
    for &(start, _) in lines {
        number += text[at..start].iter().filter(|&&c| c == '\n').count();
        at = start;
        numbers.push(number);
    }
    numbers
}

/// Would a new analysis of `repaired`, the repair of a chunk made from its lines `read`
/// (`None`: the whole chunk), leave it as it is? The rounds' last choice settled the lines
/// they read; a new analysis that would read others is asked. `after`: what the rounds learnt.
fn settled(
    repaired: &[char],
    read: Option<Vec<usize>>,
    after: AfterRounds,
    options: Options,
    parameters: &Parameters,
) -> bool {
    let pass = match after {
        AfterRounds::Settled => return true,
        AfterRounds::Pass(pass) => pass,
        AfterRounds::Unknown => pass_of(repaired, options.purpose(), parameters),
    };
    if pass.clear || pass.lines.as_deref().map(|l| line_numbers(repaired, l)) == read {
        return true;
    }
    repair_lines(repaired, pass.lines, options, parameters, None).0.repaired == repaired
}

/// The rounds of repair of one chunk (or of some of its lines), and their findings. For a
/// repair of the `whole_chunk`, also what the rounds learnt of the repaired text: a repair the
/// one pass clears is settled, and so is one whose lines that the pass does not clear stay as
/// they are, read on their own (as a new analysis reads them); [`settled`] asks the same.
/// `first`: the first round's choice, when it is known.
fn repair_rounds(
    input: &[char],
    options: Options,
    parameters: &Parameters,
    whole_chunk: bool,
    mut first: Option<Choice>,
) -> (Analysis, AfterRounds) {
    let mut text = input.to_vec();
    let mut segments: Vec<Segment> = Vec::new();
    let mut lost: Vec<Finding> = Vec::new();
    // The best net gain of the first round: how sure the core is the input holds mojibake
    // (negative when no reading gains; `None` when nothing could be mojibake at all).
    let mut suspicion: Option<i64> = None;
    let mut settled = false;
    // The one pass over `text` once a round has repaired it: a repair it clears has nothing
    // more to find, as a text given so would not. Nor has one whose lines that the pass does
    // not clear stay as they are: the whole text need not be read again.
    let mut after = AfterRounds::Unknown;
    for round in 0..MAX_ROUNDS {
        if round > 0 && options.repair_only && whole_chunk {
            let pass = pass_of(&text, options.purpose(), parameters);
            let stay = |lines: &[(usize, usize)]| {
                read_lines(&text, lines, options, parameters)
                    .is_some_and(|(a, _)| a.repaired == text)
            };
            if pass.clear || pass.lines.as_deref().is_some_and(stay) {
                after = AfterRounds::Settled;
                settled = true;
                break;
            }
            after = AfterRounds::Pass(pass);
        }
        let (choice, best) = match first.take() {
            Some(choice) => {
                let net_gain = choice.net_gain;
                (Some(choice), Some(net_gain))
            }
            None => decision::choose(&text, parameters, options.purpose()),
        };
        if round == 0 {
            suspicion = best;
        }
        let Some(mut choice) = choice else {
            settled = true;
            break;
        };
        if !options.replace_lost {
            // (Most choices have no lost piece: their pieces are kept as they are, not moved.)
            let some_lost = choice.pieces.iter().any(|j| is_lost(&j.piece));
            let (kept, lost_pieces): (Vec<_>, Vec<_>) = if some_lost {
                choice.pieces.into_iter().partition(|j| !is_lost(&j.piece))
            } else {
                (choice.pieces, Vec::new())
            };
            choice.pieces = kept;
            if segments.is_empty() {
                for j in lost_pieces {
                    let reading = &readings()[j.piece.reading as usize];
                    lost.push(Finding {
                        kind: "lost",
                        start: j.piece.start,
                        end: j.piece.end,
                        encoded_as: Some(reading.encoded_as),
                        decoded_as: Some(reading.decoded_as),
                        replacement: None,
                        score: decision::score_of(choice.net_gain, parameters),
                    });
                }
            }
            if choice.pieces.is_empty() {
                settled = true;
                break;
            }
        }
        let next = decision::apply(&text, &choice);
        record(&mut segments, &choice);
        text = next;
        after = AfterRounds::Unknown;
    }
    // Damage deeper than MAX_ROUNDS layers is no damage real data has: a text that another
    // round would still change is left as it is, so that `fix` stays idempotent.
    if !settled && still_changes(&text, options, parameters) {
        segments.clear();
        text = input.to_vec();
    }
    let mut findings: Vec<Finding> = segments
        .iter()
        .map(|s| {
            let reading = &readings()[s.reading as usize];
            Finding {
                kind: if s.rounds > 1 { "multi-layer" } else { reading.kind.name() },
                start: s.input.0,
                end: s.input.1,
                encoded_as: Some(reading.encoded_as),
                decoded_as: Some(reading.decoded_as),
                replacement: Some(if options.text_only {
                    String::new()
                } else {
                    text[s.current.0..s.current.1].iter().collect()
                }),
                score: decision::score_of(s.net_gain, parameters),
            }
        })
        .collect();
    findings.extend(lost);
    findings.extend(replacement_runs(input, &findings));
    findings.sort_by_key(|f| (f.start, f.end));
    let from_findings = findings.iter().map(|f| f.score).fold(0.0, f64::max);
    let score = suspicion.map_or(0.0, |s| decision::score_of(s, parameters)).max(from_findings);
    (Analysis { findings, repaired: text, score }, after)
}

/// Would another round change `text`: a choice with a piece that is not lost data (or with
/// any piece, when lost data is replaced)?
fn still_changes(text: &[char], options: Options, parameters: &Parameters) -> bool {
    decision::choose(text, parameters, options.purpose())
        .0
        .is_some_and(|c| c.pieces.iter().any(|j| options.replace_lost || !is_lost(&j.piece)))
}

/// Runs of U+FFFD in the input outside every other finding: bytes a decoder already lost.
fn replacement_runs(input: &[char], findings: &[Finding]) -> Vec<Finding> {
    let inside = |i: usize| findings.iter().any(|f| f.start <= i && i < f.end);
    let mut runs = Vec::new();
    let mut at = 0;
    while at < input.len() {
        if input[at] != '\u{FFFD}' || inside(at) {
            at += 1;
            continue;
        }
        let start = at;
        while at < input.len() && input[at] == '\u{FFFD}' && !inside(at) {
            at += 1;
        }
        runs.push(Finding {
            kind: "lost",
            start,
            end: at,
            encoded_as: None,
            decoded_as: None,
            replacement: None,
            // One U+FFFD is often a character the text really has; a run is bytes lost.
            score: if at - start > 1 { 0.6 } else { 0.3 },
        });
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_read_a_chunk_at_a_time_is_repaired_as_a_whole() {
        // `fix_str` and `score_str` read a text longer than a chunk from its UTF-8, a chunk at
        // a time; the analysis of all its characters cuts the same chunks and judges them alike.
        let lines = ["CafÃ© crÃ¨me, s'il vous plaÃ®t.\n", "Zażółć gęślą jaźń.\n", "ÐŸÑ€Ð¸Ð²ÐµÑ‚ "];
        let without_breaks = "Ïðèâåò ìèð ".repeat(3_000);
        let clean = "Zażółć gęślą jaźń. ".repeat(1_000);
        for text in [lines.concat().repeat(400), without_breaks, clean] {
            assert!(beyond_a_chunk(text.as_str()));
            let options = Options { repair_only: true, text_only: true, ..Options::default() };
            let chars: Vec<char> = text.chars().collect();
            let whole: String = analyze(&chars, options).repaired.into_iter().collect();
            let expected = (whole != text).then_some(whole);
            assert_eq!(expected.is_none(), text.starts_with('Z'));
            assert_eq!(fix_str(&text, options), expected);
            assert_eq!(score_str(&text), analyze(&chars, Options::default()).score);
        }
    }

    fn fix(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        analyze(&chars, Options::default()).repaired.into_iter().collect()
    }

    #[test]
    fn a_repair_whose_unclear_lines_stay_is_settled_without_reading_it_whole() {
        // Clean Russian completes UTF-8 sequences under IBM866 by chance: the one pass over
        // the repair does not clear the first line, which stays as it is, read on its own.
        let clean = "Конференция настроение отгоре той организации\nhello world";
        let damaged = crate::readings::misread(clean, "UTF-8", "windows-1252").unwrap();
        let chars: Vec<char> = damaged.chars().collect();
        let options = Options { repair_only: true, ..Options::default() };
        let (analysis, after) = repair_rounds(&chars, options, &PARAMETERS, true, None);
        assert_eq!(analysis.repaired.iter().collect::<String>(), clean);
        assert!(matches!(after, AfterRounds::Settled));
        assert!(!one_pass::nothing_to_repair(clean));
    }

    #[test]
    fn layers_of_different_readings_are_followed_to_the_likeliest_text() {
        // "á" as UTF-8 read as windows-1252 ("Ã¡"), then as windows-1250: the first round's
        // likeliest repair is ISO-8859-2's "Ã·", which leads to "÷"; windows-1250's leads on.
        let clean = "Austrália";
        let once = crate::readings::misread(clean, "UTF-8", "windows-1252").unwrap();
        let twice = crate::readings::misread(&once, "UTF-8", "windows-1250").unwrap();
        assert_eq!(twice, "AustrĂ\u{83}Âˇlia");
        assert_eq!(fix(&twice), clean);
        // A rival that made nothing to read again is not followed: "ÃŸ" is "ß" to
        // windows-1252 and "þ" to ISO-8859-15, which windows-1254 would read as "ş".
        assert_eq!(fix("Mensch daran Tante weiÃŸ Himmel."), "Mensch daran Tante weiß Himmel.");
    }

    #[test]
    fn repairs() {
        assert_eq!(fix("CafÃ© crÃ¨me"), "Café crème");
        assert_eq!(fix("CafÃƒÂ©"), "Café");
        assert_eq!(fix("鐢ㄦ埛"), "用户");
        assert_eq!(fix("Ïðèâåò, ìèð"), "Привет, мир");
        assert_eq!(fix("plain text"), "plain text");
    }

    #[test]
    fn clean_characters_at_the_edge_of_a_run_stay() {
        // The GBK run reads on into the clean name before it ("雪梅" as "ѩ÷", "郑" as "֣").
        assert_eq!(fix("李雪梅鍏朵腑涓轰粈缃戠粶姹借溅缃戠珯"), "李雪梅其中为什网络汽车网站");
        assert_eq!(fix("閮戦浄璁歌崳鍞愯秴郑莉"), "郑雷许荣唐超郑莉");
    }

    #[test]
    fn a_lossy_repair_is_not_read_again_as_the_loss_of_a_line() {
        // Chinese UTF-8 read as Big5 loses half its bytes. Its repair, read as EUC-JP, drops
        // every ideograph left for "İ" and two U+FFFD: it was charged two losses, one per
        // stretch, and took it (dev row dmg2-26723); the characters it drops are charged now.
        let read = "��店閬誩�雿𦦵��孵�隢硋�銝�韏瑁��坔鼠�拙虾隞交�靘𥡝�閮�敺堒�.";
        let once = "�規�作�論�起�幫�可以�供�得�.";
        assert_eq!(fix(read), once);
        assert_eq!(fix(once), once);
        // 號之 read as Big5 completes no sequence, and was left between the digits (dmg2-26783).
        assert_eq!(fix("49482 �𨅯控銝剜迤頝�97�煺�5"), "49482 �山中正�97�5");
    }

    #[test]
    fn a_chinese_name_read_alone_by_a_multi_byte_decoder_is_repaired() {
        // Three rare ideographs with no context, and a name of two: the family name (刘, 張)
        // is what tells them apart (dev rows dmg2-28501, Shift_JIS, and dmg2-28943, gb18030).
        assert_eq!(fix("蛻倩嫉"), "刘莹");
        assert_eq!(fix("寮典俊"), "張信");
        for clean in ["刘莹", "張信", "李勇", "方法", "王国维"] {
            assert_eq!(fix(clean), clean);
        }
    }

    #[test]
    fn damage_deeper_than_the_rounds_is_left_and_fix_stays_idempotent() {
        // Found by Hypothesis: seven rounds of readings; after six, another would still change it.
        let deep = "\u{80}0Ю\u{80}0В‘1СЂР†С—С‘0Р“Ё";
        let once = fix(deep);
        assert_eq!(fix(&once), once);
    }

    /// Replay steps as Python's `apply_steps` does.
    fn replay(input: &[char], steps: &[Step]) -> Vec<char> {
        let mut text = input.to_vec();
        for step in steps {
            let original: Vec<char> = step.original.chars().collect();
            assert_eq!(text[step.start..step.end], original[..], "{step:?}");
            text.splice(step.start..step.end, step.replacement.chars());
        }
        text
    }

    #[test]
    fn steps_replay_the_repair_of_layers() {
        let layer = |t: &str, e: &str, d: &str| crate::readings::misread(t, e, d).unwrap();
        let mut texts = Vec::new();
        for clean in ["Café crème brûlée", "Фёдорович и Ширяев", "日本語のテキスト", "Łódź"]
        {
            let once = layer(clean, "UTF-8", "windows-1252");
            let twice = layer(&once, "UTF-8", "windows-1252");
            texts.push(format!("{clean} / {once} / {twice} / {clean}"));
            texts.push(format!("{twice} {once}"));
            texts.push(format!("{} x {once}", layer(&once, "UTF-8", "windows-1251")));
        }
        for text in texts {
            let input: Vec<char> = text.chars().collect();
            let analysis = analyze(&input, Options::default());
            let steps = steps(&input, &analysis, Options::default());
            assert_eq!(replay(&input, &steps), analysis.repaired, "{text}");
            for f in &analysis.findings {
                assert!(f.start < f.end && f.end <= input.len(), "{text}: {f:?}");
            }
        }
    }

    #[test]
    fn lines_with_nothing_to_find_are_left_out_in_place() {
        let clean = ["Zażółć gęślą jaźń", "Grüße aus Köln", "王海燕"];
        let damaged =
            crate::readings::misread("Café crème, 许玉", "UTF-8", "windows-1252").unwrap();
        let text = format!("{}\n{damaged}\n{}\n\n{}", clean[0], clean[1], clean[2]);
        let input: Vec<char> = text.chars().collect();
        let start = clean[0].chars().count() + 1;
        let line = start..start + damaged.chars().count();
        let read = lines_to_read(&input, Purpose::Repair, &PARAMETERS);
        assert_eq!(read, Some(vec![(line.start, line.end)]));
        for options in [Options::default(), Options { repair_only: true, ..Options::default() }] {
            let analysis = analyze(&input, options);
            let repaired: String = analysis.repaired.iter().collect();
            let want = format!("{}\nCafé crème, 许玉\n{}\n\n{}", clean[0], clean[1], clean[2]);
            assert_eq!(repaired, want);
            assert!(!analysis.findings.is_empty());
            for f in &analysis.findings {
                assert!(line.contains(&f.start) && f.end <= line.end, "{f:?}");
            }
            assert_eq!(replay(&input, &steps(&input, &analysis, options)), analysis.repaired);
        }
    }

    #[test]
    fn a_legacy_reading_that_wins_reads_the_lines_left_out() {
        // Hungarian in windows-1250, read as windows-1252: "õ" alone proves nothing.
        let quiet = "Iszlám õ akarok xii am mondtam természetes.";
        let text = format!("Õszi kiderült pontos, felelõs gyermek, fõleg rendõrök\n{quiet}");
        assert!(nothing_to_repair(quiet) && !nothing_to_repair(&text));
        let input: Vec<char> = text.chars().collect();
        let options = Options { repair_only: true, ..Options::default() };
        let repaired: String = analyze(&input, options).repaired.iter().collect();
        let want = "Őszi kiderült pontos, felelős gyermek, főleg rendőrök\n\
                    Iszlám ő akarok xii am mondtam természetes.";
        assert_eq!(repaired, want);
    }

    #[test]
    fn the_spelling_of_words_tells_what_their_letters_cannot() {
        // windows-1257 read as windows-1252: "ø" and "ų" are both some language's letter, and
        // "naujien" is Lithuanian.
        let options = Options { repair_only: true, ..Options::default() };
        let without = Parameters { spelling_weight: [0; 3], ..PARAMETERS };
        let strong = Parameters { spelling_weight: [0, 0, 3000], ..PARAMETERS };
        let repaired = |text: &str, p: &Parameters| -> String {
            let input: Vec<char> = text.chars().collect();
            analyze_with(&input, options, p).repaired.iter().collect()
        };
        for (text, want) in [
            ("naujienø", "naujienų"),
            (
                "Nepaisant teisës iðsiskiria gaila atrodo.",
                "Nepaisant teisės išsiskiria gaila atrodo.",
            ),
            ("Vesna Božanoviæ", "Vesna Božanović"),
        ] {
            assert_eq!(repaired(text, &PARAMETERS), want);
            assert_eq!(repaired(text, &without), text);
        }
        // Three times as strong, it spells no acronym, no word that mixes scripts on purpose,
        // nor a word a repair would leave a symbol in.
        for clean in [
            "несовместимые типы ЦП в файлах",
            "Програмери неки кôд за ову",
            "nella %ldª rilocazione",
            "liigne lõpp „\\“",
        ] {
            assert_eq!(repaired(clean, &strong), clean);
        }
        assert_eq!(repaired("Melissa í\u{a0}¾íµ°", &strong), "Melissa 🥰");
    }

    #[test]
    fn a_repair_that_breaks_a_words_case_is_not_made() {
        // ftfy's "hypothetical Swedish product name": Å™ would be ř, a small letter in capitals.
        let input: Vec<char> = "AHÅ™, the new sofa from IKEA".chars().collect();
        let options = Options { repair_only: true, ..Options::default() };
        let without = Parameters { word_case: [0; 3], ..PARAMETERS };
        let repaired = |p: &Parameters| analyze_with(&input, options, p).repaired;
        assert_eq!(repaired(&PARAMETERS), input);
        assert_eq!(repaired(&without).iter().collect::<String>(), "AHř, the new sofa from IKEA");
        // A repair that gives a word its case is made as before.
        let cafe: Vec<char> = "cafÃ© au lait".chars().collect();
        let fixed: String = analyze_with(&cafe, options, &PARAMETERS).repaired.iter().collect();
        assert_eq!(fixed, "café au lait");
    }

    #[test]
    fn an_elision_whose_apostrophe_is_misread_too_is_a_word() {
        // "à l’ouest" with its NBSP and space made one space, read as windows-1251: "Г " is
        // "à" and the space stays, for "l" is elided before "ouest" once "вЂ™" is "’".
        let fix = |text: &str| fix_str(text, Options::default()).unwrap_or_else(|| text.into());
        assert_eq!(fix("se trouve Г lвЂ™ouest"), "se trouve à l’ouest");
    }

    #[test]
    fn a_chunk_misread_as_a_whole_is_repaired_as_its_lines_are() {
        // The lines the pass clears stay as they are in the whole text's repair: taken at once,
        // the chunk is repaired as the lines the pass picks are, read on their own.
        let options = Options { repair_only: true, ..Options::default() };
        for text in ["ZaÅ¼Ã³Å‚Ä‡ gÄ™Å›lÄ…\n2024\njaÅºÅ„", "Ø£ÙƒØ«Ø± Ø´Ø§Ø³Ø¹Ø©\n\n12.5\nÙ…Ø¯ÙŠÙ†Ø©"]
        {
            let chars: Vec<char> = text.chars().collect();
            let lines = lines_to_read(&chars, Purpose::Repair, &PARAMETERS);
            assert!(lines.is_some(), "{text}");
            let (by_lines, ..) = repair_lines(&chars, lines, options, &PARAMETERS, None);
            assert_ne!(by_lines.repaired, chars, "{text}");
            let whole = Lines::Whole(decision::whole_text_repair(&chars).expect("taken whole"));
            assert_eq!(
                analyze_chunk(&chars, options, &PARAMETERS, whole).repaired,
                by_lines.repaired
            );
            // (the entry point that takes it before the pass walks its lines)
            let stopped = analyze_str(text, options, &mut Vec::new()).map(|a| a.repaired);
            assert_eq!(stopped, Some(by_lines.repaired), "{text}");
        }
    }

    #[test]
    fn a_repair_a_new_analysis_would_change_again_is_not_made() {
        // Read whole, a legacy reading wins ("Þ" is "Ş" in windows-1254, \x85 "…"); a new
        // analysis of that repair reads "Õ…" on its own line, UTF-8 read as windows-1252.
        let fix = |text: &str| fix_str(text, Options::default()).unwrap_or_else(|| text.into());
        let once = fix("Þ²\nÕ\u{85}");
        assert_eq!(fix(&once), once);
        assert_eq!(fix("Ş²\nÕ…"), "Ş²\nՅ", "the second repair is one a new call makes");
    }

    /// The `"text"` fields of a JSON-lines file (its strings' escapes decoded).
    fn corpus_texts(path: &str) -> Vec<String> {
        let data = std::fs::read_to_string(path).expect("the corpus");
        let mut texts = Vec::new();
        for line in data.lines() {
            let Some(at) = line.find("\"text\":\"") else { continue };
            let mut chars = line[at + 8..].chars();
            let (mut text, mut high) = (String::new(), None::<u32>);
            while let Some(c) = chars.next() {
                let c = match c {
                    '"' => break,
                    '\\' => match chars.next().expect("an escape") {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        'u' => {
                            let hex: String = chars.by_ref().take(4).collect();
                            let unit = u32::from_str_radix(&hex, 16).expect("hex");
                            match (high.take(), unit) {
                                (None, 0xD800..=0xDBFF) => {
                                    high = Some(unit);
                                    continue;
                                }
                                (Some(h), 0xDC00..=0xDFFF) => {
                                    char::from_u32(0x10000 + ((h - 0xD800) << 10) + unit - 0xDC00)
                                        .expect("a pair")
                                }
                                (_, unit) => char::from_u32(unit).unwrap_or('\u{FFFD}'),
                            }
                        }
                        other => other,
                    },
                    c => c,
                };
                text.push(c);
            }
            texts.push(text);
        }
        texts
    }

    /// `nothing_to_find` says yes only where the analysis finds nothing, and
    /// `nothing_to_repair` only where the repair is the text, whatever the options.
    fn check_nothing_to_find(text: &str) -> bool {
        let nothing = nothing_to_find(text);
        let chars: Vec<char> = text.chars().collect();
        if nothing {
            for (jis_browser, replace_lost) in [(false, false), (true, true)] {
                let options = Options { jis_browser, replace_lost, ..Options::default() };
                let analysis = analyze(&chars, options);
                assert!(analysis.findings.is_empty(), "{text:?}: {:?}", analysis.findings);
                assert_eq!(analysis.repaired, chars, "{text:?}");
                assert_eq!(analysis.score.to_bits(), 0.0f64.to_bits(), "{text:?}");
            }
        }
        if nothing_to_repair(text) {
            for (jis_browser, replace_lost) in [(false, false), (true, true)] {
                let options =
                    Options { jis_browser, replace_lost, repair_only: true, text_only: true };
                assert_eq!(analyze(&chars, options).repaired, chars, "{text:?}");
            }
        } else {
            assert!(!nothing, "{text:?}: nothing to find but something to repair");
        }
        nothing
    }

    #[test]
    fn nothing_to_find_is_never_wrong_on_the_corpus() {
        let mut said = 0;
        let mut texts = corpus_texts("corpus/clean.jsonl");
        texts.extend(corpus_texts("corpus/negatives.jsonl"));
        // Every damaged row would take long in a debug build: a sample of them.
        texts.extend(corpus_texts("corpus/damaged.jsonl").into_iter().step_by(5));
        for text in &texts {
            said += usize::from(check_nothing_to_find(text));
        }
        // It must prove something: most clean rows are short and have nothing to find.
        assert!(said > texts.len() / 4, "{said} of {}", texts.len());
    }

    #[test]
    fn nothing_to_find_reads_the_end_of_a_skipped_ascii_stretch() {
        let stretch = "plain words, and numbers 1234 ".repeat(4);
        // Damage right after a stretch, whose last characters are its context.
        for damage in ["CafÃ©", "Ïðèâåò", "鐢ㄦ埛", "â€?", "voilÃ le"] {
            for text in [format!("{stretch}{damage}"), format!("{stretch}{damage}{stretch}")] {
                assert!(!check_nothing_to_find(&text), "{text}");
            }
        }
        for clean in ["“quoted”", "5 €", "日本語"] {
            let text = format!("{stretch}{clean} {stretch}{clean} {stretch}");
            assert!(check_nothing_to_find(&text), "{text}");
        }
    }

    #[test]
    fn nothing_to_find_answers_for_chance_sequences_repaired_into_unlikelier_text() {
        // "一" is the UTF-8 of "һ" in GBK; "рай" of U+0829 in IBM866; "ί " of U+07E0 in
        // windows-1253, its space read as byte 0xA0.
        for text in ["这是一个问题", "о рай земной", "Η ομάδα μεί σε κάθε πόλη"]
        {
            assert!(check_nothing_to_find(text), "{text}");
        }
    }

    #[test]
    fn nothing_to_find_is_never_wrong_on_random_text() {
        let pools = [
            "abc de?\n",
            "éèàçÃ©Â€™œ ",
            "Привет мир РґРѕ",
            "日本語のテキスト縺薙ｓ〜−",
            "中文鐢ㄦ埛锟斤拷",
            "한국어 ",
            "ελληνικά",
            "\u{FFFD}\u{80}\u{90}\u{a0} ?",
            "Ïðèâåò ìèð",
            "ÖÐÎÄ ÇÑ±¹¾î",
            "─îe┼í√ü",
            "ا ب ת ש",
            "ÄŒeÅ¡tina ¬£µ¢",
            // apostrophes in words, and GBK's pinyin ("¨¦" is "é")
            "truth’s l’é ¨¦ý",
            // characters no decoder writes, beside damage
            "हिन्दीქართÃ© ",
        ];
        let pools: Vec<Vec<char>> = pools.iter().map(|p| p.chars().collect()).collect();
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut said = 0;
        for _ in 0..3000 {
            let (a, b) = (next(pools.len()), next(pools.len()));
            let length = 1 + next(30);
            let text: String = (0..length)
                .map(|_| {
                    let pool = if next(2) == 0 { &pools[a] } else { &pools[b] };
                    pool[next(pool.len())]
                })
                .collect();
            said += usize::from(check_nothing_to_find(&text));
        }
        assert!(said > 100, "{said}");
    }

    #[test]
    fn findings_are_in_input_offsets() {
        let chars: Vec<char> = "CafÃƒÂ© and ÐŸÑ€Ð¸".chars().collect();
        let analysis = analyze(&chars, Options::default());
        let spans: Vec<(&str, usize, usize)> =
            analysis.findings.iter().map(|f| (f.kind, f.start, f.end)).collect();
        assert_eq!(spans, [("multi-layer", 3, 7), ("utf-8-as-single-byte", 12, 18)]);
    }

    #[test]
    fn a_repair_of_the_text_only_decides_as_one_with_replacements() {
        let texts = ["CafÃƒÂ© and ÐŸÑ€Ð¸", "Ã©tÃ©\nÐŸÑ€Ð¸Ð²ÐµÑ‚\nclean", "鐢ㄦ埛 Ã©"];
        for text in texts {
            let chars: Vec<char> = text.chars().collect();
            let explained = Options { repair_only: true, ..Options::default() };
            let full = analyze(&chars, explained);
            let bare = analyze(&chars, Options { text_only: true, ..explained });
            assert_eq!(bare.repaired, full.repaired, "{text}");
            let places = |a: &Analysis| -> Vec<(&str, usize, usize, bool)> {
                let place = |f: &Finding| (f.kind, f.start, f.end, f.replacement.is_some());
                a.findings.iter().map(place).collect()
            };
            assert_eq!(places(&bare), places(&full), "{text}");
            assert!(full
                .findings
                .iter()
                .any(|f| f.replacement.as_ref().is_some_and(|r| !r.is_empty())));
            assert!(bare
                .findings
                .iter()
                .all(|f| f.replacement.as_ref().is_none_or(String::is_empty)));
        }
    }

    #[test]
    fn a_text_misread_as_a_whole_scores_one_as_its_analysis_does() {
        let misread = |clean: &str, decoder: &str| {
            crate::readings::misread(clean, "UTF-8", decoder).expect("encodable")
        };
        for (text, whole) in [
            (misread("Zażółć gęślą jaźń, mówię po polsku.", "windows-1252"), true),
            (misread("用户名和密码不能为空", "GBK"), true),
            // Too few sequences to be taken at once: judged, and sure all the same.
            ("CafÃ© crÃ¨me".to_string(), false),
        ] {
            let chars: Vec<char> = text.chars().collect();
            assert_eq!(misread_as_a_whole(&chars), whole, "{text}");
            let analysis = analyze(&chars, Options::default());
            assert_eq!(score_str(&text), analysis.score, "{text}");
            assert!(analysis.score > 0.99 && !analysis.findings.is_empty(), "{text}");
            assert!(!whole || analysis.score == 1.0, "{text}");
        }
        let clean = "Zażółć gęślą jaźń, mówię po polsku.";
        assert!(!misread_as_a_whole(&clean.chars().collect::<Vec<_>>()));
        assert!(score_str(clean) < 0.01);
    }
}
