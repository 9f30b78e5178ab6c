//! Components, piece roles as component sets, colours and coloured pieces.
//!
//! Every piece of the game is a set of leaping components (§2 of the rulebook); the 19 piece
//! types (RD-3) are exactly the sets that occur: the Emperor {W,F,V}, the fifteen pairs and the
//! three quadruples. Moves, attacks, combining (RD-7) and splitting (RD-10) are all computed
//! from these sets, never case by case.

use core::fmt;

/// One of the six leaping components (§2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// One step along an axis (6 vectors).
    Wazir = 0,
    /// One step along a two-dimensional diagonal (12 vectors).
    Ferz = 1,
    /// One step along a three-dimensional diagonal (8 vectors).
    Viceroy = 2,
    /// Two steps along an axis, leaping (6 vectors).
    Dabbaba = 3,
    /// Two steps along a two-dimensional diagonal, leaping (12 vectors).
    Elephant = 4,
    /// Two steps along a three-dimensional diagonal, leaping (8 vectors).
    Eunuch = 5,
}

impl Component {
    /// All six components, in the order `W F V D E U`.
    pub const ALL: [Component; 6] = [
        Component::Wazir,
        Component::Ferz,
        Component::Viceroy,
        Component::Dabbaba,
        Component::Elephant,
        Component::Eunuch,
    ];

    /// The component's index (`W` = 0 … `U` = 5).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The component with index `i` (`0..6`).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Component> {
        match i {
            0 => Some(Component::Wazir),
            1 => Some(Component::Ferz),
            2 => Some(Component::Viceroy),
            3 => Some(Component::Dabbaba),
            4 => Some(Component::Elephant),
            5 => Some(Component::Eunuch),
            _ => None,
        }
    }

    /// The component's letter in move text (`W F V D E U`, §7).
    pub const fn letter(self) -> char {
        ['W', 'F', 'V', 'D', 'E', 'U'][self as usize]
    }

    /// The component named by a move-text letter (upper case only, RD-20).
    pub const fn from_letter(c: char) -> Option<Component> {
        match c {
            'W' => Some(Component::Wazir),
            'F' => Some(Component::Ferz),
            'V' => Some(Component::Viceroy),
            'D' => Some(Component::Dabbaba),
            'E' => Some(Component::Elephant),
            'U' => Some(Component::Eunuch),
            _ => None,
        }
    }

    /// The component's name.
    pub const fn name(self) -> &'static str {
        ["Wazir", "Ferz", "Viceroy", "Dabbaba", "Elephant", "Eunuch"][self as usize]
    }

    /// The one-component set `{self}`.
    #[inline]
    pub const fn set(self) -> Components {
        Components(1 << self as u8)
    }

    /// `(a, b)`: the vector's one non-zero size `b` (1 or 2) and how many coordinates
    /// are non-zero `a` (1, 2 or 3); this fixes the component (§2).
    pub const fn shape(self) -> (u8, i8) {
        match self {
            Component::Wazir => (1, 1),
            Component::Ferz => (2, 1),
            Component::Viceroy => (3, 1),
            Component::Dabbaba => (1, 2),
            Component::Elephant => (2, 2),
            Component::Eunuch => (3, 2),
        }
    }
}

/// A set of components, one bit per [`Component`] (bit `i` for the component of index `i`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Components(pub u8);

impl Components {
    /// The empty set.
    pub const EMPTY: Components = Components(0);
    /// The Emperor's set {W, F, V} (its 26 one-step vectors).
    pub const EMPEROR: Components = Components(0b000_111);
    /// The Pasha's set {W, F, D, E}.
    pub const PASHA: Components = Components(0b011_011);
    /// The Khan's set {W, V, D, U}.
    pub const KHAN: Components = Components(0b101_101);
    /// The Imam's set {F, V, E, U}.
    pub const IMAM: Components = Components(0b110_110);
    /// The three quadruples (RD-7).
    pub const QUADRUPLES: [Components; 3] = [Self::PASHA, Self::KHAN, Self::IMAM];

    /// How many components the set holds.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `c` is in the set.
    #[inline]
    pub const fn contains(self, c: Component) -> bool {
        self.0 >> c as u8 & 1 != 0
    }

    /// The union.
    #[inline]
    #[must_use]
    pub const fn union(self, other: Components) -> Components {
        Components(self.0 | other.0)
    }

    /// The set without the members of `other`.
    #[inline]
    #[must_use]
    pub const fn minus(self, other: Components) -> Components {
        Components(self.0 & !other.0)
    }

    /// Whether the set is one of the three quadruples (Pasha, Khan, Imam).
    #[inline]
    pub const fn is_quadruple(self) -> bool {
        self.0 == Self::PASHA.0 || self.0 == Self::KHAN.0 || self.0 == Self::IMAM.0
    }

    /// RD-6/RD-7: whether a piece with set `self` may combine with a friendly piece with
    /// set `other`: the sets are disjoint and their union is a quadruple. This alone rules out
    /// the Emperor and the quadruples as mover or target (their unions have 5 or 6 members or
    /// overlap), so it is the whole compatibility rule.
    #[inline]
    pub const fn combines_with(self, other: Components) -> bool {
        self.0 & other.0 == 0 && Components(self.0 | other.0).is_quadruple()
    }

    /// RD-7: the component sets of the pieces a two-component piece with set `self` combines
    /// with (one or two of them; the rest empty). Empty for every other set.
    #[inline]
    pub const fn partners(self) -> [Components; 2] {
        PARTNERS[(self.0 & 63) as usize]
    }

    /// Iterates over the members, in the order `W F V D E U`.
    pub fn iter(self) -> impl Iterator<Item = Component> {
        Component::ALL
            .into_iter()
            .filter(move |&c| self.contains(c))
    }
}

/// `PARTNERS[a]`: for a pair `a`, the pairs `Q \ a` for each quadruple `Q ⊇ a` (RD-7).
const PARTNERS: [[Components; 2]; 64] = {
    let mut t = [[Components::EMPTY; 2]; 64];
    let mut a = 0;
    while a < 64 {
        if (a as u8).count_ones() == 2 {
            let mut n = 0;
            let mut q = 0;
            while q < 3 {
                let quad = Components::QUADRUPLES[q].0;
                if quad & a as u8 == a as u8 {
                    t[a][n] = Components(quad & !(a as u8));
                    n += 1;
                }
                q += 1;
            }
        }
        a += 1;
    }
    t
};

impl fmt::Debug for Components {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for c in self.iter() {
            write!(f, "{}", c.letter())?;
        }
        f.write_str("}")
    }
}

/// A side: White moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White, camp on rank 1, upper-case letters.
    White = 0,
    /// Black, camp on rank 6, lower-case letters.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's letter in position text (`w` or `b`).
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// One of the 19 piece types (RD-3), identified by its component set: the piece type is
/// called `Role` in every dimchess crate (as in `dimchess-fide` and shakmaty).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(u8);

/// The 19 piece types: letter, name and component set, in the rulebook's letter order
/// `K P D W L O B Z F C I U V A Y E S H M` (RD-3).
const ROLES: [(char, &str, Components); 19] = {
    const W: u8 = 1;
    const F: u8 = 2;
    const V: u8 = 4;
    const D: u8 = 8;
    const E: u8 = 16;
    const U: u8 = 32;
    [
        ('K', "Emperor", Components(W | F | V)),
        ('P', "Prince", Components(W | F)),
        ('D', "Duke", Components(W | V)),
        ('W', "Wazbaba", Components(W | D)),
        ('L', "Waffle", Components(W | E)),
        ('O', "Wazzock", Components(W | U)),
        ('B', "Baron", Components(F | V)),
        ('Z', "Fezbaba", Components(F | D)),
        ('F', "Fearful", Components(F | E)),
        ('C', "Fezzock", Components(F | U)),
        ('I', "Vicbaba", Components(V | D)),
        ('U', "Wilful", Components(V | E)),
        ('V', "Vinnock", Components(V | U)),
        ('A', "Alibaba", Components(D | E)),
        ('Y', "Dybbuk", Components(D | U)),
        ('E', "Elk", Components(E | U)),
        ('S', "Pasha", Components(W | F | D | E)),
        ('H', "Khan", Components(W | V | D | U)),
        ('M', "Imam", Components(F | V | E | U)),
    ]
};

/// Component set → role index + 1 (0: not a piece).
const ROLE_OF_SET: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < ROLES.len() {
        t[ROLES[i].2.0 as usize] = i as u8 + 1;
        i += 1;
    }
    t
};

impl Role {
    /// The royal Emperor.
    pub const EMPEROR: Role = Role(0);
    /// How many roles there are.
    pub const COUNT: usize = 19;

    /// All 19 roles in letter order.
    pub fn all() -> impl Iterator<Item = Role> {
        (0..Self::COUNT as u8).map(Role)
    }

    /// The role's index (`0..19`, Emperor = 0).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The role with this component set, if it is one of the 19.
    #[inline]
    pub const fn from_components(set: Components) -> Option<Role> {
        match ROLE_OF_SET[(set.0 & 63) as usize] {
            0 => None,
            k => Some(Role(k - 1)),
        }
    }

    /// The role's component set.
    #[inline]
    pub const fn components(self) -> Components {
        ROLES[self.0 as usize].2
    }

    /// The role's upper-case letter (RD-3).
    pub const fn letter(self) -> char {
        ROLES[self.0 as usize].0
    }

    /// The role's name.
    pub const fn name(self) -> &'static str {
        ROLES[self.0 as usize].1
    }

    /// The role with this upper-case letter.
    pub fn from_letter(c: char) -> Option<Role> {
        ROLES.iter().position(|k| k.0 == c).map(|i| Role(i as u8))
    }

    /// Whether this is the Emperor.
    #[inline]
    pub const fn is_royal(self) -> bool {
        self.0 == 0
    }
}

/// A piece on the board: a colour and a role, packed in one byte (bits 0–5 the component
/// set, bit 6 the colour). The byte 0 is never a piece (it is used for an empty cell).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(u8);

impl Piece {
    /// The piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece(role.components().0 | (color as u8) << 6)
    }

    /// The piece's colour.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 64 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The piece's component set.
    #[inline]
    pub const fn components(self) -> Components {
        Components(self.0 & 63)
    }

    /// The piece's role.
    #[inline]
    pub const fn role(self) -> Role {
        Role(ROLE_OF_SET[(self.0 & 63) as usize] - 1)
    }

    /// The packed byte (never 0).
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The piece from its packed byte, if it is one (bits 0–5 one of the 19 component sets,
    /// bit 6 the colour, bit 7 clear).
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        if code < 128 && ROLE_OF_SET[(code & 63) as usize] != 0 {
            Some(Piece(code))
        } else {
            None
        }
    }

    /// The piece's letter in position text: upper case White, lower case Black.
    pub const fn letter(self) -> char {
        let c = self.role().letter();
        match self.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece with this position-text letter.
    pub fn from_letter(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Role::from_letter(c.to_ascii_uppercase()).map(|k| Piece::new(color, k))
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nineteen_distinct_kinds_cover_every_pair() {
        // §3: the Emperor, all 15 pairs of the six components, the three quadruples.
        let mut letters: Vec<char> = Role::all().map(Role::letter).collect();
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(letters.len(), 19);
        let pairs = Role::all().filter(|k| k.components().len() == 2).count();
        assert_eq!(pairs, 15);
        for q in Components::QUADRUPLES {
            assert!(Role::from_components(q).is_some());
        }
        assert_eq!(Role::EMPEROR.components(), Components::EMPEROR);
    }

    #[test]
    fn rd7_compatibility_matches_the_seed_lists() {
        let k = |c| Role::from_letter(c).unwrap().components();
        let partners = |c: char| -> String {
            let mut v: Vec<char> = Role::all()
                .filter(|o| k(c).combines_with(o.components()))
                .map(Role::letter)
                .collect();
            v.sort_unstable();
            v.into_iter().collect()
        };
        assert_eq!(partners('P'), "A");
        assert_eq!(partners('D'), "Y");
        assert_eq!(partners('W'), "FV");
        assert_eq!(partners('B'), "E");
        assert_eq!(partners('F'), "VW");
        assert_eq!(partners('V'), "FW");
        assert_eq!(partners('A'), "P");
        assert_eq!(partners('Y'), "D");
        assert_eq!(partners('E'), "B");
        assert_eq!(partners('L'), "Z");
        assert_eq!(partners('O'), "I");
        assert_eq!(partners('Z'), "L");
        assert_eq!(partners('C'), "U");
        assert_eq!(partners('I'), "O");
        assert_eq!(partners('U'), "C");
        for c in ['K', 'S', 'H', 'M'] {
            assert_eq!(partners(c), "", "{c} never combines (RD-6)");
        }
    }

    #[test]
    fn partner_table_agrees_with_the_compatibility_rule() {
        for a in 0..64u8 {
            let a = Components(a);
            let mut want: Vec<Components> = (0..64u8)
                .map(Components)
                .filter(|&b| Role::from_components(b).is_some() && a.combines_with(b))
                .collect();
            let mut got: Vec<Components> =
                a.partners().into_iter().filter(|p| !p.is_empty()).collect();
            if Role::from_components(a).is_none() {
                continue;
            }
            want.sort();
            got.sort();
            assert_eq!(got, want, "{a:?}");
        }
    }

    #[test]
    fn piece_codes_round_trip() {
        for role in Role::all() {
            for color in [Color::White, Color::Black] {
                let p = Piece::new(color, role);
                assert_eq!(p.role(), role);
                assert_eq!(p.color(), color);
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
                assert_eq!(Piece::from_code(p.code()), Some(p));
            }
        }
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Piece::from_letter('x'), None);
    }
}
