//! Encodings as the engine needs them (a stand-in until the codecs over encoding_rs land):
//! the decode tables of single-byte encodings and the byte sequences of multi-byte ones.

use encoding_rs::Encoding;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A WHATWG label or canonical name to its encoding.
pub fn encoding_for(name: &str) -> Option<&'static Encoding> {
    Encoding::for_label(name.as_bytes())
}

/// A single-byte encoding: what bytes 0x80..=0xFF decode to.
pub struct SingleByte {
    pub name: &'static str,
    pub high: [char; 128],
    inverse: Vec<(char, u8)>,
}

impl SingleByte {
    fn new(name: &'static str, high: [char; 128]) -> SingleByte {
        let mut inverse: Vec<(char, u8)> = Vec::with_capacity(128);
        for (i, &c) in high.iter().enumerate() {
            if !inverse.iter().any(|&(d, _)| d == c) {
                inverse.push((c, 0x80 + i as u8));
            }
        }
        inverse.sort_unstable();
        SingleByte { name, high, inverse }
    }

    /// The byte this encoding decodes to `c`, if any (ASCII is itself).
    pub fn encode(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            return Some(c as u8);
        }
        self.inverse.binary_search_by_key(&c, |&(d, _)| d).ok().map(|i| self.inverse[i].1)
    }
}

const IBM437: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}";
const IBM850: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u{ad}±‗¾¶§÷¸°¨·¹³²■\u{a0}";

fn table_of(chars: &str) -> [char; 128] {
    let mut high = ['\0'; 128];
    for (slot, c) in high.iter_mut().zip(chars.chars()) {
        *slot = c;
    }
    high
}

/// The single-byte encoding of this name: WHATWG's, `IBM437`, `IBM850` or `latin-1`.
pub fn single_byte(name: &str) -> Option<&'static SingleByte> {
    static TABLES: OnceLock<Vec<SingleByte>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let mut tables = vec![
            SingleByte::new("IBM437", table_of(IBM437)),
            SingleByte::new("IBM850", table_of(IBM850)),
            SingleByte::new("latin-1", std::array::from_fn(|i| char::from(0x80 + i as u8))),
        ];
        for encoding in WHATWG_SINGLE_BYTE {
            let encoding = Encoding::for_label(encoding.as_bytes()).expect("a WHATWG name");
            let high = std::array::from_fn(|i| {
                let byte = [0x80 + i as u8];
                let (text, _) = encoding.decode_without_bom_handling(&byte);
                text.chars().next().unwrap_or('\u{FFFD}')
            });
            tables.push(SingleByte::new(encoding.name(), high));
        }
        tables
    });
    tables.iter().find(|t| t.name.eq_ignore_ascii_case(name))
}

const WHATWG_SINGLE_BYTE: [&str; 28] = [
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
];

type Sequences = HashMap<char, Vec<&'static [u8]>>;

/// Every 1-, 2- (and EUC-JP 3-) byte sequence the multi-byte decoder turns into `c`, in
/// pointer order.
pub fn byte_sequences(encoding: &'static Encoding, c: char) -> &'static [&'static [u8]] {
    static MAPS: OnceLock<Vec<(&'static Encoding, Sequences)>> = OnceLock::new();
    let maps = MAPS.get_or_init(|| {
        [
            encoding_rs::GBK,
            encoding_rs::GB18030,
            encoding_rs::SHIFT_JIS,
            encoding_rs::EUC_JP,
            encoding_rs::EUC_KR,
            encoding_rs::BIG5,
        ]
        .into_iter()
        .map(|e| (e, enumerate(e)))
        .collect()
    });
    maps.iter()
        .find(|(e, _)| *e == encoding)
        .and_then(|(_, map)| map.get(&c))
        .map_or(&[], |v| v.as_slice())
}

fn enumerate(encoding: &'static Encoding) -> Sequences {
    let mut map: Sequences = HashMap::new();
    let mut add = |bytes: Vec<u8>| {
        if let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(&bytes) {
            let mut chars = text.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                if !c.is_ascii() {
                    map.entry(c).or_default().push(Box::leak(bytes.into_boxed_slice()));
                }
            }
        }
    };
    for first in 0x80..=0xFFu8 {
        add(vec![first]);
        for second in 0x40..=0xFEu8 {
            add(vec![first, second]);
        }
    }
    if encoding == encoding_rs::EUC_JP {
        for second in 0xA1..=0xFEu8 {
            for third in 0xA1..=0xFEu8 {
                add(vec![0x8F, second, third]);
            }
        }
    }
    map
}
