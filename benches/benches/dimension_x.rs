//! Turn generation, turn counting and perft for `dimension-x`, from the start and from a busy
//! middle game (every piece kind on both boards).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dimchess_core::Position;
use dimchess_core::perft::perft;
use dimchess_dimension_x::{DxPosition, aperft};

const BUSY: &str =
    "r1bqk2r/pp1n1ppp/2pSp3/3p2A1/1b1P4/2NBPc2/PP3PPP/R2QK2R|8/8/2s5/8/8/3C4/1a6/8 w KQkq - 0 9";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dimension-x");
    for (name, text) in [("start", dimchess_dimension_x::START_TEXT), ("busy", BUSY)] {
        let pos: DxPosition = text.parse().unwrap();
        let mut list = Vec::new();
        g.throughput(Throughput::Elements(pos.count_legal_moves()));
        g.bench_function(format!("turns/{name}"), |b| {
            b.iter(|| {
                std::hint::black_box(&pos).legal_moves(&mut list);
                list.len()
            })
        });
        g.bench_function(format!("count/{name}"), |b| {
            b.iter(|| std::hint::black_box(&pos).count_legal_moves())
        });
        g.throughput(Throughput::Elements(aperft(&pos, 2)));
        g.bench_function(format!("aperft2/{name}"), |b| {
            b.iter(|| aperft(std::hint::black_box(&pos), 2))
        });
    }
    // perft(2) from the start is 363,283,600 leaves (about 4 s); bench it after one turn of
    // each side is too long, so the start's perft(2) runs once per sample.
    let start = DxPosition::start();
    g.throughput(Throughput::Elements(363_283_600));
    g.sample_size(10);
    g.bench_function("perft2/start", |b| {
        b.iter(|| perft(std::hint::black_box(&start), 2))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
