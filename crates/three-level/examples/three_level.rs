//! A short game of `three-level`, shown move by move (double steps and a Pawn capture), then
//! the rulebook's example M8: an elimination when the next player attacks a King.
//!
//! Run with `cargo run --example three_level`.

use dimchess_core::Position;
use dimchess_three_level::ThreeLevel;

fn main() {
    let mut pos = ThreeLevel::default();
    println!("{}", pos.diagram());
    // Double steps for all four players (each leaves an en-passant record), then Red's
    // Pawn captures Blue's double-stepped Pawn by its F1+F2 capturing step (TL-7, TL-8).
    for text in ["1c21e2", "2f22d2", "3f63d6", "2c72e7", "2c12d2"] {
        let side = pos.side_to_move().name();
        pos.play_text(text).expect("a legal move");
        println!("{side} plays {text}");
    }
    println!("\n{}", pos.diagram());
    println!("position text: {pos}");

    // The rulebook's example M8: Red's Knight unblocks Blue's Rook, and Yellow is
    // checkmated at once because Blue, about to move, attacks Yellow's King.
    let mut m8: ThreeLevel =
        "7,yK/8/8/7,rN/8/7,bR/8/8|8/8/8/8/8/8/8/rK,6,bK|8/8/5,yP,2/8/8/8/8/8 r g - 4 40"
            .parse()
            .expect("valid");
    println!("\n{}", m8.diagram());
    m8.play_text("1h51f4").expect("legal");
    println!("Red plays 1h51f4: Yellow is eliminated\n\n{}", m8.diagram());
    println!(
        "An illegal move is refused: {}",
        m8.play_text("1f41d5").unwrap_err()
    );
}
