//! The problem solver on the rulebooks' worked examples that end or decide a game, and a
//! cross-check against a plain minimax reference (no table, no ordering, no cutoffs) on every
//! registered variant.

use dimchess_any::engine::solve::SolveOptions;
use dimchess_any::{AnyPosition, Position, registry};

fn solutions(pos: &AnyPosition, turns: u32) -> Vec<String> {
    let r = pos
        .solve(&SolveOptions {
            turns,
            all: true,
            verify: true,
        })
        .unwrap();
    let mut v: Vec<String> = r.solutions.iter().map(|s| pos.move_text(s.first)).collect();
    v.sort();
    v
}

/// Every first move that wins within `k` turns of the side to move, by plain minimax without
/// table or move ordering: the second method. The mover is the solving player; any other
/// player defends.
fn reference(pos: &AnyPosition, k: u32) -> Vec<String> {
    let me = pos.turn();
    let mut v: Vec<String> = pos
        .moves_with_text()
        .into_iter()
        .filter(|(m, _)| reached_wins(&after(pos, *m), me, k - 1, 0))
        .map(|(_, t)| t)
        .collect();
    v.sort();
    v
}

fn after(pos: &AnyPosition, m: dimchess_any::AnyMove) -> AnyPosition {
    let mut c = pos.clone();
    c.play_unchecked(m);
    c
}

/// `c` was just reached, `others` turns of other players after `me`'s last: a forced win for
/// `me` with `left` of `me`'s turns to come? (`me` eliminated: its turn never comes back.)
fn reached_wins(c: &AnyPosition, me: usize, left: u32, others: u32) -> bool {
    if let Some(o) = c.outcome() {
        return o.winner() == Some(me);
    }
    if others > 8 {
        return false;
    }
    let mut moves = Vec::new();
    c.legal_moves(&mut moves);
    if c.turn() == me {
        left > 0
            && moves
                .iter()
                .any(|&m| reached_wins(&after(c, m), me, left - 1, 0))
    } else {
        !moves.is_empty()
            && moves
                .iter()
                .all(|&m| reached_wins(&after(c, m), me, left, others + 1))
    }
}

fn pos(id: &str, text: &str) -> AnyPosition {
    registry::parse(id, text).unwrap()
}

#[test]
fn hyperspace_x10_three_king_moves_win() {
    // HS-14, HS-16: c3, c4 and c5 win; d3, d5, e3, e5 and the pawn moves draw.
    let p = pos("hyperspace", "8/8/8/8/3KPk2/8/P7/8 w - - 3 50 Re4:1");
    assert_eq!(solutions(&p, 1), ["d4c3", "d4c4", "d4c5"]);
    assert_eq!(solutions(&p, 1), reference(&p, 1));
}

#[test]
fn redistribution_13_checkmate_and_14_stalemate() {
    // Example 13 (RD checkmate): a5a3 mates.
    let p = pos(
        "redistribution",
        "4/4/4/4|a3/4/4/4|4/4/4/4|4/1k2/4/4|b3/4/4/4|K3/4/4/4 b 0 1",
    );
    let s = solutions(&p, 1);
    assert!(s.contains(&"a5a3".to_string()), "{s:?}");
    assert_eq!(s, reference(&p, 1));
    // Example 14: b3a2 stalemates, a draw, so it is no solution.
    let p = pos(
        "redistribution",
        "4/4/4/4|4/4/4/4|4/4/4/4|1b2/1k2/4/4|4/4/4/4|K3/4/4/4 b 0 1",
    );
    let s = solutions(&p, 1);
    assert!(!s.contains(&"b3a2".to_string()), "{s:?}");
    assert_eq!(s, reference(&p, 1));
}

#[test]
fn three_level_m7_promotion_win_and_m8_elimination_is_not_a_win() {
    // M7 (TL-11): 2g82h8 wins at once.
    let p = pos(
        "three-level",
        "yK,7/8/8/8/8/8/8/8|6,rP,1/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/rN,rN,rN,rN,rQ,rQ,2/rR,rR,rR,rR,rB,rB,rB,rB r bg - 11 60",
    );
    let s = solutions(&p, 1);
    assert!(s.contains(&"2g82h8".to_string()), "{s:?}");
    assert_eq!(s, reference(&p, 1));
    // M8 (TL-14): 1h51f4 eliminates Yellow, but Blue is still in the game.
    let p = pos(
        "three-level",
        "7,yK/8/8/7,rN/8/7,bR/8/8|8/8/8/8/8/8/8/rK,6,bK|8/8/5,yP,2/8/8/8/8/8 r g - 4 40",
    );
    let s = solutions(&p, 1);
    assert!(!s.contains(&"1h51f4".to_string()), "{s:?}");
    assert_eq!(s, reference(&p, 1));
}

#[test]
fn dimension_x_x7_and_x9_king_removals_win_at_once() {
    // X7 (DX-22, DX-7): the strike on the King wins with or without a FIDE move before it.
    let p = pos(
        "dimension-x",
        "8/8/5k2/8/3S4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 12",
    );
    let s = solutions(&p, 1);
    assert!(s.contains(&"d4*f6".to_string()), "{s:?}");
    assert!(s.iter().all(|t| t.contains("d4*f6")), "{s:?}");
    assert_eq!(s, reference(&p, 1));
    // X9 (DX-19, DX-7): the pinch of a webbed King wins.
    let p = pos(
        "dimension-x",
        "4k3/3A1C2/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 3 25",
    );
    let s = solutions(&p, 1);
    assert!(s.contains(&"f7^e8".to_string()), "{s:?}");
    assert_eq!(s, reference(&p, 1));
    // The default answer is one shortest solution, found fast.
    let r = p.solve(&SolveOptions::default()).unwrap();
    assert_eq!(r.solutions.len(), 1);
    assert_eq!(r.solutions[0].turns, 1);
}

#[test]
fn dimension_x_x17_lost_position_is_game_over() {
    // X17 (DX-9): White has no legal turn and has lost: nothing to solve.
    let p = pos(
        "dimension-x",
        "7k/8/8/8/8/8/1a6/K7|8/8/8/8/8/8/8/8 w - - 0 60",
    );
    let e = p.solve(&SolveOptions::default()).unwrap_err();
    assert!(e.to_string().contains("game over"), "{e}");
}

/// Positions a few random plies from every start (and late in random games), solved within 1
/// and 2 turns, equal the reference's answer.
#[test]
fn every_variant_agrees_with_the_reference() {
    use dimchess_any::core::zobrist::SplitMix64;
    for v in dimchess_any::VARIANTS {
        // Dimension X's turn lists from the start are large: its own test below uses
        // positions with a few pieces.
        if v.id == "dimension-x" {
            continue;
        }
        let depth = 2;
        let mut rng = SplitMix64::new(7);
        for game in 0..3 {
            let mut p = v.start_position();
            let plies = 6 + 10 * game;
            for _ in 0..plies {
                let moves = p.moves_with_text();
                if moves.is_empty() {
                    break;
                }
                let (m, _) = moves[rng.below(moves.len())];
                let mut next = p.clone();
                next.play_unchecked(m);
                if next.outcome().is_some() {
                    break;
                }
                p = next;
            }
            for k in 1..=depth {
                assert_eq!(solutions(&p, k), reference(&p, k), "{} {p} k={k}", v.id);
            }
        }
    }
}

/// Dimension X positions with a few pieces (the rulebook's examples X4-X16), within 1 and 2
/// turns, equal the reference's answer.
#[test]
fn dimension_x_agrees_with_the_reference() {
    for text in [
        "r3k2r/4b3/3C4/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w kq - 0 20",
        "6k1/8/3Cr3/5A2/8/8/8/2K5|8/8/8/8/8/8/8/8 w - - 5 40",
        "4k3/8/5q2/8/3S4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 12",
        "4k3/8/5q2/4p3/3S4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 12",
        "6k1/6r1/8/4A3/8/2B5/8/6K1|8/8/8/8/8/8/8/8 w - - 7 33",
        "4k3/8/8/8/8/8/8/4K3|8/8/8/8/7C/8/8/8 w - - 0 8",
        "4k3/8/8/8/8/8/8/4K3|8/8/8/3c4/3S4/8/8/8 w - - 0 5",
        "7k/4P3/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 50",
        "4k3/8/8/8/4p3/8/3P4/4K3|8/8/8/8/8/3S4/8/8 w - - 0 21",
    ] {
        let p = pos("dimension-x", text);
        for k in 1..=2 {
            assert_eq!(solutions(&p, k), reference(&p, k), "{p} k={k}");
        }
    }
}

/// The worked examples of `docs/solving.md` (found by `examples/find_problems.rs`): the
/// shortest forced win takes exactly the stated number of turns, and the solutions equal the
/// plain minimax's where that is cheap enough (two turns and less).
#[test]
fn documented_examples() {
    let examples: &[(&str, &str, u32, &[&str])] = &[
        (
            "fide",
            "1rb1k1n1/q3p2r/2n2p1b/pp2N3/Pp2pppP/B2P1B2/N1PK4/R2Q2R1 b - - 1 27",
            1,
            &["a7e3"],
        ),
        (
            "fide",
            "2b2kn1/1q2p3/2P2p2/p6r/p6b/1Q1Pp1p1/N4p2/2RK2R1 b - - 1 42",
            2,
            &["c8g4", "f2g1q"],
        ),
        (
            "fide",
            "2b2kn1/2P1p3/5p2/p4Q1r/p4b2/3Pp1p1/N4p2/1qRK2R1 b - - 2 45",
            3,
            &["f2g1q"],
        ),
        (
            "dimension-chess",
            "8/8/p3p3/2p3pp/b7/3p4/8/8|6k1/5n2/6P1/n7/B1r2p2/1N4q1/K4P2/B1q1R1R1|1N2Q3/8/8/2P5/8/3P4/8/6r1 b - - 3 97",
            1,
            &["E:c4a4"],
        ),
        (
            "dimension-chess",
            "8/8/p3p3/2p3pp/b7/3p4/8/8|6k1/5n2/6P1/n7/B1r2p2/1Nq3q1/K4P2/B3R1R1|1N6/8/2Q5/2P5/8/3P4/8/6r1 b - - 5 98",
            2,
            &["E:c3b3", "E:c4a4"],
        ),
        (
            "dimension-chess",
            "8/8/p3p3/6pp/b7/3p4/8/8|3n2k1/2p5/6P1/p7/B1r1Np2/4q1q1/5P2/BK2R2R|5Q2/1n1N4/6r1/P1P5/8/3P4/8/8 b - - 0 88",
            3,
            &["E:e3d3"],
        ),
        (
            "hyperspace",
            "1n3kn1/2pp3p/ppB1p3/r3q3/1b3B1P/1P3P2/R1PPP1P1/1N2K1N1 b - - 4 17 Qh1:2,rc1:1",
            1,
            &["b4c5", "e5d4"],
        ),
        (
            "hyperspace",
            "Rn3knb/7p/p4p2/1p1p1Qp1/1PPP1B2/8/P6P/4K3 w - - 2 29 Nc8:1,rd8:1,qa8:5",
            2,
            &["f5f6"],
        ),
        (
            "hyperspace",
            "2r1k1n1/ppppp2p/5pRp/n4P1N/3P4/2P4N/P1P1K1PP/5B2 w - - 2 19 Qd8:1,Rb1:3,bd4:1,rg5:1",
            3,
            &["g6g8^"],
        ),
        (
            "hyperspace-optional",
            "1n2kr2/Rppp1ppp/6n1/4p1q1/P1B3P1/5N1P/1PP1PP2/4K1N1 b - - 1 12 Qh5:1,Rh6:4,bf5:2,rf2:3",
            1,
            &["g5c1"],
        ),
        (
            "hyperspace-optional",
            "1nBk1r2/6pp/1pp3n1/3ppp2/P4qP1/5N1P/1PP1PK2/1b4N1 w - - 0 22 Qd6:1,Ra2:4",
            3,
            &["c8f5"],
        ),
        (
            "redistribution",
            "b2p/2e1/b2w/d2k|2vE/2Y1/1P2/2f1|4/4/1aB1/4|2dY/4/4/2E1|K3/4/Ve2/2y1|2D1/A2P/B2A/D3 w 12 56",
            1,
            &["j5o5"],
        ),
        (
            "redistribution",
            "2de/4/2pa/y1e1|4/4/2b1/4|3y/1yk1/1pd1/2a1|3A/K3/3E/4|1W2/V1D1/4/d2B|2P1/A1EW/1P2/2Y1 b 1 46",
            2,
            &["k4f3"],
        ),
        (
            "dimension-x",
            "8/8/8/R6k/8/8/3K4/8|8/8/8/6c1/8/8/8/8 w - - 0 1",
            1,
            &["a5h5"],
        ),
        (
            "dimension-x",
            "4k3/8/3Q4/4K3/8/8/8/6N1|8/8/s7/8/4c3/8/8/8 w - - 0 1",
            2,
            &["e5e6", "e5f6"],
        ),
    ];
    for &(id, text, n, expected) in examples {
        let p = pos(id, text);
        if n > 1 {
            assert_eq!(solutions(&p, n - 1), Vec::<String>::new(), "{id} {text}");
        }
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(solutions(&p, n), want, "{id} {text}");
        if n <= 2 {
            assert_eq!(want, reference(&p, n), "{id} {text}");
        }
    }
}

/// A mate in one is found among the root's children: they count as examined (the report
/// said "1 solution, 0 positions examined").
#[test]
fn a_mate_in_one_counts_the_positions_it_examined() {
    let pos = registry::parse("fide", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    for all in [false, true] {
        let r = pos
            .solve(&SolveOptions {
                turns: 1,
                all,
                verify: true,
            })
            .unwrap();
        assert_eq!(r.solutions.len(), 1);
        assert!(r.nodes >= 1, "all = {all}: {} positions examined", r.nodes);
    }
}
