//! Bitboards of any width: a set of cells as `W` 64-bit words.
//!
//! `Bitboard<1>` covers 64 cells and compiles to plain `u64` operations; `Bitboard<2>` covers
//! 96 or 128 cells and `Bitboard<3>` 192. Cell `i` is bit `i % 64` of word `i / 64`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The number of set bits of a word that holds only a few, such as one piece's targets: bit
/// by bit where the CPU has no population-count instruction (the portable build's
/// `count_ones` is a 17-instruction sequence, whatever the number of bits), `count_ones`
/// where it has one (`-C target-cpu=x86-64-v2` and above).
#[inline]
pub fn count_sparse(w: u64) -> u32 {
    #[cfg(target_feature = "popcnt")]
    {
        w.count_ones()
    }
    #[cfg(not(target_feature = "popcnt"))]
    {
        let mut w = w;
        let mut n = 0;
        while w != 0 {
            w &= w - 1;
            n += 1;
        }
        n
    }
}

/// A set of cells, one bit per cell, in `W` words.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard<const W: usize>(pub [u64; W]);

/// A 64-cell bitboard (one 8x8 board).
pub type Bitboard64 = Bitboard<1>;
/// A 128-cell bitboard (two 8x8 boards, or a 4x4x6 box with room to spare).
pub type Bitboard128 = Bitboard<2>;
/// A 192-cell bitboard (three 8x8 boards or levels).
pub type Bitboard192 = Bitboard<3>;

impl<const W: usize> Default for Bitboard<W> {
    #[inline]
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bitboard<W> {
    /// The empty set.
    pub const EMPTY: Self = Bitboard([0; W]);
    /// Every bit set (including bits past the last cell of a geometry).
    pub const ALL: Self = Bitboard([u64::MAX; W]);
    /// How many cells a bitboard of this width can hold.
    pub const CAPACITY: usize = 64 * W;

    /// The set holding only `cell`.
    ///
    /// # Panics
    /// If `cell >= 64 * W` (an index no geometry of this width produces).
    ///
    /// Every word is written (the cell's bit or zero, chosen by a mask): a set built by one
    /// store into a word chosen at run time, then read as a whole by vector loads, stalls
    /// those loads, as a narrow store cannot be forwarded to a wider load.
    #[inline]
    pub const fn from_cell(cell: usize) -> Self {
        assert!(cell < 64 * W, "cell out of range");
        let bit = 1 << (cell % 64);
        let mut words = [0; W];
        let mut i = 0;
        while i < W {
            words[i] = bit & 0u64.wrapping_sub((cell / 64 == i) as u64);
            i += 1;
        }
        Bitboard(words)
    }

    /// The set of the first `n` cells (`0..n`).
    pub fn first_n(n: usize) -> Self {
        let mut b = Self::EMPTY;
        for cell in 0..n.min(Self::CAPACITY) {
            b.set(cell);
        }
        b
    }

    /// Whether no cell is set.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether at least one cell is set.
    #[inline]
    pub fn any(self) -> bool {
        !self.is_empty()
    }

    /// Whether more than one cell is set.
    #[inline]
    pub fn more_than_one(self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The number of cells set.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The number of cells of a set of a few cells ([`count_sparse`] per word).
    #[inline]
    pub fn count_sparse(self) -> u32 {
        let mut n = 0;
        for w in self.0 {
            n += count_sparse(w);
        }
        n
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn set(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes `cell`.
    #[inline]
    pub fn clear(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Flips `cell`.
    #[inline]
    pub fn toggle(&mut self, cell: usize) {
        self.0[cell / 64] ^= 1 << (cell % 64);
    }

    /// The set with `cell` added.
    #[inline]
    #[must_use]
    pub fn with(mut self, cell: usize) -> Self {
        self.set(cell);
        self
    }

    /// The set with `cell` removed.
    #[inline]
    #[must_use]
    pub fn without(mut self, cell: usize) -> Self {
        self.clear(cell);
        self
    }

    /// The cells of `self` that are not in `other`.
    #[inline]
    #[must_use]
    pub fn and_not(self, other: Self) -> Self {
        let mut out = self;
        for i in 0..W {
            out.0[i] &= !other.0[i];
        }
        out
    }

    /// The lowest cell in the set.
    #[inline]
    pub fn first(self) -> Option<usize> {
        for i in 0..W {
            if self.0[i] != 0 {
                return Some(i * 64 + self.0[i].trailing_zeros() as usize);
            }
        }
        None
    }

    /// The highest cell in the set.
    #[inline]
    pub fn last(self) -> Option<usize> {
        for i in (0..W).rev() {
            if self.0[i] != 0 {
                return Some(i * 64 + 63 - self.0[i].leading_zeros() as usize);
            }
        }
        None
    }

    /// Removes and returns the lowest cell.
    #[inline]
    pub fn pop_first(&mut self) -> Option<usize> {
        for i in 0..W {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The only cell of a one-cell set, `None` if the set is empty or holds several.
    #[inline]
    pub fn single(self) -> Option<usize> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// Iterates over the cells in ascending order.
    #[inline]
    pub fn iter(self) -> Cells<W> {
        Cells(self)
    }
}

impl Bitboard<1> {
    /// The single word of a 64-cell bitboard.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0[0]
    }

    /// A 64-cell bitboard from its word.
    #[inline]
    pub const fn from_bits(bits: u64) -> Self {
        Bitboard([bits])
    }
}

/// Iterator over the cells of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct Cells<const W: usize>(Bitboard<W>);

impl<const W: usize> Iterator for Cells<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_first()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for Cells<W> {}

impl<const W: usize> IntoIterator for Bitboard<W> {
    type Item = usize;
    type IntoIter = Cells<W>;

    #[inline]
    fn into_iter(self) -> Cells<W> {
        Cells(self)
    }
}

impl<const W: usize> FromIterator<usize> for Bitboard<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for cell in iter {
            b.set(cell);
        }
        b
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> $atr for Bitboard<W> {
            #[inline]
            fn $af(&mut self, rhs: Self) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a $op b;
                }
            }
        }
        impl<const W: usize> $tr for Bitboard<W> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                $atr::$af(&mut self, rhs);
                self
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for Bitboard<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for i in 0..W {
            self.0[i] = !self.0[i];
        }
        self
    }
}

impl<const W: usize> fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn count_sparse_is_count(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            prop_assert_eq!(count_sparse(a), a.count_ones());
            let bb = Bitboard([a, b, c]);
            prop_assert_eq!(bb.count_sparse(), bb.count());
        }
    }

    #[test]
    fn cells_across_words() {
        let mut b = Bitboard192::EMPTY;
        for c in [0, 63, 64, 127, 128, 191] {
            b.set(c);
        }
        assert_eq!(b.count(), 6);
        assert_eq!(b.first(), Some(0));
        assert_eq!(b.last(), Some(191));
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 63, 64, 127, 128, 191]);
        assert!(b.more_than_one());
        assert_eq!(Bitboard192::from_cell(130).single(), Some(130));
        assert_eq!(Bitboard192::EMPTY.single(), None);
        assert!(!Bitboard128::from_cell(100).more_than_one());
    }

    proptest! {
        #[test]
        fn set_operations_match_a_model(a in proptest::collection::btree_set(0usize..192, 0..40),
                                        b in proptest::collection::btree_set(0usize..192, 0..40)) {
            let x: Bitboard192 = a.iter().copied().collect();
            let y: Bitboard192 = b.iter().copied().collect();
            let and: Vec<usize> = a.intersection(&b).copied().collect();
            let or: Vec<usize> = a.union(&b).copied().collect();
            let xor: Vec<usize> = a.symmetric_difference(&b).copied().collect();
            let diff: Vec<usize> = a.difference(&b).copied().collect();
            prop_assert_eq!((x & y).iter().collect::<Vec<_>>(), and);
            prop_assert_eq!((x | y).iter().collect::<Vec<_>>(), or);
            prop_assert_eq!((x ^ y).iter().collect::<Vec<_>>(), xor);
            prop_assert_eq!(x.and_not(y).iter().collect::<Vec<_>>(), diff);
            prop_assert_eq!(x.count() as usize, a.len());
            prop_assert_eq!(x.first(), a.iter().next().copied());
            prop_assert_eq!(x.last(), a.iter().next_back().copied());
            prop_assert_eq!(x.more_than_one(), a.len() > 1);
            // The iterator knows how many cells are left at every step.
            let mut cells = x.iter();
            for left in (0..=a.len()).rev() {
                prop_assert_eq!(cells.len(), left);
                cells.next();
            }
            prop_assert_eq!(cells.next(), None);
        }
    }
}
