//! The problem solver on orthodox chess: hand-checked problems, a reference search without
//! table or ordering, and the Stockfish-built problem set (`scripts/fide-mate-set.py`).

use dimchess_core::Position;
use dimchess_engine::solve::{SolveOptions, solve};
use dimchess_fide::Chess;

mod reference;
use reference::reference_solutions;

fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap()
}

fn opts(turns: u32, all: bool) -> SolveOptions {
    SolveOptions {
        turns,
        all,
        verify: true,
    }
}

fn solution_texts(p: &Chess, turns: u32) -> Vec<String> {
    let r = solve(p, &opts(turns, true)).unwrap();
    let mut v: Vec<String> = r.solutions.iter().map(|s| p.move_text(s.first)).collect();
    v.sort();
    v
}

#[test]
fn mate_in_one_has_one_key() {
    // The scholar's mate: only Qxf7 mates.
    let p = pos("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let r = solve(&p, &opts(1, false)).unwrap();
    assert_eq!(r.solutions.len(), 1);
    assert_eq!(p.move_text(r.solutions[0].first), "h5f7");
    assert_eq!(r.solutions[0].turns, 1);
    assert_eq!(solution_texts(&p, 1), ["h5f7"]);
    assert_eq!(reference_solutions(&p, 1), ["h5f7"]);
}

#[test]
fn no_mate_is_reported_as_none() {
    let r = solve(&Chess::start(), &opts(2, true)).unwrap();
    assert!(!r.is_win());
    assert!(r.nodes > 400, "the whole two-turn tree is examined");
}

#[test]
fn back_rank_mate_in_two() {
    // White: Kg1, Rd1, Re1, pawns f2 g2 h2; Black: Kg8, Rd8, pawns f7 g7 h7. Only 1. Rxd8
    // mates at once (the king is boxed in by its own pawns and the rook holds the eighth rank);
    // within two turns more first moves win, as the reference search counts them.
    let p = pos("3r2k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1");
    assert_eq!(solution_texts(&p, 1), reference_solutions(&p, 1));
    assert_eq!(solution_texts(&p, 1), ["d1d8"]);
    assert_eq!(solution_texts(&p, 2), reference_solutions(&p, 2));
}

#[test]
fn finished_game_and_zero_turns_are_errors() {
    let mated = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let e = solve(&mated, &opts(1, false)).unwrap_err();
    assert!(e.to_string().contains("game over"), "{e}");
    let e = solve(&Chess::start(), &opts(0, false)).unwrap_err();
    assert!(e.to_string().contains("at least one turn"), "{e}");
}
