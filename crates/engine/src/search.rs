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
struct PlyData<P: Evaluate> {
    moves: P::MoveList,
    order: Vec<(i32, u32)>,
    killers: [Option<P::Move>; 2],
    pv: ArrayVec<P::Move, MAX_PLY>,
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
    table: Table<P::Move>,
    history: Vec<i32>,
    plies: Vec<PlyData<P>>,
    path: Vec<u64>,
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
    /// is called after every completed iteration.
    ///
    /// # Errors
    /// [`Error::GameOver`] if the game has ended in `pos` (or it has no legal move).
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
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
            .map(|&m| {
                (
                    ordering::score(pos, m, None, &[None, None], &run.e.history),
                    m,
                )
            })
            .collect();
        order.sort_by_key(|&(s, _)| core::cmp::Reverse(s));
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
            let (score, found) = run.root(pos, depth as i32, &mut order);
            if run.stopped {
                // A move that beat the previous best in the unfinished iteration is kept.
                if let Some((s, m)) = found
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
            best = order[0].1;
            best_score = score;
            pv = run.e.plies[0].pv.to_vec();
            if pv.first() != Some(&best) {
                pv = vec![best];
            }
            depth_done = depth;
            info(&Info {
                depth,
                seldepth: run.seldepth as u32,
                score: Score::from_internal(score, P::PLAYERS),
                nodes: run.nodes,
                elapsed: start.elapsed(),
                pv: &pv,
            });
            // A proven result within this depth will not change.
            if score.abs() > WIN_BOUND && ((WIN - score.abs()) as u32) < depth {
                break;
            }
            if root_moves.len() == 1 && limits.depth.is_none() && depth >= 2 {
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
struct Run<'a, P: Evaluate> {
    e: &'a mut Engine<P>,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    node_limit: u64,
    nodes: u64,
    stopped: bool,
    seldepth: usize,
    root: usize,
    root_key: u64,
}

impl<P: Evaluate> Run<'_, P> {
    /// Counts a node; every [`POLL`] nodes looks at the limits and the stop flag.
    #[inline]
    fn tick(&mut self) -> bool {
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
    fn key(&self, pos: &P) -> u64 {
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
    fn repeated(&self, key: u64) -> bool {
        P::REPETITION_DRAWS && self.e.path.iter().rev().any(|&k| k == key)
    }

    /// The static score for the player to move (two players) or the searching seat (more).
    #[inline]
    fn evaluate(&self, pos: &P) -> i32 {
        if P::PLAYERS == 2 {
            let me = pos.turn();
            (pos.strength(me) - pos.strength(1 - me)).clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
        } else {
            self.evaluate_seat(pos, self.root)
        }
    }

    /// `seat`'s strength less the mean strength of the others (four players).
    fn evaluate_seat(&self, pos: &P, seat: usize) -> i32 {
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
    fn terminal(pos: &P, seat: usize, ply: usize) -> i32 {
        match pos.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == seat => WIN - ply as i32,
            Some(Outcome::Win { .. }) => -(WIN - ply as i32),
            _ => 0,
        }
    }

    /// Orders the moves of ply `ply` (already generated) into its `order`.
    fn order_moves(&mut self, pos: &P, ply: usize, hash_move: Option<P::Move>) {
        let data = &mut self.e.plies[ply];
        data.order.clear();
        for (i, &m) in data.moves.iter().enumerate() {
            let s = ordering::score(pos, m, hash_move, &data.killers, &self.e.history);
            data.order.push((s, i as u32));
        }
    }

    /// The `i`-th move of ply `ply` in order, with its ordering score.
    #[inline]
    fn next_move(&mut self, ply: usize, i: usize) -> (i32, P::Move) {
        let data = &mut self.e.plies[ply];
        let (s, idx) = ordering::pick(&mut data.order, i);
        (s, data.moves[idx as usize])
    }

    /// Makes `mv` the best of ply `ply`: its PV is `mv` and the child's.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: P::Move) {
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
    fn reward(&mut self, pos: &P, ply: usize, mv: P::Move, depth: i32) {
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
    fn root(
        &mut self,
        pos: &P,
        depth: i32,
        order: &mut [(i32, P::Move)],
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
    fn child_score(
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

    /// Two players: negamax alpha-beta with principal-variation search; the score is for the
    /// player to move in `pos`.
    fn negamax(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.e.plies[ply].pv.clear();
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let raw = pos.zobrist();
        if self.repeated(raw) || pos.plies_to_clock_draw() == Some(0) {
            return 0;
        }
        // Mate-distance pruning: nothing here beats a win found nearer the root.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let key = self.key(pos);
        let mut hash_move = None;
        if let Some(hit) = self.e.table.probe(key, ply) {
            hash_move = hit.mv;
            if !pv_node && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        pos.legal_moves(&mut self.e.plies[ply].moves);
        let n = self.e.plies[ply].moves.len();
        if n == 0 {
            return Self::terminal(pos, pos.turn(), ply);
        }
        self.order_moves(pos, ply, hash_move);
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        self.e.path.push(raw);
        for i in 0..n {
            let (s, mv) = self.next_move(ply, i);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, pv_node)
            } else {
                // Late quiet moves are searched a ply shallower first.
                let r = if depth >= 3 && i >= 4 && !ordering::is_noisy(s) {
                    1
                } else {
                    0
                };
                let mut v =
                    -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                if v > alpha && r > 0 && !self.stopped {
                    v = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if v > alpha && v < beta && pv_node && !self.stopped {
                    v = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
                v
            };
            if self.stopped {
                self.e.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if !ordering::is_noisy(s) {
                            self.reward(pos, ply, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.e.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.e.table.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// Two players: captures only, with the static score as a floor ("standing pat").
    fn quiesce(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if !P::QUIESCENCE {
            if pos.outcome().is_some() {
                return Self::terminal(pos, pos.turn(), ply);
            }
            return self.evaluate(pos);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        pos.legal_moves(&mut self.e.plies[ply].moves);
        if self.e.plies[ply].moves.is_empty() {
            return Self::terminal(pos, pos.turn(), ply);
        }
        let stand = self.evaluate(pos);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        self.collect_captures(pos, ply);
        let n = self.e.plies[ply].order.len();
        for i in 0..n {
            let (gain, mv) = self.next_move(ply, i);
            // Delta pruning: even winning the piece for free would not reach alpha.
            if stand + gain + 200 < alpha {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Fills ply `ply`'s order with its captures only, scored by gain (ties: cheaper attacker).
    fn collect_captures(&mut self, pos: &P, ply: usize) {
        let data = &mut self.e.plies[ply];
        data.order.clear();
        for (i, &m) in data.moves.iter().enumerate() {
            if let Some(c) = pos.capture(m) {
                data.order.push((c.gain, i as u32));
            }
        }
        // Equal gains: the cheaper attacker first (a stable sort keeps generation order).
        let moves = &data.moves;
        data.order.sort_by_key(|&(g, i)| {
            let a = pos.capture(moves[i as usize]).map_or(0, |c| c.attacker);
            (core::cmp::Reverse(g), a)
        });
        // `pick` keeps this order: it only swaps when a later entry is strictly larger.
    }

    /// Four players, paranoid: the searching seat maximises, the others minimise its score.
    fn paranoid(&mut self, pos: &P, depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.e.plies[ply].pv.clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let raw = pos.zobrist();
        if self.repeated(raw) {
            return 0;
        }
        if pos.strength(self.root) <= 0 {
            // The searching seat has been eliminated: it has lost.
            return -(WIN - ply as i32);
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            if pos.outcome().is_some() {
                return Self::terminal(pos, self.root, ply);
            }
            return self.evaluate(pos);
        }
        let key = self.key(pos);
        let mut hash_move = None;
        if let Some(hit) = self.e.table.probe(key, ply) {
            hash_move = hit.mv;
            if hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        pos.legal_moves(&mut self.e.plies[ply].moves);
        let n = self.e.plies[ply].moves.len();
        if n == 0 {
            return Self::terminal(pos, self.root, ply);
        }
        self.order_moves(pos, ply, hash_move);
        let maximising = pos.turn() == self.root;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        self.e.path.push(raw);
        for i in 0..n {
            let (s, mv) = self.next_move(ply, i);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = self.paranoid(&child, depth - 1, alpha, beta, ply + 1);
            if self.stopped {
                self.e.path.pop();
                return 0;
            }
            let better = if maximising {
                score > best
            } else {
                score < best
            };
            if better {
                best = score;
                best_move = Some(mv);
                if maximising && score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                } else if !maximising && score < beta {
                    beta = score;
                    self.update_pv(ply, mv);
                }
                if alpha >= beta {
                    if !ordering::is_noisy(s) {
                        self.reward(pos, ply, mv, depth);
                    }
                    break;
                }
            }
        }
        self.e.path.pop();
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.e.table.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// Four players, BRS+, the searching seat to move: it maximises over its moves, each
    /// followed by an opponents' layer.
    fn brs_max(&mut self, pos: &P, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.e.plies[ply].pv.clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let raw = pos.zobrist();
        if self.repeated(raw) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            if pos.outcome().is_some() {
                return Self::terminal(pos, self.root, ply);
            }
            return self.evaluate(pos);
        }
        let key = self.key(pos);
        let mut hash_move = None;
        if let Some(hit) = self.e.table.probe(key, ply) {
            hash_move = hit.mv;
            if hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        pos.legal_moves(&mut self.e.plies[ply].moves);
        let n = self.e.plies[ply].moves.len();
        if n == 0 {
            return Self::terminal(pos, self.root, ply);
        }
        self.order_moves(pos, ply, hash_move);
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        self.e.path.push(raw);
        for i in 0..n {
            let (s, mv) = self.next_move(ply, i);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = self.brs_layer(&child, false, 0, depth - 1, alpha, beta, ply + 1);
            if self.stopped {
                self.e.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if !ordering::is_noisy(s) {
                            self.reward(pos, ply, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.e.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.e.table.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// Four players, BRS+, an opponent to move: one opponent's reply is searched (`chosen`
    /// once it has been made), every other opponent plays its first move in the engine's
    /// order (its "previous best move"), in the legal turn order, until the searching seat
    /// moves again. `passed` counts the opponents' turns of this layer. The layer is one ply
    /// of `depth` (as in Esser et al.: a max layer and a min layer are a ply each). Returns
    /// the lowest score (for the searching seat) over the choice of replying opponent and
    /// reply.
    #[allow(clippy::too_many_arguments)]
    fn brs_layer(
        &mut self,
        pos: &P,
        chosen: bool,
        passed: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.e.plies[ply].pv.clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if pos.turn() == self.root {
            return if chosen {
                self.brs_max(pos, depth - 1, alpha, beta, ply)
            } else {
                // No opponent replied in this branch: not a branch of BRS.
                INFINITY
            };
        }
        if pos.strength(self.root) <= 0 || passed >= P::PLAYERS {
            // The searching seat has been eliminated (its turn never comes back).
            return -(WIN - ply as i32);
        }
        if ply >= MAX_PLY - 1 || (depth <= 0 && !chosen) {
            if pos.outcome().is_some() {
                return Self::terminal(pos, self.root, ply);
            }
            return self.evaluate(pos);
        }
        pos.legal_moves(&mut self.e.plies[ply].moves);
        let n = self.e.plies[ply].moves.len();
        if n == 0 {
            return Self::terminal(pos, self.root, ply);
        }
        self.order_moves(pos, ply, None);
        let (_, first) = self.next_move(ply, 0);
        if chosen {
            let mut child = pos.clone();
            child.play_unchecked(first);
            let v = self.brs_layer(&child, true, passed + 1, depth, alpha, beta, ply + 1);
            if !self.stopped {
                self.update_pv(ply, first);
            }
            return v;
        }
        let raw = pos.zobrist();
        self.e.path.push(raw);
        let mut best = INFINITY;
        for i in 0..n {
            let (_, mv) = self.next_move(ply, i);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = self.brs_layer(
                &child,
                true,
                passed + 1,
                depth,
                alpha,
                beta.min(best),
                ply + 1,
            );
            if self.stopped {
                self.e.path.pop();
                return 0;
            }
            if score < best {
                best = score;
                self.update_pv(ply, mv);
                if best <= alpha {
                    break;
                }
            }
        }
        if best > alpha {
            // This opponent plays its first move and a later opponent replies.
            let mut child = pos.clone();
            child.play_unchecked(first);
            let score = self.brs_layer(
                &child,
                false,
                passed + 1,
                depth,
                alpha,
                beta.min(best),
                ply + 1,
            );
            if !self.stopped && score < best {
                best = score;
                self.update_pv(ply, first);
            }
        }
        self.e.path.pop();
        if self.stopped {
            return 0;
        }
        best
    }
}
