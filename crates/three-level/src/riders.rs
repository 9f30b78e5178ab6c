//! Rider attacks (TL-5): each level is one 64-bit word of the `Bitboard<3>`, so the
//! horizontal plane uses the core's `RayTable<1>` of an 8×8 board on that word (plain `u64`
//! operations); the lines that change level are at most two cells long (3 levels) and come
//! from a small per-cell table of (first cell, second cell) pairs.

use std::sync::LazyLock;

use dimchess_core::attacks::RayTable;
use dimchess_core::geometry::{Geometry, vectors};

use crate::geometry::{Bb, CELLS, GEOMETRY};

/// No cell.
const NONE: u8 = u8::MAX;

/// The level-changing lines of each cell: (first cell, second cell or [`NONE`]), and the
/// rays of one level.
struct Vertical {
    orth: Vec<[(u8, u8); 2]>,
    diag: Vec<[(u8, u8); 8]>,
    level_rook: Level,
    level_bishop: Level,
}

/// The four rays of a rider on one level, from the core's `RayTable<1>`, as plain words:
/// the first two directions point to higher cells, the last two to lower ones.
struct Level {
    rays: Vec<[u64; 4]>,
}

impl Level {
    fn new(table: &RayTable<1>) -> Level {
        let mut order: Vec<usize> = (0..table.directions())
            .filter(|&d| table.positive(d))
            .collect();
        order.extend((0..table.directions()).filter(|&d| !table.positive(d)));
        debug_assert_eq!(order.len(), 4);
        Level {
            rays: (0..64)
                .map(|c| core::array::from_fn(|k| table.ray(c, order[k]).bits()))
                .collect(),
        }
    }

    /// The cells reached from `sq` with `occ` blocking: along each ray, up to and including
    /// the nearest blocker (the lowest set bit upward, the highest downward).
    #[inline(always)]
    fn attacks(&self, sq: usize, occ: u64) -> u64 {
        let r = &self.rays[sq];
        let mut out = 0;
        for (k, &ray) in r.iter().enumerate() {
            let hit = ray & occ;
            out |= if hit == 0 {
                ray
            } else if k < 2 {
                ray & !self.rays[hit.trailing_zeros() as usize][k]
            } else {
                ray & !self.rays[63 - hit.leading_zeros() as usize][k]
            };
        }
        out
    }
}

static VERTICAL: LazyLock<Vertical> = LazyLock::new(|| {
    let lines = |c: usize, dirs: &[[i8; 4]], out: &mut [(u8, u8)]| {
        let mut k = 0;
        for &d in dirs.iter().filter(|d| d[2] != 0) {
            if let Some(a) = GEOMETRY.offset(c, d) {
                let b = GEOMETRY.offset(a, d).map_or(NONE, |b| b as u8);
                out[k] = (a as u8, b);
                k += 1;
            }
        }
        for slot in out.iter_mut().skip(k) {
            *slot = (NONE, NONE);
        }
    };
    let orth = vectors(3, &[1]);
    let diag = vectors(3, &[1, 1]);
    let level = Geometry::new(&[8, 8]);
    Vertical {
        level_rook: Level::new(&RayTable::new(&level, &vectors(2, &[1]), None)),
        level_bishop: Level::new(&RayTable::new(&level, &vectors(2, &[1, 1]), None)),
        orth: (0..CELLS)
            .map(|c| {
                let mut out = [(NONE, NONE); 2];
                lines(c, &orth, &mut out);
                out
            })
            .collect(),
        diag: (0..CELLS)
            .map(|c| {
                let mut out = [(NONE, NONE); 8];
                lines(c, &diag, &mut out);
                out
            })
            .collect(),
    }
});

#[inline(always)]
fn vertical(lines: &[(u8, u8)], occ: Bb) -> Bb {
    let mut out = Bb::EMPTY;
    for &(a, b) in lines {
        if a == NONE {
            break;
        }
        out.set(a as usize);
        if b != NONE && !occ.contains(a as usize) {
            out.set(b as usize);
        }
    }
    out
}

#[inline(always)]
fn horizontal(cell: usize, occ: Bb, level: &Level) -> Bb {
    let z = cell / 64;
    let mut out = Bb::EMPTY;
    out.0[z] = level.attacks(cell % 64, occ.0[z]);
    out
}

/// The cells a Rook on `cell` reaches when `occ` blocks (up to and including the first
/// occupied cell of each of the 6 orthogonal lines).
#[inline(always)]
pub fn rook(cell: usize, occ: Bb) -> Bb {
    let v = &*VERTICAL;
    horizontal(cell, occ, &v.level_rook) | vertical(&v.orth[cell], occ)
}

/// The cells a Bishop on `cell` reaches when `occ` blocks (12 root-2 diagonal lines).
#[inline(always)]
pub fn bishop(cell: usize, occ: Bb) -> Bb {
    let v = &*VERTICAL;
    horizontal(cell, occ, &v.level_bishop) | vertical(&v.diag[cell], occ)
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
    use crate::geometry::TABLES;

    #[test]
    fn riders_match_the_core_ray_table() {
        let t = &*TABLES;
        let mut rng = SplitMix64::new(5);
        for _ in 0..200 {
            let occ: Bb = (0..CELLS).filter(|_| rng.below(3) == 0).collect();
            for c in 0..CELLS {
                let r = (0..6).fold(Bb::EMPTY, |a, d| a | t.rays.ray_attacks(c, d, occ));
                let b = (6..18).fold(Bb::EMPTY, |a, d| a | t.rays.ray_attacks(c, d, occ));
                assert_eq!(rook(c, occ), r, "rook {c}");
                assert_eq!(bishop(c, occ), b, "bishop {c}");
            }
        }
    }
}
