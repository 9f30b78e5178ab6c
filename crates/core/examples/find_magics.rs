//! Prints the magic factors that `board8` records (found by dimchess-core's deterministic
//! search): `cargo run --release -p dimchess-core --example find_magics`.
use dimchess_core::attacks::RayTable;
use dimchess_core::geometry::{Geometry, vectors};
use dimchess_core::magic::MagicTable;
fn main() {
    let g = Geometry::new(&[8, 8]);
    for (name, v) in [("ROOK", vectors(2, &[1])), ("BISHOP", vectors(2, &[1, 1]))] {
        let t = MagicTable::new(&RayTable::<1>::new(&g, &v, None), 64);
        println!("const {name}_MAGICS: [u64; 64] = [");
        for m in t.magics() {
            println!("    0x{m:016x},");
        }
        println!("];");
    }
}
