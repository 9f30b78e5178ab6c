//! The integration tests of `dimchess-hyperspace`, in one binary (the attack tables are built
//! once per binary, which takes seconds in a debug build).

mod examples;
mod malformed;
mod perft;
mod properties;
mod rulings;
mod serde_text;
