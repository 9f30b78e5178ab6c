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

use dimchess_core::Bitboard64;
use dimchess_core::geometry::{Geometry, Vector};
use dimchess_core::table64::{Lines, Sliders, leaps, sliders_size};

use crate::types::{Color, Role, Square};

/// The 8x8 board geometry: files then ranks, `a1` = 0.
pub const GEOMETRY: Geometry = Geometry::new(&[8, 8]);

const fn v(file: i8, rank: i8) -> Vector {
    [file, rank, 0, 0]
}

const ORTHOGONAL: [Vector; 4] = [v(1, 0), v(-1, 0), v(0, 1), v(0, -1)];
const DIAGONAL: [Vector; 4] = [v(1, 1), v(-1, 1), v(1, -1), v(-1, -1)];
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

/// Rook magic factors found by dimchess-core's deterministic search (`cargo run --release -p
/// dimchess-fide --example find_magics` prints them); the compile-time table checks them (unused
/// when the build has BMI2: the lookups then use `PEXT`).
const ROOK_MAGICS: [u64; 64] = [
    0x0380004004601080,
    0x444000c490022002,
    0x0100104100082000,
    0x0880048010000800,
    0x0500080011002402,
    0x4100040008010002,
    0x0400441110881002,
    0x0a00008051020024,
    0x1010802080004008,
    0x0002002081084200,
    0xd001002008110041,
    0x0000801000080081,
    0x0820800800800400,
    0x0002000200088550,
    0xb161010002000401,
    0x82c1001040822500,
    0x0082020020410080,
    0x00b0024020004000,
    0x5080410010200101,
    0x4000090021041000,
    0x0400808004000800,
    0x0107808004000201,
    0x8004010100040200,
    0x4010020001004084,
    0x4088400880088020,
    0x1000400080200080,
    0x6000110100200040,
    0x81050409001000a0,
    0x0000080080800400,
    0x8001000300180400,
    0x0a04100400018802,
    0x5820004200108401,
    0x8080004000402000,
    0x1100804000802008,
    0x0000802000801002,
    0x0002100082800800,
    0x0000800800800400,
    0x8100800200800401,
    0x0410410204001008,
    0xc000800361800100,
    0x8040004020808000,
    0x0060100020404000,
    0x0260008010008020,
    0x040c100008008080,
    0x0027000800070010,
    0x000c000200808004,
    0x1018421021040048,
    0x8051000580430002,
    0x8010310042008200,
    0x00050a4000902100,
    0x4400410010200100,
    0x2c00801000080080,
    0x0000080080040080,
    0x4252020080040080,
    0x1208900208010400,
    0x0000010400804200,
    0x0a0a714023020082,
    0x0938110202208442,
    0x30a1000810200041,
    0x00880860100100c5,
    0x4412012008147012,
    0x4041001208840031,
    0x0c012800810a101c,
    0x8003202081040042,
];
/// Bishop magic factors, found and recorded like [`ROOK_MAGICS`].
const BISHOP_MAGICS: [u64; 64] = [
    0x80100210050a1410,
    0x1044440424082280,
    0x0021050502000045,
    0x0220a08080404804,
    0x024414600400420a,
    0x14d0822020001001,
    0x0008880802308440,
    0x0461008610270419,
    0x0400080248880111,
    0x0c20050800841080,
    0x9004884801002002,
    0x08020c2c01800000,
    0x1180042c20200000,
    0x1040020290040043,
    0x0109240296311024,
    0x0008090182032080,
    0x801244082008008a,
    0x1004500818208400,
    0x4208041442140010,
    0x0c12402401020005,
    0x1509000820080800,
    0x2020812100600204,
    0x0100820b00882000,
    0x4288508e24040410,
    0x00e060a4044d0400,
    0x0057201048a21400,
    0x1002020801180200,
    0x4092002098008020,
    0x0050101001004000,
    0x0011044042082000,
    0x408400883a481c02,
    0xa004004002820080,
    0x00072840440a9002,
    0x0000b82410081006,
    0x0004020810010040,
    0x1103020080080080,
    0x19a0420020020080,
    0x0188244900109000,
    0x100228010042c400,
    0x06008500c0c50410,
    0x3028082609205000,
    0x8c00450410012006,
    0x0281001082081000,
    0x0900002018020100,
    0x0800900202900204,
    0x0140340801484880,
    0x9022480114004300,
    0xa094028400400102,
    0x0140821082202800,
    0x8101048084204000,
    0x0000411445100010,
    0x1220000820880412,
    0x00283004208a1201,
    0x00012004b0808000,
    0x810c200404099080,
    0x1808018914010408,
    0x8002044202942011,
    0x0e0088220144204a,
    0x0012041041641000,
    0x0800020000208804,
    0x0800408204250400,
    0x0200002404c80204,
    0x1018080284180200,
    0x0004084084008200,
];

// Every table is built at compile time (`dimchess_core::table64`): nothing to build at
// start-up and no initialisation check on a lookup.
static KNIGHT_ATTACKS: [u64; 64] = leaps(&GEOMETRY, &KNIGHT);
static KING_ATTACKS: [u64; 64] = leaps(&GEOMETRY, &KING);
static PAWN_ATTACKS: [[u64; 64]; 2] = [
    leaps(&GEOMETRY, &[v(1, 1), v(-1, 1)]),
    leaps(&GEOMETRY, &[v(1, -1), v(-1, -1)]),
];
#[allow(long_running_const_eval)]
static ROOK: Sliders<{ sliders_size(&GEOMETRY, &ORTHOGONAL).next_power_of_two() }> =
    Sliders::new(&GEOMETRY, &ORTHOGONAL, &ROOK_MAGICS);
#[allow(long_running_const_eval)]
static BISHOP: Sliders<{ sliders_size(&GEOMETRY, &DIAGONAL).next_power_of_two() }> =
    Sliders::new(&GEOMETRY, &DIAGONAL, &BISHOP_MAGICS);
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

/// The squares a rook on `sq` attacks with `occupied` blocking.
#[inline]
pub fn rook(sq: Square, occupied: Bitboard64) -> Bitboard64 {
    Bitboard64::from_bits(ROOK.attacks(sq.index(), occupied.bits()))
}

/// The squares a bishop on `sq` attacks with `occupied` blocking.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard64) -> Bitboard64 {
    Bitboard64::from_bits(BISHOP.attacks(sq.index(), occupied.bits()))
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
