//! The solver on a problem set built by Debian's Stockfish (`scripts/fide-mate-set.py`):
//! positions where Stockfish reports a forced mate in 2 or 3, with its key move, and positions
//! where it sees none. The solver must find a mate of exactly that length with Stockfish's key
//! among its solutions, and none where Stockfish has none.
//!
//! The quick tests run in every build; the whole set within 3 turns, with timings, is
//! `cargo test --release -p dimchess --test fide_problems -- --ignored --nocapture`.

use std::time::Instant;

use dimchess_core::Position;
use dimchess_engine::solve::{SolveOptions, solve};
use dimchess_fide::Chess;

mod reference;
use reference::reference_solutions;

const SET: &str = include_str!("data/fide-problems.txt");

enum Problem {
    Mate { fen: String, n: u32, key: String },
    NoMate { fen: String, n: u32 },
}

fn problems() -> Vec<Problem> {
    SET.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            let fen = f[0].to_string();
            let n = |s: &str| s.split_whitespace().nth(1).unwrap().parse().unwrap();
            if f[1].starts_with("mate") {
                let key = f[2].strip_prefix("key ").unwrap().to_string();
                Problem::Mate {
                    fen,
                    n: n(f[1]),
                    key,
                }
            } else {
                Problem::NoMate { fen, n: n(f[1]) }
            }
        })
        .collect()
}

fn solve_all(fen: &str, turns: u32) -> (Vec<(String, u32)>, u64) {
    let p = Chess::from_fen(fen).unwrap();
    let r = solve(
        &p,
        &SolveOptions {
            turns,
            all: true,
            verify: true,
        },
    )
    .unwrap();
    let v = r
        .solutions
        .iter()
        .map(|s| (p.move_text(s.first), s.turns))
        .collect();
    (v, r.nodes)
}

/// Stockfish's key mates within `n` by the solver; a shorter mate the solver finds (Stockfish
/// reports the first mate it sees, not always the shortest) is confirmed by a plain minimax
/// without table or ordering. Returns whether the solver found a shorter mate.
fn check_mate(fen: &str, n: u32, key: &str) -> bool {
    let (sols, _) = solve_all(fen, n);
    assert!(
        sols.iter().any(|(m, t)| m == key && *t <= n),
        "{fen}: Stockfish's key {key} (mate in {n}) not among {sols:?}"
    );
    let shortest = sols.iter().map(|s| s.1).min().unwrap();
    if shortest < n {
        let p = Chess::from_fen(fen).unwrap();
        let mut quick: Vec<String> = sols
            .iter()
            .filter(|s| s.1 <= shortest)
            .map(|s| s.0.clone())
            .collect();
        quick.sort();
        assert_eq!(quick, reference_solutions(&p, shortest), "{fen}");
    }
    shortest < n
}

#[test]
fn set_is_large_enough() {
    let ps = problems();
    let mates = ps
        .iter()
        .filter(|p| matches!(p, Problem::Mate { .. }))
        .count();
    let none = ps.len() - mates;
    assert!(mates >= 100 && none >= 100, "{mates} mates, {none} without");
}

#[test]
fn mates_in_two_are_solved() {
    for p in problems() {
        if let Problem::Mate { fen, n: 2, key } = p {
            check_mate(&fen, 2, &key);
        }
    }
}

#[test]
fn positions_without_mate_have_none_in_two() {
    for p in problems().iter().take(40) {
        if let Problem::NoMate { fen, .. } = p {
            let (sols, _) = solve_all(fen, 2);
            assert!(sols.is_empty(), "{fen}: {sols:?}");
        }
    }
}

/// The whole set: every mate in 2 and 3 with its key, and no mate within 3 where Stockfish
/// has none; prints the time per problem.
#[test]
#[ignore = "release: the whole set within 3 turns"]
fn whole_set_with_timings() {
    let mut times: Vec<(String, f64, u64)> = Vec::new();
    let mut shorter = 0;
    for p in problems() {
        let t = Instant::now();
        let (kind, nodes) = match &p {
            Problem::Mate { fen, n, key } => {
                shorter += usize::from(check_mate(fen, *n, key));
                (format!("mate {n}"), solve_all(fen, *n).1)
            }
            Problem::NoMate { fen, n } => {
                let (sols, nodes) = solve_all(fen, *n);
                assert!(sols.is_empty(), "{fen}: {sols:?}");
                (format!("no mate in {n}"), nodes)
            }
        };
        times.push((kind, t.elapsed().as_secs_f64(), nodes));
    }
    eprintln!("{shorter} problems have a shorter mate than Stockfish reported (confirmed)");
    for kind in ["mate 2", "mate 3", "no mate in 3"] {
        let mut v: Vec<f64> = times.iter().filter(|t| t.0 == kind).map(|t| t.1).collect();
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            continue;
        }
        let sum: f64 = v.iter().sum();
        eprintln!(
            "{kind}: {} problems, mean {:.1} ms, median {:.1} ms, max {:.1} ms",
            v.len(),
            1e3 * sum / v.len() as f64,
            1e3 * v[v.len() / 2],
            1e3 * v[v.len() - 1]
        );
    }
}
