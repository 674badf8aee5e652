//! printkit in a browser: the library's in-memory build and check
//! ([`printkit::build::build_in_memory`], [`printkit::build::check_in_memory`])
//! behind a plain C ABI, so the page's own JavaScript (`web/printkit.js`)
//! drives the module with no generated glue.
//!
//! The page hands a request over as JSON in the module's memory
//! ([`pk_alloc`]), calls [`pk_build`] or [`pk_check`], and reads the answer
//! from [`pk_output`]: a little-endian `u32` length, that many bytes of JSON,
//! then the bytes of each file the JSON lists, one after the other.
use printkit::build::{self, BuildError, BuildRequest, Checked};
use printkit::kit::{output::Formats, Part};
use printkit::solve::Run;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

/// A file handed over as text: a definition or a practice file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    name: String,
    text: String,
}

/// What `printkit.build` asks for (see docs/reference.md).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuildAsked {
    /// Built-in ids or names of `files`; empty for every built-in game.
    #[serde(default)]
    games: Vec<String>,
    /// The definitions and practice files the others name.
    #[serde(default)]
    files: Vec<Text>,
    /// Names of `files` that are practice files to join their games' kits.
    #[serde(default)]
    practice: Vec<String>,
    #[serde(default = "both_papers")]
    papers: Vec<String>,
    #[serde(default)]
    language: Option<String>,
    /// Part names (`rules`, `key`, …); empty for all.
    #[serde(default)]
    parts: Vec<String>,
    /// `pdf`, `svg`; empty for both.
    #[serde(default)]
    formats: Vec<String>,
    #[serde(default)]
    duplex: bool,
    /// Every kit in large print (as `build --large-print`).
    #[serde(default)]
    large_print: bool,
}

fn both_papers() -> Vec<String> {
    vec!["a4".to_string(), "letter".to_string()]
}

/// What `printkit.check` asks for.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckAsked {
    files: Vec<Text>,
    /// The names of `files` (or built-in ids) to check; empty for all.
    #[serde(default)]
    check: Vec<String>,
    #[serde(default)]
    language: Option<String>,
}

/// The request `asked` describes, or why it makes no sense.
fn request_of(asked: &BuildAsked) -> Result<BuildRequest, String> {
    let mut parts = Vec::new();
    for name in &asked.parts {
        parts.push(Part::parse(name).ok_or_else(|| format!("unknown part `{name}`"))?);
    }
    if let Some(bad) = asked.formats.iter().find(|f| *f != "pdf" && *f != "svg") {
        return Err(format!("unknown format `{bad}`: expected pdf or svg"));
    }
    let wants = |f: &str| asked.formats.is_empty() || asked.formats.iter().any(|g| g == f);
    Ok(BuildRequest {
        games: asked.games.clone(),
        practice: asked.practice.iter().map(Into::into).collect(),
        papers: asked.papers.clone(),
        formats: Formats {
            pdf: wants("pdf"),
            svg: wants("svg"),
        },
        parts,
        duplex: asked.duplex,
        back_offset: (0.0, 0.0),
        out: "out".into(),
        templates: None,
        force: false,
        large_print: asked.large_print,
        language: asked.language.clone(),
        run: Arc::new(Run::new()),
    })
}

/// An error as the page shows it: located messages when there are any.
fn error_json(e: &BuildError) -> Value {
    let diagnostics: Vec<Value> = match e {
        BuildError::Invalid(diags) => diags.iter().map(|d| d.to_json()).collect(),
        _ => Vec::new(),
    };
    json!({"ok": false, "error": e.to_string(), "diagnostics": diagnostics})
}

/// The answer: the JSON, then the files' bytes.
fn answer(head: &Value, files: &[&[u8]]) -> Vec<u8> {
    let head = head.to_string().into_bytes();
    let mut out = Vec::with_capacity(4 + head.len() + files.iter().map(|f| f.len()).sum::<usize>());
    out.extend_from_slice(&(head.len() as u32).to_le_bytes());
    out.extend_from_slice(&head);
    for f in files {
        out.extend_from_slice(f);
    }
    out
}

fn text_pairs(files: &[Text]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|f| (f.name.clone(), f.text.clone()))
        .collect()
}

/// Builds what the JSON `input` asks for; the answer lists each file
/// (`name`, `size`) and each document to print, or the error.
pub fn build_json(input: &[u8]) -> Vec<u8> {
    let asked: BuildAsked = match serde_json::from_slice(input) {
        Ok(a) => a,
        Err(e) => return answer(&json!({"ok": false, "error": e.to_string()}), &[]),
    };
    let request = match request_of(&asked) {
        Ok(r) => r,
        Err(e) => return answer(&json!({"ok": false, "error": e}), &[]),
    };
    match build::build_in_memory(&request, &text_pairs(&asked.files)) {
        Err(e) => answer(&error_json(&e), &[]),
        Ok(made) => {
            let files: Vec<Value> = made
                .files
                .iter()
                .map(|(name, bytes)| json!({"name": name, "size": bytes.len()}))
                .collect();
            let documents: Vec<Value> = made
                .documents
                .iter()
                .map(|d| {
                    json!({
                        "game": d.game,
                        "document": d.document.file_name(),
                        "key": d.document.is_key(),
                        "paper": d.paper,
                        "file": d.file.to_string_lossy(),
                        "pages": d.pages,
                    })
                })
                .collect();
            let head =
                json!({"ok": true, "games": made.games, "files": files, "documents": documents});
            let bytes: Vec<&[u8]> = made.files.iter().map(|(_, b)| b.as_slice()).collect();
            answer(&head, &bytes)
        }
    }
}

/// Checks what the JSON `input` asks for; the answer holds one result a
/// file: `ok`, what it is and its counts, or its located messages.
pub fn check_json(input: &[u8]) -> Vec<u8> {
    let asked: CheckAsked = match serde_json::from_slice(input) {
        Ok(a) => a,
        Err(e) => return answer(&json!({"ok": false, "error": e.to_string()}), &[]),
    };
    let names: Vec<String> = match asked.check.is_empty() {
        true => asked.files.iter().map(|f| f.name.clone()).collect(),
        false => asked.check.clone(),
    };
    let run = Arc::new(Run::new());
    let texts = text_pairs(&asked.files);
    let checked = match build::check_in_memory(&texts, &names, asked.language.as_deref(), &run) {
        Ok(c) => c,
        Err(e) => return answer(&error_json(&e), &[]),
    };
    let results: Vec<Value> = names
        .iter()
        .zip(&checked)
        .map(|(name, c)| match c {
            Checked::Ok {
                what,
                positions,
                checks,
                solved,
                notes,
            } => json!({"file": name, "ok": true, "what": what, "positions": positions,
                "checks": checks, "solved": solved, "notes": notes, "diagnostics": []}),
            Checked::Invalid(diags) => json!({"file": name, "ok": false,
                "diagnostics": diags.iter().map(|d| d.to_json()).collect::<Vec<_>>()}),
            Checked::Unreadable(m) => {
                json!({"file": name, "ok": false, "error": m, "diagnostics": []})
            }
        })
        .collect();
    let ok = checked.iter().all(|c| matches!(c, Checked::Ok { .. }));
    answer(&json!({"ok": ok, "results": results}), &[])
}

/// What the page offers: the built-in games (id, title, example
/// definition text) and languages.
pub fn info_json() -> Vec<u8> {
    let games: Vec<Value> = printkit::definition::BUILTIN
        .iter()
        .zip(printkit::definition::builtins())
        .map(|((id, text), d)| {
            let title = d.map(|d| d.title).unwrap_or_default();
            json!({"id": id, "title": title, "text": text})
        })
        .collect();
    let languages: Vec<&str> = printkit::lang::BUILTIN.iter().map(|(c, _)| *c).collect();
    answer(
        &json!({"ok": true, "games": games, "languages": languages, "papers": ["a4", "letter"]}),
        &[],
    )
}

/// The last answer, until the next call.
static OUTPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

fn keep(out: Vec<u8>) -> usize {
    let len = out.len();
    *OUTPUT.lock().unwrap_or_else(|e| e.into_inner()) = out;
    len
}

/// # Safety
/// `ptr..ptr + len` is memory of this module the caller wrote.
unsafe fn input<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    match len {
        0 => &[],
        _ => std::slice::from_raw_parts(ptr, len),
    }
}

/// Memory for `len` bytes of input; the caller frees it with [`pk_free`].
#[no_mangle]
pub extern "C" fn pk_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len);
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Frees what [`pk_alloc`] gave for `len` bytes.
///
/// # Safety
/// `ptr` came from `pk_alloc(len)` and is freed once.
#[no_mangle]
pub unsafe extern "C" fn pk_free(ptr: *mut u8, len: usize) {
    drop(Vec::from_raw_parts(ptr, 0, len));
}

/// [`build_json`] of the `len` bytes at `ptr`; returns the answer's length
/// (read it at [`pk_output`]).
///
/// # Safety
/// `ptr..ptr + len` is memory of this module the caller wrote.
#[no_mangle]
pub unsafe extern "C" fn pk_build(ptr: *const u8, len: usize) -> usize {
    keep(build_json(input(ptr, len)))
}

/// [`check_json`] of the `len` bytes at `ptr`; returns the answer's length.
///
/// # Safety
/// `ptr..ptr + len` is memory of this module the caller wrote.
#[no_mangle]
pub unsafe extern "C" fn pk_check(ptr: *const u8, len: usize) -> usize {
    keep(check_json(input(ptr, len)))
}

/// [`info_json`]; returns the answer's length. Takes no input (`ptr` and
/// `len` are not read).
#[no_mangle]
pub extern "C" fn pk_info(_ptr: *const u8, _len: usize) -> usize {
    keep(info_json())
}

/// Where the last answer is (valid until the next call).
#[no_mangle]
pub extern "C" fn pk_output() -> *const u8 {
    OUTPUT.lock().unwrap_or_else(|e| e.into_inner()).as_ptr()
}
