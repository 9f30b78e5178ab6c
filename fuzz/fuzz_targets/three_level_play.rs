//! Invariant: random play (the first byte picks the variant, the rest drives a long game:
//! [`Plies`], up to 600 plies whatever its length) keeps the incremental hash equal to the hash
//! from scratch, every position's text round trip exact (in its own rule set), and every chosen
//! move's text readable back.
#![no_main]
use dimchess_core::Position;
use dimchess_fuzz::Plies;
use dimchess_three_level::ThreeLevelPosition;
use dimchess_three_level::rules::{CheckmatePromotion, Main, Rules, Xiangqi};
use libfuzzer_sys::fuzz_target;

/// The game of one rule set.
fn play<R: Rules>(rest: &[u8]) {
    let mut pos = ThreeLevelPosition::<R>::default();
    let mut plies = Plies::new(rest, 600);
    loop {
        let moves = pos.moves();
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
        assert_eq!(
            pos.to_string().parse::<ThreeLevelPosition<R>>().as_ref(),
            Ok(&pos)
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    match first % 3 {
        0 => play::<Main>(rest),
        1 => play::<CheckmatePromotion>(rest),
        _ => play::<Xiangqi>(rest),
    }
});
