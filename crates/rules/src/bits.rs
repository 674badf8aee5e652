//! Bit sets over board cells. A `u64` serves every board of up to 64 cells
//! (all three built-in games), a `u128` up to 128, and `Wide` the largest
//! boards (26 × 99).
//! The family engines are generic over [`Bits`] so one implementation runs
//! on each, and [`ByWidth`] holds a state at the narrowest width its board
//! fits (the dispatch is here, beside the sets it picks between).
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cell indices.
pub trait Bits:
    Copy
    + Eq
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many cells the representation can hold.
    const CAPACITY: usize;
    /// The empty set.
    fn empty() -> Self;
    /// The set holding `index` alone.
    fn bit(index: usize) -> Self;
    /// Whether the set holds `index`.
    fn has(&self, index: usize) -> bool;
    /// How many indices the set holds.
    fn count(&self) -> u32;
    /// Whether the set holds no index.
    fn is_empty(&self) -> bool;
    /// Removes and returns the lowest index, if any.
    fn pop_first(&mut self) -> Option<usize>;
    /// A family's state at this width, in the common dispatch.
    fn wrap<F: AtWidth>(state: F::At<Self>) -> ByWidth<F>;
    /// The indices in increasing order.
    fn iter(&self) -> BitIter<Self> {
        BitIter(*self)
    }
    /// The set of the first `n` indices.
    fn first_n(n: usize) -> Self {
        let mut b = Self::empty();
        for i in 0..n {
            b |= Self::bit(i);
        }
        b
    }
}

/// Iterator over the indices of a bit set, lowest first.
pub struct BitIter<B>(B);

impl<B: Bits> Iterator for BitIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_first()
    }
}

/// Machine integers as bit sets: `u64` for boards of up to 64 cells (all
/// three built-in games), `u128` up to 128 (a 10 × 10 or 8 × 16 board).
macro_rules! int_bits {
    ($t:ty, $variant:ident) => {
        impl Bits for $t {
            #[inline]
            fn wrap<F: AtWidth>(state: F::At<Self>) -> ByWidth<F> {
                ByWidth::$variant(state)
            }
            const CAPACITY: usize = <$t>::BITS as usize;
            #[inline]
            fn empty() -> Self {
                0
            }
            #[inline]
            fn bit(index: usize) -> Self {
                1 << index
            }
            #[inline]
            fn has(&self, index: usize) -> bool {
                *self >> index & 1 != 0
            }
            #[inline]
            fn count(&self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn is_empty(&self) -> bool {
                *self == 0
            }
            #[inline]
            fn pop_first(&mut self) -> Option<usize> {
                if *self == 0 {
                    None
                } else {
                    let i = self.trailing_zeros() as usize;
                    *self &= *self - 1;
                    Some(i)
                }
            }
        }
    };
}
int_bits!(u64, U64);
int_bits!(u128, U128);

/// Words in a [`Wide`] set: 41 × 64 = 2624 ≥ 26 × 99 = 2574 cells.
pub const WIDE_WORDS: usize = 41;

/// A bit set for boards of more than 64 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide(pub [u64; WIDE_WORDS]);

impl Debug for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! wide_binop {
    ($tr:ident, $m:ident, $tra:ident, $ma:ident, $op:tt) => {
        // Written through the assign form so each operator is spelt once.
        impl $tr for Wide {
            type Output = Wide;
            #[inline]
            fn $m(mut self, rhs: Wide) -> Wide {
                <Wide as $tra>::$ma(&mut self, rhs);
                self
            }
        }
        impl $tra for Wide {
            #[inline]
            fn $ma(&mut self, rhs: Wide) {
                for (a, b) in self.0.iter_mut().zip(rhs.0.iter()) {
                    *a $op *b;
                }
            }
        }
    };
}
wide_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
wide_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
wide_binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl Not for Wide {
    type Output = Wide;
    fn not(mut self) -> Wide {
        for a in self.0.iter_mut() {
            *a = !*a;
        }
        self
    }
}

impl Bits for Wide {
    const CAPACITY: usize = 64 * WIDE_WORDS;
    fn wrap<F: AtWidth>(state: F::At<Self>) -> ByWidth<F> {
        ByWidth::Wide(Box::new(state))
    }
    fn empty() -> Self {
        Wide([0; WIDE_WORDS])
    }
    fn bit(index: usize) -> Self {
        let mut w = Self::empty();
        w.0[index / 64] = 1u64 << (index % 64);
        w
    }
    fn has(&self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 != 0
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn pop_first(&mut self) -> Option<usize> {
        for (k, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let i = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(k * 64 + i);
            }
        }
        None
    }
}

// ---- The width dispatch ----------------------------------------------------
//
// One width dispatch for every family: a family's state is generic over
// its bit set ([`Bits`]), and a position holds it at the narrowest width
// its board fits (`u64`, `u128`, or [`Wide`]). Generic code runs on all
// three through [`by_width!`]; the hot loops (perft, move generation) are
// monomorphised per width, so the dispatch costs one branch a call.

/// A family's state type, by bit-set width.
pub trait AtWidth {
    /// The state over the bit set `B`.
    type At<B: Bits>: Clone + PartialEq;
}

/// A state at the narrowest width its board fits.
pub enum ByWidth<F: AtWidth> {
    /// A board of up to 64 cells.
    U64(F::At<u64>),
    /// A board of 65 to 128 cells.
    U128(F::At<u128>),
    // Boxed: a wide state is hundreds of bytes.
    /// A board of more than 128 cells.
    Wide(Box<F::At<Wide>>),
}

impl<F: AtWidth> Clone for ByWidth<F> {
    fn clone(&self) -> Self {
        match self {
            ByWidth::U64(s) => ByWidth::U64(s.clone()),
            ByWidth::U128(s) => ByWidth::U128(s.clone()),
            ByWidth::Wide(s) => ByWidth::Wide(s.clone()),
        }
    }
}

impl<F: AtWidth> PartialEq for ByWidth<F> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (ByWidth::U64(a), ByWidth::U64(b)) => a == b,
            (ByWidth::U128(a), ByWidth::U128(b)) => a == b,
            (ByWidth::Wide(a), ByWidth::Wide(b)) => a == b,
            _ => false,
        }
    }
}

/// Makes a family's state at any width (a generic closure, which Rust
/// closures cannot be).
pub trait Build<F: AtWidth> {
    /// The state at the width of `B`.
    fn build<B: Bits>(self) -> F::At<B>;
}

impl<F: AtWidth> ByWidth<F> {
    /// The state of a board of `cells` cells, at the narrowest width.
    pub fn new(cells: usize, make: impl Build<F>) -> Self {
        if cells <= u64::CAPACITY {
            ByWidth::U64(make.build())
        } else if cells <= u128::CAPACITY {
            ByWidth::U128(make.build())
        } else {
            ByWidth::Wide(Box::new(make.build()))
        }
    }

    /// The state at one width put back into the dispatch: for results of
    /// generic code, such as the position after a move.
    pub fn wrap<B: Bits>(state: F::At<B>) -> Self {
        B::wrap::<F>(state)
    }
}

/// A family's position at one bit-set width, as the rules `R` play it:
/// what [`width_rules!`] dispatches [`Rules`](crate::game::Rules)' methods to,
/// so a family writes its play once, generic over the width, and no
/// dispatch of its own.
pub trait WidthState<R: crate::game::Rules>: Sized {
    /// The canonical text of the position.
    fn text(&self) -> String;
    /// What the position looks like.
    fn view(&self) -> crate::view::BoardView;
    /// The game result, or `None` while the game goes on.
    fn outcome(&self, rules: &R) -> Option<crate::game::Outcome>;
    /// Every legal move.
    fn legal_moves(&self, rules: &R) -> Vec<R::Move>;
    /// Reads a move in a game that is not over.
    fn read_legal_move(&self, rules: &R, text: &str) -> Result<R::Move, crate::game::MoveError>;
    /// The canonical text of a legal move.
    fn print_move(&self, mv: &R::Move) -> String;
    /// Plays a legal move.
    fn play(&self, rules: &R, mv: &R::Move) -> (Self, crate::game::Effect);
    /// The perft count.
    fn perft(&self, rules: &R, depth: u32) -> u64;
}

/// [`by_width!`] with the state itself, not its box, on the widest boards
/// (for calls that name the state's trait).
macro_rules! by_width_state {
    ($value:expr, $s:ident => $body:expr) => {
        match $value {
            $crate::bits::ByWidth::U64($s) => $body,
            $crate::bits::ByWidth::U128($s) => $body,
            $crate::bits::ByWidth::Wide(boxed) => {
                let $s = &**boxed;
                $body
            }
        }
    };
}
pub(crate) use by_width_state;

/// The [`Rules`](crate::game::Rules) methods of a family whose position is the
/// one-field tuple struct `$position` over a [`ByWidth`] of states that
/// implement [`WidthState`]: each passes the position's state, at its
/// width, on to the state's own method. Written inside the family's
/// `impl Rules`, beside what the family says itself.
macro_rules! width_rules {
    ($position:ident) => {
        fn print_position(&self, pos: &$position) -> String {
            $crate::bits::by_width_state!(&pos.0, s => $crate::bits::WidthState::<Self>::text(s))
        }
        fn view(&self, pos: &$position) -> $crate::view::BoardView {
            $crate::bits::by_width_state!(&pos.0, s => $crate::bits::WidthState::<Self>::view(s))
        }
        fn outcome(&self, pos: &$position) -> Option<$crate::game::Outcome> {
            $crate::bits::by_width_state!(&pos.0, s => $crate::bits::WidthState::outcome(s, self))
        }
        fn legal_moves(&self, pos: &$position) -> Vec<Self::Move> {
            $crate::bits::by_width_state!(&pos.0, s => $crate::bits::WidthState::legal_moves(s, self))
        }
        fn read_legal_move(
            &self,
            pos: &$position,
            text: &str,
        ) -> Result<Self::Move, $crate::game::MoveError> {
            $crate::bits::by_width_state!(&pos.0, s => $crate::bits::WidthState::read_legal_move(s, self, text))
        }
        fn print_move(&self, pos: &$position, mv: &Self::Move) -> String {
            $crate::bits::by_width_state!(&pos.0, s => $crate::bits::WidthState::<Self>::print_move(s, mv))
        }
        fn play(&self, pos: &$position, mv: &Self::Move) -> ($position, $crate::game::Effect) {
            $crate::bits::by_width_state!(&pos.0, s => {
                let (next, effect) = $crate::bits::WidthState::play(s, self, mv);
                ($position($crate::bits::ByWidth::wrap(next)), effect)
            })
        }
        fn perft(&self, pos: &$position, depth: u32) -> u64 {
            $crate::bits::by_width_state!(&pos.0, s => $crate::bits::WidthState::perft(s, self, depth))
        }
    };
}
pub(crate) use width_rules;

/// Runs the same generic code on a `ByWidth` whatever its width:
/// `by_width!(&pos.0, s => s.outcome())`.
#[macro_export]
macro_rules! by_width {
    ($value:expr, $s:ident => $body:expr) => {
        match $value {
            $crate::bits::ByWidth::U64($s) => $body,
            $crate::bits::ByWidth::U128($s) => $body,
            $crate::bits::ByWidth::Wide($s) => $body,
        }
    };
}
pub use by_width;

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip<B: Bits>(indices: &[usize]) {
        let mut b = B::empty();
        for &i in indices {
            b |= B::bit(i);
        }
        assert_eq!(b.count() as usize, indices.len());
        assert_eq!(b.iter().collect::<Vec<_>>(), indices);
        for &i in indices {
            assert!(b.has(i));
        }
    }

    #[test]
    fn u64_u128_and_wide_agree() {
        roundtrip::<u64>(&[0, 5, 63]);
        roundtrip::<u128>(&[0, 5, 63, 64, 127]);
        assert_eq!(<u128 as Bits>::first_n(100).count(), 100);
        roundtrip::<Wide>(&[0, 5, 63, 64, 1000, 2573]);
        assert_eq!(Wide::first_n(70).count(), 70);
        assert_eq!(<u64 as Bits>::first_n(64).count(), 64);
    }
}
