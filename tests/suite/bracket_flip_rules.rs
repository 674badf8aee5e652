//! The rules and decisions of docs/rules.md "Bracket and flip", one test (or
//! more) each, and a naive reference engine (cells walked one by one) the
//! bitboard engine is compared with on random games of every width.
use printkit_oracles::bracket_flip::Naive;
use printkit_rules::bracket_flip::{BracketFlip, Params, Position};
use printkit_rules::{
    load, perft_by_moves, Cell, Family, Invalid, MoveError, MoveKind, PositionError, Reason, Rules,
};
use printkit_solve::families::bracket_flip as endgame;

fn rules() -> BracketFlip {
    BracketFlip::new(Params::default())
}

fn pos(text: &str) -> Position {
    rules().parse_position(text).expect(text)
}

fn cells(names: &[&str]) -> Vec<Cell> {
    names.iter().map(|n| Cell::parse(n).unwrap()).collect()
}

/// Plays a move given as text: (canonical move, cells turned, position
/// after).
fn play(position: &str, mv: &str) -> (String, Vec<Cell>, String) {
    let r = rules();
    let p = pos(position);
    let m = r.parse_move(&p, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    let (after, effect) = r.play(&p, &m);
    (
        r.print_move(&p, &m),
        effect.converted,
        r.print_position(&after),
    )
}

fn illegal(position: &str, mv: &str) -> (String, String) {
    match rules().parse_move(&pos(position), mv) {
        Ok(m) => panic!("{mv} was accepted as {m:?}"),
        Err(e) => (e.keyword().to_string(), e.to_string()),
    }
}

fn moves(position: &str) -> Vec<String> {
    let r = rules();
    let p = pos(position);
    r.legal_moves(&p)
        .iter()
        .map(|m| r.print_move(&p, m))
        .collect()
}

// ---- Board, sides, start -------------------------------------------------

#[test]
fn the_start_is_the_centre_crosswise_and_b_moves_first() {
    let r = rules();
    assert_eq!(
        <BracketFlip as printkit_rules::Registered>::FAMILY,
        Family::BracketFlip
    );
    assert_eq!(r.default_start(), "6/6/2WB2/2BW2/6/6 B");
    assert_eq!(r.sides(), ['B', 'W']);
    let p = pos(r.default_start());
    let v = r.view(&p);
    assert_eq!((v.width, v.height, v.side_to_move), (6, 6, 'B'));
    let on = |c: char| -> Vec<Cell> {
        v.pieces
            .iter()
            .filter(|(_, s)| *s == c)
            .map(|(cell, _)| *cell)
            .collect()
    };
    assert_eq!(on('B'), cells(&["C3", "D4"]));
    assert_eq!(on('W'), cells(&["D3", "C4"]));
    assert_eq!(moves(r.default_start()), ["D2", "E3", "B4", "C5"]);
}

#[test]
fn first_is_a_parameter() {
    let r = BracketFlip::new(Params { first: 'W' });
    assert_eq!(r.sides(), ['W', 'B']);
    assert_eq!(r.default_start(), "6/6/2WB2/2BW2/6/6 W");
    let p = r.parse_position(r.default_start()).unwrap();
    assert_eq!(p.side_to_move(), 'W');
    let m: Vec<String> = r
        .legal_moves(&p)
        .iter()
        .map(|m| r.print_move(&p, m))
        .collect();
    assert_eq!(m, ["C2", "B3", "E4", "D5"]);
}

#[test]
fn boards_from_4_to_26_a_side_even_or_odd() {
    for (w, h) in [(4, 4), (5, 7), (26, 26), (4, 26), (26, 4), (8, 8), (9, 9)] {
        let row = w.to_string();
        let board = vec![row.as_str(); h].join("/");
        let p = pos(&format!("{board} B"));
        let v = rules().view(&p);
        assert_eq!((v.width, v.height), (w, h));
    }
    for (w, h) in [(3, 6), (6, 3), (27, 6), (2, 2), (6, 27)] {
        let row = w.to_string();
        let board = vec![row.as_str(); h].join("/");
        let text = format!("{board} B");
        match rules().parse_position(&text) {
            Err(PositionError::Invalid(Invalid::BoardSize { width, height, .. })) => {
                assert_eq!((width, height), (w, h))
            }
            Err(PositionError::Board(_)) if w > 26 || h > 99 => {}
            other => panic!("{w}×{h}: {other:?}"),
        }
    }
}

// ---- Placing and turning ---------------------------------------------------

/// A 6×6 position with these discs, B to move. B on A6 and W on B6 are
/// always added, far from the lines tested, so B always has C6 to play
/// and the game is never over.
fn board(discs: &[(&str, char)]) -> String {
    let mut grid = [['.'; 6]; 6];
    for (name, c) in discs.iter().chain(&[("A6", 'B'), ("B6", 'W')]) {
        let cell = Cell::parse(name).unwrap();
        grid[cell.row as usize][cell.col as usize] = *c;
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for &c in row {
                if c == '.' {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(c);
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect();
    format!("{} B", rows.join("/"))
}

#[test]
fn each_of_the_eight_directions_turns_its_line() {
    // B places on C3 with one or two W discs and then a B disc in one
    // direction.
    let cases: [(&str, &[&str], &str); 8] = [
        ("east", &["D3", "E3"], "F3"),
        ("west", &["B3"], "A3"),
        ("north", &["C4", "C5"], "C6"),
        ("south", &["C2"], "C1"),
        ("north-east", &["D4"], "E5"),
        ("north-west", &["B4"], "A5"),
        ("south-east", &["D2"], "E1"),
        ("south-west", &["B2"], "A1"),
    ];
    for (dir, line, end) in cases {
        let mut discs: Vec<(&str, char)> = line.iter().map(|c| (*c, 'W')).collect();
        let lone = board(&discs);
        discs.push((end, 'B'));
        let position = board(&discs);
        let (mv, got, after) = play(&position, "C3");
        assert_eq!(mv, "C3");
        assert_eq!(got, cells(line), "{dir}: {position}");
        // The line is B's now, and nothing else changed.
        let mut now: Vec<(&str, char)> = line.iter().map(|c| (*c, 'B')).collect();
        now.extend([(end, 'B'), ("C3", 'B')]);
        assert_eq!(after.replace(" W", " B"), board(&now), "{dir}");
        // Without the B disc at the far end the line turns nothing, and
        // the placement is illegal.
        assert_eq!(illegal(&lone, "C3").0, "no-bracket", "{dir}: {lone}");
    }
}

#[test]
fn a_long_line_turns_whole_and_every_closed_line_turns_at_once() {
    // C1 closes four lines: north (C2), east (D1), north-east (D2) and
    // north-west (B2); the west line B1 is empty.
    let (mv, turned, after) = play("6/6/6/B1B1B1/1WWW2/3WB1 B", "C1");
    assert_eq!(mv, "C1");
    assert_eq!(turned, cells(&["D1", "B2", "C2", "D2"]));
    assert_eq!(after, "6/6/6/B1B1B1/1BBB2/2BBB1 W");
    // A line of four W between A1 and F1.
    let (_, turned, _) = play("6/6/6/6/6/1WWWWB B", "A1");
    assert_eq!(turned, cells(&["B1", "C1", "D1", "E1"]));
}

#[test]
fn lines_along_every_edge_and_into_the_corners() {
    // Along row 1, column A, row 6 and column F, each into a corner.
    for (position, at, turned) in [
        ("6/6/6/6/6/1WWB2 B", "A1", &["B1", "C1"][..]),
        ("6/6/B5/W5/W5/6 B", "A1", &["A2", "A3"]),
        ("2BWW1/6/6/6/6/6 B", "F6", &["D6", "E6"]),
        ("6/5W/5W/5B/6/6 B", "F6", &["F4", "F5"]),
        ("6/6/6/5B/5W/6 B", "F1", &["F2"]),
        ("6/6/6/3B2/4W1/6 B", "F1", &["E2"]),
    ] {
        let (_, got, _) = play(position, at);
        assert_eq!(got, cells(turned), "{position} {at}");
    }
    // A line running off the board turns nothing: W on B1 to F1 with no B
    // at the far end, B places on A1.
    assert_eq!(illegal("BW4/6/6/6/6/1WWWWW B", "A1").0, "no-bracket");
    // Lines never wrap from one edge to the next row: W on F1, B on A2
    // (the cell after F1 in index order), B places on E1; and the other
    // way, W on A2, B on F1, B places on B2.
    assert_eq!(illegal("BW4/6/6/6/B5/5W B", "E1").0, "no-bracket");
    assert_eq!(moves("BW4/6/6/6/B5/5W B"), ["C6"]);
    assert_eq!(illegal("BW4/6/6/6/W5/5B B", "B2").0, "no-bracket");
    // Nor from the top row to the bottom one.
    assert_eq!(illegal("BW1W2/6/6/6/6/3B2 B", "D5").0, "no-bracket");
}

#[test]
fn a_gap_or_an_own_disc_breaks_a_line() {
    // W, gap, B: nothing is bracketed.
    assert_eq!(illegal("BW4/6/6/6/6/1W1B2 B", "A1").0, "no-bracket");
    // Own disc next to the cell: no opposing line at all.
    assert_eq!(illegal("BW4/6/6/6/6/1BWB2 B", "A1").0, "no-bracket");
    // A hole breaks a line like an empty cell.
    assert_eq!(illegal("BW4/6/6/6/6/1W-B2 B", "A1").0, "no-bracket");
    // The first own disc ends the line: W B W B from B1 turns only B1.
    let (_, turned, _) = play("6/6/6/6/6/1WBWB1 B", "A1");
    assert_eq!(turned, cells(&["B1"]));
}

#[test]
fn turned_discs_turn_nothing_further() {
    // B on A1 turns B1 (W) against C1 (B). B1, now B, would bracket B2 up
    // to B3, but a turned disc turns nothing.
    let (_, turned, after) = play("6/6/6/1B4/1W4/1WB3 B", "A1");
    assert_eq!(turned, cells(&["B1"]));
    assert_eq!(after, "6/6/6/1B4/1W4/BBB3 W");
}

#[test]
fn moves_are_refused_with_their_reason() {
    let start = "6/6/2WB2/2BW2/6/6 B";
    let (k, msg) = illegal(start, "C3");
    assert_eq!(k, "occupied");
    assert!(msg.contains("C3 already holds a B disc"), "{msg}");
    let (k, msg) = illegal(start, "A1");
    assert_eq!(k, "no-bracket");
    assert!(msg.contains("would turn no W disc"), "{msg}");
    assert_eq!(illegal(start, "G1").0, "cell");
    assert_eq!(illegal(start, "c5").0, "cell");
    assert!(illegal(start, "c5").1.contains("C5"));
    for text in ["", "C5-C6", "x", "pass3", "C", "5C"] {
        let (k, msg) = illegal(start, text);
        assert_eq!(k, "syntax", "{text}");
        // The rules' own refusal gives the form; the position's legal
        // moves are added where a position is played (`AnyPosition::play`).
        assert!(
            msg.contains("expected a cell to place a disc on"),
            "{text}: {msg}"
        );
    }
    let (k, msg) = illegal(start, "pass");
    assert_eq!(k, "pass-not-allowed");
    assert!(
        msg.contains("B has 4 legal placements, such as D2"),
        "{msg}"
    );
}

// ---- Passing and the end -------------------------------------------------

#[test]
fn a_side_without_a_placement_must_pass() {
    let p = "6/6/6/6/6/BBW3 W";
    assert_eq!(moves(p), ["pass"]);
    assert_eq!(rules().outcome(&pos(p)), None);
    let (mv, turned, after) = play(p, "pass");
    assert_eq!((mv.as_str(), turned.len()), ("pass", 0));
    assert_eq!(after, "6/6/6/6/6/BBW3 B");
    let r = rules();
    let q = pos(p);
    let (_, e) = r.play(&q, &r.parse_move(&q, "pass").unwrap());
    assert_eq!((e.kind, e.side), (Some(MoveKind::Pass), 'W'));
    // B can then play D1.
    assert_eq!(moves(&after), ["D1"]);
}

#[test]
fn the_game_ends_when_neither_side_can_place() {
    let over = |text: &str| rules().outcome(&pos(text));
    // Both stuck with empty cells left: more discs wins.
    let o = over("6/6/6/6/6/BB2W1 B").unwrap();
    assert_eq!((o.winner, o.reason), (Some('B'), Reason::NoMoves));
    assert!(moves("6/6/6/6/6/BB2W1 B").is_empty());
    assert_eq!(rules().perft(&pos("6/6/6/6/6/BB2W1 B"), 3), 0);
    // Full board.
    let full = "WWWWWW/WWWWWW/WWWWWW/BBBBBB/BBBBBB/BBBBBB W";
    let o = over(full).unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::BoardFull));
    let o = over("WWWWWW/WWWWWW/WWWWWW/WWWWWW/BBBBBB/BBBBBB B").unwrap();
    assert_eq!((o.winner, o.reason), (Some('W'), Reason::BoardFull));
    // One colour gone.
    let o = over("6/6/2BB2/2BB2/6/6 W").unwrap();
    assert_eq!((o.winner, o.reason), (Some('B'), Reason::Eliminated));
    let o = over("6/6/6/6/6/6 B").unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::Eliminated));
    // A draw by count with cells left.
    let o = over("6/6/6/6/6/B4W B").unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::NoMoves));
    // A finished game refuses every move.
    let r = rules();
    assert!(matches!(
        r.parse_move(&pos(full), "pass"),
        Err(MoveError::GameOver(_))
    ));
}

#[test]
fn filling_the_last_cell_ends_the_game() {
    let (_, turned, after) = play("WWWWWW/WWWWWW/WWWWWW/BBBBBB/BBBBBB/BWWWW1 B", "F1");
    assert_eq!(turned, cells(&["B1", "C1", "D1", "E1"]));
    let o = rules().outcome(&pos(&after)).unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::BoardFull));
}

// ---- Notation --------------------------------------------------------------

#[test]
fn position_errors_are_typed_and_located() {
    let r = rules();
    let err = |t: &str| r.parse_position(t).unwrap_err();
    assert!(matches!(
        err("6/6/6/6/6/6"),
        PositionError::MissingField {
            field: "side to move",
            ..
        }
    ));
    match err("6/6/6/6/6/6 X") {
        PositionError::Field { field, found, .. } => {
            assert_eq!((field, found.as_str()), ("side to move", "X"))
        }
        e => panic!("{e:?}"),
    }
    assert!(matches!(
        err("6/6/6/6/6/6 B 0"),
        PositionError::ExtraField { .. }
    ));
    assert!(matches!(err("6/6/6/6/6/5 B"), PositionError::Board(_)));
    assert!(matches!(err("6/6/6/6/6/5x B"), PositionError::Board(_)));
    let msg = err("6/6/6/6/6/5x B").to_string();
    assert!(msg.contains("row 1"), "{msg}");
    assert!(matches!(err("6/6/6/6/6/6 w"), PositionError::Field { .. }));
}

#[test]
fn positions_print_canonically() {
    let r = rules();
    for (text, canonical) in [
        ("6/6/2WB2/2BW2/6/6 B", "6/6/2WB2/2BW2/6/6 B"),
        ("6/6/6/6/6/6 W", "6/6/6/6/6/6 W"),
    ] {
        assert_eq!(r.print_position(&pos(text)), canonical);
    }
    // Counts are merged whatever the input.
    let e = load(&r, "11B3/6/6/6/6/6 B");
    assert!(e.is_err(), "a row of 7 cells on a 6-wide board");
    let p = pos("6/6/6/6/6/1WWWWB B");
    let (after, _) = r.play(&p, &r.parse_move(&p, "A1").unwrap());
    assert_eq!(r.print_position(&after), "6/6/6/6/6/BBBBBB W");
    let p = pos("6/6/6/6/6/6 B");
    assert_eq!(r.print_position(&p), "6/6/6/6/6/6 B");
}

// ---- Perft and the naive reference ------------------------------------------

#[test]
fn perft_of_the_starts_matches_the_published_figures() {
    let r = rules();
    let six = pos("6/6/2WB2/2BW2/6/6 B");
    let expect6 = [1, 4, 12, 56, 244, 1364, 7604, 47740];
    for (d, &n) in expect6.iter().enumerate() {
        assert_eq!(r.perft(&six, d as u32), n, "6×6 depth {d}");
    }
    let eight = pos("8/8/8/3WB3/3BW3/8/8/8 B");
    let expect8 = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216];
    let max = if cfg!(debug_assertions) { 7 } else { 8 };
    for (d, &n) in expect8.iter().enumerate().take(max + 1) {
        assert_eq!(r.perft(&eight, d as u32), n, "8×8 depth {d}");
    }
}

#[test]
fn perft_9_and_10_of_the_8x8_start_as_the_othello_engines_count() {
    let r = rules();
    let eight = pos("8/8/8/3WB3/3BW3/8/8/8 B");
    // No game ends before ply 9: both counts agree up to depth 9.
    assert_eq!(r.perft(&eight, 9), 3_005_288);
    assert_eq!(r.perft_final_pass(&eight, 9), 3_005_288);
    if cfg!(debug_assertions) {
        return; // about 10 s unoptimised; run with --release
    }
    // The published figure counts a pass below each of the games that are
    // over at ply 9; docs/rules.md gives those finished games no moves.
    assert_eq!(r.perft_final_pass(&eight, 10), 24_571_284);
    assert_eq!(r.perft(&eight, 10), 24_571_284 - 228);
}

#[test]
fn the_final_pass_counts_only_in_the_engines_convention() {
    let r = rules();
    // Over: neither side can place.
    let over = pos("6/6/6/6/6/BB2W1 B");
    assert_eq!((r.perft(&over, 1), r.perft_final_pass(&over, 1)), (0, 1));
    // The second pass ends the game in both.
    assert_eq!((r.perft(&over, 2), r.perft_final_pass(&over, 2)), (0, 0));
    // A forced pass that does not end the game counts in both.
    let pass = pos("6/6/6/6/6/BBW3 W");
    for d in 0..3 {
        assert_eq!(r.perft(&pass, d), r.perft_final_pass(&pass, d), "depth {d}");
    }
    // After the pass B's D1 takes the last W disc: over at ply 2.
    assert_eq!((r.perft(&pass, 3), r.perft_final_pass(&pass, 3)), (0, 1));
    assert_eq!(r.perft(&pass, 1), 1);
    assert_eq!(r.perft(&pass, 2), 1);
    // Depth 0 is 1, over or not.
    assert_eq!((r.perft(&over, 0), r.perft_final_pass(&over, 0)), (1, 1));
}

/// A tiny deterministic generator for random games.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Positions along seeded random games on boards of every bit-set width
/// (u64, u128 and the wide set), holes included.
fn random_positions() -> Vec<String> {
    let r = rules();
    let starts = [
        "6/6/2WB2/2BW2/6/6 B",
        "8/8/8/3WB3/3BW3/8/8/8 B",
        "4/1WB1/1BW1/4 B",
        "5/5/1WB2/1BW2/5 W",
        "7/7/7/2WB3/2BW3/7/7 B",
        "2-3/6/2WB2/2BW-1/6/-5 B",
        "10/10/10/10/4WB4/4BW4/10/10/10/10 B",
        "12/12/12/12/12/5WB5/5BW5/12/12/12/12/12 B",
        "26/26/26/26/26/26/26/26/26/26/26/26/12WB12/12BW12/26/26/26/26/26/26/26/26/26/26/26/26 B",
    ];
    let mut rng = Lcg(7);
    let mut out = Vec::new();
    for start in starts {
        for _ in 0..3 {
            let mut p = pos(start);
            for ply in 0..60 {
                let ms = r.legal_moves(&p);
                if ms.is_empty() {
                    break;
                }
                if ply % 7 == 3 {
                    out.push(r.print_position(&p));
                }
                p = r.play(&p, &ms[rng.below(ms.len())]).0;
            }
            out.push(r.print_position(&p));
        }
    }
    out
}

#[test]
fn moves_and_flips_agree_with_the_naive_engine() {
    let r = rules();
    for text in random_positions() {
        let p = pos(&text);
        let naive = Naive::parse(&text);
        let me = naive.side;
        let expected: Vec<String> = naive
            .placements(me)
            .iter()
            .map(|&i| {
                format!(
                    "{}{}",
                    (b'A' + (i % naive.w) as u8) as char,
                    i / naive.w + 1
                )
            })
            .collect();
        let got: Vec<String> = r
            .legal_moves(&p)
            .iter()
            .map(|m| r.print_move(&p, m))
            .filter(|m| m != "pass")
            .collect();
        assert_eq!(got, expected, "{text}");
        for m in r.legal_moves(&p) {
            let (_, e) = r.play(&p, &m);
            if let Some(to) = e.to {
                let at = to.row as usize * naive.w + to.col as usize;
                let mut want: Vec<usize> = naive.flips(at, me);
                want.sort_unstable();
                let got: Vec<usize> = e
                    .converted
                    .iter()
                    .map(|c| c.row as usize * naive.w + c.col as usize)
                    .collect();
                assert_eq!(got, want, "{text} {to}");
            }
        }
    }
}

#[test]
fn bulk_perft_agrees_with_playing_every_move_and_the_naive_count() {
    let r = rules();
    for (i, text) in random_positions().iter().enumerate() {
        let p = pos(text);
        let depth = if text.len() > 200 {
            1
        } else {
            2 + (i % 2) as u32
        };
        let fast = r.perft(&p, depth);
        assert_eq!(fast, perft_by_moves(&r, &p, depth), "{text} {depth}");
        assert_eq!(fast, Naive::parse(text).perft(depth), "{text} {depth}");
    }
}

// ---- The exact endgame search ---------------------------------------------

#[test]
fn the_exact_search_agrees_with_plain_minimax() {
    let r = rules();
    let mut rng = Lcg(11);
    let mut checked = 0;
    for start in [
        // Boards up to 8×8 are searched on the 8×8 board's bits, the
        // cells beyond them walls.
        "6/6/2WB2/2BW2/6/6 B",
        "4/1WB1/1BW1/4 B",
        "5/5/1WB2/1BW2/5 B",
        "8/8/8/3WB3/3BW3/8/8/8 B",
        "7/7/7/2WB3/2BW3/7/7 B",
        // Holes are walls too.
        "2-3/6/2WB2/2BW-1/6/-5 B",
        // Wider than 8 (60 cells): the general moves and flips.
        "10/10/4WB4/4BW4/10/10 B",
    ] {
        for _ in 0..6 {
            let mut p = pos(start);
            // Play to about 9 empty cells, then solve.
            while p.empties() > 9 {
                let ms = r.legal_moves(&p);
                if ms.is_empty() {
                    break;
                }
                p = r.play(&p, &ms[rng.below(ms.len())]).0;
            }
            let text = r.print_position(&p);
            let want = Naive::parse(&text).value(false);
            let x = endgame::solve(&p, true, u64::MAX, &|| false).unwrap();
            assert!(!x.exhausted);
            assert_eq!(x.score, want, "{text}");
            let wld = endgame::solve(&p, false, u64::MAX, &|| false).unwrap();
            assert_eq!(wld.score, want.signum(), "{text}");
            // The line is legal and ends with the margin it claims.
            let mut q = p.clone();
            for m in &x.pv {
                q = r.play(&q, &r.parse_move(&q, m).unwrap()).0;
            }
            if r.outcome(&p).is_none() {
                assert!(r.outcome(&q).is_some(), "{text}: the line does not end");
            }
            let me = p.side_to_move();
            let them = if me == 'B' { 'W' } else { 'B' };
            assert_eq!(
                q.count(me) as i32 - q.count(them) as i32,
                want,
                "{text}: line {:?}",
                x.pv
            );
            assert_eq!(x.discs, Some((q.count(me), q.count(them))));
            // Every listed first move keeps the margin; no other does.
            for m in r.legal_moves(&p) {
                let name = r.print_move(&p, &m);
                let child = r.play(&p, &m).0;
                let v = -Naive::parse(&r.print_position(&child)).value(false);
                assert_eq!(x.best.contains(&name), v == want, "{text} {name}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 42);
    // The 4×4 start whole.
    let p = pos("4/1WB1/1BW1/4 B");
    let x = endgame::solve(&p, true, u64::MAX, &|| false).unwrap();
    assert_eq!(x.score, Naive::parse("4/1WB1/1BW1/4 B").value(false));
    // Boards past 64 cells are not its business.
    assert!(endgame::solve(&pos("9/9/9/9/9/9/9/9/9 B"), true, 10, &|| false).is_none());
}

#[test]
fn the_exact_search_stops_at_its_node_budget() {
    let x = endgame::solve(&pos("6/6/2WB2/2BW2/6/6 B"), false, 1000, &|| false).unwrap();
    assert!(x.exhausted);
    assert!(x.best.is_empty() && x.pv.is_empty());
}

// ---- Variants by definition -------------------------------------------------

#[test]
fn the_classic_8x8_board_is_a_definition_only() {
    use printkit_definition::{self as definition, Loaded};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/variants/bracket-and-flip-8x8.toml");
    let path = path.as_path();
    match definition::load_file(path) {
        Ok(Loaded::Definition(d)) => {
            assert_eq!(d.start_position.text(), "8/8/8/3WB3/3BW3/8/8/8 B");
            assert_eq!(d.family(), Family::BracketFlip);
            assert_eq!(d.start_position.perft(4), 244);
        }
        Ok(_) => panic!("{}: not a game definition", path.display()),
        Err(e) => panic!("{}: {e}", path.display()),
    }
}
