//! Freeze as the solver treats it.
use super::FamilySolve;
use printkit_rules::freeze::Freeze;

impl FamilySolve for Freeze {}
