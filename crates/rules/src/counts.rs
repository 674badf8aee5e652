//! A position's counts (its numbers besides the board and the side to
//! move) by typed name: what crosses the crates in place of `("turns", n)`
//! pairs, so no crate names a count by a string.
use std::fmt;

/// The name of one of a position's counts (its numbers besides the board
/// and the side to move): [`TURNS`] for the turn counter, the others
/// declared by their family (`predator_prey::RESERVE`). Typed, so code
/// names a count by its constant, never by a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CountName(&'static str);

impl CountName {
    /// The count called `name` in a position's table and in messages.
    pub const fn new(name: &'static str) -> CountName {
        CountName(name)
    }

    /// Its name: a key of a position written as a table.
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for CountName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// The turns played: the count every family with a turn counter keeps
/// under this name (the audit sheet's rows, the counter's checks).
pub const TURNS: CountName = CountName::new("turns");

/// A position's counts by name ([`Rules::counts`](crate::Rules::counts)), in the order its text
/// writes them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts(Vec<(CountName, u64)>);

impl Counts {
    /// No counts.
    pub fn new() -> Counts {
        Counts(Vec::new())
    }

    /// These counts and `name` = `value` after them.
    pub fn with(mut self, name: CountName, value: u64) -> Counts {
        self.0.push((name, value));
        self
    }

    /// The count `name`, if the position has it.
    pub fn get(&self, name: CountName) -> Option<u64> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    /// The turns played ([`TURNS`]), for a family that counts them.
    pub fn turns(&self) -> Option<u64> {
        self.get(TURNS)
    }

    /// Sets the count `name` where there is one; whether there was.
    pub fn set(&mut self, name: CountName, value: u64) -> bool {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some(count) => {
                count.1 = value;
                true
            }
            None => false,
        }
    }

    /// The counts but `name`.
    pub fn without(&self, name: CountName) -> Counts {
        Counts(self.0.iter().copied().filter(|(n, _)| *n != name).collect())
    }

    /// The counts, in order.
    pub fn iter(&self) -> impl Iterator<Item = (CountName, u64)> + '_ {
        self.0.iter().copied()
    }

    /// The first `n` counts (a position written with its last fields left
    /// out).
    pub fn first(&self, n: usize) -> Counts {
        Counts(self.0.iter().copied().take(n).collect())
    }

    /// How many counts there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl FromIterator<(CountName, u64)> for Counts {
    fn from_iter<I: IntoIterator<Item = (CountName, u64)>>(iter: I) -> Counts {
        Counts(iter.into_iter().collect())
    }
}
