//! Every worked example of the rulebook (§7, X1 to X23), named after it.

use dimchess_core::{Error, Position};
use dimchess_dimension_chess::DimensionChess;

/// Plays `mv` from `pos` and checks the resulting text (and hash, and round trip).
fn plays(pos: &str, mv: &str, result: &str) {
    let p: DimensionChess = pos.parse().unwrap_or_else(|e| panic!("{pos}: {e}"));
    assert_eq!(p.to_string(), pos, "round trip of the example position");
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    assert_eq!(p.move_text(m), mv);
    let mut q = p;
    q.play_unchecked(m);
    assert_eq!(q.to_string(), result);
    assert_eq!(q.zobrist(), q.zobrist_from_scratch());
    let r: DimensionChess = result.parse().unwrap_or_else(|e| panic!("{result}: {e}"));
    assert_eq!(r, q);
}

/// `mv` is illegal from `pos`, citing `rule`, and the message contains `words`.
fn illegal(pos: &str, mv: &str, rule: &str, words: &str) {
    let p: DimensionChess = pos.parse().unwrap_or_else(|e| panic!("{pos}: {e}"));
    let before = p;
    let e = p.parse_move(mv).unwrap_err();
    match &e {
        Error::IllegalMove { rule: r, .. } => assert_eq!(*r, rule, "{e}"),
        other => panic!("expected an illegal move, got {other}"),
    }
    assert!(
        e.to_string().contains(words),
        "`{e}` should contain `{words}`"
    );
    let mut q = p;
    assert!(q.play_text(mv).is_err());
    assert_eq!(q, before, "an illegal move leaves the position unchanged");
}

fn legal(pos: &str, mv: &str) {
    let p: DimensionChess = pos.parse().unwrap();
    assert!(p.parse_move(mv).is_ok(), "{mv} should be legal");
}

#[test]
fn x1_white_earth_capture_victim_not_stronger_goes_to_heaven() {
    plays(
        "8/8/8/8/8/8/8/8|4k3/8/8/3n4/8/8/8/3RK3|8/8/8/8/8/8/8/8 w - - 0 1",
        "E:d1d5",
        "8/8/8/3n4/8/8/8/8|4k3/8/8/3R4/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 1",
    );
}

#[test]
fn x2_white_earth_capture_stronger_victim_goes_to_hell() {
    let result = "8/8/8/8/8/8/8/8|4k3/8/8/3N4/8/8/8/4K3|8/8/8/3r4/8/8/8/8 b - - 0 1";
    plays(
        "8/8/8/8/8/8/8/8|4k3/8/8/3r4/8/2N5/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "E:c3d5",
        result,
    );
    let q: DimensionChess = result.parse().unwrap();
    assert!(
        q.is_possessed("d5".parse().unwrap()),
        "the knight on E:d5 is possessed"
    );
}

#[test]
fn x3_black_earth_capture_victim_not_stronger_goes_to_hell() {
    plays(
        "8/8/8/8/8/8/8/8|4k3/8/8/b7/8/2N5/8/7K|8/8/8/8/8/8/8/8 b - - 0 1",
        "E:a5c3",
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/2b5/8/7K|8/8/8/8/8/2N5/8/8 w - - 0 2",
    );
}

#[test]
fn x4_black_earth_capture_stronger_victim_goes_to_heaven() {
    let result = "8/8/8/8/2Q5/8/8/8|4k3/8/8/8/2p5/8/8/7K|8/8/8/8/8/8/8/8 w - - 0 2";
    plays(
        "8/8/8/8/8/8/8/8|4k3/8/8/3p4/2Q5/8/8/7K|8/8/8/8/8/8/8/8 b - - 0 1",
        "E:d5c4",
        result,
    );
    let q: DimensionChess = result.parse().unwrap();
    assert!(
        q.is_possessed("c4".parse().unwrap()),
        "the pawn on E:c4 is possessed"
    );
}

#[test]
fn x5_landing_square_occupied_victim_removed() {
    let result = "8/8/8/3B4/8/8/8/8|4k3/8/8/3R4/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 1";
    plays(
        "8/8/8/3B4/8/8/8/8|4k3/8/8/3n4/8/8/8/3RK3|8/8/8/8/8/8/8/8 w - - 0 1",
        "E:d1d5",
        result,
    );
    let q: DimensionChess = result.parse().unwrap();
    assert!(
        q.is_blessed("d5".parse().unwrap()),
        "the rook is now blessed"
    );
}

#[test]
fn x6_white_heaven_capture_capturer_replaces_enemy_on_earth() {
    plays(
        "8/8/8/R3n3/8/8/8/8|6k1/8/8/4b3/8/8/8/6K1|8/8/8/8/8/8/8/8 w - - 0 1",
        "H:a5e5",
        "8/8/8/8/8/8/8/8|6k1/8/8/4R3/8/8/8/6K1|8/8/8/8/8/8/8/8 b - - 0 1",
    );
}

#[test]
fn x7_white_heaven_capture_replaces_own_piece() {
    plays(
        "8/8/8/4p3/8/8/1B6/8|6k1/8/8/4N3/8/8/8/6K1|8/8/8/8/8/8/8/8 w - - 0 1",
        "H:b2e5",
        "8/8/8/8/8/8/8/8|6k1/8/8/4B3/8/8/8/6K1|8/8/8/8/8/8/8/8 b - - 0 1",
    );
}

#[test]
fn x8_black_heaven_capture_victim_goes_to_hell() {
    plays(
        "8/8/8/8/3N3r/8/8/8|6k1/8/8/8/8/8/8/6K1|8/8/8/8/8/8/8/8 b - - 0 1",
        "H:h4d4",
        "8/8/8/8/3r4/8/8/8|6k1/8/8/8/8/8/8/6K1|8/8/8/8/3N4/8/8/8 w - - 0 2",
    );
}

#[test]
fn x9_black_hell_capture_capturer_goes_to_earth() {
    plays(
        "8/8/8/8/8/8/8/8|6k1/8/8/8/8/8/8/6K1|8/8/2n5/8/3P4/8/8/8 b - - 0 1",
        "L:c6d4",
        "8/8/8/8/8/8/8/8|6k1/8/8/8/3n4/8/8/6K1|8/8/8/8/8/8/8/8 w - - 0 2",
    );
}

#[test]
fn x10_white_hell_capture_victim_goes_to_heaven() {
    plays(
        "8/8/8/8/8/8/8/8|6k1/8/8/8/8/8/8/6K1|8/8/8/5q2/8/8/8/1B6 w - - 0 1",
        "L:b1f5",
        "8/8/8/5q2/8/8/8/8|6k1/8/8/8/8/8/8/6K1|8/8/8/5B2/8/8/8/8 b - - 0 1",
    );
}

#[test]
fn x11_possession_prevents_a_move() {
    illegal(
        "8/8/8/8/8/8/8/8|6k1/8/8/8/8/8/8/3R2K1|8/8/8/8/8/8/8/3n4 w - - 0 1",
        "E:d1d5",
        "DC-15",
        "the White rook on E:d1 is possessed by the Black knight on L:d1",
    );
}

#[test]
fn x12_ego() {
    plays(
        "8/8/8/8/8/8/8/3B4|6k1/8/8/8/8/8/8/3R2K1|8/8/8/8/8/8/8/3n4 w - - 0 1",
        "E:d1d5",
        "8/8/8/8/8/8/8/3B4|6k1/8/8/3R4/8/8/8/6K1|8/8/8/8/8/8/8/3n4 b - - 1 1",
    );
}

#[test]
fn x13_blessing_prevents_a_capture() {
    illegal(
        "8/8/8/8/8/8/8/8|6k1/8/8/3n4/8/8/8/3R2K1|8/8/8/3p4/8/8/8/8 w - - 0 1",
        "E:d1d5",
        "DC-16",
        "the Black knight on E:d5 is blessed by the Black pawn on L:d5",
    );
}

#[test]
fn x14_king_capture_victim_removed() {
    plays(
        "8/8/8/8/8/8/8/8|6k1/8/8/8/8/8/6r1/6K1|8/8/8/8/8/8/8/8 w - - 0 1",
        "E:g1g2",
        "8/8/8/8/8/8/8/8|6k1/8/8/8/8/8/6K1/8|8/8/8/8/8/8/8/8 b - - 0 1",
    );
}

#[test]
fn x15_king_converts_aligned_enemy_pieces() {
    let result = "8/8/8/8/8/8/5N2/8|6k1/8/8/8/8/8/5K2/8|8/8/8/8/8/8/5R2/8 b - - 1 1";
    plays(
        "8/8/8/8/8/8/5n2/8|6k1/8/8/8/8/8/8/6K1|8/8/8/8/8/8/5r2/8 w - - 0 1",
        "E:g1f2",
        result,
    );
    let q: DimensionChess = result.parse().unwrap();
    let f2 = "f2".parse().unwrap();
    assert!(q.is_blessed(f2) && !q.is_possessed(f2));
}

#[test]
fn x16_capturer_converted_victim_lands_below_its_own_king() {
    plays(
        "8/8/8/6r1/8/8/8/6N1|6k1/8/8/8/8/8/8/6K1|8/8/8/8/8/8/8/8 b - - 0 1",
        "H:g5g1",
        "8/8/8/8/8/8/8/6R1|6k1/8/8/8/8/8/8/6K1|8/8/8/8/8/8/8/6N1 w - - 0 2",
    );
}

#[test]
fn x17_check_by_replacement_threat_from_heaven() {
    let pos = "6n1/8/8/8/8/8/6R1/8|5k2/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1";
    illegal(
        pos,
        "E:f8g8",
        "DC-22",
        "H:g2g8 would send the White rook onto the king on E:g8",
    );
    legal(pos, "E:f8e8");
}

#[test]
fn x18_blessed_king_not_in_check_from_earth() {
    let pos = "8/8/8/8/8/8/3B4/8|3r3k/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1";
    plays(
        pos,
        "E:e1d2",
        "8/8/8/8/8/8/3B4/8|3r3k/8/8/8/8/8/3K4/8|8/8/8/8/8/8/8/8 b - - 1 1",
    );
    // Without the bishop on H:d2 the move is illegal.
    illegal(
        "8/8/8/8/8/8/8/8|3r3k/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "E:e1d2",
        "DC-22",
        "E:d8d2 would capture the king on E:d2",
    );
}

#[test]
fn x19_possessed_piece_gives_no_check() {
    plays(
        "3N4/8/8/8/8/8/8/8|3r3k/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "E:e1d1",
        "3N4/8/8/8/8/8/8/8|3r3k/8/8/8/8/8/8/3K4|8/8/8/8/8/8/8/8 b - - 1 1",
    );
}

#[test]
fn x20_en_passant_on_earth_victim_lands_on_its_own_square() {
    plays(
        "8/8/8/8/8/8/8/8|6k1/8/8/3pP3/8/8/8/6K1|8/8/8/8/8/8/8/8 w - E:d6 0 2",
        "E:e5d6",
        "8/8/8/3p4/8/8/8/8|6k1/8/3P4/8/8/8/8/6K1|8/8/8/8/8/8/8/8 b - - 0 2",
    );
}

#[test]
fn x21_promoting_capture_in_heaven_promoted_piece_goes_to_earth() {
    plays(
        "7r/6P1/8/8/8/8/8/8|8/8/1k6/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "H:g7h8q",
        "8/8/8/8/8/8/8/8|7Q/8/1k6/8/8/8/8/4K3|8/8/8/8/8/8/8/8 b - - 0 1",
    );
}

#[test]
fn x22_double_step_allowing_en_passant_replacement_is_illegal() {
    let pos = "8/3p4/8/4P3/8/8/8/8|8/8/3k4/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1";
    illegal(
        pos,
        "H:d7d5",
        "DC-22",
        "H:e5d6 en passant would send the White pawn onto the king on E:d6",
    );
    illegal(
        pos,
        "H:d7d6",
        "DC-22",
        "H:e5d6 would send the White pawn onto the king on E:d6",
    );
}

#[test]
fn x23_castling_with_conversion_on_the_kings_new_square() {
    plays(
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/6n1 w K - 0 1",
        "E:e1g1",
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/5RK1|8/8/8/8/8/8/8/6N1 b - - 1 1",
    );
}

#[test]
fn start_position_and_first_move_texts() {
    let start = DimensionChess::start();
    assert_eq!(start.to_string(), dimchess_dimension_chess::START_TEXT);
    let mut p = start;
    p.play_text("E:e2e4").unwrap();
    assert_eq!(
        p.to_string(),
        "8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8 b KQkq E:e3 0 1"
    );
}
