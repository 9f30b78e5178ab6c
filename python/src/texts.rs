//! Move texts as Python strings, made fast.
//!
//! The texts of all the moves listed in one call are written into one buffer
//! (`Position::write_move_text`: no `String` per move, and no GIL needed), and the Python
//! `str` of a text seen before is shared through a process-wide cache (as CPython shares
//! short strings itself). Listing moves is the hot path of scripts that walk many positions;
//! without this, the memory allocator's work per move outweighs generating the moves several
//! times over.

use std::sync::{Mutex, MutexGuard, TryLockError};

use dimchess::{AnyMove, AnyPosition, Position as _};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use rustc_hash::FxHashMap;

/// The most texts the cache keeps (variants with long turn texts, such as dimension-x, make
/// more distinct texts than any script reuses; past this, texts are made afresh each time).
const CACHE_LIMIT: usize = 1 << 16;

type Cache = Option<FxHashMap<Box<str>, Py<PyString>>>;

/// Text -> its Python string.
static CACHE: Mutex<Cache> = Mutex::new(None);

/// The legal move texts of a sequence of positions, in one buffer. Plain data: it is filled
/// with the GIL released and turned into Python lists with it held.
#[derive(Default)]
pub struct MoveTexts {
    /// Every text, one after the other.
    all: String,
    /// Where each text ends in `all`.
    ends: Vec<usize>,
    /// How many texts each position has.
    counts: Vec<usize>,
    /// The move list, reused.
    moves: Vec<AnyMove>,
}

impl MoveTexts {
    /// Adds the legal move texts of `pos`, in generation order.
    pub fn push(&mut self, pos: &AnyPosition) {
        pos.legal_moves(&mut self.moves);
        // Most move texts are a few bytes (`e2e4`); the buffer grows if they are longer.
        self.all.reserve(self.moves.len() * 6);
        self.ends.reserve(self.moves.len());
        for &m in &self.moves {
            pos.write_move_text(m, &mut self.all);
            self.ends.push(self.all.len());
        }
        self.counts.push(self.moves.len());
    }

    /// One Python list of texts per position pushed.
    pub fn into_lists(self, py: Python<'_>) -> PyResult<Vec<Bound<'_, PyList>>> {
        // The strings first, with the cache held (making a str runs no Python code) ...
        let mut strings = Vec::with_capacity(self.ends.len());
        {
            let mut cache = match CACHE.try_lock() {
                Ok(guard) => Some(guard),
                Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
                // Another thread has it: make this call's strings afresh rather than wait
                // (waiting with the GIL held could deadlock).
                Err(TryLockError::WouldBlock) => None,
            };
            let mut start = 0;
            for &end in &self.ends {
                strings.push(string(py, cache.as_mut(), &self.all[start..end]));
                start = end;
            }
        }
        // ... then the lists, without it (making a list may run the garbage collector, and
        // with it any Python code).
        let mut strings = strings.into_iter();
        self.counts
            .iter()
            .map(|&n| PyList::new(py, strings.by_ref().take(n)))
            .collect()
    }
}

/// The Python string of `text`, from the cache if it is there.
fn string<'py>(
    py: Python<'py>,
    cache: Option<&mut MutexGuard<'static, Cache>>,
    text: &str,
) -> Bound<'py, PyString> {
    let Some(guard) = cache else {
        return PyString::new(py, text);
    };
    let cache = guard.get_or_insert_with(FxHashMap::default);
    if let Some(s) = cache.get(text) {
        return s.bind(py).clone();
    }
    let s = PyString::new(py, text);
    if cache.len() < CACHE_LIMIT {
        cache.insert(text.into(), s.clone().unbind());
    }
    s
}

/// The legal move texts of `pos` as a Python list, in generation order.
pub fn legal_moves<'py>(py: Python<'py>, pos: &AnyPosition) -> PyResult<Bound<'py, PyList>> {
    let mut texts = MoveTexts::default();
    texts.push(pos);
    let mut lists = texts.into_lists(py)?;
    Ok(lists.pop().unwrap_or_else(|| PyList::empty(py)))
}
