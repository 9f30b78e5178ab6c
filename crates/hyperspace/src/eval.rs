//! Static evaluation for a search ([`Evaluate`]): FIDE material and placement on the board
//! (`dimchess_fide::eval`), and pieces in flight at 9/10 of their value (they land, HS-2, but
//! the landing can be met): [`FLIGHT_VALUES`]. The piece values on the board and in flight are
//! its tunable parameters (`dimchess_core::tune`).

use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};
use dimchess_fide::eval::{
    PIECE_NAMES, PIECE_VALUES, add_piece_counts, board_strength_with, value,
};
use dimchess_fide::{Color, Role};

use crate::moves::{Move, MoveTag};
use crate::position::HyperspacePosition;

/// The value of a Pawn, Knight, Bishop, Rook and Queen in flight: 9/10 of its value on the
/// board (`dimchess_fide::eval::PIECE_VALUES`).
pub const FLIGHT_VALUES: [i32; 5] = {
    let mut v = [0; 5];
    let mut i = 0;
    while i < 5 {
        v[i] = PIECE_VALUES[i] * 9 / 10;
        i += 1;
    }
    v
};

/// The parameters: the piece values on the board, then in flight.
const TUNED: [Parameter; 10] = [
    Parameter::new(PIECE_NAMES[0], PIECE_VALUES[0]),
    Parameter::new(PIECE_NAMES[1], PIECE_VALUES[1]),
    Parameter::new(PIECE_NAMES[2], PIECE_VALUES[2]),
    Parameter::new(PIECE_NAMES[3], PIECE_VALUES[3]),
    Parameter::new(PIECE_NAMES[4], PIECE_VALUES[4]),
    Parameter::new("pawn in flight", FLIGHT_VALUES[0]),
    Parameter::new("knight in flight", FLIGHT_VALUES[1]),
    Parameter::new("bishop in flight", FLIGHT_VALUES[2]),
    Parameter::new("rook in flight", FLIGHT_VALUES[3]),
    Parameter::new("queen in flight", FLIGHT_VALUES[4]),
];

/// The values of [`TUNED`], in order.
const VALUES: [i32; 10] = [
    PIECE_VALUES[0],
    PIECE_VALUES[1],
    PIECE_VALUES[2],
    PIECE_VALUES[3],
    PIECE_VALUES[4],
    FLIGHT_VALUES[0],
    FLIGHT_VALUES[1],
    FLIGHT_VALUES[2],
    FLIGHT_VALUES[3],
    FLIGHT_VALUES[4],
];

/// The piece values on the board and in flight (the flight discount, one value per role).
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_hyperspace::Hyperspace;
/// assert_eq!(Hyperspace::PARAMETERS[9].name, "queen in flight");
/// assert_eq!(Hyperspace::PARAMETERS[9].value, 810);
/// assert_eq!(model_error(&Hyperspace::default(), 0, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), 0.0);
/// ```
impl<const OPTIONAL: bool> Tune for HyperspacePosition<OPTIONAL> {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    fn features(&self, player: usize, features: &mut [f64]) {
        let color = Color::from_index(player);
        features.fill(0.0);
        add_piece_counts(&self.board, color, features);
        for f in self.flight.iter() {
            if f.piece.color == color && f.piece.role != Role::King {
                features[5 + f.piece.role.index()] += 1.0;
            }
        }
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        let color = Color::from_index(player);
        let mut total = board_strength_with(&self.board, color, values);
        for f in self.flight.iter() {
            if f.piece.color == color && f.piece.role != Role::King {
                total += values[5 + f.piece.role.index()];
            }
        }
        total
    }
}

impl<const OPTIONAL: bool> Evaluate for HyperspacePosition<OPTIONAL> {
    const PLAYERS: usize = 2;
    /// HS-22: the rules know no repetition.
    const REPETITION_DRAWS: bool = false;

    fn strength(&self, player: usize) -> i32 {
        // A piece in flight is worth a little less: its landing can be met.
        self.strength_with(player, &VALUES)
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
