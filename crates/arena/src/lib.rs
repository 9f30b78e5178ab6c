//! Matches between players of any dimchess variant, the way chess engine authors test
//! (fastchess, cutechess-cli, OpenBench): what `dimchess match` and `dimchess openings` run.
//!
//! - [`player`]: `random`, `greedy`, the in-process `engine`, and `uci:PATH`, any engine
//!   process that speaks UCI (with `UCI_Variant` for the variants: [`uci`]);
//! - [`runner`]: a match: games on several threads, openings played in pairs with colours
//!   reversed (each seat in turn for four players), every move checked by the rules
//!   (`record::Game::play`: an illegal move loses, and so does an engine that does not answer
//!   in time or dies), adjudication ([`adjudicate`]), an SPRT stop ([`stats`]);
//! - [`openings`]: openings files, and balanced positions made for them;
//! - [`tune`]: Texel tuning of a variant's evaluation on its own self-play games.
//!
//! ```
//! use dimchess_arena::player::PlayerSpec;
//! use dimchess_arena::runner::{Event, MatchConfig, run};
//! use dimchess_any::registry;
//!
//! let players = vec![
//!     PlayerSpec::parse("engine:depth=1", 100).unwrap(),
//!     PlayerSpec::parse("random", 100).unwrap(),
//! ];
//! let mut config = MatchConfig::new(vec![registry::start("fide").unwrap()], players);
//! config.games = 2;
//! config.max_plies = Some(40);
//! let mut lines = Vec::new();
//! let tally = run(&config, |event| {
//!     if let Event::Game { report, .. } = event {
//!         lines.push(report.outcome_text.clone());
//!     }
//!     Ok(())
//! })
//! .unwrap();
//! assert_eq!(tally.games, 2);
//! assert_eq!(tally.pentanomial.pairs(), 1);
//! assert_eq!(lines.len(), 2);
//! ```

// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-arena/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod adjudicate;
pub mod openings;
pub mod player;
mod rng;
pub mod runner;
pub mod stats;
pub mod tune;
pub mod uci;

/// What can stop a match or an openings run (its text is the one-line message the tool
/// prints).
///
/// ```
/// let e = dimchess_arena::player::PlayerSpec::parse("alien", 100).unwrap_err();
/// assert!(matches!(e, dimchess_arena::Error::Player(_)));
/// assert!(e.to_string().starts_with("player `alien`"));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A player's text does not read.
    #[error("{0}")]
    Player(String),
    /// An openings file does not read, or positions could not be made.
    #[error("{0}")]
    Openings(String),
    /// The match's settings do not fit together (players for the seats, SPRT for four).
    #[error("{0}")]
    Config(String),
    /// A UCI engine could not be started or set up before the match.
    #[error("player `{player}`: {source}")]
    Uci {
        /// The player's text.
        player: String,
        /// What went wrong.
        source: uci::UciError,
    },
    /// An in-process player failed, or the rules refused a position.
    #[error("{0}")]
    Game(String),
    /// The observer of a match asked it to stop (its message).
    #[error("{0}")]
    Observer(String),
}

impl From<dimchess_any::Error> for Error {
    fn from(e: dimchess_any::Error) -> Error {
        Error::Game(e.to_string())
    }
}
