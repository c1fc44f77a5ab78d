//! `mojifix._core.sniff`: the prescan of [`crate::prescan`] for `mojifix.sniff`.

use pyo3::prelude::*;

use crate::prescan::{Declaration, Source, PRESCAN_LENGTH};

/// Add the `sniff` submodule to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let module = PyModule::new(parent.py(), "sniff")?;
    module.add("PRESCAN_LENGTH", PRESCAN_LENGTH)?;
    module.add_function(wrap_pyfunction!(prescan, &module)?)?;
    module.add_function(wrap_pyfunction!(xml_encoding, &module)?)?;
    module.add_function(wrap_pyfunction!(late_meta, &module)?)?;
    parent.add_submodule(&module)
}

/// A declaration as Python gets it: where it was found ("meta", "xml" or "utf-16-xml"), the
/// encoding the prescan returns, the encoding the label names, and the label as written
/// (its bytes as code points).
type Found = (&'static str, &'static str, &'static str, String);

fn found(declaration: Declaration<'_>) -> Found {
    let source = match declaration.source {
        Source::Meta => "meta",
        Source::Xml => "xml",
        Source::Utf16Xml => "utf-16-xml",
    };
    let label = declaration.label.iter().map(|&b| char::from(b)).collect();
    (source, declaration.encoding.name(), declaration.declared.name(), label)
}

/// prescan(data) -> (source, encoding, declared, label) | None: the HTML Standard's prescan of
/// the first 1024 bytes of `data`.
#[pyfunction]
fn prescan(data: &[u8]) -> Option<Found> {
    crate::prescan::prescan(data).map(found)
}

/// xml_encoding(data) -> (source, encoding, declared, label) | None: the HTML Standard's "get
/// an XML encoding" on the first 1024 bytes of `data`.
#[pyfunction]
fn xml_encoding(data: &[u8]) -> Option<Found> {
    crate::prescan::xml_encoding(&data[..data.len().min(PRESCAN_LENGTH)]).map(found)
}

/// late_meta(page) -> (source, encoding, declared, label) | None: the first `<meta>` in `page`
/// that the tree builder acts on when it meets it, the GIL released on a long page.
#[pyfunction]
fn late_meta(py: Python<'_>, page: &[u8]) -> Option<Found> {
    let scan = || crate::prescan::late_meta(page).map(found);
    if page.len() >= 64 * 1024 {
        py.detach(scan)
    } else {
        scan()
    }
}
