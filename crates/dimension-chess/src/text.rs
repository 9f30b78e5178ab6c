//! The position text (§4 of the rulebook) read strictly and written canonically (DC-26,
//! DC-28), and the three-board diagram.

use core::fmt;
use core::str::FromStr;

use dimchess_core::text::{
    RowStyle, Shape, parse_counter, parse_fullmove, parse_placement, split_fields, write_placement,
};
use dimchess_core::{Error, Position};
use dimchess_fide::board::text_order_square;
use dimchess_fide::{Color, Piece, Role};

use crate::geometry::{bit, index, name};
use crate::layer::{Layer, LayerExt, other};
use crate::plane::Plane;
use crate::position::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, DimensionChess, WHITE_KINGSIDE, WHITE_QUEENSIDE, color_name,
};

/// Three boards of 8 ranks of 8, Heaven | Earth | Hell.
const SHAPE: Shape = Shape {
    boards: 3,
    rows: 8,
    cols: 8,
};

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// Renames the core's `placement, board B row R` to `placement, Heaven rank 8`.
fn rename_field(e: Error) -> Error {
    match e {
        Error::PositionSyntax { field, reason } => {
            let mut out = field.clone();
            if let Some(rest) = field.strip_prefix("placement, board ") {
                let mut parts = rest.split(' ');
                let board = parts.next().and_then(|b| b.parse::<usize>().ok());
                let row = match (parts.next(), parts.next()) {
                    (Some("row"), Some(r)) => r.parse::<usize>().ok(),
                    _ => None,
                };
                if let Some(b) = board.filter(|b| (1..=3).contains(b)) {
                    let plane = Plane::ALL[b - 1];
                    out = match row.filter(|r| (1..=8).contains(r)) {
                        Some(r) => format!("placement, {} rank {}", plane.name(), 9 - r),
                        None => format!("placement, {}", plane.name()),
                    };
                }
            }
            Error::PositionSyntax {
                field: out,
                reason: format!("{reason} (DC-28)"),
            }
        }
        other => other,
    }
}

impl FromStr for DimensionChess {
    type Err = Error;

    /// Reads a position text exactly (§4, DC-28) and checks it is valid (DC-26).
    fn from_str(text: &str) -> Result<DimensionChess, Error> {
        let fields = split_fields(text, 6, 6).map_err(rename_field)?;
        let cells = parse_placement(fields[0], SHAPE, RowStyle::Compact, |t| {
            let mut chars = t.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii() => Piece::from_char(c),
                _ => None,
            }
        })
        .map_err(rename_field)?;
        let mut layers = [Layer::default(); 3];
        for (i, p) in cells.into_iter().enumerate() {
            if let Some(p) = p {
                let sq = index(text_order_square(i % 64));
                layers[i / 64].put_on(sq, p.color, p.role);
            }
        }
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(Error::syntax(
                    "side",
                    format!("`{other}` is not `w` or `b` (DC-28)"),
                ));
            }
        };
        let castling = parse_castling(fields[2])?;
        let ep = parse_ep(fields[3])?;
        let halfmove = parse_counter("halfmove", fields[4])?;
        let fullmove = parse_fullmove("fullmove", fields[5])?;
        let mut p = DimensionChess {
            layers,
            turn,
            castling,
            ep,
            halfmove,
            fullmove,
            hash: 0,
        };
        p.validate()?;
        p.hash = p.zobrist_from_scratch();
        Ok(p)
    }
}

fn parse_castling(s: &str) -> Result<u8, Error> {
    if s == "-" {
        return Ok(0);
    }
    let order = [
        ('K', WHITE_KINGSIDE),
        ('Q', WHITE_QUEENSIDE),
        ('k', BLACK_KINGSIDE),
        ('q', BLACK_QUEENSIDE),
    ];
    let mut rights = 0;
    let mut next = 0;
    for c in s.chars() {
        let Some(pos) = order[next..].iter().position(|&(l, _)| l == c) else {
            return Err(Error::syntax(
                "castling",
                format!("`{s}` is not `-` or some of `KQkq` in this order, each once (DC-28)"),
            ));
        };
        rights |= order[next + pos].1;
        next += pos + 1;
    }
    if s.is_empty() {
        return Err(Error::syntax("castling", "empty field (DC-28)"));
    }
    Ok(rights)
}

fn parse_ep(s: &str) -> Result<Option<(Plane, u8)>, Error> {
    if s == "-" {
        return Ok(None);
    }
    let b = s.as_bytes();
    let bad = || {
        Error::syntax(
            "e.p.",
            format!(
                "`{s}` is not `-` or a board letter, `:`, a file and rank 3 or 6, e.g. `E:e3` (DC-28)"
            ),
        )
    };
    if b.len() != 4
        || b[1] != b':'
        || !(b'a'..=b'h').contains(&b[2])
        || !matches!(b[3], b'3' | b'6')
    {
        return Err(bad());
    }
    let plane = Plane::from_letter(b[0] as char).ok_or_else(bad)?;
    Ok(Some((plane, (b[3] - b'1') * 8 + (b[2] - b'a'))))
}

impl DimensionChess {
    /// Checks the invariants of DC-26 (items 2 to 7).
    pub(crate) fn validate(&self) -> Result<(), Error> {
        // 2: one king of each colour, on Earth (DC-14).
        for plane in [Plane::Heaven, Plane::Hell] {
            if self.layers[plane.index()].rol(Role::King) != 0 {
                return Err(Error::invalid(
                    "DC-26",
                    format!("a king stands in {plane}; kings live on Earth only (DC-14)"),
                ));
            }
        }
        for c in Color::ALL {
            let n = self.layers[Plane::Earth.index()]
                .pcs(c, Role::King)
                .count_ones();
            if n != 1 {
                return Err(Error::invalid(
                    "DC-26",
                    format!(
                        "there must be exactly one {} king on Earth, found {n}",
                        color_name(c)
                    ),
                ));
            }
        }
        // 3: no pawn on rank 1 or 8 of any board (DC-25).
        for plane in Plane::ALL {
            let pawns = self.layers[plane.index()].rol(Role::Pawn) & (RANK_1 | RANK_8);
            if pawns != 0 {
                let sq = pawns.trailing_zeros() as u8;
                return Err(Error::invalid(
                    "DC-25",
                    format!(
                        "a pawn stands on {}:{}, on rank 1 or 8",
                        plane.letter(),
                        name(sq)
                    ),
                ));
            }
        }
        // 4: pieces aligned with a king have its colour (DC-19).
        for c in Color::ALL {
            if let Some(k) = self.king(c) {
                for plane in [Plane::Heaven, Plane::Hell] {
                    if self.layers[plane.index()].col(other(c)) & bit(k) != 0 {
                        return Err(Error::invalid(
                            "DC-19",
                            format!(
                                "{} is aligned with the {} king on E:{} but is not {} (DC-26)",
                                self.describe(plane, k),
                                color_name(c),
                                name(k),
                                color_name(c)
                            ),
                        ));
                    }
                }
            }
        }
        // 6: castling rights need their king and rook at home (DC-13).
        let e = &self.layers[Plane::Earth.index()];
        for (right, letter, c, king, rook) in [
            (WHITE_KINGSIDE, 'K', Color::White, 4u8, 7u8),
            (WHITE_QUEENSIDE, 'Q', Color::White, 4, 0),
            (BLACK_KINGSIDE, 'k', Color::Black, 60, 63),
            (BLACK_QUEENSIDE, 'q', Color::Black, 60, 56),
        ] {
            if self.castling & right != 0
                && (e.pcs(c, Role::King) & bit(king) == 0 || e.pcs(c, Role::Rook) & bit(rook) == 0)
            {
                return Err(Error::invalid(
                    "DC-26",
                    format!(
                        "castling right `{letter}` needs the {} king on E:{} and rook on E:{} (DC-13)",
                        color_name(c),
                        name(king),
                        name(rook)
                    ),
                ));
            }
        }
        // 7: the e.p. field describes a double step just made (DC-12).
        if let Some((plane, ep)) = self.ep {
            let l = &self.layers[plane.index()];
            let (rank, ahead, pawn) = match self.turn {
                Color::White => (5, ep + 8, ep - 8),
                Color::Black => (2, ep - 8, ep + 8),
            };
            let ok = ep / 8 == rank
                && l.occ() & (bit(ep) | bit(ahead)) == 0
                && l.rol(Role::Pawn) & bit(pawn) != 0;
            if !ok {
                return Err(Error::invalid(
                    "DC-26",
                    format!(
                        "e.p. field {}:{} does not follow a double step with {} to move (DC-12)",
                        plane.letter(),
                        name(ep),
                        color_name(self.turn)
                    ),
                ));
            }
        }
        // 5: the side not to move is not in check (DC-21).
        if self.in_check_of(other(self.turn)) {
            return Err(Error::invalid(
                "DC-26",
                format!(
                    "{} is not to move but is in check (DC-21)",
                    color_name(other(self.turn))
                ),
            ));
        }
        Ok(())
    }

    /// Checks every invariant of the position: the board bitboards are consistent, DC-26
    /// holds, and the incremental hash equals the hash from scratch. Legal play keeps them all;
    /// tests and fuzzers call this after every move.
    ///
    /// ```
    /// use dimchess_dimension_chess::DimensionChess;
    /// assert!(DimensionChess::start().check_invariants().is_ok());
    /// ```
    pub fn check_invariants(&self) -> Result<(), Error> {
        for plane in Plane::ALL {
            let l = &self.layers[plane.index()];
            let (w, b) = (l.col(Color::White), l.col(Color::Black));
            let mut roles = 0u64;
            let mut overlap = w & b;
            for r in Role::ALL {
                overlap |= roles & l.rol(r);
                roles |= l.rol(r);
            }
            if overlap != 0 || roles != w | b {
                return Err(Error::invalid(
                    "",
                    format!("inconsistent bitboards in {plane}"),
                ));
            }
        }
        self.validate()?;
        if self.hash != self.zobrist_from_scratch() {
            return Err(Error::invalid(
                "",
                "incremental hash differs from the hash from scratch",
            ));
        }
        Ok(())
    }

    /// The placement field: `heaven|earth|hell`.
    fn placement(&self) -> String {
        write_placement(SHAPE, RowStyle::Compact, |i| {
            self.layers[i / 64]
                .piece_on(index(text_order_square(i % 64)))
                .map(|(c, r)| Piece::new(c, r))
        })
    }

    /// A diagram of the three boards side by side (Heaven, Earth, Hell; rank 8 at the top,
    /// `.` empty), then the side to move, castling, e.p. and the counters.
    ///
    /// ```
    /// use dimchess_dimension_chess::DimensionChess;
    /// let d = DimensionChess::start().diagram();
    /// assert!(d.contains("Heaven (H)"));
    /// assert!(d.lines().nth(1).unwrap().contains("r n b q k b n r"));
    /// ```
    pub fn diagram(&self) -> String {
        let mut s = String::new();
        let mut head = String::new();
        for plane in Plane::ALL {
            head.push_str(&format!(
                "    {:<20}",
                format!("{} ({})", plane.name(), plane.letter())
            ));
        }
        s.push_str(head.trim_end());
        s.push('\n');
        for rank in (0..8u8).rev() {
            let mut line = String::new();
            for plane in Plane::ALL {
                line.push_str(&format!("{} ", rank + 1));
                for file in 0..8u8 {
                    line.push(' ');
                    let c = self.layers[plane.index()]
                        .piece_on(rank * 8 + file)
                        .map_or('.', |(c, r)| Piece::new(c, r).char());
                    line.push(c);
                }
                line.push_str("    ");
            }
            s.push_str(line.trim_end());
            s.push('\n');
        }
        let files = "   a b c d e f g h";
        s.push_str(&format!("{files}    {files}    {files}\n"));
        s.push_str(&format!(
            "{} to move, castling {}, e.p. {}, halfmove {}, fullmove {}{}\n",
            color_name(self.turn),
            self.castling_text(),
            self.ep_text(),
            self.halfmove,
            self.fullmove,
            if self.is_check() { ", check" } else { "" }
        ));
        s
    }

    /// The e.p. field as in the text (`-` or `E:e3`).
    pub(crate) fn ep_text(&self) -> String {
        match self.ep {
            Some((plane, sq)) => format!("{}:{}", plane.letter(), name(sq)),
            None => "-".to_string(),
        }
    }
}

impl fmt::Display for DimensionChess {
    /// The canonical position text (§4); with `{:#}`, the [`DimensionChess::diagram`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.diagram());
        }
        write!(
            f,
            "{} {} {} {} {} {}",
            self.placement(),
            self.turn.char(),
            self.castling_text(),
            self.ep_text(),
            self.halfmove,
            self.fullmove
        )
    }
}
