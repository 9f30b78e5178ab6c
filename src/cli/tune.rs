//! The tool's `tune`: Texel tuning of a variant's evaluation parameters on its own self-play
//! games (crate `dimchess-arena`, module `tune`; docs/engine.md, "Texel tuning"). It reports
//! tuned values next to the current ones and installs nothing.

use std::io::Write;

use clap::Args;
use serde::Serialize;

use super::json::{self, Fixed};
use super::{Fail, in_range, write_failure};
use crate::registry;
use dimchess_arena::tune::{SelfPlay, fit, fit_scale, mse, self_play, split};

/// The arguments of `dimchess tune`.
#[derive(Args)]
pub(super) struct TuneArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// Self-play games, 1 to 100000 (every tenth game's positions are held out)
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = in_range::<usize>(1, 100_000), allow_hyphen_values = true)]
    games: usize,
    /// The engine's nodes per move (Dimension X: actions), 1 to 10000000
    #[arg(long, value_name = "K", default_value_t = 1000, value_parser = in_range::<u64>(1, 10_000_000), allow_hyphen_values = true)]
    nodes: u64,
    /// Seed of the openings' random plies
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = in_range::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    seed: u64,
    /// Random plies of each opening, 0 to 1000
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = in_range::<usize>(0, 1000), allow_hyphen_values = true)]
    plies: usize,
    /// Plies of each game (after its opening) not sampled, 0 to 1000
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = in_range::<usize>(0, 1000), allow_hyphen_values = true)]
    skip: usize,
    /// Stops a game after this many plies (after its opening), a draw, 1 to 100000
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = in_range::<usize>(1, 100_000), allow_hyphen_values = true)]
    max_plies: usize,
    /// Steps of gradient descent, 0 to 1000000
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = in_range::<usize>(0, 1_000_000), allow_hyphen_values = true)]
    iterations: usize,
    /// The weight of the penalty on the squared distance of each value from its current one,
    /// 0 (none) to 1; given several times, one fit each, and the one with the lowest held-out
    /// error is reported [default: 0]
    #[arg(long, value_name = "X", value_parser = in_range::<f64>(0.0, 1.0), allow_hyphen_values = true)]
    l2: Vec<f64>,
    /// Keeps every parameter whose name contains TEXT at its current value (may be given
    /// several times)
    #[arg(long, value_name = "TEXT")]
    freeze: Vec<String>,
    /// Games played at once, 1 to 256
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = in_range::<usize>(1, 256), allow_hyphen_values = true)]
    threads: usize,
    /// Prints one JSON object instead of the table
    #[arg(long)]
    json: bool,
    /// Prints each game's progress on stderr
    #[arg(long)]
    verbose: bool,
}

/// `dimchess tune <variant> [--games N] [--nodes K] [--seed S] [--plies N] [--skip N]
/// [--max-plies N] [--iterations N] [--l2 X]... [--freeze TEXT]... [--threads N] [--json]
/// [--verbose]`.
pub(super) fn tune(a: TuneArgs, out: &mut impl Write) -> Result<(), Fail> {
    let info = registry::find(&a.variant)?;
    let options = SelfPlay {
        games: a.games,
        nodes: a.nodes,
        seed: a.seed,
        opening_plies: a.plies,
        skip_plies: a.skip,
        max_plies: a.max_plies,
        threads: a.threads,
    };
    let verbose = a.verbose;
    let samples = self_play(info, &options, |g, n| {
        if verbose {
            eprintln!("game {g}/{}: {n} positions", options.games);
        }
    })?;
    let (train, test) = split(samples);
    if train.is_empty() {
        return Err(Fail(format!(
            "no quiet position to tune on after {} games (fewer --skip plies or more --games)",
            a.games
        )));
    }
    let params = info.start_position().tune_parameters();
    let before: Vec<i32> = params.iter().map(|p| p.value).collect();
    let k = fit_scale(&train, &before);
    let fixed: Vec<bool> = params
        .iter()
        .map(|p| a.freeze.iter().any(|f| p.name.contains(f.as_str())))
        .collect();
    let l2s = if a.l2.is_empty() { vec![0.0] } else { a.l2 };
    let mut fits = Vec::new();
    let mut chosen: Option<(f64, f64, Vec<i32>)> = None;
    for &l2 in &l2s {
        let tuned = fit(&train, &before, k, a.iterations, l2, &fixed);
        let held_out = mse(&test, &tuned, k);
        fits.push(FitJson {
            l2,
            train_mse_after: Fixed(mse(&train, &tuned, k)),
            held_out_mse_after: Fixed(held_out),
        });
        if chosen.as_ref().is_none_or(|c| held_out < c.1) {
            chosen = Some((l2, held_out, tuned));
        }
    }
    let (l2, _, after) = chosen.unwrap_or((0.0, 0.0, before.clone()));
    let report = Report {
        variant: info.id,
        games: a.games,
        nodes: a.nodes,
        seed: a.seed,
        plies: a.plies,
        skip: a.skip,
        max_plies: a.max_plies,
        iterations: a.iterations,
        l2,
        fits,
        frozen: a.freeze.clone(),
        positions: train.len() + test.len(),
        train: train.len(),
        held_out: test.len(),
        k: Fixed(k),
        train_mse_before: Fixed(mse(&train, &before, k)),
        train_mse_after: Fixed(mse(&train, &after, k)),
        held_out_mse_before: Fixed(mse(&test, &before, k)),
        held_out_mse_after: Fixed(mse(&test, &after, k)),
        parameters: params
            .iter()
            .zip(&after)
            .map(|(p, &v)| ParamJson {
                name: p.name,
                current: p.value,
                tuned: v,
            })
            .collect(),
    };
    if a.json {
        return json::write_line(out, &report);
    }
    let io = write_failure;
    let mut text = format!(
        "{} games of {} at {} nodes a move (seed {}): {} positions, {} to train, {} held out\n\
         K {:.6} per centipawn, penalty {}\nMSE training {:.6} -> {:.6}, held out {:.6} -> {:.6}\n",
        report.games,
        report.variant,
        report.nodes,
        report.seed,
        report.positions,
        report.train,
        report.held_out,
        k,
        report.l2,
        report.train_mse_before.0,
        report.train_mse_after.0,
        report.held_out_mse_before.0,
        report.held_out_mse_after.0,
    );
    let width = params.iter().map(|p| p.name.len()).max().unwrap_or(0);
    text.push_str(&format!(
        "{:<width$}  current  tuned\n",
        "parameter",
        width = width.max(9)
    ));
    for p in &report.parameters {
        text.push_str(&format!(
            "{:<width$}  {:>7}  {:>5}\n",
            p.name,
            p.current,
            p.tuned,
            width = width.max(9)
        ));
    }
    out.write_all(text.as_bytes()).map_err(io)
}

/// `tune --json`: the run (its options), each fit (`fits`) and the penalty chosen, the scaling constant, the errors before and after (training and
/// held-out positions) and every parameter's current and tuned value.
#[derive(Serialize)]
struct Report {
    variant: &'static str,
    games: usize,
    nodes: u64,
    seed: u64,
    plies: usize,
    skip: usize,
    max_plies: usize,
    iterations: usize,
    l2: f64,
    fits: Vec<FitJson>,
    frozen: Vec<String>,
    positions: usize,
    train: usize,
    held_out: usize,
    k: Fixed<6>,
    train_mse_before: Fixed<6>,
    train_mse_after: Fixed<6>,
    held_out_mse_before: Fixed<6>,
    held_out_mse_after: Fixed<6>,
    parameters: Vec<ParamJson>,
}

/// One fit in `tune --json`: its penalty weight and its errors after.
#[derive(Serialize)]
struct FitJson {
    l2: f64,
    train_mse_after: Fixed<6>,
    held_out_mse_after: Fixed<6>,
}

/// One parameter in `tune --json`.
#[derive(Serialize)]
struct ParamJson {
    name: &'static str,
    current: i32,
    tuned: i32,
}
