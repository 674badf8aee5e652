//! The command line: a thin layer over the library. Exit codes: 0 success,
//! 1 when the input is well-formed but wrong (an illegal move in a record, a
//! practice check that fails), 2 when it cannot be read (a malformed
//! position, a missing file, bad arguments).
use crate::definition::{self, Definition};
use crate::rules::{AnyPosition, MoveInfo, Outcome};
use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Parser, Debug)]
#[command(
    name = "printkit",
    version,
    about = "Print-ready kits for tabletop logic games, every example checked by a rules engine",
    after_help = "Built-in games: clone-jump-convert, predator-prey, freeze, bracket-and-flip (see `printkit list`).\n\
                  Start with `printkit build` to write every kit to out/."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write the print kits: player kit PDF, host key PDF, SVG pages and an
    /// index.html preview.
    #[command(
        after_help = "Examples:\n  printkit build                                   # every built-in game, A4, PDF and SVG\n  \
                            printkit build freeze --paper letter --only board,tokens\n  \
                            printkit build clone-jump-convert --practice my-positions.toml\n  \
                            printkit build predator-prey --duplex --back-offset 0.5,-1"
    )]
    Build(BuildArgs),
    /// Count the leaf nodes of the move tree (move-generator test).
    #[command(
        after_help = "Example:\n  printkit perft clone-jump-convert --depth 3\n  \
                            printkit perft clone-jump-convert --depth 6 --position 'W5B/7/7/7/7/7/B5W W 0'"
    )]
    Perft {
        /// Built-in game id or game definition file.
        game: String,
        /// Plies to count.
        #[arg(long)]
        depth: u32,
        /// Start from this position instead of the game's start.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Also give the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Print JSON: {"depth": N, "nodes": COUNT}.
        #[arg(long)]
        json: bool,
    },
    /// List every legal move with what it does and the resulting position.
    #[command(
        after_help = "Example:\n  printkit moves clone-jump-convert --position '5/3B1/2W2/5/5 W 0'"
    )]
    Moves {
        /// Built-in game id or game definition file.
        game: String,
        /// The position (default: the game's start).
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Print JSON: [{"move": "...", "position": "..."}, ...].
        #[arg(long)]
        json: bool,
    },
    /// Play moves from a position and report what each did and the result:
    /// settles a dispute over a filled-in audit sheet.
    #[command(
        after_help = "Examples:\n  printkit replay clone-jump-convert A1-B2 E1-D2 pass\n  \
                            printkit replay predator-prey --record sheet.txt --json\n\n\
                            A record file holds one or more moves a line; `#` starts a comment."
    )]
    Replay {
        /// Built-in game id or game definition file.
        game: String,
        /// The position to start from (default: the game's start).
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// A file of moves (a transcribed audit sheet), played before MOVE arguments.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Moves in the game's notation.
        moves: Vec<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Validate game definitions and practice files against the engine
    /// before printing them.
    #[command(after_help = "Example:\n  printkit check my-positions.toml\n\n\
                            Exit status: 0 all valid, 1 something is wrong, 2 a file cannot be read.")]
    Check {
        /// Definition or practice files (a practice file starts with `game = \"...\"`).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print a JSON list of {file, line, column, message}.
        #[arg(long)]
        json: bool,
        /// Lay the kit out with this look (a folder with paper.toml and/or
        /// style.toml, and language files in lang/), as `build --templates`
        /// would.
        #[arg(long)]
        templates: Option<PathBuf>,
        /// Check the kits in this language, as `build --language` would.
        #[arg(long)]
        language: Option<String>,
        /// Seconds of solver search the whole run may spend proving claims
        /// (counted in positions, the same on every machine); a claim not
        /// settled within it is reported unproven.
        #[arg(long, value_name = "SECONDS", default_value_t = crate::solve::budget::DEFAULT_SECONDS,
              value_parser = crate::solve::budget::parse_seconds)]
        search_budget: f64,
    },
    /// Show the built-in games.
    List,
    /// The result of a position with best play, searched to a depth.
    Solve(crate::solve::cli::SolveArgs),
    /// Generate practice positions with a unique winning line.
    Puzzles(crate::solve::puzzles::PuzzleArgs),
    /// Write the JSON Schema of game definitions or practice files (for
    /// an editor's completion and checking).
    #[command(
        after_help = "Examples:\n  printkit schema game > game.schema.json\n  \
                            printkit schema --out schema      # game.schema.json and practice.schema.json\n\n\
                            A TOML file names its schema on its first line, which Taplo / Even Better TOML read:\n  \
                            #:schema ./schema/game.schema.json"
    )]
    Schema {
        /// Which schema to print: game or practice.
        #[arg(default_value = "game")]
        kind: crate::shell::SchemaKind,
        /// Write both schemas into this folder instead.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Rebuild a kit whenever its files change and serve the previews on
    /// 127.0.0.1, each page reloading itself after every build.
    Watch(crate::watch::WatchArgs),
    /// Write a shell completion script to stdout.
    #[command(
        after_help = "Examples:\n  printkit completions bash > ~/.local/share/bash-completion/completions/printkit\n  \
                            printkit completions zsh > ~/.zfunc/_printkit\n  \
                            printkit completions fish > ~/.config/fish/completions/printkit.fish"
    )]
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: crate::shell::Shell,
    },
    /// Write the man page to stdout, or one page a command into a folder.
    #[command(after_help = "Examples:\n  printkit man | man -l -\n  \
                            printkit man --out ~/.local/share/man/man1")]
    Man {
        /// Write printkit.1 and printkit-<command>.1 into this folder.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Runs the command line and returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match execute(cli.command) {
        Ok(code) => code,
        Err(message) => {
            // Located diagnostics arrive rendered, with their own `error:`.
            if message.starts_with("error") {
                crate::say!("{message}");
            } else {
                crate::say!("error: {message}");
            }
            2
        }
    }
}

/// The deepest `perft` count printkit starts.
const MAX_PERFT_DEPTH: u32 = 12;

/// `moves` refuses to list more moves than this.
const MAX_LISTED_MOVES: u64 = 100_000;

/// A failure that ends the command with exit 2 and a message on stderr.
type Fatal = String;

fn load_game(game: &str) -> Result<Definition, Fatal> {
    definition::resolve(game).map_err(|e| e.to_string())
}

/// The start position, or the one given.
/// The start, or the position given. A built-in id names the family's
/// rules, on any board (the 7×7 Ataxx perft tables); a definition file
/// names a game: the position must lie on its board (size and holes).
pub fn start_position(
    game: &str,
    def: &Definition,
    given: Option<&str>,
) -> Result<AnyPosition, Fatal> {
    let text = given.unwrap_or(&def.start);
    if definition::is_builtin(game) {
        return def
            .engine()
            .load(text)
            .map_err(|e| format!("position `{}`: {e}", crate::input::shorten(text, 60)));
    }
    def.load_position(text)
}

fn execute(command: Command) -> Result<i32, Fatal> {
    let mut out = std::io::stdout().lock();
    match command {
        Command::Check {
            files,
            json,
            templates,
            language,
            search_budget,
        } => {
            crate::solve::budget::set_seconds(search_budget);
            let _progress = crate::solve::stop::Progress::start("check");
            Ok(check(
                &files,
                json,
                templates.as_deref(),
                language.as_deref(),
            ))
        }
        Command::Build(args) => {
            let _progress = crate::solve::stop::Progress::start("build");
            build(args)
        }
        Command::Solve(args) => crate::solve::cli::solve(args),
        Command::Puzzles(args) => crate::solve::puzzles::run(args),
        Command::Watch(args) => crate::watch::run(args),
        Command::Schema { kind, out } => crate::shell::schema(kind, out.as_deref()),
        Command::Completions { shell } => crate::shell::completions(shell),
        Command::Man { out } => crate::shell::man(out.as_deref()),
        Command::List => {
            for def in definition::builtins() {
                let def = def.map_err(|e| e.to_string())?;
                let _ = writeln!(out, "{:<20} {}  ({})", def.id, def.title, def.family());
            }
            Ok(0)
        }
        Command::Perft {
            game,
            depth,
            position,
            divide,
            json,
        } => perft(&mut out, &game, depth, position.as_deref(), divide, json),
        Command::Moves {
            game,
            position,
            json,
        } => moves(&mut out, &game, position.as_deref(), json),
        Command::Replay {
            game,
            position,
            record,
            moves,
            json,
        } => replay(
            &mut out,
            &game,
            position.as_deref(),
            record.as_deref(),
            moves,
            json,
        ),
    }
}

/// `printkit perft`: the move-tree count, split by first move with `divide`.
fn perft(
    out: &mut impl Write,
    game: &str,
    depth: u32,
    position: Option<&str>,
    divide: bool,
    json: bool,
) -> Result<i32, Fatal> {
    if depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "--depth {depth}: expected 0 to {MAX_PERFT_DEPTH} plies (the count grows about tenfold a ply; depth {MAX_PERFT_DEPTH} already takes hours)"
        ));
    }
    let def = load_game(game)?;
    let pos = start_position(game, &def, position)?;
    let (nodes, split) = if divide {
        let split = pos.divide(depth);
        let nodes = if depth == 0 {
            1
        } else {
            split.iter().map(|(_, n)| n).sum()
        };
        (nodes, Some(split))
    } else {
        (pos.perft(depth), None)
    };
    if json {
        let mut v = serde_json::json!({ "depth": depth, "nodes": nodes });
        if let Some(split) = split {
            v["moves"] = split
                .iter()
                .map(|(m, n)| serde_json::json!({ "move": m, "nodes": n }))
                .collect();
        }
        let _ = writeln!(out, "{v}");
    } else {
        if let Some(split) = split {
            for (m, n) in split {
                let _ = writeln!(out, "{m}: {n}");
            }
        }
        let _ = writeln!(out, "perft {depth}: {nodes}");
    }
    Ok(0)
}

/// `printkit moves`: every legal move, what it does and where it leads.
fn moves(
    out: &mut impl Write,
    game: &str,
    position: Option<&str>,
    json: bool,
) -> Result<i32, Fatal> {
    let def = load_game(game)?;
    let pos = start_position(game, &def, position)?;
    // Freeze's kinging choices can multiply into millions of moves;
    // perft counts them without listing them.
    let count = pos.perft(1);
    if count > MAX_LISTED_MOVES {
        return Err(format!(
            "this position has {count} legal moves (each choice of kings is a move of its own): \
             too many to list; `printkit perft` counts them"
        ));
    }
    let moves = pos.moves();
    if json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| serde_json::json!({ "move": m.text, "position": m.after.text() }))
            .collect();
        let _ = writeln!(out, "{}", serde_json::Value::Array(list));
    } else {
        let width = moves.iter().map(|m| m.text.len()).max().unwrap_or(0);
        for m in &moves {
            let _ = writeln!(
                out,
                "{:<width$}  {}  → {}",
                m.text,
                m.effect.describe(),
                m.after
            );
        }
        match pos.outcome() {
            Some(o) => {
                let _ = writeln!(out, "no moves: {}", describe_outcome(&o));
            }
            None => {
                let _ = writeln!(out, "{} legal moves", moves.len());
            }
        }
    }
    Ok(0)
}

/// `printkit replay`: moves played from a position (from a record file, then
/// the command line), each with what it did, then the result.
fn replay(
    out: &mut impl Write,
    game: &str,
    position: Option<&str>,
    record: Option<&std::path::Path>,
    moves: Vec<String>,
    json: bool,
) -> Result<i32, Fatal> {
    let def = load_game(game)?;
    let mut pos = start_position(game, &def, position)?;
    let mut all = Vec::new();
    if let Some(path) = record {
        let text = crate::input::read_text(path, crate::input::MAX_INPUT_BYTES).map_err(|e| {
            e.to_string()
                .replacen("cannot read", "cannot read the record", 1)
        })?;
        all.extend(record_moves(&text));
    }
    all.extend(moves);
    let mut played: Vec<MoveInfo> = Vec::new();
    for (k, text) in all.iter().enumerate() {
        match pos.play(text) {
            Ok(info) => {
                if !json {
                    let _ = writeln!(
                        out,
                        "{:>3}. {:<10} {}",
                        k + 1,
                        info.text,
                        info.effect.describe()
                    );
                }
                pos = info.after.clone();
                played.push(info);
            }
            Err(e) => {
                if json {
                    let v = serde_json::json!({ "error": {
                        "move": k + 1, "text": text, "message": e.to_string() } });
                    let _ = writeln!(out, "{v}");
                } else {
                    let _ = out.flush();
                    crate::say!("error: move {} `{text}`: {e}", k + 1);
                    crate::say!("position before it: {pos}");
                }
                return Ok(1);
            }
        }
    }
    let outcome = pos.outcome();
    if json {
        let winner = outcome.map(|o| match o.winner {
            Some(w) => w.to_string(),
            None => "draw".to_string(),
        });
        let v = serde_json::json!({
            "position": pos.text(),
            "over": outcome.is_some(),
            "winner": winner,
            "reason": outcome.map(|o| o.reason.keyword()),
            "turns": played.len(),
        });
        let _ = writeln!(out, "{v}");
    } else {
        let _ = writeln!(out, "position: {pos}");
        match outcome {
            Some(o) => {
                let _ = writeln!(out, "game over: {}", describe_outcome(&o));
            }
            None => {
                let side = pos.view().side_to_move;
                let _ = writeln!(out, "the game goes on: {side} to move");
            }
        }
    }
    Ok(0)
}

/// The options of `printkit build`.
#[derive(clap::Args, Debug, Clone)]
pub struct BuildArgs {
    /// Built-in game ids or definition files (default: every built-in game).
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
    #[arg(long, value_delimiter = ',', default_value = "a4,letter")]
    pub paper: Vec<String>,
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
    /// The language of the kits' own words (en, fr, de, es, or the code of
    /// a file in <templates>/lang/), over each definition's `language`.
    #[arg(long)]
    pub language: Option<String>,
    /// Replace files at the kit's paths that printkit did not write, or that
    /// changed since it wrote them (without it, the build stops and names
    /// them).
    #[arg(long)]
    pub force: bool,
    /// Seconds of solver search the whole run may spend proving claims
    /// (counted in positions, the same on every machine); a claim not
    /// settled within it is reported unproven.
    #[arg(long, value_name = "SECONDS", default_value_t = crate::solve::budget::DEFAULT_SECONDS,
          value_parser = crate::solve::budget::parse_seconds)]
    pub search_budget: f64,
}

/// The most practice files one folder given to `--practice` may hold.
const MAX_PRACTICE_FOLDER_FILES: usize = 200;

/// `--practice` paths with each folder replaced by its `.toml` files, in
/// name order (`sheet-01.toml`, `sheet-02.toml`, …). Only regular files are
/// taken: a link or anything else in the folder is passed over.
fn practice_files(paths: Vec<PathBuf>) -> Result<Vec<PathBuf>, Fatal> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(path);
            continue;
        }
        let entries = std::fs::read_dir(&path)
            .map_err(|e| format!("cannot read the folder {}: {e}", path.display()))?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .take(MAX_PRACTICE_FOLDER_FILES + 1)
            .collect();
        if found.len() > MAX_PRACTICE_FOLDER_FILES {
            return Err(format!(
                "--practice {}: more than {MAX_PRACTICE_FOLDER_FILES} .toml files in the folder",
                path.display()
            ));
        }
        if found.is_empty() {
            return Err(format!(
                "--practice {}: no .toml file in the folder",
                path.display()
            ));
        }
        found.sort();
        files.extend(found);
    }
    Ok(files)
}

/// Prints located diagnostics and says nothing was written.
fn report_invalid(diags: &[definition::Diagnostic]) {
    for d in diags {
        crate::say!("{}", d.render());
    }
    crate::say!(
        "{} error{} found: nothing was written",
        diags.len(),
        if diags.len() == 1 { "" } else { "s" }
    );
}

pub fn build(args: BuildArgs) -> Result<i32, Fatal> {
    use crate::build::{BuildError, BuildRequest};
    use crate::kit::{output, Part};
    let started = std::time::Instant::now();
    crate::solve::budget::set_seconds(args.search_budget);
    // Arguments first: nothing is read or written until they all make sense.
    let formats = output::Formats {
        pdf: args.format.iter().any(|f| f == "pdf"),
        svg: args.format.iter().any(|f| f == "svg"),
    };
    if let Some(bad) = args.format.iter().find(|f| *f != "pdf" && *f != "svg") {
        return Err(format!(
            "unknown format `{bad}`: expected pdf, svg or pdf,svg"
        ));
    }
    let mut parts = Vec::new();
    for name in &args.only {
        match Part::parse(name) {
            Some(p) => parts.push(p),
            None => {
                return Err(format!(
                    "unknown part `{name}`: expected some of {}",
                    Part::ALL.map(|p| p.name()).join(", ")
                ))
            }
        }
    }
    let back_offset = match &args.back_offset {
        None => (0.0, 0.0),
        Some(_) if !args.duplex => {
            return Err(
                "--back-offset shifts the token backs of a two-sided print: add --duplex"
                    .to_string(),
            )
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
        language: args.language,
    };
    let report = match crate::build::build(&request) {
        Ok(r) => r,
        Err(BuildError::Invalid(diags)) => {
            report_invalid(&diags);
            return Ok(1);
        }
        Err(BuildError::Fatal(message)) => return Err(message),
    };
    for note in &report.notes {
        crate::say!("note: {note}");
    }
    let mut out = std::io::stdout().lock();
    let mut total = 0;
    for (path, size) in &report.written {
        total += size;
        let _ = writeln!(out, "{:>9}  {}", human_size(*size), path.display());
    }
    let (files, kept) = (report.written.len(), report.unchanged);
    let games = format!(
        "for {} game{}",
        report.games,
        if report.games == 1 { "" } else { "s" }
    );
    let ms = started.elapsed().as_millis();
    let size = human_size(total);
    let _ = match kept {
        0 => writeln!(out, "wrote {files} files ({size}) {games} in {ms} ms"),
        k if k == files => writeln!(
            out,
            "all {files} files ({size}) {games} were already up to date (checked in {ms} ms)"
        ),
        k => writeln!(
            out,
            "wrote {} of {files} files ({size}) {games} in {ms} ms; the other {k} were already up to date",
            files - k
        ),
    };
    Ok(0)
}

fn human_size(bytes: usize) -> String {
    if bytes < 1024 {
        format!("{bytes} B")
    } else {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    }
}

/// `X,Y` in millimetres.
fn parse_offset(text: &str) -> Result<(f64, f64), Fatal> {
    let bad = || format!("--back-offset `{text}`: expected two numbers in mm, X,Y (e.g. 0.5,-1)");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: f64 = x.trim().parse().map_err(|_| bad())?;
    let y: f64 = y.trim().parse().map_err(|_| bad())?;
    if !(x.is_finite() && y.is_finite()) || x.abs() > 20.0 || y.abs() > 20.0 {
        return Err(format!(
            "--back-offset `{text}`: each shift must be within ±20 mm"
        ));
    }
    Ok((x, y))
}

/// Validates files; the exit code is 2 when a file cannot be read, else 1
/// when anything is wrong.
fn check(files: &[PathBuf], json: bool, dir: Option<&Path>, language: Option<&str>) -> i32 {
    use crate::build::{check_files, load_languages, BuildError, Checked};
    let templates = match crate::render::Templates::load(dir) {
        Ok(t) => t,
        Err(e) => {
            crate::say!("error: {e}");
            return 2;
        }
    };
    let languages = match load_languages(dir) {
        Ok(l) => l,
        Err(BuildError::Invalid(diags)) => {
            report_diagnostics(&diags, json);
            return 1;
        }
        Err(BuildError::Fatal(e)) => {
            crate::say!("error: {e}");
            return 2;
        }
    };
    let checked = crate::render::font::with_fallbacks(&templates.fallbacks, || {
        check_files(files, &templates, &languages, language)
    });
    let results: Vec<(&PathBuf, Checked)> = files.iter().zip(checked).collect();
    let unreadable = results
        .iter()
        .any(|(_, r)| matches!(r, Checked::Unreadable(_)));
    let diags: Vec<&definition::Diagnostic> = results
        .iter()
        .flat_map(|(_, r)| match r {
            Checked::Invalid(d) => d.iter().collect(),
            _ => Vec::new(),
        })
        .collect();
    if json {
        // Files that cannot be read first (at line 0), then every mistake.
        let mut list: Vec<serde_json::Value> = results
            .iter()
            .filter_map(|(path, r)| match r {
                Checked::Unreadable(message) => Some(serde_json::json!({
                    "file": path.display().to_string(), "line": 0, "column": 0, "message": message
                })),
                _ => None,
            })
            .collect();
        list.extend(diags.iter().map(|d| d.to_json()));
        println!("{}", serde_json::Value::Array(list));
    } else {
        for (path, r) in &results {
            match r {
                Checked::Ok {
                    what,
                    positions,
                    checks,
                    solved,
                } => println!(
                    "{}: ok ({what}: {positions} practice position{}, {checks} check{} confirmed by the engine{})",
                    path.display(),
                    if *positions == 1 { "" } else { "s" },
                    if *checks == 1 { "" } else { "s" },
                    match solved {
                        0 => String::new(),
                        1 => ", 1 claim proven by the solver".to_string(),
                        n => format!(", {n} claims proven by the solver"),
                    }
                ),
                Checked::Unreadable(message) => crate::say!("error: {message}"),
                Checked::Invalid(_) => {}
            }
        }
        for d in &diags {
            crate::say!("{}", d.render());
        }
        if !diags.is_empty() {
            crate::say!(
                "{} error{} found: nothing in these files may be printed until they are fixed",
                diags.len(),
                if diags.len() == 1 { "" } else { "s" }
            );
        }
    }
    if unreadable {
        2
    } else if diags.is_empty() {
        0
    } else {
        1
    }
}

/// A templates folder's mistakes (its language files), as `check` prints
/// a file's.
fn report_diagnostics(diags: &[definition::Diagnostic], json: bool) {
    if json {
        let list: Vec<serde_json::Value> = diags.iter().map(|d| d.to_json()).collect();
        println!("{}", serde_json::Value::Array(list));
        return;
    }
    for d in diags {
        crate::say!("{}", d.render());
    }
    crate::say!(
        "{} error{} found in the templates' language files",
        diags.len(),
        if diags.len() == 1 { "" } else { "s" }
    );
}

fn describe_outcome(o: &Outcome) -> String {
    match o.winner {
        Some(w) => format!("{w} wins ({})", o.reason),
        None => format!("draw ({})", o.reason),
    }
}

/// The moves of a record file: whitespace-separated, `#` to the end of a
/// line is a comment.
pub fn record_moves(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(|line| line.split_whitespace().map(str::to_string))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_files_allow_comments_and_several_moves_a_line() {
        let text = "# game 3, table 2\nA1-B2  E1-D2 # both clone\n\n  pass\n";
        assert_eq!(record_moves(text), vec!["A1-B2", "E1-D2", "pass"]);
    }

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
