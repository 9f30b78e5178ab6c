//! Squares, colours, roles and pieces of the 8x8 board.

use core::fmt;
use core::str::FromStr;

use dimchess_core::Error;

/// A square of the 8x8 board, `a1` = 0, `b1` = 1, ..., `h8` = 63.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(u8);

impl Square {
    /// The square with index `i` (`0..64`), `None` otherwise.
    #[inline]
    pub const fn new(i: usize) -> Option<Square> {
        if i < 64 { Some(Square(i as u8)) } else { None }
    }

    /// The square of `file` (0 = a) and `rank` (0 = rank 1), both `0..8`.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with index `i & 63` (for indices known to be in range).
    #[inline]
    pub const fn from_index(i: usize) -> Square {
        Square((i & 63) as u8)
    }

    /// The index `0..64`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 = a.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 = rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The file's letter, `a` to `h`.
    #[inline]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank's digit, `1` to `8`.
    #[inline]
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// The same square seen from Black's side (rank mirrored).
    #[inline]
    pub const fn flip(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Square::from_coords(f as u8, r as u8)
        } else {
            None
        }
    }

    /// The Chebyshev (king-step) distance to `other`.
    #[inline]
    pub fn distance(self, other: Square) -> u8 {
        self.file()
            .abs_diff(other.file())
            .max(self.rank().abs_diff(other.rank()))
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(|i| Square(i as u8))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        f.write_char(self.file_char())?;
        f.write_char(self.rank_char())
    }
}

impl FromStr for Square {
    type Err = Error;
    fn from_str(s: &str) -> Result<Square, Error> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
        } else {
            Err(Error::syntax(
                "square",
                format!("`{s}` is not a square a1..h8"),
            ))
        }
    }
}

/// A side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads the side-to-move field of a FEN-style text: `w` or `b`.
    pub fn from_field(text: &str) -> Result<Color, Error> {
        match text {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            s => Err(Error::syntax(
                "side to move",
                format!("`{s}` is not `w` or `b`"),
            )),
        }
    }

    /// The side of index `i` (0 White, otherwise Black).
    #[inline]
    pub const fn from_index(i: usize) -> Color {
        if i == 0 { Color::White } else { Color::Black }
    }

    /// The rank (0-based) that is `r` ranks from this side's back rank.
    #[inline]
    pub const fn relative_rank(self, r: u8) -> u8 {
        match self {
            Color::White => r,
            Color::Black => 7 - r,
        }
    }

    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
}

/// A kind of piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, in the order moves are generated.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 for a pawn up to 5 for a king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role of index `i` (`0..6`).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Role> {
        match i {
            0 => Some(Role::Pawn),
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            5 => Some(Role::King),
            _ => None,
        }
    }

    /// The English name: `pawn`, `knight`, `bishop`, `rook`, `queen`, `king`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The lower-case letter: `p n b r q k`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a letter in either case.
    pub fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A piece: a colour and a role.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// A dense index `0..12`: colour * 6 + role.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.role.index()
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
