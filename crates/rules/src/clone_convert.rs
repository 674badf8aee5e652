//! Clone, jump and convert (docs/rules.md, family `clone-convert`): an Ataxx-like
//! game. A piece clones to an empty cell at Chebyshev distance 1 or jumps to
//! one at distance 2; then every opposing piece around the destination turns.
//!
//! The board is two bit sets (one a side) over the cells; per-cell masks of
//! the cells at distance 1 and 2 are computed once per board shape and shared
//! by every position derived from it. Boards of up to 64 cells use `u64`,
//! up to 128 `u128`, larger ones `Wide`. Perft counts
//! the last ply in bulk, without playing the leaf moves.
use super::bits::Bits;
use super::bits::{by_width, width_rules, AtWidth, Build, ByWidth, WidthState};
use super::notation::{parse_board, print_board, split_position, Square};
use crate::family::{Counts, RulesInfo, TURNS};
use crate::game::*;
use crate::geometry::{CellError, Geometry, Topology};
use crate::notation::{self, Invalid, PositionError};
use crate::view::BoardView;
use std::fmt;
use std::sync::Arc;

/// The two side symbols, by internal side index (0 = `W`, 1 = `B`).
pub const SIDES: [char; 2] = ['W', 'B'];

/// Parameters of the family (defaults from docs/rules.md).
#[derive(Clone, Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
#[schemars(rename = "CloneConvertParams")]
pub struct Params {
    /// The side that moves first (the side field of the default start).
    #[serde(deserialize_with = "side_symbol")]
    #[schemars(with = "String", extend("enum" = ["W", "B"]))]
    pub first: char,
    /// The game is over once this many turns (passes included) have been
    /// played; 0 = no limit.
    pub turn_limit: u32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            first: 'W',
            turn_limit: 60,
        }
    }
}

/// What the clone game is besides its rules (see [`GameFamily`]).
mod description {
    use crate::clone_convert::{CloneConvert, Params};
    use crate::family::TURNS;
    use crate::family::{
        AuditInfo, CountName, Counted, Counts, FactKind,
        FactNumber::{Count, Ordinal},
        FamilyPrint, GameFamily, Look, Piece, PositionFact, TokenSet, Tone, TurnsFit,
        MAX_TURN_LIMIT,
    };
    use crate::game::Reason;
    use crate::view::BoardView;

    impl GameFamily for CloneConvert {
        type Params = Params;

        const TABLE_FIELDS: &'static [CountName] = &[TURNS];

        fn with_params(params: Params) -> Self {
            CloneConvert::new(params)
        }

        fn turn_limit(p: &Params) -> usize {
            p.turn_limit as usize
        }

        fn problems(p: &Params, _: u32, _: usize, _: usize) -> Vec<(&'static str, String)> {
            let mut problems = Vec::new();
            if p.turn_limit > MAX_TURN_LIMIT {
                problems.push((
                    "turn_limit",
                    format!(
                        "`turn_limit` is at most {MAX_TURN_LIMIT} (0 for no limit), found {}",
                        p.turn_limit
                    ),
                ));
            }
            problems
        }

        fn stop_conditions(p: &Params) -> Vec<Reason> {
            let mut v = vec![Reason::Eliminated, Reason::BoardFull, Reason::NoMoves];
            if p.turn_limit > 0 {
                v.push(Reason::TurnLimit);
            }
            v
        }

        // A turn adds one marker at most (a clone; a jump or a pass none,
        // and turning markers keeps the count); passes are turns, so the
        // first player moves after an even number.
        fn turns_that_fit(
            p: &Params,
            start: &BoardView,
            view: &BoardView,
            _: &Counts,
        ) -> Option<TurnsFit> {
            let (on_board, at_start) = (view.pieces.len() as u64, start.pieces.len() as u64);
            let (first, side) = (p.first, view.side_to_move);
            Some(TurnsFit {
                why: format!("{on_board} markers stand on the board; the start has {at_start} and a turn adds at most one, and {first} moves after an even number of turns"),
                least: on_board.saturating_sub(at_start),
                most: None,
                parity: Some(u64::from(side != first)),
            })
        }
    }

    /// The turns played in a game without a turn limit.
    const TURNS_NO_LIMIT: FactKind = FactKind {
        key: "turns_no_limit",
        numbers: &["turns"],
    };
    /// The turns played of the limit, and the last turn (an ordinal).
    const TURNS_OF_LIMIT: FactKind = FactKind {
        key: "turns_of_limit",
        numbers: &["turns", "limit", "last"],
    };

    impl FamilyPrint for CloneConvert {
        const LOOK: Look = Look {
            pieces: &[
                Piece::plain('W', Tone::Light, "W"),
                Piece::plain('B', Tone::Dark, "B"),
            ],
            orthogonal_only: false,
            checkered: false,
            audit: AuditInfo {
                turn_mm: 9.0,
                side_mm: Some(9.0),
                fills_a_cell_a_turn: false,
            },
        };

        fn figures(p: &Params) -> Vec<(&'static str, u32)> {
            vec![("turn_limit", p.turn_limit)]
        }

        const LIMITS: &'static [&'static str] = &["turn_limit"];

        // "the 60th turn", "after turn 60", "after 60 turns" ("turn 2"
        // elsewhere is a moment of play, not the limit).
        const COUNTED: &'static [Counted] = &[Counted {
            name: "turn_limit",
            what: "turns",
            says: "#th turn | after turn # | after # turns",
        }];

        const STATED: &'static [Counted] = &[Counted {
            name: "turns",
            what: "turns played",
            says: "# turns played",
        }];

        const FACTS: &'static [FactKind] = &[TURNS_NO_LIMIT, TURNS_OF_LIMIT];

        fn position_facts(p: &Params, counts: &Counts, _: &BoardView) -> Vec<PositionFact> {
            let turns = Count(counts.turns().unwrap_or(0));
            vec![match u64::from(p.turn_limit) {
                0 => TURNS_NO_LIMIT.stated(&[turns]),
                limit => TURNS_OF_LIMIT.stated(&[turns, Count(limit), Ordinal(limit)]),
            }]
        }

        // One marker a cell: the board can be full.
        fn token_sets(_: &Params, cells: usize) -> Vec<TokenSet> {
            vec![TokenSet {
                symbol: 'W',
                back: Some('B'),
                back_crowned: false,
                count: cells,
                spares: cells.div_ceil(5),
                size_mm: 22.0,
            }]
        }
    }
}

/// Refuses a `first` that is not one of the two sides, when the parameters
/// are read (an engine is never built with a side it does not know).
fn side_symbol<'de, D: serde::Deserializer<'de>>(d: D) -> Result<char, D::Error> {
    use serde::de::Error;
    let s = <String as serde::Deserialize>::deserialize(d)?;
    match s.as_str() {
        "W" => Ok('W'),
        "B" => Ok('B'),
        _ => Err(D::Error::custom(format!(
            "first is `{s}`: expected `W` or `B`"
        ))),
    }
}

/// The rules of the family with its parameters.
#[derive(Clone, Debug)]
pub struct CloneConvert {
    /// The family's parameters.
    pub params: Params,
}

impl CloneConvert {
    /// The rules with these parameters.
    pub fn new(params: Params) -> Self {
        CloneConvert { params }
    }

    fn first_index(&self) -> usize {
        usize::from(self.params.first == 'B')
    }
}

/// A move. Cells are indices in the position's board (`row * width + col`,
/// A1 = 0). A clone always names its canonical source: the own piece at
/// distance 1 from `to` with the lowest index (which source clones does not
/// change the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A clone: a new piece appears on `to`, the source stays.
    Clone {
        /// The canonical source.
        from: usize,
        /// The empty cell at distance 1 that gets the new piece.
        to: usize,
    },
    /// A jump: the piece leaves `from` for `to`.
    Jump {
        /// The cell the piece leaves.
        from: usize,
        /// The empty cell at distance 2 it lands on.
        to: usize,
    },
    /// A forced pass: the mover has no move.
    Pass,
}

/// What a board shape allows: playable cells and, per cell, the playable
/// cells at distance 1 and 2.
struct Tables<B> {
    geo: Geometry,
    playable: B,
    near: Vec<B>,
    far: Vec<B>,
}

impl<B: Bits> Tables<B> {
    fn new(geo: Geometry) -> Self {
        let mut playable = B::empty();
        for i in geo.playable() {
            playable |= B::bit(i);
        }
        let set = |cells: Vec<usize>| {
            let mut b = B::empty();
            for c in cells {
                b |= B::bit(c);
            }
            b
        };
        let near = (0..geo.len()).map(|i| set(geo.at_distance(i, 1))).collect();
        let far = (0..geo.len()).map(|i| set(geo.at_distance(i, 2))).collect();
        Tables {
            geo,
            playable,
            near,
            far,
        }
    }

    /// The number of moves a side with pieces `me` has (a clone once per
    /// destination, a jump once per source and destination), pass excluded.
    #[inline]
    fn count_moves(&self, me: B, empty: B) -> u64 {
        let mut clones = B::empty();
        let mut n = 0u64;
        for s in me.iter() {
            clones |= self.near[s];
            n += (self.far[s] & empty).count() as u64;
        }
        n + (clones & empty).count() as u64
    }

    #[inline]
    fn can_move(&self, me: B, empty: B) -> bool {
        me.iter()
            .any(|s| !((self.near[s] | self.far[s]) & empty).is_empty())
    }

    /// Perft below a position that is not known to be over, `depth >= 1`.
    /// `left` is the number of turns until the turn limit (`u64::MAX` when
    /// there is none).
    fn perft(&self, me: B, opp: B, left: u64, depth: u32) -> u64 {
        // Game over: eliminated, turn limit, board full. (No-moves is found
        // below, when the side to move has no move.)
        if me.is_empty() || opp.is_empty() || left == 0 {
            return 0;
        }
        let empty = self.playable & !(me | opp);
        if empty.is_empty() {
            return 0;
        }
        if depth == 1 {
            let n = self.count_moves(me, empty);
            if n > 0 {
                return n;
            }
            // A forced pass counts once, unless neither side can move.
            return u64::from(self.can_move(opp, empty));
        }
        let mut total = 0;
        let mut clones = B::empty();
        let mut jumped = false;
        for s in me.iter() {
            clones |= self.near[s];
            let from = B::bit(s);
            for d in (self.far[s] & empty).iter() {
                jumped = true;
                let flip = opp & self.near[d];
                let mine = (me ^ from) | B::bit(d) | flip;
                total += self.perft(opp ^ flip, mine, left - 1, depth - 1);
            }
        }
        let clones = clones & empty;
        for d in clones.iter() {
            let flip = opp & self.near[d];
            let mine = me | B::bit(d) | flip;
            total += self.perft(opp ^ flip, mine, left - 1, depth - 1);
        }
        if !jumped && clones.is_empty() {
            if self.can_move(opp, empty) {
                return self.perft(opp, me, left - 1, depth - 1);
            }
            return 0;
        }
        total
    }
}

/// A position on a board of a given bit-set width.
#[derive(Clone)]
pub struct State<B> {
    tables: Arc<Tables<B>>,
    pieces: [B; 2],
    side: usize,
    turns: u32,
}

impl<B: Bits> PartialEq for State<B> {
    fn eq(&self, other: &Self) -> bool {
        self.tables.geo == other.tables.geo
            && self.pieces == other.pieces
            && self.side == other.side
            && self.turns == other.turns
    }
}

impl<B: Bits> State<B> {
    fn empty(&self) -> B {
        self.tables.playable & !(self.pieces[0] | self.pieces[1])
    }

    fn name(&self, i: usize) -> String {
        self.tables.geo.name(i)
    }

    fn square(&self, i: usize) -> Square {
        if self.tables.geo.is_hole(i) {
            Square::Hole
        } else if self.pieces[0].has(i) {
            Square::Piece(SIDES[0])
        } else if self.pieces[1].has(i) {
            Square::Piece(SIDES[1])
        } else {
            Square::Empty
        }
    }

    /// The canonical clone source for `to`: the lowest own piece next to it.
    fn clone_source(&self, to: usize) -> Option<usize> {
        (self.tables.near[to] & self.pieces[self.side]).pop_first()
    }

    /// A cell of a move: a name that is not a cell name makes the whole
    /// text unreadable as a move; other cell errors are reported as such.
    fn cell(&self, text: &str, whole: &str) -> Result<usize, MoveError> {
        self.tables.geo.cell(text).map_err(|e| match e {
            // `c3` gets the hint about capitals; `x` or `pass3` is no cell.
            CellError::Lowercase { .. }
                if text.len() > 1 && text[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                MoveError::Cell(e)
            }
            CellError::Malformed { .. } | CellError::Lowercase { .. } => syntax(whole),
            e => MoveError::Cell(e),
        })
    }

    /// The solver's moves: the legal moves, those converting most first
    /// (a clone before a jump converting as many), which finds the
    /// refutations of the clone game's deep searches sooner.
    fn search_moves(&self, rules: &CloneConvert) -> Vec<Move> {
        let moves = self.legal_moves(rules);
        let theirs = self.pieces[1 - self.side];
        let near = &self.tables.near;
        // Most converted first, a clone before a jump converting as many,
        // in generation order otherwise: a stable counting sort on the
        // rank (the search's every node orders its moves; a comparison
        // sort was a quarter of a class set's time).
        let rank = |mv: &Move| match *mv {
            Move::Clone { to, .. } => 2 * (theirs & near[to]).count() as usize + 1,
            Move::Jump { to, .. } => 2 * (theirs & near[to]).count() as usize,
            Move::Pass => 0,
        };
        const RANKS: usize = 2 * 8 + 2;
        let mut starts = [0usize; RANKS + 1];
        let ranks: Vec<usize> = moves.iter().map(|m| rank(m).min(RANKS - 1)).collect();
        for &r in &ranks {
            starts[RANKS - 1 - r + 1] += 1;
        }
        for k in 1..=RANKS {
            starts[k] += starts[k - 1];
        }
        let mut sorted = vec![Move::Pass; moves.len()];
        for (mv, &r) in moves.into_iter().zip(&ranks) {
            let at = &mut starts[RANKS - 1 - r];
            sorted[*at] = mv;
            *at += 1;
        }
        sorted
    }

    /// [`State::play`] without the effect (no list of converted cells).
    fn search_play(&self, mv: &Move) -> State<B> {
        let t = &self.tables;
        let me = self.side;
        let mut pieces = self.pieces;
        if let Move::Clone { to, .. } | Move::Jump { to, .. } = *mv {
            if let Move::Jump { from, .. } = *mv {
                pieces[me] ^= B::bit(from);
            }
            let flip = pieces[1 - me] & t.near[to];
            pieces[me] |= B::bit(to) | flip;
            pieces[1 - me] ^= flip;
        }
        State {
            tables: Arc::clone(&self.tables),
            pieces,
            side: 1 - me,
            turns: self.turns.saturating_add(1),
        }
    }
}

impl<B: Bits> WidthState<CloneConvert> for State<B> {
    fn text(&self) -> String {
        let g = &self.tables.geo;
        let board = print_board(g.width(), g.height(), |i| self.square(i));
        format!("{board} {} {}", SIDES[self.side], self.turns)
    }

    fn view(&self) -> BoardView {
        let g = &self.tables.geo;
        BoardView {
            width: g.width(),
            height: g.height(),
            topology: Topology::Bounded,
            holes: g.holes().map(|i| g.cell_at(i)).collect(),
            pieces: (0..g.len())
                .filter_map(|i| match self.square(i) {
                    Square::Piece(p) => Some((g.cell_at(i), p)),
                    _ => None,
                })
                .collect(),
            side_to_move: SIDES[self.side],
        }
    }

    fn outcome(&self, rules: &CloneConvert) -> Option<Outcome> {
        let limit = rules.params.turn_limit;
        let t = &self.tables;
        let [w, b] = self.pieces;
        let empty = self.empty();
        let reason = if w.is_empty() || b.is_empty() {
            Reason::Eliminated
        } else if empty.is_empty() {
            Reason::BoardFull
        } else if !t.can_move(w, empty) && !t.can_move(b, empty) {
            Reason::NoMoves
        } else if limit > 0 && self.turns >= limit {
            Reason::TurnLimit
        } else {
            return None;
        };
        let (nw, nb) = (w.count(), b.count());
        let winner = match nw.cmp(&nb) {
            std::cmp::Ordering::Greater => Some(SIDES[0]),
            std::cmp::Ordering::Less => Some(SIDES[1]),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome { winner, reason })
    }

    /// Clones (one per destination, index order), then jumps (by source,
    /// then destination); a lone pass when there is neither.
    fn legal_moves(&self, rules: &CloneConvert) -> Vec<Move> {
        if self.outcome(rules).is_some() {
            return Vec::new();
        }
        let t = &self.tables;
        let me = self.pieces[self.side];
        let empty = self.empty();
        let mut clones = B::empty();
        for s in me.iter() {
            clones |= t.near[s];
        }
        let targets = clones & empty;
        let jumps: u32 = me.iter().map(|from| (t.far[from] & empty).count()).sum();
        let mut moves: Vec<Move> = Vec::with_capacity((targets.count() + jumps) as usize);
        moves.extend(targets.iter().map(|to| Move::Clone {
            from: (t.near[to] & me).pop_first().unwrap_or(to),
            to,
        }));
        for from in me.iter() {
            moves.extend(
                (t.far[from] & empty)
                    .iter()
                    .map(|to| Move::Jump { from, to }),
            );
        }
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
        moves
    }

    fn read_legal_move(&self, rules: &CloneConvert, text: &str) -> Result<Move, MoveError> {
        let me = SIDES[self.side];
        let empty = self.empty();
        if text == crate::notation::PASS {
            let moves = self.legal_moves(rules);
            return match moves.first() {
                Some(Move::Pass) | None => Ok(Move::Pass),
                Some(m) => Err(MoveError::illegal(
                    "pass-not-allowed",
                    format!(
                        "{me} cannot pass: {me} has {} legal move{}, such as {}",
                        moves.len(),
                        if moves.len() == 1 { "" } else { "s" },
                        self.print_move(m)
                    ),
                )),
            };
        }
        let occupied = |to: usize| {
            let what = match self.square(to) {
                Square::Piece(p) => format!("a {p} piece"),
                _ => String::from("a piece"),
            };
            MoveError::illegal(
                "occupied",
                format!(
                    "{} is occupied by {what}: a clone or jump lands on an empty cell",
                    self.name(to)
                ),
            )
        };
        let Some((a, b)) = text.split_once('-') else {
            // A bare destination: a clone from any own piece next to it.
            let to = self.cell(text, text)?;
            if !empty.has(to) {
                return Err(occupied(to));
            }
            return match self.clone_source(to) {
                Some(from) => Ok(Move::Clone { from, to }),
                None => {
                    let hint = match (self.tables.far[to] & self.pieces[self.side]).pop_first() {
                        Some(s) => format!(
                            " (a jump names its source, such as {}-{text})",
                            self.name(s)
                        ),
                        None => String::new(),
                    };
                    Err(MoveError::illegal(
                        "no-clone-source",
                        format!("no {me} piece is next to {text}, so none can clone there{hint}"),
                    ))
                }
            };
        };
        let from = self.cell(a, text)?;
        let to = self.cell(b, text)?;
        match self.square(from) {
            Square::Piece(p) if p == me => {}
            Square::Piece(p) => {
                return Err(MoveError::illegal(
                    "not-own-piece",
                    format!("{a} holds a {p} piece: {me} moves only its own pieces"),
                ))
            }
            _ => {
                return Err(MoveError::illegal(
                    "not-own-piece",
                    format!("{a} holds no {me} piece: it is empty"),
                ))
            }
        }
        let distance = self.tables.geo.distance(from, to);
        if distance == 0 {
            return Err(MoveError::illegal(
                "same-cell",
                format!("{text} does not leave {a}: a clone goes 1 cell away, a jump 2"),
            ));
        }
        if distance > 2 {
            return Err(MoveError::illegal(
                "too-far",
                format!("{b} is {distance} cells from {a}: a clone reaches 1, a jump 2"),
            ));
        }
        if !empty.has(to) {
            return Err(occupied(to));
        }
        if distance == 1 {
            // Any own neighbour may be named; the move is the same.
            let from = self.clone_source(to).unwrap_or(from);
            Ok(Move::Clone { from, to })
        } else {
            Ok(Move::Jump { from, to })
        }
    }

    fn print_move(&self, mv: &Move) -> String {
        match *mv {
            Move::Clone { from, to } | Move::Jump { from, to } => {
                format!("{}-{}", self.name(from), self.name(to))
            }
            Move::Pass => String::from(crate::notation::PASS),
        }
    }

    fn play(&self, _: &CloneConvert, mv: &Move) -> (State<B>, Effect) {
        let t = &self.tables;
        let me = self.side;
        let mut pieces = self.pieces;
        let mut effect = Effect {
            side: SIDES[me],
            kind: Some(MoveKind::Pass),
            ..Effect::default()
        };
        let (kind, from, to) = match *mv {
            Move::Clone { from, to } => (MoveKind::Clone, from, to),
            Move::Jump { from, to } => (MoveKind::Jump, from, to),
            Move::Pass => (MoveKind::Pass, 0, 0),
        };
        if kind != MoveKind::Pass {
            if kind == MoveKind::Jump {
                pieces[me] ^= B::bit(from);
            }
            let flip = pieces[1 - me] & t.near[to];
            pieces[me] |= B::bit(to) | flip;
            pieces[1 - me] ^= flip;
            effect.kind = Some(kind);
            effect.from = Some(t.geo.cell_at(from));
            effect.to = Some(t.geo.cell_at(to));
            effect.converted = flip.iter().map(|i| t.geo.cell_at(i)).collect();
        }
        let next = State {
            tables: Arc::clone(&self.tables),
            pieces,
            side: 1 - me,
            turns: self.turns.saturating_add(1),
        };
        (next, effect)
    }

    fn perft(&self, rules: &CloneConvert, depth: u32) -> u64 {
        let limit = rules.params.turn_limit;
        if depth == 0 {
            return 1;
        }
        let left = if limit == 0 {
            u64::MAX
        } else {
            u64::from(limit.saturating_sub(self.turns))
        };
        let p = self.pieces;
        self.tables
            .perft(p[self.side], p[1 - self.side], left, depth)
    }
}

fn syntax(found: &str) -> MoveError {
    MoveError::Syntax {
        found: found.to_string(),
        expected: String::from(
            "a clone or jump (its cell and the empty cell, joined by `-`), a clone as its destination cell alone, or `pass`",
        ),
    }
}

/// The clone family's state type, for the width dispatch.
#[derive(Clone, PartialEq)]
pub struct CloneStates;

impl AtWidth for CloneStates {
    type At<B: Bits> = State<B>;
}

/// A valid position: the board, the side to move and the turns played.
#[derive(Clone, PartialEq)]
pub struct Position(ByWidth<CloneStates>);

impl Position {
    /// The side to move.
    pub fn side_to_move(&self) -> char {
        by_width!(&self.0, s => SIDES[s.side])
    }

    /// Turns played, passes included.
    pub fn turns(&self) -> u32 {
        by_width!(&self.0, s => s.turns)
    }

    /// The number of pieces of a side (`W` or `B`; 0 for other symbols).
    pub fn count(&self, side: char) -> u32 {
        match SIDES.iter().position(|&c| c == side) {
            Some(k) => by_width!(&self.0, s => s.pieces[k].count()),
            None => 0,
        }
    }

    /// The board's cell names, for moves written by hand in tests.
    pub fn cell(&self, name: &str) -> Result<usize, CellError> {
        by_width!(&self.0, s => s.tables.geo.cell(name))
    }

    fn text(&self) -> String {
        by_width!(&self.0, s => s.text())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.text())
    }
}

/// A position's text read but not yet validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board part.
    pub board: notation::BoardText,
    /// `W` or `B`.
    pub side: char,
    /// Turns played.
    pub turns: u32,
}

impl Setup {
    /// Reads `<board> <side to move W|B> <turns played>`.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let (board, mut fields) = split_position(text);
        let board = parse_board(board, &SIDES)?;
        let side = fields.side(&SIDES, "`W` or `B`")?;
        let turns = fields.number(
            "turns played",
            "the number of turns played so far (passes included)",
        )?;
        fields.end()?;
        Ok(Setup { board, side, turns })
    }

    /// Makes a position. Every board that reads is a possible position: the
    /// kit has a marker for every cell, any mix of pieces can arise, and a
    /// turn count past the limit is a finished game.
    pub fn validate(self) -> Result<Position, Invalid> {
        let Setup { board, side, turns } = self;
        let geo = Geometry::new(board.width, board.height, Topology::Bounded, &board.holes());
        let side = usize::from(side == 'B');
        struct Make<'a> {
            geo: Geometry,
            board: &'a notation::BoardText,
            side: usize,
            turns: u32,
        }
        impl Build<CloneStates> for Make<'_> {
            fn build<B: Bits>(self) -> State<B> {
                let mut pieces = [B::empty(); 2];
                for (i, sq) in self.board.squares.iter().enumerate() {
                    if let Square::Piece(p) = sq {
                        pieces[usize::from(*p == 'B')] |= B::bit(i);
                    }
                }
                State {
                    tables: Arc::new(Tables::new(self.geo)),
                    pieces,
                    side: self.side,
                    turns: self.turns,
                }
            }
        }
        let cells = geo.len();
        Ok(Position(ByWidth::new(
            cells,
            Make {
                geo,
                board: &board,
                side,
                turns,
            },
        )))
    }
}

impl Rules for CloneConvert {
    type Position = Position;
    type Move = Move;
    const INFO: RulesInfo = RulesInfo {
        id: "clone-convert",
        topology: Topology::Bounded,
        first_mover: "set by `first` in [parameters]",
        sides: &[('W', "W"), ('B', "B")],
        start: "B3W/5/5/5/W3B W 0",
    };
    width_rules!(Position);

    fn sides(&self) -> [char; 2] {
        let f = self.first_index();
        [SIDES[f], SIDES[1 - f]]
    }

    fn default_start(&self) -> &'static str {
        if self.first_index() == 0 {
            Self::INFO.start
        } else {
            "B3W/5/5/5/W3B B 0"
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        Ok(Setup::parse(text)?.validate()?)
    }

    fn counts(&self, pos: &Position) -> Counts {
        Counts::new().with(TURNS, u64::from(pos.turns()))
    }

    fn search_moves(&self, pos: &Position) -> Vec<Move> {
        by_width!(&pos.0, s => s.search_moves(self))
    }

    fn search_play(&self, pos: &Position, mv: &Move) -> Position {
        by_width!(&pos.0, s => Position(ByWidth::wrap(s.search_play(mv))))
    }

    fn position_key(&self, pos: &Position) -> u64 {
        match &pos.0 {
            ByWidth::U64(s) => key_of_words(&[
                s.pieces[0],
                s.pieces[1],
                s.side as u64 | u64::from(s.turns) << 8,
            ]),
            _ => key_of_text(&pos.text()),
        }
    }
}
