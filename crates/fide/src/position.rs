//! The orthodox chess position: state, play, validation, FEN and the [`Position`] impl.

use core::fmt;
use core::str::FromStr;

use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::movelist::MoveList;
use dimchess_core::text::{parse_counter, parse_fullmove};
use dimchess_core::{Error, Outcome, Position};

use crate::board::Board;
use crate::movegen::{Counter, Lister};
use crate::moves::{Move, MoveKind, castling};
use crate::types::{Color, Piece, Role, Square};
use crate::{draws, notation, zobrist};

/// The FEN of the start position (the text of [`Chess::default`]).
pub const START_TEXT: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// At most 218 legal moves exist in any chess position; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// The legal moves of a position.
pub type Moves = MoveList<Move, MAX_MOVES>;

/// A legal position of orthodox chess.
///
/// ```
/// use dimchess_fide::{perft::perft, Position};
/// use dimchess_fide::Chess;
/// let mut pos = Chess::default();
/// assert_eq!(perft(&pos, 3), 8902);
/// pos.play_text("e2e4").unwrap();
/// assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// assert!(pos.play_text("e2e4").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chess {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::start()
    }
}

impl Chess {
    /// The start position.
    pub fn start() -> Chess {
        Chess::from_fen(START_TEXT).unwrap_or_else(|_| unreachable!("the start FEN is valid"))
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The castling rights as bits (see [`castling`]).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// The en-passant square, set after every double step (as FEN records it).
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The halfmove clock.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The pieces of the side not to move that give check.
    pub fn checkers(&self) -> dimchess_core::Bitboard64 {
        match self.board.king_of(self.turn) {
            Some(k) => self
                .board
                .attackers_to(k, self.turn.other(), self.board.occupied()),
            None => dimchess_core::Bitboard64::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Reads a FEN (four to six fields: missing halfmove and fullmove fields count as `0 1`)
    /// and checks that it is a legal position.
    pub fn from_fen(fen: &str) -> Result<Chess, Error> {
        let f = dimchess_core::text::split_fields(fen, 4, 6)?;
        let board = Board::from_placement(f[0])?;
        let turn = Color::from_field(f[1])?;
        let castling = castling::parse_field(f[2])?;
        let ep = match f[3] {
            "-" => None,
            s => Some(s.parse::<Square>().map_err(|_| {
                Error::syntax("en passant", format!("`{s}` is not `-` or a square"))
            })?),
        };
        let halfmove = match f.get(4) {
            Some(s) => parse_counter("halfmove clock", s)?,
            None => 0,
        };
        let fullmove = match f.get(5) {
            Some(s) => parse_fullmove("fullmove number", s)?,
            None => 1,
        };
        let mut pos = Chess {
            board,
            turn,
            castling,
            ep,
            halfmove,
            fullmove,
            hash: 0,
        };
        pos.validate()?;
        pos.hash = pos.zobrist_from_scratch();
        Ok(pos)
    }

    /// Checks the invariants a legal position keeps.
    fn validate(&self) -> Result<(), Error> {
        let b = &self.board;
        for c in Color::ALL {
            let n = b.pieces(c, Role::King).count();
            if n != 1 {
                return Err(Error::invalid(
                    "",
                    format!(
                        "{} has {n} kings, not one",
                        if c == Color::White { "White" } else { "Black" }
                    ),
                ));
            }
        }
        if (b.by_role(Role::Pawn).bits() & (0xff | 0xff << 56)) != 0 {
            return Err(Error::invalid(
                "",
                "a pawn stands on the first or last rank",
            ));
        }
        castling::check_placement(b, self.castling, "")?;
        if let Some(ep) = self.ep {
            let (rank, dir) = match self.turn {
                Color::White => (5, -8i8),
                Color::Black => (2, 8i8),
            };
            let pawn_sq = Square::from_index((ep.index() as isize + dir as isize) as usize);
            let from_sq = Square::from_index((ep.index() as isize - dir as isize) as usize);
            let ok = ep.rank() == rank
                && b.piece_at(pawn_sq) == Some(Piece::new(self.turn.other(), Role::Pawn))
                && b.piece_at(ep).is_none()
                && b.piece_at(from_sq).is_none();
            if !ok {
                return Err(Error::invalid(
                    "",
                    format!("en-passant square {ep} does not follow a double step"),
                ));
            }
        }
        let them = self.turn.other();
        if let Some(k) = b.king_of(them)
            && b.is_attacked(k, self.turn, b.occupied())
        {
            return Err(Error::invalid("", "the side not to move is in check"));
        }
        if self.checkers().count() > 2 {
            return Err(Error::invalid("", "more than two pieces give check"));
        }
        Ok(())
    }

    /// The FEN of the position (en passant recorded after every double step).
    pub fn fen(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.board.placement(),
            self.turn.char(),
            castling::write(self.castling),
            self.ep.map_or("-".to_string(), |s| s.to_string()),
            self.halfmove,
            self.fullmove
        )
    }

    /// The SAN of a legal move.
    pub fn san(&self, mv: Move) -> String {
        notation::san(self, mv)
    }

    #[inline]
    fn xor_piece(&mut self, sq: Square, p: Piece) {
        self.hash ^= zobrist::piece(p, sq);
    }

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        self.board.put(sq, p);
        self.xor_piece(sq, p);
    }

    #[inline]
    fn take(&mut self, sq: Square, p: Piece) {
        self.board.take(sq, p);
        self.xor_piece(sq, p);
    }

    /// The child after `mv` as far as its legal moves go (board, side to move, castling
    /// rights, en-passant square), for perft's last-but-one ply, which only counts the
    /// child's moves: the Zobrist key and the clocks are left as the parent's, so the value
    /// is dropped once counted and never handed to anything else.
    #[inline(always)]
    fn child_to_count(&self, mv: Move) -> Chess {
        let us = self.turn;
        let (board, ep) = match mv.kind {
            MoveKind::Normal => (self.board.with_capture(mv.from, mv.to, us, None), None),
            MoveKind::Promotion(r) => (self.board.with_capture(mv.from, mv.to, us, Some(r)), None),
            MoveKind::DoublePush => (
                self.board.with_capture(mv.from, mv.to, us, None),
                Some(Square::from_index((mv.from.index() + mv.to.index()) / 2)),
            ),
            MoveKind::EnPassant | MoveKind::Castle => {
                let mut child = self.clone();
                child.play(mv);
                return child;
            }
        };
        let kept = castling::kept_after_touching(mv.from) & castling::kept_after_touching(mv.to);
        Chess {
            board,
            turn: us.other(),
            castling: self.castling & kept,
            ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
        }
    }

    /// [`Position::play_unchecked`], always inlined (into perft's loop on each code path).
    #[inline(always)]
    fn play(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.other();
        let Some(role) = self.board.role_at(mv.from) else {
            return;
        };
        let mover = Piece::new(us, role);
        if let Some(ep) = self.ep.take() {
            self.hash ^= zobrist::ep_file(ep.file());
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if role == Role::Pawn {
            self.halfmove = 0;
        }
        match mv.kind {
            MoveKind::Castle => {
                if let Some(c) = castling::by_king_target(mv.to) {
                    let rook = Piece::new(us, Role::Rook);
                    self.take(c.king_from, mover);
                    self.take(c.rook_from, rook);
                    self.put(c.king_to, mover);
                    self.put(c.rook_to, rook);
                }
            }
            MoveKind::EnPassant => {
                let cap = Square::from_coords(mv.to.file(), mv.from.rank()).unwrap_or(mv.to);
                self.take(cap, Piece::new(them, Role::Pawn));
                self.take(mv.from, mover);
                self.put(mv.to, mover);
            }
            _ => {
                if let Some(captured) = self.board.role_at(mv.to) {
                    self.take(mv.to, Piece::new(them, captured));
                    self.halfmove = 0;
                }
                self.take(mv.from, mover);
                let landed = match mv.kind {
                    MoveKind::Promotion(r) => Piece::new(us, r),
                    _ => mover,
                };
                self.put(mv.to, landed);
                if mv.kind == MoveKind::DoublePush {
                    let passed = Square::from_index((mv.from.index() + mv.to.index()) / 2);
                    self.ep = Some(passed);
                    self.hash ^= zobrist::ep_file(passed.file());
                }
            }
        }
        let kept = castling::kept_after_touching(mv.from) & castling::kept_after_touching(mv.to);
        let new_rights = self.castling & kept;
        // Most moves keep every right: no key to compute then.
        if new_rights != self.castling {
            self.hash ^= zobrist::castling(self.castling ^ new_rights);
            self.castling = new_rights;
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= zobrist::black_to_move();
    }
}

impl Position for Chess {
    /// Only the side to move can be in check: a legal move never leaves its own King attacked.
    fn seat_in_check(&self, seat: usize) -> bool {
        seat == self.turn() && self.is_check()
    }

    type Move = Move;
    type MoveList = Moves;

    /// Every legal move; none after checkmate or stalemate. A dead position by insufficient
    /// material keeps its moves, though [`Position::outcome`] calls it a draw.
    fn legal_moves(&self, moves: &mut Moves) {
        moves.clear();
        self.generate(&mut Lister(moves), Portable);
    }

    #[inline(always)]
    fn legal_moves_on<C: Cpu>(&self, cpu: C, moves: &mut Moves) {
        moves.clear();
        self.generate(&mut Lister(moves), cpu);
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.count_legal_moves_on(Portable)
    }

    // Always inlined: perft calls it inside `Cpu::run`, where it is compiled for `cpu`.
    #[inline(always)]
    fn count_legal_moves_on<C: Cpu>(&self, cpu: C) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c, cpu);
        c.0
    }

    #[inline]
    fn for_each_child(&self, f: impl FnMut(Move, &Self)) {
        self.for_each_child_on(Portable, f);
    }

    #[inline(always)]
    fn for_each_child_on<C: Cpu>(&self, cpu: C, mut f: impl FnMut(Move, &Self)) {
        let mut moves = Moves::default();
        self.generate(&mut Lister(&mut moves), cpu);
        for &mv in moves.iter() {
            let mut child = self.clone();
            child.play(mv);
            f(mv, &child);
        }
    }

    /// Perft 2 with children made only to be counted (no Zobrist key, no clocks).
    #[inline(always)]
    fn perft2_on<C: Cpu>(&self, cpu: C) -> u64 {
        let mut moves = Moves::default();
        self.generate(&mut Lister(&mut moves), cpu);
        let mut n = 0;
        for &mv in moves.iter() {
            n += self.child_to_count(mv).count_legal_moves_on(cpu);
        }
        n
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.play(mv);
    }
    fn turn(&self) -> usize {
        self.turn.index()
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// A move may not leave its own King in check: it never loses at once.
    fn own_move_can_lose(&self) -> bool {
        false
    }

    /// Checkmate and stalemate, and the dead positions by insufficient material that
    /// [`draws::insufficient_material`] recognises (K v K, K+N v K, K+B v K, kings and bishops
    /// all on squares of one colour) as `1/2-1/2 (insufficient material)`, as shakmaty does.
    /// A dead position keeps its legal moves: perft counts through it (the rulebook's library
    /// "does not end games by ... insufficient material" in its move tree, and the published
    /// perft figures count such positions' children). Checkmate and stalemate come first.
    fn outcome(&self) -> Option<Outcome> {
        if self.count_legal_moves() > 0 {
            return draws::insufficient_material(self).then_some(Outcome::Draw {
                reason: "insufficient material",
            });
        }
        Some(if self.is_check() {
            Outcome::Win {
                winner: self.turn.other().index(),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw {
                reason: "stalemate",
            }
        })
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.board.iter() {
            h ^= zobrist::piece(p, sq);
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep {
            h ^= zobrist::ep_file(ep.file());
        }
        h
    }

    fn move_text(&self, mv: Move) -> String {
        let mut s = String::with_capacity(5);
        mv.push_uci(&mut s);
        s
    }

    /// SAN, with `+` and `#` (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    fn move_notation(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn write_move_text(&self, mv: Move, out: &mut String) {
        mv.push_uci(out);
    }

    /// Reads UCI or SAN (`dimchess_fide::notation::parse`).
    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        notation::parse(self, text)
    }

    fn repetition_key(&self) -> Option<u64> {
        Some(draws::repetition_key(self))
    }

    fn game_ending(&self, occurrences: usize) -> Option<Outcome> {
        draws::game_ending(self, occurrences)
    }

    fn draw_claim(&self, occurrences: usize) -> Option<Outcome> {
        draws::draw_claim(self, occurrences)
    }

    fn diagram(&self) -> String {
        let side = if self.turn == Color::White {
            "White"
        } else {
            "Black"
        };
        format!("{}{side} to move\n", self.board.diagram())
    }
}

impl fmt::Display for Chess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl FromStr for Chess {
    type Err = Error;
    fn from_str(s: &str) -> Result<Chess, Error> {
        Chess::from_fen(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Chess {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.fen())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Chess {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Chess, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Chess::from_fen(&s).map_err(serde::de::Error::custom)
    }
}
