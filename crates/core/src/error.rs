//! The one error type of every dimchess crate.
//!
//! Parsing and validation never panic: they return an [`Error`](enum@Error) that names the field, the
//! ruling or the move at fault, so that a caller (or the command-line tool) can print it on one
//! line.
//!
//! Input reaches messages only escaped and cut ([`Escaped`]): every field is shown with its
//! control characters and invisible format characters (newline, escape sequences, bidi
//! overrides) escaped, a culprit is cut after [`MAX_CULPRIT_CHARS`] characters and a field or
//! reason after [`MAX_REASON_CHARS`], so a message is one line of a few hundred characters
//! whatever the input. [`one_line`] does the same for a whole message built elsewhere (the
//! tool's own errors).

use core::fmt;

use thiserror::Error;

/// What went wrong while reading a position or a move, or while playing a move.
///
/// `rule` fields carry a rulebook ruling id (`"HS-20"`, `"DX-31"`) where one decides the case,
/// or an empty string where the failure is plain syntax.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// The position text does not follow the grammar.
    #[error(
        "bad position text: {}: {}",
        Escaped::reason(field),
        Escaped::reason(reason)
    )]
    PositionSyntax {
        /// The field (or part of a field) that is malformed, e.g. `"placement, rank 3"`.
        field: String,
        /// Why it is malformed.
        reason: String,
    },
    /// The position text is well formed but the position breaks a rule of the variant.
    #[error("invalid position{}: {}", rule_suffix(rule), Escaped::reason(reason))]
    InvalidPosition {
        /// The ruling the position breaks (may be empty).
        rule: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The move text does not follow the grammar.
    #[error(
        "cannot read move `{}`: {}",
        Escaped::culprit(text),
        Escaped::reason(reason)
    )]
    MoveSyntax {
        /// The text as given.
        text: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// The move is well formed but not legal in the position.
    #[error(
        "illegal move `{}`{}: {}",
        Escaped::culprit(text),
        rule_suffix(rule),
        Escaped::reason(reason)
    )]
    IllegalMove {
        /// The text as given.
        text: String,
        /// The ruling that forbids it (may be empty).
        rule: &'static str,
        /// Why it is illegal.
        reason: String,
    },
    /// No variant has this id.
    #[error("unknown variant `{}` (the variants: {known})", Escaped::culprit(id))]
    UnknownVariant {
        /// The id as given.
        id: String,
        /// The valid ids, comma-separated (what `dimchess variants` lists).
        known: String,
    },
    /// A game record (PGN) does not follow the grammar, or says something its moves do not
    /// bear out (a result the final position contradicts, a tag given twice).
    #[error("bad record: {}: {}", Escaped::reason(at), Escaped::reason(reason))]
    Record {
        /// Where: the game's number in the file and the part of it (`game 2, tag `FEN``,
        /// `game 1, move 14`).
        at: String,
        /// What is wrong.
        reason: String,
    },
    /// The game has ended: there is no move to choose (the result, as the tool prints it).
    #[error("game over: {0}")]
    GameOver(String),
}

/// The most characters of a culprit (a move text, a variant id, a file name) a message shows.
pub const MAX_CULPRIT_CHARS: usize = 80;

/// The most characters of a field name or a reason a message shows.
pub const MAX_REASON_CHARS: usize = 240;

/// The most characters [`one_line`] keeps of a whole message.
pub const MAX_LINE_CHARS: usize = 400;

/// Text shown in an error message: control characters as `\n`, `\r`, `\t` or `\u{1b}`,
/// invisible format characters (bidi overrides, zero-width characters, BOM) as `\u{202e}`,
/// and cut to `max` characters, the last one `…`, when longer.
///
/// ```
/// use dimchess_core::error::Escaped;
/// assert_eq!(Escaped::new("a\nb\u{1b}[2J", 80).to_string(), "a\\nb\\u{1b}[2J");
/// assert_eq!(Escaped::new("abcdef", 4).to_string(), "abc…");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a> {
    text: &'a str,
    max: usize,
}

impl<'a> Escaped<'a> {
    /// `text` escaped and cut after `max` characters.
    pub fn new(text: &'a str, max: usize) -> Self {
        Escaped { text, max }
    }

    /// A culprit: cut after [`MAX_CULPRIT_CHARS`].
    pub fn culprit(text: &'a str) -> Self {
        Escaped::new(text, MAX_CULPRIT_CHARS)
    }

    /// A field name or a reason: cut after [`MAX_REASON_CHARS`].
    pub fn reason(text: &'a str) -> Self {
        Escaped::new(text, MAX_REASON_CHARS)
    }
}

/// Characters that change what a terminal shows without being seen themselves.
fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{61c}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}'
            | '\u{feff}'
    )
}

impl Escaped<'_> {
    /// The escaped text, cut to at most `max` characters (the last one `…` when cut). Reads
    /// no more of the text than it shows.
    fn shown(&self) -> String {
        let mut out = String::new();
        let mut count = 0;
        for c in self.text.chars() {
            let before = out.len();
            match c {
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if c.is_control() || is_invisible_format(c) => {
                    out.push_str(&format!("\\u{{{:x}}}", c as u32))
                }
                c => out.push(c),
            }
            count += out[before..].chars().count();
            if count > self.max {
                let mut cut: String = out.chars().take(self.max.saturating_sub(1)).collect();
                cut.push('…');
                return cut;
            }
        }
        out
    }
}

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown())
    }
}

/// `message` as one line for a terminal or a log: escaped as [`Escaped`] does, every culprit
/// quoted in backticks cut after [`MAX_CULPRIT_CHARS`], and the whole cut after
/// [`MAX_LINE_CHARS`]. Applying it twice changes nothing more.
///
/// ```
/// use dimchess_core::error::one_line;
/// let long = "x".repeat(10_000_000);
/// let line = one_line(&format!("move 1 `{long}\n`: not a move"));
/// assert!(line.ends_with("xxx…`: not a move"));
/// assert!(line.chars().count() < 120);
/// assert_eq!(one_line("a\nb \u{1b}[31m"), "a\\nb \\u{1b}[31m");
/// ```
pub fn one_line(message: &str) -> String {
    let mut out = String::new();
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let max = if i % 2 == 1 {
            MAX_CULPRIT_CHARS
        } else {
            MAX_LINE_CHARS
        };
        out.push_str(&Escaped::new(part, max).shown());
        if out.chars().count() > MAX_LINE_CHARS {
            let mut cut: String = out.chars().take(MAX_LINE_CHARS - 1).collect();
            cut.push('…');
            return cut;
        }
    }
    out
}

fn rule_suffix(rule: &str) -> String {
    if rule.is_empty() {
        String::new()
    } else {
        format!(" ({rule})")
    }
}

impl Error {
    /// A [`Error::PositionSyntax`] for `field`.
    pub fn syntax(field: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::PositionSyntax {
            field: field.into(),
            reason: reason.into(),
        }
    }

    /// An [`Error::InvalidPosition`] citing `rule`.
    pub fn invalid(rule: &'static str, reason: impl Into<String>) -> Self {
        Error::InvalidPosition {
            rule,
            reason: reason.into(),
        }
    }

    /// A [`Error::MoveSyntax`] for the move `text`.
    pub fn move_syntax(text: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::MoveSyntax {
            text: text.into(),
            reason: reason.into(),
        }
    }

    /// An [`Error::IllegalMove`] for the move `text`, citing `rule`.
    pub fn illegal(text: impl Into<String>, rule: &'static str, reason: impl Into<String>) -> Self {
        Error::IllegalMove {
            text: text.into(),
            rule,
            reason: reason.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn culprits_are_escaped_and_cut() {
        let e = Error::move_syntax("e2\ne4", "bad square");
        assert_eq!(e.to_string(), "cannot read move `e2\\ne4`: bad square");
        let e = Error::illegal("\u{1b}[2J\u{1b}[31mx", "", "no");
        assert_eq!(e.to_string(), "illegal move `\\u{1b}[2J\\u{1b}[31mx`: no");
        let huge = "m".repeat(10 << 20);
        for e in [
            Error::move_syntax(huge.as_str(), "too long"),
            Error::UnknownVariant {
                id: huge.clone(),
                known: "fide".to_string(),
            },
            Error::Record {
                at: huge.clone(),
                reason: huge.clone(),
            },
            Error::syntax(format!("tag `{huge}`"), huge.as_str()),
            Error::invalid("", huge.as_str()),
        ] {
            let text = e.to_string();
            assert!(text.chars().count() < 2 * MAX_REASON_CHARS + 40, "{e:?}");
            assert!(text.contains("mmm…"));
            assert!(!text.contains('\n'));
        }
        assert_eq!(
            Error::move_syntax(huge.as_str(), "too long")
                .to_string()
                .chars()
                .count(),
            "cannot read move ``: too long".len() + MAX_CULPRIT_CHARS
        );
    }

    #[test]
    fn one_line_is_short_and_idempotent() {
        let huge = "\n".repeat(10 << 20);
        for msg in [
            format!("a `{huge}` b"),
            huge.clone(),
            format!("{huge}`"),
            "plain `e2e4`: fine".to_string(),
            "tab\there \u{202e}flip \u{7f}".to_string(),
        ] {
            let line = one_line(&msg);
            assert!(line.chars().count() <= MAX_LINE_CHARS);
            assert!(
                !line
                    .chars()
                    .any(|c| c.is_control() || is_invisible_format(c))
            );
            assert_eq!(one_line(&line), line);
        }
        assert_eq!(one_line("plain `e2e4`: fine"), "plain `e2e4`: fine");
    }

    #[test]
    fn messages_name_the_culprit_and_the_rule() {
        let e = Error::illegal("e2e5", "", "no such move");
        assert_eq!(e.to_string(), "illegal move `e2e5`: no such move");
        let e = Error::invalid("HS-15", "side not to move is in check");
        assert_eq!(
            e.to_string(),
            "invalid position (HS-15): side not to move is in check"
        );
        let e = Error::syntax("side", "expected `w` or `b`");
        assert_eq!(
            e.to_string(),
            "bad position text: side: expected `w` or `b`"
        );
    }
}
