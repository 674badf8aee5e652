//! Freeze perft: the table in tests/perft/freeze.txt, the fast counter
//! against the move-by-move reference and an independent naive counter, and
//! symmetry (equal counts for shifted, mirrored, rotated and colour-swapped
//! positions on the torus).

use printkit_oracles::freeze::Grid;
use printkit_rules::freeze::{Freeze, Params};
use printkit_rules::{perft_by_moves, Rules};

const START: &str = "rbrbrbrb/brbrb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b";
const SMALL: &str = "rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb/2brbr b";
const SMALL_MID: &str = "rbrbRb/b1brbr/rbrbrb/1rBrbr/2rbrb/b1bRbr r";
const MID: &str = "rbrbrBrb/brbrb3/Rbrb2rB/Brbrbr1r/rbRbr1rb/brbrbrBr/r2brbrb/b2rbRbr b";
const WIDE: &str = "10/1-8/10/10/rbrbrb4/brbrbr4/rbrbrb4/brbrbr-3/rbrbrb4/2brbr4 b";
const WIDE_MID: &str = "10/1-8/10/10/rbrbrb4/brbrBr4/rbrbr5/1rbrb1-3/1bRb1br3/b1bRbr4 r";
/// Black C3 can capture C4, D5 (a king), E4 and D3 in a loop back to C3.
const LOOP: &str = "r7/8/8/3R4/2r1r3/2br4/8/8 b";
const LOOP_RED: &str = "r7/8/8/3R4/2r1r3/2br4/8/8 r";

fn engine() -> Freeze {
    Freeze::new(Params::default())
}

fn perft(text: &str, depth: u32) -> u64 {
    let f = engine();
    f.perft(&f.parse_position(text).unwrap(), depth)
}

fn table() -> Vec<(String, u32, u64)> {
    let text = include_str!("../perft/freeze.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts: Vec<&str> = l.split(' ').collect();
            let nodes = parts.pop().unwrap().parse().unwrap();
            let depth = parts.pop().unwrap().parse().unwrap();
            (parts.join(" "), depth, nodes)
        })
        .collect()
}

fn check_table(limit: u64) {
    let rows = table();
    assert!(rows.len() >= 15);
    for (pos, depth, nodes) in rows {
        if nodes <= limit {
            assert_eq!(perft(&pos, depth), nodes, "{pos} depth {depth}");
        }
    }
}

#[test]
fn perft_table_small_counts() {
    check_table(if cfg!(debug_assertions) {
        5_000_000
    } else {
        u64::MAX
    });
}

#[test]
#[ignore = "deep counts: run with --release -- --ignored"]
fn perft_table_all_counts() {
    check_table(u64::MAX);
}

#[test]
fn fast_perft_equals_perft_by_moves() {
    let f = engine();
    for (text, depth) in [
        (START, 1),
        (START, 2),
        (SMALL, 2),
        (SMALL_MID, 2),
        (MID, 1),
        (WIDE, 2),
        (WIDE_MID, 1),
        // Capture across the wrap only; a loop back to the start square.
        ("r7/8/8/8/8/8/8/b7 b", 2),
        (LOOP, 2),
    ] {
        let p = f.parse_position(text).unwrap();
        assert_eq!(
            f.perft(&p, depth),
            perft_by_moves(&f, &p, depth),
            "{text} depth {depth}"
        );
    }
}

#[test]
fn fast_perft_equals_the_naive_counter() {
    for (text, depth) in [
        (START, 2),
        (SMALL, 2),
        (SMALL_MID, 2),
        (WIDE, 2),
        (LOOP, 3),
        (LOOP_RED, 3),
    ] {
        assert_eq!(perft(text, depth), Grid::parse(text).perft(depth), "{text}");
    }
}

/// Positions equal to `text` up to a symmetry of the torus that keeps the
/// colouring.
fn images(text: &str) -> Vec<String> {
    let g = Grid::parse(text);
    let mut out = vec![
        g.shift(2, 0).print(),
        g.shift(0, 2).print(),
        g.shift(1, 1).print(),
        g.shift(3, 5).print(),
        g.mirror().print(),
        g.rotate().print(),
        g.rotate().rotate().shift(1, 3).print(),
        g.swap_colours().print(),
        g.swap_colours().mirror().shift(0, 4).print(),
    ];
    out.retain(|p| p != text);
    out
}

fn check_symmetry(text: &str, depth: u32) {
    let expected = perft(text, depth);
    let imgs = images(text);
    assert!(imgs.len() >= 8, "the images of {text} must differ from it");
    for img in imgs {
        assert_eq!(perft(&img, depth), expected, "{img} (image of {text})");
    }
}

#[test]
fn symmetric_positions_have_equal_counts() {
    check_symmetry(START, 2);
    check_symmetry(SMALL_MID, 2);
    check_symmetry(MID, 1);
    check_symmetry(WIDE_MID, 2);
}

#[test]
fn symmetric_positions_have_equal_deeper_counts() {
    // Depth 3 of the small torus (millions of nodes, bulk counted).
    if cfg!(debug_assertions) {
        check_symmetry(SMALL, 3);
    } else {
        check_symmetry(START, 3);
        check_symmetry(SMALL_MID, 3);
        check_symmetry(MID, 2);
    }
}

#[test]
#[ignore = "deep counts: run with --release -- --ignored"]
fn symmetric_positions_have_equal_deep_counts() {
    check_symmetry(START, 3);
    check_symmetry(SMALL_MID, 3);
    check_symmetry(MID, 3);
    check_symmetry(WIDE, 3);
}
