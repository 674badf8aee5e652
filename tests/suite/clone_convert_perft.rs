//! Perft of the clone-convert family against the table in
//! `tests/perft/clone-convert.txt`, and the fast (bulk-counting) perft
//! against the reference count that plays every move.
use printkit_rules::clone_convert::{CloneConvert, Params};
use printkit_rules::{perft_by_moves, Rules};

const TABLE: &str = include_str!("../perft/clone-convert.txt");

/// (position, depth, nodes) for every data line.
fn table() -> Vec<(String, u32, u64)> {
    TABLE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let tokens: Vec<&str> = l.split(' ').collect();
            let n = tokens.len();
            assert!(n >= 3, "bad line `{l}`");
            let nodes = tokens[n - 1].parse().expect("nodes");
            let depth = tokens[n - 2].parse().expect("depth");
            (tokens[..n - 2].join(" "), depth, nodes)
        })
        .collect()
}

fn check(max_nodes: u64) {
    let rules = CloneConvert::new(Params::default());
    let mut checked = 0;
    for (position, depth, nodes) in table() {
        if nodes > max_nodes {
            continue;
        }
        let pos = rules.parse_position(&position).expect(&position);
        assert_eq!(rules.perft(&pos, depth), nodes, "{position} depth {depth}");
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_table() {
    // The counts in the millions only in optimised builds.
    check(if cfg!(debug_assertions) {
        200_000
    } else {
        10_000_000
    });
}

/// `cargo test --release --test clone_convert_perft -- --ignored`
#[test]
#[ignore]
fn perft_table_deep() {
    check(u64::MAX);
}

#[test]
fn the_table_has_the_public_figures() {
    // Guards the data file against losing the figures the issue requires.
    let t = table();
    for (p, d, n) in [
        ("W5B/7/7/7/7/7/B5W W 0", 6, 141_865_520),
        ("7/7/7/7/BBBBBBB/BBBBBBB/WWWWWWW W 0", 5, 452_980),
        ("7/7/7/7/-------/-------/W5B W 0", 6, 174),
        ("7/7/7/7/7/7/7 W 0", 1, 0),
        ("B3W/5/5/5/W3B W 0", 1, 16),
    ] {
        assert!(t.contains(&(p.to_string(), d, n)), "{p} {d} {n}");
    }
}

#[test]
fn depth_zero_is_one_even_when_over() {
    let rules = CloneConvert::new(Params::default());
    for p in [
        "B3W/5/5/5/W3B W 0",
        "7/7/7/7/7/7/7 W 0",
        "WB W 0",
        "B3W/5/5/5/W3B W 60",
    ] {
        let pos = rules.parse_position(p).unwrap();
        assert_eq!(rules.perft(&pos, 0), 1, "{p}");
    }
}

#[test]
fn bulk_perft_agrees_with_playing_every_move() {
    let positions = [
        ("B3W/5/5/5/W3B W 0", 3),
        ("W5B/7/7/7/7/7/B5W W 0", 3),
        ("7/7/7/7/BBBBBBB/BBBBBBB/WWWWWWW W 0", 4),
        ("7/7/7/7/-------/-------/W5B W 0", 6),
        ("BBB2/BBB2/BBB2/5/W-3 W 0", 3),
        ("W--B/----/---1 W 0", 5),
        ("W--B/----/----/1--- W 0", 2),
        ("2W2/1B1B1/5/-1-1-/W3B B 7", 3),
        ("B3W/5/5/5/W3B W 57", 5),
        ("WWWW/WWWW/WWB1 B 3", 3),
        ("W7B/9/9/9/9/9/9/9/B7W W 0", 2),
        ("W3-3B/9/9/2-3-2/9/9/9/B7W B 1", 2),
    ];
    for params in [
        Params::default(),
        Params {
            turn_limit: 0,
            ..Params::default()
        },
        Params {
            turn_limit: 2,
            ..Params::default()
        },
    ] {
        let rules = CloneConvert::new(params);
        for (p, max) in positions {
            let pos = rules.parse_position(p).unwrap();
            for depth in 0..=max {
                assert_eq!(
                    rules.perft(&pos, depth),
                    perft_by_moves(&rules, &pos, depth),
                    "{p} depth {depth} limit {}",
                    rules.params.turn_limit
                );
            }
        }
    }
}
