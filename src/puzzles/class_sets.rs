//! `printkit puzzles GAME --sheets N --count C --out DIR`: N class sheets
//! of C puzzles each, every sheet with the same mix of win lengths (the
//! difficulty), written as one practice file a sheet with its
//! `sheet_number`; `build --practice DIR` prints each as its
//! own numbered sheet and answers them all in one host-key list. The
//! puzzles come from [`super::generate`], unchanged: the same seed
//! gives the same sheets.
use super::{self as puzzles, Puzzle};
use std::collections::BTreeMap;

/// The practice file with its `sheet_number` after its `game` line.
pub fn with_sheet_number(text: &str, number: u32) -> String {
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
pub fn mix_words(sheet: &[Puzzle]) -> String {
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
