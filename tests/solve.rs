//! The problem solver on the rulebooks' worked examples that end or decide a game, and a
//! cross-check against a plain minimax reference (no table, no ordering, no cutoffs) on every
//! registered variant.

use dimchess::engine::solve::SolveOptions;
use dimchess::{AnyPosition, Position, registry};

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
        .filter(|(m, _)| reached_wins(&after(pos, *m), me, k - 1))
        .map(|(_, t)| t)
        .collect();
    v.sort();
    v
}

fn after(pos: &AnyPosition, m: dimchess::AnyMove) -> AnyPosition {
    let mut c = pos.clone();
    c.play_unchecked(m);
    c
}

/// `c` was just reached: a forced win for `me` with `left` of `me`'s turns to come?
fn reached_wins(c: &AnyPosition, me: usize, left: u32) -> bool {
    if let Some(o) = c.outcome() {
        return o.winner() == Some(me);
    }
    if left == 0 {
        return false;
    }
    let mut moves = Vec::new();
    c.legal_moves(&mut moves);
    if c.turn() == me {
        moves
            .iter()
            .any(|&m| reached_wins(&after(c, m), me, left - 1))
    } else {
        !moves.is_empty() && moves.iter().all(|&m| reached_wins(&after(c, m), me, left))
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
    assert!(e.to_string().contains("game is over"), "{e}");
}

/// Positions a few random plies from every start (and late in random games), solved within 1
/// and 2 turns, equal the reference's answer.
#[test]
fn every_variant_agrees_with_the_reference() {
    use dimchess::core::zobrist::SplitMix64;
    for v in dimchess::VARIANTS {
        // Dimension X's turn lists are large: one turn deep there.
        let depth = if v.id == "dimension-x" { 1 } else { 2 };
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
