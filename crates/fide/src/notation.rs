//! Move texts: UCI coordinate notation in and out, SAN (standard algebraic notation) in and
//! out. [`parse`] reads either.

use core::fmt;
use core::str::FromStr;

use dimchess_core::{Error, Position};

use crate::layout::role_name;
use crate::moves::{Move, MoveKind};
use crate::position::Chess;
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

/// Reads a move in UCI (`g1f3`, `e7e8q`) or SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`) and checks it
/// against the legal moves of `pos`. A text that is UCI by its form is read as UCI; anything
/// else as SAN.
///
/// ```
/// use dimchess_fide::{notation, Chess};
/// let pos = Chess::default();
/// assert_eq!(notation::parse(&pos, "Nf3").unwrap(), notation::parse(&pos, "g1f3").unwrap());
/// assert!(notation::parse(&pos, "Nf4").is_err());
/// ```
pub fn parse(pos: &Chess, text: &str) -> Result<Move, Error> {
    if text.parse::<Uci>().is_ok() {
        parse_uci(pos, text)
    } else {
        parse_san(pos, text)
    }
}

/// Reads a SAN move (`Nf3`, `Nbd7`, `R1e2`, `Qh4xe1`, `exd6`, `e8=Q`, `e8Q`, `O-O`, `0-0-0`,
/// with optional `+`, `#`, `!`, `?`) and checks it against the legal moves of `pos`. A move that
/// matches no legal move, or several (ambiguous), is an error naming the text.
pub fn parse_san(pos: &Chess, text: &str) -> Result<Move, Error> {
    let syntax = || {
        Error::move_syntax(
            text,
            "expected UCI (`g1f3`, `e7e8q`) or SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`)",
        )
    };
    let body = text.trim_end_matches(['+', '#', '!', '?']);
    if body.is_empty() || !body.is_ascii() {
        return Err(syntax());
    }
    let moves = pos.moves();
    if let Some(long) = match body {
        "O-O" | "0-0" => Some(false),
        "O-O-O" | "0-0-0" => Some(true),
        _ => None,
    } {
        return moves
            .iter()
            .copied()
            .find(|m| m.kind == MoveKind::Castle && (m.to.file() == 2) == long)
            .ok_or_else(|| Error::illegal(text, "", "castling that way is not legal here"));
    }
    let (role, rest) = match body.as_bytes()[0] {
        b'N' | b'B' | b'R' | b'Q' | b'K' => (
            Role::from_char(char::from(body.as_bytes()[0])).ok_or_else(syntax)?,
            &body[1..],
        ),
        _ => (Role::Pawn, body),
    };
    let promo_role = |c: u8| match c {
        b'Q' | b'R' | b'B' | b'N' => Role::from_char(char::from(c)),
        _ => None,
    };
    let (rest, promotion) = match rest.split_once('=') {
        Some((r, p)) if role == Role::Pawn && p.len() == 1 => {
            (r, Some(promo_role(p.as_bytes()[0]).ok_or_else(syntax)?))
        }
        Some(_) => return Err(syntax()),
        None => match rest.as_bytes().last() {
            Some(&c) if role == Role::Pawn && promo_role(c).is_some() => {
                (&rest[..rest.len() - 1], promo_role(c))
            }
            _ => (rest, None),
        },
    };
    if rest.len() < 2 {
        return Err(syntax());
    }
    let to: Square = rest[rest.len() - 2..].parse().map_err(|_| syntax())?;
    if promotion.is_some() && !matches!(to.rank(), 0 | 7) {
        return Err(Error::move_syntax(
            text,
            "only a pawn reaching the last rank promotes",
        ));
    }
    let head = &rest[..rest.len() - 2];
    let (head, capture) = match head.strip_suffix('x') {
        Some(h) => (h, true),
        None => (head, false),
    };
    let (mut file, mut rank) = (None, None);
    match head.as_bytes() {
        [] => {}
        &[f @ b'a'..=b'h'] => file = Some(f - b'a'),
        &[r @ b'1'..=b'8'] if role != Role::Pawn => rank = Some(r - b'1'),
        &[f @ b'a'..=b'h', r @ b'1'..=b'8'] if role != Role::Pawn => {
            file = Some(f - b'a');
            rank = Some(r - b'1');
        }
        _ => return Err(syntax()),
    }
    if role == Role::Pawn && capture != file.is_some() {
        return Err(syntax());
    }
    let board = pos.board();
    let mut found: Option<Move> = None;
    let mut count = 0;
    for &m in moves.iter() {
        let captures = board.piece_at(m.to).is_some() || m.kind == MoveKind::EnPassant;
        if m.to == to
            && m.kind != MoveKind::Castle
            && board.role_at(m.from) == Some(role)
            && m.promotion() == promotion
            && (!capture || captures)
            && file.is_none_or(|f| m.from.file() == f)
            && rank.is_none_or(|r| m.from.rank() == r)
        {
            found.get_or_insert(m);
            count += 1;
        }
    }
    match (found, count) {
        (Some(m), 1) => Ok(m),
        (Some(_), _) => Err(Error::illegal(
            text,
            "",
            format!(
                "ambiguous: {count} {}s can go to {to} (name the origin's file or rank)",
                role_name(role)
            ),
        )),
        (None, _) => {
            let promotes = moves.iter().any(|m| {
                m.to == to && m.promotion().is_some() && board.role_at(m.from) == Some(role)
            });
            let reason = if role == Role::Pawn && promotion.is_none() && promotes {
                "a pawn reaching the last rank must name its promotion (`=Q`, `=R`, `=B` or `=N`)"
                    .to_string()
            } else if capture && board.piece_at(to).is_none() {
                format!("there is nothing to capture on {to}")
            } else {
                format!("no {} can go to {to}", role_name(role))
            };
            Err(Error::illegal(text, "", reason))
        }
    }
}

/// The standard algebraic notation of a legal move, with `+` or `#`.
///
/// ```
/// use dimchess_fide::Chess;
/// let pos = Chess::default();
/// let m = dimchess_fide::Position::parse_move(&pos, "g1f3").unwrap();
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
