//! A [`Layout`] as plain Python data (dicts, lists, strings, ints), so that a GUI or a server
//! written in Python can draw any variant without knowing it.

use dimchess::Layout;
use dimchess::core::layout::{CellRef, PieceLayout};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// `{"symbol": "K", "owner": 0, "name": "king"}`.
fn piece<'py>(py: Python<'py>, p: &PieceLayout) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("symbol", &p.symbol)?;
    d.set_item("owner", p.owner)?;
    d.set_item("name", &p.name)?;
    Ok(d)
}

/// `{"board": 0, "cell": 12}`.
fn cell_ref<'py>(py: Python<'py>, c: CellRef) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("board", c.board)?;
    d.set_item("cell", c.cell)?;
    Ok(d)
}

/// The layout as a dict:
///
/// ```text
/// {"boards": [{"name", "files", "ranks", "file_labels", "rank_labels",
///              "cells": [None | {"name", "dark", "piece": None | {"symbol", "owner", "name"}}]}],
///  "players": [{"name", "colour"}], "turn": int,
///  "in_flight": [{"piece", "landing": {"board", "cell"}, "turns"}],
///  "last_move": [{"board", "cell"}], "notes": [(label, value)]}
/// ```
pub fn to_dict<'py>(py: Python<'py>, layout: &Layout) -> PyResult<Bound<'py, PyDict>> {
    let boards = PyList::empty(py);
    for b in &layout.boards {
        let cells = PyList::empty(py);
        for c in &b.cells {
            match c {
                None => cells.append(py.None())?,
                Some(c) => {
                    let d = PyDict::new(py);
                    d.set_item("name", &c.name)?;
                    d.set_item("dark", c.dark)?;
                    match &c.piece {
                        Some(p) => d.set_item("piece", piece(py, p)?)?,
                        None => d.set_item("piece", py.None())?,
                    }
                    cells.append(d)?;
                }
            }
        }
        let d = PyDict::new(py);
        d.set_item("name", &b.name)?;
        d.set_item("files", b.files)?;
        d.set_item("ranks", b.ranks)?;
        d.set_item("file_labels", &b.file_labels)?;
        d.set_item("rank_labels", &b.rank_labels)?;
        d.set_item("cells", cells)?;
        boards.append(d)?;
    }
    let players = PyList::empty(py);
    for p in &layout.players {
        let d = PyDict::new(py);
        d.set_item("name", &p.name)?;
        d.set_item("colour", &p.colour)?;
        players.append(d)?;
    }
    let in_flight = PyList::empty(py);
    for f in &layout.in_flight {
        let d = PyDict::new(py);
        d.set_item("piece", piece(py, &f.piece)?)?;
        d.set_item("landing", cell_ref(py, f.landing)?)?;
        d.set_item("turns", f.turns)?;
        in_flight.append(d)?;
    }
    let last_move = PyList::empty(py);
    for &c in &layout.last_move {
        last_move.append(cell_ref(py, c)?)?;
    }
    let out = PyDict::new(py);
    out.set_item("boards", boards)?;
    out.set_item("players", players)?;
    out.set_item("turn", layout.turn)?;
    out.set_item("in_flight", in_flight)?;
    out.set_item("last_move", last_move)?;
    out.set_item("notes", &layout.notes)?;
    Ok(out)
}
