//! `dimchess.Position` (an immutable position of any variant) and `dimchess.Outcome`.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use dimchess::{AnyPosition, Describe, Error, Position as _, registry, svg};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple, PyType};

use crate::bulk;
use crate::errors::to_py;
use crate::layout;
use crate::texts;

/// How a finished game ended.
///
/// `winner` is the winning player's index in turn order (0 moves first: White in two-player
/// variants), or None for a draw; `reason` is a few words ("checkmate", "stalemate",
/// "king captured"); `result_text` is the result text ("1-0 (checkmate)", "1/2-1/2 (stalemate)",
/// "player 2 wins (...)"), also given by str().
#[pyclass(module = "dimchess", frozen, eq, hash, get_all)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner's index in turn order, or None for a draw.
    winner: Option<usize>,
    /// Why the game ended, in a few words.
    reason: String,
    /// The result text (Rust: `Position::result_text`).
    result_text: String,
}

/// Python's `repr` of a string.
pub fn py_repr(py: Python<'_>, s: &str) -> PyResult<String> {
    Ok(PyString::new(py, s).repr()?.to_string())
}

impl Outcome {
    /// The outcome of `pos`, if the game is over.
    pub fn of(pos: &AnyPosition) -> Option<Outcome> {
        let o = pos.outcome()?;
        let reason = match o {
            dimchess::Outcome::Win { reason, .. } | dimchess::Outcome::Draw { reason } => reason,
        };
        Some(Outcome {
            winner: o.winner(),
            reason: reason.to_string(),
            result_text: pos.result_text().unwrap_or_else(|| o.to_string()),
        })
    }
}

#[pymethods]
impl Outcome {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let winner = self.winner.map_or("None".to_string(), |w| w.to_string());
        Ok(format!(
            "<Outcome winner={winner} reason={} result_text={}>",
            py_repr(py, &self.reason)?,
            py_repr(py, &self.result_text)?
        ))
    }

    fn __str__(&self) -> String {
        self.result_text.clone()
    }
}

/// A position of any registered variant. Immutable: `play` returns a new position.
///
/// Position(variant, text=None): the variant's start position, or the position `text`
/// (the variant's FEN-style position text). An unknown variant or a text that cannot be
/// read raises InvalidTextError.
///
/// Two positions are equal when they are of the same variant and have the same text;
/// positions are hashable, copyable and picklable.
#[pyclass(module = "dimchess", frozen)]
#[derive(Clone)]
pub struct Position {
    pub(crate) inner: AnyPosition,
}

impl Position {
    /// Wraps a position.
    pub fn new(inner: AnyPosition) -> Position {
        Position { inner }
    }

    /// The start position of `variant`, or the position `text` of it.
    pub fn read(variant: &str, text: Option<&str>) -> Result<AnyPosition, Error> {
        match text {
            None => registry::start(variant),
            Some(t) => registry::parse(variant, t.trim()),
        }
    }

    /// `pos` after the move `text`; once the game is over, any move is illegal (as
    /// `Game::play_text` says, checked only when the move is refused, so that a legal move
    /// costs no outcome test).
    pub fn after(pos: &AnyPosition, text: &str) -> Result<AnyPosition, Error> {
        let mut next = pos.clone();
        match next.play_text(text.trim()) {
            Ok(_) => Ok(next),
            Err(e) => Err(match pos.result_text() {
                Some(result) => Error::illegal(text, "", format!("the game is over ({result})")),
                None => e,
            }),
        }
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (variant, text=None))]
    fn py_new(variant: &str, text: Option<&str>) -> PyResult<Position> {
        Position::read(variant, text)
            .map(Position::new)
            .map_err(to_py)
    }

    /// The variant id ("fide", "hyperspace" ...).
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.id()
    }

    /// The position text (the variant's FEN-style line); Position(variant, text) reads it back.
    #[getter]
    fn text(&self) -> String {
        self.inner.text()
    }

    /// The player to move, numbered from 0 in turn order (0: White in two-player variants).
    #[getter]
    fn turn(&self) -> usize {
        self.inner.turn()
    }

    /// The result text once the game is over ("1-0 (checkmate)"), else None (Rust:
    /// `Position::result_text`).
    #[getter]
    fn result_text(&self) -> Option<String> {
        self.inner.result_text()
    }

    /// The Zobrist hash of the position (64 bits; fixed keys, so stable across runs).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// The legal moves as their canonical texts, in generation order (empty once the game
    /// is over, except in fide's dead positions, which `outcome()` draws by insufficient
    /// material).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        texts::legal_moves(py, &self.inner)
    }

    /// The position after `move` (a move text; the position itself does not change).
    ///
    /// Raises InvalidTextError for a move text that cannot be read and IllegalMoveError for
    /// a move that is not legal here (any move once the game is over).
    #[pyo3(signature = (r#move, /))]
    fn play(&self, r#move: &str) -> PyResult<Position> {
        Position::after(&self.inner, r#move)
            .map(Position::new)
            .map_err(to_py)
    }

    /// Whether `move` is a legal move text here.
    #[pyo3(signature = (r#move, /))]
    fn is_legal(&self, r#move: &str) -> bool {
        self.inner.parse_move(r#move.trim()).is_ok()
    }

    /// The Outcome once the game is over, else None.
    fn outcome(&self) -> Option<Outcome> {
        Outcome::of(&self.inner)
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// A self-contained SVG diagram of every board.
    fn svg(&self) -> String {
        svg::render(&self.inner.layout(), self.inner.id())
    }

    /// A render-ready description of the position as plain dicts and lists: "boards"
    /// (name, files, ranks, file_labels, rank_labels, cells: None for a hole or {name, dark,
    /// piece: None or {symbol, owner, name}}), "players" ({name, colour}), "turn",
    /// "in_flight" ({piece, landing: {board, cell}, turns}), "last_move" ([] here) and
    /// "notes" ([(label, value)]).
    fn layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        layout::to_dict(py, &self.inner.layout())
    }

    /// A readable multi-line text diagram of every board.
    fn diagram(&self) -> String {
        self.inner.diagram()
    }

    /// The number of leaves `depth` plies below this position, or with divide=True a dict
    /// {move text: count} in generation order. See dimchess.perft.
    #[pyo3(signature = (depth, threads=None, divide=false, hash_mb=0))]
    fn perft(
        &self,
        py: Python<'_>,
        depth: i64,
        threads: Option<i64>,
        divide: bool,
        hash_mb: i64,
    ) -> PyResult<Py<PyAny>> {
        bulk::perft_of(py, &self.inner, depth, threads, divide, hash_mb)
    }

    /// This position (positions are immutable, so a copy is the same value).
    fn copy(&self) -> Position {
        self.clone()
    }

    fn __copy__(&self) -> Position {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.clone()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let args = PyTuple::new(py, [me.inner.id().to_string(), me.inner.text()])?;
        Ok((py.get_type::<Position>(), args))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<Position>() else {
            return Ok(py.NotImplemented());
        };
        let same = self.inner == other.get().inner;
        match op {
            CompareOp::Eq => Ok(same.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!same).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.inner.id().hash(&mut h);
        self.inner.text().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Position({}, {})",
            py_repr(py, self.inner.id())?,
            py_repr(py, &self.inner.text())?
        ))
    }

    fn __str__(&self) -> String {
        self.inner.text()
    }
}
