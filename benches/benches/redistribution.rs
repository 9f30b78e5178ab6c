//! Move generation and perft for `redistribution`, from the start and from a busy middle game.

use criterion::{Criterion, criterion_group, criterion_main};
use dimchess_redistribution::{Redistribution, START_TEXT};

/// Quadruples of both sides in the middle, crossovers, Black to move (253 legal moves).
const MIDGAME: &str =
    "1y1e/a1kp/pw1a/e1yb|1h2/4/2m1/4|4/1s2/4/4|4/2M1/4/4|1H2/4/4/2S1|B2E/A1KP/P1FA/1DY1 b 7 12";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("redistribution");
    for (name, text) in [("start", START_TEXT), ("midgame", MIDGAME)] {
        let pos: Redistribution = text.parse().unwrap();
        let depth = if name == "start" { 4 } else { 3 };
        dimchess_benches::movegen_and_perft(&mut g, name, &pos, depth);
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = dimchess_benches::config();
    targets = bench
}
criterion_main!(benches);
