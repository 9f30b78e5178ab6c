//! Hash keys: the FIDE keys of `dimchess-fide` for the board, side, castling and en passant,
//! and one key per possible in-flight entry (colour, piece, destination, turns left).
//!
//! The in-flight field is a multiset (§4), so its keys are combined by wrapping addition, not
//! XOR: two identical entries must not cancel out.

use std::sync::LazyLock;

use dimchess_fide::{Board, Color, Piece, Role};

use crate::position::HyperspacePosition;

/// Keys indexed by packed entry: colour (1 bit), turns (3 bits), square (6 bits), order (3).
static FLIGHT_KEYS: LazyLock<Vec<u64>> =
    LazyLock::new(|| dimchess_core::zobrist::keys(0x4879_7065_7273, 1 << 13));

/// The key of a packed in-flight entry.
#[inline]
pub(crate) fn flight(e: u16) -> u64 {
    FLIGHT_KEYS[(e as usize) & ((1 << 13) - 1)]
}

/// The XOR of the piece keys of every square whose piece differs between `a` and `b`.
#[inline]
pub(crate) fn board_delta(a: &Board, b: &Board) -> u64 {
    let mut h = 0;
    for color in Color::ALL {
        for role in Role::ALL {
            let mut d = (a.pieces(color, role) ^ b.pieces(color, role)).bits();
            while d != 0 {
                let s = d.trailing_zeros() as usize;
                d &= d - 1;
                h ^= dimchess_fide::zobrist::piece(
                    Piece::new(color, role),
                    dimchess_fide::Square::from_index(s),
                );
            }
        }
    }
    h
}

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// The XOR part of the hash, from scratch.
    pub(crate) fn xor_hash(&self) -> u64 {
        let mut h = board_delta(&Board::empty(), &self.board);
        if self.turn == Color::Black {
            h ^= dimchess_fide::zobrist::black_to_move();
        }
        h ^= dimchess_fide::zobrist::castling(self.castling);
        if let Some(ep) = self.ep {
            h ^= dimchess_fide::zobrist::ep_file(ep.file());
        }
        h
    }

    /// The additive part of the hash, from scratch.
    pub(crate) fn flight_sum(&self) -> u64 {
        self.flight
            .packed()
            .iter()
            .fold(0u64, |s, &e| s.wrapping_add(flight(e)))
    }

    /// The whole hash from scratch.
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        self.xor_hash() ^ self.flight_sum()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn equal_entries_do_not_cancel() {
        let e = crate::flight::InFlight::unpack(0x0200 | 21 << 3 | 2).pack();
        assert_ne!(super::flight(e).wrapping_add(super::flight(e)), 0);
    }
}
