//! Lookup tables of the two 8x8 boards, built once.
//!
//! Both boards use `dimchess-fide`'s square numbering (`a1`/`A1` = 0, `h8`/`H8` = 63), so one
//! set of tables serves the FIDE board and Dimension X. The FIDE pieces' attacks are
//! `dimchess-fide`'s; the rest is Dimension X geometry (the Cobra's lines of two, the central
//! zone, first ranks).

use std::sync::OnceLock;

use dimchess_fide::{Bitboard64, Square, attacks};

/// No square.
pub const NO_SQ: u8 = 64;

/// The central zone `b2`–`g7` (DX-2).
pub const CENTRAL: u64 = 0x007e_7e7e_7e7e_7e00;
/// Rank 1.
pub const RANK_1: u64 = 0xff;
/// Rank 8.
pub const RANK_8: u64 = 0xff00_0000_0000_0000;

/// The tables: the FIDE pieces' attacks are `dimchess-fide`'s, copied into plain `u64`
/// arrays for the hot loops; the Cobra's lines are Dimension X's own.
pub struct Tables {
    /// King steps (also the 8 squares adjacent to a square: webs, pinches, DX steps).
    pub king: [u64; 64],
    /// Knight leaps.
    pub knight: [u64; 64],
    /// Per square and direction, the square two steps away and the one between, or
    /// `(NO_SQ, NO_SQ)` (Cobra strikes and two-steps, DX-16, DX-22).
    pub two: [[(u8, u8); 8]; 64],
}

impl Tables {
    /// Rook attacks from `sq` with `occ` blocking.
    #[inline]
    pub fn rook(&self, sq: usize, occ: u64) -> u64 {
        attacks::rook(Square::from_index(sq), Bitboard64::from_bits(occ)).bits()
    }
    /// Bishop attacks from `sq` with `occ` blocking.
    #[inline]
    pub fn bishop(&self, sq: usize, occ: u64) -> u64 {
        attacks::bishop(Square::from_index(sq), Bitboard64::from_bits(occ)).bits()
    }
    /// The squares strictly between two aligned squares (empty if not aligned).
    #[inline]
    pub fn between(&self, a: usize, b: usize) -> u64 {
        attacks::between(Square::from_index(a), Square::from_index(b)).bits()
    }
    /// The squares one or two steps away along a line with the middle square not in `occ`
    /// (the Cobra's reach, DX-16, DX-22).
    #[inline]
    pub fn cobra(&self, sq: usize, occ: u64) -> u64 {
        let mut r = self.king[sq];
        for &(mid, far) in &self.two[sq] {
            if far != NO_SQ && occ & (1u64 << mid) == 0 {
                r |= 1u64 << far;
            }
        }
        r
    }
}

/// The tables, built on first use.
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut two = [[(NO_SQ, NO_SQ); 8]; 64];
        let dirs: [(i32, i32); 8] = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        for (sq, row) in two.iter_mut().enumerate() {
            let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
            for (d, &(df, dr)) in dirs.iter().enumerate() {
                let (f2, r2) = (f + 2 * df, r + 2 * dr);
                if (0..8).contains(&f2) && (0..8).contains(&r2) {
                    row[d] = (((r + dr) * 8 + f + df) as u8, (r2 * 8 + f2) as u8);
                }
            }
        }
        Tables {
            king: core::array::from_fn(|s| attacks::king(Square::from_index(s)).bits()),
            knight: core::array::from_fn(|s| attacks::knight(Square::from_index(s)).bits()),
            two,
        }
    })
}

/// The name of a square, lower case for the FIDE board (`e4`) or upper case for DX (`E4`).
pub fn square_name(sq: u8, dx: bool) -> [u8; 2] {
    let f = b'a' + sq % 8;
    [if dx { f.to_ascii_uppercase() } else { f }, b'1' + sq / 8]
}
