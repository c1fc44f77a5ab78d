//! The HTML Standard's "prescan a byte stream to determine its encoding": the `<meta>` that
//! declares a page's encoding in its first 1024 bytes, or else its XML declaration, read step
//! by step as the standard writes them
//! (<https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding>);
//! and the `<meta>` the tree builder meets later in a page ([`late_meta`]).
//!
//! Labels are the Encoding Standard's, looked up by `encoding_rs` ("get an encoding"); a
//! declaration keeps its label as written, for the reports of `mojifix.sniff`. The prescan
//! reads at most 1024 bytes, and the late scan moves forward through the page once: any
//! input costs linear time.
//!
//! ```
//! use _core::prescan::{prescan, Source};
//! let found = prescan(b"<html><meta charset='koi8-r'>").unwrap();
//! assert_eq!((found.source, found.encoding.name(), found.label), (Source::Meta, "KOI8-R", &b"koi8-r"[..]));
//! // a <meta> inside a quoted attribute value is no <meta>
//! assert!(prescan(b"<p title='<meta charset=koi8-r>'>").is_none());
//! ```

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

/// How many bytes the prescan reads: the standard suggests 1024, and browsers read 1024.
pub const PRESCAN_LENGTH: usize = 1024;

/// Which construct declared the encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A `<meta charset>`, or a `<meta http-equiv="content-type">` with a `content`.
    Meta,
    /// The `encoding` of an XML declaration (`<?xml ... encoding="..."?>`) at the start.
    Xml,
    /// `<?x` in UTF-16LE or UTF-16BE without a byte order mark ("prescan for UTF-16 XML
    /// declarations"); the label is the encoding's name.
    Utf16Xml,
}

/// What the prescan found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declaration<'a> {
    pub source: Source,
    /// The encoding the prescan returns: a `<meta>` or an XML declaration is read as ASCII,
    /// so UTF-16 there means UTF-8, and a `<meta>`'s x-user-defined means windows-1252.
    pub encoding: &'static Encoding,
    /// The encoding the label names, before those two rules.
    pub declared: &'static Encoding,
    /// The label as written, without the ASCII whitespace around it.
    pub label: &'a [u8],
}

/// The prescan of `bytes` (of which it reads the first [`PRESCAN_LENGTH`]): the declaration
/// that decides, or `None` (the standard's failure).
///
/// ```
/// use _core::prescan::prescan;
/// let encoding = |page: &[u8]| prescan(page).map(|found| found.encoding.name());
/// let pragma = b"<meta http-equiv=Content-Type content='text/html; charset=euc-jp'>";
/// assert_eq!(encoding(pragma), Some("EUC-JP"));
/// assert_eq!(encoding(b"<meta content='text/html; charset=euc-jp'>"), None); // no pragma
/// assert_eq!(encoding(b"<!-- <meta charset=koi8-r> --><meta charset=utf-16le>"), Some("UTF-8"));
/// assert_eq!(encoding(b"<?xml version='1.0' encoding='latin2'?>"), Some("ISO-8859-2"));
/// ```
pub fn prescan(bytes: &[u8]) -> Option<Declaration<'_>> {
    let data = &bytes[..bytes.len().min(PRESCAN_LENGTH)];
    for (start, encoding) in [(b"<\0?\0x\0", UTF_16LE), (b"\0<\0?\0x", UTF_16BE)] {
        if data.starts_with(start) {
            let label = encoding.name().as_bytes();
            let (source, declared) = (Source::Utf16Xml, encoding);
            return Some(Declaration { source, encoding, declared, label });
        }
    }
    // Running out of bytes ends the loop as its end does: the XML declaration decides.
    meta_loop(data).ok().flatten().or_else(|| xml_encoding(data))
}

/// The standard's "get an XML encoding": the encoding an XML declaration at the very start
/// of `data` names (its `encoding` before the first `>`), UTF-16 read as UTF-8.
///
/// ```
/// use _core::prescan::xml_encoding;
/// let name = |data: &[u8]| xml_encoding(data).map(|found| found.encoding.name());
/// assert_eq!(name(b"<?xml version='1.0' encoding = 'UTF-16'?>"), Some("UTF-8"));
/// assert_eq!(name(b"<html><?xml encoding='koi8-r'?>"), None);
/// ```
pub fn xml_encoding(data: &[u8]) -> Option<Declaration<'_>> {
    let declaration = &data[..memchr::memchr(b'>', data)?];
    if !declaration.starts_with(b"<?xml") {
        return None;
    }
    let encoding_at = find_ignoring_case(&declaration[5..], b"encoding")? + 5;
    let mut position = encoding_at + b"encoding".len();
    let skip_controls = |mut at: usize| {
        while declaration.get(at).is_some_and(|&b| b <= 0x20) {
            at += 1;
        }
        at
    };
    position = skip_controls(position);
    if declaration.get(position) != Some(&b'=') {
        return None;
    }
    position = skip_controls(position + 1);
    let quote = *declaration.get(position).filter(|&&b| b == b'"' || b == b'\'')?;
    let value = &declaration[position + 1..];
    let label = &value[..memchr::memchr(quote, value)?];
    if label.iter().any(|&b| b <= 0x20) {
        return None;
    }
    let declared = Encoding::for_label(label)?;
    let encoding = if declared == UTF_16BE || declared == UTF_16LE { UTF_8 } else { declared };
    Some(Declaration { source: Source::Xml, encoding, declared, label })
}

/// The prescan ran past the end of its bytes: it aborts, and the XML declaration decides.
struct RanOut;

/// The prescan's loop over `data`: the `<meta>` that declares, `Ok(None)` at the end of the
/// bytes without one, `Err(RanOut)` where a construct runs past them.
fn meta_loop(data: &[u8]) -> Result<Option<Declaration<'_>>, RanOut> {
    let mut position = 0;
    // Only a "<" starts anything: the bytes before the next are the standard's "any other
    // byte", which does nothing.
    while let Some(offset) = memchr::memchr(b'<', &data[position..]) {
        position += offset;
        let rest = &data[position..];
        if rest.starts_with(b"<!--") {
            // The first ">" after the "<" that two "-" precede: "<!-->" is a whole comment.
            position += 2 + find(&rest[2..], b"-->").ok_or(RanOut)? + 3;
        } else if starts_a_meta(rest) {
            match meta(data, position + 5)? {
                Meta::Declares(declaration) => return Ok(Some(declaration)),
                Meta::EndsAt(end) => position = end + 1,
            }
        } else if starts_a_tag(rest) {
            // The attributes, from the next space or ">" (a "/" does not end the name here).
            let name_end = rest.iter().position(|&b| is_space(b) || b == b'>').ok_or(RanOut)?;
            position = tag_end(data, position + name_end).ok_or(RanOut)?;
        } else if matches!(rest.get(1), Some(b'!' | b'/' | b'?')) {
            position += 1 + memchr::memchr(b'>', &rest[1..]).ok_or(RanOut)? + 1;
        } else {
            position += 1;
        }
    }
    Ok(None)
}

/// Does `rest` start with "<meta" and a space or "/", in any case?
fn starts_a_meta(rest: &[u8]) -> bool {
    rest.len() > 5
        && rest[1..5].eq_ignore_ascii_case(b"meta")
        && (is_space(rest[5]) || rest[5] == b'/')
}

/// Does `rest` start with "<" or "</" and an ASCII letter?
fn starts_a_tag(rest: &[u8]) -> bool {
    let letter = if rest.get(1) == Some(&b'/') { rest.get(2) } else { rest.get(1) };
    letter.is_some_and(u8::is_ascii_alphabetic)
}

/// How a `<meta>` ends the prescan's steps for it.
enum Meta<'a> {
    /// It declares the encoding: the prescan returns it.
    Declares(Declaration<'a>),
    /// It does not; its ">" is here, and the loop goes on after it.
    EndsAt(usize),
}

/// The prescan's steps for the attributes of a `<meta>` from `position` (its space or "/").
fn meta(data: &[u8], mut position: usize) -> Result<Meta<'_>, RanOut> {
    // The standard keeps a list of the names seen to skip repeats; only these three act.
    let (mut seen_http_equiv, mut seen_content, mut seen_charset) = (false, false, false);
    let mut got_pragma = false;
    let mut need_pragma: Option<bool> = None;
    // `None` is null; `Some(None)` is failure (a charset attribute that is no label).
    let mut charset: Option<Option<(&'static Encoding, &[u8])>> = None;
    while let Some(attribute) = get_an_attribute(data, position)? {
        position = attribute.end;
        let is = |name: &[u8], seen: &mut bool| {
            let first = attribute.name.eq_ignore_ascii_case(name) && !*seen;
            *seen |= first;
            first
        };
        if is(b"http-equiv", &mut seen_http_equiv) {
            got_pragma |= attribute.value.eq_ignore_ascii_case(b"content-type");
        } else if is(b"content", &mut seen_content) {
            if let Some(extracted) = extract_from_content(attribute.value) {
                if charset.is_none() {
                    charset = Some(Some(extracted));
                    need_pragma = Some(true);
                }
            }
        } else if is(b"charset", &mut seen_charset) {
            let label = attribute.value;
            charset = Some(Encoding::for_label(label).map(|encoding| (encoding, label)));
            need_pragma = Some(false);
        }
    }
    match (need_pragma, charset) {
        (Some(need_pragma), Some(Some((declared, label)))) if got_pragma || !need_pragma => {
            Ok(Meta::Declares(declared_by_meta(declared, label)))
        }
        _ => Ok(Meta::EndsAt(position)),
    }
}

/// The tree builder's rule for a `<meta>` it meets in the head ("change the encoding"), on
/// the tag's attributes as the tokenizer gives them (to its ">"): a `charset` that is a label,
/// else `http-equiv="content-type"` and a `content` with a label. Of a repeated attribute
/// the first counts.
///
/// ```
/// use _core::prescan::meta_in_head;
/// let name = |attributes: &[u8]| meta_in_head(attributes).map(|found| found.encoding.name());
/// assert_eq!(name(b" charset=nonsense http-equiv=content-type content='charset=koi8-r'>"), Some("KOI8-R"));
/// assert_eq!(name(b" content='charset=koi8-r'>"), None);
/// ```
pub fn meta_in_head(attributes: &[u8]) -> Option<Declaration<'_>> {
    let (mut charset, mut http_equiv, mut content) = (None, None, None);
    let mut position = 0;
    while let Some(attribute) = get_an_attribute(attributes, position).ok()? {
        position = attribute.end;
        for (name, first) in [
            (&b"charset"[..], &mut charset),
            (b"http-equiv", &mut http_equiv),
            (b"content", &mut content),
        ] {
            if attribute.name.eq_ignore_ascii_case(name) && first.is_none() {
                *first = Some(attribute.value);
            }
        }
    }
    let from_charset = charset.and_then(|label| Some((Encoding::for_label(label)?, label)));
    let pragma = http_equiv.is_some_and(|value| value.eq_ignore_ascii_case(b"content-type"));
    let from_content = || content.filter(|_| pragma).and_then(extract_from_content);
    let (declared, label) = from_charset.or_else(from_content)?;
    Some(declared_by_meta(declared, label))
}

/// The elements whose content the tokenizer reads as text (RCDATA, RAWTEXT, script data): a
/// "<meta" inside them is no tag. `noscript` counts, as browsers run scripts.
const RAW_TEXT: [&[u8]; 9] = [
    b"script",
    b"style",
    b"textarea",
    b"title",
    b"xmp",
    b"iframe",
    b"noembed",
    b"noframes",
    b"noscript",
];

/// The first `<meta>` anywhere in `page` that the tree builder acts on when it meets it
/// ("change the encoding", [`meta_in_head`]), or `None`. Tokens are read as the tokenizer
/// reads them: comments, doctypes and bogus comments, every tag's attributes (as "get an
/// attribute" reads them) and the content of raw-text elements are passed over; a tag, a
/// comment or a raw-text element that never ends ends the scan, and so does `<plaintext>`.
///
/// ```
/// use _core::prescan::late_meta;
/// let name = |page: &[u8]| late_meta(page).map(|found| found.encoding.name());
/// let page = [&[b' '; 2000][..], b"<meta charset=koi8-r>"].concat();
/// assert_eq!(name(&page), Some("KOI8-R"));
/// assert_eq!(name(b"<script>'<meta charset=koi8-r>'</script><meta charset=gbk>"), Some("GBK"));
/// assert_eq!(name(b"<!-- <meta charset=koi8-r> -->"), None);
/// ```
pub fn late_meta(page: &[u8]) -> Option<Declaration<'_>> {
    // A <meta> that declares says "charset" somewhere: most pages are passed over at once.
    find_ignoring_case(page, b"charset")?;
    let mut position = 0;
    while let Some(offset) = memchr::memchr(b'<', &page[position..]) {
        position += offset;
        let rest = &page[position..];
        if rest.starts_with(b"<!--") {
            // "<!-->" and "<!--->" are whole comments; others end at "-->" or "--!>".
            let after = position + 4;
            position = if page[after..].starts_with(b">") {
                after + 1
            } else if page[after..].starts_with(b"->") {
                after + 2
            } else {
                after + comment_end(&page[after..])?
            };
        } else if starts_a_tag(rest) {
            let end_tag = rest[1] == b'/';
            let name_start = position + 1 + usize::from(end_tag);
            let name_length = page[name_start..]
                .iter()
                .position(|&b| ends_a_tag_name(b))
                .unwrap_or(page.len() - name_start);
            let name = &page[name_start..name_start + name_length];
            let attributes = name_start + name_length;
            // A tag cut off by the end of the page is never emitted.
            let tag_end = tag_end(page, attributes)?;
            position = tag_end;
            if end_tag {
                continue;
            }
            if name.eq_ignore_ascii_case(b"meta") {
                if let Some(found) = meta_in_head(&page[attributes..tag_end]) {
                    return Some(found);
                }
            } else if RAW_TEXT.iter().any(|raw| name.eq_ignore_ascii_case(raw)) {
                position = tag_end + raw_text_end(&page[tag_end..], name)?;
            } else if name.eq_ignore_ascii_case(b"plaintext") {
                return None;
            }
        } else if matches!(rest.get(1), Some(b'!' | b'/' | b'?')) {
            // A doctype or a bogus comment, to the first ">".
            position += 1 + memchr::memchr(b'>', &rest[1..])? + 1;
        } else {
            position += 1;
        }
    }
    None
}

/// Where a tag whose attributes begin at `position` ends (after its ">"), its attributes read
/// as "get an attribute" reads them; `None` when the page ends first.
fn tag_end(page: &[u8], mut position: usize) -> Option<usize> {
    while let Some(attribute) = get_an_attribute(page, position).ok()? {
        position = attribute.end;
    }
    Some(position + 1)
}

/// Where a comment's end ("-->" or "--!>") ends in `rest`.
fn comment_end(rest: &[u8]) -> Option<usize> {
    let mut from = 0;
    loop {
        let dashes = from + find(&rest[from..], b"--")?;
        let after = &rest[dashes + 2..];
        if after.starts_with(b">") {
            return Some(dashes + 3);
        }
        if after.starts_with(b"!>") {
            return Some(dashes + 4);
        }
        from = dashes + 1;
    }
}

/// Where the end tag of the raw-text element `name` ("</name" and a space, "/" or ">") starts
/// in `rest`.
fn raw_text_end(rest: &[u8], name: &[u8]) -> Option<usize> {
    let mut from = 0;
    loop {
        let at = from + find(&rest[from..], b"</")?;
        let after = &rest[at + 2..];
        let named = after.len() > name.len() && after[..name.len()].eq_ignore_ascii_case(name);
        if named && ends_a_tag_name(after[name.len()]) {
            return Some(at);
        }
        from = at + 2;
    }
}

/// A `<meta>`'s declaration: one read as ASCII cannot mean UTF-16, which is UTF-8, and
/// x-user-defined is windows-1252.
fn declared_by_meta<'a>(declared: &'static Encoding, label: &'a [u8]) -> Declaration<'a> {
    let encoding = if declared == UTF_16BE || declared == UTF_16LE {
        UTF_8
    } else if declared == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        declared
    };
    Declaration { source: Source::Meta, encoding, declared, label: label.trim_ascii() }
}

/// An attribute as "get an attribute" reads it: its name and value as written (the standard
/// lowercases both; every comparison here ignores ASCII case instead), and where the prescan
/// goes on.
struct Attribute<'a> {
    name: &'a [u8],
    value: &'a [u8],
    end: usize,
}

/// The standard's "get an attribute" at `position`: `Ok(None)` at the tag's ">" (where
/// `position` then stays).
fn get_an_attribute(data: &[u8], mut position: usize) -> Result<Option<Attribute<'_>>, RanOut> {
    let at = |position: usize| data.get(position).copied().ok_or(RanOut);
    while is_space(at(position)?) || at(position)? == b'/' {
        position += 1;
    }
    if at(position)? == b'>' {
        return Ok(None);
    }
    let name_start = position;
    // The name: any byte, "=" too as its first.
    loop {
        match at(position)? {
            b'=' if position > name_start => break,
            b if is_space(b) => {
                let name = &data[name_start..position];
                while is_space(at(position)?) {
                    position += 1;
                }
                if at(position)? != b'=' {
                    return Ok(Some(Attribute { name, value: b"", end: position }));
                }
                return value(data, name, position + 1).map(Some);
            }
            b'/' | b'>' => {
                let name = &data[name_start..position];
                return Ok(Some(Attribute { name, value: b"", end: position }));
            }
            _ => position += 1,
        }
    }
    value(data, &data[name_start..position], position + 1).map(Some)
}

/// "get an attribute" from its step "value", after the "=" (at `position`).
fn value<'a>(data: &'a [u8], name: &'a [u8], mut position: usize) -> Result<Attribute<'a>, RanOut> {
    let at = |position: usize| data.get(position).copied().ok_or(RanOut);
    while is_space(at(position)?) {
        position += 1;
    }
    let first = at(position)?;
    if first == b'"' || first == b'\'' {
        let value = &data[position + 1..];
        let length = memchr::memchr(first, value).ok_or(RanOut)?;
        let end = position + 1 + length + 1;
        return Ok(Attribute { name, value: &value[..length], end });
    }
    if first == b'>' {
        return Ok(Attribute { name, value: b"", end: position });
    }
    let start = position;
    position += 1;
    while !(is_space(at(position)?) || at(position)? == b'>') {
        position += 1;
    }
    Ok(Attribute { name, value: &data[start..position], end: position })
}

/// The standard's "algorithm for extracting a character encoding from a meta element" on a
/// `content` value: the encoding and its label, or `None`.
///
/// ```
/// use _core::prescan::extract_from_content;
/// let found = |content: &'static [u8]| {
///     extract_from_content(content).map(|(encoding, label)| (encoding.name(), label))
/// };
/// assert_eq!(found(b"text/html; charset = 'koi8-r'"), Some(("KOI8-R", &b"koi8-r"[..])));
/// assert_eq!(found(b"text/html; charset='utf-8"), None); // the quote never closes
/// assert_eq!(found(b"text/html; charsetx; charset=utf-8;q"), Some(("UTF-8", &b"utf-8"[..])));
/// ```
pub fn extract_from_content(content: &[u8]) -> Option<(&'static Encoding, &[u8])> {
    let mut position = 0;
    loop {
        position += find_ignoring_case(&content[position..], b"charset")? + b"charset".len();
        let skip_spaces = |mut at: usize| {
            while content.get(at).copied().is_some_and(is_space) {
                at += 1;
            }
            at
        };
        let after = skip_spaces(position);
        if content.get(after) != Some(&b'=') {
            // "move position to point just before that next character, and jump back"
            position = after;
            continue;
        }
        let start = skip_spaces(after + 1);
        let first = *content.get(start)?;
        let label = if first == b'"' || first == b'\'' {
            let quoted = &content[start + 1..];
            &quoted[..memchr::memchr(first, quoted)?]
        } else {
            let rest = &content[start..];
            let length = rest.iter().position(|&b| is_space(b) || b == b';');
            &rest[..length.unwrap_or(rest.len())]
        };
        return Encoding::for_label(label).map(|encoding| (encoding, label.trim_ascii()));
    }
}

/// The standard's ASCII whitespace for the prescan: TAB, LF, FF, CR and SPACE.
fn is_space(byte: u8) -> bool {
    matches!(byte, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Does `byte` end a tag's name, as the tokenizer reads one: a space, "/" or ">"?
fn ends_a_tag_name(byte: u8) -> bool {
    is_space(byte) || byte == b'/' || byte == b'>'
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack, needle)
}

/// Where `needle` (lower case) first occurs in `haystack` in any ASCII case.
fn find_ignoring_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut from = 0;
    while let Some(offset) = memchr::memchr2(first, first.to_ascii_uppercase(), &haystack[from..]) {
        let at = from + offset;
        if haystack[at + 1..].get(..rest.len()).is_some_and(|w| w.eq_ignore_ascii_case(rest)) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(page: &[u8]) -> Option<(Source, &'static str, &[u8])> {
        prescan(page).map(|d| (d.source, d.encoding.name(), d.label))
    }

    #[test]
    fn only_the_first_1024_bytes_count() {
        let mut page = vec![b' '; PRESCAN_LENGTH - 20];
        page.extend_from_slice(b"<meta charset=koi8-r>");
        assert_eq!(found(&page), None);
        page.drain(..2);
        assert_eq!(found(&page), Some((Source::Meta, "KOI8-R", &b"koi8-r"[..])));
    }

    #[test]
    fn a_repeated_attribute_and_a_failed_charset_are_the_standards() {
        // The second charset is a repeat; the first is no label, so the content cannot win.
        let page = b"<meta charset=nonsense charset=utf-8 http-equiv=content-type \
                     content='text/html; charset=koi8-r'><meta charset=latin2>";
        assert_eq!(found(page), Some((Source::Meta, "ISO-8859-2", &b"latin2"[..])));
    }

    #[test]
    fn a_construct_cut_off_by_the_end_leaves_the_xml_declaration() {
        let page = b"<?xml version='1.0' encoding='koi8-r'?><meta charset='utf-8";
        assert_eq!(found(page), Some((Source::Xml, "KOI8-R", &b"koi8-r"[..])));
        assert_eq!(
            found(b"<\0?\0x\0m\0l\0"),
            Some((Source::Utf16Xml, "UTF-16LE", &b"UTF-16LE"[..]))
        );
    }

    #[test]
    fn the_late_scan_reads_tokens_as_the_tokenizer_does() {
        let late = |page: &'static [u8]| late_meta(page).map(|d| (d.encoding.name(), d.label));
        let koi8 = Some(("KOI8-R", &b"koi8-r"[..]));
        // Comments end at "-->" or "--!>"; "<!-->" and "<!--->" are whole ones.
        assert_eq!(late(b"<!-- a --!><meta charset=koi8-r>"), koi8);
        assert_eq!(late(b"<!---><meta charset=koi8-r>"), koi8);
        assert_eq!(late(b"<!-- <meta charset=utf-8> ---><meta charset=koi8-r>"), koi8);
        // Raw text ends at its own end tag only; an end tag's attributes are read and dropped.
        assert_eq!(
            late(b"<style>a</styles><meta charset=gbk></STYLE/><meta charset=koi8-r>"),
            koi8
        );
        assert_eq!(late(b"</p title='<meta charset=gbk>'><meta charset=koi8-r>"), koi8);
        // What never ends ends the scan; so does <plaintext>.
        assert_eq!(late(b"<textarea><meta charset=koi8-r>"), None);
        assert_eq!(late(b"<plaintext><meta charset=koi8-r>"), None);
        assert_eq!(late(b"<p title='<meta charset=koi8-r>"), None);
        // The "in head" rule: a label in charset, else the pragma and a content.
        let pragma = b"<meta charset=no-such http-equiv=Content-Type content='charset=koi8-r'>";
        assert_eq!(late(pragma), koi8);
    }

    #[test]
    fn the_labels_keep_their_case_and_lose_their_spaces() {
        let page = b"<meta http-equiv=CONTENT-TYPE content='text/html; charset=\" Shift_JIS \"'>";
        assert_eq!(found(page), Some((Source::Meta, "Shift_JIS", &b"Shift_JIS"[..])));
        let special = prescan(b"<meta charset=x-user-defined>").unwrap();
        assert_eq!(
            (special.encoding.name(), special.declared.name()),
            ("windows-1252", "x-user-defined")
        );
    }
}
