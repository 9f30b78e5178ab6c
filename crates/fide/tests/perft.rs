//! The orthodox perft suite (`tests/data/fide.epd`, a copy of the project's reference file,
//! whose counts were checked with an independent program). Shallow depths always run; the
//! deep ones are `#[ignore]`d and meant for `cargo test --release -- --ignored`.

use dimchess_core::Position;
use dimchess_core::perft::{perft, perft_divide, perft_parallel};
use dimchess_fide::Chess;

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    include_str!("data/fide.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.trim().split(' ');
                    let d = it.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let n = it.next().unwrap().parse().unwrap();
                    (d, n)
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}

fn run(max_nodes: u64, min_nodes: u64) {
    let mut ran = 0;
    for case in suite() {
        let pos: Chess = case.fen.parse().unwrap();
        for &(d, n) in &case.counts {
            if n <= max_nodes && n > min_nodes {
                assert_eq!(perft(&pos, d), n, "{} depth {d}", case.fen);
                ran += 1;
            }
        }
    }
    assert!(ran > 0);
}

#[test]
fn suite_shallow() {
    run(200_000, 0);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn suite_deep() {
    run(u64::MAX, 200_000);
}

#[test]
fn divide_sums_to_perft_and_threads_agree() {
    for case in suite() {
        let pos: Chess = case.fen.parse().unwrap();
        let div = perft_divide(&pos, 3);
        let total: u64 = div.iter().map(|&(_, n)| n).sum();
        assert_eq!(total, perft(&pos, 3));
        assert_eq!(perft_parallel(&pos, 3, 2), total);
        assert_eq!(div.len() as u64, pos.count_legal_moves());
    }
}
