//! The tool's search commands: `bestmove` (one search, its iterations on stderr) and `match`
//! (games between players, every move checked by the rules, W/D/L and an Elo estimate).

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::json::{self, Fixed};
use super::{Fail, in_range, position, write_failure};
use crate::engine::{Algorithm, AnyEngine, AnyInfo, Limits, Options, greedy_move};
use crate::record::Game;
use crate::{AnyMove, AnyPosition, Describe, Position, registry};

/// A number in `lo..=hi` for option `name`.
fn number(text: &str, name: &str, lo: u64, hi: u64) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| format!("{name} `{text}`: expected a number from {lo} to {hi}"))
}

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
    /// Search threads, 1 to 1024
    #[arg(long, value_name = "N", value_parser = in_range::<usize>(1, 1024), allow_hyphen_values = true)]
    threads: Option<usize>,
    /// Transposition table size in MiB, 1 to 16384
    #[arg(long = "hash", value_name = "MB", value_parser = in_range::<usize>(1, 16384), allow_hyphen_values = true)]
    hash_mb: Option<usize>,
    /// Prints one JSON object (the iterations too) instead of the move
    #[arg(long)]
    json: bool,
}

/// `dimchess bestmove <variant> [--fen TEXT] [--depth N | --movetime MS | --nodes N]
/// [--threads N] [--hash MB] [--json]`: the best move on stdout, the iterations on stderr.
pub(super) fn bestmove(a: BestmoveArgs, out: &mut impl Write) -> Result<(), Fail> {
    let mut limits = Limits {
        depth: a.depth,
        movetime: a.movetime.map(Duration::from_millis),
        nodes: a.nodes,
        ..Limits::default()
    };
    let mut options = Options::default();
    if let Some(t) = a.threads {
        options.threads = t;
    }
    if let Some(mb) = a.hash_mb {
        options.hash_mb = mb;
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

/// A tiny deterministic generator (xorshift64*), for the random player and ties.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// A player of `dimchess match`.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Random,
    Greedy,
    Engine {
        limits: Limits,
        algorithm: Algorithm,
    },
}

#[derive(Clone, Debug)]
struct Spec {
    name: String,
    kind: Kind,
}

fn parse_player(text: &str, movetime: u64) -> Result<Spec, String> {
    let mut parts = text.split(':');
    let head = parts.next().unwrap_or("");
    let kind = match head {
        "random" => Kind::Random,
        "greedy" => Kind::Greedy,
        "engine" => {
            let mut limits = Limits::default();
            let mut algorithm = Algorithm::BrsPlus;
            for opt in parts.by_ref() {
                let (k, v) = opt.split_once('=').unwrap_or((opt, ""));
                match k {
                    "depth" => limits.depth = Some(number(v, "depth", 1, 64)? as u32),
                    "movetime" => {
                        limits.movetime =
                            Some(Duration::from_millis(number(v, "movetime", 1, 86_400_000)?))
                    }
                    "nodes" => limits.nodes = Some(number(v, "nodes", 1, u64::MAX)?),
                    "algo" if v == "brs" => algorithm = Algorithm::BrsPlus,
                    "algo" if v == "paranoid" => algorithm = Algorithm::Paranoid,
                    _ => {
                        return Err(format!(
                            "player `{text}`: unknown option `{opt}` (depth=N, movetime=MS, nodes=N, algo=brs|paranoid)"
                        ));
                    }
                }
            }
            if limits == Limits::default() {
                limits.movetime = Some(Duration::from_millis(movetime));
            }
            Kind::Engine { limits, algorithm }
        }
        _ => {
            return Err(format!(
                "player `{text}`: expected random, greedy or engine[:depth=N|:movetime=MS|:nodes=N|:algo=brs|paranoid]"
            ));
        }
    };
    if head != "engine" && parts.next().is_some() {
        return Err(format!("player `{text}`: `{head}` takes no options"));
    }
    Ok(Spec {
        name: text.to_string(),
        kind,
    })
}

/// A player during a match (an engine keeps its tables between its moves of a game).
struct Player {
    spec: Spec,
    engine: Option<AnyEngine>,
}

impl Player {
    fn new(spec: &Spec) -> Player {
        let engine = match spec.kind {
            Kind::Engine { algorithm, .. } => Some(AnyEngine::new(&Options {
                algorithm,
                ..Options::default()
            })),
            _ => None,
        };
        Player {
            spec: spec.clone(),
            engine,
        }
    }

    fn choose(
        &mut self,
        pos: &AnyPosition,
        history: &[u64],
        rng: &mut Rng,
    ) -> Result<AnyMove, String> {
        match (&self.spec.kind, self.engine.as_mut()) {
            (Kind::Random, _) => {
                let moves = pos.moves_with_text();
                if moves.is_empty() {
                    return Err("no legal move".into());
                }
                Ok(moves[(rng.next() % moves.len() as u64) as usize].0)
            }
            (Kind::Greedy, _) => greedy_move(pos, || rng.next()).map_err(|e| e.to_string()),
            (Kind::Engine { limits, .. }, Some(engine)) => {
                let stop = AtomicBool::new(false);
                engine
                    .search(pos, history, limits, &stop, |_| {})
                    .map(|r| r.best)
                    .map_err(|e| e.to_string())
            }
            (Kind::Engine { .. }, None) => Err("engine not started".into()),
        }
    }
}

/// The Elo difference for the games' mean score, and the half-width of its 95% interval
/// from the games' spread (normal approximation). When every game scored the same (all won
/// or all lost) the difference is unbounded: `None`, with the exact one-sided 95% bound
/// (a score `p` with `p^n = 0.05`) as the second value.
fn elo(scores: &[f64]) -> (Option<f64>, f64) {
    let n = scores.len() as f64;
    if n == 0.0 {
        return (Some(0.0), 0.0);
    }
    // (`+ 0.0`: an even score is 0, not -0, in the text and the JSON.)
    let to_elo = |s: f64| -400.0 * (1.0 / s - 1.0).log10() + 0.0;
    let mean = scores.iter().sum::<f64>() / n;
    if mean >= 1.0 || mean <= 0.0 {
        let bound = to_elo(0.05f64.powf(1.0 / n));
        return (None, if mean >= 1.0 { bound } else { -bound });
        // (For all losses the upper bound is the mirror image of the all-wins lower bound.)
    }
    let var = scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / n;
    let sd = (var / n).sqrt();
    let lo = to_elo((mean - 1.96 * sd).max(1e-6));
    let hi = to_elo((mean + 1.96 * sd).min(1.0 - 1e-6));
    (Some(to_elo(mean)), (hi - lo) / 2.0)
}

/// The arguments of `dimchess match`.
#[derive(Args)]
#[command(
    after_help = "PLAYER: random, greedy or engine[:depth=N|:movetime=MS|:nodes=N|:algo=brs|paranoid]"
)]
pub(super) struct MatchArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// Player A, the one whose score and Elo are reported (seat 0 in the first game)
    #[arg(long, value_name = "PLAYER", allow_hyphen_values = true)]
    white: String,
    /// Player B
    #[arg(long, value_name = "PLAYER", allow_hyphen_values = true)]
    black: String,
    /// The other players of a four-seat game (give it twice)
    #[arg(long = "players", value_name = "PLAYER", allow_hyphen_values = true)]
    others: Vec<String>,
    /// Games to play, 1 to 1000000 (player A's seat rotates)
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = in_range::<u64>(1, 1_000_000), allow_hyphen_values = true)]
    games: u64,
    /// Milliseconds per move of an engine player that has no limit of its own
    #[arg(long, value_name = "MS", default_value_t = 100, value_parser = in_range::<u64>(1, 86_400_000), allow_hyphen_values = true)]
    movetime: u64,
    /// Start positions, one position text a line (`#` comments), used in turn
    #[arg(long = "openings", value_name = "FILE", allow_hyphen_values = true)]
    openings_file: Option<String>,
    /// Writes each game's record to DIR/game-NNNN.txt
    #[arg(long = "record", value_name = "DIR", allow_hyphen_values = true)]
    record_dir: Option<String>,
    /// Stops a game after this many plies, scored as a draw [default: 300 per seat]
    #[arg(long, value_name = "N", value_parser = in_range::<u64>(1, 100_000), allow_hyphen_values = true)]
    max_plies: Option<u64>,
    /// Seed of the random choices (random player, ties)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = in_range::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    seed: u64,
    /// Prints one JSON object with the totals instead of a line per game and the totals
    #[arg(long)]
    json: bool,
}

/// `dimchess match <variant> --white PLAYER --black PLAYER [--players PLAYER...] [--games N]
/// [--movetime MS] [--openings FILE] [--record DIR] [--max-plies N] [--seed N] [--json]`.
pub(super) fn run_match(args: MatchArgs, out: &mut impl Write) -> Result<(), Fail> {
    let MatchArgs {
        variant,
        white,
        black,
        others,
        games,
        movetime,
        openings_file,
        record_dir,
        max_plies,
        seed,
        json,
    } = args;
    let info = registry::find(&variant)?;
    let a = parse_player(&white, movetime)?;
    let b = parse_player(&black, movetime)?;
    let extra: Vec<Spec> = others
        .iter()
        .map(|t| parse_player(t, movetime))
        .collect::<Result<_, _>>()?;
    let openings: Vec<AnyPosition> = match &openings_file {
        None => vec![info.start_position()],
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("openings `{f}`: {e}"))?;
            let mut v = Vec::new();
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                v.push(
                    info.parse_position(line)
                        .map_err(|e| format!("openings `{f}` line {}: {e}", n + 1))?,
                );
            }
            if v.is_empty() {
                return Err(Fail(format!("openings `{f}`: no position")));
            }
            v
        }
    };
    if let Some(d) = &record_dir {
        std::fs::create_dir_all(d).map_err(|e| format!("record directory `{d}`: {e}"))?;
    }
    let seats = if openings[0].layout().players.len() > 2 {
        4
    } else {
        2
    };
    // The cap: 300 turns per seat (games between sensible players end long before).
    let max_plies = max_plies.unwrap_or(300 * seats as u64);
    if !extra.is_empty() && extra.len() + 2 != seats {
        return Err(Fail(format!(
            "--players: a {seats}-seat game takes {} more players after --white and --black",
            seats - 2
        )));
    }
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let (mut w, mut d, mut l, mut capped, mut illegal) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut scores = Vec::new();
    let io = write_failure;
    for g in 0..games {
        // Player A sits at seat g % seats; B (and the extra players) fill the others in order.
        let a_seat = (g % seats as u64) as usize;
        let start = openings[((g / seats as u64) % openings.len() as u64) as usize].clone();
        let mut specs: Vec<Spec> = Vec::with_capacity(seats);
        let mut rest = std::iter::once(&b).chain(extra.iter()).cycle();
        for s in 0..seats {
            if s == a_seat {
                specs.push(a.clone());
            } else if let Some(x) = rest.next() {
                specs.push(x.clone());
            }
        }
        let mut players: Vec<Player> = specs.iter().map(Player::new).collect();
        let mut game = Game::new(start);
        let mut history: Vec<u64> = Vec::new();
        let mut outcome_text = String::new();
        let mut a_points = None;
        while game.position().outcome().is_none() {
            if game.len() as u64 >= max_plies {
                break;
            }
            let pos = game.position().clone();
            let seat = pos.turn();
            let mv = players[seat].choose(&pos, &history, &mut rng)?;
            if let Err(e) = game.play(mv) {
                // The rules reject the move: the mover loses.
                illegal += 1;
                outcome_text = format!("illegal move by {}: {e}", specs[seat].name);
                a_points = Some(if seat == a_seat { 0.0 } else { 1.0 });
                break;
            }
            history.push(pos.zobrist());
        }
        let final_pos = game.position().clone();
        let points = match (a_points, final_pos.outcome()) {
            (Some(p), _) => p,
            (None, Some(o)) => {
                outcome_text = final_pos.result_text().unwrap_or_else(|| o.to_string());
                match o.winner() {
                    Some(wn) if wn == a_seat => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                }
            }
            (None, None) => {
                capped += 1;
                outcome_text = format!("move cap of {max_plies} plies");
                0.5
            }
        };
        if points == 1.0 {
            w += 1;
        } else if points == 0.0 {
            l += 1;
        } else {
            d += 1;
        }
        scores.push(points);
        if let Some(dir) = &record_dir {
            for (s, spec) in specs.iter().enumerate() {
                let name = match (seats, s) {
                    (2, 0) => "White".to_string(),
                    (2, _) => "Black".to_string(),
                    _ => format!("Seat{s}"),
                };
                let _ = game.set_tag(&name, &spec.name);
            }
            let path = format!("{dir}/game-{:04}.txt", g + 1);
            std::fs::write(&path, game.to_record()).map_err(|e| format!("record `{path}`: {e}"))?;
        }
        if !json {
            writeln!(
                out,
                "game {} ({} at seat {a_seat}): {outcome_text}, {} plies, {} scores {points}",
                g + 1,
                a.name,
                game.len(),
                a.name
            )
            .map_err(io)?;
            out.flush().map_err(io)?;
        }
    }
    let n = scores.len() as f64;
    let score = scores.iter().sum::<f64>() / n;
    let (e, err) = elo(&scores);
    let elo_text = match e {
        Some(e) => format!("Elo {e:+.0} +/- {err:.0}"),
        None if score >= 1.0 => format!("Elo +inf (95% lower bound {err:+.0})"),
        None => format!("Elo -inf (95% upper bound {err:+.0})"),
    };
    if json {
        json::write_line(
            out,
            &MatchJson {
                variant: info.id,
                a: &a.name,
                b: &b.name,
                games,
                wins: w,
                draws: d,
                losses: l,
                capped,
                illegal,
                score: Fixed(score),
                elo: e.map(Fixed),
                elo_error: e.map(|_| Fixed(err)),
                elo_bound: e.is_none().then_some(Fixed(err)),
            },
        )?;
    } else {
        writeln!(
            out,
            "{} vs {} in {}: {games} games, +{w} ={d} -{l} (capped {capped}, illegal moves {illegal}), score {:.1}%, {elo_text}",
            a.name,
            b.name,
            info.id,
            100.0 * score
        )
        .map_err(io)?;
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

/// `match --json`: the totals, and the Elo difference with its 95% half-width (`elo`,
/// `elo_error`), or `"elo": null` and the one-sided bound when every game scored the same.
#[derive(Serialize)]
struct MatchJson<'a> {
    variant: &'a str,
    a: &'a str,
    b: &'a str,
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    capped: u64,
    illegal: u64,
    score: Fixed<4>,
    elo: Option<Fixed<1>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    elo_error: Option<Fixed<1>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    elo_bound: Option<Fixed<1>>,
}

#[cfg(test)]
mod tests {
    use super::elo;

    /// An even score is +0 Elo, never -0 (`match --json` printed `"elo":-0.0`); a 75% score is
    /// +191 (400 log10 3).
    #[test]
    fn elo_of_even_and_winning_scores() {
        let (e, err) = elo(&[1.0, 0.0, 0.5, 0.5]);
        let e = e.unwrap();
        assert!(e == 0.0 && e.is_sign_positive(), "{e}");
        assert_eq!(format!("{e:.1}"), "0.0");
        assert!(err > 0.0);
        let (e, _) = elo(&[1.0, 1.0, 1.0, 0.0]);
        assert_eq!(format!("{:.0}", e.unwrap()), "191");
        assert_eq!(elo(&[1.0, 1.0]).0, None);
    }
}
