//! Merging: every result of a split checked against the manifest, its unit file and the other
//! key sets, and only then summed.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::Path;

use dimchess_core::error::Escaped;

use crate::error::{UnitError, format_error, io_error};
use crate::files::{read_bytes, read_text, sha256_hex};
use crate::manifest::Manifest;
use crate::result::{UnitResult, partial_file_name, result_file_name};
use crate::unit::{Entry, parse_unit, weighted_total};

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
