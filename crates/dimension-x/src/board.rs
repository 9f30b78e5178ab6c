//! Pieces, the position type and its Zobrist keys.

use std::sync::OnceLock;

use dimchess_core::zobrist;

use crate::tables::{NO_SQ, tables};

pub use dimchess_fide::Color;

/// Dimension X's piece type: the six FIDE roles, then the three trans-dimensional ones.
///
/// The piece type is called `Role` in every dimchess crate, as in `dimchess-fide` and
/// shakmaty; this one is Dimension X's own, with the Crab, Cobra and Spider beside the FIDE
/// roles, so it is not `dimchess_fide::Role` (the side, [`Color`], is fide's). Its first six
/// values are the FIDE roles in `dimchess_fide::Role::ALL`'s order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn `P`.
    Pawn,
    /// Knight `N`.
    Knight,
    /// Bishop `B`.
    Bishop,
    /// Rook `R`.
    Rook,
    /// Queen `Q`.
    Queen,
    /// King `K`.
    King,
    /// Crab `C`: pinches (DX-18).
    Crab,
    /// Spitting Cobra `S`: strikes (DX-22).
    Cobra,
    /// Spider `A`: webs (DX-11).
    Spider,
}

impl Role {
    /// All roles in index order.
    pub const ALL: [Role; 9] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Crab,
        Role::Cobra,
        Role::Spider,
    ];
    /// The index in [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// Whether it is a Crab, Cobra or Spider.
    #[inline]
    pub const fn is_trans_dimensional(self) -> bool {
        self as usize >= 6
    }
    /// The White letter (`P N B R Q K C S A`).
    pub const fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K', 'C', 'S', 'A'][self as usize]
    }
    /// The letter of a piece of this role and colour.
    pub const fn letter_of(self, c: Color) -> char {
        let l = self.letter();
        match c {
            Color::White => l,
            Color::Black => l.to_ascii_lowercase(),
        }
    }
    /// Reads a piece letter.
    pub fn from_letter(ch: char) -> Option<(Color, Role)> {
        let k = Role::ALL
            .into_iter()
            .find(|k| k.letter() == ch.to_ascii_uppercase())?;
        let c = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some((c, k))
    }
}

/// Index of a trans-dimensional kind in `td` arrays: Crab 0, Cobra 1, Spider 2.
pub(crate) const CRAB: usize = 0;
pub(crate) const COBRA: usize = 1;
pub(crate) const SPIDER: usize = 2;
/// Location value of a trans-dimensional piece that is not in the game.
pub(crate) const GONE: u8 = 255;
/// Locations 64..128 are Dimension X squares (`64 + square`).
pub(crate) const DX: u8 = 64;

/// Castling right bits (`K`, `Q`, `k`, `q`).
pub(crate) const CASTLE_K: u8 = 1;
pub(crate) const CASTLE_Q: u8 = 2;
pub(crate) const CASTLE_BK: u8 = 4;
pub(crate) const CASTLE_BQ: u8 = 8;

/// A Dimension X position: both boards, side to move, castling rights, en passant square and
/// clocks.
///
/// ```
/// use dimchess_dimension_x::DxPosition;
/// let p = DxPosition::start();
/// assert_eq!(
///     p.to_string(),
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DxPosition {
    /// FIDE-board occupancy per colour (FIDE and trans-dimensional pieces).
    pub(crate) color: [u64; 2],
    /// FIDE pieces on the FIDE board by kind (Pawn..King), both colours.
    pub(crate) roles: [u64; 6],
    /// Where each side's Crab, Cobra, Spider is: a FIDE square, `DX + square`, or `GONE`.
    pub(crate) td: [[u8; 3]; 2],
    /// Dimension X occupancy (both colours).
    pub(crate) dx: u64,
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// En passant square or `NO_SQ`.
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
}

/// Zobrist keys.
pub(crate) struct Keys {
    pub fide: [[[u64; 64]; 9]; 2],
    pub dx: [[[u64; 64]; 3]; 2],
    pub castling: [u64; 16],
    pub ep: [u64; 8],
    pub black: u64,
}

pub(crate) fn keys() -> &'static Keys {
    static K: OnceLock<Keys> = OnceLock::new();
    K.get_or_init(|| {
        let v = zobrist::keys(0x4449_4d45_4e53_4958, 2 * 9 * 64 + 2 * 3 * 64 + 16 + 8 + 1);
        let mut it = v.into_iter();
        let mut next = || it.next().unwrap_or(0);
        let mut k = Keys {
            fide: [[[0; 64]; 9]; 2],
            dx: [[[0; 64]; 3]; 2],
            castling: [0; 16],
            ep: [0; 8],
            black: 0,
        };
        for c in 0..2 {
            for kind in 0..9 {
                for s in 0..64 {
                    k.fide[c][kind][s] = next();
                }
            }
            for kind in 0..3 {
                for s in 0..64 {
                    k.dx[c][kind][s] = next();
                }
            }
        }
        // Castling keys are XORs of one key per right, so that losing rights one at a time
        // and losing them at once agree.
        let mut single = [0u64; 4];
        for s in &mut single {
            *s = next();
        }
        for (m, ck) in k.castling.iter_mut().enumerate() {
            *ck = (0..4)
                .filter(|b| m & (1 << b) != 0)
                .fold(0, |a, b| a ^ single[b]);
        }
        for e in &mut k.ep {
            *e = next();
        }
        k.black = next();
        k
    })
}

impl DxPosition {
    /// An empty position (no pieces), White to move, used by the parser.
    pub(crate) fn empty() -> Self {
        DxPosition {
            color: [0; 2],
            roles: [0; 6],
            td: [[GONE; 3]; 2],
            dx: 0,
            side: Color::White,
            castling: 0,
            ep: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Both sides' pieces on the FIDE board.
    #[inline]
    pub(crate) fn occ(&self) -> u64 {
        self.color[0] | self.color[1]
    }

    /// The piece on FIDE square `sq`.
    pub fn fide_piece(&self, sq: u8) -> Option<(Color, Role)> {
        let b = 1u64 << sq;
        let c = if self.color[0] & b != 0 {
            0
        } else if self.color[1] & b != 0 {
            1
        } else {
            return None;
        };
        for r in 0..6 {
            if self.roles[r] & b != 0 {
                return Some((Color::from_index(c), Role::ALL[r]));
            }
        }
        let t = self.td[c].iter().position(|&l| l == sq)?;
        Some((Color::from_index(c), Role::ALL[6 + t]))
    }

    /// The piece on Dimension X square `sq`.
    pub fn dx_piece(&self, sq: u8) -> Option<(Color, Role)> {
        for c in 0..2 {
            if let Some(t) = self.td[c].iter().position(|&l| l == DX + sq) {
                return Some((Color::from_index(c), Role::ALL[6 + t]));
            }
        }
        None
    }

    /// The trans-dimensional kind (0 Crab, 1 Cobra, 2 Spider) of side `c` on FIDE square `sq`.
    #[inline]
    pub(crate) fn td_at(&self, c: usize, loc: u8) -> Option<usize> {
        self.td[c].iter().position(|&l| l == loc)
    }

    /// The King square of side `c`, if it has a King.
    #[inline]
    pub(crate) fn king_sq(&self, c: usize) -> Option<u8> {
        let k = self.roles[5] & self.color[c];
        (k != 0).then(|| k.trailing_zeros() as u8)
    }

    /// Side `c`'s pieces on the FIDE board that are in a web (DX-11): every one adjacent to
    /// an enemy Spider on the FIDE board, except side `c`'s own Spider.
    #[inline]
    pub(crate) fn webbed(&self, c: usize) -> u64 {
        let s = self.td[1 - c][SPIDER];
        if s >= DX {
            return 0;
        }
        let own_spider = match self.td[c][SPIDER] {
            l if l < DX => 1u64 << l,
            _ => 0,
        };
        tables().king[s as usize] & self.color[c] & !own_spider
    }

    /// Puts a FIDE piece (kind index < 6) on the FIDE board.
    #[inline]
    pub(crate) fn put_fide(&mut self, c: usize, kind: usize, sq: u8) {
        let b = 1u64 << sq;
        self.color[c] |= b;
        self.roles[kind] |= b;
        self.hash ^= keys().fide[c][kind][sq as usize];
    }

    /// Removes a FIDE piece (kind index < 6) from the FIDE board.
    #[inline]
    pub(crate) fn remove_fide(&mut self, c: usize, kind: usize, sq: u8) {
        let b = 1u64 << sq;
        self.color[c] &= !b;
        self.roles[kind] &= !b;
        self.hash ^= keys().fide[c][kind][sq as usize];
    }

    /// Moves trans-dimensional piece `t` of side `c` to location `to` (FIDE, DX or GONE).
    #[inline]
    pub(crate) fn move_td(&mut self, c: usize, t: usize, to: u8) {
        let k = keys();
        let from = self.td[c][t];
        if from < DX {
            self.color[c] &= !(1u64 << from);
            self.hash ^= k.fide[c][6 + t][from as usize];
        } else if from != GONE {
            self.dx &= !(1u64 << (from - DX));
            self.hash ^= k.dx[c][t][(from - DX) as usize];
        }
        if to < DX {
            self.color[c] |= 1u64 << to;
            self.hash ^= k.fide[c][6 + t][to as usize];
        } else if to != GONE {
            self.dx |= 1u64 << (to - DX);
            self.hash ^= k.dx[c][t][(to - DX) as usize];
        }
        self.td[c][t] = to;
    }

    /// Removes whatever enemy piece of side `c` stands on FIDE square `sq` (capture, strike,
    /// pinch removal); returns its kind index.
    pub(crate) fn remove_at(&mut self, c: usize, sq: u8) -> usize {
        let b = 1u64 << sq;
        for r in 0..6 {
            if self.roles[r] & b != 0 {
                self.remove_fide(c, r, sq);
                return r;
            }
        }
        if let Some(t) = self.td_at(c, sq) {
            self.move_td(c, t, GONE);
            return 6 + t;
        }
        usize::MAX
    }

    /// Drops the castling rights that a change on `sq` (a King or Rook home square) ends
    /// (DX-24).
    #[inline]
    pub(crate) fn touch_castling(&mut self, sq: u8) {
        let lost = match sq {
            0 => CASTLE_Q,
            7 => CASTLE_K,
            4 => CASTLE_K | CASTLE_Q,
            56 => CASTLE_BQ,
            63 => CASTLE_BK,
            60 => CASTLE_BK | CASTLE_BQ,
            _ => return,
        };
        self.set_castling(self.castling & !lost);
    }

    #[inline]
    pub(crate) fn set_castling(&mut self, rights: u8) {
        if rights != self.castling {
            let k = keys();
            self.hash ^= k.castling[self.castling as usize] ^ k.castling[rights as usize];
            self.castling = rights;
        }
    }

    /// The Zobrist hash computed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let k = keys();
        let mut h = 0u64;
        for c in 0..2 {
            for r in 0..6 {
                let mut b = self.roles[r] & self.color[c];
                while b != 0 {
                    h ^= k.fide[c][r][b.trailing_zeros() as usize];
                    b &= b - 1;
                }
            }
            for t in 0..3 {
                let l = self.td[c][t];
                if l < DX {
                    h ^= k.fide[c][6 + t][l as usize];
                } else if l != GONE {
                    h ^= k.dx[c][t][(l - DX) as usize];
                }
            }
        }
        h ^= k.castling[self.castling as usize];
        if self.ep != NO_SQ {
            h ^= k.ep[(self.ep % 8) as usize];
        }
        if self.side == Color::Black {
            h ^= k.black;
        }
        h
    }

    /// Whether two positions have the same pieces on the same squares and the same castling
    /// rights (with a common parent, the same child: DX-35).
    #[inline]
    pub(crate) fn same_child(&self, o: &DxPosition) -> bool {
        self.color == o.color
            && self.roles == o.roles
            && self.td == o.td
            && self.castling == o.castling
    }
}
