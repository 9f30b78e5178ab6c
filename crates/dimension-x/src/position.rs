//! The [`Position`] implementation of [`DxPosition`] (the position itself is in the crate
//! root and `board`), its `Default` (the start position) and serde.

use dimchess_core::{Error, Outcome, Position};

use crate::action::Turn;
use crate::board::DxPosition;
use crate::{notation, play, turngen};

/// The start position (DX-1, [`START_TEXT`](crate::START_TEXT)).
impl Default for DxPosition {
    fn default() -> Self {
        DxPosition::start()
    }
}

impl Position for DxPosition {
    type Move = Turn;
    /// Turn lists are large (19,060 from the start; a busy middle game can have over 100,000),
    /// so the list is a `Vec` the caller allocates once and reuses; generation itself uses
    /// fixed-capacity per-agent lists on the stack.
    type MoveList = Vec<Turn>;

    fn legal_moves(&self, moves: &mut Vec<Turn>) {
        turngen::legal_turns(self, moves);
    }

    fn count_legal_moves(&self) -> u64 {
        turngen::count_turns(self)
    }

    fn play_unchecked(&mut self, mv: Turn) {
        play::play_turn(self, &mv);
    }

    fn turn(&self) -> usize {
        self.side.index()
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// DX-7, DX-9, DX-30: the side to move has lost if its King is gone or it has no legal
    /// turn. There are no draws (DX-10).
    /// No action removes its own King (DX-7), and immobility loses only for the player to move (DX-9): a turn never loses at once for its mover.
    fn own_move_can_lose(&self) -> bool {
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        let c = self.side.index();
        if self.king_sq(c).is_none() {
            return Some(Outcome::Win {
                winner: 1 - c,
                reason: "king removed",
            });
        }
        if !turngen::Search::any(self) {
            return Some(Outcome::Win {
                winner: 1 - c,
                reason: "no legal turn",
            });
        }
        None
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn move_text(&self, mv: Turn) -> String {
        mv.to_string()
    }

    /// Reads a turn in any legal order and returns the canonical turn with that result.
    fn parse_move(&self, text: &str) -> Result<Turn, Error> {
        let t = notation::parse_turn(self, text)?;
        Ok(self.canonical(&t))
    }

    fn diagram(&self) -> String {
        DxPosition::diagram(self)
    }

    fn is_legal(&self, mv: Turn) -> bool {
        self.replay_legal(&mv) && self.canonical(&mv) == mv
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for DxPosition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for DxPosition {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
