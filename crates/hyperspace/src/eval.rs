//! Static evaluation for a search ([`Evaluate`]): FIDE material and placement on the board
//! (`dimchess_fide::eval`), and pieces in flight at their value (they land, HS-2).

use dimchess_core::eval::{Capture, Evaluate};
use dimchess_fide::eval::{board_strength, value};
use dimchess_fide::{Color, Role};

use crate::moves::{Move, MoveTag};
use crate::position::HyperspacePosition;

impl<const OPTIONAL: bool> Evaluate for HyperspacePosition<OPTIONAL> {
    const PLAYERS: usize = 2;
    /// HS-22: the rules know no repetition.
    const REPETITION_DRAWS: bool = false;

    fn strength(&self, player: usize) -> i32 {
        let color = Color::from_index(player);
        let mut total = board_strength(&self.board, color);
        for f in self.flight.iter() {
            if f.piece.color == color {
                // A piece in flight is worth a little less: its landing can be met.
                total += value(f.piece.role) * 9 / 10;
            }
        }
        total
    }

    /// An immediate move's capture on its destination (en passant: a pawn) and promotion
    /// gain; a move through hyperspace captures only when it lands, later (HS-2): quiet now.
    fn capture(&self, mv: Move) -> Option<Capture> {
        if mv.tag() == MoveTag::Hyper {
            return None;
        }
        let attacker = self.board.role_at(mv.from()).map_or(0, value);
        let mut gain = match self.board.piece_at(mv.to()) {
            Some(p) if p.color != self.turn => value(p.role),
            None if attacker == value(Role::Pawn) && Some(mv.to()) == self.ep => value(Role::Pawn),
            _ => 0,
        };
        if let Some(r) = mv.promotion() {
            gain += value(r) - value(Role::Pawn);
        }
        (gain > 0).then_some(Capture { gain, attacker })
    }

    /// For the search's check extension and pruning guards.
    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn move_key(&self, mv: Move) -> u32 {
        (mv.from().index() * 64 + mv.to().index()) as u32
    }
}
