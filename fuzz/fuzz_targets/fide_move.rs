//! Invariant: a move text is either rejected or is a legal move whose text reads back the same.
#![no_main]
use dimchess_core::Position;
use dimchess_fide::Chess;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let pos = Chess::default();
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(mv) = pos.parse_move(text)
    {
        assert!(pos.is_legal(mv));
        assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
    }
});
