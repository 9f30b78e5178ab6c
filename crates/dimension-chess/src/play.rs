//! Playing a move: DC-20 steps 2 to 6 (movement, promotion, transfer, conversion, state).

use dimchess_core::{Error, Position};
use dimchess_fide::{Color, Piece, Role};

use crate::geometry::{bit, square};
use crate::layer::{LayerExt, other};
use crate::movegen::strength;
use crate::moves::{Move, MoveKind};
use crate::plane::Plane;
use crate::position::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, DimensionChess, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};
use crate::zobrist;

/// Earth squares whose touching loses castling rights (DC-13), with the rights lost.
const CASTLING_SQUARES: [(u8, u8); 6] = [
    (4, WHITE_KINGSIDE | WHITE_QUEENSIDE),
    (7, WHITE_KINGSIDE),
    (0, WHITE_QUEENSIDE),
    (60, BLACK_KINGSIDE | BLACK_QUEENSIDE),
    (63, BLACK_KINGSIDE),
    (56, BLACK_QUEENSIDE),
];
const CASTLING_MASK: u64 = bit(4) | bit(7) | bit(0) | bit(60) | bit(63) | bit(56);

/// The castling rights left of `rights` once the Earth squares `touched` have been moved from,
/// to or through (DC-13).
#[inline]
fn rights_after(rights: u8, touched: u64) -> u8 {
    if touched & CASTLING_MASK == 0 {
        return rights;
    }
    CASTLING_SQUARES
        .iter()
        .filter(|&&(sq, _)| touched & bit(sq) != 0)
        .fold(rights, |r, &(_, lost)| r & !lost)
}

impl DimensionChess {
    /// The position after the legal move `m`; an illegal move is an error citing the ruling
    /// that forbids it, and `self` is unchanged.
    ///
    /// ```
    /// use dimchess_dimension_chess::DimensionChess;
    /// let p = DimensionChess::start();
    /// let m = p.read_move("E:e2e4").unwrap();
    /// assert_eq!(
    ///     p.after_move(m).unwrap().to_string(),
    ///     "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8 b KQkq E:e3 0 1"
    /// );
    /// ```
    pub fn after_move(&self, m: Move) -> Result<DimensionChess, Error> {
        if self.moves().contains(&m) {
            Ok(self.after(m))
        } else {
            // Let the move-text checker explain why.
            Err(self
                .read_move(&m.to_string())
                .err()
                .unwrap_or_else(|| Error::illegal(m.to_string(), "DC-22", "not a legal move here")))
        }
    }

    /// Copy-make: the position after the pseudo-legal `m` (DC-20 steps 2 to 6).
    pub(crate) fn after(&self, m: Move) -> DimensionChess {
        let mut p = *self;
        p.play_from(self, m);
        p
    }

    /// Plays `m`, a pseudo-legal move of `parent`, on `self`, a copy of `parent` just made
    /// (copy-make). The commonest move (no capture, promotion, castling or en passant: no
    /// transfer either, DC-5 to DC-9) has every changed field computed from `parent` and
    /// stored once, none read back from the copy: such a read would wait for the copy's
    /// wide stores (a load that a narrower store cannot forward to).
    #[inline(always)]
    pub(crate) fn play_from(&mut self, parent: &DimensionChess, m: Move) {
        debug_assert!(*self == *parent);
        if !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
            || m.promotion.is_some()
            || parent.layers[m.plane.index()].occ() & bit(m.to) != 0
        {
            self.apply(m);
            return;
        }
        let us = parent.turn;
        let plane = m.plane;
        let role = m.role;
        let ft = bit(m.from) | bit(m.to);
        self.layers[plane.index()] = parent.layers[plane.index()].with_move(
            square(m.from),
            square(m.to),
            Piece::new(us, role),
        );
        let mut hash = parent.hash
            ^ zobrist::piece(plane, us, role, m.from)
            ^ zobrist::piece(plane, us, role, m.to)
            ^ zobrist::black_to_move();
        if let Some((pl, sq)) = parent.ep {
            hash ^= zobrist::ep(pl, sq);
        }
        self.ep = None;
        if m.kind == MoveKind::DoubleStep {
            let passed = (m.from + m.to) / 2;
            self.ep = Some((plane, passed));
            hash ^= zobrist::ep(plane, passed);
        }
        // Step 6 (DC-13): an Earth move touching a castling square.
        if plane == Plane::Earth && ft & CASTLING_MASK != 0 && parent.castling != 0 {
            let rights = rights_after(parent.castling, ft);
            hash ^= zobrist::castling(parent.castling) ^ zobrist::castling(rights);
            self.castling = rights;
        }
        self.halfmove = if role == Role::Pawn {
            0
        } else {
            parent.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmove = parent.fullmove.saturating_add(1);
        }
        self.turn = other(us);
        self.hash = hash;
        // Step 5 (DC-19): only where a king then stands under a piece in Heaven or Hell,
        // found from `parent` and the move.
        let moved = |pl: Plane, set: u64| if pl == plane { set ^ ft } else { set };
        let kings = parent.layers[Plane::Earth.index()].rol(Role::King);
        let kings = if role == Role::King {
            moved(Plane::Earth, kings)
        } else {
            kings
        };
        let off_earth = moved(Plane::Heaven, parent.layers[Plane::Heaven.index()].occ())
            | moved(Plane::Hell, parent.layers[Plane::Hell.index()].occ());
        if off_earth & kings != 0 {
            self.convert();
        }
        debug_assert_eq!(*self, {
            let mut full = *parent;
            full.apply(m);
            full
        });
    }

    /// Plays `m`, a pseudo-legal move of this position (made by its generator: the move's
    /// `role` is the piece on its origin), in place (DC-20 steps 2 to 6).
    pub(crate) fn apply(&mut self, m: Move) {
        let us = self.turn;
        let plane = m.plane;
        if let Some((pl, sq)) = self.ep.take() {
            self.hash ^= zobrist::ep(pl, sq);
        }
        // The move names its piece (it comes from this position's move list).
        let role = m.role;
        self.take_known(plane, m.from, us, role);
        let victim_sq = match (m.kind, us) {
            (MoveKind::EnPassant, Color::White) => m.to.wrapping_sub(8) & 63,
            (MoveKind::EnPassant, Color::Black) => (m.to + 8) & 63,
            _ => m.to,
        };
        // Step 2: move (en passant takes the pawn off its own square; castling moves the rook).
        let victim = if self.layers[plane.index()].occ() & bit(victim_sq) != 0 {
            self.take(plane, victim_sq)
        } else {
            None
        };
        if m.kind == MoveKind::Castle {
            let (rook_from, rook_to) = if m.to > m.from {
                (m.from + 3, m.from + 1)
            } else {
                (m.from - 4, m.from - 1)
            };
            if let Some((c, r)) = self.take(Plane::Earth, rook_from) {
                self.put(Plane::Earth, rook_to, c, r);
            }
        }
        // Step 3: promote on the board of the move (DC-6).
        let placed = m.promotion.unwrap_or(role);
        self.put(plane, m.to, us, placed);
        let mut touched = if plane == Plane::Earth {
            bit(m.from) | bit(m.to)
        } else {
            0
        };
        // Step 4: the transfer of §2.5 (DC-5 to DC-9, DC-14).
        if let Some((vc, vr)) = victim {
            if plane == Plane::Earth {
                if role != Role::King {
                    // DC-5, DC-6: the capturer counts as it was before promoting.
                    let dest = if strength(vr) > strength(role) {
                        Plane::lower(us)
                    } else {
                        Plane::upper(us)
                    };
                    self.land(dest, victim_sq, vc, vr);
                }
                // DC-14: a king's victim is removed from play.
            } else if plane == Plane::upper(us) {
                // DC-9: the capturer drops to Earth and removes whatever stands there; the
                // victim is removed from play.
                self.take(plane, m.to);
                self.take(Plane::Earth, m.to);
                self.put(Plane::Earth, m.to, us, placed);
                touched |= bit(m.to);
            } else {
                // Black in Heaven, White in Hell: the victim goes to the mover's upper board.
                self.land(Plane::upper(us), victim_sq, vc, vr);
            }
        }
        // Step 5: conversion by both kings (DC-19); nothing to do unless a piece stands on
        // Heaven or Hell at a king's cell.
        let kings = self.layers[Plane::Earth.index()].rol(Role::King);
        let off_earth =
            self.layers[Plane::Heaven.index()].occ() | self.layers[Plane::Hell.index()].occ();
        if off_earth & kings != 0 {
            self.convert();
        }
        // Step 6: castling rights, e.p. field, counters, side to move (DC-12, DC-13, DC-27).
        if touched & CASTLING_MASK != 0 && self.castling != 0 {
            let old = self.castling;
            self.castling = rights_after(old, touched);
            self.hash ^= zobrist::castling(old) ^ zobrist::castling(self.castling);
        }
        if m.kind == MoveKind::DoubleStep {
            let passed = (m.from + m.to) / 2;
            self.ep = Some((plane, passed));
            self.hash ^= zobrist::ep(plane, passed);
        }
        if role == Role::Pawn || victim.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = other(us);
        self.hash ^= zobrist::black_to_move();
    }

    /// DC-19: each king converts the enemy pieces in Heaven and Hell at its cell.
    fn convert(&mut self) {
        for kc in [Color::White, Color::Black] {
            if let Some(k) = self.king(kc) {
                for p in [Plane::Heaven, Plane::Hell] {
                    if self.layers[p.index()].color_on(k) == Some(other(kc))
                        && let Some((_, r)) = self.take(p, k)
                    {
                        self.put(p, k, kc, r);
                    }
                }
            }
        }
    }

    /// A victim lands on `sq` of `plane`, or is removed from play if it is occupied (DC-7,
    /// DC-8).
    #[inline]
    fn land(&mut self, plane: Plane, sq: u8, c: Color, r: Role) {
        if self.layers[plane.index()].occ() & bit(sq) == 0 {
            self.put(plane, sq, c, r);
        }
    }
}
