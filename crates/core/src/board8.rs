//! The rider lookups of one 8x8 board (`a1` = 0, file stride 1, rank stride 8), built at
//! compile time and shared by every variant made of 8x8 planes: orthodox chess, Dimension X's
//! boards, each level of the three-level box. One table per rider in the program, one place to
//! make it faster.
//!
//! ```
//! use dimchess_core::board8;
//! // A rook on e4 (28) with a blocker on e6 (44): 7 cells along the rank, e5 and e6 up,
//! // e1 to e3 down.
//! assert_eq!(board8::rook(28, 1 << 44).count_ones(), 7 + 2 + 3);
//! assert_eq!(board8::bishop(0, 0).count_ones(), 7);
//! ```

use crate::cpu::Cpu;
use crate::geometry::{Geometry, Vector};
use crate::table64::{Sliders, sliders_size};

/// The 8x8 board: files then ranks, `a1` = 0.
pub const GEOMETRY: Geometry = Geometry::new(&[8, 8]);

const fn v(file: i8, rank: i8) -> Vector {
    [file, rank, 0, 0]
}

/// The rook's four directions.
pub const ORTHOGONAL: [Vector; 4] = [v(1, 0), v(-1, 0), v(0, 1), v(0, -1)];
/// The bishop's four directions.
pub const DIAGONAL: [Vector; 4] = [v(1, 1), v(-1, 1), v(1, -1), v(-1, -1)];

/// Rook magic factors found by the deterministic search of [`crate::magic`] (`cargo run
/// --release -p dimchess-core --example find_magics` prints them); the compile-time table checks
/// them (unused when the build has BMI2: the lookups then use `PEXT`).
pub const ROOK_MAGICS: [u64; 64] = [
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
pub const BISHOP_MAGICS: [u64; 64] = [
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

#[allow(long_running_const_eval)]
static ROOK: Sliders<{ sliders_size(&GEOMETRY, &ORTHOGONAL).next_power_of_two() }> =
    Sliders::new(&GEOMETRY, &ORTHOGONAL, &ROOK_MAGICS);
#[allow(long_running_const_eval)]
static BISHOP: Sliders<{ sliders_size(&GEOMETRY, &DIAGONAL).next_power_of_two() }> =
    Sliders::new(&GEOMETRY, &DIAGONAL, &BISHOP_MAGICS);

// The same tables indexed by `PEXT`, for the x86-64-v3 path chosen at run time
// (`crate::cpu`) in a build without BMI2 (one with it indexes `ROOK` and `BISHOP` by `PEXT`).
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[allow(long_running_const_eval)]
static ROOK_PEXT: Sliders<{ sliders_size(&GEOMETRY, &ORTHOGONAL).next_power_of_two() }> =
    Sliders::new_pext(&GEOMETRY, &ORTHOGONAL);
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[allow(long_running_const_eval)]
static BISHOP_PEXT: Sliders<{ sliders_size(&GEOMETRY, &DIAGONAL).next_power_of_two() }> =
    Sliders::new_pext(&GEOMETRY, &DIAGONAL);
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
use {BISHOP as BISHOP_PEXT, ROOK as ROOK_PEXT};

/// The cells a rook on `sq` (0..64; higher bits are ignored) attacks with `occupied` blocking.
#[inline(always)]
pub fn rook(sq: usize, occupied: u64) -> u64 {
    ROOK.attacks(sq, occupied)
}

/// The cells a bishop on `sq` (0..64; higher bits are ignored) attacks with `occupied` blocking.
#[inline(always)]
pub fn bishop(sq: usize, occupied: u64) -> u64 {
    BISHOP.attacks(sq, occupied)
}

/// [`rook`] on the code path of `cpu` ([`crate::cpu`]): indexed by `PEXT` where it has it.
#[inline(always)]
pub fn rook_on<C: Cpu>(cpu: C, sq: usize, occupied: u64) -> u64 {
    if C::PEXT {
        ROOK_PEXT.attacks_on(cpu, sq, occupied)
    } else {
        ROOK.attacks_on(cpu, sq, occupied)
    }
}

/// [`bishop`] on the code path of `cpu` ([`crate::cpu`]): indexed by `PEXT` where it has it.
#[inline(always)]
pub fn bishop_on<C: Cpu>(cpu: C, sq: usize, occupied: u64) -> u64 {
    if C::PEXT {
        BISHOP_PEXT.attacks_on(cpu, sq, occupied)
    } else {
        BISHOP.attacks_on(cpu, sq, occupied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::{self, Portable};
    use crate::table64::slide;
    use crate::zobrist::SplitMix64;

    #[test]
    fn lookups_match_ray_walks() {
        let mut rng = SplitMix64::new(8);
        for _ in 0..500 {
            let occ = rng.next_u64() & rng.next_u64();
            for sq in 0..64 {
                assert_eq!(
                    rook(sq, occ),
                    slide(&GEOMETRY, &ORTHOGONAL, sq, occ),
                    "rook {sq}"
                );
                assert_eq!(
                    bishop(sq, occ),
                    slide(&GEOMETRY, &DIAGONAL, sq, occ),
                    "bishop {sq}"
                );
                assert_eq!(rook_on(Portable, sq, occ), rook(sq, occ));
                assert_eq!(bishop_on(Portable, sq, occ), bishop(sq, occ));
                if let Some(v3) = cpu::detected() {
                    assert_eq!(rook_on(v3, sq, occ), rook(sq, occ), "rook {sq}, PEXT");
                    assert_eq!(bishop_on(v3, sq, occ), bishop(sq, occ), "bishop {sq}, PEXT");
                }
            }
        }
    }
}
