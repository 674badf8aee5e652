//! The exact endgame search on the FFO endgame test positions #40–#49
//! (tests/ffo/positions.txt, 20–24 empty cells, published scores): CPU
//! seconds and nodes per second for #40–#44 and for #45–#49, each score
//! checked against the published one (a wrong score fails the bench).
//! Single-threaded, the disc margin only (no list of best moves: what the
//! classic standalone solvers report). Figures are printed, never asserted.
//!
//! `cargo bench --bench ffo` (#40–#44; `-- all` adds #45–#49).
use printkit_rules::bracket_flip::{BracketFlip, Params};
use printkit_rules::Rules;
use printkit_solve::families::bracket_flip as endgame;

#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

/// The positions of tests/ffo/positions.txt: number, position, score.
fn positions() -> Vec<(u32, String, i32)> {
    include_str!("../tests/ffo/positions.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            (
                f[0].parse().unwrap(),
                format!("{} {}", f[1], f[2]),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

/// Solves positions `from..=to`, printing each and the total.
fn run(rules: &BracketFlip, from: u32, to: u32) {
    let (mut nodes, mut cpu) = (0u64, 0.0);
    for (n, text, want) in positions() {
        if n < from || n > to {
            continue;
        }
        let pos = rules.parse_position(&text).unwrap();
        let start = cpu_seconds();
        let (score, searched) = endgame::margin(&pos, u64::MAX).unwrap();
        let secs = cpu_seconds() - start;
        assert_eq!(score, want, "FFO #{n}: {text}");
        println!(
            "FFO #{n}: {score:+} (published {want:+}), {searched} nodes, {secs:.2} s CPU, {:.1} M nodes/s",
            searched as f64 / secs / 1e6
        );
        nodes += searched;
        cpu += secs;
    }
    println!(
        "FFO #{from}-#{to}: {cpu:.2} s CPU, {nodes} nodes, {:.1} M nodes/s",
        nodes as f64 / cpu / 1e6
    );
}

fn main() {
    let all = std::env::args().any(|a| a == "all");
    let rules = BracketFlip::new(Params::default());
    run(&rules, 40, 44);
    if all {
        run(&rules, 45, 49);
    }
}
