//! Invariant: random play keeps the incremental hash equal to the hash from scratch and every
//! position's FEN round trip exact.
#![no_main]
use dimchess_core::Position;
use dimchess_fide::{Chess, Moves};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = Chess::default();
    for &b in data {
        let mut moves = Moves::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[b as usize % moves.len()]);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert_eq!(pos.fen().parse::<Chess>().as_ref(), Ok(&pos));
    }
});
