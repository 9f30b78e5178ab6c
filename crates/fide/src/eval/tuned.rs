//! The values of [`super::weights::VALUES`], fitted by `dimchess tune fide` and written by
//! `scripts/install-fide-weights.py` (docs/engine.md, "Texel tuning"): the run was
//! `dimchess tune fide --games 5000 --nodes 4000 --seed 3 --plies 8
//! --skip 8 --max-plies 300 --iterations 1500 --l2 1e-07`
//! (176167 positions to train, 19734 held out; mean squared error held out
//! 0.056234 before, 0.055996 after).
//! Piece-square tables are seen from their own side, a1 first, one rank per line.

use super::weights::*;

/// Pawn, Knight, Bishop, Rook, Queen.
const MATERIAL_VALUES: [(i32, i32); 5] =
    [(76, 115), (303, 273), (330, 307), (484, 539), (933, 953)];
/// Two Bishops or more.
const BISHOP_PAIR_VALUE: (i32, i32) = (27, 41);
/// The piece-square tables, middlegame: Pawn, Knight, Bishop, Rook, Queen, King.
#[rustfmt::skip]
const PST_MG: [[i32; 64]; 6] = [
    [
          -5,    0,    0,    0,    0,    0,    0,   -5,
          -3,    0,    6,    1,   -3,    1,    3,   -6,
          -5,    0,   13,   14,   10,   15,    1,   -2,
          -1,    5,   16,   18,   21,   14,    5,    0,
          10,   15,   23,   23,   26,   23,   14,   10,
          20,   25,   25,   24,   25,   25,   25,   20,
          36,   40,   40,   40,   40,   40,   40,   35,
          -5,    0,    0,    0,    0,    0,    0,   -5,
    ],
    [
          -8,  -10,   -8,   -9,   -8,   -8,  -10,   -8,
          -1,    9,    8,    8,    7,    8,    7,    0,
           2,    8,   14,   17,   17,   13,    8,    1,
           0,    8,   15,   23,   24,   16,    8,    0,
           0,    9,   16,   24,   25,   17,    9,    0,
           0,    8,   17,   16,   16,   16,    8,    0,
           0,    8,    8,    8,    8,    9,    8,    0,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    [
          -5,   -5,   -5,   -5,   -5,   -7,   -5,   -5,
           0,    3,    4,    3,    4,    5,    4,    0,
           0,    5,    8,    8,    7,    8,    5,    0,
           0,    5,    8,   12,   11,    8,    4,    1,
           0,    5,    9,   11,   12,    8,    4,    0,
           0,    4,    8,    8,    8,    8,    4,    0,
           0,    4,    4,    4,    4,    4,    4,    0,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    [
          -1,    0,    3,    6,    8,    3,   -2,   -3,
          -2,    0,    0,    0,    0,    0,   -1,   -2,
          -1,    0,    0,    0,    1,    0,    0,   -1,
           0,    0,    1,    0,    0,    0,    0,    0,
           0,    1,    0,    0,    1,    1,    1,    0,
           0,    0,    1,    0,    1,    0,    0,    1,
          20,   21,   21,   20,   21,   20,   19,   21,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    [
           0,    0,    0,    1,    0,    0,   -1,    0,
           0,    2,    1,    2,    3,    2,    2,    0,
           0,    2,    4,    4,    4,    4,    1,    0,
          -1,    2,    4,    6,    6,    4,    2,    0,
           0,    2,    4,    6,    6,    4,    2,    0,
           0,    2,    4,    4,    4,    4,    3,    0,
           0,    2,    2,    2,    2,    2,    2,    0,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    [
           0,   19,   19,   -1,    1,   -3,   21,   -2,
         -15,  -15,  -14,  -15,  -14,  -15,  -15,  -15,
         -60,  -59,  -60,  -59,  -59,  -60,  -59,  -61,
         -70,  -70,  -70,  -70,  -70,  -70,  -70,  -70,
         -80,  -80,  -80,  -81,  -80,  -80,  -80,  -80,
         -90,  -90,  -90,  -90,  -90,  -90,  -90,  -90,
        -100, -100, -100, -100, -100, -100, -100, -100,
        -110, -110, -110, -110, -110, -110, -110, -110,
    ],
];
/// The piece-square tables, endgame: Pawn, Knight, Bishop, Rook, Queen, King.
#[rustfmt::skip]
const PST_EG: [[i32; 64]; 6] = [
    [
           0,    0,    0,    0,    0,    0,    0,    0,
           1,   -1,   -2,   -1,   -3,    2,    9,    0,
           9,    8,    6,    8,    5,    5,    4,    8,
          12,   15,   15,    6,   18,    6,   11,   12,
          24,   26,   26,   15,   21,   15,   26,   20,
          52,   47,   46,   43,   46,   43,   44,   46,
          82,   81,   79,   79,   78,   79,   81,   78,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    [
           1,   -1,   -1,   -1,   -1,    0,   -2,   -1,
          -1,    7,    6,    6,    4,    8,    6,    0,
           1,    6,    5,   14,   12,   13,    6,    1,
          -1,    5,   10,   14,   15,   10,    8,    0,
           1,    5,   12,   16,   18,   12,    7,    1,
           0,    4,   13,   12,   11,   13,    6,    1,
           1,    7,    7,    5,    5,    7,    6,    0,
          -1,    0,   -1,    0,    0,    0,    0,    0,
    ],
    [
          -1,    0,    1,    2,    0,   -2,    1,    0,
           0,    3,    4,    3,    4,    6,    3,    0,
           0,    6,    5,    5,    9,    6,    3,    1,
          -1,    6,    9,   10,    3,    8,    4,    1,
           1,    4,   10,    7,    7,    7,    4,    0,
           0,    4,    8,   10,    9,    8,    4,   -1,
           1,    3,    4,    5,    4,    6,    5,    0,
           1,    2,    1,    0,   -1,    1,    0,   -1,
    ],
    [
          -2,    2,    3,   -4,    1,   -1,   -2,    0,
          -1,    0,   -1,   -1,    1,    1,   -3,   -3,
           0,   -1,   -1,    0,    1,    1,    1,   -1,
           0,    0,    2,    0,    1,    0,    0,    0,
          -1,    2,    0,    0,    1,    1,    1,    1,
           0,    2,    1,    1,    1,    0,    1,    3,
          10,   14,   13,   11,   12,   12,   10,   12,
           1,    1,    0,    0,    1,    1,    0,    2,
    ],
    [
           0,    0,    0,    0,    0,    0,    0,    0,
           0,    5,    5,    5,    5,    5,    5,    0,
           0,    6,   10,   10,   10,   10,    5,    0,
           0,    5,   10,   15,   15,   10,    5,    0,
           0,    5,   10,   15,   15,   10,    5,    0,
           0,    5,   10,   10,   10,   10,    5,    0,
           0,    5,    5,    5,    5,    5,    5,    0,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    [
         -24,  -28,  -28,  -27,  -26,  -27,  -24,  -26,
         -27,  -11,   -8,  -12,  -11,   -8,   -8,  -24,
         -25,   -7,    7,    7,    5,    5,  -10,  -24,
         -24,   -8,    8,   15,   13,    5,   -9,  -24,
         -23,   -8,    2,   10,   18,    7,   -8,  -26,
         -24,   -7,    8,    5,    4,    7,   -9,  -25,
         -25,   -9,   -9,   -9,  -10,   -9,  -10,  -24,
         -25,  -25,  -25,  -25,  -24,  -25,  -25,  -25,
    ],
];
/// Knight, Bishop, Rook, Queen mobility, per square.
const MOBILITY_VALUES: [(i32, i32); 4] = [(4, 4), (5, 5), (2, 4), (1, 2)];
/// A passed Pawn by rank from its own side (1 to 8).
const PASSED_VALUES: [(i32, i32); 8] = [
    (0, 0),
    (3, 8),
    (2, 12),
    (7, 30),
    (15, 44),
    (34, 78),
    (54, 107),
    (0, 0),
];
/// An isolated Pawn.
const ISOLATED_VALUE: (i32, i32) = (-13, 1);
/// A doubled Pawn.
const DOUBLED_VALUE: (i32, i32) = (-11, -21);
/// A Rook on an open file.
const ROOK_OPEN_VALUE: (i32, i32) = (29, 9);
/// A Rook on a half-open file.
const ROOK_HALF_OPEN_VALUE: (i32, i32) = (18, 16);
/// A Pawn one, then two ranks in front of the King.
const SHELTER_VALUES: [(i32, i32); 2] = [(11, -3), (3, -6)];
/// A file before the King with no Pawn of its own.
const SHELTER_OPEN_FILE_VALUE: (i32, i32) = (-12, 9);

const fn set(v: &mut [i32; 2 * TERMS], term: usize, (mg, eg): (i32, i32)) {
    v[2 * term] = mg;
    v[2 * term + 1] = eg;
}

/// Every weight in the order of [`super::weights::VALUES`].
pub(super) const VALUES: [i32; 2 * TERMS] = {
    let mut v = [0; 2 * TERMS];
    let mut i = 0;
    while i < 5 {
        set(&mut v, MATERIAL + i, MATERIAL_VALUES[i]);
        i += 1;
    }
    set(&mut v, BISHOP_PAIR, BISHOP_PAIR_VALUE);
    let mut r = 0;
    while r < 6 {
        let mut s = 0;
        while s < 64 {
            set(&mut v, PST + 64 * r + s, (PST_MG[r][s], PST_EG[r][s]));
            s += 1;
        }
        r += 1;
    }
    let mut i = 0;
    while i < 4 {
        set(&mut v, MOBILITY + i, MOBILITY_VALUES[i]);
        i += 1;
    }
    let mut i = 0;
    while i < 8 {
        set(&mut v, PASSED + i, PASSED_VALUES[i]);
        i += 1;
    }
    set(&mut v, ISOLATED, ISOLATED_VALUE);
    set(&mut v, DOUBLED, DOUBLED_VALUE);
    set(&mut v, ROOK_OPEN, ROOK_OPEN_VALUE);
    set(&mut v, ROOK_HALF_OPEN, ROOK_HALF_OPEN_VALUE);
    set(&mut v, SHELTER, SHELTER_VALUES[0]);
    set(&mut v, SHELTER + 1, SHELTER_VALUES[1]);
    set(&mut v, SHELTER_OPEN_FILE, SHELTER_OPEN_FILE_VALUE);
    v
};
