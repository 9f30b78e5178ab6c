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

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dimchess_core::error::Escaped;
use dimchess_core::perft::{PerftOptions, PerftTable};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use sha2::{Digest, Sha256};

use dimchess_any::{AnyPosition, Error, Position, registry};

/// The name of the manifest file in a split's directory.
pub const MANIFEST_FILE: &str = "manifest.json";
/// The `format` of a manifest.
pub const MANIFEST_FORMAT: &str = "dimchess-perft-units 1";
/// The `format` of a result file.
pub const RESULT_FORMAT: &str = "dimchess-perft-result 1";
/// The deepest perft a unit may ask for (as the tool).
pub const MAX_DEPTH: u32 = 64;
/// The largest manifest, unit, partial or result file read, in bytes (1 GiB): a file larger
/// than this is refused before it is read whole.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// What can go wrong in splitting, running or merging work units. Every message names the file,
/// unit or argument at fault (input shown escaped and cut).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UnitError {
    /// A file could not be read or written.
    #[error("`{path}`: {source}")]
    Io {
        /// The file.
        path: String,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// A file is not what it should be: malformed JSON, a missing or wrong field, a checksum
    /// that does not match its contents.
    #[error("`{path}`: {message}")]
    Format {
        /// The file (with `:line` for a line of a JSON-lines file).
        path: String,
        /// What is wrong.
        message: String,
    },
    /// A bad argument (a depth, a number of units).
    #[error("{0}")]
    Argument(String),
    /// A position or variant the library refused.
    #[error(transparent)]
    Position(#[from] Error),
    /// The variant's position text does not keep everything perft depends on here: a position
    /// read back from its text would not have the same subtrees, so it cannot be a unit entry.
    #[error(
        "variant `{variant}`: the position text `{text}` does not keep the whole state perft depends on ({why}); split at another ply"
    )]
    LossyText {
        /// The variant id.
        variant: String,
        /// The position text (escaped and cut).
        text: String,
        /// Which check failed.
        why: String,
    },
    /// Units that `merge` refuses to sum: missing, corrupt, duplicated, incomplete or
    /// disagreeing results (every problem found, each naming its unit or file).
    #[error("{} problem(s), nothing summed: {}", .0.len(), .0.join("; "))]
    Merge(Vec<String>),
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> UnitError + '_ {
    move |source| UnitError::Io {
        path: Escaped::culprit(&path.display().to_string()).to_string(),
        source,
    }
}

fn format_error(path: &Path, message: impl Into<String>) -> UnitError {
    UnitError::Format {
        path: Escaped::culprit(&path.display().to_string()).to_string(),
        message: message.into(),
    }
}

/// The SHA-256 of `bytes` in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest.iter() {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

// The files' JSON types declare their fields in alphabetical order: serde writes them in the
// order declared, and the files have always had their keys sorted (they were first written by
// `serde_json::json!`, whose objects sort their keys), so a split's bytes and checksums stay the
// same.

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

/// A unit as the manifest names it (serde: the object of the manifest's `units` list as it is;
/// [`Manifest::parse`] checks it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct UnitInfo {
    /// Its number of entries.
    pub entries: usize,
    /// The unit file's name, in the manifest's directory.
    pub file: String,
    /// The SHA-256 of the unit file's bytes, lower-case hex.
    pub sha256: String,
}

/// A split: what was counted, how it was cut, and every unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The variant id.
    pub variant: String,
    /// The root position's text.
    pub root: String,
    /// The perft depth from the root.
    pub depth: u32,
    /// The ply of the entries (`K`).
    pub at: u32,
    /// The number of entries over all units (distinct positions at ply `at`).
    pub entries: usize,
    /// The sum of the multiplicities: perft(`at`) of the root.
    pub positions: u64,
    /// The units, in order.
    pub units: Vec<UnitInfo>,
}

/// `manifest.json` as written and read: a [`Manifest`] with its format.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
struct ManifestFile<'a> {
    at: u32,
    depth: u32,
    entries: usize,
    format: Cow<'a, str>,
    positions: u64,
    root: Cow<'a, str>,
    units: Cow<'a, [UnitInfo]>,
    variant: Cow<'a, str>,
}

/// Where a JSON document comes from, to name it in errors: a file, and the line of a JSON-lines
/// file.
#[derive(Clone, Copy)]
struct Source<'a> {
    path: &'a Path,
    line: Option<usize>,
}

impl<'a> Source<'a> {
    /// A whole file.
    fn file(path: &'a Path) -> Self {
        Source { path, line: None }
    }

    /// Line `line` (from 1) of a JSON-lines file.
    fn line(path: &'a Path, line: usize) -> Self {
        Source {
            path,
            line: Some(line),
        }
    }

    /// An error about this document: `` `path`: line N: message ``.
    fn error(&self, message: impl std::fmt::Display) -> UnitError {
        match self.line {
            Some(l) => format_error(self.path, format!("line {l}: {message}")),
            None => format_error(self.path, message.to_string()),
        }
    }

    /// Reads the document as a `T`: a JSON object with exactly `T`'s fields, of their types.
    fn parse<T: DeserializeOwned>(&self, text: &str) -> Result<T, UnitError> {
        // serde reads a struct from a JSON list of its fields too; the files hold objects.
        if text.trim_start().starts_with('[') {
            return Err(self.error("expected a JSON object"));
        }
        serde_json::from_str(text).map_err(|e| self.json_error(&e))
    }

    /// Reads a document of format `format` as a `T`: the `format` field is read first, so a
    /// file of another format (another version) is refused as such, whatever its other fields.
    fn parse_format<T: DeserializeOwned>(&self, text: &str, format: &str) -> Result<T, UnitError> {
        /// Only the `format` field of a document (anything else is read by `T`).
        #[derive(Deserialize)]
        struct Format {
            format: String,
        }
        if let Ok(found) = serde_json::from_str::<Format>(text)
            && found.format != format
        {
            return Err(self.error(format!(
                "format `{}`: expected `{format}`",
                Escaped::culprit(&found.format)
            )));
        }
        self.parse(text)
    }

    /// serde_json's error as `line L column C: message` (the line of a JSON-lines file, or of
    /// the whole file): malformed JSON is "not valid JSON (what serde found)", a missing,
    /// unknown or mistyped field serde's own message.
    fn json_error(&self, e: &serde_json::Error) -> UnitError {
        let text = e.to_string();
        let at = format!(" at line {} column {}", e.line(), e.column());
        let found = text.strip_suffix(&at).unwrap_or(&text);
        let message = if e.is_data() {
            found.to_string()
        } else {
            format!("not valid JSON ({found})")
        };
        if e.line() == 0 {
            return self.error(message);
        }
        // A JSON line is line 1 of its own text.
        let line = self.line.unwrap_or(e.line());
        format_error(
            self.path,
            format!("line {line} column {}: {message}", e.column()),
        )
    }

    /// `value` of field `name`, if it is a depth from 0 to [`MAX_DEPTH`].
    fn depth(&self, name: &str, value: u32) -> Result<u32, UnitError> {
        if value <= MAX_DEPTH {
            Ok(value)
        } else {
            Err(self.error(format!(
                "field `{name}`: {value} is not a depth from 0 to {MAX_DEPTH}"
            )))
        }
    }

    /// Checks that `value` of field `name` is a SHA-256: 64 lower-case hex digits.
    fn sha256(&self, name: &str, value: &str) -> Result<(), UnitError> {
        let hex = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
        if value.len() == 64 && value.bytes().all(hex) {
            Ok(())
        } else {
            Err(self.error(format!(
                "field `{name}`: expected 64 lower-case hex digits (SHA-256)"
            )))
        }
    }
}

/// `value` as compact JSON.
fn to_json(value: &impl Serialize) -> String {
    // The files' types hold strings, numbers, booleans and lists of them: serde_json fails only
    // on a map with non-string keys, a type's own error or a failed write, none possible here.
    serde_json::to_string(value)
        .unwrap_or_else(|e| unreachable!("the files' types always serialize: {e}"))
}

/// A unit or manifest file name: plain, no directories (a manifest cannot send a run to read or
/// write elsewhere).
fn check_file_name(name: &str, path: &Path) -> Result<(), UnitError> {
    let plain = !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\', '\0'])
        && name.ends_with(".jsonl");
    if plain {
        Ok(())
    } else {
        Err(format_error(
            path,
            format!(
                "unit file name `{}`: expected a plain name ending in .jsonl",
                Escaped::culprit(name)
            ),
        ))
    }
}

impl Manifest {
    /// The manifest as JSON (pretty-printed, one field per line).
    pub fn to_json(&self) -> String {
        let file = ManifestFile {
            at: self.at,
            depth: self.depth,
            entries: self.entries,
            format: MANIFEST_FORMAT.into(),
            positions: self.positions,
            root: self.root.as_str().into(),
            units: self.units.as_slice().into(),
            variant: self.variant.as_str().into(),
        };
        // As `to_json`: nothing in a manifest can fail to serialize.
        let mut s = serde_json::to_string_pretty(&file)
            .unwrap_or_else(|e| unreachable!("a manifest always serializes: {e}"));
        s.push('\n');
        s
    }

    /// Reads a manifest's text (`path` names it in errors); checks the fields, the variant and
    /// the root position, and that the units' entries add up.
    pub fn parse(text: &str, path: &Path) -> Result<Manifest, UnitError> {
        let source = Source::file(path);
        let file: ManifestFile = source.parse_format(text, MANIFEST_FORMAT)?;
        registry::find(&file.variant)?.parse_position(&file.root)?;
        let depth = source.depth("depth", file.depth)?;
        let at = source.depth("at", file.at)?;
        if at > depth {
            return Err(source.error(format!("`at` {at} is deeper than `depth` {depth}")));
        }
        let mut names = HashSet::new();
        let mut sum = 0usize;
        for (i, u) in file.units.iter().enumerate() {
            check_file_name(&u.file, path)?;
            if u.file == MANIFEST_FILE || !names.insert(u.file.as_str()) {
                return Err(source.error(format!(
                    "unit {i}: file `{}` named twice",
                    Escaped::culprit(&u.file)
                )));
            }
            source.sha256("sha256", &u.sha256)?;
            sum = sum.saturating_add(u.entries);
        }
        if file.units.is_empty() {
            return Err(source.error("no units"));
        }
        if sum != file.entries {
            return Err(source.error(format!(
                "the units hold {sum} entries, `entries` says {}",
                file.entries
            )));
        }
        Ok(Manifest {
            variant: file.variant.into_owned(),
            root: file.root.into_owned(),
            depth,
            at,
            entries: file.entries,
            positions: file.positions,
            units: file.units.into_owned(),
        })
    }

    /// Reads `manifest.json` in `dir`.
    pub fn read(dir: &Path) -> Result<Manifest, UnitError> {
        let path = dir.join(MANIFEST_FILE);
        let text = read_text(&path)?;
        Manifest::parse(&text, &path)
    }

    /// The unit named `file`.
    pub fn unit(&self, file: &str) -> Option<&UnitInfo> {
        self.units.iter().find(|u| u.file == file)
    }
}

/// Reads a whole file of at most [`MAX_FILE_BYTES`] as UTF-8 text.
fn read_text(path: &Path) -> Result<String, UnitError> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        format_error(
            path,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, UnitError> {
    let mut bytes = Vec::new();
    File::open(path)
        .map_err(io_error(path))?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error(path))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format_error(
            path,
            format!("larger than {MAX_FILE_BYTES} bytes"),
        ));
    }
    Ok(bytes)
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

/// A split held in memory: the manifest (its units' checksums filled in) and each unit's text.
#[derive(Clone, Debug)]
pub struct Split {
    /// The manifest.
    pub manifest: Manifest,
    /// The text of each unit file, in the manifest's order.
    pub unit_texts: Vec<String>,
}

/// Checks that `text`, read back, is the same position for a perft `depth` plies deep: the same
/// text, Zobrist hash and subtree key (which by the `Position` contract cover everything that
/// decides the moves and outcomes below; comparing the moves too would cost a ply of perft in
/// Dimension X, whose turns number in the tens of thousands).
fn check_round_trip(pos: &AnyPosition, text: &str, depth: u32) -> Result<(), UnitError> {
    let lossy = |why: &str| UnitError::LossyText {
        variant: pos.id().to_string(),
        text: Escaped::culprit(text).to_string(),
        why: why.to_string(),
    };
    let back = pos
        .variant()
        .parse_position(text)
        .map_err(|e| lossy(&format!("it does not read back: {e}")))?;
    if back.text() != text {
        return Err(lossy("it reads back as another text"));
    }
    if back.zobrist() != pos.zobrist() || back.subtree_key(depth) != pos.subtree_key(depth) {
        return Err(lossy("it reads back with another hash"));
    }
    Ok(())
}

/// The positions `at` plies below `root` for a perft `depth` plies deep, spread over `units`
/// units (fewer if there are fewer distinct positions: no unit is empty, except the one unit
/// of a root without positions at ply `at`).
///
/// Positions with the same text are merged at every ply (transpositions), each with the number
/// of paths that reach it; a position whose game has ended before ply `at` has no leaves at
/// `depth` and is dropped. Each entry is checked to read back from its text as the same
/// position for the plies left (same text, hash and subtree key, moves and outcome), and
/// positions merged by text must have the same subtree key: a variant whose text lost state that
/// perft depends on is refused ([`UnitError::LossyText`]). Entries go to units largest first
/// (by their number of legal moves, a proxy of their subtree's size; counting them costs one
/// ply of the perft) to the least loaded
/// unit, then each unit in text order, so the same split always gives the same files.
///
/// Texts include every field (clocks, en-passant squares), so positions that differ only in
/// a field perft ignores are not merged: fide has 5,362 distinct positions at ply 3 but 8,162
/// distinct texts. That costs some work, never a wrong count.
pub fn split(root: &AnyPosition, depth: u32, at: u32, units: usize) -> Result<Split, UnitError> {
    if depth > MAX_DEPTH {
        return Err(UnitError::Argument(format!(
            "depth {depth}: expected a number from 0 to {MAX_DEPTH}"
        )));
    }
    if at > depth {
        return Err(UnitError::Argument(format!(
            "--at {at}: the split ply cannot be deeper than the depth {depth}"
        )));
    }
    if units == 0 {
        return Err(UnitError::Argument("--units 0: expected at least 1".into()));
    }
    let mut level: Vec<(AnyPosition, u64)> = vec![(root.clone(), 1)];
    let mut moves = Vec::new();
    for ply in 0..at {
        let left = depth - ply - 1;
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut next: Vec<(AnyPosition, u64)> = Vec::new();
        for (pos, mult) in &level {
            pos.legal_moves(&mut moves);
            for &mv in &moves {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let text = child.text();
                match index.get(&text) {
                    Some(&i) => {
                        if next[i].0.subtree_key(left) != child.subtree_key(left) {
                            return Err(UnitError::LossyText {
                                variant: root.id().to_string(),
                                text: Escaped::culprit(&text).to_string(),
                                why: "two positions with this text have different hashes"
                                    .to_string(),
                            });
                        }
                        next[i].1 = next[i].1.checked_add(*mult).ok_or_else(|| {
                            UnitError::Argument("multiplicity overflow".to_string())
                        })?;
                    }
                    None => {
                        index.insert(text, next.len());
                        next.push((child, *mult));
                    }
                }
            }
        }
        level = next;
    }
    let left = depth - at;
    let mut entries: Vec<(Entry, u64)> = Vec::with_capacity(level.len());
    for (pos, mult) in &level {
        let text = pos.text();
        check_round_trip(pos, &text, left)?;
        let weight = if left == 0 {
            1
        } else {
            pos.count_legal_moves()
        };
        entries.push((
            Entry {
                position: text,
                multiplicity: *mult,
                depth: left,
            },
            weight,
        ));
    }
    // No empty units: at most one unit per entry (the manifest says how many there are).
    let units = units.min(entries.len().max(1));
    let positions = level
        .iter()
        .try_fold(0u64, |s, (_, m)| s.checked_add(*m))
        .ok_or_else(|| UnitError::Argument("multiplicity overflow".to_string()))?;
    // Largest first to the least loaded unit (ties: the lower unit), then text order inside.
    entries.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.position.cmp(&b.0.position)));
    let mut load = vec![0u64; units];
    let mut assigned: Vec<Vec<Entry>> = vec![Vec::new(); units];
    for (e, w) in entries {
        let (u, _) = load
            .iter()
            .enumerate()
            .min_by_key(|&(i, &l)| (l, assigned[i].len(), i))
            .unwrap_or((0, &0));
        load[u] = load[u].saturating_add(w.max(1));
        assigned[u].push(e);
    }
    let width = (units - 1).to_string().len().max(4);
    let mut infos = Vec::with_capacity(units);
    let mut texts = Vec::with_capacity(units);
    let mut total_entries = 0;
    for (i, mut list) in assigned.into_iter().enumerate() {
        list.sort_by(|a, b| a.position.cmp(&b.position));
        let mut text = String::new();
        for e in &list {
            text.push_str(&e.to_json_line());
            text.push('\n');
        }
        total_entries += list.len();
        infos.push(UnitInfo {
            file: format!("unit-{i:0width$}.jsonl"),
            entries: list.len(),
            sha256: sha256_hex(text.as_bytes()),
        });
        texts.push(text);
    }
    Ok(Split {
        manifest: Manifest {
            variant: root.id().to_string(),
            root: root.text(),
            depth,
            at,
            entries: total_entries,
            positions,
            units: infos,
        },
        unit_texts: texts,
    })
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, synced, then renamed.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), UnitError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let mut f = File::create(&tmp).map_err(io_error(&tmp))?;
    f.write_all(bytes).map_err(io_error(&tmp))?;
    f.sync_all().map_err(io_error(&tmp))?;
    drop(f);
    fs::rename(&tmp, path).map_err(io_error(path))?;
    if let Some(dir) = path.parent()
        && let Ok(d) = File::open(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        })
    {
        let _ = d.sync_all();
    }
    Ok(())
}

/// [`split`], written to `dir` (created if needed): the unit files, then `manifest.json`. A
/// directory that already holds a manifest is refused (its results would mix with the new
/// split's).
pub fn split_to_dir(
    root: &AnyPosition,
    depth: u32,
    at: u32,
    units: usize,
    dir: &Path,
) -> Result<Manifest, UnitError> {
    let s = split(root, depth, at, units)?;
    fs::create_dir_all(dir).map_err(io_error(dir))?;
    let manifest_path = dir.join(MANIFEST_FILE);
    if manifest_path.exists() {
        return Err(format_error(
            &manifest_path,
            "exists already: split into an empty directory",
        ));
    }
    for (info, text) in s.manifest.units.iter().zip(&s.unit_texts) {
        write_atomic(&dir.join(&info.file), text.as_bytes())?;
    }
    write_atomic(&manifest_path, s.manifest.to_json().as_bytes())?;
    Ok(s.manifest)
}

/// The result of one unit: each entry's count (leaves `depth` plies below its position, not
/// multiplied) and the unit's total (the sum of multiplicity x count).
#[derive(Clone, Debug, PartialEq)]
pub struct UnitResult {
    /// The unit file's name.
    pub unit: String,
    /// The SHA-256 of the unit file the counts were made from.
    pub unit_sha256: String,
    /// The variant id.
    pub variant: String,
    /// The Zobrist key set of the run ([`dimchess_core::zobrist::set_key_set`]).
    pub keys: u64,
    /// Whether a hash table was used for any entry (a run without one is exact by
    /// construction; one with one relies on 64-bit keys not colliding).
    pub hashed: bool,
    /// The count below each entry, in the unit's order.
    pub counts: Vec<u64>,
    /// The sum of multiplicity x count over the entries.
    pub total: u64,
    /// Seconds this run spent counting (informational; entries resumed from a partial file
    /// are not timed again).
    pub seconds: f64,
}

impl UnitResult {
    /// The checksum a result file carries over its own fields (not `seconds`): a changed count,
    /// total or unit name no longer matches it.
    fn check(&self) -> String {
        let counts: Vec<String> = self.counts.iter().map(u64::to_string).collect();
        sha256_hex(
            format!(
                "{RESULT_FORMAT}\n{}\n{}\n{}\n{}\n{}\n{}\n{}\n",
                self.unit,
                self.unit_sha256,
                self.variant,
                self.keys,
                self.hashed,
                counts.join(","),
                self.total
            )
            .as_bytes(),
        )
    }

    /// The result file's text (JSON, one line).
    pub fn to_json(&self) -> String {
        let file = ResultFile {
            check: self.check().into(),
            counts: self.counts.as_slice().into(),
            format: RESULT_FORMAT.into(),
            hashed: self.hashed,
            keys: self.keys,
            seconds: (self.seconds * 1000.0).round() / 1000.0,
            total: self.total,
            unit: self.unit.as_str().into(),
            unit_sha256: self.unit_sha256.as_str().into(),
            variant: self.variant.as_str().into(),
        };
        let mut s = to_json(&file);
        s.push('\n');
        s
    }

    /// Reads a result file's text, checking its format and its own checksum.
    pub fn parse(text: &str, path: &Path) -> Result<UnitResult, UnitError> {
        let source = Source::file(path);
        let file: ResultFile = source.parse_format(text, RESULT_FORMAT)?;
        source.sha256("unit_sha256", &file.unit_sha256)?;
        source.sha256("check", &file.check)?;
        let r = UnitResult {
            unit: file.unit.into_owned(),
            unit_sha256: file.unit_sha256.into_owned(),
            variant: file.variant.into_owned(),
            keys: file.keys,
            hashed: file.hashed,
            counts: file.counts.into_owned(),
            total: file.total,
            seconds: file.seconds,
        };
        if file.check != r.check() {
            return Err(source.error("its checksum does not match its contents (corrupt)"));
        }
        Ok(r)
    }
}

/// A result file as written and read: a [`UnitResult`] with its format and checksum.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
struct ResultFile<'a> {
    check: Cow<'a, str>,
    counts: Cow<'a, [u64]>,
    format: Cow<'a, str>,
    hashed: bool,
    keys: u64,
    /// Written as `null` if it is not finite (serde_json's way), read back as 0.
    #[serde(deserialize_with = "seconds_or_null")]
    seconds: f64,
    total: u64,
    unit: Cow<'a, str>,
    unit_sha256: Cow<'a, str>,
    variant: Cow<'a, str>,
}

/// A number of seconds, or `null` for 0 (the field is still required).
fn seconds_or_null<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(0.0))
}

/// The first line of a partial file: which unit version and key set its counts are for.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
struct PartialHeader<'a> {
    keys: u64,
    unit: Cow<'a, str>,
    unit_sha256: Cow<'a, str>,
}

/// A line of a partial file after the header: one finished entry.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
struct PartialEntry {
    count: u64,
    /// The entry's index in the unit, from 0.
    entry: usize,
    hashed: bool,
}

/// The result file of unit `unit` (`unit-0003.jsonl`) counted with key set `keys`:
/// `unit-0003.result.json`, or `unit-0003.keys5.result.json` for key set 5.
pub fn result_file_name(unit: &str, keys: u64) -> String {
    let stem = unit.strip_suffix(".jsonl").unwrap_or(unit);
    if keys == 0 {
        format!("{stem}.result.json")
    } else {
        format!("{stem}.keys{keys}.result.json")
    }
}

/// The partial file of a run of `unit` with key set `keys` (finished entries, appended as they
/// finish): the result file's name with `.partial` for `.result.json`.
pub fn partial_file_name(unit: &str, keys: u64) -> String {
    let r = result_file_name(unit, keys);
    format!("{}.partial", r.strip_suffix(".result.json").unwrap_or(&r))
}

/// How [`run_unit`] and [`count_unit`] count.
#[derive(Clone, Copy, Default)]
pub struct RunOptions<'a> {
    /// Threads (0 or 1: the calling thread only).
    pub threads: usize,
    /// A hash table of subtree counts of this many MiB, kept for the whole unit (0: none).
    pub hash_mb: usize,
    /// Called from the calling thread after each entry: (entries done, entries in all, leaves
    /// so far, time since the run started).
    pub progress: Option<&'a (dyn Fn(usize, usize, u64, Duration) + Sync)>,
}

/// Counts `entries` (all of one variant), calling `done(index, count)` from the calling thread
/// as each finishes; entries with `skip[index]` are not counted. Returns whether a table was
/// used.
fn count_entries(
    variant: &str,
    entries: &[Entry],
    skip: &[bool],
    options: &RunOptions<'_>,
    done: &mut dyn FnMut(usize, u64) -> Result<(), UnitError>,
) -> Result<bool, UnitError> {
    let info = registry::find(variant)?;
    let todo: Vec<usize> = (0..entries.len()).filter(|&i| !skip[i]).collect();
    let mut positions = Vec::with_capacity(todo.len());
    for &i in &todo {
        let pos = info
            .parse_position(&entries[i].position)
            .map_err(|e| UnitError::Argument(format!("entry {}: {e}", i + 1)))?;
        positions.push(pos);
    }
    let threads = options.threads.max(1);
    let deep = entries.iter().any(|e| e.depth >= 2);
    let hashed = options.hash_mb > 0 && deep;
    // Few entries for many threads: each entry on every thread (a table per entry).
    if threads > 1 && todo.len() < 4 * threads {
        for (k, &i) in todo.iter().enumerate() {
            let n = positions[k].perft_with(
                entries[i].depth,
                &PerftOptions {
                    threads,
                    hash_mb: options.hash_mb,
                    progress: None,
                },
            );
            done(i, n)?;
        }
        return Ok(hashed);
    }
    let table = if hashed {
        Some(PerftTable::try_new(options.hash_mb).ok_or_else(|| {
            UnitError::Argument(format!(
                "--hash {}: cannot reserve the memory",
                options.hash_mb
            ))
        })?)
    } else {
        None
    };
    if threads <= 1 {
        for (k, &i) in todo.iter().enumerate() {
            let n = positions[k].perft_in(entries[i].depth, table.as_ref());
            done(i, n)?;
        }
        return Ok(hashed);
    }
    // Entries in parallel, one thread each, sharing the table; the calling thread records them.
    let next = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, u64)>();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let failure: Mutex<Option<UnitError>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, positions, todo, table, stop) = (&next, &positions, &todo, &table, &stop);
            s.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&i) = todo.get(k) else { break };
                    let n = positions[k].perft_in(entries[i].depth, table.as_ref());
                    if tx.send((i, n)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, n) in rx {
            if let Err(e) = done(i, n) {
                stop.store(true, Ordering::Relaxed);
                if let Ok(mut f) = failure.lock() {
                    f.get_or_insert(e);
                }
                break;
            }
        }
    });
    match failure.into_inner().ok().flatten() {
        Some(e) => Err(e),
        None => Ok(hashed),
    }
}

/// Sum of multiplicity x count, or an error on overflow.
fn weighted_total(entries: &[Entry], counts: &[u64]) -> Option<u64> {
    entries.iter().zip(counts).try_fold(0u64, |s, (e, &n)| {
        e.multiplicity.checked_mul(n).and_then(|x| s.checked_add(x))
    })
}

/// Counts a unit held in memory (no files): `unit_bytes` must be the unit `unit` of `manifest`
/// (its SHA-256 is checked). The Python package's Dask tasks run this; the driver writes the
/// result file.
pub fn count_unit(
    manifest: &Manifest,
    unit: &str,
    unit_bytes: &[u8],
    options: &RunOptions<'_>,
) -> Result<UnitResult, UnitError> {
    let started = Instant::now();
    let label = Path::new(unit);
    let info = manifest.unit(unit).ok_or_else(|| {
        UnitError::Argument(format!(
            "unit `{}` is not in the manifest",
            Escaped::culprit(unit)
        ))
    })?;
    let sha = sha256_hex(unit_bytes);
    if sha != info.sha256 {
        return Err(format_error(
            label,
            "its SHA-256 is not the manifest's (corrupt or another unit)",
        ));
    }
    let text = std::str::from_utf8(unit_bytes).map_err(|_| format_error(label, "not UTF-8"))?;
    let entries = parse_unit(text, label, manifest.depth.saturating_sub(manifest.at))?;
    let mut counts = vec![0u64; entries.len()];
    let skip = vec![false; entries.len()];
    let mut leaves = 0u64;
    let mut finished = 0;
    let hashed = count_entries(&manifest.variant, &entries, &skip, options, &mut |i, n| {
        counts[i] = n;
        finished += 1;
        leaves = leaves.saturating_add(n.saturating_mul(entries[i].multiplicity));
        if let Some(p) = options.progress {
            p(finished, entries.len(), leaves, started.elapsed());
        }
        Ok(())
    })?;
    let total = weighted_total(&entries, &counts)
        .ok_or_else(|| format_error(label, "the total overflows 64 bits"))?;
    Ok(UnitResult {
        unit: unit.to_string(),
        unit_sha256: sha,
        variant: manifest.variant.clone(),
        keys: dimchess_core::zobrist::key_set(),
        hashed,
        counts,
        total,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// What a partial file says: its header, then the finished entries.
struct Partial {
    counts: Vec<Option<u64>>,
    hashed: bool,
    /// Bytes of whole lines (a torn last line is cut off before appending).
    good_len: u64,
}

/// Reads a partial file for a unit of `n` entries with this SHA-256 and key set; `None` if it
/// belongs to another unit, version or key set (it is then started again).
fn read_partial(path: &Path, sha: &str, keys: u64, n: usize) -> Result<Option<Partial>, UnitError> {
    let bytes = match read_bytes(path) {
        Ok(b) => b,
        Err(UnitError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    // Only whole lines count: a run killed in the middle of a write leaves a torn last line.
    let good_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let text = std::str::from_utf8(&bytes[..good_len])
        .map_err(|_| format_error(path, "not UTF-8 text"))?;
    let mut lines = text.lines().enumerate();
    let Some((_, header)) = lines.next() else {
        return Ok(None);
    };
    let h: PartialHeader = Source::line(path, 1).parse(header)?;
    if h.unit_sha256 != sha || h.keys != keys {
        return Ok(None);
    }
    let mut counts = vec![None; n];
    let mut hashed = false;
    for (i, line) in lines {
        let source = Source::line(path, i + 1);
        let PartialEntry {
            count: c,
            entry: e,
            hashed: h,
        } = source.parse(line)?;
        hashed |= h;
        let slot = counts
            .get_mut(e)
            .ok_or_else(|| source.error(format!("entry {e}: the unit has {n} entries")))?;
        match *slot {
            Some(old) if old != c => {
                return Err(source.error(format!("entry {e} counted twice: {old} and {c}")));
            }
            _ => *slot = Some(c),
        }
    }
    Ok(Some(Partial {
        counts,
        hashed,
        good_len: good_len as u64,
    }))
}

/// Counts the unit file `unit_path` (its manifest is `manifest.json` in the same directory)
/// and writes its result file there ([`result_file_name`], written atomically). Each finished
/// entry is first appended to the partial file ([`partial_file_name`]; written through at once,
/// synced to disk at most once a second): a run that is killed and started again counts only
/// the entries the partial file does not hold. The partial file is removed once the result is
/// written. Results are made with the process's key set
/// ([`dimchess_core::zobrist::key_set`]).
pub fn run_unit(unit_path: &Path, options: &RunOptions<'_>) -> Result<UnitResult, UnitError> {
    let started = Instant::now();
    let dir = unit_path
        .parent()
        .map(|d| {
            if d.as_os_str().is_empty() {
                Path::new(".")
            } else {
                d
            }
        })
        .unwrap_or(Path::new("."));
    let name = unit_path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format_error(unit_path, "not a unit file name"))?
        .to_string();
    let manifest = Manifest::read(dir)?;
    let info = manifest
        .unit(&name)
        .ok_or_else(|| format_error(unit_path, "not a unit of the manifest beside it"))?
        .clone();
    let bytes = read_bytes(unit_path)?;
    let sha = sha256_hex(&bytes);
    if sha != info.sha256 {
        return Err(format_error(
            unit_path,
            "its SHA-256 is not the manifest's (corrupt or replaced)",
        ));
    }
    let text = std::str::from_utf8(&bytes).map_err(|_| format_error(unit_path, "not UTF-8"))?;
    let entries = parse_unit(text, unit_path, manifest.depth.saturating_sub(manifest.at))?;
    if entries.len() != info.entries {
        return Err(format_error(
            unit_path,
            format!(
                "{} entries, the manifest says {}",
                entries.len(),
                info.entries
            ),
        ));
    }
    let keys = dimchess_core::zobrist::key_set();
    let partial_path = dir.join(partial_file_name(&name, keys));
    let result_path = dir.join(result_file_name(&name, keys));
    let previous = read_partial(&partial_path, &sha, keys, entries.len())?;
    let mut counts: Vec<Option<u64>> = vec![None; entries.len()];
    let mut hashed = false;
    let mut file = match previous {
        Some(p) => {
            counts = p.counts;
            hashed = p.hashed;
            let f = OpenOptions::new()
                .write(true)
                .open(&partial_path)
                .map_err(io_error(&partial_path))?;
            f.set_len(p.good_len).map_err(io_error(&partial_path))?;
            let mut f = OpenOptions::new()
                .append(true)
                .open(&partial_path)
                .map_err(io_error(&partial_path))?;
            f.flush().map_err(io_error(&partial_path))?;
            f
        }
        None => {
            let mut f = File::create(&partial_path).map_err(io_error(&partial_path))?;
            let header = PartialHeader {
                keys,
                unit: name.as_str().into(),
                unit_sha256: sha.as_str().into(),
            };
            writeln!(f, "{}", to_json(&header)).map_err(io_error(&partial_path))?;
            f.sync_data().map_err(io_error(&partial_path))?;
            f
        }
    };
    let skip: Vec<bool> = counts.iter().map(Option::is_some).collect();
    let mut finished = skip.iter().filter(|&&s| s).count();
    let mut leaves = entries
        .iter()
        .zip(&counts)
        .filter_map(|(e, c)| c.map(|c| c.saturating_mul(e.multiplicity)))
        .fold(0u64, u64::saturating_add);
    let mut last_sync = Instant::now();
    let will_hash = options.hash_mb > 0 && entries.iter().any(|e| e.depth >= 2);
    let counted = count_entries(&manifest.variant, &entries, &skip, options, &mut |i, n| {
        counts[i] = Some(n);
        let mut line = to_json(&PartialEntry {
            count: n,
            entry: i,
            hashed: will_hash,
        });
        line.push('\n');
        // One write per line (written through: survives the process being killed).
        file.write_all(line.as_bytes())
            .map_err(io_error(&partial_path))?;
        if last_sync.elapsed() >= Duration::from_secs(1) {
            file.sync_data().map_err(io_error(&partial_path))?;
            last_sync = Instant::now();
        }
        finished += 1;
        leaves = leaves.saturating_add(n.saturating_mul(entries[i].multiplicity));
        if let Some(p) = options.progress {
            p(finished, entries.len(), leaves, started.elapsed());
        }
        Ok(())
    })?;
    file.sync_data().map_err(io_error(&partial_path))?;
    drop(file);
    hashed |= counted;
    let counts: Vec<u64> = counts.into_iter().map(|c| c.unwrap_or(0)).collect();
    let total = weighted_total(&entries, &counts)
        .ok_or_else(|| format_error(unit_path, "the total overflows 64 bits"))?;
    let result = UnitResult {
        unit: name,
        unit_sha256: sha,
        variant: manifest.variant.clone(),
        keys,
        hashed,
        counts,
        total,
        seconds: started.elapsed().as_secs_f64(),
    };
    write_atomic(&result_path, result.to_json().as_bytes())?;
    fs::remove_file(&partial_path).map_err(io_error(&partial_path))?;
    Ok(result)
}

/// What [`merge`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The perft count: the sum over the units.
    pub total: u64,
    /// The number of units.
    pub units: usize,
    /// The number of entries.
    pub entries: usize,
    /// The key sets that counted every unit (results of several agree entry by entry).
    pub key_sets: Vec<u64>,
    /// Whether every unit is verified: counted without a hash table, or with two key sets that
    /// agree.
    pub verified: bool,
    /// The sum of the units' counting times (seconds, the first result of each unit).
    pub seconds: f64,
}

/// Checks the results of the split in `dir` and sums them.
///
/// Every unit file of the manifest must have the SHA-256 the manifest gives; every
/// `*.result.json` file must read, carry a matching checksum of its own, be named after its unit
/// and key set, belong to a unit of the manifest made from the same unit file (SHA-256), have a
/// count per entry and the right total. Each unit needs at least one result; results of several
/// key sets must agree entry by entry (a disagreement is a hash collision in one run). With
/// `verify`, each unit must be counted without a hash table or by at least two key sets. Every
/// problem found is reported ([`UnitError::Merge`]), each naming its unit or file; nothing is
/// summed unless there are none.
pub fn merge(dir: &Path, verify: bool) -> Result<Merged, UnitError> {
    let manifest = Manifest::read(dir)?;
    let depth = manifest.depth.saturating_sub(manifest.at);
    let mut problems: Vec<String> = Vec::new();
    let mut unit_entries: HashMap<&str, Vec<Entry>> = HashMap::new();
    let mut positions = 0u64;
    for u in &manifest.units {
        let path = dir.join(&u.file);
        let bytes = match read_bytes(&path) {
            Ok(b) => b,
            Err(e) => {
                problems.push(format!("unit {}: {e}", u.file));
                continue;
            }
        };
        if sha256_hex(&bytes) != u.sha256 {
            problems.push(format!(
                "unit {}: the file's SHA-256 is not the manifest's (corrupt or replaced)",
                u.file
            ));
            continue;
        }
        let parsed = std::str::from_utf8(&bytes)
            .map_err(|_| format_error(&path, "not UTF-8"))
            .and_then(|t| parse_unit(t, &path, depth));
        match parsed {
            Ok(list) if list.len() == u.entries => {
                positions = list
                    .iter()
                    .fold(positions, |s, e| s.saturating_add(e.multiplicity));
                unit_entries.insert(u.file.as_str(), list);
            }
            Ok(list) => problems.push(format!(
                "unit {}: {} entries, the manifest says {}",
                u.file,
                list.len(),
                u.entries
            )),
            Err(e) => problems.push(format!("unit {}: {e}", u.file)),
        }
    }
    if problems.is_empty() && positions != manifest.positions {
        problems.push(format!(
            "the units' multiplicities add up to {positions}, the manifest says {}",
            manifest.positions
        ));
    }
    // Every result file in the directory, by unit and key set.
    let mut results: BTreeMap<&str, BTreeMap<u64, UnitResult>> = BTreeMap::new();
    let listing = fs::read_dir(dir).map_err(io_error(dir))?;
    let mut names: Vec<String> = Vec::new();
    for item in listing {
        let item = item.map_err(io_error(dir))?;
        let name = item.file_name().to_string_lossy().into_owned();
        if name.ends_with(".result.json") {
            names.push(name);
        }
    }
    names.sort();
    for name in &names {
        let path = dir.join(name);
        let r = match read_text(&path).and_then(|t| UnitResult::parse(&t, &path)) {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("result {name}: {e}"));
                continue;
            }
        };
        let Some(info) = manifest.unit(&r.unit) else {
            problems.push(format!(
                "result {name}: for unit `{}`, which the manifest does not list",
                Escaped::culprit(&r.unit)
            ));
            continue;
        };
        if *name != result_file_name(&info.file, r.keys) {
            problems.push(format!(
                "result {name}: holds the result of unit {} (key set {}), a duplicate under another name",
                info.file, r.keys
            ));
            continue;
        }
        if r.unit_sha256 != info.sha256 || r.variant != manifest.variant {
            problems.push(format!(
                "unit {}: result {name} was made from another unit file (checksum)",
                info.file
            ));
            continue;
        }
        let Some(entries) = unit_entries.get(info.file.as_str()) else {
            continue; // the unit file itself is already reported
        };
        if r.counts.len() != entries.len() {
            problems.push(format!(
                "unit {}: result {name} has {} counts for {} entries (incomplete)",
                info.file,
                r.counts.len(),
                entries.len()
            ));
            continue;
        }
        if weighted_total(entries, &r.counts) != Some(r.total) {
            problems.push(format!(
                "unit {}: result {name}: its total is not the sum of its counts",
                info.file
            ));
            continue;
        }
        results
            .entry(info.file.as_str())
            .or_default()
            .insert(r.keys, r);
    }
    let mut total = 0u64;
    let mut seconds = 0.0;
    let mut all_verified = true;
    let mut key_sets: Option<Vec<u64>> = None;
    for u in &manifest.units {
        let Some(by_keys) = results.get(u.file.as_str()) else {
            let partial = dir.join(partial_file_name(&u.file, 0)).exists();
            problems.push(format!(
                "unit {}: no result{}",
                u.file,
                if partial {
                    " (a partial file: its run has not finished)"
                } else {
                    " (missing)"
                }
            ));
            continue;
        };
        let mut first: Option<&UnitResult> = None;
        for r in by_keys.values() {
            match first {
                None => first = Some(r),
                Some(f) => {
                    if let Some(i) = (0..r.counts.len()).find(|&i| r.counts[i] != f.counts[i]) {
                        problems.push(format!(
                            "unit {}: key sets {} and {} disagree at entry {} ({} and {}): a hash collision in one of them",
                            u.file,
                            f.keys,
                            r.keys,
                            i + 1,
                            f.counts[i],
                            r.counts[i]
                        ));
                    }
                }
            }
        }
        let Some(f) = first else { continue };
        let sets: Vec<u64> = by_keys.keys().copied().collect();
        let verified = by_keys.values().any(|r| !r.hashed) || by_keys.len() >= 2;
        if verify && !verified {
            problems.push(format!(
                "unit {}: not verified (counted with a hash table by key set {} only; run it again with another key set or without --hash)",
                u.file, f.keys
            ));
        }
        all_verified &= verified;
        key_sets = Some(match key_sets {
            None => sets,
            Some(k) => k.into_iter().filter(|s| sets.contains(s)).collect(),
        });
        match total.checked_add(f.total) {
            Some(t) => total = t,
            None => problems.push("the total overflows 64 bits".to_string()),
        }
        seconds += f.seconds;
    }
    if !problems.is_empty() {
        return Err(UnitError::Merge(problems));
    }
    Ok(Merged {
        total,
        units: manifest.units.len(),
        entries: manifest.entries,
        key_sets: key_sets.unwrap_or_default(),
        verified: all_verified,
        seconds,
    })
}
