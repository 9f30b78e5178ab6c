//! Benches only: see `benches/`.
