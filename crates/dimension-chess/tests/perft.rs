//! Perft pins (§6 of the rulebook and regression pins).

use dimchess_core::perft::perft;
use dimchess_dimension_chess::DimensionChess;

fn pos(text: &str) -> DimensionChess {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn start_perft_1_to_3_rulebook() {
    let p = DimensionChess::start();
    // §6: rulebook counts.
    assert_eq!(perft(&p, 1), 20);
    assert_eq!(perft(&p, 2), 400);
    assert_eq!(perft(&p, 3), 8902);
}

#[test]
#[ignore = "deep: run with --ignored (about a second in release)"]
fn start_perft_4_rulebook() {
    // §6: 197281 orthodox + 30 pawn steps + 16 knight moves in Heaven.
    assert_eq!(perft(&DimensionChess::start(), 4), 197_327);
}
