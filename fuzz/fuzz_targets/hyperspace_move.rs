//! Invariant: a move text is either rejected or is a legal move whose text reads back the same,
//! in a position with pieces in flight, in both variants.
#![no_main]
use dimchess_core::Position;
use dimchess_hyperspace::{Hyperspace, HyperspaceOptional};
use libfuzzer_sys::fuzz_target;

const POS: &str =
    "r3k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R3K2R w KQkq - 0 12 Bd5:1,Nb5:1,Qe6:2,bd4:1,nc4:1,qg3:3";

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for start in [dimchess_hyperspace::START_TEXT, POS] {
            let pos: Hyperspace = start.parse().expect("valid");
            if let Ok(mv) = pos.parse_move(text) {
                assert!(pos.is_legal(mv));
                assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
            }
            let pos: HyperspaceOptional = start.parse().expect("valid");
            if let Ok(mv) = pos.parse_move(text) {
                assert!(pos.is_legal(mv));
                assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
            }
        }
    }
});
