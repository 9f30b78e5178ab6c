//! Perft pins.
//!
//! - From the start: §6 of the rulebook gives perft 1 to 4 (20, 400, 8902, 197327).
//! - Elsewhere the rulebook gives no counts. Depth-1 counts marked "hand count" were counted
//!   by hand from the rules (the comment says how); every other number is a
//!   regression pin (not independently confirmed), measured with this crate (release build,
//!   `dimchess perft dimension-chess N --fen TEXT`) after its legality filter was checked
//!   against playing every move (see `movegen::tests`). The naive second implementation in
//!   `reference.rs` (same author, no shared code) reproduces the rulebook's perft(4) and
//!   every pin below up to the depth its ignored test `reference_perft_matches_the_pins`
//!   lists; that is a cross-check, not an independent confirmation.
//!
//! Deep pins are `#[ignore]`d; run them with `cargo test --release -- --ignored`.

use dimchess_core::perft::perft;
use dimchess_dimension_chess::DimensionChess;

fn pos(text: &str) -> DimensionChess {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn pins(text: &str, counts: &[u64]) {
    let p = pos(text);
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "{text} depth {}", d + 1);
    }
}

#[test]
fn start_perft_1_to_3_rulebook() {
    // §6: rulebook counts.
    pins(&DimensionChess::start().to_string(), &[20, 400, 8902]);
}

#[test]
#[ignore = "deep: run with --release --ignored"]
fn start_perft_4_rulebook() {
    // §6: 197281 orthodox + 30 pawn steps + 16 knight moves in Heaven.
    assert_eq!(perft(&DimensionChess::start(), 4), 197_327);
}

#[test]
#[ignore = "deep: run with --release --ignored"]
fn start_perft_5_and_6() {
    // regression pin (not independently confirmed)
    assert_eq!(perft(&DimensionChess::start(), 5), 4_870_574);
    // regression pin (not independently confirmed)
    assert_eq!(perft(&DimensionChess::start(), 6), 119_379_940);
}

/// A busy middle game reached by random play: pieces of both colours in Heaven and Hell.
pub const BUSY: &str = "8/8/4p3/6p1/8/8/8/8|rn4nq/p2kb3/bp1pN3/5p1p/6P1/4p3/PPPQ1P1P/2KNR2R|2r5/1B6/8/4B3/3P4/4P3/8/8 w - - 2 19";

/// Another, with castling rights and a White queen in Heaven.
pub const BUSY_CASTLING: &str = "8/8/8/8/7Q/8/8/8|rn2k1r1/1p1b1ppp/1pp5/3pp3/7n/2N1b3/P4PP1/RNB1KBR1|8/8/8/2P5/1P6/4P2P/3P4/8 w Qq - 0 19";

#[test]
fn busy_middle_game() {
    // regression pin (not independently confirmed)
    pins(BUSY, &[60, 2921]);
}

#[test]
#[ignore = "deep: run with --release --ignored"]
fn busy_middle_game_deep() {
    // regression pin (not independently confirmed)
    pins(BUSY, &[60, 2921, 170_554, 8_284_727]);
}

#[test]
fn busy_middle_game_with_castling() {
    // regression pin (not independently confirmed)
    pins(BUSY_CASTLING, &[54, 1953]);
}

#[test]
#[ignore = "deep: run with --release --ignored"]
fn busy_middle_game_with_castling_deep() {
    // regression pin (not independently confirmed)
    pins(BUSY_CASTLING, &[54, 1953, 100_312, 3_747_316]);
}

#[test]
fn x17_replacement_threat_position() {
    // Depth 1 hand count: knight H:g8 has 3 moves; king E:f8 has e8 e7 f7 g7 (g8 is check
    // by H:g2g8, DC-21 (b)) = 7. Deeper: regression pin (not independently confirmed).
    pins(
        "6n1/8/8/8/8/8/6R1/8|5k2/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1",
        &[7, 119, 1226, 20_744],
    );
}

#[test]
fn x22_en_passant_replacement_position() {
    // Depth 1 hand count: both pawn moves are illegal (X22); the king has its 8 steps, e5
    // converting the White pawn above it = 8. Deeper: regression pin.
    pins(
        "8/3p4/8/4P3/8/8/8/8|8/8/3k4/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1",
        &[8, 31, 317, 2014, 18_824],
    );
}

#[test]
fn x23_castling_and_conversion_position() {
    // Depth 1 hand count: rook h2-h8, g1, f1 (9), king d1 d2 e2 f1 f2 (5), castling = 15.
    // Deeper: regression pin (not independently confirmed).
    pins(
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/6n1 w K - 0 1",
        &[15, 105, 1858, 16_521],
    );
}

#[test]
fn x15_conversion_position() {
    // Depth 1 hand count: only the king moves: f1 f2 g2 h1 h2 = 5. Deeper: regression pin.
    pins(
        "8/8/8/8/8/8/5n2/8|6k1/8/8/8/8/8/8/6K1|8/8/8/8/8/8/5r2/8 w - - 0 1",
        &[5, 105, 709, 13_561],
    );
}

#[test]
fn x13_blessing_position() {
    // Depth 1 hand count: rook d2 d3 d4 (not the blessed knight) a1 b1 c1 e1 f1 (8), king
    // f1 f2 g2 h1 h2 (5) = 13. Deeper: regression pin (not independently confirmed).
    pins(
        "8/8/8/8/8/8/8/8|6k1/8/8/3n4/8/8/8/3R2K1|8/8/8/3p4/8/8/8/8 w - - 0 1",
        &[13, 180, 2961, 37_041],
    );
}

#[test]
fn x20_en_passant_position() {
    // Depth 1 hand count: e6, exd6 e.p. (2), king f1 f2 g2 h1 h2 (5) = 7. Deeper:
    // regression pin (not independently confirmed).
    pins(
        "8/8/8/8/8/8/8/8|6k1/8/8/3pP3/8/8/8/6K1|8/8/8/8/8/8/8/8 w - E:d6 0 2",
        &[7, 41, 269, 1672, 11_831],
    );
}

#[test]
fn x21_promotion_position() {
    // Depth 1 hand count: g8 and gxh8, four promotions each (8), king d1 d2 e2 f1 f2 (5) =
    // 13. Deeper: regression pin (not independently confirmed).
    pins(
        "7r/6P1/8/8/8/8/8/8|8/8/1k6/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        &[13, 206, 2900],
    );
}
