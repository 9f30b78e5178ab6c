//! The position text (§6): a strict parser with validation (TL-19, TX-12), the canonical
//! writer, and the diagram.

use core::fmt::Write;

use dimchess_core::text::{
    RowStyle, Shape, parse_counter, parse_fullmove, parse_placement, split_fields, write_placement,
};
use dimchess_core::{Error, Position};

use crate::geometry::{TABLES, cell_at, cell_name, coords, forward, parse_cell};
use crate::piece::{Color, Piece, Role, Variant};
use crate::position::{EpRecord, ThreeLevelPosition};
use crate::rules::Rules;

const SHAPE: Shape = Shape {
    boards: 3,
    rows: 8,
    cols: 8,
};

/// The cell of the `i`-th item of the placement in text order (level 1 first, rank 8 first).
fn text_cell(i: usize) -> usize {
    let (z, r, f) = (i / 64, 7 - (i % 64) / 8, i % 8);
    z * 64 + r * 8 + f
}

impl<R: Rules> ThreeLevelPosition<R> {
    /// Reads a position text of this rule set (§6), strictly, and validates it (TL-19,
    /// TX-12): the letters of its own pieces only (TL-19 h).
    pub(crate) fn from_text(text: &str) -> Result<Self, Error> {
        let variant = R::VARIANT;
        let fields = split_fields(text, 6, 6)?;
        let mut p = Self::empty();
        let mut bad_role: Option<String> = None;
        let cells = parse_placement(fields[0], SHAPE, RowStyle::Comma, |tok| {
            let mut ch = tok.chars();
            let (Some(c), Some(k), None) = (ch.next(), ch.next(), ch.next()) else {
                return None;
            };
            let color = Color::from_letter(c)?;
            match variant.role_of(k) {
                Some(role) => Some(Piece { color, role }),
                None => {
                    if variant == Variant::Main && "EDMCV".contains(k) {
                        bad_role = Some(tok.to_string());
                    }
                    None
                }
            }
        });
        if let Some(tok) = bad_role {
            return Err(Error::invalid(
                "TL-19 (h)",
                format!("`{tok}` is a checkmate-promotion piece; `three-level` has none"),
            ));
        }
        for (i, piece) in cells?.into_iter().enumerate() {
            if let Some(piece) = piece {
                p.put(text_cell(i), piece);
            }
        }
        let side = match fields[1].as_bytes() {
            [c] => Color::from_letter(*c as char),
            _ => None,
        };
        let Some(side) = side else {
            return Err(Error::syntax(
                "side",
                format!("`{}` is not r, b, y or g (§6)", fields[1]),
            ));
        };
        if fields[2] != "-" {
            let mut last: Option<Color> = None;
            for ch in fields[2].chars() {
                let Some(c) = Color::from_letter(ch) else {
                    return Err(Error::syntax(
                        "eliminated",
                        format!("`{ch}` is not r, b, y or g (§6)"),
                    ));
                };
                if last.is_some_and(|l| l >= c) {
                    return Err(Error::syntax(
                        "eliminated",
                        "colours go in the order r, b, y, g without repeats (§6)",
                    ));
                }
                last = Some(c);
                p.mark_eliminated(c);
            }
            if p.live_count() == 0 {
                return Err(Error::syntax(
                    "eliminated",
                    "at most 3 players are eliminated (§6)",
                ));
            }
        }
        if fields[3] != "-" {
            let mut last: Option<Color> = None;
            for rec in fields[3].split(',') {
                let parts: Vec<&str> = rec.split(':').collect();
                let owner = match parts.as_slice() {
                    [o, _, _] if o.len() == 1 => o.chars().next().and_then(Color::from_letter),
                    _ => None,
                };
                let Some(owner) = owner else {
                    return Err(Error::syntax(
                        "enpassant",
                        format!("`{rec}` is not colour:cell:cell (§6)"),
                    ));
                };
                let (Some(passed), Some(pawn)) = (parse_cell(parts[1]), parse_cell(parts[2]))
                else {
                    return Err(Error::syntax(
                        "enpassant",
                        format!("`{rec}` names no cell (§6)"),
                    ));
                };
                if last.is_some_and(|l| l >= owner) {
                    return Err(Error::syntax(
                        "enpassant",
                        "at most one record per colour, in the order r, b, y, g (§6)",
                    ));
                }
                last = Some(owner);
                p.ep[owner as usize] = Some(EpRecord {
                    passed: passed as u8,
                    pawn: pawn as u8,
                });
            }
        }
        p.halfmove = parse_counter("halfmove", fields[4])?;
        p.fullmove = parse_fullmove("fullmove", fields[5])?;
        p.side = side;
        p.validate()?;
        p.hash = p.zobrist_from_scratch();
        Ok(p)
    }

    /// TL-19 (b) to (g), TX-12.
    fn validate(&self) -> Result<(), Error> {
        let t = &*TABLES;
        let xq = R::VARIANT.is_xiangqi();
        let royal = if xq { "General" } else { "King" };
        for c in Color::ALL {
            let n = self.by_color[c as usize].count();
            if !self.is_live(c) {
                if n != 0 {
                    return Err(Error::invalid(
                        "TL-19 (c)",
                        format!("{} is eliminated but has pieces on the board", c.name()),
                    ));
                }
                continue;
            }
            let k = self.royals(c).count();
            if k != 1 {
                return Err(Error::invalid(
                    "TL-19 (b)",
                    format!("{} has {k} {royal}s, not exactly one", c.name()),
                ));
            }
        }
        if !self.is_live(self.side) {
            return Err(Error::invalid(
                "TL-19 (d)",
                format!("{} is to move but eliminated", self.side.name()),
            ));
        }
        if xq {
            for c in Color::ALL {
                let own = self.by_color[c as usize];
                if (own & (self.role_bb(Role::General) | self.role_bb(Role::Ferz)))
                    .and_not(t.fortress[c as usize])
                    .any()
                {
                    return Err(Error::invalid(
                        "TX-12",
                        format!("a {} General or Ferz stands outside its fortress", c.name()),
                    ));
                }
                if (own & self.role_bb(Role::Elephant))
                    .and_not(t.quarter[c as usize])
                    .any()
                {
                    return Err(Error::invalid(
                        "TX-12",
                        format!("a {} Elephant stands outside its quarter", c.name()),
                    ));
                }
            }
            if self.ep.iter().any(Option::is_some) {
                return Err(Error::invalid(
                    "TX-12",
                    "the en-passant field must be `-` in the Xiang Qi variant",
                ));
            }
        } else {
            let pawns = self.role_bb(Role::Pawn);
            let mut on_corner = 0;
            for c in Color::ALL {
                let n = (pawns & self.by_color[c as usize] & t.far_corner[c as usize]).count();
                if n > 0 {
                    let f = self.families(c);
                    if f[0] < 2 || f[1] < 4 || f[2] < 4 || f[3] < 4 {
                        return Err(Error::invalid(
                            "TL-19 (f)",
                            format!(
                                "a {} Pawn stands on its far corner, but {} lacks 2 Q, 4 R, 4 B and 4 N",
                                c.name(),
                                c.name()
                            ),
                        ));
                    }
                }
                on_corner += n;
            }
            if on_corner > 1 {
                return Err(Error::invalid(
                    "TL-19 (f)",
                    "more than one Pawn stands on its far corner",
                ));
            }
            for c in Color::ALL {
                let Some(r) = self.ep[c as usize] else {
                    continue;
                };
                let text = record_text(c, r);
                if !self.is_live(c) || c == self.side {
                    return Err(Error::invalid(
                        "TL-19 (g)",
                        format!(
                            "record `{text}`: the owner must be a live player other than the side to move"
                        ),
                    ));
                }
                if self.piece_at(r.pawn as usize)
                    != Some(Piece {
                        color: c,
                        role: Role::Pawn,
                    })
                {
                    return Err(Error::invalid(
                        "TL-19 (g)",
                        format!("record `{text}`: no {} Pawn on its cell", c.name()),
                    ));
                }
                let (f, rr, z) = coords(r.passed as usize);
                let ok = forward(c).iter().any(|&(df, dr)| {
                    cell_at(f + df, rr + dr, z) == Some(r.pawn as usize)
                        && cell_at(f - df, rr - dr, z)
                            .is_some_and(|src| t.pawn_start[c as usize].contains(src))
                });
                if !ok {
                    return Err(Error::invalid(
                        "TL-19 (g)",
                        format!(
                            "record `{text}` is not a double step from a {} Pawn start cell",
                            c.name()
                        ),
                    ));
                }
            }
        }
        if self.promotion_winner().is_none() {
            let s = self.side;
            for x in Color::ALL {
                if x == s || !self.is_live(x) {
                    continue;
                }
                if let Some(k) = self.royal_cell(x)
                    && self.attacked(k, 1 << s as u8, self.occupied)
                {
                    return Err(Error::invalid(
                        "TL-19 (e)",
                        format!(
                            "{} is to move but already attacks {}'s {royal} on {}",
                            s.name(),
                            x.name(),
                            cell_name(k)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The canonical position text (§6).
    pub fn to_text(&self) -> String {
        let mut s = write_placement(SHAPE, RowStyle::Comma, |i| {
            self.piece_at(text_cell(i)).map(Token)
        });
        s.push(' ');
        s.push(self.side.letter());
        s.push(' ');
        if self.eliminated == 0 {
            s.push('-');
        } else {
            s.extend(
                Color::ALL
                    .iter()
                    .filter(|&&c| !self.is_live(c))
                    .map(|c| c.letter()),
            );
        }
        s.push(' ');
        let records: Vec<String> = Color::ALL
            .iter()
            .filter_map(|&c| self.ep[c as usize].map(|r| record_text(c, r)))
            .collect();
        if records.is_empty() {
            s.push('-');
        } else {
            s.push_str(&records.join(","));
        }
        let _ = write!(s, " {} {}", self.halfmove, self.fullmove);
        s
    }

    /// A diagram of the three levels side by side (rank 8 at the top), then the other fields.
    pub fn diagram_text(&self) -> String {
        let mut s = String::new();
        let names = ["level 1 (top)", "level 2 (middle)", "level 3 (bottom)"];
        s.push_str("   ");
        for n in names {
            let _ = write!(s, "{n:<27}");
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
        for r in (0..8).rev() {
            let _ = write!(s, "{} ", r + 1);
            for z in 0..3 {
                for f in 0..8 {
                    let c = z * 64 + r * 8 + f;
                    match self.piece_at(c) {
                        Some(p) => {
                            let _ = write!(s, " {}{}", p.color.letter(), p.role.letter());
                        }
                        None => s.push_str("  ."),
                    }
                }
                if z < 2 {
                    s.push_str("   ");
                }
            }
            s.push('\n');
        }
        s.push_str("  ");
        for z in 0..3 {
            for f in 0..8u8 {
                let _ = write!(s, "  {}", (b'a' + f) as char);
            }
            if z < 2 {
                s.push_str("   ");
            }
        }
        s.push('\n');
        let _ = write!(s, "{} to move", self.side.name());
        let out: Vec<&str> = Color::ALL
            .iter()
            .filter(|&&c| !self.is_live(c))
            .map(|c| c.name())
            .collect();
        if !out.is_empty() {
            let _ = write!(s, "; eliminated: {}", out.join(", "));
        }
        for c in Color::ALL {
            if let Some(r) = self.ep[c as usize] {
                let _ = write!(
                    s,
                    "; {} en passant {} (Pawn {})",
                    c.name(),
                    cell_name(r.passed as usize),
                    cell_name(r.pawn as usize)
                );
            }
        }
        let _ = write!(
            s,
            "; halfmove {}, fullmove {}",
            self.halfmove, self.fullmove
        );
        if let Some(e) = self.ending() {
            let _ = write!(s, "; game over: {}", crate::outcome::describe(e));
        }
        s.push('\n');
        s
    }
}

struct Token(Piece);

impl core::fmt::Display for Token {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}{}", self.0.color.letter(), self.0.role.letter())
    }
}

fn record_text(c: Color, r: EpRecord) -> String {
    format!(
        "{}:{}:{}",
        c.letter(),
        cell_name(r.passed as usize),
        cell_name(r.pawn as usize)
    )
}
