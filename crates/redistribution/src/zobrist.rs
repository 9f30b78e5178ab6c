//! Zobrist keys: one per (colour, role, cell) and one for Black to move.

use std::sync::LazyLock;

use crate::geometry::CELLS;
use crate::piece::{Piece, Role};

pub(crate) struct Keys {
    pub(crate) pieces: [[[u64; CELLS]; Role::COUNT]; 2],
    pub(crate) black_to_move: u64,
}

pub(crate) static KEYS: LazyLock<Box<Keys>> = LazyLock::new(|| {
    let n = 2 * Role::COUNT * CELLS;
    let keys = dimchess_core::zobrist::keys(0x5244_4953_5452_4942, n + 1); // "RDISTRIB"
    let mut k = Box::new(Keys {
        pieces: [[[0; CELLS]; Role::COUNT]; 2],
        black_to_move: keys[n],
    });
    let mut i = 0;
    for c in 0..2 {
        for kind in 0..Role::COUNT {
            for s in 0..CELLS {
                k.pieces[c][kind][s] = keys[i];
                i += 1;
            }
        }
    }
    k
});

/// The key of `piece` on cell `s`.
#[inline]
pub(crate) fn piece_key(piece: Piece, s: usize) -> u64 {
    KEYS.pieces[piece.color().index()][piece.role().index()][s]
}
