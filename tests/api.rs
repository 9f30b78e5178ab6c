//! The dynamic API over every registered variant: layouts, SVG diagrams and game records
//! (random games round trip through their record text), and the same counts from every perft
//! driver. New variants are covered as soon as they are in `VARIANTS`.

use dimchess::core::perft::{PerftOptions, PerftTable, perft, perft_hashed};
use dimchess::core::zobrist::SplitMix64;
use dimchess::record::Game;
use dimchess::{Describe, Layout, Position, VARIANTS, registry, svg};

/// A random game of at most `plies` moves from the start of `id`.
fn random_game(id: &str, seed: u64, plies: usize) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(registry::start(id).unwrap());
    for _ in 0..plies {
        let mut moves = Vec::new();
        game.position().legal_moves(&mut moves);
        if moves.is_empty() || game.result_text().is_some() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn every_variant_starts_parses_and_describes_itself() {
    for v in VARIANTS {
        let pos = v.start_position();
        assert_eq!(pos.id(), v.id);
        let again = registry::parse(v.id, &pos.text()).unwrap();
        assert_eq!(again, pos, "{}", v.id);
        let l = pos.layout();
        assert!(!l.boards.is_empty(), "{}", v.id);
        assert!(l.players.len() >= 2, "{}", v.id);
        assert!(l.turn < l.players.len(), "{}", v.id);
        let pieces = l
            .boards
            .iter()
            .flat_map(|b| b.cells.iter().flatten())
            .filter_map(|c| c.piece.as_ref())
            .inspect(|p| assert!(p.owner < l.players.len(), "{}: {p:?}", v.id))
            .count();
        assert!(pieces > 0, "{}", v.id);
        for b in &l.boards {
            assert_eq!(b.cells.len(), b.files * b.ranks, "{}: {}", v.id, b.name);
            assert_eq!(b.file_labels.len(), b.files, "{}: {}", v.id, b.name);
            assert_eq!(b.rank_labels.len(), b.ranks, "{}: {}", v.id, b.name);
        }
        // Cell names are unique, so a name finds its cell.
        let names: Vec<&str> = l
            .boards
            .iter()
            .flat_map(|b| b.cells.iter().flatten())
            .map(|c| c.name.as_str())
            .collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{}: cell names repeat", v.id);
        let picture = svg::render(&l, v.id);
        assert!(picture.starts_with("<svg") && picture.ends_with("</svg>\n"));
        // Each piece drawn with its glyph (the pictures follow the glyphs' definitions), no
        // disc but the players' swatches.
        let drawn = picture.split_once("</defs>").map_or("", |(_, d)| d);
        assert_eq!(
            drawn.matches("</title><use ").count(),
            pieces + l.in_flight.len(),
            "{}: one glyph per piece",
            v.id
        );
        assert_eq!(
            drawn.matches("<circle").count(),
            l.players.len(),
            "{}",
            v.id
        );
    }
}

#[test]
fn random_game_records_round_trip_in_every_variant() {
    for v in VARIANTS {
        // Dimension X lists thousands of turns a ply, and reading a record back looks each
        // one up: a dozen games of 40 plies per variant keep the test under a minute.
        for seed in 0..12 {
            let game = random_game(v.id, seed, 40);
            let text = game.to_record();
            let back = Game::from_record(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", v.id));
            assert_eq!(back.position(), game.position(), "{}\n{text}", v.id);
            assert_eq!(back.len(), game.len());
            assert_eq!(back.to_record(), text);
            // The layout highlights what the last move changed.
            if !game.is_empty() {
                assert!(!game.layout().last_move.is_empty(), "{}: {text}", v.id);
            }
        }
    }
}

#[test]
fn random_fide_games_from_a_middle_position_round_trip() {
    for seed in 0..300 {
        let mid = random_game("fide", seed, 12);
        let mut game = Game::new(mid.position().clone());
        let mut rng = SplitMix64::new(seed ^ 0xabcdef);
        for _ in 0..200 {
            // The game can end before the position does (a dead position, fivefold repetition).
            let moves = game.position().moves_with_text();
            if moves.is_empty() || game.result_text().is_some() {
                break;
            }
            game.play_text(&moves[rng.below(moves.len())].1).unwrap();
        }
        let text = game.to_record();
        let back = Game::from_record(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.start(), game.start());
        assert_eq!(back.position(), game.position());
        assert_eq!(back.result_text(), game.result_text());
        // Undo walks back to the start.
        let mut g = back;
        while g.undo().is_some() {}
        assert_eq!(g.position(), game.start());
    }
}

#[test]
fn play_and_layout_highlights_the_move() {
    let mut pos = registry::start("fide").unwrap();
    let mv = pos.parse_move("g1f3").unwrap();
    let l: Layout = pos.play_and_layout(mv).unwrap();
    let names: Vec<&str> = l
        .last_move
        .iter()
        .map(|&c| l.cell(c).unwrap().name.as_str())
        .collect();
    assert_eq!(names, ["g1", "f3"]);
    assert!(pos.play_and_layout(mv).is_err());
}

#[test]
fn perft_drivers_agree_in_every_variant() {
    for v in VARIANTS {
        let game = random_game(v.id, 7, 6);
        let pos = game.position();
        // As deep as 3 plies, but no tree estimated (branching ^ depth) above half a million
        // leaves: a Dimension X turn list alone can hold 19,060 turns.
        let branching = perft(pos.inner(), 1).max(1);
        let depth = (1..=3u32)
            .take_while(|&d| branching.saturating_pow(d) <= 500_000)
            .last()
            .unwrap_or(1);
        let plain = perft(pos.inner(), depth);
        for (threads, hash_mb) in [(1, 0), (2, 0), (2, 1), (3, 1)] {
            let o = PerftOptions {
                threads,
                hash_mb,
                progress: None,
            };
            assert_eq!(pos.perft_with(depth, &o), plain, "{} {pos}", v.id);
        }
        let div = pos.perft_divide(depth, 2);
        assert_eq!(div.iter().map(|(_, n)| n).sum::<u64>(), plain);
        // The hash table directly (the drivers use it only for subtrees two plies deep or
        // more): a one-bucket table collides all the time, a larger one finds transpositions.
        // This fails if the variant's Zobrist hash misses state that decides the moves.
        for mb in [0, 1] {
            let table = PerftTable::new(mb);
            assert_eq!(
                perft_hashed(pos.inner(), depth, &table),
                plain,
                "{} {pos}",
                v.id
            );
            assert_eq!(
                perft_hashed(pos.inner(), depth, &table),
                plain,
                "{} {pos}",
                v.id
            );
        }
    }
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    fn sample_record() -> String {
        random_game("fide", 3, 30).to_record()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn mutated_records_are_read_or_refused(
            edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<char>()), 1..4)
        ) {
            let mut chars: Vec<char> = sample_record().chars().collect();
            for (at, c) in edits {
                let i = at.index(chars.len());
                chars[i] = c;
            }
            let text: String = chars.into_iter().collect();
            let _ = Game::from_record(&text);
        }

        #[test]
        fn arbitrary_text_is_read_or_refused(text in "\\PC{0,200}") {
            let _ = Game::from_record(&text);
            let _ = Game::from_record(&format!("[Variant \"fide\"]\n{text}"));
        }
    }
}

#[test]
fn write_move_text_appends_the_move_text_in_every_variant() {
    for v in VARIANTS {
        // dimension-x lists some 19,000 turns from the start: a few plies suffice there.
        let plies = if v.id == "dimension-x" { 2 } else { 30 };
        let game = random_game(v.id, 5, plies);
        let pos = game.position();
        let mut out = String::from("x");
        for (mv, text) in pos.moves_with_text() {
            out.truncate(1);
            pos.write_move_text(mv, &mut out);
            assert_eq!(&out[1..], text, "{}: {pos}", v.id);
        }
    }
}
