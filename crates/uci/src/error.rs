//! [`UciError`]: why a command was not (or not wholly) carried out.

use thiserror::Error;

/// Why a command was not (or not wholly) carried out; each is reported as an `info string`
/// and the command is ignored.
#[derive(Debug, Error)]
pub enum UciError {
    /// The line held no command this engine knows.
    #[error("unknown command `{0}`")]
    UnknownCommand(String),
    /// A command's arguments could not be read.
    #[error("{command}: {reason}")]
    BadArguments {
        /// The command.
        command: &'static str,
        /// What was wrong.
        reason: String,
    },
    /// `setoption` named an option this engine does not have.
    #[error("unknown option `{0}`")]
    UnknownOption(String),
    /// `setoption` gave a value the option does not take.
    #[error("option {name}: bad value `{value}` ({reason})")]
    BadOptionValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it should be.
        reason: String,
    },
    /// `position fen` gave a text the current variant does not read.
    #[error("position not set: {0}")]
    Position(#[source] dimchess_any::Error),
    /// A move of `position ... moves` is not legal; the moves before it were played.
    #[error("move {index} `{text}` not played (nor any after it): {source}")]
    Move {
        /// Its number in the list, from 1.
        index: usize,
        /// Its text.
        text: String,
        /// Why.
        #[source]
        source: dimchess_any::Error,
    },
}
