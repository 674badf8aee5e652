//! The predator game as the solver treats it.
use super::FamilySolve;
use printkit_rules::predator_prey::PredatorPrey;

impl FamilySolve for PredatorPrey {}
