//! Random Dimension X plies through the dynamic API, as a client plays them: list the moves
//! (`AnyPosition::legal_moves`), pick one, make its text, play it (`Game::play`); a new game
//! when one ends. Prints the plies played and the seconds they took (issue 19's measure).
//!
//! ```sh
//! cargo run --release --example dx_plies -- [PLIES] [SEED]
//! ```

use dimchess::core::Position;
use dimchess::core::zobrist::SplitMix64;
use dimchess::record::Game;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("usage: dx_plies [PLIES] [SEED] (`{a}`?)");
                std::process::exit(2)
            })
        })
        .collect();
    let plies = args.first().copied().unwrap_or(1000);
    let mut rng = SplitMix64::new(args.get(1).copied().unwrap_or(2026));
    let info = dimchess::registry::find("dimension-x").expect("dimension-x is registered");
    let started = std::time::Instant::now();
    let mut game = Game::new(info.start_position());
    let mut moves = Vec::new();
    let (mut played, mut games, mut listed) = (0u64, 1u64, 0u64);
    while played < plies {
        game.position().legal_moves(&mut moves);
        if moves.is_empty() || game.result_text().is_some() {
            game = Game::new(info.start_position());
            games += 1;
            continue;
        }
        listed += moves.len() as u64;
        let mv = moves[rng.below(moves.len())];
        let text = game.position().move_text(mv);
        game.play(mv)
            .unwrap_or_else(|e| panic!("the listed move {text} was refused: {e}"));
        played += 1;
    }
    println!(
        "{played} plies in {games} games, {listed} moves listed, {:.3} s",
        started.elapsed().as_secs_f64()
    );
}
