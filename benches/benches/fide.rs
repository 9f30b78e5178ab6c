//! Move generation and perft for `fide`, from the start and from a busy middle game.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dimchess_core::Position;
use dimchess_core::perft::perft;
use dimchess_fide::{Chess, Moves};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("fide");
    for (name, fen) in [("start", dimchess_fide::START_FEN), ("kiwipete", KIWIPETE)] {
        let pos: Chess = fen.parse().unwrap();
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
