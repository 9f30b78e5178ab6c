//! `go`: its parameters read into the search's limits (depths, nodes, clocks, `searchmoves`,
//! `infinite` and `ponder`), then the search started.

use std::time::Duration;

use dimchess_any::engine::{AnyEngine, Clock, Limits};
use dimchess_any::{AnyMove, AnyPosition, Describe, Position};

use crate::error::UciError;
use crate::session::Uci;

/// The limits of one `go` command.
#[derive(Clone, Debug, Default)]
struct Go {
    limits: Limits,
    /// The root moves of `searchmoves` (empty: every move).
    among: Vec<AnyMove>,
    /// `infinite` (or no limit at all with `ponder`): `bestmove` waits for `stop`.
    infinite: bool,
    ponder: bool,
}

impl Uci {
    /// Reads `go`'s parameters; what it cannot use is reported and ignored.
    fn parse_go(&self, args: &[&str]) -> Go {
        let mut go = Go::default();
        let mut times: [Option<Duration>; 4] = [None; 4];
        let mut incs: [Option<Duration>; 4] = [None; 4];
        let mut moves_to_go = None;
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            let value = args.get(i + 1).copied();
            // Times may be negative (some GUIs send them when a clock has run out): 0.
            let ms = || {
                value
                    .and_then(|v| v.parse::<i64>().ok())
                    .map(|v| Duration::from_millis(v.max(0) as u64))
            };
            let count = || value.and_then(|v| v.parse::<u64>().ok());
            let seat = match key {
                "wtime" | "winc" | "time1" | "inc1" => Some(0),
                "btime" | "binc" | "time2" | "inc2" => Some(1),
                "time3" | "inc3" => Some(2),
                "time4" | "inc4" => Some(3),
                _ => None,
            };
            let ok = match key {
                "infinite" => {
                    go.infinite = true;
                    i += 1;
                    continue;
                }
                "ponder" => {
                    go.ponder = true;
                    i += 1;
                    continue;
                }
                "searchmoves" => {
                    i += 1;
                    let legal = self.position.moves_with_text();
                    while i < args.len() && !is_go_keyword(args[i]) {
                        match legal.iter().find(|(_, t)| t == args[i]) {
                            Some((m, _)) => go.among.push(*m),
                            None => self.report(&UciError::BadArguments {
                                command: "go",
                                reason: format!(
                                    "searchmoves: `{}` is not a legal move here: ignored",
                                    args[i]
                                ),
                            }),
                        }
                        i += 1;
                    }
                    if !go.among.is_empty() && !AnyEngine::supports_root_choice(&self.position) {
                        self.say(&format!(
                            "info string searchmoves is not supported for {}: searching every move",
                            self.variant.id
                        ));
                        go.among.clear();
                    }
                    continue;
                }
                "depth" => count()
                    .map(|d| go.limits.depth = Some(d.clamp(1, 1000) as u32))
                    .is_some(),
                "nodes" => count().map(|n| go.limits.nodes = Some(n)).is_some(),
                "movetime" => ms().map(|t| go.limits.movetime = Some(t)).is_some(),
                "movestogo" => count()
                    .map(|n| moves_to_go = Some(n.clamp(1, 1000) as u32))
                    .is_some(),
                "mate" => count()
                    .map(|n| {
                        // A win in n own turns is seen n - 1 full rounds and a ply deep.
                        let players = players(&self.position) as u64;
                        let d = n.clamp(1, 100) * players;
                        go.limits.depth = Some(d.saturating_sub(players - 1) as u32);
                    })
                    .is_some(),
                k if seat.is_some() && k.contains("time") => {
                    ms().map(|t| times[seat.unwrap_or(0)] = Some(t)).is_some()
                }
                _ if seat.is_some() => ms().map(|t| incs[seat.unwrap_or(0)] = Some(t)).is_some(),
                _ => {
                    self.report(&UciError::BadArguments {
                        command: "go",
                        reason: format!("unknown parameter `{key}` ignored"),
                    });
                    i += 1;
                    continue;
                }
            };
            if !ok {
                self.report(&UciError::BadArguments {
                    command: "go",
                    reason: format!(
                        "`{key}` needs a number, not `{}`: ignored",
                        value.unwrap_or("")
                    ),
                });
            }
            i += 2;
        }
        let seat = self.position.turn().min(3);
        if let Some(time) = times[seat] {
            go.limits.clock = Some(Clock {
                time,
                increment: incs[seat].unwrap_or_default(),
                moves_to_go,
            });
        }
        go
    }

    /// `go`: the limits, then the search on its thread (`infinite` and `ponder` search without
    /// limits and hold `bestmove` until `stop`).
    pub(crate) fn go(&mut self, args: &[&str]) {
        let mut go = self.parse_go(args);
        go.limits.multipv = self.multipv;
        if self.multipv > 1 && !AnyEngine::supports_root_choice(&self.position) {
            self.say(&format!(
                "info string MultiPV above 1 is not supported for {}: one line",
                self.variant.id
            ));
            go.limits.multipv = 1;
        }
        self.among = go.among;
        let (limits, ponder_limits) = if go.ponder {
            (
                Limits {
                    multipv: go.limits.multipv,
                    ..Limits::default()
                },
                Some(go.limits),
            )
        } else if go.infinite {
            (
                Limits {
                    multipv: go.limits.multipv,
                    ..Limits::default()
                },
                None,
            )
        } else {
            (go.limits, None)
        };
        self.start(limits, go.infinite || go.ponder, ponder_limits);
    }
}

/// The number of seats of `pos`'s variant.
fn players(pos: &AnyPosition) -> usize {
    pos.layout().players.len().max(1)
}

/// Whether `t` is a `go` parameter (it ends a `searchmoves` list).
fn is_go_keyword(t: &str) -> bool {
    matches!(
        t,
        "searchmoves"
            | "ponder"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
    ) || t.starts_with("time")
        || t.starts_with("inc")
}
