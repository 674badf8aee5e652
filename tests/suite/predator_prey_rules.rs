//! Predator and prey placement: every rule and decision of docs/rules.md, its
//! worked checks, hand-derived perft counts, symmetry and the perft table.
use printkit_rules::notation::{print_board, Square};
use printkit_rules::predator_prey::{Move, Params, PredatorPrey};
use printkit_rules::*;

fn rules() -> PredatorPrey {
    PredatorPrey::new(Params::default())
}

fn with(params: Params) -> PredatorPrey {
    PredatorPrey::new(params)
}

fn pos(r: &PredatorPrey, text: &str) -> predator_prey::Position {
    r.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn perft(r: &PredatorPrey, text: &str, depth: u32) -> u64 {
    r.perft(&pos(r, text), depth)
}

/// Plays a move given as text; returns the canonical move, the effect and
/// the position after.
fn play(r: &PredatorPrey, text: &str, mv: &str) -> (String, Effect, String) {
    let info = load(r, text)
        .unwrap()
        .play(mv)
        .unwrap_or_else(|e| panic!("{mv} in {text}: {e}"));
    (info.text, info.effect, info.after.text())
}

/// The keyword and message of an illegal move.
fn refused(r: &PredatorPrey, text: &str, mv: &str) -> (&'static str, String) {
    match load(r, text).unwrap().play(mv) {
        Ok(info) => panic!("{mv} in {text} was accepted as {}", info.text),
        Err(e) => (e.keyword(), e.to_string()),
    }
}

fn moves(r: &PredatorPrey, text: &str) -> Vec<String> {
    load(r, text)
        .unwrap()
        .moves()
        .into_iter()
        .map(|m| m.text)
        .collect()
}

fn cell(s: &str) -> Cell {
    Cell::parse(s).unwrap()
}

// ---------------------------------------------------------------- setup

#[test]
fn defaults_follow_games_md() {
    let p = Params::default();
    assert_eq!(p.capture_target, 3);
    assert_eq!(p.predator_turn_limit, 40);
    assert_eq!(p.prey, 8);
    let r = rules();
    assert_eq!(r.default_start(), "5/5/2P2/5/5 o 8 0 0");
    assert_eq!(r.sides(), ['o', 'P']);
    assert_eq!(
        <PredatorPrey as printkit_rules::Registered>::FAMILY,
        Family::PredatorPrey
    );
}

#[test]
fn params_read_from_toml_with_their_names() {
    let p: Params = toml::from_str("capture_target = 5\npredator_turn_limit = 0").unwrap();
    assert_eq!(
        p,
        Params {
            capture_target: 5,
            predator_turn_limit: 0,
            prey: 8
        }
    );
    let p: Params = toml::from_str("prey = 12").unwrap();
    assert_eq!(p.prey, 12);
    assert_eq!(p.capture_target, 3);
    assert!(toml::from_str::<Params>("captures = 2").is_err());
}

#[test]
fn start_position_prey_places_first() {
    let r = rules();
    let start = r.default_start();
    let p = pos(&r, start);
    assert!(p.prey_to_move());
    assert_eq!(p.reserve(), 8);
    assert_eq!(p.captured(), 0);
    assert_eq!(p.predator_turns(), 0);
    let v = r.view(&p);
    assert_eq!(v.pieces, vec![(cell("C3"), 'P')]);
    assert_eq!(v.side_to_move, 'o');
    assert_eq!(v.topology, Topology::Bounded);
    assert_eq!(r.outcome(&p), None);
}

// ------------------------------------------------------- worked checks

#[test]
fn worked_check_predator_start_has_24_placements() {
    // 25 cells, one holds the predator: 24 empty cells, all placements.
    let m = moves(&rules(), "5/5/2P2/5/5 o 8 0 0");
    assert_eq!(m.len(), 24);
    assert!(m.iter().all(|t| t.starts_with('@')));
    assert!(!m.contains(&"@C3".to_string()));
}

#[test]
fn worked_check_jump_captures_c4() {
    // Predator C3, prey C4, C5 empty: C3xC5 captures C4.
    let r = rules();
    let before = "5/2o2/2P2/5/5 P 0 0 0";
    let (text, effect, after) = play(&r, before, "C3xC5");
    assert_eq!(text, "C3xC5");
    assert_eq!(effect.kind(), MoveKind::Capture);
    assert_eq!(effect.side, 'P');
    assert_eq!(effect.from, Some(cell("C3")));
    assert_eq!(effect.to, Some(cell("C5")));
    assert_eq!(effect.captured, vec![cell("C4")]);
    assert_eq!(effect.describe(), "capture C3→C5, captures C4");
    assert_eq!(after, "2P2/5/5/5/5 o 0 1 1");
    // `C3-C5` is accepted for the same jump and printed canonically.
    let (text, _, after2) = play(&r, before, "C3-C5");
    assert_eq!(text, "C3xC5");
    assert_eq!(after2, after);
    // The typed move names the jumped cell.
    let r = rules();
    let p = pos(&r, before);
    assert_eq!(
        r.parse_move(&p, "C3xC5").unwrap(),
        Move::Capture {
            from: cell("C3"),
            over: cell("C4"),
            to: cell("C5")
        }
    );
}

#[test]
fn worked_check_jump_onto_an_occupied_cell_is_illegal() {
    // Same, but C5 is occupied (two prey in a row block the jump).
    let r = rules();
    let before = "2o2/2o2/2P2/5/5 P 0 0 0";
    let (kw, msg) = refused(&r, before, "C3xC5");
    assert_eq!(kw, "occupied");
    assert_eq!(
        msg,
        "C5 is occupied: the predator must land on an empty cell"
    );
    assert_eq!(refused(&r, before, "C3-C5").0, "occupied");
    assert_eq!(moves(&r, before), vec!["C3-D3", "C3-C2", "C3-B3"]);
}

// --------------------------------------------------------------- prey

#[test]
fn placement_accepts_bare_cell_and_prints_with_at() {
    let r = rules();
    let start = "5/5/2P2/5/5 o 8 0 0";
    let (text, effect, after) = play(&r, start, "C4");
    assert_eq!(text, "@C4");
    assert_eq!(effect.kind(), MoveKind::Place);
    assert_eq!(effect.side, 'o');
    assert_eq!(effect.from, None);
    assert_eq!(effect.to, Some(cell("C4")));
    assert_eq!(effect.describe(), "place on C4");
    // The reserve shrinks; prey moves do not count as predator turns.
    assert_eq!(after, "5/2o2/2P2/5/5 P 7 0 0");
    assert_eq!(play(&r, start, "@C4").2, after);
}

#[test]
fn placement_only_on_empty_cells() {
    let r = rules();
    let (kw, msg) = refused(&r, "5/5/2P2/5/5 o 8 0 0", "@C3");
    assert_eq!(kw, "occupied");
    assert_eq!(
        msg,
        "C3 is occupied by the predator: prey is placed on an empty cell"
    );
    assert_eq!(refused(&r, "5/2o2/2P2/5/5 o 7 0 0", "C4").0, "occupied");
}

#[test]
fn placing_with_an_empty_reserve_is_refused() {
    let r = rules();
    let (kw, msg) = refused(&r, "5/5/2P2/1o3/5 o 0 0 0", "@A1");
    assert_eq!(kw, "reserve-empty");
    assert!(msg.contains("reserve is empty"), "{msg}");
}

#[test]
fn prey_must_place_while_the_reserve_is_not_empty() {
    // B2 could step, but one prey is still in reserve.
    let r = rules();
    let before = "5/5/2P2/1o3/5 o 1 0 0";
    let (kw, msg) = refused(&r, before, "B2-B3");
    assert_eq!(kw, "must-place");
    assert!(msg.contains("1 in reserve"), "{msg}");
    assert!(moves(&r, before).iter().all(|m| m.starts_with('@')));
    assert_eq!(moves(&r, before).len(), 23);
}

/// Issue 47: the example a refusal gives ("such as …") is a move the
/// engine takes in the position refused, never a fixed one (it said
/// `@C4` with the predator standing on C4).
#[test]
fn a_refusals_example_is_a_move_of_its_own_position() {
    let r = rules();
    for (position, tried, kind) in [
        ("5/2P2/5/1o3/5 o 1 0 0", "B2-B3", "must-place"),
        ("2P2/5/5/1o3/5 o 1 0 0", "B2-B1", "must-place"),
        ("5/5/2P2/1o3/5 o 0 0 0", "@A1", "reserve-empty"),
        ("5/5/5/1o3/2P2 o 0 0 0", "@E5", "reserve-empty"),
    ] {
        let (kw, msg) = refused(&r, position, tried);
        assert_eq!(kw, kind, "{msg}");
        let example = msg
            .split("(such as ")
            .nth(1)
            .and_then(|rest| rest.split(')').next())
            .unwrap_or_else(|| panic!("no example in {msg}"));
        assert!(
            moves(&r, position).iter().any(|m| m == example),
            "{example} is not a move of {position}: {msg}"
        );
    }
    // The predator on C4: the example is another cell.
    let (_, msg) = refused(&r, "5/2P2/5/1o3/5 o 1 0 0", "B2-B3");
    assert!(!msg.contains("@C4"), "{msg}");
}

#[test]
fn prey_steps_one_orthogonal_cell_once_all_are_placed() {
    let r = rules();
    let before = "5/5/2P2/1o3/5 o 0 0 0";
    // B2 (destinations in cell index order): B1, A2, C2, B3 (C3 is not a neighbour; diagonals do not exist).
    assert_eq!(moves(&r, before), vec!["B2-B1", "B2-A2", "B2-C2", "B2-B3"]);
    let (text, effect, after) = play(&r, before, "B2-B3");
    assert_eq!(text, "B2-B3");
    assert_eq!(effect.kind(), MoveKind::Step);
    assert_eq!(
        (effect.from, effect.to),
        (Some(cell("B2")), Some(cell("B3")))
    );
    assert_eq!(after, "5/5/1oP2/5/5 P 0 0 0");
}

#[test]
fn prey_never_jumps_captures_or_moves_diagonally() {
    let r = rules();
    let before = "5/5/2P2/1o3/5 o 0 0 0";
    let (kw, msg) = refused(&r, before, "B2-C3");
    assert_eq!(kw, "not-orthogonal");
    assert_eq!(
        msg,
        "B2-C3 is diagonal: only orthogonal neighbours are connected"
    );
    assert_eq!(refused(&r, before, "B2-C4").0, "not-orthogonal");
    let (kw, msg) = refused(&r, before, "B2-B4");
    assert_eq!(kw, "too-far");
    assert!(msg.contains("never jumps"), "{msg}");
    let (kw, msg) = refused(&r, before, "B2xB3");
    assert_eq!(kw, "not-a-capture");
    assert!(msg.ends_with("write B2-B3"), "{msg}");
    // Prey next to the predator cannot jump it either.
    assert_eq!(refused(&r, "5/5/1oP2/5/5 o 0 0 0", "B3-D3").0, "too-far");
    assert_eq!(refused(&r, "5/5/1oP2/5/5 o 0 0 0", "B3xD3").0, "too-far");
    // A step onto an occupied cell.
    let (kw, msg) = refused(&r, "5/5/1oP2/5/5 o 0 0 0", "B3-C3");
    assert_eq!(kw, "occupied");
    assert_eq!(
        msg,
        "C3 is occupied by the predator: prey steps onto an empty cell"
    );
}

#[test]
fn moving_the_other_sides_piece_or_nothing_is_refused() {
    let r = rules();
    let (kw, msg) = refused(&r, "5/5/2P2/1o3/5 o 0 0 0", "C3-C4");
    assert_eq!(kw, "not-own-piece");
    assert_eq!(msg, "C3 holds the predator, but it is prey's turn");
    let (kw, msg) = refused(&r, "5/5/2P2/1o3/5 P 0 0 0", "B2-B3");
    assert_eq!(kw, "not-own-piece");
    assert_eq!(msg, "B2 holds a prey, but it is the predator's turn");
    let (kw, msg) = refused(&r, "5/5/2P2/1o3/5 P 0 0 0", "A1-A2");
    assert_eq!(kw, "no-piece");
    assert_eq!(msg, "A1 is empty: there is no piece to move");
    assert_eq!(refused(&r, "5/5/2P2/5/5 P 8 0 0", "@A1").0, "wrong-turn");
    assert_eq!(refused(&r, "5/5/2P2/5/5 P 8 0 0", "C3-C3").0, "same-cell");
}

// ----------------------------------------------------------- predator

#[test]
fn predator_steps_orthogonally_to_empty_cells() {
    let r = rules();
    let before = "5/5/2P2/5/5 P 8 0 0"; // a reserve with P to move is valid
    assert_eq!(moves(&r, before), vec!["C3-C4", "C3-D3", "C3-C2", "C3-B3"]);
    let (text, effect, after) = play(&r, before, "C3-C4");
    assert_eq!(text, "C3-C4");
    assert_eq!(effect.kind(), MoveKind::Step);
    assert_eq!(effect.side, 'P');
    assert_eq!(effect.describe(), "step C3→C4");
    // The predator's turn counter grows after its move.
    assert_eq!(after, "5/2P2/5/5/5 o 8 0 1");
    let (kw, msg) = refused(&r, before, "C3-D4");
    assert_eq!(kw, "not-orthogonal");
    assert_eq!(
        msg,
        "C3-D4 is diagonal: only orthogonal neighbours are connected"
    );
    let (kw, _) = refused(&r, "5/5/5/5/2P2 P 8 0 0", "C1-C4");
    assert_eq!(kw, "too-far");
}

#[test]
fn x_is_never_accepted_for_a_step() {
    let r = rules();
    let (kw, msg) = refused(&r, "5/5/2P2/5/5 P 8 0 0", "C3xC4");
    assert_eq!(kw, "not-a-capture");
    assert!(msg.ends_with("write C3-C4"), "{msg}");
}

#[test]
fn a_jump_needs_an_adjacent_prey() {
    let r = rules();
    let (kw, msg) = refused(&r, "5/5/2P2/5/5 P 8 0 0", "C3xE3");
    assert_eq!(kw, "nothing-to-jump");
    assert_eq!(
        msg,
        "D3 is empty: the predator jumps only over an adjacent prey"
    );
    assert_eq!(
        refused(&r, "5/5/2P2/5/5 P 8 0 0", "C3-E3").0,
        "nothing-to-jump"
    );
}

#[test]
fn one_jump_a_turn() {
    // C3xC5 then on over D5... a chain is refused, and after one capture it
    // is prey's turn even though another jump would be open.
    let r = rules();
    let before = "5/1o3/1oP2/5/5 P 0 0 0";
    let (kw, msg) = refused(&r, before, "C3xA3xA5");
    assert_eq!(kw, "one-jump");
    assert!(msg.contains("at most once a turn"), "{msg}");
    let (_, _, after) = play(&r, before, "C3xA3");
    assert_eq!(after, "5/1o3/P4/5/5 o 0 1 1");
}

#[test]
fn capturing_is_optional() {
    let r = rules();
    let m = moves(&r, "5/2o2/2P2/5/5 P 0 0 0");
    assert_eq!(m, vec!["C3xC5", "C3-D3", "C3-C2", "C3-B3"]);
}

#[test]
fn captured_prey_never_return_to_the_reserve() {
    let r = rules();
    let (_, _, after) = play(&r, "5/2o2/2P2/5/5 P 5 0 0", "C3xC5");
    // Reserve stays 5, captured 1; the board has no prey.
    assert_eq!(after, "2P2/5/5/5/5 o 5 1 1");
    // With reserve 0 after a capture, prey cannot place it again.
    let (_, _, after) = play(&r, "5/2o2/2P2/5/5 P 0 0 0", "C3xC5");
    assert_eq!(refused(&r, &after, "@C4").0, "reserve-empty");
}

#[test]
fn nothing_stands_on_lands_on_or_is_jumped_over_a_hole() {
    let r = rules();
    // C4 is a hole: no step there and no jump over it.
    let before = "5/2-2/2P2/5/5 P 8 0 0";
    assert_eq!(moves(&r, before), vec!["C3-D3", "C3-C2", "C3-B3"]);
    let (kw, msg) = refused(&r, before, "C3-C5");
    assert_eq!(kw, "over-hole");
    assert_eq!(msg, "C4 is a hole: the predator cannot jump over it");
    assert_eq!(refused(&r, before, "C3-C4").0, "cell");
    // C5 a hole: the prey on C4 cannot be jumped.
    let before = "2-2/2o2/2P2/5/5 P 0 0 0";
    assert_eq!(moves(&r, before), vec!["C3-D3", "C3-C2", "C3-B3"]);
    let e = load(&r, before).unwrap().play("C3xC5").unwrap_err();
    assert_eq!(e.to_string(), "C5 is a hole: it is not part of the board");
    // Placements skip holes.
    assert_eq!(moves(&r, "5/2-2/2P2/5/5 o 8 0 0").len(), 23);
    assert_eq!(refused(&r, "5/2-2/2P2/5/5 o 8 0 0", "@C4").0, "cell");
}

#[test]
fn the_predator_never_passes() {
    let r = rules();
    let (kw, msg) = refused(&r, "5/5/2P2/5/5 P 8 0 0", "pass");
    assert_eq!(kw, "pass-not-allowed");
    assert_eq!(msg, "the predator never passes: it must step or jump");
}

// ----------------------------------------------------------------- pass

#[test]
fn prey_may_not_pass_with_a_legal_action() {
    let r = rules();
    let (kw, msg) = refused(&r, "5/5/2P2/5/5 o 8 0 0", "pass");
    assert_eq!(kw, "pass-not-allowed");
    assert!(msg.contains("@A1"), "{msg}");
    assert_eq!(
        refused(&r, "5/5/2P2/1o3/5 o 0 0 0", "pass").0,
        "pass-not-allowed"
    );
}

#[test]
fn prey_passes_when_holes_leave_no_step() {
    // 3×2 board: prey A2 walled in by holes B2 and A1; predator B1 can go
    // to C1. Prey's only move is `pass`.
    let r = rules();
    let before = "o-1/-P1 o 0 0 0";
    assert_eq!(moves(&r, before), vec!["pass"]);
    let (text, effect, after) = play(&r, before, "pass");
    assert_eq!(text, "pass");
    assert_eq!(effect.kind(), MoveKind::Pass);
    assert_eq!(effect.side, 'o');
    assert_eq!(after, "o-1/-P1 P 0 0 0");
    assert_eq!(refused(&r, before, "A2-B2").0, "cell");
    // Hand count: d1 pass; d2 B1-C1 (A1, B2 are holes); d3 pass again;
    // d4 from C1: B1 and C2.
    assert_eq!(
        (1..=4).map(|d| perft(&r, before, d)).collect::<Vec<_>>(),
        vec![1, 1, 1, 2]
    );
}

#[test]
fn prey_passes_on_a_full_board_with_a_reserve() {
    // 2×2 full: prey must place but no cell is empty, so it passes; then
    // the predator on B1 can neither step nor jump (the cells beyond A1 and
    // B2 are off the board) and prey wins.
    let r = rules();
    let before = "oo/oP o 2 0 0";
    assert_eq!(moves(&r, before), vec!["pass"]);
    let (_, _, after) = play(&r, before, "pass");
    assert_eq!(after, "oo/oP P 2 0 0");
    let o = load(&r, &after).unwrap().outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some('o'), Reason::PredatorBlocked));
    assert_eq!(perft(&r, before, 1), 1);
    assert_eq!(perft(&r, before, 2), 0);
}

// ------------------------------------------------------------- game over

#[test]
fn predator_wins_on_its_capture_target() {
    let r = rules();
    let before = "5/2o2/2P2/5/5 P 0 2 7";
    assert_eq!(load(&r, before).unwrap().outcome(), None);
    let (_, _, after) = play(&r, before, "C3xC5");
    assert_eq!(after, "2P2/5/5/5/5 o 0 3 8");
    let o = load(&r, &after).unwrap().outcome().unwrap();
    assert_eq!(o.winner, Some('P'));
    assert_eq!(o.reason, Reason::Captures);
    assert!(moves(&r, &after).is_empty());
    assert_eq!(perft(&r, &after, 1), 0);
    assert_eq!(perft(&r, &after, 0), 1);
    assert_eq!(refused(&r, &after, "@A1").0, "game-over");
    // Game over is said before the move is read: even text that is no move.
    assert_eq!(refused(&r, &after, "hello").0, "game-over");
    assert_eq!(refused(&r, &after, "Z9-Z8").0, "game-over");
    // The target is a parameter: with 4 the game goes on.
    let r4 = with(Params {
        capture_target: 4,
        ..Params::default()
    });
    assert_eq!(load(&r4, &after).unwrap().outcome(), None);
}

#[test]
fn prey_wins_by_blocking_the_predator() {
    // Predator A1; prey A2, B1 next to it and A3, C1 behind them.
    let r = rules();
    let blocked = "5/5/o4/o4/Poo2 P 0 0 5";
    let o = load(&r, blocked).unwrap().outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some('o'), Reason::PredatorBlocked));
    assert!(moves(&r, blocked).is_empty());
    // Checked only at the start of the predator's turn: with prey to move
    // the game goes on, and the prey move that keeps the wall wins.
    let before = "o4/5/o4/o4/Poo2 o 0 0 5";
    assert_eq!(load(&r, before).unwrap().outcome(), None);
    let (_, _, after) = play(&r, before, "A5-B5");
    let o = load(&r, &after).unwrap().outcome().unwrap();
    assert_eq!(o.reason, Reason::PredatorBlocked);
    // Opening the wall (A3 away) lets the predator jump A2: not over.
    let (_, _, after) = play(&r, before, "A3-B3");
    assert_eq!(load(&r, &after).unwrap().outcome(), None);
    assert_eq!(moves(&r, &after), vec!["A1xA3"]);
}

#[test]
fn holes_and_edges_block_too() {
    // Predator A1, hole B1, prey A2 and A3.
    let r = rules();
    let o = load(&r, "5/5/o4/o4/P-3 P 6 0 0")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(o.reason, Reason::PredatorBlocked);
}

#[test]
fn turn_limit_is_a_draw_after_the_40th_predator_turn() {
    let r = rules();
    let before = "5/5/2P2/5/5 P 0 0 39";
    assert_eq!(load(&r, before).unwrap().outcome(), None);
    let (_, _, after) = play(&r, before, "C3-C4");
    assert_eq!(after, "5/2P2/5/5/5 o 0 0 40");
    let o = load(&r, &after).unwrap().outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::TurnLimit));
    assert!(moves(&r, &after).is_empty());
    // Prey moves do not count: 39 predator turns with prey to move go on.
    assert_eq!(load(&r, "5/5/2P2/5/5 o 0 0 39").unwrap().outcome(), None);
    // 0 = no limit.
    let free = with(Params {
        predator_turn_limit: 0,
        ..Params::default()
    });
    assert_eq!(
        load(&free, "5/5/2P2/5/5 o 0 0 4000").unwrap().outcome(),
        None
    );
    // A limit of 10.
    let ten = with(Params {
        predator_turn_limit: 10,
        ..Params::default()
    });
    let o = load(&ten, "5/5/2P2/5/5 o 0 0 10")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!(o.reason, Reason::TurnLimit);
}

#[test]
fn reasons_are_reported_in_order_when_several_hold() {
    let r = rules();
    // Captures and predator-blocked (3 captured, P to move and walled in).
    let o = load(&r, "5/5/o4/o4/Poo2 P 0 3 5")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!((o.winner, o.reason), (Some('P'), Reason::Captures));
    // Captures and turn-limit: the 40th predator turn is the 3rd capture.
    let (_, _, after) = play(&r, "5/2o2/2P2/5/5 P 0 2 39", "C3xC5");
    let o = load(&r, &after).unwrap().outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some('P'), Reason::Captures));
    // Predator-blocked and turn-limit.
    let o = load(&r, "5/5/o4/o4/Poo2 P 0 0 40")
        .unwrap()
        .outcome()
        .unwrap();
    assert_eq!((o.winner, o.reason), (Some('o'), Reason::PredatorBlocked));
    // Only turn-limit with P to move (not blocked).
    let o = load(&r, "5/5/2P2/5/5 P 0 0 41").unwrap().outcome().unwrap();
    assert_eq!(o.reason, Reason::TurnLimit);
}

// ----------------------------------------------------------- validation

fn invalid(r: &PredatorPrey, text: &str) -> Invalid {
    match r.parse_position(text) {
        Err(PositionError::Invalid(i)) => i,
        other => panic!("{text}: expected Invalid, got {other:?}"),
    }
}

#[test]
fn exactly_one_predator() {
    let r = rules();
    assert_eq!(
        invalid(&r, "5/5/5/5/5 o 8 0 0"),
        Invalid::PredatorCount { found: 0 }
    );
    assert_eq!(
        invalid(&r, "P4/5/2P2/5/5 o 8 0 0"),
        Invalid::PredatorCount { found: 2 }
    );
    assert_eq!(
        invalid(&r, "5/5/5/5/5 o 8 0 0").to_string(),
        "the board has 0 predators (`P`): a position has exactly one"
    );
}

#[test]
fn prey_in_play_reserve_and_captured_never_exceed_the_supply() {
    let r = rules();
    // 8 on the board is the whole kit; 9 is not.
    assert!(r.parse_position("ooooo/ooo2/2P2/5/5 P 0 0 0").is_ok());
    match invalid(&r, "ooooo/oooo1/2P2/5/5 P 0 0 0") {
        Invalid::Supply { found, supply, .. } => assert_eq!((found, supply), (9, 8)),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        invalid(&r, "5/5/2P2/5/5 o 9 0 0"),
        Invalid::Supply { found: 9, .. }
    ));
    assert!(matches!(
        invalid(&r, "5/2o2/2P2/5/5 o 4 4 0"),
        Invalid::Supply { found: 9, .. }
    ));
    assert_eq!(
        invalid(&r, "5/2o2/2P2/5/5 o 4 4 0").to_string(),
        "prey on the board (1), in reserve (4) and captured (4) together: 9, but the kit has only 8"
    );
    // Huge numbers do not overflow the sum.
    assert!(matches!(
        invalid(&r, "5/5/2P2/5/5 o 4294967295 4294967295 0"),
        Invalid::Supply { .. }
    ));
    // Practice positions may have fewer.
    assert!(r.parse_position("5/2o2/2P2/5/5 P 0 0 0").is_ok());
    // The supply is a parameter.
    let ten = with(Params {
        prey: 10,
        ..Params::default()
    });
    assert!(ten.parse_position("5/5/2P2/5/5 o 10 0 0").is_ok());
}

#[test]
fn a_reserve_with_the_predator_to_move_is_valid() {
    let r = rules();
    let p = pos(&r, "5/5/2P2/5/5 P 8 0 0");
    assert!(!p.prey_to_move());
    assert_eq!(r.legal_moves(&p).len(), 4);
}

#[test]
fn field_errors_name_the_field() {
    let r = rules();
    let err = |t: &str| r.parse_position(t).unwrap_err();
    assert!(matches!(
        err("5/5/2P2/5/5"),
        PositionError::MissingField {
            field: "side to move",
            ..
        }
    ));
    assert!(matches!(
        err("5/5/2P2/5/5 p 8 0 0"),
        PositionError::Field { field: "side to move", ref found, .. } if found == "p"
    ));
    assert_eq!(
        err("5/5/2P2/5/5 x 8 0 0").to_string(),
        "the side to move field is `x`: expected `o` (prey) or `P` (predator)"
    );
    assert!(matches!(
        err("5/5/2P2/5/5 o"),
        PositionError::MissingField {
            field: "prey in reserve",
            ..
        }
    ));
    assert!(matches!(
        err("5/5/2P2/5/5 o 8 -1 0"),
        PositionError::Field {
            field: "prey captured",
            ..
        }
    ));
    assert!(matches!(
        err("5/5/2P2/5/5 o 8 0"),
        PositionError::MissingField {
            field: "predator turns played",
            ..
        }
    ));
    assert!(matches!(
        err("5/5/2P2/5/5 o 08 0 0"),
        PositionError::Field {
            field: "prey in reserve",
            ..
        }
    ));
    assert!(matches!(
        err("5/5/2P2/5/5 o 8 0 99999999999"),
        PositionError::Field {
            field: "predator turns played",
            ..
        }
    ));
    assert!(matches!(
        err("5/5/2P2/5/5 o 8 0 0 x"),
        PositionError::ExtraField { .. }
    ));
    assert!(matches!(
        err("5/5/2P2/5/5  o 8 0 0"),
        PositionError::Field { .. }
    ));
    assert!(matches!(
        err("5/5/2Q2/5/5 o 8 0 0"),
        PositionError::Board(_)
    ));
}

#[test]
fn canonical_positions_round_trip() {
    let r = rules();
    for text in [
        "5/5/2P2/5/5 o 8 0 0",
        "5/2-2/oP3/1o-o1/5 P 3 1 12",
        "o-1/-P1 o 0 0 0",
        "10/10/10/4o5/3oPo4/4o5/10/10/10/10 P 0 0 0",
        "P o 0 0 0",
    ] {
        assert_eq!(load(&r, text).unwrap().text(), text);
    }
}

#[test]
fn move_syntax_errors_say_what_is_expected() {
    let r = rules();
    let start = "5/5/2P2/5/5 o 8 0 0";
    for bad in [
        "", "hello", "@", "@@C4", "C3-", "-C3", "C3--C4", "C3-C4xC5", "Pass", " pass", "C4 ",
    ] {
        let e = load(&r, start).unwrap().play(bad).unwrap_err();
        assert_eq!(e.keyword(), "syntax", "{bad:?}");
    }
    let e = load(&r, start).unwrap().play("hello").unwrap_err();
    // The forms, then an example that is legal here (prey places).
    let said = e.to_string();
    assert!(
        said.starts_with("`hello` is not a move: expected a placement (`@` and a cell), a step (two cells joined by `-`), a capture (two cells joined by `x`), or `pass` (here, for example: `@"),
        "{said}"
    );
    for bad in ["c4", "@F1", "A0", "C3-C9"] {
        let e = load(&r, start).unwrap().play(bad).unwrap_err();
        assert_eq!(e.keyword(), "cell", "{bad:?}");
    }
}

// ------------------------------------------------------------ perft

#[test]
fn hand_derived_perft_from_the_start() {
    let r = rules();
    let start = "5/5/2P2/5/5 o 8 0 0";
    assert_eq!(perft(&r, start, 0), 1);
    // d1: prey places on any of the 24 empty cells.
    assert_eq!(perft(&r, start, 1), 24);
    // d2: after a placement away from C3's four neighbours (20 cells) the
    // predator has its 4 steps: 80. After a placement on a neighbour (4
    // cells) it has 3 steps plus the jump over it (the cell beyond is on
    // the board and empty): 4 each, 16. Total 96.
    assert_eq!(perft(&r, start, 2), 96);
    // d3: prey places again. After the 92 non-capturing replies the board
    // holds a prey and the predator: 23 empty cells. After the 4 captures
    // it holds only the predator: 24. 92·23 + 4·24 = 2116 + 96 = 2212.
    assert_eq!(perft(&r, start, 3), 2212);
}

#[test]
fn hand_derived_perft_of_the_worked_position() {
    let r = rules();
    let p = "5/2o2/2P2/5/5 P 0 0 0";
    // d1: steps D3, C2, B3 and the jump to C5.
    assert_eq!(perft(&r, p, 1), 4);
    // d2: after each step C4 has 4 empty neighbours (C3 was vacated); after
    // the capture no prey is left and the reserve is empty: a forced pass.
    // 3·4 + 1 = 13.
    assert_eq!(perft(&r, p, 2), 13);
    // With 2 already captured the capture ends the game: 3·4 + 0 = 12.
    assert_eq!(perft(&r, "5/2o2/2P2/5/5 P 0 2 0", 2), 12);
    // With 39 turns played every predator move is the 40th: d2 = 0.
    assert_eq!(perft(&r, "5/2o2/2P2/5/5 P 0 0 39", 2), 0);
    assert_eq!(perft(&r, "5/2o2/2P2/5/5 P 0 0 39", 1), 4);
}

#[test]
fn fast_perft_agrees_with_playing_every_move() {
    let r = rules();
    for (text, depth) in [
        ("5/5/2P2/5/5 o 8 0 0", 4),
        ("o3o/1o1o1/2P2/1o1o1/o3o o 0 0 0", 5),
        ("5/2-2/oP3/1o-o1/5 P 3 1 12", 4),
        ("ooooo/o3o/o1P1-/5/5 P 0 0 0", 5),
        ("10/10/10/4o5/3oPo4/4o5/10/10/10/10 P 0 0 0", 4),
    ] {
        let p = pos(&r, text);
        for d in 0..=depth {
            assert_eq!(
                r.perft(&p, d),
                perft_by_moves(&r, &p, d),
                "{text} depth {d}"
            );
        }
    }
}

/// The position's board mirrored by `f(col, row) -> (col, row)` on a board
/// of the given size (for a transposition width and height swap).
fn transform(
    r: &PredatorPrey,
    text: &str,
    out_w: usize,
    out_h: usize,
    f: impl Fn(usize, usize) -> (usize, usize),
) -> String {
    let p = pos(r, text);
    let v = r.view(&p);
    let mut squares = vec![Square::Empty; out_w * out_h];
    for h in &v.holes {
        let (c, rr) = f(h.col as usize, h.row as usize);
        squares[rr * out_w + c] = Square::Hole;
    }
    for (cl, piece) in &v.pieces {
        let (c, rr) = f(cl.col as usize, cl.row as usize);
        squares[rr * out_w + c] = Square::Piece(*piece);
    }
    let board = print_board(out_w, out_h, |i| squares[i]);
    let fields: Vec<&str> = text.split(' ').skip(1).collect();
    format!("{board} {}", fields.join(" "))
}

fn symmetric_images(r: &PredatorPrey, text: &str) -> Vec<String> {
    let g = pos(r, text).geometry().clone();
    let (w, h) = (g.width(), g.height());
    vec![
        transform(r, text, w, h, |c, rr| (w - 1 - c, rr)),
        transform(r, text, w, h, |c, rr| (c, h - 1 - rr)),
        transform(r, text, w, h, |c, rr| (w - 1 - c, h - 1 - rr)),
        transform(r, text, h, w, |c, rr| (rr, c)),
    ]
}

#[test]
fn mirrored_positions_give_equal_counts() {
    let r = rules();
    for (text, depth) in [
        ("5/5/5/P4/5 o 8 0 0", 4),
        ("5/2-2/oP3/1o-o1/5 P 3 1 12", 5),
        ("o4/1o3/oP-2/2o2/o4 o 0 0 0", 5),
        ("7/1o5/2P4/5-1 o 5 0 0", 4),
        ("ooo2/o4/o1P2/5/4- P 0 0 3", 5),
    ] {
        let want: Vec<u64> = (1..=depth).map(|d| perft(&r, text, d)).collect();
        for image in symmetric_images(&r, text) {
            assert_ne!(image, text, "the test position should not be symmetric");
            let got: Vec<u64> = (1..=depth).map(|d| perft(&r, &image, d)).collect();
            assert_eq!(got, want, "{text} vs its image {image}");
        }
    }
}

#[test]
fn symmetric_first_moves_of_the_start_have_equal_subtrees() {
    // The start is symmetric under the 8 symmetries of the square, so the
    // corners share one count, the edge middles another, and so on.
    let r = rules();
    let div: std::collections::HashMap<String, u64> = load(&r, "5/5/2P2/5/5 o 8 0 0")
        .unwrap()
        .divide(4)
        .into_iter()
        .collect();
    let same = |cells: &[&str]| {
        let first = div[&format!("@{}", cells[0])];
        for c in cells {
            assert_eq!(div[&format!("@{c}")], first, "@{c}");
        }
    };
    same(&["A1", "E1", "A5", "E5"]);
    same(&["C4", "D3", "C2", "B3"]);
    same(&["C5", "E3", "C1", "A3"]);
    same(&["B2", "D2", "B4", "D4"]);
    same(&["B1", "D1", "A2", "E2", "A4", "E4", "B5", "D5"]);
    same(&["C5", "A3"]);
    assert_eq!(
        div.values().sum::<u64>(),
        perft(&r, "5/5/2P2/5/5 o 8 0 0", 4)
    );
}

/// `tests/perft/predator-prey.txt`: `position depth nodes` a line. Deep
/// lines (over 2 million nodes) run only in release builds.
#[test]
fn perft_table() {
    let r = rules();
    let data = include_str!("../perft/predator-prey.txt");
    let mut checked = 0;
    for line in data.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let tokens: Vec<&str> = line.split(' ').collect();
        let n = tokens.len();
        assert!(n >= 3, "{line}");
        let nodes: u64 = tokens[n - 1].parse().unwrap();
        let depth: u32 = tokens[n - 2].parse().unwrap();
        let position = tokens[..n - 2].join(" ");
        if cfg!(debug_assertions) && nodes > 2_000_000 {
            continue;
        }
        assert_eq!(perft(&r, &position, depth), nodes, "{line}");
        checked += 1;
    }
    assert!(checked >= 10);
}
