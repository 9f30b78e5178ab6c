//! Invariant: a position text is either rejected or reads to a position that keeps its
//! invariants and writes back the same text.
#![no_main]
use dimchess_dimension_x::DxPosition;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(pos) = text.parse::<DxPosition>()
    {
        assert_eq!(pos.check_invariants(), Ok(()));
        assert_eq!(pos.to_string(), text);
    }
});
