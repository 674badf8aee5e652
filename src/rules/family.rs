//! Everything printkit knows about a game family besides its rules: what
//! its sides are called, its board, its parameters, how its pieces look,
//! its tokens, its audit sheet, how it ends in words, the solver's budget.
//!
//! The definition, the kit, the solver and the command line read a family
//! here, so this file holds the only `match` on [`Family`] and [`Params`];
//! each is exhaustive, so a new family must be described here in full and
//! never silently borrows another family's behaviour. The rules themselves
//! (positions, moves, perft) live in the family's own module.
use super::{bracket_flip, clone_convert, freeze, predator_prey, EngineRules, Reason, Topology};
use std::fmt;

/// The rules families printkit knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    CloneConvert,
    PredatorPrey,
    Freeze,
    BracketFlip,
}

/// A family, described once.
#[derive(Debug)]
pub struct FamilyInfo {
    /// The id a definition's `family` key names.
    pub id: &'static str,
    /// The board it plays on; a definition's `topology` must agree.
    pub topology: Topology,
    /// The keys of a definition's `[parameters]` table.
    pub parameter_keys: &'static [&'static str],
    /// Why the start must have the first side to move (said when it does
    /// not).
    pub first_mover: &'static str,
    /// What players call each side, by symbol.
    pub sides: &'static [(char, &'static str)],
    /// How each piece symbol is drawn.
    pub pieces: &'static [Piece],
    /// Pieces move along rows and columns only: the board draws no
    /// diagonals.
    pub orthogonal_only: bool,
    /// The board is a checkerboard of red and black squares.
    pub checkered: bool,
    pub audit: AuditInfo,
    /// Positions the host key's solver may visit for one practice position:
    /// a few milliseconds of a build each. A Freeze position costs many
    /// times more to search (chains and their kinging sets), so it gets a
    /// tenth of the budget; its quick wins are found within it all the same.
    pub key_budget: u64,
    /// Nanoseconds the reference machine (2 cores, the project's CI) takes
    /// to search one position of the family, release build (`printkit
    /// solve`; see the README): what a position costs of a run's search
    /// budget.
    pub search_ns: u64,
}

/// The tone of a piece (the kit maps it to colours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Light,
    Dark,
    Accent,
}

/// How a piece symbol looks on boards and tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub symbol: char,
    pub tone: Tone,
    /// Printed on the piece on the board, in diagrams and on its token (a
    /// king has a crown drawn above it, so a stack of two is recognisable).
    pub label: &'static str,
    /// A king: drawn with a crown.
    pub crowned: bool,
}

impl Piece {
    const fn plain(symbol: char, tone: Tone, label: &'static str) -> Piece {
        Piece {
            symbol,
            tone,
            label,
            crowned: false,
        }
    }

    const fn king(symbol: char, tone: Tone, label: &'static str) -> Piece {
        Piece {
            symbol,
            tone,
            label,
            crowned: true,
        }
    }
}

/// The audit sheet's fixed columns and note.
#[derive(Debug)]
pub struct AuditInfo {
    /// The first column (title, width in mm): the turn number, prefilled.
    pub turn_column: (&'static str, f64),
    /// A column for the side that moves, prefilled, when a row is one
    /// side's turn.
    pub side_column: Option<(&'static str, f64)>,
    /// What a row holds.
    pub note: &'static str,
}

const CLONE_CONVERT: FamilyInfo = FamilyInfo {
    id: "clone-convert",
    topology: Topology::Bounded,
    parameter_keys: &["first", "turn_limit"],
    first_mover: "set by `first` in [parameters]",
    sides: &[('W', "W"), ('B', "B")],
    pieces: &[
        Piece::plain('W', Tone::Light, "W"),
        Piece::plain('B', Tone::Dark, "B"),
    ],
    orthogonal_only: false,
    checkered: false,
    audit: AuditInfo {
        turn_column: ("Turn", 11.0),
        side_column: Some(("Side", 10.0)),
        note: "One row a turn, a pass included. Tick Clone (the source stays) or Jump (the source is emptied).",
    },
    key_budget: 50_000,
    search_ns: 250,
};

const PREDATOR_PREY: FamilyInfo = FamilyInfo {
    id: "predator-prey",
    topology: Topology::Bounded,
    parameter_keys: &["capture_target", "predator_turn_limit", "prey"],
    first_mover: "prey always moves first",
    sides: &[('o', "prey"), ('P', "the predator")],
    pieces: &[
        Piece::plain('P', Tone::Accent, "P"),
        Piece::plain('o', Tone::Light, "o"),
    ],
    orthogonal_only: true,
    checkered: false,
    audit: AuditInfo {
        turn_column: ("Predator turn", 16.0),
        side_column: None,
        note: "One row a predator turn: first the prey's action, then the predator's.",
    },
    key_budget: 50_000,
    search_ns: 200,
};

const FREEZE: FamilyInfo = FamilyInfo {
    id: "freeze",
    topology: Topology::Torus,
    parameter_keys: &["supply", "first"],
    first_mover: "set by `first` in [parameters]",
    sides: &[('b', "black"), ('r', "red")],
    pieces: &[
        Piece::plain('b', Tone::Dark, "b"),
        Piece::king('B', Tone::Dark, "b"),
        Piece::plain('r', Tone::Light, "r"),
        Piece::king('R', Tone::Light, "r"),
    ],
    orthogonal_only: false,
    checkered: true,
    audit: AuditInfo {
        turn_column: ("Turn", 11.0),
        side_column: Some(("Side", 10.0)),
        note: "One row a turn: the chain of jumps, what it captured and the kings made (or pass).",
    },
    key_budget: 5_000,
    search_ns: 4_000,
};

const BRACKET_FLIP: FamilyInfo = FamilyInfo {
    id: "bracket-flip",
    topology: Topology::Bounded,
    parameter_keys: &["first"],
    first_mover: "set by `first` in [parameters]",
    sides: &[('B', "B"), ('W', "W")],
    pieces: &[
        Piece::plain('B', Tone::Dark, "B"),
        Piece::plain('W', Tone::Light, "W"),
    ],
    orthogonal_only: false,
    checkered: false,
    audit: AuditInfo {
        turn_column: ("Turn", 11.0),
        side_column: Some(("Side", 10.0)),
        note: "One row a turn, a pass included: the cell played, how many discs it turned, then both players' disc counts after it.",
    },
    key_budget: 50_000,
    search_ns: 250,
};

impl Family {
    pub const ALL: [Family; 4] = [
        Family::CloneConvert,
        Family::PredatorPrey,
        Family::Freeze,
        Family::BracketFlip,
    ];

    pub fn info(self) -> &'static FamilyInfo {
        match self {
            Family::CloneConvert => &CLONE_CONVERT,
            Family::PredatorPrey => &PREDATOR_PREY,
            Family::Freeze => &FREEZE,
            Family::BracketFlip => &BRACKET_FLIP,
        }
    }

    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The family a definition's `family` key names.
    pub fn from_id(id: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.id() == id)
    }

    /// Runs `with` on the family's parameter type: how a definition reads
    /// `[parameters]` (typed, so its errors are located) without naming a
    /// family.
    pub fn with_params_type<W: WithParamsType>(self, with: W) -> W::Output {
        match self {
            Family::CloneConvert => with.with(Params::CloneConvert),
            Family::PredatorPrey => with.with(Params::PredatorPrey),
            Family::Freeze => with.with(Params::Freeze),
            Family::BracketFlip => with.with(Params::BracketFlip),
        }
    }

    /// The closing line of the audit sheet: what to write down at the end.
    pub fn audit_score(self, sides: [char; 2]) -> String {
        match self {
            Family::CloneConvert => format!(
                "Final count: {} ______   {} ______      Winner ____________   (equal counts: a draw)",
                sides[0], sides[1]
            ),
            Family::PredatorPrey => {
                "Prey taken ______   Predator turns played ______      Winner ____________"
                    .to_string()
            }
            Family::Freeze => {
                "Winner ____________   (the player who could not capture loses)".to_string()
            }
            Family::BracketFlip => format!(
                "Final count: {} ______   {} ______      Winner ____________   (equal counts: a draw)",
                sides[0], sides[1]
            ),
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
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

/// Something to do with a family's parameter type, whichever it is.
pub trait WithParamsType {
    type Output;
    fn with<P: serde::de::DeserializeOwned + Default + schemars::JsonSchema>(
        self,
        wrap: fn(P) -> Params,
    ) -> Self::Output;
}

/// Something to do with a family's typed rules, whichever they are.
pub trait WithRules {
    type Output;
    fn with<R: EngineRules>(self, rules: R) -> Self::Output;
}

/// The parameters of a family, each defaulting to docs/rules.md.
#[derive(Clone, Debug, PartialEq)]
pub enum Params {
    CloneConvert(clone_convert::Params),
    PredatorPrey(predator_prey::Params),
    Freeze(freeze::Params),
    BracketFlip(bracket_flip::Params),
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

/// `60` → "60th".
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The largest turn limit (0 is no limit): an audit sheet past 200 rows
/// continues on a new sheet anyway.
pub const MAX_TURN_LIMIT: u32 = 500;

/// The most prey a kit prints tokens for.
pub const MAX_PREY: u32 = 1000;

/// One kind of token and how many the kit has.
#[derive(Clone, Debug, PartialEq)]
pub struct TokenSet {
    /// The symbol on the front.
    pub symbol: char,
    /// The symbol on the back of a fold-over pair, if any.
    pub back: Option<char>,
    /// The back is the front crowned (a Freeze king), not another side.
    pub back_crowned: bool,
    pub name: &'static str,
    /// As many as the rules supply.
    pub count: usize,
    /// Extra tokens for losses.
    pub spares: usize,
    /// Side of a token in mm (at most; never larger than a cell).
    pub size_mm: f64,
}

impl Params {
    pub fn defaults(family: Family) -> Params {
        family.with_params_type(Defaults)
    }

    pub fn family(&self) -> Family {
        match self {
            Params::CloneConvert(_) => Family::CloneConvert,
            Params::PredatorPrey(_) => Family::PredatorPrey,
            Params::Freeze(_) => Family::Freeze,
            Params::BracketFlip(_) => Family::BracketFlip,
        }
    }

    pub fn info(&self) -> &'static FamilyInfo {
        self.family().info()
    }

    /// Runs `with` on these parameters' typed rules: the one place a
    /// family's parameters become its rules.
    pub fn with_rules<W: WithRules>(&self, with: W) -> W::Output {
        match self {
            Params::CloneConvert(p) => with.with(clone_convert::CloneConvert::new(p.clone())),
            Params::PredatorPrey(p) => with.with(predator_prey::PredatorPrey::new(p.clone())),
            Params::Freeze(p) => with.with(freeze::Freeze::new(p.clone())),
            Params::BracketFlip(p) => with.with(bracket_flip::BracketFlip::new(p.clone())),
        }
    }

    /// The turn limit the audit sheet's rows count up to (predator turns in
    /// the predator game); 0: none.
    pub fn turn_limit(&self) -> usize {
        match self {
            Params::CloneConvert(p) => p.turn_limit as usize,
            Params::PredatorPrey(p) => p.predator_turn_limit as usize,
            Params::Freeze(_) | Params::BracketFlip(_) => 0,
        }
    }

    /// What is wrong with these parameters on a board of `cells` playable
    /// cells, `width` × `height`: values that make the game empty or
    /// unwinnable, or its kit unbounded; each with its key.
    pub fn problems(&self, cells: u32, width: usize, height: usize) -> Vec<(&'static str, String)> {
        let mut problems = Vec::new();
        match self {
            Params::CloneConvert(p) => {
                if p.turn_limit > MAX_TURN_LIMIT {
                    problems.push((
                        "turn_limit",
                        format!(
                            "`turn_limit` is at most {MAX_TURN_LIMIT} (0 for no limit), found {}",
                            p.turn_limit
                        ),
                    ));
                }
            }
            Params::PredatorPrey(p) => {
                // The predator takes one cell; every prey needs another.
                let room = cells.saturating_sub(1).min(MAX_PREY);
                if p.prey == 0 {
                    problems.push((
                        "prey",
                        "`prey` is 0: the predator has nothing to hunt and prey has nothing to play with".to_string(),
                    ));
                } else if p.prey > room {
                    let why = if room == MAX_PREY {
                        format!("a kit has at most {MAX_PREY} prey")
                    } else {
                        format!("the board has {cells} cells, one of them for the predator")
                    };
                    problems.push((
                        "prey",
                        format!("`prey` is at most {room} ({why}), found {}", p.prey),
                    ));
                }
                if p.capture_target == 0 {
                    problems.push((
                        "capture_target",
                        "`capture_target` is 0: the predator would win before the first move; it is 1 or more".to_string(),
                    ));
                } else if p.capture_target > p.prey && p.prey > 0 {
                    problems.push((
                        "capture_target",
                        format!(
                            "`capture_target` is {} but there are only {} prey: the predator could never win",
                            p.capture_target, p.prey
                        ),
                    ));
                }
                if p.predator_turn_limit > MAX_TURN_LIMIT {
                    problems.push((
                        "predator_turn_limit",
                        format!(
                            "`predator_turn_limit` is at most {MAX_TURN_LIMIT} (0 for no limit), found {}",
                            p.predator_turn_limit
                        ),
                    ));
                }
            }
            Params::Freeze(p) => {
                // A colour's checkers stand on the other colour's squares only.
                let room = (width * height / 2) as u32;
                if p.supply == 0 {
                    problems.push((
                        "supply",
                        "`supply` is 0: each player needs checkers to play".to_string(),
                    ));
                } else if p.supply > room {
                    problems.push((
                        "supply",
                        format!(
                            "`supply` is at most {room} (the squares of one colour on the {}×{} board), found {}",
                            width, height, p.supply
                        ),
                    ));
                }
            }
            // Every value of `first` is a side; the board size is checked
            // with the start position (4 to 26 cells a side).
            Params::BracketFlip(_) => {}
        }
        problems
    }

    /// The parameters a rules text may name as placeholders, with their
    /// values.
    pub fn figures(&self) -> Vec<(&'static str, u32)> {
        match self {
            Params::CloneConvert(p) => vec![("turn_limit", p.turn_limit)],
            Params::PredatorPrey(p) => vec![
                ("capture_target", p.capture_target),
                ("predator_turn_limit", p.predator_turn_limit),
                ("prey", p.prey),
            ],
            Params::Freeze(p) => vec![("supply", p.supply)],
            Params::BracketFlip(_) => Vec::new(),
        }
    }

    /// Where a parameter the start decides says something else than the
    /// start (`prey = 10` with 8 prey in the start's reserve; `supply = 18`
    /// with 16 checkers of each colour on the start): the parameter's key
    /// and what is wrong, with the fix. The start is the game: the engine
    /// plays its reserve and its checkers, so the parameter must agree.
    pub fn start_problems(
        &self,
        start: &str,
        view: &super::BoardView,
    ) -> Vec<(&'static str, String)> {
        let fields: Vec<&str> = start.split_whitespace().skip(1).collect();
        let count = |symbols: &[char]| -> u32 {
            view.pieces
                .iter()
                .filter(|(_, p)| symbols.contains(p))
                .count() as u32
        };
        match self {
            // Every disc is on the board: no parameter counts them.
            Params::CloneConvert(_) | Params::BracketFlip(_) => Vec::new(),
            Params::PredatorPrey(p) => {
                let field = |i: usize| {
                    fields
                        .get(i)
                        .and_then(|f| f.parse::<u32>().ok())
                        .unwrap_or(0)
                };
                let (reserve, captured) = (field(1), field(2));
                let on_board = count(&['o']);
                let total = reserve + on_board + captured;
                if total == p.prey {
                    return Vec::new();
                }
                let board = start.split_whitespace().next().unwrap_or("");
                let mut parts = vec![format!("{reserve} in reserve")];
                if on_board > 0 {
                    parts.push(format!("{on_board} on the board"));
                }
                if captured > 0 {
                    parts.push(format!("{captured} captured"));
                }
                vec![(
                    "prey",
                    format!(
                        "`prey` is {}, but the start has {total} prey ({}): the kit would print {} prey tokens and the game be played with {total}; write `prey = {total}`, or start with {} in reserve (`{board} {} {} {captured} {}`)",
                        p.prey,
                        parts.join(", "),
                        p.prey,
                        p.prey.saturating_sub(on_board + captured),
                        fields.first().unwrap_or(&"o"),
                        p.prey.saturating_sub(on_board + captured),
                        fields.get(3).unwrap_or(&"0"),
                    ),
                )]
            }
            Params::Freeze(p) => {
                let black = count(&['b']) + 2 * count(&['B']);
                let red = count(&['r']) + 2 * count(&['R']);
                if black == p.supply && red == p.supply {
                    return Vec::new();
                }
                let fix = if black == red {
                    format!("write `supply = {black}`")
                } else {
                    format!(
                        "give both colours {} checkers in the start, or the same number and `supply` that number",
                        p.supply
                    )
                };
                vec![(
                    "supply",
                    format!(
                        "`supply` is {}, but the start has {black} black and {red} red checkers (a king counts as two): each player starts with the whole supply on the board; {fix}",
                        p.supply
                    ),
                )]
            }
        }
    }

    /// The keys of a position written as a table besides `side` and the
    /// piece symbols: every field of the text form, by name.
    pub fn table_fields(&self) -> &'static [&'static str] {
        match self {
            Params::CloneConvert(_) => &["turns"],
            Params::PredatorPrey(_) => &["reserve", "captured", "turns"],
            Params::Freeze(_) | Params::BracketFlip(_) => &[],
        }
    }

    /// The fields after the board of a position given as a table, `side` to
    /// move with `pieces` pieces on the board and the `fields` it names
    /// (see [`Params::table_fields`]); a field left out is a fresh game's.
    pub fn fresh_fields(&self, side: &str, pieces: usize, fields: &[(&str, u64)]) -> String {
        let field = |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
        match self {
            Params::CloneConvert(_) => format!("{side} {}", field("turns").unwrap_or(0)),
            Params::PredatorPrey(p) => {
                // Prey neither on the board (all but the predator) nor
                // captured are in reserve.
                let prey = pieces.saturating_sub(1) as u64;
                let captured = field("captured").unwrap_or(0);
                let reserve = field("reserve")
                    .unwrap_or_else(|| (p.prey as u64).saturating_sub(prey + captured));
                format!(
                    "{side} {reserve} {captured} {}",
                    field("turns").unwrap_or(0)
                )
            }
            Params::Freeze(_) | Params::BracketFlip(_) => side.to_string(),
        }
    }

    /// The counts of a position's fields by name (`reserve`, `captured`,
    /// `turns`), which a prompt may state.
    pub fn position_counts(&self, text: &str) -> Vec<(&'static str, u64)> {
        let fields: Vec<u64> = text
            .split_whitespace()
            .skip(2)
            .filter_map(|f| f.parse().ok())
            .collect();
        let names: &[&'static str] = match self {
            Params::CloneConvert(_) => &["turns"],
            Params::PredatorPrey(_) => &["reserve", "captured", "turns"],
            Params::Freeze(_) | Params::BracketFlip(_) => &[],
        };
        names.iter().copied().zip(fields).collect()
    }

    /// What a practice sheet says of a position beside its diagram: every
    /// fact the rules use that the board cannot show (turns and the limit,
    /// the reserve and the captures, kings), as sentences.
    pub fn position_facts(&self, text: &str, view: &super::BoardView) -> Vec<String> {
        let fields: Vec<u64> = text
            .split_whitespace()
            .skip(2)
            .filter_map(|f| f.parse().ok())
            .collect();
        let field = |i: usize| fields.get(i).copied().unwrap_or(0);
        match self {
            Params::CloneConvert(p) => {
                let turns = field(0);
                if p.turn_limit == 0 {
                    vec![format!("{turns} turns played; there is no turn limit.")]
                } else {
                    vec![format!(
                        "{turns} of {} turns played: the game stops after the {} turn.",
                        p.turn_limit,
                        ordinal(p.turn_limit)
                    )]
                }
            }
            Params::PredatorPrey(p) => {
                let (reserve, captured, turns) = (field(0), field(1), field(2));
                let mut v = vec![
                    format!(
                        "Prey in reserve: {reserve}. Prey captured: {captured} of the {} the predator needs.",
                        p.capture_target
                    ),
                ];
                if p.predator_turn_limit > 0 {
                    v.push(format!(
                        "Predator turns played: {turns} of {}.",
                        p.predator_turn_limit
                    ));
                }
                // A practice fragment may use fewer prey than a game: say
                // so, or the counts above would not add up.
                let on_board = view.pieces.iter().filter(|(_, s)| *s == 'o').count() as u64;
                let in_play = on_board + reserve + captured;
                if in_play < u64::from(p.prey) {
                    v.push(format!(
                        "A practice position: {in_play} of the game's {} prey {} in play.",
                        p.prey,
                        if in_play == 1 { "is" } else { "are" }
                    ));
                }
                v
            }
            // The board shows every disc; whose turn it is is said already.
            Params::BracketFlip(_) => Vec::new(),
            Params::Freeze(_) => {
                let kings = view
                    .pieces
                    .iter()
                    .filter(|(_, s)| s.is_ascii_uppercase())
                    .count();
                if kings == 0 {
                    Vec::new()
                } else {
                    vec![format!(
                        "{kings} king{} on the board (drawn with a crown: a stack of two checkers).",
                        if kings == 1 { "" } else { "s" }
                    )]
                }
            }
        }
    }

    /// The ways a game can end, in the order the engine checks them, each
    /// with a sentence made from the parameters; `sides` first mover first.
    pub fn stop_conditions(&self, sides: [char; 2]) -> Vec<(Reason, String)> {
        match self {
            Params::CloneConvert(p) => {
                let mut v = vec![
                    (
                        Reason::Eliminated,
                        "a player has no markers left".to_string(),
                    ),
                    (Reason::BoardFull, "the board is full".to_string()),
                    (Reason::NoMoves, "neither player can move".to_string()),
                ];
                if p.turn_limit > 0 {
                    v.push((
                        Reason::TurnLimit,
                        format!("turn {} has been played", p.turn_limit),
                    ));
                }
                v
            }
            Params::PredatorPrey(p) => {
                let mut v = vec![
                    (
                        Reason::Captures,
                        format!("the predator made capture number {}", p.capture_target),
                    ),
                    (
                        Reason::PredatorBlocked,
                        "the predator cannot step or jump at the start of its turn".to_string(),
                    ),
                ];
                if p.predator_turn_limit > 0 {
                    v.push((
                        Reason::TurnLimit,
                        format!(
                            "predator turn {} has been played (a draw)",
                            p.predator_turn_limit
                        ),
                    ));
                }
                v
            }
            Params::Freeze(_) => vec![(
                Reason::NoMoves,
                format!(
                    "the player to move ({} or {}) has no capture, and loses",
                    sides[0], sides[1]
                ),
            )],
            Params::BracketFlip(_) => vec![
                (
                    Reason::Eliminated,
                    "one colour has no discs left on the board".to_string(),
                ),
                (Reason::BoardFull, "the board is full".to_string()),
                (
                    Reason::NoMoves,
                    "neither player can place a disc".to_string(),
                ),
            ],
        }
    }

    /// The tokens of a game with `cells` playable cells: the supply its
    /// rules name, plus spares. Each size is a cap (see [`TokenSet`]).
    pub fn token_sets(&self, cells: usize) -> Vec<TokenSet> {
        match self {
            // One marker a cell: the board can be full.
            Params::CloneConvert(_) => vec![TokenSet {
                symbol: 'W',
                back: Some('B'),
                back_crowned: false,
                name: "markers",
                count: cells,
                spares: cells.div_ceil(5),
                size_mm: 22.0,
            }],
            Params::PredatorPrey(p) => vec![
                TokenSet {
                    symbol: 'P',
                    back: None,
                    back_crowned: false,
                    name: "predator",
                    count: 1,
                    spares: 1,
                    size_mm: 24.0,
                },
                TokenSet {
                    symbol: 'o',
                    back: None,
                    back_crowned: false,
                    name: "prey",
                    count: p.prey as usize,
                    spares: 2,
                    size_mm: 24.0,
                },
            ],
            // Kings are stacks of two checkers: no extra tokens. Each
            // checker has a crowned back, so a king (a checker with a
            // captured one put on it crown side up) shows its crown at a
            // glance.
            Params::Freeze(p) => vec![
                TokenSet {
                    symbol: 'b',
                    back: Some('B'),
                    back_crowned: true,
                    name: "black checkers",
                    count: p.supply as usize,
                    spares: 0,
                    size_mm: 17.0,
                },
                TokenSet {
                    symbol: 'r',
                    back: Some('R'),
                    back_crowned: true,
                    name: "red checkers",
                    count: p.supply as usize,
                    spares: 0,
                    size_mm: 17.0,
                },
            ],
            // One disc a cell: the board can be full. B on the front, W on
            // the back: turning a disc over is flipping it.
            Params::BracketFlip(_) => vec![TokenSet {
                symbol: 'B',
                back: Some('W'),
                back_crowned: false,
                name: "discs",
                count: cells,
                spares: cells.div_ceil(5),
                size_mm: 19.0,
            }],
        }
    }
}

/// [`Params::defaults`] through [`Family::with_params_type`].
struct Defaults;

impl WithParamsType for Defaults {
    type Output = Params;
    fn with<P: serde::de::DeserializeOwned + Default + schemars::JsonSchema>(
        self,
        wrap: fn(P) -> Params,
    ) -> Params {
        wrap(P::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_match_serde() {
        for f in Family::ALL {
            assert_eq!(Family::from_id(f.id()), Some(f));
            let quoted = serde_json::to_string(&f).unwrap();
            assert_eq!(quoted, format!("\"{}\"", f.id()));
            assert_eq!(Params::defaults(f).family(), f);
        }
        assert_eq!(Family::from_id("checkers"), None);
    }

    #[test]
    fn every_side_and_parameter_is_described() {
        for f in Family::ALL {
            let params = Params::defaults(f);
            let info = f.info();
            let sides = params.with_rules(Sides);
            for s in sides {
                assert!(
                    info.sides.iter().any(|(c, _)| *c == s),
                    "{f}: side {s} has no name"
                );
                assert!(
                    info.pieces.iter().any(|p| p.symbol == s),
                    "{f}: side {s} has no look"
                );
            }
            // Every placeholder figure is a parameter key.
            for (key, _) in params.figures() {
                assert!(info.parameter_keys.contains(&key), "{f}: {key}");
            }
        }
    }

    struct Sides;
    impl WithRules for Sides {
        type Output = [char; 2];
        fn with<R: EngineRules>(self, rules: R) -> [char; 2] {
            rules.sides()
        }
    }
}
