//! The players of a match, as `dimchess match` names them: `random`, `greedy`,
//! `engine[:depth=N|:movetime=MS|:nodes=N|:algo=brs|paranoid|maxn]` (the in-process engine) and
//! `uci:PATH[:args=WORDS][:name=NAME][:depth=N|:movetime=MS|:nodes=N][:Option=value...]` (an
//! engine process speaking UCI; `args=uci` for a `dimchess` binary, which speaks it as
//! `dimchess uci`).
//!
//! ```
//! use dimchess_arena::player::{PlayerKind, PlayerSpec};
//!
//! let p = PlayerSpec::parse("engine:depth=3", 100).unwrap();
//! assert!(matches!(p.kind, PlayerKind::Engine { .. }));
//! let p = PlayerSpec::parse("uci:/usr/games/stockfish:UCI_Elo=2000:movetime=50", 100).unwrap();
//! let PlayerKind::Uci { path, args, options, limits } = &p.kind else { unreachable!() };
//! assert_eq!(path, "/usr/games/stockfish");
//! assert!(args.is_empty());
//! assert_eq!(options, &[("UCI_Elo".to_string(), "2000".to_string())]);
//! assert_eq!(limits.movetime, Some(std::time::Duration::from_millis(50)));
//! let p = PlayerSpec::parse("uci:target/old/release/dimchess:args=uci:name=old", 100).unwrap();
//! assert_eq!(p.name, "old");
//! assert!(PlayerSpec::parse("alien", 100).is_err());
//! ```

use std::time::Duration;

use dimchess_any::engine::{Algorithm, Limits};

use crate::Error;

/// What a player is.
///
/// ```
/// use dimchess_arena::player::{PlayerKind, PlayerSpec};
/// assert_eq!(PlayerSpec::parse("random", 100).unwrap().kind, PlayerKind::Random);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerKind {
    /// A uniformly random legal move (from the match's seeded generator).
    Random,
    /// The best one-ply move by material (`dimchess_any::engine::greedy_move`), ties broken
    /// by the match's generator.
    Greedy,
    /// The in-process engine (`AnyEngine`), a new one for each game.
    Engine {
        /// Its limits per move.
        limits: Limits,
        /// Its search for four players.
        algorithm: Algorithm,
    },
    /// An engine process speaking UCI; one process per player and match thread, kept
    /// between games (`ucinewgame`) and started again after it failed.
    Uci {
        /// The program.
        path: String,
        /// Its arguments (`args=`, split at blanks).
        args: Vec<String>,
        /// `setoption`s, in order (name, value).
        options: Vec<(String, String)>,
        /// Its limits per move (`go depth`, `go nodes`, `go movetime`).
        limits: Limits,
    },
}

/// A player as named on the command line: its name and what it is.
///
/// ```
/// use dimchess_arena::player::PlayerSpec;
/// let p = PlayerSpec::parse("uci:./engine:name=mine", 100).unwrap();
/// assert_eq!(p.name, "mine");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    /// The text it was read from (or a UCI player's `name=`), which names it in reports
    /// and records.
    pub name: String,
    /// What it is.
    pub kind: PlayerKind,
}

/// The limits `depth=N`, `movetime=MS`, `nodes=N` of an option `key=value`, or `None` if
/// `key` is not a limit.
fn limit(limits: &mut Limits, key: &str, value: &str) -> Option<Result<(), Error>> {
    let r = match key {
        "depth" => number(value, "depth", 1, 64).map(|n| limits.depth = Some(n as u32)),
        "movetime" => number(value, "movetime", 1, 86_400_000)
            .map(|n| limits.movetime = Some(Duration::from_millis(n))),
        "nodes" => number(value, "nodes", 1, u64::MAX).map(|n| limits.nodes = Some(n)),
        _ => return None,
    };
    Some(r)
}

/// A number in `lo..=hi` for option `name`.
fn number(text: &str, name: &str, lo: u64, hi: u64) -> Result<u64, Error> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| {
            Error::Player(format!(
                "{name} `{text}`: expected a number from {lo} to {hi}"
            ))
        })
}

impl PlayerSpec {
    /// Reads a player's text; an engine (in-process or UCI) without a limit of its own
    /// searches `movetime` milliseconds a move. For `uci:`, the fields after the path are
    /// `depth=N`, `movetime=MS`, `nodes=N` (its limits), `args=WORDS` (the program's
    /// arguments, split at blanks), `name=NAME` (its name in reports and records) or
    /// `Name=value` (a `setoption`; the name may hold blanks, neither may hold `:`).
    ///
    /// ```
    /// use dimchess_arena::player::PlayerSpec;
    /// assert_eq!(PlayerSpec::parse("greedy", 100).unwrap().name, "greedy");
    /// assert!(PlayerSpec::parse("engine:depth=99", 100).is_err());
    /// ```
    pub fn parse(text: &str, movetime: u64) -> Result<PlayerSpec, Error> {
        let mut parts = text.split(':');
        let head = parts.next().unwrap_or("");
        let mut name = text.to_string();
        let default_time = |limits: &mut Limits| {
            if *limits == Limits::default() {
                limits.movetime = Some(Duration::from_millis(movetime));
            }
        };
        let kind = match head {
            "random" => PlayerKind::Random,
            "greedy" => PlayerKind::Greedy,
            "engine" => {
                let mut limits = Limits::default();
                let mut algorithm = Algorithm::BrsPlus;
                for opt in parts.by_ref() {
                    let (k, v) = opt.split_once('=').unwrap_or((opt, ""));
                    match (k, v) {
                        ("algo", "brs") => algorithm = Algorithm::BrsPlus,
                        ("algo", "paranoid") => algorithm = Algorithm::Paranoid,
                        ("algo", "maxn") => algorithm = Algorithm::MaxN,
                        _ => match limit(&mut limits, k, v) {
                            Some(r) => r?,
                            None => {
                                return Err(Error::Player(format!(
                                    "player `{text}`: unknown option `{opt}` (depth=N, movetime=MS, nodes=N, algo=brs|paranoid|maxn)"
                                )));
                            }
                        },
                    }
                }
                default_time(&mut limits);
                PlayerKind::Engine { limits, algorithm }
            }
            "uci" => {
                let path = parts.next().unwrap_or("");
                if path.is_empty() {
                    return Err(Error::Player(format!(
                        "player `{text}`: expected uci:PATH[:Option=value...]"
                    )));
                }
                let mut limits = Limits::default();
                let mut options = Vec::new();
                let mut args = Vec::new();
                for opt in parts.by_ref() {
                    let Some((k, v)) = opt.split_once('=').filter(|(k, _)| !k.trim().is_empty())
                    else {
                        return Err(Error::Player(format!(
                            "player `{text}`: `{opt}` is not Option=value (or depth=N, movetime=MS, nodes=N)"
                        )));
                    };
                    if let Some(r) = limit(&mut limits, k, v) {
                        r?;
                    } else if k == "args" {
                        args = v.split_whitespace().map(str::to_string).collect();
                    } else if k == "name" && !v.trim().is_empty() {
                        name = v.trim().to_string();
                    } else {
                        options.push((k.trim().to_string(), v.to_string()));
                    }
                }
                default_time(&mut limits);
                PlayerKind::Uci {
                    path: path.to_string(),
                    args,
                    options,
                    limits,
                }
            }
            _ => {
                return Err(Error::Player(format!(
                    "player `{text}`: expected random, greedy, engine[:depth=N|:movetime=MS|:nodes=N|:algo=brs|paranoid|maxn] or uci:PATH[:args=WORDS][:Option=value...]"
                )));
            }
        };
        if matches!(kind, PlayerKind::Random | PlayerKind::Greedy) && parts.next().is_some() {
            return Err(Error::Player(format!(
                "player `{text}`: `{head}` takes no options"
            )));
        }
        Ok(PlayerSpec { name, kind })
    }

    /// Whether the player reports a score with its moves (the engines), which adjudication
    /// needs.
    ///
    /// ```
    /// use dimchess_arena::player::PlayerSpec;
    /// assert!(PlayerSpec::parse("uci:/bin/engine", 100).unwrap().reports_scores());
    /// assert!(!PlayerSpec::parse("random", 100).unwrap().reports_scores());
    /// ```
    pub fn reports_scores(&self) -> bool {
        matches!(
            self.kind,
            PlayerKind::Engine { .. } | PlayerKind::Uci { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        PlayerSpec::parse(text, 100).unwrap_err().to_string()
    }

    /// The messages `dimchess match` has always printed (tests/golden/error-bad-player.txt).
    #[test]
    fn errors_name_the_culprit() {
        assert_eq!(
            err("alien"),
            "player `alien`: expected random, greedy, engine[:depth=N|:movetime=MS|:nodes=N|:algo=brs|paranoid|maxn] or uci:PATH[:args=WORDS][:Option=value...]"
        );
        assert_eq!(
            err("random:x"),
            "player `random:x`: `random` takes no options"
        );
        assert_eq!(
            err("engine:depth=0"),
            "depth `0`: expected a number from 1 to 64"
        );
        assert_eq!(
            err("engine:foo"),
            "player `engine:foo`: unknown option `foo` (depth=N, movetime=MS, nodes=N, algo=brs|paranoid|maxn)"
        );
        assert_eq!(
            err("uci"),
            "player `uci`: expected uci:PATH[:Option=value...]"
        );
        assert_eq!(
            err("uci:"),
            "player `uci:`: expected uci:PATH[:Option=value...]"
        );
        assert!(err("uci:/bin/x:Hash").contains("`Hash` is not Option=value"));
        assert!(err("uci:/bin/x:=3").contains("is not Option=value"));
        assert_eq!(
            err("uci:/bin/x:nodes=x"),
            format!("nodes `x`: expected a number from 1 to {}", u64::MAX)
        );
    }

    #[test]
    fn an_engine_without_limits_gets_the_match_movetime() {
        let p = PlayerSpec::parse("uci:./e:Skill Level=3:args=uci  -q", 250).unwrap();
        assert_eq!(p.name, "uci:./e:Skill Level=3:args=uci  -q");
        let PlayerKind::Uci {
            limits,
            options,
            args,
            ..
        } = p.kind
        else {
            panic!()
        };
        assert_eq!(args, ["uci", "-q"]);
        assert_eq!(limits.movetime, Some(Duration::from_millis(250)));
        assert_eq!(options, [("Skill Level".to_string(), "3".to_string())]);
        let p = PlayerSpec::parse("engine:nodes=500:algo=paranoid", 250).unwrap();
        assert_eq!(
            p.kind,
            PlayerKind::Engine {
                limits: Limits::nodes(500),
                algorithm: Algorithm::Paranoid
            }
        );
        assert!(p.reports_scores());
        let p = PlayerSpec::parse("engine:algo=maxn", 250).unwrap();
        assert_eq!(
            p.kind,
            PlayerKind::Engine {
                limits: Limits::movetime_ms(250),
                algorithm: Algorithm::MaxN
            }
        );
        assert!(!PlayerSpec::parse("greedy", 1).unwrap().reports_scores());
    }
}
