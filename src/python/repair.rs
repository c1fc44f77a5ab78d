//! Bindings of the decision engine: detection, repair and explanation of a `str`, and the
//! candidates behind them.

use crate::decision::{self, PARAMETERS};
use crate::explanation::{self, analyze_stopped, Analysis, Options};
use crate::one_pass;
use crate::readings::readings;
use crate::text::{CodePoints, Stored};
use pyo3::ffi;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::string::PyStringData;
use pyo3::types::{PyString, PyType};
use std::ffi::c_int;

use super::objects::Maker;

/// A `str` the one pass holds: as CPython stores it, where the pass stopped, and the `str`.
struct Held<'a, 'py> {
    text: &'a Bound<'py, PyString>,
    stored: Stored<'a>,
    stop: one_pass::Stop,
}

/// `text` as the one pass holds it, or `None` when the pass clears it. The pass reads the code
/// points CPython stores the `str` as, and so does the analysis of a text it holds: its UTF-8,
/// which CPython would make and keep in the `str`, is made only for a text longer than a chunk
/// (making it was 8.5 % of what `fix` spent on documents read once; decision note 0085).
fn held<'a, 'py>(
    text: &'a Bound<'py, PyString>,
    purpose: decision::Purpose,
) -> PyResult<Option<Held<'a, 'py>>> {
    // SAFETY: the code points borrow from `text`, which outlives them; a str never changes.
    let stored = match unsafe { text.data()? } {
        PyStringData::Ucs1(units) => Stored::Latin1(units),
        PyStringData::Ucs2(units) => Stored::Ucs2(units),
        PyStringData::Ucs4(units) => Stored::Ucs4(units),
    };
    let stop = one_pass::stop_in_stored(stored, purpose);
    Ok((!stop.is_clear()).then_some(Held { text, stored, stop }))
}

impl Held<'_, '_> {
    /// Is the text longer than a chunk ([`explanation::beyond_a_chunk`])? It is then read a
    /// chunk at a time, from its UTF-8.
    fn beyond_a_chunk(&self) -> bool {
        self.stored.len() > explanation::CHUNK_CHARS
    }

    /// The text's characters; the error its UTF-8 gives (`UnicodeEncodeError`) for a text with
    /// a lone surrogate.
    fn chars(&self) -> PyResult<Vec<char>> {
        match self.stored.chars() {
            Some(chars) => Ok(chars),
            None => Ok(self.text.to_str()?.chars().collect()),
        }
    }

    /// The analysis of the text, without the GIL; `chars` receives its characters.
    fn analyze(&self, chars: &mut Vec<char>, options: Options) -> PyResult<Analysis> {
        *chars = self.chars()?;
        let (stored, stop) = (self.stored, self.stop);
        Ok(self.text.py().detach(|| match stored {
            Stored::Latin1(units) => analyze_stopped(CodePoints(units), chars, options, stop),
            Stored::Ucs2(units) => analyze_stopped(CodePoints(units), chars, options, stop),
            Stored::Ucs4(units) => analyze_stopped(CodePoints(units), chars, options, stop),
        }))
    }
}

/// `(score, findings)` of a text: instances of `finding` (`mojifix.Finding`), their offsets
/// moved by `offset` (a segment's, in the text it was cut from).
#[pyfunction]
#[pyo3(signature = (text, finding, offset = 0))]
fn detect<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    finding: Bound<'py, PyType>,
    offset: usize,
) -> PyResult<(f64, Vec<Bound<'py, PyAny>>)> {
    let options = Options::default();
    let Some(held) = held(text, options.purpose())? else {
        return Ok((0.0, Vec::new()));
    };
    let mut chars = Vec::new();
    let analysis = held.analyze(&mut chars, options)?;
    // (the fields of `mojifix.Finding`, in the order of its dataclass)
    let fields = [
        intern!(py, "kind"),
        intern!(py, "start"),
        intern!(py, "end"),
        intern!(py, "text"),
        intern!(py, "encoded_as"),
        intern!(py, "decoded_as"),
        intern!(py, "replacement"),
        intern!(py, "score"),
    ];
    let maker = Maker::new(finding, fields);
    let findings = analysis.findings.into_iter().map(|f| {
        maker.make([
            PyString::new(py, f.kind).into_any(),
            (f.start + offset).into_pyobject(py)?.into_any(),
            (f.end + offset).into_pyobject(py)?.into_any(),
            py_string_from_chars(py, &chars[f.start..f.end])?.into_any(),
            f.encoded_as.into_pyobject(py)?,
            f.decoded_as.into_pyobject(py)?,
            f.replacement.into_pyobject(py)?,
            f.score.into_pyobject(py)?.into_any(),
        ])
    });
    Ok((analysis.score, findings.collect::<PyResult<_>>()?))
}

/// How sure the core is that the text holds mojibake, in [0, 1].
#[pyfunction]
fn score(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<f64> {
    let Some(held) = held(text, decision::Purpose::Score)? else {
        return Ok(0.0);
    };
    if held.beyond_a_chunk() {
        // (read a chunk at a time: the whole text's characters are never in memory)
        let text = text.to_str()?;
        return Ok(py.detach(|| explanation::score_str(text)));
    }
    let chars = held.chars()?;
    let pass = held.stop.lines_in_stored(held.stored);
    Ok(py.detach(|| explanation::score_after(&chars, pass)))
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
    let options = Options { jis_browser, replace_lost, repair_only: true, text_only: true };
    let Some(held) = held(text, options.purpose())? else {
        return Ok(text.clone());
    };
    if held.beyond_a_chunk() {
        // (read a chunk at a time: the whole text's characters are never in memory)
        let s = text.to_str()?;
        return Ok(match py.detach(|| explanation::fix_str(s, options)) {
            Some(repaired) => PyString::new(py, &repaired),
            None => text.clone(),
        });
    }
    let mut chars = Vec::new();
    let repaired = held.analyze(&mut chars, options)?.repaired;
    if repaired == chars {
        return Ok(text.clone());
    }
    py_string_from_chars(py, &repaired)
}

/// A str of `chars`, made from them at once (not through UTF-8: CPython would decode it again).
fn py_string_from_chars<'py>(py: Python<'py>, chars: &[char]) -> PyResult<Bound<'py, PyString>> {
    // SAFETY: `chars` is `chars.len()` Unicode scalar values, a valid UCS-4 buffer that
    // outlives the call; CPython copies it into a new str of the narrowest kind (or returns
    // null with an exception set).
    let object = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            ffi::PyUnicode_FromKindAndData(
                ffi::PyUnicode_4BYTE_KIND as c_int,
                chars.as_ptr().cast(),
                chars.len() as ffi::Py_ssize_t,
            ),
        )?
    };
    Ok(object.cast_into::<PyString>()?)
}

/// The repaired text (the same object when nothing changes) and the steps that replay the
/// repair: instances of `step` (`mojifix.Step`), their offsets moved by `offset`.
#[pyfunction]
#[pyo3(signature = (text, step, jis_browser = false, replace_lost = false, offset = 0))]
fn fix_and_explain<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    step: Bound<'py, PyType>,
    jis_browser: bool,
    replace_lost: bool,
    offset: usize,
) -> PyResult<(Bound<'py, PyString>, Vec<Bound<'py, PyAny>>)> {
    // The steps replay what `fix` does, so they come from the same decisions.
    let options = Options { jis_browser, replace_lost, repair_only: true, text_only: false };
    let Some(held) = held(text, options.purpose())? else {
        return Ok((text.clone(), Vec::new()));
    };
    let mut chars = Vec::new();
    let analysis = held.analyze(&mut chars, options)?;
    // (the fields of `mojifix.Step`, in the order of its dataclass)
    let fields = [
        intern!(py, "kind"),
        intern!(py, "start"),
        intern!(py, "end"),
        intern!(py, "original"),
        intern!(py, "replacement"),
        intern!(py, "encoded_as"),
        intern!(py, "decoded_as"),
    ];
    let maker = Maker::new(step, fields);
    let steps = explanation::steps(&chars, &analysis, options).into_iter().map(|s| {
        maker.make([
            PyString::new(py, s.kind).into_any(),
            (s.start + offset).into_pyobject(py)?.into_any(),
            (s.end + offset).into_pyobject(py)?.into_any(),
            PyString::new(py, &s.original).into_any(),
            PyString::new(py, &s.replacement).into_any(),
            s.encoded_as.into_pyobject(py)?,
            s.decoded_as.into_pyobject(py)?,
        ])
    });
    let steps = steps.collect::<PyResult<_>>()?;
    Ok((py_string_from_chars(py, &analysis.repaired)?, steps))
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
    let pieces = crate::candidates::pieces(&chars);
    let gains = decision::gains(&chars, &pieces, &PARAMETERS);
    pieces
        .into_iter()
        .zip(gains)
        .map(|(p, gain)| {
            let gain = nats(gain);
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

/// The cost of each character after the one before it (nats), in the model of real text
/// and in each model of mojibake: for debugging the models.
#[pyfunction]
fn costs(text: &str) -> Vec<(char, f64, f64, f64, f64)> {
    use crate::model::{models, Which};
    use crate::readings::Kind;
    let m = models();
    let chars: Vec<char> = text.chars().collect();
    let nats = |which, i: usize| {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let token = m.context(chars.get(i).copied());
        let _ = token;
        m.cost_between_in(which, before, std::iter::empty(), chars.get(i).copied()) as f64 / 1000.0
    };
    (0..=chars.len())
        .map(|i| {
            let c = chars.get(i).copied().unwrap_or('\0');
            (
                c,
                nats(Which::Text, i),
                nats(Which::Mojibake(Kind::Utf8AsSingleByte), i),
                nats(Which::Mojibake(Kind::Utf8AsMultiByte), i),
                nats(Which::Mojibake(Kind::LegacyAsLegacy), i),
            )
        })
        .collect()
}

/// How likely `text` is as real text: its cost under the model of real text, in nats (the
/// negative natural log-probability; lower is likelier). For choosing among decodings.
#[pyfunction]
fn text_cost(py: Python<'_>, text: &str) -> f64 {
    let models = crate::model::models();
    py.detach(|| models.cost_between(None, text.chars(), None) as f64 / 1000.0)
}

/// The mojibake `decoded_as` makes of `text` in `encoded_as`, or None if it cannot hold it.
#[pyfunction]
fn misread(text: &str, encoded_as: &str, decoded_as: &str) -> Option<String> {
    crate::readings::misread(text, encoded_as, decoded_as)
}

/// The decision's parameters as `scripts/calibrate.py` passes them: a dict with the fields
/// of `decision::Parameters` (costs in thousandths of a nat, priors in `readings()` order).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct ParameterDict {
    entry: [i64; 3],
    reentry: [i64; 3],
    partial: [i64; 3],
    language_weight: [i64; 3],
    spelling_weight: [i64; 3],
    per_sequence: [i64; 3],
    known_word: [i64; 3],
    known_name: i64,
    word_case: [i64; 3],
    per_lost: [i64; 3],
    explained_losses: [i64; 3],
    per_restored_space: i64,
    kept_space: i64,
    prior: Vec<i64>,
    score_midpoint: i64,
    score_scale: i64,
}

/// Repair many texts with other parameters than the built-in ones, for calibration: the
/// repaired texts and their scores.
#[pyfunction]
fn fix_with_parameters(
    py: Python<'_>,
    texts: Vec<String>,
    parameters: ParameterDict,
) -> PyResult<Vec<(String, f64)>> {
    let prior = parameters.prior.try_into().map_err(|_| {
        pyo3::exceptions::PyValueError::new_err("one prior per reading (readings() order)")
    })?;
    let parameters = decision::Parameters {
        entry: parameters.entry,
        reentry: parameters.reentry,
        partial: parameters.partial,
        language_weight: parameters.language_weight,
        spelling_weight: parameters.spelling_weight,
        per_sequence: parameters.per_sequence,
        known_word: parameters.known_word,
        known_name: parameters.known_name,
        word_case: parameters.word_case,
        per_lost: parameters.per_lost,
        explained_losses: parameters.explained_losses,
        per_restored_space: parameters.per_restored_space,
        kept_space: parameters.kept_space,
        prior,
        score_midpoint: parameters.score_midpoint,
        score_scale: parameters.score_scale,
    };
    use rayon::prelude::*;
    Ok(py.detach(|| {
        texts
            .par_iter()
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

/// For debugging: (encoded_as, decoded_as, net gain, language evidence, spelling evidence
/// (nats), pieces).
#[pyfunction]
fn readings_judged(text: &str) -> Vec<(&'static str, &'static str, f64, f64, f64, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let nats = |cost: i64| cost as f64 / 1000.0;
    decision::readings_judged(&chars, &PARAMETERS)
        .into_iter()
        .map(|(r, net, language, spelling, n)| {
            let r = &readings()[r as usize];
            (r.encoded_as, r.decoded_as, nats(net), nats(language), nats(spelling), n)
        })
        .collect()
}

/// For debugging: what a repair of the whole text as one reading gains (nats), if a repair
/// would take it at once.
#[pyfunction]
fn whole_text_gain(text: &str) -> Option<f64> {
    let chars: Vec<char> = text.chars().collect();
    decision::whole_text_gain(&chars).map(|gain| gain as f64 / 1000.0)
}

/// For tuning: (single-byte likeness, multi-byte likeness, position) of each completion.
#[pyfunction]
fn completion_likeness(text: &str) -> Vec<(Option<i64>, Option<i64>, usize)> {
    let chars: Vec<char> = text.chars().collect();
    crate::candidates::utf8::completion_likeness(&chars)
}

/// For tuning: (position, multi-byte?, decoder, repair likeness) of each decoder at each
/// completion that looks like mojibake.
#[pyfunction]
fn completion_repairs(text: &str) -> Vec<(usize, bool, &'static str, Option<f64>)> {
    use crate::readings::{UTF8_MULTI_BYTE_DECODERS, UTF8_SINGLE_BYTE_DECODERS};
    let chars: Vec<char> = text.chars().collect();
    crate::candidates::utf8::completion_repairs(&chars)
        .into_iter()
        .map(|(at, multi, index, likeness)| {
            let decoder = if multi {
                UTF8_MULTI_BYTE_DECODERS[index]
            } else {
                UTF8_SINGLE_BYTE_DECODERS[index]
            };
            (at, multi, decoder, likeness.map(|l| l as f64 / 1000.0))
        })
        .collect()
}

/// For tuning: does the one pass over the text answer for it (nothing to find)?
#[pyfunction]
fn nothing_to_find(text: &str) -> bool {
    explanation::nothing_to_find(text)
}

/// For tuning: does the one pass over the text answer for its repair (nothing to repair)?
#[pyfunction]
fn nothing_to_repair(text: &str) -> bool {
    explanation::nothing_to_repair(text)
}

/// For tuning: the legacy runs of a text, (start, end, shape in nats, the word they are in).
#[pyfunction]
fn legacy_runs(text: &str) -> Vec<(usize, usize, f64, String)> {
    let chars: Vec<char> = text.chars().collect();
    crate::candidates::legacy::runs(&chars, &crate::candidates::legacy::drawn_runs(&chars))
        .into_iter()
        .map(|r| (r.start, r.end, r.shape as f64 / 1000.0, format!("{:?}", r.word)))
        .collect()
}

/// Where a long text is cut into chunks: `(start, end)` character offsets.
#[pyfunction]
fn chunks(text: &str) -> Vec<(usize, usize)> {
    let chars: Vec<char> = text.chars().collect();
    explanation::chunks(&chars)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CHUNK_CHARS", explanation::CHUNK_CHARS)?;
    m.add_function(wrap_pyfunction!(chunks, m)?)?;
    m.add_function(wrap_pyfunction!(completion_likeness, m)?)?;
    m.add_function(wrap_pyfunction!(completion_repairs, m)?)?;
    m.add_function(wrap_pyfunction!(legacy_runs, m)?)?;
    m.add_function(wrap_pyfunction!(nothing_to_find, m)?)?;
    m.add_function(wrap_pyfunction!(nothing_to_repair, m)?)?;
    m.add_function(wrap_pyfunction!(readings_judged, m)?)?;
    m.add_function(wrap_pyfunction!(whole_text_gain, m)?)?;
    m.add_function(wrap_pyfunction!(fix_with_parameters, m)?)?;
    m.add_function(wrap_pyfunction!(reading_names, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(fix, m)?)?;
    m.add_function(wrap_pyfunction!(fix_and_explain, m)?)?;
    m.add_function(wrap_pyfunction!(candidates, m)?)?;
    m.add_function(wrap_pyfunction!(misread, m)?)?;
    m.add_function(wrap_pyfunction!(costs, m)?)?;
    m.add_function(wrap_pyfunction!(text_cost, m)?)?;
    Ok(())
}
