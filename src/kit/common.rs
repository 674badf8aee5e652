//! Helpers every kit page shares: text styles, diagram sizing and the
//! sentences made from the engine's answers. Page modules import this and
//! `flow`, never each other.
use super::{side_name, xy};
use crate::render::text::TextStyle;
use crate::render::{Align, Colour, Font, Style};
use crate::rules::{Effect, Family, Outcome};

/// A left-aligned text style.
pub(crate) fn style(font: Font, size_pt: f64, colour: Colour) -> TextStyle {
    TextStyle {
        font,
        size_pt,
        colour,
        align: Align::Left,
    }
}

/// The text styles of the flowing pages (rules sheet, practice sheets,
/// host key), from the kit's look.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PageStyles {
    pub body: TextStyle,
    pub small: TextStyle,
    pub heading: TextStyle,
}

impl PageStyles {
    pub fn new(s: &Style) -> PageStyles {
        let c = &s.colours;
        PageStyles {
            body: style(Font::Regular, s.fonts.body_pt, c.ink),
            small: style(Font::Regular, s.fonts.small_pt, c.muted),
            heading: style(Font::Bold, s.fonts.subtitle_pt + 1.0, c.ink),
        }
    }
}

/// The heading every sheet of a kit but the rules sheet and the board
/// opens with, in one style: "<game>: <what>" in bold, shrunk to one line
/// for a long title.
pub(crate) fn sheet_title(s: &Style, title: &str, what: &str) -> (String, TextStyle) {
    (
        format!("{title}: {what}"),
        style(Font::Bold, s.fonts.subtitle_pt + 1.0, s.colours.ink),
    )
}

/// Cell size for a diagram that must fit `max_mm` across and, for a tall
/// board, twice that down.
pub(crate) fn diagram_cell(width: usize, height: usize, max_mm: f64) -> f64 {
    (max_mm / width as f64)
        .min(2.0 * max_mm / height as f64)
        .min(max_mm / 5.0)
        .min(9.0)
}

/// The cells a move changed, (column, row), sorted: what a diagram of the
/// position after it marks.
pub(crate) fn changed_cells(e: &Effect) -> Vec<(u32, u32)> {
    let mut cells: Vec<(u32, u32)> = Vec::new();
    cells.extend(e.from.map(xy));
    cells.extend(e.to.map(xy));
    for list in [&e.converted, &e.captured, &e.kinged] {
        cells.extend(list.iter().map(|c| xy(*c)));
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// What the position after a move means: the game goes on, or who won.
pub(crate) fn result_sentence(family: Family, o: Option<Outcome>) -> String {
    match o {
        None => "The game goes on.".to_string(),
        Some(Outcome {
            winner: Some(w),
            reason,
        }) => format!("Game over: {} wins ({reason}).", side_name(family, w)),
        Some(Outcome {
            winner: None,
            reason,
        }) => format!("Game over: a draw ({reason})."),
    }
}

/// The text with its first letter in upper case.
pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
