//! Bracket and flip: perft speed (the 6×6 and 8×8 starts; perft 10 of the
//! 8×8 start is the published 24,571,284) and the moonshot, the exact
//! solve of the 6×6 start (`-- solve`; `-- margin` also proves the disc
//! margin). Single-threaded; figures are printed, never asserted, except
//! the node counts, which must be the published ones.
//!
//! `cargo bench --bench bracket_flip` (`-- solve`, `-- solve margin`).
use printkit_rules::bracket_flip::{BracketFlip, Params};
use printkit_rules::Rules;
use printkit_solve::families::bracket_flip as endgame;
use std::time::Instant;

#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

/// Times perft of `position`; `engines`: as the Othello engines count it
/// (a pass below a finished game counts), else as docs/rules.md does.
fn bench(rules: &BracketFlip, position: &str, depth: u32, expected: u64, runs: usize) {
    bench_as(rules, position, depth, expected, runs, false)
}

fn bench_as(
    rules: &BracketFlip,
    position: &str,
    depth: u32,
    expected: u64,
    runs: usize,
    engines: bool,
) {
    let pos = rules.parse_position(position).expect("position");
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let nodes = if engines {
            rules.perft_final_pass(std::hint::black_box(&pos), depth)
        } else {
            rules.perft(std::hint::black_box(&pos), depth)
        };
        times.push(start.elapsed().as_secs_f64());
        assert_eq!(nodes, expected, "{position} depth {depth}");
    }
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2];
    println!(
        "{position} perft {depth}{}: {expected} nodes, median {median:.4} s (min {:.4}, max {:.4}, {runs} runs), {:.0} M nodes/s",
        if engines { " (engines' count)" } else { "" },
        times[0],
        times[runs - 1],
        expected as f64 / median / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let solve = args.iter().any(|a| a == "solve");
    let margin = args.iter().any(|a| a == "margin");
    let rules = BracketFlip::new(Params::default());
    if !solve {
        bench(&rules, "8/8/8/3WB3/3BW3/8/8/8 B", 8, 390_216, 9);
        // docs/rules.md's count, then the published one (228 games are over
        // at ply 9).
        bench(&rules, "8/8/8/3WB3/3BW3/8/8/8 B", 10, 24_571_056, 5);
        bench_as(&rules, "8/8/8/3WB3/3BW3/8/8/8 B", 10, 24_571_284, 5, true);
        bench(&rules, "6/6/2WB2/2BW2/6/6 B", 7, 47_740, 9);
        // More than 64 cells: u128 (10×10) and the wide set (26×26).
        bench(&rules, "10/10/10/10/4WB4/4BW4/10/10/10/10 B", 6, 8_200, 5);
    }
    if solve {
        moonshot(&rules, margin);
    }
}

/// The 6×6 start solved to the end: with `margin` the disc margin proved
/// (score only, as the FFO bench), then the full answer (every best first
/// move and a line); without, win, loss or draw and the full answer. CPU
/// seconds; the result must be the published one (W wins 20-16, Joel
/// Feinstein 1993), or the bench fails.
fn moonshot(rules: &BracketFlip, margin: bool) {
    let pos = rules.parse_position("6/6/2WB2/2BW2/6/6 B").unwrap();
    if margin {
        let cpu = cpu_seconds();
        let (score, nodes) = endgame::margin(&pos, u64::MAX).unwrap();
        let secs = cpu_seconds() - cpu;
        assert_eq!(score, -4, "the 6×6 start: W wins 20-16");
        println!(
            "moonshot 6×6 start, margin proved: {score:+} for B, {nodes} nodes, {secs:.1} s CPU, {:.1} M nodes/s",
            nodes as f64 / secs / 1e6
        );
    }
    let cpu = cpu_seconds();
    let x = endgame::solve(&pos, margin, u64::MAX, &|| false).unwrap();
    let secs = cpu_seconds() - cpu;
    assert_eq!(
        x.score,
        if margin { -4 } else { -1 },
        "the 6×6 start: W wins 20-16"
    );
    println!(
        "moonshot 6×6 start{}: score {} for B ({}), discs {:?}, best {:?}, line {}, {} nodes, {secs:.1} s CPU, {:.1} M nodes/s",
        if margin { ", margin with best moves and line" } else { ", win/loss/draw with best moves and line" },
        x.score,
        match x.score.signum() {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        },
        x.discs,
        x.best,
        x.pv.join(" "),
        x.nodes,
        x.nodes as f64 / secs / 1e6
    );
}
