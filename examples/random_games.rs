//! Plays random games in every registered variant through the dynamic API only
//! (`dimchess::VARIANTS`, `AnyPosition`, `record::Game`), and prints each game's length,
//! result and final position.
//!
//! ```sh
//! cargo run --release --example random_games -- [GAMES_PER_VARIANT] [MAX_PLIES] [SEED]
//! ```

use dimchess::VARIANTS;
use dimchess::core::Position;
use dimchess::core::zobrist::SplitMix64;
use dimchess::record::Game;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("usage: random_games [GAMES_PER_VARIANT] [MAX_PLIES] [SEED] (`{a}`?)");
                std::process::exit(2)
            })
        })
        .collect();
    let games = args.first().copied().unwrap_or(3);
    let max_plies = args.get(1).copied().unwrap_or(200) as usize;
    let mut rng = SplitMix64::new(args.get(2).copied().unwrap_or(2026));
    for v in VARIANTS {
        for n in 1..=games {
            let mut game = Game::new(v.start_position());
            let mut moves = Vec::new();
            while game.len() < max_plies && game.result_text().is_none() {
                // The list without texts (a Dimension X list holds tens of thousands of
                // turns); the text of the picked move only.
                game.position().legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let text = game.position().move_text(moves[rng.below(moves.len())]);
                // Through the text, as a client would send it.
                if let Err(e) = game.play_text(&text) {
                    panic!("{}: a listed move was refused: {e}", v.id);
                }
            }
            // Every record reads back to the same game.
            let replayed = Game::from_record(&game.to_record()).expect("the record replays");
            assert_eq!(replayed.position(), game.position());
            println!(
                "{} game {n}: {} plies, {}\n  {}",
                v.id,
                game.len(),
                game.result_text()
                    .unwrap_or_else(|| "unfinished".to_string()),
                game.position()
            );
        }
    }
}
