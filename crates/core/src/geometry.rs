//! Board geometry: a box of up to four axes, its cells, their names and direction vectors.
//!
//! Cells are numbered so that each axis has a fixed stride: axis 0 (the file) has stride 1,
//! axis 1 (the rank) the size of axis 0, and so on. A vector is then a fixed index delta, and
//! the tables of [`crate::attacks`] are built once from vectors, never by special cases.
//!
//! | board | axes (fastest first) | cells |
//! |---|---|---|
//! | 8x8 | `[8, 8]` | 64 |
//! | 2 x 8x8 (boards side by side) | `[8, 8, 2]` | 128 |
//! | 3 x 8x8 or 8x8x3 levels | `[8, 8, 3]` | 192 |
//! | 4x4x6 | `[4, 4, 6]` | 96 |
//!
//! ```
//! use dimchess_core::geometry::Geometry;
//! let g = Geometry::new(&[8, 8, 3]);
//! assert_eq!(g.cells(), 192);
//! let c = g.index([4, 3, 1, 0]).unwrap();
//! assert_eq!(g.coords(c), [4, 3, 1, 0]);
//! assert_eq!(g.offset(c, [0, 0, 1, 0]), g.index([4, 3, 2, 0]));
//! assert_eq!(g.offset(c, [0, 0, 2, 0]), None);
//! ```

/// The largest number of axes a [`Geometry`] has.
pub const MAX_AXES: usize = 4;

/// Coordinates of a cell, one per axis (unused axes are 0).
pub type Coords = [i8; MAX_AXES];

/// A displacement, one component per axis (unused axes are 0).
pub type Vector = [i8; MAX_AXES];

/// A box of up to four axes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    dims: [u8; MAX_AXES],
    axes: u8,
}

impl Geometry {
    /// A box with the given axis sizes, fastest axis (the file) first.
    ///
    /// # Panics
    /// At compile time (in a `const`) or at run time if there are no axes, more than four, an
    /// axis of size 0, or more than 4096 cells: these are programming errors, not input.
    pub const fn new(dims: &[u8]) -> Self {
        assert!(!dims.is_empty() && dims.len() <= MAX_AXES, "1 to 4 axes");
        let mut d = [1u8; MAX_AXES];
        let mut i = 0;
        let mut cells = 1usize;
        while i < dims.len() {
            assert!(dims[i] > 0, "axis of size 0");
            d[i] = dims[i];
            cells *= dims[i] as usize;
            i += 1;
        }
        assert!(cells <= 4096, "too many cells");
        Geometry {
            dims: d,
            axes: dims.len() as u8,
        }
    }

    /// The number of axes.
    #[inline]
    pub const fn axes(&self) -> usize {
        self.axes as usize
    }

    /// The size of `axis` (1 for an unused axis).
    #[inline]
    pub const fn dim(&self, axis: usize) -> usize {
        self.dims[axis] as usize
    }

    /// The number of cells.
    #[inline]
    pub const fn cells(&self) -> usize {
        self.dims[0] as usize
            * self.dims[1] as usize
            * self.dims[2] as usize
            * self.dims[3] as usize
    }

    /// The index step of one unit along `axis`.
    #[inline]
    pub const fn stride(&self, axis: usize) -> usize {
        let mut s = 1;
        let mut i = 0;
        while i < axis {
            s *= self.dims[i] as usize;
            i += 1;
        }
        s
    }

    /// Whether `coords` lie inside the box.
    #[inline]
    pub const fn contains(&self, coords: Coords) -> bool {
        let mut a = 0;
        while a < MAX_AXES {
            if coords[a] < 0 || coords[a] as usize >= self.dim(a) {
                return false;
            }
            a += 1;
        }
        true
    }

    /// The cell at `coords`, or `None` outside the box.
    #[inline]
    pub const fn index(&self, coords: Coords) -> Option<usize> {
        if !self.contains(coords) {
            return None;
        }
        let mut cell = 0;
        let mut a = 0;
        while a < MAX_AXES {
            cell += coords[a] as usize * self.stride(a);
            a += 1;
        }
        Some(cell)
    }

    /// The coordinates of `cell`.
    ///
    /// # Panics
    /// If `cell` is not a cell of the box.
    #[inline]
    pub const fn coords(&self, cell: usize) -> Coords {
        assert!(cell < self.cells(), "cell outside the box");
        let mut c = [0i8; MAX_AXES];
        let mut rest = cell;
        let mut a = 0;
        while a < MAX_AXES {
            c[a] = (rest % self.dim(a)) as i8;
            rest /= self.dim(a);
            a += 1;
        }
        c
    }

    /// The cell reached from `cell` by `v`, or `None` if it leaves the box.
    #[inline]
    pub const fn offset(&self, cell: usize, v: Vector) -> Option<usize> {
        let c = self.coords(cell);
        let mut t = [0i8; MAX_AXES];
        let mut a = 0;
        while a < MAX_AXES {
            t[a] = match c[a].checked_add(v[a]) {
                Some(x) => x,
                None => return None,
            };
            a += 1;
        }
        self.index(t)
    }

    /// The index delta of `v` (the same from every cell where the move stays in the box).
    #[inline]
    pub fn delta(&self, v: Vector) -> isize {
        (0..MAX_AXES)
            .map(|a| v[a] as isize * self.stride(a) as isize)
            .sum()
    }

    /// Iterates over every cell index.
    pub fn all_cells(&self) -> core::ops::Range<usize> {
        0..self.cells()
    }

    /// The default cell name: the 1-based values of axes 3 and 2 as digits (only when those
    /// axes exist), then the file letter (`a`..) and the 1-based rank number: `e4` on a 2-axis
    /// board, `1e4` on a 3-axis one. Variants with other naming schemes format their own.
    pub fn cell_name(&self, cell: usize) -> String {
        let c = self.coords(cell);
        let mut s = String::new();
        for a in (2..self.axes()).rev() {
            s.push_str(&(c[a] as u32 + 1).to_string());
        }
        s.push((b'a' + c[0] as u8) as char);
        s.push_str(&(c[1] as u32 + 1).to_string());
        s
    }

    /// Reads a name written by [`Geometry::cell_name`] (axes of at most 9 cells above the
    /// first two), or `None` if it names no cell.
    pub fn parse_cell(&self, name: &str) -> Option<usize> {
        let b = name.as_bytes();
        let high = self.axes().saturating_sub(2);
        if b.len() < high + 2 {
            return None;
        }
        let mut c = [0i8; MAX_AXES];
        for (k, a) in (2..self.axes()).rev().enumerate() {
            let d = b[k];
            if !(b'1'..=b'9').contains(&d) {
                return None;
            }
            c[a] = (d - b'1') as i8;
        }
        let f = b[high];
        if !f.is_ascii_lowercase() {
            return None;
        }
        c[0] = (f - b'a') as i8;
        let rank = &name[high + 1..];
        if rank.is_empty() || rank.starts_with('0') || !rank.bytes().all(|d| d.is_ascii_digit()) {
            return None;
        }
        let r: usize = rank.parse().ok()?;
        if r == 0 || r > 127 {
            return None;
        }
        c[1] = (r - 1) as i8;
        self.index(c)
    }
}

/// All vectors over the first `axes` axes whose non-zero components have exactly the absolute
/// values `magnitudes` (in any order and with any signs), the other components being 0.
///
/// `vectors(2, &[1])` is the 4 rook directions, `vectors(2, &[1, 1])` the 4 bishop directions,
/// `vectors(2, &[2, 1])` the 8 knight leaps, `vectors(3, &[2, 1])` the 24 knight leaps of a 3D
/// box, `vectors(3, &[1, 1, 1])` the 8 triagonals.
///
/// ```
/// use dimchess_core::geometry::vectors;
/// assert_eq!(vectors(2, &[2, 1]).len(), 8);
/// assert_eq!(vectors(3, &[2, 1]).len(), 24);
/// assert_eq!(vectors(3, &[1, 1]).len(), 12);
/// ```
pub fn vectors(axes: usize, magnitudes: &[i8]) -> Vec<Vector> {
    assert!(axes <= MAX_AXES && magnitudes.len() <= axes);
    let mut want: Vec<i8> = magnitudes.iter().map(|m| m.abs()).collect();
    want.sort_unstable();
    let mut out = Vec::new();
    let span: i8 = want.iter().copied().max().unwrap_or(0);
    let side = (2 * span + 1) as usize;
    let total = side.pow(axes as u32);
    for n in 0..total {
        let mut v = [0i8; MAX_AXES];
        let mut rest = n;
        for slot in v.iter_mut().take(axes) {
            *slot = (rest % side) as i8 - span;
            rest /= side;
        }
        let mut got: Vec<i8> = v.iter().filter(|&&x| x != 0).map(|x| x.abs()).collect();
        got.sort_unstable();
        if got == want && !want.is_empty() {
            out.push(v);
        }
    }
    out
}

/// The vector `v` with every component negated.
#[inline]
pub fn negate(v: Vector) -> Vector {
    [-v[0], -v[1], -v[2], -v[3]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serves_every_board_of_the_project() {
        for (dims, cells) in [
            (&[8u8, 8][..], 64),
            (&[8, 8, 2][..], 128),
            (&[8, 8, 3][..], 192),
            (&[4, 4, 6][..], 96),
        ] {
            let g = Geometry::new(dims);
            assert_eq!(g.cells(), cells);
            for c in g.all_cells() {
                assert_eq!(g.index(g.coords(c)), Some(c));
                assert_eq!(g.parse_cell(&g.cell_name(c)), Some(c));
            }
        }
    }

    #[test]
    fn names() {
        let g = Geometry::new(&[8, 8]);
        assert_eq!(g.cell_name(0), "a1");
        assert_eq!(g.cell_name(63), "h8");
        assert_eq!(g.parse_cell("e4"), Some(28));
        for bad in ["", "e", "e0", "e9", "i1", "E4", "e04", "e4 ", "1e4"] {
            assert_eq!(g.parse_cell(bad), None, "{bad}");
        }
        let g3 = Geometry::new(&[8, 8, 3]);
        assert_eq!(g3.cell_name(64 + 8 + 2), "2c2");
        assert_eq!(g3.parse_cell("3h8"), Some(191));
        assert_eq!(g3.parse_cell("4a1"), None);
    }

    #[test]
    fn offsets_stop_at_the_edge() {
        let g = Geometry::new(&[4, 4, 6]);
        let a1 = g.index([0, 0, 0, 0]).unwrap();
        assert_eq!(g.offset(a1, [-1, 0, 0, 0]), None);
        assert_eq!(g.offset(a1, [2, 2, 2, 0]), g.index([2, 2, 2, 0]));
        assert_eq!(g.delta([1, 1, 1, 0]), 1 + 4 + 16);
    }

    #[test]
    fn vector_families() {
        assert_eq!(vectors(2, &[1]).len(), 4);
        assert_eq!(vectors(3, &[1]).len(), 6);
        assert_eq!(vectors(3, &[1, 1, 1]).len(), 8);
        assert_eq!(vectors(3, &[2, 2]).len(), 12);
        assert_eq!(vectors(3, &[2, 2, 2]).len(), 8);
        assert!(vectors(2, &[2, 1]).contains(&[1, 2, 0, 0]));
    }
}
