//! Squares and FIDE attacks on one 8x8 board, as plain `u64` sets and `u8` indices for the
//! hot paths. Everything here is `dimchess-fide`'s: this module only adapts the types.

pub use dimchess_fide::Square;

/// The one-cell set of `sq`.
#[inline]
pub(crate) const fn bit(sq: u8) -> u64 {
    1u64 << (sq & 63)
}

/// The square of index `sq` (`0..64`).
#[inline]
pub(crate) const fn square(sq: u8) -> Square {
    Square::from_index(sq as usize)
}

/// The index of `sq`.
#[inline]
pub(crate) const fn index(sq: Square) -> u8 {
    sq.index() as u8
}

/// The square of index `sq`, for printing (`e4`).
#[inline]
pub(crate) const fn name(sq: u8) -> Square {
    square(sq)
}

/// FIDE attacks on one board, by index and `u64`.
pub(crate) mod attacks {
    use dimchess_core::Bitboard64;
    use dimchess_fide::{Color, attacks as fa};

    use super::square;

    /// Knight targets of `sq`.
    #[inline]
    pub(crate) fn knight(sq: u8) -> u64 {
        fa::knight(square(sq)).bits()
    }

    /// King targets of `sq`.
    #[inline]
    pub(crate) fn king(sq: u8) -> u64 {
        fa::king(square(sq)).bits()
    }

    /// Capture targets of a pawn of `c` on `sq`.
    #[inline]
    pub(crate) fn pawn(c: Color, sq: u8) -> u64 {
        fa::pawn(c, square(sq)).bits()
    }

    /// Rook attacks from `sq` with `occ` blocking.
    #[inline]
    pub(crate) fn rook(sq: u8, occ: u64) -> u64 {
        fa::rook(square(sq), Bitboard64::from_bits(occ)).bits()
    }

    /// The rank and file of `sq`, without `sq`: where a rook could attack it from.
    #[inline]
    pub(crate) const fn rook_lines(sq: u8) -> u64 {
        (0xffu64 << (sq & 56)) ^ (0x0101_0101_0101_0101u64 << (sq & 7))
    }

    /// Bishop attacks from `sq` with `occ` blocking.
    #[inline]
    pub(crate) fn bishop(sq: u8, occ: u64) -> u64 {
        fa::bishop(square(sq), Bitboard64::from_bits(occ)).bits()
    }

    /// The squares strictly between two aligned squares.
    #[inline]
    pub(crate) fn between(a: u8, b: u8) -> u64 {
        fa::between(square(a), square(b)).bits()
    }

    /// The whole line through two aligned squares (empty if not aligned).
    #[inline]
    pub(crate) fn line(a: u8, b: u8) -> u64 {
        fa::line(square(a), square(b)).bits()
    }
}
