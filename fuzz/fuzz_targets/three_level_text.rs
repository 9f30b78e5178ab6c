//! Invariant: any text either fails to parse (for each of the three variant ids' position
//! types), or parses to a position whose text parses back to the same position.
#![no_main]
use dimchess_three_level::ThreeLevelPosition;
use dimchess_three_level::rules::{CheckmatePromotion, Main, Rules, Xiangqi};
use libfuzzer_sys::fuzz_target;

/// The invariant in one rule set.
fn check<R: Rules>(text: &str) {
    if let Ok(pos) = text.parse::<ThreeLevelPosition<R>>() {
        let again: ThreeLevelPosition<R> =
            pos.to_string().parse().expect("printed text must parse");
        assert_eq!(again, pos);
        assert_eq!(pos.to_string(), text);
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check::<Main>(text);
        check::<CheckmatePromotion>(text);
        check::<Xiangqi>(text);
    }
});
