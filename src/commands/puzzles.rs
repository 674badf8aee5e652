//! `printkit puzzles`: the command line over [`crate::puzzles`] (its
//! options, progress lines, exit codes and the files it writes).
use crate::definition::{self, Definition, MAX_PRACTICE, MAX_SHEET_NUMBER};
use crate::puzzles::{self, class_sets, Puzzle};
use crate::solve::families::DecoyRule;
use crate::stop::{self, Reason, Run};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The options of `printkit puzzles`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  printkit puzzles freeze --count 12 --seed 7 --out freeze-puzzles.toml\n  \
                        printkit check freeze-puzzles.toml\n  \
                        printkit build freeze --practice freeze-puzzles.toml\n\n\
                        The same seed writes the same file, byte for byte."
)]
pub struct PuzzleArgs {
    /// Built-in game id or game definition file.
    pub game: String,
    /// How many puzzles to write [default: 12; with --sheets, 6 a sheet].
    #[arg(long)]
    pub count: Option<usize>,
    /// The seed of the random games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The longest win, in plies (both sides' moves).
    #[arg(long, default_value_t = 5)]
    pub max_plies: u32,
    /// Write the practice file here instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write this many class sheets of `--count` puzzles each, every sheet
    /// of the same mix of win lengths: one practice file a sheet
    /// (`sheet-01.toml`, …, with its `sheet_number`) in the folder `--out`.
    #[arg(long, value_name = "N")]
    pub sheets: Option<u32>,
    /// Stop looking after this many seconds and write the puzzles found
    /// (Ctrl-C does the same at any time).
    #[arg(long, value_name = "SECONDS", value_parser = stop::parse_time_limit)]
    pub time_limit: Option<f64>,
}

/// [`puzzles::generate`] under `--time-limit` and Ctrl-C.
fn generate_stoppable(
    def: &Definition,
    args: &PuzzleArgs,
    run: &Arc<Run>,
    progress: &mut dyn FnMut(&str),
) -> (Vec<puzzles::Puzzle>, puzzles::Rejections) {
    let game = def.game();
    puzzles::generate(game, count(args), args.seed, args.max_plies, run, progress)
}

/// Says why `puzzles` stopped early, if it did: what it found is written.
fn say_stopped_puzzles(stopped: Option<Reason>) {
    if let Some(reason) = stopped {
        crate::say!(
            "puzzles: {}: the puzzles found so far (each proven) are kept",
            reason.sentence()
        );
    }
}

/// 130 when interrupted, else `code`.
fn exit_code_or(stopped: Option<Reason>, code: i32) -> i32 {
    stop::exit_code_or(stopped, code)
}

/// What the practice file's `game` says: a built-in id, or the definition
/// file relative to the practice file's folder (as `check` and `build` read
/// it), which must hold it or a folder above it.
pub fn game_reference(game: &str, out: Option<&Path>) -> Result<String, String> {
    if definition::is_builtin(game) {
        return Ok(game.to_string());
    }
    let folder = match out.and_then(Path::parent) {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let absolute = |p: &Path| {
        std::fs::canonicalize(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
    };
    let (dir, file) = (absolute(&folder)?, absolute(Path::new(game))?);
    let Ok(relative) = file.strip_prefix(&dir) else {
        return Err(format!(
            "{game} is not in the folder the puzzles are written to ({}) or below it: a practice file names its game relative to its own folder, so write the puzzles beside the definition (for example `--out {}`)",
            folder.display(),
            Path::new(game)
                .with_file_name("puzzles.toml")
                .display()
        ));
    };
    let text = relative.to_string_lossy().replace('\\', "/");
    Ok(text)
}

pub fn run(args: PuzzleArgs) -> Result<i32, String> {
    let def = definition::resolve(&args.game).map_err(|e| e.to_string())?;
    if let Some(sheets) = args.sheets {
        return run_sheets(&def, &args, sheets);
    }
    // Known before any search: the file must name a game `check` can read.
    let game = game_reference(&args.game, args.out.as_deref())?;
    check_sizes(&args, "the most positions a practice file may hold")?;
    // One line rewritten in place on a terminal; a pipe or a log gets
    // only the summary below.
    let run = stop::start(args.time_limit);
    let ticker = stop::Progress::start("puzzles", &run);
    let (puzzles, rej) = generate_stoppable(&def, &args, &run, &mut |_| {});
    drop(ticker);
    let stopped = run.stopped();
    crate::say!(
        "puzzles: examined {} candidates, kept {}; rejected: {}; {} more found but not chosen (their length, move kind, pattern or mark already well represented)",
        rej.examined,
        puzzles.len(),
        rej.reasons(),
        rej.quota_full
    );
    say_stopped_puzzles(stopped);
    if puzzles.is_empty() {
        crate::say!(
            "puzzles: none found, so nothing was written; try another --seed or a larger --max-plies"
        );
        return Ok(exit_code_or(stopped, 1));
    }
    // The command as it was given: it runs again from the same folder.
    let args_line = format!(
        "printkit puzzles {} --count {} --seed {} --max-plies {}",
        args.game,
        count(&args),
        args.seed,
        args.max_plies
    );
    let text = practice_file(&def, &game, &puzzles, &args_line, args.max_plies);
    match &args.out {
        Some(path) => crate::render::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => {
            let _ = crate::stdout::lock().write_all(text.as_bytes());
        }
    }
    if puzzles.len() < count(&args) {
        crate::say!(
            "puzzles: only {} of {} found; try another --seed or a larger --max-plies",
            puzzles.len(),
            count(&args)
        );
        return Ok(exit_code_or(stopped, 1));
    }
    Ok(exit_code_or(stopped, 0))
}

/// `--count` and `--max-plies` within their bounds; `most` says what the
/// most puzzles are.
/// `--count`, or its default: 12 puzzles, or 6 on each class sheet (a
/// sheet of paper printed on both sides).
fn count(args: &PuzzleArgs) -> usize {
    match (args.count, args.sheets) {
        (Some(n), _) => n,
        (None, Some(_)) => 6,
        (None, None) => 12,
    }
}

fn check_sizes(args: &PuzzleArgs, most: &str) -> Result<(), String> {
    check_count(count(args), args.max_plies, most)
}

fn check_count(count: usize, max_plies: u32, most: &str) -> Result<(), String> {
    if count == 0 || count > MAX_PRACTICE {
        return Err(format!(
            "--count {count}: expected 1 to {MAX_PRACTICE}, {most}"
        ));
    }
    if max_plies == 0 || max_plies > 15 {
        return Err(format!("--max-plies {max_plies}: expected 1 to 15 plies"));
    }
    Ok(())
}

/// The most puzzles a class sheet holds: with the name line and the
/// instructions, two pages of every built-in game on A4 and US Letter.
pub const MOST_ON_A_SHEET: usize = 6;

/// What a class set is asked for: by `printkit puzzles --sheets` and by
/// the web page's `printkit.classSet` alike.
pub struct ClassSetAsked<'a> {
    /// The game as the command names it (for the files' first line).
    pub game: &'a str,
    /// The game as the practice files name it ([`game_reference`]).
    pub game_ref: &'a str,
    pub sheets: u32,
    /// Puzzles a sheet.
    pub count: usize,
    pub seed: u64,
    pub max_plies: u32,
    /// The folder the sheets are written to, as given (for the files'
    /// first line).
    pub folder: &'a str,
}

/// A class set made: its sheets as practice files, and what the search
/// found.
pub struct ClassSet {
    /// Each sheet's practice file, `sheet-01.toml` first; fewer than asked
    /// when the search made fewer, none when not one.
    pub sheets: Vec<(String, String)>,
    pub found: class_sets::Found,
    /// "2 won in 3 plies, … a sheet" (empty when no sheet was made).
    pub mix: String,
}

/// The bounds of a class set's `--sheets`, `--count` and `--max-plies`.
pub fn check_class_set(sheets: u32, count: usize, max_plies: u32) -> Result<(), String> {
    if sheets == 0 || sheets > MAX_SHEET_NUMBER {
        return Err(format!(
            "--sheets {sheets}: expected 1 to {MAX_SHEET_NUMBER} sheets"
        ));
    }
    check_count(count, max_plies, "the most puzzles a sheet may hold")?;
    if count > MOST_ON_A_SHEET {
        return Err(format!(
            "--count {count} with --sheets: a student's sheet holds at most {MOST_ON_A_SHEET} puzzles \
             (one sheet of paper, printed on both sides); make more sheets with --sheets instead"
        ));
    }
    Ok(())
}

/// Searches for the class set `asked` within `run` and deals it into
/// sheets: the one implementation of `puzzles --sheets` (which writes the
/// files) and of the web page's class sets (which build them in memory).
/// `say` gets the search's remarks, `progress` its sheets found.
pub fn make_class_set(
    def: &Definition,
    asked: &ClassSetAsked,
    run: &Arc<Run>,
    say: &mut dyn FnMut(&str),
    progress: &mut dyn FnMut(&class_sets::Progress),
) -> ClassSet {
    let (sheets, count) = (asked.sheets as usize, asked.count);
    let found = class_sets::find(
        def.game(),
        (sheets, count),
        asked.seed,
        asked.max_plies,
        run,
        say,
        progress,
    );
    let Some(dealt) = class_sets::deal_most(def.family(), &found.puzzles, sheets, count) else {
        return ClassSet {
            sheets: Vec::new(),
            found,
            mix: String::new(),
        };
    };
    let command = format!(
        "printkit puzzles {} --sheets {sheets} --count {count} --seed {} --max-plies {} --out {}",
        asked.game, asked.seed, asked.max_plies, asked.folder
    );
    let files = dealt
        .iter()
        .enumerate()
        .map(|(k, sheet)| {
            let number = k as u32 + 1;
            let text = practice_file(def, asked.game_ref, sheet, &command, asked.max_plies);
            (
                file_name(number),
                class_sets::with_sheet_number(&text, number),
            )
        })
        .collect();
    ClassSet {
        sheets: files,
        mix: class_sets::mix_words(&dealt[0]),
        found,
    }
}

fn run_sheets(def: &Definition, args: &PuzzleArgs, sheets: u32) -> Result<i32, String> {
    check_class_set(sheets, count(args), args.max_plies)?;
    let Some(dir) = args.out.as_deref() else {
        return Err("--sheets writes one file a sheet: name their folder with --out DIR".into());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
    refuse_other_sheets(dir, sheets)?;
    let game = game_reference(&args.game, Some(&dir.join(file_name(1))))?;
    let run = stop::start(args.time_limit);
    let folder = dir.display().to_string();
    let asked = ClassSetAsked {
        game: &args.game,
        game_ref: &game,
        sheets,
        count: count(args),
        seed: args.seed,
        max_plies: args.max_plies,
        folder: &folder,
    };
    // The line counts sheets found and the time left, not positions.
    let progress_line = stop::SetProgress::start(&run);
    let set = make_class_set(
        def,
        &asked,
        &run,
        &mut |remark| crate::say!("{remark}"),
        &mut |p| progress_line.tell(p),
    );
    drop(progress_line);
    let stopped = run.stopped();
    say_stopped_puzzles(stopped);
    let found = &set.found;
    if set.sheets.is_empty() {
        crate::say!(
            "puzzles: {} distinct puzzles in {} candidates, not enough for one sheet of {} with one mix of lengths and marks, so nothing was written; \
             try a smaller --count, another --seed or a larger --max-plies",
            found.puzzles.len(),
            found.examined,
            count(args)
        );
        return Ok(exit_code_or(stopped, 1));
    }
    for (name, text) in &set.sheets {
        let path = dir.join(name);
        crate::render::write_atomic(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let made = set.sheets.len() as u32;
    crate::say!(
        "puzzles: examined {} candidates, {} distinct puzzles; wrote {made} sheets of {} to {} ({}); `printkit build {} --practice {}` prints them as the students' sheets, one PDF apart from the player kit, and answers them in the host key",
        found.examined,
        found.puzzles.len(),
        count(args),
        dir.display(),
        set.mix,
        args.game,
        dir.display()
    );
    if made < sheets {
        crate::say!(
            "{}",
            fewer_sheets(made, sheets, stopped, count(args), &def.title)
        );
        return Ok(exit_code_or(stopped, 1));
    }
    Ok(exit_code_or(stopped, 0))
}

/// Why only `made` of the `sheets` asked for were written, and what to
/// type for the rest: a search cut short is run again with more time; a
/// finished one found every set the game makes from this seed.
fn fewer_sheets(
    made: u32,
    sheets: u32,
    stopped: Option<Reason>,
    count: usize,
    title: &str,
) -> String {
    match stopped {
        Some(reason) => format!(
            "puzzles: only {made} of {sheets} sheets: the search {} before it found more; run the same command {} \
             to find all {sheets} (it rewrites these {made})",
            reason.sentence(),
            match reason {
                Reason::TimeLimit => "with a larger --time-limit, or none,",
                Reason::Interrupted => "again and let it finish",
            }
        ),
        None => format!(
            "puzzles: only {made} of {sheets} sheets: the largest set of {count} with one mix of lengths and marks and no answer twice on a sheet \
             that {title} makes; another --seed adds others (write them to another folder)"
        ),
    }
}

/// `sheet-07.toml`: the numbers sort as they read.
/// `build --practice DIR` prints every `.toml` file of the folder: a sheet
/// file beyond this set's count (left by an earlier, larger set) would be
/// printed beside the new ones, with another seed's answers. Refused before
/// any search, so the host empties the folder or names another.
fn refuse_other_sheets(dir: &std::path::Path, sheets: u32) -> Result<(), String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the folder {}: {e}", dir.display()))?;
    let ours: Vec<String> = (1..=sheets).map(file_name).collect();
    let mut others: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml") && !ours.contains(n))
        .take(4)
        .collect();
    if others.is_empty() {
        return Ok(());
    }
    others.sort();
    Err(format!(
        "--out {}: the folder holds other practice files ({}{}), which `build --practice` would print with \
         these sheets; empty the folder or name another",
        dir.display(),
        others.join(", "),
        if others.len() == 4 { ", …" } else { "" }
    ))
}

fn file_name(number: u32) -> String {
    format!("sheet-{number:02}.toml")
}

/// The practice file of the puzzles.
pub fn practice_file(
    def: &Definition,
    game: &str,
    puzzles: &[Puzzle],
    args_line: &str,
    max_plies: u32,
) -> String {
    let engine = def.engine();
    let mut out = String::new();
    let _ = writeln!(out, "# Generated by `{args_line}`.");
    let _ = writeln!(
        out,
        "# Each position comes from a seeded random game or a built endgame; the solver proved that the side to move"
    );
    let _ = writeln!(
        out,
        "# wins within {max_plies} plies with one winning move at every turn of the winner."
    );
    if def.params.has_promotions() {
        let _ = writeln!(
            out,
            "# One move up to kings: each move of the winner makes only the kings it needs; kinging more opposing"
        );
        let _ = writeln!(
            out,
            "# checkers as well, as far as its captures allow, wins too and is the same answer (the host key says so)."
        );
    }
    let _ = writeln!(out, "game = {}", toml_string(game));
    for (k, p) in puzzles.iter().enumerate() {
        let side = p.position.view().side_to_move;
        let first_kind = puzzles::first_kind(&p.solution);
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "# Candidate {}: {} random plies from {}; first move a {first_kind}; {} positions searched; {} other first moves {}{}; answer: {} ({}).",
            p.candidate,
            p.plies_from_start,
            if p.built { "a built endgame" } else { "the start" },
            p.solution.nodes,
            p.decoys,
            p.decoy_rule.words(),
            match p.decoy_rule {
                DecoyRule::Safe => format!(", {} of them threatening a win", p.tempting),
                DecoyRule::FewestCapturers => String::new(),
            },
            p.shape,
            p.difficulty()
        );
        let _ = writeln!(out, "[[practice]]");
        let l = &def.lang;
        let level = crate::tr!(l, &format!("practice.{}", p.difficulty()));
        let name = crate::tr!(l, "practice.puzzle_name", n = k + 1, level = level);
        let _ = writeln!(out, "name = {}", toml_string(&name));
        let _ = writeln!(out, "position = {}", toml_string(&p.position.text()));
        let _ = writeln!(
            out,
            "prompt = {}",
            toml_string(&{
                // In the definition's language, as the rest of its text;
                // whose turn it is the sheet says above the prompt.
                let [a, b] = engine.sides();
                let other = if side == a { b } else { a };
                let name = |s| crate::lang::side_name(l, def.family(), s);
                let moves =
                    crate::lang::moves_of_each(l, p.solution.plies, &name(side), &name(other));
                crate::tr!(l, "practice.win_in", moves = moves)
            })
        );
        let moves: Vec<String> = p.solution.pv.iter().map(|m| toml_string(&m.text)).collect();
        let _ = writeln!(out, "solution = [{}]", moves.join(", "));
        let _ = writeln!(out, "wins_in = {}", p.solution.plies);
        let _ = writeln!(out, "search_depth = {max_plies}");
    }
    out
}

fn toml_string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_cut_short_by_the_time_limit_says_so_and_what_to_type() {
        let cut = fewer_sheets(4, 24, Some(Reason::TimeLimit), 6, "Freeze");
        assert!(cut.contains("time limit"), "{cut}");
        assert!(cut.contains("--time-limit"), "{cut}");
        assert!(!cut.contains("largest set"), "{cut}");
        let finished = fewer_sheets(4, 24, None, 6, "Freeze");
        assert!(finished.contains("largest set"), "{finished}");
    }
}
