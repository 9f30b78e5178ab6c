pub mod client;
pub mod player;
pub mod server;
