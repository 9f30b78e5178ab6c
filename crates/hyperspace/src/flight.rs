//! Pieces in flight: a sorted multiset of (piece, destination, turns left) entries (HS-3, §4).
//!
//! Each entry is packed into a `u16` whose numeric order is the printing order of the
//! rulebook's in-flight field: colour (White first), then turns left, then destination index
//! (a1 = 0 … h8 = 63), then piece letter in the order K, Q, R, B, N, P. The list is kept sorted
//! at all times, so two equal multisets are equal arrays, and the entries of one side that land
//! this turn (turns left 1) are a contiguous run at the start of that side's block.

use core::fmt;

use dimchess_fide::{Color, Piece, Role, Square};

use crate::position::MAX_PIECES;

/// One piece in flight, unpacked.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct InFlight {
    /// The travelling piece (its colour is its owner).
    pub piece: Piece,
    /// Where it lands.
    pub to: Square,
    /// Its owner's turns left until it lands, `1..=6` (HS-3).
    pub turns: u8,
}

/// The rulebook's piece order in the in-flight field: K, Q, R, B, N, P.
const ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

#[inline]
const fn order_of(role: Role) -> u16 {
    match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    }
}

const TURN_SHIFT: u16 = 9;
const TURN_ONE: u16 = 1 << TURN_SHIFT;
const COLOR_BIT: u16 = 1 << 12;

impl InFlight {
    /// Packs the entry (colour bit 12, turns bits 9..12, square bits 3..9, piece order 0..3).
    #[inline]
    pub(crate) const fn pack(self) -> u16 {
        (self.piece.color as u16) << 12
            | (self.turns as u16) << TURN_SHIFT
            | (self.to.index() as u16) << 3
            | order_of(self.piece.role)
    }

    /// Unpacks an entry made by [`InFlight::pack`].
    #[inline]
    pub(crate) const fn unpack(e: u16) -> InFlight {
        InFlight {
            piece: Piece::new(
                if e & COLOR_BIT != 0 {
                    Color::Black
                } else {
                    Color::White
                },
                ORDER[(e & 7) as usize % 6],
            ),
            to: Square::from_index(((e >> 3) & 63) as usize),
            turns: ((e >> TURN_SHIFT) & 7) as u8,
        }
    }
}

/// The destination square of a packed entry.
#[inline]
pub(crate) const fn dest(e: u16) -> usize {
    ((e >> 3) & 63) as usize
}

/// The role of a packed entry.
#[inline]
pub(crate) const fn role(e: u16) -> Role {
    ORDER[(e & 7) as usize % 6]
}

/// The turns left of a packed entry.
#[inline]
pub(crate) const fn turns(e: u16) -> u8 {
    ((e >> TURN_SHIFT) & 7) as u8
}

/// Written as in the position text: `Nf3:1`, `rd8:2`.
impl fmt::Display for InFlight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}:{}", self.piece.char(), self.to, self.turns)
    }
}

/// The pieces in flight of both sides, a sorted multiset of at most [`MAX_PIECES`] entries.
///
/// ```
/// use dimchess_hyperspace::Position;
/// use dimchess_hyperspace::Hyperspace;
/// let pos: Hyperspace = "4k3/8/8/8/8/8/8/4K3 w - - 4 10 Rd5:3,Nf3:1".parse().unwrap();
/// let texts: Vec<String> = pos.flight().iter().map(|e| e.to_string()).collect();
/// assert_eq!(texts, ["Nf3:1", "Rd5:3"]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Flight {
    entries: [u16; MAX_PIECES],
    len: u8,
}

impl Default for Flight {
    fn default() -> Self {
        Flight::new()
    }
}

impl fmt::Debug for Flight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Flight {
    /// No piece in flight.
    pub const fn new() -> Flight {
        Flight {
            entries: [0; MAX_PIECES],
            len: 0,
        }
    }

    /// The number of pieces in flight.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no piece is in flight.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The packed entries, sorted.
    #[inline]
    pub(crate) fn packed(&self) -> &[u16] {
        &self.entries[..self.len as usize]
    }

    /// The entries in printing order.
    pub fn iter(&self) -> impl Iterator<Item = InFlight> + '_ {
        self.packed().iter().map(|&e| InFlight::unpack(e))
    }

    /// Adds a packed entry at its sorted place; `false` (and no change) if the list is full.
    #[inline]
    pub(crate) fn insert(&mut self, e: u16) -> bool {
        let n = self.len as usize;
        if n >= MAX_PIECES {
            return false;
        }
        let mut i = n;
        while i > 0 && self.entries[i - 1] > e {
            self.entries[i] = self.entries[i - 1];
            i -= 1;
        }
        self.entries[i] = e;
        self.len += 1;
        true
    }

    /// The index range of `color`'s entries.
    #[inline]
    pub(crate) fn block(&self, color: Color) -> (usize, usize) {
        let s = self.packed();
        let split = s
            .iter()
            .position(|&e| e & COLOR_BIT != 0)
            .unwrap_or(s.len());
        match color {
            Color::White => (0, split),
            Color::Black => (split, s.len()),
        }
    }

    /// The entries of `color` that land at the end of `color`'s current turn (turns left 1):
    /// sorted by destination, so equal destinations are adjacent.
    #[inline]
    pub(crate) fn landers(&self, color: Color) -> &[u16] {
        let (lo, hi) = self.block(color);
        let s = &self.entries[lo..hi];
        let n = s.iter().take_while(|&&e| turns(e) == 1).count();
        &s[..n]
    }

    /// The destinations of `color`'s entries with one turn left: the squares `color` attacks
    /// from hyperspace (HS-15 (b)).
    #[inline]
    pub(crate) fn threats(&self, color: Color) -> u64 {
        self.landers(color)
            .iter()
            .fold(0, |m, &e| m | 1u64 << dest(e))
    }

    /// The destination of `color`'s king in flight, if it is in flight.
    #[inline]
    pub(crate) fn king(&self, color: Color) -> Option<Square> {
        let (lo, hi) = self.block(color);
        self.entries[lo..hi]
            .iter()
            .find(|&&e| role(e) == Role::King)
            .map(|&e| Square::from_index(dest(e)))
    }

    /// Starts `color`'s turn bookkeeping (HS-3): removes its entries with one turn left (they
    /// land now) and counts the others down by one. `f(old, new)` is told of every changed
    /// entry (`new` = `None` for a lander) so that the caller can update the hash.
    #[inline]
    pub(crate) fn count_down(&mut self, color: Color, mut f: impl FnMut(u16, Option<u16>)) {
        let (lo, hi) = self.block(color);
        let n_land = self.entries[lo..hi]
            .iter()
            .take_while(|&&e| turns(e) == 1)
            .count();
        for i in lo..lo + n_land {
            f(self.entries[i], None);
        }
        for i in lo + n_land..hi {
            let e = self.entries[i];
            let new = e - TURN_ONE;
            f(e, Some(new));
            self.entries[i] = new;
        }
        if n_land > 0 {
            let len = self.len as usize;
            self.entries.copy_within(lo + n_land..len, lo);
            for e in &mut self.entries[len - n_land..len] {
                *e = 0;
            }
            self.len -= n_land as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(c: Color, r: Role, sq: &str, t: u8) -> u16 {
        InFlight {
            piece: Piece::new(c, r),
            to: sq.parse().unwrap(),
            turns: t,
        }
        .pack()
    }

    #[test]
    fn packing_round_trips_and_orders_as_printed() {
        let a = e(Color::White, Role::Knight, "f3", 1);
        let b = e(Color::White, Role::Rook, "d5", 3);
        let c = e(Color::Black, Role::King, "a1", 1);
        assert!(a < b && b < c);
        assert_eq!(InFlight::unpack(b).to_string(), "Rd5:3");
        assert_eq!(InFlight::unpack(c).to_string(), "Ka1:1".to_lowercase());
        // Same square and turns: K before Q before ... P.
        assert!(e(Color::White, Role::King, "c1", 1) < e(Color::White, Role::Pawn, "c1", 1));
    }

    #[test]
    fn count_down_lands_and_decrements() {
        let mut f = Flight::new();
        for x in [
            e(Color::White, Role::Rook, "d5", 3),
            e(Color::Black, Role::Knight, "d2", 1),
            e(Color::White, Role::Knight, "f3", 1),
        ] {
            assert!(f.insert(x));
        }
        assert_eq!(f.landers(Color::White).len(), 1);
        let mut landed = 0;
        f.count_down(Color::White, |_, new| landed += usize::from(new.is_none()));
        assert_eq!(landed, 1);
        let v: Vec<String> = f.iter().map(|x| x.to_string()).collect();
        assert_eq!(v, ["Rd5:2", "nd2:1"]);
        assert_eq!(f.threats(Color::Black), 1 << 11);
    }
}
