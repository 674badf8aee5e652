//! Bracket and flip (docs/rules.md, family `bracket-flip`): the traditional
//! bracketing game (Othello-style) on a bounded board of 4×4 to 26×26.
//! A move places a disc so that it brackets one or more unbroken lines of
//! opposing discs against an own disc, in any of the eight directions;
//! every bracketed line turns over. A side with no such placement passes;
//! the game is over when neither side can place. More discs wins.
//!
//! The board is two bit sets (one a side). Lines are followed by shifting
//! whole sets, eight directions at once per step ("dumb7fill" without a
//! fixed step count): the moves of a side are found in as many steps as
//! the longest opposing line is long, for every cell together. Boards of
//! up to 64 cells use `u64` (the 6×6 and 8×8 boards), up to 128 `u128`,
//! larger ones `Wide`. Perft counts the last ply in bulk.
//!
//! The exact endgame search is the solver's (printkit-solve): it reads a
//! position of up to 64 cells through [`Position::board64`].
use super::bits::{by_width, width_rules, AtWidth, Build, ByWidth, WidthState};
use super::bits::{Bits, Wide, WIDE_WORDS};
use super::notation::{parse_board, print_board, split_position, Square};
use crate::family::RulesInfo;
use crate::game::*;
use crate::geometry::{CellError, Geometry, Topology};
use crate::notation::{self, Invalid, PositionError};
use crate::view::BoardView;
use std::fmt;
use std::sync::Arc;

/// The two side symbols, by internal side index (0 = `B`, 1 = `W`).
pub const SIDES: [char; 2] = ['B', 'W'];

/// The smallest and largest board side (columns and rows alike).
pub const MIN_SIDE: usize = 4;
/// The largest board side (see [`MIN_SIDE`]).
pub const MAX_SIDE: usize = 26;

/// Parameters of the family (defaults from docs/rules.md).
#[derive(Clone, Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
#[schemars(rename = "BracketFlipParams")]
pub struct Params {
    /// The side that moves first (the side field of the default start).
    #[serde(deserialize_with = "side_symbol")]
    #[schemars(with = "String", extend("enum" = ["B", "W"]))]
    pub first: char,
}

impl Default for Params {
    fn default() -> Self {
        Params { first: 'B' }
    }
}

/// What bracket and flip is besides its rules (see [`GameFamily`]).
mod description {
    use crate::bracket_flip::{BracketFlip, Params};
    use crate::family::{AuditInfo, FamilyPrint, GameFamily, Look, Piece, TokenSet, Tone};
    use crate::game::Reason;

    // Every value of `first` is a side and the board size is checked with
    // the start position (4 to 26 cells a side): no parameter problems;
    // every disc is on the board: no counts.
    impl GameFamily for BracketFlip {
        type Params = Params;

        fn with_params(params: Params) -> Self {
            BracketFlip::new(params)
        }

        fn stop_conditions(_: &Params) -> Vec<Reason> {
            vec![Reason::Eliminated, Reason::BoardFull, Reason::NoMoves]
        }
    }

    impl FamilyPrint for BracketFlip {
        const LOOK: Look = Look {
            pieces: &[
                Piece::plain('B', Tone::Dark, "B"),
                Piece::plain('W', Tone::Light, "W"),
            ],
            orthogonal_only: false,
            checkered: false,
            audit: AuditInfo {
                turn_mm: 11.0,
                side_mm: Some(10.0),
                fills_a_cell_a_turn: true,
            },
        };

        // No figures for a rules text; no facts beside a diagram: the
        // board shows every disc, and whose turn it is is said already.

        // One disc a cell: the board can be full. B on the front, W on the
        // back: turning a disc over is flipping it.
        fn token_sets(_: &Params, cells: usize) -> Vec<TokenSet> {
            vec![TokenSet {
                symbol: 'B',
                back: Some('W'),
                back_crowned: false,
                count: cells,
                spares: cells.div_ceil(5),
                size_mm: 19.0,
            }]
        }
    }
}

/// Refuses a `first` that is not one of the two sides, when the parameters
/// are read.
fn side_symbol<'de, D: serde::Deserializer<'de>>(d: D) -> Result<char, D::Error> {
    use serde::de::Error;
    let s = <String as serde::Deserialize>::deserialize(d)?;
    match s.as_str() {
        "B" => Ok('B'),
        "W" => Ok('W'),
        _ => Err(D::Error::custom(format!(
            "first is `{s}`: expected `B` or `W`"
        ))),
    }
}

/// The rules of the family with its parameters.
#[derive(Clone, Debug)]
pub struct BracketFlip {
    /// The family's parameters.
    pub params: Params,
}

impl BracketFlip {
    /// The rules with these parameters.
    pub fn new(params: Params) -> Self {
        BracketFlip { params }
    }

    fn first_index(&self) -> usize {
        usize::from(self.params.first == 'W')
    }

    /// Perft as the Othello engines count it, for their published figures
    /// (perft 10 of the 8×8 start, 24,571,284): a pass counts as a move
    /// even when it is the first of the two passes that end the game, so
    /// each game finished one ply above the horizon adds one. docs/rules.md's
    /// count ([`Rules::perft`]) gives such a finished game no moves.
    pub fn perft_final_pass(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        by_width!(&pos.0, s => {
            let (me, opp) = s.me_opp();
            s.tables.perft_final_pass(me, opp, depth, false)
        })
    }
}

/// A move: a placement on a cell index (`row * width + col`, A1 = 0), or a
/// forced pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc placed on this cell index.
    Place(usize),
    /// A forced pass: the mover has no placement.
    Pass,
}

/// Bit sets that can be shifted: what following a line needs beyond
/// `Bits`.
pub trait Lines: Bits {
    /// Every index moved up by `n`; indices past the capacity drop out.
    fn up(self, n: u32) -> Self;
    /// Every index moved down by `n`; indices below 0 drop out.
    fn down(self, n: u32) -> Self;
}

impl Lines for u64 {
    #[inline(always)]
    fn up(self, n: u32) -> Self {
        self << n
    }
    #[inline(always)]
    fn down(self, n: u32) -> Self {
        self >> n
    }
}

impl Lines for u128 {
    #[inline(always)]
    fn up(self, n: u32) -> Self {
        self << n
    }
    #[inline(always)]
    fn down(self, n: u32) -> Self {
        self >> n
    }
}

impl Lines for Wide {
    fn up(self, n: u32) -> Self {
        let (q, r) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; WIDE_WORDS];
        for (src, o) in out[q..].iter_mut().enumerate() {
            let mut v = self.0[src] << r;
            if r > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - r);
            }
            *o = v;
        }
        Wide(out)
    }
    fn down(self, n: u32) -> Self {
        let (q, r) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; WIDE_WORDS];
        for (i, o) in out.iter_mut().enumerate().take(WIDE_WORDS - q) {
            let src = i + q;
            let mut v = self.0[src] >> r;
            if r > 0 && src + 1 < WIDE_WORDS {
                v |= self.0[src + 1] << (64 - r);
            }
            *o = v;
        }
        Wide(out)
    }
}

/// One of the eight directions: a shift up or down by `by` cells, then the
/// cells a line may reach that way (playable, and not wrapped round an
/// edge).
#[derive(Clone, Copy, Debug)]
struct Dir<B> {
    by: u32,
    up: bool,
    mask: B,
}

impl<B: Lines> Dir<B> {
    #[inline(always)]
    fn step(&self, b: B) -> B {
        (if self.up {
            b.up(self.by)
        } else {
            b.down(self.by)
        }) & self.mask
    }
}

/// What a board shape allows: its playable cells and its eight directions.
struct Tables<B> {
    geo: Geometry,
    playable: B,
    dirs: [Dir<B>; 8],
    /// The four quarters of the board, for parity ordering.
    quarters: [B; 4],
}

impl<B: Bits> Tables<B> {
    fn new(geo: Geometry) -> Self {
        let (w, h) = (geo.width(), geo.height());
        let mut playable = B::empty();
        let mut not_first = B::empty(); // not column A
        let mut not_last = B::empty(); // not the last column
        let mut quarters = [B::empty(); 4];
        for i in geo.playable() {
            playable |= B::bit(i);
            let (c, r) = (i % w, i / w);
            if c != 0 {
                not_first |= B::bit(i);
            }
            if c != w - 1 {
                not_last |= B::bit(i);
            }
            quarters[usize::from(c >= w / 2) + 2 * usize::from(r >= h / 2)] |= B::bit(i);
        }
        let w = w as u32;
        let d = |by: u32, up: bool, mask: B| Dir { by, up, mask };
        // Going up by 1 (east) lands in a column other than A; going down
        // by 1 (west) in one other than the last; rows need no mask.
        let dirs = [
            d(1, true, not_first),
            d(1, false, not_last),
            d(w, true, playable),
            d(w, false, playable),
            d(w + 1, true, not_first),
            d(w + 1, false, not_last),
            d(w - 1, true, not_last),
            d(w - 1, false, not_first),
        ];
        Tables {
            geo,
            playable,
            dirs,
            quarters,
        }
    }
}

impl<B: Lines> Tables<B> {
    /// The cells where the side with discs `me` may place.
    #[inline]
    fn moves(&self, me: B, opp: B) -> B {
        let empty = self.playable & !(me | opp);
        let mut moves = B::empty();
        for d in &self.dirs {
            let mut x = d.step(me) & opp;
            while !x.is_empty() {
                x = d.step(x);
                moves |= x & empty;
                x &= opp;
            }
        }
        moves
    }

    /// The opposing discs a disc placed on `at` turns over.
    #[inline]
    fn flips(&self, me: B, opp: B, at: usize) -> B {
        let start = B::bit(at);
        let mut flips = B::empty();
        for d in &self.dirs {
            let mut line = B::empty();
            let mut x = d.step(start);
            while !(x & opp).is_empty() {
                line |= x;
                x = d.step(x);
            }
            if !(x & me).is_empty() {
                flips |= line;
            }
        }
        flips
    }

    /// Perft below a position, `depth >= 1`.
    fn perft(&self, me: B, opp: B, depth: u32) -> u64 {
        let moves = self.moves(me, opp);
        if moves.is_empty() {
            // A forced pass counts once; neither side able to place is the
            // end of the game.
            if self.moves(opp, me).is_empty() {
                return 0;
            }
            return if depth == 1 {
                1
            } else {
                self.perft(opp, me, depth - 1)
            };
        }
        if depth == 1 {
            return u64::from(moves.count());
        }
        let mut total = 0;
        for at in moves.iter() {
            let f = self.flips(me, opp, at);
            total += self.perft(opp ^ f, me | f | B::bit(at), depth - 1);
        }
        total
    }
}

impl<B: Lines> Tables<B> {
    /// Perft as the Othello engines count it (their published figures):
    /// a side with no placement passes, and the pass counts as a move even
    /// when the opponent cannot place either; two passes in a row end the
    /// game. It differs from [`Tables::perft`] (docs/rules.md: an over position
    /// has no moves) only below finished games.
    fn perft_final_pass(&self, me: B, opp: B, depth: u32, passed: bool) -> u64 {
        let moves = self.moves(me, opp);
        if moves.is_empty() {
            if passed {
                return 0;
            }
            return if depth == 1 {
                1
            } else {
                self.perft_final_pass(opp, me, depth - 1, true)
            };
        }
        if depth == 1 {
            return u64::from(moves.count());
        }
        let mut total = 0;
        for at in moves.iter() {
            let f = self.flips(me, opp, at);
            total += self.perft_final_pass(opp ^ f, me | f | B::bit(at), depth - 1, false);
        }
        total
    }
}

/// A position on a board of a given bit-set width.
#[derive(Clone)]
pub struct State<B> {
    tables: Arc<Tables<B>>,
    discs: [B; 2],
    side: usize,
}

impl<B: Bits> PartialEq for State<B> {
    fn eq(&self, other: &Self) -> bool {
        self.tables.geo == other.tables.geo && self.discs == other.discs && self.side == other.side
    }
}

impl<B: Bits> State<B> {
    fn name(&self, i: usize) -> String {
        self.tables.geo.name(i)
    }

    fn square(&self, i: usize) -> Square {
        if self.tables.geo.is_hole(i) {
            Square::Hole
        } else if self.discs[0].has(i) {
            Square::Piece(SIDES[0])
        } else if self.discs[1].has(i) {
            Square::Piece(SIDES[1])
        } else {
            Square::Empty
        }
    }
}

impl<B: Lines> State<B> {
    fn me_opp(&self) -> (B, B) {
        (self.discs[self.side], self.discs[1 - self.side])
    }

    /// The position after a legal move, without its [`Effect`].
    fn after(&self, mv: &Move) -> State<B> {
        let mut discs = self.discs;
        if let Move::Place(at) = *mv {
            let (me, opp) = self.me_opp();
            let f = self.tables.flips(me, opp, at);
            discs[self.side] = me | f | B::bit(at);
            discs[1 - self.side] = opp ^ f;
        }
        State {
            tables: Arc::clone(&self.tables),
            discs,
            side: 1 - self.side,
        }
    }
}

impl<B: Lines> WidthState<BracketFlip> for State<B> {
    fn text(&self) -> String {
        let g = &self.tables.geo;
        let board = print_board(g.width(), g.height(), |i| self.square(i));
        format!("{board} {}", SIDES[self.side])
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

    fn outcome(&self, _: &BracketFlip) -> Option<Outcome> {
        let t = &self.tables;
        let [b, w] = self.discs;
        if !t.moves(b, w).is_empty() || !t.moves(w, b).is_empty() {
            return None;
        }
        let reason = if b.is_empty() || w.is_empty() {
            Reason::Eliminated
        } else if (t.playable & !(b | w)).is_empty() {
            Reason::BoardFull
        } else {
            Reason::NoMoves
        };
        let winner = match b.count().cmp(&w.count()) {
            std::cmp::Ordering::Greater => Some(SIDES[0]),
            std::cmp::Ordering::Less => Some(SIDES[1]),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome { winner, reason })
    }

    /// Placements in index order (A1 first); a lone pass when there is
    /// none; nothing once the game is over.
    fn legal_moves(&self, _: &BracketFlip) -> Vec<Move> {
        let (me, opp) = self.me_opp();
        let moves = self.tables.moves(me, opp);
        if !moves.is_empty() {
            return moves.iter().map(Move::Place).collect();
        }
        if self.tables.moves(opp, me).is_empty() {
            return Vec::new();
        }
        vec![Move::Pass]
    }

    fn read_legal_move(&self, _: &BracketFlip, text: &str) -> Result<Move, MoveError> {
        let me = SIDES[self.side];
        let them = SIDES[1 - self.side];
        let (mine, opp) = self.me_opp();
        let moves = self.tables.moves(mine, opp);
        if text == crate::notation::PASS {
            return match moves.iter().next() {
                None => Ok(Move::Pass),
                Some(at) => {
                    let n = moves.count();
                    Err(MoveError::illegal(
                        "pass-not-allowed",
                        format!(
                            "{me} cannot pass: {me} has {n} legal placement{}, such as {}",
                            if n == 1 { "" } else { "s" },
                            self.name(at)
                        ),
                    ))
                }
            };
        }
        let at = self.tables.geo.cell(text).map_err(|e| match e {
            // `c3` gets the hint about capitals; `x` or `pass3` is no cell.
            CellError::Lowercase { .. }
                if text.len() > 1 && text[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                MoveError::Cell(e)
            }
            CellError::Malformed { .. } | CellError::Lowercase { .. } => syntax(text),
            e => MoveError::Cell(e),
        })?;
        if let Square::Piece(p) = self.square(at) {
            return Err(MoveError::illegal(
                "occupied",
                format!("{text} already holds a {p} disc: a disc goes on an empty cell"),
            ));
        }
        if !moves.has(at) {
            return Err(MoveError::illegal(
                "no-bracket",
                format!(
                    "a {me} disc on {text} would turn no {them} disc: it must close off at least one unbroken line of {them} discs with a {me} disc at the far end"
                ),
            ));
        }
        Ok(Move::Place(at))
    }

    fn print_move(&self, mv: &Move) -> String {
        match *mv {
            Move::Place(at) => self.name(at),
            Move::Pass => String::from(crate::notation::PASS),
        }
    }

    fn play(&self, _: &BracketFlip, mv: &Move) -> (State<B>, Effect) {
        let t = &self.tables;
        let me = self.side;
        let mut discs = self.discs;
        let mut effect = Effect {
            side: SIDES[me],
            kind: Some(MoveKind::Pass),
            ..Effect::default()
        };
        if let Move::Place(at) = *mv {
            let flips = t.flips(discs[me], discs[1 - me], at);
            discs[me] |= B::bit(at) | flips;
            discs[1 - me] ^= flips;
            effect.kind = Some(MoveKind::Place);
            effect.to = Some(t.geo.cell_at(at));
            effect.converted = flips.iter().map(|i| t.geo.cell_at(i)).collect();
        }
        let next = State {
            tables: Arc::clone(&self.tables),
            discs,
            side: 1 - me,
        };
        (next, effect)
    }

    fn perft(&self, _: &BracketFlip, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (me, opp) = self.me_opp();
        self.tables.perft(me, opp, depth)
    }
}

fn syntax(found: &str) -> MoveError {
    MoveError::Syntax {
        found: found.to_string(),
        expected: String::from("a cell to place a disc on, or `pass`"),
    }
}

/// The family's state type, for the width dispatch.
#[derive(Clone, PartialEq)]
pub struct FlipStates;

impl AtWidth for FlipStates {
    type At<B: Bits> = State<B>;
}

/// A valid position: the board and the side to move.
#[derive(Clone, PartialEq)]
pub struct Position(ByWidth<FlipStates>);

impl Position {
    /// The side to move.
    pub fn side_to_move(&self) -> char {
        by_width!(&self.0, s => SIDES[s.side])
    }

    /// The number of discs of a side (`B` or `W`; 0 for other symbols).
    pub fn count(&self, side: char) -> u32 {
        match SIDES.iter().position(|&c| c == side) {
            Some(k) => by_width!(&self.0, s => s.discs[k].count()),
            None => 0,
        }
    }

    /// Empty playable cells.
    pub fn empties(&self) -> u32 {
        by_width!(&self.0, s => (s.tables.playable & !(s.discs[0] | s.discs[1])).count())
    }

    /// The board's cell names, for moves written by hand in tests.
    pub fn cell(&self, name: &str) -> Result<usize, CellError> {
        by_width!(&self.0, s => s.tables.geo.cell(name))
    }

    fn text(&self) -> String {
        by_width!(&self.0, s => s.text())
    }
}

/// A board of at most 64 cells as bit sets (bit `row * width + col`, A1
/// bit 0): what an outside search (the solver's exact endgame search)
/// needs of the rules, its moves and flips the rules' own.
#[derive(Clone)]
pub struct Board64(Arc<Tables<u64>>);

impl Board64 {
    /// A board `width` × `height` with `holes` (cell indices), when it is
    /// a bracketing board (4 to 26 cells a side) of at most 64 cells.
    pub fn new(width: usize, height: usize, holes: &[usize]) -> Option<Board64> {
        let fits = |n: usize| (MIN_SIDE..=MAX_SIDE).contains(&n);
        if !fits(width) || !fits(height) || width * height > 64 {
            return None;
        }
        let geo = Geometry::new(width, height, Topology::Bounded, holes);
        Some(Board64(Arc::new(Tables::new(geo))))
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.0.geo.width()
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.0.geo.height()
    }

    /// The playable cells (every cell but the holes).
    pub fn playable(&self) -> u64 {
        self.0.playable
    }

    /// The four quarters of the board's playable cells (for parity).
    pub fn quarters(&self) -> [u64; 4] {
        self.0.quarters
    }

    /// The cells where the side with discs `me` may place.
    #[inline]
    pub fn moves(&self, me: u64, opp: u64) -> u64 {
        self.0.moves(me, opp)
    }

    /// The opposing discs a disc of `me` placed on `at` turns over.
    #[inline]
    pub fn flips(&self, me: u64, opp: u64, at: usize) -> u64 {
        self.0.flips(me, opp, at)
    }

    /// A move's text: the cell `at`'s name, or a pass for `None`.
    pub fn move_text(&self, at: Option<usize>) -> String {
        match at {
            Some(at) => self.0.geo.name(at),
            None => crate::notation::PASS.to_string(),
        }
    }
}

/// A position on a board of at most 64 cells (see [`Position::board64`]).
pub struct Discs64 {
    /// The board.
    pub board: Board64,
    /// The discs of the side to move.
    pub me: u64,
    /// The discs of the other side.
    pub opp: u64,
}

impl Position {
    /// The board and discs as bit sets, when the board has at most 64
    /// cells.
    pub fn board64(&self) -> Option<Discs64> {
        let ByWidth::U64(s) = &self.0 else {
            return None;
        };
        let (me, opp) = s.me_opp();
        Some(Discs64 {
            board: Board64(Arc::clone(&s.tables)),
            me,
            opp,
        })
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
    /// `B` or `W`.
    pub side: char,
}

impl Setup {
    /// Reads `<board> <side to move B|W>`.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let (board, mut fields) = split_position(text);
        let board = parse_board(board, &SIDES)?;
        let side = fields.side(&SIDES, "`B` or `W`")?;
        fields.end()?;
        Ok(Setup { board, side })
    }

    /// Makes a position. Any mix of discs on a board of 4 to 26 cells a
    /// side is a position (the kit has a disc for every cell); holes are
    /// allowed and break lines.
    pub fn validate(self) -> Result<Position, Invalid> {
        let Setup { board, side } = self;
        let (w, h) = (board.width, board.height);
        let fits = |n: usize| (MIN_SIDE..=MAX_SIDE).contains(&n);
        if !fits(w) || !fits(h) {
            return Err(Invalid::BoardSize {
                width: w,
                height: h,
                why: format!(
                    "a bracketing board has {MIN_SIDE} to {MAX_SIDE} columns and {MIN_SIDE} to {MAX_SIDE} rows"
                ),
            });
        }
        let geo = Geometry::new(w, h, Topology::Bounded, &board.holes());
        let side = usize::from(side == 'W');
        struct Make<'a> {
            geo: Geometry,
            board: &'a notation::BoardText,
            side: usize,
        }
        impl Build<FlipStates> for Make<'_> {
            fn build<B: Bits>(self) -> State<B> {
                let mut discs = [B::empty(); 2];
                for (i, sq) in self.board.squares.iter().enumerate() {
                    if let Square::Piece(p) = sq {
                        discs[usize::from(*p == 'W')] |= B::bit(i);
                    }
                }
                State {
                    tables: Arc::new(Tables::new(self.geo)),
                    discs,
                    side: self.side,
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
            },
        )))
    }
}

impl Rules for BracketFlip {
    type Position = Position;
    type Move = Move;
    const INFO: RulesInfo = RulesInfo {
        id: "bracket-flip",
        topology: Topology::Bounded,
        first_mover: "set by `first` in [parameters]",
        sides: &[('B', "B"), ('W', "W")],
        start: "6/6/2WB2/2BW2/6/6 B",
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
            "6/6/2WB2/2BW2/6/6 W"
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        Ok(Setup::parse(text)?.validate()?)
    }

    fn position_key(&self, pos: &Position) -> u64 {
        match &pos.0 {
            ByWidth::U64(s) => key_of_words(&[s.discs[0], s.discs[1], s.side as u64]),
            _ => key_of_text(&pos.text()),
        }
    }

    fn search_play(&self, pos: &Position, mv: &Move) -> Position {
        by_width!(&pos.0, s => Position(ByWidth::wrap(s.after(mv))))
    }
}
