//! The move text parser never panics, from the start or from a busy position; whatever it
//! accepts is legal and prints back exactly.
#![no_main]
use dimchess_core::Position;
use dimchess_dimension_chess::DimensionChess;
use libfuzzer_sys::fuzz_target;

const BUSY: &str = "8/8/4p3/6p1/8/8/8/8|rn4nq/p2kb3/bp1pN3/5p1p/6P1/4p3/PPPQ1P1P/2KNR2R|2r5/1B6/8/4B3/3P4/4P3/8/8 w - - 2 19";

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for pos in [DimensionChess::start(), BUSY.parse().unwrap()] {
            if let Ok(mv) = pos.parse_move(text) {
                assert_eq!(pos.move_text(mv), text);
                assert!(pos.is_legal(mv));
            }
        }
    }
});
