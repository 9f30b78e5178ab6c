//! Invariant: a move text is either rejected or is a legal turn whose text reads back the same,
//! from the start of each variant.
#![no_main]
use dimchess_core::Position;
use dimchess_three_level::{ThreeLevel, ThreeLevelCheckmatePromotion, ThreeLevelXiangqi};
use libfuzzer_sys::fuzz_target;

/// The invariant in one position.
fn check<P: Position>(pos: &P, text: &str) {
    if let Ok(mv) = pos.parse_move(text) {
        assert!(pos.is_legal(mv));
        assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check(&ThreeLevel::default(), text);
        check(&ThreeLevelCheckmatePromotion::default(), text);
        check(&ThreeLevelXiangqi::default(), text);
    }
});
