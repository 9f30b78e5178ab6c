//! Reading a move text against a position, and saying why an illegal move is illegal.

use dimchess_core::Error;
use dimchess_fide::{Color, Role};

use crate::geometry::{attacks, bit, index, name};
use crate::layer::{LayerExt, other};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind, MoveText};
use crate::plane::Plane;
use crate::position::{DimensionChess, color_name};

impl DimensionChess {
    /// Reads a move text (§5) and checks it is legal here; an illegal move is an error that
    /// cites the ruling that forbids it.
    ///
    /// ```
    /// use dimchess_dimension_chess::DimensionChess;
    /// let p: DimensionChess = "8/8/8/8/8/8/8/8|6k1/8/8/8/8/8/8/3R2K1|8/8/8/8/8/8/8/3n4 w - - 0 1"
    ///     .parse()
    ///     .unwrap();
    /// let err = p.read_move("E:d1d5").unwrap_err().to_string();
    /// assert!(err.contains("DC-15"), "{err}");
    /// ```
    pub fn read_move(&self, text: &str) -> Result<Move, Error> {
        let mt: MoveText = text.parse()?;
        let (plane, from, to) = (mt.plane, index(mt.from), index(mt.to));
        let mut legal = MoveList::new();
        self.legal_moves_into(&mut legal);
        if let Some(m) = legal.iter().find(|m| {
            m.plane == plane && m.from == from && m.to == to && m.promotion == mt.promotion
        }) {
            return Ok(*m);
        }
        Err(self.explain(text, mt))
    }

    /// Why the well-formed move `mt` is not legal.
    fn explain(&self, text: &str, mt: MoveText) -> Error {
        let us = self.turn;
        let them = other(us);
        let (plane, from, to) = (mt.plane, index(mt.from), index(mt.to));
        let l = &self.layers[plane.index()];
        let at = |sq: u8| format!("{}:{}", plane.letter(), name(sq));
        let Some((color, role)) = l.piece_on(from) else {
            return Error::illegal(text, "DC-3", format!("there is no piece on {}", at(from)));
        };
        if color != us {
            return Error::illegal(
                text,
                "DC-3",
                format!(
                    "{} is {}'s, and {} is to move",
                    self.describe(plane, from),
                    color_name(color),
                    color_name(us)
                ),
            );
        }
        if plane == Plane::Earth && self.frozen_for(us) & bit(from) != 0 {
            return Error::illegal(
                text,
                "DC-15",
                format!(
                    "{} is possessed by {}",
                    self.describe(plane, from),
                    self.describe(Plane::upper(them), from)
                ),
            );
        }
        let last_rank = match us {
            Color::White => 7,
            Color::Black => 0,
        };
        let promoting = role == Role::Pawn && to / 8 == last_rank;
        if promoting && mt.promotion.is_none() {
            return Error::illegal(
                text,
                "DC-11",
                "a pawn reaching its last rank must promote: add `q`, `r`, `b` or `n`",
            );
        }
        if !promoting && mt.promotion.is_some() {
            return Error::illegal(
                text,
                "DC-11",
                "a promotion letter is allowed only for a pawn reaching its last rank",
            );
        }
        // Pseudo-legal (DC-20 step 1) but illegal: it must leave the mover in check.
        let mut pseudo = MoveList::new();
        self.pseudo_moves_into(us, &mut pseudo);
        if let Some(&m) = pseudo.iter().find(|m| {
            m.plane == plane && m.from == from && m.to == to && m.promotion == mt.promotion
        }) {
            if m.kind == MoveKind::Castle {
                if self.is_check() {
                    return Error::illegal(text, "DC-13", "the king may not castle out of check");
                }
                let step_to = if to > from { from + 1 } else { from - 1 };
                let step = Move {
                    plane,
                    role: Role::King,
                    from,
                    to: step_to,
                    promotion: None,
                    kind: MoveKind::Normal,
                };
                if self.after(step).in_check_of(us) {
                    return Error::illegal(
                        text,
                        "DC-13",
                        format!("the king would pass through check on E:{}", name(step_to)),
                    );
                }
            }
            return self.explain_check(text, m);
        }
        if role == Role::King
            && plane == Plane::Earth
            && from.abs_diff(to) == 2
            && from / 8 == to / 8
        {
            return self.explain_castling(text, from, to);
        }
        // Does the piece move that way at all (DC-4)?
        let occ = l.occ();
        let reach = match role {
            Role::Pawn => {
                let forward = match us {
                    Color::White => (bit(from) << 8) | (bit(from) << 16),
                    Color::Black => (bit(from) >> 8) | (bit(from) >> 16),
                };
                attacks::pawn(us, from) | forward
            }
            Role::Knight => attacks::knight(from),
            Role::Bishop => attacks::bishop(from, occ),
            Role::Rook => attacks::rook(from, occ),
            Role::Queen => attacks::rook(from, occ) | attacks::bishop(from, occ),
            Role::King => attacks::king(from),
        };
        if reach & bit(to) != 0 {
            if l.col(us) & bit(to) != 0 {
                return Error::illegal(
                    text,
                    "DC-4",
                    format!("{} is the mover's own piece", self.describe(plane, to)),
                );
            }
            if plane == Plane::Earth
                && l.col(them) & bit(to) != 0
                && self.frozen_for(us) & bit(to) != 0
            {
                return Error::illegal(
                    text,
                    "DC-16",
                    format!(
                        "{} is blessed by {}",
                        self.describe(plane, to),
                        self.describe(Plane::upper(them), to)
                    ),
                );
            }
        }
        Error::illegal(
            text,
            "DC-4",
            format!(
                "{} cannot move to {} by FIDE rules on {}",
                self.describe(plane, from),
                at(to),
                plane
            ),
        )
    }

    /// Why the king's two-square move `from` -> `to` on Earth is not a castling (DC-13).
    fn explain_castling(&self, text: &str, from: u8, to: u8) -> Error {
        let us = self.turn;
        let short = to > from;
        let (home, right) = match (us, short) {
            (Color::White, true) => (4, crate::position::WHITE_KINGSIDE),
            (Color::White, false) => (4, crate::position::WHITE_QUEENSIDE),
            (Color::Black, true) => (60, crate::position::BLACK_KINGSIDE),
            (Color::Black, false) => (60, crate::position::BLACK_QUEENSIDE),
        };
        let side = if short { "kingside" } else { "queenside" };
        if from != home || self.castling & right == 0 {
            return Error::illegal(
                text,
                "DC-13",
                format!("{} has no {side} castling right", color_name(us)),
            );
        }
        let rook = if short { home + 3 } else { home - 4 };
        if self.frozen_for(us) & bit(rook) != 0 {
            return Error::illegal(
                text,
                "DC-15",
                format!(
                    "{} is possessed by {}",
                    self.describe(Plane::Earth, rook),
                    self.describe(Plane::upper(other(us)), rook)
                ),
            );
        }
        let between = if short {
            bit(home + 1) | bit(home + 2)
        } else {
            bit(home - 1) | bit(home - 2) | bit(home - 3)
        };
        let blocked = self.layers[Plane::Earth.index()].occ() & between;
        if blocked != 0 {
            return Error::illegal(
                text,
                "DC-13",
                format!(
                    "E:{} is not empty between the king and the rook",
                    name(blocked.trailing_zeros() as u8)
                ),
            );
        }
        Error::illegal(text, "DC-13", "castling is not possible here")
    }

    /// The pseudo-legal `m` leaves the mover in check: name a move that would take or
    /// replace the king (DC-21, DC-22).
    fn explain_check(&self, text: &str, m: Move) -> Error {
        let us = self.turn;
        let q = self.after(m);
        let Some(k) = q.king(us) else {
            return Error::illegal(
                text,
                "DC-22",
                "the capturer would drop onto the mover's own king and remove it (DC-9)",
            );
        };
        let reason = match q.king_threat(us) {
            Some(t) if t.plane == Plane::Earth => {
                format!("{t} would capture the king on E:{}", name(k))
            }
            Some(t) => format!(
                "{t}{} would send {} onto the king on E:{}",
                if t.kind == MoveKind::EnPassant {
                    " en passant"
                } else {
                    ""
                },
                q.describe_piece(t.plane, t.from),
                name(k)
            ),
            None => "the move leaves the mover's king in check (DC-21)".to_string(),
        };
        Error::illegal(text, "DC-22", reason)
    }

    /// `the White rook` (no square).
    fn describe_piece(&self, plane: Plane, sq: u8) -> String {
        match self.layers[plane.index()].piece_on(sq) {
            Some((c, r)) => format!("the {} {}", color_name(c), r.name()),
            None => "a piece".to_string(),
        }
    }
}
