//! The nodes of the search over positions: one alpha-beta function, [`MoveRun::search`], for
//! every kind of node, with the kind as a type parameter ([`NodeKind`]): two-player
//! principal-variation negamax ([`Pvs`]), paranoid ([`Paranoid`]) and the searching seat's
//! nodes of BRS+ ([`BrsMax`]). The function probes the table, generates and orders the moves,
//! loops over them, keeps the principal variation, killers and history, and stores the
//! result; the kind says what differs: what ends a node before its moves, who maximises and
//! how a child is searched. Beside it: the opponents' layer of BRS+ and the two-player
//! quiescence.

use arrayvec::ArrayVec;
use dimchess_core::Evaluate;

use crate::code_path;
use crate::engine::MoveRun;
use crate::ordering::{self, HISTORY};
use crate::score::{INFINITY, WIN, WIN_BOUND};
use crate::search::{MAX_PLY, NO_EVAL};
use crate::table::Bound;

/// The arguments of a node of [`MoveRun::search`]: `depth` plies deep, `ply` plies below the
/// root, the window (`alpha`, `beta`); `pv_node`: a node of the principal variation, whose
/// table entry does not cut it short. Two players also: `in_check`, whether the player to
/// move is in check, and `improving`, whether its static score is above its score one turn
/// cycle (two plies) back.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Frame {
    pub(crate) depth: i32,
    pub(crate) alpha: i32,
    pub(crate) beta: i32,
    pub(crate) ply: usize,
    pub(crate) pv_node: bool,
    pub(crate) in_check: bool,
    pub(crate) improving: bool,
}

/// The reductions of late moves: `REDUCTIONS[depth][move number]`, growing with the logarithms
/// of both (the idea of Stockfish's and many engines' tables; our constants).
static REDUCTIONS: std::sync::LazyLock<[[u8; 64]; 64]> = std::sync::LazyLock::new(|| {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
        }
    }
    t
});

/// The late-move reduction of the `i`-th move (from 0) of a node `depth` plies deep.
#[inline]
pub(crate) fn reduction(depth: i32, i: usize) -> i32 {
    i32::from(REDUCTIONS[depth.clamp(0, 63) as usize][i.min(63)])
}

/// How far below alpha a static score `depth` plies (or actions) from the horizon must be for
/// its quiet moves to be pruned as futile: by both searches, over positions and over actions.
#[inline]
pub(crate) fn futility_margin(depth: i32) -> i32 {
    100 + 90 * depth
}

/// What differs between the kinds of node of [`MoveRun::search`]. The defaults are those of
/// a four-player node whose player to move maximises.
pub(crate) trait NodeKind<P: Evaluate> {
    /// Whether the node's score is the player to move's (negamax) rather than the searching
    /// seat's: the seat a finished game is scored for.
    const NEGAMAX: bool = false;

    /// A node at the horizon that is scored before it is counted (a quiescence search counts
    /// its own nodes): its score, or `None`.
    #[inline]
    fn horizon(run: &mut MoveRun<'_, P>, pos: &P, f: &Frame) -> Option<i32> {
        let _ = (run, pos, f);
        None
    }

    /// After the node is counted and found not to repeat a position: its score if it ends
    /// here without a look at its moves (by default at the horizon: the game's result or the
    /// static score); the window may be narrowed.
    #[inline]
    fn settle(run: &mut MoveRun<'_, P>, pos: &P, f: &mut Frame) -> Option<i32> {
        (f.depth <= 0 || f.ply >= MAX_PLY - 1).then(|| run.leaf(pos, f.ply))
    }

    /// Whether the node's player to move maximises the node's score.
    #[inline]
    fn maximising(run: &MoveRun<'_, P>, pos: &P) -> bool {
        let _ = (run, pos);
        true
    }

    /// The node's score of `child`, reached by its `i`-th move in order (ordering score `s`).
    fn child(run: &mut MoveRun<'_, P>, child: &P, f: &Frame, i: usize, s: i32) -> i32;
}

/// Two players: negamax alpha-beta with principal-variation search; scores are the player to
/// move's. Draws by the clock, mate-distance pruning; quiescence at the horizon; the first
/// move with the whole window, the others with a null window (late quiet moves reduced by
/// [`reduction`]), re-searched when they beat alpha. The pruning before and among the moves
/// is in [`MoveRun::search`].
pub(crate) struct Pvs;

/// Four players, paranoid: the searching seat maximises, the others minimise its score. A
/// searching seat that has been eliminated has lost.
pub(crate) struct Paranoid;

/// Four players, BRS+, the searching seat to move: it maximises over its moves, each followed
/// by an opponents' layer ([`MoveRun::brs_layer`]).
pub(crate) struct BrsMax;

impl<P: Evaluate> NodeKind<P> for Pvs {
    const NEGAMAX: bool = true;

    #[inline]
    fn horizon(run: &mut MoveRun<'_, P>, pos: &P, f: &Frame) -> Option<i32> {
        (f.depth <= 0).then(|| run.quiesce(pos, f.alpha, f.beta, f.ply))
    }

    #[inline]
    fn settle(run: &mut MoveRun<'_, P>, pos: &P, f: &mut Frame) -> Option<i32> {
        if pos.plies_to_clock_draw() == Some(0) {
            return Some(0);
        }
        // Mate-distance pruning: nothing here beats a win found nearer the root.
        f.alpha = f.alpha.max(-(WIN - f.ply as i32));
        f.beta = f.beta.min(WIN - f.ply as i32 - 1);
        if f.alpha >= f.beta {
            return Some(f.alpha);
        }
        (f.ply >= MAX_PLY - 1).then(|| run.evaluate(pos))
    }

    #[inline]
    fn child(run: &mut MoveRun<'_, P>, child: &P, f: &Frame, i: usize, s: i32) -> i32 {
        let (depth, alpha, beta, ply) = (f.depth, f.alpha, f.beta, f.ply + 1);
        if i == 0 {
            return -run.search::<Pvs>(child, depth - 1, -beta, -alpha, ply, f.pv_node);
        }
        // Late quiet moves are searched shallower first: less in the principal variation, for
        // a killer and for a check, more when the player to move is not improving.
        let mut r = 0;
        if depth >= 3 && i >= 2 + usize::from(f.pv_node) && !ordering::is_noisy(s) && !f.in_check {
            r = reduction(depth, i) - i32::from(f.pv_node) + i32::from(!f.improving)
                - i32::from(ordering::is_killer(s))
                - i32::from(child.in_check());
            r = r.clamp(0, depth - 2);
        }
        let mut v = -run.search::<Pvs>(child, depth - 1 - r, -alpha - 1, -alpha, ply, false);
        if v > alpha && r > 0 && !run.stopped {
            v = -run.search::<Pvs>(child, depth - 1, -alpha - 1, -alpha, ply, false);
        }
        if v > alpha && v < beta && f.pv_node && !run.stopped {
            v = -run.search::<Pvs>(child, depth - 1, -beta, -alpha, ply, true);
        }
        v
    }
}

impl<P: Evaluate> NodeKind<P> for Paranoid {
    #[inline]
    fn settle(run: &mut MoveRun<'_, P>, pos: &P, f: &mut Frame) -> Option<i32> {
        if pos.is_out(run.root) {
            // The searching seat has been eliminated: it has lost.
            return Some(-(WIN - f.ply as i32));
        }
        (f.depth <= 0 || f.ply >= MAX_PLY - 1).then(|| run.leaf(pos, f.ply))
    }

    #[inline]
    fn maximising(run: &MoveRun<'_, P>, pos: &P) -> bool {
        pos.turn() == run.root
    }

    #[inline]
    fn child(run: &mut MoveRun<'_, P>, child: &P, f: &Frame, _i: usize, _s: i32) -> i32 {
        run.search::<Paranoid>(child, f.depth - 1, f.alpha, f.beta, f.ply + 1, false)
    }
}

impl<P: Evaluate> NodeKind<P> for BrsMax {
    #[inline]
    fn child(run: &mut MoveRun<'_, P>, child: &P, f: &Frame, _i: usize, _s: i32) -> i32 {
        run.brs_layer(child, false, 0, f.depth - 1, f.alpha, f.beta, f.ply + 1)
    }
}

impl<P: Evaluate> MoveRun<'_, P> {
    /// Alpha-beta at a node of kind `N`: the score of `pos` ([`Frame`] for the arguments).
    pub(crate) fn search<N: NodeKind<P>>(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let two = N::NEGAMAX && P::PLAYERS == 2;
        let in_check = two && pos.in_check();
        let mut f = Frame {
            // Check extension: a player in check searches a ply deeper.
            depth: depth + i32::from(in_check),
            alpha,
            beta,
            ply,
            pv_node,
            in_check,
            improving: false,
        };
        let depth = f.depth;
        self.e.plies[ply].pv.clear();
        if let Some(v) = N::horizon(self, pos, &f) {
            return v;
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let raw = pos.zobrist();
        if self.repeated(raw) {
            return 0;
        }
        if let Some(v) = N::settle(self, pos, &mut f) {
            return v;
        }
        let key = self.key(pos);
        let mut hash_move = None;
        if let Some(hit) = self.e.table.probe(key, ply) {
            hash_move = hit.mv;
            if !pv_node && hit.depth >= depth && hit.bound.settles(hit.score, f.alpha, f.beta) {
                return hit.score;
            }
        }
        let mut static_eval = NO_EVAL;
        if two {
            if !in_check {
                static_eval = self.evaluate(pos);
            }
            self.e.plies[ply].eval = static_eval;
            f.improving = !in_check
                && (ply < 2 || {
                    let before = self.e.plies[ply - 2].eval;
                    before == NO_EVAL || static_eval > before
                });
            if let Some(v) = self.prune_node(pos, &f, static_eval, raw) {
                return v;
            }
        }
        code_path::legal_moves(pos, &mut self.e.plies[ply].node.moves);
        let n = self.e.plies[ply].node.moves.len();
        if n == 0 {
            let seat = if N::NEGAMAX { pos.turn() } else { self.root };
            return Self::terminal(pos, seat, ply);
        }
        self.order_moves(pos, ply, hash_move);
        let maximising = N::maximising(self, pos);
        let (alpha0, beta0) = (f.alpha, f.beta);
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let mut best_move = None;
        // Late-move pruning: quiet moves beyond this many are not searched near the horizon.
        let late = (3 + depth * depth) / (2 - i32::from(f.improving));
        let mut quiets = 0;
        // The history entries of the quiet moves searched so far (the first 64): they lose
        // what a quiet move that cuts off gains.
        let mut tried = ArrayVec::<u32, 64>::new();
        self.e.path.push(raw);
        for i in 0..n {
            let (s, mv) = self.next_move(ply, i);
            let quiet = !ordering::is_noisy(s);
            if two && !pv_node && !in_check && best > -WIN_BOUND {
                if quiet {
                    // Late moves, and quiet moves that cannot lift the score to alpha.
                    if (depth <= 8 && quiets >= late)
                        || (depth <= 6 && static_eval + futility_margin(depth) <= f.alpha)
                    {
                        continue;
                    }
                } else if depth <= 6 && !pos.see_ge(mv, -90 * depth) {
                    // A capture that loses too much material.
                    continue;
                }
            }
            quiets += i32::from(quiet);
            // Quiet moves, the hash move among them, earn and lose history.
            let historic = quiet || (Some(mv) == hash_move && pos.capture(mv).is_none());
            let index = if historic {
                pos.move_key(mv) % HISTORY as u32
            } else {
                0
            };
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = N::child(self, &child, &f, i, s);
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
                if maximising && score > f.alpha {
                    f.alpha = score;
                    self.update_pv(ply, mv);
                } else if !maximising && score < f.beta {
                    f.beta = score;
                    self.update_pv(ply, mv);
                }
                if f.alpha >= f.beta {
                    if historic {
                        self.reward_quiet(ply, mv, index, &tried, depth);
                    }
                    break;
                }
            }
            if historic {
                let _ = tried.try_push(index);
            }
        }
        self.e.path.pop();
        let bound = Bound::of(best, alpha0, beta0);
        self.e.table.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// Two players, before the moves of a node that is no principal variation's and not in
    /// check: reverse futility (a static score above beta by a margin that grows with the
    /// depth) and null-move pruning (the player to move passes and still reaches beta in a
    /// shallower search; never twice in a row, and only where [`Evaluate::null_move`] allows
    /// a pass). The node's score, if it is cut off here.
    fn prune_node(&mut self, pos: &P, f: &Frame, static_eval: i32, raw: u64) -> Option<i32> {
        if f.pv_node || f.in_check || f.beta.abs() >= WIN_BOUND {
            return None;
        }
        let margin = 75 * (f.depth - i32::from(f.improving));
        if f.depth <= 7 && static_eval - margin >= f.beta {
            return Some(static_eval);
        }
        if f.depth >= 3
            && static_eval >= f.beta
            && !self.e.plies[f.ply].after_null
            && let Some(null) = pos.null_move()
        {
            let r = 3 + f.depth / 4 + ((static_eval - f.beta) / 200).min(3);
            self.e.path.push(raw);
            self.e.plies[f.ply + 1].after_null = true;
            let v = -self.search::<Pvs>(
                &null,
                f.depth - 1 - r,
                -f.beta,
                -f.beta + 1,
                f.ply + 1,
                false,
            );
            self.e.plies[f.ply + 1].after_null = false;
            self.e.path.pop();
            if self.stopped {
                return Some(0);
            }
            if v >= f.beta {
                // A win found after a pass is no proof.
                return Some(if v > WIN_BOUND { f.beta } else { v });
            }
        }
        None
    }

    /// Four players, BRS+, an opponent to move: one opponent's reply is searched (`chosen`
    /// once it has been made), every other opponent plays its first move in the engine's
    /// order (its "previous best move"), in the legal turn order, until the searching seat
    /// moves again. `passed` counts the opponents' turns of this layer. The layer is one ply
    /// of `depth` (as in Esser et al.: a max layer and a min layer are a ply each). Returns
    /// the lowest score (for the searching seat) over the choice of replying opponent and
    /// reply.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn brs_layer(
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
                self.search::<BrsMax>(pos, depth - 1, alpha, beta, ply, false)
            } else {
                // No opponent replied in this branch: not a branch of BRS.
                INFINITY
            };
        }
        if pos.is_out(self.root) || passed >= P::PLAYERS {
            // The searching seat has been eliminated (its turn never comes back).
            return -(WIN - ply as i32);
        }
        if ply >= MAX_PLY - 1 || (depth <= 0 && !chosen) {
            return self.leaf(pos, ply);
        }
        code_path::legal_moves(pos, &mut self.e.plies[ply].node.moves);
        let n = self.e.plies[ply].node.moves.len();
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
            let window = beta.min(best);
            let score = self.brs_layer(&child, true, passed + 1, depth, alpha, window, ply + 1);
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
            let window = beta.min(best);
            let score = self.brs_layer(&child, false, passed + 1, depth, alpha, window, ply + 1);
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

    /// Two players: captures only, with the static score as a floor ("standing pat").
    pub(crate) fn quiesce(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize) -> i32 {
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
        // The table: an entry of any depth settles a quiescence search.
        let key = self.key(pos);
        let hit = self.e.table.probe(key, ply);
        if let Some(h) = hit
            && h.bound.settles(h.score, alpha, beta)
        {
            return h.score;
        }
        // In check every evasion is searched and there is no standing pat; out of it, only
        // captures and promotions.
        let in_check = pos.in_check();
        let moves = &mut self.e.plies[ply].node.moves;
        let any = if in_check {
            code_path::legal_moves(pos, moves);
            !moves.is_empty()
        } else {
            code_path::noisy_moves(pos, moves)
        };
        if !any {
            return Self::terminal(pos, pos.turn(), ply);
        }
        let alpha0 = alpha;
        let stand = if in_check {
            -INFINITY
        } else {
            self.evaluate(pos)
        };
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        if in_check {
            self.order_moves(pos, ply, None);
        } else {
            self.collect_captures(pos, ply);
        }
        let n = self.e.plies[ply].order.len();
        for i in 0..n {
            let (gain, mv) = self.next_move(ply, i);
            // Delta pruning: even winning the piece for free would not reach alpha; and
            // captures that lose material.
            if !in_check && (stand + gain + 200 < alpha || !pos.see_ge(mv, 0)) {
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
        if hit.is_none_or(|h| h.depth < 0) {
            let bound = Bound::of(best, alpha0, beta);
            self.e.table.store(key, ply, None, best, -1, bound);
        }
        best
    }

    /// Fills ply `ply`'s order with its captures only, scored by gain (ties: cheaper attacker).
    fn collect_captures(&mut self, pos: &P, ply: usize) {
        let data = &mut self.e.plies[ply];
        data.order.clear();
        for (i, &m) in data.node.moves.iter().enumerate() {
            if let Some(c) = pos.capture(m) {
                data.order.push((c.gain, i as u32));
            }
        }
        // Equal gains: the cheaper attacker first (a stable sort keeps generation order).
        let moves = &data.node.moves;
        data.order.sort_by_key(|&(g, i)| {
            let a = pos.capture(moves[i as usize]).map_or(0, |c| c.attacker);
            (core::cmp::Reverse(g), a)
        });
        // `pick` keeps this order: it only swaps when a later entry is strictly larger.
    }
}
