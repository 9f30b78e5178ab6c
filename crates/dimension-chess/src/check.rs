//! Check (DC-21): capture of the king on Earth, or replacement of the king by a capturer
//! dropping from Heaven (White) or Hell (Black).

use dimchess_fide::{Color, Role};

use crate::geometry::{attacks, bit};
use crate::layer::{Layer, LayerExt, other};
use crate::plane::Plane;
use crate::position::DimensionChess;

/// The pieces of colour `by` on `layer` that attack `sq` by FIDE attack rules, with `occ`
/// blocking (pawns capture diagonally forward).
#[inline]
pub(crate) fn attackers(layer: &Layer, sq: u8, occ: u64, by: Color) -> u64 {
    let queens = layer.rol(Role::Queen);
    let diag = layer.rol(Role::Bishop) | queens;
    let orth = layer.rol(Role::Rook) | queens;
    (attacks::knight(sq) & layer.rol(Role::Knight)
        | attacks::king(sq) & layer.rol(Role::King)
        | attacks::pawn(other(by), sq) & layer.rol(Role::Pawn)
        | attacks::bishop(sq, occ) & diag
        | attacks::rook(sq, occ) & orth)
        & layer.col(by)
}

/// The pieces of one colour on one board, sorted by how they attack: [`attackers`] for many
/// squares of one position, with the sets made once. A rider's attacks, from the largest
/// tables, are looked up only when one of its kind stands on the square's lines.
pub(crate) struct AttackSets {
    orth: u64,
    diag: u64,
    knights: u64,
    kings: u64,
    pawns: u64,
    /// The colour of the attacked side (the attackers' pawns capture towards it).
    target: Color,
}

impl AttackSets {
    /// The pieces of `by` on `layer` among `active`.
    #[inline]
    pub(crate) fn new(layer: &Layer, by: Color, active: u64) -> Self {
        let mine = layer.col(by) & active;
        let queens = layer.rol(Role::Queen);
        AttackSets {
            orth: (layer.rol(Role::Rook) | queens) & mine,
            diag: (layer.rol(Role::Bishop) | queens) & mine,
            knights: layer.rol(Role::Knight) & mine,
            kings: layer.rol(Role::King) & mine,
            pawns: layer.rol(Role::Pawn) & mine,
            target: other(by),
        }
    }

    /// Whether one of the pieces attacks `sq`, with `occ` blocking (the same rule as
    /// [`attackers`]).
    #[inline]
    pub(crate) fn attack(&self, sq: u8, occ: u64) -> bool {
        let mut hit = attacks::knight(sq) & self.knights
            | attacks::king(sq) & self.kings
            | attacks::pawn(self.target, sq) & self.pawns;
        if attacks::rook_lines(sq) & self.orth != 0 {
            hit |= attacks::rook(sq, occ) & self.orth;
        }
        if attacks::bishop(sq, 0) & self.diag != 0 {
            hit |= attacks::bishop(sq, occ) & self.diag;
        }
        hit != 0
    }
}

impl DimensionChess {
    /// Is `c` in check (DC-21)? A missing king counts as in check (it has been removed, which
    /// no legal move allows, DC-22).
    pub(crate) fn in_check_of(&self, c: Color) -> bool {
        let Some(k) = self.king(c) else {
            return true;
        };
        self.earth_check(c, k) || self.drop_check(c, k)
    }

    /// (a) of DC-21: an unpossessed (or ego) enemy Earth piece attacks the king, which is not
    /// blessed (or is ego).
    #[inline]
    pub(crate) fn earth_check(&self, c: Color, k: u8) -> bool {
        let them = other(c);
        // The king is blessed (not ego) iff `k` is in the cells frozen for the enemy.
        // Cells frozen for the enemy: its possessed pieces and our blessed ones (DC-15, DC-16).
        let frozen_them = self.frozen_for(them);
        if frozen_them & bit(k) != 0 {
            return false;
        }
        let e = &self.layers[Plane::Earth.index()];
        attackers(e, k, e.occ(), them) & !frozen_them != 0
    }

    /// (b) of DC-21: the enemy can capture the piece aligned with the king on its dropping
    /// board (Hell for a Black attacker, Heaven for a White one), or capture en passant onto
    /// that square, and so drop onto the king (DC-9).
    #[inline]
    pub(crate) fn drop_check(&self, c: Color, k: u8) -> bool {
        let them = other(c);
        let plane = Plane::upper(them);
        let l = &self.layers[plane.index()];
        let kb = bit(k);
        if l.col(c) & kb != 0 && attackers(l, k, l.occ(), them) != 0 {
            return true;
        }
        if self.ep == Some((plane, k)) {
            // Black captures onto rank 3 taking a White pawn on rank 4; White onto rank 6.
            let (rank, victim) = match them {
                Color::White => (5, k.wrapping_sub(8)),
                Color::Black => (2, k + 8),
            };
            if k / 8 == rank
                && l.pcs(c, Role::Pawn) & bit(victim) != 0
                && attacks::pawn(c, k) & l.pcs(them, Role::Pawn) != 0
            {
                return true;
            }
        }
        false
    }

    /// Is the side to move in check (DC-21)?
    pub fn is_check(&self) -> bool {
        self.in_check_of(self.turn)
    }
}

#[cfg(test)]
mod tests {
    use dimchess_core::zobrist::SplitMix64;

    use super::*;

    /// `AttackSets::attack` (the line pre-tests included) agrees with `attackers` on random
    /// boards, for every square, colour and set of active pieces.
    #[test]
    fn attack_sets_agree_with_attackers() {
        let mut rng = SplitMix64::new(21);
        for _ in 0..300 {
            let mut l = Layer::default();
            for sq in 0..64u8 {
                if rng.below(3) == 0 {
                    let c = Color::ALL[rng.below(2)];
                    l.put_on(sq, c, Role::ALL[rng.below(6)]);
                }
            }
            let active = rng.next_u64();
            for by in Color::ALL {
                let sets = AttackSets::new(&l, by, active);
                for sq in 0..64u8 {
                    let occ = l.occ() & !(rng.next_u64() & rng.next_u64());
                    let want = attackers(&l, sq, occ, by) & active != 0;
                    assert_eq!(sets.attack(sq, occ), want, "square {sq}");
                }
            }
        }
    }
}
