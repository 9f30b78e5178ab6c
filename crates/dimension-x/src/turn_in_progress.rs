//! The core's [`TurnInProgress`] for [`PartialTurn`]: what a search over the action tree asks of
//! Dimension X (the engine's `ActionEngine<PartialTurn>`), instead of listing the ~19,000
//! turns of a position at every node.
//!
//! Most items are [`PartialTurn`]'s own methods. What the trait adds: a table key that also
//! holds the last action (it decides which actions may follow,
//! [`PartialTurn::ordered_candidates`]), the victims of captures by [`kind_value`] with the
//! enemy King royal (DX-7), whole turns in canonical text (DX-34), the King capture found
//! before a search ([`DxPosition::king_capture`]) and the completion of a turn that a
//! search's horizon cut.

use dimchess_core::{Evaluate, Position, TurnInProgress, Victim};

use crate::action::{Action, Turn};
use crate::board::{DxPosition, Role};
use crate::eval::kind_value;
use crate::partial::PartialTurn;

impl TurnInProgress for PartialTurn {
    type Position = DxPosition;
    type Action = Action;
    const ORDINALS: usize = Action::ORDINALS;

    #[inline]
    fn new(pos: &DxPosition) -> Self {
        PartialTurn::new(pos)
    }

    #[inline]
    fn reset(&mut self, pos: &DxPosition) {
        PartialTurn::reset(self, pos);
    }

    #[inline]
    fn actions(&self) -> &[Action] {
        PartialTurn::actions(self)
    }

    #[inline]
    fn position(&self) -> &DxPosition {
        PartialTurn::position(self)
    }

    #[inline]
    fn ordered_candidates(&self, out: &mut Vec<Action>) {
        PartialTurn::ordered_candidates(self, out);
    }

    #[inline]
    fn play_unchecked(&mut self, action: Action) {
        PartialTurn::play_unchecked(self, action);
    }

    #[inline]
    fn can_end(&self) -> bool {
        PartialTurn::can_end(self)
    }

    #[inline]
    fn end_into(&self, out: &mut DxPosition) -> bool {
        PartialTurn::end_into(self, out)
    }

    /// The enemy King removed (DX-7).
    #[inline]
    fn has_won(&self) -> bool {
        self.removed_king()
    }

    /// [`PartialTurn::key`] and the last action, since the actions that may follow depend on
    /// it ([`PartialTurn::ordered_candidates`]): one order of a turn's actions then never
    /// stands for another order whose continuations differ.
    #[inline]
    fn key(&self) -> u64 {
        let k = PartialTurn::key(self);
        match self.actions().last() {
            None => k,
            Some(a) => k ^ (a.ordinal() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        }
    }

    #[inline]
    fn ordinal(action: Action) -> usize {
        action.ordinal()
    }

    /// The enemy piece on the FIDE-board square the action targets (a FIDE capture, a strike,
    /// a pinch), by [`kind_value`]; the King is royal (DX-7).
    #[inline]
    fn victim(&self, action: Action) -> Option<Victim> {
        let pos = self.position();
        let (color, kind) = pos.fide_piece(action.target()?)?;
        if color == pos.side_to_move() {
            return None;
        }
        Some(if kind == Role::King {
            Victim::Royal
        } else {
            Victim::Piece(kind_value(kind))
        })
    }

    fn whole_turn(&self) -> Option<Turn> {
        let (turn, _) = self.end().ok()?;
        Some(canonical(self.before(), turn))
    }

    fn winning_turn(pos: &DxPosition) -> Option<Turn> {
        pos.king_capture()
    }

    /// The prefix played with checks (from an empty turn if one of its actions is not a legal
    /// next action), then, until the turn may end, the legal next action after which the
    /// mover's strength less the opponent's is highest (the first of equals; an action that
    /// removes the enemy King above all), in canonical text (DX-34).
    fn complete(pos: &DxPosition, prefix: &[Action]) -> Option<Turn> {
        let mut t = PartialTurn::new(pos);
        for &a in prefix {
            if t.play(a).is_err() {
                t = PartialTurn::new(pos);
                break;
            }
        }
        while !t.can_end() {
            let mut best: Option<(i32, PartialTurn)> = None;
            for a in t.legal_next() {
                let mut u = t.clone();
                if u.play(a).is_err() {
                    continue;
                }
                let v = if u.removed_king() {
                    i32::MAX
                } else {
                    let p = u.position();
                    let me = p.turn();
                    p.strength(me) - p.strength(1 - me)
                };
                if best.as_ref().is_none_or(|(b, _)| v > *b) {
                    best = Some((v, u));
                }
            }
            t = best?.1;
        }
        let (turn, _) = t.end().ok()?;
        Some(canonical(pos, turn))
    }
}

/// The canonical turn (DX-34) with the same result as the legal turn `t` of `pos`.
fn canonical(pos: &DxPosition, t: Turn) -> Turn {
    pos.parse_move(&t.to_string()).unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every whole turn reached by walking the actions of `t` (at most `depth` more).
    fn walk(t: &PartialTurn, depth: usize, out: &mut Vec<Turn>) {
        if let Some(turn) = TurnInProgress::whole_turn(t) {
            out.push(turn);
        }
        if depth == 0 || t.has_won() {
            return;
        }
        let mut next = Vec::new();
        TurnInProgress::ordered_candidates(t, &mut next);
        for a in next {
            let mut u = t.clone();
            TurnInProgress::play_unchecked(&mut u, a);
            walk(&u, depth - 1, out);
        }
    }

    /// Whole turns are legal turns in canonical text; a completed prefix begins with the
    /// prefix when it can; the victims are the enemy pieces, the King royal.
    #[test]
    fn whole_turns_are_canonical_and_victims_are_enemies() {
        for text in [
            crate::START_TEXT,
            "4k3/8/8/8/3S4/8/3a4/K3R3|8/8/8/8/8/8/8/8 w - - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/3S4/2C1A3/PPPP1PPP/RNBQKBNR|8/2asc3/8/8/8/8/8/8 w KQkq - 0 1",
        ] {
            let p: DxPosition = text.parse().unwrap();
            let mut turns = Vec::new();
            walk(&PartialTurn::new(&p), 2, &mut turns);
            assert!(!turns.is_empty(), "{text}");
            for t in &turns {
                assert!(p.is_legal(*t), "{text}: {t}");
            }
            let completed = PartialTurn::complete(&p, &turns[0].actions()[..1]).unwrap();
            assert!(p.is_legal(completed), "{text}");
            let t = PartialTurn::new(&p);
            let mut next = Vec::new();
            TurnInProgress::ordered_candidates(&t, &mut next);
            for a in next {
                let victim = a.target().and_then(|sq| p.fide_piece(sq));
                let expected = match victim {
                    Some((c, _)) if c == p.side_to_move() => None,
                    Some((_, Role::King)) => Some(Victim::Royal),
                    Some((_, k)) => Some(Victim::Piece(kind_value(k))),
                    None => None,
                };
                assert_eq!(t.victim(a), expected, "{text}: {a}");
            }
        }
        let p: DxPosition = "4k3/8/8/8/8/8/8/K3R3|8/8/8/8/8/8/8/8 w - - 0 1"
            .parse()
            .unwrap();
        assert_eq!(PartialTurn::winning_turn(&p), p.king_capture());
        assert!(PartialTurn::winning_turn(&p).is_some());
    }
}
