//! Rider attacks (TL-5) from tables built at compile time. Each level is one 64-bit word of
//! the `Bitboard<3>`, so the horizontal plane is an 8×8 board on that word: the core's
//! [`board8`] rook and bishop lookups. The lines that change level are at most two cells long (3
//! levels): the near cells (one level away) are always reached; a far cell (two levels away,
//! from an outer level through the middle one) exactly when the near cell on its line is
//! empty, found for all lines at once by shifting the middle level's empty near cells one
//! more step along their lines.

use dimchess_core::bitboard::Bitboard;
use dimchess_core::board8;

use crate::geometry::{Bb, CellTable, DIRS, GEOMETRY, SLOTS};

/// Per cell, the cells one level step (`far`: false) or two level steps (`far`: true) away
/// along the level-changing lines of `DIRS[from..to]`.
const fn level_steps(from: usize, to: usize, far: bool) -> CellTable {
    let mut out = [Bb::EMPTY; SLOTS];
    let mut cell = 0;
    while cell < GEOMETRY.cells() {
        let mut d = from;
        while d < to {
            if DIRS[d][2] != 0
                && let Some(a) = GEOMETRY.offset(cell, DIRS[d])
            {
                let t = if far {
                    GEOMETRY.offset(a, DIRS[d])
                } else {
                    Some(a)
                };
                if let Some(t) = t {
                    out[cell].0[t / 64] |= 1 << (t % 64);
                }
            }
            d += 1;
        }
        cell += 1;
    }
    CellTable(out)
}

static ROOK_NEAR: CellTable = level_steps(0, 6, false);
static ROOK_FAR: CellTable = level_steps(0, 6, true);
static BISHOP_NEAR: CellTable = level_steps(6, 18, false);
static BISHOP_FAR: CellTable = level_steps(6, 18, true);

/// The level-changing part of a rider's attacks. A far cell lies on an outer level (index
/// `2 - z` from level index `z`; none from the middle level, where `far` is empty), its line
/// passing through a near cell on the middle level: the Rook's straight above or below it,
/// the Bishop's one step along the file or the rank, the far cell one more step along it.
#[inline(always)]
fn vertical(cell: usize, occ: Bb, near: &CellTable, far: &CellTable, diagonal: bool) -> Bb {
    let out = near.get(cell);
    let open = out.0[1] & !occ.0[1];
    let reach = if diagonal {
        open << 1 | open >> 1 | open << 8 | open >> 8
    } else {
        open
    };
    // The far cells all lie on one outer level (none from the middle level): masking every
    // word with `reach` keeps them where `reach` allows. No word is chosen by index: a store
    // to a word chosen at run time, read back as the whole set, stalls the load.
    let far = far.get(cell);
    out | Bitboard([far.0[0] & reach, far.0[1] & reach, far.0[2] & reach])
}

/// The in-level part: an 8x8 rider on the cell's own level (the core's 8x8 lookups, one
/// table load each).
#[inline(always)]
fn horizontal(cell: usize, occ: Bb, rider: fn(usize, u64) -> u64) -> Bb {
    let z = cell >> 6;
    // The level's word chosen and placed by masks, not by index (see `vertical`).
    let m = |level: usize| 0u64.wrapping_sub(u64::from(z == level));
    let (m0, m1, m2) = (m(0), m(1), m(2));
    let row = occ.0[0] & m0 | occ.0[1] & m1 | occ.0[2] & m2;
    let a = rider(cell & 63, row);
    Bitboard([a & m0, a & m1, a & m2])
}

/// The cells a Rook on `cell` reaches when `occ` blocks (up to and including the first
/// occupied cell of each of the 6 orthogonal lines).
#[inline(always)]
pub fn rook(cell: usize, occ: Bb) -> Bb {
    horizontal(cell, occ, board8::rook) | vertical(cell, occ, &ROOK_NEAR, &ROOK_FAR, false)
}

/// The cells a Bishop on `cell` reaches when `occ` blocks (12 root-2 diagonal lines).
#[inline(always)]
pub fn bishop(cell: usize, occ: Bb) -> Bb {
    horizontal(cell, occ, board8::bishop) | vertical(cell, occ, &BISHOP_NEAR, &BISHOP_FAR, true)
}

/// The cells a Queen on `cell` reaches when `occ` blocks (18 lines).
#[inline(always)]
pub fn queen(cell: usize, occ: Bb) -> Bb {
    rook(cell, occ) | bishop(cell, occ)
}

#[cfg(test)]
mod tests {
    use dimchess_core::zobrist::SplitMix64;

    use super::*;
    use crate::geometry::CELLS;
    use dimchess_core::attacks::RayTable;

    #[test]
    fn riders_match_the_core_ray_table() {
        let t = RayTable::<3>::new(&GEOMETRY, &crate::geometry::DIRS, None);
        let mut rng = SplitMix64::new(5);
        for _ in 0..200 {
            let occ: Bb = (0..CELLS).filter(|_| rng.below(3) == 0).collect();
            for c in 0..CELLS {
                let r = (0..6).fold(Bb::EMPTY, |a, d| a | t.ray_attacks(c, d, occ));
                let b = (6..18).fold(Bb::EMPTY, |a, d| a | t.ray_attacks(c, d, occ));
                assert_eq!(rook(c, occ), r, "rook {c}");
                assert_eq!(bishop(c, occ), b, "bishop {c}");
            }
        }
    }
}
