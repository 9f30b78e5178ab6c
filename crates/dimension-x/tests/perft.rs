//! Turn-level perft (rulebook 6.1) pins. Values from the rulebook or the issue are marked as
//! such; the others are regression pins (not independently confirmed), measured with this
//! crate and cross-checked, for depth 1, against the brute-force generator of
//! `tests/reference.rs` where the position is small.

use dimchess_core::perft::perft;
use dimchess_dimension_x::DxPosition;

fn pos(text: &str) -> DxPosition {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn check(text: &str, counts: &[u64]) {
    let p = pos(text);
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "{text} depth {}", d + 1);
    }
}

#[test]
fn start_perft_1_is_19060() {
    // Issue acceptance value; perft(2) = 19060^2 since the two sides cannot interact in the
    // first two turns.
    check(dimchess_dimension_x::START_TEXT, &[19060]);
}

/// Release only: `cargo test --release -p dimchess-dimension-x --test perft -- --ignored`.
#[test]
#[ignore]
fn start_perft_2_is_363283600() {
    let t = std::time::Instant::now();
    assert_eq!(perft(&DxPosition::start(), 2), 363_283_600);
    eprintln!("perft(2) from the start: {:?}", t.elapsed());
}

#[test]
fn rulebook_6_3_spider_on_d4() {
    // Rulebook 6.3 (hand-checked).
    check("7k/8/8/8/8/8/8/K7|8/8/8/8/3A4/8/8/8 w - - 0 1", &[30, 90]);
}

#[test]
fn rulebook_dx35_castling_rights_position() {
    // Depth 1: DX-35 (rulebook). Depth 2: regression pin (not independently confirmed).
    check(
        "4k2r/6S1/2r5/3C4/B7/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1",
        &[298, 5404],
    );
}

#[test]
fn rulebook_x13_and_x17_counts() {
    // X13: perft(1) = 5; X17: perft(1) = 0 (rulebook).
    check("7k/3aP3/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 50", &[5]);
    check("7k/8/8/8/8/8/1a6/K7|8/8/8/8/8/8/8/8 w - - 0 60", &[0]);
}

#[test]
fn regression_after_e2e4_e2e2() {
    // Regression pin (not independently confirmed): Black's options are those of the start.
    check(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPSPPP/RNBQKBNR|8/2asc3/8/8/8/8/3C1A2/8 b KQkq e3 0 1",
        &[19060],
    );
}

/// Regression pin (not independently confirmed); slow (White's Cobra on the FIDE board makes
/// merging by position necessary). Release only.
#[test]
#[ignore]
fn regression_after_e2e4_e2e2_depth_2() {
    check(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPSPPP/RNBQKBNR|8/2asc3/8/8/8/8/3C1A2/8 b KQkq e3 0 1",
        &[19060, 65_061_196],
    );
}

#[test]
fn regression_x4_pinch_position() {
    // Regression pin (not independently confirmed).
    check(
        "r3k2r/4b3/3C4/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w kq - 0 20",
        &[35, 1035],
    );
}

#[test]
fn regression_x5_web_and_pinch_position() {
    // Regression pin (not independently confirmed).
    check(
        "6k1/8/3Cr3/5A2/8/8/8/2K5|8/8/8/8/8/8/8/8 w - - 5 40",
        &[65, 808],
    );
}

#[test]
fn regression_x10_spider_leaves_position() {
    // Regression pin (not independently confirmed).
    check(
        "6k1/6r1/8/4A3/8/2B5/8/6K1|8/8/8/8/8/8/8/8 w - - 7 33",
        &[27, 445],
    );
}

#[test]
fn regression_x16_en_passant_position() {
    // Regression pin (not independently confirmed).
    check(
        "4k3/8/8/8/4p3/8/3P4/4K3|8/8/8/8/8/3S4/8/8 w - - 0 21",
        &[107, 681],
    );
}

#[test]
fn regression_x9_pinch_web_combo_position() {
    // Regression pin (not independently confirmed).
    check(
        "4k3/3A1C2/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 3 25",
        &[61, 205],
    );
}

#[test]
fn regression_busy_middle_game() {
    // Regression pin (not independently confirmed): every piece kind on both boards.
    check(
        "r1bqk2r/pp1n1ppp/2pSp3/3p2A1/1b1P4/2NBPc2/PP3PPP/R2QK2R|8/8/2s5/8/8/3C4/1a6/8 w KQkq - 0 9",
        &[5464],
    );
}
