//! printkit in a browser: the library's in-memory build and check
//! ([`printkit::build::build_in_memory`], [`printkit::build::check_in_memory`])
//! behind a plain C ABI, so the page's own JavaScript (`web/printkit.js`)
//! drives the module with no generated glue.
//!
//! The page hands a request over as JSON in the module's memory
//! ([`pk_alloc`]), calls [`pk_build`], [`pk_check`] or [`pk_class_set`],
//! and reads the answer from [`pk_output`]: a little-endian `u32` length,
//! that many bytes of JSON, then the bytes of each file the JSON lists, one
//! after the other.
//!
//! The module imports two functions of its own from the worker (module
//! `printkit`): `now_ms`, the worker's clock, and `progress`, which takes a
//! class set's progress as JSON while [`pk_class_set`] runs.
use printkit::build::{self, BuildError, BuildRequest, Checked};
use printkit::commands::puzzles;
use printkit_definition as definition;
use printkit_kit::Part;
use printkit_render::Formats;
use printkit_solve::puzzles::class_sets;
use printkit_solve::Run;
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
    /// The PDFs' date, seconds since 1970 (as `SOURCE_DATE_EPOCH`).
    #[serde(default)]
    date: Option<i64>,
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
    check_date(asked.date)?;
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
        // The CLI's date with `SOURCE_DATE_EPOCH` unset, unless asked.
        date_epoch: Some(asked.date.unwrap_or(printkit_pdf::FIXED_EPOCH)),
    })
}

/// The last second a PDF date can hold (9999-12-31T23:59:59Z).
const MAX_DATE: i64 = 253_402_300_799;

/// A date asked for the PDFs, within what a PDF date can hold.
fn check_date(date: Option<i64>) -> Result<(), String> {
    match date.filter(|d| !(0..=MAX_DATE).contains(d)) {
        Some(date) => Err(format!(
            "date {date}: expected whole seconds since 1970-01-01 (0 to {MAX_DATE})"
        )),
        None => Ok(()),
    }
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
        Ok(made) => built_answer(&made, json!({})),
    }
}

/// A build's answer: `extra`'s fields, each file (`name`, `size`) and each
/// document to print, then the files' bytes.
fn built_answer(made: &build::MemoryBuild, extra: Value) -> Vec<u8> {
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
    let mut head = json!({"ok": true, "games": made.games, "files": files, "documents": documents, "warnings": made.warnings});
    if let (Some(head), Value::Object(extra)) = (head.as_object_mut(), extra) {
        head.extend(extra);
    }
    let bytes: Vec<&[u8]> = made.files.iter().map(|(_, b)| b.as_slice()).collect();
    answer(&head, &bytes)
}

/// What `printkit.classSet` asks for (see docs/reference.md): the
/// arguments of `printkit puzzles GAME --sheets N --count C --seed S
/// --max-plies P --out FOLDER`, then of `printkit build GAME --practice
/// FOLDER`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassSetAsked {
    /// A built-in id, or the name of the definition in `files`.
    game: String,
    #[serde(default)]
    files: Vec<Text>,
    sheets: u32,
    /// Puzzles a sheet.
    #[serde(default = "six")]
    count: usize,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default = "five")]
    max_plies: u32,
    /// The folder named on the sheets' first line (`--out`): the game's
    /// id and `-class-set` unless given.
    #[serde(default)]
    folder: Option<String>,
    #[serde(default = "both_papers")]
    papers: Vec<String>,
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    formats: Vec<String>,
    #[serde(default)]
    date: Option<i64>,
    /// The kit in large print (as `build --large-print`).
    #[serde(default)]
    large_print: bool,
}

fn six() -> usize {
    6
}
fn one() -> u64 {
    1
}
fn five() -> u32 {
    5
}

/// A class set's progress as the page gets it: the search's own counts,
/// the time left from `seconds` spent so far, and the words the CLI's line
/// shows.
pub fn progress_json(p: &class_sets::Progress, seconds: f64) -> Value {
    let left = p.seconds_left(seconds);
    json!({
        "sheetsFound": p.sheets_found,
        "sheetsWanted": p.sheets_wanted,
        "streamsDone": p.streams_done,
        "streamsExpected": p.streams_expected,
        "streamsMost": p.streams_most,
        "secondsLeft": left,
        "words": p.words(left),
    })
}

/// Makes the class set the JSON `input` asks for, as `printkit puzzles
/// --sheets` does, and builds the kit with its sheets, as `printkit build
/// --practice` does; `progress` gets the search's progress
/// ([`progress_json`]) at the start and after every wave of streams. The
/// answer has the sheets' practice files (`sheets`: `name`, `text`), what
/// the search found, and the build's files.
pub fn class_set_json(input: &[u8], progress: &mut dyn FnMut(&class_sets::Progress)) -> Vec<u8> {
    let fail = |e: String| answer(&json!({"ok": false, "error": e}), &[]);
    let asked: ClassSetAsked = match serde_json::from_slice(input) {
        Ok(a) => a,
        Err(e) => return fail(e.to_string()),
    };
    let checked = puzzles::check_class_set(asked.sheets, asked.count, asked.max_plies);
    if let Err(e) = checked.and_then(|()| check_date(asked.date)) {
        return fail(e);
    }
    let texts = text_pairs(&asked.files);
    let (def, folder, game_ref) = match texts.iter().find(|(name, _)| *name == asked.game) {
        // A definition handed over: its sheets sit beside it, naming it.
        Some((name, text)) => match definition::parse_definition(name, text) {
            Ok(def) => (
                def,
                asked.folder.clone().unwrap_or(".".into()),
                name.clone(),
            ),
            Err(e) => return answer(&error_json(&BuildError::Load(e)), &[]),
        },
        None if definition::is_builtin(&asked.game) => match definition::resolve(&asked.game) {
            Ok(def) => {
                let folder = asked.folder.clone();
                let folder = folder.unwrap_or_else(|| format!("{}-class-set", asked.game));
                (def, folder, asked.game.clone())
            }
            Err(e) => return fail(e.to_string()),
        },
        None => {
            return fail(format!(
                "{}: neither a built-in game nor a definition handed over",
                asked.game
            ))
        }
    };
    if folder.trim().is_empty() {
        return fail("folder: expected the name of the sheets' folder, such as class-set".into());
    }
    let run = Arc::new(Run::new());
    let mut remarks = Vec::new();
    let set = puzzles::make_class_set(
        &def,
        &puzzles::ClassSetAsked {
            game: &asked.game,
            game_ref: &game_ref,
            sheets: asked.sheets,
            count: asked.count,
            seed: asked.seed,
            max_plies: asked.max_plies,
            folder: &folder,
        },
        &run,
        &mut |line| remarks.push(line.to_string()),
        progress,
    );
    let found = json!({"examined": set.found.examined, "distinct": set.found.puzzles.len()});
    if set.sheets.is_empty() {
        return answer(
            &json!({"ok": false, "found": found, "remarks": remarks, "error": format!(
                "{} distinct puzzles in {} candidates, not enough for one sheet of {} with one mix of lengths; \
                 try fewer puzzles a sheet or another seed",
                set.found.puzzles.len(), set.found.examined, asked.count)}),
            &[],
        );
    }
    // The sheets as `build --practice FOLDER` reads them: FOLDER/sheet-01.toml, ….
    let path = |name: &str| match folder.as_str() {
        "." => name.to_string(),
        f => format!("{}/{name}", f.trim_end_matches('/')),
    };
    let sheets: Vec<(String, String)> = set
        .sheets
        .iter()
        .map(|(name, text)| (path(name), text.clone()))
        .collect();
    let build_asked = BuildAsked {
        games: vec![asked.game.clone()],
        files: asked
            .files
            .iter()
            .map(|f| Text {
                name: f.name.clone(),
                text: f.text.clone(),
            })
            .chain(sheets.iter().map(|(name, text)| Text {
                name: name.clone(),
                text: text.clone(),
            }))
            .collect(),
        practice: sheets.iter().map(|(name, _)| name.clone()).collect(),
        papers: asked.papers,
        language: asked.language,
        parts: Vec::new(),
        formats: asked.formats,
        duplex: false,
        date: asked.date,
        large_print: asked.large_print,
    };
    let request = match request_of(&build_asked) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    match build::build_in_memory(&request, &text_pairs(&build_asked.files)) {
        Err(e) => answer(&error_json(&e), &[]),
        Ok(made) => built_answer(
            &made,
            json!({
                "sheets": sheets.iter().map(|(name, text)| json!({"name": name, "text": text})).collect::<Vec<_>>(),
                "sheetsWanted": asked.sheets,
                "found": found,
                "mix": set.mix,
                "remarks": remarks,
            }),
        ),
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
    let games: Vec<Value> = printkit_definition::BUILTIN
        .iter()
        .zip(printkit_definition::builtins())
        .map(|((id, text), d)| {
            let title = d.map(|d| d.title).unwrap_or_default();
            json!({"id": id, "title": title, "text": text})
        })
        .collect();
    let languages: Vec<&str> = printkit_definition::lang::BUILTIN
        .iter()
        .map(|(c, _)| *c)
        .collect();
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
        // SAFETY: the caller's promise above.
        _ => unsafe { std::slice::from_raw_parts(ptr, len) },
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
    // SAFETY: `pk_alloc` made it as a vector of capacity `len`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// [`build_json`] of the `len` bytes at `ptr`; returns the answer's length
/// (read it at [`pk_output`]).
///
/// # Safety
/// `ptr..ptr + len` is memory of this module the caller wrote.
#[no_mangle]
pub unsafe extern "C" fn pk_build(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise above.
    keep(build_json(unsafe { input(ptr, len) }))
}

/// [`check_json`] of the `len` bytes at `ptr`; returns the answer's length.
///
/// # Safety
/// `ptr..ptr + len` is memory of this module the caller wrote.
#[no_mangle]
pub unsafe extern "C" fn pk_check(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise above.
    keep(check_json(unsafe { input(ptr, len) }))
}

// The worker's own functions (module `printkit`): its clock and the
// class set's progress.
#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "printkit")]
extern "C" {
    /// Milliseconds of the worker's clock (`performance.now()`).
    fn now_ms() -> f64;
    /// Takes `len` bytes of JSON at `ptr`: a class set's progress.
    fn progress(ptr: *const u8, len: usize);
}

/// [`class_set_json`] of the `len` bytes at `ptr`, its progress told to
/// the worker as it goes; returns the answer's length.
///
/// # Safety
/// `ptr..ptr + len` is memory of this module the caller wrote.
#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub unsafe extern "C" fn pk_class_set(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the worker's functions take what they are declared to take;
    // the input is the caller's promise above.
    let started = unsafe { now_ms() };
    keep(class_set_json(unsafe { input(ptr, len) }, &mut |p| {
        let seconds = (unsafe { now_ms() } - started) / 1000.0;
        let text = progress_json(p, seconds).to_string();
        unsafe { progress(text.as_ptr(), text.len()) };
    }))
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
