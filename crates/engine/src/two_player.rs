//! Two players: negamax alpha-beta with principal-variation search, and quiescence.

use dimchess_core::Evaluate;

use crate::ordering;
use crate::score::{INFINITY, WIN};
use crate::search::{MAX_PLY, Run};
use crate::table::Bound;

impl<P: Evaluate> Run<'_, P> {
    /// Two players: negamax alpha-beta with principal-variation search; the score is for the
    /// player to move in `pos`.
    pub(crate) fn negamax(
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
            if !pv_node && hit.depth >= depth && hit.bound.settles(hit.score, alpha, beta) {
                return hit.score;
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
        let bound = Bound::of(best, alpha0, beta);
        self.e.table.store(key, ply, best_move, best, depth, bound);
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
    pub(crate) fn collect_captures(&mut self, pos: &P, ply: usize) {
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
}
