//! Positions written as notation or as a table of side → cells: the
//! notation read by the engine, a table set up on the game's board (no
//! notation written for it) with every mistake located.
use super::diagnostics::Reporter;
use crate::parts::Board;
use printkit_rules::notation::symbol_list;
use printkit_rules::{
    AnyPosition, BoardView, Cell, CountName, Counts, Engine, Params, PositionError, TURNS,
};
use std::ops::Range;
use toml::Spanned;

pub(super) fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut v = cells.to_vec();
    v.sort_by_key(|c| (c.row, c.col));
    v.dedup();
    v
}

/// No turn count fits a table's board (see [`Given::fill_counters`]).
#[derive(Debug, thiserror::Error)]
#[error("no turn count fits this position: {why}")]
pub(super) struct NoTurnCount {
    /// The bounds the rules set, in their words.
    why: String,
}

/// A position as a file gives it.
pub(super) enum Given {
    /// In the family's notation.
    Text(String),
    /// A table's pieces and side on the board, with the counts a fresh
    /// game would have where the table names none.
    Table {
        /// The board, its pieces and the side to move.
        view: BoardView,
        /// The numbers besides the board, by name.
        counts: Counts,
        /// The counters the table leaves out (a fresh game's so far; see
        /// [`Given::fill_counters`]).
        left_out: Vec<CountName>,
    },
}

impl Given {
    /// The engine's position, validated as the rules validate any.
    pub(super) fn load(&self, engine: &dyn Engine) -> Result<AnyPosition, PositionError> {
        match self {
            Given::Text(text) => engine.load(text),
            Given::Table { view, counts, .. } => engine.setup(view, counts),
        }
    }

    /// A table that leaves its turn count out takes the nearest count the
    /// board allows (from 0: the fewest turns that reach it), `start`
    /// being the game's start; the counters left out, for the facts a
    /// sheet prints. `Err`: no count fits the board at all.
    pub(super) fn fill_counters(
        &mut self,
        params: &Params,
        start: Option<&BoardView>,
    ) -> Result<Vec<CountName>, NoTurnCount> {
        let Given::Table {
            view,
            counts,
            left_out,
        } = self
        else {
            return Ok(Vec::new());
        };
        let fit = start.and_then(|s| params.turns_fit(s, view, counts));
        if let (Some(fit), true) = (fit, left_out.contains(&TURNS)) {
            let Some(n) = fit.nearest(0) else {
                return Err(NoTurnCount { why: fit.why });
            };
            counts.set(TURNS, n);
        }
        Ok(left_out.clone())
    }

    /// Whether the position was written as a table.
    pub(super) fn is_table(&self) -> bool {
        matches!(self, Given::Table { .. })
    }

    /// How a message names the position: its text, shortened (a table is
    /// pointed at, not quoted).
    pub(super) fn quoted(&self) -> String {
        match self {
            Given::Text(text) => format!(" `{}`", printkit_files::echo::shorten(text, 60)),
            Given::Table { .. } => String::new(),
        }
    }
}

/// A position given as a notation string or as a table
/// `{ side = "W", W = ["A1", ...], B = [...] }` on the definition's board.
pub(super) fn given_position(
    rep: &mut Reporter,
    params: &Params,
    engine: &dyn Engine,
    board: &Board,
    value: &Spanned<toml::Value>,
) -> Option<Given> {
    match value.get_ref() {
        toml::Value::String(s) => Some(Given::Text(s.clone())),
        toml::Value::Table(t) => table_position(rep, params, engine, board, value.span(), t),
        _ => {
            rep.error(
                value.span(),
                "a position is a notation string or a table of side → cells",
            );
            None
        }
    }
}

/// A position given as a table (at `span`): `side`, the family's counters
/// and a list of cells a piece symbol.
fn table_position(
    rep: &mut Reporter,
    params: &Params,
    engine: &dyn Engine,
    board: &Board,
    span: Range<usize>,
    table: &toml::Table,
) -> Option<Given> {
    let sides = engine.sides();
    let symbols: Vec<char> = params.info().pieces.iter().map(|p| p.symbol).collect();
    let mut squares: Vec<Option<char>> = vec![None; board.width * board.height];
    let mut side = None;
    let mut ok = true;
    let mut fields = Counts::new();
    for (key, v) in table {
        if let Some(name) = params.table_fields().iter().find(|f| f.as_str() == key) {
            match v.as_integer().filter(|n| *n >= 0) {
                Some(n) => fields = fields.with(*name, n as u64),
                None => {
                    let at = key_span(rep, span.clone(), key);
                    rep.error(
                        at,
                        format!("`{key}` is a count: 0 or more, such as `{key} = 3`"),
                    );
                    ok = false;
                }
            }
            continue;
        }
        if key == "side" {
            match side_symbol(v, sides) {
                Ok(symbol) => side = Some(symbol),
                Err(why) => {
                    rep.error(key_span(rep, span.clone(), key), why.to_string());
                    ok = false;
                }
            }
            continue;
        }
        let symbol = key.chars().next().filter(|_| key.chars().count() == 1);
        let Some(symbol) = symbol.filter(|c| symbols.contains(c)) else {
            let mut keys = vec!["`side`".to_string()];
            keys.extend(params.table_fields().iter().map(|f| format!("`{f}`")));
            rep.error(
                key_span(rep, span.clone(), key),
                format!(
                    "`{key}` is not a piece symbol: keys are {} and a piece symbol, {}",
                    keys.join(", "),
                    symbol_list(&symbols)
                ),
            );
            ok = false;
            continue;
        };
        let Some(list) = v.as_array() else {
            rep.error(
                key_span(rep, span.clone(), key),
                format!("`{key}` must be a list of cells such as [\"A1\", \"E5\"]"),
            );
            ok = false;
            continue;
        };
        ok &= place_pieces(rep, board, span.clone(), symbol, list, &mut squares);
    }
    if !ok {
        return None;
    }
    let pieces: Vec<(Cell, char)> = squares
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((Cell::new(i % board.width, i / board.width), (*p)?)))
        .collect();
    // The counts besides the board: a fresh game's where the table names
    // none, the turn count then made to fit (see `Given::fill_counters`).
    let counts = params.fresh_counts(pieces.len(), &fields);
    let left_out: Vec<CountName> = counts
        .iter()
        .map(|(name, _)| name)
        .filter(|name| fields.get(*name).is_none())
        .collect();
    let view = BoardView {
        width: board.width,
        height: board.height,
        topology: board.topology,
        holes: sorted(&board.holes),
        pieces,
        side_to_move: side.unwrap_or(sides[0]),
    };
    Some(Given::Table {
        view,
        counts,
        left_out,
    })
}

/// What is wrong with a table's `side`.
#[derive(Debug, thiserror::Error)]
enum SideError {
    /// Not a string.
    #[error("`side` must be a string such as \"W\"")]
    NotText,
    /// A string, but not one side's symbol.
    #[error("`side` is `{text}`: expected the symbol of the side to move, {}", symbol_list(.sides))]
    NotASide {
        /// What `side` says.
        text: String,
        /// The two sides' symbols.
        sides: [char; 2],
    },
}

/// The side to move a table's `side` names, or what is wrong with it.
fn side_symbol(value: &toml::Value, sides: [char; 2]) -> Result<char, SideError> {
    let Some(text) = value.as_str() else {
        return Err(SideError::NotText);
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(symbol), None) if sides.contains(&symbol) => Ok(symbol),
        _ => Err(SideError::NotASide {
            text: text.to_string(),
            sides,
        }),
    }
}

/// Puts `symbol` on each cell of `list` in `squares`; false (with the
/// mistakes reported) when a cell is unreadable, off the board, a hole or
/// already taken.
fn place_pieces(
    rep: &mut Reporter,
    board: &Board,
    span: Range<usize>,
    symbol: char,
    list: &[toml::Value],
    squares: &mut [Option<char>],
) -> bool {
    let mut ok = true;
    for cell in list {
        let name = cell.as_str().unwrap_or("");
        match Cell::parse(name) {
            Ok(c) if (c.col as usize) < board.width && (c.row as usize) < board.height => {
                let i = c.row as usize * board.width + c.col as usize;
                if board.holes.contains(&c) {
                    let at = span_of(rep, span.clone(), name, false);
                    rep.error(at, format!("{c} is a hole: no piece can stand on it"));
                    ok = false;
                } else if let Some(other) = squares[i] {
                    let at = span_of(rep, span.clone(), name, true);
                    rep.error(
                        at,
                        format!("{c} holds two pieces: `{other}` and `{symbol}`"),
                    );
                    ok = false;
                }
                squares[i] = Some(symbol);
            }
            Ok(c) => {
                let at = span_of(rep, span.clone(), name, false);
                rep.error(
                    at,
                    format!(
                        "{c} is off the board: it has columns A to {} and rows 1 to {}",
                        (b'A' + board.width as u8 - 1) as char,
                        board.height
                    ),
                );
                ok = false;
            }
            Err(e) => {
                let at = span_of(rep, span.clone(), name, false);
                rep.error(at, e.to_string());
                ok = false;
            }
        }
    }
    ok
}

/// The span of `"needle"` inside `within`, or `within` itself: points a
/// message at the offending cell of a table.
pub(super) fn span_of(
    rep: &Reporter,
    within: Range<usize>,
    needle: &str,
    last: bool,
) -> Range<usize> {
    let quoted = format!("\"{needle}\"");
    rep.source
        .get(within.clone())
        .and_then(|s| {
            if last {
                s.rfind(&quoted)
            } else {
                s.find(&quoted)
            }
        })
        .map(|i| within.start + i..within.start + i + quoted.len())
        .unwrap_or(within)
}

/// The span of the key `key` (at the start of a line) inside `within`, or
/// `within` itself.
pub(super) fn key_span(rep: &Reporter, within: Range<usize>, key: &str) -> Range<usize> {
    let Some(text) = rep.source.get(within.clone()) else {
        return within;
    };
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(rest) = trimmed.strip_prefix(key) {
            if rest.trim_start().starts_with('=') {
                let start = within.start + offset + indent;
                return start..start + key.len();
            }
        }
        offset += line.len();
    }
    within
}

/// Cells in words: "nothing", "B2", "B2 and C3", "B2, C3 and D4".
pub(crate) fn names(cells: &[Cell]) -> String {
    if cells.is_empty() {
        return "nothing".to_string();
    }
    let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    match v.len() {
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}
