//! Move generation and perft for `three-level` (and `three-level-xiangqi`), from the start and
//! from a busy middle game (119 legal moves for Red, reached by random play).

use criterion::{Criterion, criterion_group, criterion_main};
use dimchess_three_level::{ThreeLevel, ThreeLevelXiangqi};

/// A busy middle game of `three-level`: all four armies developed, Red to move (119 moves).
pub const MIDDLE: &str = "gB,1,gP,2,yP,yB,yQ/gB,1,gP,2,yP,yN,1/1,gP,gP,3,yB,yP/gN,1,gP,1,rQ,1,yP,bP/rN,gQ,rP,5/rP,rP,2,bP,3/rB,4,bP,1,bB/1,rB,rP,2,bP,bB,bQ|gK,gB,gP,2,yP,yB,yK/1,gB,gP,2,yP,yN,yB/1,gP,gP,3,yP,1/5,rN,2/5,bP,bP,bP/rP,rP,gP,2,bP,1,bP/rB,1,rP,2,bP,1,bB/rK,rB,2,rP,bP,bB,bK|gR,gR,gP,gN,1,yP,yR,yR/gR,1,yN,gN,1,yP,2/gP,gP,gP,2,bN,yP,yR/8/1,rP,6/rP,1,rP,1,bN,bP,bP,1/rR,rN,rP,2,rP,1,bR/rR,3,rR,bP,bR,bR r - - 0 13";

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("three-level");
    let middle: ThreeLevel = MIDDLE.parse().unwrap();
    dimchess_benches::movegen_and_perft(&mut g, "start", &ThreeLevel::default(), 3);
    dimchess_benches::movegen_and_perft(&mut g, "middle", &middle, 3);
    dimchess_benches::movegen_and_perft(&mut g, "xiangqi-start", &ThreeLevelXiangqi::default(), 3);
    g.finish();
}

criterion_group! {
    name = benches;
    config = dimchess_benches::config();
    targets = bench
}
criterion_main!(benches);
