//! The perft drivers of `dimchess-core` (`perft_with`, `perft_divide_with`: threads, a shared
//! Zobrist-keyed hash table, progress) give exactly the counts of the plain perft on the
//! orthodox suite (`tests/data/fide.epd`).

use std::sync::Mutex;

use dimchess_core::perft::{
    PerftOptions, PerftTable, Progress, perft, perft_divide, perft_divide_with, perft_hashed,
    perft_with,
};
use dimchess_fide::Chess;

/// (position, depth, count) from the suite, up to `max_leaves` leaves.
fn cases(max_leaves: u64) -> Vec<(Chess, u32, u64)> {
    include_str!("data/fide.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut parts = l.split(';');
            let pos: Chess = parts.next()?.trim().parse().ok()?;
            let (d, n) = parts
                .filter_map(|p| {
                    let mut it = p.trim().split(' ');
                    let d: u32 = it.next()?.trim_start_matches('D').parse().ok()?;
                    let n: u64 = it.next()?.parse().ok()?;
                    Some((d, n))
                })
                .filter(|&(_, n)| n <= max_leaves)
                .max_by_key(|&(_, n)| n)?;
            Some((pos, d, n))
        })
        .collect()
}

#[test]
fn threaded_and_hashed_counts_equal_plain_perft() {
    let cases = cases(300_000);
    assert!(cases.len() >= 6);
    for (pos, depth, expected) in cases {
        assert_eq!(perft(&pos, depth), expected, "{pos}");
        // 9: more threads than the machine has cores and than some roots have moves.
        for threads in [1, 2, 3, 9] {
            for hash_mb in [0, 1] {
                let opts = PerftOptions {
                    threads,
                    hash_mb,
                    progress: None,
                };
                assert_eq!(
                    perft_with(&pos, depth, &opts),
                    expected,
                    "{pos} depth {depth}, {threads} threads, {hash_mb} MiB"
                );
            }
        }
        let plain = perft_divide(&pos, depth);
        let opts = PerftOptions {
            threads: 2,
            hash_mb: 1,
            progress: None,
        };
        assert_eq!(perft_divide_with(&pos, depth, &opts), plain, "{pos}");
    }
}

#[test]
fn a_tiny_table_with_many_collisions_still_counts_right() {
    // One bucket: every store evicts, every probe must check the full key and the depth.
    let table = PerftTable::new(0);
    for (pos, depth, expected) in cases(100_000) {
        assert_eq!(perft_hashed(&pos, depth, &table), expected, "{pos}");
    }
}

#[test]
fn the_table_is_reused_across_transpositions() {
    let table = PerftTable::new(4);
    let pos = Chess::start();
    assert_eq!(perft_hashed(&pos, 4, &table), 197_281);
    // The second run finds the root subtree in the table.
    assert_eq!(perft_hashed(&pos, 4, &table), 197_281);
    assert_eq!(
        table.probe(dimchess_core::Position::zobrist(&pos), 4),
        Some(197_281)
    );
}

#[test]
fn depth_zero_and_one() {
    let pos = Chess::start();
    let opts = PerftOptions {
        threads: 2,
        hash_mb: 1,
        progress: None,
    };
    assert_eq!(perft_with(&pos, 0, &opts), 1);
    assert_eq!(perft_with(&pos, 1, &opts), 20);
    assert!(perft_divide_with(&pos, 0, &opts).is_empty());
    let mate: Chess = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1".parse().unwrap();
    assert_eq!(perft_with(&mate, 3, &opts), 0);
}

#[test]
fn a_single_root_move_and_calls_from_several_threads() {
    // Black's only legal move is Kh8-g8 (hand count: g6 covers g7 and h7), so the threads
    // share one root subtree.
    let forced: Chess = "7k/8/6K1/8/8/8/8/1R6 b - - 0 1".parse().unwrap();
    let opts = PerftOptions {
        threads: 2,
        hash_mb: 0,
        progress: None,
    };
    assert_eq!(perft_with(&forced, 1, &opts), 1);
    assert_eq!(perft_with(&forced, 4, &opts), perft(&forced, 4));
    // Callers on several threads share the helper pool; each gets its own count.
    std::thread::scope(|s| {
        let runs: Vec<_> = (0..4)
            .map(|_| s.spawn(|| perft_with(&Chess::start(), 4, &opts)))
            .collect();
        for run in runs {
            assert_eq!(run.join().unwrap(), 197_281);
        }
    });
}

#[test]
fn progress_reports_every_subtree() {
    let seen: Mutex<Vec<Progress>> = Mutex::new(Vec::new());
    let report = |p: &Progress| seen.lock().unwrap().push(*p);
    let opts = PerftOptions {
        threads: 2,
        hash_mb: 0,
        progress: Some(&report),
    };
    assert_eq!(perft_with(&Chess::start(), 5, &opts), 4_865_609);
    let seen = seen.into_inner().unwrap();
    let total = seen[0].total;
    assert!(total >= 128, "split into {total} subtrees");
    // One report per count of subtrees done, rising, the last with everything counted.
    assert!(seen.len() <= total);
    assert!(seen.iter().all(|p| p.total == total));
    assert!(
        seen.windows(2)
            .all(|w| w[0].done < w[1].done && w[0].leaves <= w[1].leaves)
    );
    let last = seen.last().unwrap();
    assert_eq!((last.done, last.leaves), (total, 4_865_609));
}

#[test]
#[ignore = "deep: run in release"]
fn deep_hashed_threaded_start_position() {
    let opts = PerftOptions {
        threads: 2,
        hash_mb: 64,
        progress: None,
    };
    assert_eq!(perft_with(&Chess::start(), 6, &opts), 119_060_324);
}
