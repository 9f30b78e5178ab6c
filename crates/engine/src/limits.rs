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
        self.time().map(|(t, _)| t)
    }

    /// When iterative deepening starts no new iteration: once half the budget has passed
    /// (the next would not finish) when the clock sets the budget, so that the time saved
    /// stays on the clock for later moves. A movetime alone sets none: its time is this
    /// move's to use (UCI's `go movetime` searches exactly that long), and an iteration cut
    /// short by it still plays a move that beat the last iteration's best.
    pub(crate) fn soft_budget(&self) -> Option<Duration> {
        match self.time()? {
            (t, true) => Some(t / 2),
            (_, false) => None,
        }
    }

    /// [`Limits::budget`], and whether the clock set it (rather than the movetime).
    fn time(&self) -> Option<(Duration, bool)> {
        let from_clock = self.clock.map(|c| {
            let share = c.time / c.moves_to_go.unwrap_or(30).clamp(1, 30);
            let t = share + c.increment * 3 / 4;
            t.min(c.time / 2)
        });
        let (t, clock) = match (self.movetime, from_clock) {
            (Some(a), Some(b)) => (a.min(b), b < a),
            (Some(a), None) => (a, false),
            (None, Some(b)) => (b, true),
            (None, None) => return None,
        };
        // A margin for the answer itself: 2 ms or a twentieth, whichever is more, at most 20 ms.
        let margin = (t / 20).clamp(Duration::from_millis(2), Duration::from_millis(20));
        Some((
            t.saturating_sub(margin).max(Duration::from_millis(1)),
            clock,
        ))
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

    #[test]
    fn only_a_clock_stops_iterations_early() {
        let clock = Clock {
            time: Duration::from_secs(60),
            increment: Duration::ZERO,
            moves_to_go: None,
        };
        let on_clock = Limits {
            clock: Some(clock),
            ..Limits::default()
        };
        assert_eq!(
            on_clock.soft_budget(),
            on_clock.budget().map(|b| b / 2),
            "a clock's share: half of it"
        );
        assert_eq!(Limits::movetime_ms(100).soft_budget(), None);
        // Both: the smaller decides.
        let both = Limits {
            movetime: Some(Duration::from_secs(10)),
            ..on_clock
        };
        assert_eq!(both.soft_budget(), on_clock.soft_budget());
        let both = Limits {
            movetime: Some(Duration::from_millis(100)),
            ..on_clock
        };
        assert_eq!(both.soft_budget(), None);
        assert_eq!(Limits::depth(3).soft_budget(), None);
    }
}
