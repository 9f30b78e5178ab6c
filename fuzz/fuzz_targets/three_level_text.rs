//! Invariant: any text either fails to parse (for each of the three variant ids), or parses to
//! a position whose text parses back to the same position.
#![no_main]
use dimchess_three_level::{ThreeLevel, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for v in [Variant::Main, Variant::CheckmatePromotion, Variant::Xiangqi] {
            if let Ok(pos) = ThreeLevel::parse(v, text) {
                let again =
                    ThreeLevel::parse(v, &pos.to_string()).expect("printed text must parse");
                assert_eq!(again, pos);
                assert_eq!(pos.to_string(), text);
            }
        }
    }
});
