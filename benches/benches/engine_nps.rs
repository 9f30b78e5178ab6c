//! The engine's speed in every registered variant: one search of each id's start position
//! to a fixed node budget (one thread, 16 MiB table, a fresh engine per run), so that a run's
//! time over its nodes is the engine's nodes per second. `docs/performance.md` tabulates the
//! same searches by `scripts/engine-nps.sh`, in the default build and the x86-64-v3 build.

use std::sync::atomic::AtomicBool;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dimchess_any::engine::{AnyEngine, Limits, Options};

/// Nodes per search: enough for the table and the move ordering to matter, few enough that
/// Dimension X's turn-sized nodes finish in a second.
fn budget(id: &str) -> u64 {
    if id == "dimension-x" {
        50_000
    } else {
        1_000_000
    }
}

fn engine_nps(c: &mut Criterion) {
    let mut g = c.benchmark_group("engine nps");
    g.sample_size(10);
    for v in dimchess_any::VARIANTS {
        let pos = v.start_position();
        let nodes = budget(v.id);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(v.id, |b| {
            b.iter(|| {
                let mut engine = AnyEngine::new(&Options {
                    hash_mb: 16,
                    threads: 1,
                    ..Options::default()
                });
                engine
                    .search(
                        &pos,
                        &[],
                        &Limits::nodes(nodes),
                        &AtomicBool::new(false),
                        |_| {},
                    )
                    .map_or(0, |r| r.nodes)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, engine_nps);
criterion_main!(benches);
