//! Bindings of the decision engine: detection, repair and explanation of a `str`, and the
//! candidates behind them.

use crate::decision::{self, PARAMETERS};
use crate::explanation::{self, Analysis, Options};
use crate::readings::readings;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A finding as Python sees it: (kind, start, end, encoded_as, decoded_as, replacement, score).
type FindingTuple =
    (&'static str, usize, usize, Option<&'static str>, Option<&'static str>, Option<String>, f64);

/// A step as Python sees it: (kind, start, end, original, replacement, encoded_as, decoded_as).
type StepTuple =
    (&'static str, usize, usize, String, String, Option<&'static str>, Option<&'static str>);

fn analyze(py: Python<'_>, chars: &[char], options: Options) -> Analysis {
    py.detach(|| explanation::analyze(chars, options))
}

/// `(score, findings)` of a text, findings in its offsets.
#[pyfunction]
fn detect(py: Python<'_>, text: &str) -> (f64, Vec<FindingTuple>) {
    let chars: Vec<char> = text.chars().collect();
    let analysis = analyze(py, &chars, Options::default());
    let findings = analysis
        .findings
        .into_iter()
        .map(|f| (f.kind, f.start, f.end, f.encoded_as, f.decoded_as, f.replacement, f.score))
        .collect();
    (analysis.score, findings)
}

/// How sure the core is that the text holds mojibake, in [0, 1].
#[pyfunction]
fn score(py: Python<'_>, text: &str) -> f64 {
    if text.is_ascii() {
        return 0.0;
    }
    let chars: Vec<char> = text.chars().collect();
    analyze(py, &chars, Options::default()).score
}

/// The repaired text: the same object when nothing changes.
#[pyfunction]
#[pyo3(signature = (text, jis_browser = false, replace_lost = false))]
fn fix<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    jis_browser: bool,
    replace_lost: bool,
) -> PyResult<Bound<'py, PyString>> {
    let s = text.to_str()?;
    if s.is_ascii() {
        return Ok(text.clone());
    }
    let chars: Vec<char> = s.chars().collect();
    let repaired = analyze(py, &chars, Options { jis_browser, replace_lost }).repaired;
    if repaired == chars {
        return Ok(text.clone());
    }
    Ok(PyString::new(py, &repaired.into_iter().collect::<String>()))
}

/// The repaired text and the steps that replay the repair.
#[pyfunction]
#[pyo3(signature = (text, jis_browser = false, replace_lost = false))]
fn fix_and_explain(
    py: Python<'_>,
    text: &str,
    jis_browser: bool,
    replace_lost: bool,
) -> (String, Vec<StepTuple>) {
    let chars: Vec<char> = text.chars().collect();
    let options = Options { jis_browser, replace_lost };
    let analysis = analyze(py, &chars, options);
    let steps = explanation::steps(&chars, &analysis, options)
        .into_iter()
        .map(|s| (s.kind, s.start, s.end, s.original, s.replacement, s.encoded_as, s.decoded_as))
        .collect();
    (analysis.repaired.into_iter().collect(), steps)
}

/// A candidate as Python sees it: (start, end, replacement, encoded_as, decoded_as, kind,
/// gain, repair evidence, shape evidence (nats), sequences, lost bytes' sequences).
type CandidateTuple =
    (usize, usize, String, &'static str, &'static str, &'static str, f64, f64, f64, u32, u32);

/// Every candidate piece with its evidence, for calibration and debugging.
#[pyfunction]
fn candidates(text: &str) -> Vec<CandidateTuple> {
    let chars: Vec<char> = text.chars().collect();
    let nats = |cost: i64| cost as f64 / 1000.0;
    crate::candidates::pieces(&chars)
        .into_iter()
        .map(|p| {
            let gain = nats(decision::gain(&chars, &p, &PARAMETERS));
            let (repair, shape) = decision::evidence(&chars, &p);
            let r = &readings()[p.reading as usize];
            let (kind, encoded_as, decoded_as) = (r.kind.name(), r.encoded_as, r.decoded_as);
            let (start, end, sequences, lost) = (p.start, p.end, p.sequences, p.lost);
            let evidence = (nats(repair), nats(shape));
            (
                start,
                end,
                p.replacement,
                encoded_as,
                decoded_as,
                kind,
                gain,
                evidence.0,
                evidence.1,
                sequences,
                lost,
            )
        })
        .collect()
}

/// The mojibake `decoded_as` makes of `text` in `encoded_as`, or None if it cannot hold it.
#[pyfunction]
fn misread(text: &str, encoded_as: &str, decoded_as: &str) -> Option<String> {
    crate::readings::misread(text, encoded_as, decoded_as)
}

/// The decision's parameters as `scripts/calibrate.py` passes them (costs in thousandths of
/// a nat): entry, reentry and per_sequence per kind, per_lost, per_restored_space, the
/// prior of each reading, the score's midpoint and scale.
type ParameterTuple = ([i64; 3], [i64; 3], [i64; 3], [i64; 3], i64, Vec<i64>, i64, i64);

/// Repair many texts with other parameters than the built-in ones, for calibration: the
/// repaired texts and their scores.
#[pyfunction]
fn fix_with_parameters(
    py: Python<'_>,
    texts: Vec<String>,
    parameters: ParameterTuple,
) -> PyResult<Vec<(String, f64)>> {
    let (entry, reentry, per_sequence, per_lost, per_restored_space, prior, midpoint, scale) =
        parameters;
    let prior: [i64; crate::readings::READING_COUNT] = prior.try_into().map_err(|_| {
        pyo3::exceptions::PyValueError::new_err("one prior per reading (readings() order)")
    })?;
    let parameters = decision::Parameters {
        entry,
        reentry,
        per_sequence,
        per_lost,
        per_restored_space,
        prior,
        score_midpoint: midpoint,
        score_scale: scale,
    };
    Ok(py.detach(|| {
        texts
            .iter()
            .map(|text| {
                let chars: Vec<char> = text.chars().collect();
                let analysis = explanation::analyze_with(&chars, Options::default(), &parameters);
                (analysis.repaired.into_iter().collect(), analysis.score)
            })
            .collect()
    }))
}

/// Every reading: (encoded_as, decoded_as, kind), in the order priors are given.
#[pyfunction]
fn reading_names() -> Vec<(&'static str, &'static str, &'static str)> {
    readings().iter().map(|r| (r.encoded_as, r.decoded_as, r.kind.name())).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(fix_with_parameters, m)?)?;
    m.add_function(wrap_pyfunction!(reading_names, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(fix_and_explain, m)?)?;
    m.add_function(wrap_pyfunction!(candidates, m)?)?;
    m.add_function(wrap_pyfunction!(misread, m)?)?;
    Ok(())
}
