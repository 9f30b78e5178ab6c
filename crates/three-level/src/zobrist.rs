//! Zobrist keys: placement, side to move, eliminated players and every player's en-passant
//! record (the "same position" of TL-18). The clocks are not hashed.

use std::sync::LazyLock;

use crate::geometry::CELLS;
use crate::piece::{Color, ROLES};
use crate::position::EpRecord;

/// The keys.
pub(crate) struct Keys {
    piece: Vec<u64>,
    side: [u64; 4],
    eliminated: [u64; 4],
    ep_passed: Vec<u64>,
    ep_pawn: Vec<u64>,
}

const PIECES: usize = 4 * ROLES * CELLS;

pub(crate) static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let k = dimchess_core::zobrist::keys(0x3_1e7e1, PIECES + 8 + 8 * CELLS);
    Keys {
        piece: k[..PIECES].to_vec(),
        side: core::array::from_fn(|i| k[PIECES + i]),
        eliminated: core::array::from_fn(|i| k[PIECES + 4 + i]),
        ep_passed: k[PIECES + 8..PIECES + 8 + 4 * CELLS].to_vec(),
        ep_pawn: k[PIECES + 8 + 4 * CELLS..].to_vec(),
    }
});

impl Keys {
    /// The key of a piece of `color` and role index `role` on `cell`.
    #[inline]
    pub(crate) fn piece(&self, color: Color, role: usize, cell: usize) -> u64 {
        self.piece[(color as usize * ROLES + role) * CELLS + cell]
    }
    /// The key of `c` to move.
    #[inline]
    pub(crate) fn side(&self, c: Color) -> u64 {
        self.side[c as usize]
    }
    /// The key of `c` eliminated.
    #[inline]
    pub(crate) fn eliminated(&self, c: Color) -> u64 {
        self.eliminated[c as usize]
    }
    /// The key of `c`'s en-passant record `r`.
    #[inline]
    pub(crate) fn ep(&self, c: Color, r: EpRecord) -> u64 {
        self.ep_passed[c as usize * CELLS + r.passed as usize]
            ^ self.ep_pawn[c as usize * CELLS + r.pawn as usize]
    }
}
