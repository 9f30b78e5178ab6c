//! Helpers for the FEN-style position texts of every variant.
//!
//! A placement is boards (or levels, or layers) separated by `|`, each of rows separated by
//! `/`; a row is a sequence of items, each a piece token or a run of empty cells written as a
//! decimal number (several digits allowed, no leading zero, two runs never touch). In the
//! [`RowStyle::Compact`] style a piece token is one character and a maximal digit run is one
//! number (`rnbqkbnr`, `4P3`, `12`); in the [`RowStyle::Comma`] style items are separated by
//! commas and a token may be several characters (`rK,2,bP`).
//!
//! Items come out in text order: the first board of the text first, its first row first, left
//! to right. A variant maps text order to its own cell numbering.
//!
//! ```
//! use dimchess_core::text::{parse_placement, write_placement, RowStyle, Shape};
//! let shape = Shape { boards: 2, rows: 2, cols: 3 };
//! let cells = parse_placement("3/a2|1b1/3", shape, RowStyle::Compact, |t| {
//!     (t == "a" || t == "b").then(|| t.to_string())
//! })
//! .unwrap();
//! assert_eq!(cells[3].as_deref(), Some("a"));
//! assert_eq!(cells[7].as_deref(), Some("b"));
//! let text = write_placement(shape, RowStyle::Compact, |i| cells[i].clone());
//! assert_eq!(text, "3/a2|1b1/3");
//! ```

use core::fmt::{self, Write};

use crate::error::Error;

/// How the items of a row are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RowStyle {
    /// One-character piece tokens, runs as maximal digit sequences: `rnbq1bnr`.
    Compact,
    /// Items separated by commas, tokens of any length: `rK,2,bP`.
    Comma,
}

/// The shape of a placement: how many boards, rows per board and cells per row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Boards, levels or layers, separated by `|`.
    pub boards: usize,
    /// Rows per board, separated by `/`.
    pub rows: usize,
    /// Cells per row.
    pub cols: usize,
}

impl Shape {
    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.boards * self.rows * self.cols
    }
}

fn where_(shape: Shape, b: usize, r: usize) -> String {
    if shape.boards > 1 {
        format!("placement, board {} row {}", b + 1, r + 1)
    } else {
        format!("placement, row {}", r + 1)
    }
}

/// Reads a run of empty cells: a decimal number without leading zero.
fn run_value(digits: &str) -> Option<usize> {
    if digits.is_empty() || digits.starts_with('0') || digits.len() > 4 {
        return None;
    }
    digits.parse().ok()
}

/// Parses a placement of the given shape; `piece` turns a token into a piece or `None` if the
/// token is unknown. Returns the cells in text order.
pub fn parse_placement<T>(
    text: &str,
    shape: Shape,
    style: RowStyle,
    mut piece: impl FnMut(&str) -> Option<T>,
) -> Result<Vec<Option<T>>, Error> {
    let boards: Vec<&str> = text.split('|').collect();
    if boards.len() != shape.boards {
        return Err(Error::syntax(
            "placement",
            format!(
                "expected {} boards separated by `|`, found {}",
                shape.boards,
                boards.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(shape.cells());
    for (b, board) in boards.iter().enumerate() {
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != shape.rows {
            let field = if shape.boards > 1 {
                format!("placement, board {}", b + 1)
            } else {
                "placement".to_string()
            };
            return Err(Error::syntax(
                field,
                format!(
                    "expected {} rows separated by `/`, found {}",
                    shape.rows,
                    rows.len()
                ),
            ));
        }
        for (r, row) in rows.iter().enumerate() {
            let before = out.len();
            let field = || where_(shape, b, r);
            let push_run = |n: usize, out: &mut Vec<Option<T>>| -> Result<(), Error> {
                if out.len() - before + n > shape.cols {
                    return Err(Error::syntax(
                        field(),
                        format!("`{row}` covers more than {} cells", shape.cols),
                    ));
                }
                out.extend((0..n).map(|_| None));
                Ok(())
            };
            match style {
                RowStyle::Compact => {
                    let bytes = row.as_bytes();
                    let mut i = 0;
                    if row.is_empty() {
                        return Err(Error::syntax(field(), "empty row"));
                    }
                    while i < bytes.len() {
                        if bytes[i].is_ascii_digit() {
                            let start = i;
                            while i < bytes.len() && bytes[i].is_ascii_digit() {
                                i += 1;
                            }
                            let digits = &row[start..i];
                            let n = run_value(digits).ok_or_else(|| {
                                Error::syntax(field(), format!("bad run of empty cells `{digits}`"))
                            })?;
                            push_run(n, &mut out)?;
                        } else {
                            let ch = row[i..].chars().next().unwrap_or('?');
                            let len = ch.len_utf8();
                            let token = &row[i..i + len];
                            let p = piece(token).ok_or_else(|| {
                                Error::syntax(field(), format!("unknown piece `{token}`"))
                            })?;
                            if out.len() - before >= shape.cols {
                                return Err(Error::syntax(
                                    field(),
                                    format!("`{row}` covers more than {} cells", shape.cols),
                                ));
                            }
                            out.push(Some(p));
                            i += len;
                        }
                    }
                }
                RowStyle::Comma => {
                    let mut last_was_run = false;
                    for item in row.split(',') {
                        if item.is_empty() {
                            return Err(Error::syntax(field(), format!("empty item in `{row}`")));
                        }
                        if item.bytes().all(|c| c.is_ascii_digit()) {
                            let n = run_value(item).ok_or_else(|| {
                                Error::syntax(field(), format!("bad run of empty cells `{item}`"))
                            })?;
                            if last_was_run {
                                return Err(Error::syntax(
                                    field(),
                                    format!("two runs of empty cells touch in `{row}`"),
                                ));
                            }
                            push_run(n, &mut out)?;
                            last_was_run = true;
                        } else {
                            let p = piece(item).ok_or_else(|| {
                                Error::syntax(field(), format!("unknown piece `{item}`"))
                            })?;
                            if out.len() - before >= shape.cols {
                                return Err(Error::syntax(
                                    field(),
                                    format!("`{row}` covers more than {} cells", shape.cols),
                                ));
                            }
                            out.push(Some(p));
                            last_was_run = false;
                        }
                    }
                }
            }
            if out.len() - before != shape.cols {
                return Err(Error::syntax(
                    field(),
                    format!(
                        "`{row}` covers {} cells, not {}",
                        out.len() - before,
                        shape.cols
                    ),
                ));
            }
        }
    }
    Ok(out)
}

/// Writes a placement in canonical form; `cell(i)` gives the token of the `i`-th cell in text
/// order, or `None` if it is empty.
pub fn write_placement<D: fmt::Display>(
    shape: Shape,
    style: RowStyle,
    mut cell: impl FnMut(usize) -> Option<D>,
) -> String {
    let mut s = String::new();
    let mut i = 0;
    for b in 0..shape.boards {
        if b > 0 {
            s.push('|');
        }
        for r in 0..shape.rows {
            if r > 0 {
                s.push('/');
            }
            let mut run = 0;
            let mut first = true;
            let sep = |s: &mut String, first: &mut bool| {
                if style == RowStyle::Comma && !*first {
                    s.push(',');
                }
                *first = false;
            };
            for _ in 0..shape.cols {
                match cell(i) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            sep(&mut s, &mut first);
                            let _ = write!(s, "{run}");
                            run = 0;
                        }
                        sep(&mut s, &mut first);
                        let _ = write!(s, "{p}");
                    }
                }
                i += 1;
            }
            if run > 0 {
                sep(&mut s, &mut first);
                let _ = write!(s, "{run}");
            }
        }
    }
    s
}

/// Splits a position text into exactly `min..=max` fields separated by single spaces, with no
/// leading or trailing whitespace (CONVENTIONS: a parser reads the text exactly).
pub fn split_fields(text: &str, min: usize, max: usize) -> Result<Vec<&str>, Error> {
    if text.is_empty() {
        return Err(Error::syntax("position", "empty text"));
    }
    if text.trim() != text {
        return Err(Error::syntax("position", "leading or trailing whitespace"));
    }
    if text.chars().any(|c| c.is_whitespace() && c != ' ') {
        return Err(Error::syntax(
            "position",
            "whitespace other than single spaces",
        ));
    }
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.iter().any(|f| f.is_empty()) {
        return Err(Error::syntax(
            "position",
            "fields must be separated by exactly one space",
        ));
    }
    if fields.len() < min || fields.len() > max {
        let want = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(Error::syntax(
            "position",
            format!("expected {want} fields, found {}", fields.len()),
        ));
    }
    Ok(fields)
}

/// Reads an unsigned counter (`0` or a number without leading zero that fits in 32 bits).
pub fn parse_counter(field: &str, text: &str) -> Result<u32, Error> {
    let ok = !text.is_empty()
        && text.bytes().all(|c| c.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !ok {
        return Err(Error::syntax(
            field,
            format!("`{text}` is not a number without leading zeros"),
        ));
    }
    text.parse()
        .map_err(|_| Error::syntax(field, format!("`{text}` does not fit in 32 bits")))
}

/// Reads a fullmove number: like [`parse_counter`], and at least 1.
pub fn parse_fullmove(field: &str, text: &str) -> Result<u32, Error> {
    let n = parse_counter(field, text)?;
    if n == 0 {
        return Err(Error::syntax(field, "must be at least 1"));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess_piece(t: &str) -> Option<char> {
        let c = t.chars().next()?;
        "KQRBNPkqrbnp".contains(c).then_some(c)
    }

    #[test]
    fn round_trip_and_errors() {
        let s = Shape {
            boards: 1,
            rows: 8,
            cols: 8,
        };
        let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        let cells = parse_placement(start, s, RowStyle::Compact, chess_piece).unwrap();
        assert_eq!(write_placement(s, RowStyle::Compact, |i| cells[i]), start);
        for bad in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNRR",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBN",
            "rnbqkbnr/pppppppp/08/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/44/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/9/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "rnbqkbnr/pppppppp//8/4P3/8/PPPP1PPP/RNBQKBNR",
            "rnbqkbnr/ppppxppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBéR",
        ] {
            assert!(
                parse_placement(bad, s, RowStyle::Compact, chess_piece).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn multi_digit_runs() {
        let s = Shape {
            boards: 1,
            rows: 1,
            cols: 12,
        };
        let cells = parse_placement("11K", s, RowStyle::Compact, chess_piece).unwrap();
        assert_eq!(cells[11], Some('K'));
        assert_eq!(write_placement(s, RowStyle::Compact, |i| cells[i]), "11K");
    }

    #[test]
    fn comma_rows() {
        let s = Shape {
            boards: 2,
            rows: 1,
            cols: 8,
        };
        let tok = |t: &str| (t.len() == 2).then(|| t.to_string());
        let cells = parse_placement("rK,6,bP|8", s, RowStyle::Comma, tok).unwrap();
        assert_eq!(cells[0].as_deref(), Some("rK"));
        assert_eq!(
            write_placement(s, RowStyle::Comma, |i| cells[i].clone()),
            "rK,6,bP|8"
        );
        for bad in [
            "rK,2,4,bP|8",
            "rK,,6,bP|8",
            "rK6bP|8",
            "rK,6,bP,|8",
            "rK,06,bP|8",
        ] {
            assert!(
                parse_placement(bad, s, RowStyle::Comma, tok).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn fields_and_counters() {
        assert_eq!(split_fields("a b c", 3, 3).unwrap(), vec!["a", "b", "c"]);
        for bad in [" a b c", "a b c ", "a  b c", "a\tb c", "a b", "a b c\n", ""] {
            assert!(split_fields(bad, 3, 3).is_err(), "{bad:?}");
        }
        assert_eq!(parse_counter("halfmove", "0").unwrap(), 0);
        assert_eq!(parse_counter("halfmove", "4294967295").unwrap(), u32::MAX);
        for bad in ["", "00", "01", "-1", "4294967296", "1a", "+1"] {
            assert!(parse_counter("halfmove", bad).is_err(), "{bad}");
        }
        assert!(parse_fullmove("fullmove", "0").is_err());
    }
}
