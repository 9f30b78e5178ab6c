//! The move type and its canonical text (`E:e2e4`, `H:g7h8n`) (§5 of the rulebook).

use core::fmt;

use dimchess_fide::Role;

use crate::geometry::{Square, name};
use crate::plane::Plane;

/// What kind of move a [`Move`] is; it follows from the position, so it never appears in text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A plain move or capture (promotions included).
    Normal,
    /// A pawn's double step (sets the e.p. field, DC-12).
    DoubleStep,
    /// An en passant capture (DC-12).
    EnPassant,
    /// Castling, written as the king's two-square move on Earth (DC-13).
    Castle,
}

/// A move: one FIDE move on one board (DC-3).
///
/// Its text (`Display`) is the board letter, `:`, origin, destination and, for a promotion,
/// the lower-case promotion letter: `E:e2e4`, `H:g7h8n`, castling `E:e1g1` (§5). The text
/// alone does not say which piece moves or whether it castles, so it is read in a position
/// ([`Position::parse_move`](crate::Position::parse_move)); [`MoveText`] is the text alone.
/// With feature `serde` a move serializes as its text and is read back by the position's
/// `move_seed()`.
///
/// ```
/// use dimchess_dimension_chess::{DimensionChess, Position};
/// let pos = DimensionChess::default();
/// let mv = pos.parse_move("E:g1f3").unwrap();
/// assert_eq!(mv.to_string(), "E:g1f3");
/// assert!(pos.moves().contains(&mv));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) plane: Plane,
    /// The moving piece's role before any promotion (it follows from the position, like
    /// `kind`): playing the move needs no look-up of the origin.
    pub(crate) role: Role,
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) promotion: Option<Role>,
    pub(crate) kind: MoveKind,
}

impl Move {
    /// The board the move is played on.
    #[inline]
    pub fn plane(&self) -> Plane {
        self.plane
    }

    /// The origin square (on [`Move::plane`]).
    #[inline]
    pub fn from(&self) -> Square {
        crate::geometry::square(self.from)
    }

    /// The destination square (on [`Move::plane`]).
    #[inline]
    pub fn to(&self) -> Square {
        crate::geometry::square(self.to)
    }

    /// The promotion piece, if a pawn reaches its last rank.
    #[inline]
    pub fn promotion(&self) -> Option<Role> {
        self.promotion
    }

    /// The kind of move (castling, en passant, double step or normal).
    #[inline]
    pub fn kind(&self) -> MoveKind {
        self.kind
    }
}

/// The lower-case promotion letter of `r`.
pub(crate) fn promo_letter(r: Role) -> char {
    match r {
        Role::Queen => 'q',
        Role::Rook => 'r',
        Role::Bishop => 'b',
        Role::Knight => 'n',
        Role::Pawn => 'p',
        Role::King => 'k',
    }
}

impl fmt::Display for Move {
    /// The canonical text, e.g. `E:e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}{}",
            self.plane.letter(),
            name(self.from),
            name(self.to)
        )?;
        if let Some(r) = self.promotion {
            write!(f, "{}", promo_letter(r))?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A move text read without a position: board, origin, destination, promotion (§5).
///
/// ```
/// use dimchess_dimension_chess::{MoveText, Plane};
/// let m: MoveText = "H:g7h8n".parse().unwrap();
/// assert_eq!(m.plane, Plane::Heaven);
/// assert_eq!(m.to_string(), "H:g7h8n");
/// assert!("h:g7h8n".parse::<MoveText>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveText {
    /// The board letter's plane.
    pub plane: Plane,
    /// The origin square.
    pub from: Square,
    /// The destination square.
    pub to: Square,
    /// The promotion piece, if a letter was given.
    pub promotion: Option<Role>,
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}{}",
            self.plane.letter(),
            name(crate::geometry::index(self.from)),
            name(crate::geometry::index(self.to))
        )?;
        if let Some(r) = self.promotion {
            write!(f, "{}", promo_letter(r))?;
        }
        Ok(())
    }
}

impl core::str::FromStr for MoveText {
    type Err = dimchess_core::Error;

    /// Reads the grammar of §5 exactly (DC-28): `B:` + two squares + optional `q`/`r`/`b`/`n`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        use dimchess_core::Error;
        let b = text.as_bytes();
        if b.len() != 6 && b.len() != 7 {
            return Err(Error::move_syntax(
                text,
                "expected a board letter H, E or L, `:`, two squares and an optional promotion letter, e.g. `E:e2e4` (DC-28)",
            ));
        }
        let plane = Plane::from_letter(b[0] as char).ok_or_else(|| {
            Error::move_syntax(text, "the board letter must be `H`, `E` or `L` (DC-1)")
        })?;
        if b[1] != b':' {
            return Err(Error::move_syntax(
                text,
                "expected `:` after the board letter (DC-28)",
            ));
        }
        let sq = |i: usize, what: &str| -> Result<u8, Error> {
            let f = b[i];
            let r = b[i + 1];
            if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
                return Err(Error::move_syntax(
                    text,
                    format!("the {what} square must be a file a-h and a rank 1-8 (DC-28)"),
                ));
            }
            Ok((r - b'1') * 8 + (f - b'a'))
        };
        let from = sq(2, "origin")?;
        let to = sq(4, "destination")?;
        let promotion = if b.len() == 7 {
            Some(match b[6] {
                b'q' => Role::Queen,
                b'r' => Role::Rook,
                b'b' => Role::Bishop,
                b'n' => Role::Knight,
                _ => {
                    return Err(Error::move_syntax(
                        text,
                        "the promotion letter must be one of `q`, `r`, `b`, `n` (lower case) (DC-28)",
                    ));
                }
            })
        } else {
            None
        };
        Ok(MoveText {
            plane,
            from: crate::geometry::square(from),
            to: crate::geometry::square(to),
            promotion,
        })
    }
}
