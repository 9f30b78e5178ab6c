//! Move generation and perft for `hyperspace` (and `hyperspace-optional` from the start), from
//! the start and from busy middle-game positions: kiwipete with nothing in flight, and a
//! position with six pieces in flight and castling rights on both sides.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dimchess_core::perft::perft;
use dimchess_hyperspace::{Hyperspace, HyperspaceOptional, START_TEXT};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 -";
const FLIGHTS: &str =
    "r3k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R3K2R w KQkq - 0 12 Bd5:1,Nb5:1,Qe6:2,bd4:1,nc4:1,qg3:3";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("hyperspace");
    for (name, text, depth) in [
        ("start", START_TEXT, 4),
        ("kiwipete", KIWIPETE, 3),
        ("flights", FLIGHTS, 3),
    ] {
        let pos: Hyperspace = text.parse().unwrap();
        // Throughput of the move generator: moves per second.
        dimchess_benches::movegen_and_perft(&mut g, name, &pos, depth);
    }
    let opt: HyperspaceOptional = START_TEXT.parse().unwrap();
    g.throughput(Throughput::Elements(perft(&opt, 3)));
    g.bench_function("optional/perft3/start", |b| {
        b.iter(|| perft(std::hint::black_box(&opt), 3))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = dimchess_benches::config();
    targets = bench
}
criterion_main!(benches);
