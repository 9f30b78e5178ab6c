//! The [`dimchess_core::Position`] implementation, which the registry, the tool and perft use.

use dimchess_core::{Error, Outcome, Position};

use crate::movegen::MoveList;
use crate::moves::Move;
use crate::position::DimensionChess;

impl Position for DimensionChess {
    type Move = Move;
    type MoveList = MoveList;

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.legal_moves_into(moves);
    }

    fn count_legal_moves(&self) -> u64 {
        self.count_moves()
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// Each child made by copy-make (`DimensionChess::play_from`), whose commonest case
    /// reads only the parent.
    fn for_each_child(&self, mut f: impl FnMut(Move, &DimensionChess)) {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        for &m in moves.iter() {
            let mut child = *self;
            child.play_from(self, m);
            f(m, &child);
        }
    }

    fn turn(&self) -> usize {
        self.turn.index()
    }

    /// A move may not leave its own King in check (DC-22): it never loses at once.
    fn own_move_can_lose(&self) -> bool {
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game_outcome()
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.scratch_hash()
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.read_move(text)
    }

    fn diagram(&self) -> String {
        DimensionChess::diagram(self)
    }

    fn play(&mut self, mv: Move) -> Result<(), Error> {
        *self = self.after_move(mv)?;
        Ok(())
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.moves().contains(&mv)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for DimensionChess {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for DimensionChess {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DimensionChess, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
