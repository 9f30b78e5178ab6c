//! Invariant: random play (the first byte picks the variant, the rest drives a long game:
//! [`Plies`], up to 600 plies whatever its length) keeps the incremental hash equal to the hash
//! from scratch, every position's text round trip exact, and every chosen move's text readable
//! back.
#![no_main]
use dimchess_core::Position;
use dimchess_fuzz::Plies;
use dimchess_three_level::{Moves, ThreeLevel, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let v = [Variant::Main, Variant::CheckmatePromotion, Variant::Xiangqi][first as usize % 3];
    let mut pos = ThreeLevel::start(v);
    let mut plies = Plies::new(rest, 600);
    loop {
        let mut moves = Moves::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let Some(i) = plies.choose(moves.len()) else {
            break;
        };
        let mv = moves[i];
        assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
        pos.play_unchecked(mv);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert_eq!(ThreeLevel::parse(v, &pos.to_string()).as_ref(), Ok(&pos));
    }
});
