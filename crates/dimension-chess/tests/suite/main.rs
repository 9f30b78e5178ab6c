//! The integration tests of `dimchess-dimension-chess`, in one binary (the attack tables are
//! built once).

mod malformed;
mod perft;
mod properties;
mod reference;
mod rulings;
mod worked_examples;
