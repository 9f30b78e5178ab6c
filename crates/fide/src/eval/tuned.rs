//! The values of [`super::weights::VALUES`]: ours, from a few rules, not tuned (installing
//! tuned values replaces this file with the output of `scripts/install-fide-weights.py`).
//!
//! Material around P 90/120, N 305/292, B 330/318, R 480/525, Q 930/950 and a Bishop pair
//! 25/45; Pawns gain as they advance, far more in the endgame; Knights, Bishops and (in the
//! endgame) the Queen in the centre; Rooks on the seventh rank; the King sheltered by its
//! castled corner in the middlegame and central in the endgame.

use super::weights::*;

/// 0 on the rim up to 3 in the four centre squares.
const fn centre(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    if df < dr { df } else { dr }
}

/// The middlegame and endgame placement of a piece of role `role` (Pawn 0 to King 5) on `sq`
/// seen from its own side.
const fn placement(role: usize, sq: usize) -> (i32, i32) {
    let rank = sq / 8;
    let file = sq % 8;
    let c = centre(sq);
    match role {
        0 => {
            const MG: [i32; 8] = [0, 0, 2, 6, 14, 25, 40, 0];
            const EG: [i32; 8] = [0, 0, 5, 12, 25, 45, 80, 0];
            let central = if c >= 2 && rank >= 2 && rank <= 4 {
                12
            } else {
                0
            };
            let rim = if file == 0 || file == 7 { 5 } else { 0 };
            (MG[rank] + central - rim, EG[rank])
        }
        1 => {
            let back = if rank == 0 { 8 } else { 0 };
            (8 * c - back, 6 * c)
        }
        2 => {
            let back = if rank == 0 { 5 } else { 0 };
            (4 * c - back, 4 * c)
        }
        3 => {
            let seventh = if rank == 6 { 1 } else { 0 };
            let central = if rank == 0 && (file == 3 || file == 4) {
                8
            } else {
                0
            };
            (20 * seventh + central, 12 * seventh)
        }
        4 => (2 * c, 5 * c),
        _ => {
            let shelter = match (rank, file) {
                (0, 1 | 2 | 6) => 20,
                (0, _) => 0,
                (1, _) => -15,
                _ => -40 - 10 * rank as i32,
            };
            (shelter, 15 * c - 25)
        }
    }
}

const fn set(v: &mut [i32; 2 * TERMS], term: usize, (mg, eg): (i32, i32)) {
    v[2 * term] = mg;
    v[2 * term + 1] = eg;
}

/// Every weight in the order of [`super::weights::VALUES`].
pub(super) const VALUES: [i32; 2 * TERMS] = {
    let mut v = [0; 2 * TERMS];
    set(&mut v, MATERIAL, (90, 120));
    set(&mut v, MATERIAL + 1, (305, 292));
    set(&mut v, MATERIAL + 2, (330, 318));
    set(&mut v, MATERIAL + 3, (480, 525));
    set(&mut v, MATERIAL + 4, (930, 950));
    set(&mut v, BISHOP_PAIR, (25, 45));
    let mut r = 0;
    while r < 6 {
        let mut s = 0;
        while s < 64 {
            set(&mut v, PST + 64 * r + s, placement(r, s));
            s += 1;
        }
        r += 1;
    }
    set(&mut v, MOBILITY, (4, 4));
    set(&mut v, MOBILITY + 1, (5, 5));
    set(&mut v, MOBILITY + 2, (2, 4));
    set(&mut v, MOBILITY + 3, (1, 2));
    let passed = [
        (0, 0),
        (2, 8),
        (4, 12),
        (8, 22),
        (18, 40),
        (32, 70),
        (55, 110),
        (0, 0),
    ];
    let mut r = 0;
    while r < 8 {
        set(&mut v, PASSED + r, passed[r]);
        r += 1;
    }
    set(&mut v, ISOLATED, (-10, -12));
    set(&mut v, DOUBLED, (-8, -20));
    set(&mut v, ROOK_OPEN, (25, 10));
    set(&mut v, ROOK_HALF_OPEN, (12, 5));
    set(&mut v, SHELTER, (12, 0));
    set(&mut v, SHELTER + 1, (6, 0));
    set(&mut v, SHELTER_OPEN_FILE, (-15, 0));
    v
};
