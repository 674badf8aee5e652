//! Freeze (Gregory K. Van Patten, 2001): capture chains on a torus, captured
//! checkers crown the opponent's singles into kings, which cannot move.
//!
//! The board state is one bit set per colour and piece kind, generic over
//! `Bits`: `u64` for boards of up to 64 cells, `Wide` beyond. Jump
//! targets are precomputed per cell and direction (with the torus wrap), so
//! chain generation is a depth-first search with the mover lifted.
use super::bits::Bits;
use super::bits::{by_width, width_rules, AtWidth, Build, ByWidth, WidthState};
use super::notation::{parse_board, print_board, split_position, Square};
use crate::family::RulesInfo;
use crate::game::*;
use crate::geometry::{self, Cell, Geometry, Topology};
use crate::notation::{Invalid, PositionError};
use crate::view::BoardView;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Parameters of the family (defaults from docs/rules.md).
#[derive(Clone, Debug, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
#[schemars(rename = "FreezeParams")]
pub struct Params {
    /// Checkers per colour in the kit: checkers plus twice the kings of one
    /// colour never exceed it.
    pub supply: u32,
    /// The side to move in the default start (`b` or `r`).
    #[serde(deserialize_with = "side_char")]
    #[schemars(with = "String", extend("enum" = ["b", "r"]))]
    pub first: char,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            supply: 30,
            first: 'b',
        }
    }
}

/// What Freeze is besides its rules (see [`GameFamily`]).
mod description {
    use crate::family::{
        count_pieces, AuditInfo, Counted, Counts, FactKind, FactNumber, FamilyPrint, GameFamily,
        Look, Piece, PositionFact, TokenSet, Tone,
    };
    use crate::freeze::{Freeze, Params, Position};
    use crate::view::BoardView;

    impl GameFamily for Freeze {
        type Params = Params;

        fn with_params(params: Params) -> Self {
            Freeze::new(params)
        }

        fn problems(
            p: &Params,
            _: u32,
            width: usize,
            height: usize,
        ) -> Vec<(&'static str, String)> {
            // A colour's checkers stand on the other colour's squares only.
            let room = (width * height / 2) as u32;
            let mut problems = Vec::new();
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
            problems
        }

        fn start_problems(
            p: &Params,
            _: &Position,
            view: &BoardView,
        ) -> Vec<(&'static str, String)> {
            let black = count_pieces(view, &['b']) + 2 * count_pieces(view, &['B']);
            let red = count_pieces(view, &['r']) + 2 * count_pieces(view, &['R']);
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

    /// The kings on the board.
    const KINGS: FactKind = FactKind {
        key: "kings",
        numbers: &["n"],
    };

    impl FamilyPrint for Freeze {
        const LOOK: Look = Look {
            pieces: &[
                Piece::plain('b', Tone::Dark, "b"),
                Piece::king('B', Tone::Dark, "b"),
                Piece::plain('r', Tone::Light, "r"),
                Piece::king('R', Tone::Light, "r"),
            ],
            orthogonal_only: false,
            checkered: true,
            audit: AuditInfo {
                turn_mm: 11.0,
                side_mm: Some(10.0),
                fills_a_cell_a_turn: false,
            },
        };

        fn figures(p: &Params) -> Vec<(&'static str, u32)> {
            vec![("supply", p.supply)]
        }

        // "the 30 checkers", "15 of each" (a few checkers, "jumps two
        // checkers", are a move's, not the supply).
        const COUNTED: &'static [Counted] = &[Counted {
            name: "supply",
            what: "checkers",
            says: "#n>4 checkers | #n>4 of each",
        }];

        const FACTS: &'static [FactKind] = &[KINGS];

        fn position_facts(_: &Params, _: &Counts, view: &BoardView) -> Vec<PositionFact> {
            let kings = view
                .pieces
                .iter()
                .filter(|(_, s)| s.is_ascii_uppercase())
                .count() as u64;
            match kings {
                0 => Vec::new(),
                kings => vec![KINGS.stated(&[FactNumber::Count(kings)])],
            }
        }

        // Kings are stacks of two checkers: no extra tokens for them. Each
        // checker has a crowned back, so a king (a checker with a captured
        // one put on it crown side up) shows its crown at a glance. Three
        // spares a colour, for tokens lost: at 15.8 mm a fold-over pair
        // takes 15.8 × 31.6 mm, so 11 columns fit the 174 mm the grid has
        // between its crop marks (at 16 mm only 10 do) and 2 × 33 tokens
        // fill 6 rows exactly, each colour starting on its own row, on one
        // sheet on A4 and on Letter (at 17 mm the 60 alone filled 10 × 6).
        fn token_sets(p: &Params, _: usize) -> Vec<TokenSet> {
            ['b', 'r']
                .map(|symbol| TokenSet {
                    symbol,
                    back: Some(symbol.to_ascii_uppercase()),
                    back_crowned: true,
                    count: p.supply as usize,
                    spares: 3,
                    size_mm: 15.8,
                })
                .to_vec()
        }
    }
}

/// `first` is a side symbol; anything else is refused when the parameters
/// are read, so the engine never has to guess.
fn side_char<'de, D: serde::Deserializer<'de>>(d: D) -> Result<char, D::Error> {
    let c = <char as serde::Deserialize>::deserialize(d)?;
    if SIDES.contains(&c) {
        Ok(c)
    } else {
        Err(serde::de::Error::custom(format!(
            "first is `{c}`: expected `b` (black) or `r` (red)"
        )))
    }
}

/// Side symbols by colour index: 0 black, 1 red.
const SIDES: [char; 2] = ['b', 'r'];
const KINGS: [char; 2] = ['B', 'R'];
const COLOUR: [&str; 2] = ["black", "red"];

const START_B: &str = "rbrbrbrb/brbrb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr b";
const START_R: &str = "rbrbrbrb/brbrb2r/rbrbrbrb/brbrbrbr/rbrbrbrb/b2rbrbr/rbrbrbrb/brbrbrbr r";

/// The rules of the family with its parameters.
#[derive(Clone, Debug)]
pub struct Freeze {
    /// The family's parameters.
    pub params: Params,
}

impl Freeze {
    /// The rules with these parameters.
    pub fn new(params: Params) -> Self {
        Freeze { params }
    }
}

/// The fixed facts of one board: size, holes, colouring and jump tables.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tables<B> {
    geo: Geometry,
    playable: B,
    /// `mid[i][d]`, `land[i][d]`: the square jumped over and the landing
    /// square of a jump from `i` in orthogonal direction `d` (torus wrap).
    mid: Vec<[u16; 4]>,
    land: Vec<[u16; 4]>,
    /// Every cell in reading order (top row first, left to right).
    reading: Vec<u16>,
}

impl<B: Bits> Tables<B> {
    fn new(geo: Geometry) -> Tables<B> {
        let mut playable = B::empty();
        for i in geo.playable() {
            playable |= B::bit(i);
        }
        let mut mid = Vec::with_capacity(geo.len());
        let mut land = Vec::with_capacity(geo.len());
        for i in 0..geo.len() {
            let mut m = [0u16; 4];
            let mut l = [0u16; 4];
            for (d, (dc, dr)) in geometry::ORTHOGONAL.into_iter().enumerate() {
                // Freeze boards are always tori, so an offset always exists.
                m[d] = geo.offset(i, dc, dr).unwrap_or(i) as u16;
                l[d] = geo.offset(i, 2 * dc, 2 * dr).unwrap_or(i) as u16;
            }
            mid.push(m);
            land.push(l);
        }
        let (w, h) = (geo.width(), geo.height());
        let mut reading: Vec<u16> = (0..geo.len() as u16).collect();
        reading.sort_by_key(|&i| reading_key(i as usize, w, h));
        Tables {
            geo,
            playable,
            mid,
            land,
            reading,
        }
    }
}

/// A position on one representation of bit sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<B> {
    t: Arc<Tables<B>>,
    /// Single checkers by colour (0 black, 1 red).
    checkers: [B; 2],
    kings: [B; 2],
    /// Colour to move.
    side: usize,
}

/// A Freeze position (board, holes, pieces, side to move).
/// Freeze's state type, for the width dispatch.
pub struct FreezeStates;

impl AtWidth for FreezeStates {
    type At<B: Bits> = Board<B>;
}

/// A Freeze position (board, holes, pieces, side to move).
#[derive(Clone, PartialEq)]
pub struct Position(ByWidth<FreezeStates>);

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geo = self.geo();
        let board = print_board(geo.width(), geo.height(), |i| {
            if geo.is_hole(i) {
                Square::Hole
            } else {
                self.piece(i).map_or(Square::Empty, Square::Piece)
            }
        });
        write!(f, "Position({board} {})", SIDES[self.side()])
    }
}

/// A Freeze move. Cells are indices (`row * width + col`); `kinged` is in
/// reading order (top row first, left to right), as printed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A pass: allowed whenever the mover has a capture.
    Pass,
    /// One checker's chain of captures, then the crowning.
    Chain {
        /// The square the checker starts from.
        from: usize,
        /// Every landing square, in order.
        path: Vec<usize>,
        /// The enemy single checkers made kings.
        kinged: Vec<usize>,
    },
}

/// The search state of a chain in progress.
struct Chain {
    from: usize,
    cur: usize,
    /// Landing squares (kept only when listing moves).
    path: Vec<usize>,
    /// Captured squares in order. Chains are short, so membership is a
    /// scan: cheaper than updating wide bit sets at every jump.
    captured: Vec<usize>,
    /// Checkers captured so far (a king counts two).
    value: u32,
    /// Opposing single checkers still on the board.
    singles: u32,
}

impl<B: Bits> Board<B> {
    fn all(&self) -> B {
        self.checkers[0] | self.checkers[1] | self.kings[0] | self.kings[1]
    }

    fn piece(&self, i: usize) -> Option<char> {
        (0..2).find_map(|c| {
            if self.checkers[c].has(i) {
                Some(SIDES[c])
            } else if self.kings[c].has(i) {
                Some(KINGS[c])
            } else {
                None
            }
        })
    }

    /// Whether the side to move has a capture.
    fn can_capture(&self) -> bool {
        let s = self.side;
        let opp = self.checkers[1 - s] | self.kings[1 - s];
        let empty = self.t.playable & !self.all();
        self.checkers[s].iter().any(|from| {
            (0..4).any(|d| {
                opp.has(self.t.mid[from][d] as usize) && empty.has(self.t.land[from][d] as usize)
            })
        })
    }

    /// Calls `f` on every chain (every prefix included), by starting square
    /// in index order, then depth first with directions up, right, down,
    /// left. `RECORD` keeps the path and the captured squares (for listing
    /// moves; perft needs only the counts).
    fn for_each_chain<const RECORD: bool>(&self, f: &mut impl FnMut(&Chain)) {
        let s = self.side;
        let own = self.checkers[s] | self.kings[s];
        let singles = self.checkers[1 - s].count();
        let mut ch = Chain {
            from: 0,
            cur: 0,
            path: Vec::new(),
            captured: Vec::new(),
            value: 0,
            singles,
        };
        for from in self.checkers[s].iter() {
            ch.from = from;
            ch.cur = from;
            self.extend::<RECORD>(own, &mut ch, f);
        }
    }

    /// Tries every jump from `ch.cur`. `own` still holds the mover, but the
    /// mover is lifted: its start square counts as empty.
    fn extend<const RECORD: bool>(&self, own: B, ch: &mut Chain, f: &mut impl FnMut(&Chain)) {
        let t = &*self.t;
        let o = 1 - self.side;
        let cur = ch.cur;
        for d in 0..4 {
            let m = t.mid[cur][d] as usize;
            let l = t.land[cur][d] as usize;
            let king = self.kings[o].has(m);
            if !(king || self.checkers[o].has(m)) || ch.captured.contains(&m) {
                continue;
            }
            let land_empty = t.playable.has(l)
                && (l == ch.from || !own.has(l))
                && (!(self.checkers[o].has(l) || self.kings[o].has(l)) || ch.captured.contains(&l));
            if !land_empty {
                continue;
            }
            let worth = if king { 2 } else { 1 };
            ch.value += worth;
            ch.singles -= u32::from(!king);
            ch.captured.push(m);
            if RECORD {
                ch.path.push(l);
            }
            ch.cur = l;
            f(ch);
            self.extend::<RECORD>(own, ch, f);
            ch.cur = cur;
            if RECORD {
                ch.path.pop();
            }
            ch.captured.pop();
            ch.value -= worth;
            ch.singles += u32::from(!king);
        }
    }

    /// The position after a chain, before kinging, with the turn passed.
    fn after_chain(&self, ch: &Chain) -> Board<B> {
        let s = self.side;
        let mut b = self.clone();
        b.checkers[s] = (b.checkers[s] & !B::bit(ch.from)) | B::bit(ch.cur);
        for &m in &ch.captured {
            b.checkers[1 - s] &= !B::bit(m);
            b.kings[1 - s] &= !B::bit(m);
        }
        b.side = 1 - s;
        b
    }

    /// Remaining opposing singles after a chain, in reading order.
    fn king_candidates(&self, opp_checkers: B) -> Vec<usize> {
        let w = self.t.geo.width();
        let h = self.t.geo.height();
        let mut v: Vec<usize> = opp_checkers.iter().collect();
        v.sort_by_key(|&i| reading_key(i, w, h));
        v
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            // Bulk count: each chain stands for all its kinging choices.
            let mut n = 0u64;
            let mut any = false;
            self.for_each_chain::<false>(&mut |ch| {
                any = true;
                n = n.saturating_add(kinging_choices(ch.singles, ch.value));
            });
            return if any { n.saturating_add(1) } else { 0 };
        }
        let mut total = 0u64;
        let mut any = false;
        self.for_each_chain::<false>(&mut |ch| {
            any = true;
            let child = self.after_chain(ch);
            let cands: Vec<usize> = child.checkers[child.side].iter().collect();
            let k = (ch.value as usize).min(cands.len());
            let mut stack = Vec::new();
            let mut visit = |set: B| {
                let mut c = child.clone();
                let o = self.side ^ 1;
                c.checkers[o] ^= set;
                c.kings[o] |= set;
                total = total.saturating_add(c.perft(depth - 1));
            };
            subsets(&cands, 0, k, B::empty(), &mut stack, &mut |_, set| {
                visit(set)
            });
        });
        if !any {
            return 0;
        }
        let mut passed = self.clone();
        passed.side ^= 1;
        total.saturating_add(passed.perft(depth - 1))
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.for_each_chain::<true>(&mut |ch| {
            let cands = self.king_candidates(self.after_chain(ch).checkers[1 - self.side]);
            let k = (ch.value as usize).min(cands.len());
            let mut stack = Vec::new();
            subsets(&cands, 0, k, B::empty(), &mut stack, &mut |kinged, _| {
                out.push(Move::Chain {
                    from: ch.from,
                    path: ch.path.clone(),
                    kinged: kinged.to_vec(),
                })
            });
        });
        if !out.is_empty() {
            out.insert(0, Move::Pass);
        }
        out
    }

    /// The checkers of `side` that have a capture.
    fn capturers(&self, side: usize) -> B {
        let opp = self.checkers[1 - side] | self.kings[1 - side];
        let empty = self.t.playable & !self.all();
        let mut out = B::empty();
        if empty.count() < self.checkers[side].count() {
            // From the landing squares back (jump tables are symmetric: the
            // square two steps from an empty square jumps onto it over the
            // square between): fewer squares to look at early in a game.
            for e in empty.iter() {
                for d in 0..4 {
                    let origin = self.t.land[e][d] as usize;
                    if opp.has(self.t.mid[e][d] as usize) && self.checkers[side].has(origin) {
                        out |= B::bit(origin);
                    }
                }
            }
            return out;
        }
        for from in self.checkers[side].iter() {
            if (0..4).any(|d| {
                opp.has(self.t.mid[from][d] as usize) && empty.has(self.t.land[from][d] as usize)
            }) {
                out |= B::bit(from);
            }
        }
        out
    }

    /// The kinging sets worth searching after a chain: kinging an opposing
    /// checker only takes away its captures and makes it worth two when
    /// jumped, so a set is never better than a larger set containing it (by
    /// induction on the plies left: the opponent's moves become a subset,
    /// the mover's a superset). Only sets of the largest allowed size are
    /// kept, those with the most checkers that could capture first.
    fn maximal_kingings(&self, ch: &Chain) -> (Board<B>, Vec<Vec<usize>>) {
        let child = self.after_chain(ch);
        let sets = self.kinging_sets(&child, ch.value);
        (child, sets)
    }

    /// The largest kinging sets after a chain worth `value` that led to
    /// `child`, in the order of [`Board::maximal_kingings`].
    fn kinging_sets(&self, child: &Board<B>, value: u32) -> Vec<Vec<usize>> {
        let (w, h) = (self.t.geo.width(), self.t.geo.height());
        let singles = child.checkers[child.side];
        let danger = child.capturers(child.side) & singles;
        let reading = |set: B| {
            self.t
                .reading
                .iter()
                .map(|&i| i as usize)
                .filter(move |&i| set.has(i))
        };
        let cands: Vec<usize> = reading(danger).chain(reading(singles & !danger)).collect();
        let k = (value as usize).min(cands.len());
        let mut sets = Vec::new();
        let mut stack = Vec::new();
        subsets(&cands, 0, k, B::empty(), &mut stack, &mut |kinged, _| {
            if kinged.len() == k {
                let mut v = kinged.to_vec();
                v.sort_by_key(|&i| reading_key(i, w, h));
                sets.push(v);
            }
        });
        sets
    }

    fn search_moves(&self) -> Vec<Move> {
        let mut chains: Vec<(u32, Move)> = Vec::new();
        self.for_each_chain::<true>(&mut |ch| {
            for kinged in self.maximal_kingings(ch).1 {
                let mv = Move::Chain {
                    from: ch.from,
                    path: ch.path.clone(),
                    kinged,
                };
                chains.push((ch.value, mv));
            }
        });
        if chains.is_empty() {
            return Vec::new();
        }
        // Stable: bigger captures first, enumeration order otherwise.
        chains.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        let mut out: Vec<Move> = chains.into_iter().map(|(_, m)| m).collect();
        out.push(Move::Pass);
        out
    }

    /// One group a chain: the largest kinging sets, those with the most
    /// checkers that could capture first. The bound kings every opposing
    /// single: by the argument of [`Board::maximal_kingings`] (it holds for
    /// any superset of kings), no kinging set does better for the mover.
    fn search_groups(&self) -> Vec<(u32, ChainGroup<Board<B>>)> {
        let mut groups = Vec::new();
        let (w, h) = (self.t.geo.width(), self.t.geo.height());
        self.for_each_chain::<true>(&mut |ch| {
            let child = self.after_chain(ch);
            let singles = child.checkers[child.side];
            let n = singles.count();
            let k = ch.value.min(n);
            let more = k > 0 && k < n;
            // The first set: checkers that could capture first, then the
            // rest, each in reading order.
            let mut kinged: Vec<usize> = Vec::with_capacity(k as usize);
            let pick = |from: B, kinged: &mut Vec<usize>| {
                for &i in &self.t.reading {
                    if kinged.len() == k as usize {
                        break;
                    }
                    if from.has(i as usize) {
                        kinged.push(i as usize);
                    }
                }
            };
            if more {
                let danger = child.capturers(child.side) & singles;
                pick(danger, &mut kinged);
                pick(singles & !danger, &mut kinged);
                kinged.sort_by_key(|&i| reading_key(i, w, h));
            } else {
                pick(singles, &mut kinged);
            }
            let bound = more.then(|| {
                let mut b = child.clone();
                b.kings[b.side] |= singles;
                b.checkers[b.side] = B::empty();
                b
            });
            let first = Move::Chain {
                from: ch.from,
                path: ch.path.clone(),
                kinged,
            };
            groups.push((
                ch.value,
                ChainGroup {
                    bound: bound.map(Box::new),
                    first,
                    more,
                },
            ));
        });
        if groups.is_empty() {
            return groups;
        }
        // Stable: bigger captures first, enumeration order otherwise.
        groups.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        groups.push((
            0,
            ChainGroup {
                bound: None,
                first: Move::Pass,
                more: false,
            },
        ));
        groups
    }

    /// The kinging sets of `first`'s chain after the first one, in the
    /// order of [`Board::maximal_kingings`].
    fn group_rest(&self, first: &Move) -> Vec<Move> {
        let Move::Chain { from, path, .. } = first else {
            return Vec::new();
        };
        let value = self.chain_value(*from, path);
        let bare = Move::Chain {
            from: *from,
            path: path.clone(),
            kinged: Vec::new(),
        };
        let child = self.search_play(&bare);
        let sets = self.kinging_sets(&child, value);
        sets.into_iter()
            .skip(1)
            .map(|kinged| Move::Chain {
                from: *from,
                path: path.clone(),
                kinged,
            })
            .collect()
    }

    /// The kinging allowance of a chain (`from`, then its landing squares):
    /// the checkers it captures, a king counting two.
    fn chain_value(&self, from: usize, path: &[usize]) -> u32 {
        let t = &*self.t;
        let o = 1 - self.side;
        let (mut cur, mut value) = (from, 0);
        for &l in path {
            let Some(d) = (0..4).find(|&d| t.land[cur][d] as usize == l) else {
                break;
            };
            value += if self.kings[o].has(t.mid[cur][d] as usize) {
                2
            } else {
                1
            };
            cur = l;
        }
        value
    }

    /// `mv` with one king fewer, each way (see [`Position::fewer_kings`]).
    fn fewer_kings(&self, mv: &Move) -> Vec<Move> {
        let Move::Chain { from, path, kinged } = mv else {
            return Vec::new();
        };
        (0..kinged.len())
            .map(|i| {
                let mut fewer = kinged.clone();
                fewer.remove(i);
                Move::Chain {
                    from: *from,
                    path: path.clone(),
                    kinged: fewer,
                }
            })
            .collect()
    }

    /// How many more opposing checkers `mv` may king (its allowance, or
    /// the singles left, less the kings it makes).
    fn optional_kings(&self, mv: &Move) -> u32 {
        let Move::Chain { from, path, kinged } = mv else {
            return 0;
        };
        let bare = Move::Chain {
            from: *from,
            path: path.clone(),
            kinged: Vec::new(),
        };
        let child = self.search_play(&bare);
        let singles = child.checkers[child.side].count();
        self.chain_value(*from, path)
            .min(singles)
            .saturating_sub(kinged.len() as u32)
    }

    /// The first chain (in enumeration order) after which the opponent has
    /// no capture once the mover kings every opposing checker that could
    /// capture (when it may king that many).
    fn win_in_one(&self) -> Option<Move> {
        let (w, h) = (self.t.geo.width(), self.t.geo.height());
        if !self.can_capture() {
            return None;
        }
        if self.capturers(1 - self.side).is_empty() {
            // Passing leaves the opponent to move without a capture.
            return Some(Move::Pass);
        }
        let mut found = None;
        self.for_each_chain::<true>(&mut |ch| {
            if found.is_some() {
                return;
            }
            let child = self.after_chain(ch);
            let danger = child.capturers(child.side);
            let singles = child.checkers[child.side];
            let k = (ch.value as usize).min(singles.count() as usize);
            if danger.count() as usize > k {
                return;
            }
            let mut kinged: Vec<usize> = danger.iter().collect();
            for i in self.king_candidates(singles & !danger) {
                if kinged.len() == k {
                    break;
                }
                kinged.push(i);
            }
            kinged.sort_by_key(|&i| reading_key(i, w, h));
            found = Some(Move::Chain {
                from: ch.from,
                path: ch.path.clone(),
                kinged,
            });
        });
        found
    }

    /// Whether a chain wins at once: after it, the opponent's checkers that
    /// could capture are no more than the mover may king (the test of
    /// [`Board::win_in_one`]).
    fn chain_wins_at_once(&self, ch: &Chain) -> bool {
        let child = self.after_chain(ch);
        let danger = child.capturers(child.side).count();
        let k = ch.value.min(child.checkers[child.side].count());
        danger <= k
    }

    /// For a side that cannot win at once: whether it has a move after
    /// which the opponent cannot win at once either. Kinging never changes
    /// what the opponent's chains capture or leave, only which checkers
    /// may start one; so a chain holds when its kinging allowance covers
    /// every opposing checker with a winning chain, and each chain is
    /// tested once instead of once per kinging set.
    fn escapes_in_two(&self) -> bool {
        let mut passed = self.clone();
        passed.side ^= 1;
        if passed.win_in_one().is_none() {
            return true;
        }
        let mut escapes = false;
        self.for_each_chain::<false>(&mut |ch| {
            if escapes {
                return;
            }
            let child = self.after_chain(ch);
            let singles = child.checkers[child.side].count();
            let k = ch.value.min(singles);
            // Passing wins for the opponent when this side has no capture
            // left (the opponent has one: this side cannot win at once).
            if child.capturers(1 - child.side).is_empty() {
                return;
            }
            let mut winners = B::empty();
            let mut too_many = false;
            child.for_each_chain::<false>(&mut |reply| {
                if too_many || winners.has(reply.from) {
                    return;
                }
                if child.chain_wins_at_once(reply) {
                    winners |= B::bit(reply.from);
                    too_many = winners.count() > k;
                }
            });
            escapes = !too_many;
        });
        escapes
    }

    /// Plays a move already checked legal, for the solver: no effect.
    fn search_play(&self, mv: &Move) -> Board<B> {
        let s = self.side;
        let mut b = self.clone();
        b.side = 1 - s;
        if let Move::Chain { from, path, kinged } = mv {
            let t = &*self.t;
            let mut cur = *from;
            let mut taken = B::empty();
            for &l in path {
                let Some(d) = (0..4).find(|&d| t.land[cur][d] as usize == l) else {
                    break;
                };
                taken |= B::bit(t.mid[cur][d] as usize);
                cur = l;
            }
            let mut set = B::empty();
            for &k in kinged {
                set |= B::bit(k);
            }
            let opp_c = self.checkers[1 - s] & !taken;
            set &= opp_c;
            b.checkers[s] = (self.checkers[s] & !B::bit(*from)) | B::bit(cur);
            b.checkers[1 - s] = opp_c & !set;
            b.kings[1 - s] = (self.kings[1 - s] & !taken) | set;
        }
        b
    }

    /// Plays a move already checked legal.
    fn play(&self, mv: &Move) -> (Board<B>, Effect) {
        let s = self.side;
        let cell = |i: usize| self.t.geo.cell_at(i);
        let mut effect = Effect {
            side: SIDES[s],
            kind: Some(MoveKind::Pass),
            ..Effect::default()
        };
        let mut b = self.clone();
        match mv {
            Move::Pass => b.side = 1 - s,
            Move::Chain { from, path, kinged } => {
                let t = &*self.t;
                let mut cur = *from;
                let mut captured = Vec::new();
                let mut opp_c = self.checkers[1 - s];
                let mut opp_k = self.kings[1 - s];
                for &l in path {
                    let Some(d) = (0..4).find(|&d| t.land[cur][d] as usize == l) else {
                        break;
                    };
                    let m = t.mid[cur][d] as usize;
                    opp_c &= !B::bit(m);
                    opp_k &= !B::bit(m);
                    captured.push(m);
                    cur = l;
                }
                b.checkers[s] = (self.checkers[s] & !B::bit(*from)) | B::bit(cur);
                let mut set = B::empty();
                for &k in kinged {
                    set |= B::bit(k);
                }
                set &= opp_c;
                b.checkers[1 - s] = opp_c & !set;
                b.kings[1 - s] = opp_k | set;
                b.side = 1 - s;
                let mut kinged_cells: Vec<usize> = set.iter().collect();
                kinged_cells.sort_unstable();
                effect.kind = Some(MoveKind::Chain);
                effect.from = Some(cell(*from));
                effect.to = Some(cell(cur));
                effect.path = path.iter().map(|&i| cell(i)).collect();
                effect.captured = captured.into_iter().map(cell).collect();
                effect.kinged = kinged_cells.into_iter().map(cell).collect();
            }
        }
        (b, effect)
    }

    /// Checks a chain read from text and returns the move with its kinged
    /// squares in reading order.
    fn check_chain(&self, cells: &[usize], kinged: &[usize]) -> Result<Move, MoveError> {
        let from = cells[0];
        self.check_mover(from)?;
        let jumped = self.check_jumps(from, &cells[1..])?;
        self.check_kinged(kinged, &jumped)?;
        let t = &*self.t;
        let (w, h) = (t.geo.width(), t.geo.height());
        let mut kinged = kinged.to_vec();
        kinged.sort_by_key(|&i| reading_key(i, w, h));
        Ok(Move::Chain {
            from,
            path: cells[1..].to_vec(),
            kinged,
        })
    }

    /// The chain's first square holds a checker of the side to move (not a
    /// king).
    fn check_mover(&self, from: usize) -> Result<(), MoveError> {
        let s = self.side;
        let name = |i: usize| self.t.geo.name(i);
        let me = COLOUR[s];
        let them = COLOUR[1 - s];
        match self.piece(from) {
            None => Err(MoveError::illegal(
                "no-piece",
                format!("{} is empty: there is no {me} checker to move", name(from)),
            )),
            Some(p) if p == KINGS[s] => Err(MoveError::illegal(
                "king-cannot-move",
                format!("{} is a {me} king: kings cannot move", name(from)),
            )),
            Some(p) if p != SIDES[s] => Err(MoveError::illegal(
                "not-own-piece",
                format!(
                    "{} holds a {them} {}: {me} moves only {me} checkers",
                    name(from),
                    if p == KINGS[1 - s] { "king" } else { "checker" }
                ),
            )),
            Some(_) => Ok(()),
        }
    }

    /// Each jump of the chain from `from` along `path`: over an opposing
    /// piece not yet captured, onto an empty square. Returns the board as
    /// the chain leaves it.
    fn check_jumps(&self, from: usize, path: &[usize]) -> Result<Jumped<B>, MoveError> {
        let t = &*self.t;
        let s = self.side;
        let name = |i: usize| t.geo.name(i);
        let me = COLOUR[s];
        let mut j = Jumped {
            own_rest: (self.checkers[s] | self.kings[s]) & !B::bit(from),
            opp_checkers: self.checkers[1 - s],
            opp_kings: self.kings[1 - s],
            value: 0,
            end: from,
            captured: B::empty(),
        };
        for &to in path {
            let cur = j.end;
            let Some(d) = (0..4).find(|&d| t.land[cur][d] as usize == to) else {
                return Err(MoveError::illegal(
                    "not-a-jump",
                    format!(
                        "{} to {} is not a jump: a checker jumps over an adjacent piece to the square straight beyond, up, down, left or right",
                        name(cur),
                        name(to)
                    ),
                ));
            };
            let m = t.mid[cur][d] as usize;
            let nothing = |why: String| Err(MoveError::illegal("nothing-to-jump", why));
            if t.geo.is_hole(m) {
                return nothing(format!(
                    "{} is a hole: nothing is jumped over a hole",
                    name(m)
                ));
            }
            if j.captured.has(m) {
                return nothing(format!(
                    "{} was already captured in this chain: there is nothing left to jump",
                    name(m)
                ));
            }
            if j.own_rest.has(m) {
                return nothing(format!(
                    "{} holds a {me} piece: a checker jumps only opposing checkers or kings",
                    name(m)
                ));
            }
            if !(j.opp_checkers | j.opp_kings).has(m) {
                return nothing(format!(
                    "{} is empty: there is nothing to jump between {} and {}",
                    name(m),
                    name(cur),
                    name(to)
                ));
            }
            if (j.own_rest | j.opp_checkers | j.opp_kings).has(to) {
                return Err(MoveError::illegal(
                    "occupied",
                    format!(
                        "{} is occupied: a jump must land on an empty square",
                        name(to)
                    ),
                ));
            }
            if j.opp_kings.has(m) {
                j.opp_kings ^= B::bit(m);
                j.value += 2;
            } else {
                j.opp_checkers ^= B::bit(m);
                j.value += 1;
            }
            j.captured |= B::bit(m);
            j.end = to;
        }
        Ok(j)
    }

    /// The squares a chain kings: each named once, no more than the
    /// checkers it captured, each a single opposing checker.
    fn check_kinged(&self, kinged: &[usize], j: &Jumped<B>) -> Result<(), MoveError> {
        let s = self.side;
        let name = |i: usize| self.t.geo.name(i);
        let me = COLOUR[s];
        let them = COLOUR[1 - s];
        let mut seen = B::empty();
        for &k in kinged {
            if seen.has(k) {
                return Err(MoveError::illegal(
                    "kinged-twice",
                    format!(
                        "{} is named twice: each king gets one captured checker",
                        name(k)
                    ),
                ));
            }
            seen |= B::bit(k);
        }
        if kinged.len() > j.value {
            return Err(MoveError::illegal(
                "too-many-kings",
                format!(
                    "{} kings named, but the chain captured {} checker{}: one captured checker makes one king",
                    kinged.len(),
                    j.value,
                    if j.value == 1 { "" } else { "s" }
                ),
            ));
        }
        for &k in kinged {
            if j.opp_checkers.has(k) {
                continue;
            }
            let why = if j.captured.has(k) {
                "was captured in this chain".to_string()
            } else if k == j.end {
                format!("holds the moving {me} checker")
            } else if j.opp_kings.has(k) {
                format!("is already a {them} king")
            } else if j.own_rest.has(k) {
                format!("holds a {me} piece")
            } else {
                "is empty".to_string()
            };
            return Err(MoveError::illegal(
                "not-a-single-checker",
                format!(
                    "{} {why}: only single {them} checkers can be kinged",
                    name(k)
                ),
            ));
        }
        Ok(())
    }
}

/// The board as a chain read from text leaves it (see
/// [`Board::check_jumps`]).
struct Jumped<B> {
    /// The mover's other pieces.
    own_rest: B,
    /// The opponent's checkers and kings left.
    opp_checkers: B,
    opp_kings: B,
    /// Checkers captured (a king counts two): how many kings it may make.
    value: usize,
    /// Where the moving checker ends.
    end: usize,
    captured: B,
}

/// Sort key putting cells in reading order: top row first, left to right.
fn reading_key(i: usize, w: usize, h: usize) -> usize {
    (h - 1 - i / w) * w + i % w
}

/// Calls `f` on every subset of `cands[start..]` of at most `k` elements
/// (the empty set included), elements in `cands` order.
fn subsets<B: Bits>(
    cands: &[usize],
    start: usize,
    k: usize,
    set: B,
    stack: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize], B),
) {
    f(stack, set);
    if k == 0 {
        return;
    }
    for i in start..cands.len() {
        stack.push(cands[i]);
        subsets(cands, i + 1, k - 1, set | B::bit(cands[i]), stack, f);
        stack.pop();
    }
}

/// Σ_{i=0..min(c,n)} C(n, i): the kinging choices after a chain that captured
/// `c` checkers with `n` opposing singles left (saturating).
fn kinging_choices(n: u32, c: u32) -> u64 {
    const N: usize = 65;
    static TABLE: OnceLock<Vec<[u64; N]>> = OnceLock::new();
    let (n, c) = (n as usize, (c as usize).min(n as usize));
    if n < N {
        let table = TABLE.get_or_init(|| {
            // Row n holds the prefix sums of the binomials C(n, 0..).
            let mut binom = vec![[0u64; N]; N];
            let mut sums = vec![[0u64; N]; N];
            for r in 0..N {
                binom[r][0] = 1;
                for k in 1..=r {
                    binom[r][k] = binom[r - 1][k - 1].saturating_add(binom[r - 1][k]);
                }
                let mut acc = 0u64;
                for k in 0..N {
                    acc = acc.saturating_add(binom[r][k]);
                    sums[r][k] = acc;
                }
            }
            sums
        });
        return table[n][c];
    }
    // Wide boards: compute directly, saturating.
    let mut acc: u128 = 0;
    let mut term: u128 = 1;
    for i in 0..=c {
        acc = acc.saturating_add(term);
        if acc >= u64::MAX as u128 {
            return u64::MAX;
        }
        term = term * (n - i) as u128 / (i + 1) as u128;
    }
    acc as u64
}

impl Position {
    fn geo(&self) -> &Geometry {
        by_width!(&self.0, b => &b.t.geo)
    }
    fn side(&self) -> usize {
        by_width!(&self.0, b => b.side)
    }
    fn piece(&self, i: usize) -> Option<char> {
        by_width!(&self.0, b => b.piece(i))
    }
}

fn build<B: Bits>(geo: Geometry, squares: &[Square], side: usize) -> Board<B> {
    let mut checkers = [B::empty(); 2];
    let mut kings = [B::empty(); 2];
    for (i, sq) in squares.iter().enumerate() {
        if let Square::Piece(p) = sq {
            match *p {
                'b' => checkers[0] |= B::bit(i),
                'r' => checkers[1] |= B::bit(i),
                'B' => kings[0] |= B::bit(i),
                _ => kings[1] |= B::bit(i),
            }
        }
    }
    Board {
        t: Arc::new(Tables::new(geo)),
        checkers,
        kings,
        side,
    }
}

impl Freeze {
    fn validate(&self, text: &super::notation::BoardText) -> Result<(), Invalid> {
        let (w, h) = (text.width, text.height);
        let ok = |n: usize| n >= 6 && n.is_multiple_of(2);
        if !ok(w) || !ok(h) {
            return Err(Invalid::BoardSize {
                width: w,
                height: h,
                why: "a Freeze torus needs an even number of columns and of rows, at least 6 each, so the colouring holds across the wrap".to_string(),
            });
        }
        let mut supply = [0usize; 2];
        for (i, sq) in text.squares.iter().enumerate() {
            let Square::Piece(p) = *sq else { continue };
            let colour = if p.eq_ignore_ascii_case(&'b') { 0 } else { 1 };
            supply[colour] += if p.is_ascii_uppercase() { 2 } else { 1 };
            // A1 is red; a square is red when column + row is even.
            let red_square = (i % w + i / w) % 2 == 0;
            if red_square == (colour == 1) {
                return Err(Invalid::OwnColour {
                    cell: Cell::new(i % w, i / w),
                    piece: p,
                });
            }
        }
        for c in 0..2 {
            if supply[c] > self.params.supply as usize {
                return Err(Invalid::Supply {
                    what: format!("{} checkers plus twice the {} kings", COLOUR[c], COLOUR[c]),
                    found: supply[c],
                    supply: self.params.supply as usize,
                });
            }
        }
        Ok(())
    }

    /// Reads a move's text into its starting square, landing squares and
    /// kinged squares; `None` means pass.
    #[allow(clippy::type_complexity)]
    fn read_move(
        geo: &Geometry,
        text: &str,
    ) -> Result<Option<(Vec<usize>, Vec<usize>)>, MoveError> {
        if text == crate::notation::PASS {
            return Ok(None);
        }
        let syntax = || {
            MoveError::Syntax {
            found: text.to_string(),
            expected: "`pass` or a chain of squares joined by `x`, then `+` and a square for each king made".to_string(),
        }
        };
        let mut parts = text.split('+');
        let chain = parts.next().unwrap_or("");
        let hops: Vec<&str> = chain.split('x').collect();
        if hops.len() < 2 || hops.iter().any(|h| h.is_empty()) {
            return Err(syntax());
        }
        let mut cells = Vec::with_capacity(hops.len());
        for h in hops {
            cells.push(geo.cell(h)?);
        }
        let mut kinged = Vec::new();
        for k in parts {
            if k.is_empty() {
                return Err(syntax());
            }
            kinged.push(geo.cell(k)?);
        }
        Ok(Some((cells, kinged)))
    }
}

impl<B: Bits> WidthState<Freeze> for Board<B> {
    fn text(&self) -> String {
        let geo = &self.t.geo;
        let board = print_board(geo.width(), geo.height(), |i| {
            if geo.is_hole(i) {
                Square::Hole
            } else {
                self.piece(i).map_or(Square::Empty, Square::Piece)
            }
        });
        format!("{board} {}", SIDES[self.side])
    }

    fn view(&self) -> BoardView {
        let geo = &self.t.geo;
        BoardView {
            width: geo.width(),
            height: geo.height(),
            topology: Topology::Torus,
            holes: geo.holes().map(|i| geo.cell_at(i)).collect(),
            pieces: geo
                .playable()
                .filter_map(|i| self.piece(i).map(|p| (geo.cell_at(i), p)))
                .collect(),
            side_to_move: SIDES[self.side],
        }
    }

    fn outcome(&self, _: &Freeze) -> Option<Outcome> {
        (!self.can_capture()).then(|| Outcome {
            winner: Some(SIDES[1 - self.side]),
            reason: Reason::NoMoves,
        })
    }

    fn legal_moves(&self, _: &Freeze) -> Vec<Move> {
        Board::legal_moves(self)
    }

    fn read_legal_move(&self, _: &Freeze, text: &str) -> Result<Move, MoveError> {
        match Freeze::read_move(&self.t.geo, text)? {
            None => Ok(Move::Pass),
            Some((cells, kinged)) => self.check_chain(&cells, &kinged),
        }
    }

    fn print_move(&self, mv: &Move) -> String {
        let geo = &self.t.geo;
        match mv {
            Move::Pass => crate::notation::PASS.to_string(),
            Move::Chain { from, path, kinged } => {
                let mut s = geo.name(*from);
                for &l in path {
                    s.push('x');
                    s.push_str(&geo.name(l));
                }
                let (w, h) = (geo.width(), geo.height());
                let mut k = kinged.clone();
                k.sort_by_key(|&i| reading_key(i, w, h));
                for i in k {
                    s.push('+');
                    s.push_str(&geo.name(i));
                }
                s
            }
        }
    }

    fn play(&self, _: &Freeze, mv: &Move) -> (Board<B>, Effect) {
        Board::play(self, mv)
    }

    fn perft(&self, _: &Freeze, depth: u32) -> u64 {
        Board::perft(self, depth)
    }
}

impl Rules for Freeze {
    type Position = Position;
    type Move = Move;
    const INFO: RulesInfo = RulesInfo {
        id: "freeze",
        topology: Topology::Torus,
        first_mover: "set by `first` in [parameters]",
        sides: &[('b', "black"), ('r', "red")],
        start: START_B,
    };
    width_rules!(Position);

    fn sides(&self) -> [char; 2] {
        if self.params.first == 'r' {
            ['r', 'b']
        } else {
            ['b', 'r']
        }
    }

    fn default_start(&self) -> &'static str {
        if self.params.first == 'r' {
            START_R
        } else {
            START_B
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let (board, mut fields) = split_position(text);
        let parsed = parse_board(board, &['b', 'r', 'B', 'R'])?;
        let side = usize::from(fields.side(&SIDES, "`b` (black) or `r` (red)")? == 'r');
        fields.end()?;
        self.validate(&parsed)?;
        let geo = Geometry::new(
            parsed.width,
            parsed.height,
            Topology::Torus,
            &parsed.holes(),
        );
        struct Make<'a> {
            geo: Geometry,
            squares: &'a [Square],
            side: usize,
        }
        impl Build<FreezeStates> for Make<'_> {
            fn build<B: Bits>(self) -> Board<B> {
                build(self.geo, self.squares, self.side)
            }
        }
        let cells = geo.len();
        Ok(Position(ByWidth::new(
            cells,
            Make {
                geo,
                squares: &parsed.squares,
                side,
            },
        )))
    }

    fn position_key(&self, pos: &Position) -> u64 {
        match &pos.0 {
            ByWidth::U64(b) => key_of_words(&[
                b.checkers[0],
                b.checkers[1],
                b.kings[0],
                b.kings[1],
                b.side as u64,
            ]),
            _ => key_of_text(&self.print_position(pos)),
        }
    }

    fn search_moves(&self, pos: &Position) -> Vec<Move> {
        by_width!(&pos.0, b => b.search_moves())
    }

    fn search_play(&self, pos: &Position, mv: &Move) -> Position {
        by_width!(&pos.0, b => Position(ByWidth::wrap(b.search_play(mv))))
    }

    fn promotions(&self) -> Option<&dyn Promotions<Position, Move>> {
        Some(self)
    }
}

/// A chain may king as many opposing checkers as it captures (a king
/// counting two), whichever it chooses.
impl Promotions<Position, Move> for Freeze {
    fn with_promotions(&self, pos: &Position, mv: &Move, promoted: &[Cell]) -> Option<Move> {
        let Move::Chain { from, path, .. } = mv else {
            return None;
        };
        let geo = pos.geo();
        let on_board = |c: &Cell| (c.col as usize) < geo.width() && (c.row as usize) < geo.height();
        if !promoted.iter().all(on_board) {
            return None;
        }
        let kinged: Vec<usize> = promoted.iter().map(|&c| geo.index(c)).collect();
        let cells: Vec<usize> = std::iter::once(*from).chain(path.iter().copied()).collect();
        by_width!(&pos.0, b => b.check_chain(&cells, &kinged)).ok()
    }

    fn optional_promotions(&self, pos: &Position, mv: &Move) -> u32 {
        by_width!(&pos.0, b => b.optional_kings(mv))
    }
}

/// The solver's moves in groups (see [`Position::chain_groups`]): a
/// chain with its kinging sets, ruled out together when its bound is.
#[derive(Clone, Debug)]
pub struct ChainGroup<P = Position> {
    /// The chain kinging every opposing single checker left: at least as
    /// good for the mover, at every depth, as any kinging set of the chain
    /// (it need not be reachable in a game). `None` when the chain has one
    /// kinging set only.
    pub bound: Option<Box<P>>,
    /// The chain with its first kinging set (the checkers that could
    /// capture first, then the rest, in reading order), or the pass.
    pub first: Move,
    /// The chain has other kinging sets ([`Position::chain_rest`]).
    pub more: bool,
}

/// What the solver asks of a Freeze position beyond the [`Rules`]: its
/// chains grouped by their kinging sets, and the sets one king smaller.
impl Position {
    /// One group a chain, bigger captures first, then the pass: the
    /// largest kinging sets, those with the most checkers that could
    /// capture first; none once the game is over.
    pub fn chain_groups(&self) -> Vec<ChainGroup> {
        by_width!(&self.0, b => b
            .search_groups()
            .into_iter()
            .map(|(_, g)| ChainGroup {
                bound: g.bound.map(|b| Box::new(Position(ByWidth::wrap(*b)))),
                first: g.first,
                more: g.more,
            })
            .collect())
    }

    /// The kinging sets of `first`'s chain after its first one (only for
    /// a group with `more`).
    pub fn chain_rest(&self, first: &Move) -> Vec<Move> {
        by_width!(&self.0, b => b.group_rest(first))
    }

    /// `mv` with one king fewer, each way: the moves below it in the
    /// order the moves achieving a result are closed under.
    pub fn fewer_kings(&self, mv: &Move) -> Vec<Move> {
        by_width!(&self.0, b => b.fewer_kings(mv))
    }

    /// A move that wins at once, if one does. A Freeze move never loses
    /// for its mover: the opponent moves next, and the game ends only for
    /// a side to move without a capture.
    pub fn win_in_one(&self) -> Option<Move> {
        by_width!(&self.0, b => b.win_in_one())
    }

    /// Asked only when the side to move cannot win at once: whether it has
    /// a move after which the opponent cannot win at once.
    pub fn escapes_in_two(&self) -> bool {
        by_width!(&self.0, b => b.escapes_in_two())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinging_choices_are_binomial_prefix_sums() {
        // 29 singles, one capture: none or one of them.
        assert_eq!(kinging_choices(29, 1), 30);
        // 4 singles, two captures: 1 + 4 + 6.
        assert_eq!(kinging_choices(4, 2), 11);
        // More captures than singles: every subset.
        assert_eq!(kinging_choices(3, 5), 8);
        assert_eq!(kinging_choices(0, 3), 1);
        // The wide-board path agrees with the table: C(70,0..2) = 1+70+2415.
        assert_eq!(kinging_choices(70, 2), 2486);
    }

    #[test]
    fn reading_order_is_top_row_first() {
        // 8×8: A8 (index 56) comes first, H1 (index 7) last.
        assert_eq!(reading_key(56, 8, 8), 0);
        assert_eq!(reading_key(7, 8, 8), 63);
        assert!(reading_key(8, 8, 8) < reading_key(0, 8, 8));
    }
}
