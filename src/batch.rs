//! Whole columns in one call: repair, score and detect every row of Arrow string arrays.
//!
//! A column is one or more arrays of `Utf8`, `LargeUtf8` or `Utf8View` values, or dictionaries
//! of those (the dictionary's values are what is read). The rows are cut into pieces of about
//! [`PIECE_BYTES`] and the pieces run on rayon's threads, so a column uses every core; a column
//! smaller than two pieces runs on the calling thread. Nothing here holds or needs Python: the
//! bindings (`crate::python`) release the GIL around these calls.
//!
//! [`fix`] returns each array unchanged (`None`) when no row changes, and otherwise an array of
//! the same type whose unchanged rows are copied as bytes (a `Utf8View` array keeps the input's
//! buffers and only adds one for the repaired rows). [`score`] gives `Float64`, [`detect`] a
//! struct per row, see [`detection_type`]. Nulls stay null.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::rc::Rc;
use std::sync::Arc;

use arrow_array::builder::make_view;
use arrow_array::cast::AsArray;
use arrow_array::types::{ByteViewType, StringViewType};
use arrow_array::{
    Array, ArrayRef, Float64Array, GenericByteViewArray, GenericStringArray, Int64Array, ListArray,
    OffsetSizeTrait, StringArray, StructArray,
};
use arrow_buffer::{Buffer, MutableBuffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field, Fields};
use rayon::prelude::*;

use crate::explanation::{self, Options};

/// Rows are handed to threads in pieces of about this many bytes: small enough that two
/// threads share a column evenly, large enough that a piece costs far more than its scheduling.
pub const PIECE_BYTES: usize = 64 * 1024;

/// Why a column cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum BatchError {
    /// Not a string type (nor a dictionary of one).
    NotText(DataType),
    /// A value that is not UTF-8 (the Arrow format requires it of strings).
    InvalidUtf8 { array: usize, row: usize },
    /// The array's layout does not match its type (an offset or view out of bounds).
    Malformed { array: usize, row: usize },
    /// The repaired values no longer fit the type's 32-bit offsets.
    TooLarge { array: usize },
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::NotText(t) => write!(
                f,
                "mojifix works on string, large_string or string_view arrays (or dictionaries \
                 of them), not {t}; cast the column first"
            ),
            BatchError::InvalidUtf8 { array, row } => write!(
                f,
                "row {row} of array {array} is not valid UTF-8, which Arrow strings must be; \
                 read the column as binary and decode it (mojifix.decode_html, mojifix.codecs)"
            ),
            BatchError::Malformed { array, row } => write!(
                f,
                "row {row} of array {array} points outside the array's buffers: the array does \
                 not follow the Arrow format"
            ),
            BatchError::TooLarge { array } => write!(
                f,
                "array {array}'s repaired values need more than 2 GiB, beyond the 32-bit offsets \
                 of the string type; cast it to large_string first"
            ),
        }
    }
}

impl std::error::Error for BatchError {}

type Result<T> = std::result::Result<T, BatchError>;

/// The values of a text array, read row by row.
#[derive(Clone, Copy)]
enum Texts<'a> {
    Utf8(&'a GenericStringArray<i32>),
    LargeUtf8(&'a GenericStringArray<i64>),
    Utf8View(&'a GenericByteViewArray<StringViewType>),
}

impl<'a> Texts<'a> {
    /// The values of `array`: itself, or its dictionary's values.
    fn of(array: &'a dyn Array) -> Result<Self> {
        let values = match array.as_any_dictionary_opt() {
            Some(dictionary) => dictionary.values().as_ref(),
            None => array,
        };
        Ok(match values.data_type() {
            DataType::Utf8 => Texts::Utf8(values.as_string::<i32>()),
            DataType::LargeUtf8 => Texts::LargeUtf8(values.as_string::<i64>()),
            DataType::Utf8View => Texts::Utf8View(values.as_string_view()),
            _ => return Err(BatchError::NotText(array.data_type().clone())),
        })
    }

    fn len(self) -> usize {
        match self {
            Texts::Utf8(a) => a.len(),
            Texts::LargeUtf8(a) => a.len(),
            Texts::Utf8View(a) => a.len(),
        }
    }

    fn is_null(self, row: usize) -> bool {
        match self {
            Texts::Utf8(a) => a.is_null(row),
            Texts::LargeUtf8(a) => a.is_null(row),
            Texts::Utf8View(a) => a.is_null(row),
        }
    }

    /// The length of a row in bytes, read from the offsets or the view alone.
    fn byte_len(self, row: usize) -> usize {
        fn span<O: OffsetSizeTrait>(a: &GenericStringArray<O>, row: usize) -> usize {
            let offsets = a.value_offsets();
            (offsets[row + 1].as_usize()).saturating_sub(offsets[row].as_usize())
        }
        match self {
            Texts::Utf8(a) => span(a, row),
            Texts::LargeUtf8(a) => span(a, row),
            Texts::Utf8View(a) => a.views()[row] as u32 as usize,
        }
    }

    /// The bytes of a row (`None` for null), checked to be inside the buffers.
    fn bytes(self, array: usize, row: usize) -> Result<Option<&'a [u8]>> {
        if self.is_null(row) {
            return Ok(None);
        }
        match self {
            Texts::Utf8(a) => offset_bytes(a, row),
            Texts::LargeUtf8(a) => offset_bytes(a, row),
            Texts::Utf8View(a) => view_bytes(a, row),
        }
        .map(Some)
        .ok_or(BatchError::Malformed { array, row })
    }

    /// The text of a row (`None` for null), checked to be UTF-8 and inside the buffers.
    fn text(self, array: usize, row: usize) -> Result<Option<&'a str>> {
        match self.bytes(array, row)? {
            None => Ok(None),
            Some(bytes) => std::str::from_utf8(bytes)
                .map(Some)
                .map_err(|_| BatchError::InvalidUtf8 { array, row }),
        }
    }
}

fn offset_bytes<O: OffsetSizeTrait>(a: &GenericStringArray<O>, row: usize) -> Option<&[u8]> {
    let offsets = a.value_offsets();
    a.values().get(offsets[row].as_usize()..offsets[row + 1].as_usize())
}

fn view_bytes<T: ByteViewType + ?Sized>(a: &GenericByteViewArray<T>, row: usize) -> Option<&[u8]> {
    let view = &a.views()[row];
    let len = *view as u32 as usize;
    if len <= 12 {
        // SAFETY: a value of at most 12 bytes lives in the view itself.
        return Some(unsafe { GenericByteViewArray::<T>::inline_value(view, len) });
    }
    let view = arrow_data::ByteView::from(*view);
    let buffer = a.data_buffers().get(view.buffer_index as usize)?;
    buffer.get(view.offset as usize..view.offset as usize + len)
}

/// Values shorter than this many bytes are analysed once per distinct value: short values
/// (names, cities, labels) repeat in real columns, and hashing them costs far less than reading
/// them again; long ones (documents) seldom repeat, and are not hashed.
pub const SHARED_BYTES: usize = 256;

/// Where a row's result comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    Null,
    /// Short and ASCII: nothing to find (every misreading leaves a non-ASCII character).
    Ascii,
    /// The result of item `n` of the [`Plan`].
    Item(usize),
}

/// The work a column needs: the rows to analyse (`(array, row)`: the first row of each
/// distinct short value, every long row), and each row's slot.
struct Plan {
    items: Vec<(usize, usize)>,
    slots: Vec<Vec<Slot>>,
}

impl Plan {
    /// The plan for `lengths[a]` rows in each array `a`, whose bytes `bytes(a, row)` gives
    /// (`None` for null).
    fn new<'a>(
        lengths: &[usize],
        bytes: impl Fn(usize, usize) -> Result<Option<&'a [u8]>>,
    ) -> Result<Plan> {
        let mut items = Vec::new();
        let mut seen: rustc_hash::FxHashMap<&'a [u8], usize> = rustc_hash::FxHashMap::default();
        let mut slots = Vec::with_capacity(lengths.len());
        for (array, &len) in lengths.iter().enumerate() {
            let mut column = Vec::with_capacity(len);
            for row in 0..len {
                column.push(match bytes(array, row)? {
                    None => Slot::Null,
                    Some(value) if value.len() < SHARED_BYTES => {
                        if value.is_ascii() {
                            Slot::Ascii
                        } else {
                            Slot::Item(*seen.entry(value).or_insert_with(|| {
                                items.push((array, row));
                                items.len() - 1
                            }))
                        }
                    }
                    Some(_) => {
                        items.push((array, row));
                        Slot::Item(items.len() - 1)
                    }
                });
            }
            slots.push(column);
        }
        Ok(Plan { items, slots })
    }

    /// `work` on the text of every item (`text(array, row)`), in pieces of about
    /// [`PIECE_BYTES`] on rayon's threads; results in item order.
    fn run<'a, R: Send>(
        &self,
        byte_len: impl Fn(usize, usize) -> usize + Sync,
        text: impl Fn(usize, usize) -> Result<&'a str> + Sync,
        work: impl Fn(&str) -> R + Sync,
    ) -> Result<Vec<R>> {
        let pieces = cut(self.items.len(), |i| byte_len(self.items[i].0, self.items[i].1));
        let per_piece = each(&pieces, |range| {
            self.items[range.clone()]
                .iter()
                .map(|&(array, row)| Ok(work(text(array, row)?)))
                .collect::<Result<Vec<R>>>()
        });
        let mut results = Vec::with_capacity(self.items.len());
        for piece in per_piece {
            results.extend(piece?);
        }
        Ok(results)
    }
}

/// A column of Arrow arrays, planned and run.
fn run_columns<R: Send>(
    arrays: &[ArrayRef],
    work: impl Fn(&str) -> R + Sync,
) -> Result<(Plan, Vec<R>)> {
    let columns = arrays.iter().map(|a| Texts::of(a.as_ref())).collect::<Result<Vec<_>>>()?;
    let lengths: Vec<usize> = columns.iter().map(|t| t.len()).collect();
    let plan = Plan::new(&lengths, |array, row| columns[array].bytes(array, row))?;
    let results = plan.run(
        |array, row| columns[array].byte_len(row),
        |array, row| columns[array].text(array, row).map(|t| t.unwrap_or_default()),
        work,
    )?;
    Ok((plan, results))
}

/// A list of texts, planned and run.
fn run_texts<R: Send>(texts: &[&str], work: impl Fn(&str) -> R + Sync) -> (Plan, Vec<R>) {
    let plan = Plan::new(&[texts.len()], |_, row| Ok(Some(texts[row].as_bytes())))
        .unwrap_or_else(|_| unreachable!("a &str is always there"));
    let results = plan
        .run(|_, row| texts[row].len(), |_, row| Ok(texts[row]), work)
        .unwrap_or_else(|_| unreachable!("a &str is always UTF-8"));
    (plan, results)
}

/// `len` items of `byte_len(item)` bytes, cut into ranges of about [`PIECE_BYTES`].
fn cut(len: usize, byte_len: impl Fn(usize) -> usize) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let (mut start, mut bytes) = (0, 0);
    for row in 0..len {
        bytes += byte_len(row) + 16; // a row costs something even when empty
        if bytes >= PIECE_BYTES {
            ranges.push(start..row + 1);
            (start, bytes) = (row + 1, 0);
        }
    }
    if start < len {
        ranges.push(start..len);
    }
    ranges
}

/// `work` on each item, on rayon's threads when there are several; results in order.
fn each<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if items.len() < 2 {
        items.iter().map(work).collect()
    } else {
        items.par_iter().map(&work).collect()
    }
}

/// The changed rows of each array of a plan, from the repairs of its items.
fn changed_rows(plan: &Plan, repairs: &[Option<String>]) -> Vec<Changes> {
    plan.slots
        .iter()
        .map(|slots| {
            slots
                .iter()
                .enumerate()
                .filter_map(|(row, slot)| match slot {
                    Slot::Item(i) => repairs[*i].as_ref().map(|new| (row, new.clone())),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// The score of each row of each array of a plan (`None` for null).
fn row_scores(plan: &Plan, scores: &[f64]) -> Vec<Vec<Option<f64>>> {
    let score = |slot: &Slot| match slot {
        Slot::Null => None,
        Slot::Ascii => Some(0.0),
        Slot::Item(i) => Some(scores[*i]),
    };
    plan.slots.iter().map(|slots| slots.iter().map(score).collect()).collect()
}

/// Run `f` on `threads` threads: `None` on rayon's global pool (one thread a core), `Some(n)`
/// on a pool of `n` threads, kept for the calling thread's later calls. Each calling thread has
/// its own pools: callers sharing one pool would wait for each other, and two Python threads
/// each asking for one thread would run one after the other.
pub fn with_threads<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> R {
    thread_local! {
        static POOLS: RefCell<HashMap<usize, Rc<rayon::ThreadPool>>> = RefCell::default();
    }
    let Some(n) = threads.filter(|&n| n > 0) else {
        return f();
    };
    let pool = POOLS.with_borrow_mut(|pools| match pools.get(&n) {
        Some(pool) => Some(pool.clone()),
        None => match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            Ok(pool) => Some(pools.entry(n).or_insert(Rc::new(pool)).clone()),
            Err(_) => None, // no threads to be had: run where we are
        },
    });
    match pool {
        Some(pool) => pool.install(f),
        None => f(),
    }
}

/// The rows of one array that a repair changes: `(row, repaired text)`, in row order. For a
/// dictionary array the rows are the dictionary's values.
pub type Changes = Vec<(usize, String)>;

/// The changes [`fix`] makes to each array.
pub fn changes(arrays: &[ArrayRef], options: Options) -> Result<Vec<Changes>> {
    let (plan, repairs) = run_columns(arrays, |text| explanation::fix_str(text, options))?;
    Ok(changed_rows(&plan, &repairs))
}

/// The changes a repair makes to a list of texts (for callers without Arrow arrays: the
/// command line's records, a list of documents).
///
/// ```
/// use _core::{batch, explanation::Options};
/// assert_eq!(batch::fix_texts(&["ok", "CafÃ©"], Options::default()), vec![(1, "Café".into())]);
/// ```
pub fn fix_texts(texts: &[&str], options: Options) -> Changes {
    let (plan, repairs) = run_texts(texts, |text| explanation::fix_str(text, options));
    changed_rows(&plan, &repairs).remove(0)
}

/// The detection score of each text of a list.
pub fn score_texts(texts: &[&str]) -> Vec<f64> {
    let (plan, scores) = run_texts(texts, explanation::score_str);
    row_scores(&plan, &scores).remove(0).into_iter().map(|s| s.unwrap_or(0.0)).collect()
}

/// What `mojifix.detect` finds in each text of a list: `(score, findings)`.
pub fn detect_texts(texts: &[&str]) -> Vec<(f64, Vec<explanation::Finding>)> {
    let (plan, found) = run_texts(texts, detect_text);
    plan.slots[0]
        .iter()
        .map(|slot| match slot {
            Slot::Item(i) => {
                let d = &found[*i];
                (d.score, d.findings.iter().map(|(f, _)| f.clone()).collect())
            }
            _ => (0.0, Vec::new()),
        })
        .collect()
}

/// Repair every row of every array: `None` for an array no repair changes, else a new array of
/// the same type.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray, cast::AsArray};
/// use _core::{batch, explanation::Options};
///
/// let column: ArrayRef = Arc::new(StringArray::from(vec![Some("CafÃ©"), None, Some("ok")]));
/// let fixed = batch::fix(&[column], Options::default()).unwrap().remove(0).unwrap();
/// let fixed = fixed.as_string::<i32>();
/// assert_eq!((fixed.value(0), fixed.is_null(1), fixed.value(2)), ("Café", true, "ok"));
/// ```
pub fn fix(arrays: &[ArrayRef], options: Options) -> Result<Vec<Option<ArrayRef>>> {
    let changes = changes(arrays, options)?;
    arrays
        .iter()
        .zip(changes)
        .enumerate()
        .map(|(i, (array, changed))| {
            if changed.is_empty() {
                return Ok(None);
            }
            let dictionary = array.as_any_dictionary_opt();
            let values = dictionary.map_or(array, |d| d.values());
            let fixed = match Texts::of(values.as_ref())? {
                Texts::Utf8(a) => {
                    with_changes(a, &changed).ok_or(BatchError::TooLarge { array: i })?
                }
                Texts::LargeUtf8(a) => {
                    with_changes(a, &changed).ok_or(BatchError::TooLarge { array: i })?
                }
                Texts::Utf8View(a) => with_view_changes(a, &changed),
            };
            Ok(Some(match dictionary {
                Some(d) => d.with_values(fixed),
                None => fixed,
            }))
        })
        .collect()
}

/// `array` with the changed rows replaced; `None` if the values outgrow `O`'s offsets.
fn with_changes<O: OffsetSizeTrait>(
    array: &GenericStringArray<O>,
    changes: &[(usize, String)],
) -> Option<ArrayRef> {
    let old = array.value_offsets();
    let data = array.values().as_slice();
    let removed: usize = changes.iter().map(|(row, _)| array.value_length(*row).as_usize()).sum();
    let added: usize = changes.iter().map(|(_, text)| text.len()).sum();
    let size = old[array.len()].as_usize() - old[0].as_usize() - removed + added;
    O::from_usize(size)?;
    let mut values = MutableBuffer::with_capacity(size);
    let mut offsets: Vec<O> = Vec::with_capacity(array.len() + 1);
    offsets.push(O::usize_as(0));
    let mut row = 0;
    for (changed, text) in changes.iter().chain(std::iter::once(&(array.len(), String::new()))) {
        // The unchanged rows before this one: one copy of their bytes, offsets shifted.
        let (from, to) = (old[row].as_usize(), old[*changed].as_usize());
        let shift = values.len() as isize - from as isize;
        values.extend_from_slice(&data[from..to]);
        offsets.extend(
            old[row + 1..=*changed]
                .iter()
                .map(|o| O::usize_as((o.as_usize() as isize + shift) as usize)),
        );
        if *changed == array.len() {
            break;
        }
        values.extend_from_slice(text.as_bytes());
        offsets.push(O::usize_as(values.len()));
        row = changed + 1;
    }
    // SAFETY: the offsets start at 0, never decrease and end at `values.len()` (which fits
    // `O`); every value is a whole UTF-8 string: an input row (read as UTF-8 by `changes`) or
    // a repaired `String`.
    let array = unsafe {
        GenericStringArray::<O>::new_unchecked(
            OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets)),
            values.into(),
            array.nulls().cloned(),
        )
    };
    Some(Arc::new(array))
}

/// A `Utf8View` array with the changed rows replaced: the input's buffers are kept and the
/// repaired values go into new ones.
fn with_view_changes(
    array: &GenericByteViewArray<StringViewType>,
    changes: &[(usize, String)],
) -> ArrayRef {
    let mut views: Vec<u128> = array.views().to_vec();
    let mut buffers: Vec<Buffer> = array.data_buffers().to_vec();
    let mut current = MutableBuffer::new(0);
    for (row, text) in changes {
        let bytes = text.as_bytes();
        if bytes.len() > 12 && current.len() + bytes.len() > i32::MAX as usize {
            buffers.push(std::mem::replace(&mut current, MutableBuffer::new(0)).into());
        }
        let offset = current.len() as u32;
        if bytes.len() > 12 {
            current.extend_from_slice(bytes);
        }
        views[*row] = make_view(bytes, buffers.len() as u32, offset);
    }
    if !current.is_empty() {
        buffers.push(current.into());
    }
    // SAFETY: every view is the input's (valid for its buffers, which are all kept at their
    // indices) or made by `make_view` over a repaired `String` in the buffer it names.
    let array = unsafe {
        GenericByteViewArray::<StringViewType>::new_unchecked(
            ScalarBuffer::from(views),
            buffers.into(),
            array.nulls().cloned(),
        )
    };
    Arc::new(array)
}

/// Per-value results spread to the rows: a dictionary array's rows take their key's value
/// (null where the key is null); other arrays' rows are the values.
fn spread<T: Copy>(array: &dyn Array, per_value: &[Option<T>]) -> Vec<Option<T>> {
    match array.as_any_dictionary_opt() {
        None => per_value.to_vec(),
        Some(_) if per_value.is_empty() => vec![None; array.len()],
        Some(d) => {
            let keys = d.normalized_keys();
            (0..array.len())
                .map(|i| if d.keys().is_null(i) { None } else { per_value[keys[i]] })
                .collect()
        }
    }
}

/// The detection score of every row, as `Float64`; null rows give null.
pub fn score(arrays: &[ArrayRef]) -> Result<Vec<ArrayRef>> {
    let (plan, scores) = run_columns(arrays, explanation::score_str)?;
    Ok(arrays
        .iter()
        .zip(row_scores(&plan, &scores))
        .map(|(array, per_value)| {
            Arc::new(Float64Array::from(spread(array.as_ref(), &per_value))) as ArrayRef
        })
        .collect())
}

/// What [`detect`] finds in one value: `score`, `affected` share and the findings, each with
/// the text it covers.
#[derive(Clone, Debug, Default)]
struct Detection {
    score: f64,
    affected: f64,
    findings: Vec<(explanation::Finding, String)>,
}

fn detect_text(text: &str) -> Detection {
    let mut chars = Vec::new();
    let Some(analysis) = explanation::analyze_str(text, Options::default(), &mut chars) else {
        return Detection::default();
    };
    let affected: usize =
        analysis.findings.iter().filter(|f| f.kind != "jis-variant").map(|f| f.end - f.start).sum();
    let findings = analysis
        .findings
        .into_iter()
        .map(|f| {
            let covered = chars[f.start.min(chars.len())..f.end.min(chars.len())].iter().collect();
            (f, covered)
        })
        .collect();
    Detection { score: analysis.score, affected: affected as f64 / chars.len() as f64, findings }
}

/// The fields of one finding in [`detection_type`], in order.
pub const FINDING_FIELDS: [&str; 8] =
    ["kind", "start", "end", "text", "encoded_as", "decoded_as", "replacement", "score"];

fn finding_fields() -> Fields {
    Fields::from(vec![
        Field::new("kind", DataType::Utf8, false),
        Field::new("start", DataType::Int64, false),
        Field::new("end", DataType::Int64, false),
        Field::new("text", DataType::Utf8, false),
        Field::new("encoded_as", DataType::Utf8, true),
        Field::new("decoded_as", DataType::Utf8, true),
        Field::new("replacement", DataType::Utf8, true),
        Field::new("score", DataType::Float64, false),
    ])
}

fn detection_fields() -> Fields {
    let finding = Field::new("item", DataType::Struct(finding_fields()), false);
    Fields::from(vec![
        Field::new("score", DataType::Float64, false),
        Field::new("affected", DataType::Float64, false),
        Field::new("findings", DataType::List(Arc::new(finding)), false),
    ])
}

/// The type of [`detect`]'s arrays: `struct<score: double, affected: double, findings:
/// list<struct<kind, start, end, text, encoded_as, decoded_as, replacement: string, start, end:
/// int64 (character offsets), score: double>>>`, as `mojifix.detect` gives a `Detection`.
pub fn detection_type() -> DataType {
    DataType::Struct(detection_fields())
}

/// What `mojifix.detect` finds in every row, as one struct a row (see [`detection_type`]);
/// null rows give null.
pub fn detect(arrays: &[ArrayRef]) -> Result<Vec<ArrayRef>> {
    let (plan, found) = run_columns(arrays, detect_text)?;
    let nothing = Detection::default();
    Ok(arrays
        .iter()
        .zip(&plan.slots)
        .map(|(array, slots)| {
            let per_value: Vec<Option<&Detection>> = slots
                .iter()
                .map(|slot| match slot {
                    Slot::Null => None,
                    Slot::Ascii => Some(&nothing),
                    Slot::Item(i) => Some(&found[*i]),
                })
                .collect();
            let rows: Vec<Option<&Detection>> = spread(array.as_ref(), &per_value);
            detections_array(&rows)
        })
        .collect())
}

fn detections_array(rows: &[Option<&Detection>]) -> ArrayRef {
    let findings: Vec<&(explanation::Finding, String)> =
        rows.iter().flatten().flat_map(|d| d.findings.iter()).collect();
    let strings = |f: &dyn Fn(&(explanation::Finding, String)) -> Option<&str>| -> ArrayRef {
        Arc::new(findings.iter().map(|x| f(x)).collect::<StringArray>())
    };
    let ints = |f: &dyn Fn(&explanation::Finding) -> usize| -> ArrayRef {
        Arc::new(findings.iter().map(|x| f(&x.0) as i64).collect::<Int64Array>())
    };
    let finding_columns: Vec<ArrayRef> = vec![
        strings(&|x| Some(x.0.kind)),
        ints(&|f| f.start),
        ints(&|f| f.end),
        strings(&|x| Some(x.1.as_str())),
        strings(&|x| x.0.encoded_as),
        strings(&|x| x.0.decoded_as),
        strings(&|x| x.0.replacement.as_deref()),
        Arc::new(findings.iter().map(|x| x.0.score).collect::<Float64Array>()),
    ];
    let items = StructArray::new(finding_fields(), finding_columns, None);
    let mut offsets = Vec::with_capacity(rows.len() + 1);
    offsets.push(0i32);
    let mut count = 0i32;
    for row in rows {
        count += row.map_or(0, |d| d.findings.len()) as i32;
        offsets.push(count);
    }
    let DataType::List(item) = detection_fields()[2].data_type().clone() else {
        unreachable!("the findings field is a list")
    };
    let list =
        ListArray::new(item, OffsetBuffer::new(ScalarBuffer::from(offsets)), Arc::new(items), None);
    let nulls = NullBuffer::from(rows.iter().map(Option::is_some).collect::<Vec<_>>());
    let columns: Vec<ArrayRef> = vec![
        Arc::new(rows.iter().map(|d| d.map_or(0.0, |d| d.score)).collect::<Float64Array>()),
        Arc::new(rows.iter().map(|d| d.map_or(0.0, |d| d.affected)).collect::<Float64Array>()),
        Arc::new(list),
    ];
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    Arc::new(StructArray::new(detection_fields(), columns, nulls))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::types::Int32Type;
    use arrow_array::{DictionaryArray, LargeStringArray, StringViewArray};

    fn strings(array: &ArrayRef) -> Vec<Option<String>> {
        let texts = Texts::of(array.as_ref()).unwrap();
        (0..texts.len()).map(|i| texts.text(0, i).unwrap().map(str::to_owned)).collect()
    }

    const ROWS: [Option<&str>; 5] =
        [Some("CafÃ© crÃ¨me"), None, Some("plain"), Some("naïve, déjà vu"), Some("")];
    const FIXED: [Option<&str>; 5] =
        [Some("Café crème"), None, Some("plain"), Some("naïve, déjà vu"), Some("")];

    fn expected() -> Vec<Option<String>> {
        FIXED.iter().map(|s| s.map(str::to_owned)).collect()
    }

    #[test]
    fn fix_keeps_the_type_and_the_nulls() {
        let arrays: Vec<ArrayRef> = vec![
            Arc::new(StringArray::from(ROWS.to_vec())),
            Arc::new(LargeStringArray::from(ROWS.to_vec())),
            Arc::new(StringViewArray::from(ROWS.to_vec())),
        ];
        for (array, fixed) in arrays.iter().zip(fix(&arrays, Options::default()).unwrap()) {
            let fixed = fixed.expect("one row changes");
            assert_eq!(fixed.data_type(), array.data_type());
            assert_eq!(strings(&fixed), expected());
        }
    }

    #[test]
    fn fix_returns_none_when_nothing_changes() {
        let array: ArrayRef = Arc::new(StringArray::from(vec![Some("plain"), None, Some("déjà")]));
        assert!(fix(&[array], Options::default()).unwrap()[0].is_none());
    }

    #[test]
    fn sliced_arrays_keep_their_rows() {
        let array = StringArray::from(ROWS.to_vec()).slice(1, 3);
        let fixed = fix(&[Arc::new(array) as ArrayRef], Options::default()).unwrap();
        assert!(fixed[0].is_none());
        let array = StringArray::from(ROWS.to_vec()).slice(0, 2);
        let fixed = fix(&[Arc::new(array) as ArrayRef], Options::default()).unwrap();
        assert_eq!(strings(fixed[0].as_ref().unwrap()), expected()[..2].to_vec());
    }

    #[test]
    fn long_view_values_go_into_a_new_buffer() {
        let long = "Un cafÃ© crÃ¨me et une crÃ¨me brÃ»lÃ©e, s'il vous plaÃ®t";
        let array: ArrayRef =
            Arc::new(StringViewArray::from(vec![Some(long), Some("x"), Some("CafÃ©")]));
        let fixed = fix(&[array], Options::default()).unwrap().remove(0).unwrap();
        let want = "Un café crème et une crème brûlée, s'il vous plaît";
        assert_eq!(
            strings(&fixed),
            vec![Some(want.to_owned()), Some("x".to_owned()), Some("Café".to_owned())]
        );
    }

    #[test]
    fn many_pieces_run_in_order() {
        let rows: Vec<String> = (0..20_000)
            .map(|i| if i % 7 == 0 { format!("{i} CafÃ©") } else { format!("{i} café") })
            .collect();
        let array: ArrayRef = Arc::new(StringArray::from(rows.clone()));
        let texts = Texts::of(array.as_ref()).unwrap();
        let plan = Plan::new(&[texts.len()], |_, row| texts.bytes(0, row)).unwrap();
        assert_eq!(plan.items.len(), 20_000); // every value is distinct
        assert!(cut(plan.items.len(), |i| texts.byte_len(i)).len() > 2);
        let fixed =
            fix(std::slice::from_ref(&array), Options::default()).unwrap().remove(0).unwrap();
        let want: Vec<Option<String>> =
            rows.iter().map(|r| Some(r.replace("CafÃ©", "Café"))).collect();
        assert_eq!(strings(&fixed), want);
        let scores = score(&[array]).unwrap().remove(0);
        let scores = scores.as_primitive::<arrow_array::types::Float64Type>();
        assert!(scores.value(0) > 0.5 && scores.value(1) == 0.0);
    }

    #[test]
    fn dictionaries_are_repaired_in_their_values() {
        let array: DictionaryArray<Int32Type> = ROWS.iter().copied().collect();
        let array: ArrayRef = Arc::new(array);
        let fixed =
            fix(std::slice::from_ref(&array), Options::default()).unwrap().remove(0).unwrap();
        assert_eq!(fixed.data_type(), array.data_type());
        let scores = score(std::slice::from_ref(&array)).unwrap().remove(0);
        let scores = scores.as_primitive::<arrow_array::types::Float64Type>();
        assert_eq!(scores.len(), 5);
        assert!(scores.is_null(1) && scores.value(0) > 0.5 && scores.value(2) == 0.0);
        let found = detect(&[array]).unwrap().remove(0);
        assert!(found.is_null(1) && !found.is_null(0));
    }

    #[test]
    fn detect_gives_findings_with_their_text() {
        let array: ArrayRef = Arc::new(StringArray::from(ROWS.to_vec()));
        let found = detect(&[array]).unwrap().remove(0);
        assert_eq!(found.data_type(), &detection_type());
        let found = found.as_struct();
        assert!(found.is_null(1));
        let findings = found.column(2).as_list::<i32>();
        let first = findings.value(0);
        let first = first.as_struct();
        assert_eq!(first.column(3).as_string::<i32>().value(0), "Ã©");
        assert_eq!(first.column(6).as_string::<i32>().value(0), "é");
        assert_eq!(findings.value(2).len(), 0);
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let numbers: ArrayRef = Arc::new(Int64Array::from(vec![1, 2]));
        assert!(matches!(fix(&[numbers], Options::default()), Err(BatchError::NotText(_))));
        // Bytes that are not UTF-8, put in a string array without validation.
        let offsets = OffsetBuffer::new(ScalarBuffer::from(vec![0i32, 2, 3]));
        let values = Buffer::from(vec![b'o', b'k', 0xFF]);
        let bad = unsafe { StringArray::new_unchecked(offsets, values, None) };
        let error = score(&[Arc::new(bad) as ArrayRef]).unwrap_err();
        assert_eq!(error, BatchError::InvalidUtf8 { array: 0, row: 1 });
        assert!(error.to_string().contains("not valid UTF-8"));
    }

    #[test]
    fn lists_of_texts_are_repaired_and_scored_in_order() {
        let rows: Vec<String> = (0..9_000)
            .map(|i| if i % 5 == 0 { format!("{i} CafÃ©") } else { format!("{i} ok") })
            .collect();
        let texts: Vec<&str> = rows.iter().map(String::as_str).collect();
        let changes = fix_texts(&texts, Options::default());
        assert_eq!(changes.len(), 1_800);
        assert!(changes.iter().all(|(row, new)| row % 5 == 0 && *new == format!("{row} Café")));
        let scores = score_texts(&texts);
        assert_eq!(scores.len(), 9_000);
        assert!(scores[0] > 0.5 && scores[1] == 0.0);
    }

    #[test]
    fn a_short_value_is_analysed_once_a_long_one_every_time() {
        let long = format!("{} CafÃ©", "x".repeat(SHARED_BYTES));
        let rows = ["CafÃ©", "ok", "CafÃ©", long.as_str(), long.as_str(), "CafÃ©"];
        let array: ArrayRef = Arc::new(StringArray::from(rows.to_vec()));
        let texts = Texts::of(array.as_ref()).unwrap();
        let plan = Plan::new(&[texts.len()], |_, row| texts.bytes(0, row)).unwrap();
        assert_eq!(plan.items, vec![(0, 0), (0, 3), (0, 4)]);
        assert_eq!(plan.slots[0][1], Slot::Ascii);
        let changed = changes(&[array], Options::default()).unwrap().remove(0);
        assert_eq!(changed.iter().map(|(row, _)| *row).collect::<Vec<_>>(), vec![0, 2, 3, 4, 5]);
        assert_eq!(changed[2].1, format!("{} Café", "x".repeat(SHARED_BYTES)));
    }

    #[test]
    fn callers_on_one_thread_each_run_at_once() {
        // Each closure waits for the other to start: on a pool both callers shared, the
        // second would start only after the first had given up.
        use std::sync::mpsc::channel;
        use std::time::Duration;
        let (to_a, for_a) = channel();
        let (to_b, for_b) = channel();
        let meet = |to_other: std::sync::mpsc::Sender<()>, mine: std::sync::mpsc::Receiver<()>| {
            move || {
                with_threads(Some(1), move || {
                    to_other.send(()).unwrap();
                    mine.recv_timeout(Duration::from_secs(20)).is_ok()
                })
            }
        };
        let a = std::thread::spawn(meet(to_b, for_a));
        let b = std::thread::spawn(meet(to_a, for_b));
        assert!(a.join().unwrap() && b.join().unwrap());
    }

    #[test]
    fn threads_give_the_same_answer() {
        let rows: Vec<String> =
            (0..5_000).map(|i| format!("{i} Ð¿Ñ€Ð¸Ð²ÐµÑ‚ and some padding text")).collect();
        let array: ArrayRef = Arc::new(StringArray::from(rows));
        let one = with_threads(Some(1), || {
            fix(std::slice::from_ref(&array), Options::default()).unwrap()
        });
        let two = with_threads(Some(2), || {
            fix(std::slice::from_ref(&array), Options::default()).unwrap()
        });
        assert_eq!(strings(one[0].as_ref().unwrap()), strings(two[0].as_ref().unwrap()));
    }
}
