//! The FIDE Laws' draws that the move tree does not stop at: repetition, the 50- and 75-move
//! rules and dead positions by insufficient material. The legal moves and perft ignore them
//! all (the rulebook's library "does not end games by" them, and the published perft figures
//! count through them).
//!
//! - automatic, by the position alone (Law 5.2.2): a dead position by insufficient material
//!   ([`insufficient_material`]), which [`Position::outcome`] reports as a draw;
//! - automatic, by the game (Law 9.6): fivefold repetition, 75 moves by each player without a
//!   pawn move or capture ([`game_ending`]);
//! - claimed by the player to move (Law 9.2 and 9.3): threefold repetition, 50 moves by each
//!   player without a pawn move or capture ([`draw_claim`]).
//!
//! A game (`dimchess::record::Game`) counts repetitions by [`repetition_key`] and asks
//! [`Position::outcome`], then [`game_ending`] and [`draw_claim`].
//!
//! ```
//! use dimchess_fide::{draws, Chess};
//! let kings: Chess = "8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse().unwrap();
//! assert!(draws::insufficient_material(&kings));
//! assert!(!draws::insufficient_material(&Chess::default()));
//! # use dimchess_fide::{Outcome, Position};
//! assert_eq!(kings.outcome(), Some(Outcome::Draw { reason: "insufficient material" }));
//! assert_eq!(kings.count_legal_moves(), 8); // the move tree goes on
//! ```

use dimchess_core::{Outcome, Position};

use crate::moves::MoveKind;
use crate::position::Chess;
use crate::types::Role;
use crate::zobrist;

/// The halfmove clock from which the player to move may claim a draw (50 moves each).
pub const CLAIM_HALFMOVES: u32 = 100;
/// The halfmove clock at which the game is drawn (75 moves each).
pub const AUTOMATIC_HALFMOVES: u32 = 150;
/// The occurrences of a position from which the player to move may claim a draw.
pub const CLAIM_REPETITIONS: usize = 3;
/// The occurrences of a position at which the game is drawn.
pub const AUTOMATIC_REPETITIONS: usize = 5;

/// The Zobrist hash of what makes positions "the same" for the repetition rules (Law 9.2.2):
/// the pieces on their squares, the side to move, the castling rights, and the en-passant
/// square only when an en-passant capture is legal.
pub fn repetition_key(pos: &Chess) -> u64 {
    let mut key = pos.zobrist();
    if let Some(ep) = pos.ep_square()
        && !pos.moves().iter().any(|m| m.kind == MoveKind::EnPassant)
    {
        key ^= zobrist::ep_file(ep.file());
    }
    key
}

/// Whether neither side can ever checkmate, by material alone (Law 5.2.2 for the cases that
/// need no search): king against king, king and one knight or bishop against king, and kings
/// with bishops that all stand on squares of one colour.
pub fn insufficient_material(pos: &Chess) -> bool {
    let b = pos.board();
    let heavy = b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen);
    if heavy.any() {
        return false;
    }
    let knights = b.by_role(Role::Knight);
    let bishops = b.by_role(Role::Bishop);
    if (knights | bishops).count() <= 1 {
        return true;
    }
    if knights.any() {
        return false;
    }
    let dark = bishops.iter().filter(|&s| (s % 8 + s / 8) % 2 == 0).count();
    dark == 0 || dark == bishops.count() as usize
}

/// The automatic ending of the game's history, if any, of a game whose position `pos` has
/// occurred `occurrences` times: fivefold repetition or the 75-move rule (checked after
/// [`Position::outcome`]: checkmate, stalemate and the dead positions come first).
pub fn game_ending(pos: &Chess, occurrences: usize) -> Option<Outcome> {
    let reason = if occurrences >= AUTOMATIC_REPETITIONS {
        "fivefold repetition"
    } else if pos.halfmove_clock() >= AUTOMATIC_HALFMOVES {
        "75-move rule"
    } else {
        return None;
    };
    Some(Outcome::Draw { reason })
}

/// The draw the player to move may claim, if any, where `pos` has occurred `occurrences`
/// times: threefold repetition first, then the 50-move rule.
pub fn draw_claim(pos: &Chess, occurrences: usize) -> Option<Outcome> {
    let reason = if occurrences >= CLAIM_REPETITIONS {
        "threefold repetition"
    } else if pos.halfmove_clock() >= CLAIM_HALFMOVES {
        "50-move rule"
    } else {
        return None;
    };
    Some(Outcome::Draw { reason })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        fen.parse().unwrap()
    }

    #[test]
    fn dead_positions_by_material() {
        for fen in [
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1",
            "8/8/4k3/8/8/2K5/8/5b2 b - - 0 1",
            // bishops on dark squares only (c1, f8 ... a1-like colour)
            "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1",
            "5b2/8/4k3/8/8/3K4/8/B1B5 w - - 0 1",
            "2b5/8/4k3/8/8/3K4/8/5B2 w - - 0 1", // c8 and f1, both light
        ] {
            assert!(insufficient_material(&pos(fen)), "{fen}");
        }
        for fen in [
            "8/8/4k3/8/8/3K4/8/2B2B2 w - - 0 1", // bishops of both colours
            "8/8/4k3/8/8/3K4/8/2B3N1 w - - 0 1", // bishop and knight
            "8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1", // two knights: mate exists
            "8/8/4k3/8/8/3K4/P7/8 w - - 0 1",    // a pawn
            "8/8/4k3/8/8/3K4/8/7R w - - 0 1",    // a rook
            "2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1", // c8 light, c1 dark
        ] {
            assert!(!insufficient_material(&pos(fen)), "{fen}");
        }
    }

    #[test]
    fn dead_positions_are_drawn_by_outcome_and_keep_their_moves() {
        let draw = Some(Outcome::Draw {
            reason: "insufficient material",
        });
        for fen in [
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/8/6N1 b - - 0 1",
            "5b2/8/4k3/8/8/3K4/8/B1B5 w - - 0 1",
        ] {
            let p = pos(fen);
            assert_eq!(p.outcome(), draw, "{fen}");
            assert_eq!(
                p.result_text().as_deref(),
                Some("1/2-1/2 (insufficient material)")
            );
            assert!(p.count_legal_moves() > 0, "{fen}");
            assert_eq!(game_ending(&p, 1), None, "{fen}: the position's own ending");
        }
        // Stalemate comes first: K+B v K with Black stalemated.
        assert_eq!(
            pos("7k/5K2/6B1/8/8/8/8/8 b - - 0 1").outcome(),
            Some(Outcome::Draw {
                reason: "stalemate"
            })
        );
        // Enough material: the game goes on.
        assert_eq!(pos("8/8/4k3/8/8/3K4/8/1N4N1 w - - 0 1").outcome(), None);
    }

    #[test]
    fn clocks_claim_at_100_and_end_at_150() {
        let at = |h: u32| pos(&format!("8/8/4k3/8/8/3K4/8/7R w - - {h} 80"));
        assert_eq!(draw_claim(&at(99), 1), None);
        assert_eq!(
            draw_claim(&at(100), 1),
            Some(Outcome::Draw {
                reason: "50-move rule"
            })
        );
        assert_eq!(game_ending(&at(149), 1), None);
        assert_eq!(
            game_ending(&at(150), 1),
            Some(Outcome::Draw {
                reason: "75-move rule"
            })
        );
    }

    #[test]
    fn en_passant_counts_only_when_capturable() {
        // After e2e4 with no black pawn beside it, the e3 square changes nothing.
        let with_ep = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
        let without = pos("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
        assert_ne!(with_ep.zobrist(), without.zobrist());
        assert_eq!(repetition_key(&with_ep), repetition_key(&without));
        // A black pawn on d4 can capture: the positions differ.
        let with_ep = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
        let without = pos("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
        assert_ne!(repetition_key(&with_ep), repetition_key(&without));
    }
}
