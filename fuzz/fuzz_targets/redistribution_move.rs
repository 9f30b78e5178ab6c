//! Invariant: a move text is either rejected or is a legal move whose text is exactly the
//! input (RD-20: one text per move). The first byte picks a position with quadruples.
#![no_main]
use dimchess_core::Position;
use dimchess_redistribution::{Move, Redistribution, START_TEXT};
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 3] = [
    START_TEXT,
    "4/4/4/3k|4/4/4/4|4/4/4/4|4/1e2/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
    "1y1e/a1kp/pw1a/e1yb|1h2/4/2m1/4|4/1s2/4/4|4/2M1/4/4|1H2/4/4/2S1|B2E/A1KP/P1FA/1DY1 b 7 12",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let pos: Redistribution = POSITIONS[first as usize % POSITIONS.len()].parse().unwrap();
    if let Ok(text) = std::str::from_utf8(rest) {
        let _ = text.parse::<Move>();
        if let Ok(mv) = pos.parse_move(text) {
            assert!(pos.is_legal(mv));
            assert_eq!(pos.move_text(mv), text);
            assert_eq!(text.parse::<Move>(), Ok(mv));
        }
    }
});
