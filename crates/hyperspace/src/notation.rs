//! Reading a move text against a position (§5, HS-25), with errors that say why a move is
//! refused and cite the ruling.

use dimchess_core::{Error, Position};
use dimchess_fide::{Role, Square};

use crate::movegen::Lister;
use crate::moves::{Move, MoveTag};
use crate::position::{HyperspacePosition, Moves};

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, Error> {
        let mv: Move = text.parse()?;
        let illegal = |rule: &'static str, why: String| Error::illegal(text, rule, why);
        if let Some(o) = self.game_outcome_if_over() {
            return Err(illegal("HS-24", format!("the game is over ({o})")));
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.board.piece_at(from) else {
            return Err(illegal("", format!("no piece on the origin {from}")));
        };
        if piece.color != self.turn {
            return Err(illegal(
                "",
                format!("the piece on {from} belongs to the side not to move"),
            ));
        }
        let d = mv.distance();
        match mv.tag() {
            MoveTag::Hyper if d == 1 => {
                return Err(illegal(
                    "HS-25",
                    "`^` on an adjacent move: adjacent moves are always immediate".into(),
                ));
            }
            MoveTag::Immediate if d >= 2 && !OPTIONAL => {
                return Err(illegal(
                    "HS-25",
                    "non-adjacent move needs ^ in hyperspace".into(),
                ));
            }
            MoveTag::Promotion(_) if piece.role != Role::Pawn || !last_rank(to) => {
                return Err(illegal(
                    "HS-20",
                    "a promotion letter belongs only to a pawn's step onto the last rank".into(),
                ));
            }
            MoveTag::Immediate if piece.role == Role::Pawn && last_rank(to) && d == 1 => {
                return Err(illegal(
                    "HS-20",
                    "a pawn reaching the last rank must name its promotion piece (q, r, b, n)"
                        .into(),
                ));
            }
            _ => {}
        }
        let legal = self.moves();
        if legal.contains(&mv) {
            return Ok(mv);
        }
        let mut pseudo = Moves::new();
        self.generate_pseudo(&mut Lister(&mut pseudo));
        let castling = piece.role == Role::King && d == 2;
        if pseudo.contains(&mv) {
            if castling {
                return Err(illegal(
                    "HS-17",
                    "castling out of, through or into an attacked square, or leaving the king in check after the turn"
                        .into(),
                ));
            }
            return Err(illegal(
                "HS-16",
                "after the whole turn (the move, the landings, the explosions) the mover would be in check"
                    .into(),
            ));
        }
        if castling {
            return Err(illegal(
                "HS-17",
                "castling needs the right, the king and rook unmoved and the squares between them empty"
                    .into(),
            ));
        }
        if mv.is_hyper() && self.board.by_color(self.turn).contains(to.index()) {
            return Err(illegal(
                "HS-5",
                format!("a hyperspace move may not target an own piece on {to}"),
            ));
        }
        if mv.is_hyper() && piece.role == Role::Pawn && d == 2 {
            return Err(illegal(
                "HS-5",
                "a pawn double step needs its own start rank and an empty destination".into(),
            ));
        }
        if !mv.is_hyper() && d >= 2 && OPTIONAL {
            return Err(illegal(
                "HS-23",
                format!(
                    "the immediate form of a {} move follows FIDE: the path must be open and the destination not an own piece",
                    piece.role.name()
                ),
            ));
        }
        Err(illegal(
            "HS-1",
            format!("a {} on {from} cannot move to {to}", piece.role.name()),
        ))
    }

    fn game_outcome_if_over(&self) -> Option<dimchess_core::Outcome> {
        if self.has_king(dimchess_fide::Color::White) && self.has_king(dimchess_fide::Color::Black)
        {
            None
        } else {
            self.game_outcome()
        }
    }
}

fn last_rank(sq: Square) -> bool {
    sq.rank() == 0 || sq.rank() == 7
}
