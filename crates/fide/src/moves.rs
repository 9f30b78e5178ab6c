//! Moves of orthodox chess, and the castling rules shared with the FIDE-piece variants.

use core::fmt;

use crate::types::{Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A move or capture that is none of the others.
    Normal,
    /// A pawn's two-square first move.
    DoublePush,
    /// A pawn's en-passant capture (`to` is the passed square).
    EnPassant,
    /// Castling, written as the king's move (`to` is g1, c1, g8 or c8).
    Castle,
    /// A pawn's move to the last rank, promoting to the role.
    Promotion(Role),
}

/// A move on an 8x8 board.
///
/// Its `Display` is its canonical text, UCI (`e2e4`, `e7e8q`, castling `e1g1`). The text
/// alone does not say what kind of move it is (whether `e1g1` castles, whether `e5d6` takes
/// en passant), so it is read in a position: [`Position::parse_move`](crate::Position::parse_move)
/// (which reads SAN too), or [`Uci`](crate::Uci) for the text alone. With feature `serde` it
/// serializes as its text and is read back by the position's
/// `move_seed()`.
///
/// ```
/// use dimchess_fide::{Chess, Position};
/// let pos = Chess::default();
/// let mv = pos.parse_move("Nf3").unwrap();
/// assert_eq!(mv.to_string(), "g1f3");
/// assert_eq!(pos.parse_move(&mv.to_string()).unwrap(), mv);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// The kind of move.
    pub kind: MoveKind,
}

impl Move {
    /// A move of `kind` from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move { from, to, kind }
    }

    /// The promotion role, if any.
    #[inline]
    pub fn promotion(&self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// Appends the UCI text (the `Display` form) to `out`, without the formatting machinery:
    /// move texts are listed by the hundred thousand (the Python package's `legal_moves`),
    /// where `to_string` through nested `write!`s cost several times more.
    pub fn push_uci(&self, out: &mut String) {
        for sq in [self.from, self.to] {
            out.push(sq.file_char());
            out.push(sq.rank_char());
        }
        if let Some(r) = self.promotion() {
            out.push(r.char());
        }
    }
}

/// UCI coordinate notation: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        for sq in [self.from, self.to] {
            f.write_char(sq.file_char())?;
            f.write_char(sq.rank_char())?;
        }
        if let Some(r) = self.promotion() {
            f.write_char(r.char())?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Castling rights as four bits: `K` = 1, `Q` = 2, `k` = 4, `q` = 8.
pub mod castling {
    use crate::types::{Color, Square};

    /// White's king-side right.
    pub const WHITE_KING: u8 = 1;
    /// White's queen-side right.
    pub const WHITE_QUEEN: u8 = 2;
    /// Black's king-side right.
    pub const BLACK_KING: u8 = 4;
    /// Black's queen-side right.
    pub const BLACK_QUEEN: u8 = 8;
    /// Every right.
    pub const ALL: u8 = 15;

    /// The rights that survive a move touching `sq` (as origin or destination): a king or rook
    /// leaving its start square, or a rook captured there, loses them.
    #[inline]
    pub const fn kept_after_touching(sq: Square) -> u8 {
        KEPT[sq.index() & 63]
    }

    /// [`kept_after_touching`] of every square, looked up rather than matched.
    const KEPT: [u8; 64] = {
        let mut t = [ALL; 64];
        let mut i = 0;
        while i < 64 {
            t[i] = kept_by_match(i);
            i += 1;
        }
        t
    };

    const fn kept_by_match(sq: usize) -> u8 {
        match sq {
            4 => ALL & !(WHITE_KING | WHITE_QUEEN),
            7 => ALL & !WHITE_KING,
            0 => ALL & !WHITE_QUEEN,
            60 => ALL & !(BLACK_KING | BLACK_QUEEN),
            63 => ALL & !BLACK_KING,
            56 => ALL & !BLACK_QUEEN,
            _ => ALL,
        }
    }

    /// One of the four castlings: its right bit and its squares.
    #[derive(Copy, Clone, Debug, PartialEq, Eq)]
    pub struct Castling {
        /// The right bit.
        pub right: u8,
        /// Who castles.
        pub color: Color,
        /// The king's start square.
        pub king_from: Square,
        /// The king's destination.
        pub king_to: Square,
        /// The rook's start square.
        pub rook_from: Square,
        /// The rook's destination.
        pub rook_to: Square,
    }

    const fn sq(i: usize) -> Square {
        Square::from_index(i)
    }

    /// The four castlings in `KQkq` order.
    pub const ALL_CASTLINGS: [Castling; 4] = [
        Castling {
            right: WHITE_KING,
            color: Color::White,
            king_from: sq(4),
            king_to: sq(6),
            rook_from: sq(7),
            rook_to: sq(5),
        },
        Castling {
            right: WHITE_QUEEN,
            color: Color::White,
            king_from: sq(4),
            king_to: sq(2),
            rook_from: sq(0),
            rook_to: sq(3),
        },
        Castling {
            right: BLACK_KING,
            color: Color::Black,
            king_from: sq(60),
            king_to: sq(62),
            rook_from: sq(63),
            rook_to: sq(61),
        },
        Castling {
            right: BLACK_QUEEN,
            color: Color::Black,
            king_from: sq(60),
            king_to: sq(58),
            rook_from: sq(56),
            rook_to: sq(59),
        },
    ];

    /// The castlings of `color`.
    #[inline]
    pub fn of(color: Color) -> &'static [Castling] {
        match color {
            Color::White => &ALL_CASTLINGS[0..2],
            Color::Black => &ALL_CASTLINGS[2..4],
        }
    }

    /// The castling whose king goes to `king_to`.
    #[inline]
    pub fn by_king_target(king_to: Square) -> Option<&'static Castling> {
        ALL_CASTLINGS.iter().find(|c| c.king_to == king_to)
    }

    /// Reads a FEN castling field (`-` or some of `KQkq`, in this order, each at most once).
    pub fn parse(text: &str) -> Option<u8> {
        if text == "-" {
            return Some(0);
        }
        let mut rights = 0u8;
        let mut last = None;
        for c in text.chars() {
            let i = "KQkq".find(c)?;
            if last.is_some_and(|l| i <= l) {
                return None;
            }
            last = Some(i);
            rights |= 1 << i;
        }
        (rights != 0).then_some(rights)
    }

    /// Reads a FEN castling field like [`parse`], as a syntax error naming the field.
    pub fn parse_field(text: &str) -> Result<u8, dimchess_core::Error> {
        parse(text).ok_or_else(|| {
            dimchess_core::Error::syntax(
                "castling",
                format!("`{text}` is not `-` or some of `KQkq` in this order"),
            )
        })
    }

    /// Checks that each right in `rights` has its king and rook on their start squares of
    /// `board`; the error cites `rule` (empty where no ruling applies).
    pub fn check_placement(
        board: &crate::board::Board,
        rights: u8,
        rule: &'static str,
    ) -> Result<(), dimchess_core::Error> {
        use crate::types::{Piece, Role};
        for c in ALL_CASTLINGS {
            if rights & c.right != 0
                && (board.piece_at(c.king_from) != Some(Piece::new(c.color, Role::King))
                    || board.piece_at(c.rook_from) != Some(Piece::new(c.color, Role::Rook)))
            {
                return Err(dimchess_core::Error::invalid(
                    rule,
                    format!(
                        "castling right `{}` needs the king on {} and the rook on {}",
                        write(c.right),
                        c.king_from,
                        c.rook_from
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Writes a FEN castling field.
    pub fn write(rights: u8) -> String {
        let s: String = "KQkq"
            .chars()
            .enumerate()
            .filter(|&(i, _)| rights >> i & 1 != 0)
            .map(|(_, c)| c)
            .collect();
        if s.is_empty() { "-".to_string() } else { s }
    }
}
