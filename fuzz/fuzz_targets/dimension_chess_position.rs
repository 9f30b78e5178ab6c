//! The position text parser never panics; whatever it accepts prints back exactly and keeps
//! every invariant.
#![no_main]
use dimchess_dimension_chess::DimensionChess;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(pos) = text.parse::<DimensionChess>() {
            assert_eq!(pos.to_string(), text);
            assert!(pos.check_invariants().is_ok());
        }
    }
});
