//! Issue 20, item 1: for every registered id, 1,000 random games played to their end or a ply
//! cap, each record written and read back to the same final position and result.
//!
//! Half the games of the three-level ids start with the halfmove clock near its limit, so that
//! games drawn by the clock (TL-18), and the other endings random play reaches, are among them.

use std::collections::BTreeSet;
use std::time::Instant;

use dimchess_any::core::zobrist::SplitMix64;
use dimchess_any::record::Game;
use dimchess_any::{AnyPosition, Position, VARIANTS, VariantInfo};

/// Games per id.
const GAMES: u64 = 1000;

/// The ply cap of `id`: long enough for games to end, short enough for CI (a Dimension X turn
/// list holds thousands of turns, and reading a record back looks each one up).
fn ply_cap(id: &str) -> usize {
    match id {
        "dimension-x" => 4,
        _ => 200,
    }
}

/// The start of game `seed`: the variant's start, or for three-level ids every other game the
/// start with its halfmove clock a few plies short of the clock draw (TL-18: 50 per player).
fn start(v: &'static VariantInfo, seed: u64) -> AnyPosition {
    let pos = v.start_position();
    if !v.id.starts_with("three-level") || seed.is_multiple_of(2) {
        return pos;
    }
    let text = pos.text();
    let late = format!(
        "{} {} 1",
        text.strip_suffix(" 0 1").expect("a fresh clock"),
        180 + seed % 20
    );
    v.parse_position(&late).expect("a late start")
}

/// Plays and reads back the games of `v`; returns a summary line.
fn games_read_back(v: &'static VariantInfo) -> String {
    let t = Instant::now();
    let (mut finished, mut plies) = (0, 0);
    let mut results = BTreeSet::new();
    let mut moves = Vec::new();
    for seed in 0..GAMES {
        let mut rng = SplitMix64::new(seed ^ 0x5eed);
        let mut game = Game::new(start(v, seed));
        while game.len() < ply_cap(v.id) {
            // A finished game has no legal move; a game-level ending (repetition, a dead
            // position) ends it too.
            game.position().legal_moves(&mut moves);
            if moves.is_empty() || game.result_text().is_some() {
                break;
            }
            game.play(moves[rng.below(moves.len())])
                .expect("a listed move is legal");
        }
        let record = game.to_record();
        let back = Game::from_record(&record)
            .unwrap_or_else(|e| panic!("{} game {seed}: {e}\n{record}", v.id));
        assert_eq!(back.position(), game.position(), "{}\n{record}", v.id);
        assert_eq!(back.result_text(), game.result_text(), "{}", v.id);
        assert_eq!(back.to_record(), record, "{}", v.id);
        if let Some(r) = game.result_text() {
            finished += 1;
            results.insert(r);
        }
        plies += game.len();
    }
    if v.id.starts_with("three-level") {
        assert!(finished > 0, "{}: no game ended", v.id);
    }
    format!(
        "{}: {GAMES} games, {plies} plies, {finished} finished {results:?}, {:.1} s",
        v.id,
        t.elapsed().as_secs_f64()
    )
}

#[test]
fn thousand_random_games_per_variant_read_back() {
    // One thread per variant: the variants share the cores, Dimension X's few long plies
    // overlap the others' many short ones.
    let lines: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = VARIANTS
            .iter()
            .map(|v| s.spawn(move || games_read_back(v)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    for l in lines {
        eprintln!("{l}");
    }
}
