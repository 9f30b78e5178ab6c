//! The position: three boards, side to move, castling rights, e.p. field, counters, hash; and
//! its [`Position`] implementation.

use dimchess_core::{Error, Outcome, Position};
use dimchess_fide::{Color, Role};

use crate::geometry::{Square, bit, index, name, square};
use crate::layer::{Layer, LayerExt, other};
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::plane::Plane;
use crate::zobrist;

/// Castling right bits: `K`, `Q`, `k`, `q` (DC-13).
pub(crate) const WHITE_KINGSIDE: u8 = 1;
pub(crate) const WHITE_QUEENSIDE: u8 = 2;
pub(crate) const BLACK_KINGSIDE: u8 = 4;
pub(crate) const BLACK_QUEENSIDE: u8 = 8;

/// The e.p. field: the board of the last double step and the square passed over (DC-12).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EpTarget {
    /// The board the double step was made on.
    pub plane: Plane,
    /// The square the pawn passed over.
    pub square: Square,
}

/// A Dimension Chess position (DC-26: always valid; every constructor checks).
///
/// ```
/// use dimchess_dimension_chess::DimensionChess;
/// let start = DimensionChess::start();
/// assert_eq!(
///     start.to_string(),
///     "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 0 1"
/// );
/// let p: DimensionChess = start.to_string().parse().unwrap();
/// assert_eq!(p, start);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DimensionChess {
    pub(crate) layers: [Layer; 3],
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<(Plane, u8)>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

impl Default for DimensionChess {
    fn default() -> Self {
        DimensionChess::start()
    }
}

impl DimensionChess {
    /// The start position: the FIDE array on Earth, Heaven and Hell empty, White to move,
    /// castling rights `KQkq` (DC-2).
    pub fn start() -> DimensionChess {
        let mut earth = Layer::default();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (f, &r) in back.iter().enumerate() {
            let f = f as u8;
            earth.put_on(f, Color::White, r);
            earth.put_on(8 + f, Color::White, Role::Pawn);
            earth.put_on(48 + f, Color::Black, Role::Pawn);
            earth.put_on(56 + f, Color::Black, r);
        }
        let mut p = DimensionChess {
            layers: [Layer::default(), earth, Layer::default()],
            turn: Color::White,
            castling: WHITE_KINGSIDE | WHITE_QUEENSIDE | BLACK_KINGSIDE | BLACK_QUEENSIDE,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        };
        p.hash = p.zobrist_from_scratch();
        p
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.turn
    }

    /// The piece on `square` of `plane`, if any.
    pub fn piece_at(&self, plane: Plane, square: Square) -> Option<(Color, Role)> {
        self.layers[plane.index()].piece_on(index(square))
    }

    /// The castling rights as in the position text (`KQkq`, `-`...).
    pub fn castling_text(&self) -> String {
        let mut s = String::new();
        for (bit, ch) in [
            (WHITE_KINGSIDE, 'K'),
            (WHITE_QUEENSIDE, 'Q'),
            (BLACK_KINGSIDE, 'k'),
            (BLACK_QUEENSIDE, 'q'),
        ] {
            if self.castling & bit != 0 {
                s.push(ch);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// The e.p. field, set after every double step on any board (DC-12).
    pub fn ep_target(&self) -> Option<EpTarget> {
        self.ep.map(|(plane, sq)| EpTarget {
            plane,
            square: square(sq),
        })
    }

    /// The halfmove clock (DC-27).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Where `c`'s king stands on Earth (there is exactly one in a valid position).
    #[inline]
    pub(crate) fn king(&self, c: Color) -> Option<u8> {
        let k = self.layers[Plane::Earth.index()].pcs(c, Role::King);
        if k == 0 {
            None
        } else {
            Some(k.trailing_zeros() as u8)
        }
    }

    /// Earth cells where a piece of `c` cannot move and where a piece of the enemy cannot be
    /// captured by `c`: possessed `c` pieces and blessed enemy pieces, ego excepted
    /// (DC-15 to DC-17). For White: a Black piece in Hell and no White piece in Heaven.
    #[inline]
    pub(crate) fn frozen_for(&self, c: Color) -> u64 {
        let them = other(c);
        self.layers[Plane::upper(them).index()].col(them)
            & !self.layers[Plane::upper(c).index()].col(c)
    }

    /// Is the Earth piece on `square` possessed (and not ego) (DC-15, DC-17)?
    pub fn is_possessed(&self, square: Square) -> bool {
        let sq = index(square);
        match self.layers[Plane::Earth.index()].color_on(sq) {
            Some(c) => self.frozen_for(c) & bit(sq) != 0,
            None => false,
        }
    }

    /// Is the Earth piece on `square` blessed (and not ego) (DC-16, DC-17)?
    pub fn is_blessed(&self, square: Square) -> bool {
        let sq = index(square);
        match self.layers[Plane::Earth.index()].color_on(sq) {
            Some(c) => self.frozen_for(other(c)) & bit(sq) != 0,
            None => false,
        }
    }

    /// Puts a piece on an empty cell, updating the hash.
    #[inline]
    pub(crate) fn put(&mut self, plane: Plane, sq: u8, c: Color, r: Role) {
        self.layers[plane.index()].put_on(sq, c, r);
        self.hash ^= zobrist::piece(plane, c, r, sq);
    }

    /// Takes the known piece `(c, r)` off `sq`, updating the hash.
    #[inline]
    pub(crate) fn take_known(&mut self, plane: Plane, sq: u8, c: Color, r: Role) {
        debug_assert_eq!(self.layers[plane.index()].piece_on(sq), Some((c, r)));
        self.layers[plane.index()].remove_from(sq, c, r);
        self.hash ^= zobrist::piece(plane, c, r, sq);
    }

    /// Takes the piece (if any) off `sq`, updating the hash.
    #[inline]
    pub(crate) fn take(&mut self, plane: Plane, sq: u8) -> Option<(Color, Role)> {
        let l = &mut self.layers[plane.index()];
        let (c, r) = l.piece_on(sq)?;
        l.remove_from(sq, c, r);
        self.hash ^= zobrist::piece(plane, c, r, sq);
        Some((c, r))
    }

    /// Describes the piece on `sq` of `plane` for messages: `the White rook on E:d1`.
    pub(crate) fn describe(&self, plane: Plane, sq: u8) -> String {
        match self.layers[plane.index()].piece_on(sq) {
            Some((c, r)) => format!(
                "the {} {} on {}:{}",
                color_name(c),
                r.name(),
                plane.letter(),
                name(sq)
            ),
            None => format!("the empty square {}:{}", plane.letter(), name(sq)),
        }
    }
}

/// `White` or `Black`.
pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The core trait, which the registry, the tool and perft use.
impl Position for DimensionChess {
    /// Only the side to move can be in check: a legal move never leaves its own King attacked.
    fn seat_in_check(&self, seat: usize) -> bool {
        seat == self.turn() && self.is_check()
    }

    type Move = Move;
    type MoveList = MoveList;

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.legal_moves_into(moves);
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        self.count_moves()
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// Each child made by copy-make (`DimensionChess::play_from`), whose commonest case
    /// reads only the parent. Always inlined, with the generator: perft's code path chosen
    /// at run time (`dimchess_core::cpu`) compiles both.
    #[inline(always)]
    fn for_each_child(&self, mut f: impl FnMut(Move, &DimensionChess)) {
        let mut moves = MoveList::new();
        self.legal_moves_inline(&mut moves);
        for &m in moves.iter() {
            let mut child = *self;
            child.play_from(self, m);
            f(m, &child);
        }
    }

    fn turn(&self) -> usize {
        self.turn.index()
    }

    /// DC-27.
    fn fullmove_number(&self) -> u32 {
        self.fullmove
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

    /// The hash from scratch: placement, side, castling and the e.p. field, not the counters
    /// (tests compare it with the incremental one).
    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        for plane in Plane::ALL {
            let l = &self.layers[plane.index()];
            for sq in 0..64u8 {
                if let Some((c, r)) = l.piece_on(sq) {
                    h ^= zobrist::piece(plane, c, r, sq);
                }
            }
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h ^= zobrist::castling(self.castling);
        if let Some((plane, sq)) = self.ep {
            h ^= zobrist::ep(plane, sq);
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
