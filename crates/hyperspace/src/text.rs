//! The position text (§4): seven fields, the six FEN fields and the pieces in flight; its
//! validity checks (HS-24); and the diagram.

use core::fmt;

use dimchess_core::Error;
use dimchess_fide::moves::castling;
use dimchess_fide::{Board, Color, Piece, Role, Square};

use crate::flight::{Flight, InFlight};
use crate::position::{HyperspacePosition, MAX_PIECES};

/// Reads a clock: `1*DIGIT` (leading zeros allowed by the grammar), fitting in 32 bits.
fn clock(field: &str, text: &str) -> Result<u32, Error> {
    if text.is_empty() || !text.bytes().all(|c| c.is_ascii_digit()) {
        return Err(Error::syntax(field, format!("`{text}` is not a number")));
    }
    text.parse()
        .map_err(|_| Error::syntax(field, format!("`{text}` does not fit in 32 bits")))
}

/// Reads one in-flight entry `<piece><square>:<turns>` (grammar only).
fn entry(text: &str) -> Result<InFlight, Error> {
    let field = || format!("flight, entry `{text}`");
    let b = text.as_bytes();
    if !text.is_ascii() || b.len() != 5 || b[3] != b':' {
        return Err(Error::syntax(
            field(),
            "expected a piece letter, a square, `:` and the turns left, like `Nf3:1`",
        ));
    }
    let piece = Piece::from_char(b[0] as char)
        .filter(|_| b"KQRBNPkqrbnp".contains(&b[0]))
        .ok_or_else(|| Error::syntax(field(), "unknown piece letter"))?;
    let to: Square = text[1..3]
        .parse()
        .map_err(|_| Error::syntax(field(), "bad square"))?;
    let turns = match b[4] {
        c @ b'1'..=b'6' => c - b'0',
        _ => return Err(Error::syntax(field(), "the turns left must be 1 to 6")),
    };
    Ok(InFlight { piece, to, turns })
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// Reads a position text (§4) and checks that the position is valid (HS-24).
    ///
    /// Leading and trailing whitespace is ignored and fields may be separated by runs of
    /// spaces or tabs, as the rulebook's grammar allows.
    pub fn from_text(text: &str) -> Result<Self, Error> {
        let fields: Vec<&str> = text
            .trim()
            .split([' ', '\t'])
            .filter(|f| !f.is_empty())
            .collect();
        if fields.len() != 7 {
            return Err(Error::syntax(
                "position",
                format!(
                    "expected 7 fields (placement, side, castling, en passant, halfmove, fullmove, flight), found {}",
                    fields.len()
                ),
            ));
        }
        let board = Board::from_placement(fields[0])?;
        let turn = Color::from_field(fields[1])?;
        let rights = castling::parse_field(fields[2])?;
        let ep = match fields[3] {
            "-" => None,
            s => {
                let sq: Square = s.parse().map_err(|_| {
                    Error::syntax("en passant", format!("`{s}` is not `-` or a square"))
                })?;
                if sq.rank() != 2 && sq.rank() != 5 {
                    return Err(Error::syntax(
                        "en passant",
                        format!("`{s}` is not on rank 3 or 6"),
                    ));
                }
                Some(sq)
            }
        };
        let halfmove = clock("halfmove clock", fields[4])?;
        let fullmove = clock("fullmove number", fields[5])?;
        if fullmove == 0 {
            return Err(Error::syntax("fullmove number", "must be at least 1"));
        }
        let mut flight = Flight::new();
        if fields[6] != "-" {
            for t in fields[6].split(',') {
                let e = entry(t)?;
                if !flight.insert(e.pack()) {
                    return Err(Error::invalid(
                        "",
                        format!("more than {MAX_PIECES} pieces in flight (library limit)"),
                    ));
                }
            }
        }
        let mut pos = HyperspacePosition {
            board,
            flight,
            turn,
            castling: rights,
            ep,
            halfmove,
            fullmove,
            hash: 0,
            flight_hash: 0,
        };
        pos.validate()?;
        pos.hash = pos.xor_hash();
        pos.flight_hash = pos.flight_sum();
        Ok(pos)
    }

    /// The validity checks of §4 (HS-24).
    fn validate(&self) -> Result<(), Error> {
        let b = &self.board;
        let total = b.occupied().count() as usize + self.flight.len();
        if total > MAX_PIECES {
            return Err(Error::invalid(
                "",
                format!(
                    "{total} pieces on the board and in flight: more than {MAX_PIECES} (library limit)"
                ),
            ));
        }
        // Check 2: at most one king per colour, board and flight together.
        for c in Color::ALL {
            let n = b.pieces(c, Role::King).count() as usize
                + self
                    .flight
                    .iter()
                    .filter(|e| e.piece == Piece::new(c, Role::King))
                    .count();
            if n > 1 {
                return Err(Error::invalid(
                    "HS-24",
                    format!(
                        "{} has {n} kings (board and flight together); at most one",
                        color_name(c)
                    ),
                ));
            }
        }
        // Check 3: no pawn on rank 1 or 8.
        if (b.by_role(Role::Pawn).bits() & (0xff | 0xff << 56)) != 0 {
            return Err(Error::invalid("HS-20", "a pawn stands on rank 1 or rank 8"));
        }
        // Check 4: the in-flight entries are journeys that can exist.
        for e in self.flight.iter() {
            let bad = |rule: &'static str, why: &str| {
                Error::invalid(rule, format!("flight entry `{e}`: {why}"))
            };
            match e.piece.role {
                Role::King | Role::Knight | Role::Pawn if e.turns != 1 => {
                    return Err(bad(
                        "HS-2",
                        "a king, knight or pawn is in flight for 1 turn only",
                    ));
                }
                Role::Pawn => {
                    let rank = if e.piece.color == Color::White { 3 } else { 4 };
                    if e.to.rank() != rank {
                        return Err(bad(
                            "HS-20",
                            "a pawn in flight lands on rank 4 (White) or 5 (Black)",
                        ));
                    }
                }
                Role::King => {
                    let rank = if e.piece.color == Color::White { 0 } else { 7 };
                    if e.to.rank() != rank || (e.to.file() != 2 && e.to.file() != 6) {
                        return Err(bad(
                            "HS-17",
                            "a king in flight lands on its castling square (c1/g1, c8/g8)",
                        ));
                    }
                }
                _ => {}
            }
        }
        // Check 5: castling rights need the king and rook at home, on the board.
        castling::check_placement(b, self.castling, "HS-18")?;
        // Check 6: en passant.
        if let Some(ep) = self.ep {
            if !OPTIONAL {
                return Err(Error::invalid(
                    "HS-19",
                    "hyperspace has no en passant: the field must be `-`",
                ));
            }
            let (rank, dir): (u8, isize) = match self.turn {
                Color::White => (5, -8),
                Color::Black => (2, 8),
            };
            let ok = ep.rank() == rank && {
                let pawn_sq = Square::from_index((ep.index() as isize + dir) as usize);
                let from_sq = Square::from_index((ep.index() as isize - dir) as usize);
                b.piece_at(pawn_sq) == Some(Piece::new(self.turn.other(), Role::Pawn))
                    && b.piece_at(ep).is_none()
                    && b.piece_at(from_sq).is_none()
            };
            if !ok {
                return Err(Error::invalid(
                    "HS-19",
                    format!("en-passant square {ep} does not follow a double step"),
                ));
            }
        }
        // Check 7: the side not to move is not in check (with both kings in the game).
        if self.has_king(Color::White)
            && self.has_king(Color::Black)
            && self.is_in_check(self.turn.other())
        {
            return Err(Error::invalid(
                "HS-15",
                format!(
                    "{}, not to move, is in check",
                    color_name(self.turn.other())
                ),
            ));
        }
        Ok(())
    }

    /// Writes the position text (§4).
    pub(crate) fn write_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} ",
            self.board.placement(),
            self.turn.char(),
            castling::write(self.castling)
        )?;
        match self.ep {
            Some(s) => write!(f, "{s}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {} {} ", self.halfmove, self.fullmove)?;
        if self.flight.is_empty() {
            return f.write_str("-");
        }
        for (i, e) in self.flight.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }

    /// The diagram: the board, then the pieces in flight and the state fields.
    pub(crate) fn draw(&self) -> String {
        let mut s = self.board.diagram();
        for c in Color::ALL {
            let list: Vec<String> = self
                .flight
                .iter()
                .filter(|e| e.piece.color == c)
                .map(|e| {
                    format!(
                        "{}{} in {} turn{}",
                        e.piece.char(),
                        e.to,
                        e.turns,
                        if e.turns == 1 { "" } else { "s" }
                    )
                })
                .collect();
            if !list.is_empty() {
                s.push_str(&format!(
                    "{} in flight: {}\n",
                    color_name(c),
                    list.join(", ")
                ));
            }
        }
        s.push_str(&format!(
            "{} to move, castling {}, en passant {}, halfmove {}, move {}\n",
            color_name(self.turn),
            castling::write(self.castling),
            self.ep.map_or("-".to_string(), |e| e.to_string()),
            self.halfmove,
            self.fullmove
        ));
        if self.is_check() {
            s.push_str("check\n");
        }
        s
    }
}
