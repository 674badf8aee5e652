//! The naive counters (`printkit_oracles::naive`) against the perft
//! tables and docs/rules.md's worked counts.
use printkit_oracles::naive::{clone_convert, predator_prey};

/// `position depth nodes` lines of a perft table.
fn table(text: &str) -> Vec<(String, u32, u64)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let t: Vec<&str> = l.split(' ').collect();
            let n = t.len();
            (
                t[..n - 2].join(" "),
                t[n - 2].parse().unwrap(),
                t[n - 1].parse().unwrap(),
            )
        })
        .collect()
}

/// Checks every line up to `max_nodes` with the naive counter; returns how
/// many were checked.
fn check(text: &str, count: fn(&str, u32) -> u64, max_nodes: u64) -> usize {
    let mut checked = 0;
    for (pos, depth, nodes) in table(text) {
        if nodes > max_nodes {
            continue;
        }
        assert_eq!(count(&pos, depth), nodes, "{pos} depth {depth}");
        checked += 1;
    }
    checked
}

#[test]
fn the_naive_counters_agree_with_games_md() {
    // docs/rules.md's worked counts.
    assert_eq!(clone_convert("B3W/5/5/5/W3B W 0", 1), 16);
    assert_eq!(predator_prey("5/5/2P2/5/5 o 8 0 0", 1), 24);
    // A full board is over; a side with no move passes.
    assert_eq!(clone_convert("WB/BW W 0", 1), 0);
    assert_eq!(clone_convert("1W-B B 0", 1), 1);
    assert_eq!(clone_convert("W--/---/--B W 0", 1), 0);
}

#[test]
fn the_perft_tables_agree_with_the_naive_counters() {
    let budget = if cfg!(debug_assertions) {
        60_000
    } else {
        2_000_000
    };
    let a = check(
        include_str!("../perft/clone-convert.txt"),
        clone_convert,
        budget,
    );
    let b = check(
        include_str!("../perft/predator-prey.txt"),
        predator_prey,
        budget,
    );
    assert!(a >= 10 && b >= 10, "{a} {b}");
}

/// Every line but the public 7×7 Ataxx figure of 141 million (an outside
/// source already): `cargo test --release -- --ignored`.
#[test]
#[ignore = "minutes in a debug build; run in release with --ignored"]
fn the_deep_perft_lines_agree_with_the_naive_counters() {
    check(
        include_str!("../perft/clone-convert.txt"),
        clone_convert,
        20_000_000,
    );
    check(
        include_str!("../perft/predator-prey.txt"),
        predator_prey,
        20_000_000,
    );
}
