//! The fast turn generator against a brute-force one built on the action level: every legal
//! action sequence, merged by resulting position text (DX-35), keeping the smallest text
//! (DX-34). Random sparse positions put Crabs, Cobras and Spiders on both boards, next to
//! enemies, so that order, webs, pinches and strikes all matter.

use std::collections::BTreeMap;

use dimchess_core::Position;
use dimchess_core::zobrist::SplitMix64;
use dimchess_dimension_x::{DxPosition, PartialTurn};

fn brute(p: &DxPosition) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    fn rec(t: &PartialTurn, out: &mut BTreeMap<String, String>) {
        if t.can_end() {
            let (turn, child) = t.end().unwrap();
            let text = turn.to_string();
            let e = out.entry(child.to_string()).or_insert_with(|| text.clone());
            if text < *e {
                *e = text;
            }
        }
        for x in t.legal_next() {
            let mut n = t.clone();
            n.play(x).unwrap();
            rec(&n, out);
        }
    }
    rec(&PartialTurn::new(p), &mut out);
    out
}

fn fast(p: &DxPosition) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for t in p.legal_turns() {
        let mut q = p.clone();
        q.play_unchecked(t);
        let prev = out.insert(q.to_string(), p.move_text(t));
        assert!(prev.is_none(), "{p}: two turns give {q}");
    }
    out
}

/// A random valid sparse position.
fn random_position(rng: &mut SplitMix64) -> Option<DxPosition> {
    let mut fide = [None::<char>; 64];
    let mut dx = [None::<char>; 64];
    let central = |s: usize| (1..7).contains(&(s % 8)) && (1..7).contains(&(s / 8));
    let place = |ch: char, board: &mut [Option<char>; 64], rng: &mut SplitMix64, zone: bool| {
        for _ in 0..20 {
            let s = rng.below(64);
            if board[s].is_none() && (!zone || central(s)) {
                if (ch == 'P' && s >= 56)
                    || (ch == 'p' && s < 8)
                    || (ch.eq_ignore_ascii_case(&'p') && rng.below(2) == 0 && !(8..56).contains(&s))
                {
                    continue;
                }
                board[s] = Some(ch);
                return;
            }
        }
    };
    place('K', &mut fide, rng, false);
    place('k', &mut fide, rng, false);
    for _ in 0..rng.below(6) {
        let ch = ['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'][rng.below(10)];
        place(ch, &mut fide, rng, false);
    }
    for ch in ['C', 'S', 'A', 'c', 's', 'a'] {
        match rng.below(3) {
            0 => place(ch, &mut fide, rng, true),
            1 => place(ch, &mut dx, rng, false),
            _ => {}
        }
    }
    let board = |b: &[Option<char>; 64]| {
        (0..8)
            .rev()
            .map(|r| {
                let mut s = String::new();
                let mut run = 0;
                for f in 0..8 {
                    match b[r * 8 + f] {
                        None => run += 1,
                        Some(c) => {
                            if run > 0 {
                                s.push_str(&run.to_string());
                                run = 0;
                            }
                            s.push(c);
                        }
                    }
                }
                if run > 0 {
                    s.push_str(&run.to_string());
                }
                s
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    format!("{}|{} {side} - - 0 1", board(&fide), board(&dx))
        .parse()
        .ok()
}

#[test]
fn fast_generator_matches_brute_force_on_random_sparse_positions() {
    sparse_positions(7, 50);
}

/// 3,000 more positions (release).
#[test]
#[ignore]
fn fast_generator_matches_brute_force_on_many_random_sparse_positions() {
    sparse_positions(8, 3000);
}

fn sparse_positions(seed: u64, n: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut checked = 0;
    let mut turns = 0;
    while checked < n {
        let Some(p) = random_position(&mut rng) else {
            continue;
        };
        let b = brute(&p);
        let f = fast(&p);
        assert_eq!(f, b, "{p}");
        assert_eq!(p.count_legal_moves(), b.len() as u64, "{p}");
        turns += b.len();
        checked += 1;
    }
    assert!(turns > 3 * n);
}

/// Slow in debug: `cargo test --release -p dimchess-dimension-x --test reference -- --ignored`.
#[test]
#[ignore]
fn fast_generator_matches_brute_force_after_random_opening_turns() {
    let mut rng = SplitMix64::new(11);
    for _ in 0..2 {
        let mut p = DxPosition::start();
        for _ in 0..3 {
            let ts = p.legal_turns();
            if ts.is_empty() {
                break;
            }
            p.play_unchecked(ts[rng.below(ts.len())]);
        }
        assert_eq!(fast(&p), brute(&p), "{p}");
    }
}

#[test]
fn fast_generator_matches_brute_force_on_pinned_positions() {
    for text in [
        "4k2r/6S1/2r5/3C4/B7/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1",
        "r3k2r/4b3/3C4/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w kq - 0 20",
        "6k1/8/3Cr3/5A2/8/8/8/2K5|8/8/8/8/8/8/8/8 w - - 5 40",
        "6k1/6r1/8/4A3/8/2B5/8/6K1|8/8/8/8/8/8/8/8 w - - 7 33",
        "4k3/8/8/8/4p3/8/3P4/4K3|8/8/8/8/8/3S4/8/8 w - - 0 21",
        "4k3/3A1C2/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 3 25",
    ] {
        let p: DxPosition = text.parse().unwrap();
        assert_eq!(fast(&p), brute(&p), "{text}");
    }
}
