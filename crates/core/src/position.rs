//! The [`Position`] trait every variant implements, and the game [`Outcome`].

use core::fmt;

use crate::error::Error;
use crate::movelist::MoveBuffer;

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One player won (players are numbered in turn order from 0: White is 0, Black 1).
    Win {
        /// The winner.
        winner: usize,
        /// Why, in a few words (`"checkmate"`, `"king captured"`).
        reason: &'static str,
    },
    /// Nobody won.
    Draw {
        /// Why, in a few words (`"stalemate"`).
        reason: &'static str,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<usize> {
        match *self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// Written as in PGN for two players (`1-0 (checkmate)`, `0-1 (...)`, `1/2-1/2 (stalemate)`),
/// and as `player N wins (...)` beyond.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner: 0, reason } => write!(f, "1-0 ({reason})"),
            Outcome::Win { winner: 1, reason } => write!(f, "0-1 ({reason})"),
            Outcome::Win { winner, reason } => write!(f, "player {winner} wins ({reason})"),
            Outcome::Draw { reason } => write!(f, "1/2-1/2 ({reason})"),
        }
    }
}

/// A checked position of a variant: its legal moves, how they are played, and its text forms.
///
/// Positions are copied to make a move (copy-make): `play_unchecked` changes `self`, and a
/// caller that wants the old position keeps a clone. For positions of a few hundred bytes this
/// measures faster than make/unmake and makes "undo restores the position" hold by
/// construction.
pub trait Position: Clone + fmt::Display + Send + Sync + Sized {
    /// A move (a whole turn, for variants whose turn has several actions).
    type Move: Copy + Eq + fmt::Debug + Send + Sync;
    /// The list legal moves are generated into.
    type MoveList: MoveBuffer<Self::Move>;

    /// Appends every legal move to `moves` (which is cleared first). A finished game has none.
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// The number of legal moves; variants may count without listing (bulk counting in perft).
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// Plays `mv`, which must be one of [`Position::legal_moves`]; anything else may leave a
    /// position that breaks the variant's invariants (but never panics in safe code's sense of
    /// memory safety).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The player to move, numbered from 0 in turn order.
    fn turn(&self) -> usize;

    /// The outcome if the game has ended.
    fn outcome(&self) -> Option<Outcome>;

    /// The result text the tool prints (default: [`Outcome`]'s `Display`).
    fn result_text(&self) -> Option<String> {
        self.outcome().map(|o| o.to_string())
    }

    /// Whether a move of the side to move can end the game against it at once (its own King
    /// exploding, its army eliminated when it passes). `false` lets a search skip the replies
    /// after the solver's last turn (`dimchess_engine::solve`); the default `true` is always
    /// safe. Variants where a move never loses for its mover (an illegal self-check, no
    /// self-destruction) return `false`.
    fn own_move_can_lose(&self) -> bool {
        true
    }

    /// The Zobrist hash, kept incrementally.
    fn zobrist(&self) -> u64;

    /// The Zobrist hash computed from scratch (equals [`Position::zobrist`] in a correct
    /// implementation; tests compare the two).
    fn zobrist_from_scratch(&self) -> u64;

    /// The canonical text of `mv` in this position.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Reads a move text and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Error>;

    /// A readable multi-line diagram of every board.
    fn diagram(&self) -> String;

    /// The position text (the variant's FEN-style line).
    fn text(&self) -> String {
        self.to_string()
    }

    /// Reads and plays a move text; on error the position is unchanged.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, Error> {
        let mv = self.parse_move(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// Plays `mv` if it is legal; on error the position is unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Error> {
        if !self.is_legal(mv) {
            return Err(Error::illegal(
                format!("{mv:?}"),
                "",
                "not a legal move here",
            ));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Whether `mv` is one of the legal moves.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }
}
