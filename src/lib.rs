//! The compiled core of mojifix, built by maturin into the Python module `mojifix._core`.
//!
//! One module per concern; the Python bindings are in [`python`] and nothing else touches PyO3.

pub mod batch;
pub mod candidates;
pub mod char_map;
pub mod codecs;
pub mod decision;
pub mod detection;
pub mod explanation;
pub mod letters;
pub mod memo;
pub mod model;
pub mod names;
pub mod one_pass;
pub mod prescan;
pub mod python;
pub mod readings;
pub mod text;

/// The analysis makes and drops many small strings and vectors (a piece's repair, a reading's
/// judged pieces); mimalloc serves them faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
