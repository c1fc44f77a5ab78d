//! The Python module `mojifix._core`: thin bindings over the core's modules.

use pyo3::prelude::*;

/// The version of the compiled core, which must match the Python package's.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
