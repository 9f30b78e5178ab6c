//! The tool's distributed perft commands, thin over `dimchess-units`: `perft-split`
//! (work units and their manifest), `perft-run` (one unit, resumable) and `perft-merge` (the
//! checked total).

use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use dimchess_units::{self as distributed, RunOptions};

use super::Fail;
use super::perft::{depth, hash_mb};
use crate::registry;

/// `dimchess perft-split`.
#[derive(clap::Args)]
pub(super) struct SplitArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// The whole count's depth in plies, 0 to 64
    #[arg(value_name = "depth", value_parser = depth, allow_negative_numbers = true)]
    depth: u32,
    /// Split K plies down (each unit entry then counts depth - K plies)
    #[arg(long, value_name = "K", value_parser = super::in_range::<u32>(0, 64), allow_hyphen_values = true)]
    at: u32,
    /// The position text to start from instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// How many unit files to spread the entries over (fewer when there are fewer positions)
    #[arg(long, value_name = "N", value_parser = super::in_range::<usize>(1, 1_000_000), allow_hyphen_values = true)]
    units: usize,
    /// The directory for the manifest and the unit files
    #[arg(long, value_name = "DIR")]
    out: String,
}

/// `dimchess perft-run`.
#[derive(clap::Args)]
pub(super) struct RunArgs {
    /// The unit file (`unit-NNNN.jsonl` of a split)
    #[arg(value_name = "UNIT")]
    unit: String,
    /// Threads to count with, 1 to 1024
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::in_range::<usize>(1, 1024), allow_hyphen_values = true)]
    threads: usize,
    /// A shared table of subtree counts of this many MiB (same counts, less work)
    #[arg(long = "hash", value_name = "MB", value_parser = hash_mb, allow_hyphen_values = true)]
    hash_mb: Option<usize>,
    /// The Zobrist key set (0 is the default keys; another set verifies a hashed run)
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = super::in_range::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    keys: u64,
}

/// `dimchess perft-merge`.
#[derive(clap::Args)]
pub(super) struct MergeArgs {
    /// The split's directory (its manifest, units and results)
    #[arg(value_name = "DIR")]
    dir: String,
    /// Require every unit counted without a table or by two agreeing key sets
    #[arg(long)]
    verify: bool,
}

/// `dimchess perft-split <variant> <depth> --at K [--fen TEXT] --units N --out DIR`.
pub(super) fn split(a: SplitArgs, out: &mut impl Write) -> Result<(), Fail> {
    let (variant, depth, at, units, dir) = (a.variant.as_str(), a.depth, a.at, a.units, &a.out);
    let info = registry::find(variant).map_err(|e| Fail(e.to_string()))?;
    let root = match a.fen.as_deref() {
        Some(t) => info
            .parse_position(t.trim())
            .map_err(|e| Fail(e.to_string()))?,
        None => info.start_position(),
    };
    let m = distributed::split_to_dir(&root, depth, at, units, Path::new(dir))
        .map_err(|e| Fail(e.to_string()))?;
    writeln!(
        out,
        "{} entries ({} positions at ply {at}) in {} units in {dir}",
        m.entries,
        m.positions,
        m.units.len()
    )
    .map_err(|e| Fail(e.to_string()))
}

/// `dimchess perft-run UNIT [--threads N] [--hash MB] [--keys N]`.
pub(super) fn run(a: RunArgs, out: &mut impl Write) -> Result<(), Fail> {
    let (unit, threads, keys) = (a.unit.as_str(), a.threads, a.keys);
    let hash_mb = a.hash_mb.unwrap_or(0);
    if let Err(fixed) = crate::core::zobrist::set_key_set(keys) {
        return Err(Fail(format!(
            "--keys {keys}: this process already uses key set {fixed}"
        )));
    }
    let last = Mutex::new(Instant::now());
    let report = |done: usize, total: usize, leaves: u64, elapsed: Duration| {
        if let Ok(mut l) = last.lock()
            && l.elapsed() >= Duration::from_secs(10)
        {
            *l = Instant::now();
            eprintln!(
                "perft-run {unit}: {done}/{total} entries, {leaves} leaves, {:.0} s",
                elapsed.as_secs_f64()
            );
        }
    };
    let r = distributed::run_unit(
        Path::new(unit),
        &RunOptions {
            threads,
            hash_mb,
            progress: Some(&report),
        },
    )
    .map_err(|e| Fail(e.to_string()))?;
    writeln!(out, "{}", r.total).map_err(|e| Fail(e.to_string()))
}

/// `dimchess perft-merge DIR [--verify]`: the checked total as the last line.
pub(super) fn merge(a: MergeArgs, out: &mut impl Write) -> Result<(), Fail> {
    let (dir, verify) = (a.dir.as_str(), a.verify);
    let m = distributed::merge(Path::new(dir), verify).map_err(|e| Fail(e.to_string()))?;
    let sets: Vec<String> = m.key_sets.iter().map(u64::to_string).collect();
    writeln!(
        out,
        "{} units, {} entries, key set(s) {}, {}, {:.1} s of counting",
        m.units,
        m.entries,
        sets.join(" "),
        if m.verified {
            "verified (no hash table, or two key sets agreeing)"
        } else {
            "not verified (hash table, one key set)"
        },
        m.seconds
    )
    .map_err(|e| Fail(e.to_string()))?;
    writeln!(out, "{}", m.total).map_err(|e| Fail(e.to_string()))
}
