//! What the pages say of the game, shared by every page kind: how pieces
//! and cells are drawn and named, who moves first, how a game ends, which
//! position is the worked example.
use crate::board::{BoardSpec, PieceStyle, SquareColour};
use printkit_definition::tr;
use printkit_definition::{Definition, Practice};
use printkit_rules::family::Tone;
use printkit_rules::{AnyPosition, Cell, Family, Topology};

/// Whether `p` is the position the rules sheet works through (the
/// definition's own position named by its `example`).
pub fn is_worked_example(def: &Definition, p: &Practice) -> bool {
    def.is_worked_example(p)
}

/// How a piece symbol is drawn in a game.
pub fn piece_style(family: Family, symbol: char) -> PieceStyle {
    let look = match family.info().tone(symbol) {
        Tone::Light => PieceStyle::Light,
        Tone::Dark => PieceStyle::Dark,
        Tone::Accent => PieceStyle::Accent,
    };
    if family.info().crowned(symbol) {
        look.king()
    } else {
        look
    }
}

/// The label printed on a piece (a king's is its checker's letter, under
/// the crown its look draws).
pub fn piece_label(family: Family, symbol: char) -> String {
    family.info().piece_label(symbol)
}

pub use printkit_definition::lang::side_name;

/// A drawing of a position (from the engine's view of it).
pub fn position_spec(def: &Definition, position: &AnyPosition) -> BoardSpec {
    let view = position.view();
    let family = def.family();
    let mut spec = BoardSpec::new(
        &def.title,
        &def.reminder,
        view.width as u32,
        view.height as u32,
        def.board.cell_mm,
    );
    spec.lang = def.lang.clone();
    spec.holes = view.holes.iter().map(|c| xy(*c)).collect();
    spec.torus = view.topology == Topology::Torus;
    spec.orthogonal_only = family.info().orthogonal_only;
    if family.info().checkered {
        spec.checker_colours = Some((SquareColour::Red, SquareColour::Black));
    }
    spec.pieces = view
        .pieces
        .iter()
        .map(|(c, s)| {
            let (x, y) = xy(*c);
            (x, y, piece_label(family, *s), piece_style(family, *s))
        })
        .collect();
    spec
}

/// (column, row) of a cell, as the drawing code counts them.
pub fn xy(c: Cell) -> (u32, u32) {
    (c.col as u32, c.row as u32)
}

/// "2 players · 15–25 minutes".
pub fn players_line(def: &Definition) -> String {
    tr!(
        def.lang,
        "kit.players",
        players = &def.players,
        time = &def.time
    )
}

/// The ways a game can end, in the order the engine checks them, each with
/// a sentence made from the game's parameters, in the kit's language.
pub fn stop_conditions(def: &Definition) -> Vec<(printkit_rules::Reason, String)> {
    let sides = def.engine().sides();
    let figures = def.params.figures();
    let figure = |name: &str| figures.iter().find(|(n, _)| *n == name).map_or(0, |f| f.1);
    def.params
        .stop_conditions()
        .into_iter()
        .map(|reason| {
            let key = format!("family.{}.stop.{}", def.family().id(), reason.keyword());
            let words = tr!(
                def.lang,
                &key,
                first = side_name(&def.lang, def.family(), sides[0]),
                second = side_name(&def.lang, def.family(), sides[1]),
                turn_limit = figure("turn_limit"),
                capture_target = figure("capture_target"),
                predator_turn_limit = figure("predator_turn_limit"),
            );
            (reason, words)
        })
        .collect()
}
