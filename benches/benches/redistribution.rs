//! Move generation and perft for `redistribution`, from the start and from a busy middle game.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dimchess_core::Position;
use dimchess_core::perft::perft;
use dimchess_redistribution::{Moves, Redistribution, START_TEXT};

/// Quadruples of both sides in the middle, crossovers, Black to move (253 legal moves).
const MIDGAME: &str =
    "1y1e/a1kp/pw1a/e1yb|1h2/4/2m1/4|4/1s2/4/4|4/2M1/4/4|1H2/4/4/2S1|B2E/A1KP/P1FA/1DY1 b 7 12";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("redistribution");
    for (name, text) in [("start", START_TEXT), ("midgame", MIDGAME)] {
        let pos: Redistribution = text.parse().unwrap();
        g.bench_function(format!("movegen/{name}"), |b| {
            b.iter(|| {
                let mut m = Moves::new();
                std::hint::black_box(&pos).legal_moves(&mut m);
                m.len()
            })
        });
        let depth = if name == "start" { 4 } else { 3 };
        g.throughput(Throughput::Elements(perft(&pos, depth)));
        g.bench_function(format!("perft{depth}/{name}"), |b| {
            b.iter(|| perft(std::hint::black_box(&pos), depth))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
