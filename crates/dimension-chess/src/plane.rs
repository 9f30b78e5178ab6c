//! The three boards (planes) of Dimension Chess and what each colour does on them (DC-1).

use dimchess_fide::Color;

/// One of the three boards: Heaven `H`, Earth `E` or Hell `L` (DC-1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Plane {
    /// Heaven, written `H`, "above" Earth.
    Heaven = 0,
    /// Earth, written `E`, where the game starts and the kings live.
    Earth = 1,
    /// Hell, written `L`, "below" Earth.
    Hell = 2,
}

impl Plane {
    /// The three planes in text order: Heaven, Earth, Hell.
    pub const ALL: [Plane; 3] = [Plane::Heaven, Plane::Earth, Plane::Hell];

    /// The plane's index in [`Plane::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The plane's letter in position and move text: `H`, `E` or `L` (DC-1).
    pub const fn letter(self) -> char {
        match self {
            Plane::Heaven => 'H',
            Plane::Earth => 'E',
            Plane::Hell => 'L',
        }
    }

    /// The plane named by `letter` (`H`, `E` or `L`), if any.
    pub const fn from_letter(letter: char) -> Option<Plane> {
        match letter {
            'H' => Some(Plane::Heaven),
            'E' => Some(Plane::Earth),
            'L' => Some(Plane::Hell),
            _ => None,
        }
    }

    /// The plane's name, `Heaven`, `Earth` or `Hell`.
    pub const fn name(self) -> &'static str {
        match self {
            Plane::Heaven => "Heaven",
            Plane::Earth => "Earth",
            Plane::Hell => "Hell",
        }
    }

    /// The plane where `color`'s pieces bless its own Earth pieces, possess the enemy's, and
    /// where its captures drop the capturer to Earth: Heaven for White, Hell for Black
    /// (DC-9, DC-15, DC-16).
    #[inline]
    pub const fn upper(color: Color) -> Plane {
        match color {
            Color::White => Plane::Heaven,
            Color::Black => Plane::Hell,
        }
    }

    /// The other off-Earth plane for `color`: Hell for White, Heaven for Black. Its pieces
    /// there have no effect on Earth, and its captures there send the victim to
    /// [`Plane::upper`] (§2.5).
    #[inline]
    pub const fn lower(color: Color) -> Plane {
        match color {
            Color::White => Plane::Hell,
            Color::Black => Plane::Heaven,
        }
    }
}

impl core::fmt::Display for Plane {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}
