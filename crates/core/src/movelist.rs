//! Move lists without heap allocation.
//!
//! Move generation writes into a [`MoveBuffer`]. A variant picks a fixed-capacity
//! [`MoveList`] (an `ArrayVec`) whose capacity it justifies by a worst-case position; a variant
//! whose turns can number in the tens of thousands (Dimension X) may use a `Vec` that the caller
//! allocates once and reuses.

use core::ops::Deref;

pub use arrayvec::ArrayVec;

/// A fixed-capacity move list of at most `N` moves, on the stack.
pub type MoveList<M, const N: usize> = ArrayVec<M, N>;

/// Somewhere to put generated moves (a list a search thread may own: `Send`).
pub trait MoveBuffer<M>: Default + Deref<Target = [M]> + Send {
    /// Appends a move.
    ///
    /// # Panics
    /// A fixed-capacity list panics when full: its capacity is part of the variant's contract,
    /// so overflowing it is a bug, not bad input.
    fn push(&mut self, mv: M);
    /// Removes every move.
    fn clear(&mut self);
    /// Keeps only the moves for which `keep` holds.
    fn retain(&mut self, keep: impl FnMut(&M) -> bool);
}

impl<M: Send, const N: usize> MoveBuffer<M> for ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        ArrayVec::push(self, mv);
    }
    #[inline]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
    fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        ArrayVec::retain(self, |m| keep(m));
    }
}

impl<M: Send> MoveBuffer<M> for Vec<M> {
    #[inline]
    fn push(&mut self, mv: M) {
        Vec::push(self, mv);
    }
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn retain(&mut self, keep: impl FnMut(&M) -> bool) {
        Vec::retain(self, keep);
    }
}
