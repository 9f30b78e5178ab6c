//! The 4 × 4 × 6 board: cells, their names (RD-1) and the leap tables of the six components.

use core::fmt;
use std::sync::LazyLock;

use crate::Bitboard;
use crate::piece::{Component, Components, Role};
use dimchess_core::attacks::LeapTable;
use dimchess_core::{Geometry, Vector};

/// Number of cells.
pub const CELLS: usize = 96;

/// A cell of the board, `x + 4y + 16z` (`a1` = 0, `p6` = 95), see RD-1.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell with index `i` (`0..96`).
    #[inline]
    pub const fn new(i: usize) -> Option<Cell> {
        if i < CELLS { Some(Cell(i as u8)) } else { None }
    }

    /// The cell with index `i`, known to be below 96 (it comes from a bitboard of the
    /// board's cells).
    #[inline(always)]
    pub(crate) const fn from_table(i: usize) -> Cell {
        debug_assert!(i < CELLS);
        Cell(i as u8)
    }

    /// The cell at coordinates `(x, y, z)` (RD-1), if on the board.
    pub const fn from_coords(x: i32, y: i32, z: i32) -> Option<Cell> {
        if x < 0 || x > 3 || y < 0 || y > 3 || z < 0 || z > 5 {
            None
        } else {
            Some(Cell((x + 4 * y + 16 * z) as u8))
        }
    }

    /// The index (`0..96`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// `(x, y, z)`: column and row in the layer, and layer (rank − 1), as in RD-1.
    #[inline]
    pub const fn coords(self) -> (i32, i32, i32) {
        let i = self.0 as i32;
        (i & 3, (i >> 2) & 3, i >> 4)
    }

    /// The file letter index (`a` = 0 … `p` = 15).
    #[inline]
    pub const fn file(self) -> usize {
        (self.0 & 15) as usize
    }

    /// The rank (`1..=6`).
    #[inline]
    pub const fn rank(self) -> usize {
        (self.0 >> 4) as usize + 1
    }

    /// The cell named by a file letter `a`–`p` and a rank digit `1`–`6` (lower case only).
    pub fn from_name(name: &str) -> Option<Cell> {
        match name.as_bytes() {
            &[f @ b'a'..=b'p', r @ b'1'..=b'6'] => Some(Cell((f - b'a') + 16 * (r - b'1'))),
            _ => None,
        }
    }

    /// The component whose vector leads from `self` to `to`, if any (§2: at most one).
    pub const fn component_to(self, to: Cell) -> Option<Component> {
        let (a, b, c) = self.coords();
        let (x, y, z) = to.coords();
        let d = [x - a, y - b, z - c];
        let mut nonzero = 0;
        let mut size = 0;
        let mut i = 0;
        while i < 3 {
            let v = d[i].abs();
            if v != 0 {
                if size != 0 && v != size {
                    return None;
                }
                size = v;
                nonzero += 1;
            }
            i += 1;
        }
        match (nonzero, size) {
            (1, 1) => Some(Component::Wazir),
            (2, 1) => Some(Component::Ferz),
            (3, 1) => Some(Component::Viceroy),
            (1, 2) => Some(Component::Dabbaba),
            (2, 2) => Some(Component::Elephant),
            (3, 2) => Some(Component::Eunuch),
            _ => None,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The board as a core box geometry: x (4) × y (4) × z (6), cell `x + 4y + 16z` (RD-1).
pub const GEOMETRY: Geometry = Geometry::new(&[4, 4, 6]);

/// The vectors of a component (§2): all `(dx, dy, dz)` with `a` non-zero coordinates, all of
/// size `b`, for the component's shape `(a, b)`.
pub fn vectors(c: Component) -> Vec<Vector> {
    let (nonzero, size) = c.shape();
    let magnitudes = [size; 3];
    dimchess_core::geometry::vectors(3, &magnitudes[..nonzero as usize])
}

/// Per-cell leap tables, built once from the component vectors.
pub(crate) struct Tables {
    /// `leaps[c][s]`: the cells a component `c` leaps to from `s` (RD-2).
    pub(crate) leaps: [[Bitboard; CELLS]; 6],
    /// `targets[k][s]`: the union of the leaps of role `k`'s components from `s`.
    pub(crate) targets: [[Bitboard; CELLS]; Role::COUNT],
}

/// The leap tables.
pub(crate) static TABLES: LazyLock<Box<Tables>> = LazyLock::new(|| {
    let mut t = Box::new(Tables {
        leaps: [[Bitboard::EMPTY; CELLS]; 6],
        targets: [[Bitboard::EMPTY; CELLS]; Role::COUNT],
    });
    for c in Component::ALL {
        let table = LeapTable::<2>::new(&GEOMETRY, &vectors(c));
        for s in 0..CELLS {
            t.leaps[c.index()][s] = table.get(s);
        }
    }
    for k in Role::all() {
        for s in 0..CELLS {
            let mut b = Bitboard::EMPTY;
            for c in k.components().iter() {
                b |= t.leaps[c.index()][s];
            }
            t.targets[k.index()][s] = b;
        }
    }
    t
});

/// The cells the components `set` reach from `s` (on an empty or full board alike, RD-2).
pub fn reach(set: Components, s: Cell) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for c in set.iter() {
        b |= TABLES.leaps[c.index()][s.index()];
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rd1_cell_names_and_coordinates() {
        let c = |n| Cell::from_name(n).unwrap().coords();
        assert_eq!(c("a1"), (0, 0, 0));
        assert_eq!(c("f3"), (1, 1, 2));
        assert_eq!(c("g1"), (2, 1, 0));
        assert_eq!(c("k3"), (2, 2, 2));
        assert_eq!(c("p6"), (3, 3, 5));
        for i in 0..CELLS {
            let cell = Cell::new(i).unwrap();
            assert_eq!(Cell::from_name(&cell.to_string()), Some(cell));
            let (x, y, z) = cell.coords();
            assert_eq!(GEOMETRY.coords(i), [x as i8, y as i8, z as i8, 0]);
        }
        assert_eq!(GEOMETRY.cells(), CELLS);
        for bad in ["", "a", "a0", "a7", "q1", "A1", "a1 ", "a10"] {
            assert_eq!(Cell::from_name(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn component_vector_counts_and_disjointness() {
        let n: Vec<usize> = Component::ALL.iter().map(|&c| vectors(c).len()).collect();
        assert_eq!(n, [6, 12, 8, 6, 12, 8]);
        for s in 0..CELLS {
            let from = Cell(s as u8);
            for c in Component::ALL {
                for to in TABLES.leaps[c.index()][s] {
                    assert_eq!(from.component_to(Cell(to as u8)), Some(c));
                }
            }
            assert_eq!(from.component_to(from), None);
        }
        // The Emperor from an inner cell reaches 26 cells.
        let f3 = Cell::from_name("f3").unwrap();
        assert_eq!(
            TABLES.targets[Role::EMPEROR.index()][f3.index()].count(),
            26
        );
    }
}
