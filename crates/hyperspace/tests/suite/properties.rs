//! Property tests over random games (1,000 in the default run: 500 per variant): copy-make
//! leaves the old position untouched, the incremental hash equals the hash from scratch, the
//! position text round-trips (and re-validates, so every invariant of §4 holds), every move text
//! parses back to the same move, and the counting and listing generators agree (the listing
//! on the x86-64-v3 code path too, where the CPU has it).

use dimchess_core::cpu::{self, Cpu};
use dimchess_core::zobrist::SplitMix64;
use dimchess_core::{Position, perft::perft};
use dimchess_fide::{Color, Role};
use dimchess_hyperspace::{Hyperspace, HyperspaceOptional, HyperspacePosition};
use proptest::prelude::*;

fn invariants<const O: bool>(p: &HyperspacePosition<O>) {
    let text = p.to_string();
    let again: HyperspacePosition<O> = text
        .parse()
        .unwrap_or_else(|e| panic!("printed text must parse: {text}: {e}"));
    assert_eq!(&again, p, "{text}");
    assert_eq!(again.to_string(), text);
    assert_eq!(again.zobrist(), p.zobrist());
    assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{text}");
    for c in Color::ALL {
        let kings = p.board().pieces(c, Role::King).count() as usize
            + p.flight()
                .iter()
                .filter(|e| e.piece.color == c && e.piece.role == Role::King)
                .count();
        assert!(kings <= 1, "{text}");
    }
    assert!(
        p.board().occupied().count() as usize + p.flight().len() <= 32,
        "{text}"
    );
    if !O {
        assert_eq!(p.ep_square(), None);
    }
    // HS-16: the side that just moved is never left in check while both kings live.
    if p.has_king(Color::White) && p.has_king(Color::Black) {
        assert!(!p.is_in_check(p.side_to_move().other()), "{text}");
    }
}

fn random_game<const O: bool>(seed: u64, plies: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut p = HyperspacePosition::<O>::start();
    for _ in 0..plies {
        invariants(&p);
        // Pieces only leave the game (promotion replaces a pawn).
        assert!(
            p.board().occupied().count() as usize + p.flight().len() <= 32,
            "{p}"
        );
        let moves = p.moves();
        assert_eq!(p.count_legal_moves(), moves.len() as u64);
        // A search's listing on the x86-64-v3 path (where the CPU has it) is the same list.
        if let Some(v3) = cpu::detected() {
            let mut listed = Default::default();
            v3.run(|| p.legal_moves_on(v3, &mut listed));
            assert_eq!(listed, moves, "{p}");
        }
        if moves.is_empty() {
            assert!(p.outcome().is_some());
            break;
        }
        assert!(p.outcome().is_none());
        // Move texts read back to the same move: the played one and a few others.
        let mv = moves[rng.below(moves.len())];
        for m in [mv, moves[rng.below(moves.len())], moves[0]] {
            let text = p.move_text(m);
            assert_eq!(p.parse_move(&text), Ok(m), "{p} {text}");
            assert_eq!(text.parse(), Ok(m));
        }
        let saved = p.clone();
        let mut child = p.clone();
        child.play_unchecked(mv);
        assert_eq!(p, saved, "copy-make leaves the parent untouched");
        // Playing through the checked path gives the same child.
        let mut checked = p.clone();
        checked.play(mv).unwrap();
        assert_eq!(checked, child);
        p = child;
    }
    invariants(&p);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_games_hyperspace(seed in any::<u64>(), plies in 1usize..48) {
        random_game::<false>(seed, plies);
    }

    #[test]
    fn random_games_hyperspace_optional(seed in any::<u64>(), plies in 1usize..48) {
        random_game::<true>(seed, plies);
    }
}

#[test]
fn an_illegal_move_leaves_the_position_unchanged() {
    let mut p = Hyperspace::start();
    let before = p.clone();
    for bad in ["e2e5^", "g1f3", "e1e2", "a1a2^", "e7e5^", "zz", ""] {
        assert!(p.play_text(bad).is_err(), "{bad}");
        assert_eq!(p, before);
    }
    let mut o = HyperspaceOptional::start();
    assert!(o.play_text("a1a3").is_err());
    assert_eq!(o, HyperspaceOptional::start());
}

#[test]
fn perft_one_counts_the_listed_moves() {
    let p = Hyperspace::start();
    assert_eq!(perft(&p, 1), p.moves().len() as u64);
}

const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    "r3k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R3K2R w KQkq - 0 12 Bd5:1,Nb5:1,Qe6:2,bd4:1,nc4:1,qg3:3",
    "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 -",
    "8/4k3/8/8/8/8/P7/8 w - - 2 2 Rf1:1,Kg1:1",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Mutated position texts never panic the parsers; whatever parses round-trips.
    #[test]
    fn mutated_position_texts(
        which in 0usize..4,
        edits in proptest::collection::vec((any::<usize>(), 0u8..3, proptest::char::range(' ', '~')), 1..4),
    ) {
        let mut chars: Vec<char> = SEEDS[which].chars().collect();
        for (at, op, c) in edits {
            let i = at % (chars.len() + 1);
            match op {
                0 => chars.insert(i, c),
                1 if i < chars.len() => { chars.remove(i); }
                _ if i < chars.len() => chars[i] = c,
                _ => chars.push(c),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = text.parse::<Hyperspace>() {
            invariants(&p);
            let _ = p.outcome();
        }
        if let Ok(p) = text.parse::<HyperspaceOptional>() {
            invariants(&p);
            let _ = p.outcome();
        }
    }

    /// Any short ASCII string as a move text: an error, or a legal move that prints back.
    #[test]
    fn arbitrary_move_texts(text in "[a-i1-9^qrbnk ]{0,7}", which in 0usize..4) {
        let p: HyperspaceOptional = SEEDS[which].parse().unwrap();
        if let Ok(m) = p.parse_move(&text) {
            prop_assert!(p.is_legal(m));
            prop_assert_eq!(p.move_text(m), text.clone());
        }
        let h: Result<Hyperspace, _> = SEEDS[which].parse();
        if let Ok(h) = h && let Ok(m) = h.parse_move(&text) {
            prop_assert_eq!(h.move_text(m), text);
        }
    }
}
