//! Four players: paranoid alpha-beta and BRS+ (Esser et al. 2013), scores for the searching
//! seat.

use dimchess_core::Evaluate;

use crate::ordering;
use crate::score::{INFINITY, WIN};
use crate::search::{MAX_PLY, Run};
use crate::table::Bound;

impl<P: Evaluate> Run<'_, P> {
    /// Four players, paranoid: the searching seat maximises, the others minimise its score.
    pub(crate) fn paranoid(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
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
            if hit.depth >= depth && hit.bound.settles(hit.score, alpha, beta) {
                return hit.score;
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
        let bound = Bound::of(best, alpha0, beta0);
        self.e.table.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// Four players, BRS+, the searching seat to move: it maximises over its moves, each
    /// followed by an opponents' layer.
    pub(crate) fn brs_max(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
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
            if hit.depth >= depth && hit.bound.settles(hit.score, alpha, beta) {
                return hit.score;
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
        let bound = Bound::of(best, alpha0, beta);
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
