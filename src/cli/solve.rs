//! `dimchess solve`: every first move that forces a win within N of the side to move's turns.

use std::io::Write;

use clap::Args;
use serde::Serialize;

use super::{Fail, in_range, json, position, write_failure};
use crate::Position;
use crate::engine::solve::SolveOptions;

/// `dimchess solve`.
#[derive(Args)]
pub(super) struct SolveArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// The position text of the problem instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Within how many of the side to move's turns, 1 to 64
    #[arg(long, value_name = "N", value_parser = in_range::<u32>(1, 64), allow_hyphen_values = true)]
    turns: u32,
    /// Every winning first move, not only the first shortest
    #[arg(long)]
    all: bool,
    /// Prints one JSON object: variant, position, turns, player, win, solutions, nodes
    #[arg(long)]
    json: bool,
}

/// `solve --json`.
#[derive(Serialize)]
struct SolveJson<'a> {
    variant: &'a str,
    position: String,
    turns: u32,
    player: usize,
    win: bool,
    solutions: Vec<SolutionJson>,
    nodes: u64,
}

/// One winning first move of `solve --json`.
#[derive(Serialize)]
struct SolutionJson {
    #[serde(rename = "move")]
    mv: String,
    turns: u32,
}

/// `dimchess solve`: every first move (or the first shortest) that forces a win within
/// `--turns` of the side to move's own turns, then a summary line; or that none exists.
pub(super) fn solve(a: SolveArgs, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let turns = a.turns;
    let pos = position(&a.variant, a.fen.as_deref())?;
    let report = pos.solve(&SolveOptions {
        turns,
        all: a.all,
        verify: true,
    })?;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if a.json {
        return json::write_line(
            out,
            &SolveJson {
                variant: pos.id(),
                position: pos.text(),
                turns,
                player: report.player,
                win: report.is_win(),
                solutions: report
                    .solutions
                    .iter()
                    .map(|s| SolutionJson {
                        mv: pos.move_text(s.first),
                        turns: s.turns,
                    })
                    .collect(),
                nodes: report.nodes,
            },
        );
    }
    for s in &report.solutions {
        writeln!(
            out,
            "{}: win in {}",
            pos.move_text(s.first),
            plural(s.turns as usize, "turn")
        )
        .map_err(io)?;
    }
    let within = plural(turns as usize, "turn");
    if report.is_win() {
        writeln!(
            out,
            "forced win within {within}: {}, {} examined",
            plural(report.solutions.len(), "solution"),
            plural(report.nodes as usize, "position")
        )
    } else {
        writeln!(
            out,
            "no forced win within {within} ({} examined)",
            plural(report.nodes as usize, "position")
        )
    }
    .map_err(io)
}
