//! The Encoding Standard's decoders and encoders (<https://encoding.spec.whatwg.org/>), from
//! encoding_rs, Firefox's implementation.
//!
//! Decoding is encoding_rs's, with the byte range of every malformed sequence reported
//! ([`decode_with_errors`]), which Python's error handlers need; to UTF-16, a table of what it
//! reads the multi-byte encodings' common sequences as goes first ([`decode_utf16`]). Encoding is
//! encoding_rs's encoder *extended so that everything the decoder produces round-trips*:
//! where encoding_rs's encoder has no bytes for a character its decoder produces, the first
//! byte sequence that decodes to it ([`byte_sequences`]); windows-1252 also writes
//! U+0080..=U+009F as the bytes 0x80..=0x9F (undoing a latin-1 misread); Big5 writes HKSCS and
//! its four two-code-point sequences; EUC-JP writes JIS X 0212; Shift_JIS its user-defined
//! area; ISO-2022-JP keeps halfwidth katakana. Where several sequences decode to one character
//! the standard's choice is kept.
//!
//! ```
//! use _core::codecs::{decode, encode, encoding_for};
//! let sjis = encoding_for("sjis").unwrap();
//! assert_eq!(decode(b"\x83\x65\x83\x58\x83\x67", sjis), "テスト");
//! let windows_1252 = encoding_for("latin1").unwrap();
//! assert_eq!(encode("€\u{81}\u{80}", windows_1252).unwrap(), b"\x80\x81\x80");
//! let big5 = encoding_for("big5").unwrap();
//! assert_eq!(decode(&encode("Ê̄中", big5).unwrap(), big5), "Ê̄中");
//! ```

mod dos;
mod double_byte;
mod encoder;
mod iso_2022_jp;
mod multi_byte;
mod simd_lookup;
mod single_byte;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::ops::Range;

use encoding_rs::DecoderResult;

pub use encoding_rs::Encoding;
pub use multi_byte::{byte_sequences, decode_whole, pair_sequence, ByteSequences};
pub use single_byte::{single_byte, SingleByte, SINGLE_BYTE_NAMES};

/// The standard's "get an encoding": the encoding of a label (ASCII whitespace around it and
/// ASCII case ignored). Every canonical name is also a label.
///
/// ```
/// use _core::codecs::encoding_for;
/// assert_eq!(encoding_for(" Latin1\n").unwrap().name(), "windows-1252");
/// assert_eq!(encoding_for("gb2312").unwrap().name(), "GBK");
/// assert_eq!(encoding_for("replacement").unwrap().name(), "replacement");
/// assert!(encoding_for("utf-7").is_none() && encoding_for("\u{212A}oi8-r").is_none());
/// ```
pub fn encoding_for(name: &str) -> Option<&'static Encoding> {
    Encoding::for_label(name.as_bytes())
}

/// Decode `bytes` with `encoding`'s decoder (no BOM sniffing), every error a U+FFFD.
/// Borrowed when the bytes are already the text (ASCII, or valid UTF-8 for UTF-8).
///
/// ```
/// use _core::codecs::{decode, encoding_for};
/// let gbk = encoding_for("GBK").unwrap();
/// assert_eq!(decode(b"\x80\xa8\x41", gbk), "€ˋ"); // pointer 7411 is U+02CB
/// assert_eq!(decode(b"\x81\x40\xff", gbk), "丂�");
/// ```
pub fn decode<'a>(bytes: &'a [u8], encoding: &'static Encoding) -> Cow<'a, str> {
    encoding.decode_without_bom_handling(bytes).0
}

/// The one character above U+007F that `bytes` decode to on their own with `encoding`, if
/// they decode without error to exactly one: read from the table of a multi-byte decoder's
/// one- and two-byte characters (`double_byte`, decision note 0041) where it holds them, else
/// decoded.
///
/// ```
/// use _core::codecs::{encoding_for, one_character};
/// let big5 = encoding_for("Big5").unwrap();
/// assert_eq!(one_character(big5, b"\xa4\xa4"), Some('中'));
/// assert_eq!(one_character(big5, b"\x87\x45"), Some('𧉧')); // beyond the BMP
/// assert_eq!(one_character(big5, b"\xa4"), None); // a lead byte alone
/// assert_eq!(one_character(big5, b"\xa4\x20"), None);
/// ```
pub fn one_character(encoding: &'static Encoding, bytes: &[u8]) -> Option<char> {
    double_byte::one_character(encoding, bytes)
        .unwrap_or_else(|| double_byte::decode_one(encoding, bytes))
}

/// Decode `bytes` as [`decode`] does, to UTF-16 code units (a faster way to some string types,
/// Python's among them, than UTF-8 is). A multi-byte decoder's one- and two-byte characters
/// of the BMP are read by a table of what encoding_rs reads them as (`double_byte`, decision
/// note 0041), and from the first sequence the table does not hold on by encoding_rs.
///
/// ```
/// use _core::codecs::{decode_utf16, encoding_for};
/// let big5 = encoding_for("Big5").unwrap();
/// // 中 by the table, 𧉧 (beyond the BMP) by encoding_rs
/// assert_eq!(decode_utf16(b"\xa4\xa4\x87\x45", big5), [0x4E2D, 0xD85C, 0xDE67]);
/// ```
pub fn decode_utf16(bytes: &[u8], encoding: &'static Encoding) -> Vec<u16> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let room = |decoder: &encoding_rs::Decoder, left: usize| {
        decoder.max_utf16_buffer_length(left).unwrap_or(left).max(2)
    };
    let mut units = vec![0u16; room(&decoder, bytes.len())];
    // A multi-byte decoder's common sequences by table, and encoding_rs from where it stops.
    let (mut read, mut written) = double_byte::decode_start(bytes, encoding, &mut units);
    loop {
        let (result, consumed, produced, _) =
            decoder.decode_to_utf16(&bytes[read..], &mut units[written..], true);
        read += consumed;
        written += produced;
        match result {
            encoding_rs::CoderResult::InputEmpty => break,
            encoding_rs::CoderResult::OutputFull => {
                let more = room(&decoder, bytes.len() - read);
                units.resize(written + more, 0);
            }
        }
    }
    units.truncate(written);
    units
}

/// Decode `bytes` to UTF-16 as [`decode_utf16`] does, or give the first error (its `output`
/// is then a UTF-16 offset).
///
/// ```
/// use _core::codecs::{decode_utf16_strict, encoding_for};
/// let sjis = encoding_for("Shift_JIS").unwrap();
/// assert_eq!(decode_utf16_strict(b"\x82\xa0", sjis).unwrap(), [0x3042]);
/// assert_eq!(decode_utf16_strict(b"a\x82\xa0\xa0", sjis).unwrap_err().input, 3..4);
/// ```
pub fn decode_utf16_strict(
    bytes: &[u8],
    encoding: &'static Encoding,
) -> Result<Vec<u16>, Malformed> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let room = |decoder: &encoding_rs::Decoder, left: usize| {
        decoder.max_utf16_buffer_length(left).unwrap_or(left).max(2)
    };
    let mut units = vec![0u16; room(&decoder, bytes.len())];
    let (mut read, mut written) = double_byte::decode_start(bytes, encoding, &mut units);
    loop {
        let (result, consumed, produced) = decoder.decode_to_utf16_without_replacement(
            &bytes[read..],
            &mut units[written..],
            true,
        );
        read += consumed;
        written += produced;
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {
                let more = room(&decoder, bytes.len() - read);
                units.resize(written + more, 0);
            }
            DecoderResult::Malformed(length, after) => {
                return Err(Malformed {
                    input: malformed_range(bytes, encoding, read, length, after),
                    output: written,
                })
            }
        }
    }
    units.truncate(written);
    Ok(units)
}

/// The input range of an error encoding_rs reports as `Malformed(length, after)` when it has
/// read `read` bytes.
fn malformed_range(
    bytes: &[u8],
    encoding: &'static Encoding,
    read: usize,
    length: u8,
    after: u8,
) -> Range<usize> {
    if encoding == encoding_rs::REPLACEMENT {
        return 0..bytes.len(); // one error for the whole input
    }
    let end = read.saturating_sub(after as usize);
    let start = end.saturating_sub(length as usize);
    let end = end.max(start + 1).min(bytes.len());
    start.min(end)..end
}

/// A malformed byte sequence found by a decoder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The bytes of the sequence in the input (never empty).
    pub input: Range<usize>,
    /// Where its U+FFFD starts in the output (a byte offset of the UTF-8 text).
    pub output: usize,
}

/// Decode `bytes` as [`decode`] does, and also say where every error was.
///
/// ```
/// use _core::codecs::{decode_with_errors, encoding_for, Malformed};
/// let sjis = encoding_for("Shift_JIS").unwrap();
/// let (text, errors) = decode_with_errors(b"\x82\xa0\xa0x\x81", sjis);
/// assert_eq!(text, "あ�x�");
/// assert_eq!(errors, [Malformed { input: 2..3, output: 3 }, Malformed { input: 4..5, output: 7 }]);
/// ```
pub fn decode_with_errors(bytes: &[u8], encoding: &'static Encoding) -> (String, Vec<Malformed>) {
    let mut errors = Vec::new();
    let text = decode_reporting(bytes, encoding, |error| {
        errors.push(error);
        true
    });
    (text, errors)
}

/// Decode `bytes`, or give the first error.
///
/// ```
/// use _core::codecs::{decode_strict, encoding_for};
/// let ko = encoding_for("EUC-KR").unwrap();
/// assert_eq!(decode_strict(b"\xb0\xa1", ko).unwrap(), "가");
/// assert_eq!(decode_strict(b"abc\x80", ko).unwrap_err().input, 3..4);
/// ```
pub fn decode_strict<'a>(
    bytes: &'a [u8],
    encoding: &'static Encoding,
) -> Result<Cow<'a, str>, Malformed> {
    if let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(bytes) {
        return Ok(text);
    }
    let mut first = None;
    decode_reporting(bytes, encoding, |error| {
        first = Some(error);
        false
    });
    // (the fast path above failed, so there is an error)
    Err(first.unwrap_or(Malformed { input: 0..bytes.len(), output: 0 }))
}

/// The decoding loop: `on_error` gets each error in turn and says whether to go on.
fn decode_reporting(
    bytes: &[u8],
    encoding: &'static Encoding,
    mut on_error: impl FnMut(Malformed) -> bool,
) -> String {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let room = |decoder: &encoding_rs::Decoder, left: usize| {
        decoder.max_utf8_buffer_length_without_replacement(left).unwrap_or(left)
    };
    let mut text = String::with_capacity(room(&decoder, bytes.len()));
    let mut read = 0;
    loop {
        let (result, consumed) =
            decoder.decode_to_string_without_replacement(&bytes[read..], &mut text, true);
        read += consumed;
        match result {
            DecoderResult::InputEmpty => return text,
            DecoderResult::OutputFull => text.reserve(room(&decoder, bytes.len() - read).max(4)),
            DecoderResult::Malformed(length, after) => {
                let error = Malformed {
                    input: malformed_range(bytes, encoding, read, length, after),
                    output: text.len(),
                };
                text.push('\u{FFFD}');
                if !on_error(error) {
                    return text;
                }
            }
        }
    }
}

/// A run of characters an encoder has no bytes for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unencodable {
    /// The characters, as a byte range of the text (consecutive ones form one run).
    pub input: Range<usize>,
    /// Where their replacement would go in the output.
    pub output: usize,
}

/// Encode `text` with `encoding`'s extended encoder (see the module's documentation), or give
/// the first run of characters it cannot encode. UTF-16LE/BE write UTF-16; the replacement
/// encoding has no encoder (every character is unencodable).
///
/// ```
/// use _core::codecs::{encode, encoding_for};
/// let euc_jp = encoding_for("EUC-JP").unwrap();
/// assert_eq!(encode("¥‾−ｱ", euc_jp).unwrap(), b"\x5c\x7e\xa1\xdd\x8e\xb1");
/// assert_eq!(encode("丂", euc_jp).unwrap(), b"\x8f\xb0\xa1"); // JIS X 0212
/// let gbk = encoding_for("GBK").unwrap();
/// assert_eq!(encode("ab😀😁c", gbk).unwrap_err().input, 2..6); // the first one
/// ```
pub fn encode(text: &str, encoding: &'static Encoding) -> Result<Vec<u8>, Unencodable> {
    let mut out = Output::new(text.len(), true);
    encode_into(text, encoding, &mut out);
    match out.errors.pop() {
        Some(error) => Err(error),
        None => Ok(out.bytes),
    }
}

/// Encode `text`, leaving out the characters the encoder cannot encode, and say where they
/// were: the runs in order, each with the output offset where its replacement would go.
///
/// ```
/// use _core::codecs::{encode_with_errors, encoding_for, Unencodable};
/// let (bytes, errors) = encode_with_errors("aĀ€", encoding_for("ISO-8859-15").unwrap());
/// assert_eq!(bytes, b"a\xa4");
/// assert_eq!(errors, [Unencodable { input: 1..3, output: 1 }]);
/// ```
pub fn encode_with_errors(text: &str, encoding: &'static Encoding) -> (Vec<u8>, Vec<Unencodable>) {
    let mut out = Output::new(text.len(), false);
    encode_into(text, encoding, &mut out);
    (out.bytes, out.errors)
}

/// Encode a string given as code units that are each one character, as Python stores a `str`
/// (one, two or four bytes a character), with a legacy (single-byte or multi-byte) encoding's
/// extended encoder: as [`encode_with_errors`] (or, if `strict`, up to the first error), with
/// the errors' ranges in units and lone surrogates unencodable. None for the other encodings
/// (UTF-8, UTF-16, ISO-2022-JP, replacement), which take `&str`.
///
/// ```
/// use _core::codecs::{encode_units, encoding_for, Unencodable};
/// let cp1252 = encoding_for("windows-1252").unwrap();
/// let units: Vec<u16> = "Ā€é".encode_utf16().collect();
/// let (bytes, errors) = encode_units(&units, cp1252, false).unwrap();
/// assert_eq!((bytes, errors), (b"\x80\xe9".to_vec(), vec![Unencodable { input: 0..1, output: 0 }]));
/// assert!(encode_units(&[0x61u8], encoding_for("UTF-8").unwrap(), false).is_none());
/// ```
pub fn encode_units<U: Copy + Into<u32>>(
    units: &[U],
    encoding: &'static Encoding,
    strict: bool,
) -> Option<(Vec<u8>, Vec<Unencodable>)> {
    let mut out = Output::new(units.len(), strict);
    encoder::encode_units(units, encoding, &mut out).then_some((out.bytes, out.errors))
}

/// An encoder's output: bytes and errors.
struct Output {
    bytes: Vec<u8>,
    errors: Vec<Unencodable>,
    /// Stop at the first error.
    strict: bool,
}

impl Output {
    fn new(capacity: usize, strict: bool) -> Self {
        Output { bytes: Vec::with_capacity(capacity), errors: Vec::new(), strict }
    }

    /// Record unencodable characters (joined to the run before them when adjacent); true if
    /// encoding stops here.
    fn error(&mut self, input: Range<usize>) -> bool {
        let output = self.bytes.len();
        match self.errors.last_mut() {
            Some(last) if last.input.end == input.start && last.output == output => {
                last.input.end = input.end;
            }
            _ => self.errors.push(Unencodable { input, output }),
        }
        self.strict
    }
}

fn encode_into(text: &str, encoding: &'static Encoding, out: &mut Output) {
    if encoding == encoding_rs::UTF_8 {
        out.bytes.extend_from_slice(text.as_bytes());
    } else if encoding == encoding_rs::UTF_16LE || encoding == encoding_rs::UTF_16BE {
        let big_endian = encoding == encoding_rs::UTF_16BE;
        out.bytes.reserve(text.len() * 2);
        for unit in text.encode_utf16() {
            let bytes = if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() };
            out.bytes.extend_from_slice(&bytes);
        }
    } else if encoding == encoding_rs::REPLACEMENT {
        if !text.is_empty() {
            out.error(0..text.len());
        }
    } else if encoding == encoding_rs::ISO_2022_JP {
        iso_2022_jp::encode(text, out);
    } else {
        encoder::encode(text, encoding, out);
    }
}
