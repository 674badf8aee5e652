//! A practice position's counters (turns played, predator turns, prey
//! placed and captured) checked against what stands on its board, with
//! the bounds the rules give: a sheet never prints a count the board
//! contradicts. The mistake names the nearest count that fits.
use crate::rules::{AnyPosition, BoardView, Cell, Params, Topology};

/// Why the position's turn counter cannot be what it says, with the
/// nearest count that fits; `None` when it fits. `start` is the game's
/// start position.
pub(super) fn counter_mistake(params: &Params, start: &AnyPosition, position: &AnyPosition) -> Option<String> {
    let counts = position.counts();
    let count = |name: &str| counts.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let turns = count("turns")?;
    let (view, start) = (position.view(), start.view());
    let limit = params.turn_limit() as u64;
    // Enough to reach any count a rule asks for on this board.
    let most = limit.max(turns + 4 * (view.width * view.height) as u64 + 4);
    let (why, fits): (String, Box<dyn Fn(u64) -> bool>) = match params {
        Params::CloneConvert(p) => {
            let (on_board, at_start) = (view.pieces.len() as u64, start.pieces.len() as u64);
            let first = p.first;
            let side = view.side_to_move;
            let why = format!(
                "{on_board} markers stand on the board; the start has {at_start} and a turn adds at most one, and {first} moves after an even number of turns"
            );
            (
                why,
                Box::new(move |t| on_board <= at_start + t && ((t % 2 == 0) == (side == first))),
            )
        }
        Params::PredatorPrey(_) => predator(&view, &start, count("captured").unwrap_or(0))?,
        _ => return None,
    };
    if fits(turns) {
        return None;
    }
    let nearest = (0..=most)
        .filter(|t| fits(*t))
        .min_by_key(|t| (t.abs_diff(turns), *t));
    let fix = match nearest {
        Some(t) => format!("the nearest count that fits is {t}"),
        None => "no count fits this board".to_string(),
    };
    Some(format!(
        "the position says {turns} turn{} played, but {why}: {fix}",
        if turns == 1 { "" } else { "s" }
    ))
}

type Fits = (String, Box<dyn Fn(u64) -> bool>);

/// The predator's turns: each capture is one of them (a jump of two
/// cells), every other turn a step of one, so its distance from its start
/// cell is at most steps plus twice the jumps, and (on a bounded board)
/// has the steps' parity; prey moves first and places one prey a turn.
fn predator(view: &BoardView, start: &BoardView, captured: u64) -> Option<Fits> {
    let at = |v: &BoardView| v.pieces.iter().find(|(_, p)| *p == 'P').map(|(c, _)| *c);
    let (now, from) = (at(view)?, at(start)?);
    let distance = cells_apart(view, now, from);
    let bounded = view.topology == Topology::Bounded;
    let placed = view.pieces.iter().filter(|(_, p)| *p == 'o').count() as u64 + captured;
    let predator_to_move = view.side_to_move == 'P';
    let why = format!(
        "the predator stands {distance} cell{} from its start cell {from} after {captured} capture{}, and {placed} prey {} been placed (one a prey turn; prey moves first)",
        if distance == 1 { "" } else { "s" },
        if captured == 1 { "" } else { "s" },
        if placed == 1 { "has" } else { "have" },
    );
    let fits = move |t: u64| {
        let steps = t.saturating_sub(captured);
        t >= captured
            && distance <= steps + 2 * captured
            && (!bounded || distance % 2 == steps % 2)
            && placed <= t + u64::from(predator_to_move)
    };
    Some((why, Box::new(fits)))
}

/// Orthogonal steps between two cells (across the edges on a torus).
fn cells_apart(view: &BoardView, a: Cell, b: Cell) -> u64 {
    let along = |x: u8, y: u8, size: usize| {
        let d = u64::from(x.abs_diff(y));
        match view.topology {
            Topology::Torus => d.min(size as u64 - d),
            Topology::Bounded => d,
        }
    };
    along(a.col, b.col, view.width) + along(a.row, b.row, view.height)
}
