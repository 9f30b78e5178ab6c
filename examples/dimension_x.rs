//! A short game of Dimension X, played turn by turn and shown; then the same kind of turn
//! composed action by action, as a player at a screen would.
//!
//! `cargo run --example dimension_x`

use dimchess::core::Position;
use dimchess::dimension_x::{DxPosition, PartialTurn};

fn main() {
    let mut pos = DxPosition::start();
    println!("{}", pos.diagram());
    println!("{} legal turns from the start\n", pos.count_legal_moves());
    // Turns are written as comma-joined actions, in any legal order.
    let game = [
        "e2e4,E2e2",      // a pawn move opens e2, then the Cobra surfaces there (X1)
        "d7d5,D7d7",      // Black does the same
        "e4d5,F2F3,D2D3", // a capture, and two steps inside Dimension X
        "e7e6,E7E6",
        "d5e6,F3f3",  // the pawn takes on e6, the Spider surfaces on f3
        "d7*e6,g8f6", // the Cobra on d7 strikes the pawn on e6 (DX-22)
        "D7d7,b1c3",  // refused: it is White's Cobra that stands on the FIDE board now
    ];
    for text in game {
        match pos.parse_move(text) {
            Ok(turn) => {
                println!("{text:>18}  (canonical: {})", pos.move_text(turn));
                pos.play_unchecked(turn);
            }
            Err(e) => println!("{text:>18}  refused: {e}"),
        }
    }
    println!("\n{}", pos.diagram());
    println!("{pos}\n");

    // The action level: the legal next actions, one at a time.
    let mut turn = PartialTurn::new(&pos);
    let first: Vec<String> = turn
        .legal_next()
        .iter()
        .take(8)
        .map(|a| a.to_string())
        .collect();
    println!("some legal first actions: {}", first.join(" "));
    turn.play_text("D3D4").expect("a Crab step in Dimension X");
    turn.play_text("b1c3").expect("a Knight move");
    let (t, after) = turn.end().expect("the turn has a FIDE move");
    println!("composed {t}; now {after}");
    println!(
        "turns removing the enemy King: {}",
        after.king_captures().len()
    );
}
