//! Property tests over random games: copy-make leaves the parent untouched, the incremental
//! hash equals the hash from scratch, FEN and UCI texts round-trip, every legal move is legal
//! by the parser too, the legal list agrees with a play-and-test reference, the noisy
//! list is the legal list's captures and promotions, and the evaluation and move lists on
//! the x86-64-v3 code path (where the CPU has it) equal the portable ones.

use dimchess_core::zobrist::SplitMix64;
use dimchess_core::{Evaluate, Position};
use dimchess_fide::{Chess, Color, Moves, Role};
use proptest::prelude::*;

/// The reference legality test: play the move and see whether the mover's king is attacked.
fn leaves_king_safe(pos: &Chess, mv: dimchess_fide::Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(mv);
    let us = pos.side_to_move();
    let k = child.board().king_of(us).unwrap();
    !child
        .board()
        .is_attacked(k, us.other(), child.board().occupied())
}

/// The evaluation and the move lists a search calls on the code path the CPU allows
/// ([`dimchess_core::cpu`]) give what the portable calls give.
fn check_code_paths(pos: &Chess, moves: &Moves, noisy: &Moves) {
    use dimchess_core::cpu::{self, Cpu, Portable};
    let strengths = [pos.strength(0), pos.strength(1)];
    assert_eq!(
        [pos.strength_on(Portable, 0), pos.strength_on(Portable, 1)],
        strengths,
        "{pos}"
    );
    if let Some(v3) = cpu::detected() {
        let on = v3.run(|| [pos.strength_on(v3, 0), pos.strength_on(v3, 1)]);
        assert_eq!(on, strengths, "{pos}: x86-64-v3 path");
        let (mut legal, mut captures) = (Moves::new(), Moves::new());
        let any = v3.run(|| {
            pos.legal_moves_on(v3, &mut legal);
            pos.noisy_moves_on(v3, &mut captures)
        });
        assert_eq!(&legal, moves, "{pos}: x86-64-v3 path");
        assert_eq!(&captures, noisy, "{pos}: x86-64-v3 path");
        assert_eq!(any, !moves.is_empty(), "{pos}: x86-64-v3 path");
    }
}

fn check_position(pos: &Chess, exhaustive: bool) {
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "{pos}");
    let again: Chess = pos.fen().parse().unwrap();
    assert_eq!(&again, pos);
    let moves = pos.moves();
    assert_eq!(moves.len() as u64, pos.count_legal_moves());
    let mut noisy = Moves::new();
    let any = pos.noisy_moves(&mut noisy);
    assert_eq!(any, !moves.is_empty(), "{pos}");
    let captures: Vec<_> = moves
        .iter()
        .filter(|&&m| pos.capture(m).is_some())
        .collect();
    assert_eq!(noisy.iter().collect::<Vec<_>>(), captures, "{pos}");
    check_code_paths(pos, &moves, &noisy);
    for &m in &moves {
        assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m), "{pos} {m}");
        assert!(
            leaves_king_safe(pos, m),
            "{pos}: {m} leaves the king in check"
        );
    }
    if !exhaustive {
        return;
    }
    // Every from/to text the parser accepts is in the list (checked on some positions only:
    // it is 8,192 parses).
    let us = pos.side_to_move();
    for from in pos.board().by_color(us) {
        let from = dimchess_fide::Square::from_index(from);
        for to in dimchess_fide::Square::all() {
            for suffix in ["", "q"] {
                let text = format!("{from}{to}{suffix}");
                if let Ok(m) = pos.parse_move(&text) {
                    assert!(moves.contains(&m));
                }
            }
        }
    }
}

fn check_invariants(pos: &Chess) {
    assert!(pos.board().king_of(Color::White).is_some());
    assert!(pos.board().king_of(Color::Black).is_some());
    let pawns = pos.board().by_role(Role::Pawn).bits();
    assert_eq!(pawns & 0xff000000000000ff, 0);
}

fn random_game(seed: u64, plies: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Chess::default();
    for ply in 0..plies {
        check_invariants(&pos);
        check_position(&pos, seed.is_multiple_of(16) && ply.is_multiple_of(8));
        let mut moves = Moves::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let m = moves[rng.below(moves.len())];
        let before = pos.clone();
        let mut child = pos.clone();
        child.play_unchecked(m);
        assert_eq!(pos, before, "copy-make must leave the parent untouched");
        // Hash must change with the side to move.
        assert_ne!(child.zobrist(), pos.zobrist());
        pos = child;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn random_games_keep_invariants(seed in any::<u64>()) {
        random_game(seed, 40);
    }
}
