//! The calls that run a whole loop in Rust with the GIL released: perft, random playouts,
//! the legal moves of many positions, and the engine's `bestmove`.

use dimchess::core::perft::PerftOptions;
use dimchess::core::zobrist::SplitMix64;
use dimchess::{AnyPosition, Position as _, registry};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::errors::{out_of_range, to_py, to_py_in};
use crate::position::Position;
use crate::texts::MoveTexts;

/// The deepest perft accepted (as the command-line tool).
const MAX_DEPTH: i64 = 64;
/// The most threads accepted (as the command-line tool).
const MAX_THREADS: i64 = 1024;
/// The largest hash table accepted, in MiB (as the command-line tool).
const MAX_HASH_MB: i64 = 16384;

/// `value` if it is in `range`, else a ValueError naming `name` and the range.
fn in_range(name: &str, value: i64, range: std::ops::RangeInclusive<i64>) -> PyResult<i64> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(out_of_range(format!(
            "{name} {value}: expected a number from {} to {}",
            range.start(),
            range.end()
        )))
    }
}

/// Perft of `pos` as `dimchess.perft` runs it: the count, or with `divide` a dict
/// {move text: count} in generation order. The GIL is released while it counts.
pub fn perft_of(
    py: Python<'_>,
    pos: &AnyPosition,
    depth: i64,
    threads: Option<i64>,
    divide: bool,
    hash_mb: i64,
) -> PyResult<Py<PyAny>> {
    let depth = in_range("depth", depth, 0..=MAX_DEPTH)? as u32;
    let threads = match threads {
        Some(t) => in_range("threads", t, 1..=MAX_THREADS)? as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let hash_mb = in_range("hash_mb", hash_mb, 0..=MAX_HASH_MB)? as usize;
    let options = PerftOptions {
        threads,
        hash_mb,
        progress: None,
    };
    if divide {
        let counts = py.detach(|| pos.perft_divide_with(depth, &options));
        let d = PyDict::new(py);
        for (text, n) in counts {
            d.set_item(text, n)?;
        }
        Ok(d.into_any().unbind())
    } else {
        let n = py.detach(|| pos.perft_with(depth, &options));
        Ok(n.into_pyobject(py)?.into_any().unbind())
    }
}

/// The number of leaves of the legal move tree `depth` plies below the start position of
/// `variant` (or the position `text`), as `dimchess perft` counts them.
///
/// threads: None uses every core (as the command-line tool); hash_mb > 0 shares a
/// Zobrist-keyed table of subtree counts of that many MiB. With divide=True the result is a
/// dict {move text: count} in generation order. The GIL is released while it counts (it
/// cannot be interrupted with Ctrl-C).
#[pyfunction]
#[pyo3(signature = (variant, depth, text=None, threads=None, divide=false, hash_mb=0))]
pub fn perft(
    py: Python<'_>,
    variant: &str,
    depth: i64,
    text: Option<&str>,
    threads: Option<i64>,
    divide: bool,
    hash_mb: i64,
) -> PyResult<Py<PyAny>> {
    let pos = Position::read(variant, text).map_err(to_py)?;
    perft_of(py, &pos, depth, threads, divide, hash_mb)
}

/// Plays `n` games of uniformly random legal moves from the start position of `variant`
/// (or the position `text`), each until the game is over or `max_plies` moves were played,
/// and returns one (result, plies) pair per game: the result text, or None for a game cut
/// at max_plies, and the number of moves played. The same seed gives the same games. The
/// GIL is released while it plays.
#[pyfunction]
#[pyo3(signature = (variant, n, max_plies, seed=0, text=None))]
pub fn random_playouts(
    py: Python<'_>,
    variant: &str,
    n: i64,
    max_plies: i64,
    seed: u64,
    text: Option<&str>,
) -> PyResult<Vec<(Option<String>, usize)>> {
    let n = in_range("n", n, 0..=i64::from(u32::MAX))? as usize;
    let max_plies = in_range("max_plies", max_plies, 0..=i64::from(u32::MAX))? as usize;
    let start = Position::read(variant, text).map_err(to_py)?;
    Ok(py.detach(|| {
        let mut rng = SplitMix64::new(seed);
        let mut moves = Vec::new();
        (0..n)
            .map(|_| {
                let mut pos = start.clone();
                let mut plies = 0;
                while plies < max_plies {
                    // A finished game has no legal moves (`Position::legal_moves`).
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.below(moves.len())]);
                    plies += 1;
                }
                (pos.result_text(), plies)
            })
            .collect()
    }))
}

/// The legal move texts of each of `texts` (position texts of `variant`), as a list of
/// lists in the same order: one call instead of a Python loop. A text that cannot be read
/// raises InvalidTextError naming its index. The GIL is released while the moves are
/// listed.
#[pyfunction]
pub fn moves_many<'py>(
    py: Python<'py>,
    variant: &str,
    texts: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyList>>> {
    let info = registry::find(variant).map_err(to_py)?;
    if texts.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "moves_many(variant, texts): texts is a list (or any iterable) of position texts, not one str",
        ));
    }
    let texts: Vec<String> = texts
        .try_iter()?
        .map(|t| t.and_then(|t| t.extract::<String>()))
        .collect::<PyResult<_>>()?;
    let listed = py.detach(|| {
        let mut listed = MoveTexts::default();
        for (i, t) in texts.iter().enumerate() {
            let pos = info.parse_position(t.trim()).map_err(|e| (i, e))?;
            listed.push(&pos);
        }
        Ok(listed)
    });
    listed
        .map_err(|(i, e)| to_py_in(e, &format!("position {i}")))?
        .into_lists(py)
}

/// The engine's choice (`dimchess-engine`, the search of `dimchess bestmove`) in the start
/// position of `variant` (or the position `text`): searched to `depth` plies, for
/// `movetime_ms` milliseconds or `nodes` nodes (1000 ms when none is given). Returns a dict
/// {"move": text, "score": "cp N" | "win N" | "loss N" (for the side to move), "pv": [texts],
/// "depth": completed depth, "nodes": nodes searched}. The GIL is released while it searches;
/// a finished game raises DimchessError ("game over: ...").
#[pyfunction]
#[pyo3(signature = (variant, text=None, depth=None, movetime_ms=None, nodes=None, hash_mb=16))]
pub fn bestmove(
    py: Python<'_>,
    variant: &str,
    text: Option<&str>,
    depth: Option<i64>,
    movetime_ms: Option<i64>,
    nodes: Option<i64>,
    hash_mb: i64,
) -> PyResult<Py<PyDict>> {
    use dimchess::engine::{AnyEngine, Limits, Options};
    let pos = Position::read(variant, text).map_err(to_py)?;
    let mut limits = Limits {
        depth: depth
            .map(|d| in_range("depth", d, 1..=MAX_DEPTH))
            .transpose()?
            .map(|d| d as u32),
        nodes: nodes
            .map(|n| in_range("nodes", n, 1..=i64::MAX))
            .transpose()?
            .map(|n| n as u64),
        movetime: movetime_ms
            .map(|t| in_range("movetime_ms", t, 1..=86_400_000))
            .transpose()?
            .map(|t| std::time::Duration::from_millis(t as u64)),
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.movetime = Some(std::time::Duration::from_millis(1000));
    }
    let options = Options {
        hash_mb: in_range("hash_mb", hash_mb, 1..=MAX_HASH_MB)? as usize,
        ..Options::default()
    };
    let stop = std::sync::atomic::AtomicBool::new(false);
    let result = py
        .detach(|| AnyEngine::new(&options).search(&pos, &[], &limits, &stop, |_| {}))
        .map_err(to_py)?;
    let d = PyDict::new(py);
    d.set_item("move", &result.best_text)?;
    d.set_item("score", result.score.to_string())?;
    d.set_item("pv", &result.pv)?;
    d.set_item("depth", result.depth)?;
    d.set_item("nodes", result.nodes)?;
    Ok(d.unbind())
}
