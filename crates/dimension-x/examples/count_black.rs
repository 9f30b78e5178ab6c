//! Profiling helper: counts Black's turns after one White turn, many times.
use dimchess_core::Position;
use dimchess_dimension_x::DxPosition;
fn main() {
    let mut p = DxPosition::start();
    p.play_text("e2e4,E2e2").unwrap();
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..2000 {
        n += p.count_legal_moves();
    }
    println!("{n} in {:?}", t.elapsed());
}
