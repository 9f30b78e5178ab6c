//! Perft: counting the leaves of the legal move tree, generic over [`Position`].
//!
//! The last ply is bulk counted ([`Position::count_legal_moves`]); [`perft_parallel`] shares
//! the work of the first two plies among threads.
//!
//! ```
//! # use dimchess_core::perft::perft;
//! # fn check<P: dimchess_core::Position>(p: &P) { let _ = perft(p, 2); }
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::position::Position;

/// The number of leaves `depth` plies below `pos`.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = P::MoveList::default();
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// The perft count below each legal move of `pos`, in generation order.
pub fn perft_divide<P: Position>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    perft_divide_parallel(pos, depth, 1)
}

/// [`perft`] on `threads` threads (1 or 0: the current thread only).
pub fn perft_parallel<P: Position>(pos: &P, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || threads <= 1 {
        return perft(pos, depth);
    }
    perft_divide_parallel(pos, depth, threads)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}

/// [`perft_divide`] on `threads` threads. The work is split at the second ply and handed out
/// one subtree at a time, so threads stay busy even when root moves differ in size.
pub fn perft_divide_parallel<P: Position>(
    pos: &P,
    depth: u32,
    threads: usize,
) -> Vec<(P::Move, u64)> {
    let mut roots = P::MoveList::default();
    pos.legal_moves(&mut roots);
    if depth == 0 {
        return Vec::new();
    }
    if depth == 1 || threads <= 1 {
        return roots
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                (mv, perft(&child, depth - 1))
            })
            .collect();
    }
    // Tasks: (root index, position after root move and one reply).
    let mut tasks: Vec<(usize, P)> = Vec::new();
    for (i, &mv) in roots.iter().enumerate() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let mut replies = P::MoveList::default();
        child.legal_moves(&mut replies);
        for &r in replies.iter() {
            let mut grandchild = child.clone();
            grandchild.play_unchecked(r);
            tasks.push((i, grandchild));
        }
    }
    let n_roots = roots.len();
    let counts = Mutex::new(vec![0u64; n_roots]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut local = vec![0u64; n_roots];
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some((i, p)) = tasks.get(k) else { break };
                    local[*i] += perft(p, depth - 2);
                }
                let mut total = counts.lock().unwrap_or_else(|e| e.into_inner());
                for (t, l) in total.iter_mut().zip(local) {
                    *t += l;
                }
            });
        }
    });
    let counts = counts.into_inner().unwrap_or_else(|e| e.into_inner());
    roots.iter().copied().zip(counts).collect()
}
