//! `printkit build`: the arguments checked first, then the build, then
//! what was written.
use super::CommandError;
use crate::solve::Run;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The options of `printkit build`.
#[derive(clap::Args, Debug, Clone)]
pub struct BuildArgs {
    /// Built-in game ids, definition files, or practice files (built with
    /// their game; default: every built-in game).
    pub games: Vec<String>,
    /// A practice file whose positions join its game's kit (checked first);
    /// one file a flag, repeat it for more, or a folder: every `.toml` file
    /// in it (a class set's sheets). With no game named, the practice
    /// files' own games are built.
    #[arg(long)]
    pub practice: Vec<PathBuf>,
    /// Papers, comma-separated: a4, letter (add -landscape for landscape
    /// pages). By default both, so the host prints the file made for the
    /// paper in the tray.
    #[arg(long, value_delimiter = ',', default_value = "a4,letter",
          value_parser = PaperName, hide_possible_values = true)]
    pub paper: Vec<String>,
    /// Lay every kit out in large print, for a reader with low vision
    /// (body text 16 pt, labels 14 pt, bold; boards and tokens at 100%),
    /// its files named apart (`…-a4-large-print.pdf`).
    #[arg(long)]
    pub large_print: bool,
    /// Formats to write, comma-separated: pdf, svg.
    #[arg(long, value_delimiter = ',', default_value = "pdf,svg")]
    pub format: Vec<String>,
    /// Parts to build, comma-separated: rules, board, tokens, audit, practice, key.
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Tokens as fronts and backs on facing pages (long-edge flip), with an alignment test page.
    #[arg(long)]
    pub duplex: bool,
    /// Shift of the token backs in mm, X right and Y down, e.g. 0.5,-1.
    #[arg(long, allow_hyphen_values = true)]
    pub back_offset: Option<String>,
    /// Output folder.
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// A folder with paper.toml and/or style.toml overriding the built-in
    /// look, and lang/<code>.toml files adding or replacing languages.
    #[arg(long)]
    pub templates: Option<PathBuf>,
    /// The language of the kits' own words and of the built-in games' texts
    /// (en, fr, de, es, ar, or the code of a file in <templates>/lang/), over
    /// each definition's `language`.
    #[arg(long)]
    pub language: Option<String>,
    /// Replace files at the kit's paths that printkit did not write, or that
    /// changed since it wrote them (without it, the build stops and names
    /// them).
    #[arg(long)]
    pub force: bool,
    /// Seconds of solver search each file may spend proving its claims
    /// (counted in positions, the same on every machine); a claim not
    /// settled within it is reported unproven.
    #[arg(long, value_name = "SECONDS", default_value_t = crate::solve::budget::DEFAULT_SECONDS,
          value_parser = crate::solve::budget::parse_seconds)]
    pub search_budget: f64,
}

/// The most practice files one folder given to `--practice` may hold.
const MAX_PRACTICE_FOLDER_FILES: usize = 200;

/// `--practice` paths with each folder replaced by its `.toml` files, in
/// name order (`sheet-01.toml`, `sheet-02.toml`, …). A `.toml` entry that
/// is not a regular file (a link, a FIFO, a device, a folder) is an error
/// naming it: a class set never prints without one of its sheets.
fn practice_files(paths: Vec<PathBuf>) -> Result<Vec<PathBuf>, CommandError> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path);
            continue;
        }
        let found = practice_folder(&path)?;
        if found.is_empty() {
            return Err(
                format!("--practice {}: no .toml file in the folder", path.display()).into(),
            );
        }
        files.extend(found);
    }
    Ok(files)
}

/// The `.toml` files of one `--practice` folder, sorted.
fn practice_folder(path: &Path) -> Result<Vec<PathBuf>, CommandError> {
    let entries = std::fs::read_dir(path)
        .map_err(|e| format!("cannot read the folder {}: {e}", path.display()))?;
    let mut found = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read the folder {}: {e}", path.display()))?;
        let file = entry.path();
        if file.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        // The entry itself, not what a link points at.
        let kind = entry
            .file_type()
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        if !kind.is_file() {
            return Err(format!(
                "--practice {}: {} is {}, not a regular file; replace it with the sheet's file or move it out of the folder",
                path.display(),
                file.display(),
                entry_kind(&kind, &file)
            )
            .into());
        }
        found.push(file);
        if found.len() > MAX_PRACTICE_FOLDER_FILES {
            return Err(format!(
                "--practice {}: more than {MAX_PRACTICE_FOLDER_FILES} .toml files in the folder",
                path.display()
            )
            .into());
        }
    }
    found.sort();
    Ok(found)
}

/// What a folder entry that is not a regular file is, in words.
fn entry_kind(kind: &std::fs::FileType, path: &Path) -> &'static str {
    if kind.is_symlink() {
        return match std::fs::metadata(path) {
            Ok(_) => "a symbolic link",
            Err(_) => "a symbolic link to nothing",
        };
    }
    if kind.is_dir() {
        return "a folder";
    }
    "a device, pipe or socket"
}

pub fn build(args: BuildArgs) -> Result<i32, CommandError> {
    let run = Arc::new(Run::with_budget(args.search_budget));
    let _progress = crate::stop::Progress::start("build", &run);
    build_and_list(args, &run).map(|_| 0)
}

/// Builds as `printkit build` does and lists what it wrote on stdout;
/// returns the build's report (`watch` serves its files).
/// Its searches are part of `run`.
pub fn build_and_list(
    args: BuildArgs,
    run: &Arc<Run>,
) -> Result<crate::build::BuildReport, CommandError> {
    let started = std::time::Instant::now();
    let request = request_from(args, run)?;
    let report = crate::build::build(&request)?;
    for note in &report.notes {
        crate::say!("note: {note}");
    }
    for warning in &report.warnings {
        crate::say!("warning: {warning}");
    }
    let mut out = crate::stdout::lock();
    let mut total = 0;
    for (path, size) in &report.written {
        total += size;
        let _ = writeln!(out, "{:>9}  {}", human_size(*size), path.display());
    }
    say_documents(&mut out, &report.documents);
    say_summary(&mut out, &report, total, started.elapsed().as_millis());
    Ok(report)
}

/// A `--paper` name: any text (a templates folder may add papers, and the
/// build names the known ones when it is wrong), with the built-in papers
/// offered by shell completion.
#[derive(Clone, Debug)]
pub struct PaperName;

impl clap::builder::TypedValueParser for PaperName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        // Made once and kept: clap's values borrow `'static` text.
        static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
        let names = NAMES.get_or_init(|| {
            let names = printkit_page::builtin_paper_names();
            let landscape = names.iter().map(|n| format!("{n}-landscape"));
            let all: Vec<String> = names.iter().cloned().chain(landscape).collect();
            all.into_iter()
                .map(|n| &*Box::leak(n.into_boxed_str()))
                .collect()
        });
        Some(Box::new(
            names.iter().map(|n| clap::builder::PossibleValue::new(*n)),
        ))
    }
}

/// The build the arguments ask for, or why they make no sense; nothing
/// is read or written before they all do.
fn request_from(
    args: BuildArgs,
    run: &Arc<Run>,
) -> Result<crate::build::BuildRequest, CommandError> {
    use crate::build::BuildRequest;
    use crate::kit::Part;
    use crate::render::output;
    // Arguments first: nothing is read or written until they all make sense.
    let formats = output::Formats {
        pdf: args.format.iter().any(|f| f == "pdf"),
        svg: args.format.iter().any(|f| f == "svg"),
    };
    if let Some(bad) = args.format.iter().find(|f| *f != "pdf" && *f != "svg") {
        return Err(format!("unknown format `{bad}`: expected pdf, svg or pdf,svg").into());
    }
    let mut parts = Vec::new();
    for name in &args.only {
        match Part::parse(name) {
            Some(p) => parts.push(p),
            None => {
                return Err(format!(
                    "unknown part `{name}`: expected some of {}",
                    Part::ALL.map(|p| p.name()).join(", ")
                )
                .into())
            }
        }
    }
    let back_offset = match &args.back_offset {
        None => (0.0, 0.0),
        Some(_) if !args.duplex => {
            return Err(CommandError::Failed(
                "--back-offset shifts the token backs of a two-sided print: add --duplex"
                    .to_string(),
            ))
        }
        Some(text) => parse_offset(text)?,
    };
    let request = BuildRequest {
        games: args.games,
        practice: practice_files(args.practice)?,
        papers: args.paper,
        formats,
        parts,
        duplex: args.duplex,
        back_offset,
        out: args.out,
        templates: args.templates,
        force: args.force,
        large_print: args.large_print,
        language: args.language,
        run: run.clone(),
        date_epoch: None,
    };
    Ok(request)
}

/// The last line: how many files were written or already up to date, their
/// size, for how many games, in how long.
fn say_summary(out: &mut impl Write, report: &crate::build::BuildReport, total: usize, ms: u128) {
    let (files, kept) = (report.written.len(), report.unchanged);
    let games = format!(
        "for {} game{}",
        report.games,
        if report.games == 1 { "" } else { "s" }
    );
    let size = human_size(total);
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let _ = match kept {
        0 => writeln!(
            out,
            "wrote {} ({size}) {games} in {ms} ms",
            plural(files, "file", "files")
        ),
        k if k == files => writeln!(
            out,
            "{} ({size}) {games} {} already up to date (checked in {ms} ms)",
            if files == 1 {
                "the 1 file".to_string()
            } else {
                format!("all {files} files")
            },
            if files == 1 { "was" } else { "were" }
        ),
        k => writeln!(
            out,
            "wrote {} of {files} files ({size}) {games} in {ms} ms; the other {}",
            files - k,
            plural(k, "was already up to date", "were already up to date")
        ),
    };
}

/// What to print: each document's file and what it is for, so a host
/// knows which file goes to whom without opening them.
fn say_documents(out: &mut impl Write, documents: &[crate::build::DocumentMade]) {
    use crate::kit::Document;
    if documents.is_empty() {
        return;
    }
    let _ = writeln!(out, "to print:");
    for d in documents {
        let pages = match d.pages {
            1 => "1 page".to_string(),
            n => format!("{n} pages"),
        };
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let what = match (d.document, d.sheets) {
            (Document::PlayerKit, _) => {
                let parts: Vec<&str> = d.parts.iter().map(|p| part_words(*p)).collect();
                format!("player kit, {pages}: {} for the players", parts.join(", "))
            }
            (Document::ClassSheets, Some((n, 1))) => format!(
                "students' sheets, {n} sheet{} of 1 page: print the file once and hand each student a sheet",
                plural(n)
            ),
            (Document::ClassSheets, Some((n, each))) => format!(
                "students' sheets, {n} sheet{} of {each} pages: print the file double-sided and hand each student one sheet of paper",
                plural(n)
            ),
            (Document::ClassSheets, None) => format!("students' sheets, {pages}"),
            (Document::HostKey, Some((n, _))) => format!(
                "host key, {pages}: the answers, those of the {n} class sheet{} included, for the host only; keep it away from the players",
                plural(n)
            ),
            (Document::HostKey, None) => format!(
                "host key, {pages}: the answers, for the host only; keep it away from the players"
            ),
        };
        let _ = writeln!(
            out,
            "  {} ({}): {}\n    {what}",
            d.game,
            d.paper,
            d.file.display()
        );
    }
}

/// A part as the list of what to print names it.
fn part_words(part: crate::kit::Part) -> &'static str {
    use crate::kit::Part;
    match part {
        Part::Rules => "rules",
        Part::Board => "board",
        Part::Tokens => "tokens",
        Part::Audit => "audit sheets",
        Part::Practice => "practice positions",
        Part::Key => "answers",
    }
}

fn human_size(bytes: usize) -> String {
    if bytes < 1024 {
        format!("{bytes} B")
    } else {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    }
}

/// `X,Y` in millimetres.
fn parse_offset(text: &str) -> Result<(f64, f64), CommandError> {
    let bad = || format!("--back-offset `{text}`: expected two numbers in mm, X,Y (e.g. 0.5,-1)");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: f64 = x.trim().parse().map_err(|_| bad())?;
    let y: f64 = y.trim().parse().map_err(|_| bad())?;
    if !(x.is_finite() && y.is_finite()) || x.abs() > 20.0 || y.abs() > 20.0 {
        return Err(format!("--back-offset `{text}`: each shift must be within ±20 mm").into());
    }
    Ok((x, y))
}
