//! The search on its worker thread: starting, stopping and joining it, `ponderhit`, and what it
//! writes (`info` lines, then `bestmove`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use dimchess_any::core::error::one_line;
use dimchess_any::engine::{AnyEngine, AnyInfo, AnySearchResult, Limits, Score};
use dimchess_any::{AnyMove, AnyPosition, Outcome, Position};

use crate::session::Uci;

/// The stack of a search thread (the search recurses up to 96 plies with positions on the
/// stack; the main thread's 8 MiB has always been enough, this leaves room).
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// What the worker thread and the session share.
struct Shared {
    /// Set to end the search (and, for `infinite` or `ponder`, to let `bestmove` go out).
    stop: AtomicBool,
    /// Set when a search's result is not wanted (a ponder search replaced after `ponderhit`).
    silent: AtomicBool,
}

/// A search in progress.
pub(crate) struct Running {
    handle: JoinHandle<AnyEngine>,
    shared: Arc<Shared>,
    /// For a `go ponder`: the limits to search with after `ponderhit`.
    ponder_limits: Option<Limits>,
}

impl Uci {
    /// Starts a search of the current position on a worker thread.
    pub(crate) fn start(&mut self, limits: Limits, hold: bool, ponder_limits: Option<Limits>) {
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

    /// Stops the search, if any, and waits for it (its `bestmove` goes out).
    pub(crate) fn stop_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.shared.stop.store(true, Ordering::SeqCst);
            r.handle.thread().unpark();
            self.join(r);
        }
    }

    /// Waits for the search thread and takes its engine back (a new one if it failed).
    pub(crate) fn join(&mut self, r: Running) {
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

    /// `ponderhit`: the ponder search is replaced by a search under the `go ponder` limits.
    pub(crate) fn ponderhit(&mut self) {
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

/// `bestmove <move> [ponder <move>]`: the ponder move is the PV's second move.
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
