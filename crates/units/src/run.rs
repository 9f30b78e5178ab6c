//! Counting a unit: from its file, resumable through a partial file ([`run_unit`]), or held
//! in memory ([`count_unit`]).

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dimchess_any::registry;
use dimchess_core::error::Escaped;
use dimchess_core::perft::{PerftOptions, PerftTable};

use crate::error::{UnitError, format_error, io_error};
use crate::files::{read_bytes, sha256_hex, write_atomic};
use crate::manifest::Manifest;
use crate::result::{
    UnitResult, partial_file_name, partial_header, partial_line, read_partial, result_file_name,
};
use crate::unit::{Entry, parse_unit, weighted_total};

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

/// A unit file read and checked against its manifest: what counting it needs.
struct Unit {
    /// Its file name in the manifest.
    name: String,
    /// The SHA-256 of its bytes.
    sha256: String,
    /// The manifest's variant id.
    variant: String,
    /// Its entries.
    entries: Vec<Entry>,
}

impl Unit {
    /// Reads unit `name` of `manifest` from the unit file's `bytes` (`path` names it in errors):
    /// their SHA-256 must be the manifest's, and the entries as many as the manifest says.
    fn read(manifest: &Manifest, name: &str, bytes: &[u8], path: &Path) -> Result<Unit, UnitError> {
        let info = manifest.unit(name).ok_or_else(|| {
            UnitError::Argument(format!(
                "unit `{}` is not in the manifest",
                Escaped::culprit(name)
            ))
        })?;
        let sha256 = sha256_hex(bytes);
        if sha256 != info.sha256 {
            return Err(format_error(
                path,
                "its SHA-256 is not the manifest's (corrupt, replaced or another unit)",
            ));
        }
        let text = std::str::from_utf8(bytes).map_err(|_| format_error(path, "not UTF-8"))?;
        let entries = parse_unit(text, path, manifest.depth.saturating_sub(manifest.at))?;
        if entries.len() != info.entries {
            return Err(format_error(
                path,
                format!(
                    "{} entries, the manifest says {}",
                    entries.len(),
                    info.entries
                ),
            ));
        }
        Ok(Unit {
            name: name.to_string(),
            sha256,
            variant: manifest.variant.clone(),
            entries,
        })
    }

    /// Counts the entries that `counts` does not hold yet (`counts` and `hashed`: what a
    /// partial file gave) and makes the unit's result (`path` names the unit in errors). Each
    /// new count goes to `record(entry, count)` from the calling thread, then to
    /// `options.progress`.
    fn count(
        self,
        mut counts: Vec<Option<u64>>,
        hashed: bool,
        options: &RunOptions<'_>,
        path: &Path,
        record: &mut dyn FnMut(usize, u64) -> Result<(), UnitError>,
    ) -> Result<UnitResult, UnitError> {
        let started = Instant::now();
        let entries = &self.entries;
        let skip: Vec<bool> = counts.iter().map(Option::is_some).collect();
        let mut finished = skip.iter().filter(|&&s| s).count();
        let mut leaves = entries
            .iter()
            .zip(&counts)
            .filter_map(|(e, c)| c.map(|c| c.saturating_mul(e.multiplicity)))
            .fold(0u64, u64::saturating_add);
        let counted = count_entries(&self.variant, entries, &skip, options, &mut |i, n| {
            record(i, n)?;
            counts[i] = Some(n);
            finished += 1;
            leaves = leaves.saturating_add(n.saturating_mul(entries[i].multiplicity));
            if let Some(p) = options.progress {
                p(finished, entries.len(), leaves, started.elapsed());
            }
            Ok(())
        })?;
        let counts: Vec<u64> = counts.into_iter().map(|c| c.unwrap_or(0)).collect();
        let total = weighted_total(entries, &counts)
            .ok_or_else(|| format_error(path, "the total overflows 64 bits"))?;
        Ok(UnitResult {
            unit: self.name,
            unit_sha256: self.sha256,
            variant: self.variant,
            keys: dimchess_core::zobrist::key_set(),
            hashed: hashed || counted,
            counts,
            total,
            seconds: started.elapsed().as_secs_f64(),
        })
    }
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
    let label = Path::new(unit);
    let unit = Unit::read(manifest, unit, unit_bytes, label)?;
    let counts = vec![None; unit.entries.len()];
    unit.count(counts, false, options, label, &mut |_, _| Ok(()))
}

/// Counts the unit file `unit_path` (its manifest is `manifest.json` in the same directory)
/// and writes its result file there ([`result_file_name`], written atomically). Each finished
/// entry is first appended to the partial file ([`partial_file_name`]; written through at once,
/// synced to disk at most once a second): a run that is killed and started again counts only
/// the entries the partial file does not hold. The partial file is removed once the result is
/// written. Results are made with the process's key set
/// ([`dimchess_core::zobrist::key_set`]).
pub fn run_unit(unit_path: &Path, options: &RunOptions<'_>) -> Result<UnitResult, UnitError> {
    let dir = unit_path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = unit_path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format_error(unit_path, "not a unit file name"))?;
    let manifest = Manifest::read(dir)?;
    if manifest.unit(name).is_none() {
        return Err(format_error(
            unit_path,
            "not a unit of the manifest beside it",
        ));
    }
    let unit = Unit::read(&manifest, name, &read_bytes(unit_path)?, unit_path)?;
    let keys = dimchess_core::zobrist::key_set();
    let partial_path = dir.join(partial_file_name(name, keys));
    let result_path = dir.join(result_file_name(name, keys));
    let n = unit.entries.len();
    let (counts, hashed, mut file) = match read_partial(&partial_path, &unit.sha256, keys, n)? {
        Some(p) => {
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
            (p.counts, p.hashed, f)
        }
        None => {
            let mut f = File::create(&partial_path).map_err(io_error(&partial_path))?;
            f.write_all(partial_header(name, &unit.sha256, keys).as_bytes())
                .map_err(io_error(&partial_path))?;
            f.sync_data().map_err(io_error(&partial_path))?;
            (vec![None; n], false, f)
        }
    };
    let mut last_sync = Instant::now();
    let will_hash = options.hash_mb > 0 && unit.entries.iter().any(|e| e.depth >= 2);
    let result = unit.count(counts, hashed, options, unit_path, &mut |i, n| {
        // One write per line (written through: survives the process being killed).
        file.write_all(partial_line(i, n, will_hash).as_bytes())
            .map_err(io_error(&partial_path))?;
        if last_sync.elapsed() >= Duration::from_secs(1) {
            file.sync_data().map_err(io_error(&partial_path))?;
            last_sync = Instant::now();
        }
        Ok(())
    })?;
    file.sync_data().map_err(io_error(&partial_path))?;
    drop(file);
    write_atomic(&result_path, result.to_json().as_bytes())?;
    fs::remove_file(&partial_path).map_err(io_error(&partial_path))?;
    Ok(result)
}
