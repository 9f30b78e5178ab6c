//! Move texts: UCI coordinate notation in and out, SAN out.

use core::fmt;
use core::str::FromStr;

use dimchess_core::{Error, Position};

use crate::chess::Chess;
use crate::layout::role_name;
use crate::moves::{Move, MoveKind};
use crate::types::{Role, Square};

/// A move in UCI coordinate notation, read without a position: origin, destination and an
/// optional promotion role.
///
/// ```
/// use dimchess_fide::Uci;
/// let u: Uci = "e7e8q".parse().unwrap();
/// assert_eq!(u.to_string(), "e7e8q");
/// assert!("e7e8x".parse::<Uci>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Uci {
    /// Origin.
    pub from: Square,
    /// Destination.
    pub to: Square,
    /// Promotion role.
    pub promotion: Option<Role>,
}

impl FromStr for Uci {
    type Err = Error;
    fn from_str(text: &str) -> Result<Uci, Error> {
        let bad = |why: &str| Error::move_syntax(text, why);
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(bad(
                "expected origin and destination squares and an optional promotion letter, like `e2e4` or `e7e8q`",
            ));
        }
        let from = text[0..2].parse().map_err(|_| bad("bad origin square"))?;
        let to = text[2..4]
            .parse()
            .map_err(|_| bad("bad destination square"))?;
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(b'q') => Some(Role::Queen),
            Some(b'r') => Some(Role::Rook),
            Some(b'b') => Some(Role::Bishop),
            Some(b'n') => Some(Role::Knight),
            Some(_) => return Err(bad("the promotion letter must be one of q, r, b, n")),
        };
        Ok(Uci {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(r) = self.promotion {
            write!(f, "{}", r.char())?;
        }
        Ok(())
    }
}

impl From<Move> for Uci {
    fn from(m: Move) -> Uci {
        Uci {
            from: m.from,
            to: m.to,
            promotion: m.promotion(),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Uci {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Uci {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Uci, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Reads a UCI move and checks it against the legal moves of `pos`.
pub fn parse_uci(pos: &Chess, text: &str) -> Result<Move, Error> {
    let uci: Uci = text.parse()?;
    let moves = pos.moves();
    if let Some(&m) = moves.iter().find(|m| Uci::from(**m) == uci) {
        return Ok(m);
    }
    let reason = match pos.board().piece_at(uci.from) {
        None => format!("there is no piece on {}", uci.from),
        Some(p) if p.color != pos.side_to_move() => {
            format!("the piece on {} is not the side to move's", uci.from)
        }
        Some(p) => {
            let name = role_name(p.role);
            if moves.iter().any(|m| m.from == uci.from && m.to == uci.to) {
                if uci.promotion.is_some() {
                    "wrong promotion letter".to_string()
                } else {
                    "a pawn reaching the last rank must name its promotion (q, r, b or n)"
                        .to_string()
                }
            } else if uci.promotion.is_some() && p.role != Role::Pawn {
                format!("only a pawn promotes, not the {name} on {}", uci.from)
            } else if pos.is_check() {
                format!(
                    "the {name} on {} cannot go to {} (the king is in check)",
                    uci.from, uci.to
                )
            } else {
                format!("the {name} on {} cannot go to {}", uci.from, uci.to)
            }
        }
    };
    Err(Error::illegal(text, "", reason))
}

/// The standard algebraic notation of a legal move, with `+` or `#`.
///
/// ```
/// use dimchess_fide::Chess;
/// let pos = Chess::default();
/// let m = dimchess_core::Position::parse_move(&pos, "g1f3").unwrap();
/// assert_eq!(pos.san(m), "Nf3");
/// ```
pub fn san(pos: &Chess, mv: Move) -> String {
    let Some(piece) = pos.board().piece_at(mv.from) else {
        return mv.to_string();
    };
    let mut s = String::new();
    if mv.kind == MoveKind::Castle {
        s.push_str(if mv.to.file() == 6 { "O-O" } else { "O-O-O" });
    } else {
        let capture = pos.board().piece_at(mv.to).is_some() || mv.kind == MoveKind::EnPassant;
        if piece.role == Role::Pawn {
            if capture {
                s.push((b'a' + mv.from.file()) as char);
            }
        } else {
            s.push(piece.role.char().to_ascii_uppercase());
            let others: Vec<Move> = pos
                .moves()
                .iter()
                .copied()
                .filter(|m| {
                    m.to == mv.to
                        && m.from != mv.from
                        && pos.board().role_at(m.from) == Some(piece.role)
                })
                .collect();
            if !others.is_empty() {
                let same_file = others.iter().any(|m| m.from.file() == mv.from.file());
                let same_rank = others.iter().any(|m| m.from.rank() == mv.from.rank());
                if !same_file {
                    s.push((b'a' + mv.from.file()) as char);
                } else if !same_rank {
                    s.push((b'1' + mv.from.rank()) as char);
                } else {
                    s.push_str(&mv.from.to_string());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(r) = mv.promotion() {
            s.push('=');
            s.push(r.char().to_ascii_uppercase());
        }
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.is_check() {
        s.push(if after.count_legal_moves() == 0 {
            '#'
        } else {
            '+'
        });
    }
    s
}
