//! Property tests over random games: copy-make leaves the parent untouched, the incremental
//! hash equals the hash from scratch, the position text round-trips, every legal move's text
//! reads back as the same move, and every position reached is valid (re-parsing it runs the
//! full validation of TL-19 / TX-12), and each seat's evaluation is the same on the
//! x86-64-v3 code path (where the CPU has it) as on the portable one, with `is_out` true
//! exactly for the seats of strength 0, and so is the list of legal moves.

use dimchess_core::cpu::{self, Cpu, Portable};
use dimchess_core::{Evaluate, Position};
use dimchess_three_level::rules::{CheckmatePromotion, Main, Rules, Xiangqi};
use dimchess_three_level::{Moves, ThreeLevelPosition};
use proptest::prelude::*;

/// [`play_game`] in the rule set `v % 3`.
fn play_game_in(v: u8, choices: &[u16], check_all_texts_every: usize) -> Result<(), TestCaseError> {
    match v % 3 {
        0 => play_game::<Main>(choices, check_all_texts_every),
        1 => play_game::<CheckmatePromotion>(choices, check_all_texts_every),
        _ => play_game::<Xiangqi>(choices, check_all_texts_every),
    }
}

fn play_game<R: Rules>(choices: &[u16], check_all_texts_every: usize) -> Result<(), TestCaseError> {
    let mut pos = ThreeLevelPosition::<R>::default();
    for (ply, &c) in choices.iter().enumerate() {
        let mut moves = Moves::new();
        pos.legal_moves(&mut moves);
        prop_assert_eq!(moves.len() as u64, pos.count_legal_moves());
        if let Some(v3) = cpu::detected() {
            let mut listed = Moves::new();
            v3.run(|| pos.legal_moves_on(v3, &mut listed));
            prop_assert_eq!(&listed, &moves);
        }
        if moves.is_empty() {
            prop_assert!(pos.outcome().is_some());
            break;
        }
        prop_assert!(pos.outcome().is_none());
        if ply % check_all_texts_every == 0 {
            for &m in moves.iter() {
                let t = pos.move_text(m);
                prop_assert_eq!(pos.parse_move(&t), Ok(m), "{}", t);
            }
        }
        for seat in 0..4 {
            let s = pos.strength(seat);
            prop_assert_eq!(pos.strength_on(Portable, seat), s);
            prop_assert_eq!(pos.is_out(seat), s <= 0);
            if let Some(v3) = cpu::detected() {
                prop_assert_eq!(v3.run(|| pos.strength_on(v3, seat)), s);
            }
        }
        let m = moves[c as usize % moves.len()];
        let text = pos.move_text(m);
        prop_assert_eq!(pos.parse_move(&text), Ok(m));
        let parent = pos.clone();
        let parent_text = pos.to_string();
        let mut child = pos.clone();
        child.play_unchecked(m);
        // copy-make: the parent is untouched (undo is dropping the child).
        prop_assert_eq!(&parent, &pos);
        prop_assert_eq!(parent.to_string(), parent_text);
        prop_assert_eq!(parent.zobrist(), parent.zobrist_from_scratch());
        prop_assert_eq!(child.zobrist(), child.zobrist_from_scratch());
        let back = child.to_string().parse::<ThreeLevelPosition<R>>();
        prop_assert_eq!(back.as_ref(), Ok(&child), "{}", child);
        pos = child;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_games_keep_every_invariant(v in 0u8..3, choices in proptest::collection::vec(any::<u16>(), 1..40)) {
        play_game_in(v, &choices, 10)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    #[test]
    fn long_random_games_keep_every_invariant(v in 0u8..3, choices in proptest::collection::vec(any::<u16>(), 60..200)) {
        play_game_in(v, &choices, 25)?;
    }
}
