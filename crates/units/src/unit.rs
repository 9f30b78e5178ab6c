//! Unit files: one [`Entry`] a line (JSON lines), read and checked by [`parse_unit`].

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{UnitError, format_error};
use crate::json::{Source, to_json};

/// One entry of a unit: a position `at` plies below the root, how many paths from the root
/// reach it, and the perft depth still to count below it. It is one line of a unit file
/// (serde: the line's object as it is; [`parse_unit`] reads a file and checks every entry).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct Entry {
    /// The plies still to count below the position.
    pub depth: u32,
    /// The number of move sequences from the root that reach this position.
    pub multiplicity: u64,
    /// The position text.
    pub position: String,
}

impl Entry {
    /// The entry as one JSON line (without the newline).
    pub fn to_json_line(&self) -> String {
        to_json(self)
    }
}

/// Reads a unit file's text: one [`Entry`] per line (blank lines are not allowed; the last line
/// ends with a newline). Every entry's depth must be `depth` and its multiplicity at least 1.
pub fn parse_unit(text: &str, path: &Path, depth: u32) -> Result<Vec<Entry>, UnitError> {
    let mut entries = Vec::new();
    if text.is_empty() {
        return Ok(entries);
    }
    let Some(body) = text.strip_suffix('\n') else {
        return Err(format_error(path, "the last line has no newline"));
    };
    for (i, line) in body.split('\n').enumerate() {
        let source = Source::line(path, i + 1);
        let e: Entry = source.parse(line)?;
        source.depth("depth", e.depth)?;
        if e.multiplicity == 0 {
            return Err(source.error("multiplicity 0"));
        }
        if e.depth != depth {
            return Err(source.error(format!(
                "depth {}: the manifest's units count {depth} plies",
                e.depth
            )));
        }
        entries.push(e);
    }
    Ok(entries)
}

/// Sum of multiplicity x count, or an error on overflow.
pub(crate) fn weighted_total(entries: &[Entry], counts: &[u64]) -> Option<u64> {
    entries.iter().zip(counts).try_fold(0u64, |s, (e, &n)| {
        e.multiplicity.checked_mul(n).and_then(|x| s.checked_add(x))
    })
}
