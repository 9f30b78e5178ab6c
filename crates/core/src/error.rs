//! The one error type of every dimchess crate.
//!
//! Parsing and validation never panic: they return an [`Error`](enum@Error) that names the field, the
//! ruling or the move at fault, so that a caller (or the command-line tool) can print it on one
//! line.

use thiserror::Error;

/// What went wrong while reading a position or a move, or while playing a move.
///
/// `rule` fields carry a rulebook ruling id (`"HS-20"`, `"DX-31"`) where one decides the case,
/// or an empty string where the failure is plain syntax.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// The position text does not follow the grammar.
    #[error("bad position text: {field}: {reason}")]
    PositionSyntax {
        /// The field (or part of a field) that is malformed, e.g. `"placement, rank 3"`.
        field: String,
        /// Why it is malformed.
        reason: String,
    },
    /// The position text is well formed but the position breaks a rule of the variant.
    #[error("invalid position{}: {reason}", rule_suffix(rule))]
    InvalidPosition {
        /// The ruling the position breaks (may be empty).
        rule: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The move text does not follow the grammar.
    #[error("cannot read move `{text}`: {reason}")]
    MoveSyntax {
        /// The text as given.
        text: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// The move is well formed but not legal in the position.
    #[error("illegal move `{text}`{}: {reason}", rule_suffix(rule))]
    IllegalMove {
        /// The text as given.
        text: String,
        /// The ruling that forbids it (may be empty).
        rule: &'static str,
        /// Why it is illegal.
        reason: String,
    },
    /// No variant has this id.
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    /// The game has ended: there is no move to choose (the result, as the tool prints it).
    #[error("game over: {0}")]
    GameOver(String),
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
