//! The UCI protocol (Universal Chess Interface) over any registered variant: what
//! `dimchess uci` speaks on stdin/stdout. The protocol as implemented, its variant extensions
//! and examples are in `docs/protocol.md`.
//!
//! [`Uci`] is the state machine: it takes one command line at a time
//! ([`Uci::command`]) and hands each response line to an output function; a `go` searches on
//! a worker thread with a stop flag, so `isready` and `stop` are answered during a search.
//! [`run`] connects it to a reader and a writer (the tool's stdin and stdout).
//!
//! ```
//! use std::sync::mpsc;
//! use dimchess_uci::Uci;
//!
//! let (tx, rx) = mpsc::channel::<String>();
//! let mut uci = Uci::new(move |line: &str| {
//!     let _ = tx.send(line.to_string());
//! });
//! uci.command("uci");
//! uci.command("position startpos moves e2e4 e7e5");
//! uci.command("go depth 3");
//! uci.wait(); // the search ends by its depth
//! let lines: Vec<String> = rx.try_iter().collect();
//! assert!(lines.iter().any(|l| l == "uciok"));
//! assert!(lines.last().unwrap().starts_with("bestmove "));
//! ```
//!
//! Conventions (see `docs/protocol.md`): tokens are separated by whitespace; a `position fen`
//! text runs to the token `moves` or the end of the line, its tokens joined by one space;
//! every move is one token (no canonical move text of any variant holds whitespace: Dimension
//! X joins a turn's actions with commas); scores are from the side to move; four-player clocks
//! are `time1`..`time4` / `inc1`..`inc4`, `wtime`/`btime` standing for seats 1 and 2.

// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-uci/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod error;
mod go;
mod options;
mod run;
mod search;
mod session;

pub use error::UciError;
pub use options::{DEFAULT_HASH_MB, MAX_THREADS};
pub use run::{MAX_LINE_BYTES, run};
pub use search::uci_score;
pub use session::Uci;
