//! A match: games between players on one or more threads, reported in game order.
//!
//! Game `g` (from 0) starts from opening `(g / seats) mod openings` with player A in seat
//! `g mod seats`: each opening is played `seats` times in a row with A in every seat (for two
//! players: a pair of games, colours reversed), the other seats filled by B and the further
//! players in order. Every move goes through `record::Game::play`; a game ends by the rules
//! (the position's and the game's: repetition, move-count and material rules), at the move
//! cap (a draw, counted as `capped`), by adjudication, or when a player forfeits: an illegal
//! move (counted as `illegal`), an engine that does not answer in time or has died
//! (`forfeits`). A forfeiting UCI engine is stopped and started again for its next game.
//!
//! With more than one thread each thread has its own players (UCI processes, engines) and
//! plays one game at a time; results are reported in game order, and the SPRT is judged
//! after each pair in that order, so a match stops at the same pair whatever the timing.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use dimchess_any::engine::{AnyEngine, Limits, Options, Score, greedy_move};
use dimchess_any::record::Game;
use dimchess_any::{AnyMove, AnyPosition, Describe, Outcome, Position};

use crate::Error;
use crate::adjudicate::{Adjudication, Tracker};
use crate::player::{PlayerKind, PlayerSpec};
use crate::rng::Rng;
use crate::stats::{Pentanomial, Sprt, Verdict};
use crate::uci::UciEngine;

/// How long a UCI engine may take to answer `uci` and `isready`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// How long a UCI engine may take for a move searched by depth or nodes only (no time of its
/// own), before the time margin.
pub const UNTIMED_MOVE: Duration = Duration::from_secs(60);

/// A match's settings. [`MatchConfig::new`] gives the defaults of `dimchess match`.
///
/// ```
/// use dimchess_arena::{player::PlayerSpec, runner::MatchConfig};
/// let players = vec![PlayerSpec::parse("random", 100).unwrap(), PlayerSpec::parse("greedy", 100).unwrap()];
/// let config = MatchConfig::new(vec![dimchess_any::registry::start("three-level").unwrap()], players);
/// assert_eq!((config.games, config.seats(), config.concurrency), (10, 4, 1));
/// ```
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A (whose results are reported), player B, then the players of further seats
    /// (none, or as many as a four-seat game has beyond two).
    pub players: Vec<PlayerSpec>,
    /// The most games to play (an SPRT may stop the match before).
    pub games: u64,
    /// The start positions (at least one; all of one variant), used in turn.
    pub openings: Vec<AnyPosition>,
    /// The move cap in plies (`None`: 300 turns per seat).
    pub max_plies: Option<u64>,
    /// The seed of the random choices (random player, ties of the greedy one).
    pub seed: u64,
    /// Games played at once, each on its own thread (at least 1).
    pub concurrency: usize,
    /// An SPRT that stops the match once it decides (two-player games only).
    pub sprt: Option<Sprt>,
    /// Adjudication by agreed scores (two-player games between engines only).
    pub adjudication: Adjudication,
    /// How much longer than its own time for a move a UCI engine may take before it loses
    /// on time.
    pub timemargin: Duration,
}

impl MatchConfig {
    /// `players` from `openings`, with `dimchess match`'s defaults: 10 games, the move cap
    /// of 300 turns per seat, seed 1, one thread, no SPRT, no adjudication, a time margin of
    /// 1 s.
    pub fn new(openings: Vec<AnyPosition>, players: Vec<PlayerSpec>) -> MatchConfig {
        MatchConfig {
            players,
            games: 10,
            openings,
            max_plies: None,
            seed: 1,
            concurrency: 1,
            sprt: None,
            adjudication: Adjudication::default(),
            timemargin: Duration::from_secs(1),
        }
    }

    /// The seats of a game: 4 for the four-player variants, else 2.
    ///
    /// ```
    /// use dimchess_arena::runner::MatchConfig;
    /// let config = MatchConfig::new(vec![dimchess_any::registry::start("fide").unwrap()], vec![]);
    /// assert_eq!(config.seats(), 2);
    /// ```
    pub fn seats(&self) -> usize {
        match self.openings.first() {
            Some(p) if p.layout().players.len() > 2 => 4,
            _ => 2,
        }
    }
}

/// How a game ended (see [`run`]'s example).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules (the position's or the game's).
    Rules,
    /// At the move cap (a draw).
    Capped,
    /// By adjudication.
    Adjudicated,
    /// The player in this seat made an illegal move (or none while the game went on).
    Illegal {
        /// The seat.
        seat: usize,
    },
    /// The player in this seat did not answer in time, or its process died.
    Forfeit {
        /// The seat.
        seat: usize,
    },
}

/// One finished game (see [`run`]'s example).
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game's number in the match, from 0.
    pub index: u64,
    /// Player A's seat.
    pub a_seat: usize,
    /// The game, its tags `White`/`Black` (or `Seat0`...) naming the players; for two
    /// players a forfeit or an adjudication is its end (`Termination` in its record).
    pub game: Game,
    /// How it ended.
    pub end: GameEnd,
    /// The result as `dimchess match` prints it (`0-1 (checkmate)`, `time forfeit by ...`).
    pub outcome_text: String,
    /// Player A's points: 1, ½ or 0.
    pub points: f64,
}

/// The totals so far, for player A (see [`run`]'s example).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games counted.
    pub games: u64,
    /// Games A won.
    pub wins: u64,
    /// Games drawn (the capped ones included).
    pub draws: u64,
    /// Games A lost.
    pub losses: u64,
    /// Games stopped at the move cap.
    pub capped: u64,
    /// Games lost by an illegal move (either side's).
    pub illegal: u64,
    /// Games lost on time or by a dead engine (either side's).
    pub forfeits: u64,
    /// Games adjudicated.
    pub adjudicated: u64,
    /// A's points in each game, in order.
    pub scores: Vec<f64>,
    /// Each game's length in plies, in order (what `dimchess match` prints per game).
    pub plies: Vec<u64>,
    /// The pairs (two-player games), by A's points in the pair.
    pub pentanomial: Pentanomial,
    /// The SPRT's log-likelihood ratio after the last pair (with an SPRT).
    pub llr: Option<f64>,
    /// The SPRT's verdict after the last pair (with an SPRT).
    pub verdict: Option<Verdict>,
}

/// What a match reports as it goes, in game order (see [`run`]'s example).
pub enum Event<'a> {
    /// A game has ended.
    Game {
        /// The game.
        report: &'a GameReport,
        /// The totals with it.
        tally: &'a Tally,
    },
    /// A pair of games (two players) has ended; the SPRT has been updated.
    Pair {
        /// The totals with it.
        tally: &'a Tally,
    },
}

/// A player during one game.
enum Instance {
    Random,
    Greedy,
    Engine(Box<AnyEngine>, Limits),
    /// Index of the UCI slot (the player's place in [`MatchConfig::players`]).
    Uci(usize, Limits),
}

/// What a player did with its turn.
enum Reply {
    /// A move, and the score it reported.
    Move(AnyMove, Option<Score>),
    /// An answer the rules refuse (the reason).
    Illegal(String),
    /// No answer in time (`timeout`), or a dead process; the details.
    Forfeit { timeout: bool, detail: String },
}

struct Context<'a> {
    config: &'a MatchConfig,
    seats: usize,
    max_plies: u64,
    abort: &'a AtomicBool,
}

/// Plays the match, calling `observe` after each game and each pair, in game order (an
/// error from it stops the match and is returned). Returns the totals of the games counted:
/// all of them, or those up to the pair at which the SPRT decided.
///
/// # Errors
/// Settings that do not fit ([`Error::Config`]), a UCI engine that cannot be started or
/// lacks the variant ([`Error::Uci`]: checked before the first game), an in-process player
/// that fails ([`Error::Game`]), or the observer's error.
///
/// ```
/// use dimchess_arena::player::PlayerSpec;
/// use dimchess_arena::runner::{Event, GameEnd, MatchConfig, run};
/// use dimchess_arena::stats::Sprt;
///
/// let players = vec![
///     PlayerSpec::parse("engine:depth=1", 100).unwrap(),
///     PlayerSpec::parse("random", 100).unwrap(),
/// ];
/// let mut config = MatchConfig::new(vec![dimchess_any::registry::start("fide").unwrap()], players);
/// config.games = 40;
/// config.concurrency = 2;
/// config.sprt = Some(Sprt::new(0.0, 200.0, 0.3, 0.3).unwrap());
/// let mut ends = Vec::new();
/// let tally = run(&config, |event| {
///     if let Event::Game { report, .. } = event {
///         assert_eq!(report.a_seat as u64, report.index % 2);
///         ends.push(report.end);
///     }
///     Ok(())
/// })
/// .unwrap();
/// assert!(tally.games < 40, "the SPRT stopped the match");
/// assert_eq!(ends.len() as u64, tally.games);
/// assert!(ends.iter().all(|e| *e != GameEnd::Illegal { seat: 0 }));
/// ```
pub fn run(
    config: &MatchConfig,
    mut observe: impl FnMut(Event<'_>) -> Result<(), Error>,
) -> Result<Tally, Error> {
    let seats = config.seats();
    check(config, seats)?;
    let variant = config.openings[0].id();
    // Every UCI player is started once before the games: a wrong path or a missing variant
    // is an error of the match, not a thousand forfeits. These processes go to thread 0.
    let mut first: Vec<Option<UciEngine>> = Vec::new();
    for p in &config.players {
        first.push(match &p.kind {
            PlayerKind::Uci {
                path,
                args,
                options,
                ..
            } => Some(
                UciEngine::start(path, args, options, variant, HANDSHAKE).map_err(|source| {
                    Error::Uci {
                        player: p.name.clone(),
                        source,
                    }
                })?,
            ),
            _ => None,
        });
    }
    let abort = AtomicBool::new(false);
    let next = AtomicU64::new(0);
    let ctx = Context {
        config,
        seats,
        max_plies: config.max_plies.unwrap_or(300 * seats as u64),
        abort: &abort,
    };
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for w in 0..config.concurrency {
            let tx = tx.clone();
            let uci = if w == 0 {
                std::mem::take(&mut first)
            } else {
                config.players.iter().map(|_| None).collect()
            };
            let (ctx, next) = (&ctx, &next);
            scope.spawn(move || worker(ctx, next, uci, &tx));
        }
        drop(tx);
        let result = collect(&ctx, &rx, &mut observe);
        abort.store(true, Ordering::Relaxed);
        drop(rx);
        result
    })
}

fn check(config: &MatchConfig, seats: usize) -> Result<(), Error> {
    let n = config.players.len();
    if config.openings.is_empty() {
        return Err(Error::Config("no start position".into()));
    }
    if n < 2 || (n > 2 && n != seats) {
        return Err(Error::Config(format!(
            "a {seats}-seat game takes 2 or {seats} players, not {n}"
        )));
    }
    if config.concurrency == 0 || config.games == 0 {
        return Err(Error::Config("no games to play".into()));
    }
    if seats != 2 && config.sprt.is_some() {
        return Err(Error::Config(
            "the SPRT needs a two-player variant (it judges pairs of games)".into(),
        ));
    }
    if seats != 2 && config.adjudication.is_active() {
        return Err(Error::Config(
            "adjudication is for two-player variants (both engines' scores must agree)".into(),
        ));
    }
    Ok(())
}

/// Takes the games as they end, and counts and reports them in game order.
fn collect(
    ctx: &Context<'_>,
    rx: &mpsc::Receiver<(u64, Result<Option<GameReport>, Error>)>,
    observe: &mut impl FnMut(Event<'_>) -> Result<(), Error>,
) -> Result<Tally, Error> {
    let mut tally = Tally::default();
    let mut pending = BTreeMap::new();
    let mut due = 0u64;
    for (g, r) in rx.iter() {
        pending.insert(g, r);
        while let Some(r) = pending.remove(&due) {
            due += 1;
            let Some(report) = r? else {
                return Ok(tally); // abandoned: the match is being stopped
            };
            count(&mut tally, &report);
            observe(Event::Game {
                report: &report,
                tally: &tally,
            })?;
            if ctx.seats == 2 && report.index % 2 == 1 {
                let n = tally.scores.len();
                tally
                    .pentanomial
                    .add_pair(tally.scores[n - 2] + tally.scores[n - 1]);
                if let Some(sprt) = &ctx.config.sprt {
                    let llr = sprt.llr(&tally.pentanomial);
                    tally.llr = Some(llr);
                    tally.verdict = Some(sprt.verdict(llr));
                }
                observe(Event::Pair { tally: &tally })?;
                if tally.verdict.is_some_and(|v| v != Verdict::Continue) {
                    return Ok(tally);
                }
            }
        }
    }
    Ok(tally)
}

fn count(tally: &mut Tally, report: &GameReport) {
    tally.games += 1;
    if report.points == 1.0 {
        tally.wins += 1;
    } else if report.points == 0.0 {
        tally.losses += 1;
    } else {
        tally.draws += 1;
    }
    match report.end {
        GameEnd::Capped => tally.capped += 1,
        GameEnd::Illegal { .. } => tally.illegal += 1,
        GameEnd::Forfeit { .. } => tally.forfeits += 1,
        GameEnd::Adjudicated => tally.adjudicated += 1,
        GameEnd::Rules => {}
    }
    tally.scores.push(report.points);
    tally.plies.push(report.game.len() as u64);
}

impl Tally {
    /// The median length of the games in plies (the mean of the middle two for an even
    /// count), or `None` before the first game.
    ///
    /// ```
    /// let mut t = dimchess_arena::runner::Tally::default();
    /// assert_eq!(t.median_plies(), None);
    /// t.plies = vec![40, 10, 30, 20];
    /// assert_eq!(t.median_plies(), Some(25.0));
    /// ```
    pub fn median_plies(&self) -> Option<f64> {
        let mut p = self.plies.clone();
        p.sort_unstable();
        let n = p.len();
        match n {
            0 => None,
            _ if n % 2 == 1 => Some(p[n / 2] as f64),
            _ => Some((p[n / 2 - 1] + p[n / 2]) as f64 / 2.0),
        }
    }
}

/// One thread: takes the next game number until there is none left or the match stops.
fn worker(
    ctx: &Context<'_>,
    next: &AtomicU64,
    mut uci: Vec<Option<UciEngine>>,
    tx: &mpsc::Sender<(u64, Result<Option<GameReport>, Error>)>,
) {
    let config = ctx.config;
    // One thread plays the games in order from one stream, as `dimchess match` always did;
    // several give each game a stream of its own.
    let mut shared = (config.concurrency == 1).then(|| Rng::seeded(config.seed));
    loop {
        if ctx.abort.load(Ordering::Relaxed) {
            break;
        }
        let g = next.fetch_add(1, Ordering::Relaxed);
        if g >= config.games {
            break;
        }
        let mut own = Rng::for_game(config.seed, g);
        let rng = shared.as_mut().unwrap_or(&mut own);
        let r = play_game(ctx, &mut uci, g, rng);
        let failed = r.is_err();
        if tx.send((g, r)).is_err() || failed {
            break;
        }
    }
}

/// Plays game `g`; `None` if the match was stopped during it.
fn play_game(
    ctx: &Context<'_>,
    uci: &mut [Option<UciEngine>],
    g: u64,
    rng: &mut Rng,
) -> Result<Option<GameReport>, Error> {
    let config = ctx.config;
    let seats = ctx.seats;
    let a_seat = (g % seats as u64) as usize;
    let opening = (g / seats as u64) % config.openings.len() as u64;
    let mut game = Game::new(config.openings[opening as usize].clone());
    // A in its seat; B (and the further players) fill the others in order.
    let mut rest = (1..config.players.len()).cycle();
    let slots: Vec<usize> = (0..seats)
        .map(|s| {
            if s == a_seat {
                0
            } else {
                rest.next().unwrap_or(1)
            }
        })
        .collect();
    for (s, &slot) in slots.iter().enumerate() {
        let name = match (seats, s) {
            (2, 0) => "White".to_string(),
            (2, _) => "Black".to_string(),
            _ => format!("Seat{s}"),
        };
        let _ = game.set_tag(&name, &config.players[slot].name);
    }
    let mut players = Vec::with_capacity(seats);
    let mut ended: Option<(GameEnd, String)> = None;
    for (s, &slot) in slots.iter().enumerate() {
        let spec = &config.players[slot];
        players.push(match &spec.kind {
            PlayerKind::Random => Instance::Random,
            PlayerKind::Greedy => Instance::Greedy,
            PlayerKind::Engine { limits, algorithm } => Instance::Engine(
                Box::new(AnyEngine::new(&Options {
                    algorithm: *algorithm,
                    ..Options::default()
                })),
                *limits,
            ),
            PlayerKind::Uci { limits, .. } => {
                if ended.is_none()
                    && let Err(e) = new_uci_game(spec, &mut uci[slot], game.start().id())
                {
                    ended = Some((
                        GameEnd::Forfeit { seat: s },
                        format!("engine failure by {}: {e}", spec.name),
                    ));
                }
                Instance::Uci(slot, *limits)
            }
        });
    }
    let scored = config.adjudication.is_active()
        && slots.iter().all(|&s| config.players[s].reports_scores());
    let position_start = position_start(&game);
    let mut tracker = Tracker::default();
    let mut history: Vec<u64> = Vec::new();
    let mut adjudicated = false;
    let mut timed_out = false;
    while ended.is_none() && game.outcome().is_none() && (game.len() as u64) < ctx.max_plies {
        if ctx.abort.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let pos = game.position().clone();
        let seat = pos.turn();
        let name = &config.players[slots[seat]].name;
        let reply = match &mut players[seat] {
            Instance::Random => {
                let moves = pos.moves_with_text();
                if moves.is_empty() {
                    return Err(Error::Game("no legal move".into()));
                }
                Reply::Move(moves[(rng.next() % moves.len() as u64) as usize].0, None)
            }
            Instance::Greedy => Reply::Move(greedy_move(&pos, || rng.next())?, None),
            Instance::Engine(engine, limits) => {
                let r = engine.search(&pos, &history, limits, ctx.abort, |_| {})?;
                if ctx.abort.load(Ordering::Relaxed) {
                    return Ok(None);
                }
                Reply::Move(r.best, Some(r.score))
            }
            Instance::Uci(slot, limits) => {
                uci_move(config, &mut uci[*slot], &game, &position_start, limits)
            }
        };
        match reply {
            Reply::Move(mv, score) => match game.play(mv) {
                Ok(()) => {
                    history.push(pos.zobrist());
                    // A move that ends the game by the rules is not adjudicated too.
                    if scored
                        && game.outcome().is_none()
                        && let Some(o) =
                            tracker.update(&config.adjudication, seat, score, game.len())
                    {
                        game.end(o)?;
                        adjudicated = true;
                    }
                }
                // The rules reject the move: the mover loses.
                Err(e) => {
                    ended = Some((
                        GameEnd::Illegal { seat },
                        format!("illegal move by {name}: {e}"),
                    ))
                }
            },
            Reply::Illegal(why) => {
                ended = Some((
                    GameEnd::Illegal { seat },
                    format!("illegal move by {name}: {why}"),
                ));
            }
            Reply::Forfeit { timeout, detail } => {
                let what = if timeout {
                    "time forfeit"
                } else {
                    "engine failure"
                };
                ended = Some((
                    GameEnd::Forfeit { seat },
                    format!("{what} by {name}: {detail}"),
                ));
                timed_out = timeout;
            }
        }
    }
    let (end, outcome_text, points) = match ended {
        Some((end, text)) => {
            let (GameEnd::Illegal { seat } | GameEnd::Forfeit { seat }) = end else {
                unreachable!("only forfeits end a game early")
            };
            if seats == 2 {
                // PGN's words for the `Termination` tag.
                let reason = match end {
                    GameEnd::Illegal { .. } => "rules infraction",
                    _ if timed_out => "time forfeit",
                    _ => "abandoned",
                };
                let _ = game.end(Outcome::Win {
                    winner: 1 - seat,
                    reason,
                });
            }
            (end, text, if seat == a_seat { 0.0 } else { 1.0 })
        }
        None => match game.outcome() {
            Some(o) => {
                let text = game.result_text().unwrap_or_else(|| o.to_string());
                let points = match o.winner() {
                    Some(w) if w == a_seat => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                let end = if adjudicated {
                    GameEnd::Adjudicated
                } else {
                    GameEnd::Rules
                };
                (end, text, points)
            }
            None => (
                GameEnd::Capped,
                format!("move cap of {} plies", ctx.max_plies),
                0.5,
            ),
        },
    };
    Ok(Some(GameReport {
        index: g,
        a_seat,
        game,
        end,
        outcome_text,
        points,
    }))
}

/// `position startpos` or `position fen <start>`: the start of every `position` command of
/// the game.
fn position_start(game: &Game) -> String {
    let start = game.start();
    if *start == start.variant().start_position() {
        "position startpos".to_string()
    } else {
        format!("position fen {}", start.text())
    }
}

/// Starts the UCI engine of `spec` if it is not running, and begins a new game with it.
fn new_uci_game(
    spec: &PlayerSpec,
    engine: &mut Option<UciEngine>,
    variant: &str,
) -> Result<(), crate::uci::UciError> {
    let PlayerKind::Uci {
        path,
        args,
        options,
        ..
    } = &spec.kind
    else {
        return Ok(());
    };
    if engine.is_none() {
        *engine = Some(UciEngine::start(path, args, options, variant, HANDSHAKE)?);
    }
    let Some(e) = engine.as_mut() else {
        unreachable!("started above")
    };
    let r = e.new_game(HANDSHAKE);
    if r.is_err() {
        *engine = None; // stopped; started again for the next game
    }
    r
}

/// Asks a UCI engine for its move in the game's position.
fn uci_move(
    config: &MatchConfig,
    engine: &mut Option<UciEngine>,
    game: &Game,
    position_start: &str,
    limits: &Limits,
) -> Reply {
    let Some(e) = engine.as_mut() else {
        return Reply::Forfeit {
            timeout: false,
            detail: "not running".into(),
        };
    };
    let mut position = position_start.to_string();
    if !game.is_empty() {
        position.push_str(" moves");
        for m in game.move_texts() {
            position.push(' ');
            position.push_str(m);
        }
    }
    let mut go = "go".to_string();
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    if let Some(t) = limits.movetime {
        go.push_str(&format!(" movetime {}", t.as_millis()));
    }
    let timeout = limits.movetime.unwrap_or(UNTIMED_MOVE) + config.timemargin;
    match e.go(&position, &go, timeout) {
        Ok(answer) => match answer.bestmove {
            None => Reply::Illegal("no move (`bestmove (none)`) in a game that goes on".into()),
            Some(text) => match game.position().parse_move(&text) {
                Ok(mv) => Reply::Move(mv, answer.score),
                Err(err) => Reply::Illegal(err.to_string()),
            },
        },
        Err(err) => {
            *engine = None; // its state is unknown: stopped, and started again for its next game
            Reply::Forfeit {
                timeout: err.is_timeout(),
                detail: err.to_string(),
            }
        }
    }
}
