//! The 8×8×3 box (TL-1 to TL-3) and the tables built from vectors on the core's primitives:
//! rays for the riders and leaps for the steppers, Knights and Pawn captures at compile time
//! ([`dimchess_core::table_wide`]: no start-up building, no lazy-initialisation check, no
//! bounds check on a lookup); blocked steps for the Xiang Qi Knight and Elephant, Pawn pushes
//! and the players' regions built once at first use ([`TABLES`]).
//!
//! Cells are numbered by [`dimchess_core::Geometry`] with axes `[8, 8, 3]`: file (stride 1),
//! rank (stride 8), level (stride 64; level 1, the top, is 0).

use std::sync::LazyLock;

use dimchess_core::Bitboard192;
use dimchess_core::attacks::{BlockedStepTable, RayTable};
use dimchess_core::geometry::{Geometry, Vector, vectors};
use dimchess_core::table_wide::{self, vector_set};

use crate::piece::Color;

/// A set of cells of the 192-cell box.
pub type Bb = Bitboard192;

/// Number of cells.
pub const CELLS: usize = 192;

/// The box: files, ranks, levels.
pub const GEOMETRY: Geometry = Geometry::new(&[8, 8, 3]);

/// Cell index of file `f` (0..8), rank `r` (0..8) and level index `z` (0 = level 1 .. 2).
#[inline]
pub fn cell_at(f: i32, r: i32, z: i32) -> Option<usize> {
    if (0..8).contains(&f) && (0..8).contains(&r) && (0..3).contains(&z) {
        Some((z * 64 + r * 8 + f) as usize)
    } else {
        None
    }
}

/// (file, rank, level index) of a cell.
#[inline]
pub fn coords(c: usize) -> (i32, i32, i32) {
    let c = c as i32;
    (c & 7, (c >> 3) & 7, c >> 6)
}

/// The name of a cell: level digit, file letter, rank digit (`1a1` … `3h8`, TL-1).
pub fn cell_name(c: usize) -> String {
    GEOMETRY.cell_name(c)
}

/// Reads a cell name: exactly three characters, as [`cell_name`] writes them.
pub fn parse_cell(s: &str) -> Option<usize> {
    if s.len() != 3 {
        return None;
    }
    GEOMETRY.parse_cell(s)
}

/// The forward directions (F1, F2) of a player, as (Δfile, Δrank) (TL-3).
pub const fn forward(c: Color) -> [(i32, i32); 2] {
    match c {
        Color::Red => [(1, 0), (0, 1)],
        Color::Blue => [(-1, 0), (0, 1)],
        Color::Yellow => [(-1, 0), (0, -1)],
        Color::Green => [(1, 0), (0, -1)],
    }
}

/// The corner column of a player (TL-3).
pub fn corner(c: Color) -> (i32, i32) {
    match c {
        Color::Red => (0, 0),
        Color::Blue => (7, 0),
        Color::Yellow => (7, 7),
        Color::Green => (0, 7),
    }
}

/// The column (file, rank) of corner-relative coordinates (i, j) of a player (TL-3).
pub fn relative(c: Color, i: i32, j: i32) -> (i32, i32) {
    let (cf, cr) = corner(c);
    let [f1, f2] = forward(c);
    (cf + i * f1.0 + j * f2.0, cr + i * f1.1 + j * f2.1)
}

/// The owner of the quarter a column lies in (TL-3).
pub fn quarter_owner(f: i32, r: i32) -> Color {
    match (f < 4, r < 4) {
        (true, true) => Color::Red,
        (false, true) => Color::Blue,
        (false, false) => Color::Yellow,
        (true, false) => Color::Green,
    }
}

const fn v(a: i32, b: i32, c: i32) -> Vector {
    [a as i8, b as i8, c as i8, 0]
}

/// Whether a set is not empty: the three words ORed and tested once (no branch per word).
#[inline(always)]
pub(crate) fn nz(b: Bb) -> bool {
    (b.0[0] | b.0[1] | b.0[2]) != 0
}

/// The number of entries of a compile-time table: a power of two above [`CELLS`], so that a
/// lookup at `cell & (SLOTS - 1)` needs no bounds check (the entries past the box are empty).
pub(crate) const SLOTS: usize = 256;

/// A per-cell set table built at compile time.
pub struct CellTable(pub(crate) [Bb; SLOTS]);

impl CellTable {
    /// The set of `cell` (empty for an index past the box).
    #[inline(always)]
    pub fn get(&self, cell: usize) -> Bb {
        self.0[cell & (SLOTS - 1)]
    }
}

/// The 6 orthogonal directions (TL-5), in the order of `vectors(3, &[1])`.
const ORTH: [Vector; 6] = vector_set(3, &[1]);
/// The 12 root-2 diagonal directions, in the order of `vectors(3, &[1, 1])`.
const DIAG: [Vector; 12] = vector_set(3, &[1, 1]);

/// The 18 rider directions: 0..6 orthogonal, 6..18 root-2 diagonal (TL-2, TL-5).
pub const DIRS: [Vector; 18] = {
    let mut out = [[0i8; 4]; 18];
    let mut i = 0;
    while i < 18 {
        out[i] = if i < 6 { ORTH[i] } else { DIAG[i - 6] };
        i += 1;
    }
    out
};

/// Per cell and direction of [`DIRS`], the whole ray to the edge of the box.
pub struct Rays(pub(crate) [[Bb; 18]; SLOTS]);

impl Rays {
    /// The ray from `cell` along direction `d` (0..18).
    #[inline(always)]
    pub fn ray(&self, cell: usize, d: usize) -> Bb {
        self.0[cell & (SLOTS - 1)][d]
    }

    /// Whether direction `d` goes towards higher cells (its nearest blocker is the lowest).
    #[inline(always)]
    pub fn positive(&self, d: usize) -> bool {
        POSITIVE[d]
    }
}

pub(crate) const POSITIVE: [bool; 18] = table_wide::positive(&GEOMETRY, &DIRS);

/// The rider rays (18 directions).
pub static RAYS: Rays = Rays(table_wide::rays(&GEOMETRY, &DIRS));
/// Union of the orthogonal rays of each cell.
pub static ORTH_LINES: CellTable = CellTable(table_wide::ray_union(&RAYS.0, 0, 6));
/// Union of the diagonal rays of each cell.
pub static DIAG_LINES: CellTable = CellTable(table_wide::ray_union(&RAYS.0, 6, 18));
/// King steps (18 directions).
pub static KING: CellTable = CellTable(table_wide::leaps(&GEOMETRY, &DIRS));
/// Wazir steps (6 orthogonal).
pub static WAZIR: CellTable = CellTable(table_wide::leaps(&GEOMETRY, &ORTH));
/// Ferz steps (12 root-2 diagonal).
pub static FERZ: CellTable = CellTable(table_wide::leaps(&GEOMETRY, &DIAG));
/// Triagonal steps (8, TL-21).
pub static TRIAG: CellTable = CellTable(table_wide::leaps(
    &GEOMETRY,
    &vector_set::<8>(3, &[1, 1, 1]),
));
/// Knight leaps (24).
pub static KNIGHT: CellTable =
    CellTable(table_wide::leaps(&GEOMETRY, &vector_set::<24>(3, &[2, 1])));

/// A player's Pawn capturing steps (TL-7): one step along F1 or F2 with a change of level,
/// or one step along both in the same level; negated (`sign` -1), the steps back to the
/// Pawns that attack a cell.
const fn pawn_captures(c: Color, sign: i32) -> [Vector; 5] {
    let [a, b] = forward(c);
    let (a0, a1, b0, b1) = (sign * a.0, sign * a.1, sign * b.0, sign * b.1);
    [
        v(a0, a1, sign),
        v(a0, a1, -sign),
        v(b0, b1, sign),
        v(b0, b1, -sign),
        v(a0 + b0, a1 + b1, 0),
    ]
}

const fn pawn_table(sign: i32) -> [CellTable; 4] {
    let g = &GEOMETRY;
    [
        CellTable(table_wide::leaps(g, &pawn_captures(Color::Red, sign))),
        CellTable(table_wide::leaps(g, &pawn_captures(Color::Blue, sign))),
        CellTable(table_wide::leaps(g, &pawn_captures(Color::Yellow, sign))),
        CellTable(table_wide::leaps(g, &pawn_captures(Color::Green, sign))),
    ]
}

/// Per player: Pawn capturing steps (TL-7).
pub static PAWN_CAPTURE: [CellTable; 4] = pawn_table(1);
/// Per player: the cells from which a Pawn of that player attacks a cell.
pub static PAWN_ATTACKERS: [CellTable; 4] = pawn_table(-1);

fn column(f: i32, r: i32) -> Bb {
    (0..3).filter_map(|z| cell_at(f, r, z)).collect()
}

/// The excluded step of a Point of `owner` standing in the adjacent quarter of `q` (TX-9).
fn point_excluded(owner: Color, q: Color) -> Vector {
    use Color::*;
    match (owner, q) {
        (Red, Blue) => v(-1, 0, 0),
        (Red, Green) => v(0, -1, 0),
        (Blue, Red) => v(1, 0, 0),
        (Blue, Yellow) => v(0, -1, 0),
        (Yellow, Blue) => v(0, 1, 0),
        (Yellow, Green) => v(1, 0, 0),
        (Green, Red) => v(0, 1, 0),
        (Green, Yellow) => v(-1, 0, 0),
        _ => v(0, 0, 0),
    }
}

/// The tables built once at first use (the others are `static`s built at compile time).
pub struct Tables {
    /// Xiang Qi Knight moves with their legs (TX-7).
    pub horse: BlockedStepTable<3>,
    /// Reverse of `horse`: per cell, (origin of a Knight move onto it, that move's leg).
    pub horse_from: BlockedStepTable<3>,
    /// Elephant moves with their eyes (TX-6), not yet confined.
    pub elephant: BlockedStepTable<3>,
    /// Per player: Pawn pushes of one step along F1 and F2 (TL-7).
    pub pawn_push1: [RayTable<3>; 4],
    /// Per player: Pawn pushes of up to two steps along F1 and F2 (TL-8).
    pub pawn_push2: [RayTable<3>; 4],
    /// Per player: the 45 Pawn start cells (TL-6, TL-8).
    pub pawn_start: [Bb; 4],
    /// Per player: the far-corner column (TL-10).
    pub far_corner: [Bb; 4],
    /// The four corner columns.
    pub far_corners: Bb,
    /// Per player: its quarter (TL-3).
    pub quarter: [Bb; 4],
    /// Per player: its fortress (TX-3).
    pub fortress: [Bb; 4],
    /// Per player and cell: the Point steps from that cell (TX-9).
    pub point: [Vec<Bb>; 4],
    /// Per player and cell: the cells from which a Point of that player attacks the cell.
    pub point_attackers: [Vec<Bb>; 4],
}

fn build() -> Tables {
    let g = &GEOMETRY;
    let orth = ORTH.to_vec();
    let knights = vectors(3, &[2, 1]);
    let half = |x: Vector| -> Vector {
        // one step along the axis whose component is ±2 (TX-7), or the midpoint (TX-6)
        [x[0] / 2, x[1] / 2, x[2] / 2, 0]
    };
    let horse_steps: Vec<(Vector, Vector)> = knights.iter().map(|&k| (k, half(k))).collect();
    let horse_from_steps: Vec<(Vector, Vector)> = knights
        .iter()
        .map(|&k| {
            let back = [-k[0], -k[1], -k[2], 0];
            let h = half(k);
            (back, [back[0] + h[0], back[1] + h[1], back[2] + h[2], 0])
        })
        .collect();
    let elephants = vectors(3, &[2, 2]);
    let elephant_steps: Vec<(Vector, Vector)> = elephants.iter().map(|&e| (e, half(e))).collect();

    let per_color = |f: &dyn Fn(Color) -> Bb| -> [Bb; 4] { Color::ALL.map(f) };
    let pawn_start = per_color(&|c| {
        [(2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
            .iter()
            .fold(Bb::EMPTY, |a, &(i, j)| {
                let (f, r) = relative(c, i, j);
                a | column(f, r)
            })
    });
    let far_corner = per_color(&|c| {
        let (f, r) = relative(c, 7, 7);
        column(f, r)
    });
    let fortress = per_color(&|c| {
        [(0, 0), (1, 0), (0, 1), (1, 1)]
            .iter()
            .fold(Bb::EMPTY, |a, &(i, j)| {
                let (f, r) = relative(c, i, j);
                a | column(f, r)
            })
    });
    let quarter = per_color(&|c| {
        let mut b = Bb::EMPTY;
        for f in 0..8 {
            for r in 0..8 {
                if quarter_owner(f, r) == c {
                    b |= column(f, r);
                }
            }
        }
        b
    });
    let fw = |c: Color| -> [Vector; 2] {
        let [a, b] = forward(c);
        [v(a.0, a.1, 0), v(b.0, b.1, 0)]
    };
    let point = Color::ALL.map(|c| {
        g.all_cells()
            .map(|cell| {
                let (f, r, _) = coords(cell);
                let q = quarter_owner(f, r);
                let steps: Vec<Vector> = if q == c {
                    fw(c).to_vec()
                } else if q == c.opposite() {
                    orth.clone()
                } else {
                    let ex = point_excluded(c, q);
                    orth.iter().copied().filter(|&s| s != ex).collect()
                };
                steps
                    .iter()
                    .filter_map(|&s| g.offset(cell, s))
                    .collect::<Bb>()
            })
            .collect::<Vec<Bb>>()
    });
    let point_attackers = Color::ALL.map(|c| {
        let mut rev = vec![Bb::EMPTY; CELLS];
        for (from, targets) in point[c as usize].iter().enumerate() {
            for t in targets.iter() {
                rev[t].set(from);
            }
        }
        rev
    });
    Tables {
        horse: BlockedStepTable::new(g, &horse_steps),
        horse_from: BlockedStepTable::new(g, &horse_from_steps),
        elephant: BlockedStepTable::new(g, &elephant_steps),
        pawn_push1: Color::ALL.map(|c| RayTable::new(g, &fw(c), Some(1))),
        pawn_push2: Color::ALL.map(|c| RayTable::new(g, &fw(c), Some(2))),
        pawn_start,
        far_corner,
        far_corners: far_corner.iter().fold(Bb::EMPTY, |a, &b| a | b),
        quarter,
        fortress,
        point,
        point_attackers,
    }
}

/// The tables, built on first use.
pub static TABLES: LazyLock<Tables> = LazyLock::new(build);
