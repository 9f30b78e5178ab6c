//! Static evaluation for a search ([`Evaluate`]).
//!
//! FIDE pieces on the FIDE board by `dimchess_fide::eval`'s values and placement terms; the
//! trans-dimensional pieces (DX-11, DX-18, DX-22) have no value in the rulebook: each is
//! counted at a knight's value less a little (300), more while it stands on the FIDE board
//! where it acts (+20, [`ON_BOARD_BONUS`]). `docs/engine.md` says how far these values are
//! measured. The FIDE piece values, the three trans-dimensional values and the bonus are its
//! tunable parameters (`dimchess_core::tune`).

use dimchess_core::eval::Evaluate;
use dimchess_core::tune::{Parameter, Tune};
use dimchess_fide::eval::{PIECE_NAMES, PIECE_VALUES, placement, value};
use dimchess_fide::{Color, Role as FideRole};

use crate::action::Turn;
use crate::board::{DX, DxPosition, GONE, Role};

/// Centipawns of a Crab, a Spitting Cobra and a Spider.
pub const TRANS_DIMENSIONAL_VALUES: [i32; 3] = [300, 300, 300];

/// Centipawns for a trans-dimensional piece standing on the FIDE board, where it acts.
pub const ON_BOARD_BONUS: i32 = 20;

/// The parameters: FIDE's piece values, [`TRANS_DIMENSIONAL_VALUES`], [`ON_BOARD_BONUS`].
const TUNED: [Parameter; 9] = [
    Parameter::new(PIECE_NAMES[0], PIECE_VALUES[0]),
    Parameter::new(PIECE_NAMES[1], PIECE_VALUES[1]),
    Parameter::new(PIECE_NAMES[2], PIECE_VALUES[2]),
    Parameter::new(PIECE_NAMES[3], PIECE_VALUES[3]),
    Parameter::new(PIECE_NAMES[4], PIECE_VALUES[4]),
    Parameter::new("crab", TRANS_DIMENSIONAL_VALUES[0]),
    Parameter::new("cobra", TRANS_DIMENSIONAL_VALUES[1]),
    Parameter::new("spider", TRANS_DIMENSIONAL_VALUES[2]),
    Parameter::new("td on FIDE board", ON_BOARD_BONUS),
];

/// The values of [`TUNED`], in order.
const VALUES: [i32; 9] = [
    PIECE_VALUES[0],
    PIECE_VALUES[1],
    PIECE_VALUES[2],
    PIECE_VALUES[3],
    PIECE_VALUES[4],
    TRANS_DIMENSIONAL_VALUES[0],
    TRANS_DIMENSIONAL_VALUES[1],
    TRANS_DIMENSIONAL_VALUES[2],
    ON_BOARD_BONUS,
];

/// FIDE's piece values, the trans-dimensional pieces' values and their bonus on the FIDE
/// board.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_dimension_x::DxPosition;
/// assert_eq!(DxPosition::PARAMETERS[5].name, "crab");
/// assert_eq!(model_error(&DxPosition::default(), 0, &[1, 2, 3, 4, 5, 6, 7, 8, 9]), 0.0);
/// ```
impl Tune for DxPosition {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    fn features(&self, player: usize, features: &mut [f64]) {
        features.fill(0.0);
        for (r, feature) in features.iter_mut().enumerate().take(5) {
            *feature = f64::from((self.roles[r] & self.color[player]).count_ones());
        }
        for (t, &loc) in self.td[player].iter().enumerate() {
            if loc != GONE {
                features[5 + t] += 1.0;
                if loc < DX {
                    features[8] += 1.0;
                }
            }
        }
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        let color = Color::from_index(player);
        let mut total = 0;
        for (r, role) in FideRole::ALL.into_iter().enumerate() {
            let v = if role == FideRole::King { 0 } else { values[r] };
            let mut bb = self.roles[r] & self.color[player];
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                total += v + placement(color, role, sq);
            }
        }
        for (t, &loc) in self.td[player].iter().enumerate() {
            if loc != GONE {
                total += values[5 + t] + if loc < DX { values[8] } else { 0 };
            }
        }
        total
    }
}

/// The material value of a piece of `kind` in centipawns, as [`Evaluate::strength`] counts it
/// (placement terms aside); the King counts 0 (its loss ends the game, DX-7).
pub fn kind_value(kind: Role) -> i32 {
    match kind {
        Role::King => 0,
        Role::Crab | Role::Cobra | Role::Spider => TRANS_DIMENSIONAL_VALUES[kind.index() - 6],
        k => value(FideRole::ALL[k.index()]),
    }
}

impl Evaluate for DxPosition {
    const PLAYERS: usize = 2;
    /// DX-10: no draw by repetition or by the clock.
    const REPETITION_DRAWS: bool = false;
    /// A leaf has tens of thousands of turns: no quiescence.
    const QUIESCENCE: bool = false;

    fn strength(&self, player: usize) -> i32 {
        self.strength_with(player, &VALUES)
    }

    fn move_key(&self, mv: Turn) -> u32 {
        mv.actions()
            .first()
            .map_or(0, |a| u32::from(a.a) * 128 + u32::from(a.b))
    }
}
