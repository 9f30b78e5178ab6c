//! Random play keeps every invariant: incremental hash equal to the hash from scratch, exact
//! text round trip, DC-26 validity.
#![no_main]
use dimchess_core::Position;
use dimchess_dimension_chess::{DimensionChess, MoveList};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = DimensionChess::start();
    for &b in data {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        pos.play_unchecked(moves[b as usize % moves.len()]);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert!(pos.check_invariants().is_ok());
        assert_eq!(pos.to_string().parse::<DimensionChess>().as_ref(), Ok(&pos));
    }
});
