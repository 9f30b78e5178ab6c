//! The end of the game (DC-23): checkmate or stalemate; draw rules are not applied (DC-24).

use dimchess_core::Outcome;

use crate::layer::other;
use crate::position::DimensionChess;

impl DimensionChess {
    /// The outcome if the side to move has no legal move on any board: checkmate if it is in
    /// check, else stalemate (DC-23). The 50-move rule and repetition never end the game
    /// (DC-24).
    pub fn game_outcome(&self) -> Option<Outcome> {
        if self.count_moves() > 0 {
            return None;
        }
        Some(if self.is_check() {
            Outcome::Win {
                winner: other(self.turn).index(),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw {
                reason: "stalemate",
            }
        })
    }

    /// Whether the halfmove clock has reached 100 (information only, DC-24).
    pub fn fifty_move_information(&self) -> bool {
        self.halfmove >= 100
    }
}
