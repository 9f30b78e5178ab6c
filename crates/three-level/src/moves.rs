//! The move type (§7).

use crate::piece::Role;

/// A turn: a move from one cell to another, with the promotion choice if any, or a pass
/// (TL-16). Whether it captures, double-steps, captures en passant or wins by promotion
/// follows from the position it is played in.
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

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}
