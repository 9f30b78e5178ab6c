//! Invariant: any text either fails to parse, or parses to a position whose FEN parses back
//! to the same position.
#![no_main]
use dimchess_fide::Chess;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(pos) = text.parse::<Chess>()
    {
        let again: Chess = pos.fen().parse().expect("printed FEN must parse");
        assert_eq!(again, pos);
    }
});
