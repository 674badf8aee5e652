//! `printkit puzzles GAME --sheets N --count C --out DIR`: N class sheets
//! of C puzzles each, every sheet with the same mix of win lengths (the
//! difficulty), written as one practice file a sheet with its
//! `sheet_number`; `build --practice DIR` prints each as its
//! own numbered sheet and answers them all in one host-key list. The
//! puzzles come from [`super::puzzles::generate`], unchanged: the same seed
//! gives the same sheets.
use super::puzzles::{self, Puzzle, PuzzleArgs};
use crate::definition::{Definition, MAX_PRACTICE, MAX_SHEET_NUMBER};
use std::collections::BTreeMap;

pub fn run(def: &Definition, args: &PuzzleArgs, sheets: u32) -> Result<i32, String> {
    if sheets == 0 || sheets > MAX_SHEET_NUMBER {
        return Err(format!(
            "--sheets {sheets}: expected 1 to {MAX_SHEET_NUMBER} sheets"
        ));
    }
    if args.count == 0 || args.count > MAX_PRACTICE {
        return Err(format!(
            "--count {}: expected 1 to {MAX_PRACTICE} puzzles a sheet",
            args.count
        ));
    }
    if args.max_plies == 0 || args.max_plies > 15 {
        return Err(format!(
            "--max-plies {}: expected 1 to 15 plies",
            args.max_plies
        ));
    }
    let Some(dir) = args.out.as_deref() else {
        return Err("--sheets writes one file a sheet: name their folder with --out DIR".into());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
    refuse_other_sheets(dir, sheets)?;
    let game = puzzles::game_reference(&args.game, Some(&dir.join(file_name(1))))?;
    // Enough of every win length for each sheet to have its share
    // (`puzzles` chooses its set round robin over the lengths).
    let lengths = if args.max_plies > 1 {
        args.max_plies as usize - 1
    } else {
        1
    };
    // Twice that, as the generator stops at its count and the lengths it
    // finds are not even: the spare lets every sheet get the same mix.
    let wanted = 2 * sheets as usize * lengths * args.count.div_ceil(lengths);
    let mut progress = |line: &str| crate::say!("{line}");
    let (found, _) = super::cli::generate_stoppable(def, &wanted_args(args, wanted), &mut progress);
    let stopped = super::stop::stopped();
    super::cli::say_stopped_puzzles(stopped);
    let Some(dealt) = deal(def.family(), found, sheets as usize, args.count) else {
        crate::say!(
            "puzzles: not enough puzzles for {sheets} sheets of {} with one mix of lengths, so nothing was written; \
             try fewer sheets, another --seed or a larger --max-plies",
            args.count
        );
        return Ok(super::cli::exit_code_or(stopped, 1));
    };
    let command = format!(
        "printkit puzzles {} --sheets {sheets} --count {} --seed {} --max-plies {} --out {}",
        args.game,
        args.count,
        args.seed,
        args.max_plies,
        dir.display()
    );
    for (k, sheet) in dealt.iter().enumerate() {
        let number = k as u32 + 1;
        let text = puzzles::practice_file(def, &game, sheet, &command, args.max_plies);
        let text = with_sheet_number(&text, number);
        let path = dir.join(file_name(number));
        crate::render::write_atomic(&path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    crate::say!(
        "puzzles: wrote {sheets} sheets of {} to {} ({}); print them with `printkit build {} --practice {}`",
        args.count,
        dir.display(),
        mix_words(&dealt[0]),
        args.game,
        dir.display()
    );
    Ok(super::cli::exit_code_or(stopped, 0))
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

fn wanted_args(args: &PuzzleArgs, count: usize) -> PuzzleArgs {
    PuzzleArgs {
        game: args.game.clone(),
        count,
        seed: args.seed,
        max_plies: args.max_plies,
        out: None,
        sheets: None,
        time_limit: args.time_limit,
    }
}

/// The practice file with its `sheet_number` after its `game` line.
fn with_sheet_number(text: &str, number: u32) -> String {
    let mut out = String::with_capacity(text.len() + 20);
    for line in text.lines() {
        out.push_str(line);
        out.push('\n');
        if line.starts_with("game = ") {
            out.push_str(&format!("sheet_number = {number}\n"));
        }
    }
    out
}

/// "2 wins in 3 plies and 4 in 5 plies a sheet".
fn mix_words(sheet: &[Puzzle]) -> String {
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for p in sheet {
        *counts.entry(p.solution.plies).or_default() += 1;
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|(plies, n)| format!("{n} won in {plies} plies"))
        .collect();
    format!("{} a sheet", parts.join(", "))
}

/// Deals `found` into `sheets` sheets of `count`, each with the same number
/// of puzzles of each share (win length and, in the predator game, winning
/// side: [`puzzles::share`]), shortest first on each sheet; `None` when
/// there are too few. The shares take the slots of a sheet in turn,
/// shortest first, each while it has a puzzle left for every sheet.
pub fn deal(
    family: crate::rules::Family,
    found: Vec<Puzzle>,
    sheets: usize,
    count: usize,
) -> Option<Vec<Vec<Puzzle>>> {
    let mut by_length: BTreeMap<(u32, char), Vec<Puzzle>> = BTreeMap::new();
    for p in found {
        by_length
            .entry(puzzles::share(family, &p))
            .or_default()
            .push(p);
    }
    let mut mix: BTreeMap<(u32, char), usize> = by_length.keys().map(|k| (*k, 0)).collect();
    let mut placed = 0;
    while placed < count {
        let before = placed;
        for (share, taken) in mix.iter_mut() {
            if placed < count && by_length[share].len() >= (*taken + 1) * sheets {
                *taken += 1;
                placed += 1;
            }
        }
        if placed == before {
            return None;
        }
    }
    let mut dealt: Vec<Vec<Puzzle>> = vec![Vec::with_capacity(count); sheets];
    for (share, taken) in mix {
        let mut pool = by_length.remove(&share).unwrap_or_default().into_iter();
        for sheet in dealt.iter_mut() {
            sheet.extend(pool.by_ref().take(taken));
        }
    }
    Some(dealt)
}
