//! Invariant: any text either fails to parse, or parses (in both variants) to a position whose
//! text parses back to the same position with the same hash.
#![no_main]
use dimchess_core::Position;
use dimchess_hyperspace::{Hyperspace, HyperspaceOptional};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(pos) = text.parse::<Hyperspace>() {
            let again: Hyperspace = pos.to_string().parse().expect("printed text must parse");
            assert_eq!(again, pos);
            assert_eq!(again.zobrist(), pos.zobrist_from_scratch());
            let _ = pos.outcome();
        }
        if let Ok(pos) = text.parse::<HyperspaceOptional>() {
            let again: HyperspaceOptional =
                pos.to_string().parse().expect("printed text must parse");
            assert_eq!(again, pos);
            let _ = pos.outcome();
        }
    }
});
