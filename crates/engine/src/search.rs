//! The search: [`Engine`], its [`Options`], what it reports ([`Info`], [`SearchResult`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use dimchess_core::{Error, Evaluate, Outcome};

use crate::limits::Limits;
use crate::ordering::{self, HISTORY};
use crate::score::{INFINITY, Score, WIN, WIN_BOUND};
use crate::table::{Bound, Table};

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
}

/// Engine options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads. The search runs on one thread for now: larger values are accepted
    /// and searched on one thread.
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

/// What the search keeps per ply (allocated once, reused by every node of that ply).
pub(crate) struct PlyData<P: Evaluate> {
    pub(crate) moves: P::MoveList,
    pub(crate) order: Vec<(i32, u32)>,
    pub(crate) killers: [Option<P::Move>; 2],
    pub(crate) pv: ArrayVec<P::Move, MAX_PLY>,
}

impl<P: Evaluate> PlyData<P> {
    fn new() -> Self {
        PlyData {
            moves: P::MoveList::default(),
            order: Vec::new(),
            killers: [None; 2],
            pv: ArrayVec::new(),
        }
    }
}

/// A search engine for one variant: its tables persist from one search to the next (call
/// [`Engine::new_game`] between games).
pub struct Engine<P: Evaluate> {
    options: Options,
    pub(crate) table: Table<P::Move>,
    pub(crate) history: Vec<i32>,
    pub(crate) plies: Vec<PlyData<P>>,
    pub(crate) path: Vec<u64>,
}

impl<P: Evaluate> Engine<P> {
    /// An engine with `options` (the table is allocated here).
    pub fn new(options: &Options) -> Self {
        let mut plies = Vec::with_capacity(MAX_PLY + 1);
        plies.resize_with(MAX_PLY + 1, PlyData::new);
        Engine {
            options: *options,
            table: Table::new(options.hash_mb),
            history: vec![0; HISTORY],
            plies,
            path: Vec::with_capacity(1024),
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Forgets what earlier searches learnt (table, history, killers).
    pub fn new_game(&mut self) {
        self.table.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        for p in &mut self.plies {
            p.killers = [None; 2];
        }
    }

    /// Searches `pos` within `limits` until a limit is reached or `stop` is set, and returns
    /// the best move found. `history` holds the Zobrist keys of the game's earlier positions
    /// (oldest first, `pos` itself excluded), for repetitions where the rules know them; `info`
    /// is called after every completed iteration (once per line with [`Limits::multipv`]).
    ///
    /// # Errors
    /// [`Error::GameOver`] if the game has ended in `pos` (or it has no legal move).
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        info: impl FnMut(&Info<'_, P::Move>),
    ) -> Result<SearchResult<P::Move>, Error> {
        self.search_among(pos, history, limits, &[], stop, info)
    }

    /// [`Engine::search`] restricted to the root moves in `among` (UCI's `searchmoves`): the
    /// best move and every reported line begin with one of them. Moves of `among` that are
    /// not legal in `pos` are left out; if none is legal (or `among` is empty), every move
    /// is searched.
    ///
    /// # Errors
    /// [`Error::GameOver`] if the game has ended in `pos` (or it has no legal move).
    pub fn search_among(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        among: &[P::Move],
        stop: &AtomicBool,
        mut info: impl FnMut(&Info<'_, P::Move>),
    ) -> Result<SearchResult<P::Move>, Error> {
        let start = Instant::now();
        if let Some(o) = pos.outcome() {
            return Err(Error::GameOver(
                pos.result_text().unwrap_or_else(|| o.to_string()),
            ));
        }
        let mut root_moves = P::MoveList::default();
        pos.legal_moves(&mut root_moves);
        if root_moves.is_empty() {
            return Err(Error::GameOver("no legal move".to_string()));
        }
        let allowed = |m: &P::Move| among.is_empty() || among.contains(m);
        let restrict = root_moves.iter().any(allowed);
        self.table.new_search();
        self.path.clear();
        self.path.extend_from_slice(history);
        for p in &mut self.plies {
            p.killers = [None; 2];
        }
        for h in &mut self.history {
            *h /= 8;
        }
        let root_player = pos.turn();
        let mut run = Run {
            e: self,
            stop,
            deadline: limits.budget().map(|b| start + b),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            stopped: false,
            seldepth: 0,
            root: root_player,
            root_key: ROOT_KEYS[root_player % 4],
        };
        // The root's moves in order; a stop before the first iteration ends plays the first.
        let mut order: Vec<(i32, P::Move)> = root_moves
            .iter()
            .filter(|m| !restrict || allowed(m))
            .map(|&m| {
                (
                    ordering::score(pos, m, None, &[None, None], &run.e.history),
                    m,
                )
            })
            .collect();
        order.sort_by_key(|&(s, _)| core::cmp::Reverse(s));
        let lines = limits.multipv.clamp(1, order.len());
        // One iteration's lines: score and principal variation (allocated once per search).
        let mut found_lines: Vec<(i32, Vec<P::Move>)> = Vec::with_capacity(lines);
        let mut best = order[0].1;
        let mut best_score = 0;
        let mut pv: Vec<P::Move> = vec![best];
        let mut depth_done = 0;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let soft = limits.budget().map(|b| b / 2);
        for depth in 1..=max_depth {
            found_lines.clear();
            // Line k searches the moves the lines before it did not take.
            for k in 0..lines {
                let (score, found) = run.root(pos, depth as i32, &mut order[k..], k == 0);
                if run.stopped {
                    // A move that beat the previous best in the unfinished iteration is kept.
                    if k == 0
                        && let Some((s, m)) = found
                        && (depth_done == 0 || s > best_score)
                    {
                        best = m;
                        best_score = s;
                        pv = run.e.plies[0].pv.to_vec();
                        if pv.first() != Some(&best) {
                            pv = vec![best];
                        }
                    }
                    break;
                }
                let mut line = run.e.plies[0].pv.to_vec();
                if line.first() != Some(&order[k].1) {
                    line = vec![order[k].1];
                }
                found_lines.push((score, line));
            }
            if found_lines.is_empty() {
                break;
            }
            // Lines are searched best first, but a later one may come out higher (the table
            // is shared): they are reported, and kept for the next iteration, by score.
            found_lines.sort_by_key(|l| core::cmp::Reverse(l.0));
            for (k, l) in found_lines.iter().enumerate() {
                order[k].1 = l.1[0];
            }
            best = found_lines[0].1[0];
            best_score = found_lines[0].0;
            pv.clone_from(&found_lines[0].1);
            if run.stopped {
                // Line 1 of this iteration was complete: it is the answer.
                break;
            }
            depth_done = depth;
            for (k, l) in found_lines.iter().enumerate() {
                info(&Info {
                    depth,
                    seldepth: run.seldepth as u32,
                    score: Score::from_internal(l.0, P::PLAYERS),
                    nodes: run.nodes,
                    elapsed: start.elapsed(),
                    pv: &l.1,
                    multipv: k + 1,
                });
            }
            let score = best_score;
            // A proven result within this depth will not change.
            if lines == 1 && score.abs() > WIN_BOUND && ((WIN - score.abs()) as u32) < depth {
                break;
            }
            if order.len() == 1 && limits.depth.is_none() && depth >= 2 {
                break;
            }
            if let Some(soft) = soft
                && start.elapsed() >= soft
            {
                break;
            }
        }
        Ok(SearchResult {
            best,
            score: Score::from_internal(best_score, P::PLAYERS),
            pv,
            nodes: run.nodes,
            depth: depth_done,
            elapsed: start.elapsed(),
        })
    }
}

/// Keys that tell apart the searching seat of a four-player search (its scores are from that
/// seat's side) and the clock's distance to a draw (issue 21).
const ROOT_KEYS: [u64; 4] = [
    0,
    0x9e37_79b9_7f4a_7c15,
    0xbf58_476d_1ce4_e5b9,
    0x94d0_49bb_1331_11eb,
];

/// A key for a clock `d` plies from its draw (SplitMix64's finaliser of `d`).
#[inline]
fn clock_key(d: u32) -> u64 {
    let mut z = u64::from(d).wrapping_add(0x6a09_e667_f3bc_c909);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One search in progress.
pub(crate) struct Run<'a, P: Evaluate> {
    pub(crate) e: &'a mut Engine<P>,
    pub(crate) stop: &'a AtomicBool,
    pub(crate) deadline: Option<Instant>,
    pub(crate) node_limit: u64,
    pub(crate) nodes: u64,
    pub(crate) stopped: bool,
    pub(crate) seldepth: usize,
    pub(crate) root: usize,
    pub(crate) root_key: u64,
}

impl<P: Evaluate> Run<'_, P> {
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

    /// The table key: the position's hash, the searching seat for more than two players,
    /// and the clock's distance to a draw when a search could reach it (a stored score then
    /// never stands for the same placement with another clock).
    #[inline]
    pub(crate) fn key(&self, pos: &P) -> u64 {
        let mut k = pos.zobrist();
        if P::PLAYERS > 2 {
            k ^= self.root_key;
        }
        if let Some(d) = pos.plies_to_clock_draw()
            && (d as usize) <= 2 * MAX_PLY
        {
            k ^= clock_key(d);
        }
        k
    }

    /// Whether `key` (a raw Zobrist hash) occurred before on the path or in the game.
    #[inline]
    pub(crate) fn repeated(&self, key: u64) -> bool {
        P::REPETITION_DRAWS && self.e.path.iter().rev().any(|&k| k == key)
    }

    /// The static score for the player to move (two players) or the searching seat (more).
    #[inline]
    pub(crate) fn evaluate(&self, pos: &P) -> i32 {
        if P::PLAYERS == 2 {
            let me = pos.turn();
            (pos.strength(me) - pos.strength(1 - me)).clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
        } else {
            self.evaluate_seat(pos, self.root)
        }
    }

    /// `seat`'s strength less the mean strength of the others (four players).
    pub(crate) fn evaluate_seat(&self, pos: &P, seat: usize) -> i32 {
        let mine = pos.strength(seat);
        let mut others = 0;
        for p in 0..P::PLAYERS {
            if p != seat {
                others += pos.strength(p);
            }
        }
        (mine - others / (P::PLAYERS as i32 - 1)).clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
    }

    /// The score of a finished game `ply` plies below the root, for `seat`.
    #[inline]
    pub(crate) fn terminal(pos: &P, seat: usize, ply: usize) -> i32 {
        match pos.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == seat => WIN - ply as i32,
            Some(Outcome::Win { .. }) => -(WIN - ply as i32),
            _ => 0,
        }
    }

    /// Orders the moves of ply `ply` (already generated) into its `order`.
    pub(crate) fn order_moves(&mut self, pos: &P, ply: usize, hash_move: Option<P::Move>) {
        let data = &mut self.e.plies[ply];
        data.order.clear();
        for (i, &m) in data.moves.iter().enumerate() {
            let s = ordering::score(pos, m, hash_move, &data.killers, &self.e.history);
            data.order.push((s, i as u32));
        }
    }

    /// The `i`-th move of ply `ply` in order, with its ordering score.
    #[inline]
    pub(crate) fn next_move(&mut self, ply: usize, i: usize) -> (i32, P::Move) {
        let data = &mut self.e.plies[ply];
        let (s, idx) = ordering::pick(&mut data.order, i);
        (s, data.moves[idx as usize])
    }

    /// Makes `mv` the best of ply `ply`: its PV is `mv` and the child's.
    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.e.plies.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(mv);
        for &m in tail[0].pv.iter() {
            if pv.try_push(m).is_err() {
                break;
            }
        }
    }

    /// A quiet move caused a cut-off: killers and history.
    #[inline]
    pub(crate) fn reward(&mut self, pos: &P, ply: usize, mv: P::Move, depth: i32) {
        let k = &mut self.e.plies[ply].killers;
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.e.history[pos.move_key(mv) as usize % HISTORY];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// One iteration at the root: every root move, in `order` (re-sorted: the best first).
    /// Returns the score and, if the iteration was stopped, the best move it completed.
    /// `store`: the result goes to the table (not for a MultiPV line after the first, which
    /// leaves moves out).
    pub(crate) fn root(
        &mut self,
        pos: &P,
        depth: i32,
        order: &mut [(i32, P::Move)],
        store: bool,
    ) -> (i32, Option<(i32, P::Move)>) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(i32, P::Move)> = None;
        let key = pos.zobrist();
        self.e.plies[0].pv.clear();
        for i in 0..order.len() {
            let mv = order[i].1;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.e.path.push(key);
            let score = self.child_score(pos, &child, depth, alpha, beta, 1, i == 0);
            self.e.path.pop();
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((score, mv));
                self.update_pv(0, mv);
                // The best so far moves to the front; the others keep their order.
                order[..=i].rotate_right(1);
            }
        }
        if !self.stopped
            && store
            && let Some((_, mv)) = best
        {
            let k = self.key(pos);
            self.e
                .table
                .store(k, 0, Some(mv), alpha, depth, Bound::Exact);
        }
        (alpha, best)
    }

    /// The score of `child` (reached from `parent` at `ply`) for the player who moved,
    /// by the algorithm that suits the number of players.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn child_score(
        &mut self,
        parent: &P,
        child: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        first: bool,
    ) -> i32 {
        if P::PLAYERS == 2 {
            if first {
                -self.negamax(child, depth - 1, -beta, -alpha, ply, true)
            } else {
                let s = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply, false);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(child, depth - 1, -beta, -alpha, ply, true)
                } else {
                    s
                }
            }
        } else {
            let _ = parent;
            match self.e.options.algorithm {
                Algorithm::Paranoid => self.paranoid(child, depth - 1, alpha, beta, ply),
                Algorithm::BrsPlus => self.brs_layer(child, false, 0, depth - 1, alpha, beta, ply),
            }
        }
    }
}
