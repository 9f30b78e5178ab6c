pub mod client;
pub mod player;
