//! Making moves: copy-make with incremental bitboards and hash.

use crate::moves::Move;
use crate::piece::{Color, Components, Piece, Role};
use crate::position::Redistribution;
use crate::zobrist::KEYS;

impl Redistribution {
    /// Applies `m`, which must be legal here, in place (copy-make: callers keep a copy):
    ///
    /// - whole move to an empty cell, or capture (RD-5): the piece moves, a captured piece
    ///   disappears, the halfmove clock resets on a capture;
    /// - whole move onto a friend (RD-8): the origin empties, the destination holds the
    ///   quadruple of all four components;
    /// - split (RD-10): the pair lands on the empty `to`, the other two stay on `from`.
    ///
    /// A move that is not legal here may leave a position that breaks the rules, but never
    /// panics: a move that does not start on a piece of the side to move, or a split or
    /// combining whose pieces do not exist, changes nothing.
    pub(crate) fn apply(&mut self, m: Move) {
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.piece_at(from).filter(|p| p.color() == us) else {
            return;
        };
        let target = self.piece_at(to);
        let valid = if m.is_split() {
            target.is_none()
                && m.pair().minus(mover.components()).is_empty()
                && Role::from_components(m.pair()).is_some()
                && Role::from_components(mover.components().minus(m.pair())).is_some()
        } else {
            from != to
                && target.is_none_or(|t| {
                    t.color() != us
                        || Role::from_components(mover.components().union(t.components()))
                            .is_some_and(|k| k.components().is_quadruple())
                })
        };
        if !valid {
            return;
        }
        self.take(from);
        let mut capture = false;
        if m.is_split() {
            // RD-10: both halves belong to the mover's side; `to` is empty (RD-11).
            let pair = m.pair();
            let rest = mover.components().minus(pair);
            self.put(to, piece_of(us, pair));
            self.put(from, piece_of(us, rest));
        } else if self.board[to.index()] == 0 {
            self.put(to, mover);
        } else {
            let target = self.take(to);
            if target.color() == us {
                // RD-8: the union of the two pairs, no memory of the partners.
                self.put(
                    to,
                    piece_of(us, mover.components().union(target.components())),
                );
            } else {
                capture = true;
                self.put(to, mover);
            }
        }
        if mover.role() == Role::EMPEROR {
            self.emperor[us.index()] = to;
        }
        // RD-17: the clock is for display only; counters saturate (CONVENTIONS).
        self.halfmove = if capture {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = us.opponent();
        self.hash ^= KEYS.black_to_move;
    }
}

#[inline]
fn piece_of(color: Color, set: Components) -> Piece {
    Piece::new(
        color,
        Role::from_components(set).expect("a named component set"),
    )
}
