//! The search on orthodox chess and the three-level games: wins by distance, limits, the stop
//! flag, finished games, the clock draw under the table, repetitions.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dimchess_core::{Error, Outcome, Position};
use dimchess_engine::{Algorithm, Engine, Limits, Options, Score};
use dimchess_fide::Chess;
use dimchess_three_level::{ThreeLevel, ThreeLevelCheckmatePromotion, ThreeLevelXiangqi};

fn fen(text: &str) -> Chess {
    Chess::from_fen(text).unwrap()
}

fn search(pos: &Chess, limits: Limits) -> dimchess_engine::SearchResult<dimchess_fide::Move> {
    let mut engine = Engine::new(&Options::default());
    engine
        .search(pos, &[], &limits, &AtomicBool::new(false), |_| {})
        .unwrap()
}

/// Whether the side to move can checkmate at once (brute force, no search).
fn has_mate_in_one(pos: &Chess) -> bool {
    let me = pos.turn();
    pos.moves().iter().any(|&m| {
        let mut c = pos.clone();
        c.play_unchecked(m);
        matches!(c.outcome(), Some(Outcome::Win { winner, .. }) if winner == me)
    })
}

#[test]
fn mate_in_one_is_found_and_scored() {
    // Scholar's mate: Qh5xf7.
    let pos = fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let r = search(&pos, Limits::depth(4));
    assert_eq!(pos.move_text(r.best), "h5f7");
    assert_eq!(r.score, Score::Win(1));
    let mut after = pos.clone();
    after.play_unchecked(r.best);
    assert_eq!(after.outcome().and_then(|o| o.winner()), Some(0));
}

#[test]
fn mate_in_two_is_found_and_checked_by_brute_force() {
    // 1. Nf6+ gxf6 2. Bxf7#.
    let pos = fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    let r = search(&pos, Limits::depth(5));
    assert_eq!(r.score, Score::Win(2), "pv {:?}", r.pv);
    // Every reply to the chosen move allows a mate in one.
    let mut after = pos.clone();
    after.play_unchecked(r.best);
    assert!(after.outcome().is_none());
    for &reply in after.moves().iter() {
        let mut p = after.clone();
        p.play_unchecked(reply);
        assert!(
            has_mate_in_one(&p),
            "no mate after {}",
            after.move_text(reply)
        );
    }
    // The side that is mated sees its loss.
    let d = search(&after, Limits::depth(4));
    assert_eq!(d.score, Score::Loss(1));
}

#[test]
fn a_finished_game_is_an_error_not_a_move() {
    // Fool's mate: White is checkmated.
    let pos = fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let mut engine: Engine<Chess> = Engine::new(&Options::default());
    let e = engine
        .search(
            &pos,
            &[],
            &Limits::depth(3),
            &AtomicBool::new(false),
            |_| {},
        )
        .unwrap_err();
    assert!(matches!(e, Error::GameOver(_)));
    assert!(e.to_string().starts_with("game over: 0-1"), "{e}");
}

#[test]
fn depth_and_node_limits_hold_and_iterations_are_reported() {
    let pos = Chess::start();
    let mut depths = Vec::new();
    let mut engine = Engine::new(&Options::default());
    let r = engine
        .search(&pos, &[], &Limits::depth(4), &AtomicBool::new(false), |i| {
            depths.push(i.depth);
            assert!(!i.pv.is_empty());
        })
        .unwrap();
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(r.depth, 4);
    assert_eq!(r.pv[0], r.best);
    assert!(pos.is_legal(r.best));
    let r = search(&pos, Limits::nodes(5_000));
    // The node limit is checked at every node.
    assert!(r.nodes <= 5_000, "{} nodes", r.nodes);
    assert!(pos.is_legal(r.best));
}

/// How long after the stop flag is set (from another thread, 150 ms into an unlimited
/// search) the search returns; its move must be legal.
fn stop_latency<P: dimchess_core::Evaluate + 'static>(pos: P) -> Duration {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(150));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let mut engine: Engine<P> = Engine::new(&Options::default());
    let r = engine
        .search(&pos, &[], &Limits::default(), &stop, |_| {})
        .unwrap();
    let returned = Instant::now();
    let set_at = setter.join().unwrap();
    assert!(pos.is_legal(r.best));
    returned.saturating_duration_since(set_at)
}

#[test]
fn stop_is_answered_within_50_ms() {
    let fide = stop_latency(Chess::start());
    assert!(fide < Duration::from_millis(50), "fide: {fide:?}");
    let tl = stop_latency(ThreeLevel::default());
    assert!(tl < Duration::from_millis(50), "three-level: {tl:?}");
}

#[test]
fn movetime_is_kept() {
    let pos = Chess::start();
    let t = Instant::now();
    let r = search(&pos, Limits::movetime_ms(100));
    let took = t.elapsed();
    assert!(took < Duration::from_millis(150), "{took:?}");
    assert!(r.depth >= 1);
}

#[test]
fn a_stored_score_never_hides_the_clock_draw() {
    // King and queen against king, no mate in one and nothing to capture. With the clock at
    // 0 White is winning; at 99 every move reaches the fifty-move draw.
    let won = fen("8/8/8/1k6/8/8/8/K6Q w - - 0 1");
    let drawn = fen("8/8/8/1k6/8/8/8/K6Q w - - 99 1");
    let mut engine = Engine::new(&Options::default());
    let stop = AtomicBool::new(false);
    let a = engine
        .search(&won, &[], &Limits::depth(5), &stop, |_| {})
        .unwrap();
    assert!(matches!(a.score, Score::Cp(v) if v > 500), "{:?}", a.score);
    // Same engine, same table: the placements below are stored with winning scores.
    let b = engine
        .search(&drawn, &[], &Limits::depth(5), &stop, |_| {})
        .unwrap();
    assert_eq!(b.score, Score::Cp(0));
}

#[test]
fn a_repetition_in_the_game_is_a_draw_the_losing_side_takes() {
    // White is a queen down; the position after Ng1-f3 occurred earlier in the game.
    let pos = fen("q5k1/8/8/8/8/8/5PPP/6NK w - - 0 1");
    let mut after = pos.clone();
    after.play_text("g1f3").unwrap();
    let mut engine = Engine::new(&Options::default());
    let stop = AtomicBool::new(false);
    let r = engine
        .search(&pos, &[after.zobrist()], &Limits::depth(4), &stop, |_| {})
        .unwrap();
    assert_eq!(pos.move_text(r.best), "g1f3");
    assert_eq!(r.score, Score::Cp(0));
    // Without the history the same move is no draw.
    let r = search(&pos, Limits::depth(4));
    assert!(matches!(r.score, Score::Cp(v) if v < -200), "{:?}", r.score);
}

/// The four-player algorithms.
const ALGORITHMS: [Algorithm; 3] = [Algorithm::BrsPlus, Algorithm::Paranoid, Algorithm::MaxN];

#[test]
fn four_players_every_algorithm_plays_legal_moves() {
    for algorithm in ALGORITHMS {
        let options = Options {
            algorithm,
            ..Options::default()
        };
        plays_legal_moves(ThreeLevel::default(), &options);
        plays_legal_moves(ThreeLevelXiangqi::default(), &options);
        plays_legal_moves(ThreeLevelCheckmatePromotion::default(), &options);
    }
}

#[test]
fn four_players_every_algorithm_takes_a_promotion_win() {
    // Red wins at once by promoting its pawn on the last rank (TL-11; rulebook example M7).
    let pos: ThreeLevel = "yK,7/8/8/8/8/8/8/8|6,rP,1/8/8/8/8/8/8/rK,7|8/8/8/8/8/8/rN,rN,rN,rN,rQ,rQ,2/rR,rR,rR,rR,rB,rB,rB,rB r bg - 11 60"
        .parse()
        .unwrap();
    for algorithm in ALGORITHMS {
        let options = Options {
            algorithm,
            ..Options::default()
        };
        for depth in [1, 3] {
            let r = Engine::new(&options)
                .search(
                    &pos,
                    &[],
                    &Limits::depth(depth),
                    &AtomicBool::new(false),
                    |_| {},
                )
                .unwrap();
            assert_eq!(
                pos.move_text(r.best),
                "2g82h8",
                "{algorithm:?} depth {depth}"
            );
            assert_eq!(r.score, Score::Win(1), "{algorithm:?} depth {depth}");
        }
    }
}

/// Eight moves of the engine from `pos`, each legal.
fn plays_legal_moves<P: dimchess_core::Evaluate>(mut pos: P, options: &Options) {
    let mut engine = Engine::new(options);
    let stop = AtomicBool::new(false);
    for _ in 0..8 {
        let r = engine
            .search(&pos, &[], &Limits::depth(2), &stop, |_| {})
            .unwrap();
        assert!(pos.is_legal(r.best), "{:?} {pos}", options.algorithm);
        assert_eq!(r.depth, 2);
        pos.play_unchecked(r.best);
    }
}

/// A score as a number that orders as the scores do (wins above every centipawn score).
fn rank(s: Score) -> i64 {
    match s {
        Score::Cp(v) => i64::from(v),
        Score::Win(n) => 1_000_000 - i64::from(n),
        Score::Loss(n) => -1_000_000 + i64::from(n),
    }
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let pos = Chess::default();
    let mut engine = Engine::new(&Options::default());
    let limits = Limits {
        multipv: 3,
        ..Limits::depth(3)
    };
    let mut lines: Vec<(u32, usize, Score, dimchess_fide::Move)> = Vec::new();
    let r = engine
        .search(&pos, &[], &limits, &AtomicBool::new(false), |i| {
            lines.push((i.depth, i.multipv, i.score, i.pv[0]));
        })
        .unwrap();
    assert_eq!(lines.len(), 9, "{lines:?}");
    for depth in 1..=3 {
        let at: Vec<_> = lines.iter().filter(|l| l.0 == depth).collect();
        assert_eq!(at.iter().map(|l| l.1).collect::<Vec<_>>(), [1, 2, 3]);
        assert!(at[0].3 != at[1].3 && at[0].3 != at[2].3 && at[1].3 != at[2].3);
        assert!(
            at.windows(2).all(|w| rank(w[0].2) >= rank(w[1].2)),
            "{at:?}"
        );
    }
    assert_eq!(r.best, lines[6].3);
    assert_eq!(r.score, lines[6].2);
}

#[test]
fn multipv_above_the_number_of_moves_reports_every_move() {
    // The white king has three moves (Black's pawn keeps the game alive: K v K is drawn).
    let pos = fen("7k/7p/8/8/8/8/8/K7 w - - 0 1");
    let mut engine = Engine::new(&Options::default());
    let limits = Limits {
        multipv: 50,
        ..Limits::depth(2)
    };
    let mut firsts = Vec::new();
    engine
        .search(&pos, &[], &limits, &AtomicBool::new(false), |i| {
            if i.depth == 2 {
                firsts.push(i.pv[0]);
            }
        })
        .unwrap();
    firsts.sort_by_key(|m| format!("{m}"));
    firsts.dedup();
    assert_eq!(firsts.len(), 3);
}

#[test]
fn search_among_keeps_to_the_given_root_moves() {
    let pos = Chess::default();
    let among = [
        dimchess_fide::notation::parse_uci(&pos, "a2a3").unwrap(),
        dimchess_fide::notation::parse_uci(&pos, "h2h4").unwrap(),
    ];
    let mut engine = Engine::new(&Options::default());
    let stop = AtomicBool::new(false);
    let r = engine
        .search_among(&pos, &[], &Limits::depth(4), &among, &stop, |i| {
            assert!(among.contains(&i.pv[0]));
        })
        .unwrap();
    assert!(among.contains(&r.best));
    // Two lines of two allowed moves: both, and nothing else.
    let limits = Limits {
        multipv: 5,
        ..Limits::depth(2)
    };
    let mut n = 0;
    engine
        .search_among(&pos, &[], &limits, &among, &stop, |i| {
            assert!(among.contains(&i.pv[0]));
            n += 1;
        })
        .unwrap();
    assert_eq!(n, 4);
    // No legal move among them: every move is searched.
    let other = Chess::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let none = [dimchess_fide::notation::parse_uci(&other, "a1a2").unwrap()];
    let r = engine
        .search_among(&pos, &[], &Limits::depth(2), &none, &stop, |_| {})
        .unwrap();
    assert!(pos.moves().contains(&r.best));
}

/// Lazy SMP: with helper threads the answer is still a legal move, the mate in two is still
/// found (at a fixed depth, whatever the threads store), a timed search stops on time, the
/// stop flag stops every thread, and a four-player game searches too.
#[test]
fn threads_keep_every_answer() {
    let options = Options {
        threads: 2,
        ..Options::default()
    };
    let mut engine = Engine::new(&options);
    let stop = AtomicBool::new(false);
    let pos = fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    for _ in 0..3 {
        let r = engine
            .search(&pos, &[], &Limits::depth(5), &stop, |_| {})
            .unwrap();
        assert_eq!(r.score, Score::Win(2), "pv {:?}", r.pv);
    }
    let start = Chess::default();
    let t = Instant::now();
    let r = engine
        .search(&start, &[], &Limits::movetime_ms(200), &stop, |_| {})
        .unwrap();
    assert!(start.is_legal(r.best));
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let t = Instant::now();
    let r = engine
        .search(&start, &[], &Limits::default(), &stop, |_| {})
        .unwrap();
    setter.join().unwrap();
    assert!(start.is_legal(r.best));
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    let mut four = Engine::new(&options);
    let tl = ThreeLevel::default();
    let r = four
        .search(&tl, &[], &Limits::depth(3), &AtomicBool::new(false), |_| {})
        .unwrap();
    assert!(tl.is_legal(r.best));
}
