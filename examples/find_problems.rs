//! Looks for problems "the side to move wins in exactly N turns" in a variant, the way the
//! examples of `docs/solving.md` were found: positions along seeded random games (or, with
//! `--sparse`, random Dimension X positions with a few pieces) are solved within 1..=N turns,
//! and those whose shortest forced win takes exactly N turns are printed with the solutions.
//!
//! cargo run --release --example find_problems -- <variant> <N> [COUNT] [SEED] [--sparse]

use dimchess::core::zobrist::SplitMix64;
use dimchess::engine::solve::SolveOptions;
use dimchess::{AnyPosition, Position, registry};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sparse = args.iter().any(|a| a == "--sparse");
    let args: Vec<&String> = args.iter().filter(|a| *a != "--sparse").collect();
    let (Some(id), Some(n)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: find_problems <variant> <N> [COUNT] [SEED] [--sparse]");
        std::process::exit(2);
    };
    let count: usize = args.get(2).and_then(|c| c.parse().ok()).unwrap_or(3);
    let seed: u64 = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(1);
    let info = registry::find(id).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let mut rng = SplitMix64::new(seed);
    let mut found = 0;
    for _ in 0..100_000 {
        if found >= count {
            break;
        }
        let candidates = if sparse {
            sparse_dimension_x(&mut rng).into_iter().collect()
        } else {
            random_game(info.start_position(), &mut rng)
        };
        for p in candidates {
            if found < count && exactly(&p, n) {
                found += 1;
            }
        }
    }
}

/// The positions of one random game, from ply 4 on.
fn random_game(mut p: AnyPosition, rng: &mut SplitMix64) -> Vec<AnyPosition> {
    let mut out = Vec::new();
    for ply in 0..200 {
        let moves = p.moves_with_text();
        if moves.is_empty() {
            break;
        }
        let (m, _) = moves[rng.below(moves.len())];
        p.play_unchecked(m);
        if p.outcome().is_some() {
            break;
        }
        if ply >= 4 {
            out.push(p.clone());
        }
    }
    out
}

/// A random Dimension X position: the two Kings, a few pawns and pieces on the FIDE board, a
/// few trans-dimensional pieces in Dimension X; `None` if the rules refuse it.
fn sparse_dimension_x(rng: &mut SplitMix64) -> Option<AnyPosition> {
    let mut fide = [['.'; 8]; 8];
    let mut dx = [['.'; 8]; 8];
    let put = |board: &mut [[char; 8]; 8], c: char, rng: &mut SplitMix64| {
        let (r, f) = (rng.below(8), rng.below(8));
        if board[r][f] == '.' {
            board[r][f] = c;
        }
    };
    put(&mut fide, 'K', rng);
    put(&mut fide, 'k', rng);
    for _ in 0..rng.below(3) {
        put(
            &mut fide,
            ['Q', 'R', 'N', 'q', 'r', 'n', 'p', 'P'][rng.below(8)],
            rng,
        );
    }
    for _ in 0..1 + rng.below(3) {
        put(&mut dx, ['C', 'S', 'A', 'c', 's', 'a'][rng.below(6)], rng);
    }
    let rows = |b: &[[char; 8]; 8]| {
        b.iter()
            .map(|row| {
                let mut s = String::new();
                let mut empty = 0;
                for &c in row {
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(c);
                    }
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
                s
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    let text = format!("{}|{} w - - 0 1", rows(&fide), rows(&dx));
    let p = registry::parse("dimension-x", &text).ok()?;
    p.outcome().is_none().then_some(p)
}

/// Prints `p` if its shortest forced win takes exactly `n` turns.
fn exactly(p: &AnyPosition, n: u32) -> bool {
    let solve = |turns, all| {
        p.solve(&SolveOptions {
            turns,
            all,
            verify: true,
        })
        .map(|r| r.solutions)
        .unwrap_or_default()
    };
    if n > 1 && !solve(n - 1, false).is_empty() {
        return false;
    }
    let sols = solve(n, true);
    if sols.is_empty() {
        return false;
    }
    let texts: Vec<String> = sols.iter().map(|s| p.move_text(s.first)).collect();
    println!("{}\t{}\twin in {n}\t{}", p.id(), p.text(), texts.join(" "));
    true
}
