//! One 8x8 board of pieces per plane: `dimchess-fide`'s [`Board`], read through `u64` sets
//! and `u8` squares in the hot paths.

use dimchess_fide::{Board, Color, Piece, Role};

use crate::geometry::square;

/// The pieces of one plane.
pub(crate) type Layer = Board;

/// The other colour.
#[inline]
pub(crate) const fn other(c: Color) -> Color {
    c.other()
}

/// `u64`/`u8` access to a [`Board`].
pub(crate) trait LayerExt {
    /// Every occupied cell.
    fn occ(&self) -> u64;
    /// The cells of `c`'s pieces.
    fn col(&self, c: Color) -> u64;
    /// The cells of pieces of role `r`, both colours.
    fn rol(&self, r: Role) -> u64;
    /// The cells of `c`'s pieces of role `r`.
    fn pcs(&self, c: Color, r: Role) -> u64;
    /// The colour on `sq`.
    fn color_on(&self, sq: u8) -> Option<Color>;
    /// The piece on `sq`.
    fn piece_on(&self, sq: u8) -> Option<(Color, Role)>;
    /// Puts a piece on the empty `sq`.
    fn put_on(&mut self, sq: u8, c: Color, r: Role);
    /// Removes the known piece `(c, r)` from `sq`.
    fn remove_from(&mut self, sq: u8, c: Color, r: Role);
}

impl LayerExt for Board {
    #[inline]
    fn occ(&self) -> u64 {
        self.occupied().bits()
    }
    #[inline]
    fn col(&self, c: Color) -> u64 {
        self.by_color(c).bits()
    }
    #[inline]
    fn rol(&self, r: Role) -> u64 {
        self.by_role(r).bits()
    }
    #[inline]
    fn pcs(&self, c: Color, r: Role) -> u64 {
        self.pieces(c, r).bits()
    }
    #[inline]
    fn color_on(&self, sq: u8) -> Option<Color> {
        self.color_at(square(sq))
    }
    #[inline]
    fn piece_on(&self, sq: u8) -> Option<(Color, Role)> {
        self.piece_at(square(sq)).map(|p| (p.color, p.role))
    }
    #[inline]
    fn put_on(&mut self, sq: u8, c: Color, r: Role) {
        self.put(square(sq), Piece::new(c, r));
    }
    #[inline]
    fn remove_from(&mut self, sq: u8, c: Color, r: Role) {
        self.take(square(sq), Piece::new(c, r));
    }
}
