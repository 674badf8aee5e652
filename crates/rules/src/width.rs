//! One width dispatch for every family: a family's state is generic over
//! its bit set ([`Bits`]), and a position holds it at the narrowest width
//! its board fits (`u64`, `u128`, or [`Wide`]). Generic code runs on all
//! three through [`by_width!`]; the hot loops (perft, move generation) are
//! monomorphised per width, so the dispatch costs one branch a call.
use super::bits::{Bits, Wide};

/// A family's state type, by bit-set width.
pub trait AtWidth {
    type At<B: Bits>: Clone + PartialEq;
}

/// A state at the narrowest width its board fits.
pub enum ByWidth<F: AtWidth> {
    U64(F::At<u64>),
    U128(F::At<u128>),
    // Boxed: a wide state is hundreds of bytes.
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

/// Runs the same generic code on a [`ByWidth`] whatever its width:
/// `by_width!(&pos.0, s => s.outcome())`.
#[macro_export]
macro_rules! by_width {
    ($value:expr, $s:ident => $body:expr) => {
        match $value {
            $crate::width::ByWidth::U64($s) => $body,
            $crate::width::ByWidth::U128($s) => $body,
            $crate::width::ByWidth::Wide($s) => $body,
        }
    };
}
pub use by_width;
