//! The position text (rulebook section 4) and the board diagram.

use core::fmt;
use core::str::FromStr;

use dimchess_core::Error;
use dimchess_core::text::{
    RowStyle, Shape, parse_counter, parse_fullmove, parse_placement, split_fields, write_placement,
};

use crate::board::{CASTLE_BK, CASTLE_BQ, CASTLE_K, CASTLE_Q, Color, DX, DxPosition, GONE, Role};
use crate::tables::{CENTRAL, NO_SQ};

const SHAPE: Shape = Shape {
    boards: 2,
    rows: 8,
    cols: 8,
};

/// The start position (DX-1).
pub const START_TEXT: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1";

/// Text order (board, rank 8 first, file a first) to (board is DX, square).
fn text_index(i: usize) -> (bool, u8) {
    let board = i / 64;
    let r = 7 - (i % 64) / 8;
    let f = i % 8;
    (board == 1, (r * 8 + f) as u8)
}

impl DxPosition {
    /// Reads a position text strictly (section 4); an invalid position is an error citing
    /// DX-31 and the rule of section 4.3 it breaks.
    pub fn from_text(text: &str) -> Result<Self, Error> {
        let fields = split_fields(text, 6, 6)?;
        let cells = parse_placement(fields[0], SHAPE, RowStyle::Compact, |t| {
            let mut ch = t.chars();
            let c = ch.next()?;
            if ch.next().is_some() {
                return None;
            }
            Role::from_letter(c)
        })?;
        let mut p = DxPosition::empty();
        for (i, cell) in cells.iter().enumerate() {
            let Some((color, kind)) = *cell else { continue };
            let (dx, sq) = text_index(i);
            let c = color.index();
            let name = crate::tables::square_name(sq, dx);
            let name = core::str::from_utf8(&name).unwrap_or("?").to_string();
            if kind.is_trans_dimensional() {
                let t = kind.index() - 6;
                if !dx && CENTRAL & (1u64 << sq) == 0 {
                    return Err(Error::invalid(
                        "DX-31",
                        format!(
                            "{} on {name}: trans-dimensional pieces stay off the outer files and ranks of the FIDE board (4.3.3, DX-2)",
                            kind.letter_of(color)
                        ),
                    ));
                }
                if p.td[c][t] != GONE {
                    return Err(Error::invalid(
                        "DX-31",
                        format!(
                            "two {}: a side has at most one Crab, one Cobra and one Spider (4.3.4, DX-3)",
                            kind.letter_of(color)
                        ),
                    ));
                }
                p.td[c][t] = if dx { DX + sq } else { sq };
                if dx {
                    p.dx |= 1u64 << sq;
                } else {
                    p.color[c] |= 1u64 << sq;
                }
            } else {
                if dx {
                    return Err(Error::invalid(
                        "DX-31",
                        format!(
                            "{} on {name}: the Dimension X board holds only Crabs, Cobras and Spiders (4.3.2)",
                            kind.letter_of(color)
                        ),
                    ));
                }
                if kind == Role::King && p.roles[5] & p.color[c] != 0 {
                    return Err(Error::invalid(
                        "DX-31",
                        format!("two {} Kings (4.3.5)", side_name(color)),
                    ));
                }
                if kind == Role::Pawn
                    && ((color == Color::White && sq >= 56) || (color == Color::Black && sq < 8))
                {
                    return Err(Error::invalid(
                        "DX-31",
                        format!("pawn on {name}: no pawn on its last rank (4.3.6)"),
                    ));
                }
                p.color[c] |= 1u64 << sq;
                p.roles[kind.index()] |= 1u64 << sq;
            }
        }
        p.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => {
                return Err(Error::syntax(
                    "side",
                    format!("expected `w` or `b`, found `{s}`"),
                ));
            }
        };
        if p.king_sq(1 - p.side.index()).is_none() {
            return Err(Error::invalid(
                "DX-31",
                format!(
                    "the side not to move ({}) has no King (4.3.5)",
                    side_name(p.side.other())
                ),
            ));
        }
        p.castling = parse_castling(fields[2])?;
        let need = |p: &DxPosition, c: usize, king: u8, rook: u8| {
            p.roles[5] & p.color[c] & (1u64 << king) != 0
                && p.roles[3] & p.color[c] & (1u64 << rook) != 0
        };
        for (bit, c, king, rook, l) in [
            (CASTLE_K, 0, 4u8, 7u8, 'K'),
            (CASTLE_Q, 0, 4, 0, 'Q'),
            (CASTLE_BK, 1, 60, 63, 'k'),
            (CASTLE_BQ, 1, 60, 56, 'q'),
        ] {
            if p.castling & bit != 0 && !need(&p, c, king, rook) {
                return Err(Error::invalid(
                    "DX-31",
                    format!(
                        "castling right `{l}` needs the King and that Rook on their home squares (4.3.7, DX-24)"
                    ),
                ));
            }
        }
        p.ep = parse_ep(fields[3])?;
        if p.ep != NO_SQ {
            let (rank, pawn, them) = if p.side == Color::White {
                (5, p.ep - 8, 1)
            } else {
                (2, p.ep + 8, 0)
            };
            if p.ep / 8 != rank || p.roles[0] & p.color[them] & (1u64 << pawn) == 0 {
                return Err(Error::invalid(
                    "DX-31",
                    format!(
                        "en passant square {}: it must be on rank {} with an enemy pawn in front of it (4.3.8, DX-25)",
                        fields[3],
                        rank + 1
                    ),
                ));
            }
        }
        p.halfmove = parse_counter("halfmove clock", fields[4])?;
        p.fullmove = parse_fullmove("fullmove number", fields[5])?;
        p.hash = p.compute_hash();
        Ok(p)
    }

    /// The placement field.
    fn placement(&self) -> String {
        write_placement(SHAPE, RowStyle::Compact, |i| {
            let (dx, sq) = text_index(i);
            let pc = if dx {
                self.dx_piece(sq)
            } else {
                self.fide_piece(sq)
            };
            pc.map(|(c, k)| k.letter_of(c))
        })
    }

    /// A two-board diagram: the FIDE board on the left, Dimension X on the right.
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        s.push_str("   FIDE board            Dimension X\n");
        for r in (0..8u8).rev() {
            s.push_str(&format!("{} ", r + 1));
            for f in 0..8u8 {
                let c = self
                    .fide_piece(r * 8 + f)
                    .map_or('.', |(c, k)| k.letter_of(c));
                s.push(' ');
                s.push(c);
            }
            s.push_str(&format!("    {} ", r + 1));
            for f in 0..8u8 {
                let c = self
                    .dx_piece(r * 8 + f)
                    .map_or('.', |(c, k)| k.letter_of(c));
                s.push(' ');
                s.push(c);
            }
            s.push('\n');
        }
        s.push_str("   a b c d e f g h       A B C D E F G H\n");
        s.push_str(&format!("{} to move\n", side_name(self.side)));
        s
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn parse_castling(s: &str) -> Result<u8, Error> {
    if s == "-" {
        return Ok(0);
    }
    let order = ['K', 'Q', 'k', 'q'];
    let mut bits = 0u8;
    let mut last = None;
    for ch in s.chars() {
        let Some(i) = order.iter().position(|&o| o == ch) else {
            return Err(Error::syntax(
                "castling",
                format!("unknown letter `{ch}` in `{s}`"),
            ));
        };
        if last.is_some_and(|l| i <= l) {
            return Err(Error::syntax(
                "castling",
                format!("`{s}`: letters must be distinct, in the order KQkq"),
            ));
        }
        last = Some(i);
        bits |= 1 << i;
    }
    if bits == 0 {
        return Err(Error::syntax("castling", "empty"));
    }
    Ok(bits)
}

fn parse_ep(s: &str) -> Result<u8, Error> {
    if s == "-" {
        return Ok(NO_SQ);
    }
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b[1] == b'3' || b[1] == b'6') {
        return Err(Error::syntax(
            "en passant",
            format!("`{s}` is not `-` or a square on rank 3 or 6"),
        ));
    }
    Ok((b[1] - b'1') * 8 + (b[0] - b'a'))
}

impl fmt::Display for DxPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.placement())?;
        f.write_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        })?;
        if self.castling == 0 {
            f.write_str("-")?;
        } else {
            for (bit, l) in [
                (CASTLE_K, 'K'),
                (CASTLE_Q, 'Q'),
                (CASTLE_BK, 'k'),
                (CASTLE_BQ, 'q'),
            ] {
                if self.castling & bit != 0 {
                    write!(f, "{l}")?;
                }
            }
        }
        if self.ep == NO_SQ {
            f.write_str(" -")?;
        } else {
            write!(f, " {}{}", (b'a' + self.ep % 8) as char, self.ep / 8 + 1)?;
        }
        write!(f, " {} {}", self.halfmove, self.fullmove)
    }
}

impl FromStr for DxPosition {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        DxPosition::from_text(s)
    }
}

#[cfg(test)]
mod tests {
    use crate::DxPosition;

    /// Every file letter stands in the column of its squares, on both boards.
    #[test]
    fn diagram_file_letters_sit_under_their_columns() {
        let d = DxPosition::start().diagram();
        let lines: Vec<&str> = d.lines().collect();
        let labels = lines[9];
        let rank1 = lines[8];
        for (i, ch) in labels
            .char_indices()
            .filter(|(_, c)| c.is_ascii_alphabetic())
        {
            let under = rank1.as_bytes().get(i).copied().map(char::from);
            assert!(
                under.is_some_and(|c| c == '.' || c.is_ascii_alphabetic()),
                "`{ch}` at column {i} is over {under:?}:\n{d}"
            );
        }
        // H is over the last square of the Dimension X board's rank 1.
        assert_eq!(labels.rfind('H'), Some(rank1.trim_end().len() - 1));
    }
}
