//! The search over positions, a move (a whole turn) at a time: [`Engine`], its root and
//! iterations, and what its nodes ask of a position (table key, repetition, evaluation, move
//! order). The nodes themselves are in `alpha_beta`.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use dimchess_core::{Error, Evaluate, Outcome};

use crate::alpha_beta::{Paranoid, Pvs};
use crate::code_path::{self, balance};
use crate::limits::Limits;
use crate::max_n::relative;
use crate::ordering::{self, HISTORY};
use crate::score::{INFINITY, Score, WIN, WIN_BOUND};
use crate::search::{
    Algorithm, Aspiration, Info, MAX_PLY, Options, Ply, PlyNode, Run, SearchResult, Searcher,
    check_not_over, lazy_smp,
};
use crate::table::Bound;

/// The node data of the search over positions: the legal moves of the node at a ply.
pub(crate) struct MoveNode<P: Evaluate> {
    pub(crate) moves: P::MoveList,
}

impl<P: Evaluate> PlyNode for MoveNode<P> {
    type Step = P::Move;
    type Killer = P::Move;
}

/// One search over positions in progress.
pub(crate) type MoveRun<'a, P> = Run<'a, MoveNode<P>>;

/// A search engine for one variant: its tables persist from one search to the next (call
/// [`Engine::new_game`] between games).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use dimchess_core::toy::{Take, TakeAway};
/// use dimchess_engine::{Engine, Limits, Options, Score};
///
/// // Take-away: whoever takes the last counter wins; 2 + 3 counters, so taking one leaves
/// // the opponent a multiple of four.
/// let pos = TakeAway::new(2, 3);
/// let mut engine = Engine::new(&Options::default());
/// let stop = AtomicBool::new(false);
/// let r = engine.search(&pos, &[], &Limits::depth(4), &stop, |_| {}).unwrap();
/// assert_eq!(r.score, Score::Win(2));
/// assert_eq!(r.best.0[0] + r.best.0[1], 1);
/// ```
pub struct Engine<P: Evaluate> {
    s: Searcher<MoveNode<P>>,
    /// The searchers of the helper threads of a Lazy SMP search: `threads - 1` of them,
    /// sharing `s`'s table.
    helpers: Vec<Searcher<MoveNode<P>>>,
}

/// A searcher's per-ply data.
fn plies<P: Evaluate>() -> Vec<Ply<MoveNode<P>>> {
    let mut plies = Vec::with_capacity(MAX_PLY + 1);
    plies.resize_with(MAX_PLY + 1, || {
        Ply::new(MoveNode {
            moves: P::MoveList::default(),
        })
    });
    plies
}

impl<P: Evaluate> Engine<P> {
    /// An engine with `options` (the table is allocated here, and the searchers of
    /// `options.threads - 1` helper threads).
    pub fn new(options: &Options) -> Self {
        let s = Searcher::new(options, HISTORY, plies::<P>());
        let helpers = (1..options.threads)
            .map(|_| s.helper(plies::<P>()))
            .collect();
        Engine { s, helpers }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.s.options
    }

    /// Forgets what earlier searches learnt (table, history, killers).
    pub fn new_game(&mut self) {
        self.s.new_game();
        for h in &mut self.helpers {
            h.new_game();
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
        let Engine { s, helpers } = self;
        lazy_smp(
            s,
            helpers,
            limits,
            stop,
            &mut info,
            &|s, limits, stop, thread, info| {
                think(s, pos, history, limits, among, stop, thread, info)
            },
        )
    }
}

/// One thread's search of `pos` on the searcher `s` ([`Engine::search_among`]; thread 0 is
/// the main one, see [`lazy_smp`]).
#[allow(clippy::too_many_arguments)]
fn think<P: Evaluate>(
    s: &mut Searcher<MoveNode<P>>,
    pos: &P,
    history: &[u64],
    limits: &Limits,
    among: &[P::Move],
    stop: &AtomicBool,
    thread: usize,
    info: &mut dyn FnMut(&Info<'_, P::Move>),
) -> Result<SearchResult<P::Move>, Error> {
    let start = Instant::now();
    check_not_over(pos)?;
    let mut root_moves = P::MoveList::default();
    pos.legal_moves(&mut root_moves);
    if root_moves.is_empty() {
        return Err(Error::GameOver("no legal move".to_string()));
    }
    let allowed = |m: &P::Move| among.is_empty() || among.contains(m);
    let restrict = root_moves.iter().any(allowed);
    let mut run = s.begin(history, limits, stop, start, pos.turn());
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
    run.deepen(limits, thread, |run, depth| {
        found_lines.clear();
        // Line k searches the moves the lines before it did not take.
        for k in 0..lines {
            let (score, found) = if k == 0 && lines == 1 {
                run.aspirate(pos, depth as i32, &mut order, best_score, depth_done > 0)
            } else {
                let window = (-INFINITY, INFINITY);
                run.root(pos, depth as i32, &mut order[k..], k == 0, window)
            };
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
            return false;
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
            return false;
        }
        depth_done = depth;
        for (k, l) in found_lines.iter().enumerate() {
            info(&run.info(depth, l.0, P::PLAYERS, &l.1, k + 1));
        }
        let score = best_score;
        // A proven result within this depth will not change; nor will a lone move.
        let proven = score.abs() > WIN_BOUND && ((WIN - score.abs()) as u32) < depth;
        let lone = order.len() == 1 && limits.depth.is_none() && depth >= 2;
        !((lines == 1 && proven) || lone)
    });
    Ok(SearchResult {
        best,
        score: Score::from_internal(best_score, P::PLAYERS),
        pv,
        nodes: run.nodes,
        depth: depth_done,
        elapsed: run.start.elapsed(),
    })
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

impl<P: Evaluate> MoveRun<'_, P> {
    /// The table key: the position's hash, the searching seat for more than two players,
    /// and the clock's distance to a draw when a search could reach it (a stored score then
    /// never stands for the same placement with another clock).
    #[inline]
    pub(crate) fn key(&self, pos: &P) -> u64 {
        let mut k = pos.zobrist();
        if P::PLAYERS > 2 {
            k ^= ROOT_KEYS[self.root % 4];
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
            if !P::STATIC_BY_KEY {
                return balance(pos);
            }
            let key = pos.zobrist();
            if let Some(v) = self.e.evals.get(key) {
                return v;
            }
            let v = balance(pos);
            self.e.evals.set(key, v);
            v
        } else {
            self.evaluate_seat(pos, self.root)
        }
    }

    /// `seat`'s strength less the mean strength of the others (four players).
    pub(crate) fn evaluate_seat(&self, pos: &P, seat: usize) -> i32 {
        relative(&code_path::strengths(pos)[..P::PLAYERS], seat)
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

    /// The score at the horizon of a four-player search, for the searching seat: the game's
    /// result if it has ended, else the static score.
    #[inline]
    pub(crate) fn leaf(&self, pos: &P, ply: usize) -> i32 {
        if pos.outcome().is_some() {
            return Self::terminal(pos, self.root, ply);
        }
        self.evaluate(pos)
    }

    /// Orders the moves of ply `ply` (already generated) into its `order`.
    pub(crate) fn order_moves(&mut self, pos: &P, ply: usize, hash_move: Option<P::Move>) {
        let data = &mut self.e.plies[ply];
        data.order.clear();
        for (i, &m) in data.node.moves.iter().enumerate() {
            let s = ordering::score(pos, m, hash_move, &data.killers, &self.e.history);
            data.order.push((s, i as u32));
        }
    }

    /// The `i`-th move of ply `ply` in order, with its ordering score.
    #[inline]
    pub(crate) fn next_move(&mut self, ply: usize, i: usize) -> (i32, P::Move) {
        let data = &mut self.e.plies[ply];
        let (s, idx) = ordering::pick(&mut data.order, i);
        (s, data.node.moves[idx as usize])
    }

    /// One iteration at the root of two players with an aspiration window: a narrow window
    /// around the previous iteration's score `previous` (if `known` and no win), widened on
    /// the side that failed until the score falls inside it; [`MoveRun::root`] otherwise.
    pub(crate) fn aspirate(
        &mut self,
        pos: &P,
        depth: i32,
        order: &mut [(i32, P::Move)],
        previous: i32,
        known: bool,
    ) -> (i32, Option<(i32, P::Move)>) {
        if P::PLAYERS != 2 || !known || depth < 4 || previous.abs() >= WIN_BOUND {
            return self.root(pos, depth, order, true, (-INFINITY, INFINITY));
        }
        let mut w = Aspiration::around(previous);
        loop {
            let (score, found) = self.root(pos, depth, order, true, (w.lo, w.hi));
            if self.stopped {
                return (score, found);
            }
            if found.is_none() {
                // Failed low: no move reached `lo`.
                w.widen_low();
            } else if score >= w.hi {
                w.widen_high();
            } else {
                return (score, found);
            }
        }
    }

    /// One iteration at the root: every root move, in `order` (re-sorted: the best first),
    /// within `window` (alpha, beta). Returns the score and the best move found (`None`: no
    /// move beat alpha; a score at or above beta ends the iteration early). `store`: the
    /// result goes to the table (not for a MultiPV line after the first, which leaves moves
    /// out).
    pub(crate) fn root(
        &mut self,
        pos: &P,
        depth: i32,
        order: &mut [(i32, P::Move)],
        store: bool,
        window: (i32, i32),
    ) -> (i32, Option<(i32, P::Move)>) {
        let (mut alpha, beta) = window;
        let mut best: Option<(i32, P::Move)> = None;
        let key = pos.zobrist();
        self.e.plies[0].pv.clear();
        for i in 0..order.len() {
            let mv = order[i].1;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.e.path.push(key);
            let score = self.root_child(&child, depth, alpha, beta, i == 0);
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
                if score >= beta {
                    break;
                }
            }
        }
        if !self.stopped
            && store
            && alpha < beta
            && let Some((_, mv)) = best
        {
            let k = self.key(pos);
            self.e
                .table
                .store(k, 0, Some(mv), alpha, depth, Bound::Exact);
        }
        (alpha, best)
    }

    /// The score of a root move's `child` for the player who moved, by the node kind that
    /// suits the number of players: two players, the first move with the whole window and the
    /// others with a null window first; four, by the engine's algorithm.
    fn root_child(&mut self, child: &P, depth: i32, alpha: i32, beta: i32, first: bool) -> i32 {
        if P::PLAYERS == 2 {
            if first {
                -self.search::<Pvs>(child, depth - 1, -beta, -alpha, 1, true)
            } else {
                let s = -self.search::<Pvs>(child, depth - 1, -alpha - 1, -alpha, 1, false);
                if s > alpha && s < beta && !self.stopped {
                    -self.search::<Pvs>(child, depth - 1, -beta, -alpha, 1, true)
                } else {
                    s
                }
            }
        } else {
            match self.e.options.algorithm {
                Algorithm::Paranoid => {
                    self.search::<Paranoid>(child, depth - 1, alpha, beta, 1, false)
                }
                Algorithm::BrsPlus => self.brs_layer(child, false, 0, depth - 1, alpha, beta, 1),
                Algorithm::MaxN => self.max_n(child, depth - 1, 1)[self.root],
            }
        }
    }
}
