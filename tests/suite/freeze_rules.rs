//! Freeze: every rule and decision of docs/rules.md ("Freeze") and its worked
//! checks.
use printkit_rules::freeze::{Freeze, Move, Params};
use printkit_rules::{
    load, Cell, Family, Invalid, MoveError, MoveKind, Outcome, PositionError, Reason, Rules,
    Topology,
};

const START: &str = "rbrbrbrb/brbrb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b";
/// Black C3 can capture C4, D5 (a king), E4 and D3 in a loop back to C3;
/// red single checkers on A8 and F1 can be kinged.
const LOOP: &str = "r7/8/8/3R4/2r1r3/2br4/8/5r2 b";

fn f() -> Freeze {
    Freeze::new(Params::default())
}

fn pos(text: &str) -> printkit_rules::freeze::Position {
    f().parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn c(name: &str) -> Cell {
    Cell::parse(name).unwrap()
}

fn cells(names: &[&str]) -> Vec<Cell> {
    names.iter().map(|n| c(n)).collect()
}

fn texts(text: &str) -> Vec<String> {
    let p = pos(text);
    f().legal_moves(&p)
        .iter()
        .map(|m| f().print_move(&p, m))
        .collect()
}

/// Plays a move given as text; returns the canonical move, the effect and
/// the position after it.
fn play(text: &str, mv: &str) -> (String, printkit_rules::Effect, String) {
    let info = load(&f(), text)
        .unwrap()
        .play(mv)
        .unwrap_or_else(|e| panic!("{mv}: {e}"));
    (info.text, info.effect, info.after.text())
}

fn refused(text: &str, mv: &str) -> MoveError {
    let p = pos(text);
    match f().parse_move(&p, mv) {
        Ok(m) => panic!("{mv} was accepted as {m:?}"),
        Err(e) => e,
    }
}

fn invalid(text: &str) -> Invalid {
    match f().parse_position(text) {
        Err(PositionError::Invalid(i)) => i,
        other => panic!("{text}: expected an invalid position, got {other:?}"),
    }
}

#[test]
fn the_start_is_the_games_md_text_and_black_moves_first() {
    let f = f();
    assert_eq!(
        <Freeze as printkit_rules::Registered>::FAMILY,
        Family::Freeze
    );
    assert_eq!(f.default_start(), START);
    assert_eq!(f.sides(), ['b', 'r']);
    let p = pos(START);
    assert_eq!(f.print_position(&p), START);
    let v = f.view(&p);
    assert_eq!((v.width, v.height, v.topology), (8, 8, Topology::Torus));
    assert_eq!(v.side_to_move, 'b');
    // 30 of each colour: every square but the Initial Region G7, F7, C3, B3.
    assert_eq!(v.pieces.iter().filter(|(_, p)| *p == 'b').count(), 30);
    assert_eq!(v.pieces.iter().filter(|(_, p)| *p == 'r').count(), 30);
    for empty in ["G7", "F7", "C3", "B3"] {
        assert!(
            v.pieces.iter().all(|(cell, _)| *cell != c(empty)),
            "{empty}"
        );
    }
    // A1 is red, so it holds a black checker; B1 is black and holds red.
    assert!(v.pieces.contains(&(c("A1"), 'b')));
    assert!(v.pieces.contains(&(c("B1"), 'r')));
}

#[test]
fn the_start_has_181_moves() {
    // Black checkers stand on red squares and jumps keep the colour, so a
    // black checker can land only on the empty red squares G7 and C3.
    // G7: from G5 over G6, from A7 over H7 (across the side edge), from G1
    //     over G8 (across the top edge); E7 has F7 empty beyond it.
    // C3: from C5 over C4, from C1 over C2, from E3 over D3; A3 has B3
    //     empty beyond it.
    // No chain goes on (each landing square's other jumps land on black
    // checkers or cross an empty square). Each capture takes one checker and
    // leaves 29 red singles: kinging none or one of them, 30 choices.
    // 6 × 30 + pass = 181.
    let moves = texts(START);
    assert_eq!(moves.len(), 181);
    assert_eq!(moves.iter().filter(|m| *m == "pass").count(), 1);
    let mut chains: Vec<&str> = moves
        .iter()
        .filter(|m| *m != "pass")
        .map(|m| m.split('+').next().unwrap())
        .collect();
    chains.sort_unstable();
    chains.dedup();
    assert_eq!(
        chains,
        ["A7xG7", "C1xC3", "C5xC3", "E3xC3", "G1xG7", "G5xG7"]
    );
    for chain in chains {
        let with = moves.iter().filter(|m| m.split('+').next() == Some(chain));
        assert_eq!(with.count(), 30, "{chain}");
    }
    assert!(moves.contains(&"A7xG7+H5".to_string()));
    assert!(!moves.iter().any(|m| m.matches('+').count() > 1));
}

#[test]
fn capture_across_the_top_and_bottom_edges() {
    // A1 jumps down over A8 and lands on A7: the torus wraps.
    let wrap = "r7/8/8/8/8/8/8/b7 b";
    assert_eq!(texts(wrap), ["pass", "A1xA7"]);
    let (text, e, after) = play(wrap, "A1xA7");
    assert_eq!(text, "A1xA7");
    assert_eq!(e.captured, cells(&["A8"]));
    assert_eq!(e.to, Some(c("A7")));
    assert_eq!(after, "8/b7/8/8/8/8/8/8 r");
    // And upwards from row 8 to row 1: red A8 over A1 to A2.
    let (_, e, after) = play("r7/8/8/8/8/8/8/b7 r", "A8xA2");
    assert_eq!(e.captured, cells(&["A1"]));
    assert_eq!(after, "8/8/8/8/8/8/r7/8 b");
    // And across the side edges: H2 over A2 to B2.
    let (_, e, after) = play("8/8/8/8/8/8/r6b/8 b", "H2xB2");
    assert_eq!(e.captured, cells(&["A2"]));
    assert_eq!(after, "8/8/8/8/8/8/1b6/8 r");
}

#[test]
fn a_chain_can_end_on_its_start_square() {
    // The mover is lifted: C3 is empty during the chain.
    let (text, e, after) = play(LOOP, "C3xC5xE5xE3xC3");
    assert_eq!(text, "C3xC5xE5xE3xC3");
    assert_eq!(e.kind(), MoveKind::Chain);
    assert_eq!(e.from, Some(c("C3")));
    assert_eq!(e.to, Some(c("C3")));
    assert_eq!(e.path, cells(&["C5", "E5", "E3", "C3"]));
    assert_eq!(e.captured, cells(&["C4", "D5", "E4", "D3"]));
    assert_eq!(after, "r7/8/8/8/8/2b5/8/5r2 r");
    // The other way round too.
    let (_, e, _) = play(LOOP, "C3xE3xE5xC5xC3");
    assert_eq!(e.captured, cells(&["D3", "E4", "D5", "C4"]));
}

#[test]
fn every_prefix_of_a_chain_is_a_legal_move() {
    let moves = texts(LOOP);
    for prefix in [
        "C3xC5",
        "C3xC5xE5",
        "C3xC5xE5xE3",
        "C3xC5xE5xE3xC3",
        "C3xE3",
        "C3xE3xE5",
        "C3xE3xE5xC5",
        "C3xE3xE5xC5xC3",
    ] {
        assert!(moves.iter().any(|m| m == prefix), "{prefix}");
        assert!(f().parse_move(&pos(LOOP), prefix).is_ok());
    }
    // Stopping early is fine, but the chain is one checker's: nothing else.
    let chains: std::collections::BTreeSet<&str> =
        moves.iter().map(|m| m.split('+').next().unwrap()).collect();
    assert_eq!(chains.len(), 9); // the eight above and pass
}

#[test]
fn captured_pieces_leave_at_once() {
    // After C3xC5xE5xE3xC3 the four captured squares are empty: a fifth jump
    // over C4 would find nothing there.
    let e = refused(LOOP, "C3xC5xE5xE3xC3xC5");
    assert_eq!(e.keyword(), "nothing-to-jump");
    assert_eq!(
        e.to_string(),
        "C4 was already captured in this chain: there is nothing left to jump"
    );
    // Landing on a just-captured square can never happen in a valid
    // position: pieces stand on squares of the other colour and a jump of
    // two keeps the colour, so a checker lands only on squares of the
    // colour where no opposing piece can stand. Every chain in LOOP lands on
    // red squares only while it captures on black ones.
    let p = pos(LOOP);
    for m in f().legal_moves(&p) {
        let (_, e) = f().play(&p, &m);
        for l in &e.path {
            assert!(!e.captured.contains(l));
            assert_eq!((l.col + l.row) % 2, 0, "{l} is a red square");
        }
    }
}

#[test]
fn a_captured_king_gives_two_kings() {
    // C3xC5 takes the king on C4: two captured checkers, two kings.
    let text = "r7/8/8/8/2R5/2b5/8/5r2 b";
    let (canon, e, after) = play(text, "C3xC5+F1+A8");
    // Kinged squares are accepted in any order and printed in reading order.
    assert_eq!(canon, "C3xC5+A8+F1");
    assert_eq!(e.captured, cells(&["C4"]));
    assert_eq!(e.kinged, cells(&["F1", "A8"])); // effect lists: index order
    assert_eq!(after, "R7/8/8/2b5/8/8/8/5R2 r");
    // Kinging none, A8, F1 or both: four chains' worth of moves and pass.
    assert_eq!(
        texts(text),
        ["pass", "C3xC5", "C3xC5+A8", "C3xC5+A8+F1", "C3xC5+F1"]
    );
}

#[test]
fn at_most_one_king_per_captured_checker() {
    let text = "r7/8/8/8/2r5/2b5/8/5r2 b";
    let e = refused(text, "C3xC5+A8+F1");
    assert_eq!(e.keyword(), "too-many-kings");
    assert_eq!(
        e.to_string(),
        "2 kings named, but the chain captured 1 checker: one captured checker makes one king"
    );
    assert_eq!(texts(text), ["pass", "C3xC5", "C3xC5+A8", "C3xC5+F1"]);
    // The loop takes 5 checkers' worth, but only two singles are left.
    let moves = texts(LOOP);
    assert!(moves.contains(&"C3xC5xE5xE3xC3+A8+F1".to_string()));
    // D3 was captured by the full loop: it cannot be kinged.
    let e = refused(LOOP, "C3xC5xE5xE3xC3+D3");
    assert_eq!(e.keyword(), "not-a-single-checker");
}

#[test]
fn only_opposing_single_checkers_are_kinged() {
    let text = "r7/8/8/3R4/2r1r3/2br4/8/b4r2 b";
    let cases = [
        (
            "C3xC5+D5",
            "D5 is already a red king: only single red checkers can be kinged",
        ),
        (
            "C3xC5+A1",
            "A1 holds a black piece: only single red checkers can be kinged",
        ),
        (
            "C3xC5+C5",
            "C5 holds the moving black checker: only single red checkers can be kinged",
        ),
        (
            "C3xC5+C4",
            "C4 was captured in this chain: only single red checkers can be kinged",
        ),
        (
            "C3xC5+B2",
            "B2 is empty: only single red checkers can be kinged",
        ),
    ];
    for (mv, message) in cases {
        let e = refused(text, mv);
        assert_eq!(e.keyword(), "not-a-single-checker", "{mv}");
        assert_eq!(e.to_string(), message);
    }
    let e = refused(LOOP, "C3xC5xE5+A8+A8");
    assert_eq!(e.keyword(), "kinged-twice");
    assert_eq!(
        e.to_string(),
        "A8 is named twice: each king gets one captured checker"
    );
}

#[test]
fn kings_cannot_move() {
    // Black king on C3 next to a red checker; the black checker on A1 keeps
    // the game going (it can take A8 across the wrap).
    let text = "r7/8/8/8/2r5/2B5/8/b7 b";
    let e = refused(text, "C3xC5");
    assert_eq!(e.keyword(), "king-cannot-move");
    assert_eq!(e.to_string(), "C3 is a black king: kings cannot move");
    assert_eq!(texts(text), ["pass", "A1xA7", "A1xA7+C4"]);
    // A king alone has no move: the side to move loses.
    let o = f().outcome(&pos("8/8/8/8/2r5/2B5/8/8 b"));
    assert_eq!(
        o,
        Some(Outcome {
            winner: Some('r'),
            reason: Reason::NoMoves
        })
    );
}

#[test]
fn illegal_chains_say_why() {
    let cases = [
        // Nothing between C3 and A3 (B3 is empty).
        (START, "A3xC3", "nothing-to-jump", "B3 is empty: there is nothing to jump between A3 and C3"),
        // B1 holds a red checker and black is to move.
        (START, "B1xB3", "not-own-piece", "B1 holds a red checker: black moves only black checkers"),
        (START, "C3xC5", "no-piece", "C3 is empty: there is no black checker to move"),
        (START, "A1xA3", "occupied", "A3 is occupied: a jump must land on an empty square"),
        (START, "G5xG8", "not-a-jump", "G5 to G8 is not a jump: a checker jumps over an adjacent piece to the square straight beyond, up, down, left or right"),
        (START, "G5xH6", "not-a-jump", "G5 to H6 is not a jump: a checker jumps over an adjacent piece to the square straight beyond, up, down, left or right"),
        (START, "G5xG7+H5+A2", "too-many-kings", "2 kings named, but the chain captured 1 checker: one captured checker makes one king"),
    ];
    for (text, mv, keyword, message) in cases {
        let e = refused(text, mv);
        assert_eq!(e.keyword(), keyword, "{mv}");
        assert_eq!(e.to_string(), message, "{mv}");
    }
    // An opposing king on the start square.
    let e = refused("r7/8/8/8/8/8/8/bR6 b", "B1xB3");
    assert_eq!(e.keyword(), "not-own-piece");
    assert_eq!(
        e.to_string(),
        "B1 holds a red king: black moves only black checkers"
    );
}

#[test]
fn move_syntax_and_cells() {
    for bad in [
        "",
        "A7",
        "A7x",
        "xG7",
        "A7xxG7",
        "A7-G7",
        "A7xG7+",
        "A7xG7++H5",
        "pass+H5",
        "PASS",
        " A7xG7",
    ] {
        let e = refused(START, bad);
        assert!(
            matches!(e, MoveError::Syntax { .. } | MoveError::Cell(_)),
            "{bad}: {e:?}"
        );
    }
    assert!(matches!(refused(START, "A7xG7x"), MoveError::Syntax { .. }));
    assert_eq!(refused(START, "a7xg7").keyword(), "cell");
    assert_eq!(refused(START, "A7xI7").keyword(), "cell");
    assert_eq!(refused(START, "A7xG7+H9").keyword(), "cell");
}

#[test]
fn pass_is_legal_whenever_a_capture_exists() {
    let (text, e, after) = play(START, "pass");
    assert_eq!(text, "pass");
    assert_eq!(e.kind(), MoveKind::Pass);
    assert_eq!(e.side, 'b');
    assert_eq!(after, START.replace(" b", " r"));
}

#[test]
fn no_capture_loses_and_ends_the_game() {
    let (_, _, after) = play("r7/8/8/8/8/8/8/b7 b", "A1xA7");
    let p = pos(&after);
    let over = Outcome {
        winner: Some('b'),
        reason: Reason::NoMoves,
    };
    assert_eq!(f().outcome(&p), Some(over));
    assert!(f().legal_moves(&p).is_empty());
    assert_eq!(f().perft(&p, 1), 0);
    // Pass is no way out: the game is over.
    assert_eq!(f().parse_move(&p, "pass"), Err(MoveError::GameOver(over)));
    // Said before the move is read: text that is no move gets the same error.
    assert_eq!(f().parse_move(&p, "hello"), Err(MoveError::GameOver(over)));
    assert_eq!(
        load(&f(), &after)
            .unwrap()
            .play("Z9xZ7")
            .map_err(|e| e.keyword()),
        Err("game-over")
    );
    assert_eq!(f().outcome(&pos(START)), None);
    // A side with pieces but no capture loses as well.
    let blocked = "8/8/8/8/8/8/8/brb5 b";
    assert_eq!(
        f().outcome(&pos(blocked)),
        Some(Outcome {
            winner: Some('r'),
            reason: Reason::NoMoves
        })
    );
}

#[test]
fn holes_block_jumps() {
    // C4 is a hole: nothing is jumped over it (and nothing stands on it).
    let over_hole = "r7/8/8/8/2-5/2b5/8/8 b";
    assert_eq!(
        f().outcome(&pos(over_hole)),
        Some(Outcome {
            winner: Some('r'),
            reason: Reason::NoMoves
        })
    );
    let text = "r7/8/8/8/2-5/2b5/8/b7 b";
    let e = refused(text, "C3xC5");
    assert_eq!(e.keyword(), "nothing-to-jump");
    assert_eq!(e.to_string(), "C4 is a hole: nothing is jumped over a hole");
    // C5 is a hole: nothing lands on it.
    let text = "r7/8/8/2-5/2r5/2b5/8/b7 b";
    assert_eq!(texts(text), ["pass", "A1xA7", "A1xA7+C4"]);
    assert_eq!(refused(text, "C3xC5").keyword(), "cell");
    // A piece cannot stand on a hole: the notation has no way to say so, and
    // holes print back as holes.
    assert_eq!(f().print_position(&pos(text)), text);
}

#[test]
fn pieces_never_stand_on_their_own_colour() {
    // B1 is black: a black checker there is invalid; so is a red one on A1.
    assert_eq!(
        invalid("8/8/8/8/8/8/8/1b6 b"),
        Invalid::OwnColour {
            cell: c("B1"),
            piece: 'b'
        }
    );
    assert_eq!(
        invalid("8/8/8/8/8/8/8/r7 b"),
        Invalid::OwnColour {
            cell: c("A1"),
            piece: 'r'
        }
    );
    assert!(matches!(
        invalid("8/8/8/8/8/8/8/R7 b"),
        Invalid::OwnColour { piece: 'R', .. }
    ));
    assert!(matches!(
        invalid("8/8/8/8/8/8/8/1B6 b"),
        Invalid::OwnColour { piece: 'B', .. }
    ));
    assert_eq!(
        invalid("8/8/8/8/8/8/8/1b6 b").to_string(),
        "`b` on B1: a piece never stands on a square of its own colour"
    );
    pos("8/8/8/8/8/8/8/bRBr4 b");
}

#[test]
fn supply_limits_checkers_plus_twice_the_kings() {
    // Filling G7 gives black 31 checkers.
    let full = "rbrbrbrb/brbrb1br/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b";
    assert_eq!(
        invalid(full),
        Invalid::Supply {
            what: "black checkers plus twice the black kings".into(),
            found: 31,
            supply: 30
        }
    );
    // One red king instead of a red checker: 29 + 2 = 31.
    let king = "Rbrbrbrb/brbrb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b";
    assert!(matches!(invalid(king), Invalid::Supply { found: 31, .. }));
    // A king for two singles keeps the count: 28 + 2 = 30.
    pos("Rbrbrbrb/b1brb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b");
    // The supply is a parameter.
    let small = Freeze::new(Params {
        supply: 29,
        ..Params::default()
    });
    assert!(matches!(
        small.parse_position(START),
        Err(PositionError::Invalid(Invalid::Supply { supply: 29, .. }))
    ));
}

#[test]
fn tori_are_even_and_at_least_six_each_way() {
    for board in [
        "7/7/7/7/7/7/7/7",
        "8/8/8/8/8/8/8",
        "4/4/4/4",
        "5/5/5/5/5/5",
        "2/2",
    ] {
        assert!(
            matches!(invalid(&format!("{board} b")), Invalid::BoardSize { .. }),
            "{board}"
        );
    }
    assert_eq!(
        invalid("7/7/7/7/7/7/7/7 b").to_string(),
        "a 7×8 board is not possible: a Freeze torus needs an even number of columns and of rows, at least 6 each, so the colouring holds across the wrap"
    );
    for board in [
        "6/6/6/6/6/6",
        "10/10/10/10/10/10",
        "6/6/6/6/6/6/6/6/6/6/6/6",
    ] {
        pos(&format!("{board} b"));
    }
}

#[test]
fn position_fields_are_strict() {
    let board = START.split(' ').next().unwrap();
    assert!(matches!(
        f().parse_position(board),
        Err(PositionError::MissingField {
            field: "side to move",
            ..
        })
    ));
    let e = f().parse_position(&format!("{board} x")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the side to move field is `x`: expected `b` (black) or `r` (red)"
    );
    assert!(matches!(
        f().parse_position(&format!("{board} B")),
        Err(PositionError::Field { .. })
    ));
    assert!(matches!(
        f().parse_position(&format!("{board} b 0")),
        Err(PositionError::ExtraField { .. })
    ));
    assert!(matches!(
        f().parse_position(
            "rbrbrbrb/brbrbxr1/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b"
        ),
        Err(PositionError::Board(_))
    ));
}

#[test]
fn parameters_default_to_games_md_and_read_from_toml() {
    assert_eq!(
        Params::default(),
        Params {
            supply: 30,
            first: 'b'
        }
    );
    let p: Params = toml::from_str("").unwrap();
    assert_eq!(p, Params::default());
    let p: Params = toml::from_str("supply = 40\nfirst = \"r\"").unwrap();
    assert_eq!(
        p,
        Params {
            supply: 40,
            first: 'r'
        }
    );
    let red = Freeze::new(p);
    assert_eq!(red.sides(), ['r', 'b']);
    assert_eq!(red.default_start(), START.replace(" b", " r"));
    assert!(toml::from_str::<Params>("first = \"x\"").is_err());
    assert!(toml::from_str::<Params>("turns = 3").is_err());
}

#[test]
fn parsed_moves_equal_listed_moves() {
    let p = pos(LOOP);
    let m = f().parse_move(&p, "C3xC5xE5+F1+A8").unwrap();
    assert_eq!(
        m,
        Move::Chain {
            from: 2 * 8 + 2,
            path: vec![4 * 8 + 2, 4 * 8 + 4],
            // Reading order: A8 before F1.
            kinged: vec![7 * 8, 5],
        }
    );
    assert!(f().legal_moves(&p).contains(&m));
    assert_eq!(f().print_move(&p, &m), "C3xC5xE5+A8+F1");
}
