//! The game puzzles are found in, as the finder sees it.
use printkit_rules::{AnyPosition, Engine, Family, Params, Topology};

/// The game puzzles are found in: its rules, their engine and its start.
/// (The definition crate lends its own; the puzzles need nothing else of
/// it.)
#[derive(Clone, Copy)]
pub struct Game<'a> {
    /// The rules' parameters.
    pub params: &'a Params,
    /// The engine of those rules.
    pub engine: &'a dyn Engine,
    /// The start position the random games are played from.
    pub start_position: &'a AnyPosition,
}

impl<'a> Game<'a> {
    /// The family of the rules.
    pub fn family(&self) -> Family {
        self.params.family()
    }

    /// The engine of the rules.
    pub fn engine(&self) -> &'a dyn Engine {
        self.engine
    }

    /// Whether the board wraps around (its symmetries then include the
    /// shifts).
    pub fn torus(&self) -> bool {
        self.start_position.view().topology == Topology::Torus
    }
}
