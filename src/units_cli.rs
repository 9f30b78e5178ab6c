//! The tool's distributed perft commands, thin over [`dimchess::distributed`]: `perft-split`
//! (work units and their manifest), `perft-run` (one unit, resumable) and `perft-merge` (the
//! checked total).

use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use dimchess::core::perft::PerftTable;
use dimchess::distributed::{self, RunOptions};
use dimchess::registry;

/// Reads the value after option `name`.
fn value<'a>(raw: &'a [String], i: &mut usize, name: &str) -> Result<&'a str, String> {
    *i += 1;
    raw.get(*i)
        .map(String::as_str)
        .ok_or_else(|| format!("option {name} needs a value"))
}

/// A number in `lo..=hi` for `name`.
fn number(text: &str, name: &str, lo: u64, hi: u64) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| format!("{name} `{text}`: expected a number from {lo} to {hi}"))
}

/// The positional arguments and the (option, value) pairs of a command line.
type Parsed<'a> = (Vec<&'a str>, Vec<(&'a str, &'a str)>);

/// Splits `raw` into positional arguments and (option, value) pairs for `options` (all take a
/// value; `flags` take none).
fn options<'a>(raw: &'a [String], options: &[&str], flags: &[&str]) -> Result<Parsed<'a>, String> {
    let mut positional = Vec::new();
    let mut named = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let a = raw[i].as_str();
        if options.contains(&a) {
            named.push((a, value(raw, &mut i, a)?));
        } else if flags.contains(&a) {
            named.push((a, ""));
        } else if a.starts_with("--") {
            return Err(format!("unknown option `{a}`"));
        } else {
            positional.push(a);
        }
        i += 1;
    }
    Ok((positional, named))
}

fn get<'a>(named: &[(&str, &'a str)], name: &str) -> Option<&'a str> {
    named
        .iter()
        .rev()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
}

/// `dimchess perft-split <variant> <depth> --at K [--fen TEXT] --units N --out DIR`.
pub fn split(raw: &[String], out: &mut impl Write) -> Result<(), String> {
    let (pos, named) = options(raw, &["--at", "--fen", "--units", "--out"], &[])?;
    let [variant, depth] = pos[..] else {
        return Err(format!(
            "`perft-split` needs a variant and a depth{}",
            pos.get(2)
                .map_or(String::new(), |a| format!(" (unexpected argument `{a}`)"))
        ));
    };
    let depth = number(depth, "depth", 0, 64)? as u32;
    let at = number(
        get(&named, "--at").ok_or("`perft-split` needs --at K")?,
        "--at",
        0,
        64,
    )? as u32;
    let units = number(
        get(&named, "--units").ok_or("`perft-split` needs --units N")?,
        "--units",
        1,
        1_000_000,
    )? as usize;
    let dir = get(&named, "--out").ok_or("`perft-split` needs --out DIR")?;
    let info = registry::find(variant).map_err(|e| e.to_string())?;
    let root = match get(&named, "--fen") {
        Some(t) => info.parse_position(t.trim()).map_err(|e| e.to_string())?,
        None => info.start_position(),
    };
    let m = distributed::split_to_dir(&root, depth, at, units, Path::new(dir))
        .map_err(|e| e.to_string())?;
    writeln!(
        out,
        "{} entries ({} positions at ply {at}) in {} units in {dir}",
        m.entries,
        m.positions,
        m.units.len()
    )
    .map_err(|e| e.to_string())
}

/// `dimchess perft-run UNIT [--threads N] [--hash MB] [--keys N]`.
pub fn run(raw: &[String], out: &mut impl Write) -> Result<(), String> {
    let (pos, named) = options(raw, &["--threads", "--hash", "--keys"], &[])?;
    let [unit] = pos[..] else {
        return Err("`perft-run` needs one unit file".to_string());
    };
    let threads = match get(&named, "--threads") {
        Some(t) => number(t, "--threads", 1, 1024)? as usize,
        None => 1,
    };
    let hash_mb = match get(&named, "--hash") {
        Some(h) => number(h, "--hash", 1, PerftTable::max_mb() as u64)? as usize,
        None => 0,
    };
    let keys = match get(&named, "--keys") {
        Some(k) => number(k, "--keys", 0, u64::MAX)?,
        None => 0,
    };
    if let Err(fixed) = dimchess::core::zobrist::set_key_set(keys) {
        return Err(format!(
            "--keys {keys}: this process already uses key set {fixed}"
        ));
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
    .map_err(|e| e.to_string())?;
    writeln!(out, "{}", r.total).map_err(|e| e.to_string())
}

/// `dimchess perft-merge DIR [--verify]`: the checked total as the last line.
pub fn merge(raw: &[String], out: &mut impl Write) -> Result<(), String> {
    let (pos, named) = options(raw, &[], &["--verify"])?;
    let [dir] = pos[..] else {
        return Err("`perft-merge` needs the split's directory".to_string());
    };
    let verify = get(&named, "--verify").is_some();
    let m = distributed::merge(Path::new(dir), verify).map_err(|e| e.to_string())?;
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
    .map_err(|e| e.to_string())?;
    writeln!(out, "{}", m.total).map_err(|e| e.to_string())
}
