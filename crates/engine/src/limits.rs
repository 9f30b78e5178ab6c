//! When a search stops: depth, nodes, time per move, a clock.

use std::time::Duration;

/// The clock of the player to move (UCI's `wtime`/`winc`/`movestogo`, for whichever seat is
/// to move).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search; the search stops at the first one reached (and when its stop
/// flag is set). With no limit at all it searches to the maximum depth.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The last iteration's depth in plies.
    pub depth: Option<u32>,
    /// Nodes to search (checked every few dozen nodes).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The clock of the player to move; the search takes a share of it.
    pub clock: Option<Clock>,
    /// Principal variations to report (UCI's `MultiPV`): each iteration reports the best
    /// `multipv` root moves, each with its own score and line (0 and 1 both mean one line;
    /// more than the root has moves means every move).
    pub multipv: usize,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `ms` milliseconds.
    pub fn movetime_ms(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    /// Search `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// The hard time budget: the movetime, or a share of the clock (a thirtieth of the time
    /// left or `time / moves_to_go`, plus most of the increment, never more than half the
    /// time left), less a small margin for answering.
    pub(crate) fn budget(&self) -> Option<Duration> {
        let from_clock = self.clock.map(|c| {
            let share = c.time / c.moves_to_go.unwrap_or(30).clamp(1, 30);
            let t = share + c.increment * 3 / 4;
            t.min(c.time / 2)
        });
        let t = match (self.movetime, from_clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }?;
        // A margin for the answer itself: 2 ms or a twentieth, whichever is more, at most 20 ms.
        let margin = (t / 20).clamp(Duration::from_millis(2), Duration::from_millis(20));
        Some(t.saturating_sub(margin).max(Duration::from_millis(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_share_never_exceeds_half_the_time() {
        let l = Limits {
            clock: Some(Clock {
                time: Duration::from_millis(100),
                increment: Duration::from_secs(10),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        assert!(l.budget().unwrap() <= Duration::from_millis(50));
        let l = Limits::movetime_ms(1000);
        let b = l.budget().unwrap();
        assert!(b < Duration::from_millis(1000) && b >= Duration::from_millis(950));
        assert_eq!(Limits::depth(3).budget(), None);
    }
}
