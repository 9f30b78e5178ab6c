//! The placement of FIDE pieces on one 8x8 board, as bitboards by colour and by role.

use core::fmt;

use dimchess_core::text::{RowStyle, Shape, parse_placement, write_placement};
use dimchess_core::{Bitboard64, Error};

use crate::attacks;
use crate::types::{Color, Piece, Role, Square};

/// Pieces on an 8x8 board.
///
/// ```
/// use dimchess_fide::{Board, Color, Role};
/// let b = Board::start();
/// assert_eq!(b.occupied().count(), 32);
/// assert_eq!(b.king_of(Color::White).unwrap().to_string(), "e1");
/// assert_eq!(Board::from_placement(&b.placement()).unwrap(), b);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    by_color: [Bitboard64; 2],
    by_role: [Bitboard64; 6],
}

/// The 8x8 placement shape: one board, 8 rows of 8.
pub const SHAPE: Shape = Shape {
    boards: 1,
    rows: 8,
    cols: 8,
};

/// The square of the `i`-th cell of a placement in text order (rank 8 first).
#[inline]
pub fn text_order_square(i: usize) -> Square {
    Square::from_coords((i % 8) as u8, 7 - (i / 8) as u8).unwrap_or(Square::from_index(0))
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Board {
        Board {
            by_color: [Bitboard64::EMPTY; 2],
            by_role: [Bitboard64::EMPTY; 6],
        }
    }

    /// The board whose `color`'s pieces of `role` are `pieces[color][role]` (cells as
    /// [`Square`] indices, roles in [`Role::ALL`] order); a cell named twice holds the first
    /// piece named on it (White before Black, then by role).
    ///
    /// ```
    /// use dimchess_fide::{Board, Color, Role, Square};
    /// let mut pieces = [[0u64; 6]; 2];
    /// pieces[0][5] = 1 << 4; // the White King on e1
    /// pieces[1][0] = 1 << 52; // a Black Pawn on e7
    /// let board = Board::from_sets(&pieces);
    /// assert_eq!(board, Board::from_placement("8/4p3/8/8/8/8/8/4K3").unwrap());
    /// ```
    pub fn from_sets(pieces: &[[u64; 6]; 2]) -> Board {
        let mut board = Board::empty();
        let mut taken = 0u64;
        for (c, roles) in pieces.iter().enumerate() {
            for (r, &set) in roles.iter().enumerate() {
                let set = set & !taken;
                taken |= set;
                board.by_color[c] |= Bitboard64::from_bits(set);
                board.by_role[r] |= Bitboard64::from_bits(set);
            }
        }
        board
    }

    /// The FIDE start array.
    pub fn start() -> Board {
        Board::from_placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
            .unwrap_or_else(|_| Board::empty())
    }

    /// Reads a FEN placement field (8 ranks, rank 8 first).
    pub fn from_placement(text: &str) -> Result<Board, Error> {
        let cells = parse_placement(text, SHAPE, RowStyle::Compact, |t| {
            t.chars().next().and_then(Piece::from_char)
        })?;
        let mut b = Board::empty();
        for (i, p) in cells.into_iter().enumerate() {
            if let Some(p) = p {
                b.put(text_order_square(i), p);
            }
        }
        Ok(b)
    }

    /// The FEN placement field.
    pub fn placement(&self) -> String {
        write_placement(SHAPE, RowStyle::Compact, |i| {
            self.piece_at(text_order_square(i))
        })
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard64 {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard64 {
        self.by_role[role.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard64 {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Rooks and queens of `color`.
    #[inline]
    pub fn rook_movers(&self, color: Color) -> Bitboard64 {
        self.by_color(color)
            & (self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()])
    }

    /// Bishops and queens of `color`.
    #[inline]
    pub fn bishop_movers(&self, color: Color) -> Bitboard64 {
        self.by_color(color)
            & (self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()])
    }

    /// Rooks and queens of both colours.
    #[inline]
    pub fn rook_movers_any(&self) -> Bitboard64 {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]
    }

    /// Bishops and queens of both colours.
    #[inline]
    pub fn bishop_movers_any(&self) -> Bitboard64 {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]
    }

    /// The king of `color`, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King)
            .single()
            .map(Square::from_index)
    }

    /// The colour of the piece on `sq`.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq.index()) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq.index()) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq.index()) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq.index()))
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = self.color_at(sq)?;
        let role = self.role_at(sq)?;
        Some(Piece { color, role })
    }

    /// Puts `piece` on the empty square `sq` (use [`Board::set`] if it may be occupied).
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color.index()].set(sq.index());
        self.by_role[piece.role.index()].set(sq.index());
    }

    /// Removes the piece of known `piece` from `sq`.
    #[inline]
    pub fn take(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color.index()].clear(sq.index());
        self.by_role[piece.role.index()].clear(sq.index());
    }

    /// The board with `piece` moved from `from` to the empty square `to`, every set computed
    /// from `self` by masks and written once: copy-make code that stores the result into a
    /// fresh copy reads back none of the words it has just stored (a narrow store followed
    /// by a wider load of the same bytes stalls the load).
    ///
    /// ```
    /// use dimchess_fide::{Board, Color, Piece, Role, Square};
    /// let b = Board::start();
    /// let pawn = Piece::new(Color::White, Role::Pawn);
    /// let moved = b.with_move(Square::from_index(12), Square::from_index(28), pawn);
    /// assert_eq!(moved.piece_at(Square::from_index(28)), Some(pawn));
    /// assert_eq!(moved.piece_at(Square::from_index(12)), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn with_move(&self, from: Square, to: Square, piece: Piece) -> Board {
        let ft = (1u64 << from.index()) | (1u64 << to.index());
        let mask = |yes: bool| ft & 0u64.wrapping_sub(u64::from(yes));
        let (c, r) = (piece.color.index(), piece.role.index());
        Board {
            by_color: core::array::from_fn(|i| {
                Bitboard64::from_bits(self.by_color[i].bits() ^ mask(i == c))
            }),
            by_role: core::array::from_fn(|i| {
                Bitboard64::from_bits(self.by_role[i].bits() ^ mask(i == r))
            }),
        }
    }

    /// The board after the piece of `color` on `from` moves to `to`, taking whatever stands
    /// there, and lands as `promotion` if given (else as itself): every set computed from
    /// `self` by masks, without looking up the roles on `from` and `to`.
    ///
    /// ```
    /// use dimchess_fide::{Board, Color, Piece, Role, Square};
    /// let b = Board::from_placement("4k3/8/8/3p4/4P3/8/8/4K3").unwrap();
    /// let (e4, d5) = (Square::from_index(28), Square::from_index(35));
    /// let after = b.with_capture(e4, d5, Color::White, None);
    /// assert_eq!(after.piece_at(d5), Some(Piece::new(Color::White, Role::Pawn)));
    /// assert_eq!(after.occupied().count(), 3);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn with_capture(
        &self,
        from: Square,
        to: Square,
        color: Color,
        promotion: Option<Role>,
    ) -> Board {
        let (f, t) = (from.index() as u32 & 63, to.index() as u32 & 63);
        let clear = !((1u64 << f) | (1u64 << t));
        let us = color.index();
        let by_role = match promotion {
            None => core::array::from_fn(|i| {
                let r = self.by_role[i].bits();
                Bitboard64::from_bits((r & clear) | (((r >> f) & 1) << t))
            }),
            Some(p) => core::array::from_fn(|i| {
                let r = self.by_role[i].bits() & clear;
                Bitboard64::from_bits(r | (u64::from(i == p.index()) << t))
            }),
        };
        Board {
            by_color: core::array::from_fn(|i| {
                let c = self.by_color[i].bits() & clear;
                Bitboard64::from_bits(c | (u64::from(i == us) << t))
            }),
            by_role,
        }
    }

    /// Removes and returns whatever stands on `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.take(sq, p);
        Some(p)
    }

    /// Puts `piece` on `sq`, returning what stood there.
    #[inline]
    pub fn set(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove(sq);
        self.put(sq, piece);
        old
    }

    /// The pieces of `by` that attack `sq`, with `occupied` blocking the riders.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard64) -> Bitboard64 {
        let them = self.by_color(by);
        ((attacks::knight(sq) & self.by_role(Role::Knight))
            | (attacks::king(sq) & self.by_role(Role::King))
            | (attacks::pawn(by.other(), sq) & self.by_role(Role::Pawn))
            | (attacks::rook(sq, occupied)
                & (self.by_role(Role::Rook) | self.by_role(Role::Queen)))
            | (attacks::bishop(sq, occupied)
                & (self.by_role(Role::Bishop) | self.by_role(Role::Queen))))
            & them
    }

    /// Whether a piece of `by` attacks `sq`, with `occupied` blocking the riders.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard64) -> bool {
        self.attackers_to(sq, by, occupied).any()
    }

    /// Every piece with its square, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().iter().filter_map(move |i| {
            let sq = Square::from_index(i);
            self.piece_at(sq).map(|p| (sq, p))
        })
    }

    /// A diagram: rank 8 at the top, `.` for an empty square, files and ranks labelled.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).unwrap_or(Square::from_index(0));
                s.push(' ');
                s.push(self.piece_at(sq).map_or('.', Piece::char));
            }
            s.push('\n');
        }
        s.push_str("   a b c d e f g h\n");
        s
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.placement())
    }
}
