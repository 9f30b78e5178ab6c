//! The position: placement, side to move, counters and the incremental hash; and its
//! [`Position`] implementation.

use crate::Bitboard;
use crate::geometry::{CELLS, Cell, TABLES};
use crate::moves::Move;
use crate::piece::{Color, Components, Piece, Role};
use crate::zobrist::{KEYS, piece_key};
use dimchess_core::{Error, MoveList, Outcome, Position};

/// A Redistribution 3d Chess position (RD-18): the 96 cells, the side to move, the halfmove
/// clock (display only, RD-17) and the fullmove number, plus derived bitboards and the
/// Zobrist hash, all kept up to date by `dimchess_core::Position::play_unchecked` (copy-make).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Redistribution {
    /// Piece codes ([`Piece::code`]) by cell, 0 for empty.
    pub(crate) board: [u8; CELLS],
    /// Cells occupied by each colour.
    pub(crate) by_color: [Bitboard; 2],
    /// `by_comp[c]`: cells of pieces (either colour) having component `c`
    /// (the Emperor counts as W, F and V), the basis of every attack test (RD-13).
    pub(crate) by_comp: [Bitboard; 6],
    /// Cells holding a piece that is not a two-component piece (an Emperor or a quadruple):
    /// with `by_comp` it finds combining partners without looking at the cells (RD-7).
    pub(crate) unpaired: Bitboard,
    /// Each colour's Emperor.
    pub(crate) emperor: [Cell; 2],
    pub(crate) turn: Color,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl Default for Redistribution {
    /// The start position.
    fn default() -> Self {
        Redistribution::start()
    }
}

/// The start position's text (§4, RD-4).
pub const START_TEXT: &str =
    "byde/avkp/pwfa/edyb|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|BYDE/AVKP/PWFA/EDYB w 0 1";

impl Redistribution {
    /// The start position (§4, RD-4): the same array on rank 1 (White) and rank 6 (Black),
    /// White to move.
    ///
    /// ```
    /// use dimchess_redistribution::Redistribution;
    /// assert_eq!(Redistribution::start().to_text(), dimchess_redistribution::START_TEXT);
    /// ```
    pub fn start() -> Redistribution {
        START_TEXT.parse().expect("the start position is valid")
    }

    /// Builds and validates a position (RD-18) from a placement indexed by cell
    /// (see [`Cell::index`]), the side to move and the counters.
    ///
    /// # Errors
    /// [`Error::InvalidPosition`] if a side has no Emperor or more than one, or if the side
    /// not to move is in check; [`Error::InvalidPosition`] if `fullmove` is 0.
    pub fn from_parts(
        cells: &[Option<Piece>; CELLS],
        turn: Color,
        halfmove: u32,
        fullmove: u32,
    ) -> Result<Redistribution, Error> {
        let mut p = Redistribution {
            board: [0; CELLS],
            by_color: [Bitboard::EMPTY; 2],
            by_comp: [Bitboard::EMPTY; 6],
            unpaired: Bitboard::EMPTY,
            emperor: [Cell::new(0).expect("cell 0"); 2],
            turn,
            halfmove,
            fullmove,
            hash: 0,
        };
        if fullmove == 0 {
            return Err(Error::invalid("RD-19", "the fullmove number starts at 1"));
        }
        let mut emperors = [0u32; 2];
        for (i, piece) in cells.iter().enumerate() {
            if let Some(piece) = *piece {
                let cell = Cell::new(i).expect("index below CELLS");
                p.put(cell, piece);
                if piece.role().is_royal() {
                    emperors[piece.color().index()] += 1;
                    p.emperor[piece.color().index()] = cell;
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let n = emperors[color.index()];
            if n != 1 {
                let side = if color == Color::White {
                    "White"
                } else {
                    "Black"
                };
                return Err(Error::invalid(
                    "RD-18",
                    format!("{side} has {n} Emperors; exactly one is required"),
                ));
            }
        }
        if p.is_attacked(p.emperor[turn.opponent().index()], turn) {
            return Err(Error::invalid("RD-18", "the side not to move is in check"));
        }
        if turn == Color::Black {
            p.hash ^= KEYS.black_to_move;
        }
        Ok(p)
    }

    /// Places `piece` on the empty cell `s`, updating bitboards and hash.
    #[inline]
    pub(crate) fn put(&mut self, s: Cell, piece: Piece) {
        let i = s.index();
        self.board[i] = piece.code();
        let c = piece.color().index();
        self.by_color[c].set(i);
        if piece.components().len() != 2 {
            self.unpaired.set(i);
        }
        let mut set = piece.components().0;
        while set != 0 {
            let k = set.trailing_zeros() as usize;
            set &= set - 1;
            self.by_comp[k].set(i);
        }
        self.hash ^= piece_key(piece, i);
    }

    /// Removes the piece on `s` (which must hold one) and returns it.
    #[inline]
    pub(crate) fn take(&mut self, s: Cell) -> Piece {
        let i = s.index();
        let piece = Piece::from_code(self.board[i]).expect("take from an occupied cell");
        self.board[i] = 0;
        let c = piece.color().index();
        self.by_color[c].clear(i);
        self.unpaired.clear(i);
        let mut set = piece.components().0;
        while set != 0 {
            let k = set.trailing_zeros() as usize;
            set &= set - 1;
            self.by_comp[k].clear(i);
        }
        self.hash ^= piece_key(piece, i);
        piece
    }

    /// The piece on `s`, if any.
    #[inline]
    pub fn piece_at(&self, s: Cell) -> Option<Piece> {
        Piece::from_code(self.board[s.index()])
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The halfmove clock: 0 after a capture, +1 after any other move; display only (RD-17).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The cell of `color`'s Emperor.
    #[inline]
    pub fn emperor(&self, color: Color) -> Cell {
        self.emperor[color.index()]
    }

    /// The cells occupied by `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The pieces of `by` that attack `s` (RD-13): a piece attacks every cell one of its
    /// component vectors reaches, whatever stands there or in between (RD-2).
    #[inline]
    pub fn attackers(&self, s: Cell, by: Color) -> Bitboard {
        let t = &TABLES.leaps;
        let b = &self.by_comp;
        let i = s.index();
        // Every vector set is symmetric, so `s` is attacked from exactly the cells its own
        // leaps reach.
        ((t[0][i] & b[0])
            | (t[1][i] & b[1])
            | (t[2][i] & b[2])
            | (t[3][i] & b[3])
            | (t[4][i] & b[4])
            | (t[5][i] & b[5]))
            & self.by_color[by.index()]
    }

    /// The cells of `color`'s pieces that a two-component piece with components `set` may
    /// combine with (RD-7): the friendly pairs whose union with `set` is a quadruple.
    #[inline(always)]
    pub(crate) fn partner_cells(&self, set: Components, color: Color) -> Bitboard {
        self.partners_among(set, self.by_color[color.index()].and_not(self.unpaired))
    }

    /// [`Self::partner_cells`] among `paired`, the friendly pieces that may combine (the
    /// side's pieces less the unpaired ones), computed once per node by the caller.
    #[inline(always)]
    pub(crate) fn partners_among(&self, set: Components, paired: Bitboard) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for p in set.partners() {
            let bits = p.0;
            if bits != 0 {
                let r = bits.trailing_zeros() as usize;
                let s = (bits & (bits - 1)).trailing_zeros() as usize;
                b |= self.by_comp[r] & self.by_comp[s];
            }
        }
        b & paired
    }

    /// Whether `by` attacks `s` (RD-13).
    #[inline]
    pub fn is_attacked(&self, s: Cell, by: Color) -> bool {
        self.attackers(s, by).any()
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.emperor[self.turn.index()], self.turn.opponent())
    }

    /// Checks every internal invariant (bitboards agree with the cells, one Emperor per
    /// side, the hash equals a from-scratch hash, the side not to move is not in check).
    /// Returns a description of the first broken one. For tests and fuzzing.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut by_color = [Bitboard::EMPTY; 2];
        let mut by_comp = [Bitboard::EMPTY; 6];
        let mut unpaired = Bitboard::EMPTY;
        let mut emperors = [0; 2];
        for i in 0..CELLS {
            let code = self.board[i];
            if code == 0 {
                continue;
            }
            let p = Piece::from_code(code).ok_or(format!("bad code {code} on cell {i}"))?;
            let c = p.color().index();
            by_color[c].set(i);
            for k in p.components().iter() {
                by_comp[k.index()].set(i);
            }
            if p.components().len() != 2 {
                unpaired.set(i);
            }
            if p.role() == Role::EMPEROR {
                emperors[c] += 1;
                if self.emperor[c].index() != i {
                    return Err(format!("Emperor cell of side {c} out of date"));
                }
            }
        }
        if emperors != [1, 1] {
            return Err(format!("Emperor counts {emperors:?}"));
        }
        if by_color != self.by_color {
            return Err("colour bitboards out of date".into());
        }
        if by_comp != self.by_comp {
            return Err("component bitboards out of date".into());
        }
        if unpaired != self.unpaired {
            return Err("Emperor and quadruple bitboard out of date".into());
        }
        if self.hash != self.zobrist_from_scratch() {
            return Err("incremental hash differs from the scratch hash".into());
        }
        if self.is_attacked(self.emperor[self.turn.opponent().index()], self.turn) {
            return Err("the side not to move is in check".into());
        }
        if self.fullmove == 0 {
            return Err("fullmove number 0".into());
        }
        Ok(())
    }
}

/// An upper bound on the legal moves of any valid position: for every cell, the most moves a
/// piece of the side to move could make from it (a quadruple: a whole move and three splits
/// per reachable cell), summed over all 96 cells. A unit test recomputes the figure from the
/// leap tables.
pub const MAX_MOVES: usize = 7264;

/// The legal moves of a position.
pub type Moves = MoveList<Move, MAX_MOVES>;

/// The core trait, which the registry, the tool and perft use.
impl Position for Redistribution {
    /// Only the side to move can be in check: a legal move never leaves its own King attacked.
    fn seat_in_check(&self, seat: usize) -> bool {
        seat == self.turn() && self.in_check()
    }

    type Move = Move;
    type MoveList = Moves;

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        self.for_each_legal_move(|m| moves.push(m));
    }

    #[inline(always)]
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

    fn fullmove_number(&self) -> u32 {
        self.fullmove
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

    /// The placement and the side to move (the counters change no count, RD-17).
    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        for i in 0..CELLS {
            if let Some(p) = Piece::from_code(self.board[i]) {
                h ^= piece_key(p, i);
            }
        }
        if self.turn == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
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
