//! `dimchess.Game`: a start position and the moves played from it, with undo and records.

use dimchess::record::Game as RecordGame;
use dimchess::{Position as _, svg};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors::to_py;
use crate::layout;
use crate::position::{Outcome, Position, py_repr};
use crate::texts;

/// A game: a start position and the moves played from it, with undo (`pop`) and PGN-like
/// records.
///
/// Game(start, text=None): `start` is a variant id (the game starts from the variant's start
/// position, or from the position `text`) or a Position.
///
/// `push(move)` plays a move text and returns its canonical text; an illegal move, or any
/// move once the game is over, raises IllegalMoveError and changes nothing. `pop()` takes
/// the last move back.
#[pyclass(module = "dimchess")]
#[derive(Clone)]
pub struct Game {
    inner: RecordGame,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (start, text=None))]
    fn py_new(start: &Bound<'_, PyAny>, text: Option<&str>) -> PyResult<Game> {
        let pos = if let Ok(p) = start.cast::<Position>() {
            if text.is_some() {
                return Err(PyTypeError::new_err(
                    "Game(position, text): give either a Position or a variant id and a text",
                ));
            }
            p.get().inner.clone()
        } else if let Ok(id) = start.extract::<String>() {
            Position::read(&id, text).map_err(to_py)?
        } else {
            return Err(PyTypeError::new_err(format!(
                "Game(start): expected a variant id (str) or a Position, not {}",
                start.get_type().name()?
            )));
        };
        Ok(Game {
            inner: RecordGame::new(pos),
        })
    }

    /// Reads a game record (PGN-like: tags, then move texts, then the result) and replays
    /// it, checking every move. A record that cannot be read raises InvalidTextError, an
    /// illegal move in it IllegalMoveError (the message names the move's number).
    #[staticmethod]
    fn from_record(record: &str) -> PyResult<Game> {
        RecordGame::from_record(record)
            .map(|inner| Game { inner })
            .map_err(to_py)
    }

    /// The record text (Game.from_record reads it back).
    fn to_record(&self) -> String {
        self.inner.to_record()
    }

    /// Plays `move` (a move text) and returns its canonical text.
    ///
    /// Raises InvalidTextError for a move text that cannot be read and IllegalMoveError for
    /// a move that is not legal here or once the game is over; the game is then unchanged.
    #[pyo3(signature = (r#move, /))]
    fn push(&mut self, r#move: &str) -> PyResult<String> {
        self.inner.play_text(r#move.trim()).map_err(to_py)?;
        Ok(self.peek().unwrap_or_default())
    }

    /// Takes back the last move and returns its text; IndexError if no move was played.
    fn pop(&mut self) -> PyResult<String> {
        self.inner
            .undo()
            .ok_or_else(|| PyIndexError::new_err("pop from a game with no moves"))
    }

    /// The text of the last move played, or None at the start.
    fn peek(&self) -> Option<String> {
        self.inner.move_texts().last().map(str::to_string)
    }

    /// The variant id.
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.start().id()
    }

    /// The position now.
    #[getter]
    fn position(&self) -> Position {
        Position::new(self.inner.position().clone())
    }

    /// The start position.
    #[getter]
    fn start(&self) -> Position {
        Position::new(self.inner.start().clone())
    }

    /// The canonical texts of the moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.move_texts().map(str::to_string).collect()
    }

    /// The player to move now.
    #[getter]
    fn turn(&self) -> usize {
        self.inner.position().turn()
    }

    /// The result text once the game is over, else None.
    #[getter]
    fn result_text(&self) -> Option<String> {
        self.inner.result_text()
    }

    /// The extra tags of the record (not Variant, FEN, Result), in order.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (n, v) in self.inner.tags() {
            d.set_item(n, v)?;
        }
        Ok(d)
    }

    /// Sets an extra tag of the record ("Event", "White" ...). Variant, FEN and Result come
    /// from the game and cannot be set; a tag name is letters, digits and "_"
    /// (InvalidTextError otherwise).
    fn set_tag(&mut self, name: &str, value: &str) -> PyResult<()> {
        self.inner.set_tag(name, value).map_err(to_py)
    }

    /// The legal move texts now.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        texts::legal_moves(py, self.inner.position())
    }

    /// The Outcome once the game is over, else None.
    fn outcome(&self) -> Option<Outcome> {
        Outcome::of(self.inner.position())
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.inner.position().outcome().is_some()
    }

    /// An SVG diagram of the position now, the cells the last move changed highlighted.
    fn svg(&self) -> String {
        svg::render(&self.inner.layout(), self.inner.start().id())
    }

    /// The layout of the position now (see Position.layout), with "last_move" filled in.
    fn layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        layout::to_dict(py, &self.inner.layout())
    }

    /// An independent copy of the game.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let record = slf.borrow().inner.to_record();
        let from_record = py.get_type::<Game>().getattr("from_record")?;
        Ok((from_record, PyTuple::new(py, [record])?))
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let result = match self.inner.result_text() {
            Some(r) => py_repr(py, &r)?,
            None => "None".to_string(),
        };
        Ok(format!(
            "<Game {} moves={} result={result} position={}>",
            py_repr(py, self.inner.start().id())?,
            self.inner.len(),
            py_repr(py, &self.inner.position().text())?
        ))
    }

    fn __str__(&self) -> String {
        self.inner.to_record()
    }
}
