//! The compiled core of mojifix, built by maturin into the Python module `mojifix._core`.
//!
//! One module per concern; the Python bindings are in [`python`] and nothing else touches PyO3.

pub mod python;
