//! Static evaluation for a search ([`Evaluate`]): material of each live seat.
//!
//! The rulebook gives no piece values. FIDE pieces keep their chess values; the Xiang Qi
//! pieces theirs in Xiang Qi programs' proportions (Horse and Rook as Knight and Rook, Ferz
//! and Elephant 150, Point 100); a promoted piece of the checkmate-promotion option (TL-20)
//! gains 60 for its extra triagonal step. A live seat also counts 1,000 for being in the
//! game, so that an eliminated seat (0) is worse than any army.

use dimchess_core::eval::{Capture, Evaluate};

use crate::moves::Move;
use crate::piece::{Piece, ROLES, Role};
use crate::position::ThreeLevelPosition;
use crate::rules::Rules;

/// Centipawns per role, in [`Role::ALL`] order.
pub const VALUES: [i32; ROLES] = [
    0,   // King
    900, // Queen
    500, // Rook
    330, // Bishop
    320, // Knight
    100, // Pawn
    60,  // Emperor: a King with a triagonal step
    960, // Diarch
    390, // Moderator
    380, // Cavallander
    560, // Vicereine
    0,   // General
    150, // Ferz
    150, // Elephant
    320, // Horse
    100, // Point
];

impl<R: Rules> Evaluate for ThreeLevelPosition<R> {
    const PLAYERS: usize = 4;
    /// TL-18: the third occurrence of a position draws.
    const REPETITION_DRAWS: bool = true;

    fn strength(&self, player: usize) -> i32 {
        if self.eliminated & (1 << player) != 0 {
            return 0;
        }
        let mine = self.by_color[player];
        let mut total = 1000;
        for k in Role::ALL {
            let v = VALUES[k as usize];
            if v != 0 {
                total += (mine & self.by_role[k as usize]).count() as i32 * v;
            }
        }
        total
    }

    /// TL-18: a turn beginning with the clock at 50 turns per live player is drawn.
    fn plies_to_clock_draw(&self) -> Option<u32> {
        Some((50 * self.live_count()).saturating_sub(self.halfmove))
    }

    /// The piece on the destination (another player's: a move never lands on its own), and
    /// the promotion gain. En passant and eliminations are left to the search.
    fn capture(&self, mv: Move) -> Option<Capture> {
        let (from, to) = (mv.from()?, mv.to()?);
        let value =
            |cell: usize| Piece::from_code(self.board[cell]).map_or(0, |p| VALUES[p.role as usize]);
        let mut gain = value(to);
        if let Some(k) = mv.promotion() {
            gain += VALUES[k as usize] - VALUES[Role::Pawn as usize];
        }
        (gain > 0).then_some(Capture {
            gain,
            attacker: value(from),
        })
    }

    fn move_key(&self, mv: Move) -> u32 {
        u32::from(mv.from) * 192 + u32::from(mv.to)
    }
}
