//! Perft pins. Rulebook values (§8 and §9) are marked as such; every other pin is a
//! regression pin (not independently confirmed).

use dimchess_core::Position;
use dimchess_core::perft::{PerftOptions, perft, perft_divide, perft_with};
use dimchess_three_level::{Error, ThreeLevel, ThreeLevelCheckmatePromotion, ThreeLevelXiangqi};

fn at<P: core::str::FromStr<Err = Error>>(text: &str) -> P {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn check<P: Position>(p: &P, pins: &[u64]) {
    for (d, &n) in pins.iter().enumerate() {
        assert_eq!(perft(p, d as u32 + 1), n, "perft({}) of {p}", d + 1);
    }
}

#[test]
fn main_start_rulebook() {
    // Rulebook §8: 56 and 3117 (hand-derived).
    check(&ThreeLevel::default(), &[56, 3117]);
}

#[test]
fn main_start_depth_3() {
    // regression pin (not independently confirmed)
    assert_eq!(perft(&ThreeLevel::default(), 3), 173_488);
}

#[test]
#[ignore = "deep: run with --ignored --release"]
fn main_start_depth_4() {
    // regression pin (not independently confirmed)
    assert_eq!(perft(&ThreeLevel::default(), 4), 9_596_882);
}

#[test]
fn xiangqi_start_rulebook() {
    // Rulebook §8: 20, 400, 8000, 160000 (hand-derived: every ply has 20).
    check(&ThreeLevelXiangqi::default(), &[20, 400, 8000, 160_000]);
}

#[test]
fn checkmate_promotion_start() {
    // The option acts only after an elimination, which needs more than three plies here, so
    // these equal the main variant's: 56 and 3117 from the rulebook, 173488 a regression pin.
    check(
        &ThreeLevelCheckmatePromotion::default(),
        &[56, 3117, 173_488],
    );
}

#[test]
fn each_first_move_leaves_55_56_or_57_replies() {
    // Rulebook §8: Blue's replies change only by one or two.
    let p = ThreeLevel::default();
    for (m, n) in perft_divide(&p, 2) {
        assert!((55..=57).contains(&n), "{}: {n}", p.move_text(m));
    }
}

#[test]
fn m4_pawn_captures() {
    // perft(1) = 13 counted by hand: 2 steps + 3 captures for the Pawn, 8 King steps
    // (3a2 is on the Bishop's diagonal); deeper values are regression pins.
    let p = at::<ThreeLevel>(
        "8/8/8/8/4,yN,3/8/8/8|7,yK/8/8/4,yR,3/3,rP,4/8/8/rK,7|8/8/8/3,yB,4/8/8/8/8 r bg - 5 20",
    );
    check(&p, &[13, 716, 8738]);
}

#[test]
fn m5b_en_passant_record() {
    // regression pin (not independently confirmed)
    let p = at::<ThreeLevel>(
        "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,yP,4/8/8/8/rK,5,bK,1|8/8/8/8/8/8/8/8 y g r:2c4:2c5 1 12",
    );
    check(&p, &[11, 110, 1430, 16_107]);
}

#[test]
fn m6_promotion_limits() {
    // regression pin (not independently confirmed)
    let p = at::<ThreeLevel>(
        "6,rP,1/8/4,yK,3/8/8/8/8/8|8/8/8/8/8/8/8/rK,7|8/8/8/8/8/rQ,rQ,6/8/8 r bg - 7 30",
    );
    check(&p, &[65, 778, 54_527]);
}

#[test]
fn m7_finished_game_has_no_children() {
    // Rulebook §9 M7: perft(n >= 1) = 0 after the promotion win.
    let p = at::<ThreeLevel>(
        "yK,7/8/8/8/8/8/8/8|7,rP/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/rN,rN,rN,rN,rQ,rQ,2/rR,rR,rR,rR,rB,rB,rB,rB y bg - 0 60",
    );
    check(&p, &[0, 0, 0]);
}

#[test]
fn m8_elimination_inside_the_tree() {
    // regression pin (not independently confirmed)
    let p = at::<ThreeLevel>(
        "7,yK/8/8/7,rN/8/7,bR/8/8|8/8/8/8/8/8/8/rK,6,bK|8/8/5,yP,2/8/8/8/8/8 r g - 4 40",
    );
    check(&p, &[19, 435, 6463]);
}

#[test]
fn m10a_forced_pass_is_one_child() {
    // perft(1) = 1 from the rulebook (M10a: Red must pass); deeper: regression pins.
    let p = at::<ThreeLevel>(
        "8/8/8/8/8/6,bN,1/8/rK,6,yR|8/8/8/8/8/8/1,yK,6/8|7,bK/8/8/8/8/8/8/8 r g - 0 50",
    );
    check(&p, &[1, 19, 608, 11_290]);
}

#[test]
fn x4_flying_generals() {
    // perft(1) = 2 by hand (X4: the Knight is trapped, 2h8 faces Blue's General, leaving
    // 1g8 and 1h7); deeper: regression pins.
    let p = at::<ThreeLevelXiangqi>(
        "7,yG/8/8/8/8/8/8/8|8/8/8/8/8/8/8/rG,3,yN,2,bG|8/8/8/8/8/8/8/8 y g - 0 21",
    );
    check(&p, &[2, 8, 23, 269]);
}

#[test]
fn x5_points() {
    // regression pin (not independently confirmed)
    let p = at::<ThreeLevelXiangqi>(
        "8/8/8/4,rP,3/8/8/8/8|7,yG/8/8/8/8/8/5,rP,2/rG,7|8/8/8/8/8/3,rP,4/8/8 r bg - 3 30",
    );
    check(&p, &[16, 64, 1008, 3528]);
}

#[test]
fn busy_middle_game() {
    // The bench's middle game (random play from the start, all four armies developed).
    // regression pin (not independently confirmed)
    let p = at::<ThreeLevel>(
        "gB,1,gP,2,yP,yB,yQ/gB,1,gP,2,yP,yN,1/1,gP,gP,3,yB,yP/gN,1,gP,1,rQ,1,yP,bP/rN,gQ,rP,5/rP,rP,2,bP,3/rB,4,bP,1,bB/1,rB,rP,2,bP,bB,bQ|gK,gB,gP,2,yP,yB,yK/1,gB,gP,2,yP,yN,yB/1,gP,gP,3,yP,1/5,rN,2/5,bP,bP,bP/rP,rP,gP,2,bP,1,bP/rB,1,rP,2,bP,1,bB/rK,rB,2,rP,bP,bB,bK|gR,gR,gP,gN,1,yP,yR,yR/gR,1,yN,gN,1,yP,2/gP,gP,gP,2,bN,yP,yR/8/1,rP,6/rP,1,rP,1,bN,bP,bP,1/rR,rN,rP,2,rP,1,bR/rR,3,rR,bP,bR,bR r - - 0 13",
    );
    check(&p, &[119, 9625]);
}

#[test]
#[ignore = "deep: run with --ignored --release"]
fn busy_middle_game_deep() {
    // regression pin (not independently confirmed)
    let p = at::<ThreeLevel>(
        "gB,1,gP,2,yP,yB,yQ/gB,1,gP,2,yP,yN,1/1,gP,gP,3,yB,yP/gN,1,gP,1,rQ,1,yP,bP/rN,gQ,rP,5/rP,rP,2,bP,3/rB,4,bP,1,bB/1,rB,rP,2,bP,bB,bQ|gK,gB,gP,2,yP,yB,yK/1,gB,gP,2,yP,yN,yB/1,gP,gP,3,yP,1/5,rN,2/5,bP,bP,bP/rP,rP,gP,2,bP,1,bP/rB,1,rP,2,bP,1,bB/rK,rB,2,rP,bP,bB,bK|gR,gR,gP,gN,1,yP,yR,yR/gR,1,yN,gN,1,yP,2/gP,gP,gP,2,bN,yP,yR/8/1,rP,6/rP,1,rP,1,bN,bP,bP,1/rR,rN,rP,2,rP,1,bR/rR,3,rR,bP,bR,bR r - - 0 13",
    );
    check(&p, &[119, 9625, 734_657, 59_293_073]);
}

/// TL-18: the key mixes the clock in only where the clock draw (50 x the live players) can
/// begin a turn less than `depth` plies below: from 94 with two live players, six plies reach
/// 99 at most; from 95 they reach the draw.
#[test]
fn subtree_key_mixes_the_clock_only_within_reach_of_the_draw() {
    let two_live = |clock: u32| {
        at::<ThreeLevelXiangqi>(&format!(
            "8/8/8/8/3,rN,4/8/8/8|7,yG/8/8/8/3,rP,4/8/8/rG,7|8/8/8/8/8/8/8/8 r bg - {clock} 8"
        ))
    };
    let (far, edge, near) = (two_live(90), two_live(94), two_live(95));
    assert_eq!(far.subtree_key(6), far.zobrist());
    assert_eq!(edge.subtree_key(6), far.subtree_key(6));
    assert_ne!(near.subtree_key(6), far.subtree_key(6));
    assert_ne!(near.subtree_key(6), two_live(96).subtree_key(6));
    assert_eq!(near.subtree_key(5), far.subtree_key(5));
    // Four live players: the draw is at 200.
    let mut start = ThreeLevel::default().to_string();
    start = start.replace(" 0 1", " 195 1");
    let p = at::<ThreeLevel>(&start);
    assert_eq!(p.subtree_key(5), p.zobrist());
    assert_ne!(p.subtree_key(6), p.zobrist());
}

/// Issue 21's repro: two live players, the halfmove clock at 96, so TL-18's clock draw (at 100)
/// falls inside the tree and a Point's sideways move and back transposes with two other moves
/// four plies down, one line with the clock at 100 (the game drawn) and the other at 1. The
/// hash table must not merge them: the same count with and without it, on every thread count.
#[test]
fn issue_21_clock_draw_inside_the_tree_hashed() {
    // regression pin (plain perft, one thread; hashed perft gave 13,563,924 before the fix)
    const PLAIN: u64 = 13_104_366;
    let p = at::<ThreeLevelXiangqi>(
        "1,gF,6/8/8/4,bP,3/8/5,bN,2/8/6,bF,bG|1,gG,6/8/8/8/8/3,bP,4/8/7,bF|7,bP/gF,7/8/8/5,bE,2/8/7,bF/8 g ry - 96 156",
    );
    for (threads, hash_mb) in [(1, 64), (1, 1), (2, 64), (3, 1)] {
        let o = PerftOptions {
            threads,
            hash_mb,
            progress: None,
        };
        assert_eq!(
            perft_with(&p, 6, &o),
            PLAIN,
            "{threads} threads, {hash_mb} MiB"
        );
    }
}
