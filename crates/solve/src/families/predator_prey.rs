//! The predator game as the solver and the puzzle finder treat it: its
//! two sides play different games, so a set shares its puzzles out between
//! them, and the prey's puzzles come from built hunts.
use super::{Candidates, FamilySolve, Shares, Tuning, WinPlies};
use crate::puzzles::cells::{Built, Cells};
use crate::puzzles::Rng;
use printkit_rules::predator_prey::{Params, PredatorPrey};

impl FamilySolve for PredatorPrey {
    const TUNING: Tuning = Tuning {
        shares: Shares::LengthAndSide,
        win_plies: WinPlies::Odd,
        // A random game almost never ends with the predator blocked (0 of
        // 12,200 candidates from random play were prey wins), so the prey's
        // puzzles (a placement or step that traps the predator) come from
        // built hunts.
        candidates: Candidates::StartAndBuilt,
        search_ns: 200,
        ..Tuning::DEFAULT
    };

    fn build_endgame(params: &Params, cells: Cells, _: bool, rng: &mut Rng) -> Option<Built> {
        hunt(cells, params, rng)
    }
}

/// The predator somewhere, prey to move, or (two times in three) the
/// predator with two captures or more still to make, for its wins that are
/// not the last fork of a game. The predator's: 3 to all of the prey still
/// in play on the cells within two steps of it, the rest in reserve or
/// captured. The prey's, so that their answers are not all placements:
/// three times in four 0, 1 or 2 prey in reserve, 2 to 5 of those on the
/// board within two steps of the predator and the rest anywhere; else as
/// the predator's. The predator turns
/// played agree with the placements (prey place one a turn, then step), far
/// from the turn limit.
fn hunt(mut cells: Cells, p: &Params, rng: &mut Rng) -> Option<Built> {
    let hunter = rng.below(3) > 0;
    // The predator's puzzles need its 4 moves: away from the edges.
    let (w, h) = (cells.w, cells.h);
    let inside = |x: usize, y: usize| !hunter || (x > 0 && y > 0 && x + 1 < w && y + 1 < h);
    let at = cells.any_empty(rng, inside)?;
    cells.put(at.0, at.1, 'P');
    let captured = if hunter {
        rng.below(p.capture_target.saturating_sub(1).max(1) as usize) as u32
    } else {
        rng.below(p.capture_target.max(1) as usize) as u32
    };
    let in_play = p.prey.checked_sub(captured)?;
    // The prey's puzzles: three times in four 0, 1 or 2 prey in reserve
    // (the prey must move pieces on the board: a step first, or a
    // placement and steps), 2 to 5 prey near the predator and the rest
    // anywhere; else, as the predator's, every prey on the board near it.
    let few = if hunter { 3 } else { rng.below(4) as u32 };
    let (on_board, near_it) = if few < 3 {
        let on_board = in_play.checked_sub(few)?;
        (on_board, on_board.min(2 + rng.below(4) as u32))
    } else {
        // Half the time prey are still being placed.
        let placing = rng.below(2) == 0;
        let on_board = if placing {
            3 + rng.below(in_play.saturating_sub(3).max(1) as usize) as u32
        } else {
            in_play
        };
        (on_board, on_board)
    };
    let near = cells.empty_near(at, 2, false, |x, y| {
        x.abs_diff(at.0) + y.abs_diff(at.1) <= 2
    });
    let mut spots = near;
    for _ in 0..near_it {
        if spots.is_empty() {
            return None;
        }
        let (x, y) = spots.swap_remove(rng.below(spots.len()));
        cells.put(x, y, 'o');
    }
    for _ in near_it..on_board {
        let (x, y) = cells.any_empty(rng, |_, _| true)?;
        cells.put(x, y, 'o');
    }
    let reserve = in_play - on_board;
    let turns = if reserve > 0 {
        on_board + captured - u32::from(hunter)
    } else {
        p.prey + rng.below(8) as u32
    };
    if p.predator_turn_limit > 0 && turns + 6 >= p.predator_turn_limit {
        return None;
    }
    let side = if hunter { 'P' } else { 'o' };
    let counts = printkit_rules::Counts::new()
        .with(printkit_rules::predator_prey::RESERVE, u64::from(reserve))
        .with(printkit_rules::predator_prey::CAPTURED, u64::from(captured))
        .with(printkit_rules::TURNS, u64::from(turns));
    Some(Built {
        cells,
        side,
        counts,
    })
}
