//! Invariant: random play keeps the incremental hash equal to the hash from scratch and every
//! position's FEN round trip exact. The input drives a long game ([`Plies`]: up to 1,000
//! plies whatever its length).
#![no_main]
use dimchess_core::Position;
use dimchess_fide::{Chess, Moves};
use dimchess_fuzz::Plies;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = Chess::default();
    let mut plies = Plies::new(data, 1000);
    loop {
        let mut moves = Moves::new();
        pos.legal_moves(&mut moves);
        let Some(i) = plies.choose(moves.len()) else {
            break;
        };
        pos.play_unchecked(moves[i]);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert_eq!(pos.fen().parse::<Chess>().as_ref(), Ok(&pos));
    }
});
