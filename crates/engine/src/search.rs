//! What both searches share: their [`Options`], what they report ([`Info`], [`SearchResult`]),
//! the engine's state kept between searches ([`Searcher`]: table, history, per-ply data), and
//! one search in progress ([`Run`]: limits, node count, stop flag, iterative deepening, the
//! principal variation, killers and history updates).
//!
//! [`Engine`](crate::Engine) searches positions move by move, [`ActionEngine`](crate::ActionEngine)
//! turns action by action; each is a [`Searcher`] over its own kind of per-ply node
//! ([`PlyNode`]).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use dimchess_core::{Error, Position};

use crate::limits::Limits;
use crate::score::{INFINITY, Score};
use crate::table::Table;

/// The deepest ply a search reaches (iterations, extensions and quiescence included).
pub(crate) const MAX_PLY: usize = 96;
/// Nodes between two looks at the clock and the stop flag.
const POLL: u64 = 64;

/// How a game of more than two players is searched.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Paranoid: every other player minimises the searching player's score, each in turn.
    Paranoid,
    /// BRS+ (Esser et al. 2013): between two turns of the searching player, only the
    /// strongest reply of any one opponent is searched; the other opponents play their best
    /// ordered move, so that the turn order and every position stay legal.
    #[default]
    BrsPlus,
    /// Max^n (Luckhardt and Irani 1986): every player maximises its own score (its strength
    /// less the mean of the others'); no node is cut short but by a win, so it searches
    /// fewer plies than the others in the same time.
    MaxN,
}

/// Engine options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads (Lazy SMP: the threads search the same position and share the table;
    /// the first one's result is the answer).
    pub threads: usize,
    /// The algorithm for games of more than two players.
    pub algorithm: Algorithm,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: 16,
            threads: 1,
            algorithm: Algorithm::BrsPlus,
        }
    }
}

/// What a search reports after each completed iteration.
#[derive(Debug)]
pub struct Info<'a, M> {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// The score for the player to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation, best move first.
    pub pv: &'a [M],
    /// Which line this is, from 1 (the best) to [`Limits::multipv`]: an iteration reports
    /// its lines in order, best first.
    pub multipv: usize,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play: always one of the position's legal moves.
    pub best: M,
    /// The score for the player to move.
    pub score: Score,
    /// The principal variation, beginning with `best`.
    pub pv: Vec<M>,
    /// Nodes searched.
    pub nodes: u64,
    /// The depth of the last completed iteration (0 if none completed: `best` is then the
    /// first move in the engine's order).
    pub depth: u32,
    /// Time taken.
    pub elapsed: Duration,
}

impl<M> SearchResult<M> {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let us = self.elapsed.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / us) as u64
    }
}

/// What one kind of search keeps of the node at each ply besides its lines: the legal moves
/// ([`Engine`](crate::Engine)), or the turn in progress and its next actions
/// ([`ActionEngine`](crate::ActionEngine)).
pub(crate) trait PlyNode: Send {
    /// An edge of the tree: what the table and the principal variation hold.
    type Step: Copy + Eq + Send;
    /// What the killers hold: a quiet move, or a quiet action.
    type Killer: Copy + Eq + Send;
}

/// What the search keeps per ply (allocated once, reused by every node of that ply).
pub(crate) struct Ply<X: PlyNode> {
    /// The search's own data of the node at this ply.
    pub(crate) node: X,
    /// The ordering scores of the node's steps, with their indices.
    pub(crate) order: Vec<(i32, u32)>,
    /// The two last quiet steps that caused a cut-off at this ply.
    pub(crate) killers: [Option<X::Killer>; 2],
    /// The principal variation from this ply.
    pub(crate) pv: ArrayVec<X::Step, MAX_PLY>,
    /// Two players: the static score of the node at this ply for its player to move
    /// ([`NO_EVAL`] when in check), for the improving flag.
    pub(crate) eval: i32,
    /// Two players: the node at this ply was reached by a null move (no second one follows).
    pub(crate) after_null: bool,
}

/// An aspiration window for one iteration at the root: a narrow window around the previous
/// iteration's score, widened on the side that failed, twice as far each time, and to the
/// whole range once the step passes 400.
pub(crate) struct Aspiration {
    delta: i32,
    /// The window's lower end (alpha).
    pub(crate) lo: i32,
    /// The window's upper end (beta).
    pub(crate) hi: i32,
}

impl Aspiration {
    /// The window of 25 either side of `previous`.
    pub(crate) fn around(previous: i32) -> Self {
        let delta = 25;
        Aspiration {
            delta,
            lo: previous - delta,
            hi: previous + delta,
        }
    }

    /// The whole range, which never fails.
    pub(crate) fn whole() -> Self {
        Aspiration {
            delta: 25,
            lo: -INFINITY,
            hi: INFINITY,
        }
    }

    /// The search failed low: the lower end moves down.
    pub(crate) fn widen_low(&mut self) {
        self.lo = if self.delta > 400 {
            -INFINITY
        } else {
            self.lo - self.delta
        };
        self.delta *= 2;
    }

    /// The search failed high: the upper end moves up.
    pub(crate) fn widen_high(&mut self) {
        self.hi = if self.delta > 400 {
            INFINITY
        } else {
            self.hi + self.delta
        };
        self.delta *= 2;
    }
}

/// [`Ply::eval`] of a node in check, which has no static score.
pub(crate) const NO_EVAL: i32 = i32::MIN / 2;

impl<X: PlyNode> Ply<X> {
    pub(crate) fn new(node: X) -> Self {
        Ply {
            node,
            order: Vec::new(),
            killers: [None; 2],
            pv: ArrayVec::new(),
            eval: NO_EVAL,
            after_null: false,
        }
    }
}

/// The state an engine keeps from one search to the next.
pub(crate) struct Searcher<X: PlyNode> {
    pub(crate) options: Options,
    pub(crate) table: Table<X::Step>,
    /// History scores, by the index the search gives a quiet step.
    pub(crate) history: Vec<i32>,
    /// One entry per ply, `MAX_PLY + 1` of them (an engine may make them on its first search).
    pub(crate) plies: Vec<Ply<X>>,
    /// The raw Zobrist keys of the game before the root and of the path to the current node.
    pub(crate) path: Vec<u64>,
    /// Static scores of two-player positions by raw Zobrist key ([`EvalCache`]).
    pub(crate) evals: EvalCache,
}

/// The static scores of the last positions evaluated, one per slot by the low bits of the
/// raw Zobrist key, checked by the whole key: a position met again (another move order, the
/// next iteration, a re-search) is not evaluated again. The evaluation is a function of the
/// position alone ([`Evaluate::strength`](dimchess_core::Evaluate::strength) and its
/// [`STATIC_BY_KEY`](dimchess_core::Evaluate::STATIC_BY_KEY)), so a hit returns what the
/// evaluation would.
pub(crate) struct EvalCache(Vec<Cell<(u64, i32)>>);

/// Slots of an [`EvalCache`] (16 bytes each: 1 MiB).
const EVAL_SLOTS: usize = 1 << 16;

impl EvalCache {
    fn new() -> Self {
        EvalCache(vec![Cell::new((0, NO_EVAL)); EVAL_SLOTS])
    }

    /// The score stored for `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<i32> {
        let (k, v) = self.0[key as usize & (EVAL_SLOTS - 1)].get();
        (k == key && v != NO_EVAL).then_some(v)
    }

    /// Stores `score` for `key`, in place of what its slot held.
    #[inline]
    pub(crate) fn set(&self, key: u64, score: i32) {
        self.0[key as usize & (EVAL_SLOTS - 1)].set((key, score));
    }

    /// Forgets every score.
    fn clear(&mut self) {
        self.0.iter_mut().for_each(|c| c.set((0, NO_EVAL)));
    }
}

impl<X: PlyNode> Searcher<X> {
    /// A searcher with `options` (the table is allocated here), `history` history entries
    /// and the per-ply data `plies`.
    pub(crate) fn new(options: &Options, history: usize, plies: Vec<Ply<X>>) -> Self {
        let table = if options.threads > 1 {
            Table::shared(options.hash_mb)
        } else {
            Table::new(options.hash_mb)
        };
        Searcher {
            options: *options,
            table,
            history: vec![0; history],
            plies,
            path: Vec::with_capacity(1024),
            evals: EvalCache::new(),
        }
    }

    /// A helper thread's searcher: the same options and table, and its own history and
    /// per-ply data `plies`.
    pub(crate) fn helper(&self, plies: Vec<Ply<X>>) -> Self {
        Searcher {
            options: self.options,
            table: self.table.share(),
            history: vec![0; self.history.len()],
            plies,
            path: Vec::with_capacity(1024),
            evals: EvalCache::new(),
        }
    }

    /// Forgets what earlier searches learnt (table, history, killers).
    pub(crate) fn new_game(&mut self) {
        self.table.clear();
        self.evals.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        for p in &mut self.plies {
            p.killers = [None; 2];
        }
    }

    /// Begins a search of a position whose player to move is `root`, with the game's earlier
    /// keys `history`: the table's entries age, killers are forgotten and history scores
    /// fade; the run starts at `start` and stops at the first limit reached.
    pub(crate) fn begin<'a>(
        &'a mut self,
        history: &[u64],
        limits: &Limits,
        stop: &'a AtomicBool,
        start: Instant,
        root: usize,
    ) -> Run<'a, X> {
        self.table.new_search();
        self.path.clear();
        self.path.extend_from_slice(history);
        for p in &mut self.plies {
            p.killers = [None; 2];
        }
        for h in &mut self.history {
            *h /= 8;
        }
        Run {
            e: self,
            stop,
            start,
            deadline: limits.budget().map(|b| start + b),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            stopped: false,
            seldepth: 0,
            root,
        }
    }
}

/// What one thread of a search does: search on `searcher` within the limits and the stop
/// flag given, as thread `thread` (0: the main thread, which reports through the callback).
pub(crate) type Think<'f, X, M> = dyn Fn(
        &mut Searcher<X>,
        &Limits,
        &AtomicBool,
        usize,
        &mut dyn FnMut(&Info<'_, M>),
    ) -> Result<SearchResult<M>, Error>
    + Sync
    + 'f;

/// Lazy SMP: `think` runs on `main` as thread 0 with `limits`, `stop` and `info`, and at the
/// same time on every helper searcher (threads 1, 2 ...) with no limit but the depth, until
/// thread 0 is done; the helpers share `main`'s table (and its age). The answer is thread
/// 0's, with the nodes of every thread.
pub(crate) fn lazy_smp<X: PlyNode, M: Send>(
    main: &mut Searcher<X>,
    helpers: &mut [Searcher<X>],
    limits: &Limits,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&Info<'_, M>),
    think: &Think<'_, X, M>,
) -> Result<SearchResult<M>, Error> {
    if helpers.is_empty() {
        return think(main, limits, stop, 0, info);
    }
    let done = AtomicBool::new(false);
    let helper_limits = Limits {
        depth: limits.depth,
        ..Limits::default()
    };
    std::thread::scope(|scope| {
        let running: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .map(|(i, h)| {
                h.table.follow(&main.table);
                let (done, helper_limits) = (&done, &helper_limits);
                scope.spawn(move || think(h, helper_limits, done, i + 1, &mut |_| {}))
            })
            .collect();
        let result = think(main, limits, stop, 0, info);
        done.store(true, Ordering::Relaxed);
        let helper_nodes: u64 = running
            .into_iter()
            .filter_map(|t| t.join().ok()?.ok())
            .map(|r| r.nodes)
            .sum();
        result.map(|mut r| {
            r.nodes += helper_nodes;
            r
        })
    })
}

/// The depth thread `thread` searches in the iteration of `depth` (at most `last`): a helper
/// of odd number searches one ply (or action) deeper, so that the threads do not all search
/// alike.
pub(crate) fn thread_depth(thread: usize, depth: u32, last: u32) -> u32 {
    (depth + (thread % 2) as u32).min(last)
}

/// One search in progress.
pub(crate) struct Run<'a, X: PlyNode> {
    pub(crate) e: &'a mut Searcher<X>,
    stop: &'a AtomicBool,
    pub(crate) start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    pub(crate) nodes: u64,
    /// A limit was reached or the stop flag set: every node returns at once.
    pub(crate) stopped: bool,
    pub(crate) seldepth: usize,
    /// The player to move at the root.
    pub(crate) root: usize,
}

impl<X: PlyNode> Run<'_, X> {
    /// Counts a node; every [`POLL`] nodes looks at the limits and the stop flag.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if (self.nodes.is_multiple_of(POLL) || self.nodes >= self.node_limit)
            && (self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Iterative deepening: `iteration(self, depth)` for depths 1, 2 ... up to the limit's
    /// depth, until an iteration returns false (it was stopped, or its result is final) or
    /// the soft budget has passed when an iteration ends ([`Limits::soft_budget`]).
    /// `thread` is the searching thread (0: the main one): an odd-numbered helper searches
    /// each iteration one deeper ([`thread_depth`]).
    pub(crate) fn deepen(
        &mut self,
        limits: &Limits,
        thread: usize,
        mut iteration: impl FnMut(&mut Self, u32) -> bool,
    ) {
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let soft = limits.soft_budget();
        for depth in 1..=max_depth {
            if !iteration(self, thread_depth(thread, depth, max_depth)) {
                break;
            }
            if let Some(soft) = soft
                && self.start.elapsed() >= soft
            {
                break;
            }
        }
    }

    /// The report of a completed iteration of `depth`: its line `pv` (the `multipv`-th) with
    /// the internal score `score` of a game of `players` seats.
    pub(crate) fn info<'p, M>(
        &self,
        depth: u32,
        score: i32,
        players: usize,
        pv: &'p [M],
        multipv: usize,
    ) -> Info<'p, M> {
        Info {
            depth,
            seldepth: self.seldepth as u32,
            score: Score::from_internal(score, players),
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            pv,
            multipv,
        }
    }

    /// Makes `step` the best of ply `ply`: its PV is `step` and the child's.
    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, step: X::Step) {
        let (head, tail) = self.e.plies.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(step);
        for &m in tail[0].pv.iter() {
            if pv.try_push(m).is_err() {
                break;
            }
        }
    }

    /// A quiet move or action caused a cut-off at `ply`: it becomes the first killer, and its
    /// history entry `index` gains `depth²`.
    #[inline]
    pub(crate) fn reward(&mut self, ply: usize, killer: X::Killer, index: usize, depth: i32) {
        self.push_killer(ply, killer);
        let h = &mut self.e.history[index];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// A quiet move caused a cut-off at `ply` after the quiet moves whose history entries are
    /// `tried` failed to: it becomes the first killer, its history entry `index` rises and
    /// theirs fall by the same bonus, growing with `depth`. Each entry moves by less the
    /// nearer it already is to ±[`HISTORY_MAX`] ("history gravity"), so that it stays in
    /// bounds and recent results weigh more.
    pub(crate) fn reward_quiet(
        &mut self,
        ply: usize,
        killer: X::Killer,
        index: u32,
        tried: &[u32],
        depth: i32,
    ) {
        self.push_killer(ply, killer);
        let bonus = (20 * depth * depth).min(2000);
        self.nudge_history(index, bonus);
        for &t in tried {
            self.nudge_history(t, -bonus);
        }
    }

    /// `killer` becomes the first killer of `ply`, and the first, if it differs, the second.
    #[inline]
    fn push_killer(&mut self, ply: usize, killer: X::Killer) {
        let k = &mut self.e.plies[ply].killers;
        if k[0] != Some(killer) {
            k[1] = k[0];
            k[0] = Some(killer);
        }
    }

    /// Moves history entry `index` by `delta`, damped by how near it is to ±[`HISTORY_MAX`].
    #[inline]
    fn nudge_history(&mut self, index: u32, delta: i32) {
        let h = &mut self.e.history[index as usize];
        *h += delta - *h * delta.abs() / HISTORY_MAX;
    }
}

/// The bound of a history score of the search over positions ([`Run::reward_quiet`]).
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// [`Error::GameOver`] if the game has ended in `pos`.
pub(crate) fn check_not_over<P: Position>(pos: &P) -> Result<(), Error> {
    match pos.outcome() {
        Some(o) => Err(Error::GameOver(
            pos.result_text().unwrap_or_else(|| o.to_string()),
        )),
        None => Ok(()),
    }
}
