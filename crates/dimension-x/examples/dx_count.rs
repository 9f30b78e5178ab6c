//! Dimension X's turn-counting search, sampled as perft(2) from the start does it.
//!
//! `dx_count [STRIDE]`: counts the legal turns of every `STRIDE`-th child of the start (1:
//! all 19,060, which is perft(2) = 363,283,600) and prints the sum, the number of children
//! counted and the seconds. `STRIDE` 100 (191 children) is the sample profiled with callgrind
//! in docs/performance.md.

use dimchess_core::Position;
use dimchess_dimension_x::DxPosition;

fn main() {
    let stride: usize = std::env::args()
        .nth(1)
        .map_or(1, |s| s.parse().expect("STRIDE: a positive integer"));
    let start = DxPosition::start();
    let turns = start.legal_turns();
    let t0 = std::time::Instant::now();
    let mut sum = 0u64;
    let mut n = 0usize;
    for t in turns.iter().step_by(stride.max(1)) {
        sum += start.after(t).count_legal_moves();
        n += 1;
    }
    println!(
        "{sum} turns in {n} children, {:.3} s",
        t0.elapsed().as_secs_f64()
    );
}
