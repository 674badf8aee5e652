//! Fuzzing the file readers: the built-in definitions and the example
//! practice files, mutated byte by byte and line by line, and definitions
//! with extreme values put into every number; English as a host's language
//! file, a `replay` record and DejaVu Sans, mutated the same way. Whatever
//! comes in, printkit answers (accepts, or reports at a file, line and
//! column) without panicking, and what it accepts lays out without
//! panicking.
//!
//! A bounded number of cases runs in `cargo test`; for a longer run set
//! `PRINTKIT_FUZZ_CASES` (e.g. 20000). The hostile inputs found by hand are
//! kept as a corpus in `fixtures/invalid/` and `tests/corpus/`.
use printkit_definition::{self as definition, LoadError};
use printkit_kit::{self as kit, KitOptions};
use proptest::prelude::*;
use std::path::PathBuf;

fn cases() -> u32 {
    std::env::var("PRINTKIT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

fn sources() -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, String)> = definition::BUILTIN
        .iter()
        .map(|(id, src)| (format!("{id}.toml"), src.to_string()))
        .collect();
    for dir in ["fixtures/custom", "tests/corpus"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.extension().is_some_and(|e| e == "toml") {
                let src = std::fs::read_to_string(&p).unwrap();
                out.push((p.file_name().unwrap().to_string_lossy().into_owned(), src));
            }
        }
    }
    out
}

#[derive(Clone, Debug)]
enum Mutation {
    Flip {
        at: usize,
        byte: u8,
    },
    Insert {
        at: usize,
        byte: u8,
    },
    Delete {
        at: usize,
        len: usize,
    },
    DuplicateLine {
        line: usize,
    },
    DropLine {
        line: usize,
    },
    /// Replace the n-th number in the file with an extreme value.
    Number {
        nth: usize,
        value: &'static str,
    },
}

const EXTREMES: [&str; 12] = [
    "0",
    "-1",
    "1",
    "2",
    "27",
    "100",
    "4294967295",
    "18446744073709551615",
    "1e-300",
    "1e300",
    "nan",
    "-inf",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Flip { at, byte }),
        (
            any::<usize>(),
            prop::sample::select(b"[]{}=\"',.#\n-/0123456789".to_vec())
        )
            .prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Mutation::Delete { at, len }),
        any::<usize>().prop_map(|line| Mutation::DuplicateLine { line }),
        any::<usize>().prop_map(|line| Mutation::DropLine { line }),
        (any::<usize>(), prop::sample::select(EXTREMES.to_vec()))
            .prop_map(|(nth, value)| Mutation::Number { nth, value }),
    ]
}

fn apply(src: &str, m: &Mutation) -> Vec<u8> {
    let mut bytes = src.as_bytes().to_vec();
    let n = bytes.len().max(1);
    match *m {
        // A file mutated down to nothing has no byte to flip: one is added.
        Mutation::Flip { byte, .. } if bytes.is_empty() => bytes.push(byte),
        Mutation::Flip { at, byte } => bytes[at % n] = byte,
        Mutation::Insert { at, byte } => bytes.insert(at % (bytes.len() + 1), byte),
        Mutation::Delete { at, len } => {
            let start = (at % n).min(bytes.len());
            let end = (start + len).min(bytes.len());
            bytes.drain(start..end);
        }
        Mutation::DuplicateLine { line } | Mutation::DropLine { line } => {
            let mut lines: Vec<&str> = src.lines().collect();
            // A file mutated down to nothing has no line to copy or drop.
            if lines.is_empty() {
                return bytes;
            }
            let i = line % lines.len();
            if matches!(m, Mutation::DuplicateLine { .. }) {
                lines.insert(i, lines[i]);
            } else {
                lines.remove(i);
            }
            bytes = (lines.join("\n") + "\n").into_bytes();
        }
        Mutation::Number { nth, value } => {
            let spans: Vec<(usize, usize)> = {
                let mut v = Vec::new();
                let mut i = 0;
                while i < bytes.len() {
                    if bytes[i].is_ascii_digit() {
                        let s = i;
                        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                            i += 1;
                        }
                        v.push((s, i));
                    } else {
                        i += 1;
                    }
                }
                v
            };
            if let Some(&(s, e)) = spans.get(nth % spans.len().max(1)) {
                bytes.splice(s..e, value.bytes());
            }
        }
    }
    bytes
}

/// Checks a file as `printkit check` does (in memory) and, when it is
/// accepted, lays out its kit. Panics are the failures.
fn check_and_lay_out(name: &str, bytes: &[u8]) {
    let Ok(src) = std::str::from_utf8(bytes) else {
        return; // the reader refuses it before parsing (tested elsewhere)
    };
    let is_practice = src.lines().any(|l| l.trim_start().starts_with("game"));
    let loaded = if is_practice {
        definition::parse_practice_file(name, src)
    } else {
        definition::parse_definition(name, src).map(|d| (d, Vec::new()))
    };
    match loaded {
        Ok((def, extra)) => {
            let templates = printkit::render::load_templates(None).unwrap();
            let options = KitOptions::whole_kit(templates.paper("a4").unwrap());
            let mut practice = def.practice.clone();
            practice.extend(extra);
            let _ = kit::build_kit(
                &printkit_definition::analyse(&def, &practice),
                &templates,
                &options,
            );
        }
        Err(LoadError::Invalid(diags)) => {
            assert!(!diags.is_empty());
            for d in diags {
                // Every message is located and short enough to read.
                assert!(d.message.len() < 2000, "{}", d.message);
                located(&d);
            }
        }
        Err(_) => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_files_never_panic(
        which in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let files = sources();
        let (name, src) = &files[which % files.len()];
        let mut bytes = src.as_bytes().to_vec();
        for m in &mutations {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            bytes = apply(&text, m);
        }
        check_and_lay_out(name, &bytes);
    }
}

#[test]
fn the_corpus_is_checked_without_panicking() {
    for (name, src) in sources() {
        check_and_lay_out(&name, src.as_bytes());
    }
}

/// English as one language file, the seed of the language cases.
fn english_file() -> String {
    crate::limit_inputs::english_file()
}

/// Every diagnostic names a file and a place in it, in few enough words.
fn located(d: &printkit_definition::diagnostic::Diagnostic) {
    assert!(!d.file.is_empty() && d.line >= 1 && d.column >= 1, "{d:?}");
    assert!(d.message.len() < 4000, "{}", d.message);
    let _ = d.render();
}

/// A mutated language file: read and checked against English, its problems
/// located; when it reads, the Freeze kit is laid out in it (a message may
/// now be longer, or its forms other).
fn check_language(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    match printkit_definition::lang::parse(
        "xx.toml",
        text,
        Some(&printkit_definition::lang::Lang::english()),
    ) {
        Ok(lang) => {
            let mut def = definition::resolve("freeze").unwrap();
            def.lang = std::sync::Arc::new(lang);
            let templates = printkit::render::load_templates(None).unwrap();
            let options = KitOptions::whole_kit(templates.paper("a4").unwrap());
            let analysed = printkit_definition::analyse(&def, &def.practice);
            if let Err(e) = kit::build_kit(&analysed, &templates, &options) {
                located(&kit::layout_diagnostic(&analysed, &templates, &e));
            }
        }
        Err(printkit_definition::lang::LangError::Invalid(list)) => {
            assert!(!list.is_empty());
            list.iter().for_each(located);
        }
        Err(printkit_definition::lang::LangError::Read(_)) => {}
    }
}

/// A record of the clone game (its moves, one or more a line), mutated,
/// replayed as `printkit replay --record` does: an answer, never a panic.
fn replay_record(dir: &std::path::Path, bytes: &[u8]) {
    let file = dir.join("record.txt");
    std::fs::write(&file, bytes).unwrap();
    let mut out = Vec::new();
    let _ = printkit::commands::engine::replay(
        &mut out,
        "clone-jump-convert",
        None,
        Some(&file),
        Vec::new(),
        true,
    );
}

const RECORD: &str = "A1-B2 E1-D2\nB2-C3 D2-C2\nC3-C4 pass\n# a comment\nA5-B4\n";

/// DejaVu Sans with bytes changed: read into a book (as a template's
/// fallback face is) and asked for every character of a text and its
/// width: an error or an answer, never a panic.
fn load_font(bytes: Vec<u8>) {
    let mut book = printkit_page::FontBook::builtin();
    if let Ok(face) = book.load(bytes, "mutated.ttf") {
        book.add_fallback(face);
        let _ = book.check_coverage(face, "Freeze — W wins in 3 moves: ÀÉ ﬁ 12½ ←");
        if let Ok(m) = book.metrics(face) {
            let _ = m.width_em("Freeze, W wins");
            let _ = (m.ascent_em(), m.descent_em(), m.mapped_glyphs().len());
        }
        let _ = book.pick(face, 'A');
    }
}

/// Changes bytes of a binary file: `n` bytes at positions from `at`, in
/// its first 64 KiB (where a font's tables are read from).
fn mutate_bytes(mut bytes: Vec<u8>, changes: &[(usize, u8)]) -> Vec<u8> {
    let n = bytes.len().clamp(1, 65_536);
    for (at, byte) in changes {
        if !bytes.is_empty() {
            bytes[at % n] = *byte;
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_language_files_are_located_or_lay_out(
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let mut bytes = english_file().into_bytes();
        for m in &mutations {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            bytes = apply(&text, m);
        }
        check_language(&bytes);
    }

    #[test]
    fn mutated_records_replay_without_panicking(
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let dir = std::env::temp_dir().join(format!("printkit-fuzz-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut bytes = RECORD.as_bytes().to_vec();
        for m in &mutations {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            bytes = apply(&text, m);
        }
        replay_record(&dir, &bytes);
    }

    #[test]
    fn mutated_fonts_load_or_are_refused(
        changes in prop::collection::vec((any::<usize>(), any::<u8>()), 1..16),
        cut in prop::option::of(any::<usize>()),
    ) {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let mut bytes = std::fs::read(root.join("templates/fonts/DejaVuSans.ttf")).unwrap();
        if let Some(cut) = cut {
            bytes.truncate(cut % bytes.len());
        }
        load_font(mutate_bytes(bytes, &changes));
    }
}
