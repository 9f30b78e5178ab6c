//! Both searches on Take-away ([`dimchess_core::toy`]), whose value is known: the player to
//! move loses exactly when the counters left are a multiple of four. The variants' tests of
//! the engine are in the root package (`tests/engine_*.rs`).

use std::sync::atomic::AtomicBool;

use dimchess_core::toy::{Take, TakeAway, Taking};
use dimchess_core::{Error, Position};

use crate::{ActionEngine, Engine, Limits, Options, Score, SearchResult};

/// The value of Take-away with `total` counters left, for the player to move, in own turns:
/// a win takes `total % 4` and then four a round; a loss lasts a round per four counters.
fn value(total: u8) -> Score {
    if total.is_multiple_of(4) {
        Score::Loss(u32::from(total / 4))
    } else {
        Score::Win(u32::from(total / 4 + 1))
    }
}

fn positions() -> impl Iterator<Item = TakeAway> {
    (0..6u8).flat_map(|a| (0..6u8).map(move |b| TakeAway::new(a, b)))
}

fn check(pos: &TakeAway, r: &SearchResult<Take>) {
    let total = pos.piles()[0] + pos.piles()[1];
    assert!(pos.is_legal(r.best), "{pos}: {:?}", r.best);
    assert_eq!(r.score, value(total), "{pos}");
    if !total.is_multiple_of(4) {
        // The winning turn leaves a multiple of four.
        assert_eq!(r.best.0[0] + r.best.0[1], total % 4, "{pos}");
    }
    assert_eq!(r.pv.first(), Some(&r.best), "{pos}");
}

/// Searched deep enough, both engines find the value of every position and a move that
/// keeps it; a position searched again with the same table gives the same answer.
#[test]
fn both_searches_solve_take_away() {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(&Options::default());
    let mut actions = ActionEngine::<Taking>::new(&Options::default());
    for pos in positions().filter(|p| p.outcome().is_none()) {
        let total = u32::from(pos.piles()[0] + pos.piles()[1]);
        // A ply is a turn: the game lasts at most `total` turns.
        let r = engine
            .search(&pos, &[], &Limits::depth(total + 1), &stop, |_| {})
            .unwrap();
        check(&pos, &r);
        // An action takes one counter: the game lasts `total` actions.
        for _ in 0..2 {
            let r = actions
                .search(&pos, &[], &Limits::depth(total + 1), &stop, |_| {})
                .unwrap();
            check(&pos, &r);
        }
    }
}

/// Every line of MultiPV is a different legal move, best first, each with its own score.
#[test]
fn multipv_reports_distinct_moves_best_first() {
    let pos = TakeAway::new(3, 2);
    let mut engine = Engine::new(&Options::default());
    let mut lines: Vec<(u32, usize, Score, Take)> = Vec::new();
    let limits = Limits {
        multipv: 3,
        ..Limits::depth(4)
    };
    let stop = AtomicBool::new(false);
    let r = engine
        .search(&pos, &[], &limits, &stop, |i| {
            lines.push((i.depth, i.multipv, i.score, i.pv[0]))
        })
        .unwrap();
    let last: Vec<_> = lines.iter().filter(|l| l.0 == r.depth).collect();
    assert_eq!(last.len(), 3);
    assert_eq!(last[0].3, r.best);
    assert_eq!(last[0].2, Score::Win(2));
    assert!(last[1].3 != last[0].3 && last[2].3 != last[1].3 && last[2].3 != last[0].3);
    // The moves that leave four win (one from either pile); the others lose.
    for l in &last {
        let taken = l.3.0[0] + l.3.0[1];
        assert_eq!(
            l.2,
            if taken == 1 {
                Score::Win(2)
            } else {
                Score::Loss(1)
            }
        );
    }
    // Restricted to the other moves, the search gives the best of them.
    let among = [last[1].3, last[2].3];
    let r = engine
        .search_among(&pos, &[], &Limits::depth(4), &among, &stop, |_| {})
        .unwrap();
    assert!(among.contains(&r.best));
}

/// A search stopped at its first node still answers a legal move (no iteration completed);
/// the stop flag is seen within a few dozen nodes; a finished game is an error, not a move.
#[test]
fn stopped_and_finished_searches() {
    let pos = TakeAway::new(4, 5);
    let go = AtomicBool::new(false);
    let r = Engine::new(&Options::default())
        .search(&pos, &[], &Limits::nodes(1), &go, |_| {})
        .unwrap();
    assert!(pos.is_legal(r.best) && r.depth == 0);
    let r = ActionEngine::<Taking>::new(&Options::default())
        .search(&pos, &[], &Limits::nodes(1), &go, |_| {})
        .unwrap();
    assert!(pos.is_legal(r.best) && r.depth == 0);
    let stopped = AtomicBool::new(true);
    let r = ActionEngine::<Taking>::new(&Options::default())
        .search(&pos, &[], &Limits::default(), &stopped, |_| {})
        .unwrap();
    assert!(pos.is_legal(r.best) && r.nodes <= 64, "{} nodes", r.nodes);
    let r = Engine::new(&Options::default())
        .search(&pos, &[], &Limits::default(), &stopped, |_| {})
        .unwrap();
    assert!(pos.is_legal(r.best) && r.nodes <= 64, "{} nodes", r.nodes);
    let over = TakeAway::new(0, 0);
    let e = Engine::new(&Options::default()).search(&over, &[], &Limits::depth(2), &go, |_| {});
    assert!(matches!(e, Err(Error::GameOver(_))));
    let e = ActionEngine::<Taking>::new(&Options::default()).search(
        &over,
        &[],
        &Limits::depth(2),
        &go,
        |_| {},
    );
    assert!(matches!(e, Err(Error::GameOver(_))));
}

/// With helper threads sharing the table (Lazy SMP), both searches still find the value of
/// every position, searched again, and again after `new_game`.
#[test]
fn threads_solve_take_away() {
    let stop = AtomicBool::new(false);
    let options = Options {
        threads: 3,
        ..Options::default()
    };
    let mut engine = Engine::new(&options);
    let mut actions = ActionEngine::<Taking>::new(&options);
    for round in 0..2 {
        for pos in positions().filter(|p| p.outcome().is_none()) {
            let total = u32::from(pos.piles()[0] + pos.piles()[1]);
            for _ in 0..2 {
                let limits = Limits::depth(total + 1);
                check(
                    &pos,
                    &engine.search(&pos, &[], &limits, &stop, |_| {}).unwrap(),
                );
                check(
                    &pos,
                    &actions.search(&pos, &[], &limits, &stop, |_| {}).unwrap(),
                );
            }
        }
        if round == 0 {
            engine.new_game();
            actions.new_game();
        }
    }
    // A position whose game is over is refused by every thread alike.
    let over = TakeAway::new(0, 0);
    assert!(matches!(
        engine.search(&over, &[], &Limits::depth(2), &stop, |_| {}),
        Err(Error::GameOver(_))
    ));
}
