//! The position: board, side to move, castling rights, en-passant square, clocks and the
//! pieces in flight; and its [`Position`] implementation.

use core::fmt;
use core::str::FromStr;

use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::movelist::MoveList;
use dimchess_core::{Error, Outcome, Position};
use dimchess_fide::{Board, Color, Role, Square};

use crate::flight::Flight;
use crate::movegen::{Counter, Lister};
use crate::moves::Move;

/// The start position text of both variants (§4).
pub const START_TEXT: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

/// The most pieces a position may hold, on the board and in flight together. The rulebook sets
/// no limit; a game from the start array never has more than 32, and this library accepts up
/// to 64 so that the in-flight list has a fixed capacity that play can never overflow (pieces
/// are never added).
pub const MAX_PIECES: usize = 64;

/// The capacity of a move list.
///
/// Bound: every move is an (origin, destination) pair of an own piece and a square not
/// holding an own piece, along a queen line or a knight jump: at most the 896 edges of the
/// queen-plus-knight graph of the 8x8 board, each once as a hyperspace move and once as an
/// immediate move in `hyperspace-optional` (1792), plus 3 extra promotion choices for each of
/// at most 24 pawn moves to the last rank (72), 4 castlings and 2 en-passant captures: 1870.
pub const MAX_MOVES: usize = 2048;

/// The legal moves of a position.
pub type Moves = MoveList<Move, MAX_MOVES>;

/// A valid position of Hyperspace Chess; `OPTIONAL` selects `hyperspace-optional` (HS-23).
///
/// Use the aliases [`Hyperspace`] and [`HyperspaceOptional`].
///
/// ```
/// use dimchess_hyperspace::Position;
/// use dimchess_hyperspace::Hyperspace;
/// // X2: a knight jump takes one turn in hyperspace (HS-2).
/// let mut pos: Hyperspace = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 -".parse().unwrap();
/// pos.play_text("g1f3^").unwrap();
/// assert_eq!(pos.to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 1 1 Nf3:1");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HyperspacePosition<const OPTIONAL: bool> {
    pub(crate) board: Board,
    pub(crate) flight: Flight,
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// The XOR part of the hash (board, side, castling, en passant).
    pub(crate) hash: u64,
    /// The additive part of the hash (the in-flight multiset).
    pub(crate) flight_hash: u64,
}

/// A `hyperspace` position: every non-adjacent move goes through hyperspace.
pub type Hyperspace = HyperspacePosition<false>;

/// A `hyperspace-optional` position: non-adjacent moves may also be made at once (HS-23).
pub type HyperspaceOptional = HyperspacePosition<true>;

impl<const OPTIONAL: bool> Default for HyperspacePosition<OPTIONAL> {
    fn default() -> Self {
        Self::start()
    }
}

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// The variant id: `hyperspace` or `hyperspace-optional`.
    pub const ID: &'static str = if OPTIONAL {
        "hyperspace-optional"
    } else {
        "hyperspace"
    };

    /// The start position's text, [`START_TEXT`] (the same for both variants).
    pub const START_TEXT: &'static str = START_TEXT;

    /// The start position (the FIDE array, nothing in flight).
    pub fn start() -> Self {
        Self::from_text(START_TEXT).unwrap_or_else(|_| unreachable!("the start text is valid"))
    }

    /// The pieces on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces in flight.
    pub fn flight(&self) -> &Flight {
        &self.flight
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The castling rights as bits (`K` = 1, `Q` = 2, `k` = 4, `q` = 8).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en-passant square (only ever set in `hyperspace-optional`, HS-19).
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The halfmove clock (HS-22).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Whether `color` still has its king, on the board or in flight (HS-24).
    pub fn has_king(&self, color: Color) -> bool {
        self.board.pieces(color, Role::King).any() || self.flight.king(color).is_some()
    }

    /// `color`'s king square: where its king stands, or its destination while it is in
    /// flight (HS-15).
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.board
            .king_of(color)
            .or_else(|| self.flight.king(color))
    }
}

impl<const OPTIONAL: bool> Position for HyperspacePosition<OPTIONAL> {
    /// Only the side to move can be in check: a legal move never leaves its own King attacked.
    fn seat_in_check(&self, seat: usize) -> bool {
        seat == self.turn() && self.is_check()
    }

    type Move = Move;
    type MoveList = Moves;

    fn legal_moves(&self, moves: &mut Moves) {
        self.legal_moves_on(Portable, moves);
    }

    /// [`Position::legal_moves`] always inlined, so that a search's listing (inside
    /// `Cpu::run`) is compiled for `cpu`'s features.
    #[inline(always)]
    fn legal_moves_on<C: Cpu>(&self, _cpu: C, moves: &mut Moves) {
        moves.clear();
        self.generate(&mut Lister(moves));
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.play_turn(mv);
    }

    /// The turn's shared work (the pieces in flight counted down, the landings resolved) is
    /// done once for all the children. Always inlined: perft's count of each child runs
    /// inside it, on the code path chosen at run time (`dimchess_core::cpu`).
    #[inline(always)]
    fn for_each_child(&self, mut f: impl FnMut(Move, &Self)) {
        let mut moves = Moves::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return;
        }
        let start = self.turn_start(true);
        let mut child = self.clone();
        for &mv in moves.iter() {
            self.write_child(&start, mv, &mut child);
            f(mv, &child);
        }
    }

    fn turn(&self) -> usize {
        self.turn.index()
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game_outcome()
    }

    fn zobrist(&self) -> u64 {
        self.hash ^ self.flight_hash
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

    fn is_legal(&self, mv: Move) -> bool {
        self.moves().contains(&mv)
    }
}

impl<const OPTIONAL: bool> fmt::Display for HyperspacePosition<OPTIONAL> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}

impl<const OPTIONAL: bool> FromStr for HyperspacePosition<OPTIONAL> {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Self::from_text(s)
    }
}

#[cfg(feature = "serde")]
impl<const OPTIONAL: bool> serde::Serialize for HyperspacePosition<OPTIONAL> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de, const OPTIONAL: bool> serde::Deserialize<'de> for HyperspacePosition<OPTIONAL> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Self::from_text(&s).map_err(serde::de::Error::custom)
    }
}
