//! Bindings of [`crate::batch`]: Arrow arrays in and out through the Arrow PyCapsule interface
//! (`__arrow_c_array__`), without copying the input, and without the GIL while rows are read.
//!
//! Each function takes a list of arrays (a chunked array's chunks) and returns one result per
//! array; `mojifix.integrations.arrow` wraps them for pyarrow.

use std::ffi::CStr;

use arrow_array::ffi::{from_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{make_array, ArrayRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyCapsule, PyTuple};

use crate::batch::{self, BatchError};
use crate::explanation::Options;

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";

/// An Arrow array made by the core; pyarrow (and any library of the Arrow PyCapsule
/// interface) takes it with `pyarrow.array(obj)`.
#[pyclass(frozen, module = "mojifix._core", name = "ArrowArray")]
struct ArrowArray(ArrayRef);

#[pymethods]
impl ArrowArray {
    /// The Arrow PyCapsule interface: `(schema capsule, array capsule)`. A requested schema
    /// other than the array's own is not honoured (the protocol allows that).
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        let data = self.0.to_data();
        let schema = FFI_ArrowSchema::try_from(data.data_type())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let array = FFI_ArrowArray::new(&data);
        let schema = PyCapsule::new_with_value(py, schema, SCHEMA)?;
        let array = PyCapsule::new_with_value(py, array, ARRAY)?;
        PyTuple::new(py, [schema, array])
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __repr__(&self) -> String {
        format!("<mojifix._core.ArrowArray {} of {} rows>", self.0.data_type(), self.0.len())
    }
}

/// An array of the Arrow PyCapsule interface, imported without copying its buffers.
fn import(obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let Ok(method) = obj.getattr(pyo3::intern!(obj.py(), "__arrow_c_array__")) else {
        return Err(PyTypeError::new_err(format!(
            "expected an Arrow array (an object with __arrow_c_array__, such as a pyarrow.Array), \
             not {}",
            obj.get_type().name()?
        )));
    };
    let capsules = method.call0()?;
    let (schema, array): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) = capsules.extract()?;
    let schema = schema.pointer_checked(Some(SCHEMA))?.cast::<FFI_ArrowSchema>();
    let array = array.pointer_checked(Some(ARRAY))?.cast::<FFI_ArrowArray>();
    // SAFETY: the capsules are named as the interface says, so they hold an ArrowSchema and an
    // ArrowArray; `from_raw` moves the array out (marking the capsule's as released, as the
    // interface asks of a consumer) and the schema is only read while its capsule lives.
    let data = unsafe {
        let array = FFI_ArrowArray::from_raw(array.as_ptr());
        from_ffi(array, schema.as_ref())
    }
    .map_err(|e| PyValueError::new_err(format!("could not import the Arrow array: {e}")))?;
    Ok(make_array(data))
}

fn import_all(arrays: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    arrays.try_iter()?.map(|a| import(&a?)).collect()
}

fn error(e: BatchError) -> PyErr {
    match e {
        BatchError::NotText(_) => PyTypeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// Repair every row: for each array, None when no row changes, else the repaired array (same
/// type, same nulls).
#[pyfunction]
#[pyo3(signature = (arrays, jis_browser = false, replace_lost = false, threads = None))]
fn fix_arrays(
    py: Python<'_>,
    arrays: &Bound<'_, PyAny>,
    jis_browser: bool,
    replace_lost: bool,
    threads: Option<usize>,
) -> PyResult<Vec<Option<ArrowArray>>> {
    let arrays = import_all(arrays)?;
    let options = Options { jis_browser, replace_lost, ..Options::default() };
    let fixed = py.detach(|| batch::with_threads(threads, || batch::fix(&arrays, options)));
    Ok(fixed.map_err(error)?.into_iter().map(|a| a.map(ArrowArray)).collect())
}

/// The rows a repair changes, for each array: `[(row, repaired text), ...]` (a dictionary's
/// rows are its values). Only the changed rows become Python objects.
#[pyfunction]
#[pyo3(signature = (arrays, jis_browser = false, replace_lost = false, threads = None))]
fn fix_changes(
    py: Python<'_>,
    arrays: &Bound<'_, PyAny>,
    jis_browser: bool,
    replace_lost: bool,
    threads: Option<usize>,
) -> PyResult<Vec<batch::Changes>> {
    let arrays = import_all(arrays)?;
    let options = Options { jis_browser, replace_lost, ..Options::default() };
    py.detach(|| batch::with_threads(threads, || batch::changes(&arrays, options))).map_err(error)
}

/// The score of every row, one `float64` array for each array.
#[pyfunction]
#[pyo3(signature = (arrays, threads = None))]
fn score_arrays(
    py: Python<'_>,
    arrays: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Vec<ArrowArray>> {
    let arrays = import_all(arrays)?;
    let scores = py.detach(|| batch::with_threads(threads, || batch::score(&arrays)));
    Ok(scores.map_err(error)?.into_iter().map(ArrowArray).collect())
}

/// What `detect` finds in every row, one struct array for each array (see
/// `mojifix.integrations.arrow.DETECTION_TYPE`).
#[pyfunction]
#[pyo3(signature = (arrays, threads = None))]
fn detect_arrays(
    py: Python<'_>,
    arrays: &Bound<'_, PyAny>,
    threads: Option<usize>,
) -> PyResult<Vec<ArrowArray>> {
    let arrays = import_all(arrays)?;
    let found = py.detach(|| batch::with_threads(threads, || batch::detect(&arrays)));
    Ok(found.map_err(error)?.into_iter().map(ArrowArray).collect())
}

/// The rows of a list of `str` that a repair changes: `[(index, repaired text), ...]`. Raises
/// UnicodeEncodeError for a lone surrogate (which UTF-8 cannot hold).
#[pyfunction]
#[pyo3(signature = (texts, jis_browser = false, replace_lost = false, threads = None))]
fn fix_texts(
    py: Python<'_>,
    texts: Vec<PyBackedStr>,
    jis_browser: bool,
    replace_lost: bool,
    threads: Option<usize>,
) -> batch::Changes {
    let options = Options { jis_browser, replace_lost, ..Options::default() };
    py.detach(|| {
        let texts: Vec<&str> = texts.iter().map(|t| &**t).collect();
        batch::with_threads(threads, || batch::fix_texts(&texts, options))
    })
}

/// The score of each `str` of a list.
#[pyfunction]
#[pyo3(signature = (texts, threads = None))]
fn score_texts(py: Python<'_>, texts: Vec<PyBackedStr>, threads: Option<usize>) -> Vec<f64> {
    py.detach(|| {
        let texts: Vec<&str> = texts.iter().map(|t| &**t).collect();
        batch::with_threads(threads, || batch::score_texts(&texts))
    })
}

/// A finding as a tuple: (kind, start, end, encoded_as, decoded_as, replacement, score), the
/// fields of a `mojifix.Finding` but its text (which `mojifix._core.detect` gives).
type FindingTuple =
    (&'static str, usize, usize, Option<&'static str>, Option<&'static str>, Option<String>, f64);

/// `(score, findings)` of each `str` of a list, findings as tuples ([`FindingTuple`]).
#[pyfunction]
#[pyo3(signature = (texts, threads = None))]
fn detect_texts(
    py: Python<'_>,
    texts: Vec<PyBackedStr>,
    threads: Option<usize>,
) -> Vec<(f64, Vec<FindingTuple>)> {
    let found = py.detach(|| {
        let texts: Vec<&str> = texts.iter().map(|t| &**t).collect();
        batch::with_threads(threads, || batch::detect_texts(&texts))
    });
    found
        .into_iter()
        .map(|(score, findings)| {
            let findings = findings
                .into_iter()
                .map(|f| {
                    (f.kind, f.start, f.end, f.encoded_as, f.decoded_as, f.replacement, f.score)
                })
                .collect();
            (score, findings)
        })
        .collect()
}

/// An empty array of `detect_arrays`' type, whose `.type` names it.
#[pyfunction]
fn detection_type() -> ArrowArray {
    ArrowArray(arrow_array::new_empty_array(&batch::detection_type()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ArrowArray>()?;
    m.add_function(wrap_pyfunction!(fix_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(fix_changes, m)?)?;
    m.add_function(wrap_pyfunction!(score_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(detect_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(detection_type, m)?)?;
    m.add_function(wrap_pyfunction!(fix_texts, m)?)?;
    m.add_function(wrap_pyfunction!(score_texts, m)?)?;
    m.add_function(wrap_pyfunction!(detect_texts, m)?)?;
    Ok(())
}
