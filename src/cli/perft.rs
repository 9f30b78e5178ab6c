//! `dimchess perft`: leaf counts, divide, threads, the shared table, progress on stderr.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;

use super::{Fail, in_range, json, position, write_failure};
use crate::Position;
use crate::core::perft::{PerftOptions, PerftTable, Progress};

/// `dimchess perft`.
#[derive(Args)]
pub(super) struct PerftArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// The depth in plies, 0 to 64
    #[arg(value_name = "depth", value_parser = depth, allow_negative_numbers = true)]
    depth: u32,
    /// The position text to start from instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Prints `<move>: <count>` per root move, then `Nodes searched: N`
    #[arg(long)]
    divide: bool,
    /// Threads to count with, 1 to 1024 [default: every core]
    #[arg(long, value_name = "N", value_parser = in_range::<usize>(1, 1024), allow_hyphen_values = true)]
    threads: Option<usize>,
    /// A shared table of subtree counts of this many MiB (same counts, less work)
    #[arg(long = "hash", value_name = "MB", value_parser = hash_mb, allow_hyphen_values = true)]
    hash_mb: Option<usize>,
    /// Prints one JSON object: variant, position, depth, moves (with --divide), nodes
    #[arg(long)]
    json: bool,
}

/// `perft`'s depth, 0 to 64.
pub(super) fn depth(text: &str) -> Result<u32, String> {
    in_range(0, 64)(text)
}

/// `perft --hash`: a size in MiB from 1 to this machine's memory. The table's pages are
/// committed as it fills: a size the machine cannot hold would only fail late in a long run,
/// so it is refused here.
pub(super) fn hash_mb(text: &str) -> Result<usize, String> {
    let max = PerftTable::max_mb();
    let mb: usize =
        text.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
            format!("expected a size in MiB from 1 to {max} (this machine's memory)")
        })?;
    if mb > max {
        return Err(format!("more than this machine's memory ({max} MiB)"));
    }
    Ok(mb)
}

/// `perft --json`.
#[derive(Serialize)]
struct PerftJson<'a> {
    variant: &'a str,
    position: String,
    depth: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<DivideJson<'a>>>,
    nodes: u64,
}

/// One root move of `perft --divide --json`.
#[derive(Serialize)]
struct DivideJson<'a> {
    #[serde(rename = "move")]
    mv: &'a str,
    count: u64,
}

/// `dimchess perft`: the count as the last line (or per root move with `--divide`), or one
/// JSON object; progress and timing of long runs on stderr.
pub(super) fn perft(a: PerftArgs, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let (variant, depth) = (a.variant.as_str(), a.depth);
    let hash_mb = a.hash_mb.unwrap_or(0);
    let pos = position(variant, a.fen.as_deref())?;
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let start = Instant::now();
    let reporter = ProgressLine::new();
    let report = |p: &Progress| reporter.report(p);
    let options = PerftOptions {
        threads,
        hash_mb,
        progress: Some(&report),
    };
    let divide = if a.divide {
        Some(pos.perft_divide_with(depth, &options))
    } else {
        None
    };
    let total = match &divide {
        // Depth 0 has no root moves to divide and one leaf, the position itself.
        Some(div) if depth > 0 => div.iter().map(|(_, n)| n).sum(),
        _ => pos.perft_with(depth, &options),
    };
    reporter.finish();
    if a.json {
        json::write_line(
            out,
            &PerftJson {
                variant: pos.id(),
                position: pos.text(),
                depth,
                moves: divide.as_ref().map(|div| {
                    div.iter()
                        .map(|(m, n)| DivideJson { mv: m, count: *n })
                        .collect()
                }),
                nodes: total,
            },
        )?;
    } else if let Some(div) = &divide {
        for (m, n) in div {
            writeln!(out, "{m}: {n}").map_err(io)?;
        }
        writeln!(out, "\nNodes searched: {total}").map_err(io)?;
    } else {
        writeln!(out, "{total}").map_err(io)?;
    }
    let secs = start.elapsed().as_secs_f64();
    if secs > 1.0 {
        eprintln!(
            "perft {variant} depth {depth}: {total} leaves in {secs:.2} s ({:.1} M leaves/s, {threads} thread(s){})",
            total as f64 / secs / 1e6,
            if hash_mb > 0 {
                format!(", {hash_mb} MiB hash")
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

/// Progress of a long perft on stderr: nothing for the first two seconds, then one line
/// rewritten in place every half second on a terminal, or a new line every ten seconds
/// elsewhere (logs).
struct ProgressLine {
    last: Mutex<Option<Instant>>,
    terminal: bool,
}

impl ProgressLine {
    fn new() -> ProgressLine {
        ProgressLine {
            last: Mutex::new(None),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn report(&self, p: &Progress) {
        if p.elapsed < Duration::from_secs(2) {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let every = if self.terminal {
            Duration::from_millis(500)
        } else {
            Duration::from_secs(10)
        };
        if last.is_some_and(|t| t.elapsed() < every) {
            return;
        }
        *last = Some(Instant::now());
        let secs = p.elapsed.as_secs_f64();
        let left = if p.done > 0 {
            secs * (p.total - p.done) as f64 / p.done as f64
        } else {
            0.0
        };
        let line = format!(
            "perft: {}/{} subtrees, {} leaves, {secs:.0} s, about {left:.0} s left",
            p.done, p.total, p.leaves
        );
        if self.terminal {
            eprint!("\r{line}   ");
        } else {
            eprintln!("{line}");
        }
    }

    fn finish(&self) {
        if self.terminal && self.last.lock().is_ok_and(|l| l.is_some()) {
            eprintln!();
        }
    }
}
