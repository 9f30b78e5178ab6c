//! Distributed perft: a deep count cut into work units that any scheduler can run, with results
//! that are checked before they are summed.
//!
//! - [`split`] / [`split_to_dir`]: the positions `at` plies below a root, positions with the same
//!   text merged into one entry with its multiplicity, spread over unit files (JSON lines) with
//!   a [`Manifest`] (`manifest.json`) that names each unit with its SHA-256;
//! - [`run_unit`]: counts one unit file and writes its result file (per entry and total); it
//!   appends each finished entry to a partial file first, so a run that is killed and started
//!   again resumes from the entries it finished; [`count_unit`] counts a unit held in memory
//!   (the Python package's Dask tasks);
//! - [`merge`]: checks that every unit of the manifest has one complete result per key set,
//!   made from the unit file the manifest names (same SHA-256), internally consistent (its own
//!   checksum, its total), and that results of different key sets agree; then sums them. A
//!   missing, corrupt or duplicated file is an error naming it, never summed.
//!
//! The formats are in `docs/distributed.md`. Every file is written and read through
//! serde-derived types and serde_json, then checked: malformed input (bad JSON, a missing,
//! unknown or mistyped field, a value out of range, a checksum that does not match) is a
//! [`UnitError`] naming the file (and the line of a JSON-lines file), never a panic.
//!
//! ```
//! use dimchess_any::registry;
//! use dimchess_units as distributed;
//! let dir = std::env::temp_dir().join(format!("dimchess-doc-{}", std::process::id()));
//! let root = registry::start("fide").unwrap();
//! let manifest = distributed::split_to_dir(&root, 4, 2, 3, &dir).unwrap();
//! assert_eq!(manifest.positions, 400);
//! for unit in &manifest.units {
//!     distributed::run_unit(&dir.join(&unit.file), &distributed::RunOptions::default()).unwrap();
//! }
//! assert_eq!(distributed::merge(&dir, false).unwrap().total, 197_281);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-units/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod error;
mod files;
mod json;
mod manifest;
mod merge;
mod result;
mod run;
mod split;
mod unit;

pub use error::UnitError;
pub use files::{MAX_FILE_BYTES, sha256_hex};
pub use manifest::{MANIFEST_FILE, MANIFEST_FORMAT, MAX_DEPTH, Manifest, UnitInfo};
pub use merge::{Merged, merge};
pub use result::{RESULT_FORMAT, UnitResult, partial_file_name, result_file_name};
pub use run::{RunOptions, count_unit, run_unit};
pub use split::{Split, split, split_to_dir};
pub use unit::{Entry, parse_unit};
