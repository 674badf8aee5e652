//! The clone game as the solver and the puzzle finder treat it: its board
//! fills up toward the turn limit.
use super::{BoardFill, FamilySolve, Tuning};
use printkit_rules::clone_convert::CloneConvert;

impl FamilySolve for CloneConvert {
    const TUNING: Tuning = Tuning {
        board: BoardFill::FillsUp,
        ..Tuning::DEFAULT
    };
}
