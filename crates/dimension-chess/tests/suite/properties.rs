//! Property tests over random games (at least 1000 in the default run): copy-make leaves the
//! parent unchanged, the incremental hash equals the hash from scratch, the position text
//! round-trips, every legal move's text reads back as that move, and every invariant holds.

use std::collections::HashSet;

use dimchess_core::Position;
use dimchess_core::zobrist::SplitMix64;
use dimchess_dimension_chess::{DimensionChess, MoveText};
use proptest::prelude::*;

fn random_game(seed: u64, plies: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut p = DimensionChess::start();
    for _ in 0..plies {
        let moves = p.moves();
        assert_eq!(p.count_legal_moves(), moves.len() as u64);
        if moves.is_empty() {
            assert!(p.outcome().is_some());
            return;
        }
        assert!(p.outcome().is_none());
        // Move texts are distinct and each reads back as its move (the parser matches the
        // text against the legal list, so distinct texts are what it needs).
        let mut texts = HashSet::new();
        for &m in moves.iter() {
            let t = p.move_text(m);
            let mt: MoveText = t.parse().unwrap();
            assert_eq!(mt.to_string(), t);
            assert!(texts.insert(t), "duplicate move text");
        }
        let m = moves[rng.below(moves.len())];
        assert_eq!(p.parse_move(&p.move_text(m)).unwrap(), m);
        let parent = p;
        let parent_text = p.to_string();
        let mut child = p;
        child.play_unchecked(m);
        // Copy-make: the parent is untouched.
        assert_eq!(parent.to_string(), parent_text);
        assert_eq!(parent.zobrist(), parent.zobrist_from_scratch());
        // Hash and invariants of the child.
        assert_eq!(child.zobrist(), child.zobrist_from_scratch());
        if let Err(e) = child.check_invariants() {
            panic!("{parent_text} + {}: {e}", p.move_text(m));
        }
        let text = child.to_string();
        let back: DimensionChess = text.parse().unwrap();
        assert_eq!(back, child);
        assert_eq!(back.to_string(), text);
        p = child;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), plies in 1usize..50) {
        random_game(seed, plies);
    }
}

/// A few long games as well: transfers and conversions pile up late.
#[test]
fn long_random_games_keep_every_invariant() {
    for seed in 0..12 {
        random_game(seed, 400);
    }
}
