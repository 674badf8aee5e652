//! Predator and prey placement. STUB: replaced by the family's implementation.
use super::*;

/// Parameters of the family (defaults from GAMES.md).
#[derive(Clone, Debug, PartialEq, Default, serde::Deserialize)]
pub struct Params {
    pub capture_target: u32,
    pub predator_turn_limit: u32,
    pub prey: u32,
}

pub struct PredatorPrey {
    pub params: Params,
}

impl PredatorPrey {
    pub fn new(params: Params) -> Self {
        PredatorPrey { params }
    }
}

impl Rules for PredatorPrey {
    type Position = ();
    type Move = ();
    fn family(&self) -> Family {
        unimplemented!()
    }
    fn sides(&self) -> [char; 2] {
        unimplemented!()
    }
    fn default_start(&self) -> &'static str {
        unimplemented!()
    }
    fn parse_position(&self, _text: &str) -> Result<(), PositionError> {
        unimplemented!()
    }
    fn print_position(&self, _pos: &()) -> String {
        unimplemented!()
    }
    fn view(&self, _pos: &()) -> BoardView {
        unimplemented!()
    }
    fn outcome(&self, _pos: &()) -> Option<Outcome> {
        unimplemented!()
    }
    fn legal_moves(&self, _pos: &()) -> Vec<()> {
        unimplemented!()
    }
    fn parse_move(&self, _pos: &(), _text: &str) -> Result<(), MoveError> {
        unimplemented!()
    }
    fn print_move(&self, _pos: &(), _mv: &()) -> String {
        unimplemented!()
    }
    fn play(&self, _pos: &(), _mv: &()) -> ((), Effect) {
        unimplemented!()
    }
    fn perft(&self, _pos: &(), _depth: u32) -> u64 {
        unimplemented!()
    }
}
