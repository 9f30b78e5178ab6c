//! The web server behind `dimchess serve` (feature `serve`): live games of every registered
//! variant between browsers, over a WebSocket per game page; seats that belong to their
//! players (a token each, 128 random bits, stored as a SHA-256 hash); games stored in SQLite,
//! every move committed before it is acknowledged or broadcast, so they survive a restart;
//! clocks kept by the server alone; engine seats searching on threads of their own; and a
//! page (plain HTML, CSS and JavaScript embedded in the binary) that plays them by clicks.
//!
//! The API, the event protocol and the limits are described in `docs/web.md`. Every bad
//! request is answered with a 4xx status and a JSON body `{"error": "..."}`.
//!
//! ```
//! use dimchess_server::{Config, Server};
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let server = Server::start(Config { db: ":memory:".into(), ..Config::default() }).await.unwrap();
//! let app = server.router(); // an axum Router: serve it with axum::serve
//! # let _ = app;
//! # });
//! ```
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-server/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod api;
mod app;
mod db;
mod engine;
mod live;
mod retire;
mod show;
mod store;
mod token;
mod view;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// The version of the database schema this build writes (`PRAGMA user_version`); a database
/// of an older version is migrated on start, a newer one is refused.
///
/// ```
/// assert!(dimchess_server::SCHEMA_VERSION >= 1);
/// ```
pub use db::SCHEMA_VERSION;

/// The server's settings and limits (`docs/web.md`, "Limits").
///
/// ```
/// use std::time::Duration;
/// let config = dimchess_server::Config {
///     db: ":memory:".into(),
///     grace: Duration::from_secs(60),
///     ..dimchess_server::Config::default()
/// };
/// assert_eq!(config.max_ws_message, 4096);
/// ```
#[derive(Clone, Debug)]
pub struct Config {
    /// The SQLite database: a file path, or `:memory:` for one that keeps nothing.
    pub db: String,
    /// The most games held in memory without an open connection or a running clock (the
    /// least recently used idle ones are dropped from memory first; they stay in the database
    /// and are loaded again when asked for).
    pub max_games: usize,
    /// Unfinished games with no move for this long are archived.
    pub archive_after: Duration,
    /// How often idle games are looked for.
    pub archive_every: Duration,
    /// The largest request body of `POST /api/games`, in bytes (a record of
    /// [`dimchess_any::record::MAX_RECORD_BYTES`] fits).
    pub max_body: usize,
    /// The largest body of every other request, in bytes.
    pub max_small_body: usize,
    /// The largest WebSocket message, in bytes.
    pub max_ws_message: usize,
    /// Messages a connection may send: a burst, then this many per second.
    pub ws_burst: u32,
    /// See [`Config::ws_burst`].
    pub ws_per_second: u32,
    /// Game creations per client address: a burst, then one per this many milliseconds.
    pub create_burst: u32,
    /// See [`Config::create_burst`].
    pub create_period_ms: u64,
    /// Moves and other acts per client address (HTTP and WebSocket together): a burst, then
    /// one per this many milliseconds.
    pub act_burst: u32,
    /// See [`Config::act_burst`].
    pub act_period_ms: u64,
    /// WebSocket connections and state reads per client address: a burst, then one per this
    /// many milliseconds.
    pub read_burst: u32,
    /// See [`Config::read_burst`].
    pub read_period_ms: u64,
    /// Open WebSocket connections per client address.
    pub max_sockets_per_address: usize,
    /// Origins (`scheme://host[:port]`) allowed to open a WebSocket besides the server's own
    /// (a request without `Origin`, from a program rather than a browser, is allowed).
    pub allowed_origins: Vec<String>,
    /// How long a seat must be disconnected before the others may claim (doubled for time
    /// controls of 3 minutes or more and for untimed games).
    pub grace: Duration,
    /// The most moves a game may have.
    pub max_plies: usize,
    /// The longest time per move an engine seat may be given.
    pub max_movetime: Duration,
    /// The longest base time of a time control.
    pub max_base: Duration,
    /// The largest increment of a time control.
    pub max_increment: Duration,
    /// Engine searches running at once (others wait their turn).
    pub engine_threads: usize,
    /// Transposition table per search, in MiB.
    pub engine_hash_mb: usize,
    /// The niceness an engine thread gives itself (Linux; 0 to 19, 0, the default, keeps the
    /// server's).
    pub engine_nice: i32,
    /// The rulebooks the page links to, served at `/rules/<name>`: (name, Markdown text).
    /// `dimchess serve` gives those of `docs/rules`.
    pub rulebooks: &'static [(&'static str, &'static str)],
}

impl Default for Config {
    fn default() -> Config {
        Config {
            db: "dimchess.db".into(),
            max_games: 1000,
            archive_after: Duration::from_secs(30 * 24 * 3600),
            archive_every: Duration::from_secs(3600),
            max_body: dimchess_any::record::MAX_RECORD_BYTES + 4096,
            max_small_body: 4096,
            max_ws_message: 4096,
            ws_burst: 50,
            ws_per_second: 5,
            create_burst: 10,
            create_period_ms: 1000,
            act_burst: 40,
            act_period_ms: 50,
            read_burst: 60,
            read_period_ms: 100,
            max_sockets_per_address: 64,
            allowed_origins: Vec::new(),
            grace: Duration::from_secs(30),
            max_plies: 5000,
            max_movetime: Duration::from_secs(10),
            max_base: Duration::from_secs(6 * 3600),
            max_increment: Duration::from_secs(180),
            engine_threads: std::thread::available_parallelism()
                .map_or(1, |n| n.get().saturating_sub(1).max(1)),
            engine_hash_mb: 8,
            engine_nice: 0,
            rulebooks: &[],
        }
    }
}

/// A running server: its database, its games and their background tasks. Make it inside a
/// tokio runtime.
#[derive(Clone)]
pub struct Server {
    app: Arc<app::App>,
}

impl Server {
    /// Opens the database, loads every unfinished game again (their engines and clocks resume)
    /// and starts the archiving task.
    ///
    /// ```
    /// # tokio::runtime::Runtime::new().unwrap().block_on(async {
    /// let config = dimchess_server::Config { db: ":memory:".into(), ..Default::default() };
    /// let server = dimchess_server::Server::start(config).await.unwrap();
    /// assert_eq!(server.games_in_memory(), 0);
    /// # });
    /// ```
    ///
    /// # Errors
    /// The database cannot be opened or its schema is newer than this build's.
    pub async fn start(config: Config) -> Result<Server, String> {
        let app = app::App::new(config)?;
        app::resume_all(&app).await?;
        app::spawn_housekeeping(&app);
        Ok(Server { app })
    }

    /// The router of the page and the API. Serve it with client addresses
    /// (`into_make_service_with_connect_info::<SocketAddr>`): the rate limits are per address.
    ///
    /// ```no_run
    /// # tokio::runtime::Runtime::new().unwrap().block_on(async {
    /// use std::net::SocketAddr;
    /// let server = dimchess_server::Server::start(Default::default()).await.unwrap();
    /// let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await.unwrap();
    /// let app = server.router().into_make_service_with_connect_info::<SocketAddr>();
    /// axum::serve(listener, app).await.unwrap();
    /// # });
    /// ```
    pub fn router(&self) -> axum::Router {
        api::router(self.app.clone())
    }

    /// The number of games held in memory now (see [`Config::max_games`]; the example of
    /// [`Server::start`] uses it).
    pub fn games_in_memory(&self) -> usize {
        self.app.store.len()
    }

    /// Archives the unfinished games idle for longer than [`Config::archive_after`] now (the
    /// server also does it every [`Config::archive_every`]); their ids.
    ///
    /// ```
    /// # tokio::runtime::Runtime::new().unwrap().block_on(async {
    /// let config = dimchess_server::Config { db: ":memory:".into(), ..Default::default() };
    /// let server = dimchess_server::Server::start(config).await.unwrap();
    /// assert!(server.archive_now().await.is_empty());
    /// # });
    /// ```
    pub async fn archive_now(&self) -> Vec<String> {
        app::archive(&self.app).await
    }
}

/// Serves the page and the API on `addr` until the process is interrupted (Ctrl-C).
///
/// ```no_run
/// let config = dimchess_server::Config { db: "games.db".into(), ..Default::default() };
/// dimchess_server::serve("127.0.0.1:8080".parse().unwrap(), config).unwrap();
/// ```
///
/// # Errors
/// The address cannot be bound, the database cannot be opened, or the runtime cannot start.
pub fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let db = config.db.clone();
        let server = Server::start(config).await.map_err(std::io::Error::other)?;
        let listener = tokio::net::TcpListener::bind(addr).await?;
        eprintln!(
            "dimchess serve: http://{} (database {db}; Ctrl-C stops)",
            listener.local_addr()?
        );
        axum::serve(
            listener,
            server
                .router()
                .into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
    })
}
