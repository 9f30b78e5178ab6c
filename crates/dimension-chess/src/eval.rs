//! Static evaluation for a search ([`Evaluate`]): FIDE material and placement on each of the
//! three planes (`dimchess_fide::eval`), a piece in Heaven or Hell counted at its full value
//! (it can come back to Earth): [`PLANE_BONUS`] is 0 for now. The piece values and the
//! per-plane bonuses are its tunable parameters (`dimchess_core::tune`).

use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};
use dimchess_fide::Color;
use dimchess_fide::Role;
use dimchess_fide::eval::{
    PIECE_NAMES, PIECE_VALUES, add_piece_counts, board_strength_with, value,
};

use crate::layer::LayerExt;
use crate::moves::MoveKind;

use crate::moves::Move;
use crate::position::DimensionChess;

/// Centipawns per piece (the King included) standing in Heaven and in Hell, on top of its
/// value: 0, a piece off Earth is worth its full value.
pub const PLANE_BONUS: [i32; 2] = [0, 0];

/// The parameters: FIDE's piece values, then [`PLANE_BONUS`].
const TUNED: [Parameter; 7] = [
    Parameter::new(PIECE_NAMES[0], PIECE_VALUES[0]),
    Parameter::new(PIECE_NAMES[1], PIECE_VALUES[1]),
    Parameter::new(PIECE_NAMES[2], PIECE_VALUES[2]),
    Parameter::new(PIECE_NAMES[3], PIECE_VALUES[3]),
    Parameter::new(PIECE_NAMES[4], PIECE_VALUES[4]),
    Parameter::new("heaven piece", PLANE_BONUS[0]),
    Parameter::new("hell piece", PLANE_BONUS[1]),
];

/// The values of [`TUNED`], in order.
const VALUES: [i32; 7] = [
    PIECE_VALUES[0],
    PIECE_VALUES[1],
    PIECE_VALUES[2],
    PIECE_VALUES[3],
    PIECE_VALUES[4],
    PLANE_BONUS[0],
    PLANE_BONUS[1],
];

/// FIDE's piece values on all three planes, and a bonus per piece in Heaven and in Hell.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_dimension_chess::DimensionChess;
/// let names: Vec<&str> = DimensionChess::PARAMETERS.iter().map(|p| p.name).collect();
/// assert_eq!(names, ["pawn", "knight", "bishop", "rook", "queen", "heaven piece", "hell piece"]);
/// assert_eq!(model_error(&DimensionChess::default(), 1, &[1, 2, 3, 4, 5, 6, 7]), 0.0);
/// ```
impl Tune for DimensionChess {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    fn features(&self, player: usize, features: &mut [f64]) {
        let color = Color::from_index(player);
        features.fill(0.0);
        for b in &self.layers {
            add_piece_counts(b, color, features);
        }
        for (i, plane) in [0, 2].into_iter().enumerate() {
            features[5 + i] = f64::from(self.layers[plane].by_color(color).count());
        }
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        let color = Color::from_index(player);
        let mut total: i32 = self
            .layers
            .iter()
            .map(|b| board_strength_with(b, color, values))
            .sum();
        for (i, plane) in [0, 2].into_iter().enumerate() {
            total += values[5 + i] * self.layers[plane].by_color(color).count() as i32;
        }
        total
    }
}

impl Evaluate for DimensionChess {
    const PLAYERS: usize = 2;
    /// DC-27: repetition never ends a game.
    const REPETITION_DRAWS: bool = false;

    fn strength(&self, player: usize) -> i32 {
        self.strength_with(player, &VALUES)
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
