//! Distributed perft from Python (`dimchess-units`): split a count into work units, count
//! one unit (from its file, resumable, or in memory for a Dask task), merge the checked results.
//! Every call that counts releases the GIL. `dimchess.cluster` drives them on Dask.

use std::path::PathBuf;

use dimchess_units::{self as distributed, Manifest, RunOptions, UnitError};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

use crate::errors::{DimchessError, out_of_range, to_py};

/// A Python exception for a unit error: OSError for a file that cannot be read or written,
/// the library's exception for a position, DimchessError for the rest (its message names the
/// unit or file at fault).
fn unit_error(e: UnitError) -> PyErr {
    match e {
        UnitError::Position(e) => to_py(e),
        UnitError::Io { .. } => PyOSError::new_err(e.to_string()),
        e => DimchessError::new_err(e.to_string()),
    }
}

fn threads_of(threads: i64) -> PyResult<usize> {
    if (1..=1024).contains(&threads) {
        Ok(threads as usize)
    } else {
        Err(out_of_range(format!(
            "threads {threads}: expected a number from 1 to 1024"
        )))
    }
}

fn hash_of(hash_mb: i64) -> PyResult<usize> {
    if (0..=16384).contains(&hash_mb) {
        Ok(hash_mb as usize)
    } else {
        Err(out_of_range(format!(
            "hash_mb {hash_mb}: expected a number from 0 to 16384"
        )))
    }
}

/// Splits perft(`depth`) of the start of `variant` (or of the position `text`) into work units
/// in the directory `out` (created; it must not hold a split already): the positions `at` plies
/// down, positions with the same text merged with their multiplicity, spread over `units` unit
/// files (fewer if there are fewer positions), and manifest.json. Returns the manifest as a
/// dict (variant, root, depth, at, entries, positions, units: [{file, entries, sha256}]), as
/// `dimchess perft-split` writes it.
#[pyfunction]
#[pyo3(signature = (variant, depth, at, units, out, text=None))]
pub fn perft_split(
    py: Python<'_>,
    variant: &str,
    depth: i64,
    at: i64,
    units: i64,
    out: PathBuf,
    text: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let depth = u32::try_from(depth)
        .ok()
        .filter(|&d| d <= distributed::MAX_DEPTH)
        .ok_or_else(|| out_of_range(format!("depth {depth}: expected a number from 0 to 64")))?;
    let at = u32::try_from(at)
        .ok()
        .filter(|&a| a <= depth)
        .ok_or_else(|| out_of_range(format!("at {at}: expected a number from 0 to {depth}")))?;
    let units = usize::try_from(units)
        .ok()
        .filter(|&u| (1..=1_000_000).contains(&u))
        .ok_or_else(|| {
            out_of_range(format!(
                "units {units}: expected a number from 1 to 1000000"
            ))
        })?;
    let info = dimchess::registry::find(variant).map_err(to_py)?;
    let root = match text {
        Some(t) => info.parse_position(t.trim()).map_err(to_py)?,
        None => info.start_position(),
    };
    let manifest = py
        .detach(|| distributed::split_to_dir(&root, depth, at, units, &out))
        .map_err(unit_error)?;
    json_to_py(py, &manifest.to_json())
}

/// Python's json.loads of `text`.
fn json_to_py(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// Counts the unit file `unit` (manifest.json beside it) and writes its result file beside it,
/// as `dimchess perft-run` does: resumable (finished entries are appended to a partial file
/// first), the result written atomically. Returns the unit's total (sum of multiplicity x
/// count). The GIL is released while it counts.
#[pyfunction]
#[pyo3(signature = (unit, threads=1, hash_mb=0))]
pub fn perft_run(py: Python<'_>, unit: PathBuf, threads: i64, hash_mb: i64) -> PyResult<u64> {
    let options = RunOptions {
        threads: threads_of(threads)?,
        hash_mb: hash_of(hash_mb)?,
        progress: None,
    };
    py.detach(|| distributed::run_unit(&unit, &options))
        .map(|r| r.total)
        .map_err(unit_error)
}

/// Counts a unit held in memory: `manifest` is the text of manifest.json, `unit` the unit's file
/// name in it and `data` the unit file's bytes (their SHA-256 must be the manifest's). Returns
/// the text of the unit's result file (the caller writes it as the unit's result, see
/// `dimchess.cluster`). The GIL is released while it counts: this is what a Dask task runs.
#[pyfunction]
#[pyo3(signature = (manifest, unit, data, threads=1, hash_mb=0))]
pub fn perft_count_unit(
    py: Python<'_>,
    manifest: &str,
    unit: &str,
    data: &[u8],
    threads: i64,
    hash_mb: i64,
) -> PyResult<String> {
    let options = RunOptions {
        threads: threads_of(threads)?,
        hash_mb: hash_of(hash_mb)?,
        progress: None,
    };
    let manifest =
        Manifest::parse(manifest, std::path::Path::new("manifest.json")).map_err(unit_error)?;
    let data = data.to_vec();
    py.detach(|| distributed::count_unit(&manifest, unit, &data, &options))
        .map(|r| r.to_json())
        .map_err(unit_error)
}

/// The name of the result file of unit `unit` (`unit-0003.jsonl` -> `unit-0003.result.json`).
#[pyfunction]
pub fn perft_result_name(unit: &str) -> String {
    distributed::result_file_name(unit, 0)
}

/// Checks every result of the split in `directory` and returns the total, as `dimchess
/// perft-merge` does: every unit of the manifest needs one complete result made from the same
/// unit file (SHA-256), with its own checksum and total right; a missing, corrupt or duplicated
/// file raises DimchessError naming it (nothing is summed). verify=True also requires every unit
/// to be counted without a hash table or by two key sets that agree.
#[pyfunction]
#[pyo3(signature = (directory, verify=false))]
pub fn perft_merge(py: Python<'_>, directory: PathBuf, verify: bool) -> PyResult<u64> {
    py.detach(|| distributed::merge(&directory, verify))
        .map(|m| m.total)
        .map_err(unit_error)
}
