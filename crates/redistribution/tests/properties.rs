//! Property tests over random games and random positions, against the naive reference of
//! `common/mod.rs`.

use std::collections::BTreeMap;

mod common;
use common::{Board, naive_moves};
use dimchess_core::Position as _;
use dimchess_redistribution::{Cell, Color, Component, Piece, Redistribution, Role};
use proptest::prelude::*;

/// Positions games start from: the start, and the worked examples with quadruples.
const SEEDS: &[&str] = &[
    dimchess_redistribution::START_TEXT,
    "4/4/4/3k|4/4/4/4|4/4/4/4|4/4/4/4|4/1S2/4/4|K3/4/4/4 w 0 1",
    "4/4/4/k3|4/4/4/4|4/4/4/4|4/4/2H1/4|4/4/4/4|3K/4/4/4 w 0 1",
    "bhde/avkp/pwsa/mdyb|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|BYHE/AVKP/P1SA/MDYB w 0 1",
    "1y1e/a1kp/pw1a/e1yb|1h2/4/2m1/4|4/1s2/4/4|4/2M1/4/4|1H2/4/4/2S1|B2E/A1KP/P1FA/1DY1 b 7 12",
];

fn fast_moves(p: &Redistribution) -> BTreeMap<String, String> {
    let mut list = <Redistribution as dimchess_core::Position>::MoveList::default();
    p.legal_moves(&mut list);
    let mut out = BTreeMap::new();
    for &m in list.iter() {
        let mut q = p.clone();
        q.play_unchecked(m);
        assert!(
            out.insert(p.move_text(m), q.to_text()).is_none(),
            "duplicate {m}"
        );
    }
    out
}

/// All checks on one position; returns the legal moves.
fn check_position(p: &Redistribution, probes: &[u32]) -> Vec<dimchess_redistribution::Move> {
    p.check_invariants().unwrap();
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    let text = p.to_string();
    let back: Redistribution = text.parse().unwrap();
    assert_eq!(&back, p, "text round trip of {text}");
    assert_eq!(back.zobrist(), p.zobrist());

    let mut list = <Redistribution as dimchess_core::Position>::MoveList::default();
    p.legal_moves(&mut list);
    assert_eq!(p.count_legal_moves(), list.len() as u64, "{text}");
    for &m in list.iter() {
        let t = p.move_text(m);
        assert_eq!(p.parse_move(&t), Ok(m), "{t} in {text}");
        // Copy-make: the child is consistent and the parent untouched.
        let mut child = p.clone();
        child.play_unchecked(m);
        assert_eq!(
            child.zobrist(),
            child.zobrist_from_scratch(),
            "{t} in {text}"
        );
    }
    // Random move texts: accepted exactly when legal.
    for &r in probes {
        let from = Cell::new((r % 96) as usize).unwrap();
        let to = Cell::new((r / 96 % 96) as usize).unwrap();
        let mut t = format!("{from}{to}");
        let k = r / 9216 % 40;
        if k < 36 {
            let c = Component::from_index((k / 6) as usize).unwrap();
            let u = Component::from_index((k % 6) as usize).unwrap();
            t = format!("{t}={}{}", c.letter(), u.letter());
        }
        // Any move, legal or not, played unchecked never panics.
        for m in [
            dimchess_redistribution::Move::whole(from, to),
            dimchess_redistribution::Move::split(
                from,
                to,
                Component::from_index((r % 6) as usize).unwrap(),
                Component::from_index((r / 6 % 6) as usize).unwrap(),
            ),
        ] {
            let mut q = p.clone();
            q.play_unchecked(m);
        }
        let legal = list.iter().any(|&m| p.move_text(m) == t);
        match p.parse_move(&t) {
            Ok(m) => assert!(legal && p.move_text(m) == t, "{t} accepted in {text}"),
            Err(e) => assert!(!legal, "{t} refused in {text}: {e}"),
        }
    }
    match p.outcome() {
        None => assert!(!list.is_empty()),
        Some(_) => assert!(list.is_empty()),
    }
    list.to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// ≥ 1000 random games: copy-make, incremental hash, text round trips, move texts,
    /// invariants, on every position reached.
    #[test]
    fn random_games_keep_every_invariant(
        seed in 0..SEEDS.len(),
        choices in prop::collection::vec(any::<u32>(), 1..16),
    ) {
        let mut p: Redistribution = SEEDS[seed].parse().unwrap();
        for (ply, &c) in choices.iter().enumerate() {
            let probes = [c.rotate_left(7), c.rotate_left(19)];
            let moves = check_position(&p, &probes);
            if moves.is_empty() {
                break;
            }
            let m = moves[c as usize % moves.len()];
            let before = p.clone();
            let mut child = p.clone();
            child.play_unchecked(m);
            prop_assert_eq!(&p, &before);
            // Every 8th ply, compare with the naive reference.
            if ply % 8 == 0 {
                prop_assert_eq!(fast_moves(&p), naive_moves(&p));
            }
            p = child;
        }
    }
}

fn random_position(
    pieces: &[(usize, usize)],
    kings: (usize, usize),
    black: bool,
) -> Option<Redistribution> {
    let mut b: Board = [None; 96];
    for &(cell, code) in pieces {
        let role = Role::all().nth(1 + code % 18).unwrap();
        let color = if code / 18 % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        b[cell] = Some(Piece::new(color, role));
    }
    b[kings.0] = Some(Piece::new(Color::White, Role::EMPEROR));
    b[kings.1] = Some(Piece::new(Color::Black, Role::EMPEROR));
    let turn = if black { Color::Black } else { Color::White };
    Redistribution::from_parts(&b, turn, 3, 9).ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Random set-up positions (any pieces anywhere, RD-18): the generator, the counter and
    /// play agree with the naive reference, double checks included.
    #[test]
    fn random_positions_match_the_reference(
        pieces in prop::collection::vec((0usize..96, 0usize..36), 0..40),
        kings in (0usize..96, 0usize..96),
        black in any::<bool>(),
        probes in prop::collection::vec(any::<u32>(), 4),
    ) {
        if let Some(p) = random_position(&pieces, kings, black) {
            check_position(&p, &probes);
            prop_assert_eq!(fast_moves(&p), naive_moves(&p));
        }
    }
}
