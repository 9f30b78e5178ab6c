//! Magic-bitboard rider lookups for geometries of at most 64 cells.
//!
//! A [`MagicTable`] replaces the ray scan of [`RayTable::attacks`] by one multiply and one
//! table load, for any 64-cell box (an 8x8 board, a 4x4x4 cube). The magic factors are found
//! at build time of the table by a deterministic search, so the table is reproducible and
//! nothing is copied from elsewhere. Build it once and keep it in a `OnceLock`.
//!
//! ```
//! use dimchess_core::attacks::RayTable;
//! use dimchess_core::geometry::{vectors, Geometry};
//! use dimchess_core::magic::MagicTable;
//! let g = Geometry::new(&[8, 8]);
//! let rook = RayTable::<1>::new(&g, &vectors(2, &[1]), None);
//! let magic = MagicTable::new(&rook, g.cells());
//! let occ = 0x0000_0010_0000_0100u64;
//! for c in 0..64 {
//!     assert_eq!(magic.attacks(c, occ), rook.attacks(c, occ.into()).bits());
//! }
//! ```

use crate::attacks::RayTable;
use crate::bitboard::Bitboard64;
use crate::zobrist::SplitMix64;

#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// Rider attacks by magic multiplication, for a [`RayTable`] on at most 64 cells.
#[derive(Clone, Debug)]
pub struct MagicTable {
    entries: [Entry; 64],
    table: Vec<u64>,
}

impl From<u64> for Bitboard64 {
    #[inline]
    fn from(bits: u64) -> Self {
        Bitboard64::from_bits(bits)
    }
}

impl MagicTable {
    /// Builds the table for the rider of `rays` on the first `cells` cells, searching every
    /// magic factor (deterministic, but it takes a few hundred milliseconds: a variant with a
    /// fixed geometry should record the factors once with [`MagicTable::magics`] and build
    /// with [`MagicTable::with_magics`]).
    ///
    /// # Panics
    /// If `cells > 64`.
    pub fn new(rays: &RayTable<1>, cells: usize) -> Self {
        Self::with_magics(rays, cells, &[])
    }

    /// Builds the table using `hints[cell]` as the magic factor of each cell where it works,
    /// and searching where it does not (or where no hint is given). The result is always
    /// correct; good hints only make it fast.
    ///
    /// # Panics
    /// If `cells > 64`.
    pub fn with_magics(rays: &RayTable<1>, cells: usize, hints: &[u64]) -> Self {
        assert!(cells <= 64);
        // Relevant blockers of each cell: every ray cell but the last (nothing lies beyond).
        let masks: Vec<u64> = (0..cells)
            .map(|cell| {
                (0..rays.directions()).fold(0, |mask, d| {
                    let ray = rays.ray(cell, d);
                    let far = if rays.positive(d) {
                        ray.last()
                    } else {
                        ray.first()
                    };
                    mask | (ray.bits() & !far.map_or(0, |c| 1u64 << c))
                })
            })
            .collect();
        // One allocation for the whole table, filled in place: start-up cost matters (the
        // tool builds fide's tables on every run).
        let total = masks.iter().map(|m| 1usize << m.count_ones()).sum();
        let mut table = vec![0u64; total];
        let mut entries = [Entry::default(); 64];
        let mut rng = SplitMix64::new(0x6469_6d63_6865_7373); // "dimchess"
        let largest = masks
            .iter()
            .map(|m| 1usize << m.count_ones())
            .max()
            .unwrap_or(1);
        let mut occs = Vec::with_capacity(largest);
        let mut refs = Vec::with_capacity(largest);
        let mut epoch = Vec::with_capacity(largest);
        let mut offset = 0;
        for (cell, &mask) in masks.iter().enumerate() {
            let bits = mask.count_ones();
            let size = 1usize << bits;
            occs.clear();
            refs.clear();
            let mut sub = 0u64;
            loop {
                occs.push(sub);
                refs.push(rays.attacks(cell, sub.into()).bits());
                sub = sub.wrapping_sub(mask) & mask;
                if sub == 0 {
                    break;
                }
            }
            let shift = if bits == 0 { 63 } else { 64 - bits };
            let index = |o: u64, m: u64| {
                if bits == 0 {
                    0
                } else {
                    (o.wrapping_mul(m) >> shift) as usize
                }
            };
            // A factor works when no two occupancies with different attacks share a slot.
            // Each attempt writes its slots straight into the table; `epoch` tells this
            // attempt's slots from earlier ones', and a slot no occupancy uses ends as 0.
            let slots = &mut table[offset..offset + size];
            epoch.clear();
            epoch.resize(size, 0u32);
            let mut attempt = 0u32;
            let mut works = |m: u64| {
                attempt += 1;
                occs.iter().zip(&refs).all(|(&o, &a)| {
                    let i = index(o, m);
                    if epoch[i] != attempt {
                        epoch[i] = attempt;
                        slots[i] = a;
                        true
                    } else {
                        slots[i] == a
                    }
                })
            };
            let magic = match hints.get(cell) {
                Some(&h) if works(h) => h,
                _ => loop {
                    let m = rng.next_u64() & rng.next_u64() & rng.next_u64();
                    if bits > 6 && (mask.wrapping_mul(m) >> 56).count_ones() < 6 {
                        continue;
                    }
                    if works(m) {
                        break m;
                    }
                },
            };
            for (slot, &e) in slots.iter_mut().zip(&epoch) {
                if e != attempt {
                    *slot = 0;
                }
            }
            entries[cell] = Entry {
                mask,
                magic,
                shift,
                offset: offset as u32,
            };
            offset += size;
        }
        MagicTable { entries, table }
    }

    /// The magic factor of every cell, to record and pass to [`MagicTable::with_magics`].
    pub fn magics(&self) -> [u64; 64] {
        core::array::from_fn(|c| self.entries[c].magic)
    }

    /// The cells the rider on `cell` reaches with `occupied` cells blocking.
    #[inline]
    pub fn attacks(&self, cell: usize, occupied: u64) -> u64 {
        let e = &self.entries[cell];
        let i = ((occupied & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
        self.table[e.offset as usize + i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Geometry, vectors};

    #[test]
    fn hints_are_used_when_they_work_and_replaced_when_not() {
        let g = Geometry::new(&[8, 8]);
        let rays = RayTable::<1>::new(&g, &vectors(2, &[1, 1]), None);
        let searched = MagicTable::new(&rays, 64);
        let hinted = MagicTable::with_magics(&rays, 64, &searched.magics());
        assert_eq!(hinted.magics(), searched.magics());
        // Bad hints (zero) are replaced by a search, and the table is still right.
        let bad = MagicTable::with_magics(&rays, 64, &[0; 64]);
        for c in 0..64 {
            for occ in [0u64, 0x0042_0000_2400_1800, u64::MAX] {
                assert_eq!(bad.attacks(c, occ), rays.attacks(c, occ.into()).bits());
            }
        }
    }
}
