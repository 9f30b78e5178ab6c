//! Attacks of the FIDE pieces on one 8x8 board, from tables that dimchess-core builds at
//! compile time from vectors (leap tables for knight, king and pawns here; the riders' magic
//! or `PEXT` lookups are the core's [`dimchess_core::board8`], shared with the other 8x8 planes).
//!
//! ```
//! use dimchess_fide::attacks;
//! use dimchess_fide::{Bitboard64, Color, Square};
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(attacks::knight(e4).count(), 8);
//! assert_eq!(attacks::rook(e4, Bitboard64::EMPTY).count(), 14);
//! assert_eq!(attacks::pawn(Color::White, e4).count(), 2);
//! ```

use dimchess_core::Bitboard64;
use dimchess_core::board8;
use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::geometry::{Geometry, Vector};
use dimchess_core::table64::{Lines, leaps};

use crate::types::{Color, Role, Square};

/// The 8x8 board geometry: files then ranks, `a1` = 0.
pub const GEOMETRY: Geometry = Geometry::new(&[8, 8]);

const fn v(file: i8, rank: i8) -> Vector {
    [file, rank, 0, 0]
}

const KING: [Vector; 8] = [
    v(1, 0),
    v(-1, 0),
    v(0, 1),
    v(0, -1),
    v(1, 1),
    v(-1, 1),
    v(1, -1),
    v(-1, -1),
];
const KNIGHT: [Vector; 8] = [
    v(1, 2),
    v(2, 1),
    v(-1, 2),
    v(-2, 1),
    v(1, -2),
    v(2, -1),
    v(-1, -2),
    v(-2, -1),
];

// Every table is built at compile time (`dimchess_core::table64`): nothing to build at
// start-up and no initialisation check on a lookup.
static KNIGHT_ATTACKS: [u64; 64] = leaps(&GEOMETRY, &KNIGHT);
static KING_ATTACKS: [u64; 64] = leaps(&GEOMETRY, &KING);
static PAWN_ATTACKS: [[u64; 64]; 2] = [
    leaps(&GEOMETRY, &[v(1, 1), v(-1, 1)]),
    leaps(&GEOMETRY, &[v(1, -1), v(-1, -1)]),
];
static LINES: Lines = Lines::new(&GEOMETRY, &[v(1, 0), v(0, 1), v(1, 1), v(1, -1)]);

/// Does nothing: the tables are built at compile time (kept for callers that warmed them up).
pub fn init() {}

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight(sq: Square) -> Bitboard64 {
    Bitboard64::from_bits(KNIGHT_ATTACKS[sq.index() & 63])
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard64 {
    Bitboard64::from_bits(KING_ATTACKS[sq.index() & 63])
}

/// The squares a pawn of `color` on `sq` attacks (its capture targets).
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard64 {
    Bitboard64::from_bits(PAWN_ATTACKS[color.index() & 1][sq.index() & 63])
}

/// The a-file.
pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub(crate) const FILE_H: u64 = FILE_A << 7;

/// Every square the pawns `pawns` of `color` attack.
#[inline(always)]
pub(crate) fn pawns(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

/// The squares a rook on `sq` attacks with `occupied` blocking.
#[inline]
pub fn rook(sq: Square, occupied: Bitboard64) -> Bitboard64 {
    Bitboard64::from_bits(board8::rook(sq.index(), occupied.bits()))
}

/// The squares a bishop on `sq` attacks with `occupied` blocking.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard64) -> Bitboard64 {
    Bitboard64::from_bits(board8::bishop(sq.index(), occupied.bits()))
}

/// [`rook`] on the code path of `cpu` ([`dimchess_core::cpu`]).
#[inline(always)]
pub fn rook_on<C: Cpu>(cpu: C, sq: Square, occupied: Bitboard64) -> Bitboard64 {
    Bitboard64::from_bits(board8::rook_on(cpu, sq.index(), occupied.bits()))
}

/// [`bishop`] on the code path of `cpu` ([`dimchess_core::cpu`]).
#[inline(always)]
pub fn bishop_on<C: Cpu>(cpu: C, sq: Square, occupied: Bitboard64) -> Bitboard64 {
    Bitboard64::from_bits(board8::bishop_on(cpu, sq.index(), occupied.bits()))
}

/// The squares a queen on `sq` attacks with `occupied` blocking.
#[inline]
pub fn queen(sq: Square, occupied: Bitboard64) -> Bitboard64 {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// The squares a piece of `role` and `color` on `sq` attacks with `occupied` blocking.
#[inline]
pub fn attacks(role: Role, color: Color, sq: Square, occupied: Bitboard64) -> Bitboard64 {
    attacks_on(Portable, role, color, sq, occupied)
}

/// [`attacks`] on the code path of `cpu` ([`dimchess_core::cpu`]).
#[inline(always)]
pub fn attacks_on<C: Cpu>(
    cpu: C,
    role: Role,
    color: Color,
    sq: Square,
    occupied: Bitboard64,
) -> Bitboard64 {
    match role {
        Role::Pawn => pawn(color, sq),
        Role::Knight => knight(sq),
        Role::Bishop => bishop_on(cpu, sq, occupied),
        Role::Rook => rook_on(cpu, sq, occupied),
        Role::Queen => rook_on(cpu, sq, occupied) | bishop_on(cpu, sq, occupied),
        Role::King => king(sq),
    }
}

/// The squares strictly between `a` and `b` on a rank, file or diagonal (empty otherwise).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard64 {
    Bitboard64::from_bits(LINES.between(a.index(), b.index()))
}

/// The whole rank, file or diagonal through `a` and `b` (empty if they are not aligned).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard64 {
    Bitboard64::from_bits(LINES.line(a.index(), b.index()))
}

/// Whether `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c.index())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dimchess_core::attacks::RayTable;
    use dimchess_core::geometry::vectors;
    use dimchess_core::zobrist::SplitMix64;

    #[test]
    fn compile_time_tables_agree_with_the_runtime_ones() {
        let rook_rays = RayTable::<1>::new(&GEOMETRY, &vectors(2, &[1]), None);
        let bishop_rays = RayTable::<1>::new(&GEOMETRY, &vectors(2, &[1, 1]), None);
        let mut rng = SplitMix64::new(19);
        for c in 0..64 {
            let sq = Square::from_index(c);
            for _ in 0..500 {
                let occ = rng.next_u64() & rng.next_u64();
                assert_eq!(rook(sq, occ.into()), rook_rays.attacks(c, occ.into()));
                assert_eq!(bishop(sq, occ.into()), bishop_rays.attacks(c, occ.into()));
            }
            assert_eq!(knight(sq).count(), {
                let (f, r) = (sq.file() as i8, sq.rank() as i8);
                KNIGHT
                    .iter()
                    .filter(|d| (0..8).contains(&(f + d[0])) && (0..8).contains(&(r + d[1])))
                    .count() as u32
            });
        }
    }
}
