//! Shared helpers of the criterion benches in `benches/` (the benches themselves are the
//! bench targets of this crate).

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use dimchess_core::Position;
use dimchess_core::perft::perft;

/// The criterion settings every bench uses: ten samples, since one perft sample is long.
pub fn config() -> Criterion {
    Criterion::default().sample_size(10)
}

/// Benches move generation of `pos` (in moves per second) as `movegen/<name>` and perft to
/// `depth` (in leaves per second) as `perft<depth>/<name>`.
pub fn movegen_and_perft<P: Position>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pos: &P,
    depth: u32,
) {
    g.throughput(Throughput::Elements(pos.count_legal_moves()));
    g.bench_function(format!("movegen/{name}"), |b| {
        b.iter(|| {
            let mut moves = P::MoveList::default();
            std::hint::black_box(pos).legal_moves(&mut moves);
            moves.len()
        })
    });
    g.throughput(Throughput::Elements(perft(pos, depth)));
    g.bench_function(format!("perft{depth}/{name}"), |b| {
        b.iter(|| perft(std::hint::black_box(pos), depth))
    });
}
