//! The move type (§7).

use core::str::FromStr;

use dimchess_core::Error;

use crate::geometry::parse_cell;
use crate::piece::Role;

/// A turn: a move from one cell to another, with the promotion choice if any, or a pass
/// (TL-16). Whether it captures, double-steps, captures en passant or wins by promotion
/// follows from the position it is played in.
///
/// Its text (`Display`, §7) names it alone, so `FromStr` reads it without a position (the
/// grammar only); [`Position::parse_move`](crate::Position::parse_move) reads it and checks
/// that it is legal. With feature `serde` it serializes as its text and is read back by the
/// position's `move_seed()`.
///
/// ```
/// use dimchess_three_level::{Move, Position, ThreeLevel};
/// let pos = ThreeLevel::default();
/// let mv: Move = "1c21e2".parse().unwrap();
/// assert_eq!(mv.to_string(), "1c21e2");
/// assert_eq!(pos.parse_move("1c21e2").unwrap(), mv);
/// assert_eq!("pass".parse::<Move>().unwrap(), Move::PASS);
/// assert!("1c21e9".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) promo: u8,
}

const NO_PROMO: u8 = 255;
const PASS_CELL: u8 = 255;

impl Move {
    /// The pass (TL-16).
    pub const PASS: Move = Move {
        from: PASS_CELL,
        to: PASS_CELL,
        promo: NO_PROMO,
    };

    #[inline]
    pub(crate) fn new(from: usize, to: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            promo: NO_PROMO,
        }
    }

    #[inline]
    pub(crate) fn with_promo(from: usize, to: usize, k: Role) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            promo: k as u8,
        }
    }

    /// Whether this is the pass.
    #[inline]
    pub fn is_pass(&self) -> bool {
        self.from == PASS_CELL
    }

    /// The origin cell (`None` for the pass).
    pub fn from(&self) -> Option<usize> {
        (!self.is_pass()).then_some(self.from as usize)
    }

    /// The destination cell (`None` for the pass).
    pub fn to(&self) -> Option<usize> {
        (!self.is_pass()).then_some(self.to as usize)
    }

    /// The piece a Pawn promotes to (TL-10).
    #[inline]
    pub fn promotion(&self) -> Option<Role> {
        if self.promo == NO_PROMO {
            None
        } else {
            Role::ALL.get(self.promo as usize).copied()
        }
    }

    /// The canonical text (§7): `1c21e2`, `2g83h8q` or `pass`.
    pub fn text(&self) -> String {
        if self.is_pass() {
            return "pass".to_string();
        }
        let mut s = crate::geometry::cell_name(self.from as usize);
        s.push_str(&crate::geometry::cell_name(self.to as usize));
        if let Some(k) = self.promotion() {
            s.push(k.letter().to_ascii_lowercase());
        }
        s
    }
}

impl core::fmt::Display for Move {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.text())
    }
}

/// The grammar of §7 alone: two cells and an optional promotion letter `q`, `r`, `b` or
/// `n`, or `pass`.
impl FromStr for Move {
    type Err = Error;
    fn from_str(text: &str) -> Result<Move, Error> {
        if text == "pass" {
            return Ok(Move::PASS);
        }
        let b = text.as_bytes();
        if !(b.len() == 6 || b.len() == 7) || !text.is_ascii() {
            return Err(Error::move_syntax(
                text,
                "expected origin cell, destination cell and an optional promotion letter, or `pass` (§7)",
            ));
        }
        let (Some(from), Some(to)) = (parse_cell(&text[0..3]), parse_cell(&text[3..6])) else {
            return Err(Error::move_syntax(
                text,
                "cells are a level 1-3, a file a-h and a rank 1-8, like `2c3` (§7, TL-1)",
            ));
        };
        let promo = match b.get(6) {
            None => None,
            Some(b'q') => Some(Role::Queen),
            Some(b'r') => Some(Role::Rook),
            Some(b'b') => Some(Role::Bishop),
            Some(b'n') => Some(Role::Knight),
            Some(&c) => {
                return Err(Error::move_syntax(
                    text,
                    format!(
                        "`{}` is not a promotion letter q, r, b or n (§7)",
                        c as char
                    ),
                ));
            }
        };
        Ok(match promo {
            Some(k) => Move::with_promo(from, to, k),
            None => Move::new(from, to),
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}
