//! Turn-level perft pins.

use dimchess_core::perft::perft;
use dimchess_dimension_x::DxPosition;

fn pos(text: &str) -> DxPosition {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn start_perft_1_is_19060() {
    // Issue acceptance value; also 19060^2 = perft(2) below.
    assert_eq!(perft(&DxPosition::start(), 1), 19060);
}

/// Release only: `cargo test --release -p dimchess-dimension-x --test perft -- --ignored`.
#[test]
#[ignore]
fn start_perft_2_is_363283600() {
    let t = std::time::Instant::now();
    assert_eq!(perft(&DxPosition::start(), 2), 363_283_600);
    eprintln!("perft(2) from the start: {:?}", t.elapsed());
}
