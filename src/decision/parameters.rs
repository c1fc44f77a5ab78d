//! The decision's parameters (chosen by hand until `scripts/calibrate.py` writes this file).

use super::{nats, Parameters};
use crate::readings::READING_COUNT;

/// The parameters the core decides with.
pub static PARAMETERS: Parameters = Parameters {
    entry: [nats(6), nats(10), nats(14)],
    reentry: [nats(2), nats(3), nats(5)],
    partial: [nats(4), nats(4), nats(6)],
    language_weight: 500,
    per_sequence: [nats(1), nats(1), 0],
    known_word: [nats(3), nats(3), nats(6)],
    per_lost: [nats(3), nats(3), nats(3)],
    per_restored_space: nats(3),
    kept_space: nats(1),
    prior: [0; READING_COUNT],
    score_midpoint: 0,
    score_scale: nats(2),
};
