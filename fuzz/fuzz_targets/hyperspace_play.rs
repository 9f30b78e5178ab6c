//! Invariant: random play (the first byte picks the variant, the rest drives a long game:
//! [`Plies`], up to 600 plies whatever its length) keeps the incremental hash equal to the hash
//! from scratch and every position's text round trip exact.
#![no_main]
use dimchess_core::Position;
use dimchess_fuzz::Plies;
use dimchess_hyperspace::{HyperspacePosition, Moves};
use libfuzzer_sys::fuzz_target;

fn run<const O: bool>(bytes: &[u8]) {
    let mut pos = HyperspacePosition::<O>::start();
    let mut plies = Plies::new(bytes, 600);
    loop {
        let mut moves = Moves::new();
        pos.legal_moves(&mut moves);
        assert_eq!(pos.count_legal_moves(), moves.len() as u64);
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let Some(i) = plies.choose(moves.len()) else {
            break;
        };
        pos.play_unchecked(moves[i]);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert_eq!(
            pos.to_string().parse::<HyperspacePosition<O>>().as_ref(),
            Ok(&pos)
        );
    }
}

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((&v, rest)) if v & 1 == 1 => run::<true>(rest),
        Some((_, rest)) => run::<false>(rest),
        None => {}
    }
});
