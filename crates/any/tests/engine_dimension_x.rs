//! The Dimension X search over the action tree (`ActionEngine<PartialTurn>`): a King capture
//! is always found at depth 1 (DX-7), every answer is a legal turn in canonical text, a stop or
//! a deadline is answered at once, and it searches deeper than one turn.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use dimchess_core::Outcome;
use dimchess_core::zobrist::SplitMix64;
use dimchess_dimension_x::{DxPosition, Position};
use dimchess_engine::{ActionEngine, Limits, Options, Score};

fn pos(text: &str) -> DxPosition {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn engine() -> ActionEngine<dimchess_dimension_x::PartialTurn> {
    ActionEngine::new(&Options {
        hash_mb: 1,
        ..Options::default()
    })
}

/// Positions reached by random turns from the start (a few per game, every `every` turns).
fn random_positions(seed: u64, games: usize, turns: usize, every: usize) -> Vec<DxPosition> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = DxPosition::start();
        for t in 0..turns {
            if p.outcome().is_some() {
                break;
            }
            if t % every == every - 1 {
                out.push(p.clone());
            }
            let turns = p.legal_turns();
            p = p.after(&turns[rng.below(turns.len())]);
        }
    }
    out
}

/// Whether `turn` removes the enemy King in `p`.
fn wins(p: &DxPosition, turn: dimchess_dimension_x::Turn) -> bool {
    let me = p.turn();
    let mut q = p.clone();
    q.play(turn).unwrap();
    matches!(q.outcome(), Some(Outcome::Win { winner, .. }) if winner == me)
}

/// DX-7: whenever the side to move can remove the enemy King, the search does, at depth 1:
/// by a FIDE capture, a strike, a pinch of a webbed King, and after actions that open the way
/// (a dive that unblocks a file, a strike on the Spider that webs the Rook).
#[test]
fn a_king_capture_is_found_at_depth_1() {
    let mut positions: Vec<DxPosition> = [
        // The Rook takes the King.
        "4k3/8/8/8/8/8/8/K3R3|8/8/8/8/8/8/8/8 w - - 0 1",
        // The Cobra on d6 strikes the King on e7 (DX-22).
        "8/4k3/3S4/8/8/8/8/K7|8/8/8/8/8/8/8/8 w - - 0 1",
        // Black's Crab pinches the White King, webbed by Black's Spider: removed (DX-19).
        "8/8/8/8/8/3ca3/4K3/k7|8/8/8/8/8/8/8/8 b - - 0 1",
        // The Cobra dives off e4 (two actions: the dive, then the Rook).
        "4k3/8/8/8/4S3/8/8/K3R3|8/8/8/8/8/8/8/8 w - - 0 1",
        // The Cobra strikes the Spider that webs the Rook, then the Rook takes the King.
        "4k3/8/8/8/3S4/8/3a4/K3R3|8/8/8/8/8/8/8/8 w - - 0 1",
    ]
    .iter()
    .map(|t| pos(t))
    .collect();
    let fixed = positions.len();
    // And positions of random games where a King capture exists.
    for p in random_positions(5, 4, 40, 1) {
        // The walk that stops at the first King capture agrees with the full list.
        assert_eq!(
            p.king_capture().is_some(),
            !p.king_captures().is_empty(),
            "{p}"
        );
        if p.king_capture().is_some() {
            positions.push(p);
        }
    }
    assert!(
        positions.len() > fixed,
        "no random position with a King capture"
    );
    let stop = AtomicBool::new(false);
    for p in &positions {
        assert!(!p.king_captures().is_empty(), "{p}");
        let r = engine()
            .search(p, &[], &Limits::depth(1), &stop, |_| {})
            .unwrap();
        assert!(wins(p, r.best), "{p}: {}", r.best);
        assert_eq!(r.score, Score::Win(1), "{p}");
        // Also when stopped before it begins.
        let r = engine()
            .search(p, &[], &Limits::depth(8), &AtomicBool::new(true), |_| {})
            .unwrap();
        assert!(wins(p, r.best), "{p}: {}", r.best);
    }
}

/// The answer is a legal turn in canonical text, from random positions and at several
/// limits, and a finished game is an error.
#[test]
fn bestmove_is_legal_in_random_positions() {
    let stop = AtomicBool::new(false);
    let mut e = engine();
    for (i, p) in random_positions(9, 3, 30, 3).iter().enumerate() {
        let limits = match i % 3 {
            0 => Limits::depth(1 + i as u32 % 4),
            1 => Limits::nodes(3_000),
            _ => Limits::movetime_ms(30),
        };
        let r = e.search(p, &[], &limits, &stop, |_| {}).unwrap();
        assert!(p.is_legal(r.best), "{p}: {}", r.best);
        assert_eq!(p.parse_move(&r.best.to_string()).unwrap(), r.best, "{p}");
        assert_eq!(r.pv.first(), Some(&r.best), "{p}");
        // The principal variation is a sequence of legal turns.
        let mut q = p.clone();
        for &t in &r.pv {
            assert!(q.is_legal(t), "{p}: pv {t}");
            q.play_unchecked(t);
        }
    }
    let over = pos("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1");
    assert!(
        e.search(&over, &[], &Limits::depth(2), &stop, |_| {})
            .is_err()
    );
}

/// A stop flag set from another thread is answered within 50 ms, and a movetime is kept
/// (within 50 ms), with a legal turn; also when the table already holds the position (a
/// second search of it must still answer its own principal variation, not a stored score).
#[test]
fn search_stops_on_time() {
    let p = DxPosition::start();
    let stop = AtomicBool::new(false);
    let mut e = engine();
    let (r, returned, set_at) = thread::scope(|s| {
        let setter = s.spawn(|| {
            thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        });
        let r = e
            .search(&p, &[], &Limits::default(), &stop, |_| {})
            .unwrap();
        (r, Instant::now(), setter.join().unwrap())
    });
    let latency = returned.saturating_duration_since(set_at);
    assert!(latency < Duration::from_millis(50), "{latency:?}");
    assert!(p.is_legal(r.best));
    let first = r.best;
    let stop = AtomicBool::new(false);
    for ms in [20, 100] {
        let t0 = Instant::now();
        let r = e
            .search(&p, &[], &Limits::movetime_ms(ms), &stop, |_| {})
            .unwrap();
        let took = t0.elapsed();
        assert!(took < Duration::from_millis(ms + 50), "{ms} ms: {took:?}");
        assert!(p.is_legal(r.best));
        assert!(r.nodes > 100, "{ms} ms: {} nodes", r.nodes);
    }
    // From a table the timed searches filled (its content depends on the timing), a fixed
    // depth still completes and answers its own principal variation of legal turns.
    let a = e.search(&p, &[], &Limits::depth(4), &stop, |_| {}).unwrap();
    assert_eq!(a.depth, 4, "after {first}");
    assert_eq!(a.pv.first(), Some(&a.best), "after {first}");
    let mut q = p.clone();
    for &t in &a.pv {
        assert!(q.is_legal(t), "after {first}: pv {t}");
        q.play_unchecked(t);
    }
    // The same depth again from the table its own first search filled (no timing involved)
    // gives the same answer and score as that first search from an empty table.
    let mut fresh = engine();
    let b = fresh
        .search(&p, &[], &Limits::depth(4), &stop, |_| {})
        .unwrap();
    let c = fresh
        .search(&p, &[], &Limits::depth(4), &stop, |_| {})
        .unwrap();
    assert_eq!((c.best, c.score), (b.best, b.score));
}

/// More than one turn deep: the turn-level search completed depth 1 (one turn, up to four
/// actions) at 100 ms; the action-level search reaches more actions than a turn has, so it
/// sees replies. (Depths count actions; loose bound, for a loaded machine and a test build.)
#[test]
fn deeper_than_one_turn() {
    let p = DxPosition::start();
    let stop = AtomicBool::new(false);
    let r = engine()
        .search(&p, &[], &Limits::movetime_ms(1_000), &stop, |_| {})
        .unwrap();
    assert!(r.depth >= 3, "depth {}", r.depth);
    // A fixed depth of five actions: one whole turn and the first action of the reply.
    let r = engine()
        .search(&p, &[], &Limits::depth(5), &stop, |_| {})
        .unwrap();
    assert_eq!(r.depth, 5);
    assert!(p.is_legal(r.best));
}

/// A turn that leaves the Queen to be taken is not chosen when a safe one exists: the reply's
/// capture is seen at the horizon.
#[test]
fn a_hanging_queen_is_seen() {
    use dimchess_dimension_x::{Color, Role};
    let has_queen =
        |q: &DxPosition| (0..64).any(|sq| q.fide_piece(sq) == Some((Color::White, Role::Queen)));
    // White's Queen on d4 is attacked by the Black Knight on c6; it can move away.
    let p = pos("4k3/8/2n5/8/3Q4/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1");
    let stop = AtomicBool::new(false);
    for depth in [1, 2, 4] {
        let r = engine()
            .search(&p, &[], &Limits::depth(depth), &stop, |_| {})
            .unwrap();
        let after = p.after(&r.best);
        for reply in after.legal_turns() {
            assert!(
                has_queen(&after.after(&reply)),
                "depth {depth}: {} then {reply}",
                r.best
            );
        }
    }
}
