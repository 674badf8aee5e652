//! Solver timing (single-threaded, std::time): nodes per second for each
//! family, the time to answer every built-in practice position, the CPU
//! time of `puzzles` for 12 puzzles of each game of issue 24 (seeds 1, 7
//! and 42), and the moonshot: the predator game's start. Figures are
//! printed, never asserted.
//!
//! `cargo bench --bench solve` (add `-- moonshot` for the predator start,
//! `-- quick` to skip the puzzle runs).
use printkit_definition as definition;
use printkit_solve::puzzles;
use printkit_solve::{solver, Limits, Run};
use std::sync::Arc;
use std::time::Instant;

/// Positions per practice position: the Freeze start cannot be answered
/// at depth 8, so its search stops here (as in `check`, more than the key's).
const PRACTICE_BUDGET: u64 = 2_000_000;

#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "quick");
    let moonshot = args.iter().any(|a| a == "moonshot");
    let only_puzzles = args.iter().any(|a| a == "puzzles");

    // Nodes per second: a middle-game position of each family at a depth
    // that runs for about a second.
    let cases = [
        ("clone-jump-convert", "B3W/5/5/5/W3B W 0", 6),
        // Issue 24's goal: the clone start to depth 11 within 10 s.
        ("clone-jump-convert", "B3W/5/5/5/W3B W 0", 11),
        ("predator-prey", "5/5/2P2/5/5 o 8 0 0", 9),
        (
            "freeze",
            "rbrbrbrb/brbrb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b",
            4,
        ),
    ];
    for (game, position, depth) in if only_puzzles { &[][..] } else { &cases[..] } {
        let (game, position, depth) = (*game, *position, *depth);
        let def = definition::resolve(game).unwrap();
        let s = solver(&def.params, &Arc::new(Run::new()));
        let (t, cpu) = (Instant::now(), cpu_seconds());
        let position = def.load_position(position).unwrap();
        let r = s.solve(&position, Limits::depth(depth)).unwrap();
        let secs = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        println!(
            "solve {game} `{position}` depth {depth}: {} (depth {}, best {} moves{}), {} nodes, {secs:.3} s wall, {cpu:.3} s CPU, {:.0} nodes/s of CPU",
            r.verdict.word(),
            r.depth,
            r.best.len(),
            if r.best_complete { "" } else { ", incomplete" },
            r.nodes,
            r.nodes as f64 / cpu
        );
    }

    // Every built-in practice position, at its search depth.
    let t = Instant::now();
    let mut positions = 0;
    for def in definition::builtins().filter(|_| !only_puzzles) {
        let def = def.unwrap();
        let s = solver(&def.params, &Arc::new(Run::new()));
        for p in &def.practice {
            let one = Instant::now();
            let r = s
                .solve(
                    &p.position,
                    Limits {
                        depth: p.search_depth,
                        max_nodes: PRACTICE_BUDGET,
                    },
                )
                .unwrap();
            positions += 1;
            println!(
                "  {} / {}: {} in {} (depth {}), {} nodes, {:.3} s",
                def.id,
                p.name,
                r.verdict.word(),
                r.plies,
                r.depth,
                r.nodes,
                one.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "every built-in practice position ({positions}) answered at its search depth: {:.3} s",
        t.elapsed().as_secs_f64()
    );

    if !quick {
        // Issue 24's goal: 12 puzzles of each family within 10 s of CPU.
        for game in ["clone-jump-convert", "predator-prey", "freeze"] {
            let def = definition::resolve(game).unwrap();
            for seed in [1, 7, 42] {
                let (t, cpu) = (Instant::now(), cpu_seconds());
                let (kept, rej) =
                    puzzles::generate(def.game(), 12, seed, 5, &Arc::new(Run::new()), &mut |_| {});
                let cpu = cpu_seconds() - cpu;
                let mut lengths = std::collections::BTreeMap::new();
                for p in &kept {
                    *lengths.entry(p.solution.plies).or_insert(0) += 1;
                }
                let sides: String = kept.iter().map(|p| p.side).collect();
                println!(
                    "puzzles {game} --count 12 --seed {seed} --max-plies 5: {} kept of {} examined, {cpu:.2} s CPU ({:.2} s wall); lengths {lengths:?}; sides {sides}; rejected: {}",
                    kept.len(),
                    rej.examined,
                    t.elapsed().as_secs_f64(),
                    rej.reasons()
                );
            }
        }
    }

    if moonshot {
        // Deeper and deeper until a result is proven, the node budget runs
        // out, or 20 minutes have passed (each depth is a fresh search).
        let def = definition::resolve("predator-prey").unwrap();
        let s = solver(&def.params, &Arc::new(Run::new()));
        let all = Instant::now();
        let mut depth = 10;
        while depth <= 90 {
            let t = Instant::now();
            let r = s
                .solve(
                    &def.start_position,
                    Limits {
                        depth,
                        max_nodes: 20_000_000_000,
                    },
                )
                .unwrap();
            let secs = t.elapsed().as_secs_f64();
            println!(
                "moonshot predator start depth {depth}: {} in {} (searched to {}), {} nodes, {secs:.1} s, {:.0} nodes/s",
                r.verdict.word(),
                r.plies,
                r.depth,
                r.nodes,
                r.nodes as f64 / secs
            );
            let left = 1200.0 - all.elapsed().as_secs_f64();
            // The next depth costs more than this one.
            if r.budget_exhausted
                || r.verdict != printkit_solve::Verdict::Unknown
                || 2.0 * secs > left
            {
                break;
            }
            depth += 2;
        }
        println!("moonshot: {:.0} s in all", all.elapsed().as_secs_f64());
    }
}
