//! The search engine on fixed positions to fixed depths: fide (start and "kiwipete"),
//! three-level (BRS+ and paranoid), Dimension X (the turn-level search at depth 1 over the
//! start's 19,060 turns, and the action-level `ActionEngine<PartialTurn>` at 4 and 5 actions).
//! Each run starts from an empty table, so that runs are comparable.

use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use dimchess_core::Evaluate;
use dimchess_engine::{ActionEngine, Algorithm, Engine, Limits, Options};

fn run<P: Evaluate>(pos: &P, depth: u32, algorithm: Algorithm) -> u64 {
    let mut engine = Engine::new(&Options {
        hash_mb: 16,
        threads: 1,
        algorithm,
    });
    engine
        .search(
            pos,
            &[],
            &Limits::depth(depth),
            &AtomicBool::new(false),
            |_| {},
        )
        .map_or(0, |r| r.nodes)
}

fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    let start = dimchess_fide::Chess::start();
    g.bench_function("fide start depth 6", |b| {
        b.iter(|| run(&start, 6, Algorithm::BrsPlus))
    });
    let kiwipete = dimchess_fide::Chess::from_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    g.bench_function("fide kiwipete depth 5", |b| {
        b.iter(|| run(&kiwipete, 5, Algorithm::BrsPlus))
    });
    let tl = dimchess_three_level::ThreeLevel::default();
    g.bench_function("three-level BRS+ depth 4", |b| {
        b.iter(|| run(&tl, 4, Algorithm::BrsPlus))
    });
    g.bench_function("three-level paranoid depth 3", |b| {
        b.iter(|| run(&tl, 3, Algorithm::Paranoid))
    });
    let dx = dimchess_dimension_x::DxPosition::start();
    g.bench_function("dimension-x start depth 1", |b| {
        b.iter(|| run(&dx, 1, Algorithm::BrsPlus))
    });
    for depth in [4, 5] {
        g.bench_function(
            format!("dimension-x start ActionEngine {depth} actions"),
            |b| {
                b.iter(|| {
                    ActionEngine::<dimchess_dimension_x::PartialTurn>::new(&Options::default())
                        .search(
                            &dx,
                            &[],
                            &Limits::depth(depth),
                            &AtomicBool::new(false),
                            |_| {},
                        )
                        .map_or(0, |r| r.nodes)
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
