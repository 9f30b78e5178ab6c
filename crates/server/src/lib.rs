//! The web server behind `dimchess serve` (feature `serve`): a JSON API that hosts games of
//! every registered variant in memory, engine seats searching on threads of their own, and a page
//! (plain HTML, CSS and JavaScript embedded in the binary) that plays them by clicks.
//!
//! The API is described in `docs/web.md`. Every bad request is answered with a 4xx status and
//! a JSON body `{"error": "..."}`; the server holds at most [`Config::max_games`] games (the
//! least recently used evicted first) and drops a game untouched for [`Config::expiry`].
//!
//! ```
//! use dimchess_server::{Config, router};
//! let app = router(Config::default()); // an axum Router: serve it with axum::serve
//! # let _ = app;
//! ```
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-server/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod api;
mod store;

use std::net::SocketAddr;
use std::time::Duration;

pub use api::router;
pub use store::{Entry, Seat, Shared, Store};

/// The server's limits.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// The most games held at once; creating one more evicts the least recently used.
    pub max_games: usize,
    /// A game untouched this long is dropped.
    pub expiry: Duration,
    /// The largest request body, in bytes (a record of [`dimchess_any::record::MAX_RECORD_BYTES`] fits).
    pub max_body: usize,
    /// The most moves a hosted game may have (its memory is bounded with it).
    pub max_plies: usize,
    /// The longest time per move an engine seat may be given.
    pub max_movetime: Duration,
    /// Engine searches running at once (others wait their turn).
    pub engine_threads: usize,
    /// Transposition table per search, in MiB.
    pub engine_hash_mb: usize,
    /// The niceness an engine thread gives itself (Linux; 0 to 19, 0, the default, keeps the
    /// server's): the higher, the more a core goes to answering requests rather than to a
    /// search. Off by default: it bettered no p99 in the load test (docs/web.md), and on an
    /// overloaded machine a niced search thread starves (engine replies of 20 ms per move
    /// took more than 30 s at load average 19 on 2 cores).
    pub engine_nice: i32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_games: 1000,
            expiry: Duration::from_secs(24 * 3600),
            max_body: dimchess_any::record::MAX_RECORD_BYTES + 4096,
            max_plies: 5000,
            max_movetime: Duration::from_secs(10),
            // One core left to answer people's moves while the engine thinks.
            engine_threads: std::thread::available_parallelism()
                .map_or(1, |n| n.get().saturating_sub(1).max(1)),
            engine_hash_mb: 8,
            engine_nice: 0,
        }
    }
}

/// Serves the page and the API on `addr` until the process is interrupted (Ctrl-C).
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        eprintln!(
            "dimchess serve: http://{} (Ctrl-C stops)",
            listener.local_addr()?
        );
        axum::serve(listener, router(config))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}
