//! Attacks of the FIDE pieces on one 8x8 board, from tables that dimchess-core builds once
//! from vectors (leap tables for knight, king and pawns; magic lookups for the riders).
//!
//! ```
//! use dimchess_fide::attacks;
//! use dimchess_fide::{Bitboard64, Color, Square};
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(attacks::knight(e4).count(), 8);
//! assert_eq!(attacks::rook(e4, Bitboard64::EMPTY).count(), 14);
//! assert_eq!(attacks::pawn(Color::White, e4).count(), 2);
//! ```

use std::sync::LazyLock;

use dimchess_core::Bitboard64;
use dimchess_core::attacks::{LeapTable, LineTable, RayTable};
use dimchess_core::geometry::{Geometry, Vector, vectors};
use dimchess_core::magic::MagicTable;

use crate::types::{Color, Role, Square};

/// The 8x8 board geometry: files then ranks, `a1` = 0.
pub const GEOMETRY: Geometry = Geometry::new(&[8, 8]);

struct Tables {
    knight: [Bitboard64; 64],
    king: [Bitboard64; 64],
    pawn: [[Bitboard64; 64]; 2],
    rook: MagicTable,
    bishop: MagicTable,
    lines: LineTable<1>,
}

fn leaps(v: &[Vector]) -> [Bitboard64; 64] {
    let t = LeapTable::<1>::new(&GEOMETRY, v);
    core::array::from_fn(|c| t.get(c))
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let orth = vectors(2, &[1]);
    let diag = vectors(2, &[1, 1]);
    let rook_rays = RayTable::<1>::new(&GEOMETRY, &orth, None);
    let bishop_rays = RayTable::<1>::new(&GEOMETRY, &diag, None);
    Tables {
        knight: leaps(&vectors(2, &[2, 1])),
        king: leaps(&[orth.clone(), diag.clone()].concat()),
        pawn: [
            leaps(&[[1, 1, 0, 0], [-1, 1, 0, 0]]),
            leaps(&[[1, -1, 0, 0], [-1, -1, 0, 0]]),
        ],
        rook: MagicTable::new(&rook_rays, 64),
        bishop: MagicTable::new(&bishop_rays, 64),
        lines: LineTable::new(&GEOMETRY, &[orth, diag].concat()),
    }
});

#[inline]
fn t() -> &'static Tables {
    &TABLES
}

/// Builds the tables now (they are otherwise built on first use).
pub fn init() {
    LazyLock::force(&TABLES);
}

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight(sq: Square) -> Bitboard64 {
    t().knight[sq.index()]
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard64 {
    t().king[sq.index()]
}

/// The squares a pawn of `color` on `sq` attacks (its capture targets).
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard64 {
    t().pawn[color.index()][sq.index()]
}

/// The squares a rook on `sq` attacks with `occupied` blocking.
#[inline]
pub fn rook(sq: Square, occupied: Bitboard64) -> Bitboard64 {
    Bitboard64::from_bits(t().rook.attacks(sq.index(), occupied.bits()))
}

/// The squares a bishop on `sq` attacks with `occupied` blocking.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard64) -> Bitboard64 {
    Bitboard64::from_bits(t().bishop.attacks(sq.index(), occupied.bits()))
}

/// The squares a queen on `sq` attacks with `occupied` blocking.
#[inline]
pub fn queen(sq: Square, occupied: Bitboard64) -> Bitboard64 {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// The squares a piece of `role` and `color` on `sq` attacks with `occupied` blocking.
#[inline]
pub fn attacks(role: Role, color: Color, sq: Square, occupied: Bitboard64) -> Bitboard64 {
    match role {
        Role::Pawn => pawn(color, sq),
        Role::Knight => knight(sq),
        Role::Bishop => bishop(sq, occupied),
        Role::Rook => rook(sq, occupied),
        Role::Queen => queen(sq, occupied),
        Role::King => king(sq),
    }
}

/// The squares strictly between `a` and `b` on a rank, file or diagonal (empty otherwise).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard64 {
    t().lines.between(a.index(), b.index())
}

/// The whole rank, file or diagonal through `a` and `b` (empty if they are not aligned).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard64 {
    t().lines.line(a.index(), b.index())
}

/// Whether `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c.index())
}
