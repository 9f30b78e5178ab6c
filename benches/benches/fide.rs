//! Move generation and perft for `fide`, from the start and from a busy middle game.

use criterion::{Criterion, criterion_group, criterion_main};
use dimchess_fide::Chess;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("fide");
    for (name, fen) in [("start", dimchess_fide::START_TEXT), ("kiwipete", KIWIPETE)] {
        let pos: Chess = fen.parse().unwrap();
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
