//! [`UnitError`]: what can go wrong in splitting, running or merging work units, and the
//! constructors that name the file at fault.

use std::path::Path;

use dimchess_any::Error;
use dimchess_core::error::Escaped;

/// What can go wrong in splitting, running or merging work units. Every message names the file,
/// unit or argument at fault (input shown escaped and cut).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UnitError {
    /// A file could not be read or written.
    #[error("`{path}`: {source}")]
    Io {
        /// The file.
        path: String,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// A file is not what it should be: malformed JSON, a missing, unknown or mistyped field,
    /// a value out of range, a checksum that does not match its contents.
    #[error("`{path}`: {message}")]
    Format {
        /// The file (escaped and cut).
        path: String,
        /// What is wrong, after `line L` (and `column C`) where it is known: the line of a
        /// JSON-lines file, or of a whole file that serde_json could not read.
        message: String,
    },
    /// A bad argument (a depth, a number of units).
    #[error("{0}")]
    Argument(String),
    /// A position or variant the library refused.
    #[error(transparent)]
    Position(#[from] Error),
    /// The variant's position text does not keep everything perft depends on here: a position
    /// read back from its text would not have the same subtrees, so it cannot be a unit entry.
    #[error(
        "variant `{variant}`: the position text `{text}` does not keep the whole state perft depends on ({why}); split at another ply"
    )]
    LossyText {
        /// The variant id.
        variant: String,
        /// The position text (escaped and cut).
        text: String,
        /// Which check failed.
        why: String,
    },
    /// Units that `merge` refuses to sum: missing, corrupt, duplicated, incomplete or
    /// disagreeing results (every problem found, each naming its unit or file).
    #[error("{} problem(s), nothing summed: {}", .0.len(), .0.join("; "))]
    Merge(Vec<String>),
}

/// Makes a system error about `path` a [`UnitError::Io`] (for `map_err`).
pub(crate) fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> UnitError + '_ {
    move |source| UnitError::Io {
        path: Escaped::culprit(&path.display().to_string()).to_string(),
        source,
    }
}

/// A [`UnitError::Format`]: `path` (escaped and cut) and what is wrong with it.
pub(crate) fn format_error(path: &Path, message: impl Into<String>) -> UnitError {
    UnitError::Format {
        path: Escaped::culprit(&path.display().to_string()).to_string(),
        message: message.into(),
    }
}
