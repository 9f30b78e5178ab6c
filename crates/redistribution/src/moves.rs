//! The move type: a whole-piece move (normal, capture or combining) or a split.

use core::fmt;

use crate::geometry::Cell;
use crate::piece::{Component, Components};

/// A move (§5.1): `from`, `to`, and for a split (RD-10) the pair of components that travels.
///
/// Whether a whole move is a plain move, a capture or a combining depends on what stands on
/// `to`; the move itself only records the cells. `Display` writes the canonical text (§7,
/// RD-20): `f1f3`, `f2f3=WE`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: Cell,
    to: Cell,
    /// Empty for a whole move; for a split the travelling pair.
    pair: Components,
}

impl Move {
    /// A whole-piece move from `from` to `to`.
    #[inline]
    pub const fn whole(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            pair: Components::EMPTY,
        }
    }

    /// A split: the components `used` (whose vector leads from `from` to `to`) and `partner`
    /// travel to `to` (RD-10).
    #[inline]
    pub const fn split(from: Cell, to: Cell, used: Component, partner: Component) -> Move {
        Move {
            from,
            to,
            pair: Components(1 << used as u8 | 1 << partner as u8),
        }
    }

    /// A split from `from` to `to` where `pair` travels (`pair` holds the used component).
    #[inline]
    pub(crate) const fn split_pair(from: Cell, to: Cell, pair: Components) -> Move {
        Move { from, to, pair }
    }

    /// The origin.
    #[inline]
    pub const fn from(self) -> Cell {
        self.from
    }

    /// The destination.
    #[inline]
    pub const fn to(self) -> Cell {
        self.to
    }

    /// Whether this is a split.
    #[inline]
    pub const fn is_split(self) -> bool {
        !self.pair.is_empty()
    }

    /// For a split, the travelling pair of components; empty for a whole move.
    #[inline]
    pub const fn pair(self) -> Components {
        self.pair
    }

    /// The component whose vector leads from `from` to `to`, if any (§2).
    #[inline]
    pub const fn used(self) -> Option<Component> {
        self.from.component_to(self.to)
    }

    /// For a split, `(used, partner)`: the component whose vector is taken and the one that
    /// travels with it.
    pub fn split_components(self) -> Option<(Component, Component)> {
        if self.pair.is_empty() {
            return None;
        }
        let used = self.used()?;
        let partner = self.pair.minus(used.set()).iter().next()?;
        Some((used, partner))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some((used, partner)) = self.split_components() {
            write!(f, "={}{}", used.letter(), partner.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
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
