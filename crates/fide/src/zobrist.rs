//! Zobrist keys for FIDE pieces on an 8x8 board, shared by the variants that use them.

use std::sync::LazyLock;

use crate::types::{Piece, Square};

/// The keys: 12 x 64 piece-square keys, then side, 4 castling rights, 8 en-passant files.
struct Keys {
    piece: [[u64; 64]; 12],
    black: u64,
    castling: [u64; 4],
    ep_file: [u64; 8],
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let k = dimchess_core::zobrist::keys(0xf1de, 12 * 64 + 1 + 4 + 8);
    Keys {
        piece: core::array::from_fn(|p| core::array::from_fn(|s| k[p * 64 + s])),
        black: k[768],
        castling: core::array::from_fn(|i| k[769 + i]),
        ep_file: core::array::from_fn(|i| k[773 + i]),
    }
});

/// The key of `piece` on `sq`.
#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.piece[piece.index()][sq.index()]
}

/// The key toggled when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS.black
}

/// The key of castling right `i` (0 `K`, 1 `Q`, 2 `k`, 3 `q`).
#[inline]
pub fn castling_right(i: usize) -> u64 {
    KEYS.castling[i & 3]
}

/// The key of a castling-rights bit set (bit `i` as in [`castling_right`]).
#[inline]
pub fn castling(rights: u8) -> u64 {
    let mut h = 0;
    for i in 0..4 {
        if rights >> i & 1 != 0 {
            h ^= KEYS.castling[i];
        }
    }
    h
}

/// The key of an en-passant square on `file` (0 = a).
#[inline]
pub fn ep_file(file: u8) -> u64 {
    KEYS.ep_file[(file & 7) as usize]
}
