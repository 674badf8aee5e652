//! Built candidates for `printkit puzzles`: small endgames set up around a
//! point of the board, for the puzzles random games do not reach. Each
//! family builds its own ([`FamilySolve::build_endgame`]) on the board's
//! cells ([`Cells`]); here they become positions, and a game whose board
//! fills up gets middle games ([`middle_game`]).
//!
//! Every built position is only a candidate: the generator keeps it only
//! when the solver proves the same things as of a played one.
pub use super::cells::{Built, Cells};
use super::game::Game;
use crate::families::{self, FamilySolve, WithFamily};
use crate::rng::Rng;
use printkit_rules::AnyPosition;

/// One built candidate position, or `None` when this try did not give a
/// valid one (the caller tries again).
pub fn candidate(game: Game<'_>, rng: &mut Rng) -> Option<AnyPosition> {
    let start = game.start_position.view();
    let cells = Cells::of(&start, false);
    struct Build<'a>(Cells, bool, &'a mut Rng);
    impl WithFamily for Build<'_> {
        type Output = Option<Built>;
        fn with<F: FamilySolve>(self, _: F, params: &F::Params) -> Option<Built> {
            let Build(cells, torus, rng) = self;
            F::build_endgame(params, cells, torus, rng)
        }
    }
    let built = families::with_family(game.params, Build(cells, game.torus(), rng))?;
    // A turn count the board contradicts (for example the predator's distance from its
    // start cell, the prey placed) is never kept: `check` would refuse it.
    let position = game
        .engine()
        .setup(&built.cells.view(&start, built.side), &built.counts)
        .ok()?;
    let counts = position.counts();
    match game
        .params
        .counter_mistake(&start, &position.view(), &counts)
    {
        Some(_) => None,
        None => Some(position),
    }
}

/// Plies of a random game from the start after which a middle-game
/// candidate ([`middle_game`]) is taken: the board far from full, the turn
/// limit far off.
const MIDDLE_GAME: std::ops::RangeInclusive<usize> = 12..=40;

/// A middle-game candidate for a game whose board fills up
/// ([`BoardFill::FillsUp`](crate::families::BoardFill::FillsUp)): a random game from the start stopped after 12 to 40 plies, where
/// the side to move has beaten the other down to 2 or 3 pieces (each
/// other piece of the opponent becomes the mover's or, two times in three,
/// an empty cell), to be taken in a few moves on a board with room. Random games
/// end on full boards near the turn limit, where most moves that keep the
/// lead win; their wins in the middle of a game are rare.
pub fn middle_game(
    game: Game<'_>,
    solver: &dyn crate::Solver,
    rng: &mut Rng,
) -> Option<AnyPosition> {
    let plies = MIDDLE_GAME.start() + rng.below(MIDDLE_GAME.end() - MIDDLE_GAME.start() + 1);
    let line = solver
        .random_game(game.start_position, rng, plies + 1)
        .ok()?;
    let position = line.get(plies)?;
    let view = position.view();
    let mut cells = Cells::of(&view, true);
    let mover = view.side_to_move;
    let sides = game.engine().sides();
    let other = if sides[0] == mover {
        sides[1]
    } else {
        sides[0]
    };
    let mut theirs: Vec<usize> = (0..cells.cells.len())
        .filter(|&i| cells.cells[i] == Some(other))
        .collect();
    let keep = 2 + rng.below(2);
    while theirs.len() > keep {
        let i = theirs.swap_remove(rng.below(theirs.len()));
        cells.cells[i] = Some(if rng.below(3) == 0 { mover } else { '.' });
    }
    game.engine()
        .setup(&cells.view(&view, mover), &position.counts())
        .ok()
}
