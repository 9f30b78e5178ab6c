//! Zobrist keys for Dimension Chess positions, built once.

use std::sync::LazyLock;

use dimchess_fide::{Color, Role};

use crate::plane::Plane;

/// Seed of this variant's keys ("dimchess" + variant tag).
const SEED: u64 = 0x6463_6865_7373_4443;

const PIECES: usize = 3 * 2 * 6 * 64;
const SIDE: usize = PIECES;
const CASTLING: usize = SIDE + 1;
const EP: usize = CASTLING + 4;
const TOTAL: usize = EP + 3 * 64;

/// A fixed-size table: every index below is provably in range, so no access is bounds-checked.
static KEYS: LazyLock<[u64; TOTAL]> = LazyLock::new(|| {
    let k = dimchess_core::zobrist::keys(SEED, TOTAL);
    core::array::from_fn(|i| k[i])
});

/// The key of piece `(c, r)` on `sq` of `plane`.
#[inline]
pub(crate) fn piece(plane: Plane, c: Color, r: Role, sq: u8) -> u64 {
    KEYS[((plane.index() * 2 + c.index()) * 6 + r.index()) * 64 + (sq & 63) as usize]
}

/// The key toggled when Black is to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS[SIDE]
}

/// The key of the castling rights `rights` (bit 0 `K`, 1 `Q`, 2 `k`, 3 `q`).
#[inline]
pub(crate) fn castling(rights: u8) -> u64 {
    let mut h = 0;
    for i in 0..4 {
        if rights & (1 << i) != 0 {
            h ^= KEYS[CASTLING + i];
        }
    }
    h
}

/// The key of an e.p. field on `sq` of `plane`.
#[inline]
pub(crate) fn ep(plane: Plane, sq: u8) -> u64 {
    KEYS[EP + plane.index() * 64 + (sq & 63) as usize]
}
