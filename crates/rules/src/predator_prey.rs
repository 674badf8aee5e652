//! Predator and prey placement (docs/rules.md, family `predator-prey`).
//!
//! One predator `P` against prey `o` on a bounded board where only orthogonal
//! neighbours are connected. Prey first places its reserve, then steps; the
//! predator steps or jumps one adjacent prey, removing it.
//!
//! Notation: `5/5/2P2/5/5 o 8 0 0`, the board then
//! `<side to move: o or P> <prey in reserve> <prey captured> <predator turns played>`.
//! Moves: `@C4` (also `C4`), `B2-B3`, `C3-C4`, `C3xC5` (also `C3-C5`), `pass`.
//!
//! The board state is a bit set of prey plus the predator's cell; boards of
//! up to 64 cells use `u64`, up to 128 `u128`, larger ones the wide set.
use super::bits::Bits;
use super::bits::{by_width, width_rules, AtWidth, Build, ByWidth, WidthState};
use super::geometry::ORTHOGONAL;
use super::notation::{parse_board, print_board, split_position, Square};
use crate::family::{CountName, Counts, RulesInfo, TURNS};
use crate::game::*;
use crate::geometry::{Cell, Geometry, Topology};
use crate::notation::{Invalid, PositionError};
use crate::view::BoardView;
use std::fmt;
use std::sync::Arc;

/// Prey waiting in reserve, a position's first count.
pub const RESERVE: CountName = CountName::new("reserve");
/// Prey the predator has captured, its second.
pub const CAPTURED: CountName = CountName::new("captured");

const PREY: char = 'o';
const PREDATOR: char = 'P';
/// No cell in a neighbour table (off the board or a hole).
const NONE: u16 = u16::MAX;

/// Parameters of the family (defaults from docs/rules.md).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
#[schemars(rename = "PredatorPreyParams")]
pub struct Params {
    /// The predator wins once it has captured this many prey.
    pub capture_target: u32,
    /// The game is drawn after this many predator turns (0 = no limit).
    pub predator_turn_limit: u32,
    /// Prey in the kit: on the board, in reserve and captured together.
    pub prey: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            capture_target: 3,
            predator_turn_limit: 40,
            prey: 8,
        }
    }
}

/// What the predator game is besides its rules (see [`GameFamily`]).
mod description {
    use crate::family::TURNS;
    use crate::family::{
        count_pieces, steps_apart, AuditInfo, CountName, Counted, Counts, FactKind,
        FactNumber::Count, FamilyPrint, GameFamily, Look, Piece, PositionFact, TokenSet, Tone,
        TrayBox, TurnsFit, MAX_PREY, MAX_TURN_LIMIT,
    };
    use crate::game::Reason;
    use crate::geometry::Topology;
    use crate::predator_prey::{Params, Position, PredatorPrey, CAPTURED, RESERVE};
    use crate::view::BoardView;

    impl GameFamily for PredatorPrey {
        type Params = Params;

        const TABLE_FIELDS: &'static [CountName] = &[RESERVE, CAPTURED, TURNS];

        fn with_params(params: Params) -> Self {
            PredatorPrey::new(params)
        }

        fn turn_limit(p: &Params) -> usize {
            p.predator_turn_limit as usize
        }

        fn problems(p: &Params, cells: u32, _: usize, _: usize) -> Vec<(&'static str, String)> {
            let mut problems = prey_problems(p, cells);
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
            problems
        }

        fn start_problems(
            p: &Params,
            start: &Position,
            view: &BoardView,
        ) -> Vec<(&'static str, String)> {
            let (reserve, captured) = (start.reserve(), start.captured());
            let on_board = count_pieces(view, &['o']);
            let total = reserve + on_board + captured;
            if total == p.prey {
                return Vec::new();
            }
            let text = start.text();
            let board = text.split_whitespace().next().unwrap_or("");
            let side = if start.prey_to_move() { 'o' } else { 'P' };
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
                    side,
                    p.prey.saturating_sub(on_board + captured),
                    start.predator_turns(),
                ),
            )]
        }

        fn fresh_counts(p: &Params, pieces: usize, fields: &Counts) -> Counts {
            // Prey neither on the board (all but the predator) nor captured
            // are in reserve.
            let prey = pieces.saturating_sub(1) as u64;
            let captured = fields.get(CAPTURED).unwrap_or(0);
            let reserve = fields
                .get(RESERVE)
                .unwrap_or_else(|| (p.prey as u64).saturating_sub(prey + captured));
            Counts::new()
                .with(RESERVE, reserve)
                .with(CAPTURED, captured)
                .with(TURNS, fields.turns().unwrap_or(0))
        }

        fn stop_conditions(p: &Params) -> Vec<Reason> {
            let mut v = vec![Reason::Captures, Reason::PredatorBlocked];
            if p.predator_turn_limit > 0 {
                v.push(Reason::TurnLimit);
            }
            v
        }

        // Each capture is a predator turn (a jump of two cells), every
        // other turn a step of one: its distance from its start cell is at
        // most steps plus twice the jumps and, on a bounded board, has the
        // steps' parity. Prey moves first and places one prey a turn.
        fn turns_that_fit(
            _: &Params,
            start: &BoardView,
            view: &BoardView,
            counts: &Counts,
        ) -> Option<TurnsFit> {
            let at = |v: &BoardView| v.pieces.iter().find(|(_, p)| *p == 'P').map(|(c, _)| *c);
            let (now, from) = (at(view)?, at(start)?);
            let captured = counts.get(CAPTURED).unwrap_or(0);
            let distance = steps_apart(view, now, from);
            let bounded = view.topology == Topology::Bounded;
            let placed = u64::from(count_pieces(view, &['o'])) + captured;
            let predator_to_move = view.side_to_move == 'P';
            let plural = |n: u64| if n == 1 { "" } else { "s" };
            let why = format!(
                "the predator stands {distance} cell{} from its start cell {from} after {captured} capture{}, and {placed} prey {} been placed (one a prey turn; prey moves first)",
                plural(distance),
                plural(captured),
                if placed == 1 { "has" } else { "have" },
            );
            // The predator is at most a cell from its start a turn, two
            // more a capture; on a bounded board its distance has the
            // parity of its turns without a capture. One prey is placed a
            // prey turn.
            let least = captured
                .max(distance.saturating_sub(captured))
                .max(placed.saturating_sub(u64::from(predator_to_move)));
            // While prey wait in reserve every prey turn placed one (prey
            // may not move a piece then, and an empty cell is always
            // left), so the count is exact.
            let reserve = counts.get(RESERVE).unwrap_or(0);
            let why = if reserve > 0 {
                format!(
                    "{why}; with {reserve} prey still in reserve every prey turn so far placed one"
                )
            } else {
                why
            };
            Some(TurnsFit {
                why,
                least,
                most: (reserve > 0).then(|| placed.saturating_sub(u64::from(predator_to_move))),
                parity: bounded.then(|| (distance + captured) % 2),
            })
        }
    }

    /// The prey in reserve and captured, and the captures that win.
    const PREY: FactKind = FactKind {
        key: "prey",
        numbers: &["reserve", "captured", "target"],
    };
    /// The predator's turns played of its limit.
    const PREDATOR_TURNS: FactKind = FactKind {
        key: "predator_turns",
        numbers: &["turns", "limit"],
    };
    /// A practice fragment with fewer prey than a game: how many are in
    /// play of the game's.
    const PREY_IN_PLAY: FactKind = FactKind {
        key: "prey_in_play",
        numbers: &["n", "prey"],
    };

    impl FamilyPrint for PredatorPrey {
        const LOOK: Look = Look {
            pieces: &[
                Piece::plain('P', Tone::Accent, "P"),
                Piece::plain('o', Tone::Light, "o"),
            ],
            orthogonal_only: true,
            checkered: false,
            audit: AuditInfo {
                turn_mm: 16.0,
                side_mm: None,
                fills_a_cell_a_turn: false,
            },
        };

        fn figures(p: &Params) -> Vec<(&'static str, u32)> {
            vec![
                ("capture_target", p.capture_target),
                ("predator_turn_limit", p.predator_turn_limit),
                ("prey", p.prey),
            ]
        }

        const LIMITS: &'static [&'static str] = &["predator_turn_limit"];

        // "the predator's 40th turn", "its third capture", "the eight
        // prey" (not "two prey in a row").
        const COUNTED: &'static [Counted] = &[
            Counted {
                name: "predator_turn_limit",
                what: "turns",
                says: "#th turn | after turn # | after # turns",
            },
            Counted {
                name: "capture_target",
                what: "captures",
                says: "#th capture | # captures",
            },
            Counted {
                name: "prey",
                what: "prey",
                says: "the/all/its/their #n prey",
            },
        ];

        // "seven in reserve", "has taken two prey", "58 turns played".
        const STATED: &'static [Counted] = &[
            Counted {
                name: "reserve",
                what: "prey in reserve",
                says: "# in reserve",
            },
            Counted {
                name: "captured",
                what: "prey captured",
                says: "taken/captured # prey",
            },
            Counted {
                name: "turns",
                what: "turns played",
                says: "# turns played",
            },
        ];

        const FACTS: &'static [FactKind] = &[PREY, PREDATOR_TURNS, PREY_IN_PLAY];

        fn position_facts(p: &Params, counts: &Counts, view: &BoardView) -> Vec<PositionFact> {
            let count = |name| counts.get(name).unwrap_or(0);
            let (reserve, captured) = (count(RESERVE), count(CAPTURED));
            let mut v = vec![PREY.stated(&[
                Count(reserve),
                Count(captured),
                Count(p.capture_target.into()),
            ])];
            if p.predator_turn_limit > 0 {
                v.push(
                    PREDATOR_TURNS
                        .stated(&[Count(count(TURNS)), Count(p.predator_turn_limit.into())]),
                );
            }
            // A practice fragment may use fewer prey than a game: said, or
            // the counts above would not add up.
            let in_play = u64::from(count_pieces(view, &['o'])) + reserve + captured;
            if in_play < u64::from(p.prey) {
                v.push(PREY_IN_PLAY.stated(&[Count(in_play), Count(p.prey.into())]));
            }
            v
        }

        fn token_sets(p: &Params, _: usize) -> Vec<TokenSet> {
            vec![
                TokenSet {
                    symbol: 'P',
                    back: None,
                    back_crowned: false,
                    count: 1,
                    spares: 1,
                    size_mm: 24.0,
                },
                TokenSet {
                    symbol: 'o',
                    back: None,
                    back_crowned: false,
                    count: p.prey as usize,
                    spares: 2,
                    size_mm: 24.0,
                },
            ]
        }

        // Prey off the board wait beside it: the reserve before they are
        // placed, the captured until the game ends on the last circle.
        fn tray(p: &Params) -> Vec<TrayBox> {
            vec![
                TrayBox {
                    key: "reserve",
                    spots: p.prey as usize,
                    counted: false,
                },
                TrayBox {
                    key: "captured",
                    spots: p.capture_target as usize,
                    counted: true,
                },
            ]
        }
    }

    /// `prey`'s bounds: at least one, and room for each on the board.
    fn prey_problems(p: &Params, cells: u32) -> Vec<(&'static str, String)> {
        // The predator takes one cell; every prey needs another.
        let room = cells.saturating_sub(1).min(MAX_PREY);
        if p.prey == 0 {
            return vec![(
                "prey",
                "`prey` is 0: the predator has nothing to hunt and prey has nothing to play with"
                    .to_string(),
            )];
        }
        if p.prey > room {
            let why = if room == MAX_PREY {
                format!("a kit has at most {MAX_PREY} prey")
            } else {
                format!("the board has {cells} cells, one of them for the predator")
            };
            return vec![(
                "prey",
                format!("`prey` is at most {room} ({why}), found {}", p.prey),
            )];
        }
        Vec::new()
    }
}

/// The rules of the family with its parameters.
#[derive(Clone, Debug)]
pub struct PredatorPrey {
    /// The family's parameters.
    pub params: Params,
}

impl PredatorPrey {
    /// The rules with these parameters.
    pub fn new(params: Params) -> Self {
        PredatorPrey { params }
    }
}

/// A move of the predator game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Prey placed from the reserve: `@C4`.
    Place {
        /// The empty cell it goes on.
        to: Cell,
    },
    /// One orthogonal step of a prey or the predator: `B2-B3`.
    Step {
        /// Where the piece stands.
        from: Cell,
        /// The empty neighbour it steps to.
        to: Cell,
    },
    /// The predator jumps the prey on `over`: `C3xC5`.
    Capture {
        /// Where the predator stands.
        from: Cell,
        /// The prey it jumps and removes.
        over: Cell,
        /// The empty cell behind the prey, where it lands.
        to: Cell,
    },
    /// Prey has no legal action.
    Pass,
}

/// The parsed text of a position, not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Columns of the board.
    pub width: usize,
    /// Rows of the board.
    pub height: usize,
    /// Every square, from A1 along row 1, then row 2, and so on.
    pub squares: Vec<Square>,
    /// The prey side (`o`) is to move, not the predator (`P`).
    pub prey_to_move: bool,
    /// Prey in reserve.
    pub reserve: u32,
    /// Prey captured.
    pub captured: u32,
    /// Predator turns played.
    pub turns: u32,
}

/// Board size, holes and neighbour tables, shared by every position of a
/// game (positions hold it behind an `Arc`, so playing a move copies only
/// the small state).
struct Board<B> {
    geom: Geometry,
    /// The orthogonal neighbour in each direction of `ORTHOGONAL`, or NONE.
    steps: Vec<[u16; 4]>,
    /// The cell beyond that neighbour, straight on, or NONE.
    jumps: Vec<[u16; 4]>,
    /// The orthogonal neighbours as a set.
    nbr: Vec<B>,
    playable: B,
}

impl<B: Bits> Board<B> {
    fn new(geom: Geometry) -> Self {
        let n = geom.len();
        let free = |i: Option<usize>| match i {
            Some(j) if !geom.is_hole(j) => j as u16,
            _ => NONE,
        };
        let mut steps = vec![[NONE; 4]; n];
        let mut jumps = vec![[NONE; 4]; n];
        let mut nbr = vec![B::empty(); n];
        let mut playable = B::empty();
        for i in 0..n {
            if geom.is_hole(i) {
                continue;
            }
            playable |= B::bit(i);
            for (d, &(dc, dr)) in ORTHOGONAL.iter().enumerate() {
                let s = free(geom.offset(i, dc, dr));
                steps[i][d] = s;
                if s != NONE {
                    nbr[i] |= B::bit(s as usize);
                    jumps[i][d] = free(geom.offset(i, 2 * dc, 2 * dr));
                }
            }
        }
        Board {
            geom,
            steps,
            jumps,
            nbr,
            playable,
        }
    }
}

/// What changes from move to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State<B> {
    prey: B,
    predator: usize,
    prey_to_move: bool,
    reserve: u32,
    captured: u32,
    turns: u32,
}

/// A position at one bit-set width: the board it shares with the game's
/// other positions, and what changes from move to move.
pub struct Pos<B> {
    board: Arc<Board<B>>,
    st: State<B>,
}

impl<B: Bits> Clone for Pos<B> {
    fn clone(&self) -> Self {
        Pos {
            board: Arc::clone(&self.board),
            st: self.st,
        }
    }
}

impl<B: Bits> PartialEq for Pos<B> {
    fn eq(&self, other: &Self) -> bool {
        // The tables follow from the geometry, so comparing it is enough.
        self.board.geom == other.board.geom && self.st == other.st
    }
}

/// The predator family's state type, for the width dispatch.
pub struct PredatorStates;

impl AtWidth for PredatorStates {
    type At<B: Bits> = Pos<B>;
}

/// A valid position of the predator game.
#[derive(Clone, PartialEq)]
pub struct Position(ByWidth<PredatorStates>);

impl Position {
    /// The board: size, topology and holes.
    pub fn geometry(&self) -> &Geometry {
        by_width!(&self.0, p => &p.board.geom)
    }

    /// Whether the prey side is to move (else the predator).
    pub fn prey_to_move(&self) -> bool {
        by_width!(&self.0, p => p.st.prey_to_move)
    }

    /// Prey waiting in reserve.
    pub fn reserve(&self) -> u32 {
        by_width!(&self.0, p => p.st.reserve)
    }

    /// Prey captured.
    pub fn captured(&self) -> u32 {
        by_width!(&self.0, p => p.st.captured)
    }

    /// Turns the predator has played.
    pub fn predator_turns(&self) -> u32 {
        by_width!(&self.0, p => p.st.turns)
    }

    /// What stands on a cell index: `P`, `o`, or nothing (holes included).
    pub fn piece(&self, index: usize) -> Option<char> {
        by_width!(&self.0, p => p.piece(index))
    }

    /// The canonical text of the position.
    pub fn text(&self) -> String {
        by_width!(&self.0, p => p.text())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.text())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

fn side_name(prey: bool) -> &'static str {
    if prey {
        "prey"
    } else {
        "the predator"
    }
}

impl<B: Bits> Pos<B> {
    fn geom(&self) -> &Geometry {
        &self.board.geom
    }

    fn piece(&self, i: usize) -> Option<char> {
        if i >= self.board.geom.len() {
            None
        } else if i == self.st.predator {
            Some(PREDATOR)
        } else if self.st.prey.has(i) {
            Some(PREY)
        } else {
            None
        }
    }
}

impl<B: Bits> WidthState<PredatorPrey> for Pos<B> {
    fn text(&self) -> String {
        let g = self.geom();
        let board = print_board(g.width(), g.height(), |i| {
            if g.is_hole(i) {
                Square::Hole
            } else {
                self.piece(i).map_or(Square::Empty, Square::Piece)
            }
        });
        let st = &self.st;
        format!(
            "{board} {} {} {} {}",
            if st.prey_to_move { PREY } else { PREDATOR },
            st.reserve,
            st.captured,
            st.turns
        )
    }

    fn view(&self) -> BoardView {
        let g = self.geom();
        BoardView {
            width: g.width(),
            height: g.height(),
            topology: Topology::Bounded,
            holes: g.holes().map(|i| g.cell_at(i)).collect(),
            pieces: g
                .playable()
                .filter_map(|i| self.piece(i).map(|c| (g.cell_at(i), c)))
                .collect(),
            side_to_move: if self.st.prey_to_move { PREY } else { PREDATOR },
        }
    }

    fn outcome(&self, rules: &PredatorPrey) -> Option<Outcome> {
        self.board.outcome(&rules.params, &self.st)
    }

    fn legal_moves(&self, rules: &PredatorPrey) -> Vec<Move> {
        self.board.legal_moves(&rules.params, &self.st)
    }

    fn read_legal_move(&self, rules: &PredatorPrey, text: &str) -> Result<Move, MoveError> {
        let shape = read_move(self.geom(), text)?;
        self.board.check(&rules.params, &self.st, shape)
    }

    fn print_move(&self, mv: &Move) -> String {
        print_move(mv)
    }

    fn play(&self, _: &PredatorPrey, mv: &Move) -> (Pos<B>, Effect) {
        let (st, e) = self.board.play(&self.st, mv);
        let board = Arc::clone(&self.board);
        (Pos { board, st }, e)
    }

    fn perft(&self, rules: &PredatorPrey, depth: u32) -> u64 {
        self.board.perft(&rules.params, &self.st, depth)
    }
}

// The rules proper, on the bare state: generic so one implementation serves
// both bit-set widths.
impl<B: Bits> Board<B> {
    #[inline]
    fn empty(&self, st: &State<B>) -> B {
        self.playable & !st.prey & !B::bit(st.predator)
    }

    /// Calls `f(to, over)` for every predator move in direction order;
    /// `over` is the jumped prey of a capture.
    #[inline]
    fn predator_moves(&self, st: &State<B>, mut f: impl FnMut(usize, Option<usize>)) {
        for d in 0..4 {
            let s = self.steps[st.predator][d];
            if s == NONE {
                continue;
            }
            let s = s as usize;
            if !st.prey.has(s) {
                f(s, None);
            } else {
                let j = self.jumps[st.predator][d];
                if j != NONE && !st.prey.has(j as usize) {
                    f(j as usize, Some(s));
                }
            }
        }
    }

    #[inline]
    fn predator_count(&self, st: &State<B>) -> u64 {
        let mut n = 0;
        self.predator_moves(st, |_, _| n += 1);
        n
    }

    /// Prey steps (reserve empty), counted per prey and destination.
    #[inline]
    fn prey_step_count(&self, st: &State<B>) -> u64 {
        let empty = self.empty(st);
        st.prey
            .iter()
            .map(|p| (self.nbr[p] & empty).count() as u64)
            .sum()
    }

    /// The number of prey actions other than pass.
    #[inline]
    fn prey_action_count(&self, st: &State<B>) -> u64 {
        if st.reserve > 0 {
            self.empty(st).count() as u64
        } else {
            self.prey_step_count(st)
        }
    }

    fn outcome(&self, params: &Params, st: &State<B>) -> Option<Outcome> {
        // docs/rules.md order: captures, predator-blocked, turn-limit.
        if st.captured >= params.capture_target {
            return Some(Outcome {
                winner: Some(PREDATOR),
                reason: Reason::Captures,
            });
        }
        if !st.prey_to_move && self.predator_count(st) == 0 {
            return Some(Outcome {
                winner: Some(PREY),
                reason: Reason::PredatorBlocked,
            });
        }
        if params.predator_turn_limit > 0 && st.turns >= params.predator_turn_limit {
            return Some(Outcome {
                winner: None,
                reason: Reason::TurnLimit,
            });
        }
        None
    }

    /// The number of legal moves unless the game is over by captures or the
    /// turn limit (a forced pass counts one; a blocked predator has none).
    #[inline]
    fn count_moves(&self, st: &State<B>) -> u64 {
        if st.prey_to_move {
            self.prey_action_count(st).max(1)
        } else {
            self.predator_count(st)
        }
    }

    fn perft(&self, params: &Params, st: &State<B>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        // The outcome test inlined: the predator's move count decides
        // `predator-blocked` and is also the bulk count of its last ply.
        let limit = params.predator_turn_limit;
        if st.captured >= params.capture_target || (limit > 0 && st.turns >= limit) {
            return 0;
        }
        if depth == 1 {
            return self.count_moves(st);
        }
        let mut total = 0;
        if st.prey_to_move {
            let mut child = *st;
            child.prey_to_move = false;
            let empty = self.empty(st);
            let mut any = false;
            if st.reserve > 0 {
                child.reserve -= 1;
                for c in empty.iter() {
                    any = true;
                    child.prey = st.prey | B::bit(c);
                    total += self.perft(params, &child, depth - 1);
                }
            } else {
                for p in st.prey.iter() {
                    for t in (self.nbr[p] & empty).iter() {
                        any = true;
                        child.prey = st.prey ^ B::bit(p) ^ B::bit(t);
                        total += self.perft(params, &child, depth - 1);
                    }
                }
            }
            if !any {
                let mut pass = *st;
                pass.prey_to_move = false;
                total += self.perft(params, &pass, depth - 1);
            }
        } else {
            self.predator_moves(st, |to, over| {
                let mut child = *st;
                child.prey_to_move = true;
                child.predator = to;
                child.turns = child.turns.saturating_add(1);
                if let Some(o) = over {
                    child.prey ^= B::bit(o);
                    child.captured = child.captured.saturating_add(1);
                }
                total += self.perft(params, &child, depth - 1);
            });
        }
        total
    }

    fn legal_moves(&self, params: &Params, st: &State<B>) -> Vec<Move> {
        if self.outcome(params, st).is_some() {
            return Vec::new();
        }
        let g = &self.geom;
        let cell = |i: usize| g.cell_at(i);
        let mut out = Vec::new();
        if st.prey_to_move {
            let empty = self.empty(st);
            if st.reserve > 0 {
                out.extend(empty.iter().map(|c| Move::Place { to: cell(c) }));
            } else {
                for p in st.prey.iter() {
                    for t in (self.nbr[p] & empty).iter() {
                        out.push(Move::Step {
                            from: cell(p),
                            to: cell(t),
                        });
                    }
                }
            }
            if out.is_empty() {
                out.push(Move::Pass);
            }
        } else {
            let from = cell(st.predator);
            self.predator_moves(st, |to, over| {
                out.push(match over {
                    None => Move::Step { from, to: cell(to) },
                    Some(o) => Move::Capture {
                        from,
                        over: cell(o),
                        to: cell(to),
                    },
                })
            });
        }
        out
    }

    /// Plays a legal move. Cells outside the board are ignored rather than
    /// trusted, so a stray move cannot panic.
    fn play(&self, st: &State<B>, mv: &Move) -> (State<B>, Effect) {
        let g = &self.geom;
        let idx = |c: Cell| {
            let i = g.index(c);
            (c.col as usize) < g.width() && (c.row as usize) < g.height() && i < g.len()
        };
        let bit = |c: Cell| {
            if idx(c) {
                B::bit(g.index(c))
            } else {
                B::empty()
            }
        };
        let mut next = *st;
        let mut effect = Effect {
            side: if st.prey_to_move { PREY } else { PREDATOR },
            ..Effect::default()
        };
        next.prey_to_move = !st.prey_to_move;
        match *mv {
            Move::Pass => effect.kind = Some(MoveKind::Pass),
            Move::Place { to } => {
                next.prey |= bit(to);
                next.reserve = st.reserve.saturating_sub(1);
                effect.kind = Some(MoveKind::Place);
                effect.to = Some(to);
            }
            Move::Step { from, to } | Move::Capture { from, to, .. } => {
                effect.from = Some(from);
                effect.to = Some(to);
                effect.kind = Some(MoveKind::Step);
                if st.prey_to_move {
                    next.prey = (next.prey & !bit(from)) | bit(to);
                } else {
                    if idx(to) {
                        next.predator = g.index(to);
                    }
                    next.turns = st.turns.saturating_add(1);
                    if let Move::Capture { over, .. } = *mv {
                        next.prey &= !bit(over);
                        next.captured = st.captured.saturating_add(1);
                        effect.kind = Some(MoveKind::Capture);
                        effect.captured = vec![over];
                    }
                }
            }
        }
        (next, effect)
    }

    /// Checks a move read from text against the rules; `Ok` is the legal
    /// move, `Err` says in the game's terms why it is not.
    fn check(&self, params: &Params, st: &State<B>, shape: Shape) -> Result<Move, MoveError> {
        match shape {
            Shape::Pass => self.check_pass(params, st),
            Shape::Place(to) => self.check_place(st, to),
            Shape::Chain(jumps) => Err(MoveError::illegal(
                "one-jump",
                format!("that is {jumps} jumps: the predator jumps at most once a turn"),
            )),
            Shape::Line { from, to, x } => self.check_line(st, from, to, x),
        }
    }

    /// "the predator" or "a prey": what stands on cell `i`.
    fn occupant(st: &State<B>, i: usize) -> &'static str {
        if i == st.predator {
            "the predator"
        } else {
            "a prey"
        }
    }

    /// A pass: prey's only, and only when it has no legal action.
    fn check_pass(&self, params: &Params, st: &State<B>) -> Result<Move, MoveError> {
        if !st.prey_to_move {
            return Err(MoveError::illegal(
                "pass-not-allowed",
                "the predator never passes: it must step or jump",
            ));
        }
        if let Some(example) = self.legal_moves(params, st).first() {
            if *example != Move::Pass {
                let what = if st.reserve > 0 {
                    "place a prey"
                } else {
                    "step a prey"
                };
                return Err(MoveError::illegal(
                    "pass-not-allowed",
                    format!(
                        "prey can still {what} (such as {}): prey passes only when it has no legal action",
                        print_move(example)
                    ),
                ));
            }
        }
        Ok(Move::Pass)
    }

    /// ", such as …": the first move prey has in `st` (a placement while
    /// its reserve lasts, else a step), so a message's example is always a
    /// move the engine takes in the position it speaks of; nothing when
    /// prey has no move.
    fn prey_example(&self, st: &State<B>) -> String {
        let name = |i: usize| self.geom.name(i);
        let empty = self.empty(st);
        let example = if st.reserve > 0 {
            empty.iter().next().map(|c| format!("@{}", name(c)))
        } else {
            st.prey.iter().find_map(|p| {
                (self.nbr[p] & empty)
                    .iter()
                    .next()
                    .map(|t| format!("{}-{}", name(p), name(t)))
            })
        };
        example.map_or_else(String::new, |m| format!(" (such as {m})"))
    }

    /// A prey placed from the reserve on cell `to`.
    fn check_place(&self, st: &State<B>, to: usize) -> Result<Move, MoveError> {
        let name = |i: usize| self.geom.name(i);
        if !st.prey_to_move {
            return Err(MoveError::illegal(
                "wrong-turn",
                format!(
                    "it is the predator's turn: prey cannot be placed on {}",
                    name(to)
                ),
            ));
        }
        if st.reserve == 0 {
            return Err(MoveError::illegal(
                "reserve-empty",
                format!(
                    "the prey reserve is empty (captured prey never return to it): prey now moves one prey one orthogonal step{}",
                    self.prey_example(st)
                ),
            ));
        }
        if !self.empty(st).has(to) {
            return Err(MoveError::illegal(
                "occupied",
                format!(
                    "{} is occupied by {}: prey is placed on an empty cell",
                    name(to),
                    Self::occupant(st, to)
                ),
            ));
        }
        Ok(Move::Place {
            to: self.geom.cell_at(to),
        })
    }

    /// A move from one cell to another (`x` when written as a capture):
    /// the mover's own piece, in its turn, along a row or a column; then a
    /// step or a jump.
    fn check_line(
        &self,
        st: &State<B>,
        from: usize,
        to: usize,
        x: bool,
    ) -> Result<Move, MoveError> {
        let g = &self.geom;
        let name = |i: usize| g.name(i);
        let sep = if x { 'x' } else { '-' };
        let text = format!("{}{sep}{}", name(from), name(to));
        let Some(piece) = self.piece_at(st, from) else {
            return Err(MoveError::illegal(
                "no-piece",
                format!("{} is empty: there is no piece to move", name(from)),
            ));
        };
        let mover_is_prey = piece == PREY;
        if mover_is_prey != st.prey_to_move {
            return Err(MoveError::illegal(
                "not-own-piece",
                format!(
                    "{} holds {}, but it is {}'s turn",
                    name(from),
                    Self::occupant(st, from),
                    if st.prey_to_move {
                        "prey"
                    } else {
                        "the predator"
                    }
                ),
            ));
        }
        if mover_is_prey && st.reserve > 0 {
            return Err(MoveError::illegal(
                "must-place",
                format!(
                    "prey still has {} in reserve: while any remain, prey places one on an empty cell{} instead of moving",
                    st.reserve,
                    self.prey_example(st)
                ),
            ));
        }
        if from == to {
            return Err(MoveError::illegal(
                "same-cell",
                format!("{text} goes nowhere: a move must leave its cell"),
            ));
        }
        let (fc, fr) = ((from % g.width()) as i32, (from / g.width()) as i32);
        let (tc, tr) = ((to % g.width()) as i32, (to / g.width()) as i32);
        let (dc, dr) = (tc - fc, tr - fr);
        if dc != 0 && dr != 0 {
            let why = if dc.abs() == dr.abs() {
                "is diagonal"
            } else {
                "is not along a row or a column"
            };
            return Err(MoveError::illegal(
                "not-orthogonal",
                format!("{text} {why}: only orthogonal neighbours are connected"),
            ));
        }
        let dist = dc.abs() + dr.abs();
        if mover_is_prey && dist > 1 {
            return Err(MoveError::illegal(
                "too-far",
                format!(
                    "{text} covers {dist} cells: prey moves one orthogonal step and never jumps"
                ),
            ));
        }
        if dist > 2 {
            return Err(MoveError::illegal(
                "too-far",
                format!(
                    "{text} covers {dist} cells: the predator steps one cell or jumps one adjacent prey to the cell just beyond"
                ),
            ));
        }
        if dist == 1 {
            return self.check_step(st, from, to, x, mover_is_prey, &text);
        }
        // A predator jump of two cells: over the cell between.
        let mid = ((fr + dr / 2) * g.width() as i32 + fc + dc / 2) as usize;
        self.check_jump(st, from, mid, to)
    }

    /// A step of one cell (`text` as written) onto an empty cell.
    fn check_step(
        &self,
        st: &State<B>,
        from: usize,
        to: usize,
        x: bool,
        mover_is_prey: bool,
        text: &str,
    ) -> Result<Move, MoveError> {
        let name = |i: usize| self.geom.name(i);
        if x {
            let capture_hint = if mover_is_prey {
                "prey never captures"
            } else {
                "a capture jumps over an adjacent prey to the empty cell beyond"
            };
            return Err(MoveError::illegal(
                "not-a-capture",
                format!(
                    "{text} is a step, not a capture ({capture_hint}): write {}-{}",
                    name(from),
                    name(to)
                ),
            ));
        }
        if !self.empty(st).has(to) {
            return Err(MoveError::illegal(
                "occupied",
                format!(
                    "{} is occupied by {}: {} steps onto an empty cell",
                    name(to),
                    Self::occupant(st, to),
                    side_name(mover_is_prey)
                ),
            ));
        }
        Ok(Move::Step {
            from: self.geom.cell_at(from),
            to: self.geom.cell_at(to),
        })
    }

    /// The predator's jump from `from` over `mid` to `to`: the cell between
    /// must hold a prey and the landing cell must be empty.
    fn check_jump(
        &self,
        st: &State<B>,
        from: usize,
        mid: usize,
        to: usize,
    ) -> Result<Move, MoveError> {
        let g = &self.geom;
        let name = |i: usize| g.name(i);
        if g.is_hole(mid) {
            return Err(MoveError::illegal(
                "over-hole",
                format!("{} is a hole: the predator cannot jump over it", name(mid)),
            ));
        }
        if !st.prey.has(mid) {
            return Err(MoveError::illegal(
                "nothing-to-jump",
                format!(
                    "{} is empty: the predator jumps only over an adjacent prey",
                    name(mid)
                ),
            ));
        }
        if !self.empty(st).has(to) {
            return Err(MoveError::illegal(
                "occupied",
                format!(
                    "{} is occupied: the predator must land on an empty cell",
                    name(to)
                ),
            ));
        }
        Ok(Move::Capture {
            from: g.cell_at(from),
            over: g.cell_at(mid),
            to: g.cell_at(to),
        })
    }

    fn piece_at(&self, st: &State<B>, i: usize) -> Option<char> {
        if i == st.predator {
            Some(PREDATOR)
        } else if st.prey.has(i) {
            Some(PREY)
        } else {
            None
        }
    }
}

/// A move as read from text, before the rules are consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Pass,
    Place(usize),
    Line {
        from: usize,
        to: usize,
        x: bool,
    },
    /// Several jumps in one move (`C3xC5xC7`): the number of jumps.
    Chain(usize),
}

const MOVE_FORMS: &str =
    "a placement (`@` and a cell), a step (two cells joined by `-`), a capture (two cells joined by `x`), or `pass`";

/// A letter and digits: something meant as a cell name (whose details
/// `Geometry::cell` then checks, e.g. lowercase or off the board).
fn looks_like_cell(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

fn read_move(g: &Geometry, text: &str) -> Result<Shape, MoveError> {
    let syntax = || MoveError::Syntax {
        found: text.to_string(),
        expected: MOVE_FORMS.to_string(),
    };
    if text == "pass" {
        return Ok(Shape::Pass);
    }
    let bare = text.strip_prefix('@').unwrap_or(text);
    if looks_like_cell(bare) {
        return Ok(Shape::Place(g.cell(bare)?));
    }
    if text.starts_with('@') {
        return Err(syntax());
    }
    // Cell names use capital letters, so a lowercase `x` is always the
    // capture sign; `-` takes precedence so mixed forms do not read.
    let (sep, x) = if text.contains('-') {
        ('-', false)
    } else if text.contains('x') {
        ('x', true)
    } else {
        return Err(syntax());
    };
    let parts: Vec<&str> = text.split(sep).collect();
    if !parts.iter().all(|p| looks_like_cell(p)) {
        return Err(syntax());
    }
    let cells = parts
        .iter()
        .map(|p| g.cell(p))
        .collect::<Result<Vec<_>, _>>()?;
    if cells.len() > 2 {
        return Ok(Shape::Chain(cells.len() - 1));
    }
    Ok(Shape::Line {
        from: cells[0],
        to: cells[1],
        x,
    })
}

fn print_move(mv: &Move) -> String {
    match mv {
        Move::Place { to } => format!("@{to}"),
        Move::Step { from, to } => format!("{from}-{to}"),
        Move::Capture { from, to, .. } => format!("{from}x{to}"),
        Move::Pass => String::from("pass"),
    }
}

/// Reads a position's text (board and fields) without judging it.
pub fn parse_setup(text: &str) -> Result<Setup, PositionError> {
    let (board, mut fields) = split_position(text);
    let b = parse_board(board, &[PREDATOR, PREY])?;
    let prey_to_move = fields.side(&[PREY, PREDATOR], "`o` (prey) or `P` (predator)")? == PREY;
    let reserve = fields.number("prey in reserve", "the number of prey not yet placed")?;
    let captured = fields.number("prey captured", "the number of prey taken by the predator")?;
    let turns = fields.number(
        "predator turns played",
        "the number of turns the predator has played",
    )?;
    fields.end()?;
    Ok(Setup {
        width: b.width,
        height: b.height,
        squares: b.squares,
        prey_to_move,
        reserve,
        captured,
        turns,
    })
}

impl PredatorPrey {
    /// Checks a setup against the rules: exactly one predator, and no more
    /// prey in play, in reserve and captured than the kit has.
    pub fn validate(&self, setup: &Setup) -> Result<Position, Invalid> {
        let at = |k: char| {
            (0..setup.squares.len()).filter(move |&i| setup.squares[i] == Square::Piece(k))
        };
        let predators: Vec<usize> = at(PREDATOR).collect();
        if predators.len() != 1 {
            return Err(Invalid::PredatorCount {
                found: predators.len(),
            });
        }
        let on_board = at(PREY).count();
        let total = on_board as u64 + setup.reserve as u64 + setup.captured as u64;
        if total > self.params.prey as u64 {
            return Err(Invalid::Supply {
                what: format!(
                    "prey on the board ({on_board}), in reserve ({}) and captured ({}) together",
                    setup.reserve, setup.captured
                ),
                found: total as usize,
                supply: self.params.prey as usize,
            });
        }
        let holes: Vec<usize> = (0..setup.squares.len())
            .filter(|&i| setup.squares[i] == Square::Hole)
            .collect();
        let geom = Geometry::new(setup.width, setup.height, Topology::Bounded, &holes);
        struct Make<'a> {
            geom: Geometry,
            setup: &'a Setup,
            predator: usize,
        }
        impl Build<PredatorStates> for Make<'_> {
            fn build<B: Bits>(self) -> Pos<B> {
                let mut prey = B::empty();
                for (i, s) in self.setup.squares.iter().enumerate() {
                    if *s == Square::Piece(PREY) {
                        prey |= B::bit(i);
                    }
                }
                let setup = self.setup;
                Pos {
                    board: Arc::new(Board::new(self.geom)),
                    st: State {
                        prey,
                        predator: self.predator,
                        prey_to_move: setup.prey_to_move,
                        reserve: setup.reserve,
                        captured: setup.captured,
                        turns: setup.turns,
                    },
                }
            }
        }
        let cells = geom.len();
        Ok(Position(ByWidth::new(
            cells,
            Make {
                geom,
                setup,
                predator: predators[0],
            },
        )))
    }
}

impl Rules for PredatorPrey {
    type Position = Position;
    type Move = Move;
    const INFO: RulesInfo = RulesInfo {
        id: "predator-prey",
        topology: Topology::Bounded,
        first_mover: "prey always moves first",
        sides: &[('o', "prey"), ('P', "the predator")],
        start: "5/5/2P2/5/5 o 8 0 0",
    };
    width_rules!(Position);

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let setup = parse_setup(text)?;
        Ok(self.validate(&setup)?)
    }

    fn counts(&self, pos: &Position) -> Counts {
        by_width!(&pos.0, p => Counts::new()
            .with(RESERVE, u64::from(p.st.reserve))
            .with(CAPTURED, u64::from(p.st.captured))
            .with(TURNS, u64::from(p.st.turns)))
    }

    fn position_key(&self, pos: &Position) -> u64 {
        match &pos.0 {
            ByWidth::U64(p) => {
                let st = &p.st;
                key_of_words(&[
                    st.prey,
                    st.predator as u64
                        | u64::from(st.prey_to_move) << 8
                        | u64::from(st.reserve) << 16
                        | u64::from(st.captured) << 24
                        | u64::from(st.turns) << 32,
                ])
            }
            _ => key_of_text(&pos.text()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> PredatorPrey {
        PredatorPrey::new(Params::default())
    }

    #[test]
    fn fast_perft_matches_the_reference() {
        let r = rules();
        for (text, depth) in [
            ("5/5/2P2/5/5 o 8 0 0", 3),
            ("5/2o2/1oPo1/2o2/5 P 4 0 0", 4),
            ("5/1-3/oPo2/1o-2/5 o 0 1 5", 4),
            ("o2/-P-/o1o o 0 0 0", 5),
        ] {
            let p = r.parse_position(text).unwrap();
            for d in 0..=depth {
                assert_eq!(
                    r.perft(&p, d),
                    perft_by_moves(&r, &p, d),
                    "{text} depth {d}"
                );
            }
        }
    }

    #[test]
    fn wide_boards_play_like_small_ones() {
        // 8×8 (u64), 9×8 = 72 cells (u128) and 12×12 = 144 (the wide set):
        // the same local situation gives the same counts while the far edge
        // is out of reach.
        let r = PredatorPrey::new(Params {
            predator_turn_limit: 0,
            ..Params::default()
        });
        let small = r.parse_position("8/8/8/3o4/2oPo3/3o4/8/8 P 0 0 0").unwrap();
        let medium = r.parse_position("9/9/9/3o5/2oPo4/3o5/9/9 P 0 0 0").unwrap();
        let wide = r
            .parse_position("12/12/12/12/12/3o8/2oPo7/3o8/12/12/12/12 P 0 0 0")
            .unwrap();
        assert!(matches!(small.0, ByWidth::U64(_)));
        assert!(matches!(medium.0, ByWidth::U128(_)));
        assert!(matches!(wide.0, ByWidth::Wide(_)));
        for p in [&small, &medium, &wide] {
            assert_eq!(r.perft(p, 1), 4);
            assert_eq!(r.perft(p, 3), perft_by_moves(&r, p, 3));
        }
        assert_eq!(r.perft(&small, 3), r.perft(&wide, 3));
    }
}
