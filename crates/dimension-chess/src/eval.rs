//! Static evaluation for a search ([`Evaluate`]): FIDE material and placement on each of the
//! three planes (`dimchess_fide::eval`), a piece in Heaven or Hell counted at its full value
//! (it can come back to Earth).

use dimchess_core::eval::{Capture, Evaluate};
use dimchess_fide::Color;
use dimchess_fide::Role;
use dimchess_fide::eval::{board_strength, value};

use crate::layer::LayerExt;
use crate::moves::MoveKind;

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

    /// The piece on the destination square of the move's board (en passant: a pawn), and the
    /// promotion gain.
    fn capture(&self, mv: Move) -> Option<Capture> {
        let board = &self.layers[mv.plane as usize];
        let mut gain = match mv.kind {
            MoveKind::EnPassant => value(Role::Pawn),
            MoveKind::Castle => 0,
            _ => board
                .piece_on(mv.to)
                .map_or(0, |(c, r)| if c == self.turn { 0 } else { value(r) }),
        };
        if let Some(r) = mv.promotion {
            gain += value(r) - value(Role::Pawn);
        }
        (gain > 0).then_some(Capture {
            gain,
            attacker: board.piece_on(mv.from).map_or(0, |(_, r)| value(r)),
        })
    }

    /// For the search's check extension and pruning guards.
    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn move_key(&self, mv: Move) -> u32 {
        (mv.plane as u32) * 4096 + u32::from(mv.from) * 64 + u32::from(mv.to)
    }
}
