//! Rulings the worked examples do not exercise on their own, each checked by hand: a castled
//! king landing, several explosion centres, three landers, a landing that captures the checking
//! piece, en passant after a landing, castling rights lost to a landing capture, and the
//! queen's-side rook landing a turn after the king.

use dimchess_core::perft::perft;
use dimchess_core::{Outcome, Position};
use dimchess_hyperspace::{Hyperspace, HyperspaceOptional};

fn step<P: Position + std::str::FromStr<Err = dimchess_core::Error>>(
    before: &str,
    mv: &str,
    after: &str,
) -> P {
    let mut p: P = before.parse().unwrap_or_else(|e| panic!("{before}: {e}"));
    p.play_text(mv)
        .unwrap_or_else(|e| panic!("{before} {mv}: {e}"));
    assert_eq!(p.to_string(), after, "{before} then {mv}");
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    assert_eq!(
        after.parse::<P>().map(|q| q.to_string()).as_deref(),
        Ok(after)
    );
    p
}

#[test]
fn hs10_castled_king_lands_on_an_enemy_piece_and_captures_it() {
    let p = step::<Hyperspace>(
        "4k3/8/8/8/8/8/P7/6n1 w - - 0 5 Kg1:1",
        "a2a3",
        "4k3/8/8/8/8/P7/8/6K1 b - - 0 5 -",
    );
    assert!(p.outcome().is_none());
}

#[test]
fn hs9_hs14_castled_king_lands_on_an_own_piece_and_its_side_loses() {
    let before = "4k3/8/8/8/8/8/P7/6N1 w - - 0 5 Kg1:1";
    // HS-16: the pawn moves destroy White's own king and are legal; the three knight jumps
    // empty g1 first, so the king lands safely.
    let p: Hyperspace = before.parse().unwrap();
    assert_eq!(perft(&p, 1), 5);
    for m in p.moves() {
        let mut c = p.clone();
        c.play_unchecked(m);
        let lost = c.outcome().and_then(|o| o.winner()) == Some(1);
        assert_eq!(lost, m.from().to_string() == "a2", "{m}");
    }
    let p = step::<Hyperspace>(before, "a2a3", "4k3/8/8/8/8/P7/8/8 b - - 0 5 -");
    assert_eq!(p.outcome().and_then(|o| o.winner()), Some(1));
    assert_eq!(p.count_legal_moves(), 0);
}

#[test]
fn hs13_two_centres_destroy_the_union_of_their_blasts() {
    step::<Hyperspace>(
        "7k/6p1/8/4p3/3p4/8/8/K7 w - - 0 1 Bc3:1,Nf6:1,Rc3:1,Rf6:1",
        "a1a2",
        "7k/8/8/8/8/8/K7/8 b - - 0 1 -",
    );
}

#[test]
fn hs11_three_landers_and_an_enemy_piece_on_one_square() {
    step::<Hyperspace>(
        "7k/8/8/8/3n4/8/8/K7 w - - 0 1 Qd4:1,Rd4:1,Bd4:1",
        "a1b1",
        "7k/8/8/8/8/8/8/1K6 b - - 0 1 -",
    );
}

#[test]
fn hs16_a_landing_that_captures_the_checking_piece_lifts_the_check() {
    let before = "4r2k/8/8/8/8/8/7P/4K3 w - - 0 1 Be8:1";
    let p: Hyperspace = before.parse().unwrap();
    assert!(p.is_check());
    // Every king step is legal, e2 included: the rook is gone by the end of the turn.
    assert_eq!(perft(&p, 1), 7);
    step::<Hyperspace>(before, "e1e2", "4B2k/8/8/8/8/8/4K2P/8 b - - 0 1 -");
    step::<Hyperspace>(before, "h2h3", "4B2k/8/8/8/8/7P/8/4K3 b - - 0 1 -");
}

#[test]
fn hs19_no_en_passant_right_when_a_landing_fills_the_skipped_square() {
    step::<HyperspaceOptional>(
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 Ne3:1",
        "e2e4",
        "4k3/8/8/8/4P3/4N3/8/4K3 b - - 0 1 -",
    );
    step::<HyperspaceOptional>(
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -",
        "e2e4",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 -",
    );
}

#[test]
fn hs18_castling_right_lost_when_the_rook_is_captured_by_a_landing() {
    step::<Hyperspace>(
        "r3k3/8/8/8/8/8/8/4K3 w q - 3 1 Ra8:1",
        "e1d1",
        "R3k3/8/8/8/8/8/8/3K4 b - - 0 1 -",
    );
}

#[test]
fn hs2_hs3_queens_side_rook_lands_a_turn_after_the_king() {
    let a = "8/p7/8/8/8/8/8/4K3 w - - 1 2 kc8:1,rd8:2";
    let b = "8/p7/8/8/8/8/8/3K4 b - - 2 2 kc8:1,rd8:2";
    let c = "2k5/8/p7/8/8/8/8/3K4 w - - 0 3 rd8:1";
    let d = "2k5/8/p7/8/8/8/8/4K3 b - - 1 3 rd8:1";
    let e = "2kr4/8/8/p7/8/8/8/4K3 w - - 0 4 -";
    step::<Hyperspace>(a, "e1d1", b);
    step::<Hyperspace>(b, "a7a6", c);
    step::<Hyperspace>(c, "d1e1", d);
    step::<Hyperspace>(d, "a6a5", e);
    // The rook in flight threatens only its landing square d8 (HS-15 (b)), not the d-file.
    let pc: Hyperspace = c.parse().unwrap();
    assert!(pc.parse_move("d1d2").is_ok());
}

#[test]
fn hs21_a_side_whose_only_king_is_in_flight_and_no_piece_on_the_board_is_stalemated() {
    let p = step::<Hyperspace>(
        "8/8/8/8/8/8/8/4K3 w - - 1 2 kc8:1,rd8:2",
        "e1d1",
        "8/8/8/8/8/8/8/3K4 b - - 2 2 kc8:1,rd8:2",
    );
    assert!(matches!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    ));
}

#[test]
fn hs17_hs23_castling_in_both_forms_in_hyperspace_optional() {
    let before = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1 -";
    step::<HyperspaceOptional>(before, "e1g1", "r3k3/8/8/8/8/8/8/5RK1 b q - 1 1 -");
    step::<HyperspaceOptional>(before, "e1g1^", "r3k3/8/8/8/8/8/8/8 b q - 1 1 Rf1:1,Kg1:1");
    step::<HyperspaceOptional>(
        "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1 -",
        "e8c8",
        "2kr4/8/8/8/8/8/8/4K2R w K - 1 2 -",
    );
    let h: Hyperspace = before.parse().unwrap();
    assert!(h.parse_move("e1g1").is_err());
    assert!(h.parse_move("e1g1^").is_ok());
}

#[test]
fn hs17_castling_not_through_a_square_threatened_from_hyperspace() {
    // The black knight in flight lands on f1 at the end of Black's next turn, so it attacks
    // f1 now (HS-15 (b)): the king may not cross it.
    let p: Hyperspace = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 nf1:1".parse().unwrap();
    let e = p.parse_move("e1g1^").unwrap_err();
    assert!(e.to_string().contains("HS-17"), "{e}");
    let q: Hyperspace = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 nh3:1".parse().unwrap();
    assert!(q.parse_move("e1g1^").is_ok());
}

#[test]
fn hs16_hs23_immediate_slide_across_the_landing_king_square_still_exposes_the_king() {
    // The castled king lands on c1 this turn. Its square is empty when the regular move is
    // made (HS-7), so the pinned e1 rook's immediate slide to a1 or b1 is open (HS-23), but it
    // ends beyond the king and the g1 rook then checks c1 after the landing (HS-16).
    let before = "7k/8/8/8/8/8/8/4R1r1 w - - 0 1 Kc1:1";
    let p: HyperspaceOptional = before.parse().unwrap();
    let mut got: Vec<String> = p.moves().iter().map(|&m| p.move_text(m)).collect();
    got.sort();
    assert_eq!(got, ["e1c1", "e1d1", "e1f1", "e1g1"]);
    for mv in ["e1a1", "e1b1", "e1a1^"] {
        assert!(p.clone().play_text(mv).is_err(), "{mv} must be illegal");
    }
    assert_eq!(perft(&p, 1), 4);
    step::<HyperspaceOptional>(before, "e1d1", "7k/8/8/8/8/8/8/2KR2r1 b - - 1 1 -");
}
