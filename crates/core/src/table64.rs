//! Attack tables of 64-cell geometries built at compile time.
//!
//! The runtime tables of [`attacks`](crate::attacks) and [`magic`](crate::magic) suit any
//! geometry, but a variant on a fixed 64-cell board pays for them twice: building them at
//! every process start (a rook magic table is 100,000 entries), and a lazy-initialisation
//! check and a heap pointer on every lookup. The `const fn` builders here make the same
//! tables at compile time, from the same geometry and vectors, into `static`s:
//!
//! - [`leaps`]: a leaper's targets from each cell;
//! - [`Lines`]: the cells between two aligned cells and the whole line through them;
//! - [`Sliders`]: a rider's attacks by one lookup. With BMI2 enabled at compile time
//!   (`-C target-feature=+bmi2`, or `-C target-cpu=native` on a CPU that has it) the index is
//!   `PEXT(occupied, mask)`; otherwise it is a multiplication by a magic factor recorded by the
//!   variant (found by [`MagicTable`](crate::magic::MagicTable)'s search). A factor that does
//!   not work stops the build with an error, so a table in a `static` is always right.
//!   [`Sliders::new_pext`] builds the `PEXT`-ordered table in any build, for the code path
//!   chosen at run time ([`crate::cpu`], [`Sliders::attacks_on`]).
//!
//! ```
//! use dimchess_core::geometry::Geometry;
//! use dimchess_core::table64::{leaps, Lines};
//! const G: Geometry = Geometry::new(&[8, 8]);
//! static KNIGHT: [u64; 64] = leaps(&G, &[[1, 2, 0, 0], [2, 1, 0, 0], [-1, 2, 0, 0], [-2, 1, 0, 0],
//!     [1, -2, 0, 0], [2, -1, 0, 0], [-1, -2, 0, 0], [-2, -1, 0, 0]]);
//! assert_eq!(KNIGHT[0], 1 << 10 | 1 << 17);
//! static LINES: Lines = Lines::new(&G, &[[1, 0, 0, 0], [0, 1, 0, 0], [1, 1, 0, 0], [1, -1, 0, 0]]);
//! assert_eq!(LINES.between(0, 3), 0b110);
//! ```

use crate::cpu::{Cpu, Portable};
use crate::geometry::{Geometry, Vector};

const fn negate(v: Vector) -> Vector {
    [-v[0], -v[1], -v[2], -v[3]]
}

/// The cells one leap of `vectors` away from each cell (cells past `geometry.cells()` empty).
///
/// # Panics
/// At compile time if the geometry has more than 64 cells.
pub const fn leaps(geometry: &Geometry, vectors: &[Vector]) -> [u64; 64] {
    assert!(geometry.cells() <= 64, "more than 64 cells");
    let mut out = [0u64; 64];
    let mut cell = 0;
    while cell < geometry.cells() {
        let mut i = 0;
        while i < vectors.len() {
            if let Some(t) = geometry.offset(cell, vectors[i]) {
                out[cell] |= 1 << t;
            }
            i += 1;
        }
        cell += 1;
    }
    out
}

/// The cells a rider along `directions` (each given with its opposite or not, as wanted)
/// reaches from `cell` with `occupied` cells blocking: each ray up to and including its first
/// occupied cell.
pub const fn slide(geometry: &Geometry, directions: &[Vector], cell: usize, occupied: u64) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < directions.len() {
        let mut cur = cell;
        while let Some(next) = geometry.offset(cur, directions[d]) {
            out |= 1 << next;
            if occupied >> next & 1 != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    out
}

/// Between and line sets for every pair of cells of a 64-cell geometry.
#[derive(Clone, Debug)]
pub struct Lines {
    between: [[u64; 64]; 64],
    line: [[u64; 64]; 64],
}

impl Lines {
    /// The lines along `directions` (give each direction once; its opposite is added).
    ///
    /// # Panics
    /// At compile time if the geometry has more than 64 cells.
    pub const fn new(geometry: &Geometry, directions: &[Vector]) -> Lines {
        assert!(geometry.cells() <= 64, "more than 64 cells");
        let mut between = [[0u64; 64]; 64];
        let mut line = [[0u64; 64]; 64];
        let mut a = 0;
        while a < geometry.cells() {
            let mut d = 0;
            while d < directions.len() {
                let v = directions[d];
                let full = 1u64 << a | slide(geometry, &[v, negate(v)], a, 0);
                let mut side = 0;
                while side < 2 {
                    let w = if side == 0 { v } else { negate(v) };
                    let mut path = 0u64;
                    let mut cur = a;
                    while let Some(next) = geometry.offset(cur, w) {
                        between[a][next] = path;
                        line[a][next] = full;
                        path |= 1 << next;
                        cur = next;
                    }
                    side += 1;
                }
                d += 1;
            }
            a += 1;
        }
        Lines { between, line }
    }

    /// The cells strictly between `a` and `b` (empty if they are not aligned or adjacent).
    #[inline]
    pub const fn between(&self, a: usize, b: usize) -> u64 {
        self.between[a & 63][b & 63]
    }

    /// The whole line through `a` and `b` (empty if they are not aligned).
    #[inline]
    pub const fn line(&self, a: usize, b: usize) -> u64 {
        self.line[a & 63][b & 63]
    }
}

/// Whether the slider lookups use BMI2's `PEXT` (decided at compile time by the target
/// features: `-C target-feature=+bmi2` or a `-C target-cpu` that has it).
/// A build without BMI2 may still index by `PEXT` at run time: see [`Sliders::new_pext`].
pub const PEXT: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

/// The most directions a [`Sliders`] rider may have.
pub const MAX_DIRECTIONS: usize = 32;

#[derive(Copy, Clone, Debug)]
// With `PEXT` the magic factor and shift are not read.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// The number of table entries a rider along `directions` needs on `geometry`: the sum over
/// cells of 2^(relevant blockers). Round it up with `next_power_of_two` for [`Sliders`]' `N`.
pub const fn sliders_size(geometry: &Geometry, directions: &[Vector]) -> usize {
    let mut total = 0;
    let mut cell = 0;
    while cell < geometry.cells() {
        total += 1 << relevant(geometry, directions, cell).count_ones();
        cell += 1;
    }
    total
}

/// The cells whose occupancy can change the rider's attacks from `cell`: every ray cell but
/// the last of its ray.
const fn relevant(geometry: &Geometry, directions: &[Vector], cell: usize) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < directions.len() {
        let mut cur = cell;
        while let Some(next) = geometry.offset(cur, directions[d]) {
            if geometry.offset(next, directions[d]).is_some() {
                mask |= 1 << next;
            }
            cur = next;
        }
        d += 1;
    }
    mask
}

/// A rider's attacks on a 64-cell geometry by one table lookup, built at compile time. `N`,
/// the table size, is a power of two at least [`sliders_size`], so that an index masked with
/// `N - 1` needs no bounds check.
#[derive(Clone, Debug)]
pub struct Sliders<const N: usize> {
    entries: [Entry; 64],
    table: [u64; N],
}

impl<const N: usize> Sliders<N> {
    /// Builds the table of the rider along `directions` (each direction and its opposite),
    /// indexed by `PEXT` when [`PEXT`] holds, else by the magic factor `magics[cell]`.
    ///
    /// Building a rook's table takes a few seconds of compile time: put
    /// `#[allow(long_running_const_eval)]` on the `static`.
    ///
    /// # Panics
    /// At compile time if there are more than [`MAX_DIRECTIONS`] directions, if `N` is not a
    /// power of two at least [`sliders_size`], if the geometry
    /// has more than 64 cells, or (without `PEXT`) if a magic factor maps two occupancies with
    /// different attacks to one entry.
    pub const fn new(geometry: &Geometry, directions: &[Vector], magics: &[u64; 64]) -> Self {
        Self::build(geometry, directions, magics, PEXT)
    }

    /// The table of the rider along `directions` indexed by `PEXT` whatever the build, for
    /// [`Sliders::attacks_on`] with a [`Cpu`] whose [`Cpu::PEXT`] holds (the run-time choice of
    /// [`crate::cpu`]). Panics at compile time like [`Sliders::new`].
    pub const fn new_pext(geometry: &Geometry, directions: &[Vector]) -> Self {
        Self::build(geometry, directions, &[0; 64], true)
    }

    const fn build(
        geometry: &Geometry,
        directions: &[Vector],
        magics: &[u64; 64],
        pext: bool,
    ) -> Self {
        assert!(geometry.cells() <= 64, "more than 64 cells");
        assert!(directions.len() <= MAX_DIRECTIONS, "too many directions");
        assert!(N.is_power_of_two() && N >= sliders_size(geometry, directions));
        let mut entries = [Entry {
            mask: 0,
            magic: 0,
            shift: 63,
            offset: 0,
        }; 64];
        let mut table = [0u64; N];
        // Which cell last wrote each entry (plus one), to tell a collision from a fresh slot.
        let mut owner = [0u8; N];
        let mut offset = 0usize;
        let mut cell = 0;
        while cell < geometry.cells() {
            let mask = relevant(geometry, directions, cell);
            let bits = mask.count_ones();
            let shift = if bits == 0 { 63 } else { 64 - bits };
            let magic = magics[cell];
            // The cells of each ray in order, walked once per cell rather than per occupancy.
            let mut rays = [[0u8; 64]; MAX_DIRECTIONS];
            let mut lens = [0usize; MAX_DIRECTIONS];
            let mut d = 0;
            while d < directions.len() {
                let mut cur = cell;
                while let Some(next) = geometry.offset(cur, directions[d]) {
                    rays[d][lens[d]] = next as u8;
                    lens[d] += 1;
                    cur = next;
                }
                d += 1;
            }
            let mut sub = 0u64;
            let mut n = 0usize;
            loop {
                let mut attacks = 0u64;
                let mut d = 0;
                while d < directions.len() {
                    let mut k = 0;
                    while k < lens[d] {
                        let c = rays[d][k];
                        attacks |= 1 << c;
                        if sub >> c & 1 != 0 {
                            break;
                        }
                        k += 1;
                    }
                    d += 1;
                }
                // The subsets come in the order of their `PEXT` index (carry-rippler).
                let i = if pext {
                    n
                } else if bits == 0 {
                    0
                } else {
                    (sub.wrapping_mul(magic) >> shift) as usize
                };
                let slot = offset + i;
                if owner[slot] == cell as u8 + 1 {
                    assert!(table[slot] == attacks, "a magic factor does not work");
                } else {
                    owner[slot] = cell as u8 + 1;
                    table[slot] = attacks;
                }
                sub = sub.wrapping_sub(mask) & mask;
                n += 1;
                if sub == 0 {
                    break;
                }
            }
            entries[cell] = Entry {
                mask,
                magic,
                shift,
                offset: offset as u32,
            };
            offset += 1 << bits;
            cell += 1;
        }
        Sliders { entries, table }
    }

    /// The cells the rider on `cell` reaches with `occupied` cells blocking (a table built by
    /// [`Sliders::new`]).
    #[inline(always)]
    pub fn attacks(&self, cell: usize, occupied: u64) -> u64 {
        self.attacks_on(Portable, cell, occupied)
    }

    /// [`Sliders::attacks`] on the code path of `cpu`: by `cpu.pext` when [`Cpu::PEXT`] holds
    /// (the table must then be built by [`Sliders::new_pext`], or by [`Sliders::new`] in a
    /// build with BMI2), else by the magic factor.
    #[inline(always)]
    pub fn attacks_on<C: Cpu>(&self, cpu: C, cell: usize, occupied: u64) -> u64 {
        let e = &self.entries[cell & 63];
        let i = if C::PEXT {
            cpu.pext(occupied, e.mask) as usize
        } else {
            ((occupied & e.mask).wrapping_mul(e.magic) >> e.shift) as usize
        };
        self.table[(e.offset as usize + i) & (N - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::RayTable;
    use crate::geometry::vectors;
    use crate::magic::MagicTable;
    use crate::zobrist::SplitMix64;

    const G: Geometry = Geometry::new(&[8, 8]);
    const DIAG: [Vector; 4] = [[1, 1, 0, 0], [-1, 1, 0, 0], [1, -1, 0, 0], [-1, -1, 0, 0]];

    #[test]
    fn sliders_agree_with_the_ray_walk() {
        let rays = RayTable::<1>::new(&G, &vectors(2, &[1, 1]), None);
        let magics = MagicTable::new(&rays, 64).magics();
        let t: Box<Sliders<8192>> = Box::new(Sliders::new(&G, &DIAG, &magics));
        assert_eq!(sliders_size(&G, &DIAG), 5248);
        let mut rng = SplitMix64::new(7);
        for c in 0..64 {
            for _ in 0..200 {
                let occ = rng.next_u64() & rng.next_u64();
                assert_eq!(t.attacks(c, occ), rays.attacks(c, occ.into()).bits());
            }
        }
    }

    #[test]
    fn subsets_come_in_pext_order() {
        use crate::cpu::pext_soft;
        assert_eq!(pext_soft(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(pext_soft(u64::MAX, 0x8000_0000_0000_0001), 0b11);
        let mask = 0x0042_0010_8100_2400u64;
        let (mut sub, mut n) = (0u64, 0u64);
        loop {
            assert_eq!(pext_soft(sub, mask), n);
            sub = sub.wrapping_sub(mask) & mask;
            n += 1;
            if sub == 0 {
                break;
            }
        }
        assert_eq!(n, 1 << mask.count_ones());
    }
}
