//! Time each stage of the core on texts from a JSON list (development aid).
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a JSON list of strings");
    let data = std::fs::read_to_string(path).unwrap();
    let texts: Vec<String> = parse(&data);
    let chars: Vec<Vec<char>> = texts.iter().map(|t| t.chars().collect()).collect();
    let bytes: usize = texts.iter().map(|t| t.len()).sum();
    let _ = _core::model::models();
    // REPEAT=n times each stage n times (longer runs for perf).
    let repeat: u32 = std::env::var("REPEAT").ok().and_then(|r| r.parse().ok()).unwrap_or(3);
    let time = |name: &str, f: &dyn Fn(&[char]) -> usize| {
        let start = Instant::now();
        let mut n = 0;
        for _ in 0..repeat {
            for c in &chars {
                n += f(c);
            }
        }
        let secs = start.elapsed().as_secs_f64() / f64::from(repeat);
        println!("{name:24} {:8.1} MB/s  ({n})", bytes as f64 / secs / 1e6);
    };
    if std::env::var("SUSPECTS").is_ok() {
        let mut counts = std::collections::HashMap::<String, usize>::new();
        for c in &chars {
            for r in _core::candidates::legacy::runs(c, &_core::candidates::legacy::drawn_runs(c))
                .into_iter()
                .filter(|r| r.shape > 0)
            {
                let (s, e) = (r.start, r.end);
                let run: String = c[s.saturating_sub(3)..(e + 3).min(c.len())].iter().collect();
                *counts.entry(run).or_default() += 1;
            }
        }
        let mut v: Vec<_> = counts.into_iter().collect();
        v.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        for (run, n) in v.iter().take(50) {
            println!("{n:4} {run:?}");
        }
        return;
    }
    // STAGE=name times that stage only.
    let stage = std::env::var("STAGE").unwrap_or_default();
    let time = |name: &str, f: &dyn Fn(&[char]) -> usize| {
        if name.contains(stage.as_str()) {
            time(name, f)
        }
    };
    let _ = _core::candidates::utf8::starts_afresh('\u{e9}'); // the decoders' tables, built once
    time("utf8 pieces", &|c| _core::candidates::utf8::pieces(c).len());
    time("legacy runs", &|c| {
        _core::candidates::legacy::runs(c, &_core::candidates::legacy::drawn_runs(c)).len()
    });
    time("whole text", &|c| {
        _core::candidates::utf8::whole_texts(c).iter().map(|w| w.pieces.len()).sum()
    });
    time("analyze", &|c| _core::explanation::analyze(c, Default::default()).findings.len());
    let strings: Vec<&str> = texts.iter().map(String::as_str).collect();
    let by_str = |name: &str, f: &dyn Fn(&str) -> usize| {
        time(name, &|c| {
            // The same text as the slice, found by its length (slices are not strings).
            let i = chars.iter().position(|d| std::ptr::eq(d.as_slice(), c)).expect("one of ours");
            f(strings[i])
        })
    };
    by_str("nothing_to_find", &|s| usize::from(_core::one_pass::nothing_to_find(s)));
    by_str("nothing_to_repair", &|s| usize::from(_core::one_pass::nothing_to_repair(s)));
    by_str("one pass by lines", &|s| {
        let pass = _core::one_pass::by_lines(s, _core::decision::Purpose::Repair);
        pass.lines.map_or(usize::from(pass.clear), |l| l.len())
    });
    // WARM=1 runs `fix` over the texts once first, untimed and outside `measured`, so that
    // callgrind's `--toggle-collect=*measured*` counts a pass with the tables made.
    if std::env::var("WARM").is_ok() && "fix_str".contains(stage.as_str()) {
        for s in &strings {
            let _ = _core::explanation::fix_str(s, Default::default());
        }
    }
    by_str("fix_str", &|s| measured(s).map_or(0, |r| r.len()));
    by_str("score_str", &|s| (_core::explanation::score_str(s) * 1e6) as usize);
}

/// `fix` of one text, a function of its own for callgrind's `--toggle-collect`.
#[inline(never)]
fn measured(s: &str) -> Option<String> {
    _core::explanation::fix_str(s, Default::default())
}

/// A JSON list of strings (no escapes beyond what serde would need: a tiny parser).
fn parse(data: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = data.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some('u') => {
                        let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                        let v = u32::from_str_radix(&hex, 16).unwrap();
                        s.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
                    }
                    Some(other) => s.push(other),
                    None => {}
                },
                _ => s.push(c),
            }
        }
        out.push(s);
    }
    out
}
