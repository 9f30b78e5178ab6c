//! The rulebook's hand-checked values (6.3) and every worked example (section 7), one test each.

use dimchess_core::perft::perft;
use dimchess_core::{Error, Position};
use dimchess_dimension_x::{DxPosition, aperft};

fn pos(text: &str) -> DxPosition {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `turn` is legal in `before`, is the canonical text of its child, and leads to `after`.
fn legal(before: &str, turn: &str, after: &str) {
    let p = pos(before);
    let t = p.parse_move(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
    assert_eq!(p.move_text(t), turn, "canonical text");
    assert!(p.legal_turns().contains(&t), "{turn} is generated");
    let mut q = p.clone();
    q.play_text(turn).unwrap();
    assert_eq!(q.to_string(), after);
    assert_eq!(q.zobrist(), q.zobrist_from_scratch());
}

/// `turn` is illegal in `before`, by `rule`.
fn illegal(before: &str, turn: &str, rule: &str) {
    let p = pos(before);
    match p.parse_move(turn) {
        Err(Error::IllegalMove {
            rule: r, reason, ..
        }) => assert_eq!(r, rule, "{turn}: {reason}"),
        other => panic!("{turn}: expected illegal by {rule}, got {other:?}"),
    }
}

const SPIDER_D4: &str = "7k/8/8/8/8/8/8/K7|8/8/8/8/3A4/8/8/8 w - - 0 1";

#[test]
fn hand_checked_perft_6_3() {
    let p = pos(SPIDER_D4);
    assert_eq!(perft(&p, 1), 30);
    assert_eq!(perft(&p, 2), 90);
}

#[test]
fn hand_checked_aperft_6_3() {
    let p = pos(SPIDER_D4);
    assert_eq!(aperft(&p, 1), 12);
    assert_eq!(aperft(&p, 2), 57);
}

#[test]
fn x1_transfer_to_the_fide_board_order_matters() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 w KQkq - 0 1";
    legal(
        start,
        "e2e4,E2e2",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPSPPP/RNBQKBNR|8/2asc3/8/8/8/8/3C1A2/8 b KQkq e3 0 1",
    );
    illegal(start, "E2e2,e2e4", "DX-15");
}

#[test]
fn x2_spider_surfaces_and_webs_fide_move_mandatory() {
    let before = "6k1/5ppp/4n3/8/8/8/5PPP/6K1|8/8/8/3A4/8/8/8/8 w - - 0 30";
    legal(
        before,
        "D5d5,g1f1",
        "6k1/5ppp/4n3/3A4/8/8/5PPP/5K2|8/8/8/8/8/8/8/8 b - - 1 30",
    );
    illegal(before, "D5d5", "DX-6");
    // Any legal order is accepted and gives the canonical turn.
    let p = pos(before);
    assert_eq!(p.move_text(p.parse_move("g1f1,D5d5").unwrap()), "D5d5,g1f1");
}

#[test]
fn x3_webbed_piece_cannot_move() {
    let before = "6k1/5ppp/4n3/3A4/8/8/5PPP/5K2|8/8/8/8/8/8/8/8 b - - 1 30";
    illegal(before, "e6c5", "DX-12");
    legal(
        before,
        "h7h5",
        "6k1/5pp1/4n3/3A3p/8/8/5PPP/5K2|8/8/8/8/8/8/8/8 w - h6 0 31",
    );
}

#[test]
fn x4_pinch_with_relocation_pincher_chooses() {
    let before = "r3k2r/4b3/3C4/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w kq - 0 20";
    legal(
        before,
        "d6^e7>b8,e1e2",
        "rb2k2r/8/3C4/8/8/8/4K3/8|8/8/8/8/8/8/8/8 b kq - 0 20",
    );
    illegal(before, "d6^e7>a8,e1e2", "DX-19");
    illegal(before, "d6^e7,e1e2", "DX-19");
    let p = pos(before);
    let kids: Vec<String> = p
        .legal_turns()
        .iter()
        .map(|t| t.to_string())
        .filter(|t| t.starts_with("d6^e7>") && t.ends_with(",e1e2"))
        .collect();
    assert_eq!(
        kids,
        [
            "d6^e7>b8,e1e2",
            "d6^e7>c8,e1e2",
            "d6^e7>d8,e1e2",
            "d6^e7>f8,e1e2",
            "d6^e7>g8,e1e2"
        ]
    );
}

#[test]
fn x5_pinch_of_a_webbed_piece_removes_it() {
    let before = "6k1/8/3Cr3/5A2/8/8/8/2K5|8/8/8/8/8/8/8/8 w - - 5 40";
    legal(
        before,
        "c1b1,d6^e6",
        "6k1/8/3C4/5A2/8/8/8/1K6|8/8/8/8/8/8/8/8 b - - 0 40",
    );
    illegal(before, "c1b1,d6^e6>a8", "DX-19");
    let p = pos(before);
    let t = p.parse_move("c1b1,f5F5,d6^e6>a8").unwrap();
    let mut q = p.clone();
    q.play(t).unwrap();
    assert_eq!(
        q.to_string(),
        "r5k1/8/3C4/8/8/8/8/1K6|8/8/8/5A2/8/8/8/8 b - - 0 40"
    );
}

#[test]
fn x6_relocation_full_rank_and_trans_dimensional_victim() {
    let b1 = "rn2k3/2C5/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 14";
    legal(
        b1,
        "c7^b8>h8,e1e2",
        "r3k2n/2C5/8/8/8/8/4K3/8|8/8/8/8/8/8/8/8 b - - 0 14",
    );
    illegal(b1, "c7^b8>b8,e1e2", "DX-19");
    let b2 = "rnbqkbnr/3p4/2C5/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 14";
    legal(
        b2,
        "c6^d7,e1e2",
        "rnbqkbnr/8/2C5/8/8/8/4K3/8|8/8/8/8/8/8/8/8 b - - 0 14",
    );
    let b3 = "4k3/8/8/4s3/3C4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 2 14";
    legal(
        b3,
        "d4^e5,e1d1",
        "4k3/8/8/8/3C4/8/8/3K4|8/8/8/8/8/8/8/8 b - - 0 14",
    );
}

#[test]
fn x7_strike_and_struck_king_ends_game() {
    let b1 = "4k3/8/5q2/8/3S4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 12";
    legal(
        b1,
        "d4*f6,e1d2",
        "4k3/8/8/8/3S4/8/3K4/8|8/8/8/8/8/8/8/8 b - - 0 12",
    );
    let b2 = "8/8/5k2/8/3S4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 12";
    let after = "8/8/8/8/3S4/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 12";
    legal(b2, "d4*f6", after);
    let q = pos(after);
    assert_eq!(q.outcome().and_then(|o| o.winner()), Some(0));
    assert_eq!(perft(&q, 1), 0);
    assert!(
        pos(b2)
            .king_captures()
            .iter()
            .any(|t| t.to_string() == "d4*f6")
    );
}

#[test]
fn x8_strike_blocked_and_webbed_cobra() {
    let b1 = "4k3/8/5q2/4p3/3S4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 12";
    illegal(b1, "d4*f6,e1d2", "DX-22");
    legal(
        b1,
        "d4*e5,e1d2",
        "4k3/8/5q2/8/3S4/8/3K4/8|8/8/8/8/8/8/8/8 b - - 0 12",
    );
    let b2 = "4k3/8/5q2/8/3S4/2a5/8/4K3|8/8/8/8/8/8/8/8 w - - 0 12";
    illegal(b2, "d4*f6,e1f1", "DX-12");
    illegal(b2, "d4D4,e1f1", "DX-12");
}

#[test]
fn x9_pinch_web_combo_on_a_king() {
    let before = "4k3/3A1C2/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 3 25";
    legal(
        before,
        "f7^e8",
        "8/3A1C2/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 25",
    );
    illegal(before, "f7^e8,e1e2", "DX-7");
    legal(
        before,
        "e1e2,f7^e8",
        "8/3A1C2/8/8/8/8/4K3/8|8/8/8/8/8/8/8/8 b - - 0 25",
    );
    let after = pos("8/3A1C2/8/8/8/8/4K3/8|8/8/8/8/8/8/8/8 b - - 0 25");
    assert_eq!(after.outcome().and_then(|o| o.winner()), Some(0));
}

#[test]
fn x10_fide_move_after_a_spider_leaves() {
    let before = "6k1/6r1/8/4A3/8/2B5/8/6K1|8/8/8/8/8/8/8/8 w - - 7 33";
    legal(
        before,
        "e5E5,c3g7",
        "6k1/6B1/8/8/8/8/8/6K1|8/8/8/4A3/8/8/8/8 b - - 0 33",
    );
    illegal(before, "c3g7,e5E5", "DX-5");
}

#[test]
fn x11_edge_transfer_and_occupied_transfer_refused() {
    let b1 = "4k3/8/8/8/8/8/8/4K3|8/8/8/8/7C/8/8/8 w - - 0 8";
    illegal(b1, "H4h4,e1e2", "DX-15");
    legal(
        b1,
        "H4G4,e1e2",
        "4k3/8/8/8/8/8/4K3/8|8/8/8/8/6C1/8/8/8 b - - 1 8",
    );
    let b2 = "4k3/8/8/8/3p4/8/8/4K3|8/8/8/8/3A4/8/8/8 w - - 0 1";
    illegal(b2, "D4d4,e1e2", "DX-15");
}

#[test]
fn x12_cobra_two_step_is_blocked() {
    let before = "4k3/8/8/8/8/8/8/4K3|8/8/8/3c4/3S4/8/8/8 w - - 0 5";
    illegal(before, "D4D6,e1e2", "DX-16");
    legal(
        before,
        "D4F6,e1e2",
        "4k3/8/8/8/8/8/4K3/8|8/8/5S2/3c4/8/8/8/8 b - - 1 5",
    );
}

#[test]
fn x13_promotion() {
    let b1 = "7k/4P3/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 50";
    legal(
        b1,
        "e7e8n",
        "4N2k/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 50",
    );
    illegal(b1, "e7e8a", "DX-26");
    illegal(b1, "e7e8", "DX-26");
    let b2 = "7k/3aP3/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 50";
    illegal(b2, "e7e8q", "DX-12");
    let p = pos(b2);
    assert_eq!(perft(&p, 1), 5);
    let mut texts: Vec<String> = p.legal_turns().iter().map(|t| t.to_string()).collect();
    texts.sort();
    assert_eq!(texts, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

#[test]
fn x14_pawn_on_its_own_first_rank() {
    let before = "2p1k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 9";
    illegal(before, "c8c6", "DX-27");
    legal(
        before,
        "c8c7",
        "4k3/2p5/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 10",
    );
}

#[test]
fn x15_castling_ignores_attacks() {
    let before = "5rk1/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8 w K - 0 15";
    legal(
        before,
        "e1g1",
        "5rk1/8/8/8/8/8/8/5RK1|8/8/8/8/8/8/8/8 b - - 1 15",
    );
}

#[test]
fn x16_en_passant_square_taken_by_a_surfacing_piece() {
    let b1 = "4k3/8/8/8/4p3/8/3P4/4K3|8/8/8/8/8/3S4/8/8 w - - 0 21";
    legal(
        b1,
        "d2d4,D3d3",
        "4k3/8/8/8/3Pp3/3S4/8/4K3|8/8/8/8/8/8/8/8 b - d3 0 21",
    );
    illegal(b1, "D3d3,d2d4", "DX-14");
    let b2 = "4k3/8/8/8/3Pp3/3S4/8/4K3|8/8/8/8/8/8/8/8 b - d3 0 21";
    legal(
        b2,
        "e4d3",
        "4k3/8/8/8/3P4/3p4/8/4K3|8/8/8/8/8/8/8/8 w - - 0 22",
    );
}

#[test]
fn x17_one_action_per_piece_and_loss_by_immobility() {
    let b1 = "4k3/8/5q2/8/3S4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 12";
    illegal(b1, "d4*f6,d4D4,e1d2", "DX-4");
    let b2 = pos("7k/8/8/8/8/8/1a6/K7|8/8/8/8/8/8/8/8 w - - 0 60");
    assert_eq!(perft(&b2, 1), 0);
    assert_eq!(b2.outcome().and_then(|o| o.winner()), Some(1));
}

#[test]
fn dx35_castling_rights_tell_children_apart() {
    let p = pos("4k2r/6S1/2r5/3C4/B7/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1");
    assert_eq!(perft(&p, 1), 298);
    let a = p.parse_move("g7*h8,d5^c6>h8,a4d7").unwrap();
    let b = p.parse_move("d5^c6>f8,a4d7,g7*f8").unwrap();
    assert_ne!(a, b);
}

#[test]
fn start_perft_1() {
    assert_eq!(perft(&DxPosition::start(), 1), 19060);
}
