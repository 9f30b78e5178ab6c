//! The tool's `bestmove`: one search, its iterations on stderr (`match` is in `arena.rs`).

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::json;
use super::{Fail, in_range, position, write_failure};
use crate::Position;
use crate::engine::{AnyEngine, AnyInfo, Limits, Options};

fn info_line(i: &AnyInfo) -> String {
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        i.seldepth,
        i.score,
        i.nodes,
        i.nps(),
        i.elapsed.as_millis(),
        i.pv.join(" ")
    )
}

/// The arguments of `dimchess bestmove`.
#[derive(Args)]
pub(super) struct BestmoveArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// The position text to search instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Searches to this depth, 1 to 64 [default without a limit: --movetime 1000]
    #[arg(long, value_name = "N", value_parser = in_range::<u32>(1, 64), allow_hyphen_values = true)]
    depth: Option<u32>,
    /// Searches for this many milliseconds, 1 to 86400000
    #[arg(long, value_name = "MS", value_parser = in_range::<u64>(1, 86_400_000), allow_hyphen_values = true)]
    movetime: Option<u64>,
    /// Searches this many nodes at most
    #[arg(long, value_name = "N", value_parser = in_range::<u64>(1, u64::MAX), allow_hyphen_values = true)]
    nodes: Option<u64>,
    /// Transposition table size in MiB, 1 to 16384
    #[arg(long = "hash", value_name = "MB", value_parser = in_range::<usize>(1, 16384), allow_hyphen_values = true)]
    hash_mb: Option<usize>,
    /// Search threads (Lazy SMP), 1 to 64
    #[arg(long, value_name = "N", value_parser = in_range::<usize>(1, 64), allow_hyphen_values = true)]
    threads: Option<usize>,
    /// Prints one JSON object (the iterations too) instead of the move
    #[arg(long)]
    json: bool,
}

/// `dimchess bestmove <variant> [--fen TEXT] [--depth N | --movetime MS | --nodes N]
/// [--hash MB] [--threads N] [--json]`: the best move on stdout, the iterations on stderr.
pub(super) fn bestmove(a: BestmoveArgs, out: &mut impl Write) -> Result<(), Fail> {
    let mut limits = Limits {
        depth: a.depth,
        movetime: a.movetime.map(Duration::from_millis),
        nodes: a.nodes,
        ..Limits::default()
    };
    let mut options = Options::default();
    if let Some(mb) = a.hash_mb {
        options.hash_mb = mb;
    }
    if let Some(t) = a.threads {
        options.threads = t;
    }
    let json = a.json;
    let (variant, fen) = (a.variant, a.fen);
    let pos = position(&variant, fen.as_deref())?;
    if limits == Limits::default() {
        limits.movetime = Some(Duration::from_millis(1000));
    }
    let mut engine = AnyEngine::new(&options);
    let stop = AtomicBool::new(false);
    let mut iterations = Vec::new();
    let r = engine.search(&pos, &[], &limits, &stop, |i| {
        if json {
            iterations.push(IterationJson {
                depth: i.depth,
                seldepth: i.seldepth,
                score: i.score.to_string(),
                nodes: i.nodes,
                nps: i.nps(),
                time_ms: i.elapsed.as_millis(),
                pv: i.pv.clone(),
            });
        } else {
            eprintln!("{}", info_line(i));
        }
    })?;
    let io = write_failure;
    if json {
        json::write_line(
            out,
            &BestmoveJson {
                variant: pos.id(),
                position: pos.text(),
                iterations,
                bestmove: &r.best_text,
                score: r.score.to_string(),
                depth: r.depth,
                nodes: r.nodes,
                nps: r.nps(),
                time_ms: r.elapsed.as_millis(),
                pv: &r.pv,
            },
        )?;
    } else {
        eprintln!(
            "bestmove {} score {} depth {} nodes {} nps {} time {}",
            r.best_text,
            r.score,
            r.depth,
            r.nodes,
            r.nps(),
            r.elapsed.as_millis()
        );
        writeln!(out, "{}", r.best_text).map_err(io)?;
    }
    Ok(())
}

/// One completed iteration of `bestmove --json`.
#[derive(Serialize)]
struct IterationJson {
    depth: u32,
    seldepth: u32,
    score: String,
    nodes: u64,
    nps: u64,
    time_ms: u128,
    pv: Vec<String>,
}

/// `bestmove --json`.
#[derive(Serialize)]
struct BestmoveJson<'a> {
    variant: &'a str,
    position: String,
    iterations: Vec<IterationJson>,
    bestmove: &'a str,
    score: String,
    depth: u32,
    nodes: u64,
    nps: u64,
    time_ms: u128,
    pv: &'a [String],
}
