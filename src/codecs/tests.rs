//! The codecs against the Encoding Standard's own index files (`third_party/whatwg/`): every
//! pointer decodes to the index's code point and round-trips through the extended encoder.
//! And no input makes them panic.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::*;

/// `index-<name>.txt` as pointer -> code point.
fn index(name: &str) -> BTreeMap<u32, char> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("third_party/whatwg")
        .join(format!("index-{name}.txt"));
    let text = std::fs::read_to_string(&path).expect("the WHATWG index files");
    let mut table = BTreeMap::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split('\t');
        let pointer = fields.next().unwrap().trim().parse().unwrap();
        let code = u32::from_str_radix(fields.next().unwrap().trim_start_matches("0x"), 16);
        table.insert(pointer, char::from_u32(code.unwrap()).unwrap());
    }
    table
}

fn enc(name: &str) -> &'static Encoding {
    encoding_for(name).unwrap()
}

/// Decodes to `expected` and encodes back to bytes that decode to it.
fn check(encoding: &'static Encoding, bytes: &[u8], expected: &str) {
    assert_eq!(decode_strict(bytes, encoding).as_deref(), Ok(expected), "{bytes:x?}");
    let encoded = encode(expected, encoding).expect("encodable");
    assert_eq!(decode(&encoded, encoding), expected, "{}", encoding.name());
}

#[test]
fn every_label_of_encodings_json() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("third_party/whatwg/encodings.json");
    let json = std::fs::read_to_string(path).expect("encodings.json");
    let quoted = |line: &str| line.split('"').nth(1).map(str::to_owned);
    let (mut labels, mut in_labels, mut checked) = (Vec::new(), false, 0);
    for line in json.lines().map(str::trim) {
        if line.starts_with("\"labels\"") {
            in_labels = true;
        } else if in_labels && line.starts_with(']') {
            in_labels = false;
        } else if in_labels {
            labels.extend(quoted(line));
        } else if line.starts_with("\"name\"") {
            let name = line.split('"').nth(3).unwrap();
            for label in labels.drain(..) {
                assert_eq!(encoding_for(&label).map(|e| e.name()), Some(name), "{label}");
                let shouted = format!(" \t{}\n", label.to_ascii_uppercase());
                assert_eq!(encoding_for(&shouted).map(|e| e.name()), Some(name));
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 228);
}

#[test]
fn single_byte_indexes() {
    for &name in &SINGLE_BYTE_NAMES[..29] {
        let file = match name {
            "ISO-8859-8-I" => "iso-8859-8".to_string(),
            "x-user-defined" => continue,
            _ => name.to_ascii_lowercase(),
        };
        let table = index(&file);
        let encoding = enc(name);
        let high = &single_byte(name).unwrap().high;
        for pointer in 0..128u32 {
            let byte = [0x80 + pointer as u8];
            match table.get(&pointer) {
                Some(&c) => {
                    check(encoding, &byte, &c.to_string());
                    assert_eq!(encode(&c.to_string(), encoding).unwrap(), byte);
                    assert_eq!(high[pointer as usize], c);
                }
                None if name == "windows-1252" => unreachable!("windows-1252 defines every byte"),
                None => {
                    assert_eq!(decode_strict(&byte, encoding).unwrap_err().input, 0..1);
                    assert_eq!(high[pointer as usize], '\u{FFFD}');
                }
            }
        }
    }
    let user = enc("x-user-defined");
    for byte in 0x80..=0xFFu8 {
        check(user, &[byte], &char::from_u32(0xF780 + byte as u32 - 0x80).unwrap().to_string());
    }
}

#[test]
fn windows_1252_writes_c1_controls_as_their_bytes() {
    let c1: String = (0x80..=0x9Fu32).filter_map(char::from_u32).collect();
    let bytes: Vec<u8> = (0x80..=0x9F).collect();
    assert_eq!(encode(&c1, enc("windows-1252")).unwrap(), bytes);
    assert_eq!(encode("\u{80}", enc("windows-1250")).unwrap_err().input, 0..2);
}

#[test]
fn gb18030_and_gbk_index() {
    let (gb18030, gbk) = (enc("gb18030"), enc("GBK"));
    for (&pointer, &c) in &index("gb18030") {
        let (lead, trail) = (pointer / 190, pointer % 190);
        let bytes = [(lead + 0x81) as u8, (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8];
        check(gb18030, &bytes, &c.to_string());
        if c != '\u{20AC}' {
            check(gbk, &bytes, &c.to_string());
        }
    }
    // every BMP four-byte sequence: the ranges (with the standard's pointer 7457 exception)
    let ranges = index("gb18030-ranges");
    for pointer in 0..39420u32 {
        let c = if pointer == 7457 {
            '\u{E7C7}'
        } else {
            let (&start, &first) = ranges.range(..=pointer).next_back().unwrap();
            char::from_u32(first as u32 + pointer - start).unwrap()
        };
        let bytes = [
            (pointer / 12600 + 0x81) as u8,
            (pointer / 1260 % 10 + 0x30) as u8,
            (pointer / 10 % 126 + 0x81) as u8,
            (pointer % 10 + 0x30) as u8,
        ];
        check(gb18030, &bytes, &c.to_string());
    }
    assert!(encode("\u{E5E5}", gb18030).is_err()); // the standard's one unencodable BMP character
                                                   // GB18030-2022's encoder-only table: no decoder produces U+E843 any more, 0xFE 0x7E is U+9FB9
    assert_eq!(encode("\u{E843}", gb18030).unwrap(), b"\xfe\x7e");
    assert_eq!(encode("\u{E843}", gbk).unwrap(), b"\xfe\x7e");
    assert!(encode("\u{80}", gbk).is_err()); // GBK's encoder has no four-byte sequences
    assert_eq!(encode("😀", gb18030).unwrap(), b"\x94\x39\xfc\x36");
}

#[test]
fn big5_index() {
    let big5 = enc("Big5");
    let pairs = [
        (1133, "\u{CA}\u{304}"),
        (1135, "\u{CA}\u{30C}"),
        (1164, "\u{EA}\u{304}"),
        (1166, "\u{EA}\u{30C}"),
    ];
    let bytes_of = |pointer: u32| {
        let (lead, trail) = (pointer / 157, pointer % 157);
        [(lead + 0x81) as u8, (trail + if trail < 0x3F { 0x40 } else { 0x62 }) as u8]
    };
    for (pointer, pair) in pairs {
        check(big5, &bytes_of(pointer), pair);
        assert_eq!(encode(pair, big5).unwrap(), bytes_of(pointer));
    }
    for (&pointer, &c) in &index("big5") {
        check(big5, &bytes_of(pointer), &c.to_string());
    }
}

#[test]
fn euc_kr_index() {
    let euc_kr = enc("EUC-KR");
    for (&pointer, &c) in &index("euc-kr") {
        let bytes = [(pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8];
        check(euc_kr, &bytes, &c.to_string());
    }
}

#[test]
fn jis_indexes() {
    let (sjis, euc_jp, iso) = (enc("Shift_JIS"), enc("EUC-JP"), enc("ISO-2022-JP"));
    for (&pointer, &c) in &index("jis0208") {
        let (lead, trail) = (pointer / 188, pointer % 188);
        let bytes = [
            (lead + if lead < 0x1F { 0x81 } else { 0xC1 }) as u8,
            (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8,
        ];
        check(sjis, &bytes, &c.to_string());
        if pointer < 94 * 94 {
            let (row, cell) = ((pointer / 94) as u8, (pointer % 94) as u8);
            check(euc_jp, &[row + 0xA1, cell + 0xA1], &c.to_string());
            check(
                iso,
                &[0x1B, b'$', b'B', row + 0x21, cell + 0x21, 0x1B, b'(', b'B'],
                &c.to_string(),
            );
        }
    }
    for (&pointer, &c) in &index("jis0212") {
        let (row, cell) = ((pointer / 94) as u8, (pointer % 94) as u8);
        check(euc_jp, &[0x8F, row + 0xA1, cell + 0xA1], &c.to_string());
    }
    // Shift_JIS's user-defined area
    for pointer in 8836..=10715u32 {
        let (lead, trail) = (pointer / 188, pointer % 188);
        let bytes = [(lead + 0xC1) as u8, (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8];
        check(sjis, &bytes, &char::from_u32(0xE000 + pointer - 8836).unwrap().to_string());
    }
    // ISO-2022-JP keeps halfwidth katakana
    assert_eq!(encode("aｱ", iso).unwrap(), b"a\x1b(I1\x1b(B");
    assert_eq!(encode("a¥b~", iso).unwrap(), b"a\x1b(J\\b\x1b(B~");
    assert_eq!(encode("−", iso).unwrap(), b"\x1b$B!]\x1b(B");
    let error = encode("日\u{1B}", iso).unwrap_err();
    assert_eq!(error.input, 3..4);
}

#[test]
fn byte_sequences_are_every_way_to_write_a_character() {
    let sjis = enc("Shift_JIS");
    // NEC row 13 and IBM extensions: the standard's encoder picks the JIS X 0208 one.
    assert_eq!(byte_sequences(sjis, '∵'), [&b"\x81\xe6"[..], b"\x87\x9a", b"\xfa\x5b"]);
    let big5 = enc("Big5");
    assert_eq!(byte_sequences(big5, '\u{5341}').len(), 2);
    assert!(byte_sequences(enc("windows-1252"), 'é').is_empty());
    for name in ["GBK", "gb18030", "Big5", "EUC-JP", "Shift_JIS", "EUC-KR"] {
        let encoding = enc(name);
        let mut counted = 0;
        for code in 0x80..0x3_0000u32 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let text = c.to_string();
            for sequence in byte_sequences(encoding, c) {
                assert_eq!(decode_strict(sequence, encoding).as_deref(), Ok(&*text));
                counted += 1;
            }
            if let Some(first) = byte_sequences(encoding, c).first() {
                // every character the decoder produces round-trips
                let encoded = encode(&text, encoding).unwrap();
                assert_eq!(decode(&encoded, encoding), text, "{name} {code:#x}");
                if !encoding_rs_encodes(encoding, c) {
                    assert_eq!(&encoded, first); // the fallback is the first sequence
                }
            }
        }
        assert!(counted > 8000, "{name}: {counted}");
    }
}

/// Whether encoding_rs's own encoder has bytes for `c`.
fn encoding_rs_encodes(encoding: &'static Encoding, c: char) -> bool {
    let (_, _, unmappable) = encoding.encode(&c.to_string());
    !unmappable
}

/// A small deterministic generator (xorshift64*), so the tests need no crate and repeat.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const NAMES: [&str; 40] = [
    "UTF-8",
    "IBM866",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-8-I",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "GBK",
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
    "replacement",
    "UTF-16BE",
    "UTF-16LE",
    "x-user-defined",
];

#[test]
fn arbitrary_bytes_never_panic_and_errors_are_where_the_replacements_are() {
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let interesting = [
        0x00, 0x1B, 0x24, 0x28, 0x30, 0x39, 0x40, 0x42, 0x7F, 0x80, 0x81, 0x8E, 0x8F, 0xA1, 0xD8,
        0xDC, 0xFE, 0xFF,
    ];
    for round in 0..3000 {
        let length = random.below(24) as usize;
        let bytes: Vec<u8> = (0..length)
            .map(|_| match random.below(3) {
                0 => interesting[random.below(interesting.len() as u64) as usize],
                _ => random.below(256) as u8,
            })
            .collect();
        for name in NAMES {
            let encoding = enc(name);
            let (text, errors) = decode_with_errors(&bytes, encoding);
            assert_eq!(text, decode(&bytes, encoding), "{name} {bytes:x?}");
            let mut last_end = 0;
            for error in &errors {
                assert!(error.input.start < error.input.end && error.input.end <= bytes.len());
                assert!(error.input.start >= last_end || name == "replacement", "{name} {round}");
                assert_eq!(&text[error.output..error.output + 3], "\u{FFFD}");
                last_end = error.input.end;
            }
            assert!(text.matches('\u{FFFD}').count() >= errors.len());
            assert_eq!(decode_strict(&bytes, encoding).is_ok(), errors.is_empty(), "{name}");
            assert_eq!(String::from_utf16(&decode_utf16(&bytes, encoding)).unwrap(), text);
            match (decode_strict(&bytes, encoding), decode_utf16_strict(&bytes, encoding)) {
                (Ok(text), Ok(units)) => assert_eq!(String::from_utf16(&units).unwrap(), text),
                (Err(a), Err(b)) => assert_eq!(a.input, b.input, "{name} {bytes:x?}"),
                (a, b) => panic!("{name} {bytes:x?}: {a:?} {b:?}"),
            }
            if let Some(table) = single_byte(encoding.name()) {
                let mut units = vec![0u16; bytes.len()];
                table.decode_into(&bytes, &mut units);
                assert_eq!(String::from_utf16(&units).unwrap(), text);
                let survey = table.survey(&bytes);
                assert_eq!(survey.wide, text.chars().any(|c| c as u32 > 0xFF));
                let undefined = bytes.iter().position(|&b| table.decode(b) == '\u{FFFD}');
                assert_eq!(survey.first_undefined, undefined);
            }
        }
    }
}

#[test]
fn lone_surrogates_are_unencodable_units() {
    let units: [u16; 4] = [0x61, 0xDC80, 0xDCFF, 0x62];
    for name in ["windows-1252", "Shift_JIS", "gb18030"] {
        let (bytes, errors) = encode_units(&units, enc(name), false).unwrap();
        assert_eq!((bytes, errors), (b"ab".to_vec(), vec![Unencodable { input: 1..3, output: 1 }]));
    }
}

#[test]
fn arbitrary_text_never_panics_and_round_trips_where_encodable() {
    let mut random = Random(0x2545_F491_4F6C_DD1D);
    let pool: Vec<char> = "a\\~\u{1B}\u{E}é€\u{80}\u{81}¥‾−ｱア日本語中文한국어ÊÊ̄\u{304}\u{30C}ḿ\u{E5E5}\u{E843}\u{E7C7}😀\u{10FFFF}\u{FFFD}\u{3000}∵丂"
        .chars()
        .collect();
    for _ in 0..3000 {
        let length = random.below(12) as usize;
        let text: String =
            (0..length).map(|_| pool[random.below(pool.len() as u64) as usize]).collect();
        for name in NAMES {
            let encoding = enc(name);
            let (bytes, errors) = encode_with_errors(&text, encoding);
            let units: Vec<u32> = text.chars().map(u32::from).collect();
            if let Some((from_units, unit_errors)) = encode_units(&units, encoding, false) {
                // the same encoder over a str's own storage: same bytes, same errors
                assert_eq!(from_units, bytes, "{name} {text:?}");
                let outputs = |e: &[Unencodable]| e.iter().map(|e| e.output).collect::<Vec<_>>();
                assert_eq!(outputs(&unit_errors), outputs(&errors), "{name} {text:?}");
            }
            for error in &errors {
                assert!(
                    text.is_char_boundary(error.input.start)
                        && text.is_char_boundary(error.input.end)
                );
                assert!(error.output <= bytes.len());
            }
            assert_eq!(encode(&text, encoding).is_ok(), errors.is_empty(), "{name} {text:?}");
            // The standard's mappings that are no round trips (¥ ‾ − in the Japanese encodings,
            // the encoder-only GB18030-2022 characters, U+0080 as windows-1252's 0x80, which is
            // €) aside, what encodes decodes back.
            let one_way = |c: char| "¥‾−\u{80}\u{E843}".contains(c);
            if errors.is_empty() && !text.chars().any(one_way) {
                assert_eq!(decode(&bytes, encoding), text, "{name}");
            }
        }
    }
}

#[test]
fn one_character_is_what_encoding_rs_decodes_every_short_sequence_to() {
    // Every byte and every lead byte with every trail: by the table, or beyond the BMP by
    // encoding_rs, always the one character encoding_rs decodes them to on their own.
    for name in ["GBK", "gb18030", "Big5", "EUC-JP", "Shift_JIS", "EUC-KR"] {
        let encoding = enc(name);
        for lead in 0x80..=0xFFu8 {
            for trail in (0..=0xFFu8).map(Some).chain([None]) {
                let bytes: Vec<u8> = [lead].into_iter().chain(trail).collect();
                let decoded = decode_strict(&bytes, encoding).ok().filter(|text| {
                    let mut chars = text.chars();
                    chars.next().is_some_and(|c| c as u32 >= 0x80) && chars.next().is_none()
                });
                let expected = decoded.and_then(|text| text.chars().next());
                assert_eq!(one_character(encoding, &bytes), expected, "{name} {bytes:x?}");
            }
        }
    }
}

#[test]
fn the_double_byte_table_reads_every_sequence_as_encoding_rs_does() {
    // Every lead and trail byte, alone, twice, cut short and before ASCII: the table's start
    // and encoding_rs's rest agree with encoding_rs alone, to the same first error.
    let as_units = |text: &str| text.encode_utf16().collect::<Vec<u16>>();
    for name in ["GBK", "gb18030", "Big5", "EUC-JP", "Shift_JIS", "EUC-KR"] {
        let encoding = enc(name);
        for lead in 0x80..=0xFFu8 {
            for trail in 0..=0xFFu8 {
                for bytes in [
                    &[lead, trail][..],
                    &[b'a', lead, trail, lead, trail, b'b'],
                    &[lead, trail, lead],
                    &[lead, trail, 0x30, 0x81, 0x30],
                ] {
                    let expected = decode(bytes, encoding);
                    assert_eq!(
                        decode_utf16(bytes, encoding),
                        as_units(&expected),
                        "{name} {bytes:x?}"
                    );
                    let strict = decode_utf16_strict(bytes, encoding).map_err(|e| e.input);
                    let expected = decode_strict(bytes, encoding).map_err(|e| e.input);
                    assert_eq!(strict, expected.map(|text| as_units(&text)), "{name} {bytes:x?}");
                }
            }
        }
    }
}
