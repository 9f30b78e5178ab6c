//! Property tests over random games (1,000+ in the default run): undo restores the position
//! and hash, the incremental hash equals the hash from scratch, the position text round-trips,
//! every turn text parses back to the same turn, and every position keeps its invariants.
//!
//! Games from the start are played at the action level (a random legal next action until the
//! turn may end), which is cheap even with 19,060 turns per position; games from random sparse
//! positions also check the whole turn list of every position they reach.

use dimchess_core::Position;
use dimchess_core::zobrist::SplitMix64;
use dimchess_dimension_x::{DxPosition, PartialTurn};
use proptest::prelude::*;

/// One random turn composed action by action; `None` if the side to move has no legal turn.
fn random_turn(p: &DxPosition, rng: &mut SplitMix64) -> Option<(String, DxPosition)> {
    let mut t = PartialTurn::new(p);
    loop {
        let next = t.legal_next();
        if t.can_end() && (next.is_empty() || rng.below(3) == 0) {
            let (turn, after) = t.end().ok()?;
            return Some((turn.to_string(), after));
        }
        if next.is_empty() {
            return None;
        }
        t.play(next[rng.below(next.len())]).ok()?;
    }
}

/// Checks made after every turn.
fn check_turn(before: &DxPosition, text: &str, after: &DxPosition) {
    after.check_invariants().unwrap();
    assert_eq!(after.zobrist(), after.zobrist_from_scratch());
    assert_eq!(after.to_string().parse::<DxPosition>().as_ref(), Ok(after));
    // The text as played reads back and gives the same position; play then undo restores.
    let mut q = before.clone();
    let undo = q.clone();
    q.play_text(text)
        .unwrap_or_else(|e| panic!("{before} {text}: {e}"));
    assert_eq!(&q, after, "{before} {text}");
    q = undo;
    assert_eq!(&q, before);
    assert_eq!(q.zobrist(), before.zobrist_from_scratch());
}

fn sparse(rng: &mut SplitMix64) -> Option<DxPosition> {
    let mut fide = ['.'; 64];
    let mut dx = ['.'; 64];
    let central = |s: usize| (1..7).contains(&(s % 8)) && (1..7).contains(&(s / 8));
    let put = |ch: char, b: &mut [char; 64], rng: &mut SplitMix64, zone: bool| {
        let s = rng.below(64);
        let bad_pawn = (ch == 'P' || ch == 'p') && !(8..56).contains(&s);
        if b[s] == '.' && (!zone || central(s)) && !bad_pawn {
            b[s] = ch;
        }
    };
    put('K', &mut fide, rng, false);
    put('k', &mut fide, rng, false);
    for _ in 0..rng.below(8) {
        put(
            ['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'][rng.below(10)],
            &mut fide,
            rng,
            false,
        );
    }
    for ch in ['C', 'S', 'A', 'c', 's', 'a'] {
        match rng.below(3) {
            0 => put(ch, &mut fide, rng, true),
            1 => put(ch, &mut dx, rng, false),
            _ => {}
        }
    }
    let board = |b: &[char; 64]| {
        (0..8)
            .rev()
            .map(|r| {
                let row: String = b[r * 8..r * 8 + 8].iter().collect();
                let mut out = String::new();
                let mut run = 0;
                for ch in row.chars() {
                    if ch == '.' {
                        run += 1;
                    } else {
                        if run > 0 {
                            out += &run.to_string();
                            run = 0;
                        }
                        out.push(ch);
                    }
                }
                if run > 0 {
                    out += &run.to_string();
                }
                out
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    let side = ["w", "b"][rng.below(2)];
    format!("{}|{} {side} - - 0 1", board(&fide), board(&dx))
        .parse()
        .ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 700, ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_the_start(seed in any::<u64>(), len in 1usize..6) {
        let mut rng = SplitMix64::new(seed);
        let mut p = DxPosition::start();
        for _ in 0..len {
            let Some((text, after)) = random_turn(&p, &mut rng) else { break };
            check_turn(&p, &text, &after);
            p = after;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_games_from_sparse_positions(seed in any::<u64>(), len in 1usize..5) {
        let mut rng = SplitMix64::new(seed);
        let Some(mut p) = sparse(&mut rng) else { return Ok(()) };
        for _ in 0..len {
            p.check_invariants().unwrap();
            // Every generated turn's text parses back to that turn, children are distinct.
            let turns = p.legal_turns();
            if turns.len() > 1500 {
                // Keep the debug run short: big turn lists are covered by the start games.
                break;
            }
            let mut kids = std::collections::HashSet::new();
            for &t in &turns {
                prop_assert!(kids.insert(p.after(&t).to_string()));
            }
            for _ in 0..turns.len().min(8) {
                let t = turns[rng.below(turns.len())];
                let text = p.move_text(t);
                prop_assert_eq!(p.parse_move(&text), Ok(t));
            }
            prop_assert_eq!(p.count_legal_moves(), turns.len() as u64);
            prop_assert_eq!(p.outcome().is_some(), turns.is_empty());
            if turns.is_empty() {
                break;
            }
            let t = turns[rng.below(turns.len())];
            let mut q = p.clone();
            let before = q.make(t).unwrap();
            check_turn(&before, &p.move_text(t), &q);
            q.undo(before);
            prop_assert_eq!(&q, &p);
            p.play_unchecked(t);
        }
    }
}

/// `play_unchecked` of a turn that belongs to another position never panics (the position may
/// be nonsense afterwards, as the trait allows).
#[test]
fn foreign_turns_never_panic() {
    let mut rng = SplitMix64::new(5);
    let mut pool = Vec::new();
    for _ in 0..200 {
        if let Some(p) = sparse(&mut rng) {
            pool.extend(p.legal_turns().into_iter().take(20));
        }
    }
    for _ in 0..300 {
        if let Some(mut p) = sparse(&mut rng) {
            for _ in 0..3 {
                p.play_unchecked(pool[rng.below(pool.len())]);
            }
        }
    }
}
