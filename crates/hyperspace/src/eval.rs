//! Static evaluation for a search ([`Evaluate`]): FIDE's evaluation of the board
//! (`dimchess_fide::eval::tapered_strength`), and pieces in flight at 9/10 of their value
//! (they land, HS-2, but the landing can be met): [`FLIGHT_VALUES`]. The values in flight
//! are its tunable parameters (`dimchess_core::tune`).

use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};
use dimchess_fide::eval::{PIECE_VALUES, tapered_strength_on, value};
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

/// The parameters: the piece values in flight.
const TUNED: [Parameter; 5] = [
    Parameter::new("pawn in flight", FLIGHT_VALUES[0]),
    Parameter::new("knight in flight", FLIGHT_VALUES[1]),
    Parameter::new("bishop in flight", FLIGHT_VALUES[2]),
    Parameter::new("rook in flight", FLIGHT_VALUES[3]),
    Parameter::new("queen in flight", FLIGHT_VALUES[4]),
];

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// `color`'s strength with `values` for the pieces in flight, the board counted by FIDE's
    /// evaluation on `cpu`'s code path.
    #[inline(always)]
    fn strength_of<C: Cpu>(&self, cpu: C, color: Color, values: &[i32]) -> i32 {
        let mut total = tapered_strength_on(cpu, &self.board, color);
        for f in self.flight.iter() {
            if f.piece.color == color && f.piece.role != Role::King {
                total += values[f.piece.role.index()];
            }
        }
        total
    }
}

/// The values of the pieces in flight (the flight discount, one value per role); the board's
/// pieces are counted by FIDE's evaluation (`dimchess_fide::eval::tapered_strength`), which
/// does not move with them.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_hyperspace::Hyperspace;
/// assert_eq!(Hyperspace::PARAMETERS[4].name, "queen in flight");
/// assert_eq!(Hyperspace::PARAMETERS[4].value, 810);
/// assert_eq!(model_error(&Hyperspace::default(), 0, &[1, 2, 3, 4, 5]), 0.0);
/// ```
impl<const OPTIONAL: bool> Tune for HyperspacePosition<OPTIONAL> {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    fn features(&self, player: usize, features: &mut [f64]) {
        let color = Color::from_index(player);
        features.fill(0.0);
        for f in self.flight.iter() {
            if f.piece.color == color && f.piece.role != Role::King {
                features[f.piece.role.index()] += 1.0;
            }
        }
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        self.strength_of(Portable, Color::from_index(player), values)
    }
}

impl<const OPTIONAL: bool> Evaluate for HyperspacePosition<OPTIONAL> {
    const PLAYERS: usize = 2;
    /// HS-22: the rules know no repetition.
    const REPETITION_DRAWS: bool = false;

    /// FIDE's evaluation of the board (`dimchess_fide::eval::tapered_strength`: material,
    /// piece-square tables, mobility, threats, pawn structure), and each piece in flight at
    /// 9/10 of its FIDE value: a little less than on the board, as its landing can be met
    /// (HS-2).
    fn strength(&self, player: usize) -> i32 {
        self.strength_on(Portable, player)
    }

    #[inline(always)]
    fn strength_on<C: Cpu>(&self, cpu: C, player: usize) -> i32 {
        self.strength_of(cpu, Color::from_index(player), &FLIGHT_VALUES)
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
