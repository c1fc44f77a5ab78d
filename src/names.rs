//! Chinese personal names: a family name of one character, then a given name of one or two.
//!
//! Names are what a column of a table most often holds in CJK, and a name read by the wrong
//! multi-byte decoder ("刘莹" as Shift_JIS "蛻倩嫉") is a string of three rare ideographs
//! the model of text cannot tell from a word: it has no context. A repair that makes a word
//! of two or three ideographs beginning with a common family name makes a likely name; the
//! decision counts it as evidence (`decision::Parameters::known_name`).
//!
//! The family names are the hundred commonest of mainland China, by the Ministry of Public
//! Security's 2019 report on registered names (85.9 % of the population bears one), in their
//! simplified and traditional forms (闫 also as 阎, the form most texts write), and the
//! commonest of Taiwan's household registration that are not among them.

/// Family names, simplified and traditional, as one string (sorted at first use).
const FAMILY_NAMES: &str = concat!(
    // The 2019 top hundred, in order.
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许邓韩冯曹彭曾肖田董潘袁蔡蒋余于杜叶",
    "程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金韦贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛",
    "郝顾龚邵万覃武钱戴严欧莫孔向汤",
    // Their traditional forms, where they differ.
    "張劉陳楊黃趙吳孫馬羅鄭謝許鄧韓馮蕭蔣葉蘇呂盧鍾譚陸韋賈鄒閆龍賀顧龔萬錢嚴歐湯",
    // 闫 is registered for the family name also written 阎 (閻 in traditional characters).
    "阎閻",
    // Taiwan's common family names beyond them.
    "莊庄賴赖洪簡简顏颜翁柯傅詹施游卓阮温溫藍蓝古紀纪連连尤巫涂童柳倪駱骆甘章官俞饒饶",
);

/// Is `c` one of the common family names?
///
/// ```
/// use _core::names::is_family_name;
/// assert!(is_family_name('刘') && is_family_name('劉') && is_family_name('莊'));
/// assert!(is_family_name('罗') && is_family_name('羅'));
/// assert!(is_family_name('闫') && is_family_name('阎') && is_family_name('閻'));
/// assert!(!is_family_name('倩') && !is_family_name('a'));
/// ```
pub fn is_family_name(c: char) -> bool {
    static SORTED: std::sync::OnceLock<Vec<char>> = std::sync::OnceLock::new();
    let sorted = SORTED.get_or_init(|| {
        let mut chars: Vec<char> = FAMILY_NAMES.chars().collect();
        chars.sort_unstable();
        chars.dedup();
        chars
    });
    sorted.binary_search(&c).is_ok()
}

/// Is `c` a CJK unified ideograph (the main block or extension A)?
fn is_ideograph(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

/// Is `c` a hanzi of the sets Chinese is written in: GB2312's (GBK's rows B0 to F7) or Big5's
/// two levels (A440 to C67E, C940 to F9D5)? A Japanese form ("価" for 價) or a kanji made in
/// Japan ("榊") is in neither, and a name is not written with it.
///
/// ```
/// use _core::names::is_chinese_hanzi;
/// assert!(is_chinese_hanzi('李') && is_chinese_hanzi('譚') && is_chinese_hanzi('刘'));
/// assert!(!is_chinese_hanzi('価') && !is_chinese_hanzi('榊') && !is_chinese_hanzi('a'));
/// ```
pub fn is_chinese_hanzi(c: char) -> bool {
    let pairs = |encoding: &'static encoding_rs::Encoding| {
        let pair = |bytes: &&[u8]| match **bytes {
            [lead, trail] => Some((lead, trail)),
            _ => None,
        };
        crate::codecs::byte_sequences(encoding, c).iter().filter_map(pair)
    };
    let gb2312 = || {
        pairs(encoding_rs::GBK).any(|(lead, trail)| (0xB0..=0xF7).contains(&lead) && trail >= 0xA1)
    };
    let big5 = || {
        pairs(encoding_rs::BIG5).any(|(lead, trail)| {
            let code = u16::from_be_bytes([lead, trail]);
            (0xA440..=0xC67E).contains(&code) || (0xC940..=0xF9D5).contains(&code)
        })
    };
    is_ideograph(c) && (gb2312() || big5())
}

/// Does `word` (a whole word: no letter before or after it) read as a Chinese name: two or
/// three hanzi ([`is_chinese_hanzi`]), the first a common family name? A Shift_JIS reading of
/// a name may begin with one ("譚取価" is 李承) and end in a Japanese form.
///
/// ```
/// use _core::names::is_name;
/// let name = |s: &str| is_name(&s.chars().collect::<Vec<_>>());
/// assert!(name("刘莹") && name("張信") && name("欧阳娜"));
/// assert!(!name("蛻倩嫉") && !name("刘") && !name("刘德华先生") && !name("王a"));
/// assert!(!name("譚取価"));
/// ```
pub fn is_name(word: &[char]) -> bool {
    (2..=3).contains(&word.len())
        && is_family_name(word[0])
        && word.iter().all(|&c| is_chinese_hanzi(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_name_is_one_ideograph() {
        assert!(FAMILY_NAMES.chars().all(is_ideograph));
        let distinct: std::collections::HashSet<char> = FAMILY_NAMES.chars().collect();
        assert!(distinct.len() > 150, "{}", distinct.len());
    }
}
