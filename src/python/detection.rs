//! `mojifix._core.detection`: chardetng and the model's cost of candidate decodings, for
//! `mojifix.detection`.

use pyo3::exceptions::PyLookupError;
use pyo3::prelude::*;

use crate::codecs::encoding_for;
use crate::detection::{self, Detection};

/// Add the `detection` submodule to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let module = PyModule::new(parent.py(), "detection")?;
    module.add_function(wrap_pyfunction!(chardetng_guesses, &module)?)?;
    module.add_function(wrap_pyfunction!(decoding_costs, &module)?)?;
    parent.add_submodule(&module)
}

/// chardetng_guesses(data, tld=None, allow_utf8=False) -> (guess, [(tld, guess), ...]):
/// chardetng's guess for `data` from the domain `tld` (UTF-8 a possible answer only with
/// `allow_utf8`), and its distinct guesses under one domain of each region.
#[pyfunction]
#[pyo3(signature = (data, tld = None, allow_utf8 = false))]
fn chardetng_guesses(
    py: Python<'_>,
    data: &[u8],
    tld: Option<&str>,
    allow_utf8: bool,
) -> (&'static str, Vec<(&'static str, &'static str)>) {
    py.detach(|| {
        let detection = Detection::new(data);
        let regional =
            detection.regional_guesses().into_iter().map(|(t, e)| (t, e.name())).collect();
        (detection.guess_allowing_utf8(tld, allow_utf8).name(), regional)
    })
}

/// A candidate's cost, language cost, malformed sequences and digest, as Python gets them.
type CostTuple = (f64, f64, usize, u64);

/// decoding_costs(data, encodings, prefix=False, reach=None) -> [(cost, language, malformed,
/// digest) or None, ...]: for each encoding (a label), the model's cost in nats of the words
/// of `data` that hold non-ASCII bytes (with `prefix`, of its first KB whole), the cost of
/// their letters in the likeliest language, the malformed sequences among them, and a hash
/// of their decoded text (equal for encodings that read them alike). With `reach`, the
/// weights of the language cost and of a malformed sequence and every credit together, None
/// for a candidate that can be neither the choice nor the runner-up
/// ([`detection::decoding_costs_within`]).
#[pyfunction]
#[pyo3(signature = (data, encodings, prefix = false, reach = None))]
fn decoding_costs(
    py: Python<'_>,
    data: &[u8],
    encodings: Vec<String>,
    prefix: bool,
    reach: Option<(f64, f64, f64)>,
) -> PyResult<Vec<Option<CostTuple>>> {
    let encodings = encodings
        .iter()
        .map(|name| {
            encoding_for(name).ok_or_else(|| {
                PyLookupError::new_err(format!(
                    "unknown encoding {name:?}: not a WHATWG Encoding Standard label"
                ))
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let reach = reach.map(|(language, malformed, credits)| detection::Reach {
        language: language.max(0.0),
        malformed: malformed.max(0.0),
        credits: credits.max(0.0),
    });
    Ok(py.detach(|| {
        let costs = if prefix {
            detection::prefix_costs(data, &encodings).into_iter().map(Some).collect()
        } else {
            detection::decoding_costs_within(data, &encodings, reach)
        };
        let tuple = |c: detection::DecodingCost| (c.cost, c.language, c.malformed, c.digest);
        costs.into_iter().map(|c| c.map(tuple)).collect()
    }))
}
