//! Bit sets over board cells. A `u64` serves every board of up to 64 cells
//! (all three built-in games), a `u128` up to 128, and `Wide` the largest
//! boards (26 × 99).
//! The family engines are generic over [`Bits`] so one implementation runs
//! on both.
use super::width::{AtWidth, ByWidth};
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
    fn empty() -> Self;
    fn bit(index: usize) -> Self;
    fn has(&self, index: usize) -> bool;
    fn count(&self) -> u32;
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
