//! The tool's `match` (games between players, crate `dimchess-arena`: external UCI engines,
//! concurrency, paired openings, SPRT, adjudication) and `openings` (balanced start positions
//! for it). docs/engine.md, "Testing like engine authors", shows how they are used.

use std::io::Write;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::json::{self, Fixed};
use super::{Fail, in_range, write_failure};
use crate::registry;
use dimchess_arena::adjudicate::{Adjudication, DrawRule, WinRule};
use dimchess_arena::openings::{self, GenerateOptions};
use dimchess_arena::player::{PlayerKind, PlayerSpec};
use dimchess_arena::runner::{self, Event, MatchConfig, Tally};
use dimchess_arena::stats::{self, Sprt};

impl From<dimchess_arena::Error> for Fail {
    fn from(e: dimchess_arena::Error) -> Fail {
        Fail(e.to_string())
    }
}

/// Games played with `--sprt` when `--games` is not given: the test decides when to stop.
const SPRT_GAMES: u64 = 100_000;

/// The arguments of `dimchess match`.
#[derive(Args)]
#[command(
    after_help = "PLAYER: random, greedy, engine[:depth=N|:movetime=MS|:nodes=N|:algo=brs|paranoid|maxn]\n        \
                  or uci:PATH[:args=WORDS][:name=NAME][:depth=N|:movetime=MS|:nodes=N][:Option=value...]"
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
    /// Games to play, 1 to 1000000 (player A's seat rotates) [default: 10; with --sprt, until
    /// the test decides]
    #[arg(long, value_name = "N", value_parser = in_range::<u64>(1, 1_000_000), allow_hyphen_values = true)]
    games: Option<u64>,
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
    #[command(flatten)]
    testing: MatchTesting,
}

// The options of `dimchess match` for engine testing. (Not a doc comment: clap would take it
// for the command's summary.)
#[derive(Args)]
pub(super) struct MatchTesting {
    /// Games played at once, each on its own thread, 1 to 256
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = in_range::<usize>(1, 256), allow_hyphen_values = true)]
    concurrency: usize,
    /// Stops when the SPRT of elo0 against elo1 (normalized Elo) decides
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", value_parser = |t: &str| t.parse::<Sprt>(), allow_hyphen_values = true)]
    sprt: Option<Sprt>,
    /// Adjudicates a win when both engines agree on CP for MOVES moves each
    #[arg(long, value_name = "CP:MOVES", value_parser = |t: &str| t.parse::<WinRule>())]
    adjudicate_win: Option<WinRule>,
    /// Adjudicates a draw from move MOVE when both engines' scores stay within CP for MOVES moves each
    #[arg(long, value_name = "MOVE:CP:MOVES", value_parser = |t: &str| t.parse::<DrawRule>())]
    adjudicate_draw: Option<DrawRule>,
    /// Milliseconds a UCI engine may overrun its time for a move before it loses on time
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = in_range::<u64>(0, 3_600_000), allow_hyphen_values = true)]
    timemargin: u64,
}

/// The arguments of `dimchess openings`.
#[derive(Args)]
pub(super) struct OpeningsArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// Positions to make, 1 to 1000000
    #[arg(long, value_name = "N", value_parser = in_range::<usize>(1, 1_000_000), allow_hyphen_values = true)]
    count: usize,
    /// Random plies from the start position, 0 to 1000
    #[arg(long, value_name = "K", default_value_t = 8, value_parser = in_range::<usize>(0, 1000), allow_hyphen_values = true)]
    plies: usize,
    /// Seed of the random plies
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = in_range::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    seed: u64,
    /// Depth of the search that scores each position (Dimension X: actions), 1 to 64
    #[arg(long, value_name = "D", default_value_t = 4, value_parser = in_range::<u32>(1, 64), allow_hyphen_values = true)]
    depth: u32,
    /// Writes the positions to FILE instead of stdout
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    out: Option<String>,
}

/// `dimchess openings <variant> --count N [--plies K] [--seed S] [--depth D] [--out FILE]`.
pub(super) fn make_openings(a: OpeningsArgs, out: &mut impl Write) -> Result<(), Fail> {
    let info = registry::find(&a.variant)?;
    let options = GenerateOptions {
        count: a.count,
        plies: a.plies,
        seed: a.seed,
        depth: a.depth,
        ..GenerateOptions::default()
    };
    let made = openings::generate(info, &options)?;
    let mut text = format!(
        "# dimchess openings {} --count {} --plies {} --seed {} --depth {}: scored within ±{} cp\n",
        info.id, a.count, a.plies, a.seed, a.depth, options.max_cp
    );
    for p in &made {
        text.push_str(&crate::Position::text(p));
        text.push('\n');
    }
    match &a.out {
        Some(f) => std::fs::write(f, text).map_err(|e| Fail(format!("--out `{f}`: {e}"))),
        None => out.write_all(text.as_bytes()).map_err(write_failure),
    }
}

/// `dimchess match <variant> --white PLAYER --black PLAYER [--players PLAYER...] [--games N]
/// [--movetime MS] [--openings FILE] [--record DIR] [--max-plies N] [--seed N] [--json]`, and
/// the testing options.
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
        testing,
    } = args;
    let info = registry::find(&variant)?;
    let mut players = vec![
        PlayerSpec::parse(&white, movetime)?,
        PlayerSpec::parse(&black, movetime)?,
    ];
    for t in &others {
        players.push(PlayerSpec::parse(t, movetime)?);
    }
    let openings = match &openings_file {
        None => vec![info.start_position()],
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("openings `{f}`: {e}"))?;
            openings::read(info, &text, f)?
        }
    };
    if let Some(d) = &record_dir {
        std::fs::create_dir_all(d).map_err(|e| format!("record directory `{d}`: {e}"))?;
    }
    let mut config = MatchConfig::new(openings, players);
    let seats = config.seats();
    if !others.is_empty() && others.len() + 2 != seats {
        return Err(Fail(format!(
            "--players: a {seats}-seat game takes {} more players after --white and --black",
            seats - 2
        )));
    }
    config.games = games.unwrap_or(if testing.sprt.is_some() {
        SPRT_GAMES
    } else {
        10
    });
    config.max_plies = max_plies;
    config.seed = seed;
    config.concurrency = testing.concurrency;
    config.sprt = testing.sprt;
    config.adjudication = Adjudication {
        win: testing.adjudicate_win,
        draw: testing.adjudicate_draw,
    };
    config.timemargin = Duration::from_millis(testing.timemargin);
    let (a, b) = (
        config.players[0].name.clone(),
        config.players[1].name.clone(),
    );
    let io = write_failure;
    let tally = runner::run(&config, |event| {
        match event {
            Event::Game { report, .. } => {
                if let Some(dir) = &record_dir {
                    let path = format!("{dir}/game-{:04}.txt", report.index + 1);
                    std::fs::write(&path, report.game.to_record())
                        .map_err(|e| observer(format!("record `{path}`: {e}")))?;
                }
                if !json {
                    let line = format!(
                        "game {} ({a} at seat {}): {}, {} plies, {a} scores {}",
                        report.index + 1,
                        report.a_seat,
                        report.outcome_text,
                        report.game.len(),
                        report.points
                    );
                    writeln!(out, "{line}")
                        .and_then(|()| out.flush())
                        .map_err(|e| observer(io(e).0))?;
                }
            }
            Event::Pair { tally } => {
                if let Some(sprt) = &config.sprt {
                    eprintln!("{}", progress_line(tally, sprt));
                }
            }
        }
        Ok(())
    })?;
    let uci = config
        .players
        .iter()
        .any(|p| matches!(p.kind, PlayerKind::Uci { .. }));
    let adjudicating = config.adjudication.is_active();
    if json {
        json::write_line(out, &match_json(info.id, &a, &b, &tally, &config, uci))
    } else {
        if let Some(sprt) = &config.sprt {
            for line in sprt_lines(&tally, sprt) {
                writeln!(out, "{line}").map_err(io)?;
            }
        }
        let (e, err) = stats::game_elo(&tally.scores);
        let score = tally.scores.iter().sum::<f64>() / tally.games as f64;
        let elo_text = match e {
            Some(e) => format!("Elo {e:+.0} +/- {err:.0}"),
            None if score >= 1.0 => format!("Elo +inf (95% lower bound {err:+.0})"),
            None => format!("Elo -inf (95% upper bound {err:+.0})"),
        };
        let mut counts = format!("capped {}, illegal moves {}", tally.capped, tally.illegal);
        if uci {
            counts.push_str(&format!(", forfeits {}", tally.forfeits));
        }
        if adjudicating {
            counts.push_str(&format!(", adjudicated {}", tally.adjudicated));
        }
        writeln!(
            out,
            "{a} vs {b} in {}: {} games, +{} ={} -{} ({counts}), score {:.1}%, {elo_text}",
            info.id,
            tally.games,
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * score
        )
        .map_err(io)
    }
}

/// A failure of the match's observer (a record or the output).
fn observer(message: String) -> dimchess_arena::Error {
    dimchess_arena::Error::Observer(message)
}

/// `pair 12 (24 games): +9 =8 -7, Ptnml(0-2) [0, 3, 6, 2, 1], Elo +29 +/- 71, nElo ..., LLR 0.21 (-2.94, 2.94)`.
fn progress_line(t: &Tally, sprt: &Sprt) -> String {
    format!(
        "pair {} ({} games): +{} ={} -{}, Ptnml(0-2) {:?}, {}, LLR {:.2} ({:.2}, {:.2})",
        t.pentanomial.pairs(),
        t.games,
        t.wins,
        t.draws,
        t.losses,
        t.pentanomial.counts,
        elo_words(t),
        llr(t),
        sprt.lower_bound(),
        sprt.upper_bound()
    )
}

/// The LLR so far, a value that prints as 0.00 made +0 (not -0.00).
fn llr(t: &Tally) -> f64 {
    let v = t.llr.unwrap_or(0.0);
    if v.abs() < 0.005 { 0.0 } else { v }
}

/// `Elo +12.3 +/- 8.1, nElo +20.1 +/- 13.0` from the pentanomial counts.
fn elo_words(t: &Tally) -> String {
    match t.pentanomial.estimate() {
        None => "Elo (no pairs yet)".to_string(),
        Some(e) => {
            let nelo = match (e.nelo, e.nelo_error) {
                (Some(n), Some(ne)) => format!("nElo {n:+.1} +/- {ne:.1}"),
                _ => "nElo (no variance)".to_string(),
            };
            format!("Elo {:+.1} +/- {:.1}, {nelo}", e.elo, e.elo_error)
        }
    }
}

/// The SPRT's summary: bounds and verdict, pentanomial counts, Elo.
fn sprt_lines(t: &Tally, sprt: &Sprt) -> [String; 3] {
    let verdict = t.verdict.unwrap_or(stats::Verdict::Continue);
    [
        format!(
            "SPRT nElo [{}, {}] alpha {} beta {}: LLR {:.2} (bounds {:.2}, {:.2}), {}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            llr(t),
            sprt.lower_bound(),
            sprt.upper_bound(),
            verdict.text()
        ),
        format!(
            "pairs {}: Ptnml(0-2) [LL, LD, DD+WL, WD, WW] = {:?}, +{} ={} -{}",
            t.pentanomial.pairs(),
            t.pentanomial.counts,
            t.wins,
            t.draws,
            t.losses
        ),
        format!("{} (pentanomial, 95%)", elo_words(t)),
    ]
}

fn match_json<'a>(
    variant: &'a str,
    a: &'a str,
    b: &'a str,
    t: &'a Tally,
    config: &MatchConfig,
    uci: bool,
) -> MatchJson<'a> {
    let score = t.scores.iter().sum::<f64>() / t.games as f64;
    let (e, err) = stats::game_elo(&t.scores);
    let sprt = config.sprt.map(|s| {
        let est = t.pentanomial.estimate();
        SprtJson {
            elo0: s.elo0,
            elo1: s.elo1,
            alpha: s.alpha,
            beta: s.beta,
            llr: t.llr.unwrap_or(0.0),
            lower_bound: s.lower_bound(),
            upper_bound: s.upper_bound(),
            verdict: t.verdict.unwrap_or(stats::Verdict::Continue).text(),
            pairs: t.pentanomial.pairs(),
            pentanomial: t.pentanomial.counts,
            elo: est.map(|e| e.elo),
            elo_error: est.map(|e| e.elo_error),
            nelo: est.and_then(|e| e.nelo),
            nelo_error: est.and_then(|e| e.nelo_error),
        }
    });
    MatchJson {
        variant,
        a,
        b,
        games: t.games,
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
        capped: t.capped,
        illegal: t.illegal,
        forfeits: uci.then_some(t.forfeits),
        adjudicated: config.adjudication.is_active().then_some(t.adjudicated),
        score: Fixed(score),
        elo: e.map(Fixed),
        elo_error: e.map(|_| Fixed(err)),
        elo_bound: e.is_none().then_some(Fixed(err)),
        plies_median: t.median_plies().map(Fixed),
        sprt,
    }
}

/// `match --json`: the totals, and the Elo difference with its 95% half-width (`elo`,
/// `elo_error`), or `"elo": null` and the one-sided bound when every game scored the same;
/// the median length of the games in plies (`plies_median`);
/// `forfeits` with a UCI player, `adjudicated` with adjudication, `sprt` with an SPRT.
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
    #[serde(skip_serializing_if = "Option::is_none")]
    forfeits: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    adjudicated: Option<u64>,
    score: Fixed<4>,
    elo: Option<Fixed<1>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    elo_error: Option<Fixed<1>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    elo_bound: Option<Fixed<1>>,
    /// The median length of the games in plies.
    #[serde(skip_serializing_if = "Option::is_none")]
    plies_median: Option<Fixed<1>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<SprtJson>,
}

/// The SPRT in `match --json`: its settings, LLR and bounds, verdict, the pentanomial
/// counts (LL, LD, DD+WL, WD, WW) and the pentanomial Elo and nElo with their 95% half-widths.
#[derive(Serialize)]
struct SprtJson {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    llr: f64,
    lower_bound: f64,
    upper_bound: f64,
    verdict: &'static str,
    pairs: u64,
    pentanomial: [u64; 5],
    elo: Option<f64>,
    elo_error: Option<f64>,
    nelo: Option<f64>,
    nelo_error: Option<f64>,
}
