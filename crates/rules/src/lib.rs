//! The rules engine: one module a game family behind the common [`Rules`]
//! trait, plus board geometry, bit sets and the shared position notation.
//!
//! Each family parses a position's text into a typed position (parsing and
//! validation are separate steps with separate errors, as in shakmaty), lists
//! legal moves, parses moves (canonical form and the accepted alternatives),
//! plays them and says what happened ([`Effect`]), decides when the game is
//! over ([`Outcome`]) and counts perft. [`Engine`] is the object-safe face
//! of a family's rules for the command line, the definition and the kits: it
//! reads a position's text ([`Engine::load`]), or sets one up from a
//! [`BoardView`] ([`Engine::setup`]), into an [`AnyPosition`] that answers
//! typed questions. What a family is besides its rules (names, looks,
//! tokens, audit sheet) is in [`family`].
#![warn(missing_docs)]

use std::fmt;

mod bits;
mod counts;
pub mod family;
mod game;
pub mod geometry;
pub mod notation;
mod registry;
mod symmetry;
mod view;

// The families, each one module, listed in the registry.
pub mod bracket_flip;
pub mod clone_convert;
pub mod freeze;
pub mod predator_prey;

pub use family::{CountName, Counts, FamilyInfo, TURNS};
pub use game::{
    key_of_text, key_of_words, perft_by_moves, Effect, MoveError, MoveKind, Outcome, Promotions,
    Reason, Rules,
};
pub use geometry::{Cell, CellError, Geometry, Topology};
pub use notation::{BoardError, Invalid, PositionError};
pub use registry::{
    EngineRules, Family, Params, Registered, WithParamsType, WithRules, BUILTIN_GAME_IDS,
};
pub use view::BoardView;

/// A legal move as the engine reports it: the rules' own typed move, with
/// its canonical text (for printing), what it did and the position after
/// it. The solver hands its moves out as these, so no other crate reads a
/// move's text to learn what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The move's canonical text.
    pub text: String,
    /// What the move did.
    pub effect: Effect,
    /// The position after the move.
    pub after: AnyPosition,
    /// The rules' own move, for the questions its position answers about
    /// it ([`PositionPromotions::with_promotions`]).
    typed: TypedMove,
}

impl MoveInfo {
    /// `mv`, a legal move of `pos` under `rules`, played: how the solver
    /// hands its moves out typed.
    pub fn new<R: EngineRules>(rules: &std::sync::Arc<R>, pos: &R::Position, mv: R::Move) -> Self {
        let (after, effect) = rules.play(pos, &mv);
        MoveInfo {
            text: rules.print_move(pos, &mv),
            effect,
            after: AnyPosition::new(rules.clone(), after),
            typed: TypedMove(std::sync::Arc::new(mv)),
        }
    }

    /// The move as `R`'s own type, when `R` are the rules that made it.
    pub fn typed<R: EngineRules>(&self) -> Option<&R::Move> {
        self.typed.0.downcast_ref::<R::Move>()
    }

    /// Whether `other` is this move but for its promotions (Freeze: the
    /// same chain, kinging other checkers): what makes two moves one
    /// answer when promotions are a free choice.
    pub fn same_but_promotions(&self, other: &MoveInfo) -> bool {
        self.effect.without_promotions() == other.effect.without_promotions()
    }
}

impl fmt::Display for MoveInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A family's own move behind a [`MoveInfo`].
#[derive(Clone)]
struct TypedMove(std::sync::Arc<dyn std::any::Any + Send + Sync>);

impl fmt::Debug for TypedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TypedMove")
    }
}

// Two moves of one position are equal when their texts are (the rules
// write each move one way): [`MoveInfo`] compares those, not this.
impl PartialEq for TypedMove {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for TypedMove {}

/// The rules of one family with its parameters, object-safe, so the
/// command line, the definition and the kits can hold any family. Text
/// comes in once ([`Engine::load`]); the position it gives answers every
/// question typed.
pub trait Engine: Send + Sync {
    /// The family these rules belong to.
    fn family(&self) -> Family;
    /// The two sides' symbols, the side that moves first first.
    fn sides(&self) -> [char; 2];
    /// The family's default start position (its text in docs/rules.md).
    fn default_start(&self) -> &'static str;
    /// Reads and validates a position.
    fn load(&self, text: &str) -> Result<AnyPosition, PositionError>;
    /// Sets up the position `view` shows (its board, pieces and side to
    /// move; the topology is the family's) with `counts`, its numbers
    /// besides the board and side by name, as [`GamePosition::counts`]
    /// gives them: validated exactly as [`Engine::load`] validates the
    /// same position's text, with the same errors. How a caller builds a
    /// position without writing the family's notation.
    fn setup(&self, view: &BoardView, counts: &Counts) -> Result<AnyPosition, PositionError>;
}

/// A position of some family's game, read once (see [`Engine::load`]).
pub trait GamePosition: Send + Sync {
    /// The family whose game this is.
    fn family(&self) -> Family;
    /// The canonical text.
    fn text(&self) -> String;
    /// What the position looks like, for drawing and messages.
    fn view(&self) -> BoardView;
    /// Its numbers besides the board and side, by name (see
    /// [`Rules::counts`]).
    fn counts(&self) -> Counts;
    /// The game result, or `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// Every legal move with what it does (none once the game is over).
    fn moves(&self) -> Vec<MoveInfo>;
    /// Plays a move given as text (see [`Rules::parse_move`]: once the game
    /// is over every move is refused, before its text is read).
    fn play(&self, mv: &str) -> Result<MoveInfo, MoveError>;
    /// Whether `mv` reads as a move of this game on this board (its syntax
    /// and cell names), even where the game is over and [`Self::play`]
    /// refuses it unread: a practice check must name a move that exists.
    fn read(&self, mv: &str) -> Result<(), MoveError>;
    /// The perft count (see docs/rules.md for the conventions).
    fn perft(&self, depth: u32) -> u64;
    /// The position under each of the board's symmetries (mirror images,
    /// the rotations of a square board, every shift on a torus), itself
    /// first, each once; images the rules refuse (on Freeze's coloured
    /// torus, pieces on their own colour) left out.
    fn images(&self) -> Vec<AnyPosition>;
    /// The same position with `side` to move, as if the other side had
    /// passed; `None` when the rules refuse it.
    fn with_side_to_move(&self, side: char) -> Option<AnyPosition>;
    /// Perft split by first move.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// The choice of promotions this position's moves end with (see
    /// [`Rules::promotions`]); `None` for a family without one.
    fn promotions(&self) -> Option<&dyn PositionPromotions>;
    /// A boxed copy (what lets [`AnyPosition`] be cloned).
    fn clone_box(&self) -> Box<dyn GamePosition>;
    /// The typed position behind this interface (see [`AnyPosition::typed`]).
    fn as_any(&self) -> &dyn std::any::Any;
    /// The rules' own position, as [`std::any::Any`] (see
    /// [`Params::start_problems`]).
    fn position_any(&self) -> &dyn std::any::Any;
}

/// The choice of promotions of a position's moves, over the engine's
/// moves (see [`Promotions`], [`GamePosition::promotions`]).
pub trait PositionPromotions {
    /// `mv`, a move of this position, with exactly the promotions
    /// `promoted` in place of its own (Freeze: the same chain kinging these
    /// checkers), when the rules allow that move; `None` otherwise.
    fn with_promotions(&self, mv: &MoveInfo, promoted: &[Cell]) -> Option<MoveInfo>;
    /// How many more promotions the mover of `mv`, a move of this position,
    /// may add to it (see [`Promotions::optional_promotions`]); 0 for a move
    /// of another position's rules.
    fn optional_promotions(&self, mv: &MoveInfo) -> u32;
}

/// A position of any family: clones, compares and prints by its canonical
/// text.
pub struct AnyPosition(Box<dyn GamePosition>);

impl std::ops::Deref for AnyPosition {
    type Target = dyn GamePosition;
    fn deref(&self) -> &Self::Target {
        self.0.as_ref()
    }
}

impl AnyPosition {
    /// The position as `R`'s own type, when `R` are its rules: the solver
    /// searches the position a definition read, without reading its text
    /// again.
    pub fn typed<R: EngineRules>(&self) -> Option<&R::Position> {
        self.0
            .as_any()
            .downcast_ref::<TypedPosition<R>>()
            .map(|t| &t.pos)
    }

    /// `R`'s typed position as an engine's position under `rules`: how the
    /// solver hands back the positions it played to without printing them
    /// for the caller to read again.
    pub fn new<R: EngineRules>(rules: std::sync::Arc<R>, pos: R::Position) -> AnyPosition {
        AnyPosition(Box::new(TypedPosition { rules, pos }))
    }
}

impl Clone for AnyPosition {
    fn clone(&self) -> Self {
        AnyPosition(self.0.clone_box())
    }
}

impl PartialEq for AnyPosition {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text()
    }
}

impl Eq for AnyPosition {}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyPosition({:?})", self.text())
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// Typed rules as an [`Engine`]: a wrapper rather than a blanket impl, so
/// the names of [`Rules`] and [`Engine`] never clash.
pub struct Typed<R>(std::sync::Arc<R>);

impl<R> Typed<R> {
    /// The engine for `rules`.
    pub fn new(rules: R) -> Typed<R> {
        Typed(std::sync::Arc::new(rules))
    }
}

/// The engine's position for `text` under a copy of `rules`: typed rules
/// answering through the [`GamePosition`] interface (tests, tools).
pub fn load<R: EngineRules + Clone>(rules: &R, text: &str) -> Result<AnyPosition, PositionError> {
    Typed::new(rules.clone()).load(text)
}

impl<R: EngineRules> Engine for Typed<R> {
    fn family(&self) -> Family {
        R::FAMILY
    }
    fn sides(&self) -> [char; 2] {
        self.0.sides()
    }
    fn default_start(&self) -> &'static str {
        self.0.default_start()
    }
    fn load(&self, text: &str) -> Result<AnyPosition, PositionError> {
        reads::note(text);
        let pos = self.0.parse_position(text)?;
        Ok(AnyPosition(Box::new(TypedPosition {
            rules: self.0.clone(),
            pos,
        })))
    }
    fn setup(&self, view: &BoardView, counts: &Counts) -> Result<AnyPosition, PositionError> {
        let pos = set_up(self.0.as_ref(), view, counts)?;
        Ok(AnyPosition::new(self.0.clone(), pos))
    }
}

/// `rules`' position that `view` shows with `counts` (see
/// [`Engine::setup`]): the rules' own parser reads the text the notation
/// writes for it, so a set-up position is checked as a loaded one is.
fn set_up<R: EngineRules>(
    rules: &R,
    view: &BoardView,
    counts: &Counts,
) -> Result<R::Position, PositionError> {
    let info = R::FAMILY.info();
    let symbols: Vec<char> = info.pieces.iter().map(|p| p.symbol).collect();
    let text = notation::position_text(view, counts, info.table_fields, &symbols)?;
    rules.parse_position(&text)
}

/// A typed position with its rules.
struct TypedPosition<R: Rules> {
    rules: std::sync::Arc<R>,
    pos: R::Position,
}

impl<R: EngineRules> TypedPosition<R> {
    /// Another position under the same rules.
    fn sibling(&self, pos: R::Position) -> AnyPosition {
        AnyPosition::new(self.rules.clone(), pos)
    }

    fn info(&self, mv: R::Move) -> MoveInfo {
        MoveInfo::new(&self.rules, &self.pos, mv)
    }

    /// " (here, for example: `C3-D3`, `C3xC5`)": the first legal move of
    /// each form this position has (at most [`EXAMPLES`]), as the engine
    /// writes it; nothing when no move is legal.
    fn legal_examples(&self) -> String {
        let mut forms = Vec::new();
        let mut shown = Vec::new();
        for m in self.rules.legal_moves(&self.pos) {
            let text = self.rules.print_move(&self.pos, &m);
            let form = notation::Sign::ALL.map(|s| s.used_in(&text));
            if shown.len() < EXAMPLES && !forms.contains(&form) {
                forms.push(form);
                shown.push(format!("`{text}`"));
            }
        }
        match shown.is_empty() {
            true => String::new(),
            false => format!(" (here, for example: {})", shown.join(", ")),
        }
    }
}

/// The most legal moves a message about a move's form shows.
const EXAMPLES: usize = 3;

impl<R: EngineRules> GamePosition for TypedPosition<R> {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn position_any(&self) -> &dyn std::any::Any {
        &self.pos
    }
    fn family(&self) -> Family {
        R::FAMILY
    }
    fn text(&self) -> String {
        self.rules.print_position(&self.pos)
    }
    fn view(&self) -> BoardView {
        self.rules.view(&self.pos)
    }
    fn counts(&self) -> Counts {
        self.rules.counts(&self.pos)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.pos)
    }
    fn moves(&self) -> Vec<MoveInfo> {
        let moves = self.rules.legal_moves(&self.pos);
        moves.into_iter().map(|m| self.info(m)).collect()
    }
    fn play(&self, mv: &str) -> Result<MoveInfo, MoveError> {
        match self.rules.parse_move(&self.pos, mv) {
            Ok(m) => Ok(self.info(m)),
            // The forms' examples are this position's own legal moves, so
            // a message never shows a move the engine refuses here.
            Err(MoveError::Syntax { found, expected }) => Err(MoveError::Syntax {
                found,
                expected: expected + &self.legal_examples(),
            }),
            Err(e) => Err(e),
        }
    }
    fn read(&self, mv: &str) -> Result<(), MoveError> {
        match self.rules.read_legal_move(&self.pos, mv) {
            Err(e @ (MoveError::Syntax { .. } | MoveError::Cell(_))) => Err(e),
            _ => Ok(()),
        }
    }
    fn perft(&self, depth: u32) -> u64 {
        self.rules.perft(&self.pos, depth)
    }
    fn images(&self) -> Vec<AnyPosition> {
        let counts = self.rules.counts(&self.pos);
        symmetry::images(&self.rules.view(&self.pos))
            .iter()
            .filter_map(|view| set_up(self.rules.as_ref(), view, &counts).ok())
            .map(|pos| self.sibling(pos))
            .collect()
    }
    fn with_side_to_move(&self, side: char) -> Option<AnyPosition> {
        let view = BoardView {
            side_to_move: side,
            ..self.rules.view(&self.pos)
        };
        let pos = set_up(self.rules.as_ref(), &view, &self.rules.counts(&self.pos)).ok()?;
        Some(self.sibling(pos))
    }
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let moves = self.rules.legal_moves(&self.pos);
        moves
            .iter()
            .map(|m| {
                let (after, _) = self.rules.play(&self.pos, m);
                let n = self.rules.perft(&after, depth.saturating_sub(1));
                (self.rules.print_move(&self.pos, m), n)
            })
            .collect()
    }
    fn promotions(&self) -> Option<&dyn PositionPromotions> {
        self.rules
            .promotions()
            .map(|_| self as &dyn PositionPromotions)
    }
    fn clone_box(&self) -> Box<dyn GamePosition> {
        Box::new(TypedPosition {
            rules: self.rules.clone(),
            pos: self.pos.clone(),
        })
    }
}

impl<R: EngineRules> PositionPromotions for TypedPosition<R> {
    fn with_promotions(&self, mv: &MoveInfo, promoted: &[Cell]) -> Option<MoveInfo> {
        let mv = mv.typed::<R>()?;
        let m = self
            .rules
            .promotions()?
            .with_promotions(&self.pos, mv, promoted)?;
        Some(self.info(m))
    }
    fn optional_promotions(&self, mv: &MoveInfo) -> u32 {
        let promotions = self.rules.promotions();
        mv.typed::<R>()
            .zip(promotions)
            .map_or(0, |(m, p)| p.optional_promotions(&self.pos, m))
    }
}

impl Params {
    /// Where a parameter the start decides says something else than the
    /// start `start`, read by these rules (see [`Params::start_problems_of`]).
    pub fn start_problems(&self, start: &AnyPosition) -> Vec<(&'static str, String)> {
        self.start_problems_of(start.position_any(), &start.view())
    }

    /// The engine of these rules.
    pub fn engine(&self) -> Box<dyn Engine> {
        struct MakeEngine;
        impl WithRules for MakeEngine {
            type Output = Box<dyn Engine>;
            fn with<R: EngineRules>(self, rules: R) -> Box<dyn Engine> {
                Box::new(Typed::new(rules))
            }
        }
        self.with_rules(MakeEngine)
    }

    /// Whether these rules' moves end with a choice of promotions
    /// (Freeze's kings: see [`Rules::promotions`]).
    pub fn has_promotions(&self) -> bool {
        struct HasPromotions;
        impl WithRules for HasPromotions {
            type Output = bool;
            fn with<R: EngineRules>(self, rules: R) -> bool {
                rules.promotions().is_some()
            }
        }
        self.with_rules(HasPromotions)
    }
}

/// How many times each position text has been read, for the tests that a
/// build reads each position once. Nothing is counted until a test calls
/// [`reads::start`]: the binary the tests run is the one that ships, with
/// the counter idle (one relaxed load a position read).
pub mod reads {
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;

    static COUNTING: AtomicBool = AtomicBool::new(false);
    static READS: Mutex<Option<HashMap<String, usize>>> = Mutex::new(None);

    /// Counts every reading from now on, in this process.
    pub fn start() {
        COUNTING.store(true, Ordering::Relaxed);
    }

    /// Counts one reading of `text`, once [`start`]ed.
    pub fn note(text: &str) {
        if !COUNTING.load(Ordering::Relaxed) {
            return;
        }
        let mut reads = READS.lock().unwrap_or_else(|e| e.into_inner());
        *reads
            .get_or_insert_with(HashMap::new)
            .entry(text.trim().to_string())
            .or_default() += 1;
    }

    /// How many times `text` has been read since counting started.
    pub fn of(text: &str) -> usize {
        let reads = READS.lock().unwrap_or_else(|e| e.into_inner());
        reads
            .as_ref()
            .and_then(|r| r.get(text.trim()).copied())
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a position is its rules' own type under `R`.
    struct IsTyped<'a>(&'a AnyPosition);

    impl WithRules for IsTyped<'_> {
        type Output = bool;
        fn with<R: EngineRules>(self, _rules: R) -> bool {
            self.0.typed::<R>().is_some()
        }
    }

    #[test]
    fn a_position_an_engine_read_is_its_rules_own_type() {
        let all = Family::ALL.map(crate::Params::defaults);
        for (i, params) in all.iter().enumerate() {
            let engine = params.engine();
            let start = engine.load(engine.default_start()).unwrap();
            for (j, other) in all.iter().enumerate() {
                // Its own rules see it; another family's do not.
                assert_eq!(other.with_rules(IsTyped(&start)), i == j, "{i} {j}");
            }
        }
    }

    #[test]
    fn a_family_states_only_the_facts_it_declares() {
        for params in Family::ALL.map(crate::Params::defaults) {
            let declared = params.info().facts;
            let keys: std::collections::BTreeSet<&str> = declared.iter().map(|f| f.key).collect();
            assert_eq!(
                keys.len(),
                declared.len(),
                "{:?}: a key twice",
                params.family()
            );
            let engine = params.engine();
            let mut pos = engine.load(engine.default_start()).unwrap();
            for _ in 0..8 {
                for fact in params.position_facts(&pos.counts(), &pos.view()) {
                    let kind = declared.iter().find(|k| k.key == fact.key);
                    let names: Vec<&str> = fact.numbers.iter().map(|(n, _)| *n).collect();
                    assert_eq!(kind.map(|k| k.numbers.to_vec()), Some(names), "{fact:?}");
                }
                let Some(next) = pos.moves().into_iter().next() else {
                    break;
                };
                pos = next.after;
            }
        }
    }

    #[test]
    fn a_position_set_up_from_its_view_is_the_position() {
        for params in Family::ALL.map(crate::Params::defaults) {
            let engine = params.engine();
            let mut pos = engine.load(engine.default_start()).unwrap();
            for ply in 0..6 {
                let again = engine.setup(&pos.view(), &pos.counts()).unwrap();
                assert_eq!(again.text(), pos.text(), "{:?} ply {ply}", params.family());
                assert_eq!(again.view(), pos.view());
                assert_eq!(again.counts(), pos.counts());
                let Some(next) = pos.moves().into_iter().last() else {
                    break;
                };
                pos = next.after;
            }
        }
    }

    #[test]
    fn a_set_up_position_is_refused_as_its_text_is() {
        let c = |s: &str| Cell::parse(s).unwrap();
        let with = |view: &BoardView, cell: &str, piece: char| {
            let mut v = view.clone();
            v.pieces.push((c(cell), piece));
            v.pieces.sort_by_key(|(c, _)| (c.row, c.col));
            v
        };
        let prey = crate::Params::defaults(Family::PredatorPrey).engine();
        let start = prey.load("5/5/2P2/5/5 o 8 0 0").unwrap();
        let (view, counts) = (start.view(), start.counts());
        // Each view against the text that says the same, written by hand.
        let same = |view: &BoardView, counts: &Counts, text: &str| {
            let loaded = prey.load(text).map(|_| ());
            assert!(loaded.is_err(), "{text}");
            assert_eq!(prey.setup(view, counts).map(|_| ()), loaded, "{text}");
        };
        same(&with(&view, "A1", 'P'), &counts, "5/5/2P2/5/P4 o 8 0 0");
        same(&with(&view, "A1", 'x'), &counts, "5/5/2P2/5/x4 o 8 0 0");
        let side = BoardView {
            side_to_move: 'x',
            ..view.clone()
        };
        same(&side, &counts, "5/5/2P2/5/5 x 8 0 0");
        // A count left out, and one too big.
        same(&view, &counts.first(1), "5/5/2P2/5/5 o 8");
        let mut big = counts.clone();
        assert!(big.set(TURNS, 1 << 40));
        same(&view, &big, "5/5/2P2/5/5 o 8 0 1099511627776");
        assert!(matches!(
            prey.setup(&view, &big),
            Err(PositionError::Field {
                field: "predator turns played",
                ..
            })
        ));
        // What no text can say is refused too, never played.
        let moves = Counts::new().with(CountName::new("moves"), 3);
        assert!(prey.setup(&view, &moves).is_err());
        let mut off = view.clone();
        off.pieces.push((Cell::new(40, 0), 'o'));
        assert!(matches!(
            prey.setup(&off, &counts),
            Err(PositionError::Invalid(Invalid::Inconsistent(_)))
        ));
        let mut stacked = view.clone();
        stacked.pieces.push(view.pieces[0]);
        assert!(prey.setup(&stacked, &counts).is_err());
        let digit = with(&view, "A1", '3');
        assert!(matches!(
            prey.setup(&digit, &counts),
            Err(PositionError::Board(BoardError::UnknownSymbol {
                found: '3',
                row: 1,
                ..
            }))
        ));
        let wide = BoardView {
            width: 300,
            ..view.clone()
        };
        assert_eq!(
            prey.setup(&wide, &counts).map(|_| ()),
            Err(PositionError::Board(BoardError::TooWide { found: 300 }))
        );
        // Freeze: a checker moved onto its own colour (H7 to G7).
        let freeze = crate::Params::defaults(Family::Freeze).engine();
        let start = freeze.load(freeze.default_start()).unwrap();
        let mut view = start.view();
        view.pieces.retain(|(cell, _)| *cell != c("H7"));
        let moved = with(&view, "G7", 'r');
        let text = "rbrbrbrb/brbrb1r1/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b";
        let refused = freeze.load(text).map(|_| ());
        assert!(
            matches!(
                refused,
                Err(PositionError::Invalid(Invalid::OwnColour { .. }))
            ),
            "{refused:?}"
        );
        assert_eq!(freeze.setup(&moved, &Counts::new()).map(|_| ()), refused);
    }

    #[test]
    fn a_move_answers_for_its_promotions_typed() {
        let cell = |s: &str| Cell::parse(s).unwrap();
        let freeze = Params::defaults(Family::Freeze).engine();
        // One capture: the chain may king one opposing checker, or none.
        let pos = freeze.load("RBr1r3/B7/8/brb1b3/1b1B4/8/8/3r4 b").unwrap();
        let promoted = pos.promotions().unwrap();
        let alone = pos.play("B4xB6").unwrap();
        assert_eq!(promoted.optional_promotions(&alone), 1);
        let c8 = promoted.with_promotions(&alone, &[cell("C8")]).unwrap();
        assert_eq!(c8, pos.play("B4xB6+C8").unwrap());
        assert_eq!(promoted.optional_promotions(&c8), 0);
        assert!(c8.same_but_promotions(&alone) && alone.same_but_promotions(&c8));
        assert_ne!(c8, alone);
        assert_eq!(promoted.with_promotions(&c8, &[]), Some(alone.clone()));
        // More kings than captures, a king on an empty square or a
        // checker of the mover's own colour, a square off the board: no
        // such move.
        for kings in [vec!["C8", "E8"], vec!["A1"], vec!["A4"], vec!["Z9"]] {
            let kings: Vec<Cell> = kings.into_iter().map(cell).collect();
            assert_eq!(promoted.with_promotions(&alone, &kings), None, "{kings:?}");
        }
        // Another chain is not the same move with other kings.
        let other = pos
            .moves()
            .into_iter()
            .find(|m| m.effect.from != alone.effect.from)
            .unwrap();
        assert!(!other.same_but_promotions(&alone), "{other}");
        // A family without promotion choices, and a move of other rules.
        let clone = Params::defaults(Family::CloneConvert).engine();
        let start = clone.load(clone.default_start()).unwrap();
        let mv = start.moves().remove(0);
        assert!(start.promotions().is_none());
        assert!(!Params::defaults(Family::CloneConvert).has_promotions());
        assert!(Params::defaults(Family::Freeze).has_promotions());
        assert_eq!(promoted.optional_promotions(&mv), 0);
        assert_eq!(promoted.with_promotions(&mv, &[]), None);
        // The typed move is the rules' own.
        assert!(mv.typed::<clone_convert::CloneConvert>().is_some());
        assert!(mv.typed::<freeze::Freeze>().is_none());
    }

    #[test]
    fn reason_keywords_round_trip() {
        for r in Reason::ALL {
            assert_eq!(Reason::from_keyword(r.keyword()), Some(r));
        }
        for k in MoveKind::ALL {
            assert_eq!(MoveKind::from_word(k.word()), Some(k));
        }
        assert_eq!(Reason::from_keyword("resign"), None);
    }

    #[test]
    fn effects_describe_themselves() {
        let c = |s: &str| Cell::parse(s).unwrap();
        let e = Effect {
            side: 'W',
            kind: Some(MoveKind::Clone),
            from: Some(c("C3")),
            to: Some(c("C4")),
            converted: vec![c("D4")],
            ..Effect::default()
        };
        assert_eq!(e.describe(), "clone C3→C4, converts D4");
        let e = Effect {
            side: 'W',
            kind: Some(MoveKind::Jump),
            from: Some(c("C3")),
            to: Some(c("A3")),
            ..Effect::default()
        };
        assert_eq!(e.describe(), "jump C3→A3, converts nothing");
    }
}
