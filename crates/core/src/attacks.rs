//! Attack primitives built once from a [`Geometry`] and vectors.
//!
//! - [`LeapTable`]: leapers (knight, king step, pawn capture, every Redistribution component):
//!   per cell, the set of cells one vector away.
//! - [`RayTable`]: riders (rook, bishop, queen, 3D lines), optionally of limited range (a pawn's
//!   push, a Cobra's two steps), stopped by the nearest blocker, which is the lowest set bit of
//!   the ray for a positive index delta and the highest for a negative one.
//! - [`BlockedStepTable`]: steppers that a piece on an intermediate cell blocks (the Xiang Qi
//!   horse and elephant): per cell, (target, blocking cell) pairs.
//! - [`LineTable`]: the cells strictly between two aligned cells and the whole line through
//!   them, for pins and check blocking.
//!
//! Tables live in `Vec`s built once (keep them in a `OnceLock`); lookups never allocate.
//!
//! ```
//! use dimchess_core::attacks::{LeapTable, RayTable};
//! use dimchess_core::bitboard::Bitboard64;
//! use dimchess_core::geometry::{vectors, Geometry};
//! let g = Geometry::new(&[8, 8]);
//! let knight = LeapTable::<1>::new(&g, &vectors(2, &[2, 1]));
//! assert_eq!(knight.get(0).count(), 2); // a1: b3, c2
//! let rook = RayTable::<1>::new(&g, &vectors(2, &[1]), None);
//! let blocker = Bitboard64::from_cell(24); // a4
//! assert_eq!(rook.attacks(0, blocker).count(), 3 + 7); // a2 a3 a4, b1..h1
//! ```

use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, Vector};

/// Per cell, the cells one of a set of vectors away.
#[derive(Clone, Debug)]
pub struct LeapTable<const W: usize> {
    targets: Vec<Bitboard<W>>,
}

impl<const W: usize> LeapTable<W> {
    /// Builds the table of `vectors` on `geometry`.
    ///
    /// # Panics
    /// If the geometry has more cells than a `Bitboard<W>` holds.
    pub fn new(geometry: &Geometry, vectors: &[Vector]) -> Self {
        assert!(geometry.cells() <= Bitboard::<W>::CAPACITY);
        let targets = geometry
            .all_cells()
            .map(|c| {
                vectors
                    .iter()
                    .filter_map(|&v| geometry.offset(c, v))
                    .collect()
            })
            .collect();
        LeapTable { targets }
    }

    /// The cells a leaper on `cell` reaches.
    #[inline]
    pub fn get(&self, cell: usize) -> Bitboard<W> {
        self.targets[cell]
    }
}

/// Per cell and direction, the ray of cells along the direction (optionally of limited length).
#[derive(Clone, Debug)]
pub struct RayTable<const W: usize> {
    dirs: usize,
    positive: Vec<bool>,
    /// Ray of limited length, `cell * dirs + dir`.
    rays: Vec<Bitboard<W>>,
    /// Unlimited ray, `cell * dirs + dir`.
    full: Vec<Bitboard<W>>,
}

impl<const W: usize> RayTable<W> {
    /// Builds the rays of `directions` on `geometry`, each at most `max_len` cells long
    /// (`None`: up to the edge).
    ///
    /// # Panics
    /// If the geometry has more cells than a `Bitboard<W>` holds, or a direction is zero.
    pub fn new(geometry: &Geometry, directions: &[Vector], max_len: Option<usize>) -> Self {
        assert!(geometry.cells() <= Bitboard::<W>::CAPACITY);
        let dirs = directions.len();
        let mut rays = Vec::with_capacity(geometry.cells() * dirs);
        let mut full = Vec::with_capacity(geometry.cells() * dirs);
        let positive = directions
            .iter()
            .map(|&v| {
                let d = geometry.delta(v);
                assert!(d != 0, "zero direction");
                d > 0
            })
            .collect();
        for c in geometry.all_cells() {
            for &v in directions {
                let mut ray = Bitboard::EMPTY;
                let mut limited = Bitboard::EMPTY;
                let mut cur = c;
                let mut n = 0;
                while let Some(next) = geometry.offset(cur, v) {
                    n += 1;
                    ray.set(next);
                    if max_len.is_none_or(|m| n <= m) {
                        limited.set(next);
                    }
                    cur = next;
                }
                rays.push(limited);
                full.push(ray);
            }
        }
        RayTable {
            dirs,
            positive,
            rays,
            full,
        }
    }

    /// The number of directions.
    #[inline]
    pub fn directions(&self) -> usize {
        self.dirs
    }

    /// Whether direction `dir` goes towards higher cell indices.
    #[inline]
    pub fn positive(&self, dir: usize) -> bool {
        self.positive[dir]
    }

    /// The ray (of limited length) from `cell` in direction `dir`, ignoring blockers.
    #[inline]
    pub fn ray(&self, cell: usize, dir: usize) -> Bitboard<W> {
        self.rays[cell * self.dirs + dir]
    }

    /// The cells a rider on `cell` reaches in direction `dir` when `occupied` blocks: every cell
    /// up to and including the nearest occupied one.
    #[inline]
    pub fn ray_attacks(&self, cell: usize, dir: usize, occupied: Bitboard<W>) -> Bitboard<W> {
        let i = cell * self.dirs + dir;
        let ray = self.rays[i];
        let hit = ray & occupied;
        let blocker = if self.positive[dir] {
            hit.first()
        } else {
            hit.last()
        };
        match blocker {
            Some(b) => ray.and_not(self.full[b * self.dirs + dir]),
            None => ray,
        }
    }

    /// The cells a rider on `cell` reaches in all directions of the table.
    #[inline]
    pub fn attacks(&self, cell: usize, occupied: Bitboard<W>) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        for d in 0..self.dirs {
            out |= self.ray_attacks(cell, d, occupied);
        }
        out
    }

    /// The union of all rays from `cell`, ignoring blockers (a rider's reach on an empty box).
    #[inline]
    pub fn pseudo(&self, cell: usize) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        for d in 0..self.dirs {
            out |= self.rays[cell * self.dirs + d];
        }
        out
    }
}

/// Per cell, the (target, blocking cell) pairs of a stepper that a piece on an intermediate
/// cell blocks: the Xiang Qi horse (one orthogonal step, then one diagonal step outward) and
/// elephant (two diagonal steps, blocked at the midpoint).
#[derive(Clone, Debug)]
pub struct BlockedStepTable<const W: usize> {
    start: Vec<u32>,
    steps: Vec<(u16, u16)>,
}

impl<const W: usize> BlockedStepTable<W> {
    /// Builds the table from `(move vector, blocking-cell vector)` pairs, both relative to the
    /// origin. A pair is kept where both cells are on the board.
    ///
    /// # Panics
    /// If the geometry has more cells than a `Bitboard<W>` holds.
    pub fn new(geometry: &Geometry, steps: &[(Vector, Vector)]) -> Self {
        assert!(geometry.cells() <= Bitboard::<W>::CAPACITY);
        let mut start = Vec::with_capacity(geometry.cells() + 1);
        let mut out = Vec::new();
        for c in geometry.all_cells() {
            start.push(out.len() as u32);
            for &(mv, leg) in steps {
                if let (Some(t), Some(b)) = (geometry.offset(c, mv), geometry.offset(c, leg)) {
                    out.push((t as u16, b as u16));
                }
            }
        }
        start.push(out.len() as u32);
        BlockedStepTable { start, steps: out }
    }

    /// The `(target, blocking cell)` pairs from `cell`.
    #[inline]
    pub fn steps(&self, cell: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.steps[self.start[cell] as usize..self.start[cell + 1] as usize]
            .iter()
            .map(|&(t, b)| (t as usize, b as usize))
    }

    /// The targets from `cell` whose blocking cell is empty.
    #[inline]
    pub fn attacks(&self, cell: usize, occupied: Bitboard<W>) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        for (t, b) in self.steps(cell) {
            if !occupied.contains(b) {
                out.set(t);
            }
        }
        out
    }
}

/// The cells between two aligned cells, and the full line through them, for the directions of
/// a rider (pins, check evasion by interposition).
#[derive(Clone, Debug)]
pub struct LineTable<const W: usize> {
    cells: usize,
    between: Vec<Bitboard<W>>,
    line: Vec<Bitboard<W>>,
}

impl<const W: usize> LineTable<W> {
    /// Builds the table for the lines along `directions` (give each direction once; its
    /// opposite is added).
    pub fn new(geometry: &Geometry, directions: &[Vector]) -> Self {
        let n = geometry.cells();
        assert!(n <= Bitboard::<W>::CAPACITY);
        let mut between = vec![Bitboard::EMPTY; n * n];
        let mut line = vec![Bitboard::EMPTY; n * n];
        for a in 0..n {
            for &v in directions {
                for v in [v, crate::geometry::negate(v)] {
                    // Full line through `a` along v.
                    let mut full = Bitboard::<W>::from_cell(a);
                    for w in [v, crate::geometry::negate(v)] {
                        let mut cur = a;
                        while let Some(next) = geometry.offset(cur, w) {
                            full.set(next);
                            cur = next;
                        }
                    }
                    let mut path = Bitboard::EMPTY;
                    let mut cur = a;
                    while let Some(next) = geometry.offset(cur, v) {
                        between[a * n + next] = path;
                        line[a * n + next] = full;
                        path.set(next);
                        cur = next;
                    }
                }
            }
        }
        LineTable {
            cells: n,
            between,
            line,
        }
    }

    /// The cells strictly between `a` and `b` (empty if they are not aligned or adjacent).
    #[inline]
    pub fn between(&self, a: usize, b: usize) -> Bitboard<W> {
        self.between[a * self.cells + b]
    }

    /// The whole line through `a` and `b` (empty if they are not aligned).
    #[inline]
    pub fn line(&self, a: usize, b: usize) -> Bitboard<W> {
        self.line[a * self.cells + b]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::{Bitboard64, Bitboard128, Bitboard192};
    use crate::geometry::vectors;

    /// The reference rider: walk cell by cell.
    fn walk<const W: usize>(
        g: &Geometry,
        c: usize,
        dirs: &[Vector],
        occ: Bitboard<W>,
        max: usize,
    ) -> Bitboard<W> {
        let mut out = Bitboard::EMPTY;
        for &v in dirs {
            let mut cur = c;
            let mut n = 0;
            while let Some(t) = g.offset(cur, v) {
                n += 1;
                if n > max {
                    break;
                }
                out.set(t);
                if occ.contains(t) {
                    break;
                }
                cur = t;
            }
        }
        out
    }

    fn pseudo_random_occupancy<const W: usize>(seed: u64, cells: usize) -> Bitboard<W> {
        let mut rng = crate::zobrist::SplitMix64::new(seed);
        (0..cells)
            .filter(|_| rng.next_u64().is_multiple_of(4))
            .collect()
    }

    #[test]
    fn riders_match_a_walk_on_every_geometry() {
        let g2 = Geometry::new(&[8, 8]);
        let g3 = Geometry::new(&[8, 8, 3]);
        let gr = Geometry::new(&[4, 4, 6]);
        let q2: Vec<Vector> = [vectors(2, &[1]), vectors(2, &[1, 1])].concat();
        let q3: Vec<Vector> = [vectors(3, &[1]), vectors(3, &[1, 1])].concat();
        let t64 = RayTable::<1>::new(&g2, &q2, None);
        let t192 = RayTable::<3>::new(&g3, &q3, None);
        let lim = RayTable::<2>::new(&gr, &q3, Some(2));
        for seed in 0..50 {
            let o64: Bitboard64 = pseudo_random_occupancy(seed, 64);
            let o192: Bitboard192 = pseudo_random_occupancy(seed, 192);
            let o96: Bitboard128 = pseudo_random_occupancy(seed, 96);
            for c in g2.all_cells() {
                assert_eq!(t64.attacks(c, o64), walk(&g2, c, &q2, o64, 99));
            }
            for c in g3.all_cells() {
                assert_eq!(t192.attacks(c, o192), walk(&g3, c, &q3, o192, 99));
            }
            for c in gr.all_cells() {
                assert_eq!(lim.attacks(c, o96), walk(&gr, c, &q3, o96, 2));
            }
        }
    }

    #[test]
    fn blocked_stepper_is_blocked_by_its_leg() {
        let g = Geometry::new(&[9, 10]);
        // Horse: orthogonal step then diagonal outward: (1,2) via (0,1), etc.
        let mut steps = Vec::new();
        for v in vectors(2, &[2, 1]) {
            let leg = if v[0].abs() == 2 {
                [v[0] / 2, 0, 0, 0]
            } else {
                [0, v[1] / 2, 0, 0]
            };
            steps.push((v, leg));
        }
        let t = BlockedStepTable::<2>::new(&g, &steps);
        let c = g.index([4, 4, 0, 0]).unwrap();
        assert_eq!(t.attacks(c, Bitboard::EMPTY).count(), 8);
        let leg = g.index([4, 5, 0, 0]).unwrap();
        assert_eq!(t.attacks(c, Bitboard::from_cell(leg)).count(), 6);
    }

    #[test]
    fn lines_and_between() {
        let g = Geometry::new(&[8, 8]);
        let dirs: Vec<Vector> = [vectors(2, &[1]), vectors(2, &[1, 1])].concat();
        let t = LineTable::<1>::new(&g, &dirs);
        assert_eq!(t.between(0, 63).count(), 6);
        assert_eq!(t.line(0, 9).count(), 8);
        assert!(t.between(0, 17).is_empty());
        assert!(t.line(0, 17).is_empty());
        assert!(t.between(0, 1).is_empty());
        assert_eq!(t.line(0, 1).count(), 8);
    }
}
