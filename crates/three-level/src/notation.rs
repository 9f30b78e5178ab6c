//! Move text (§7): reading with the legality check and errors that cite the ruling.

use dimchess_core::Error;

use crate::geometry::{TABLES, cell_name};
use crate::moves::Move;
use crate::piece::Role;
use crate::position::ThreeLevelPosition;
use crate::rules::Rules;

impl<R: Rules> ThreeLevelPosition<R> {
    /// Reads a move text (§7) and checks that it is a legal turn here.
    pub fn read_move(&self, text: &str) -> Result<Move, Error> {
        let illegal = |rule: &'static str, why: String| Error::illegal(text, rule, why);
        if text == "pass" {
            if let Some(e) = self.ending() {
                return Err(illegal(
                    "TL-17",
                    format!("the game is over ({})", crate::outcome::describe(e)),
                ));
            }
            let n = self.generate(&mut crate::movegen::Discard);
            if n > 0 {
                return Err(illegal(
                    "TL-16",
                    format!("{} has {n} legal moves and may not pass", self.side.name()),
                ));
            }
            return Ok(Move::PASS);
        }
        let parsed: Move = text.parse()?;
        let (from, to, promo) = (parsed.from as usize, parsed.to as usize, parsed.promotion());
        if promo.is_some() && R::VARIANT.is_xiangqi() {
            return Err(Error::move_syntax(
                text,
                "the Xiang Qi variant has no promotion suffix (§7)",
            ));
        }
        if let Some(e) = self.ending() {
            return Err(illegal(
                "TL-17",
                format!("the game is over ({})", crate::outcome::describe(e)),
            ));
        }
        let Some(piece) = self.piece_at(from) else {
            return Err(illegal(
                "",
                format!("there is no piece on {}", cell_name(from)),
            ));
        };
        if piece.color != self.side {
            return Err(illegal(
                "TL-4",
                format!(
                    "the piece on {} is {}'s, and {} is to move",
                    cell_name(from),
                    piece.color.name(),
                    self.side.name()
                ),
            ));
        }
        let mut found: [Option<Move>; 4] = [None; 4];
        let mut n = 0;
        self.pseudo_moves(|m| {
            if m.from as usize == from && m.to as usize == to && n < 4 {
                found[n] = Some(m);
                n += 1;
            }
        });
        let cands = &found[..n];
        let Some(first) = cands.first().copied().flatten() else {
            let (rule, why) = self.why_not(from, to, piece.role);
            return Err(illegal(rule, why));
        };
        let promoting = first.promotion().is_some();
        let m = match promo {
            None if promoting => {
                return Err(illegal(
                    "TL-10",
                    format!(
                        "promotion on {} is compulsory: add q, r, b or n within the limits (§7)",
                        cell_name(to)
                    ),
                ));
            }
            None => first,
            Some(_) if !promoting && self.is_promotion_win(first) => {
                return Err(illegal("TL-11", "no promotion is within the limits: this is a promotion win, written without a suffix (§7)".into()));
            }
            Some(_) if !promoting => {
                return Err(illegal(
                    "TL-10",
                    "a promotion letter is allowed only on a compulsory promotion (§7)".into(),
                ));
            }
            Some(k) => match cands.iter().flatten().find(|m| m.promotion() == Some(k)) {
                Some(m) => *m,
                None => {
                    return Err(illegal(
                        "TL-10",
                        format!(
                            "promoting to a {} would exceed the limit of its family",
                            k.name()
                        ),
                    ));
                }
            },
        };
        if !self.legal_by_copy(m) {
            let s = self.side;
            let mut c = self.clone();
            c.apply(m);
            if c.is_live(s) && !c.in_check(s) {
                return Err(illegal(
                    "TX-10",
                    "it would leave two Generals facing each other on an empty line".into(),
                ));
            }
            let why = if c.is_live(s) {
                format!(
                    "{}'s {} would be attacked",
                    s.name(),
                    if R::VARIANT.is_xiangqi() {
                        "General"
                    } else {
                        "King"
                    }
                )
            } else {
                format!("{} would be checkmated by the next player", s.name())
            };
            return Err(illegal(
                if R::VARIANT.is_xiangqi() {
                    "TX-11, TL-15"
                } else {
                    "TL-15"
                },
                why,
            ));
        }
        Ok(m)
    }

    /// Why no pseudo-legal move leads from `from` to `to`.
    fn why_not(&self, from: usize, to: usize, role: Role) -> (&'static str, String) {
        let t = &*TABLES;
        let si = self.side as usize;
        let (f, d) = (cell_name(from), cell_name(to));
        if self.pieces_of(self.side).contains(to) {
            return (
                "TL-5",
                format!("{d} holds a piece of {}'s own", self.side.name()),
            );
        }
        let name = role.name();
        match role {
            Role::Pawn => {
                if crate::geometry::PAWN_CAPTURE[si].get(from).contains(to) {
                    return (
                        "TL-7",
                        format!("{f}{d} is a capturing step onto an empty cell"),
                    );
                }
                let two = t.pawn_push2[si].ray(from, 0) | t.pawn_push2[si].ray(from, 1);
                let one = t.pawn_push1[si].ray(from, 0) | t.pawn_push1[si].ray(from, 1);
                if two.and_not(one).contains(to) {
                    if !t.pawn_start[si].contains(from) {
                        return (
                            "TL-8",
                            format!(
                                "{f} is not a {} Pawn start cell, so no double step",
                                self.side.name()
                            ),
                        );
                    }
                    return (
                        "TL-8",
                        "a double step needs the passed cell and the destination empty".into(),
                    );
                }
                if one.contains(to) {
                    return (
                        "TL-7",
                        format!("{d} is occupied: a Pawn step never captures"),
                    );
                }
                ("TL-7", format!("a Pawn on {f} has no step to {d}"))
            }
            Role::Horse => {
                if let Some((_, leg)) = t.horse.steps(from).find(|&(x, _)| x == to) {
                    return (
                        "TX-7",
                        format!("the Knight's leg {} is occupied", cell_name(leg)),
                    );
                }
                ("TX-7", format!("a Knight on {f} has no move to {d}"))
            }
            Role::Elephant => {
                if let Some((_, eye)) = t.elephant.steps(from).find(|&(x, _)| x == to) {
                    if !t.quarter[si].contains(to) {
                        return (
                            "TX-6",
                            format!("{d} lies outside {}'s quarter", self.side.name()),
                        );
                    }
                    return (
                        "TX-6",
                        format!("the Elephant's eye {} is occupied", cell_name(eye)),
                    );
                }
                ("TX-6", format!("an Elephant on {f} has no move to {d}"))
            }
            Role::General | Role::Ferz => {
                let (step, rule) = if role == Role::General {
                    (crate::geometry::WAZIR.get(from), "TX-4")
                } else {
                    (crate::geometry::FERZ.get(from), "TX-5")
                };
                if step.contains(to) {
                    return (
                        rule,
                        format!("{d} lies outside {}'s fortress", self.side.name()),
                    );
                }
                (rule, format!("a {name} on {f} has no step to {d}"))
            }
            Role::Point => (
                "TX-9",
                format!("a Point on {f} has no step to {d} in this quarter"),
            ),
            Role::Rook if R::VARIANT.is_xiangqi() => (
                "TX-8",
                format!("a Rook on {f} cannot reach {d}: not on its lines, or the path is blocked"),
            ),
            Role::Emperor
            | Role::Diarch
            | Role::Moderator
            | Role::Cavallander
            | Role::Vicereine => ("TL-21", format!("a {name} on {f} cannot reach {d}")),
            _ => (
                "TL-5",
                format!(
                    "a {name} on {f} cannot reach {d}: not one of its moves, or the path is blocked"
                ),
            ),
        }
    }
}
