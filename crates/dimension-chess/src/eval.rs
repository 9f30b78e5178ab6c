//! Static evaluation for a search ([`Evaluate`]): FIDE material and placement on each of the
//! three planes (`dimchess_fide::eval`), a piece in Heaven or Hell counted at its full value
//! (it can come back to Earth).

use dimchess_core::eval::Evaluate;
use dimchess_fide::Color;
use dimchess_fide::eval::board_strength;

use crate::moves::Move;
use crate::position::DimensionChess;

impl Evaluate for DimensionChess {
    const PLAYERS: usize = 2;
    /// DC-27: repetition never ends a game.
    const REPETITION_DRAWS: bool = false;

    fn strength(&self, player: usize) -> i32 {
        let color = Color::from_index(player);
        self.layers.iter().map(|b| board_strength(b, color)).sum()
    }

    fn move_key(&self, mv: Move) -> u32 {
        (mv.plane as u32) * 4096 + u32::from(mv.from) * 64 + u32::from(mv.to)
    }
}
