//! The PDFs read in order (issue 49): each page's content is written as
//! it is read (a host key's heading, question, facts and Answer before
//! its diagram, so the board's labels never come between a question and
//! its answer), and every PDF names its language (`/Lang`) and title
//! (`/Title`, shown by `/DisplayDocTitle`).
use std::path::{Path, PathBuf};
use std::process::Command;

use lopdf::{Document, Object};

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("printkit-order-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Builds `args` (games and options) on A4 into `dir`.
fn build(dir: &Path, args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .arg("build")
        .args(args)
        .args(["--paper", "a4", "--format", "pdf", "--out"])
        .arg(dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PRINTKIT_CACHE_DIR", "")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Every PDF under `dir`.
fn pdfs(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pdf") {
                found.push(p);
            }
        }
    }
    found.sort();
    found
}

/// The text of a PDF string (UTF-16BE with its mark, or plain bytes).
fn pdf_text(bytes: &[u8]) -> String {
    match bytes.strip_prefix(&[0xfe, 0xff]) {
        Some(units) => String::from_utf16_lossy(
            &units
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect::<Vec<_>>(),
        ),
        None => String::from_utf8_lossy(bytes).into_owned(),
    }
}

fn resolved<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(id) => doc.get_object(*id).unwrap(),
        o => o,
    }
}

/// The catalog's `/Lang`, the Info `/Title`, and whether the viewer is
/// asked to show the title.
fn language_and_title(pdf: &Path) -> (Option<String>, Option<String>, bool) {
    let doc = Document::load(pdf).unwrap();
    let catalog = doc.catalog().unwrap();
    let lang = catalog
        .get(b"Lang")
        .ok()
        .and_then(|o| o.as_str().ok())
        .map(pdf_text);
    let info = resolved(&doc, doc.trailer.get(b"Info").unwrap())
        .as_dict()
        .unwrap();
    let title = info
        .get(b"Title")
        .ok()
        .and_then(|o| o.as_str().ok())
        .map(pdf_text);
    let shown = catalog
        .get(b"ViewerPreferences")
        .ok()
        .map(|o| resolved(&doc, o))
        .and_then(|o| o.as_dict().ok())
        .and_then(|p| p.get(b"DisplayDocTitle").ok())
        .and_then(|o| o.as_bool().ok())
        .unwrap_or(false);
    (lang, title, shown)
}

#[test]
fn every_pdf_names_its_language_and_title() {
    let dir = temp("lang");
    build(&dir, &[]);
    let arabic = temp("lang-ar");
    build(&arabic, &["freeze", "predator-prey", "--language", "ar"]);
    let french = temp("lang-fr");
    build(&french, &["clone-jump-convert", "--language", "fr"]);
    for (folder, code) in [(&dir, "en"), (&arabic, "ar"), (&french, "fr")] {
        let files = pdfs(folder);
        assert!(files.len() >= 2, "{}: {files:?}", folder.display());
        for pdf in files {
            let (lang, title, shown) = language_and_title(&pdf);
            assert_eq!(lang.as_deref(), Some(code), "{}: /Lang", pdf.display());
            let title = title.unwrap_or_default();
            assert!(title.len() > 3, "{}: /Title {title:?}", pdf.display());
            assert!(shown, "{}: no /DisplayDocTitle true", pdf.display());
        }
    }
    for d in [dir, arabic, french] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// The lines `pdftotext -raw` reads from `pdf`: the order the content is
/// written in, as copying and most screen readers take it.
fn raw_text(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .args(["-raw", "-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    String::from_utf8(out.stdout).unwrap()
}

/// `text` without the invisible marks that set direction (which
/// `pdftotext` writes around right-to-left words).
fn plain(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
        .collect()
}

/// A line that is only a board's labels or pieces: column letters, row
/// numbers, piece letters ("A B C D E", "7", "b r").
fn board_labels(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    !words.is_empty()
        && words.iter().all(|w| {
            w.chars().count() <= 2
                && w.chars().all(|c| c.is_alphanumeric())
                && !w.chars().any(|c| c.is_lowercase() && w.chars().count() > 1)
        })
}

/// In every built-in host key (English and Arabic), each question's text
/// comes before its Answer, and no line of board labels stands between
/// them: the diagram is written after the question's words.
#[test]
fn a_host_keys_question_comes_before_its_answer_and_the_board_after_both() {
    let test = "a_host_keys_question_comes_before_its_answer_and_the_board_after_both";
    if !crate::tools::available("pdftotext", test) {
        return;
    }
    let en = temp("key-en");
    build(&en, &["--only", "key"]);
    let ar = temp("key-ar");
    build(&ar, &["--only", "key", "--language", "ar"]);
    let languages = printkit_definition::lang::Languages::load(None).unwrap();
    let mut questions = 0;
    for (folder, code) in [(&en, "en"), (&ar, "ar")] {
        let keys = pdfs(folder);
        assert_eq!(keys.len(), printkit_definition::BUILTIN.len(), "{keys:?}");
        for pdf in keys {
            let id = pdf.file_name().unwrap().to_string_lossy();
            let id = id.trim_end_matches("-host-key-a4.pdf").to_string();
            let mut def = printkit_definition::resolve(&id).unwrap();
            def.choose_language(&languages, Some(code)).unwrap();
            // Its word alone: `pdftotext` sets a right-to-left colon apart.
            let answer_word = plain(&printkit_definition::tr!(
                def.lang,
                "key.answer",
                answer = ""
            ))
            .trim()
            .trim_matches(':')
            .trim()
            .to_string();
            let text = plain(&raw_text(&pdf));
            let lines: Vec<&str> = text.lines().collect();
            let practice: Vec<_> = def
                .practice
                .iter()
                .filter(|p| !printkit_kit::is_worked_example(&def, p))
                .collect();
            for p in practice {
                // The prompt's first words (a line may end anywhere after).
                // Its first three words, in any order: pdftotext gives an
                // Arabic line's words in the order they stand on the page.
                let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
                let opening: Vec<String> = p
                    .prompt
                    .split_whitespace()
                    .map(bare)
                    .filter(|w| !w.is_empty())
                    .take(3)
                    .collect();
                let asked = lines
                    .iter()
                    .position(|l| {
                        let words: Vec<String> = l.split_whitespace().map(bare).collect();
                        opening.iter().all(|w| words.contains(w))
                    })
                    .unwrap_or_else(|| panic!("{code} {id}: no {opening:?} in\n{text}"));
                let answered = lines[asked..]
                    .iter()
                    .position(|l| l.contains(&answer_word))
                    .map(|k| asked + k)
                    .unwrap_or_else(|| {
                        panic!("{code} {id}: no {answer_word:?} after {opening:?} in\n{text}")
                    });
                if let Some(between) = lines[asked..answered].iter().find(|l| board_labels(l)) {
                    panic!(
                        "{code} {id}: board labels {between:?} between the question {opening:?} and its answer:\n{}",
                        lines[asked..=answered].join("\n")
                    );
                }
                questions += 1;
            }
        }
    }
    assert!(questions >= 8, "{questions} questions read");
    for d in [en, ar] {
        std::fs::remove_dir_all(d).unwrap();
    }
}
