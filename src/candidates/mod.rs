//! Candidates: the spans of a text that a reading could repair, and what each would become.
//!
//! A *piece* is a span whose characters re-encode exactly under a reading's decoder and
//! decode validly in the reading's true encoding; what that is worth is for the decision
//! (`crate::decision`) to judge with the model of real text. Pieces of UTF-8 misreadings are
//! found by [`utf8`] (one pass over the text for every decoder at once), pieces of legacy
//! misreadings by [`legacy`] (each line that could be one).

pub mod legacy;
pub mod utf8;

use crate::model::Cost;
use crate::readings::ReadingId;

/// One span `text[start..end]` (character offsets) that `reading` turns into `replacement`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub start: usize,
    pub end: usize,
    pub replacement: String,
    pub reading: ReadingId,
    /// Multi-byte sequences (UTF-8) or multi-byte characters (legacy) that decoded validly:
    /// structure the damage has and clean text rarely has.
    pub sequences: u32,
    /// Sequences whose bytes were partly lost ("â€?" for "”"): repaired as U+FFFD.
    pub lost: u32,
    /// The repair with each `?` that stood for a lost byte filled in, once for every byte the
    /// decoder could not have read there ("â€?" as "”", "\u{2010}" ...), when they are few:
    /// the model of text judges the likeliest of them, as U+FFFD tells it nothing of what was
    /// lost. `None` otherwise (boxed: most pieces lose nothing, and pieces are copied often).
    pub filled_in: Option<Box<[String]>>,
    /// Bytes 0xA0 restored where an ASCII space stood for them ("Ã " for "à").
    pub restored_spaces: u32,
    /// The restored 0xA0 had a space of its own after it, which stays ("Ã le" for "à le").
    pub kept_space: bool,
    /// Layers of the same misreading undone at once ("ÃƒÂ©" is "é" read as windows-1252
    /// twice): 1 for one.
    pub layers: u32,
    /// The span of the whole run this piece leaves the edges of, where it is offered as the
    /// run without edges that repair to another script (`utf8`): the decision keeps whichever
    /// of the two makes likelier text.
    pub within: Option<(usize, usize)>,
}

impl Piece {
    /// A piece with no evidence counted yet: one layer, no sequences, nothing lost or restored.
    pub fn new(start: usize, end: usize, replacement: String, reading: ReadingId) -> Piece {
        Piece {
            start,
            end,
            replacement,
            reading,
            sequences: 0,
            lost: 0,
            filled_in: None,
            restored_spaces: 0,
            kept_space: false,
            layers: 1,
            within: None,
        }
    }

    /// The characters of `text` right before and right after the piece, where there are any:
    /// the context the models judge it in.
    pub fn around(&self, text: &[char]) -> (Option<char>, Option<char>) {
        (self.start.checked_sub(1).map(|i| text[i]), text.get(self.end).copied())
    }
}

/// Every candidate piece of the text, for every reading, grouped by reading in text order
/// (for tools and tests: the decision asks [`utf8`] and [`legacy`] itself, legacy only where
/// it could win).
pub fn pieces(text: &[char]) -> Vec<Piece> {
    let mut found = utf8::pieces(text);
    found.extend(legacy::pieces(
        text,
        &legacy::suspects(&legacy::runs(text, &legacy::drawn_runs(text)), Cost::MIN, (0, 0)),
        legacy::ALL_PAIRS,
    ));
    found
}
