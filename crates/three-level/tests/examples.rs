//! Every worked example of the rulebook (§9), named after it.

use dimchess_core::{Error, Position, perft::perft};
use dimchess_three_level::rules::{CheckmatePromotion, Main, Rules, Xiangqi};
use dimchess_three_level::{Color, ThreeLevel, ThreeLevelPosition};

/// The position `text` of the rule set `_v`.
fn pos<R: Rules>(_v: R, text: &str) -> ThreeLevelPosition<R> {
    let p: ThreeLevelPosition<R> = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(p.to_string(), text, "the text round-trips");
    p
}

/// Plays `mv` and checks the result text (and that the result is itself a valid position).
fn plays<R: Rules>(v: R, before: &str, mv: &str, after: &str) -> ThreeLevelPosition<R> {
    let mut p = pos(v, before);
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    assert_eq!(p.move_text(m), mv);
    p.play_unchecked(m);
    assert_eq!(p.to_string(), after, "after {mv}");
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    assert_eq!(pos(v, after), p);
    p
}

/// Checks that `mv` is refused, citing `rule`.
fn refused<R: Rules>(v: R, before: &str, mv: &str, rule: &str) {
    let mut p = pos(v, before);
    let e = p.play_text(mv).expect_err(mv);
    assert!(
        e.to_string().contains(rule),
        "{mv}: `{e}` should cite {rule}"
    );
    assert_eq!(
        p.to_string(),
        before,
        "an illegal move leaves the position unchanged"
    );
}

const MAIN: Main = Main;
const XQ: Xiangqi = Xiangqi;

#[test]
fn m1_rook_changes_level() {
    plays(
        MAIN,
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/3,rR,4/8/8/8 r bg - 0 10",
        "3d41d4",
        "8/8/8/8/3,rR,4/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 y bg - 1 10",
    );
}

#[test]
fn m2_bishop_in_a_vertical_plane_capturing() {
    plays(
        MAIN,
        "8/8/8/8/8/2,rB,5/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/4,yN,3/8/8 r bg - 3 10",
        "1c33e3",
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/4,rB,3/8/8 y bg - 0 10",
    );
}

#[test]
fn m3_knight_leaps_across_two_levels() {
    plays(
        MAIN,
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,rR,rB,5|8/8/8/8/8/8/8/1,rN,6 r bg - 2 10",
        "3b11c1",
        "8/8/8/8/8/8/8/2,rN,5|7,yK/8/8/8/8/8/8/rK,rR,rB,5|8/8/8/8/8/8/8/8 y bg - 3 10",
    );
}

const M4: &str =
    "8/8/8/8/4,yN,3/8/8/8|7,yK/8/8/4,yR,3/3,rP,4/8/8/rK,7|8/8/8/3,yB,4/8/8/8/8 r bg - 5 20";

#[test]
fn m4_pawn_captures_of_each_kind() {
    plays(
        MAIN,
        M4,
        "2d41e4",
        "8/8/8/8/4,rP,3/8/8/8|7,yK/8/8/4,yR,3/8/8/8/rK,7|8/8/8/3,yB,4/8/8/8/8 y bg - 0 20",
    );
    plays(
        MAIN,
        M4,
        "2d43d5",
        "8/8/8/8/4,yN,3/8/8/8|7,yK/8/8/4,yR,3/8/8/8/rK,7|8/8/8/3,rP,4/8/8/8/8 y bg - 0 20",
    );
    plays(
        MAIN,
        M4,
        "2d42e5",
        "8/8/8/8/4,yN,3/8/8/8|7,yK/8/8/4,rP,3/8/8/8/rK,7|8/8/8/3,yB,4/8/8/8/8 y bg - 0 20",
    );
}

#[test]
fn m4_capturing_step_onto_an_empty_cell_is_illegal() {
    refused(MAIN, M4, "2d43e4", "TL-7");
}

#[test]
fn m4_double_step_only_from_a_pawn_start_cell() {
    refused(MAIN, M4, "2d42f4", "TL-8");
}

const M5A: &str = "8/8/8/8/8/8/8/8|7,yK/8/8/3,yP,4/8/2,rP,5/8/rK,6,bK|8/8/8/8/8/8/8/8 r g - 0 12";
const M5A_AFTER: &str =
    "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,yP,4/8/8/8/rK,6,bK|8/8/8/8/8/8/8/8 b g r:2c4:2c5 0 12";
const M5B_AFTER: &str =
    "8/8/8/8/8/8/8/8|7,yK/8/8/2,rP,yP,4/8/8/8/rK,5,bK,1|8/8/8/8/8/8/8/8 y g r:2c4:2c5 1 12";

#[test]
fn m5a_double_step_leaves_a_record() {
    let p = plays(MAIN, M5A, "2c32c5", M5A_AFTER);
    assert!(p.ep_record(Color::Red).is_some());
}

#[test]
fn m5b_record_survives_until_its_owner_moves() {
    plays(MAIN, M5A_AFTER, "2h12g1", M5B_AFTER);
}

#[test]
fn m5c_en_passant_by_a_later_player() {
    let p = pos(MAIN, M5B_AFTER);
    assert!(p.is_en_passant(p.parse_move("2d52c4").unwrap()));
    plays(
        MAIN,
        M5B_AFTER,
        "2d52c4",
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/2,yP,5/8/8/rK,5,bK,1|8/8/8/8/8/8/8/8 r g - 0 13",
    );
}

const M6: &str = "6,rP,1/8/4,yK,3/8/8/8/8/8|8/8/8/8/8/8/8/rK,7|8/8/8/8/8/rQ,rQ,6/8/8 r bg - 7 30";

#[test]
fn m6_promotion_beyond_the_limit_is_illegal() {
    refused(MAIN, M6, "1g81h8q", "TL-10");
}

#[test]
fn m6_promotion_is_compulsory() {
    refused(MAIN, M6, "1g81h8", "TL-10");
}

#[test]
fn m6_promotion_within_the_limits() {
    plays(
        MAIN,
        M6,
        "1g81h8r",
        "7,rR/8/4,yK,3/8/8/8/8/8|8/8/8/8/8/8/8/rK,7|8/8/8/8/8/rQ,rQ,6/8/8 y bg - 0 30",
    );
}

#[test]
fn m7_promotion_win() {
    let before = "yK,7/8/8/8/8/8/8/8|6,rP,1/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/rN,rN,rN,rN,rQ,rQ,2/rR,rR,rR,rR,rB,rB,rB,rB r bg - 11 60";
    let p = plays(
        MAIN,
        before,
        "2g82h8",
        "yK,7/8/8/8/8/8/8/8|7,rP/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/rN,rN,rN,rN,rQ,rQ,2/rR,rR,rR,rR,rB,rB,rB,rB y bg - 0 60",
    );
    let o = p.outcome().expect("the game is over");
    assert_eq!(o.winner(), Some(Color::Red as usize));
    assert_eq!(perft(&p, 1), 0);
    assert_eq!(perft(&p, 3), 0);
    // No suffix on a promotion win (§7).
    refused(MAIN, before, "2g82h8q", "TL-11");
}

const M8: &str = "7,yK/8/8/7,rN/8/7,bR/8/8|8/8/8/8/8/8/8/rK,6,bK|8/8/5,yP,2/8/8/8/8/8 r g - 4 40";
const M8_AFTER: &str = "8/8/8/8/5,rN,2/7,bR/8/8|8/8/8/8/8/8/8/rK,6,bK|8/8/8/8/8/8/8/8 b yg - 0 40";

#[test]
fn m8_elimination_by_the_player_about_to_move() {
    let p = plays(MAIN, M8, "1h51f4", M8_AFTER);
    assert!(!p.is_live(Color::Yellow));
}

#[test]
fn m8_with_checkmate_promotion() {
    plays(
        CheckmatePromotion,
        M8,
        "1h51f4",
        "8/8/8/8/5,rN,2/7,bV/8/8|8/8/8/8/8/8/8/rK,6,bE|8/8/8/8/8/8/8/8 b yg - 0 40",
    );
}

const M8B: &str =
    "7,yK/8/8/7,rN/8/7,bR/8/8|yR,7/8/8/8/8/8/8/rK,6,bK|8/8/5,yP,2/8/8/8/8/8 r g - 4 40";

#[test]
fn m8b_answering_a_check_by_eliminating_the_checker() {
    assert!(pos(MAIN, M8B).in_check(Color::Red));
    plays(MAIN, M8B, "1h51f4", M8_AFTER);
}

#[test]
fn m8b_king_step_that_stays_attacked_is_illegal() {
    refused(MAIN, M8B, "2a12a2", "TL-15");
}

#[test]
fn m9_moving_into_attack_by_a_later_player() {
    refused(
        MAIN,
        "7,yK/8/8/8/8/8/8/8|yR,7/8/8/8/rR,7/8/8/rK,6,bK|8/8/8/8/8/8/8/8 r g - 0 15",
        "2a42d4",
        "TL-15",
    );
}

const M10A: &str = "8/8/8/8/8/6,bN,1/8/rK,6,yR|8/8/8/8/8/8/1,yK,6/8|7,bK/8/8/8/8/8/8/8 r g - 0 50";
const M10A_AFTER: &str =
    "8/8/8/8/8/6,bN,1/8/rK,6,yR|8/8/8/8/8/8/1,yK,6/8|7,bK/8/8/8/8/8/8/8 b g - 1 50";

#[test]
fn m10a_no_legal_move_means_pass() {
    let p = pos(MAIN, M10A);
    assert!(p.in_check(Color::Red));
    let mut moves = dimchess_three_level::Moves::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(p.move_text(moves[0]), "pass");
    plays(MAIN, M10A, "pass", M10A_AFTER);
}

#[test]
fn m10b_delayed_elimination() {
    let p = plays(
        MAIN,
        M10A_AFTER,
        "3h83h7",
        "8/8/8/8/8/6,bN,1/8/7,yR|8/8/8/8/8/8/1,yK,6/8|8/7,bK/8/8/8/8/8/8 y rg - 0 50",
    );
    assert!(!p.is_live(Color::Red));
}

#[test]
fn m10c_rescue() {
    plays(
        MAIN,
        M10A_AFTER,
        "1g31h1",
        "8/8/8/8/8/8/8/rK,6,bN|8/8/8/8/8/8/1,yK,6/8|7,bK/8/8/8/8/8/8/8 y g - 0 50",
    );
}

#[test]
fn pass_is_illegal_while_a_move_exists() {
    refused(MAIN, M10A_AFTER, "pass", "TL-16");
}

const X1: &str = "8/8/8/8/3,rN,4/8/8/8|7,yG/8/8/8/3,rP,4/8/8/rG,7|8/8/8/8/8/8/8/8 r bg - 0 8";

#[test]
fn x1_knight_blocked_by_its_leg() {
    refused(XQ, X1, "1d43d5", "TX-7");
    plays(
        XQ,
        X1,
        "1d41f5",
        "8/8/8/5,rN,2/8/8/8/8|7,yG/8/8/8/3,rP,4/8/8/rG,7|8/8/8/8/8/8/8/8 y bg - 1 8",
    );
}

const X2: &str = "8/8/8/8/8/8/2,rE,5/8|7,yG/8/8/8/8/8/1,rR,6/rG,7|8/8/8/8/8/8/8/8 r bg - 0 8";

#[test]
fn x2_elephant_confined_to_its_quarter() {
    refused(XQ, X2, "1c21e4", "TX-6");
    refused(XQ, X2, "1c23a2", "TX-6");
    plays(
        XQ,
        X2,
        "1c23c4",
        "8/8/8/8/8/8/8/8|7,yG/8/8/8/8/8/1,rR,6/rG,7|8/8/8/8/2,rE,5/8/8/8 y bg - 1 8",
    );
    assert!(pos(XQ, X2).parse_move("1c21a4").is_ok());
}

#[test]
fn x2_elephant_tetrahedra() {
    // TX-6: from each Red Elephant start cell, the reachable cells on an empty board are the
    // other three corners of its tetrahedron.
    let t = "8/8/8/8/8/8/8/8|7,yG/8/8/8/8/8/8/rG,7|8/8/8/8/8/8/8/8 r bg - 0 8";
    for (start, others) in [
        ("1c2", ["1a4", "3a2", "3c4"]),
        ("1b3", ["1d1", "3b1", "3d3"]),
    ] {
        let text = t.replace("8/8/8/8/8/8/8/8|7,yG", &elephant_level(start));
        let p = pos(XQ, &text);
        let mut moves = dimchess_three_level::Moves::new();
        p.legal_moves(&mut moves);
        let mut got: Vec<String> = moves
            .iter()
            .map(|&m| p.move_text(m))
            .filter(|m| m.starts_with(start))
            .map(|m| m[3..].to_string())
            .collect();
        got.sort();
        assert_eq!(got, others);
    }
}

fn elephant_level(cell: &str) -> String {
    // level-1 text with a Red Elephant on `cell` (level 1), followed by the level-2 prefix.
    let f = (cell.as_bytes()[1] - b'a') as usize;
    let r = (cell.as_bytes()[2] - b'1') as usize;
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        if rank == r {
            let mut items = Vec::new();
            if f > 0 {
                items.push(f.to_string());
            }
            items.push("rE".to_string());
            if f < 7 {
                items.push((7 - f).to_string());
            }
            ranks.push(items.join(","));
        } else {
            ranks.push("8".to_string());
        }
    }
    format!("{}|7,yG", ranks.join("/"))
}

const X3: &str = "8/8/8/8/8/8/8/8|7,yG/8/8/8/8/8/1,rG,6/8|8/8/8/8/8/8/8/8 r bg - 0 8";

#[test]
fn x3_general_confined_to_its_fortress() {
    refused(XQ, X3, "2b22c2", "TX-4");
    plays(
        XQ,
        X3,
        "2b21b2",
        "8/8/8/8/8/8/1,rG,6/8|7,yG/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 y bg - 1 8",
    );
}

const X4: &str = "7,yG/8/8/8/8/8/8/8|8/8/8/8/8/8/8/rG,3,yN,2,bG|8/8/8/8/8/8/8/8 y g - 0 21";

#[test]
fn x4_flying_generals_trap_a_third_players_piece() {
    refused(XQ, X4, "2e12f3", "TX-10");
    plays(
        XQ,
        X4,
        "1h81g8",
        "6,yG,1/8/8/8/8/8/8/8|8/8/8/8/8/8/8/rG,3,yN,2,bG|8/8/8/8/8/8/8/8 r g - 1 22",
    );
}

const X5: &str = "8/8/8/4,rP,3/8/8/8/8|7,yG/8/8/8/8/8/5,rP,2/rG,7|8/8/8/8/8/3,rP,4/8/8 r bg - 3 30";

#[test]
fn x5_points_by_quarter() {
    // Own quarter: forward steps only.
    refused(XQ, X5, "3d32d3", "TX-9");
    plays(
        XQ,
        X5,
        "3d33e3",
        "8/8/8/4,rP,3/8/8/8/8|7,yG/8/8/8/8/8/5,rP,2/rG,7|8/8/8/8/8/4,rP,3/8/8 y bg - 0 30",
    );
    // Adjacent quarter: no step back toward the own quarter.
    refused(XQ, X5, "2f22e2", "TX-9");
    let p = pos(XQ, X5);
    for ok in ["2f22f1", "2f21f2"] {
        assert!(p.parse_move(ok).is_ok(), "{ok}");
    }
    // Opposite quarter: all six orthogonal steps (five on level 1).
    let mut moves = dimchess_three_level::Moves::new();
    p.legal_moves(&mut moves);
    let mut from_e5: Vec<String> = moves
        .iter()
        .map(|&m| p.move_text(m))
        .filter(|m| m.starts_with("1e5"))
        .collect();
    from_e5.sort();
    assert_eq!(from_e5, ["1e51d5", "1e51e4", "1e51e6", "1e51f5", "1e52e5"]);
    plays(
        XQ,
        X5,
        "1e51e4",
        "8/8/8/8/4,rP,3/8/8/8|7,yG/8/8/8/8/8/5,rP,2/rG,7|8/8/8/8/8/3,rP,4/8/8 y bg - 0 30",
    );
}

#[test]
fn tl8_double_steps_from_any_own_pawn_start_cell() {
    // TL-8's examples: `1c21e2` and `3a33a5` are double steps from the start.
    let p = ThreeLevel::default();
    for m in ["1c21e2", "3a33a5"] {
        assert!(p.parse_move(m).is_ok(), "{m}");
    }
}

#[test]
fn errors_are_values_never_panics() {
    let p = ThreeLevel::default();
    let e: Error = p.parse_move("9z99z9").unwrap_err();
    assert!(matches!(e, Error::MoveSyntax { .. }));
}

// Beyond the worked examples: rulings that the examples touch only in passing.

const CHAIN: &str = "7,gK/8/8/8/7,yK/8/8/7,bR|8/8/8/8/8/8/8/rK,7|bK,7/8/8/8/8/8/8/8 r - - 0 1";

#[test]
fn tl14_elimination_repeats_until_nothing_changes() {
    // Blue's Rook attacks Yellow's King; removing Yellow opens the file onto Green's King.
    plays(
        MAIN,
        CHAIN,
        "2a12a2",
        "8/8/8/8/8/8/8/7,bR|8/8/8/8/8/8/rK,7/8|bK,7/8/8/8/8/8/8/8 b yg - 0 1",
    );
}

#[test]
fn tl20_promotion_happens_after_each_round() {
    plays(
        CheckmatePromotion,
        CHAIN,
        "2a12a2",
        "8/8/8/8/8/8/8/7,bV|8/8/8/8/8/8/rK,7/8|bE,7/8/8/8/8/8/8/8 b yg - 0 1",
    );
}

#[test]
fn tl21_promoted_pieces_step_triagonally() {
    // A Vicereine on 2d4 has its Rook moves plus the 8 triagonal steps.
    let p = pos(
        CheckmatePromotion,
        "8/8/8/8/8/8/8/8|7,yE/8/8/8/3,rV,4/8/8/rE,7|8/8/8/8/8/8/8/8 r bg - 0 1",
    );
    for m in ["2d41c3", "2d43e5", "2d41e5", "2d43c3"] {
        assert!(p.parse_move(m).is_ok(), "{m}");
    }
    let e = p.parse_move("2d41d3").unwrap_err();
    assert!(e.to_string().contains("TL-21"), "{e}");
}

#[test]
fn tl9_record_ends_when_its_owner_moves_again() {
    // From M5b's result, Yellow declines; Green is out, so Red's turn begins and Red's record
    // is deleted.
    plays(
        MAIN,
        M5B_AFTER,
        "2h82g8",
        "8/8/8/8/8/8/8/8|6,yK,1/8/8/2,rP,yP,4/8/8/8/rK,5,bK,1|8/8/8/8/8/8/8/8 r g - 2 13",
    );
}

#[test]
fn tl18_clock_draw() {
    let p = plays(
        MAIN,
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/8/8 r bg - 99 70",
        "2a12a2",
        "8/8/8/8/8/8/8/8|7,yK/8/8/8/8/8/rK,7/8|8/8/8/8/8/8/8/8 y bg - 100 70",
    );
    assert_eq!(p.outcome().and_then(|o| o.winner()), None);
    assert!(p.outcome().is_some(), "50 turns each for 2 live players");
    assert_eq!(perft(&p, 2), 0);
}
