//! Invariant: a turn text is either rejected or is a legal turn whose canonical text reads
//! back to the same turn and gives the same position.
#![no_main]
use dimchess_core::Position;
use dimchess_dimension_x::DxPosition;
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 3] = [
    dimchess_dimension_x::START_TEXT,
    "r1bqk2r/pp1n1ppp/2pSp3/3p2A1/1b1P4/2NBPc2/PP3PPP/R2QK2R|8/8/2s5/8/8/3C4/1a6/8 w KQkq - 0 9",
    "4k2r/6S1/2r5/3C4/B7/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let pos: DxPosition = POSITIONS[which as usize % POSITIONS.len()].parse().unwrap();
    if let Ok(text) = std::str::from_utf8(rest)
        && let Ok(turn) = pos.parse_move(text)
    {
        assert!(pos.is_legal(turn));
        assert_eq!(pos.parse_move(&pos.move_text(turn)), Ok(turn));
        let mut a = pos.clone();
        a.play_text(text).unwrap();
        assert_eq!(a, pos.after(&turn));
    }
});
