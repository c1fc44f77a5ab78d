//! The Python module `mojifix._core`: thin bindings over the core's modules, one file per
//! concern. Nothing outside `src/python/` uses PyO3.

use pyo3::prelude::*;

mod batch;
mod codecs;
mod detection;
mod objects;
mod repair;
mod sniff;

/// `mojifix._core`: the compiled core of mojifix.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    repair::register(m)?;
    codecs::register(m)?;
    detection::register(m)?;
    batch::register(m)?;
    sniff::register(m)?;
    Ok(())
}
