//! The UCI protocol (Universal Chess Interface) over any registered variant: what
//! `dimchess uci` speaks on stdin/stdout. The protocol as implemented, its variant extensions
//! and examples are in `docs/protocol.md`.
//!
//! [`Uci`] is the state machine: it takes one command line at a time
//! ([`Uci::command`]) and hands each response line to an output function; a `go` searches on
//! a worker thread with a stop flag, so `isready` and `stop` are answered during a search.
//! [`run`] connects it to a reader and a writer (the tool's stdin and stdout).
//!
//! ```
//! use std::sync::mpsc;
//! use dimchess_uci::Uci;
//!
//! let (tx, rx) = mpsc::channel::<String>();
//! let mut uci = Uci::new(move |line: &str| {
//!     let _ = tx.send(line.to_string());
//! });
//! uci.command("uci");
//! uci.command("position startpos moves e2e4 e7e5");
//! uci.command("go depth 3");
//! uci.wait(); // the search ends by its depth
//! let lines: Vec<String> = rx.try_iter().collect();
//! assert!(lines.iter().any(|l| l == "uciok"));
//! assert!(lines.last().unwrap().starts_with("bestmove "));
//! ```
//!
//! Conventions (see `docs/protocol.md`): tokens are separated by whitespace; a `position fen`
//! text runs to the token `moves` or the end of the line, its tokens joined by one space;
//! every move is one token (no canonical move text of any variant holds whitespace: Dimension
//! X joins a turn's actions with commas); scores are from the side to move; four-player clocks
//! are `time1`..`time4` / `inc1`..`inc4`, `wtime`/`btime` standing for seats 1 and 2.

// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-uci/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use dimchess_any::core::error::one_line;
use thiserror::Error;

use dimchess_any::engine::{AnyEngine, AnyInfo, AnySearchResult, Clock, Limits, Options, Score};
use dimchess_any::registry::{self, VARIANTS, VariantInfo};
use dimchess_any::{AnyMove, AnyPosition, Describe, Outcome, Position};

/// The longest command line read; the rest of a longer line is dropped (and reported).
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The `Hash` option's default, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The `Threads` option's maximum (the search runs on one thread for now; see
/// `docs/engine.md`).
pub const MAX_THREADS: usize = 256;
/// The stack of a search thread (the search recurses up to 96 plies with positions on the
/// stack; the main thread's 8 MiB has always been enough, this leaves room).
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Why a command was not (or not wholly) carried out; each is reported as an `info string`
/// and the command is ignored.
#[derive(Debug, Error)]
pub enum UciError {
    /// The line held no command this engine knows.
    #[error("unknown command `{0}`")]
    UnknownCommand(String),
    /// A command's arguments could not be read.
    #[error("{command}: {reason}")]
    BadArguments {
        /// The command.
        command: &'static str,
        /// What was wrong.
        reason: String,
    },
    /// `setoption` named an option this engine does not have.
    #[error("unknown option `{0}`")]
    UnknownOption(String),
    /// `setoption` gave a value the option does not take.
    #[error("option {name}: bad value `{value}` ({reason})")]
    BadOptionValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it should be.
        reason: String,
    },
    /// `position fen` gave a text the current variant does not read.
    #[error("position not set: {0}")]
    Position(#[source] dimchess_any::Error),
    /// A move of `position ... moves` is not legal; the moves before it were played.
    #[error("move {index} `{text}` not played (nor any after it): {source}")]
    Move {
        /// Its number in the list, from 1.
        index: usize,
        /// Its text.
        text: String,
        /// Why.
        #[source]
        source: dimchess_any::Error,
    },
}

/// The output of a session: called with each response line (without its line end).
type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// What the worker thread and the session share.
struct Shared {
    /// Set to end the search (and, for `infinite` or `ponder`, to let `bestmove` go out).
    stop: AtomicBool,
    /// Set when a search's result is not wanted (a ponder search replaced after `ponderhit`).
    silent: AtomicBool,
}

/// A search in progress.
struct Running {
    handle: JoinHandle<AnyEngine>,
    shared: Arc<Shared>,
    /// For a `go ponder`: the limits to search with after `ponderhit`.
    ponder_limits: Option<Limits>,
}

/// The limits of one `go` command.
#[derive(Clone, Debug, Default)]
struct Go {
    limits: Limits,
    /// The root moves of `searchmoves` (empty: every move).
    among: Vec<AnyMove>,
    /// `infinite` (or no limit at all with `ponder`): `bestmove` waits for `stop`.
    infinite: bool,
    ponder: bool,
}

/// A UCI session: the variant, the position and its history, the options, and the search.
///
/// Feed it lines with [`Uci::command`]; call [`Uci::finish`] at the end of the input (it
/// stops a search, whose `bestmove` then goes out). Responses go to the output function,
/// from the caller's thread or the search thread (each line whole).
pub struct Uci {
    out: Output,
    variant: &'static VariantInfo,
    position: AnyPosition,
    /// Zobrist keys of the game's positions before `position` (oldest first).
    history: Vec<u64>,
    options: Options,
    /// The `MultiPV` option: lines to report.
    multipv: usize,
    /// The `searchmoves` of the last `go` (kept for its `ponderhit`).
    among: Vec<AnyMove>,
    /// The engine; `None` while a search holds it.
    engine: Option<AnyEngine>,
    running: Option<Running>,
    debug: bool,
}

impl Uci {
    /// A session for `fide` from its start position; each response line goes to `out`.
    pub fn new(out: impl Fn(&str) + Send + Sync + 'static) -> Uci {
        let variant = &VARIANTS[0];
        let options = Options {
            hash_mb: DEFAULT_HASH_MB,
            ..Options::default()
        };
        Uci {
            out: Arc::new(out),
            variant,
            position: variant.start_position(),
            history: Vec::new(),
            options,
            multipv: 1,
            among: Vec::new(),
            engine: Some(AnyEngine::new(&options)),
            running: None,
            debug: false,
        }
    }

    /// The current variant.
    pub fn variant(&self) -> &'static VariantInfo {
        self.variant
    }

    /// The position the next `go` searches.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Whether a search is running (or done and waiting for `stop`, after `go infinite`).
    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// Carries out one command line; returns `false` after `quit` (the caller then stops
    /// reading). Never panics on any input: what it cannot use is reported as an
    /// `info string` and ignored.
    pub fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        // As the UCI document says, unknown leading tokens are skipped ("joho debug on").
        let Some(start) = tokens.iter().position(|t| is_command(t)) else {
            if !tokens.is_empty() {
                self.report(&UciError::UnknownCommand(tokens.join(" ")));
            }
            return true;
        };
        if start > 0 {
            self.report(&UciError::UnknownCommand(tokens[..start].join(" ")));
        }
        let args = &tokens[start + 1..];
        match tokens[start] {
            "uci" => self.uci(),
            "debug" => self.debug = args.first() != Some(&"off"),
            "isready" => self.say("readyok"),
            "setoption" => {
                self.stop_search();
                if let Err(e) = self.setoption(args) {
                    self.report(&e);
                }
            }
            "register" => {}
            "ucinewgame" => {
                self.stop_search();
                self.new_game();
            }
            "position" => {
                self.stop_search();
                if let Err(e) = self.set_position(args) {
                    self.report(&e);
                }
            }
            "go" => {
                self.stop_search();
                self.go(args);
            }
            "stop" => self.stop_search(),
            "ponderhit" => self.ponderhit(),
            "quit" => {
                self.stop_search();
                return false;
            }
            _ => {}
        }
        true
    }

    /// Stops a search, if any, and waits for it: its `bestmove` has gone out when this
    /// returns. Call it at the end of the input.
    pub fn finish(&mut self) {
        self.stop_search();
    }

    /// Waits until the running search ends by its own limits (never call it after
    /// `go infinite` or `go ponder` without a `stop` from another thread: it would wait for
    /// ever).
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            self.join(r);
        }
    }

    fn say(&self, line: &str) {
        (self.out)(line);
    }

    fn report(&self, e: &UciError) {
        self.say(&format!("info string error: {}", one_line(&e.to_string())));
    }

    fn uci(&self) {
        self.say(&format!("id name dimchess {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the dimchess authors");
        self.say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {}",
            max_hash_mb()
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        self.say("option name Ponder type check default false");
        // `chess` is orthodox chess's name in the UCI_Variant convention (Fairy-Stockfish,
        // python-chess): the same as `fide`.
        let mut combo = String::from("option name UCI_Variant type combo default chess var chess");
        for v in VARIANTS {
            combo.push_str(" var ");
            combo.push_str(v.id);
        }
        self.say(&combo);
        self.say("uciok");
    }

    fn new_game(&mut self) {
        if let Some(e) = self.engine.as_mut() {
            e.new_game();
        }
        self.position = self.variant.start_position();
        self.history.clear();
    }

    fn setoption(&mut self, args: &[&str]) -> Result<(), UciError> {
        let bad = |reason: &str| UciError::BadArguments {
            command: "setoption",
            reason: reason.to_string(),
        };
        if args.first() != Some(&"name") {
            return Err(bad("expected `setoption name <id> [value <x>]`"));
        }
        let value_at = args.iter().position(|&t| t == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at
            .map(|i| args[i + 1..].join(" "))
            .unwrap_or_default();
        let spin = |name: &'static str, min: usize, max: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| UciError::BadOptionValue {
                    name,
                    value: value.clone(),
                    reason: format!("an integer from {min} to {max}"),
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.options.hash_mb = spin("Hash", 1, max_hash_mb())?,
            "threads" => self.options.threads = spin("Threads", 1, MAX_THREADS)?,
            "multipv" => self.multipv = spin("MultiPV", 1, MAX_MULTIPV)?,
            "ponder" => {
                if value != "true" && value != "false" {
                    return Err(UciError::BadOptionValue {
                        name: "Ponder",
                        value,
                        reason: "true or false".to_string(),
                    });
                }
            }
            "uci_variant" => {
                let id = if value == "chess" { "fide" } else { &value };
                let v = registry::find(id).map_err(|_| UciError::BadOptionValue {
                    name: "UCI_Variant",
                    value: value.clone(),
                    reason: "`chess` or one of the ids of `dimchess variants`".to_string(),
                })?;
                self.variant = v;
                self.new_game();
            }
            _ => return Err(UciError::UnknownOption(name)),
        }
        Ok(())
    }

    fn set_position(&mut self, args: &[&str]) -> Result<(), UciError> {
        let moves_at = args.iter().position(|&t| t == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let mut pos = match head.split_first() {
            Some((&"startpos", [])) => self.variant.start_position(),
            Some((&"fen", text)) if !text.is_empty() => self
                .variant
                .parse_position(&text.join(" "))
                .map_err(UciError::Position)?,
            _ => {
                return Err(UciError::BadArguments {
                    command: "position",
                    reason: "expected `position startpos | fen <text> [moves <move>...]`"
                        .to_string(),
                });
            }
        };
        let mut history = Vec::with_capacity(moves.len());
        let mut failure = None;
        for (i, &m) in moves.iter().enumerate() {
            let key = pos.zobrist();
            match pos.play_text(m) {
                Ok(_) => history.push(key),
                Err(source) => {
                    failure = Some(UciError::Move {
                        index: i + 1,
                        text: m.to_string(),
                        source,
                    });
                    break;
                }
            }
        }
        self.position = pos;
        self.history = history;
        failure.map_or(Ok(()), Err)
    }

    fn parse_go(&self, args: &[&str]) -> Go {
        let mut go = Go::default();
        let mut times: [Option<Duration>; 4] = [None; 4];
        let mut incs: [Option<Duration>; 4] = [None; 4];
        let mut moves_to_go = None;
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            let value = args.get(i + 1).copied();
            // Times may be negative (some GUIs send them when a clock has run out): 0.
            let ms = || {
                value
                    .and_then(|v| v.parse::<i64>().ok())
                    .map(|v| Duration::from_millis(v.max(0) as u64))
            };
            let count = || value.and_then(|v| v.parse::<u64>().ok());
            let seat = match key {
                "wtime" | "winc" | "time1" | "inc1" => Some(0),
                "btime" | "binc" | "time2" | "inc2" => Some(1),
                "time3" | "inc3" => Some(2),
                "time4" | "inc4" => Some(3),
                _ => None,
            };
            let ok = match key {
                "infinite" => {
                    go.infinite = true;
                    i += 1;
                    continue;
                }
                "ponder" => {
                    go.ponder = true;
                    i += 1;
                    continue;
                }
                "searchmoves" => {
                    i += 1;
                    let legal = self.position.moves_with_text();
                    while i < args.len() && !is_go_keyword(args[i]) {
                        match legal.iter().find(|(_, t)| t == args[i]) {
                            Some((m, _)) => go.among.push(*m),
                            None => self.report(&UciError::BadArguments {
                                command: "go",
                                reason: format!(
                                    "searchmoves: `{}` is not a legal move here: ignored",
                                    args[i]
                                ),
                            }),
                        }
                        i += 1;
                    }
                    if !go.among.is_empty() && !AnyEngine::supports_root_choice(&self.position) {
                        self.say(&format!(
                            "info string searchmoves is not supported for {}: searching every move",
                            self.variant.id
                        ));
                        go.among.clear();
                    }
                    continue;
                }
                "depth" => count()
                    .map(|d| go.limits.depth = Some(d.clamp(1, 1000) as u32))
                    .is_some(),
                "nodes" => count().map(|n| go.limits.nodes = Some(n)).is_some(),
                "movetime" => ms().map(|t| go.limits.movetime = Some(t)).is_some(),
                "movestogo" => count()
                    .map(|n| moves_to_go = Some(n.clamp(1, 1000) as u32))
                    .is_some(),
                "mate" => count()
                    .map(|n| {
                        // A win in n own turns is seen n - 1 full rounds and a ply deep.
                        let players = players(&self.position) as u64;
                        let d = n.clamp(1, 100) * players;
                        go.limits.depth = Some(d.saturating_sub(players - 1) as u32);
                    })
                    .is_some(),
                k if seat.is_some() && k.contains("time") => {
                    ms().map(|t| times[seat.unwrap_or(0)] = Some(t)).is_some()
                }
                _ if seat.is_some() => ms().map(|t| incs[seat.unwrap_or(0)] = Some(t)).is_some(),
                _ => {
                    self.report(&UciError::BadArguments {
                        command: "go",
                        reason: format!("unknown parameter `{key}` ignored"),
                    });
                    i += 1;
                    continue;
                }
            };
            if !ok {
                self.report(&UciError::BadArguments {
                    command: "go",
                    reason: format!(
                        "`{key}` needs a number, not `{}`: ignored",
                        value.unwrap_or("")
                    ),
                });
            }
            i += 2;
        }
        let seat = self.position.turn().min(3);
        if let Some(time) = times[seat] {
            go.limits.clock = Some(Clock {
                time,
                increment: incs[seat].unwrap_or_default(),
                moves_to_go,
            });
        }
        go
    }

    fn go(&mut self, args: &[&str]) {
        let mut go = self.parse_go(args);
        go.limits.multipv = self.multipv;
        if self.multipv > 1 && !AnyEngine::supports_root_choice(&self.position) {
            self.say(&format!(
                "info string MultiPV above 1 is not supported for {}: one line",
                self.variant.id
            ));
            go.limits.multipv = 1;
        }
        self.among = go.among;
        let (limits, ponder_limits) = if go.ponder {
            (
                Limits {
                    multipv: go.limits.multipv,
                    ..Limits::default()
                },
                Some(go.limits),
            )
        } else if go.infinite {
            (
                Limits {
                    multipv: go.limits.multipv,
                    ..Limits::default()
                },
                None,
            )
        } else {
            (go.limits, None)
        };
        self.start(limits, go.infinite || go.ponder, ponder_limits);
    }

    /// Starts a search of the current position on a worker thread.
    fn start(&mut self, limits: Limits, hold: bool, ponder_limits: Option<Limits>) {
        let mut engine = match self.engine.take() {
            Some(e) if *e.options() == self.options => e,
            _ => AnyEngine::new(&self.options),
        };
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            silent: AtomicBool::new(false),
        });
        let out = Arc::clone(&self.out);
        let sh = Arc::clone(&shared);
        let pos = self.position.clone();
        let history = self.history.clone();
        let among = self.among.clone();
        let spawned = thread::Builder::new()
            .name("dimchess-search".to_string())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                search_thread(
                    &mut engine,
                    &pos,
                    &history,
                    &among,
                    &limits,
                    hold,
                    &sh,
                    &*out,
                );
                engine
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    handle,
                    shared,
                    ponder_limits,
                })
            }
            Err(e) => {
                self.say(&format!(
                    "info string error: cannot start a search thread: {}",
                    one_line(&e.to_string())
                ));
                self.say("bestmove (none)");
            }
        }
    }

    fn stop_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.shared.stop.store(true, Ordering::SeqCst);
            r.handle.thread().unpark();
            self.join(r);
        }
    }

    fn join(&mut self, r: Running) {
        match r.handle.join() {
            Ok(engine) => self.engine = Some(engine),
            Err(_) => {
                // The search failed (a bug): report it, answer, and carry on with a new engine.
                self.say("info string error: the search failed; its tables are reset");
                if !r.shared.silent.load(Ordering::SeqCst) {
                    self.say("bestmove (none)");
                }
                self.engine = Some(AnyEngine::new(&self.options));
            }
        }
    }

    fn ponderhit(&mut self) {
        let Some(limits) = self.running.as_ref().and_then(|r| r.ponder_limits) else {
            return;
        };
        // The ponder search ends unseen; the same position is searched again with the
        // limits of the `go ponder`, starting from what the table learnt meanwhile.
        if let Some(r) = self.running.take() {
            r.shared.silent.store(true, Ordering::SeqCst);
            r.shared.stop.store(true, Ordering::SeqCst);
            r.handle.thread().unpark();
            self.join(r);
        }
        let unlimited = limits
            == Limits {
                multipv: limits.multipv,
                ..Limits::default()
            };
        self.start(limits, unlimited, None);
    }

    /// Whether debug mode is on (`debug on`): it only adds `info string` lines.
    pub fn debug(&self) -> bool {
        self.debug
    }
}

/// The number of seats of `pos`'s variant.
fn players(pos: &AnyPosition) -> usize {
    pos.layout().players.len().max(1)
}

/// The body of a search thread: search, report, wait for `stop` if asked to, answer.
#[allow(clippy::too_many_arguments)]
fn search_thread(
    engine: &mut AnyEngine,
    pos: &AnyPosition,
    history: &[u64],
    among: &[AnyMove],
    limits: &Limits,
    hold: bool,
    shared: &Shared,
    out: &(dyn Fn(&str) + Send + Sync),
) {
    let silent = || shared.silent.load(Ordering::SeqCst);
    let mut last_nodes = None;
    let mut seldepth = 0;
    // `multipv` is printed only when several lines are asked for.
    let several = limits.multipv > 1;
    let result = engine.search_among(pos, history, limits, among, &shared.stop, |i: &AnyInfo| {
        seldepth = seldepth.max(i.seldepth);
        if !silent() {
            out(&info_line(
                i.depth,
                i.seldepth,
                several.then_some(i.multipv),
                i.score,
                i.nodes,
                i.elapsed,
                &i.pv,
            ));
            last_nodes = Some(i.nodes);
        }
    });
    if hold {
        while !shared.stop.load(Ordering::SeqCst) {
            thread::park_timeout(Duration::from_millis(20));
        }
    }
    if silent() {
        return;
    }
    match result {
        Ok(r) => {
            if last_nodes != Some(r.nodes) {
                out(&info_line(
                    r.depth,
                    seldepth,
                    several.then_some(1),
                    r.score,
                    r.nodes,
                    r.elapsed,
                    &r.pv,
                ));
            }
            out(&bestmove_line(&r));
        }
        Err(e) => {
            // The game is over: say how it ended from the mover's side, then no move.
            let score = match pos.outcome() {
                Some(Outcome::Win { winner, .. }) if winner == pos.turn() => "mate 1",
                Some(Outcome::Win { .. }) => "mate 0",
                _ => "cp 0",
            };
            out(&format!("info depth 0 score {score}"));
            out(&format!("info string {}", one_line(&e.to_string())));
            out("bestmove (none)");
        }
    }
}

/// `info depth … seldepth … [multipv …] score … nodes … nps … time … pv …`.
fn info_line(
    depth: u32,
    seldepth: u32,
    multipv: Option<usize>,
    score: Score,
    nodes: u64,
    elapsed: Duration,
    pv: &[String],
) -> String {
    let us = elapsed.as_micros().max(1);
    let nps = (u128::from(nodes) * 1_000_000 / us) as u64;
    let multipv = multipv.map_or(String::new(), |k| format!(" multipv {k}"));
    let mut line = format!(
        "info depth {depth} seldepth {}{multipv} score {} nodes {nodes} nps {nps} time {}",
        seldepth.max(depth),
        uci_score(score),
        elapsed.as_millis()
    );
    if !pv.is_empty() {
        line.push_str(" pv");
        for m in pv {
            line.push(' ');
            line.push_str(m);
        }
    }
    line
}

fn bestmove_line(r: &AnySearchResult) -> String {
    match r.pv.get(1) {
        Some(p) if r.pv.first() == Some(&r.best_text) => {
            format!("bestmove {} ponder {p}", r.best_text)
        }
        _ => format!("bestmove {}", r.best_text),
    }
}

/// `cp N`, `mate N` (the mover wins within N of its turns) or `mate -N` (loses).
pub fn uci_score(score: Score) -> String {
    match score {
        Score::Cp(v) => format!("cp {v}"),
        Score::Win(n) => format!("mate {n}"),
        Score::Loss(0) => "mate 0".to_string(),
        Score::Loss(n) => format!("mate -{n}"),
    }
}

fn is_command(t: &str) -> bool {
    matches!(
        t,
        "uci"
            | "debug"
            | "isready"
            | "setoption"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
    )
}

fn is_go_keyword(t: &str) -> bool {
    matches!(
        t,
        "searchmoves"
            | "ponder"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
    ) || t.starts_with("time")
        || t.starts_with("inc")
}

/// The `MultiPV` option's maximum.
const MAX_MULTIPV: usize = 256;

/// The `Hash` option's maximum: half the machine's memory (1 GiB where it is unknown).
fn max_hash_mb() -> usize {
    let half = dimchess_core::memory::physical_mib().map_or(1024, |m| m / 2);
    usize::try_from(half)
        .unwrap_or(usize::MAX)
        .clamp(1, 1 << 20)
}

/// What [`run`]'s loop waits for.
enum Event {
    Line(String),
    TooLong(usize),
    Eof,
    Out(String),
}

/// Runs a session: reads commands from `input` (on a thread of their own) until `quit` or
/// the end of the input, and writes every response line to `output` (on this thread, so
/// `output` may be a locked stdout). At the end of the input a running search is stopped and
/// its `bestmove` written, as after `quit`. Lines that are not UTF-8 are read lossily; lines
/// longer than [`MAX_LINE_BYTES`] are cut there (and reported).
///
/// # Errors
/// A failure to write `output` other than a closed pipe (a closed pipe ends the session
/// quietly).
pub fn run(input: impl BufRead + Send + 'static, output: &mut impl Write) -> io::Result<()> {
    let (tx, rx) = mpsc::channel::<Event>();
    let reader_tx = tx.clone();
    thread::Builder::new()
        .name("dimchess-uci-input".to_string())
        .spawn(move || read_lines(input, &reader_tx))?;
    let out_tx = std::sync::Mutex::new(tx);
    let mut uci = Uci::new(move |line: &str| {
        if let Ok(tx) = out_tx.lock() {
            let _ = tx.send(Event::Out(line.to_string()));
        }
    });
    let write = |output: &mut dyn Write, line: &str| -> io::Result<()> {
        writeln!(output, "{line}")?;
        output.flush()
    };
    let mut done = false;
    while let Ok(event) = rx.recv() {
        match event {
            Event::Out(line) => match write(output, &line) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                    uci.finish();
                    return Ok(());
                }
                Err(e) => {
                    uci.finish();
                    return Err(e);
                }
            },
            Event::Line(line) => done = !uci.command(&line),
            Event::TooLong(n) => uci.say(&format!(
                "info string error: a line of more than {n} bytes was cut there"
            )),
            Event::Eof => {
                uci.finish();
                done = true;
            }
        }
        if done {
            break;
        }
    }
    // What the last command and a stopped search said.
    drop(uci);
    while let Ok(event) = rx.try_recv() {
        if let Event::Out(line) = event {
            match write(output, &line) {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Reads `input` line by line (at most [`MAX_LINE_BYTES`] each) into `tx`, then [`Event::Eof`].
fn read_lines(mut input: impl BufRead, tx: &mpsc::Sender<Event>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let mut cut = false;
        let mut ended = false;
        loop {
            let chunk = match input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => &[],
            };
            if chunk.is_empty() {
                break;
            }
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(buf.len());
            cut |= take > room;
            buf.extend_from_slice(&chunk[..take.min(room)]);
            input.consume(take);
            if end {
                ended = true;
                break;
            }
        }
        if !ended && buf.is_empty() && !cut {
            let _ = tx.send(Event::Eof);
            return;
        }
        if cut && tx.send(Event::TooLong(MAX_LINE_BYTES)).is_err() {
            return;
        }
        let line = String::from_utf8_lossy(&buf).into_owned();
        if tx.send(Event::Line(line)).is_err() || !ended {
            let _ = tx.send(Event::Eof);
            return;
        }
    }
}
