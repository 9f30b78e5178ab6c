//! The second method the solver's tests check it against: plain minimax over the whole tree,
//! without table, move ordering or early win check.

use dimchess_core::Position;
use dimchess_fide::Chess;

/// Every first move of `p` that wins within `k` turns of the side to move, sorted.
pub fn reference_solutions(p: &Chess, k: u32) -> Vec<String> {
    let me = p.turn();
    let mut out: Vec<String> = legal(p)
        .into_iter()
        .filter(|&m| reached_wins(&after(p, m), me, k - 1))
        .map(|m| p.move_text(m))
        .collect();
    out.sort();
    out
}

fn legal(p: &Chess) -> Vec<<Chess as Position>::Move> {
    let mut moves = dimchess_fide::Moves::default();
    p.legal_moves(&mut moves);
    moves.iter().copied().collect()
}

fn after(p: &Chess, m: <Chess as Position>::Move) -> Chess {
    let mut c = p.clone();
    c.play_unchecked(m);
    c
}

/// `c` was just reached: a forced win for `me` with `left` of `me`'s turns to come?
fn reached_wins(c: &Chess, me: usize, left: u32) -> bool {
    if let Some(o) = c.outcome() {
        return o.winner() == Some(me);
    }
    let moves = legal(c);
    if c.turn() == me {
        left > 0
            && moves
                .iter()
                .any(|&m| reached_wins(&after(c, m), me, left - 1))
    } else {
        !moves.is_empty() && moves.iter().all(|&m| reached_wins(&after(c, m), me, left))
    }
}
