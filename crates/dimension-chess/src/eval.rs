//! Static evaluation for a search ([`Evaluate`]): FIDE's evaluation of each of the three
//! planes (`dimchess_fide::eval::tapered_strength`), and a bonus per piece in Heaven and in
//! Hell, [`PLANE_BONUS`], 0 for now (a piece off Earth can come back). The bonuses are its
//! tunable parameters (`dimchess_core::tune`).

use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};
use dimchess_fide::Color;
use dimchess_fide::Role;
use dimchess_fide::eval::{tapered_strength_on, value};

use crate::layer::LayerExt;
use crate::moves::MoveKind;

use crate::moves::Move;
use crate::position::DimensionChess;

/// Centipawns per piece (the King included) standing in Heaven and in Hell, on top of its
/// value: 0, a piece off Earth is worth its full value.
pub const PLANE_BONUS: [i32; 2] = [0, 0];

/// The parameters: [`PLANE_BONUS`].
const TUNED: [Parameter; 2] = [
    Parameter::new("heaven piece", PLANE_BONUS[0]),
    Parameter::new("hell piece", PLANE_BONUS[1]),
];

impl DimensionChess {
    /// `color`'s strength with `values` for [`PLANE_BONUS`], each plane counted by FIDE's
    /// evaluation on `cpu`'s code path.
    #[inline(always)]
    fn strength_of<C: Cpu>(&self, cpu: C, color: Color, values: &[i32]) -> i32 {
        // A loop, not a closure: a closure may stay out of line, compiled for the portable
        // path whatever `cpu` is.
        let mut total = 0;
        for b in &self.layers {
            total += tapered_strength_on(cpu, b, color);
        }
        for (i, plane) in [0, 2].into_iter().enumerate() {
            total += values[i] * self.layers[plane].by_color(color).count() as i32;
        }
        total
    }
}

/// A bonus per piece in Heaven and in Hell; each plane's pieces are counted by FIDE's
/// evaluation (`dimchess_fide::eval::tapered_strength`), which does not move with them.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_dimension_chess::DimensionChess;
/// let names: Vec<&str> = DimensionChess::PARAMETERS.iter().map(|p| p.name).collect();
/// assert_eq!(names, ["heaven piece", "hell piece"]);
/// assert_eq!(model_error(&DimensionChess::default(), 1, &[6, 7]), 0.0);
/// ```
impl Tune for DimensionChess {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    fn features(&self, player: usize, features: &mut [f64]) {
        let color = Color::from_index(player);
        features.fill(0.0);
        for (i, plane) in [0, 2].into_iter().enumerate() {
            features[i] = f64::from(self.layers[plane].by_color(color).count());
        }
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        self.strength_of(Portable, Color::from_index(player), values)
    }
}

impl Evaluate for DimensionChess {
    const PLAYERS: usize = 2;
    /// DC-27: repetition never ends a game.
    const REPETITION_DRAWS: bool = false;

    /// FIDE's evaluation of each plane (`dimchess_fide::eval::tapered_strength`: material,
    /// piece-square tables, mobility, threats, pawn structure), and a bonus per piece
    /// in Heaven and in Hell.
    fn strength(&self, player: usize) -> i32 {
        self.strength_on(Portable, player)
    }

    #[inline(always)]
    fn strength_on<C: Cpu>(&self, cpu: C, player: usize) -> i32 {
        self.strength_of(cpu, Color::from_index(player), &PLANE_BONUS)
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
