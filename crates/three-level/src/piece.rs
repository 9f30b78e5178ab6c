//! Players (TL-3, TL-4), piece types (TL-5, TL-21, TX-4 to TX-9) and the three variants.

/// The four players, in turn order (TL-4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Red, corner a1, moves first.
    Red = 0,
    /// Blue, corner h1.
    Blue = 1,
    /// Yellow, corner h8.
    Yellow = 2,
    /// Green, corner a8.
    Green = 3,
}

impl Color {
    /// All colours in turn order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Blue, Color::Yellow, Color::Green];
    /// From an index 0..4.
    #[inline]
    pub fn from_index(i: usize) -> Color {
        Color::ALL[i & 3]
    }
    /// The opposite player (TL-3).
    pub fn opposite(self) -> Color {
        Color::from_index(self as usize + 2)
    }
    /// Token letter (`r`, `b`, `y`, `g`).
    pub fn letter(self) -> char {
        ['r', 'b', 'y', 'g'][self as usize]
    }
    /// Parse a token letter.
    pub fn from_letter(c: char) -> Option<Color> {
        match c {
            'r' => Some(Color::Red),
            'b' => Some(Color::Blue),
            'y' => Some(Color::Yellow),
            'g' => Some(Color::Green),
            _ => None,
        }
    }
    /// Full name.
    pub fn name(self) -> &'static str {
        ["Red", "Blue", "Yellow", "Green"][self as usize]
    }
}

/// The piece types of all three variants (`Role`, the piece type's name in every dimchess
/// crate, as in `dimchess-fide` and shakmaty).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Role {
    /// King (TL-5)
    King = 0,
    /// Queen
    Queen = 1,
    /// Rook (also the Xiang Qi Rook, TX-8)
    Rook = 2,
    /// Bishop
    Bishop = 3,
    /// Knight (leaping)
    Knight = 4,
    /// Pawn (TL-7)
    Pawn = 5,
    /// Emperor (TL-21)
    Emperor = 6,
    /// Diarch
    Diarch = 7,
    /// Moderator
    Moderator = 8,
    /// Cavallander
    Cavallander = 9,
    /// Vicereine
    Vicereine = 10,
    /// General (TX-4)
    General = 11,
    /// Ferz (TX-5)
    Ferz = 12,
    /// Elephant (TX-6)
    Elephant = 13,
    /// Horse: the Xiang Qi Knight (TX-7)
    Horse = 14,
    /// Point (TX-9)
    Point = 15,
}

/// Number of roles.
pub const ROLES: usize = 16;

impl Role {
    /// All roles by index.
    pub const ALL: [Role; ROLES] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
        Role::Emperor,
        Role::Diarch,
        Role::Moderator,
        Role::Cavallander,
        Role::Vicereine,
        Role::General,
        Role::Ferz,
        Role::Elephant,
        Role::Horse,
        Role::Point,
    ];
    /// Upper-case letter in the position text.
    pub fn letter(self) -> char {
        "KQRBNPEDMCVGFENP".as_bytes()[self as usize] as char
    }
    /// The English name.
    pub fn name(self) -> &'static str {
        [
            "King",
            "Queen",
            "Rook",
            "Bishop",
            "Knight",
            "Pawn",
            "Emperor",
            "Diarch",
            "Moderator",
            "Cavallander",
            "Vicereine",
            "General",
            "Ferz",
            "Elephant",
            "Knight",
            "Point",
        ][self as usize]
    }
    /// The promoted form (TL-20), if any.
    pub fn promoted(self) -> Option<Role> {
        match self {
            Role::King => Some(Role::Emperor),
            Role::Queen => Some(Role::Diarch),
            Role::Bishop => Some(Role::Moderator),
            Role::Knight => Some(Role::Cavallander),
            Role::Rook => Some(Role::Vicereine),
            _ => None,
        }
    }
    /// Royal roles: King, Emperor, General.
    pub fn is_royal(self) -> bool {
        matches!(self, Role::King | Role::Emperor | Role::General)
    }
}

/// Which game is played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Variant {
    /// `three-level`
    Main,
    /// `three-level-checkmate-promotion` (TL-20)
    CheckmatePromotion,
    /// `three-level-xiangqi`
    Xiangqi,
}

impl Variant {
    /// The variant id.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Main => "three-level",
            Variant::CheckmatePromotion => "three-level-checkmate-promotion",
            Variant::Xiangqi => "three-level-xiangqi",
        }
    }
    /// Role of a letter in this variant's position text (§6, TL-19 h).
    pub fn role_of(self, c: char) -> Option<Role> {
        match self {
            Variant::Xiangqi => match c {
                'G' => Some(Role::General),
                'F' => Some(Role::Ferz),
                'E' => Some(Role::Elephant),
                'R' => Some(Role::Rook),
                'N' => Some(Role::Horse),
                'P' => Some(Role::Point),
                _ => None,
            },
            Variant::Main => match c {
                'K' => Some(Role::King),
                'Q' => Some(Role::Queen),
                'R' => Some(Role::Rook),
                'B' => Some(Role::Bishop),
                'N' => Some(Role::Knight),
                'P' => Some(Role::Pawn),
                _ => None,
            },
            Variant::CheckmatePromotion => match c {
                'K' => Some(Role::King),
                'Q' => Some(Role::Queen),
                'R' => Some(Role::Rook),
                'B' => Some(Role::Bishop),
                'N' => Some(Role::Knight),
                'P' => Some(Role::Pawn),
                'E' => Some(Role::Emperor),
                'D' => Some(Role::Diarch),
                'M' => Some(Role::Moderator),
                'C' => Some(Role::Cavallander),
                'V' => Some(Role::Vicereine),
                _ => None,
            },
        }
    }
    /// Is this the Xiang Qi variant?
    pub const fn is_xiangqi(self) -> bool {
        matches!(self, Variant::Xiangqi)
    }
    /// Is this the checkmate-promotion option (TL-20)?
    pub const fn is_checkmate_promotion(self) -> bool {
        matches!(self, Variant::CheckmatePromotion)
    }
}

/// A piece: owner and role.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    /// owner
    pub color: Color,
    /// role
    pub role: Role,
}

impl Piece {
    /// Mailbox code (never 0).
    #[inline]
    pub fn code(self) -> u8 {
        ((self.color as u8) << 4 | self.role as u8) + 1
    }
    /// From a non-zero mailbox code.
    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            None
        } else {
            let c = code - 1;
            Some(Piece {
                color: Color::from_index((c >> 4) as usize),
                role: Role::ALL[(c & 15) as usize],
            })
        }
    }
}
