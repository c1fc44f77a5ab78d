//! The ISO-2022-JP encoder, extended: halfwidth katakana are written with `ESC ( I` (which the
//! decoder reads) instead of the standard's fullwidth replacements, so they round-trip.
//! JIS X 0208 characters are looked up in the inverse of encoding_rs's EUC-JP decoder.

use super::multi_byte::byte_sequences;
use super::Output;

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Ascii,
    Roman,
    Katakana,
    Jis0208,
}

impl State {
    fn escape(self) -> &'static [u8] {
        match self {
            State::Ascii => b"\x1b(B",
            State::Roman => b"\x1b(J",
            State::Katakana => b"\x1b(I",
            State::Jis0208 => b"\x1b$B",
        }
    }
}

/// The JIS X 0208 row and cell bytes (0x21..=0x7E) of `c`, at its first pointer.
fn jis0208(c: char) -> Option<[u8; 2]> {
    byte_sequences(encoding_rs::EUC_JP, c)
        .iter()
        .find(|sequence| sequence.len() == 2 && sequence[0] >= 0xA1)
        .map(|sequence| [sequence[0] - 0x80, sequence[1] - 0x80])
}

/// Encode `text` into `out`; every unencodable character is reported in the ASCII state, so
/// that an error handler's replacement is read as ASCII.
pub(super) fn encode(text: &str, out: &mut Output) {
    let mut state = State::Ascii;
    let switch = |out: &mut Output, state: &mut State, new: State| {
        if *state != new {
            out.bytes.extend_from_slice(new.escape());
            *state = new;
        }
    };
    for (at, c) in text.char_indices() {
        let code = c as u32;
        if code < 0x80 && !matches!(code, 0x0E | 0x0F | 0x1B) {
            // The Roman state writes ASCII as it is, but for its own \ (¥) and ~ (‾).
            if !(state == State::Roman && c != '\\' && c != '~') {
                switch(out, &mut state, State::Ascii);
            }
            out.bytes.push(code as u8);
        } else if c == '\u{A5}' || c == '\u{203E}' {
            switch(out, &mut state, State::Roman);
            out.bytes.push(if c == '\u{A5}' { b'\\' } else { b'~' });
        } else if (0xFF61..=0xFF9F).contains(&code) {
            switch(out, &mut state, State::Katakana);
            out.bytes.push((code - 0xFF61 + 0x21) as u8);
        } else if let Some(pair) = jis0208(if c == '\u{2212}' { '\u{FF0D}' } else { c }) {
            switch(out, &mut state, State::Jis0208);
            out.bytes.extend_from_slice(&pair);
        } else {
            switch(out, &mut state, State::Ascii);
            if out.error(at..at + c.len_utf8()) {
                return;
            }
        }
    }
    switch(out, &mut state, State::Ascii);
}
