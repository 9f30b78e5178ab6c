//! Random play keeps every invariant: incremental hash equal to the hash from scratch, exact
//! text round trip, DC-26 validity. The input drives a long game ([`Plies`]: up to 600 plies
//! whatever its length).
#![no_main]
use dimchess_core::Position;
use dimchess_dimension_chess::{DimensionChess, MoveList};
use dimchess_fuzz::Plies;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = DimensionChess::start();
    let mut plies = Plies::new(data, 600);
    loop {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let Some(i) = plies.choose(moves.len()) else {
            break;
        };
        pos.play_unchecked(moves[i]);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert!(pos.check_invariants().is_ok());
        assert_eq!(pos.to_string().parse::<DimensionChess>().as_ref(), Ok(&pos));
    }
});
