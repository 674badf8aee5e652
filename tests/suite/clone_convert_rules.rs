//! The rules and decisions of docs/rules.md "Clone, jump and convert", one test
//! (or more) each, and its worked checks.
use printkit_rules::clone_convert::{CloneConvert, Move, Params, Position};
use printkit_rules::{
    load, Cell, Family, MoveError, MoveKind, Outcome, PositionError, Reason, Rules,
};

fn rules() -> CloneConvert {
    CloneConvert::new(Params::default())
}

fn pos(text: &str) -> Position {
    rules().parse_position(text).expect(text)
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn cells(names: &[&str]) -> Vec<Cell> {
    names.iter().map(|n| cell(n)).collect()
}

/// Plays a move given as text; returns the canonical move text, the
/// description of what it did and the resulting position.
fn play(position: &str, mv: &str) -> (String, String, String) {
    let r = rules();
    let p = pos(position);
    let m = r.parse_move(&p, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    let (after, effect) = r.play(&p, &m);
    (
        r.print_move(&p, &m),
        effect.describe(),
        r.print_position(&after),
    )
}

fn illegal(position: &str, mv: &str) -> (String, String) {
    let r = rules();
    match r.parse_move(&pos(position), mv) {
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

fn outcome(position: &str) -> Option<Outcome> {
    rules().outcome(&pos(position))
}

// ---- Worked checks ------------------------------------------------------

#[test]
fn worked_check_clone_keeps_source_and_converts() {
    // W on C3, B on D4, W to move.
    let r = rules();
    let p = pos("5/3B1/2W2/5/5 W 0");
    let m = r.parse_move(&p, "C3-C4").unwrap();
    let (after, e) = r.play(&p, &m);
    assert_eq!(e.kind, Some(MoveKind::Clone));
    assert_eq!((e.from, e.to), (Some(cell("C3")), Some(cell("C4"))));
    assert_eq!(e.converted, cells(&["D4"]));
    assert_eq!(e.side, 'W');
    assert_eq!(e.describe(), "clone C3→C4, converts D4");
    assert_eq!(r.print_position(&after), "5/2WW1/2W2/5/5 B 1");
}

#[test]
fn worked_check_jump_removes_source_converts_nothing() {
    let r = rules();
    let p = pos("5/3B1/2W2/5/5 W 0");
    let m = r.parse_move(&p, "C3-A3").unwrap();
    let (after, e) = r.play(&p, &m);
    assert_eq!(e.kind, Some(MoveKind::Jump));
    assert_eq!((e.from, e.to), (Some(cell("C3")), Some(cell("A3"))));
    assert!(e.converted.is_empty());
    assert_eq!(e.describe(), "jump C3→A3, converts nothing");
    assert_eq!(r.print_position(&after), "5/3B1/W4/5/5 B 1");
}

#[test]
fn worked_check_start_has_16_moves() {
    let mut m = moves("B3W/5/5/5/W3B W 0");
    m.sort();
    let mut expected = vec![
        // Clones from A1 and E5.
        "A1-A2", "A1-B1", "A1-B2", "E5-D5", "E5-D4", "E5-E4", // Jumps from A1 and E5.
        "A1-A3", "A1-B3", "A1-C3", "A1-C2", "A1-C1", "E5-C5", "E5-C4", "E5-C3", "E5-D3", "E5-E3",
    ];
    expected.sort();
    assert_eq!(m, expected);
}

// ---- Start, sides, parameters --------------------------------------------

#[test]
fn start_and_sides() {
    let r = rules();
    assert_eq!(
        <CloneConvert as printkit_rules::Registered>::FAMILY,
        Family::CloneConvert
    );
    assert_eq!(r.default_start(), "B3W/5/5/5/W3B W 0");
    assert_eq!(r.sides(), ['W', 'B']);
    let p = pos(r.default_start());
    let v = r.view(&p);
    assert_eq!((v.width, v.height, v.side_to_move), (5, 5, 'W'));
    assert_eq!(
        v.pieces,
        vec![
            (cell("A1"), 'W'),
            (cell("E1"), 'B'),
            (cell("A5"), 'B'),
            (cell("E5"), 'W')
        ]
    );
    assert_eq!(r.outcome(&p), None);
}

#[test]
fn params_default_and_read_from_toml() {
    assert_eq!(
        Params::default(),
        Params {
            first: 'W',
            turn_limit: 60
        }
    );
    let p: Params = toml::from_str("").unwrap();
    assert_eq!(p, Params::default());
    let p: Params = toml::from_str("first = \"B\"\nturn_limit = 0").unwrap();
    assert_eq!(
        p,
        Params {
            first: 'B',
            turn_limit: 0
        }
    );
    let r = CloneConvert::new(p);
    assert_eq!(r.sides(), ['B', 'W']);
    assert_eq!(r.default_start(), "B3W/5/5/5/W3B B 0");
    let e = toml::from_str::<Params>("first = \"X\"").unwrap_err();
    assert!(e.to_string().contains("expected `W` or `B`"), "{e}");
    assert!(toml::from_str::<Params>("turns = 3").is_err());
}

// ---- Distance, clone, jump, conversion ---------------------------------

#[test]
fn distance_is_chebyshev_diagonals_included() {
    // From C3: D4 (diagonal) is 1 away, E5 and E1 (diagonal) 2 away.
    let (_, d, _) = play("B4/5/2W2/5/5 W 0", "C3-D4");
    assert_eq!(d, "clone C3→D4, converts nothing");
    let (_, d, _) = play("B4/5/2W2/5/5 W 0", "C3-E5");
    assert_eq!(d, "jump C3→E5, converts nothing");
    let (_, d, _) = play("B4/5/2W2/5/5 W 0", "C3-E1");
    assert_eq!(d, "jump C3→E1, converts nothing");
    let (_, d, _) = play("B4/5/2W2/5/5 W 0", "C3-D5");
    assert_eq!(d, "jump C3→D5, converts nothing");
}

#[test]
fn conversion_takes_all_eight_neighbours_and_nothing_further() {
    // W clones B2-C3 inside a field of B: the eight cells around C3 turn,
    // the B pieces 2 cells from C3 stay B.
    let before = "BBBBB/BBBBB/BB1BB/BWBBB/BBBBB W 0";
    let r = rules();
    let p = pos(before);
    let m = r.parse_move(&p, "B2-C3").unwrap();
    let (after, e) = r.play(&p, &m);
    assert_eq!(
        e.converted,
        cells(&["C2", "D2", "B3", "D3", "B4", "C4", "D4"]),
        "index order, B2 is already W"
    );
    assert_eq!(
        r.print_position(&after),
        "BBBBB/BWWWB/BWWWB/BWWWB/BBBBB B 1"
    );
}

#[test]
fn jump_converts_around_the_destination_only() {
    // The B on D4, next to the source C3, stays B; the B on B4, next to
    // the destination A3, turns.
    let (_, d, after) = play("5/1B1B1/2W2/5/5 W 0", "C3-A3");
    assert_eq!(d, "jump C3→A3, converts B4");
    assert_eq!(after, "5/1W1B1/W4/5/5 B 1");
}

#[test]
fn clone_from_any_neighbour_is_the_same_move_printed_with_the_first_source() {
    // W on B3 (index 11) and D5 (index 23): both are next to C4. Counting
    // from A1, B3 comes first even though D5 is printed first.
    let p = "3W1/5/1W3/5/4B W 0";
    for text in ["C4", "B3-C4", "D5-C4"] {
        let (mv, d, after) = play(p, text);
        assert_eq!(mv, "B3-C4", "{text}");
        assert_eq!(d, "clone B3→C4, converts nothing");
        assert_eq!(after, "3W1/2W2/1W3/5/4B B 1");
    }
    let r = rules();
    let q = pos(p);
    assert_eq!(
        r.parse_move(&q, "D5-C4").unwrap(),
        Move::Clone {
            from: q.cell("B3").unwrap(),
            to: q.cell("C4").unwrap()
        }
    );
}

#[test]
fn one_clone_per_destination_one_jump_per_source_and_destination() {
    // Two W pieces side by side: the clone destinations they share are
    // listed once; jumps to a shared destination are listed per source.
    let m = moves("4B/5/1WW2/5/5 W 0");
    let clone_to_c4: Vec<_> = m.iter().filter(|t| t.ends_with("-C4")).collect();
    assert_eq!(clone_to_c4, vec!["B3-C4"]);
    let to_d5: Vec<_> = m.iter().filter(|t| t.ends_with("-D5")).collect();
    assert_eq!(to_d5, ["B3-D5", "C3-D5"].iter().collect::<Vec<_>>());
    // Clones: 10 empty cells around B3 and C3. Jumps from B3: rows 1 and 5,
    // columns A to D (8), and D2, D3, D4: 11. From C3: rows 1 and 5 (10, but
    // E5 holds B: 9), and columns A and E of rows 2 to 4 (6): 15.
    assert_eq!(m.len(), 10 + 11 + 15);
}

#[test]
fn holes_are_neither_destinations_nor_converted() {
    let m = moves("4B/5/1-3/W4/5 W 0");
    assert!(!m.iter().any(|t| t.ends_with("B3")));
    let (k, msg) = illegal("4B/5/1-3/W4/5 W 0", "A2-B3");
    assert_eq!(k, "cell");
    assert_eq!(msg, "B3 is a hole: it is not part of the board");
}

// ---- Pass ----------------------------------------------------------------

#[test]
fn a_side_without_moves_must_pass_and_the_pass_counts_as_a_turn() {
    // W on A3 cannot reach D1 (3 away); B on D3 can.
    let p = "W--B/----/---1 W 7";
    assert_eq!(moves(p), vec!["pass"]);
    assert_eq!(outcome(p), None);
    let (mv, d, after) = play(p, "pass");
    assert_eq!((mv.as_str(), d.as_str()), ("pass", "pass"));
    assert_eq!(after, "W--B/----/---1 B 8");
    let r = rules();
    let (_, e) = r.play(&pos(p), &Move::Pass);
    assert_eq!(e.kind(), MoveKind::Pass);
    assert_eq!(e.side, 'W');
}

#[test]
fn a_side_with_a_move_may_not_pass() {
    let (k, msg) = illegal("B3W/5/5/5/W3B W 0", "pass");
    assert_eq!(k, "pass-not-allowed");
    assert_eq!(msg, "W cannot pass: W has 16 legal moves, such as A1-B1");
}

#[test]
fn a_move_when_a_pass_is_forced_is_refused() {
    let (k, msg) = illegal("W--B/----/---1 W 0", "A3-D1");
    assert_eq!(k, "too-far");
    assert_eq!(msg, "D1 is 3 cells from A3: a clone reaches 1, a jump 2");
}

// ---- End of the game ------------------------------------------------------

fn over(position: &str) -> (Option<char>, Reason) {
    let o = outcome(position).unwrap_or_else(|| panic!("{position} is not over"));
    (o.winner, o.reason)
}

#[test]
fn over_when_a_side_has_no_pieces() {
    assert_eq!(over("W4/5/5/5/5 B 3"), (Some('W'), Reason::Eliminated));
    assert_eq!(over("5/5/5/BB3/5 W 9"), (Some('B'), Reason::Eliminated));
}

#[test]
fn an_empty_board_is_over_eliminated_and_drawn() {
    assert_eq!(over("5/5/5/5/5 W 0"), (None, Reason::Eliminated));
    assert_eq!(over("7/7/7/7/7/7/7 W 0"), (None, Reason::Eliminated));
}

#[test]
fn over_when_the_board_is_full() {
    assert_eq!(over("WWB W 2"), (Some('W'), Reason::BoardFull));
    assert_eq!(over("WB/BB B 5"), (Some('B'), Reason::BoardFull));
    assert_eq!(over("WB/-- W 1"), (None, Reason::BoardFull));
}

#[test]
fn over_when_neither_side_can_move() {
    // One empty cell, 3 away from both.
    assert_eq!(over("W--B/----/----/1--- W 0"), (None, Reason::NoMoves));
    assert_eq!(
        over("WW--B/-----/-----/1---- B 0"),
        (Some('W'), Reason::NoMoves)
    );
}

#[test]
fn over_after_the_turn_limit_and_beyond_it() {
    assert_eq!(outcome("B3W/5/5/5/W3B W 59"), None);
    assert_eq!(over("B3W/5/5/5/W3B W 60"), (None, Reason::TurnLimit));
    // More turns than the limit: valid, and over.
    assert_eq!(over("B3W/5/5/5/W3B B 61"), (None, Reason::TurnLimit));
    assert_eq!(over("WW3/5/5/5/W3B B 4000"), (Some('W'), Reason::TurnLimit));
    assert_eq!(
        rules().print_position(&pos("B3W/5/5/5/W3B B 61")),
        "B3W/5/5/5/W3B B 61"
    );
}

#[test]
fn turn_limit_is_a_parameter_and_0_means_none() {
    let none = CloneConvert::new(Params {
        turn_limit: 0,
        ..Params::default()
    });
    let p = none.parse_position("B3W/5/5/5/W3B W 4000000000").unwrap();
    assert_eq!(none.outcome(&p), None);
    assert_eq!(none.legal_moves(&p).len(), 16);
    let ten = CloneConvert::new(Params {
        turn_limit: 10,
        ..Params::default()
    });
    let p = ten.parse_position("B3W/5/5/5/W3B W 9").unwrap();
    assert_eq!(ten.outcome(&p), None);
    let p = ten.parse_position("B3W/5/5/5/W3B W 10").unwrap();
    assert_eq!(ten.outcome(&p).map(|o| o.reason), Some(Reason::TurnLimit));
}

#[test]
fn the_first_reason_that_holds_is_reported() {
    // Eliminated before board-full and turn-limit.
    assert_eq!(over("WWW B 60"), (Some('W'), Reason::Eliminated));
    // Board-full before no-moves (a full board has no moves) and turn-limit.
    assert_eq!(over("WWB W 60"), (Some('W'), Reason::BoardFull));
    // No-moves before turn-limit.
    assert_eq!(over("W--B/----/----/1--- W 60"), (None, Reason::NoMoves));
}

#[test]
fn more_pieces_wins_equal_draws() {
    assert_eq!(over("WWB1/4 W 60"), (Some('W'), Reason::TurnLimit));
    assert_eq!(over("WBB1/4 W 60"), (Some('B'), Reason::TurnLimit));
    assert_eq!(over("WWBB/4 W 60"), (None, Reason::TurnLimit));
}

#[test]
fn no_moves_once_the_game_is_over() {
    let r = rules();
    let p = pos("WWB1/4 W 60");
    assert!(r.legal_moves(&p).is_empty());
    let e = r.parse_move(&p, "B4-D4").unwrap_err();
    assert_eq!(e.keyword(), "game-over");
    assert_eq!(e.to_string(), "the game is over (turn-limit): W has won");
    // Said before the move is read: text that is no move gets the same error.
    assert_eq!(r.parse_move(&p, "hello").unwrap_err(), e);
    assert!(matches!(
        r.parse_move(&pos("W--B/----/----/1--- W 0"), "pass"),
        Err(MoveError::GameOver(_))
    ));
}

// ---- Illegal moves and their messages -----------------------------------

#[test]
fn illegal_moves_say_why_in_the_game_terms() {
    let p7 = "7/7/7/7/2W4/7/3B3 W 0";
    let cases = [
        (p7, "C3-C6", "too-far", "C6 is 3 cells from C3: a clone reaches 1, a jump 2"),
        (p7, "C3-C3", "same-cell", "C3-C3 does not leave C3: a clone goes 1 cell away, a jump 2"),
        (p7, "C4-C5", "not-own-piece", "C4 holds no W piece: it is empty"),
        (p7, "D1-D2", "not-own-piece", "D1 holds a B piece: W moves only its own pieces"),
        (p7, "C3-D1", "occupied", "D1 is occupied by a B piece: a clone or jump lands on an empty cell"),
        (p7, "D1", "occupied", "D1 is occupied by a B piece: a clone or jump lands on an empty cell"),
        (p7, "C5", "no-clone-source", "no W piece is next to C5, so none can clone there (a jump names its source, such as C3-C5)"),
        (p7, "G7", "no-clone-source", "no W piece is next to G7, so none can clone there"),
    ];
    for (p, mv, keyword, message) in cases {
        assert_eq!(
            illegal(p, mv),
            (keyword.to_string(), message.to_string()),
            "{mv}"
        );
    }
    // Own piece on the destination.
    let (k, msg) = illegal("B4/5/2WW1/5/5 W 0", "C3-D3");
    assert_eq!(k, "occupied");
    assert_eq!(
        msg,
        "D3 is occupied by a W piece: a clone or jump lands on an empty cell"
    );
}

#[test]
fn unreadable_moves_and_bad_cells() {
    let p = "B3W/5/5/5/W3B W 0";
    for bad in [
        "", "A1A2", "A1-", "-A2", "A1-A2-A3", "Pass", "x", "A1 A2", "A1--A2", " A2",
    ] {
        let (k, msg) = illegal(p, bad);
        assert_eq!(k, "syntax", "{bad:?}");
        assert!(
            msg.contains("expected a clone or jump (its cell and the empty cell, joined by `-`)"),
            "{msg}"
        );
    }
    assert_eq!(
        illegal(p, "F1"),
        (
            "cell".into(),
            "F1 is off the board: it has columns A to E and rows 1 to 5".into()
        )
    );
    assert_eq!(illegal(p, "a1-a2").0, "cell");
    assert_eq!(illegal(p, "A1-A6").0, "cell");
}

// ---- Notation -------------------------------------------------------------

#[test]
fn positions_round_trip() {
    let r = rules();
    for p in [
        "B3W/5/5/5/W3B W 0",
        "W5B/7/7/7/7/7/B5W W 0",
        "7/7/7/7/-------/-------/W5B B 17",
        "26/26/W25 B 4294967295",
        "W3-3B/9/9/2-3-2/9/9/9/B7W W 12",
        "-/W/B W 0",
    ] {
        assert_eq!(r.print_position(&pos(p)), p);
        assert_eq!(load(&r, p).unwrap().text(), p);
    }
}

#[test]
fn position_fields_are_read_strictly() {
    let r = rules();
    let err = |t: &str| r.parse_position(t).unwrap_err();
    assert!(matches!(
        err("B3W/5/5/5/W3B"),
        PositionError::MissingField {
            field: "side to move",
            ..
        }
    ));
    assert_eq!(
        err("B3W/5/5/5/W3B").to_string(),
        "the side to move field is missing: expected `W` or `B`"
    );
    assert_eq!(
        err("B3W/5/5/5/W3B w 0").to_string(),
        "the side to move field is `w`: expected `W` or `B`"
    );
    assert!(matches!(
        err("B3W/5/5/5/W3B W"),
        PositionError::MissingField {
            field: "turns played",
            ..
        }
    ));
    for bad in ["-1", "01", "+1", "x", "", "4294967296", "1.0"] {
        let text = format!("B3W/5/5/5/W3B W {bad}");
        match err(&text) {
            PositionError::Field { field, found, .. } => {
                assert_eq!((field, found.as_str()), ("turns played", bad))
            }
            e => panic!("{text}: {e:?}"),
        }
    }
    assert_eq!(
        err("B3W/5/5/5/W3B W 0 x").to_string(),
        "unexpected text `x` after the last field of the position"
    );
    assert!(matches!(
        err("B3W/5/5/5/W3B  W 0"),
        PositionError::Field { .. }
    ));
    assert_eq!(
        err("B3W/5/6/5/W3B W 0").to_string(),
        "row 3 has 6 cells, the board is 5 wide"
    );
    assert_eq!(
        err("x3W/5/5/5/W3B W 0").to_string(),
        "row 5: `x` is not a piece of this game: expected `W` or `B`, a count of empty cells or `-`"
    );
}

#[test]
fn engine_interface_lists_moves_with_effects_and_positions() {
    let e = printkit_rules::Params::CloneConvert(Params::default()).engine();
    let p = e.load("5/3B1/2W2/5/5 W 0").unwrap();
    let m = p.moves();
    let c4 = m.iter().find(|i| i.text == "C3-C4").unwrap();
    assert_eq!(c4.after.text(), "5/2WW1/2W2/5/5 B 1");
    assert_eq!(c4.effect.converted, cells(&["D4"]));
    let played = p.play("C4").unwrap();
    assert_eq!(played.text, "C3-C4");
    assert_eq!(played.after, c4.after);
    let start = e.load("B3W/5/5/5/W3B W 0").unwrap();
    assert_eq!(start.perft(2), 244);
    let divide = start.divide(2);
    assert_eq!(divide.len(), 16);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 244);
}

#[test]
fn large_boards_play_like_small_ones() {
    // 26 × 99 cells: the wide bit set.
    let r = rules();
    let rows: Vec<String> = (0..99)
        .map(|k| match k {
            0 => "B25".to_string(),
            98 => "W25".to_string(),
            _ => "26".to_string(),
        })
        .collect();
    let text = format!("{} W 0", rows.join("/"));
    let p = r.parse_position(&text).unwrap();
    assert_eq!(r.print_position(&p), text);
    // W (on A1 only): 3 clones and 5 jumps.
    assert_eq!(r.legal_moves(&p).len(), 3 + 5);
    let m = r.parse_move(&p, "A1-B2").unwrap();
    let (after, e) = r.play(&p, &m);
    assert_eq!(e.describe(), "clone A1→B2, converts nothing");
    assert_eq!(after.count('W'), 2);
    let m = r.parse_move(&after, "A99-C97").unwrap();
    let (_, e) = r.play(&after, &m);
    assert_eq!(e.describe(), "jump A99→C97, converts nothing");
}
