//! Bracket and flip's exact endgame search, for boards of up to 64 cells:
//! negamax with alpha-beta on the disc difference, null windows (win, loss
//! or draw first, then the margin), fastest-first move ordering by the
//! opponent's mobility, parity ordering near the end, and a transposition
//! table keyed by the two bit sets. The rules give the board and its moves
//! ([`Board64`]); a board of at most 8×8 is laid out on the 8×8 board's
//! bits, where moves, flips and stable discs have faster forms of their
//! own here.
use super::{BoardFill, Exact, FamilySolve, SolvedToEnd, Tuning};
use crate::stop::{StopPoll, POLL_EVERY};
use printkit_rules::bracket_flip::{Board64, BracketFlip, Params, Position};

impl FamilySolve for BracketFlip {
    const TUNING: Tuning = Tuning {
        board: BoardFill::EndsFull,
        ..Tuning::DEFAULT
    };

    // On a board of up to 64 cells, the endgame search.
    fn solve_to_end(
        _: &Params,
        typed: &Position,
        margin: bool,
        max_nodes: u64,
        stop: StopPoll,
    ) -> Option<SolvedToEnd> {
        let exact = solve(typed, margin, max_nodes, stop)?;
        let side = typed.side_to_move();
        let other = if side == 'B' { 'W' } else { 'B' };
        Some(SolvedToEnd {
            sides: [side, other],
            empties: typed.empties(),
            exact,
        })
    }
}

/// The cells of a set, and whether it holds one: what the search asks of
/// its bit sets.
trait Cells {
    /// The indices of the set bits, lowest first.
    fn iter(self) -> impl Iterator<Item = usize>;
    /// Whether bit `at` is set.
    fn has(self, at: usize) -> bool;
}

impl Cells for u64 {
    #[inline]
    fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let at = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                at
            })
        })
    }

    #[inline]
    fn has(self, at: usize) -> bool {
        self >> at & 1 != 0
    }
}

/// Solves `pos` exactly: win, loss or draw first, then (with
/// `margin`) the disc difference. `None` when the board has more than
/// 64 cells. `max_nodes` bounds the work, and so does `stop`.
pub fn solve(pos: &Position, margin: bool, max_nodes: u64, stop: StopPoll) -> Option<Exact> {
    let discs = pos.board64()?;
    Some(if fits_8x8(&discs.board) {
        solve_with::<true>(&discs.board, discs.me, discs.opp, margin, max_nodes, stop)
    } else {
        solve_with::<false>(&discs.board, discs.me, discs.opp, margin, max_nodes, stop)
    })
}

/// A board of at most 8×8 cells: the search lays it out on the 8×8
/// board's bits (its cells from A1, the rest walls no disc can stand
/// on), so the 8×8 move generation, flips and stability apply.
fn fits_8x8(t: &Board64) -> bool {
    t.width() <= 8 && t.height() <= 8
}

fn solve_with<const FAST: bool>(
    board: &Board64,
    me: u64,
    opp: u64,
    margin: bool,
    max_nodes: u64,
    stop: StopPoll,
) -> Exact {
    let empties = (board.playable() & !(me | opp)).count_ones();
    let mut search = Search::<FAST>::new(board, max_nodes, empties, stop);
    let (me, opp) = (search.to_layout(me), search.to_layout(opp));
    let mut exact = Exact {
        score: 0,
        margin,
        discs: None,
        best: Vec::new(),
        pv: Vec::new(),
        nodes: 0,
        exhausted: false,
    };
    let score = search.score(me, opp, margin);
    // The first moves that keep the score, and one line.
    let (best, pv) = search.best_and_line(me, opp, score, margin);
    exact.score = score;
    exact.nodes = search.nodes;
    exact.exhausted = search.exhausted;
    if search.exhausted {
        return exact;
    }
    let name = |m: Option<usize>| board.move_text(m.map(|at| search.cell_on_board(at)));
    exact.best = best.iter().map(|&m| name(m)).collect();
    exact.pv = pv.moves.iter().map(|&m| name(m)).collect();
    if margin {
        exact.discs = Some(pv.discs);
    }
    exact
}

/// The exact disc margin of `pos` for the side to move and the
/// positions searched, without its best moves or line (what the
/// classic endgame solvers report, for the benches); `None` when the
/// board has more than 64 cells or `max_nodes` ran out first.
pub fn margin(pos: &Position, max_nodes: u64) -> Option<(i32, u64)> {
    let discs = pos.board64()?;
    fn run<const FAST: bool>(
        board: &Board64,
        me: u64,
        opp: u64,
        max_nodes: u64,
    ) -> Option<(i32, u64)> {
        let empties = (board.playable() & !(me | opp)).count_ones();
        let mut search = Search::<FAST>::new(board, max_nodes, empties, &|| false);
        let (me, opp) = (search.to_layout(me), search.to_layout(opp));
        let score = search.score(me, opp, true);
        (!search.exhausted).then_some((score, search.nodes))
    }
    if fits_8x8(&discs.board) {
        run::<true>(&discs.board, discs.me, discs.opp, max_nodes)
    } else {
        run::<false>(&discs.board, discs.me, discs.opp, max_nodes)
    }
}

/// The cells where `me` may place on the full 8×8 board (a smaller
/// board laid out on its bits masks out the walls: no line crosses
/// one, since no disc stands there). Each pair of opposite directions
/// is filled at once over the opposing discs, doubling the step after
/// the first two (parallel prefix), so a line of six takes four
/// shifts, not six.
#[inline(always)]
fn moves8(me: u64, opp: u64) -> u64 {
    // Opposing discs in column A or H never lie between two cells of
    // a horizontal or diagonal line: masking them stops wrap-round.
    let inner = opp & 0x7e7e_7e7e_7e7e_7e7e;
    let both = |mask: u64, d: u32| -> u64 {
        let mut l = mask & (me << d);
        let mut r = mask & (me >> d);
        l |= mask & (l << d);
        r |= mask & (r >> d);
        let ml = mask & (mask << d);
        let mr = ml >> d;
        l |= ml & (l << (2 * d));
        r |= mr & (r >> (2 * d));
        l |= ml & (l << (2 * d));
        r |= mr & (r >> (2 * d));
        (l << d) | (r >> d)
    };
    (both(inner, 1) | both(opp, 8) | both(inner, 7) | both(inner, 9)) & !(me | opp)
}

/// For each cell of the 8×8 board, its eight rays to the edge (the
/// cell itself left out): four toward higher bit indices (east,
/// south, south-east, south-west), then four toward lower ones.
static RAYS8: [[u64; 8]; 64] = rays8();

const fn rays8() -> [[u64; 8]; 64] {
    let steps: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];
    let mut t = [[0u64; 8]; 64];
    let mut at = 0;
    while at < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = steps[d];
            let (mut c, mut r) = ((at % 8) as i32 + dc, (at / 8) as i32 + dr);
            let mut ray = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            t[at][d] = ray;
            d += 1;
        }
        at += 1;
    }
    t
}

/// The discs a disc of `me` on `at` turns over on the 8×8 board's bits
/// (a wall is neither side's, so it ends a ray like an empty cell):
/// along each ray, the opposing discs before the first cell that is
/// not one, when that cell is `me`'s (no loop over the line).
#[inline(always)]
fn flips8(me: u64, opp: u64, at: usize) -> u64 {
    let rays = &RAYS8[at];
    let mut flips = 0;
    for &ray in &rays[..4] {
        // Toward higher indices the nearest cell is the lowest bit.
        let x = ray & !opp;
        let first = x & x.wrapping_neg();
        if first & me != 0 {
            flips |= (first - 1) & ray;
        }
    }
    for &ray in &rays[4..] {
        // Toward lower indices, the highest bit.
        let x = ray & !opp;
        if x != 0 {
            let first = 1u64 << (63 - x.leading_zeros());
            if first & me != 0 {
                flips |= ray & !((first << 1) - 1);
            }
        }
    }
    flips
}

/// For each cell of the 8×8 board, the cells next to it.
static NEIGHBOURS8: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut at = 0;
    while at < 64 {
        let mut d = 0;
        while d < 8 {
            // The first cell of each ray.
            let ray = RAYS8[at][d];
            if ray != 0 {
                t[at] |= if d < 4 {
                    ray & ray.wrapping_neg()
                } else {
                    1u64 << (63 - ray.leading_zeros())
                };
            }
            d += 1;
        }
        at += 1;
    }
    t
};

/// The final disc margin for `me`, to move, with one empty cell `at`
/// left on the 8×8 board: `me` fills it if it can, else the opponent,
/// else nobody. Only the number of discs turned matters.
#[inline(always)]
fn last8(me: u64, opp: u64, at: usize) -> i32 {
    let now = me.count_ones() as i32 - opp.count_ones() as i32;
    if NEIGHBOURS8[at] & opp != 0 {
        let n = flips8(me, opp, at).count_ones() as i32;
        if n > 0 {
            return now + 2 * n + 1;
        }
    }
    if NEIGHBOURS8[at] & me != 0 {
        let n = flips8(opp, me, at).count_ones() as i32;
        if n > 0 {
            return now - 2 * n - 1;
        }
    }
    now
}

/// Edge stability: for each pair of bytes (`me`, `opp`) describing
/// one edge (bit k = the k-th cell along it), the discs of `me` that no
/// sequence of placements on that edge, by either side and legal or
/// not, can turn over. A disc on an edge can only be bracketed along
/// the edge (its other lines end at it), so these never turn.
fn edge_stable_table() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        /// `stable` kept to the discs of `me` that survive every
        /// continuation of the edge from (`me`, `opp`).
        fn survive(me: u8, opp: u8, mut stable: u8) -> u8 {
            stable &= me;
            let empty = !(me | opp);
            if stable == 0 || empty == 0 {
                return stable;
            }
            for x in 0..8 {
                if empty & 1 << x == 0 {
                    continue;
                }
                for mover in [true, false] {
                    let (mut p, mut o) = if mover { (me, opp) } else { (opp, me) };
                    p |= 1 << x;
                    for step in [-1i32, 1] {
                        let mut y = x + step;
                        let mut line = 0u8;
                        while (0..8).contains(&y) && o & 1 << y != 0 {
                            line |= 1 << y;
                            y += step;
                        }
                        if (0..8).contains(&y) && p & 1 << y != 0 {
                            p |= line;
                            o &= !line;
                        }
                    }
                    let (m, q) = if mover { (p, o) } else { (o, p) };
                    stable = survive(m, q, stable);
                    if stable == 0 {
                        return 0;
                    }
                }
            }
            stable
        }
        let mut t = vec![0u8; 1 << 16];
        for me in 0..=255u8 {
            for opp in 0..=255u8 {
                if me & opp == 0 {
                    t[usize::from(me) << 8 | usize::from(opp)] = survive(me, opp, me);
                }
            }
        }
        t
    })
}

/// Column A as a byte (row k = bit k), and back.
#[inline(always)]
fn col_a(x: u64) -> usize {
    ((x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

static COL_A: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            if b >> k & 1 == 1 {
                t[b] |= 1u64 << (8 * k);
            }
            k += 1;
        }
        b += 1;
    }
    t
};

/// The diagonals of the 8×8 board of two cells or more: those going
/// up-right (steps of 7), then those going down-right (steps of 9).
static DIAGONALS8: [[u64; 13]; 2] = {
    let mut t = [[0u64; 13]; 2];
    let mut k = 0;
    while k < 13 {
        // Diagonal k + 1 by column + row (steps of 7) and by column -
        // row + 7 (steps of 9).
        let mut at = 0;
        while at < 64 {
            let (c, r) = (at % 8, at / 8);
            if c + r == k + 1 {
                t[0][k] |= 1u64 << at;
            }
            if c + 7 - r == k + 1 {
                t[1][k] |= 1u64 << at;
            }
            at += 1;
        }
        k += 1;
    }
    t
};

/// A lower bound on the discs of `me` that can never turn over on the
/// 8×8 board's bits, `walls` the cells no disc can stand on (none on
/// the full board): those stable along their edge, then, repeatedly,
/// inner discs whose every line is full (walls count as filled) or has
/// next to them a stable disc of theirs (a bracket would have to turn
/// that one too) or a wall (no bracket can pass it).
fn stable8(edges: &[u8], me: u64, opp: u64, walls: u64) -> u64 {
    let edge = |m: usize, o: usize| u64::from(edges[m << 8 | o]);
    let mut stable = edge(me as usize & 255, opp as usize & 255)
        | edge((me >> 56) as usize, (opp >> 56) as usize) << 56
        | COL_A[edges[col_a(me) << 8 | col_a(opp)] as usize]
        | COL_A[edges[col_a(me >> 7) << 8 | col_a(opp >> 7)] as usize] << 7;
    // An edge cell that is a wall counts there as empty: the edge
    // table then allows more placements than can happen, never fewer.
    let full = me | opp | walls;
    // Full rows and columns.
    let mut h = full & full >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let h = (h & 0x0101_0101_0101_0101) * 0xff;
    let mut v = full & full.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);
    let (mut d7, mut d9) = (0, 0);
    for (&a, &b) in DIAGONALS8[0].iter().zip(&DIAGONALS8[1]) {
        if full & a == a {
            d7 |= a;
        }
        if full & b == b {
            d9 |= b;
        }
    }
    // Corners' diagonals are single cells: always full once taken.
    let (d7, d9) = (d7 | 0x8000_0000_0000_0001, d9 | 0x0100_0000_0000_0080);
    let inner = me & 0x007e_7e7e_7e7e_7e00;
    stable |= inner & h & v & d7 & d9;
    if stable == 0 {
        return 0;
    }
    loop {
        let old = stable;
        let held = stable | walls;
        let sh = held >> 1 | held << 1 | h;
        let sv = held >> 8 | held << 8 | v;
        let s7 = held >> 7 | held << 7 | d7;
        let s9 = held >> 9 | held << 9 | d9;
        stable |= sh & sv & s7 & s9 & inner;
        if stable == old {
            return stable;
        }
    }
}

impl<const FAST: bool> Search<'_, FAST> {
    /// The value at the root: win, draw or loss (its sign) by two null
    /// windows, then with `margin` the disc margin by more.
    fn score(&mut self, me: u64, opp: u64, margin: bool) -> i32 {
        let search = self;
        // Null windows: is a draw or better reachable? Then, if so, a win?
        let first = {
            let r = search.root_value(me, opp, -1, 0);
            if r < 0 {
                r
            } else {
                let r = search.root_value(me, opp, 0, 1);
                if r >= 1 {
                    r
                } else {
                    0
                }
            }
        };
        let wld = first.signum();
        if margin && wld != 0 {
            // Null-window tests, nearest to zero first: the first margin
            // the side to move cannot reach (a win) or cannot stay above
            // (a loss) ends them.
            // Each failed test's fail-soft value is a new bound to test.
            let mut v = first;
            loop {
                if search.exhausted {
                    break v;
                }
                if wld > 0 {
                    let r = search.root_value(me, opp, v, v + 1);
                    if r <= v {
                        break v;
                    }
                    v = r;
                } else {
                    let r = search.root_value(me, opp, v - 1, v);
                    if r >= v {
                        break v;
                    }
                    v = r;
                }
            }
        } else {
            wld
        }
    }
}

/// A line of play and the disc counts at its end (first mover's view).
struct Line {
    moves: Vec<Option<usize>>,
    discs: (u32, u32),
}

const TT_BITS: u32 = 22;
/// Below this many empty cells no table entry is read or written.
const TT_MIN_EMPTIES: u32 = 7;
/// The same on the 8×8 board's bits, where moves and flips are cheap
/// enough that the table's cache misses cost more than the work they
/// save near the end (FFO #40-#44: 7 empties 13.75 s CPU, 9: 13.1, 10:
/// 12.9, 11: 13.7; two 6×6 positions of 26 and 27 empties: 8: 55.3 s,
/// 10: 50.8 s, 12: 54.7 s).
const TT_MIN_EMPTIES_8X8: u32 = 10;
/// Below this many empty cells moves are ordered by parity only.
const SORT_MIN_EMPTIES: u32 = 6;
/// From this many empty cells moves are ordered by a short search
/// (boards wider or taller than 8).
const SHALLOW_MIN_EMPTIES: u32 = 14;
/// From this many empty cells children are looked up in the table
/// before any is searched.
const ETC_MIN_EMPTIES: u32 = 12;

#[derive(Clone, Copy, Default)]
struct Entry {
    me: u64,
    opp: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
}

struct Search<'a, const FAST: bool> {
    t: &'a Board64,
    /// The board's width and the bits' row stride: 8 when `FAST` (the
    /// board laid out on the 8×8 board's bits), else the width.
    width: usize,
    stride: usize,
    /// The playable cells, their four quarters (for parity) and every
    /// other bit of the layout (walls), in the layout's bits.
    playable: u64,
    quarters: [u64; 4],
    walls: u64,
    /// How many cells are playable: the most a side can end with.
    cells: i32,
    corners: u64,
    /// Each corner with the cell diagonally next to it.
    x_pairs: [(u64, u64); 4],
    x_cells: u64,
    symmetries: Vec<Vec<usize>>,
    /// Below this many empties no table entry is read or written.
    tt_min: u32,
    /// From these many empty cells moves are ordered by a short search
    /// of 2, 3 and 5 plies.
    probe_from: [u32; 3],
    /// [`edge_stable_table`] on the 8×8 board's bits, else empty.
    edges: &'static [u8],
    bits: u32,
    table: Vec<Entry>,
    nodes: u64,
    max_nodes: u64,
    stop: StopPoll<'a>,
    exhausted: bool,
}

const NO_MOVE: u8 = 255;

/// A set of cells of a board `width` wide (bit `row * width + col`)
/// with rows `stride` bits apart (bit `row * stride + col`).
fn laid_out(x: u64, width: usize, stride: usize) -> u64 {
    if stride == width {
        return x;
    }
    x.iter()
        .fold(0, |acc, i| acc | 1u64 << (i / width * stride + i % width))
}

/// What the table says of a position: its value, or its best move.
enum TableSays {
    Value(i32),
    Hint(u8),
}

impl<'a, const FAST: bool> Search<'a, FAST> {
    #[inline(always)]
    fn moves(&self, me: u64, opp: u64) -> u64 {
        if FAST {
            moves8(me, opp) & self.playable
        } else {
            self.t.moves(me, opp)
        }
    }

    #[inline(always)]
    fn flips(&self, me: u64, opp: u64, at: usize) -> u64 {
        if FAST {
            flips8(me, opp, at)
        } else {
            self.t.flips(me, opp, at)
        }
    }

    /// A set of the board's cells (bit `row * width + col`) in the
    /// search's layout (bit `row * stride + col`).
    fn to_layout(&self, x: u64) -> u64 {
        laid_out(x, self.width, self.stride)
    }

    /// A cell of the search's layout as the board numbers it.
    fn cell_on_board(&self, at: usize) -> usize {
        at / self.stride * self.width + at % self.stride
    }

    fn new(t: &'a Board64, max_nodes: u64, empties: u32, stop: StopPoll<'a>) -> Self {
        // A table to suit the search: a few empty cells need little.
        let bits = (empties / 2 + 8).clamp(10, TT_BITS);
        let (w, h) = (t.width(), t.height());
        let stride = if FAST { 8 } else { w };
        let playable = laid_out(t.playable(), w, stride);
        let quarters = t.quarters().map(|q| laid_out(q, w, stride));
        // The symmetries of the board (with its holes): index maps.
        let mut symmetries: Vec<Vec<usize>> = Vec::new();
        type Map = fn(usize, usize, usize, usize) -> (usize, usize);
        let maps: [Map; 8] = [
            |c, r, _, _| (c, r),
            |c, r, w, _| (w - 1 - c, r),
            |c, r, _, h| (c, h - 1 - r),
            |c, r, w, h| (w - 1 - c, h - 1 - r),
            |c, r, _, _| (r, c),
            |c, r, w, h| (h - 1 - r, w - 1 - c),
            |c, r, _, h| (h - 1 - r, c),
            |c, r, w, _| (r, w - 1 - c),
        ];
        for (k, f) in maps.iter().enumerate() {
            if k >= 4 && w != h {
                break;
            }
            // In the layout's bits; walls map to themselves (unused).
            let mut map: Vec<usize> = (0..stride * h).collect();
            for r in 0..h {
                for c in 0..w {
                    let (c2, r2) = f(c, r, w, h);
                    map[r * stride + c] = r2 * stride + c2;
                }
            }
            let keeps = (0..w * h).all(|i| {
                let at = i / w * stride + i % w;
                playable.has(at) == playable.has(map[at])
            });
            if keeps {
                symmetries.push(map);
            }
        }
        let s = stride;
        let corners =
            1u64 | 1u64 << (w - 1) | 1u64 << ((h - 1) * s) | 1u64 << ((h - 1) * s + w - 1);
        let x_pairs = [
            (1u64, 1u64 << (s + 1)),
            (1u64 << (w - 1), 1u64 << (s + w - 2)),
            (1u64 << ((h - 1) * s), 1u64 << ((h - 2) * s + 1)),
            (1u64 << ((h - 1) * s + w - 1), 1u64 << ((h - 2) * s + w - 2)),
        ];
        let x_cells = x_pairs.iter().fold(0, |a, p| a | p.1);
        Search {
            t,
            width: w,
            stride,
            playable,
            quarters,
            walls: if FAST { !playable } else { 0 },
            cells: playable.count_ones() as i32,
            corners,
            x_pairs,
            x_cells,
            symmetries,
            tt_min: if FAST {
                TT_MIN_EMPTIES_8X8
            } else {
                TT_MIN_EMPTIES
            },
            // With the 8×8 board's bits fastest-first is cheap and
            // good enough further up, and a deeper probe pays from 20
            // (FFO #40-#44: 2 plies from 14 and 3 from 22: 12.93 s
            // CPU; from 16 and 20: 10.87 s). The 6×6 board agrees
            // (two positions of 26 and 27 empties: 14, 20, 26: 45.6 s;
            // 16, 20, 26: 43.6 s; 18, 22, 26: 50.6 s).
            probe_from: if FAST {
                [16, 20, 26]
            } else {
                [SHALLOW_MIN_EMPTIES, 22, 26]
            },
            edges: if FAST { edge_stable_table() } else { &[] },
            bits,
            table: vec![Entry::default(); 1 << bits],
            nodes: 0,
            max_nodes,
            stop,
            exhausted: false,
        }
    }

    #[inline]
    fn slot(&self, me: u64, opp: u64) -> usize {
        let h = (me.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ opp.wrapping_mul(0xc2b2_ae3d_27d4_eb4f))
            .rotate_left(29)
            .wrapping_mul(0x1656_67b1_9e37_79f9);
        (h >> (64 - self.bits)) as usize & !1
    }

    fn probe(&self, me: u64, opp: u64) -> Option<Entry> {
        let i = self.slot(me, opp);
        self.table[i..i + 2]
            .iter()
            .find(|e| e.me == me && e.opp == opp && e.empties > 0)
            .copied()
    }

    fn store(&mut self, me: u64, opp: u64, e: Entry) {
        let i = self.slot(me, opp);
        // The same position, else the slot with fewer empties (less
        // work to redo).
        let k = if self.table[i].me == me && self.table[i].opp == opp {
            i
        } else if self.table[i + 1].me == me && self.table[i + 1].opp == opp {
            i + 1
        } else if self.table[i].empties <= self.table[i + 1].empties {
            i
        } else {
            i + 1
        };
        self.table[k] = e;
    }

    /// The disc difference of a finished game.
    #[inline]
    fn final_score(me: u64, opp: u64) -> i32 {
        me.count_ones() as i32 - opp.count_ones() as i32
    }

    /// [`Search::value`] at the root, each move whose position is
    /// another's under a symmetry of the board searched once.
    fn root_value(&mut self, me: u64, opp: u64, mut alpha: i32, beta: i32) -> i32 {
        let moves = self.moves(me, opp);
        if moves == 0 {
            return self.value(me, opp, alpha, beta);
        }
        let mut seen: Vec<(u64, u64)> = Vec::new();
        let mut best = -100;
        for at in moves.iter() {
            let f = self.flips(me, opp, at);
            let (o, m) = (opp ^ f, me | f | 1u64 << at);
            let key = self.canonical(o, m);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let v = -self.value(o, m, -beta, -alpha);
            if self.exhausted {
                return 0;
            }
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The least image of a position under the board's symmetries.
    fn canonical(&self, a: u64, b: u64) -> (u64, u64) {
        let image = |map: &[usize], x: u64| x.iter().fold(0u64, |acc, i| acc | 1u64 << map[i]);
        self.symmetries
            .iter()
            .map(|map| (image(map, a), image(map, b)))
            .min()
            .unwrap_or((a, b))
    }

    /// Fail-soft negamax inside (alpha, beta).
    fn value(&mut self, me: u64, opp: u64, alpha: i32, beta: i32) -> i32 {
        let empties = (self.playable & !(me | opp)).count_ones();
        self.search(me, opp, alpha, beta, empties, false)
    }

    fn search(
        &mut self,
        me: u64,
        opp: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        // A time limit or Ctrl-C (the caller's), asked now and then.
        let stop = self.nodes.is_multiple_of(POLL_EVERY) && (self.stop)();
        if self.nodes > self.max_nodes || stop {
            self.exhausted = true;
            return 0;
        }
        if empties < SORT_MIN_EMPTIES {
            return self.small(me, opp, alpha, beta, empties, passed);
        }
        if let Some(v) = self.stability_cutoff(me, opp, alpha) {
            return v;
        }
        let moves = self.moves(me, opp);
        if moves == 0 {
            if passed || self.moves(opp, me) == 0 {
                return Self::final_score(me, opp);
            }
            return -self.search(opp, me, -beta, -alpha, empties, true);
        }
        let mut hint = NO_MOVE;
        if empties >= self.tt_min {
            match self.table_says(me, opp, alpha, beta) {
                TableSays::Value(v) => return v,
                TableSays::Hint(best) => hint = best,
            }
        }
        if empties >= ETC_MIN_EMPTIES {
            if let Some(v) = self.known_cutoff(me, opp, moves, beta) {
                return v;
            }
        }
        let mut list: [(i32, usize, u64); 64] = [(0, 0, 0); 64];
        let n = self.order_moves(me, opp, moves, hint, empties, &mut list);
        let (best, best_move) = self.search_ordered(me, opp, &list[..n], alpha, beta, empties);
        if self.exhausted {
            return 0;
        }
        if empties >= self.tt_min {
            self.remember(me, opp, best, best_move, (alpha, beta), empties);
        }
        best
    }

    /// On the 8×8 board's bits, the most the side to move can end with when
    /// the opponent's stable discs already bound it to `alpha` or less
    /// (a fail-low without a move generated).
    #[inline(always)]
    fn stability_cutoff(&self, me: u64, opp: u64, alpha: i32) -> Option<i32> {
        // Even every disc of the opponent stable could not cut.
        if !FAST || self.cells - 2 * (opp.count_ones() as i32) > alpha {
            return None;
        }
        let bound = self.cells - 2 * stable8(self.edges, opp, me, self.walls).count_ones() as i32;
        (bound <= alpha).then_some(bound)
    }

    /// The table's bounds on a position: its value when they settle it
    /// in (alpha, beta), else its best move ([`NO_MOVE`] if unknown).
    #[inline(always)]
    fn table_says(&self, me: u64, opp: u64, alpha: i32, beta: i32) -> TableSays {
        let Some(e) = self.probe(me, opp) else {
            return TableSays::Hint(NO_MOVE);
        };
        let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
        if lo >= beta {
            return TableSays::Value(lo);
        }
        if hi <= alpha {
            return TableSays::Value(hi);
        }
        if lo == hi {
            return TableSays::Value(lo);
        }
        TableSays::Hint(e.best)
    }

    /// Far from the end, a move whose position the table already knows
    /// to be good enough ends the search at once (enhanced
    /// transposition cutoff): its value.
    #[inline(always)]
    fn known_cutoff(&self, me: u64, opp: u64, moves: u64, beta: i32) -> Option<i32> {
        for at in moves.iter() {
            let f = self.flips(me, opp, at);
            if let Some(e) = self.probe(opp ^ f, me | f | 1u64 << at) {
                let v = -i32::from(e.upper);
                if v >= beta {
                    return Some(v);
                }
            }
        }
        None
    }

    /// Fills `list` with the moves (sort key, cell, discs turned), best
    /// first, and returns how many. Far from the end, moves by a short
    /// search of the position after them; nearer, fastest first: the
    /// move leaving the opponent the fewest replies (corners weigh as
    /// two more). The table's move (`hint`) first.
    #[inline(always)]
    fn order_moves(
        &mut self,
        me: u64,
        opp: u64,
        moves: u64,
        hint: u8,
        empties: u32,
        list: &mut [(i32, usize, u64); 64],
    ) -> usize {
        let mut n = 0;
        let [two, three, five] = self.probe_from;
        let probe_depth = if empties >= five {
            5
        } else if empties >= three {
            3
        } else if empties >= two {
            2
        } else {
            0
        };
        for at in moves.iter() {
            let f = self.flips(me, opp, at);
            let (o, m) = (opp ^ f, me | f | 1u64 << at);
            let key = if at as u8 == hint {
                -100_000
            } else if probe_depth > 0 {
                self.estimate(o, m, probe_depth, -100_000, 100_000)
            } else {
                let reply = self.moves(o, m);
                reply.count_ones() as i32 + (reply & self.corners).count_ones() as i32 * 2
            };
            if n < list.len() {
                list[n] = (key, at, f);
                n += 1;
            }
        }
        list[..n].sort_unstable_by_key(|e| e.0);
        n
    }

    /// The best value of the ordered moves and its cell: the first in
    /// the full window, the others by a null window first (principal
    /// variation search). Stops at a cutoff or when the search runs out.
    #[inline(always)]
    fn search_ordered(
        &mut self,
        me: u64,
        opp: u64,
        list: &[(i32, usize, u64)],
        mut alpha: i32,
        beta: i32,
        empties: u32,
    ) -> (i32, u8) {
        let mut best = -100;
        let mut best_move = NO_MOVE;
        for (i, &(_, at, f)) in list.iter().enumerate() {
            let (o, m) = (opp ^ f, me | f | 1u64 << at);
            let v = if i == 0 {
                -self.search(o, m, -beta, -alpha, empties - 1, false)
            } else {
                let mut v = -self.search(o, m, -alpha - 1, -alpha, empties - 1, false);
                if v > alpha && v < beta {
                    v = -self.search(o, m, -beta, -v, empties - 1, false);
                }
                v
            };
            if self.exhausted {
                return (0, NO_MOVE);
            }
            if v > best {
                best = v;
                best_move = at as u8;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// Stores what the search of a position proved: its value `best`
    /// against the window it was searched in, joined with what the
    /// table already knew.
    #[inline(always)]
    fn remember(
        &mut self,
        me: u64,
        opp: u64,
        best: i32,
        best_move: u8,
        (alpha, beta): (i32, i32),
        empties: u32,
    ) {
        let (lower, upper) = if best <= alpha {
            (-64, best)
        } else if best >= beta {
            (best, 64)
        } else {
            (best, best)
        };
        let mut e = Entry {
            me,
            opp,
            lower: lower as i8,
            upper: upper as i8,
            best: best_move,
            empties: empties as u8,
        };
        if let Some(old) = self.probe(me, opp) {
            // Keep what the older bounds knew.
            e.lower = e.lower.max(old.lower);
            e.upper = e.upper.min(old.upper);
            if e.lower > e.upper {
                e.lower = lower as i8;
                e.upper = upper as i8;
            }
        }
        self.store(me, opp, e);
    }

    /// The cells diagonally next to a corner that is taken.
    #[inline]
    fn corner_near(&self, taken: u64) -> u64 {
        let mut near = 0;
        for &(corner, x) in &self.x_pairs {
            if taken & corner != 0 {
                near |= x;
            }
        }
        near
    }

    /// The value with one empty cell left: the side to move fills it
    /// if it can, else the other side, else nobody.
    fn last_cell(&mut self, me: u64, opp: u64) -> i32 {
        let empty = self.playable & !(me | opp);
        let Some(at) = empty.iter().next() else {
            return Self::final_score(me, opp);
        };
        let f = self.flips(me, opp, at);
        if f != 0 {
            return Self::final_score(me | f | 1u64 << at, opp ^ f);
        }
        let f = self.flips(opp, me, at);
        if f != 0 {
            return -Self::final_score(opp | f | 1u64 << at, me ^ f);
        }
        Self::final_score(me, opp)
    }

    /// A guess at a position's worth for the side to move, by a short
    /// alpha-beta search over an estimate: mobility and corners.
    fn estimate(&mut self, me: u64, opp: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let mine = self.moves(me, opp);
        let theirs = self.moves(opp, me);
        if mine == 0 && theirs == 0 {
            return 1000 * Self::final_score(me, opp);
        }
        if depth == 0 {
            let c = self.corners;
            // A disc diagonally next to an empty corner gives the
            // corner away.
            let x = self.x_cells & !self.corner_near(me | opp);
            return 8 * (mine.count_ones() as i32 - theirs.count_ones() as i32)
                + 40 * ((me & c).count_ones() as i32 - (opp & c).count_ones() as i32)
                - 16 * ((me & x).count_ones() as i32 - (opp & x).count_ones() as i32);
        }
        if mine == 0 {
            return -self.estimate(opp, me, depth - 1, -beta, -alpha);
        }
        let mut best = -1_000_000;
        for at in mine.iter() {
            let f = self.flips(me, opp, at);
            let v = -self.estimate(opp ^ f, me | f | 1u64 << at, depth - 1, -beta, -alpha);
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The last few empty cells: each tried in turn, those in quarters
    /// with an odd number of empty cells first (parity), its flips
    /// computed at once (no move list, no table, no ordering): cheaper
    /// than the general search where every node is near a leaf.
    fn small(
        &mut self,
        me: u64,
        opp: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        passed: bool,
    ) -> i32 {
        if empties == 1 {
            return self.last_cell(me, opp);
        }
        let empty = self.playable & !(me | opp);
        if FAST && empties == 2 {
            let (a, b) = (empty.trailing_zeros(), 63 - empty.leading_zeros());
            return self.two8(me, opp, alpha, beta, a as usize, b as usize, passed);
        }
        let mut odd = 0u64;
        for q in &self.quarters {
            if (q & empty).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        let mut best = -100;
        let mut moved = false;
        for set in [empty & odd, empty & !odd] {
            for at in set.iter() {
                // A cell with no opposing disc next to it turns none.
                if FAST && NEIGHBOURS8[at] & opp == 0 {
                    continue;
                }
                let f = self.flips(me, opp, at);
                if f == 0 {
                    continue;
                }
                moved = true;
                self.nodes += 1;
                let v = -self.small(
                    opp ^ f,
                    me | f | 1u64 << at,
                    -beta,
                    -alpha,
                    empties - 1,
                    false,
                );
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if moved {
            return best;
        }
        if passed {
            return Self::final_score(me, opp);
        }
        self.nodes += 1;
        -self.small(opp, me, -beta, -alpha, empties, true)
    }

    /// [`Search::small`] with the two empty cells `a` and `b` of the
    /// 8×8 board: each tried straight into [`last8`], no list.
    #[allow(clippy::too_many_arguments)]
    fn two8(
        &mut self,
        me: u64,
        opp: u64,
        alpha: i32,
        beta: i32,
        a: usize,
        b: usize,
        passed: bool,
    ) -> i32 {
        let mut best = -100;
        for (at, other) in [(a, b), (b, a)] {
            if NEIGHBOURS8[at] & opp == 0 {
                continue;
            }
            let f = flips8(me, opp, at);
            if f == 0 {
                continue;
            }
            self.nodes += 1;
            let v = -last8(opp ^ f, me | f | 1u64 << at, other);
            if v > best {
                best = v;
                if v >= beta {
                    return best;
                }
            }
        }
        if best > -100 {
            return best;
        }
        if passed {
            return Self::final_score(me, opp);
        }
        self.nodes += 1;
        -self.two8(opp, me, -beta, -alpha, a, b, true)
    }

    /// Every first move whose value reaches `score` (only its sign
    /// unless `margin`), and one line of such moves to the end.
    fn best_and_line(
        &mut self,
        me: u64,
        opp: u64,
        score: i32,
        margin: bool,
    ) -> (Vec<Option<usize>>, Line) {
        // `reaches(child, v)`: after the move, the mover's value is at
        // least `v` (for a sign-only score: wins stay wins, a draw
        // stays at least a draw, a loss is any move).
        let reaches = |search: &mut Self, o: u64, m: u64, v: i32, exact: bool| -> bool {
            if exact {
                -search.value(o, m, -v, -v + 1) >= v
            } else if v > 0 {
                -search.value(o, m, -1, 0) >= 1
            } else if v == 0 {
                -search.value(o, m, 0, 1) >= 0
            } else {
                true
            }
        };
        let children = |search: &Self, me: u64, opp: u64| -> Vec<(Option<usize>, u64, u64)> {
            let moves = search.moves(me, opp);
            if moves == 0 {
                if search.moves(opp, me) == 0 {
                    return Vec::new();
                }
                return vec![(None, opp, me)];
            }
            moves
                .iter()
                .map(|at| {
                    let f = search.flips(me, opp, at);
                    (Some(at), opp ^ f, me | f | 1u64 << at)
                })
                .collect()
        };
        let mut best = Vec::new();
        // A move whose position is another's under a symmetry of the
        // board does as well: searched once.
        let mut seen: Vec<((u64, u64), bool)> = Vec::new();
        for (mv, o, m) in children(self, me, opp) {
            let key = self.canonical(o, m);
            let keeps = match seen.iter().find(|(k, _)| *k == key) {
                Some(&(_, keeps)) => keeps,
                None => {
                    let keeps = reaches(self, o, m, score, margin);
                    seen.push((key, keeps));
                    keeps
                }
            };
            if keeps {
                best.push(mv);
            }
            if self.exhausted {
                break;
            }
        }
        // The line: at each position the first move that keeps the
        // value (exactly, with the margin; by sign without it).
        let mut line = Vec::new();
        let (mut a, mut b, mut v, mut flip) = (me, opp, score, false);
        loop {
            let mut kids = children(self, a, b);
            if kids.is_empty() || self.exhausted {
                break;
            }
            // The table's best move first: most often the one.
            if let Some(e) = self.probe(a, b) {
                kids.sort_by_key(|&(mv, _, _)| mv.map(|at| at as u8) != Some(e.best));
            }
            let Some(&(mv, o, m)) = kids
                .iter()
                .find(|&&(_, o, m)| reaches(self, o, m, v, margin))
            else {
                break;
            };
            line.push(mv);
            a = o;
            b = m;
            v = -v;
            flip = !flip;
        }
        let (x, y) = if flip { (b, a) } else { (a, b) };
        (
            best,
            Line {
                moves: line,
                discs: (x.count_ones(), y.count_ones()),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Flips by walking the board cell by cell, for comparison.
    fn naive_flips(me: u64, opp: u64, at: usize) -> u64 {
        let mut flips = 0;
        for (dc, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ] {
            let (mut c, mut r) = ((at % 8) as i32 + dc, (at / 8) as i32 + dr);
            let mut line = 0u64;
            while (0..8).contains(&c) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + c);
                if opp & bit != 0 {
                    line |= bit;
                } else {
                    if me & bit != 0 {
                        flips |= line;
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        flips
    }

    /// Random games on the 8×8 board: moves and flips as by walking
    /// the board, and no disc `stable8` calls stable ever turns.
    #[test]
    fn moves_flips_and_stable_discs_on_8x8() {
        let mut seed = 12345u64;
        let mut rand = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let edges = edge_stable_table();
        let (mut found, mut inner) = (0, 0);
        for _ in 0..400 {
            let (mut me, mut opp) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            // Per side (of the first mover, then the other), the
            // discs found stable so far.
            let mut stable = [0u64; 2];
            let mut side = 0;
            loop {
                let empty = !(me | opp);
                let mut naive_moves = 0;
                for at in 0..64 {
                    if empty & 1 << at != 0 && naive_flips(me, opp, at) != 0 {
                        naive_moves |= 1u64 << at;
                    }
                    assert_eq!(flips8(me, opp, at) & !opp, 0);
                    if empty & 1 << at != 0 {
                        assert_eq!(flips8(me, opp, at), naive_flips(me, opp, at));
                    }
                }
                assert_eq!(moves8(me, opp), naive_moves);
                assert_eq!(stable[side] & !me, 0, "a stable disc turned");
                assert_eq!(stable[1 - side] & !opp, 0, "a stable disc turned");
                stable[side] |= stable8(edges, me, opp, 0);
                stable[1 - side] |= stable8(edges, opp, me, 0);
                found += (stable[0] | stable[1]).count_ones();
                inner += ((stable[0] | stable[1]) & 0x007e_7e7e_7e7e_7e00).count_ones();
                if naive_moves == 0 {
                    if moves8(opp, me) == 0 {
                        break;
                    }
                } else {
                    let cells: Vec<usize> =
                        (0..64).filter(|&i| naive_moves & 1 << i != 0).collect();
                    let at = cells[rand() % cells.len()];
                    let f = flips8(me, opp, at);
                    (me, opp) = (me | f | 1u64 << at, opp ^ f);
                }
                (me, opp) = (opp, me);
                side = 1 - side;
            }
        }
        // The test saw stable discs, inner ones too.
        assert!(found > 10_000 && inner > 1000, "{found} {inner}");
    }

    /// Boards smaller than 8×8, with and without holes, laid out on
    /// the 8×8 board's bits: from random positions and through random
    /// games, the search's moves and flips are the board's own, and no
    /// disc `stable8` calls stable ever turns.
    #[test]
    fn smaller_boards_on_the_8x8_bits() {
        let mut seed = 777u64;
        let mut rand = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        let boards: [(usize, usize, &[usize]); 5] = [
            (6, 6, &[]),
            (4, 4, &[]),
            (8, 6, &[]),
            (5, 7, &[0, 12, 34]),
            (7, 7, &[3, 24, 45]),
        ];
        let mut found = 0;
        for (w, h, holes) in boards {
            let t = Board64::new(w, h, holes).unwrap();
            let search = Search::<true>::new(&t, u64::MAX, 0, &|| false);
            let edges = edge_stable_table();
            for _ in 0..300 {
                // A random position, then a random game from it.
                let (mut me, mut opp) = (0u64, 0u64);
                for i in t.playable().iter() {
                    match rand() % 4 {
                        0 => me |= 1u64 << i,
                        1 => opp |= 1u64 << i,
                        _ => {}
                    }
                }
                let mut stable = [0u64; 2];
                let mut side = 0;
                loop {
                    let (lm, lo) = (search.to_layout(me), search.to_layout(opp));
                    assert_eq!(search.to_layout(t.moves(me, opp)), search.moves(lm, lo));
                    for at in t.playable().iter() {
                        if (me | opp) & 1u64 << at == 0 {
                            let at8 = at / w * 8 + at % w;
                            assert_eq!(search.cell_on_board(at8), at);
                            assert_eq!(
                                search.to_layout(t.flips(me, opp, at)),
                                search.flips(lm, lo, at8)
                            );
                        }
                    }
                    assert_eq!(stable[side] & !lm, 0, "a stable disc turned");
                    assert_eq!(stable[1 - side] & !lo, 0, "a stable disc turned");
                    stable[side] |= stable8(edges, lm, lo, search.walls);
                    stable[1 - side] |= stable8(edges, lo, lm, search.walls);
                    found += (stable[0] | stable[1]).count_ones();
                    let moves = t.moves(me, opp);
                    if moves == 0 {
                        if t.moves(opp, me) == 0 {
                            break;
                        }
                    } else {
                        let cells: Vec<usize> = moves.iter().collect();
                        let at = cells[rand() % cells.len()];
                        let f = t.flips(me, opp, at);
                        (me, opp) = (me | f | 1u64 << at, opp ^ f);
                    }
                    (me, opp) = (opp, me);
                    side = 1 - side;
                }
            }
        }
        assert!(found > 10_000, "{found}");
    }
}
