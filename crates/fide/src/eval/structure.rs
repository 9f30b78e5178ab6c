//! The evaluation terms that read the Pawns: passed, isolated and doubled Pawns, Rooks on open
//! files and the pawn shelter before a King. Every weight is ours and untuned, a (middlegame,
//! endgame) pair.

use crate::attacks::FILE_A;
use crate::board::Board;
use crate::types::{Color, Role};

/// A passed Pawn's bonus by its rank counted from its own side (0 to 7).
const PASSED: [(i32, i32); 8] = [
    (0, 0),
    (2, 8),
    (4, 12),
    (8, 22),
    (18, 40),
    (32, 70),
    (55, 110),
    (0, 0),
];
/// A Pawn with no Pawn of its own on the files beside it.
const ISOLATED: (i32, i32) = (-10, -12);
/// A Pawn with a Pawn of its own in front of it on its file.
const DOUBLED: (i32, i32) = (-8, -20);
/// A Rook on a file without Pawns, and on one without Pawns of its own.
const ROOK_OPEN: (i32, i32) = (25, 10);
const ROOK_HALF_OPEN: (i32, i32) = (12, 5);
/// A Pawn of its own on the rank just in front of a King on its first two ranks, or the
/// rank after, on the King's file or a file beside it (middlegame only).
const SHELTER: [i32; 2] = [12, 6];
/// A file of the three before such a King with no Pawn of its own (middlegame only).
const SHELTER_OPEN_FILE: i32 = -15;

/// The squares of the files beside `file`.
#[inline]
fn adjacent_files(file: usize) -> u64 {
    let f = FILE_A << file;
    ((f << 1) & !FILE_A) | ((f >> 1) & !(FILE_A << 7))
}

/// The squares on the ranks in front of `rank` for `color` (towards the enemy).
#[inline]
fn ahead(color: Color, rank: usize) -> u64 {
    match color {
        Color::White if rank < 7 => !0u64 << (8 * (rank + 1)),
        Color::Black if rank > 0 => (1u64 << (8 * rank)) - 1,
        _ => 0,
    }
}

/// The pawn-structure, open-file and King-shelter terms of `color` on `board`.
pub(super) fn structure(board: &Board, color: Color) -> (i32, i32) {
    let them = color.other();
    let ours = board.pieces(color, Role::Pawn).bits();
    let theirs = board.pieces(them, Role::Pawn).bits();
    let (mut mg, mut eg) = (0, 0);
    let mut add = |(m, e): (i32, i32)| {
        mg += m;
        eg += e;
    };
    for sq in board.pieces(color, Role::Pawn) {
        let (file, rank) = (sq % 8, sq / 8);
        let front = ahead(color, rank);
        let own_file = FILE_A << file;
        let beside = adjacent_files(file);
        if ours & own_file & front != 0 {
            add(DOUBLED);
        } else if theirs & (own_file | beside) & front == 0 {
            let relative = if color == Color::White {
                rank
            } else {
                7 - rank
            };
            add(PASSED[relative]);
        }
        if ours & beside == 0 {
            add(ISOLATED);
        }
    }
    for sq in board.pieces(color, Role::Rook) {
        let file = FILE_A << (sq % 8);
        if (ours | theirs) & file == 0 {
            add(ROOK_OPEN);
        } else if ours & file == 0 {
            add(ROOK_HALF_OPEN);
        }
    }
    if let Some(king) = board.king_of(color) {
        let (file, rank) = (king.index() % 8, king.index() / 8);
        let relative = if color == Color::White {
            rank
        } else {
            7 - rank
        };
        if relative <= 1 {
            let files = (FILE_A << file) | adjacent_files(file);
            for (i, bonus) in SHELTER.into_iter().enumerate() {
                let r = if color == Color::White {
                    rank + 1 + i
                } else {
                    rank.wrapping_sub(1 + i)
                };
                if r < 8 {
                    mg += bonus * (ours & files & (0xFF << (8 * r))).count_ones() as i32;
                }
            }
            for f in file.saturating_sub(1)..=(file + 1).min(7) {
                if ours & (FILE_A << f) == 0 {
                    mg += SHELTER_OPEN_FILE;
                }
            }
        }
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tapered_strength;

    fn board(placement: &str) -> Board {
        Board::from_placement(placement).unwrap()
    }

    /// The placement seen from the other side: ranks in reverse order, colours swapped.
    fn mirrored(placement: &str) -> String {
        let ranks: Vec<String> = placement
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        ranks.join("/")
    }

    #[test]
    fn passed_isolated_and_doubled_pawns() {
        // White: a passed, isolated e5; Black: a7 and b7, neither passed nor isolated.
        let b = board("4k3/pp6/8/4P3/8/8/8/4K3");
        let passed_isolated = (
            PASSED[4].0 + ISOLATED.0 + 2 * SHELTER_OPEN_FILE,
            PASSED[4].1 + ISOLATED.1,
        );
        assert_eq!(structure(&b, Color::White), passed_isolated);
        // Black's King on e8 has no Pawn on d, e or f: three open files; a7 and b7 are passed.
        assert_eq!(
            structure(&b, Color::Black),
            (PASSED[1].0 * 2 + 3 * SHELTER_OPEN_FILE, PASSED[1].1 * 2)
        );
        // A Black pawn on d6 stops e5 from being passed (it guards e5's path from the side).
        let b = board("4k3/8/3p4/4P3/8/8/8/4K3");
        assert_eq!(structure(&b, Color::White).1, ISOLATED.1);
        // Doubled: the rear Pawn of e2/e3 is doubled, the front one is passed; both isolated.
        let b = board("4k3/8/8/8/8/4P3/4P3/4K3");
        assert_eq!(
            structure(&b, Color::White).1,
            DOUBLED.1 + PASSED[2].1 + 2 * ISOLATED.1
        );
    }

    #[test]
    fn open_files_and_shelter() {
        // Rooks: a1 on an open file, h1 on a file with only a Black pawn.
        let b = board("6k1/7p/8/8/8/8/5PP1/R5KR");
        let (mg, _) = structure(&b, Color::White);
        // Shelter of g1: f2 and g2 on the rank in front, the h-file open for White.
        let shelter = 2 * SHELTER[0] + SHELTER_OPEN_FILE;
        // f2 is passed (no Black Pawn on e, f or g); g2 is not (h7 is beside it).
        assert_eq!(mg, ROOK_OPEN.0 + ROOK_HALF_OPEN.0 + shelter + PASSED[1].0);
    }

    #[test]
    fn both_colours_are_scored_alike() {
        for placement in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP3PPP/R2QKB1R",
            "6k1/5ppp/8/3P4/1p6/8/PP3PPP/6K1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8",
        ] {
            let (b, m) = (board(placement), board(&mirrored(placement)));
            for color in [Color::White, Color::Black] {
                assert_eq!(
                    structure(&b, color),
                    structure(&m, color.other()),
                    "{placement}"
                );
                assert_eq!(
                    tapered_strength(&b, color),
                    tapered_strength(&m, color.other()),
                    "{placement}"
                );
            }
        }
    }
}
