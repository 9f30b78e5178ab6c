//! Threaded perft: `perft_with` on 1 and 2 threads from the start of `fide` (depth 6) and of
//! `three-level` (depth 3), the runs whose speed-up issue 8 asks for. The two-thread runs
//! use the process's helper pool, as repeated calls in a program or the tool do.

use criterion::{Criterion, criterion_group, criterion_main};
use dimchess_core::Position;
use dimchess_core::perft::{PerftOptions, perft_with};
use dimchess_fide::Chess;
use dimchess_three_level::ThreeLevel;

fn threads<P: Position + 'static>(c: &mut Criterion, name: &str, pos: &P, depth: u32) {
    let mut g = c.benchmark_group(format!("threads/{name}-perft{depth}"));
    for threads in [1, 2] {
        let options = PerftOptions {
            threads,
            ..PerftOptions::default()
        };
        g.bench_function(format!("{threads}"), |b| {
            b.iter(|| perft_with(std::hint::black_box(pos), depth, &options))
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    threads(c, "three-level", &ThreeLevel::default(), 3);
    threads(c, "fide", &Chess::default(), 6);
}

criterion_group! {
    name = benches;
    config = dimchess_benches::config();
    targets = bench
}
criterion_main!(benches);
