//! A short game of Hyperspace Chess, played move by move and shown after each turn: launches,
//! landings, an explosion and a capture on landing.
//!
//! Run with `cargo run --example hyperspace`.

use dimchess::Position;
use dimchess::hyperspace::Hyperspace;

fn main() -> Result<(), dimchess::Error> {
    let game = [
        (
            "g1f3^",
            "the knight jumps into hyperspace; it lands at the end of White's next turn",
        ),
        ("b8c6^", "Black answers in kind"),
        ("e2e3", "the knight lands on f3"),
        ("d7d6", "the black knight lands on c6"),
        ("f3g5^", "the knight leaves again"),
        ("a7a6", ""),
        (
            "b1c3^",
            "the other knight launches; the first one lands on g5",
        ),
        ("a6a5", ""),
        (
            "c2c3",
            "the pawn steps to c3 and the knight lands on it: explosion",
        ),
        ("h7h6", ""),
        ("g5f7^", "aimed at the f7 pawn"),
        ("a5a4", ""),
        ("h2h3", "the knight lands on f7 and captures the pawn"),
        ("e8f7", "the king takes the knight"),
    ];
    let mut pos = Hyperspace::start();
    println!("{}{pos}\n", pos.diagram());
    for (i, (mv, note)) in game.iter().enumerate() {
        pos.play_text(mv)?;
        let number = i / 2 + 1;
        let dots = if i % 2 == 0 { "." } else { "..." };
        if note.is_empty() {
            println!("{number}{dots} {mv}");
        } else {
            println!("{number}{dots} {mv}  ({note})");
        }
        println!("{}{pos}\n", pos.diagram());
    }
    println!("{} legal moves for White now", pos.moves().len());
    Ok(())
}
