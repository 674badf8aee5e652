//! The clone game as the solver treats it: every default.
use super::FamilySolve;
use printkit_rules::clone_convert::CloneConvert;

impl FamilySolve for CloneConvert {}
