//! The 8×8×3 box (TL-1 to TL-3) and the tables built once from vectors on the core's
//! primitives: rays for the riders, leaps for the steppers and Knights, blocked steps for the
//! Xiang Qi Knight and Elephant, and the players' regions.
//!
//! Cells are numbered by [`dimchess_core::Geometry`] with axes `[8, 8, 3]`: file (stride 1),
//! rank (stride 8), level (stride 64; level 1, the top, is 0).

use std::sync::LazyLock;

use dimchess_core::Bitboard192;
use dimchess_core::attacks::{BlockedStepTable, LeapTable, RayTable};
use dimchess_core::geometry::{Geometry, Vector, vectors};

use crate::piece::Colour;

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
pub fn forward(c: Colour) -> [(i32, i32); 2] {
    match c {
        Colour::Red => [(1, 0), (0, 1)],
        Colour::Blue => [(-1, 0), (0, 1)],
        Colour::Yellow => [(-1, 0), (0, -1)],
        Colour::Green => [(1, 0), (0, -1)],
    }
}

/// The corner column of a player (TL-3).
pub fn corner(c: Colour) -> (i32, i32) {
    match c {
        Colour::Red => (0, 0),
        Colour::Blue => (7, 0),
        Colour::Yellow => (7, 7),
        Colour::Green => (0, 7),
    }
}

/// The column (file, rank) of corner-relative coordinates (i, j) of a player (TL-3).
pub fn relative(c: Colour, i: i32, j: i32) -> (i32, i32) {
    let (cf, cr) = corner(c);
    let [f1, f2] = forward(c);
    (cf + i * f1.0 + j * f2.0, cr + i * f1.1 + j * f2.1)
}

/// The owner of the quarter a column lies in (TL-3).
pub fn quarter_owner(f: i32, r: i32) -> Colour {
    match (f < 4, r < 4) {
        (true, true) => Colour::Red,
        (false, true) => Colour::Blue,
        (false, false) => Colour::Yellow,
        (true, false) => Colour::Green,
    }
}

fn v(a: i32, b: i32, c: i32) -> Vector {
    [a as i8, b as i8, c as i8, 0]
}

fn column(f: i32, r: i32) -> Bb {
    (0..3).filter_map(|z| cell_at(f, r, z)).collect()
}

/// The excluded step of a Point of `owner` standing in the adjacent quarter of `q` (TX-9).
fn point_excluded(owner: Colour, q: Colour) -> Vector {
    use Colour::*;
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

/// Every table, built once.
pub struct Tables {
    /// The 18 rider directions: 0..6 orthogonal, 6..18 root-2 diagonal (TL-2, TL-5).
    pub rays: RayTable<3>,
    /// Union of the orthogonal rays of each cell.
    pub orth_lines: Vec<Bb>,
    /// Union of the diagonal rays of each cell.
    pub diag_lines: Vec<Bb>,
    /// King steps (18 directions).
    pub king: LeapTable<3>,
    /// Wazir steps (6 orthogonal).
    pub wazir: LeapTable<3>,
    /// Ferz steps (12 root-2 diagonal).
    pub ferz: LeapTable<3>,
    /// Triagonal steps (8, TL-21).
    pub triag: LeapTable<3>,
    /// Knight leaps (24).
    pub knight: LeapTable<3>,
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
    /// Per player: Pawn capturing steps (TL-7).
    pub pawn_capture: [LeapTable<3>; 4],
    /// Per player: the cells from which a Pawn of that player attacks a cell.
    pub pawn_attackers: [LeapTable<3>; 4],
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
    let orth = vectors(3, &[1]);
    let diag = vectors(3, &[1, 1]);
    let dirs: Vec<Vector> = orth.iter().chain(diag.iter()).copied().collect();
    let rays = RayTable::<3>::new(g, &dirs, None);
    let orth_lines = g
        .all_cells()
        .map(|c| (0..6).fold(Bb::EMPTY, |a, d| a | rays.ray(c, d)))
        .collect();
    let diag_lines = g
        .all_cells()
        .map(|c| (6..18).fold(Bb::EMPTY, |a, d| a | rays.ray(c, d)))
        .collect();
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

    let per_colour = |f: &dyn Fn(Colour) -> Bb| -> [Bb; 4] { Colour::ALL.map(f) };
    let pawn_start = per_colour(&|c| {
        [(2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
            .iter()
            .fold(Bb::EMPTY, |a, &(i, j)| {
                let (f, r) = relative(c, i, j);
                a | column(f, r)
            })
    });
    let far_corner = per_colour(&|c| {
        let (f, r) = relative(c, 7, 7);
        column(f, r)
    });
    let fortress = per_colour(&|c| {
        [(0, 0), (1, 0), (0, 1), (1, 1)]
            .iter()
            .fold(Bb::EMPTY, |a, &(i, j)| {
                let (f, r) = relative(c, i, j);
                a | column(f, r)
            })
    });
    let quarter = per_colour(&|c| {
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
    let fw = |c: Colour| -> [Vector; 2] {
        let [a, b] = forward(c);
        [v(a.0, a.1, 0), v(b.0, b.1, 0)]
    };
    let caps = |c: Colour| -> Vec<Vector> {
        let [a, b] = forward(c);
        vec![
            v(a.0, a.1, 1),
            v(a.0, a.1, -1),
            v(b.0, b.1, 1),
            v(b.0, b.1, -1),
            v(a.0 + b.0, a.1 + b.1, 0),
        ]
    };
    let neg =
        |xs: Vec<Vector>| -> Vec<Vector> { xs.iter().map(|x| [-x[0], -x[1], -x[2], 0]).collect() };
    let point = Colour::ALL.map(|c| {
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
    let point_attackers = Colour::ALL.map(|c| {
        let mut rev = vec![Bb::EMPTY; CELLS];
        for (from, targets) in point[c as usize].iter().enumerate() {
            for t in targets.iter() {
                rev[t].set(from);
            }
        }
        rev
    });
    Tables {
        rays,
        orth_lines,
        diag_lines,
        king: LeapTable::new(g, &dirs),
        wazir: LeapTable::new(g, &orth),
        ferz: LeapTable::new(g, &diag),
        triag: LeapTable::new(g, &vectors(3, &[1, 1, 1])),
        knight: LeapTable::new(g, &knights),
        horse: BlockedStepTable::new(g, &horse_steps),
        horse_from: BlockedStepTable::new(g, &horse_from_steps),
        elephant: BlockedStepTable::new(g, &elephant_steps),
        pawn_push1: Colour::ALL.map(|c| RayTable::new(g, &fw(c), Some(1))),
        pawn_push2: Colour::ALL.map(|c| RayTable::new(g, &fw(c), Some(2))),
        pawn_capture: Colour::ALL.map(|c| LeapTable::new(g, &caps(c))),
        pawn_attackers: Colour::ALL.map(|c| LeapTable::new(g, &neg(caps(c)))),
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
