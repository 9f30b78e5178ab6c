//! Scores: centipawns, or a win or loss in a number of turns.

use core::fmt;

/// The internal score of a won game at the root; a win `n` plies away scores `WIN - n`.
pub(crate) const WIN: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses by distance.
pub(crate) const WIN_BOUND: i32 = WIN - 1_000;
/// Larger than any score.
pub(crate) const INFINITY: i32 = WIN + 1;

/// A search score from the point of view of the player to move at the root.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// A static estimate in centipawns (100 = one FIDE pawn).
    Cp(i32),
    /// The player to move wins within this many of their own turns (1: this turn).
    Win(u32),
    /// The player to move loses within this many of their own turns (1: on the opponent's
    /// next turn; 0: already lost).
    Loss(u32),
}

impl Score {
    /// Reads an internal score (plies from the root) for `players` seats: a win `n` plies
    /// away is a win in `n / players + 1` own turns for two players (UCI's `mate N`).
    pub(crate) fn from_internal(v: i32, players: usize) -> Score {
        let players = players.max(1) as i32;
        if v > WIN_BOUND {
            let plies = WIN - v;
            Score::Win((plies / players + 1) as u32)
        } else if v < -WIN_BOUND {
            let plies = WIN + v;
            Score::Loss((plies / players) as u32)
        } else {
            Score::Cp(v)
        }
    }

    /// Whether the score is a proven win or loss.
    pub fn is_decisive(&self) -> bool {
        !matches!(self, Score::Cp(_))
    }
}

/// `cp 35`, `win 2`, `loss 1`: the same words as UCI's `score cp` / `score mate`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(v) => write!(f, "cp {v}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

/// Adjusts a score found `ply` plies below the root for storage in the table (wins are stored
/// as distances from the stored node).
#[inline]
pub(crate) fn to_table(v: i32, ply: usize) -> i32 {
    if v > WIN_BOUND {
        v + ply as i32
    } else if v < -WIN_BOUND {
        v - ply as i32
    } else {
        v
    }
}

/// The inverse of [`to_table`].
#[inline]
pub(crate) fn from_table(v: i32, ply: usize) -> i32 {
    if v > WIN_BOUND {
        v - ply as i32
    } else if v < -WIN_BOUND {
        v + ply as i32
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_count_own_turns() {
        // Mate on this move: 1 ply away.
        assert_eq!(Score::from_internal(WIN - 1, 2), Score::Win(1));
        assert_eq!(Score::from_internal(WIN - 3, 2), Score::Win(2));
        assert_eq!(Score::from_internal(-(WIN - 2), 2), Score::Loss(1));
        assert_eq!(Score::from_internal(-WIN, 2), Score::Loss(0));
        assert_eq!(Score::from_internal(12, 2), Score::Cp(12));
        assert_eq!(Score::from_internal(WIN - 5, 4), Score::Win(2));
    }

    #[test]
    fn table_round_trip() {
        for v in [WIN - 7, -(WIN - 9), 40, -40] {
            assert_eq!(from_table(to_table(v, 5), 5), v);
        }
    }
}
