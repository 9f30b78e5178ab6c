//! A short game of Redistribution 3d Chess, played move by move and shown.
//!
//! Run with `cargo run --example redistribution`.

use dimchess_core::Position;
use dimchess_redistribution::Redistribution;

fn main() -> Result<(), dimchess_core::Error> {
    let mut pos = Redistribution::start();
    println!("{}", pos.diagram());
    for (text, comment) in [
        (
            "j1k1",
            "White's Wazbaba steps onto the Fearful: a Pasha on k1 (RD-8)",
        ),
        ("j6k6", "Black answers in kind: a Pasha on k6"),
        (
            "k1k3=DW",
            "the Pasha splits: Dabbaba + Wazir (a Wazbaba) leap to k3, a Fearful stays (RD-10)",
        ),
        ("k6k4=DW", "Black splits the same way: a Wazbaba on k4"),
        (
            "k3k4",
            "the White Wazbaba takes it with a Wazir step (RD-5)",
        ),
        (
            "e6e4",
            "Black's Alibaba leaps (Dabbaba) over the empty rank 5",
        ),
        (
            "k4k6",
            "the Wazbaba leaps back to rank 6 and takes the Fearful",
        ),
        ("g6k6", "the Black Emperor recaptures"),
        ("f1f2=WE", "refused: only a quadruple splits (RD-9)"),
    ] {
        match pos.play_text(text) {
            Ok(_) => println!("{text}: {comment}\n{}", pos.diagram()),
            Err(e) => println!("{text}: {e}"),
        }
    }
    println!(
        "{} legal moves for {}; result: {}",
        pos.count_legal_moves(),
        if pos.turn() == 0 { "White" } else { "Black" },
        pos.result_text().unwrap_or_else(|| "game goes on".into())
    );
    Ok(())
}
