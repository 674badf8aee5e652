//! Helpers every kit page shares: text styles, diagram sizing and the
//! sentences made from the engine's answers. Page modules import this and
//! `flow`, never each other.
use crate::game::xy;
use printkit_definition::lang::Lang;
use printkit_definition::tr;
use printkit_definition::Definition;
use printkit_page::text::TextStyle;
use printkit_page::{Align, Colour, Font, Style};
use printkit_rules::{Cell, Effect, MoveKind, Outcome, Reason};

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
    /// The facts beside a position: the prompt's size, a dark grey.
    pub facts: TextStyle,
}

impl PageStyles {
    pub fn new(s: &Style) -> PageStyles {
        let c = &s.colours;
        PageStyles {
            body: style(Font::Regular, s.fonts.body_pt, c.ink),
            small: style(Font::Regular, s.fonts.small_pt, c.muted),
            heading: style(Font::Bold, s.fonts.subtitle_pt + 1.0, c.ink),
            facts: style(Font::Regular, s.fonts.body_pt, c.facts),
        }
    }
}

/// The heading every sheet of a kit but the rules sheet and the board
/// opens with, in one style: "<game>: <what>" in bold, shrunk to one line
/// for a long title.
pub(crate) fn sheet_title(lang: &Lang, s: &Style, title: &str, what: &str) -> (String, TextStyle) {
    (
        tr!(lang, "kit.sheet_title", title = title, what = what),
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

/// A game end in the words of the stop conditions ("the board is full"),
/// never the engine's keyword; by its loser's name ("red has no capture,
/// and loses") where the family words it so.
pub(crate) fn why(def: &Definition, outcome: Outcome) -> String {
    let reason = outcome.reason;
    let lost = format!("family.{}.lost.{}", def.family().id(), reason.keyword());
    if let Some(winner) = outcome.winner.filter(|_| def.lang.has(&lost)) {
        let [a, b] = def.engine().sides();
        let loser = if winner == a { b } else { a };
        let loser = crate::game::side_name(&def.lang, def.family(), loser);
        return tr!(def.lang, &lost, loser = loser);
    }
    crate::game::stop_conditions(def)
        .into_iter()
        .find(|(r, _)| *r == reason)
        .map(|(_, w)| w)
        .unwrap_or_else(|| reason_word(&def.lang, reason).replace('-', " "))
}

/// What the position after a move means, in plain words: the game goes
/// on, or who won and why (the rules sheet's worked example and the host
/// key say it alike).
pub(crate) fn result_in_words(def: &Definition, o: Option<Outcome>) -> String {
    let family = def.params.family();
    let l = &def.lang;
    match o {
        None => tr!(l, "result.goes_on"),
        Some(o) => match o.winner {
            Some(w) => tr!(
                l,
                "result.wins_because",
                side = capitalise(&crate::game::side_name(l, family, w)),
                why = why(def, o)
            ),
            None => tr!(l, "result.draw_because", why = why(def, o)),
        },
    }
}

/// A game end's keyword in the kit's language ("board-full").
pub(crate) fn reason_word(lang: &Lang, reason: Reason) -> String {
    tr!(lang, &format!("reason.{}", reason.keyword()))
}

/// What a move does, in the game's terms: "clone C3→C4, converts D4".
pub(crate) fn effect_words(lang: &Lang, e: &Effect) -> String {
    let names = |cells: &[Cell]| {
        let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        // The language's comma: "،" in Arabic.
        names.join(&tr!(lang, "list.comma"))
    };
    let kind = |k: MoveKind| tr!(lang, &format!("move.{}", k.word()));
    let mut s = match (e.kind(), e.from, e.to) {
        (MoveKind::Pass, _, _) => kind(MoveKind::Pass),
        (MoveKind::Place, _, Some(to)) => tr!(lang, "effect.place_on", cell = to.to_string()),
        (MoveKind::Chain, Some(from), _) => {
            let mut path = from.to_string();
            for c in &e.path {
                path.push_str(&format!("→{c}"));
            }
            tr!(lang, "effect.chain", path = path)
        }
        (k, Some(from), Some(to)) => tr!(
            lang,
            "effect.from_to",
            kind = kind(k),
            from = from.to_string(),
            to = to.to_string()
        ),
        (k, _, _) => kind(k),
    };
    if !e.converted.is_empty() {
        // A placing move that turns discs over (rather than converting).
        let key = if e.kind() == MoveKind::Place {
            "effect.turns_over"
        } else {
            "effect.converts"
        };
        s.push_str(&tr!(lang, key, cells = names(&e.converted)));
    } else if matches!(e.kind(), MoveKind::Clone | MoveKind::Jump) {
        s.push_str(&tr!(lang, "effect.converts_nothing"));
    }
    if !e.captured.is_empty() {
        s.push_str(&tr!(lang, "effect.captures", cells = names(&e.captured)));
    }
    if !e.kinged.is_empty() {
        s.push_str(&tr!(lang, "effect.kings", cells = names(&e.kinged)));
    }
    s
}

/// The text with its first letter in upper case.
pub(crate) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The level of a generated puzzle's name ("Puzzle 3 · easy" gives
/// "easy"), when `name` is what `printkit puzzles` names position `number`
/// in this language: a key heads it with the name alone, which already
/// holds the number.
pub(crate) fn generated_level(l: &Lang, number: usize, name: &str) -> Option<String> {
    ["easy", "medium", "hard"].into_iter().find_map(|level| {
        let level = tr!(l, &format!("practice.{level}"));
        let generated = tr!(l, "practice.puzzle_name", n = number, level = &level);
        (generated == name).then_some(level)
    })
}

/// How a host key heads practice position `number`: "3. Its name", or a
/// generated puzzle's name alone ("Puzzle 3 · easy").
pub(crate) fn key_heading(l: &Lang, number: usize, name: &str) -> String {
    match generated_level(l, number, name) {
        Some(_) => name.to_string(),
        None => format!("{} {name}", l.list_number(number)),
    }
}
