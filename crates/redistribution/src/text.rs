//! Position text (§6, RD-19): strict parser and the one canonical printer.
//!
//! ```text
//! byde/avkp/pwfa/edyb|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|BYDE/AVKP/PWFA/EDYB w 0 1
//! ```
//! Six layers separated by `|` (rank 6 first), four rows per layer separated by `/` (row
//! `a`–`d` first), then side to move, halfmove clock and fullmove number.

use core::str::FromStr;

use crate::geometry::{CELLS, Cell};
use crate::piece::{Color, Piece};
use crate::position::Redistribution;
use dimchess_core::Error;
use dimchess_core::text::{
    RowStyle, Shape, parse_counter, parse_fullmove, parse_placement, split_fields, write_placement,
};

/// Six layers of four rows of four cells (§6).
const SHAPE: Shape = Shape {
    boards: 6,
    rows: 4,
    cols: 4,
};

const ROW_NAMES: [&str; 4] = ["a-d", "e-h", "i-l", "m-p"];

/// The cell of the `i`-th cell in text order: layers from rank 6 down, rows `a`–`d` first,
/// left to right (§6).
fn cell_of_text_index(i: usize) -> Cell {
    Cell::from_table(i % 16 + 16 * (5 - i / 16))
}

/// Adds the ruling to a syntax error and names layers and rows as the rulebook does
/// (`placement, rank 3, row e-h` for the core's `placement, board 4 row 2`).
fn cite(e: Error) -> Error {
    match e {
        Error::PositionSyntax { field, reason } => {
            let field = rename_field(&field).unwrap_or(field);
            Error::syntax(field, format!("{reason} (RD-19)"))
        }
        other => other,
    }
}

fn rename_field(field: &str) -> Option<String> {
    let rest = field.strip_prefix("placement, board ")?;
    let (board, row) = match rest.split_once(" row ") {
        Some((b, r)) => (b.parse::<usize>().ok()?, Some(r.parse::<usize>().ok()?)),
        None => (rest.parse::<usize>().ok()?, None),
    };
    let rank = 7usize.checked_sub(board).filter(|r| (1..=6).contains(r))?;
    Some(match row {
        Some(r) => format!(
            "placement, rank {rank}, row {}",
            ROW_NAMES.get(r.checked_sub(1)?)?
        ),
        None => format!("placement, rank {rank}"),
    })
}

impl Redistribution {
    /// Parses a position text (§6), strictly (RD-19), and validates it (RD-18).
    ///
    /// # Errors
    /// [`Error::PositionSyntax`] naming the field at fault, or [`Error::InvalidPosition`]
    /// naming the broken ruling.
    ///
    /// ```
    /// use dimchess_redistribution::Position as _;
    /// use dimchess_redistribution::Redistribution;
    /// let p = Redistribution::from_text("4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1")?;
    /// assert_eq!(p.count_legal_moves(), 102);
    /// assert!(Redistribution::from_text("4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 0").is_err());
    /// # Ok::<(), dimchess_redistribution::Error>(())
    /// ```
    pub fn from_text(text: &str) -> Result<Redistribution, Error> {
        let fields = split_fields(text, 4, 4).map_err(cite)?;
        let placed = parse_placement(fields[0], SHAPE, RowStyle::Compact, |t| {
            let mut chars = t.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Piece::from_letter(c),
                _ => None,
            }
        })
        .map_err(cite)?;
        let mut cells = [None; CELLS];
        for (i, piece) in placed.into_iter().enumerate() {
            cells[cell_of_text_index(i).index()] = piece;
        }
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(Error::syntax(
                    "side",
                    format!("expected `w` or `b`, found `{other}` (RD-19)"),
                ));
            }
        };
        let halfmove = parse_counter("halfmove", fields[2]).map_err(cite)?;
        let fullmove = parse_fullmove("fullmove", fields[3]).map_err(cite)?;
        Redistribution::from_parts(&cells, turn, halfmove, fullmove)
    }

    /// The canonical position text (§6): the only text [`Redistribution::from_text`] reads back
    /// as this position. `Display` writes the same.
    pub fn to_text(&self) -> String {
        let placement = write_placement(SHAPE, RowStyle::Compact, |i| {
            self.piece_at(cell_of_text_index(i)).map(Piece::letter)
        });
        format!(
            "{placement} {} {} {}",
            self.turn.letter(),
            self.halfmove,
            self.fullmove
        )
    }
}

impl FromStr for Redistribution {
    type Err = Error;

    fn from_str(s: &str) -> Result<Redistribution, Error> {
        Redistribution::from_text(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::START_TEXT;

    #[test]
    fn start_text_round_trips() {
        let p = Redistribution::from_text(START_TEXT).unwrap();
        assert_eq!(p.to_text(), START_TEXT);
    }
}

#[cfg(test)]
mod field_tests {
    use super::*;

    #[test]
    fn fields_are_named_as_in_the_rulebook() {
        assert_eq!(
            rename_field("placement, board 1 row 2").as_deref(),
            Some("placement, rank 6, row e-h")
        );
        assert_eq!(
            rename_field("placement, board 6").as_deref(),
            Some("placement, rank 1")
        );
        assert_eq!(rename_field("placement"), None);
        assert_eq!(rename_field("placement, board 9 row 1"), None);
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Redistribution {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_text())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Redistribution {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Redistribution, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Redistribution::from_text(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;
    use crate::position::START_TEXT;

    #[test]
    fn serializes_as_text_and_validates_on_the_way_in() {
        let p = Redistribution::start();
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, format!("\"{START_TEXT}\""));
        let back: Redistribution = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
        assert!(serde_json::from_str::<Redistribution>("\"4/4/4/4 w 0 1\"").is_err());
        let m: crate::Move = serde_json::from_str("\"f2f3=WE\"").unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), "\"f2f3=WE\"");
        assert!(serde_json::from_str::<crate::Move>("\"f2f3=EW\"").is_err());
    }
}

#[cfg(test)]
mod display_tests {
    use super::*;
    use crate::position::START_TEXT;

    #[test]
    fn display_is_the_text_and_alternate_display_the_diagram() {
        let p = Redistribution::default();
        assert_eq!(p.to_string(), START_TEXT);
        let d = format!("{p:#}");
        assert!(d.starts_with("   rank 6     rank 5"));
        assert!(d.contains("efgh avkp  efgh ....  efgh ....  efgh ....  efgh ....  efgh AVKP\n"));
        assert!(d.contains("White to move\n"));
        assert!(d.ends_with("White to move\n"));
        assert_eq!(d.lines().count(), 6);
    }
}
