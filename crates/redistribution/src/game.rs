//! The core [`dimchess_core::Position`] trait for [`Redistribution`].

use crate::moves::Move;
use crate::position::Redistribution;
use dimchess_core::{Error, MoveList, Outcome};

/// An upper bound on the legal moves of any valid position: for every cell, the most moves a
/// piece of the side to move could make from it (a quadruple: a whole move and three splits
/// per reachable cell), summed over all 96 cells. A unit test recomputes the figure from the
/// leap tables.
pub const MAX_MOVES: usize = 7264;

/// The legal moves of a position.
pub type Moves = MoveList<Move, MAX_MOVES>;

impl Redistribution {
    /// The legal moves (a convenience over `dimchess_core::Position::legal_moves`).
    pub fn moves(&self) -> Moves {
        let mut m = Moves::new();
        self.for_each_legal_move(|mv| m.push(mv));
        m
    }
}

impl dimchess_core::Position for Redistribution {
    type Move = Move;
    type MoveList = Moves;

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        self.for_each_legal_move(|m| moves.push(m));
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.count_moves()
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn turn(&self) -> usize {
        self.turn.index()
    }

    /// A move may not leave its own Emperor in check (RD-12): it never loses at once.
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
        self.hash_from_scratch()
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.read_move(text)
    }

    fn diagram(&self) -> String {
        self.draw()
    }

    fn text(&self) -> String {
        self.to_text()
    }

    /// Plays `mv` if it is legal; otherwise the error cites the ruling that forbids it.
    fn play(&mut self, mv: Move) -> Result<(), Error> {
        if self.is_legal_move(mv) {
            self.apply(mv);
            return Ok(());
        }
        Err(match self.read_move(&mv.to_string()) {
            Err(e) => e,
            Ok(_) => Error::illegal(mv.to_string(), "", "not a legal move here"),
        })
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
    }
}
