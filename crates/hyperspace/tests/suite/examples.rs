//! Every worked example of the rulebook (§7, X1 … X23) as a named test, citing its rulings,
//! and the perft values the rulebook gives (§6).

use dimchess_core::perft::perft;
use dimchess_core::{Outcome, Position};
use dimchess_hyperspace::{Hyperspace, HyperspaceOptional};

fn hs(text: &str) -> Hyperspace {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn opt(text: &str) -> HyperspaceOptional {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays `mv` from `before` and checks the text after, in the given variant.
fn transition<P: Position + std::str::FromStr<Err = dimchess_core::Error>>(
    before: &str,
    mv: &str,
    after: &str,
) -> P {
    let mut p: P = before.parse().unwrap_or_else(|e| panic!("{before}: {e}"));
    p.play_text(mv)
        .unwrap_or_else(|e| panic!("{before} {mv}: {e}"));
    assert_eq!(p.to_string(), after, "{before} then {mv}");
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    let again: P = after.parse().unwrap_or_else(|e| panic!("{after}: {e}"));
    assert_eq!(again.to_string(), after);
    p
}

fn both(before: &str, mv: &str, after: &str) {
    transition::<Hyperspace>(before, mv, after);
    transition::<HyperspaceOptional>(before, mv, after);
}

#[test]
fn start_position_perft_hand_counts() {
    // §6: rulebook hand counts.
    let h = Hyperspace::start();
    assert_eq!(perft(&h, 1), 53);
    assert_eq!(perft(&h, 2), 2809);
    let o = HyperspaceOptional::start();
    assert_eq!(perft(&o, 1), 65);
    assert_eq!(perft(&o, 2), 4225);
}

#[test]
fn x1_long_slide_into_hyperspace() {
    // HS-2, HS-4, HS-5, HS-18.
    both(
        "4k3/p7/8/8/8/8/P7/R3K3 w Q - 0 1 -",
        "a1a7^",
        "4k3/p7/8/8/8/8/P7/4K3 b - - 1 1 Ra7:5",
    );
}

#[test]
fn x2_knight_jump() {
    // HS-2.
    both(
        "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 -",
        "g1f3^",
        "4k3/8/8/8/8/8/8/4K3 b - - 1 1 Nf3:1",
    );
}

#[test]
fn x3_pawn_double_step_over_occupied_square() {
    // HS-4, HS-5, HS-19.
    both(
        "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1 -",
        "e2e4^",
        "4k3/8/8/8/8/4n3/8/4K3 b - - 0 1 Pe4:1",
    );
    let o = opt("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1 -");
    assert!(
        o.parse_move("e2e4").is_err(),
        "e3 blocks the immediate form"
    );
}

#[test]
fn x4_landing_on_empty_square_others_count_down() {
    // HS-3.
    both(
        "4k3/8/8/8/8/8/8/4K3 w - - 4 10 Nf3:1,Rd5:3",
        "e1d1",
        "4k3/8/8/8/8/5N2/8/3K4 b - - 5 10 Rd5:2",
    );
}

#[test]
fn x5_landing_captures_enemy_piece() {
    // HS-10, HS-22.
    both(
        "4k3/8/8/8/8/8/3N4/4K3 b - - 7 20 rd2:1",
        "e8f7",
        "8/5k2/8/8/8/8/3r4/4K3 w - - 0 21 -",
    );
}

#[test]
fn x6_pawn_captures_straight_ahead_by_landing() {
    // HS-6.
    both(
        "4k3/8/8/8/4n3/8/8/4K3 w - - 3 5 Pe4:1",
        "e1d1",
        "4k3/8/8/8/4P3/8/8/3K4 b - - 0 5 -",
    );
}

#[test]
fn x7_two_pieces_land_on_one_square_flight_spared() {
    // HS-11, HS-12, HS-7.
    both(
        "7k/8/2n1p3/8/2P5/8/8/6K1 w - - 0 30 Rd5:1,Bd5:1,be4:2",
        "g1g2",
        "7k/8/8/8/8/8/6K1/8 b - - 0 30 be4:2",
    );
}

#[test]
fn x8_piece_landing_beside_explosion_is_destroyed() {
    // HS-8, HS-12.
    both(
        "7k/8/8/8/1p6/2P5/8/7K w - - 0 1 Bc3:1,Nd4:1",
        "h1g1",
        "7k/8/8/8/8/8/8/6K1 b - - 0 1 -",
    );
}

#[test]
fn x9_regular_move_fills_square_own_landing_explodes_enemy_king_destroyed() {
    // HS-9, HS-14, HS-24.
    let p = transition::<Hyperspace>(
        "4k1r1/7p/5P2/8/8/8/8/K7 w - - 0 40 Nf7:1",
        "f6f7",
        "8/7p/8/8/8/8/8/K7 b - - 0 40 -",
    );
    assert_eq!(p.outcome().and_then(|o| o.winner()), Some(0));
    assert_eq!(p.count_legal_moves(), 0);
}

#[test]
fn x10_own_explosion_destroys_both_kings_or_only_enemy_king() {
    // HS-14, HS-16.
    let before = "8/8/8/8/3KPk2/8/P7/8 w - - 3 50 Re4:1";
    let p = transition::<Hyperspace>(before, "a2a3", "8/8/8/8/8/P7/8/8 b - - 0 50 -");
    assert!(matches!(p.outcome(), Some(Outcome::Draw { .. })));
    let p = transition::<Hyperspace>(before, "d4c5", "8/8/8/2K5/8/8/P7/8 b - - 0 50 -");
    assert_eq!(p.outcome().and_then(|o| o.winner()), Some(0));
    let b = hs(before);
    assert_eq!(perft(&b, 1), 10);
    let mut wins = 0;
    let mut draws = 0;
    let mut open = 0;
    for m in b.moves() {
        let mut c = b.clone();
        c.play_unchecked(m);
        match c.outcome() {
            Some(Outcome::Win { winner: 0, .. }) => wins += 1,
            Some(Outcome::Draw { .. }) => draws += 1,
            None => open += 1,
            other => panic!("{m}: {other:?}"),
        }
    }
    assert_eq!((wins, draws, open), (3, 6, 1));
    for m in ["e4e5", "d4e5", "d4e3", "a2a4^"] {
        assert!(b.parse_move(m).is_ok(), "{m}");
    }
}

#[test]
fn x11_castling_through_hyperspace() {
    // HS-17, HS-18.
    transition::<Hyperspace>(
        "4k3/8/8/8/8/8/P7/4K2R w K - 0 1 -",
        "e1g1^",
        "4k3/8/8/8/8/8/P7/8 b - - 1 1 Rf1:1,Kg1:1",
    );
}

#[test]
fn x12_castled_king_and_rook_land() {
    // HS-3, HS-15.
    let p = transition::<Hyperspace>(
        "4k3/8/8/8/8/8/P7/8 b - - 1 1 Rf1:1,Kg1:1",
        "e8e7",
        "8/4k3/8/8/8/8/P7/8 w - - 2 2 Rf1:1,Kg1:1",
    );
    assert_eq!(perft(&p, 1), 2);
    transition::<Hyperspace>(
        "8/4k3/8/8/8/8/P7/8 w - - 2 2 Rf1:1,Kg1:1",
        "a2a3",
        "8/4k3/8/8/8/P7/8/5RK1 b - - 0 2 -",
    );
}

#[test]
fn x13_queens_side_castling_rook_lands_a_turn_after_king() {
    // HS-2, HS-17.
    transition::<Hyperspace>(
        "r3k3/8/8/8/8/8/8/4K3 b q - 0 1 -",
        "e8c8^",
        "8/8/8/8/8/8/8/4K3 w - - 1 2 kc8:1,rd8:2",
    );
}

#[test]
fn x14_promotion_in_a_turn_with_a_landing() {
    // HS-20.
    let before = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 60 Nc3:1";
    both(before, "b7b8q", "1Q2k3/8/8/8/8/2N5/8/4K3 b - - 0 60 -");
    assert_eq!(perft(&hs(before), 1), 9);
}

#[test]
fn x15_own_explosion_exposes_the_king() {
    // HS-16.
    let before = "4r2k/8/8/8/3PR3/8/P7/4K3 w - - 0 1 Nd4:1";
    let e = hs(before).parse_move("a2a3").unwrap_err();
    assert!(e.to_string().contains("HS-16"), "{e}");
    both(before, "d4d5", "4r2k/8/8/3P4/3NR3/8/P7/4K3 b - - 0 1 -");
}

#[test]
fn x16_stepping_onto_an_enemy_landing_square() {
    // HS-15 (b), HS-16.
    let before = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 nd2:1";
    assert!(hs(before).parse_move("e1d2").is_err());
    both(before, "e1e2", "4k3/8/8/8/8/8/4K3/8 b - - 1 1 nd2:1");
    assert_eq!(perft(&hs(before), 1), 4);
}

#[test]
fn x17_hyperspace_move_onto_own_piece() {
    // HS-5.
    let before = "4k3/8/8/R7/8/8/8/R3K3 w Q - 0 1 -";
    let e = hs(before).parse_move("a1a5^").unwrap_err();
    assert!(e.to_string().contains("HS-5"), "{e}");
    both(before, "a1a6^", "4k3/8/8/R7/8/8/8/4K3 b - - 1 1 Ra6:4");
}

#[test]
fn x18_check_given_by_a_piece_in_flight() {
    // HS-5, HS-15 (b).
    let p = transition::<Hyperspace>(
        "8/8/8/4k3/4p3/4R3/8/K7 w - - 0 1 -",
        "e3e5^",
        "8/8/8/4k3/4p3/8/8/K7 b - - 1 1 Re5:1",
    );
    assert!(p.is_check());
    assert_eq!(perft(&p, 1), 7);
    assert!(p.parse_move("e4e3").is_err());
}

#[test]
fn x19_check_lifted_by_the_movers_own_landing() {
    // HS-16.
    let before = "k3r3/8/8/8/8/8/7P/4K3 w - - 0 1 Be4:1";
    assert!(hs(before).is_check());
    both(before, "h2h3", "k3r3/8/8/8/4B3/7P/8/4K3 b - - 0 1 -");
    assert_eq!(perft(&hs(before), 1), 7);
}

#[test]
fn x20_no_legal_move_with_a_piece_in_flight_is_stalemate() {
    // HS-21.
    let p = hs("k7/8/8/8/8/8/5q2/7K w - - 10 70 Ra5:3");
    assert_eq!(perft(&p, 1), 0);
    assert!(!p.is_check());
    assert!(matches!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    ));
}

#[test]
fn x21_the_two_forms_in_hyperspace_optional() {
    // HS-19, HS-23, HS-25.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";
    let cases = [
        (
            "g1f3",
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1 -",
        ),
        (
            "g1f3^",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 1 1 Nf3:1",
        ),
        (
            "e2e4",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 -",
        ),
        (
            "e2e4^",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 Pe4:1",
        ),
    ];
    for (mv, after) in cases {
        transition::<HyperspaceOptional>(start, mv, after);
    }
    transition::<Hyperspace>(start, "g1f3^", cases[1].1);
    transition::<Hyperspace>(start, "e2e4^", cases[3].1);
    for mv in ["g1f3", "e2e4"] {
        let e = Hyperspace::start().parse_move(mv).unwrap_err();
        assert!(e.to_string().contains("HS-25"), "{e}");
    }
}

#[test]
fn x22_en_passant_only_in_hyperspace_optional() {
    // HS-19.
    let before = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 -";
    transition::<HyperspaceOptional>(before, "e2e4", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 -");
    transition::<HyperspaceOptional>(
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 -",
        "d4e3",
        "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2 -",
    );
    let p = transition::<Hyperspace>(before, "e2e4^", "4k3/8/8/8/3p4/8/8/4K3 b - - 0 1 Pe4:1");
    assert!(
        p.moves()
            .iter()
            .all(|m| m.to().to_string() != "e3" || m.from().to_string() != "d4")
    );
    assert!(hs(before).parse_move("e2e4").is_err());
}

#[test]
fn x23_immediate_slide_blocked_hyperspace_form_not() {
    // HS-23, HS-25.
    let before = "4k3/8/8/8/8/P7/8/R3K3 w Q - 0 1 -";
    assert!(opt(before).parse_move("a1a5").is_err());
    transition::<HyperspaceOptional>(before, "a1a5^", "4k3/8/8/8/8/P7/8/4K3 b - - 1 1 Ra5:3");
    let e = opt(before).parse_move("a1a2^").unwrap_err();
    assert!(e.to_string().contains("HS-25"), "{e}");
}

#[test]
fn game_record_with_launches_landings_explosion_and_landing_capture() {
    // The record replayed through the `dimchess` tool by the root package's test
    // `hyperspace_cli`; here every intermediate state is checked.
    let record = [
        (
            "g1f3^",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 1 1 Nf3:1",
        ),
        (
            "b8c6^",
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 2 2 Nf3:1,nc6:1",
        ),
        (
            "e2e3",
            "r1bqkbnr/pppppppp/8/8/8/4PN2/PPPP1PPP/RNBQKB1R b KQkq - 0 2 nc6:1",
        ),
        (
            "d7d6",
            "r1bqkbnr/ppp1pppp/2np4/8/8/4PN2/PPPP1PPP/RNBQKB1R w KQkq - 0 3 -",
        ),
        (
            "f3g5^",
            "r1bqkbnr/ppp1pppp/2np4/8/8/4P3/PPPP1PPP/RNBQKB1R b KQkq - 1 3 Ng5:1",
        ),
        (
            "a7a6",
            "r1bqkbnr/1pp1pppp/p1np4/8/8/4P3/PPPP1PPP/RNBQKB1R w KQkq - 0 4 Ng5:1",
        ),
        (
            "b1c3^",
            "r1bqkbnr/1pp1pppp/p1np4/6N1/8/4P3/PPPP1PPP/R1BQKB1R b KQkq - 1 4 Nc3:1",
        ),
        (
            "a6a5",
            "r1bqkbnr/1pp1pppp/2np4/p5N1/8/4P3/PPPP1PPP/R1BQKB1R w KQkq - 0 5 Nc3:1",
        ),
        // HS-9, HS-12: the knight lands on the pawn just moved to c3; b2, c3, d2 are cleared.
        (
            "c2c3",
            "r1bqkbnr/1pp1pppp/2np4/p5N1/8/4P3/P4PPP/R1BQKB1R b KQkq - 0 5 -",
        ),
        (
            "h7h6",
            "r1bqkbnr/1pp1ppp1/2np3p/p5N1/8/4P3/P4PPP/R1BQKB1R w KQkq - 0 6 -",
        ),
        (
            "g5f7^",
            "r1bqkbnr/1pp1ppp1/2np3p/p7/8/4P3/P4PPP/R1BQKB1R b KQkq - 1 6 Nf7:1",
        ),
        (
            "a5a4",
            "r1bqkbnr/1pp1ppp1/2np3p/8/p7/4P3/P4PPP/R1BQKB1R w KQkq - 0 7 Nf7:1",
        ),
        // HS-10: the knight lands on f7 and takes the pawn.
        (
            "h2h3",
            "r1bqkbnr/1pp1pNp1/2np3p/8/p7/4P2P/P4PP1/R1BQKB1R b KQkq - 0 7 -",
        ),
        (
            "e8f7",
            "r1bq1bnr/1pp1pkp1/2np3p/8/p7/4P2P/P4PP1/R1BQKB1R w KQ - 0 8 -",
        ),
    ];
    let mut p = Hyperspace::start();
    for (mv, after) in record {
        p.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        assert_eq!(p.to_string(), after, "after {mv}");
        assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    }
}
