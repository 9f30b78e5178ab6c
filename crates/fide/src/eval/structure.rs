//! The evaluation terms that read the Pawns: passed, isolated and doubled Pawns, Rooks on open
//! files and the pawn shelter before a King (their weights: [`super::weights`]).

use super::weights::{
    DOUBLED, ISOLATED, PASSED, ROOK_HALF_OPEN, ROOK_OPEN, SHELTER, SHELTER_OPEN_FILE,
};
use super::{Acc, Trace};
use crate::attacks::FILE_A;
use crate::board::Board;
use crate::types::{Color, Role};

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

/// Counts the pawn-structure, open-file and King-shelter terms of `color` on `board`.
#[inline(always)]
pub(super) fn structure<T: Trace>(board: &Board, color: Color, acc: &mut Acc<'_, T>) {
    let them = color.other();
    let ours = board.pieces(color, Role::Pawn).bits();
    let theirs = board.pieces(them, Role::Pawn).bits();
    for sq in board.pieces(color, Role::Pawn) {
        let (file, rank) = (sq % 8, sq / 8);
        let front = ahead(color, rank);
        let own_file = FILE_A << file;
        let beside = adjacent_files(file);
        if ours & own_file & front != 0 {
            acc.add(DOUBLED, 1);
        } else if theirs & (own_file | beside) & front == 0 {
            let relative = if color == Color::White {
                rank
            } else {
                7 - rank
            };
            acc.add(PASSED + relative, 1);
        }
        if ours & beside == 0 {
            acc.add(ISOLATED, 1);
        }
    }
    for sq in board.pieces(color, Role::Rook) {
        let file = FILE_A << (sq % 8);
        if (ours | theirs) & file == 0 {
            acc.add(ROOK_OPEN, 1);
        } else if ours & file == 0 {
            acc.add(ROOK_HALF_OPEN, 1);
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
            for i in 0..2 {
                let r = if color == Color::White {
                    rank + 1 + i
                } else {
                    rank.wrapping_sub(1 + i)
                };
                if r < 8 {
                    let n = (ours & files & (0xFF << (8 * r))).count_ones() as i32;
                    acc.add(SHELTER + i, n);
                }
            }
            for f in file.saturating_sub(1)..=(file + 1).min(7) {
                if ours & (FILE_A << f) == 0 {
                    acc.add(SHELTER_OPEN_FILE, 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::tapered_strength;
    use crate::eval::weights::VALUES;

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

    /// The (middlegame, endgame) sums of the structure terms.
    fn structure_of(b: &Board, color: Color) -> (i32, i32) {
        let mut acc = Acc {
            values: &VALUES,
            mg: 0,
            eg: 0,
            trace: (),
        };
        structure(b, color, &mut acc);
        (acc.mg, acc.eg)
    }

    /// The sum of the weights of `terms`, each counted once.
    fn sum(terms: &[usize]) -> (i32, i32) {
        terms.iter().fold((0, 0), |(m, e), &t| {
            (m + VALUES[2 * t], e + VALUES[2 * t + 1])
        })
    }

    #[test]
    fn passed_isolated_and_doubled_pawns() {
        // White: a passed, isolated e5; Black: a7 and b7, neither passed nor isolated.
        let b = board("4k3/pp6/8/4P3/8/8/8/4K3");
        // White's King on e1 has no Pawn on d or f: two open files.
        assert_eq!(
            structure_of(&b, Color::White),
            sum(&[PASSED + 4, ISOLATED, SHELTER_OPEN_FILE, SHELTER_OPEN_FILE])
        );
        // Black's King on e8 has no Pawn on d, e or f: three open files; a7 and b7 are passed.
        assert_eq!(
            structure_of(&b, Color::Black),
            sum(&[
                PASSED + 1,
                PASSED + 1,
                SHELTER_OPEN_FILE,
                SHELTER_OPEN_FILE,
                SHELTER_OPEN_FILE
            ])
        );
        // A Black pawn on d6 stops e5 from being passed (it guards e5's path from the side).
        let b = board("4k3/8/3p4/4P3/8/8/8/4K3");
        assert_eq!(
            structure_of(&b, Color::White),
            sum(&[ISOLATED, SHELTER_OPEN_FILE, SHELTER_OPEN_FILE])
        );
        // Doubled: the rear Pawn of e2/e3 is doubled, the front one is passed; both isolated.
        // The King on e1 has e2 in front (shelter 1) and e3 (shelter 2); d and f are open.
        let b = board("4k3/8/8/8/8/4P3/4P3/4K3");
        assert_eq!(
            structure_of(&b, Color::White),
            sum(&[
                DOUBLED,
                PASSED + 2,
                ISOLATED,
                ISOLATED,
                SHELTER,
                SHELTER + 1,
                SHELTER_OPEN_FILE,
                SHELTER_OPEN_FILE
            ])
        );
    }

    #[test]
    fn open_files_and_shelter() {
        // Rooks: a1 on an open file, h1 on a file with only a Black pawn.
        let b = board("6k1/7p/8/8/8/8/5PP1/R5KR");
        // Shelter of g1: f2 and g2 on the rank in front, the h-file open for White.
        // f2 is passed (no Black Pawn on e, f or g); g2 is not (h7 is beside it).
        assert_eq!(
            structure_of(&b, Color::White),
            sum(&[
                ROOK_OPEN,
                ROOK_HALF_OPEN,
                SHELTER,
                SHELTER,
                SHELTER_OPEN_FILE,
                PASSED + 1
            ])
        );
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
                    structure_of(&b, color),
                    structure_of(&m, color.other()),
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
