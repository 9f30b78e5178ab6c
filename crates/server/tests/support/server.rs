//! A `dimchess serve` process for the drivers (`examples/web_load.rs`, `examples/web_restart.rs`):
//! started on a port and a database file, waited for, and the loopback addresses their
//! clients come from (the rate limits are per address).
#![allow(dead_code)]

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The `i`-th loopback address of block `block` (`127.block.x.y`), so that every client has
/// an address of its own.
pub fn addr_of(i: usize, block: u8) -> Option<IpAddr> {
    Some(IpAddr::V4(Ipv4Addr::new(
        127,
        block,
        (i / 250) as u8,
        (i % 250 + 1) as u8,
    )))
}

/// Starts `bin serve` on `port` with the database `db`; its stderr shown if `show_errors`.
pub fn start(bin: &str, port: u16, db: &str, show_errors: bool) -> Child {
    Command::new(bin)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", db])
        .stdout(Stdio::null())
        .stderr(if show_errors {
            Stdio::inherit()
        } else {
            Stdio::null()
        })
        .spawn()
        .expect("start the server")
}

/// Whether the server at `addr` answers within 10 s.
pub async fn wait_up(addr: SocketAddr) -> bool {
    for _ in 0..400 {
        if let Ok((200, _)) =
            super::client::http(addr, None, "GET", "/api/variants", None, "").await
        {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    false
}
