//! The search over every registered variant through the dynamic API: every move it plays is
//! legal (checked by the rules), positions reached by random play never make it panic, a
//! finished game is an error, and in Dimension X a King capture is always chosen (DX-7).

use std::sync::atomic::AtomicBool;

use dimchess_any::core::zobrist::SplitMix64;
use dimchess_any::engine::{AnyEngine, Limits, Options, Score, greedy_move};
use dimchess_any::record::Game;
use dimchess_any::{Error, Position, VARIANTS, registry};

/// Engine (a few thousand nodes a move) against random moves from the start of `id`: every
/// engine move goes through `Game::play`, which checks it against the rules.
fn engine_against_random(id: &str, seed: u64, plies: usize) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(registry::start(id).unwrap());
    let mut engine = AnyEngine::new(&Options {
        hash_mb: 1,
        ..Options::default()
    });
    let stop = AtomicBool::new(false);
    let mut history = Vec::new();
    for ply in 0..plies {
        let pos = game.position().clone();
        if pos.outcome().is_some() {
            break;
        }
        let mv = if ply % 2 == 0 {
            let r = engine
                .search(&pos, &history, &Limits::nodes(1_500), &stop, |_| {})
                .unwrap();
            assert_eq!(r.pv.first(), Some(&r.best_text), "{id}");
            r.best
        } else {
            let moves = pos.moves_with_text();
            moves[rng.below(moves.len())].0
        };
        game.play(mv)
            .unwrap_or_else(|e| panic!("{id}: the engine played an illegal move: {e}"));
        history.push(pos.zobrist());
    }
    game
}

#[test]
fn every_variant_engine_moves_are_legal() {
    for v in VARIANTS {
        let plies = if v.id == "dimension-x" { 6 } else { 24 };
        let game = engine_against_random(v.id, 7, plies);
        assert!(!game.is_empty(), "{}", v.id);
    }
}

#[test]
fn greedy_moves_are_legal_and_a_finished_game_is_an_error() {
    for v in VARIANTS {
        let mut rng = SplitMix64::new(3);
        let pos = v.start_position();
        let mv = greedy_move(&pos, || rng.next_u64()).unwrap();
        assert!(pos.is_legal(mv), "{}", v.id);
    }
    // Fool's mate.
    let mut game = Game::new(registry::start("fide").unwrap());
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_text(m).unwrap();
    }
    let pos = game.position();
    let mut engine = AnyEngine::new(&Options::default());
    let e = engine
        .search(pos, &[], &Limits::depth(2), &AtomicBool::new(false), |_| {})
        .unwrap_err();
    assert!(matches!(e, Error::GameOver(_)), "{e}");
    assert!(e.to_string().contains("checkmate"), "{e}");
    assert!(greedy_move(pos, || 0).is_err());
}

#[test]
fn positions_from_random_play_never_make_the_search_panic() {
    for v in VARIANTS {
        let mut rng = SplitMix64::new(11);
        let plies = if v.id == "dimension-x" { 8 } else { 60 };
        let mut engine = AnyEngine::new(&Options {
            hash_mb: 1,
            ..Options::default()
        });
        let stop = AtomicBool::new(false);
        let mut game = Game::new(v.start_position());
        for ply in 0..plies {
            let pos = game.position().clone();
            // Read back through the parser, as a caller with a position text would.
            let parsed = v.parse_position(&pos.text()).unwrap();
            if ply % 5 == 4 || pos.outcome().is_some() {
                match engine.search(&parsed, &[], &Limits::nodes(300), &stop, |_| {}) {
                    Ok(r) => assert!(pos.is_legal(r.best), "{}", v.id),
                    Err(e) => assert!(pos.outcome().is_some(), "{}: {e}", v.id),
                }
            }
            if pos.outcome().is_some() {
                break;
            }
            let moves = pos.moves_with_text();
            game.play(moves[rng.below(moves.len())].0).unwrap();
        }
    }
}

/// DX-7: removing the enemy King ends the game at once. Whenever a turn that does so exists,
/// the search chooses one: at depth 1, and even when stopped before its first iteration.
#[test]
fn dimension_x_always_takes_the_king() {
    let info = registry::find("dimension-x").unwrap();
    let mut positions = vec![
        // The Queen takes the King along the g-file.
        "6k1/8/8/8/8/8/8/K5Q1|8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
        // Black's Knight takes the King, among many other turns.
        "rnbqkb1r/pppppppp/8/8/8/3n4/PPPPPPPP/RNBQKBNR|8/2asc3/8/8/8/8/3CSA2/8 b KQkq - 0 1"
            .to_string(),
    ];
    // And positions of random games where a King capture exists.
    let mut rng = SplitMix64::new(5);
    for _ in 0..3 {
        let mut pos = info.start_position();
        for _ in 0..40 {
            if pos.outcome().is_some() {
                break;
            }
            let dimchess_any::VariantPosition::DimensionX(p) = pos.inner() else {
                unreachable!()
            };
            if !p.king_captures().is_empty() {
                positions.push(pos.text());
            }
            let moves = pos.moves_with_text();
            pos.play(moves[rng.below(moves.len())].0).unwrap();
        }
    }
    let stopped = AtomicBool::new(true);
    let running = AtomicBool::new(false);
    let mut tested = 0;
    for text in &positions {
        let pos = info.parse_position(text).unwrap();
        let dimchess_any::VariantPosition::DimensionX(p) = pos.inner() else {
            unreachable!()
        };
        let captures = p.king_captures();
        if captures.is_empty() {
            continue;
        }
        tested += 1;
        for (limits, stop) in [(Limits::depth(1), &running), (Limits::depth(3), &stopped)] {
            let mut engine = AnyEngine::new(&Options::default());
            let r = engine.search(&pos, &[], &limits, stop, |_| {}).unwrap();
            let mut after = pos.clone();
            after.play(r.best).unwrap();
            assert_eq!(
                after.outcome().and_then(|o| o.winner()),
                Some(pos.turn()),
                "{text}: {} does not take the King",
                r.best_text
            );
            if std::ptr::eq(stop, &running) {
                assert_eq!(r.score, Score::Win(1), "{text}");
            }
        }
    }
    assert!(tested >= 2, "only {tested} positions with a King capture");
    eprintln!("{tested} Dimension X positions with a King capture");
}
