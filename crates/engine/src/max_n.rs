//! Max^n (Luckhardt and Irani, "An Algorithmic Solution of N-Person Games", AAAI 1986): every
//! node is worth a score per seat, and the seat to move picks the child whose score is best
//! for itself. No seat assumes that the others play against it (paranoid) or that only one of
//! them replies (BRS+); the price is that nothing but an immediate win cuts a node short, so
//! the search reaches fewer plies in the same time.

use dimchess_core::Evaluate;

use crate::code_path;
use crate::engine::MoveRun;
use crate::score::{INFINITY, WIN, WIN_BOUND};
use crate::search::MAX_PLY;
use crate::table::Bound;

/// The most seats a max^n score holds.
pub(crate) const SEATS: usize = 4;

/// A score per seat, each from that seat's side (the seats past `P::PLAYERS` stay 0).
pub(crate) type Scores = [i32; SEATS];

/// `strengths[seat]` less the mean of the other seats' strengths (one per seat), within the
/// centipawn range: the static score of a seat of a game of more than two players.
pub(crate) fn relative(strengths: &[i32], seat: usize) -> i32 {
    let others: i32 = strengths.iter().sum::<i32>() - strengths[seat];
    let n = strengths.len() as i32 - 1;
    (strengths[seat] - others / n.max(1)).clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
}

impl<P: Evaluate> MoveRun<'_, P> {
    /// The max^n scores of `pos`, `depth` plies deep and `ply` plies below the root.
    pub(crate) fn max_n(&mut self, pos: &P, depth: i32, ply: usize) -> Scores {
        const { assert!(P::PLAYERS <= SEATS) };
        self.e.plies[ply].pv.clear();
        if self.tick() {
            return [0; SEATS];
        }
        self.seldepth = self.seldepth.max(ply);
        let raw = pos.zobrist();
        if self.repeated(raw) {
            return [0; SEATS];
        }
        if depth <= 0 || ply >= MAX_PLY - 1 || pos.outcome().is_some() {
            return self.seat_scores(pos, ply);
        }
        let key = self.key(pos);
        let hash_move = self.e.table.probe(key, ply).and_then(|h| h.mv);
        code_path::legal_moves(pos, &mut self.e.plies[ply].node.moves);
        let n = self.e.plies[ply].node.moves.len();
        if n == 0 {
            return self.seat_scores(pos, ply);
        }
        self.order_moves(pos, ply, hash_move);
        let me = pos.turn();
        // Nothing beats a win on this very move.
        let nearest_win = WIN - ply as i32 - 1;
        let mut best = [-INFINITY; SEATS];
        let mut best_move = None;
        self.e.path.push(raw);
        for i in 0..n {
            let (_, mv) = self.next_move(ply, i);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let scores = self.max_n(&child, depth - 1, ply + 1);
            if self.stopped {
                self.e.path.pop();
                return [0; SEATS];
            }
            // Ties go to the earlier move in the engine's order.
            if best_move.is_none() || scores[me] > best[me] {
                best = scores;
                best_move = Some(mv);
                self.update_pv(ply, mv);
                if scores[me] >= nearest_win {
                    break;
                }
            }
        }
        self.e.path.pop();
        // The table keeps the best move for the next iteration's order (max^n reads no
        // stored score: one seat's score does not settle a node of another seat).
        let root = best[self.root];
        self.e
            .table
            .store(key, ply, best_move, root, depth, Bound::Exact);
        best
    }

    /// The scores at a leaf `ply` plies below the root: the game's result for each seat if it
    /// has ended; else an eliminated seat has lost, and a live one scores [`relative`].
    fn seat_scores(&self, pos: &P, ply: usize) -> Scores {
        let mut scores = [0; SEATS];
        if pos.outcome().is_some() {
            for (seat, s) in scores.iter_mut().enumerate().take(P::PLAYERS) {
                *s = Self::terminal(pos, seat, ply);
            }
            return scores;
        }
        let strengths = code_path::strengths(pos);
        let strengths = &strengths[..P::PLAYERS];
        for (seat, s) in scores.iter_mut().enumerate().take(P::PLAYERS) {
            *s = if strengths[seat] <= 0 {
                -(WIN - ply as i32)
            } else {
                relative(strengths, seat)
            };
        }
        scores
    }
}
