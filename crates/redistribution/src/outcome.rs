//! The end of the game (RD-16): checkmate or stalemate; nothing else ends it (RD-17).

use crate::position::Redistribution;
use dimchess_core::Outcome;

impl Redistribution {
    /// The result if the game is over (RD-16), `None` while it goes on. There are no other
    /// draws (RD-17).
    pub(crate) fn game_outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            None
        } else if self.in_check() {
            Some(Outcome::Win {
                winner: self.turn.opponent().index(),
                reason: "checkmate",
            })
        } else {
            Some(Outcome::Draw {
                reason: "stalemate",
            })
        }
    }
}
