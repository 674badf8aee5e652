//! Everything printkit knows about a game family besides its rules: what
//! its sides are called, its board, its parameters and their bounds, which
//! numbers of the rules text a parameter controls, how its pieces look, its
//! tokens, its audit sheet, its printed words, how it ends.
//!
//! A family is one module of this crate (`crates/rules/src/<family>.rs`)
//! that implements [`Rules`] (state, moves, outcome), then
//! two descriptions in the order a new family writes them:
//! [`GameFamily`] (its parameters and the positions they allow) and
//! [`FamilyPrint`] (how its kit prints it); and one line in the registry,
//! `registry.rs` (`families!` makes [`Family`](crate::Family),
//! [`Params`](crate::Params), [`Family::ALL`](crate::Family::ALL),
//! [`Family::from_id`](crate::Family::from_id), the built-in games' ids,
//! the family's [`Registered`](crate::Registered) variant and every
//! dispatch from them), beside its module's line in `lib.rs`. The registry
//! sits above this file and the families, so neither names it. Its printed
//! words and its built-in game's definition are printkit's, not the
//! rules': a line in `crates/definition/src/families.rs` names them.
//! A new family writes 13 items, which the compiler lists: [`Rules`]'
//! position and move types, its [`RulesInfo`] and seven methods (read,
//! print and view a position, its outcome and legal moves, print and play
//! a move); [`GameFamily`]'s parameter type and how they make the rules;
//! [`FamilyPrint`]'s look. [`GameFamily`]'s other items default to a game
//! whose pieces are all on the board and which ends when the side to move
//! cannot move. [`FamilyPrint`]'s other items have defaults too (no
//! figures for a rules text, tokens to fill the board, no tray, no facts
//! beside a diagram), so a family prints once its rules are written, and
//! is tuned after. How the solver and the puzzle finder treat a family is
//! the solver's: its module `crates/solve/src/families/<family>.rs`, whose
//! items all have defaults.
pub use crate::counts::{CountName, Counts, TURNS};
pub use crate::game::RulesInfo;
use crate::game::{Reason, Rules};
use crate::geometry::{Cell, Topology};
use crate::view::BoardView;
use std::fmt;

/// What a family's rules are besides play: its parameters, the positions
/// they allow and how a game ends. The first description a new family
/// writes, after its [`Rules`]: its parameter type and how they make its
/// rules are required; the rest has defaults for a family whose pieces are
/// all on the board and whose game ends when the side to move cannot move.
pub trait GameFamily:
    Rules<Position: Send + Sync + 'static> + Send + Sync + 'static + Sized
{
    /// The family's `[parameters]`, defaulting to docs/rules.md.
    type Params: Clone
        + fmt::Debug
        + PartialEq
        + serde::de::DeserializeOwned
        + Default
        + schemars::JsonSchema
        + 'static;
    /// The keys of a position written as a table besides `side` and the
    /// piece symbols: the fields of the text form after the side, by name
    /// ([`Rules::counts`]'s names). None by default.
    const TABLE_FIELDS: &'static [CountName] = &[];
    /// The rules these parameters make.
    fn with_params(params: Self::Params) -> Self;
    /// The turn limit that ends a game, which the audit sheet's rows count
    /// up to; 0 (the default): none.
    fn turn_limit(_params: &Self::Params) -> usize {
        0
    }
    /// The bounds of the parameters on a board of `cells` playable cells,
    /// `width` × `height` (see [`Params::problems`](crate::Params::problems));
    /// none by default.
    fn problems(
        _params: &Self::Params,
        _cells: u32,
        _width: usize,
        _height: usize,
    ) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// Where a parameter the start decides disagrees with the start (see
    /// [`Params::start_problems`](crate::Params::start_problems)); none by
    /// default (no parameter counts what the start holds).
    /// `start`: the start position as the rules read it, seen as `view`.
    fn start_problems(
        _params: &Self::Params,
        _start: &Self::Position,
        _view: &BoardView,
    ) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// The counts of a position given as a table (see
    /// [`Params::fresh_counts`](crate::Params::fresh_counts)): by default
    /// each of [`GameFamily::TABLE_FIELDS`] as the table gives it, else 0.
    fn fresh_counts(_params: &Self::Params, _pieces: usize, fields: &Counts) -> Counts {
        Self::TABLE_FIELDS
            .iter()
            .map(|name| (*name, fields.get(*name).unwrap_or(0)))
            .collect()
    }
    /// The ways a game ends (see [`Params::stop_conditions`](crate::Params::stop_conditions)):
    /// by default when the side to move cannot move, and at the turn limit
    /// if there is one.
    fn stop_conditions(params: &Self::Params) -> Vec<Reason> {
        let mut v = vec![Reason::NoMoves];
        if Self::turn_limit(params) > 0 {
            v.push(Reason::TurnLimit);
        }
        v
    }
    /// The turn counts that fit a position seen as `view` (the game
    /// starting from `start`), by the bounds the rules give, and why (see
    /// [`Params::counter_mistake`](crate::Params::counter_mistake)); `None` (the default): the family's
    /// positions keep no turn counter.
    fn turns_that_fit(
        _params: &Self::Params,
        _start: &BoardView,
        _view: &BoardView,
        _counts: &Counts,
    ) -> Option<TurnsFit> {
        None
    }
}

/// How a family's kit prints it. Only the pieces' look is required; the
/// rest has defaults to tune later.
pub trait FamilyPrint: GameFamily {
    /// How its pieces, board and audit sheet look.
    const LOOK: Look;
    /// The parameters a rules text may name as placeholders, with their
    /// values; none by default.
    fn figures(_params: &Self::Params) -> Vec<(&'static str, u32)> {
        Vec::new()
    }
    /// The tokens of a game with `cells` playable cells. By default, for
    /// each piece without a crown, enough to fill the board, 22 mm a side.
    fn token_sets(_params: &Self::Params, cells: usize) -> Vec<TokenSet> {
        Self::LOOK
            .pieces
            .iter()
            .filter(|p| !p.crowned)
            .map(|p| TokenSet {
                symbol: p.symbol,
                back: None,
                back_crowned: false,
                count: cells,
                spares: 0,
                size_mm: 22.0,
            })
            .collect()
    }
    /// The tray printed below the tokens (see [`Params::tray`](crate::Params::tray)); none (the
    /// default) for a family whose pieces need no place off the board.
    fn tray(_params: &Self::Params) -> Vec<TrayBox> {
        Vec::new()
    }
    /// The figures of [`FamilyPrint::figures`] that are limits, 0 for
    /// none (a text naming such a limit while it is 0 is refused); none by
    /// default.
    const LIMITS: &'static [&'static str] = &[];
    /// How a rules text may count what a figure sets in words ("the 60th
    /// turn"): a literal number there that is not the figure is a
    /// mistake. None by default.
    const COUNTED: &'static [Counted] = &[];
    /// How a practice prompt may state a count of its position in words
    /// ("seven in reserve"), by the names of [`Rules::counts`]; none by
    /// default.
    const STATED: &'static [Counted] = &[];
    /// The facts [`FamilyPrint::position_facts`] may state; none by
    /// default.
    const FACTS: &'static [FactKind] = &[];
    /// What a practice sheet states beside a position's diagram (see
    /// [`Params::position_facts`](crate::Params::position_facts)), each
    /// one of [`FamilyPrint::FACTS`]; `counts`: the position's fields by
    /// name. Nothing by default.
    fn position_facts(
        _params: &Self::Params,
        _counts: &Counts,
        _view: &BoardView,
    ) -> Vec<PositionFact> {
        Vec::new()
    }
}

/// A number in a text that counts what a figure ([`FamilyPrint::figures`])
/// or a position's count ([`Rules::counts`]) holds, in the phrases that
/// say it (English: the words the definition checks texts in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The figure or count the number must equal.
    pub name: &'static str,
    /// What the number counts, for the message ("turns", "prey in
    /// reserve").
    pub what: &'static str,
    /// The phrases, apart by `|`: words, one of them the number, `#` (any),
    /// `#th` (an ordinal: 60th, third), `#n` (a cardinal: 60, eight), or
    /// `#n>4` (a cardinal above 4); a word may be one of several, apart by
    /// `/` ("the/all #n prey").
    pub says: &'static str,
}

/// The turn counts a position's board allows (see
/// [`GameFamily::turns_that_fit`]): why, in the rules' terms, and which
/// counts fit: every count from `least` to `most` (no end when `None`), of
/// one parity where the rules fix it. Declared as bounds rather than a
/// test of each count, so the nearest count that fits is found at once,
/// whatever count a position claims (a file may say 2,147,483,647 turns).
pub struct TurnsFit {
    /// The bounds the rules give, in their terms: what a message says
    /// when a count does not fit.
    pub why: String,
    /// The fewest turns that can have been played.
    pub least: u64,
    /// The most turns that can have been played, where the board bounds
    /// them (the predator game while prey are in reserve: one placed a
    /// prey turn, so the count is exact).
    pub most: Option<u64>,
    /// The remainder every fitting count leaves when divided by 2, where
    /// the rules fix it (who moves after an even number of turns).
    pub parity: Option<u64>,
}

impl TurnsFit {
    /// Whether `turns` fits.
    pub fn fits(&self, turns: u64) -> bool {
        turns >= self.least
            && self.most.is_none_or(|m| turns <= m)
            && self.parity.is_none_or(|p| turns % 2 == p)
    }

    /// The fitting count nearest `turns`, the smaller of two equally near;
    /// `None` when no count fits (the board cannot be reached at all).
    pub fn nearest(&self, turns: u64) -> Option<u64> {
        let high = self.most.unwrap_or(u64::MAX);
        if self.least > high {
            return None;
        }
        let from = turns.clamp(self.least, high);
        if self.fits(from) {
            return Some(from);
        }
        // One off in parity: below when that still fits (nearer or as
        // near, and smaller), else above.
        let below = from.checked_sub(1).filter(|b| self.fits(*b));
        let above = from.checked_add(1).filter(|a| self.fits(*a));
        match (below, above) {
            (Some(b), Some(a)) => Some(if from == turns || from == high { b } else { a }),
            (b, a) => b.or(a),
        }
    }
}

/// Orthogonal steps between two cells of `view`'s board (across the edges
/// on a torus).
pub fn steps_apart(view: &BoardView, a: Cell, b: Cell) -> u64 {
    let along = |x: u8, y: u8, size: usize| {
        let d = u64::from(x.abs_diff(y));
        match view.topology {
            Topology::Torus => d.min(size as u64 - d),
            Topology::Bounded => d,
        }
    };
    along(a.col, b.col, view.width) + along(a.row, b.row, view.height)
}

/// What [`FamilyPrint::LOOK`] says of a family: how its pieces, board and
/// audit sheet look.
#[derive(Debug)]
pub struct Look {
    /// How each piece symbol is drawn.
    pub pieces: &'static [Piece],
    /// Pieces move along rows and columns only: the board draws no
    /// diagonals.
    pub orthogonal_only: bool,
    /// The board is a checkerboard of red and black squares.
    pub checkered: bool,
    /// The audit sheet's fixed columns.
    pub audit: AuditInfo,
}

impl FamilyInfo {
    /// The description of `F`, from its two parts.
    pub const fn of<F: FamilyPrint>() -> FamilyInfo {
        let (rules, look) = (F::INFO, F::LOOK);
        FamilyInfo {
            id: rules.id,
            topology: rules.topology,
            first_mover: rules.first_mover,
            sides: rules.sides,
            table_fields: F::TABLE_FIELDS,
            pieces: look.pieces,
            orthogonal_only: look.orthogonal_only,
            checkered: look.checkered,
            audit: look.audit,
            facts: F::FACTS,
            limits: F::LIMITS,
            counted: F::COUNTED,
            stated: F::STATED,
        }
    }
}

/// A family, described once: its two descriptions together
/// ([`RulesInfo`], [`Look`]), as the rest of printkit reads them.
#[derive(Debug)]
pub struct FamilyInfo {
    /// The id a definition's `family` key names.
    pub id: &'static str,
    /// The board it plays on; a definition's `topology` must agree.
    pub topology: Topology,
    /// Why the start must have the first side to move (said when it does
    /// not).
    pub first_mover: &'static str,
    /// What players call each side, by symbol, in English: the names the
    /// puzzle finder's prompts and a rules text's piece words use. A kit
    /// prints the family's `side` words (`<family>.words.toml`) instead,
    /// these only for a side no language names.
    pub sides: &'static [(char, &'static str)],
    /// The numbers of a position after its side, by name, in the order
    /// its text writes them ([`GameFamily::TABLE_FIELDS`]).
    pub table_fields: &'static [CountName],
    /// How each piece symbol is drawn.
    pub pieces: &'static [Piece],
    /// Pieces move along rows and columns only: the board draws no
    /// diagonals.
    pub orthogonal_only: bool,
    /// The board is a checkerboard of red and black squares.
    pub checkered: bool,
    /// The audit sheet's fixed columns.
    pub audit: AuditInfo,
    /// The facts of a position a practice sheet may state.
    pub facts: &'static [FactKind],
    /// The figures that are limits, 0 for none ([`FamilyPrint::LIMITS`]).
    pub limits: &'static [&'static str],
    /// How a rules text counts what a figure sets ([`FamilyPrint::COUNTED`]).
    pub counted: &'static [Counted],
    /// How a prompt states a position's counts ([`FamilyPrint::STATED`]).
    pub stated: &'static [Counted],
}

/// A fact of a position that the rules use and its diagram cannot show
/// (turns of the limit, the prey in reserve, kings), as numbers: a kit
/// words it with its language's `facts.<key>` message. Each family states
/// its own facts and declares them ([`FamilyPrint::FACTS`]), so a new
/// fact needs its message in the language files and nothing of the kit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionFact {
    /// The message's key under `[facts]` in the language files.
    pub key: &'static str,
    /// The numbers the message shows, by the name of its placeholder.
    pub numbers: Vec<(&'static str, FactNumber)>,
}

/// How a fact's message shows one of its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FactNumber {
    /// A count: "3 turns".
    Count(u64),
    /// A place in order: "the 40th turn".
    Ordinal(u64),
}

/// A fact a family may state: its key and the names of its numbers (what
/// the language files' `facts.<key>` message may show).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FactKind {
    /// The message's key under `[facts]`.
    pub key: &'static str,
    /// The names of the numbers it is given.
    pub numbers: &'static [&'static str],
}

impl FactKind {
    /// This fact of a position: its `numbers` in the order of
    /// [`FactKind::numbers`], named by them.
    pub fn stated(&self, numbers: &[FactNumber]) -> PositionFact {
        debug_assert_eq!(numbers.len(), self.numbers.len(), "{}", self.key);
        PositionFact {
            key: self.key,
            numbers: self
                .numbers
                .iter()
                .copied()
                .zip(numbers.iter().copied())
                .collect(),
        }
    }
}

/// The tone of a piece (the kit maps it to colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A light piece (`W`; Freeze's red).
    Light,
    /// A dark piece (`B`; Freeze's black).
    Dark,
    /// A piece that stands out from both sides (the predator).
    Accent,
}

/// How a piece symbol looks on boards and tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The piece's letter in position text.
    pub symbol: char,
    /// How the piece is coloured.
    pub tone: Tone,
    /// Printed on the piece on the board, in diagrams and on its token (a
    /// king has a crown drawn above it, so a stack of two is recognisable).
    pub label: &'static str,
    /// A king: drawn with a crown.
    pub crowned: bool,
}

impl Piece {
    /// A piece drawn without a crown.
    pub const fn plain(symbol: char, tone: Tone, label: &'static str) -> Piece {
        Piece {
            symbol,
            tone,
            label,
            crowned: false,
        }
    }

    /// A king: drawn with a crown.
    pub const fn king(symbol: char, tone: Tone, label: &'static str) -> Piece {
        Piece {
            symbol,
            tone,
            label,
            crowned: true,
        }
    }
}

/// The audit sheet's fixed columns: how wide each is at least. Their
/// words (the columns' titles, the note on what a row holds, the closing
/// box's score line) are the family's `audit` words
/// (`[<code>.family.<id>.audit]` in `<family>.words.toml`: `turn`, `side`,
/// `note`, `score`); a column widens when its title needs more room.
#[derive(Debug)]
pub struct AuditInfo {
    /// The first column, in mm: the turn number, prefilled.
    pub turn_mm: f64,
    /// A column for the side that moves (mm), prefilled, when a row is one
    /// side's turn.
    pub side_mm: Option<f64>,
    /// Every turn but a pass fills one empty cell, and a pass is always
    /// followed by a placement: no game lasts more than twice the start's
    /// empty cells, and no audit row is printed beyond.
    pub fills_a_cell_a_turn: bool,
}

impl FamilyInfo {
    /// What players call a side: "black" rather than `b`.
    pub fn side_name(&self, symbol: char) -> String {
        match self.sides.iter().find(|(s, _)| *s == symbol) {
            Some((_, name)) => name.to_string(),
            None => symbol.to_string(),
        }
    }

    /// A side's name at the start of a sentence: "Black".
    pub fn side_title(&self, symbol: char) -> String {
        let name = self.side_name(symbol);
        let mut chars = name.chars();
        chars
            .next()
            .map(|f| f.to_uppercase().collect::<String>() + chars.as_str())
            .unwrap_or_default()
    }

    fn piece(&self, symbol: char) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.symbol == symbol)
    }

    /// How a piece is toned; a symbol the family does not have is light.
    pub fn tone(&self, symbol: char) -> Tone {
        self.piece(symbol).map_or(Tone::Light, |p| p.tone)
    }

    /// Whether a piece is a king (drawn with a crown).
    pub fn crowned(&self, symbol: char) -> bool {
        self.piece(symbol).is_some_and(|p| p.crowned)
    }

    /// The label printed on a piece in diagrams.
    pub fn piece_label(&self, symbol: char) -> String {
        self.piece(symbol)
            .map_or_else(|| symbol.to_string(), |p| p.label.to_string())
    }
}

/// "1 move", "3 moves".
pub fn moves_word(n: u32) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// "3 moves (2 by White, 1 by Black)": the plies of a line that starts
/// with `first`'s move, counted for each player: how the host key and the
/// puzzles' prompts say a line's length to people.
pub fn moves_of_each(plies: u32, first: &str, second: &str) -> String {
    let mine = plies.div_ceil(2);
    let theirs = plies / 2;
    match plies {
        0 | 1 => moves_word(plies),
        _ if mine == theirs => format!("{} ({mine} each)", moves_word(plies)),
        _ => format!(
            "{} ({mine} by {first}, {theirs} by {second})",
            moves_word(plies)
        ),
    }
}

/// The largest turn limit (0 is no limit): an audit sheet past 200 rows
/// continues on a new sheet anyway.
pub const MAX_TURN_LIMIT: u32 = 500;

/// The most prey a kit prints tokens for.
pub const MAX_PREY: u32 = 1000;

/// One kind of token and how many the kit has. What a kit calls it is the
/// family's `tokens` word for its symbol (`<family>.words.toml`).
#[derive(Clone, Debug, PartialEq)]
pub struct TokenSet {
    /// The symbol on the front.
    pub symbol: char,
    /// The symbol on the back of a fold-over pair, if any.
    pub back: Option<char>,
    /// The back is the front crowned (a Freeze king), not another side.
    pub back_crowned: bool,
    /// As many as the rules supply.
    pub count: usize,
    /// Extra tokens for losses.
    pub spares: usize,
    /// Side of a token in mm (at most; never larger than a cell).
    pub size_mm: f64,
}

/// One box of a tray: a token-sized circle for each piece that waits off
/// the board in one place (the predator game's prey in reserve, its
/// captured prey). What it says is the family's `tray` words
/// (`<family>.words.toml`): `tray.<key>` its title and `tray.<key>_note`
/// what goes there (given `n`, the circles, and `nth`, the last one's
/// ordinal).
#[derive(Clone, Debug, PartialEq)]
pub struct TrayBox {
    /// The box's name in the `tray` words (`tray.<key>`).
    pub key: &'static str,
    /// How many circles, each the size of a token.
    pub spots: usize,
    /// The circles fill one by one, numbered, and filling the last ends
    /// the game: it is marked, with the words `tray.<key>_last`.
    pub counted: bool,
}

/// How many pieces of `symbols` stand on the board.
pub fn count_pieces(view: &BoardView, symbols: &[char]) -> u32 {
    view.pieces
        .iter()
        .filter(|(_, p)| symbols.contains(p))
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A family written as a new one starts: its rules (the clone game's,
    /// passed through) with the required items alone, its parameters, and
    /// how its pieces look. It compiles, and prints and is searched on the
    /// defaults.
    mod bare {
        use crate::clone_convert::{CloneConvert, Move, Params, Position};
        use crate::family::{FamilyPrint, GameFamily, Look, RulesInfo};
        use crate::{BoardView, Effect, Outcome, PositionError, Rules};

        #[derive(Clone, Debug)]
        pub struct Bare(pub CloneConvert);

        impl Rules for Bare {
            type Position = Position;
            type Move = Move;
            const INFO: RulesInfo = <CloneConvert as Rules>::INFO;
            fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
                self.0.parse_position(text)
            }
            fn print_position(&self, pos: &Position) -> String {
                self.0.print_position(pos)
            }
            fn view(&self, pos: &Position) -> BoardView {
                self.0.view(pos)
            }
            fn outcome(&self, pos: &Position) -> Option<Outcome> {
                self.0.outcome(pos)
            }
            fn legal_moves(&self, pos: &Position) -> Vec<Move> {
                self.0.legal_moves(pos)
            }
            fn print_move(&self, pos: &Position, mv: &Move) -> String {
                self.0.print_move(pos, mv)
            }
            fn play(&self, pos: &Position, mv: &Move) -> (Position, Effect) {
                self.0.play(pos, mv)
            }
        }

        impl GameFamily for Bare {
            type Params = Params;
            fn with_params(params: Params) -> Self {
                Bare(CloneConvert::with_params(params))
            }
        }

        impl FamilyPrint for Bare {
            const LOOK: Look = <CloneConvert as FamilyPrint>::LOOK;
        }
    }

    #[test]
    fn a_family_with_its_rules_and_its_look_alone_prints_on_the_defaults() {
        use crate::{MoveError, Reason, Rules};
        use bare::Bare;
        let p = crate::clone_convert::Params::default();
        // Tokens: each piece without a crown (W, B), enough to fill the
        // board, one-sided.
        let tokens = Bare::token_sets(&p, 25);
        let shown: Vec<(char, Option<char>, usize, usize)> = tokens
            .iter()
            .map(|t| (t.symbol, t.back, t.count, t.spares))
            .collect();
        assert_eq!(shown, [('W', None, 25, 0), ('B', None, 25, 0)]);
        assert!(Bare::tray(&p).is_empty() && Bare::figures(&p).is_empty());
        let rules = Bare::with_params(p.clone());
        // Its sides and start are its description's.
        assert_eq!(rules.sides(), ['W', 'B']);
        assert_eq!(rules.default_start(), "B3W/5/5/5/W3B W 0");
        let start = rules.parse_position(rules.default_start()).unwrap();
        let view = rules.view(&start);
        assert!(rules.counts(&start).is_empty());
        assert!(Bare::position_facts(&p, &rules.counts(&start), &view).is_empty());
        // Its parameters have no bounds, no start problems, no turn limit;
        // a game ends when the side to move cannot move.
        assert!(Bare::problems(&p, 25, 5, 5).is_empty());
        assert!(Bare::start_problems(&p, &start, &view).is_empty());
        assert_eq!(Bare::turn_limit(&p), 0);
        assert_eq!(Bare::stop_conditions(&p), [Reason::NoMoves]);
        assert!(Bare::fresh_counts(&p, 4, &Counts::new().with(TURNS, 3)).is_empty());
        // Perft by playing every move: the clone game's own fast count.
        let clone = crate::clone_convert::CloneConvert::with_params(p.clone());
        for depth in 0..=3 {
            assert_eq!(rules.perft(&start, depth), clone.perft(&start, depth));
        }
        // A move reads when it is a legal move's text, and only then.
        let first = rules.legal_moves(&start).remove(0);
        let text = rules.print_move(&start, &first);
        assert_eq!(rules.parse_move(&start, &text), Ok(first));
        let refused = rules.parse_move(&start, "A1-E5");
        assert!(
            matches!(refused, Err(MoveError::Syntax { ref found, .. }) if found == "A1-E5"),
            "{refused:?}"
        );
        assert!(clone.parse_move(&start, "A1-E5").is_err());
        let info = FamilyInfo::of::<Bare>();
        assert_eq!(info.id, "clone-convert");
        let own = crate::Family::CloneConvert.info();
        assert_eq!(own.pieces.len(), info.pieces.len());
    }

    /// The default table counts are the declared fields, each as a table
    /// gives it or 0.
    #[test]
    fn default_fresh_counts_follow_the_table_fields() {
        use crate::clone_convert::{CloneConvert, Params};
        let p = Params::default();
        let none = Counts::new();
        assert_eq!(CloneConvert::fresh_counts(&p, 4, &none).turns(), Some(0));
        let seven = Counts::new().with(TURNS, 7);
        assert_eq!(CloneConvert::fresh_counts(&p, 4, &seven), seven);
    }

    /// The nearest fitting count is the one a scan of every count would
    /// find (nearest first, then the smaller), for every bound and parity.
    #[test]
    fn the_nearest_turn_count_is_the_scans() {
        for least in 0..12 {
            for parity in [None, Some(0), Some(1)] {
                for most in [None, Some(least), Some(least + 1), Some(least + 5)] {
                    let fit = TurnsFit {
                        why: String::new(),
                        least,
                        most,
                        parity,
                    };
                    for turns in 0..40 {
                        let scanned = (0..=turns.max(least) + 4)
                            .filter(|t| fit.fits(*t))
                            .min_by_key(|t| (t.abs_diff(turns), *t));
                        assert_eq!(
                            fit.nearest(turns),
                            scanned,
                            "{least} {most:?} {parity:?} {turns}"
                        );
                    }
                }
            }
        }
        let odd = TurnsFit {
            why: String::new(),
            least: 20,
            most: None,
            parity: Some(0),
        };
        assert_eq!(odd.nearest(u64::MAX), Some(u64::MAX - 1));
    }
}
