//! Performing actions and ending a turn (copy-make: the caller keeps the old position).

use crate::action::{Action, ActionKind, Turn};
use crate::board::{Color, DX, DxPosition, keys};
use crate::tables::NO_SQ;

/// What the actions of a turn so far did that the end of the turn needs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TurnFlags {
    /// A pawn move, FIDE capture, strike or pinch happened (DX-29).
    pub reset_clock: bool,
    /// The square a double step passed, or 0 (no square 0 can be one) (DX-25).
    pub ep: u8,
    /// The enemy King was removed (DX-7).
    pub king_removed: bool,
    /// A FIDE move was made (DX-6).
    pub fide: bool,
    /// A strike or pinch was made, or the FIDE move captured: only such turns can share a
    /// child with another turn (a capture of X equals X pinched or struck away and the same
    /// move onto the emptied square).
    pub td_removal: bool,
}

/// Performs one legal action of the side to move.
pub(crate) fn apply(p: &mut DxPosition, x: &Action, fl: &mut TurnFlags) {
    let c = p.side.index();
    let them = 1 - c;
    match x.kind {
        ActionKind::Fide => {
            fl.fide = true;
            let (f, t) = (x.a, x.b);
            let fb = 1u64 << f;
            let kind = (0..6).find(|&r| p.roles[r] & fb != 0).unwrap_or(0);
            if p.color[them] & (1u64 << t) != 0 {
                // DX-14: an ordinary capture, of a FIDE or trans-dimensional piece.
                if p.remove_at(them, t) == 5 {
                    fl.king_removed = true;
                }
                fl.td_removal = true;
                fl.reset_clock = true;
                p.touch_castling(t);
            } else if kind == 0 && f % 8 != t % 8 {
                // En passant (DX-25): the pawn that double-stepped is taken.
                let victim = if c == 0 { t.wrapping_sub(8) } else { t + 8 };
                // (Always an enemy pawn for a legal turn; checked so that a turn played on
                // the wrong position cannot panic.)
                if victim < 64 && p.roles[0] & p.color[them] & (1u64 << victim) != 0 {
                    p.remove_fide(them, 0, victim);
                }
                fl.td_removal = true;
            }
            p.remove_fide(c, kind, f);
            p.put_fide(
                c,
                if x.c != 0 {
                    (x.c as usize).min(4)
                } else {
                    kind
                },
                t,
            );
            if kind == 0 {
                fl.reset_clock = true;
                if f.abs_diff(t) == 16 {
                    fl.ep = (f + t) / 2;
                }
            } else if kind == 5 && f.abs_diff(t) == 2 && (f == 4 || f == 60) {
                // Castling: the Rook jumps over (DX-23).
                let (rf, rt) = if t > f {
                    (f + 3, f + 1)
                } else {
                    (f - 4, f - 1)
                };
                p.remove_fide(c, 3, rf);
                p.put_fide(c, 3, rt);
            }
            p.touch_castling(f);
        }
        ActionKind::Step => p.move_td(c, x.c as usize, DX + x.b),
        ActionKind::Surface => p.move_td(c, x.c as usize, x.a),
        ActionKind::Dive => p.move_td(c, x.c as usize, DX + x.a),
        ActionKind::Strike => {
            fl.td_removal = true;
            // DX-22.
            if p.remove_at(them, x.b) == 5 {
                fl.king_removed = true;
            }
            fl.reset_clock = true;
            p.touch_castling(x.b);
        }
        ActionKind::Pinch => {
            fl.td_removal = true;
            // DX-19, DX-20.
            let kind = p.remove_at(them, x.b);
            if x.c == NO_SQ {
                if kind == 5 {
                    fl.king_removed = true;
                }
            } else if kind < 6 {
                p.put_fide(them, kind, x.c);
            }
            fl.reset_clock = true;
            p.touch_castling(x.b);
        }
    }
}

/// Ends the turn: en passant square, clocks, side to move (DX-25, DX-29).
pub(crate) fn end_turn(p: &mut DxPosition, fl: &TurnFlags) {
    let k = keys();
    if p.ep != NO_SQ {
        p.hash ^= k.ep[(p.ep % 8) as usize];
    }
    p.ep = if fl.ep != 0 { fl.ep } else { NO_SQ };
    if p.ep != NO_SQ {
        p.hash ^= k.ep[(p.ep % 8) as usize];
    }
    p.halfmove = if fl.reset_clock {
        0
    } else {
        p.halfmove.saturating_add(1)
    };
    if p.side == Color::Black {
        p.fullmove = p.fullmove.saturating_add(1);
    }
    p.side = p.side.other();
    p.hash ^= k.black;
}

/// Plays a whole turn whose legality is known.
pub(crate) fn play_turn(p: &mut DxPosition, turn: &Turn) {
    let mut fl = TurnFlags::default();
    for x in turn.actions() {
        apply(p, x, &mut fl);
    }
    end_turn(p, &fl);
}
