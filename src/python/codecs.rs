//! `mojifix._core.codecs`: the WHATWG codecs of [`crate::codecs`] for `mojifix.codecs`.
//!
//! Bytes are read in place; work on inputs of [`DETACH_FROM`] bytes or more runs without the
//! GIL. Errors come back as ranges (byte offsets of the input when decoding, character
//! offsets of the text when encoding), and `mojifix.codecs` turns them into Python's
//! `UnicodeDecodeError`/`UnicodeEncodeError` or hands them to a Python error handler.

use std::ops::Range;

use std::ffi::{c_char, c_int};

use pyo3::exceptions::{PyLookupError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::string::PyStringData;
use pyo3::types::{PyBytes, PyString};

use crate::codecs::{self, Encoding, SingleByte, Unencodable};

/// Inputs this long or longer are decoded or encoded without holding the GIL (below it, the
/// detaching costs more than it frees).
const DETACH_FROM: usize = 16 * 1024;

/// Pieces between errors (one more than errors), and each error's range.
type Segments<T> = (Vec<T>, Vec<(usize, usize)>);

/// Add the `codecs` submodule to `parent`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let module = PyModule::new(parent.py(), "codecs")?;
    module.add_function(wrap_pyfunction!(decode, &module)?)?;
    module.add_function(wrap_pyfunction!(decode_strict, &module)?)?;
    module.add_function(wrap_pyfunction!(decode_segments, &module)?)?;
    module.add_function(wrap_pyfunction!(encode, &module)?)?;
    module.add_function(wrap_pyfunction!(encode_segments, &module)?)?;
    module.add_function(wrap_pyfunction!(byte_sequences, &module)?)?;
    parent.add_submodule(&module)
}

fn encoding_for(name: &str) -> PyResult<&'static Encoding> {
    codecs::encoding_for(name).ok_or_else(|| {
        PyLookupError::new_err(format!(
            "unknown encoding {name:?}: not a WHATWG Encoding Standard label"
        ))
    })
}

/// Run `work` without the GIL if `size` is large.
fn detached<T: Send>(py: Python<'_>, size: usize, work: impl FnOnce() -> T + Send) -> T {
    if size >= DETACH_FROM {
        py.detach(work)
    } else {
        work()
    }
}

/// decode(data, encoding) -> str: the decoder of *encoding* (a label), errors as U+FFFD.
#[pyfunction]
fn decode<'py>(py: Python<'py>, data: &[u8], encoding: &str) -> PyResult<Bound<'py, PyString>> {
    let encoding = encoding_for(encoding)?;
    // (without `strict` there is no error to report: every one became U+FFFD)
    decode_to_str(py, data, encoding, false)?.map_err(|range| {
        PyValueError::new_err(format!("decoding error at {range:?} without errors=\"strict\""))
    })
}

/// decode_strict(data, encoding) -> str | tuple[int, int]: the text, or the byte range of the
/// first error.
#[pyfunction]
fn decode_strict<'py>(py: Python<'py>, data: &[u8], encoding: &str) -> PyResult<Bound<'py, PyAny>> {
    let encoding = encoding_for(encoding)?;
    match decode_to_str(py, data, encoding, true)? {
        Ok(text) => Ok(text.into_any()),
        Err(error) => Ok((error.start, error.end).into_pyobject(py)?.into_any()),
    }
}

/// Decode to a str (or, if `strict`, the byte range of the first error).
///
/// ASCII is made a str from its bytes; single-byte encodings write the str in place from their
/// table (one pass for the widest character, one to write); the others go through UTF-16,
/// which CPython copies into its one- or two-byte form far faster than it decodes UTF-8
/// (measured on Russian: 4x).
fn decode_to_str<'py>(
    py: Python<'py>,
    data: &[u8],
    encoding: &'static Encoding,
    strict: bool,
) -> PyResult<Result<Bound<'py, PyString>, Range<usize>>> {
    if encoding.is_ascii_compatible() && Encoding::ascii_valid_up_to(data) == data.len() {
        if let Ok(ascii) = std::str::from_utf8(data) {
            return Ok(Ok(PyString::new(py, ascii)));
        }
    }
    if let Some(table) = codecs::single_byte(encoding.name()) {
        return decode_single_byte(py, data, table, strict);
    }
    let units = if strict {
        match detached(py, data.len(), || codecs::decode_utf16_strict(data, encoding)) {
            Ok(units) => units,
            Err(error) => return Ok(Err(error.input)),
        }
    } else {
        detached(py, data.len(), || codecs::decode_utf16(data, encoding))
    };
    py_string_from_utf16(py, &units).map(Ok)
}

/// A single-byte decoder writing the str in place (strict: the first undefined byte instead).
fn decode_single_byte<'py>(
    py: Python<'py>,
    data: &[u8],
    table: &'static SingleByte,
    strict: bool,
) -> PyResult<Result<Bound<'py, PyString>, Range<usize>>> {
    let survey = detached(py, data.len(), || table.survey(data));
    if let (true, Some(at)) = (strict, survey.first_undefined) {
        return Ok(Err(at..at + 1));
    }
    // (every character of a single-byte encoding is in the BMP, U+FFFD included)
    let max = if survey.wide { 0xFFFF } else { 0xFF };
    let length = data.len() as ffi::Py_ssize_t;
    // SAFETY: PyUnicode_New returns a new, unshared str of `length` characters of the kind
    // `max` needs (or null with an exception set), which the loop below fills before anyone
    // else sees it; every character of a single-byte encoding is in the BMP.
    unsafe {
        let string = Bound::from_owned_ptr_or_err(py, ffi::PyUnicode_New(length, max))?;
        let pointer = ffi::PyUnicode_DATA(string.as_ptr());
        if !survey.wide {
            let units = std::slice::from_raw_parts_mut(pointer.cast::<u8>(), data.len());
            detached(py, data.len(), || table.decode_into(data, units));
        } else {
            let units = std::slice::from_raw_parts_mut(pointer.cast::<u16>(), data.len());
            detached(py, data.len(), || table.decode_into(data, units));
        }
        Ok(Ok(string.cast_into::<PyString>()?))
    }
}

/// A str from UTF-16 code units that form valid UTF-16 (as decoders write it).
fn py_string_from_utf16<'py>(py: Python<'py>, units: &[u16]) -> PyResult<Bound<'py, PyString>> {
    let length = units.len() as ffi::Py_ssize_t;
    let pointer = if units.iter().any(|&unit| unit & 0xF800 == 0xD800) {
        // surrogate pairs: CPython's UTF-16 decoder joins them
        let mut byte_order: c_int = if cfg!(target_endian = "little") { -1 } else { 1 };
        // SAFETY: the pointer and length (in bytes) describe `units`, which outlives the call;
        // a null `errors` means strict, and valid UTF-16 cannot fail.
        unsafe {
            ffi::PyUnicode_DecodeUTF16(
                units.as_ptr().cast::<c_char>(),
                length * 2,
                std::ptr::null(),
                &mut byte_order,
            )
        }
    } else {
        // SAFETY: `units` is `length` two-byte code units without surrogates, a valid UCS-2
        // buffer; CPython copies it (narrowing it when every character is below U+0100).
        unsafe {
            ffi::PyUnicode_FromKindAndData(
                ffi::PyUnicode_2BYTE_KIND as c_int,
                units.as_ptr().cast(),
                length,
            )
        }
    };
    // SAFETY: both calls return a new reference or null with a Python exception set.
    let object = unsafe { Bound::from_owned_ptr_or_err(py, pointer)? };
    Ok(object.cast_into::<PyString>()?)
}

/// decode_segments(data, encoding) -> (segments, errors): the text between errors (one more
/// segment than errors) and the byte range of each error.
#[pyfunction]
fn decode_segments<'py>(
    py: Python<'py>,
    data: &[u8],
    encoding: &str,
) -> PyResult<Segments<Bound<'py, PyString>>> {
    let encoding = encoding_for(encoding)?;
    let (text, errors) = detached(py, data.len(), || codecs::decode_with_errors(data, encoding));
    let mut segments = Vec::with_capacity(errors.len() + 1);
    let mut start = 0;
    for error in &errors {
        segments.push(PyString::new(py, &text[start..error.output]));
        start = error.output + '\u{FFFD}'.len_utf8();
    }
    segments.push(PyString::new(py, &text[start..]));
    let ranges = errors.iter().map(|e| (e.input.start, e.input.end)).collect();
    Ok((segments, ranges))
}

/// `byte_sequences(c, encoding) -> list[bytes]`: every byte sequence the decoder of a
/// multi-byte `encoding` reads as `c` on its own ([`codecs::byte_sequences`]).
#[pyfunction]
fn byte_sequences<'py>(
    py: Python<'py>,
    c: char,
    encoding: &str,
) -> PyResult<Vec<Bound<'py, PyBytes>>> {
    let encoding = encoding_for(encoding)?;
    Ok(codecs::byte_sequences(encoding, c).iter().map(|s| PyBytes::new(py, s)).collect())
}

/// encode(text, encoding) -> bytes | tuple[int, int]: the extended encoder's bytes, or the
/// character range of the first character it cannot encode.
#[pyfunction]
fn encode<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    encoding: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let encoding = encoding_for(encoding)?;
    let (bytes, errors) = encode_str(py, text, encoding, true)?;
    match errors.first() {
        None => Ok(PyBytes::new(py, &bytes).into_any()),
        Some((range, _)) => Ok((range.start, range.end).into_pyobject(py)?.into_any()),
    }
}

/// encode_segments(text, encoding) -> (segments, errors): the bytes between the runs of
/// characters the encoder cannot encode (one more segment than runs), and each run's
/// character range.
#[pyfunction]
fn encode_segments<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    encoding: &str,
) -> PyResult<Segments<Bound<'py, PyBytes>>> {
    let encoding = encoding_for(encoding)?;
    let (bytes, errors) = encode_str(py, text, encoding, false)?;
    let mut segments = Vec::with_capacity(errors.len() + 1);
    let mut output = 0;
    for (_, at) in &errors {
        segments.push(PyBytes::new(py, &bytes[output..*at]));
        output = *at;
    }
    segments.push(PyBytes::new(py, &bytes[output..]));
    Ok((segments, errors.into_iter().map(|(r, _)| (r.start, r.end)).collect()))
}

/// Encode a str: its bytes, and the character range and output offset of each error (up to
/// the first if `strict`). Legacy encodings read the str's own one-, two- or four-byte form;
/// the others its UTF-8.
#[allow(clippy::type_complexity)]
fn encode_str(
    py: Python<'_>,
    text: &Bound<'_, PyString>,
    encoding: &'static Encoding,
    strict: bool,
) -> PyResult<(Vec<u8>, Vec<(Range<usize>, usize)>)> {
    let length = text.len()?;
    // SAFETY: the str's own storage, one code unit a character of one, two or four bytes,
    // borrowed from `text`, which outlives it; a str never changes.
    let units = unsafe { text.data()? };
    let encoded = detached(py, length, || match units {
        PyStringData::Ucs1(units) => codecs::encode_units(units, encoding, strict),
        PyStringData::Ucs2(units) => codecs::encode_units(units, encoding, strict),
        PyStringData::Ucs4(units) => codecs::encode_units(units, encoding, strict),
    });
    if let Some((bytes, errors)) = encoded {
        return Ok((bytes, errors.into_iter().map(|e| (e.input, e.output)).collect()));
    }
    let utf8 = Utf8::of(text)?;
    let wtf8 = utf8.is_wtf8();
    let utf8 = utf8.bytes();
    let (bytes, errors) = detached(py, utf8.len(), || encode_wtf8(utf8, wtf8, encoding, strict));
    let (mut byte_at, mut char_at) = (0, 0);
    let mut ranges = Vec::with_capacity(errors.len());
    for error in errors {
        char_at += char_count(&utf8[byte_at..error.input.start]);
        let end = char_at + char_count(&utf8[error.input.clone()]);
        ranges.push((char_at..end, error.output));
        (byte_at, char_at) = (error.input.end, end);
    }
    Ok((bytes, ranges))
}

/// A str's UTF-8, or for a str with lone surrogates (from `errors="surrogateescape"`), its
/// WTF-8 (`surrogatepass`): a surrogate is three bytes starting 0xED 0xA0..=0xBF.
enum Utf8<'a, 'py> {
    Str(&'a str),
    Wtf8(Bound<'py, PyBytes>),
}

impl<'a, 'py> Utf8<'a, 'py> {
    fn of(text: &'a Bound<'py, PyString>) -> PyResult<Self> {
        match text.to_str() {
            Ok(s) => Ok(Utf8::Str(s)),
            Err(_) => Ok(Utf8::Wtf8(
                text.call_method1("encode", ("utf-8", "surrogatepass"))?.cast_into::<PyBytes>()?,
            )),
        }
    }

    fn is_wtf8(&self) -> bool {
        matches!(self, Utf8::Wtf8(_))
    }

    fn bytes(&self) -> &[u8] {
        match self {
            Utf8::Str(s) => s.as_bytes(),
            Utf8::Wtf8(bytes) => bytes.as_bytes(),
        }
    }
}

/// Encode UTF-8, or WTF-8 if `surrogates`: the UTF-8 between surrogates with [`codecs`], each
/// surrogate unencodable.
fn encode_wtf8(
    wtf8: &[u8],
    surrogates: bool,
    encoding: &'static Encoding,
    strict: bool,
) -> (Vec<u8>, Vec<Unencodable>) {
    let mut bytes = Vec::new();
    let mut errors: Vec<Unencodable> = Vec::new();
    let mut start = 0;
    loop {
        let surrogate = match surrogates {
            true => (start..wtf8.len().saturating_sub(2))
                .find(|&i| wtf8[i] == 0xED && wtf8[i + 1] >= 0xA0)
                .unwrap_or(wtf8.len()),
            false => wtf8.len(),
        };
        // (valid UTF-8 by construction; an impossible failure only ends the text early)
        let piece = std::str::from_utf8(&wtf8[start..surrogate]).unwrap_or("");
        let (encoded, piece_errors) = if strict {
            match codecs::encode(piece, encoding) {
                Ok(encoded) => (encoded, Vec::new()),
                Err(error) => (Vec::new(), vec![error]),
            }
        } else {
            codecs::encode_with_errors(piece, encoding)
        };
        for error in piece_errors {
            push_error(&mut errors, shifted(error.input, start), bytes.len() + error.output);
            if strict {
                return (bytes, errors);
            }
        }
        bytes.extend_from_slice(&encoded);
        if surrogate >= wtf8.len() {
            return (bytes, errors);
        }
        push_error(&mut errors, surrogate..surrogate + 3, bytes.len());
        if strict {
            return (bytes, errors);
        }
        start = surrogate + 3;
    }
}

fn shifted(range: Range<usize>, by: usize) -> Range<usize> {
    range.start + by..range.end + by
}

/// Add an error, joined to the previous run when they touch.
fn push_error(errors: &mut Vec<Unencodable>, input: Range<usize>, output: usize) {
    match errors.last_mut() {
        Some(last) if last.input.end == input.start && last.output == output => {
            last.input.end = input.end
        }
        _ => errors.push(Unencodable { input, output }),
    }
}

/// The number of characters in UTF-8 (or WTF-8) bytes: the bytes that are not continuations.
fn char_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}
