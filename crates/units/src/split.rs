//! Splitting a count into work units: the positions `at` plies below the root, merged by text,
//! spread over unit files, with the manifest.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use dimchess_any::{AnyPosition, Position};
use dimchess_core::error::Escaped;

use crate::error::{UnitError, format_error, io_error};
use crate::files::{sha256_hex, write_atomic};
use crate::manifest::{MANIFEST_FILE, MAX_DEPTH, Manifest, UnitInfo};
use crate::unit::Entry;

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
