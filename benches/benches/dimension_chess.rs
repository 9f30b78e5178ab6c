//! Move generation and perft for `dimension-chess`, from the start and from a busy middle
//! game (pieces of both colours in Heaven and Hell), beside `fide` from the start in the same
//! run.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dimchess_core::perft::perft;
use dimchess_dimension_chess::DimensionChess;
use dimchess_fide::Chess;

const BUSY: &str = "8/8/4p3/6p1/8/8/8/8|rn4nq/p2kb3/bp1pN3/5p1p/6P1/4p3/PPPQ1P1P/2KNR2R|2r5/1B6/8/4B3/3P4/4P3/8/8 w - - 2 19";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dimension-chess");
    for (name, text, depth) in [
        ("start", dimchess_dimension_chess::START_TEXT, 4),
        ("busy", BUSY, 3),
    ] {
        let pos: DimensionChess = text.parse().unwrap();
        dimchess_benches::movegen_and_perft(&mut g, name, &pos, depth);
    }
    // fide from the start in the same run, for the ratio.
    let fide = Chess::start();
    g.throughput(Throughput::Elements(perft(&fide, 4)));
    g.bench_function("fide-perft4/start", |b| {
        b.iter(|| perft(std::hint::black_box(&fide), 4))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = dimchess_benches::config();
    targets = bench
}
criterion_main!(benches);
