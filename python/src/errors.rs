//! The Python exceptions, and how a [`dimchess::Error`] becomes one.
//!
//! ```text
//! ValueError
//!  └─ DimchessError            any error of the library
//!      ├─ InvalidTextError     a position, move, record or variant text that cannot be read
//!      └─ IllegalMoveError     a well-formed move that is not legal here (or the game is over)
//! ```
//!
//! Every exception carries the library's own message (`str(e)`), which names the culprit.

use dimchess::Error;
use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    dimchess,
    DimchessError,
    PyValueError,
    "An error of the dimchess library (a ValueError); str(e) is the library's message."
);
create_exception!(
    dimchess,
    InvalidTextError,
    DimchessError,
    "A text that cannot be read: a position text (bad syntax, or a position the rules \
     forbid), a move text that does not follow the grammar, a game record, or an unknown \
     variant id."
);
create_exception!(
    dimchess,
    IllegalMoveError,
    DimchessError,
    "A well-formed move that is not legal in the position, or any move once the game is over."
);

/// The Python exception for a library error, with the library's message.
pub fn to_py(e: Error) -> PyErr {
    let message = e.to_string();
    new_err(&e, message)
}

/// [`to_py`] with `context` before the library's message (`position 17: ...`).
pub fn to_py_in(e: Error, context: &str) -> PyErr {
    let message = format!("{context}: {e}");
    new_err(&e, message)
}

/// The exception class for `e`, with `message`.
fn new_err(e: &Error, message: String) -> PyErr {
    match e {
        Error::IllegalMove { .. } => IllegalMoveError::new_err(message),
        Error::PositionSyntax { .. }
        | Error::InvalidPosition { .. }
        | Error::MoveSyntax { .. }
        | Error::UnknownVariant { .. }
        | Error::Record { .. } => InvalidTextError::new_err(message),
        _ => DimchessError::new_err(message),
    }
}

/// A plain `ValueError` for a number outside its range (`what`: the argument and why).
pub fn out_of_range(what: impl Into<String>) -> PyErr {
    PyValueError::new_err(what.into())
}
