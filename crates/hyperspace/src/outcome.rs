//! Check and the end of the game (HS-14, HS-15, HS-21, HS-24).

use dimchess_core::Outcome;
use dimchess_fide::Color;

use crate::position::HyperspacePosition;

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// Whether `color` is in check: its king square is attacked by the other side, from the
    /// board or by a piece in flight with one turn left (HS-15).
    pub fn is_in_check(&self, color: Color) -> bool {
        let them = color.other();
        match self.king_square(color) {
            Some(k) => {
                self.flight.threats(them) >> k.index() & 1 != 0
                    || self.board.is_attacked(k, them, self.board.occupied())
            }
            None => false,
        }
    }

    /// Whether the side to move is in check (HS-15).
    pub fn is_check(&self) -> bool {
        self.is_in_check(self.turn)
    }

    pub(crate) fn game_outcome(&self) -> Option<Outcome> {
        let white = self.has_king(Color::White);
        let black = self.has_king(Color::Black);
        match (white, black) {
            // HS-14, HS-24: destroyed kings.
            (false, false) => {
                return Some(Outcome::Draw {
                    reason: "both kings destroyed",
                });
            }
            (false, true) => {
                return Some(Outcome::Win {
                    winner: 1,
                    reason: "king destroyed",
                });
            }
            (true, false) => {
                return Some(Outcome::Win {
                    winner: 0,
                    reason: "king destroyed",
                });
            }
            (true, true) => {}
        }
        // HS-21: no legal regular move; pieces in flight never land.
        if dimchess_core::Position::count_legal_moves(self) > 0 {
            return None;
        }
        Some(if self.is_check() {
            Outcome::Win {
                winner: self.turn.other().index(),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw {
                reason: "stalemate",
            }
        })
    }
}
