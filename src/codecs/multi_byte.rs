//! The inverse of the multi-byte decoders (GBK, gb18030, Big5, EUC-JP, Shift_JIS, EUC-KR):
//! every byte sequence each decoder turns into a character, found by running encoding_rs's
//! decoder over every sequence once, at first use. Nothing here copies an index.

use std::sync::OnceLock;

use encoding_rs::{DecoderResult, Encoding};

/// What one decoder makes of single byte sequences.
pub(super) struct Inverse {
    /// The sequences of each character, grouped by character (shorter first, then in pointer
    /// order); the bytes live in a buffer leaked once per encoding, like a static table.
    sequences: Vec<&'static [u8]>,
    /// Code point >> 8 -> the 256 entries of that block (BMP only), each
    /// `first sequence << 8 | number of sequences`, 0 for none.
    pages: Vec<Option<Box<[u32; 256]>>>,
    /// The same for characters beyond the BMP, sorted by character.
    astral: Vec<(char, u32)>,
    /// Sequences that decode to more than one code point (Big5's Ê̄ Ê̌ ê̄ ê̌).
    pub(super) pairs: Vec<(String, &'static [u8])>,
}

impl Inverse {
    #[inline]
    fn sequences_of(&'static self, c: char) -> &'static [&'static [u8]] {
        let code = c as u32;
        let entry = if code <= 0xFFFF {
            match &self.pages[(code >> 8) as usize] {
                Some(page) => page[(code & 0xFF) as usize],
                None => 0,
            }
        } else {
            match self.astral.binary_search_by_key(&c, |&(k, _)| k) {
                Ok(found) => self.astral[found].1,
                Err(_) => 0,
            }
        };
        let (start, count) = ((entry >> 8) as usize, (entry & 0xFF) as usize);
        &self.sequences[start..start + count]
    }
}

/// Every 1- or 2-byte sequence (and EUC-JP's 3-byte JIS X 0212 ones) that `encoding`'s
/// decoder turns into `c` on its own: single bytes first, then in pointer order (which is byte
/// order), so that the first is the one the extended encoder falls back to; empty if there is
/// none or `encoding` is not one of the six multi-byte encodings (GBK, gb18030, Big5, EUC-JP,
/// Shift_JIS, EUC-KR). gb18030's four-byte sequences are not listed (encoding_rs encodes them:
/// use [`super::encode`]), nor Big5's four two-code-point sequences. Allocation-free: the
/// tables are built once per encoding, at first use (a few milliseconds).
///
/// ```
/// use _core::codecs::{byte_sequences, encoding_for};
/// let sjis = encoding_for("Shift_JIS").unwrap();
/// // ∵ is in JIS X 0208, NEC row 13 and the IBM extensions
/// assert_eq!(byte_sequences(sjis, '∵'), [&b"\x81\xe6"[..], b"\x87\x9a", b"\xfa\x5b"]);
/// assert_eq!(byte_sequences(sjis, 'ｱ'), [&b"\xb1"[..]]);
/// let gbk = encoding_for("GBK").unwrap();
/// assert_eq!(byte_sequences(gbk, '€'), [&b"\x80"[..], b"\xa2\xe3"]); // the encoder writes 0x80
/// assert!(byte_sequences(encoding_for("gb18030").unwrap(), '\u{80}').is_empty()); // 81 30 81 30
/// ```
pub fn byte_sequences(encoding: &'static Encoding, c: char) -> &'static [&'static [u8]] {
    match inverse(encoding) {
        Some(inverse) => inverse.sequences_of(c),
        None => &[],
    }
}

/// [`byte_sequences`] of one encoding, its tables found once: for a caller that asks of many
/// characters (the scan of a text asks of most of them), without finding the encoding's
/// tables again for each.
///
/// ```
/// use _core::codecs::{byte_sequences, encoding_for, ByteSequences};
/// let gbk = encoding_for("GBK").unwrap();
/// let sequences = ByteSequences::of(gbk).unwrap();
/// assert_eq!(sequences.get('中'), byte_sequences(gbk, '中'));
/// assert!(ByteSequences::of(encoding_for("windows-1252").unwrap()).is_none());
/// ```
#[derive(Clone, Copy)]
pub struct ByteSequences(&'static Inverse);

impl ByteSequences {
    /// The sequences of `encoding`, if it is one of the six multi-byte encodings.
    pub fn of(encoding: &'static Encoding) -> Option<ByteSequences> {
        inverse(encoding).map(ByteSequences)
    }

    /// Every sequence the decoder turns into `c` on its own ([`byte_sequences`]).
    #[inline]
    pub fn get(self, c: char) -> &'static [&'static [u8]] {
        self.0.sequences_of(c)
    }
}

/// The bytes of the decoder's one sequence that makes two code points, `first` then `second`
/// (Big5's "Ê̄" "Ê̌" "ê̄" "ê̌"), if there is one.
///
/// ```
/// use _core::codecs::{encoding_for, pair_sequence};
/// let big5 = encoding_for("Big5").unwrap();
/// assert_eq!(pair_sequence(big5, 'ê', '\u{30C}'), Some(&b"\x88\xa5"[..]));
/// assert_eq!(pair_sequence(big5, 'e', '\u{30C}'), None);
/// ```
pub fn pair_sequence(
    encoding: &'static Encoding,
    first: char,
    second: char,
) -> Option<&'static [u8]> {
    inverse(encoding)?.pairs.iter().find_map(|(pair, bytes)| {
        let mut chars = pair.chars();
        (chars.next() == Some(first) && chars.next() == Some(second) && chars.next().is_none())
            .then_some(*bytes)
    })
}

/// The six multi-byte encodings whose decoders the tables here and in `double_byte` are
/// built from, at first use, in the order of [`multi_byte_slot`].
pub(super) const MULTI_BYTE: [&Encoding; 6] = [
    encoding_rs::GBK,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::EUC_JP,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_KR,
];

/// Where `encoding` is in [`MULTI_BYTE`], if it is one of the six: the slot of its tables.
pub(super) fn multi_byte_slot(encoding: &'static Encoding) -> Option<usize> {
    MULTI_BYTE.iter().position(|&e| e == encoding)
}

/// The inverse of `encoding`'s decoder, if it is one of the six multi-byte encodings.
pub(super) fn inverse(encoding: &'static Encoding) -> Option<&'static Inverse> {
    static INVERSES: [OnceLock<Inverse>; MULTI_BYTE.len()] =
        [const { OnceLock::new() }; MULTI_BYTE.len()];
    let slot = multi_byte_slot(encoding)?;
    Some(INVERSES[slot].get_or_init(|| build(encoding)))
}

/// What `encoding`'s decoder makes of a short `sequence` (a character's bytes) as a whole,
/// written into `buffer`: the text if it decodes without error and reads every byte, else
/// None. Nothing is allocated (`Encoding::decode_*` would allocate a `String` for each).
pub fn decode_whole<'b>(
    encoding: &'static Encoding,
    sequence: &[u8],
    buffer: &'b mut [u8; 16],
) -> Option<&'b str> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let (result, read, written) =
        decoder.decode_to_utf8_without_replacement(sequence, buffer, true);
    if result != DecoderResult::InputEmpty || read != sequence.len() {
        return None;
    }
    std::str::from_utf8(&buffer[..written]).ok()
}

/// [`decode_whole`], owned.
fn decode_item(encoding: &'static Encoding, sequence: &[u8]) -> Option<String> {
    decode_whole(encoding, sequence, &mut [0u8; 16]).map(str::to_owned)
}

fn build(encoding: &'static Encoding) -> Inverse {
    let mut candidates: Vec<Vec<u8>> = (0x80..=0xFFu8).map(|a| vec![a]).collect();
    for a in 0x80..=0xFFu8 {
        candidates.extend((0..=0xFFu8).map(|b| vec![a, b]));
    }
    if encoding == encoding_rs::EUC_JP {
        for b in 0xA1..=0xFEu8 {
            candidates.extend((0xA1..=0xFEu8).map(|c| vec![0x8F, b, c]));
        }
    }
    let mut found: Vec<(char, Vec<u8>)> = Vec::new();
    let mut pair_bytes: Vec<(String, Vec<u8>)> = Vec::new();
    for sequence in candidates {
        let Some(text) = decode_item(encoding, &sequence) else {
            continue;
        };
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => found.push((c, sequence)),
            // several code points from one item, not a byte that is a character of its own
            // followed by another (Shift_JIS's halfwidth katakana)
            (Some(_), Some(_)) if decode_item(encoding, &sequence[..1]).is_none() => {
                pair_bytes.push((text, sequence))
            }
            _ => {}
        }
    }
    found.sort_by_key(|&(c, _)| c); // stable: a character's sequences stay in order
    let mut buffer: Vec<u8> = Vec::new();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let all = found.iter().map(|(_, s)| s).chain(pair_bytes.iter().map(|(_, s)| s));
    for sequence in all {
        spans.push((buffer.len(), sequence.len()));
        buffer.extend_from_slice(sequence);
    }
    let buffer: &'static [u8] = Box::leak(buffer.into_boxed_slice());
    let mut slices: Vec<&'static [u8]> =
        spans.iter().map(|&(start, len)| &buffer[start..start + len]).collect();
    let pair_slices = slices.split_off(found.len());
    let pairs = pair_bytes.into_iter().map(|(text, _)| text).zip(pair_slices).collect();
    let mut inverse = Inverse {
        sequences: slices,
        pages: (0..256).map(|_| None).collect(),
        astral: Vec::new(),
        pairs,
    };
    let mut start = 0;
    while start < found.len() {
        let c = found[start].0;
        let count = found[start..].iter().take_while(|(k, _)| *k == c).count();
        let entry = ((start as u32) << 8) | count.min(255) as u32;
        let code = c as u32;
        if code <= 0xFFFF {
            let page =
                inverse.pages[(code >> 8) as usize].get_or_insert_with(|| Box::new([0; 256]));
            page[(code & 0xFF) as usize] = entry;
        } else {
            inverse.astral.push((c, entry));
        }
        start += count;
    }
    inverse
}
