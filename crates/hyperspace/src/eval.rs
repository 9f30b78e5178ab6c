//! Static evaluation for a search ([`Evaluate`]): FIDE material and placement on the board
//! (`dimchess_fide::eval`), and pieces in flight at their value (they land, HS-2).

use dimchess_core::eval::Evaluate;
use dimchess_fide::Color;
use dimchess_fide::eval::{board_strength, value};

use crate::moves::Move;
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

    fn move_key(&self, mv: Move) -> u32 {
        (mv.from().index() * 64 + mv.to().index()) as u32
    }
}
