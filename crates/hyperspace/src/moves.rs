//! Moves: origin, destination and a tag (immediate, hyperspace, or a promotion), packed in a
//! `u16`. A move's text needs no position (§5): `e2e3`, `b7b8q`, `g1f3^`.

use core::fmt;
use core::str::FromStr;

use dimchess_core::Error;
use dimchess_fide::{Role, Square};

/// How a move is made.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveTag {
    /// Made at once, as in FIDE chess: every adjacent move, and in `hyperspace-optional` the
    /// immediate form of a non-adjacent move (HS-23), including FIDE castling and en passant.
    Immediate,
    /// Through hyperspace, written with `^` (HS-2, HS-25); castling as the king's move.
    Hyper,
    /// An immediate pawn step or capture onto the last rank, promoting (HS-20).
    Promotion(Role),
}

/// A regular move (a whole turn: landings and explosions follow on their own).
///
/// ```
/// use dimchess_hyperspace::{Move, MoveTag};
/// let m: Move = "g1f3^".parse().unwrap();
/// assert_eq!(m.tag(), MoveTag::Hyper);
/// assert_eq!(m.to_string(), "g1f3^");
/// assert!("e7e8q^".parse::<Move>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u16);

const HYPER: u16 = 1;

impl Move {
    /// A move from `from` to `to` made as `tag` says.
    #[inline]
    pub const fn new(from: Square, to: Square, tag: MoveTag) -> Move {
        let t = match tag {
            MoveTag::Immediate => 0,
            MoveTag::Hyper => HYPER,
            MoveTag::Promotion(Role::Queen) => 2,
            MoveTag::Promotion(Role::Rook) => 3,
            MoveTag::Promotion(Role::Bishop) => 4,
            // A knight, or a role no pawn promotes to (never generated).
            MoveTag::Promotion(_) => 5,
        };
        Move(from.index() as u16 | (to.index() as u16) << 6 | t << 12)
    }

    #[inline]
    pub(crate) const fn raw(from: usize, to: usize, tag: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | tag << 12)
    }

    /// The origin.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as usize)
    }

    /// The destination (for castling, the king's).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index(((self.0 >> 6) & 63) as usize)
    }

    /// How the move is made.
    #[inline]
    pub const fn tag(self) -> MoveTag {
        match self.0 >> 12 {
            0 => MoveTag::Immediate,
            1 => MoveTag::Hyper,
            2 => MoveTag::Promotion(Role::Queen),
            3 => MoveTag::Promotion(Role::Rook),
            4 => MoveTag::Promotion(Role::Bishop),
            _ => MoveTag::Promotion(Role::Knight),
        }
    }

    /// Whether the move goes through hyperspace.
    #[inline]
    pub const fn is_hyper(self) -> bool {
        self.0 >> 12 == HYPER
    }

    /// The promotion role, if any.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.tag() {
            MoveTag::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// The distance `max(|Δfile|, |Δrank|)` (HS-1).
    #[inline]
    pub fn distance(self) -> u8 {
        self.from().distance(self.to())
    }
}

/// Tags in the order moves with the same squares are generated (promotions Q, R, B, N).
pub(crate) const PROMO_TAGS: [u16; 4] = [2, 3, 4, 5];
/// The packed tag of an immediate move.
pub(crate) const IMM: u16 = 0;
/// The packed tag of a hyperspace move.
pub(crate) const HYP: u16 = HYPER;

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The canonical move text (§5): `e2e3`, `b7b8q`, `a1a7^`, castling as `e1g1^` / `e1g1`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.tag() {
            MoveTag::Immediate => Ok(()),
            MoveTag::Hyper => f.write_str("^"),
            MoveTag::Promotion(r) => write!(f, "{}", r.char()),
        }
    }
}

/// Reads the move text without a position: only the grammar of §5 is checked here (two
/// squares, then nothing, a promotion letter or `^`). Legality is checked by the position's
/// `parse_move`.
impl FromStr for Move {
    type Err = Error;
    fn from_str(text: &str) -> Result<Move, Error> {
        let bad = |why: &str| Error::move_syntax(text, why);
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(bad(
                "expected two squares and an optional promotion letter or `^`, like `e2e3`, `b7b8q` or `g1f3^` (§5)",
            ));
        }
        let from: Square = text[0..2].parse().map_err(|_| bad("bad origin square"))?;
        let to: Square = text[2..4]
            .parse()
            .map_err(|_| bad("bad destination square"))?;
        let tag = match text.as_bytes().get(4) {
            None => MoveTag::Immediate,
            Some(b'^') => MoveTag::Hyper,
            Some(b'q') => MoveTag::Promotion(Role::Queen),
            Some(b'r') => MoveTag::Promotion(Role::Rook),
            Some(b'b') => MoveTag::Promotion(Role::Bishop),
            Some(b'n') => MoveTag::Promotion(Role::Knight),
            Some(_) => {
                return Err(bad(
                    "the suffix must be `^` (hyperspace) or a promotion letter q, r, b, n (§5)",
                ));
            }
        };
        if from == to {
            return Err(bad("origin and destination are the same square"));
        }
        Ok(Move::new(from, to, tag))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
