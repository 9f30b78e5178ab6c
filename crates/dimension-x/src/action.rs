//! Actions (one piece's part of a turn) and turns, with their texts (rulebook section 5).

use core::cmp::Ordering;
use core::fmt;

use crate::tables::{NO_SQ, square_name};

/// What an action does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    /// A chess move of a King, Queen, Rook, Bishop, Knight or Pawn (`e2e4`, `e7e8q`).
    Fide,
    /// A trans-dimensional piece's step inside Dimension X (`D2D3`, DX-16).
    Step,
    /// A transfer from Dimension X to the FIDE board (`F3f3`, DX-15).
    Surface,
    /// A transfer from the FIDE board back to Dimension X (`g6G6`, DX-15).
    Dive,
    /// A Cobra's strike (`d4*f6`, DX-22).
    Strike,
    /// A Crab's pinch (`d6^e7>b8` or `d6^e7`, DX-18, DX-19).
    Pinch,
}

/// A square's name as the third and fourth bytes of a sort key ([`Action::sort_key`]):
/// `[0]` lower case (FIDE board), `[1]` upper case (Dimension X).
const KEY_SQ: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let (file, rank) = ((s % 8) as u64, (s / 8) as u64);
        t[0][s] = ((b'a' as u64 + file) << 40) | ((b'1' as u64 + rank) << 32);
        t[1][s] = ((b'A' as u64 + file) << 40) | ((b'1' as u64 + rank) << 32);
        s += 1;
    }
    t
};

/// One action of a turn. Squares are numbered `a1` = 0 … `h8` = 63 on both boards.
///
/// `a` is the acting piece's square (for a step, its DX square; for a transfer, the square of
/// either board, which share the number), `b` the target (step, FIDE move) or victim (strike,
/// pinch), `c` the promotion kind index (FIDE move, 0 = none), the relocation square of a pinch
/// (`NO_SQ` = removal), or the trans-dimensional kind (0 Crab, 1 Cobra, 2 Spider) of a step
/// or transfer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub(crate) kind: ActionKind,
    pub(crate) a: u8,
    pub(crate) b: u8,
    pub(crate) c: u8,
}

/// Agents of a turn: the FIDE move and the three trans-dimensional pieces.
pub(crate) const AGENT_FIDE: usize = 0;

impl Action {
    pub(crate) const NONE: Action = Action {
        kind: ActionKind::Fide,
        a: 0,
        b: 0,
        c: 0,
    };

    /// What the action does.
    pub fn kind(&self) -> ActionKind {
        self.kind
    }

    /// The FIDE-board square whose piece the action may remove or displace: the target of a
    /// FIDE move (a capture if an enemy piece stands there), the victim of a strike or a
    /// pinch; `None` for Dimension X steps and transfers, which take nothing (DX-15, DX-16).
    pub fn target(&self) -> Option<u8> {
        match self.kind {
            ActionKind::Fide | ActionKind::Strike | ActionKind::Pinch => Some(self.b),
            _ => None,
        }
    }

    /// A small number for history tables, below [`Action::ORDINALS`]: the agent, the acting
    /// square and the target square (promotions and relocation squares are not told apart).
    pub fn ordinal(&self) -> usize {
        (self.agent() << 12) | (usize::from(self.a % 64) << 6) | usize::from(self.b % 64)
    }

    /// One more than the largest [`Action::ordinal`].
    pub const ORDINALS: usize = 4 << 12;

    /// Which agent acts: 0 the FIDE move, 1 Crab, 2 Cobra, 3 Spider.
    #[inline]
    pub(crate) fn agent(&self) -> usize {
        match self.kind {
            ActionKind::Fide => AGENT_FIDE,
            ActionKind::Step | ActionKind::Surface | ActionKind::Dive => 1 + self.c as usize,
            ActionKind::Strike => 2,
            ActionKind::Pinch => 1,
        }
    }

    /// The action text (section 5.1) as bytes, and its length.
    pub(crate) fn text_bytes(&self) -> ([u8; 8], usize) {
        let mut t = [0u8; 8];
        let put = |t: &mut [u8; 8], i: usize, sq: u8, dx: bool| {
            let n = square_name(sq, dx);
            t[i] = n[0];
            t[i + 1] = n[1];
        };
        let len = match self.kind {
            ActionKind::Fide => {
                put(&mut t, 0, self.a, false);
                put(&mut t, 2, self.b, false);
                if self.c != 0 {
                    t[4] = [b'?', b'n', b'b', b'r', b'q'][self.c as usize % 5];
                    5
                } else {
                    4
                }
            }
            ActionKind::Step => {
                put(&mut t, 0, self.a, true);
                put(&mut t, 2, self.b, true);
                4
            }
            ActionKind::Surface => {
                put(&mut t, 0, self.a, true);
                put(&mut t, 2, self.a, false);
                4
            }
            ActionKind::Dive => {
                put(&mut t, 0, self.a, false);
                put(&mut t, 2, self.a, true);
                4
            }
            ActionKind::Strike => {
                put(&mut t, 0, self.a, false);
                t[2] = b'*';
                put(&mut t, 3, self.b, false);
                5
            }
            ActionKind::Pinch => {
                put(&mut t, 0, self.a, false);
                t[2] = b'^';
                put(&mut t, 3, self.b, false);
                if self.c != NO_SQ {
                    t[5] = b'>';
                    put(&mut t, 6, self.c, false);
                    8
                } else {
                    5
                }
            }
        };
        (t, len)
    }

    /// A number that orders actions as their texts do in ASCII byte order (a proper prefix
    /// first): the text's bytes, big-endian, zero-padded.
    #[inline(always)]
    pub(crate) fn sort_key(&self) -> u64 {
        // The first four bytes from tables for the common kinds; the rest through the text.
        let (a, b) = ((self.a & 63) as usize, (self.b & 63) as usize);
        match self.kind {
            ActionKind::Step => KEY_SQ[1][a] << 16 | KEY_SQ[1][b],
            ActionKind::Surface => KEY_SQ[1][a] << 16 | KEY_SQ[0][a],
            ActionKind::Dive => KEY_SQ[0][a] << 16 | KEY_SQ[1][a],
            ActionKind::Fide if self.c == 0 => KEY_SQ[0][a] << 16 | KEY_SQ[0][b],
            _ => self.text_key(),
        }
    }

    /// [`Action::sort_key`] through the text (promotions, strikes, pinches), out of line so
    /// that the common kinds inline.
    #[inline(never)]
    fn text_key(&self) -> u64 {
        u64::from_be_bytes(self.text_bytes().0)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (t, n) = self.text_bytes();
        f.write_str(core::str::from_utf8(&t[..n]).unwrap_or("?"))
    }
}

/// A turn: one to four actions in the order they are performed (DX-4).
///
/// Turns produced by the generator are in canonical order (DX-34), so their `Display` is the
/// canonical text. A turn's text is read in a position (which actions it can make, in which
/// order they are legal): [`Position::parse_move`](crate::Position::parse_move). With feature
/// `serde` a turn serializes as its text and is read back by the position's `move_seed()`.
///
/// ```
/// use dimchess_dimension_x::{DxPosition, Position};
/// let pos = DxPosition::default();
/// let turn = pos.parse_move("e2e4,E2e2").unwrap();
/// assert_eq!(turn.to_string(), "e2e4,E2e2");
/// assert_eq!(pos.parse_move(&turn.to_string()).unwrap(), turn);
/// assert!(pos.moves().contains(&turn));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub(crate) actions: [Action; 4],
    pub(crate) len: u8,
}

impl Turn {
    pub(crate) fn from_slice(acts: &[Action]) -> Turn {
        let mut actions = [Action::NONE; 4];
        actions[..acts.len()].copy_from_slice(acts);
        Turn {
            actions,
            len: acts.len() as u8,
        }
    }

    /// The actions in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions[..self.len as usize]
    }

    /// A key that orders turns as [`Turn::text_cmp`] does: each action's sort key, zero for
    /// a missing action (an action's key is never zero, so a proper prefix comes first).
    #[inline]
    pub(crate) fn text_key(&self) -> [u64; 4] {
        let mut k = [0; 4];
        for (slot, a) in k.iter_mut().zip(self.actions()) {
            *slot = a.sort_key();
        }
        k
    }

    /// Compares two turns as their texts compare in ASCII byte order (DX-34).
    pub fn text_cmp(&self, other: &Turn) -> Ordering {
        let a = self.actions().iter().map(Action::sort_key);
        let b = other.actions().iter().map(Action::sort_key);
        a.cmp(b)
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.actions().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Turn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_key_orders_like_text() {
        let pinch_remove = Action {
            kind: ActionKind::Pinch,
            a: 35,
            b: 42,
            c: NO_SQ,
        };
        let pinch_reloc = Action {
            kind: ActionKind::Pinch,
            a: 35,
            b: 42,
            c: 61,
        };
        assert_eq!(pinch_remove.to_string(), "d5^c6");
        assert_eq!(pinch_reloc.to_string(), "d5^c6>f8");
        assert!(pinch_remove.sort_key() < pinch_reloc.sort_key());
        let surface = Action {
            kind: ActionKind::Surface,
            a: 35,
            b: 0,
            c: 2,
        };
        let fide = Action {
            kind: ActionKind::Fide,
            a: 6,
            b: 5,
            c: 0,
        };
        assert_eq!(surface.to_string(), "D5d5");
        assert_eq!(fide.to_string(), "g1f1");
        assert!(surface.sort_key() < fide.sort_key());
        for kind in [
            ActionKind::Step,
            ActionKind::Surface,
            ActionKind::Dive,
            ActionKind::Fide,
        ] {
            for a in 0..64 {
                let x = Action {
                    kind,
                    a,
                    b: 63 - a,
                    c: 0,
                };
                assert_eq!(x.sort_key(), u64::from_be_bytes(x.text_bytes().0), "{x}");
            }
        }
    }
}
