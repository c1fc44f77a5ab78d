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

use crate::candidates::{self, Piece};
use crate::model::{models, Cost, Which, SCALE};
use crate::readings::{readings, Kind, ReadingId, READING_COUNT};

mod parameters;
pub use parameters::PARAMETERS;

/// The parameters of the decision, per kind of misreading (`Kind` order: UTF-8 as
/// single-byte, UTF-8 as multi-byte, legacy as legacy).
#[derive(Clone, Copy, Debug)]
pub struct Parameters {
    /// The cost of the first repaired stretch of a text.
    pub entry: [Cost; 3],
    /// The cost of each further stretch.
    pub reentry: [Cost; 3],
    /// Evidence per valid multi-byte sequence of a piece.
    pub per_sequence: [Cost; 3],
    /// Cost per sequence repaired as U+FFFD (bytes were lost: the repair is less certain).
    pub per_lost: [Cost; 3],
    /// Cost per space read as byte 0xA0.
    pub per_restored_space: Cost,
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
}

/// What one round decided: the reading, the pieces it repairs (in text order, disjoint) and
/// the net gain of the choice.
#[derive(Clone, Debug)]
pub struct Choice {
    pub reading: ReadingId,
    pub pieces: Vec<Judged>,
    pub net_gain: Cost,
}

fn kind_index(kind: Kind) -> usize {
    match kind {
        Kind::Utf8AsSingleByte => 0,
        Kind::Utf8AsMultiByte => 1,
        Kind::LegacyAsLegacy => 2,
    }
}

/// The two likelihood ratios of a piece (as costs): what the repair gains as text, and how
/// much more the piece looks like mojibake of its kind than like text.
pub fn evidence(text: &[char], piece: &Piece) -> (Cost, Cost) {
    let models = models();
    let before = piece.start.checked_sub(1).map(|i| text[i]);
    let after = text.get(piece.end).copied();
    let original = || text[piece.start..piece.end].iter().copied();
    let kind = readings()[piece.reading as usize].kind;
    let as_text = models.cost_between(before, original(), after);
    let as_mojibake = models.cost_between_in(Which::Mojibake(kind), before, original(), after);
    let repaired = models.cost_between(before, piece.replacement.chars(), after);
    (as_text - repaired, as_text - as_mojibake)
}

/// What repairing `piece` gains: the lesser ratio, and the evidence of its structure.
pub fn gain(text: &[char], piece: &Piece, parameters: &Parameters) -> Cost {
    let (repair, shape) = evidence(text, piece);
    let kind = kind_index(readings()[piece.reading as usize].kind);
    repair.min(shape) + parameters.per_sequence[kind] * Cost::from(piece.sequences)
        - parameters.per_lost[kind] * Cost::from(piece.lost)
        - parameters.per_restored_space * Cost::from(piece.restored_spaces)
}

/// Of pieces that overlap (alternatives of one reading), the one that gains most.
fn disjoint(mut judged: Vec<Judged>) -> Vec<Judged> {
    judged.sort_by_key(|j| (j.piece.start, std::cmp::Reverse(j.gain)));
    let mut kept: Vec<Judged> = Vec::with_capacity(judged.len());
    for j in judged {
        match kept.last_mut() {
            Some(last) if j.piece.start < last.piece.end => {
                if j.gain > last.gain {
                    *last = j;
                }
            }
            _ => kept.push(j),
        }
    }
    kept
}

/// The best stretches of pieces for one reading: the net gain and which pieces.
fn stretches(judged: &[Judged], entry: Cost, reentry: Cost) -> (Cost, Vec<bool>) {
    // States after each piece: no stretch yet (0), inside a stretch, after one.
    const NONE: Cost = Cost::MIN / 4;
    let n = judged.len();
    let mut inside = vec![NONE; n];
    let mut after = vec![NONE; n];
    let mut came_from_inside = vec![false; n];
    for (i, j) in judged.iter().enumerate() {
        let (prev_inside, prev_after) =
            if i == 0 { (NONE, NONE) } else { (inside[i - 1], after[i - 1]) };
        let start_first = -entry;
        let start_again = prev_after - reentry;
        inside[i] = j.gain + prev_inside.max(start_first).max(start_again);
        came_from_inside[i] = prev_inside >= prev_after;
        after[i] = prev_inside.max(prev_after);
    }
    let Some(last) = n.checked_sub(1) else {
        return (0, Vec::new());
    };
    let best = inside[last].max(after[last]);
    let mut chosen = vec![false; n];
    if best <= 0 {
        return (best, chosen);
    }
    // Walk back: inside[i] continues inside[i - 1], or starts a stretch.
    let mut in_stretch = inside[last] >= after[last];
    for i in (0..n).rev() {
        if in_stretch {
            chosen[i] = true;
            let prev_inside = if i == 0 { NONE } else { inside[i - 1] };
            let prev_after = if i == 0 { NONE } else { after[i - 1] };
            let start_again = prev_after - reentry;
            in_stretch = prev_inside >= (-entry).max(start_again) && i > 0;
        } else {
            in_stretch = came_from_inside[i];
        }
    }
    (best, chosen)
}

/// The best choice for the text, if any reading gains; and the best net gain of any reading
/// (negative when none gains; `None` when the text has no candidate at all).
pub fn choose(text: &[char], parameters: &Parameters) -> (Option<Choice>, Option<Cost>) {
    let mut by_reading: Vec<Vec<Judged>> = vec![Vec::new(); readings().len()];
    for piece in candidates::pieces(text) {
        let gain = gain(text, &piece, parameters);
        by_reading[piece.reading as usize].push(Judged { piece, gain });
    }
    let mut best: Option<Choice> = None;
    let mut best_net_gain: Option<Cost> = None;
    for (reading, judged) in by_reading.into_iter().enumerate() {
        if judged.is_empty() {
            continue;
        }
        let judged = disjoint(judged);
        let kind = kind_index(readings()[reading].kind);
        let entry = parameters.entry[kind] + parameters.prior[reading];
        let (net_gain, chosen) = stretches(&judged, entry, parameters.reentry[kind]);
        best_net_gain = Some(best_net_gain.map_or(net_gain, |b| b.max(net_gain)));
        if net_gain <= 0 || best.as_ref().is_some_and(|b| b.net_gain >= net_gain) {
            continue;
        }
        let pieces = judged.into_iter().zip(chosen).filter(|(_, c)| *c).map(|(j, _)| j).collect();
        best = Some(Choice { reading: reading as ReadingId, pieces, net_gain });
    }
    (best, best_net_gain)
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
