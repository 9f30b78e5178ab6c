//! Move text (§7, RD-20): `f1f3`, `a1k3`, `f2f3=WE`; parsing checks legality and cites the
//! ruling a move breaks.

use core::str::FromStr;

use crate::geometry::Cell;
use crate::moves::Move;
use crate::piece::{Color, Component, Role};
use crate::position::Redistribution;
use dimchess_core::Error;

/// The `=<used><partner>` suffix of a split, as written.
type SplitSuffix = (Component, Component);

/// The parts of a move text (§7): origin, destination and, for a split, the two
/// component letters as written. Checks the grammar only.
fn grammar(text: &str) -> Result<(Cell, Cell, Option<SplitSuffix>), Error> {
    let syntax = |reason: &str| {
        Error::move_syntax(
            text,
            format!(
                "{reason}; expected `<from><to>` or `<from><to>=<used><partner>`, e.g. `f1f3`, `f2f3=WE` (RD-20)"
            ),
        )
    };
    if !text.is_ascii() || !(text.len() == 4 || text.len() == 7) {
        return Err(syntax("wrong length or characters"));
    }
    let from = Cell::from_name(&text[0..2]).ok_or_else(|| syntax("bad origin cell"))?;
    let to = Cell::from_name(&text[2..4]).ok_or_else(|| syntax("bad destination cell"))?;
    let suffix = if text.len() == 7 {
        let b = text.as_bytes();
        if b[4] != b'=' {
            return Err(syntax("a split suffix starts with `=`"));
        }
        let c = Component::from_letter(char::from(b[5]))
            .ok_or_else(|| syntax("bad component letter (one of W F V D E U)"))?;
        let u = Component::from_letter(char::from(b[6]))
            .ok_or_else(|| syntax("bad component letter (one of W F V D E U)"))?;
        Some((c, u))
    } else {
        None
    };
    Ok((from, to, suffix))
}

/// Reads a move text without a position (§7): the grammar, and for a split that the used
/// component is the one whose vector leads from `from` to `to` and differs from the partner.
/// Whether the move is legal needs a position: see `dimchess_core::Position::parse_move`.
///
/// ```
/// use dimchess_redistribution::Move;
/// let m: Move = "f2f3=WE".parse()?;
/// assert_eq!(m.to_string(), "f2f3=WE");
/// assert!("f2f3=EW".parse::<Move>().is_err()); // RD-20: the used component comes first
/// # Ok::<(), dimchess_redistribution::Error>(())
/// ```
impl FromStr for Move {
    type Err = Error;

    fn from_str(text: &str) -> Result<Move, Error> {
        let (from, to, suffix) = grammar(text)?;
        let vector = from.component_to(to);
        match suffix {
            None => Ok(Move::whole(from, to)),
            Some((c, u)) if vector == Some(c) && c != u => Ok(Move::split(from, to, c, u)),
            Some(_) => Err(Error::move_syntax(
                text,
                "a split names the component whose vector it uses first, then a different partner (RD-10, RD-20)",
            )),
        }
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Redistribution {
    /// Reads a move in canonical text (§7) and checks that it is legal here.
    ///
    /// # Errors
    /// [`Error::MoveSyntax`] if the text is not canonical (RD-20), [`Error::IllegalMove`]
    /// citing the ruling that forbids the move otherwise.
    ///
    /// ```
    /// use dimchess_redistribution::Position as _;
    /// use dimchess_redistribution::Redistribution;
    /// let p: Redistribution = "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1".parse()?;
    /// let m = p.parse_move("f2f3=WE")?;
    /// assert_eq!(m.to_string(), "f2f3=WE");
    /// assert!(p.parse_move("f2f3=EW").is_err()); // RD-20: the used component comes first
    /// # Ok::<(), dimchess_redistribution::Error>(())
    /// ```
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, Error> {
        let (from, to, suffix) = grammar(text)?;

        let illegal = |rule: &'static str, reason: String| Error::illegal(text, rule, reason);
        let us = self.turn;
        let mover = self
            .piece_at(from)
            .ok_or_else(|| illegal("", format!("no piece on {from}")))?;
        if mover.color() != us {
            return Err(illegal(
                "",
                format!(
                    "the {} on {from} is {}'s and {} is to move",
                    mover.role().name(),
                    side_name(mover.color()),
                    side_name(us)
                ),
            ));
        }
        let set = mover.components();
        let name = mover.role().name();
        let vector = from.component_to(to);
        let target = self.piece_at(to);

        let m = match suffix {
            None => {
                let Some(used) = vector.filter(|&c| set.contains(c)) else {
                    if let Some(t) =
                        target.filter(|t| t.color() == us && set.combines_with(t.components()))
                    {
                        return Err(illegal(
                            "RD-8",
                            format!(
                                "a combining move uses the mover's own vectors, and no vector of the {name} leads from {from} to the {} on {to}",
                                t.role().name()
                            ),
                        ));
                    }
                    return Err(illegal(
                        "RD-5",
                        format!("no vector of the {name} leads from {from} to {to}"),
                    ));
                };
                if let Some(t) = target.filter(|t| t.color() == us) {
                    let tname = t.role().name();
                    if mover.role() == Role::EMPEROR || t.role() == Role::EMPEROR {
                        return Err(illegal(
                            "RD-6",
                            format!("the Emperor never combines ({name} onto {tname} on {to})"),
                        ));
                    }
                    if set.is_quadruple() || t.components().is_quadruple() {
                        return Err(illegal(
                            "RD-6",
                            format!("a quadruple never combines ({name} onto {tname} on {to})"),
                        ));
                    }
                    if !set.combines_with(t.components()) {
                        return Err(illegal(
                            "RD-7",
                            format!("the {name} and the {tname} are not compatible"),
                        ));
                    }
                }
                let _ = used;
                Move::whole(from, to)
            }
            Some((c, u)) => {
                if !set.is_quadruple() {
                    return Err(illegal(
                        "RD-9",
                        format!("only a quadruple splits, and the piece on {from} is a {name}"),
                    ));
                }
                if c == u || !set.contains(c) || !set.contains(u) {
                    return Err(illegal(
                        "RD-10",
                        format!(
                            "a split sends two different components of the {name} ({})",
                            set.iter().map(Component::letter).collect::<String>()
                        ),
                    ));
                }
                if vector != Some(c) {
                    let rule = if vector == Some(u) { "RD-20" } else { "RD-10" };
                    let found = vector.map_or("no component", Component::name);
                    return Err(illegal(
                        rule,
                        format!(
                            "the used component (written first) must be the one whose vector leads from {from} to {to}: {found}, not {}",
                            c.name()
                        ),
                    ));
                }
                if let Some(t) = target {
                    return Err(illegal(
                        "RD-11",
                        format!(
                            "a split goes to an empty cell, and {to} holds a {}",
                            t.role().name()
                        ),
                    ));
                }
                Move::split(from, to, c, u)
            }
        };

        // RD-12 / RD-14: the mover's Emperor must not be attacked afterwards.
        let mut after = self.clone();
        after.apply(m);
        if after.is_attacked(after.emperor(us), us.opponent()) {
            let combining = target.is_some_and(|t| t.color() == us);
            return Err(if self.in_check() && (m.is_split() || combining) {
                illegal(
                    "RD-14",
                    "combining and splitting never get the Emperor out of check".into(),
                )
            } else {
                illegal(
                    "RD-12",
                    format!("{}'s Emperor would be attacked", side_name(us)),
                )
            });
        }
        Ok(m)
    }

    /// Whether `m` is one of the legal moves here.
    pub(crate) fn is_legal_move(&self, m: Move) -> bool {
        let mut found = false;
        self.for_each_legal_move(|x| found |= x == m);
        found
    }
}
