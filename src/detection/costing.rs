//! The cost of candidate decodings of the same bytes under the model of real text: how a
//! choice between encodings is made by the decoded text.
//!
//! Only the words that hold a non-ASCII byte are costed ([`sample`]): ASCII words decode alike
//! in every candidate. Candidates of one script read most of those words alike too
//! (windows-1252, ISO-8859-15 and macintosh read "Grüße" the same), and a page repeats its
//! words, so each distinct word, in its context, is costed once for every candidate and every
//! place that reads it ([`Readings`]); the sums are the same as costing each word each time.

use std::hash::{Hash, Hasher};
use std::ops::Range;

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};
use rustc_hash::{FxHashMap, FxHasher};

use crate::codecs::{self, SingleByte};
use crate::model::{models, Cost, Inventory, Token, SCALE};

/// How much real text the bytes make in one encoding: [`decoding_cost`]'s result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecodingCost {
    /// The model's cost of the sampled words, in nats (lower is likelier).
    pub cost: f64,
    /// What their letters cost in the one language that writes them all most cheaply,
    /// beyond what each costs in its own cheapest language, in nats: 0 when one language
    /// writes them all, high when none does (Hungarian ő beside French û).
    pub language: f64,
    /// Malformed byte sequences in the sample (each one a U+FFFD).
    pub malformed: usize,
    /// A hash of the decoded sample (FNV-1a over a hash of each word's text): equal for
    /// encodings that read the sample alike.
    pub digest: u64,
    /// Characters the sample decoded to.
    pub chars: usize,
}

/// Non-ASCII bytes to look at, at most, before only words with a byte value not seen yet:
/// enough to tell encodings apart, and a bound on the work for a page of any size. Chosen on
/// the train split of `corpus/undeclared`: every page there decodes alike with 512 to 4,096
/// (`scripts/bench_undeclared.py --split train`).
pub const SAMPLE_NON_ASCII: usize = 1024;

/// Is this byte a place where every ASCII-compatible encoding of the standard is between two
/// characters? Controls, space, punctuation `!`..`/` and `:`..`?` are never the second byte
/// of a multi-byte sequence (digits are, in gb18030's four-byte ones).
#[inline]
fn is_boundary(byte: u8) -> bool {
    byte < 0x30 || (0x3A..=0x3F).contains(&byte)
}

/// The longest run of bytes costed at once: a longer word (CJK text runs between ASCII
/// punctuation, or hostile input with none) is cut, so that the sample stays bounded.
pub const MAX_PIECE: usize = 1024;

/// Bytes of a page costed whole by [`decoding_cost`] for UTF-16, and by [`prefix_cost`].
pub const UTF_16_SAMPLE: usize = MAX_PIECE;

/// The cost of the first [`UTF_16_SAMPLE`] bytes of `bytes` decoded with `encoding`, ASCII
/// included: how BOM-less UTF-16 (whose ASCII is NUL bytes to an 8-bit decoder) is weighed
/// against the other candidates.
///
/// ```
/// use _core::codecs::encoding_for;
/// use _core::detection::prefix_cost;
/// let bytes: Vec<u8> = "<p>plain</p>".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// let utf16 = prefix_cost(&bytes, encoding_for("UTF-16LE").unwrap());
/// let latin = prefix_cost(&bytes, encoding_for("windows-1252").unwrap());
/// assert!(utf16.cost < latin.cost);
/// ```
pub fn prefix_cost(bytes: &[u8], encoding: &'static Encoding) -> DecodingCost {
    prefix_costs(bytes, &[encoding]).remove(0)
}

/// [`prefix_cost`] of each encoding.
pub fn prefix_costs(bytes: &[u8], encodings: &[&'static Encoding]) -> Vec<DecodingCost> {
    let prefix =
        [Word { before: None, bytes: 0..bytes.len().min(UTF_16_SAMPLE) & !1, after: None }];
    let mut readings = Readings::default();
    let every = |&encoding| readings.cost(bytes, &prefix, encoding, f64::INFINITY);
    encodings.iter().map(every).map(|cost| cost.expect("no limit")).collect()
}

/// The cost of `bytes` decoded with `encoding`, over the words (the spans between
/// `is_boundary` bytes, each costed between the boundary characters around it) that hold a
/// non-ASCII byte: up to [`SAMPLE_NON_ASCII`] non-ASCII bytes, then only words with a byte
/// value not seen before. UTF-16 is costed as by [`prefix_cost`] (its bytes have no such
/// boundaries).
///
/// ```
/// use _core::codecs::encoding_for;
/// use _core::detection::decoding_cost;
/// let bytes = b"<p>\x93\xfa\x96\x7b\x8c\xea</p>"; // 日本語 in Shift_JIS
/// let sjis = decoding_cost(bytes, encoding_for("Shift_JIS").unwrap());
/// let euc_kr = decoding_cost(bytes, encoding_for("EUC-KR").unwrap());
/// assert_eq!((sjis.chars, sjis.malformed), (3, 0));
/// assert!(sjis.cost < euc_kr.cost);
/// ```
pub fn decoding_cost(bytes: &[u8], encoding: &'static Encoding) -> DecodingCost {
    decoding_costs(bytes, &[encoding]).remove(0)
}

/// [`decoding_cost`] of each encoding: the same sums, with each distinct word costed once.
pub fn decoding_costs(bytes: &[u8], encodings: &[&'static Encoding]) -> Vec<DecodingCost> {
    let costs = decoding_costs_within(bytes, encodings, None);
    costs.into_iter().map(|cost| cost.expect("no reach: every cost")).collect()
}

/// How a choice weighs a candidate's costs, and the most its witnesses can take off one
/// reading: what [`decoding_costs_within`] needs to know which candidates cannot be the
/// choice or the runner-up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reach {
    /// The weight of [`DecodingCost::language`] (at least 0).
    pub language: f64,
    /// The cost of a malformed sequence (at least 0).
    pub malformed: f64,
    /// Every witness's credit together, in nats.
    pub credits: f64,
}

impl Reach {
    /// A candidate's own cost, before its witnesses' credits.
    fn own(&self, cost: &DecodingCost) -> f64 {
        cost.cost + self.language * cost.language + self.malformed * cost.malformed as f64
    }
}

/// [`decoding_costs`], giving up on a candidate (`None`) as soon as the words costed so far
/// cost more than two other readings of the bytes, with every credit: it can be neither the
/// choice nor the runner-up. Every term of a cost is at least 0, so what the words so far cost
/// is the least it can cost. Candidates are costed in order: the likeliest first gives up
/// soonest. Without a `reach`, every candidate is costed.
///
/// ```
/// use _core::codecs::encoding_for;
/// use _core::detection::{decoding_costs, decoding_costs_within, Reach};
/// let page = "<p>Съешь же ещё этих мягких французских булок, да выпей чаю.</p>";
/// let names = ["windows-1251", "KOI8-R", "windows-1252", "Shift_JIS"];
/// let encodings: Vec<_> = names.iter().map(|&n| encoding_for(n).unwrap()).collect();
/// let bytes = encodings[0].encode(page).0;
/// let reach = Reach { language: 2.0, malformed: 30.0, credits: 5.0 };
/// let within = decoding_costs_within(&bytes, &encodings, Some(reach));
/// let all = decoding_costs(&bytes, &encodings);
/// assert_eq!((within[0], within[1]), (Some(all[0]), Some(all[1])));
/// assert_eq!((within[2], within[3]), (None, None)); // gibberish, given up
/// ```
pub fn decoding_costs_within(
    bytes: &[u8],
    encodings: &[&'static Encoding],
    reach: Option<Reach>,
) -> Vec<Option<DecodingCost>> {
    let words = sample(bytes);
    let mut readings = Readings::default();
    // The two cheapest readings so far (by digest and malformed sequences), with their own
    // costs: a candidate that costs more than the second of them with every credit is out.
    let mut cheapest: [Option<(u64, usize, f64)>; 2] = [None, None];
    let mut costs = Vec::with_capacity(encodings.len());
    for &encoding in encodings {
        let limit = match (reach, cheapest[1]) {
            (Some(reach), Some((_, _, second))) => second + reach.credits,
            _ => f64::INFINITY,
        };
        let cost = if encoding == UTF_16LE || encoding == UTF_16BE {
            Some(prefix_cost(bytes, encoding))
        } else {
            readings.cost(bytes, &words, encoding, limit)
        };
        if let (Some(reach), Some(cost)) = (reach, &cost) {
            let own = (cost.digest, cost.malformed, reach.own(cost));
            let same =
                |c: &Option<(u64, usize, f64)>| c.is_some_and(|c| (c.0, c.1) == (own.0, own.1));
            if !cheapest.iter().any(same) {
                if cheapest[0].is_none_or(|c| own.2 < c.2) {
                    cheapest = [Some(own), cheapest[0]];
                } else if cheapest[1].is_none_or(|c| own.2 < c.2) {
                    cheapest[1] = Some(own);
                }
            }
        }
        costs.push(cost);
    }
    costs
}

/// The spans of the words of `bytes` that hold a non-ASCII byte, between the bytes where every
/// ASCII-compatible encoding is between two characters (`is_boundary`).
pub fn non_ascii_words(bytes: &[u8]) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut start = 0;
    let mut non_ascii = false;
    bytes.iter().map(Some).chain([None]).enumerate().filter_map(move |(i, byte)| {
        match byte {
            Some(&byte) if byte >= 0x80 => {
                non_ascii = true;
                return None;
            }
            Some(&byte) if !is_boundary(byte) => return None,
            _ => {}
        }
        let word = non_ascii.then_some(start..i);
        (start, non_ascii) = (i + 1, false);
        word
    })
}

/// A word of the sample: its bytes, and the ASCII characters before and after it (`None`: the
/// edge of the text).
#[derive(Clone, Debug, PartialEq)]
struct Word {
    before: Option<char>,
    bytes: Range<usize>,
    after: Option<char>,
}

/// The words [`decoding_cost`] costs, the same for every encoding: those that hold a non-ASCII
/// byte, up to [`SAMPLE_NON_ASCII`] non-ASCII bytes, then those with a byte value not seen
/// before (then two single-byte encodings that read the sample alike read the whole page
/// alike).
fn sample(bytes: &[u8]) -> Vec<Word> {
    let mut words = Vec::new();
    let mut seen_values = [false; 256];
    let mut seen = 0;
    for span in non_ascii_words(bytes) {
        let word = &bytes[span.clone()];
        let non_ascii = word.iter().filter(|&&b| b >= 0x80).count();
        let unseen = word.iter().any(|&b| b >= 0x80 && !seen_values[usize::from(b)]);
        if seen < SAMPLE_NON_ASCII || unseen {
            let before = span.start.checked_sub(1).map(|b| char::from(bytes[b]));
            let after = bytes.get(span.end).map(|&b| char::from(b));
            words.push(Word { before, bytes: span, after });
            seen += non_ascii;
            for &b in word {
                seen_values[usize::from(b)] = true;
            }
        }
    }
    words
}

/// The spans of the words [`decoding_cost`] costs: those that hold a non-ASCII byte, up to
/// [`SAMPLE_NON_ASCII`] non-ASCII bytes, then those with a byte value not seen before.
pub fn sampled_words(bytes: &[u8]) -> impl Iterator<Item = Range<usize>> {
    sample(bytes).into_iter().map(|word| word.bytes)
}

/// A word's bytes as they are decoded, and the character after it: a word longer than
/// [`MAX_PIECE`] is cut (and then has no character after it).
fn piece<'b>(bytes: &'b [u8], word: &Word) -> (&'b [u8], bool, Option<char>) {
    let piece = &bytes[word.bytes.clone()];
    if piece.len() <= MAX_PIECE {
        (piece, true, word.after)
    } else {
        (&piece[..MAX_PIECE], false, None)
    }
}

/// Decode a word with `encoding` into `text` (emptied first), and give the character after
/// it: a character split at the cut of a long word is left out, not malformed.
fn decode(
    encoding: &'static Encoding,
    bytes: &[u8],
    word: &Word,
    text: &mut String,
) -> Option<char> {
    let (piece, last, after) = piece(bytes, word);
    let mut decoder = encoding.new_decoder_without_bom_handling();
    text.clear();
    text.reserve(decoder.max_utf8_buffer_length(piece.len()).unwrap_or(4 * piece.len()));
    let _ = decoder.decode_to_string(piece, text, last);
    after
}

/// A hash of a word's text, a character at a time: the same for a text decoded into a string
/// and for one read from a single-byte table.
fn text_hash(text: impl Iterator<Item = char>) -> u64 {
    let mut hasher = FxHasher::default();
    text.for_each(|c| hasher.write_u32(c as u32));
    hasher.finish()
}

/// One letter for the letters the model cannot tell apart: Romanian's s and t with a comma
/// below, which Unicode text writes, and with a cedilla, which the legacy encodings that
/// lack the comma (windows-1250, ISO-8859-2) wrote instead. Which one a page has is for the
/// witnesses to say, not for the model, which has seen modern text only.
#[inline]
fn fold(c: char) -> char {
    match c {
        'ș' => 'ş',
        'Ș' => 'Ş',
        'ț' => 'ţ',
        'Ț' => 'Ţ',
        _ => c,
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// A hash of a word's context, told apart from its text's.
fn context_hash(before: Option<char>, after: Option<char>) -> u64 {
    let mut hasher = FxHasher::default();
    (before, after).hash(&mut hasher);
    hasher.finish().rotate_left(17)
}

/// A decoded word in its context, costed: what every candidate that reads it adds.
struct Reading {
    before: Option<char>,
    after: Option<char>,
    /// Where its text is in [`Readings::texts`], and its letters in [`Readings::letters`].
    text: Range<usize>,
    letters: Range<usize>,
    cost: Cost,
    chars: usize,
    malformed: usize,
}

/// The readings of a page's words costed so far, found by their context and text.
#[derive(Default)]
struct Readings {
    /// A hash of a reading's context and text, and the reading.
    index: FxHashMap<u64, usize>,
    list: Vec<Reading>,
    texts: String,
    letters: Vec<Token>,
}

impl Readings {
    /// The index of the reading between `before` and `after` whose text has this
    /// [`text_hash`], if it was costed, and is the text (`same`).
    fn known(
        &self,
        before: Option<char>,
        hash: u64,
        after: Option<char>,
        same: impl FnOnce(&str) -> bool,
    ) -> Option<usize> {
        let &index = self.index.get(&(hash ^ context_hash(before, after)))?;
        let known = &self.list[index];
        ((known.before, known.after) == (before, after) && same(&self.texts[known.text.clone()]))
            .then_some(index)
    }

    /// Cost the reading of `text` (whose [`text_hash`] is `hash`) between `before` and
    /// `after`, and give its index. Two readings with one hash: the second is costed, and not
    /// found again.
    fn add(&mut self, before: Option<char>, text: &str, hash: u64, after: Option<char>) -> usize {
        let index = self.list.len();
        self.index.entry(hash ^ context_hash(before, after)).or_insert(index);
        let models = models();
        let from = self.letters.len();
        let (mut chars, mut malformed) = (0, 0);
        for c in text.chars() {
            chars += 1;
            malformed += usize::from(c == '\u{FFFD}');
            let c = fold(c);
            if models.is_letter(c) {
                self.letters.push(models.token(c));
            }
        }
        let start = self.texts.len();
        self.texts.push_str(text);
        self.list.push(Reading {
            before,
            after,
            text: start..self.texts.len(),
            letters: from..self.letters.len(),
            cost: models.cost_between(before, text.chars().map(fold), after),
            chars,
            malformed,
        });
        index
    }

    /// The index of the reading of `word` decoded with `encoding`, costed if new, and its
    /// text's hash. A single-byte encoding's word is read from its table, and decoded into
    /// `text` only when new.
    fn find(
        &mut self,
        bytes: &[u8],
        word: &Word,
        encoding: &'static Encoding,
        table: Option<&SingleByte>,
        text: &mut String,
    ) -> (usize, u64) {
        let Some(table) = table else {
            let after = decode(encoding, bytes, word, text);
            let hash = text_hash(text.chars());
            let same = |known: &str| known == text.as_str();
            let found = self.known(word.before, hash, after, same);
            return (found.unwrap_or_else(|| self.add(word.before, text, hash, after)), hash);
        };
        let (piece, _, after) = piece(bytes, word);
        let chars = || piece.iter().map(|&b| table.decode(b));
        let hash = text_hash(chars());
        let same = |known: &str| known.chars().eq(chars());
        if let Some(index) = self.known(word.before, hash, after, same) {
            return (index, hash);
        }
        text.clear();
        text.extend(chars());
        (self.add(word.before, text, hash, after), hash)
    }

    /// The cost of `words` of `bytes` decoded with `encoding`: the sums of their readings,
    /// in the order of the words (the float sum is that of costing each word in turn); `None`
    /// as soon as the words so far cost more than `limit`.
    fn cost(
        &mut self,
        bytes: &[u8],
        words: &[Word],
        encoding: &'static Encoding,
        limit: f64,
    ) -> Option<DecodingCost> {
        let mut total =
            DecodingCost { cost: 0.0, language: 0.0, malformed: 0, digest: FNV_OFFSET, chars: 0 };
        let mut times: Vec<i64> = Vec::new();
        let mut text = String::new();
        let table = codecs::single_byte(encoding.name());
        for word in words {
            let (index, hash) = self.find(bytes, word, encoding, table, &mut text);
            let reading = &self.list[index];
            total.cost += reading.cost as f64 / SCALE as f64;
            total.chars += reading.chars;
            total.malformed += reading.malformed;
            total.digest = (total.digest ^ hash).wrapping_mul(FNV_PRIME);
            if total.cost > limit {
                return None;
            }
            if times.len() <= index {
                times.resize(self.list.len(), 0);
            }
            times[index] += 1;
        }
        // The language cost: what the letters cost in the one language that writes them all
        // most cheaply, beyond what each costs in its own cheapest language.
        let mut letters = Inventory::default();
        for (reading, n) in self.list.iter().zip(times).filter(|&(_, n)| n > 0) {
            for &token in &self.letters[reading.letters.clone()] {
                *letters.entry(token).or_insert(0) += n;
            }
        }
        let models = models();
        let together = models.language_cost(&letters);
        total.language = (together - models.language_cost_apart(&letters)) as f64 / SCALE as f64;
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::encoding_for;

    #[test]
    fn cost_looks_at_words_with_non_ascii_bytes_only() {
        let windows_1251 = encoding_for("windows-1251").unwrap();
        let word = windows_1251.encode("Привет").0;
        let plain = [b" ".as_slice(), &word, b" "].concat();
        let padded = [b"<html> <body> lots of ascii ".as_slice(), &word, b" </body>"].concat();
        let a = decoding_cost(&plain, windows_1251);
        let b = decoding_cost(&padded, windows_1251);
        assert_eq!((a.cost, a.chars), (b.cost, b.chars));
        assert_eq!(decoding_cost(b"only ascii", windows_1251).chars, 0);
    }

    #[test]
    fn a_byte_value_past_the_sample_still_tells_encodings_apart() {
        // windows-1253 and ISO-8859-7 read Greek alike but for a few bytes (0xA2: Ά or ’)
        let mut bytes = Vec::new();
        while bytes.len() < 4 * SAMPLE_NON_ASCII {
            bytes.extend_from_slice(b"\xe5\xdf\xed\xe1\xe9 ");
        }
        bytes.extend_from_slice(b"\xa2\xed\xf9\xf3\xe7");
        let greek = decoding_cost(&bytes, encoding_for("windows-1253").unwrap());
        let iso = decoding_cost(&bytes, encoding_for("ISO-8859-7").unwrap());
        assert_ne!(greek.digest, iso.digest);
    }

    #[test]
    fn malformed_sequences_are_counted() {
        let cost = decoding_cost(b"\x82\xa0 \x82", encoding_for("Shift_JIS").unwrap());
        assert_eq!(cost.malformed, 1);
    }

    #[test]
    fn candidates_costed_together_cost_what_each_costs_alone() {
        let page = "<p>Grüße, Zürich! Ça coûte 5 €, señor. Grüße “wieder”.</p>";
        let names = ["windows-1252", "ISO-8859-15", "macintosh", "windows-1250", "UTF-16LE"];
        let encodings: Vec<_> = names.iter().map(|&n| encoding_for(n).unwrap()).collect();
        for bytes in [encodings[0].encode(page).0, encodings[3].encode(page).0] {
            let together = decoding_costs(&bytes, &encodings);
            for (encoding, cost) in encodings.iter().zip(&together) {
                assert_eq!(*cost, decoding_cost(&bytes, encoding), "{}", encoding.name());
            }
            assert_ne!(together[0].digest, together[2].digest);
        }
        // One word, cut at MAX_PIECE: costed without the character after it.
        let long = [b"\xe9".repeat(MAX_PIECE + 5), b" x".to_vec()].concat();
        let cut = decoding_cost(&long, encodings[0]);
        assert_eq!(cut.chars, MAX_PIECE);
    }
}
