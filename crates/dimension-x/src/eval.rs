//! Static evaluation for a search ([`Evaluate`]).
//!
//! FIDE pieces on the FIDE board by `dimchess_fide::eval`'s values and placement terms; the
//! trans-dimensional pieces (DX-11, DX-18, DX-22) have no value in the rulebook: each is
//! counted at a knight's value less a little (300), more while it stands on the FIDE board
//! where it acts (+20). `docs/engine.md` says how far these values are measured.

use dimchess_core::eval::Evaluate;
use dimchess_fide::eval::{placement, value};
use dimchess_fide::{Color, Role as FideRole};

use crate::action::Turn;
use crate::board::{DX, DxPosition, GONE, Role};

/// Centipawns of a Crab, a Spitting Cobra and a Spider.
pub const TRANS_DIMENSIONAL_VALUES: [i32; 3] = [300, 300, 300];

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
        let color = Color::from_index(player);
        let mut total = 0;
        for (r, role) in FideRole::ALL.into_iter().enumerate() {
            let mut bb = self.roles[r] & self.color[player];
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                total += value(role) + placement(color, role, sq);
            }
        }
        for (t, &loc) in self.td[player].iter().enumerate() {
            if loc != GONE {
                total += TRANS_DIMENSIONAL_VALUES[t] + if loc < DX { 20 } else { 0 };
            }
        }
        total
    }

    fn move_key(&self, mv: Turn) -> u32 {
        mv.actions()
            .first()
            .map_or(0, |a| u32::from(a.a) * 128 + u32::from(a.b))
    }
}
