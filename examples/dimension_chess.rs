//! A short game of Dimension Chess, played and shown board by board: captures on Earth send
//! their victims to Heaven or Hell by strength (DC-5), a Black pawn moves in Heaven, and a
//! victim whose landing square is taken is removed from play (DC-8).
//!
//! Run with `cargo run --example dimension_chess`.

use dimchess::Position;
use dimchess::dimension_chess::DimensionChess;

fn main() -> Result<(), dimchess::Error> {
    let mut pos = DimensionChess::start();
    println!("{}", pos.diagram());
    let game = [
        ("E:e2e4", "White opens on Earth."),
        ("E:d7d5", "Black answers."),
        (
            "E:e4d5",
            "Pawn takes pawn: an equal victim goes to Heaven d5 (DC-5).",
        ),
        (
            "E:d8d5",
            "The queen takes back; the White pawn goes to Hell d5 (not stronger).",
        ),
        ("E:b1c3", "The knight attacks the queen."),
        (
            "H:d5d4",
            "Black moves in Heaven instead: the pawn steps down to H:d4 (DC-11).",
        ),
        (
            "E:c3d5",
            "Knight takes queen: she would go to Hell d5, but L:d5 is taken, so she is removed (DC-8).",
        ),
    ];
    for (text, comment) in game {
        let mv = pos.parse_move(text)?;
        pos.play_unchecked(mv);
        println!("{text}: {comment}");
        println!("{pos}\n");
    }
    println!("{}", pos.diagram());
    // An illegal move is refused with the ruling that forbids it.
    match pos.parse_move("H:d4d2") {
        Ok(_) => println!("unexpectedly legal"),
        Err(e) => println!("H:d4d2 is refused: {e}"),
    }
    Ok(())
}
