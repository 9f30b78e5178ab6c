//! The Python package `dimchess`: every dimchess variant from Python, built on the root
//! crate's dynamic API (the registry, `AnyPosition`, `record::Game`, `svg`, `Layout`).
//!
//! - [`position`]: `Position` (immutable, `play` returns a new one) and `Outcome`;
//! - [`game`]: `Game` (push/pop, records);
//! - [`bulk`]: `perft`, `random_playouts`, `moves_many`, which loop in Rust with the GIL
//!   released;
//! - [`errors`]: the exceptions (`ValueError` subclasses carrying the library's message);
//! - [`layout`]: layouts as plain dicts;
//! - [`texts`]: move texts as Python strings, written in one buffer and shared;
//! - [`units`]: distributed perft (split, count a unit, merge), which `dimchess.cluster` runs on
//!   Dask.
//!
//! The extension is `dimchess._dimchess`; the package `dimchess` (`dimchess/__init__.py`)
//! re-exports it and adds the pure-Python `dimchess.cluster`. The type stubs are
//! `dimchess/__init__.pyi`; keep them in step with this crate.
#![forbid(unsafe_code)]

pub mod bulk;
pub mod errors;
pub mod game;
pub mod layout;
pub mod position;
pub mod texts;
pub mod units;

use pyo3::prelude::*;

/// The variant ids, in the order `dimchess variants` lists them.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    dimchess::VARIANTS.iter().map(|v| v.id).collect()
}

/// One line on what the variant `variant` is; InvalidTextError for an unknown id.
#[pyfunction]
fn description(variant: &str) -> PyResult<&'static str> {
    dimchess::registry::find(variant)
        .map(|v| v.description)
        .map_err(errors::to_py)
}

/// Multi-dimensional chess variants at the speed of the Rust core: positions and their legal
/// moves, games with undo and records, perft, random playouts, diagrams.
#[pymodule]
#[pyo3(name = "_dimchess")]
fn dimchess_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(description, m)?)?;
    m.add_class::<position::Position>()?;
    m.add_class::<position::Outcome>()?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(bulk::perft, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::moves_many, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::bestmove, m)?)?;
    m.add_function(wrap_pyfunction!(units::perft_split, m)?)?;
    m.add_function(wrap_pyfunction!(units::perft_run, m)?)?;
    m.add_function(wrap_pyfunction!(units::perft_count_unit, m)?)?;
    m.add_function(wrap_pyfunction!(units::perft_merge, m)?)?;
    m.add_function(wrap_pyfunction!(units::perft_result_name, m)?)?;
    m.add("DimchessError", py.get_type::<errors::DimchessError>())?;
    m.add(
        "InvalidTextError",
        py.get_type::<errors::InvalidTextError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    Ok(())
}
