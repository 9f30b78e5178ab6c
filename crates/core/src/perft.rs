//! Perft: counting the leaves of the legal move tree, generic over [`Position`].
//!
//! The last ply is bulk counted ([`Position::count_legal_moves`]). [`perft_with`] and
//! [`perft_divide_with`] are the drivers for deep runs ([`PerftOptions`]): they split the tree
//! into enough subtrees to keep every thread busy, share an optional [`PerftTable`], and
//! report [`Progress`] after each subtree.
//!
//! The hash table is keyed by [`Position::subtree_key`], so it is only as sound as that key:
//! it must cover everything that decides the legal moves and the outcome below a position
//! within the subtree's depth (side to move, rights, en-passant squares and records, pieces
//! in flight, and a clock that ends the game where it can reach its limit). The root crate's
//! `tests/hash_edges.rs` checks hashed against plain counts in every registered variant with
//! the text fields pushed to their edges.
//!
//! ```
//! # use dimchess_core::perft::perft;
//! # fn check<P: dimchess_core::Position>(p: &P) { let _ = perft(p, 2); }
//! ```

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::cpu::{self, Cpu, Portable};
use crate::memory;
use crate::pool::{self, Job};
use crate::position::Position;

/// The number of leaves `depth` plies below `pos`, on the fastest code path this CPU runs
/// ([`cpu::detected`]: the x86-64-v3 one where the CPU has it, unless `DIMCHESS_CPU=portable`).
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    match cpu::detected() {
        Some(v3) => perft_on(v3, pos, depth),
        None => perft_on(Portable, pos, depth),
    }
}

/// [`perft`] on the code path of `cpu`: every node's generation runs inside [`Cpu::run`],
/// through [`Position::count_legal_moves_on`] and [`Position::for_each_child_on`].
pub fn perft_on<P: Position, C: Cpu>(cpu: C, pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => cpu.run(|| pos.count_legal_moves_on(cpu)),
        _ => perft_children(cpu, pos, depth),
    }
}

/// [`perft_on`] inside [`Cpu::run`] (the caller's code path).
#[inline(always)]
fn perft_node<P: Position, C: Cpu>(cpu: C, pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves_on(cpu),
        _ => perft_children(cpu, pos, depth),
    }
}

/// [`perft_on`] below a node of depth 2 or more. Kept out of line: the move list it holds can
/// be tens of kilobytes (a variant's `MaxMoves`), and a frame that large is probed page by
/// page on entry, which the bulk count of every last-ply node would pay for if it were
/// made from the same frame.
#[inline(never)]
fn perft_children<P: Position, C: Cpu>(cpu: C, pos: &P, depth: u32) -> u64 {
    // Each closure must be inlined into `Cpu::run` (else it is compiled portably), whatever
    // its size: hence the attribute.
    if depth == 2 {
        return cpu.run(
            #[inline(always)]
            || pos.perft2_on(cpu),
        );
    }
    cpu.run(
        #[inline(always)]
        || {
            let mut n = 0;
            pos.for_each_child_on(cpu, |_, child| n += perft_node(cpu, child, depth - 1));
            n
        },
    )
}

/// Calls `f` with each legal move of `pos` (in generation order) and the position after it
/// ([`Position::for_each_child`]).
#[inline]
fn each_child<P: Position>(pos: &P, f: impl FnMut(P::Move, &P)) {
    pos.for_each_child(f);
}

/// The perft count below each legal move of `pos`, in generation order.
pub fn perft_divide<P: Position>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    let mut out = Vec::new();
    if depth > 0 {
        each_child(pos, |mv, child| out.push((mv, perft(child, depth - 1))));
    }
    out
}

/// [`perft`] on `threads` threads (1 or 0: the current thread only).
pub fn perft_parallel<P: Position + 'static>(pos: &P, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || threads <= 1 {
        return perft(pos, depth);
    }
    perft_with(
        pos,
        depth,
        &PerftOptions {
            threads,
            ..PerftOptions::default()
        },
    )
}

/// [`perft_divide`] on `threads` threads.
pub fn perft_divide_parallel<P: Position + 'static>(
    pos: &P,
    depth: u32,
    threads: usize,
) -> Vec<(P::Move, u64)> {
    perft_divide_with(
        pos,
        depth,
        &PerftOptions {
            threads,
            ..PerftOptions::default()
        },
    )
}

/// How far a long perft run has got, passed to [`PerftOptions::progress`] after each subtree.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Subtrees counted so far.
    pub done: usize,
    /// Subtrees in all.
    pub total: usize,
    /// Leaves counted so far.
    pub leaves: u64,
    /// Time since the run started.
    pub elapsed: Duration,
}

/// How to run [`perft_with`] / [`perft_divide_with`].
///
/// ```
/// use dimchess_core::perft::{perft_with, PerftOptions};
/// # fn check<P: dimchess_core::Position + 'static>(p: &P) {
/// let report = |pr: &dimchess_core::perft::Progress| eprintln!("{}/{}", pr.done, pr.total);
/// let n = perft_with(p, 5, &PerftOptions { threads: 2, hash_mb: 16, progress: Some(&report) });
/// # }
/// ```
#[derive(Copy, Clone, Default)]
pub struct PerftOptions<'a> {
    /// Worker threads (0 or 1: the calling thread only).
    pub threads: usize,
    /// Size of the shared [`PerftTable`] in MiB (0: none; if the memory cannot be reserved,
    /// the run goes on without a table).
    pub hash_mb: usize,
    /// Called from the calling thread, after each subtree it counts and as the other threads'
    /// subtrees are counted.
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
}

/// The number of leaves `depth` plies below `pos`, run as `options` say.
pub fn perft_with<P: Position + 'static>(pos: &P, depth: u32, options: &PerftOptions<'_>) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_divide_with(pos, depth, options)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}

/// The perft count below each legal move of `pos`, in generation order, run as `options` say.
///
/// The tree is expanded breadth-first until there are at least 64 subtrees per thread (or
/// the subtrees left are two plies deep); threads then take subtrees one at a time from an
/// atomic index, so they stay busy however unequal the subtrees are. The calling thread is
/// one of them; the others are helpers kept for the process, so that a run of a millisecond
/// or two does not spend a visible share of it starting threads. The caller never waits for
/// a helper to start: a helper the system runs late only takes fewer subtrees. (That is why
/// `P` is `'static`: the helpers share the run's data, they do not borrow it.)
pub fn perft_divide_with<P: Position + 'static>(
    pos: &P,
    depth: u32,
    options: &PerftOptions<'_>,
) -> Vec<(P::Move, u64)> {
    let started = Instant::now();
    let mut roots = P::MoveList::default();
    pos.legal_moves(&mut roots);
    if depth == 0 {
        return Vec::new();
    }
    let threads = options.threads.max(1);
    // A task is a move from one of `parents`, with the root move it descends from: the
    // workers make the last level's moves themselves, so that a short run has almost no
    // serial part. Every task's child is `remaining` plies above its leaves.
    let mut parents: Vec<P> = vec![pos.clone()];
    let mut tasks: Vec<(usize, usize, P::Move)> = roots
        .iter()
        .enumerate()
        .map(|(i, &mv)| (0, i, mv))
        .collect();
    let mut remaining = depth - 1;
    let target = threads * 64;
    // Expanding a level is serial work: stop while subtrees are still two plies deep, or the
    // expansion would be as big as the parallel part (three-level perft 3: 3,117 plays).
    while tasks.len() < target && remaining > 2 {
        let mut next_parents = Vec::with_capacity(tasks.len());
        let mut next_tasks = Vec::with_capacity(tasks.len() * 32);
        let mut moves = P::MoveList::default();
        for (parent, root, mv) in tasks {
            let mut child = parents[parent].clone();
            child.play_unchecked(mv);
            child.legal_moves(&mut moves);
            let j = next_parents.len();
            next_tasks.extend(moves.iter().map(|&m| (j, root, m)));
            next_parents.push(child);
        }
        parents = next_parents;
        tasks = next_tasks;
        remaining -= 1;
    }
    let run = Arc::new(Run {
        // Without the memory for the table, the run goes on without it (same counts).
        table: if options.hash_mb > 0 && remaining >= 2 {
            PerftTable::try_new(options.hash_mb)
        } else {
            None
        },
        counts: roots.iter().map(|_| AtomicU64::new(0)).collect(),
        parents,
        tasks,
        remaining,
        next: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        leaves: AtomicU64::new(0),
        failed: AtomicBool::new(false),
    });
    let total = run.tasks.len();
    let job: Option<Job> = (threads > 1 && total > 1).then(|| {
        let run = Arc::clone(&run);
        Arc::new(move || {
            let counted = panic::catch_unwind(AssertUnwindSafe(|| run.work(&|| ())));
            if counted.is_err() {
                run.failed.store(true, Ordering::Release);
            }
        }) as Job
    });
    if let Some(job) = &job {
        pool::post(threads - 1, Arc::clone(job));
    }
    // Progress is reported from this thread only: after each subtree it counts, and as the
    // helpers' subtrees are counted while it waits for them; each count of subtrees once.
    let reported = Cell::new(usize::MAX);
    let report = || {
        let done = run.done.load(Ordering::Acquire);
        if let Some(report) = options.progress
            && done != reported.get()
        {
            report(&Progress {
                done,
                total,
                leaves: run.leaves.load(Ordering::Acquire),
                elapsed: started.elapsed(),
            });
        }
        reported.set(done);
    };
    run.work(&report);
    // Wait for the subtrees the helpers took (never for a helper that took none), awake for
    // the first millisecond: waking this thread from sleep costs about as long as a subtree
    // of a short run (three-level perft 3: 20-30 us of 0.8 ms).
    let waiting = Instant::now();
    while run.done.load(Ordering::Acquire) < total {
        assert!(
            !run.failed.load(Ordering::Acquire),
            "a perft helper thread panicked"
        );
        if waiting.elapsed() < Duration::from_millis(1) {
            std::thread::yield_now();
        } else {
            std::thread::sleep(Duration::from_micros(100));
        }
        report();
    }
    if total > 0 {
        report();
    }
    if let Some(job) = &job {
        pool::withdraw(job);
    }
    roots
        .iter()
        .copied()
        .zip(run.counts.iter().map(|n| n.load(Ordering::Acquire)))
        .collect()
}

/// One run of [`perft_divide_with`]: its subtrees and counters, shared with the helpers.
struct Run<P: Position> {
    parents: Vec<P>,
    /// (parent, root move index, move).
    tasks: Vec<(usize, usize, P::Move)>,
    /// Plies from each task's child to its leaves.
    remaining: u32,
    table: Option<PerftTable>,
    /// Leaves below each root move.
    counts: Vec<AtomicU64>,
    /// The next task to take.
    next: AtomicUsize,
    /// Tasks counted, and their leaves.
    done: AtomicUsize,
    leaves: AtomicU64,
    /// A helper panicked (the caller would otherwise wait for its task forever).
    failed: AtomicBool,
}

impl<P: Position> Run<P> {
    /// Counts tasks until none is left to take, calling `after` after each.
    fn work(&self, after: &dyn Fn()) {
        while let Some(&(parent, root, mv)) =
            self.tasks.get(self.next.fetch_add(1, Ordering::Relaxed))
        {
            let mut child = self.parents[parent].clone();
            child.play_unchecked(mv);
            let n = match &self.table {
                Some(t) => perft_hashed(&child, self.remaining, t),
                None => perft(&child, self.remaining),
            };
            self.counts[root].fetch_add(n, Ordering::Relaxed);
            self.leaves.fetch_add(n, Ordering::Relaxed);
            self.done.fetch_add(1, Ordering::Release);
            after();
        }
    }
}

/// [`perft`] that looks up and stores subtree counts (two plies deep or more) in `table`.
pub fn perft_hashed<P: Position>(pos: &P, depth: u32, table: &PerftTable) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    let key = pos.subtree_key(depth);
    if let Some(n) = table.probe(key, depth) {
        return n;
    }
    let mut n = 0;
    each_child(pos, |_, child| n += perft_hashed(child, depth - 1, table));
    table.store(key, depth, n);
    n
}

/// The words of one bucket: two slots of (`check`, `data`). The first slot keeps the deepest
/// subtree seen, the second always takes the newest. `check` is `key ^ data`, so that a slot
/// torn by two threads writing at once fails the check instead of giving a wrong count (the
/// lockless-hashing trick); `data` is `count << 8 | depth`. All-zero words are an empty slot
/// (depth 0 is never stored).
const BUCKET_WORDS: usize = 4;

/// The bytes of one bucket.
const BUCKET_BYTES: usize = BUCKET_WORDS * core::mem::size_of::<AtomicU64>();

/// A lock-free table of subtree counts keyed by a position's [`Position::subtree_key`] and the
/// depth, shared by every perft thread. Probing and storing never allocate.
///
/// The table is one zeroed allocation: the system commits its pages as they are first written,
/// so a large table costs only the memory its stored subtrees touch, and making it takes no
/// time (`perft fide 3 --hash 4096` stores 20 subtrees: a few pages, not 4 GiB).
pub struct PerftTable {
    /// [`BUCKET_WORDS`] words per bucket.
    words: Box<[AtomicU64]>,
}

impl PerftTable {
    /// A table of about `mb` MiB (at least one bucket).
    ///
    /// # Panics
    /// If the memory cannot be had; [`PerftTable::try_new`] returns `None` instead.
    pub fn new(mb: usize) -> PerftTable {
        PerftTable::try_new(mb).unwrap_or_else(|| panic!("cannot allocate a {mb} MiB perft table"))
    }

    /// A table of about `mb` MiB (at least one bucket), or `None` if the memory cannot be
    /// reserved.
    pub fn try_new(mb: usize) -> Option<PerftTable> {
        let buckets = (mb.saturating_mul(1 << 20) / BUCKET_BYTES).max(1);
        let words = bytemuck::allocation::try_zeroed_slice_box::<AtomicU64>(
            buckets.checked_mul(BUCKET_WORDS)?,
        )
        .ok()?;
        Some(PerftTable { words })
    }

    /// The largest size in MiB to ask for: the machine's physical memory where the system
    /// tells it ([`memory::physical_mib`]), else [`PerftTable::FALLBACK_MAX_MB`]. Pages are
    /// committed as the table fills, so a larger table would be made at once and fail (or
    /// swap) only late in a long run; a tool refuses such a size up front.
    pub fn max_mb() -> usize {
        memory::physical_mib().map_or(PerftTable::FALLBACK_MAX_MB, |m| {
            usize::try_from(m).unwrap_or(usize::MAX)
        })
    }

    /// [`PerftTable::max_mb`] where the machine's memory is unknown: 16 GiB.
    pub const FALLBACK_MAX_MB: usize = 16 << 10;

    /// The number of entries.
    pub fn capacity(&self) -> usize {
        self.words.len() / BUCKET_WORDS * 2
    }

    /// The four words of the bucket of `key` at `depth`.
    fn bucket(&self, key: u64, depth: u32) -> &[AtomicU64] {
        let mixed = key ^ u64::from(depth).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let buckets = self.words.len() / BUCKET_WORDS;
        let i = ((u128::from(mixed) * buckets as u128) >> 64) as usize;
        &self.words[i * BUCKET_WORDS..(i + 1) * BUCKET_WORDS]
    }

    /// The stored count of the subtree `depth` plies below the position with key `key`.
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        self.bucket(key, depth).chunks_exact(2).find_map(|slot| {
            let data = slot[1].load(Ordering::Relaxed);
            let check = slot[0].load(Ordering::Relaxed);
            (check ^ data == key && data & 0xff == u64::from(depth) && depth > 0)
                .then_some(data >> 8)
        })
    }

    /// Stores a subtree count (counts of 2^56 or more, and depths over 255, are not stored).
    pub fn store(&self, key: u64, depth: u32, count: u64) {
        if count >> 56 != 0 || depth > 255 || depth == 0 {
            return;
        }
        let data = count << 8 | u64::from(depth);
        let b = self.bucket(key, depth);
        let slot = if b[1].load(Ordering::Relaxed) & 0xff <= u64::from(depth) {
            &b[0..2]
        } else {
            &b[2..4]
        };
        slot[1].store(data, Ordering::Relaxed);
        slot[0].store(key ^ data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_stores_and_checks_key_and_depth() {
        let t = PerftTable::new(0);
        assert_eq!(t.capacity(), 2);
        assert_eq!(t.probe(0, 2), None);
        t.store(42, 3, 8902);
        assert_eq!(t.probe(42, 3), Some(8902));
        assert_eq!(t.probe(42, 4), None);
        assert_eq!(t.probe(43, 3), None);
        // A shallower entry goes to the always-replace slot and keeps the deeper one.
        t.store(7, 2, 400);
        assert_eq!(t.probe(42, 3), Some(8902));
        assert_eq!(t.probe(7, 2), Some(400));
        t.store(9, 2, 1);
        assert_eq!(t.probe(7, 2), None);
        assert_eq!(t.probe(9, 2), Some(1));
        t.store(5, 1, 1 << 56);
        assert_eq!(t.probe(5, 1), None);
    }

    #[test]
    fn table_size_follows_megabytes() {
        assert_eq!(PerftTable::new(1).capacity(), (1 << 20) / 32 * 2);
        assert_eq!(BUCKET_BYTES, 32);
    }
}
