//! Adjudication of long games by the scores both engines report, as fastchess and cutechess
//! do (`-resign`, `-draw`): a game whose outcome both sides agree on need not be played out.
//! Two-player games between players that report scores only (the engines).
//!
//! ```
//! use dimchess_arena::adjudicate::{Adjudication, Tracker};
//! use dimchess_any::{engine::Score, Outcome};
//!
//! let rules: Adjudication = Adjudication {
//!     win: Some("400:3".parse().unwrap()),
//!     draw: None,
//! };
//! let mut t = Tracker::default();
//! // White (seat 0) says +450, Black says -500 (its own view), three times each.
//! let mut verdict = None;
//! for ply in 0..6 {
//!     let (mover, score) = if ply % 2 == 0 { (0, 450) } else { (1, -500) };
//!     verdict = t.update(&rules, mover, Some(Score::Cp(score)), ply + 1);
//! }
//! assert_eq!(verdict, Some(Outcome::Win { winner: 0, reason: "adjudication" }));
//! ```

use dimchess_any::Outcome;
use dimchess_any::engine::Score;

/// The reason an adjudicated game's outcome gives (its record's `Termination` tag).
pub const REASON: &str = "adjudication";

/// Win adjudication: both engines agree that the same side is ahead by at least `cp`
/// centipawns (or mates) for `moves` moves each in a row.
///
/// ```
/// use dimchess_arena::adjudicate::WinRule;
/// assert_eq!("400:3".parse::<WinRule>(), Ok(WinRule { cp: 400, moves: 3 }));
/// assert!("400".parse::<WinRule>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinRule {
    /// The margin, in centipawns.
    pub cp: i32,
    /// Consecutive moves of each engine.
    pub moves: u32,
}

/// Draw adjudication: from move `after_move` on (the game's `2 × after_move`-th ply played),
/// both engines' scores within `cp` of 0 for `moves` moves each in a row.
///
/// ```
/// use dimchess_arena::adjudicate::DrawRule;
/// let r: DrawRule = "40:10:8".parse().unwrap();
/// assert_eq!((r.after_move, r.cp, r.moves), (40, 10, 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first move number at which a draw can be adjudicated.
    pub after_move: u32,
    /// The largest score (either sign) that counts as even, in centipawns.
    pub cp: i32,
    /// Consecutive moves of each engine.
    pub moves: u32,
}

/// Which adjudications a match applies (none by default).
///
/// ```
/// use dimchess_arena::adjudicate::Adjudication;
/// assert!(!Adjudication::default().is_active());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Wins by agreed scores.
    pub win: Option<WinRule>,
    /// Draws by agreed scores.
    pub draw: Option<DrawRule>,
}

impl Adjudication {
    /// Whether any adjudication is asked for.
    ///
    /// ```
    /// use dimchess_arena::adjudicate::Adjudication;
    /// let a = Adjudication { win: Some("400:3".parse().unwrap()), draw: None };
    /// assert!(a.is_active());
    /// ```
    pub fn is_active(&self) -> bool {
        self.win.is_some() || self.draw.is_some()
    }
}

fn fields<const N: usize>(text: &str, form: &str) -> Result<[u32; N], String> {
    let parts: Vec<&str> = text.split(':').collect();
    let values: Option<Vec<u32>> = parts.iter().map(|p| p.trim().parse().ok()).collect();
    values
        .and_then(|v| <[u32; N]>::try_from(v).ok())
        .filter(|v| v[N - 1] >= 1 && v.iter().all(|&x| x <= 100_000))
        .ok_or_else(|| {
            format!("`{text}`: expected {form}, whole numbers up to 100000, MOVES at least 1")
        })
}

/// `CP:MOVES` (the values of `--adjudicate-win`), e.g. `400:3`.
impl std::str::FromStr for WinRule {
    type Err = String;

    fn from_str(text: &str) -> Result<WinRule, String> {
        let [cp, moves] = fields::<2>(text, "CP:MOVES")?;
        Ok(WinRule {
            cp: cp as i32,
            moves,
        })
    }
}

/// `MOVE:CP:MOVES` (the values of `--adjudicate-draw`), e.g. `40:10:8`.
impl std::str::FromStr for DrawRule {
    type Err = String;

    fn from_str(text: &str) -> Result<DrawRule, String> {
        let [after_move, cp, moves] = fields::<3>(text, "MOVE:CP:MOVES")?;
        Ok(DrawRule {
            after_move,
            cp: cp as i32,
            moves,
        })
    }
}

/// The scores of one game so far: runs of consecutive plies whose scores agree (see the
/// module's example).
///
/// ```
/// use dimchess_arena::adjudicate::{Adjudication, Tracker};
/// use dimchess_any::engine::Score;
/// let rules = Adjudication { win: None, draw: Some("1:10:1".parse().unwrap()) };
/// let mut t = Tracker::default();
/// assert_eq!(t.update(&rules, 0, Some(Score::Cp(3)), 1), None);
/// assert!(t.update(&rules, 1, Some(Score::Cp(-2)), 2).is_some());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Tracker {
    /// Plies in a row in which the mover's score gave `win_side` at least the win margin.
    win_run: u32,
    win_side: usize,
    /// Plies in a row with a score within the draw margin.
    draw_run: u32,
}

/// A score for seat 0 (`None` for a mate): the mover's score turned round for seat 1.
fn for_seat0(mover: usize, score: Score) -> (Option<i32>, i8) {
    let sign = if mover == 0 { 1 } else { -1 };
    match score {
        Score::Cp(v) => (Some(v * sign as i32), 0),
        Score::Win(_) => (None, sign),
        Score::Loss(_) => (None, -sign),
    }
}

impl Tracker {
    /// Takes the score `mover` (0 or 1) reported with the move that made the game `plies`
    /// plies long (`None`: no score, which breaks every run), and says whether the game is
    /// adjudicated now.
    ///
    /// ```
    /// use dimchess_arena::adjudicate::{Adjudication, Tracker};
    /// let rules = Adjudication { win: Some("400:1".parse().unwrap()), draw: None };
    /// let mut t = Tracker::default();
    /// t.update(&rules, 0, None, 1); // no score: no adjudication
    /// assert_eq!(t.update(&rules, 1, None, 2), None);
    /// ```
    pub fn update(
        &mut self,
        rules: &Adjudication,
        mover: usize,
        score: Option<Score>,
        plies: usize,
    ) -> Option<Outcome> {
        let Some(score) = score else {
            *self = Tracker::default();
            return None;
        };
        let (cp, mate_sign) = for_seat0(mover, score);
        if let Some(win) = rules.win {
            let side = match (cp, mate_sign) {
                (Some(v), _) if v >= win.cp => Some(0),
                (Some(v), _) if v <= -win.cp => Some(1),
                (None, s) if s > 0 => Some(0),
                (None, _) => Some(1),
                _ => None,
            };
            match side {
                Some(s) if self.win_run > 0 && self.win_side == s => self.win_run += 1,
                Some(s) => (self.win_run, self.win_side) = (1, s),
                None => self.win_run = 0,
            }
            if self.win_run >= 2 * win.moves {
                return Some(Outcome::Win {
                    winner: self.win_side,
                    reason: REASON,
                });
            }
        }
        if let Some(draw) = rules.draw {
            match cp {
                Some(v) if v.abs() <= draw.cp => self.draw_run += 1,
                _ => self.draw_run = 0,
            }
            if self.draw_run >= 2 * draw.moves && plies as u64 >= 2 * u64::from(draw.after_move) {
                return Some(Outcome::Draw { reason: REASON });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both() -> Adjudication {
        Adjudication {
            win: Some("400:3".parse().unwrap()),
            draw: Some("40:10:8".parse().unwrap()),
        }
    }

    /// Plays `scores` (each the mover's own, movers alternating from seat 0) from ply
    /// `first_ply`, returning the ply of the adjudication and its outcome.
    fn run(scores: &[Option<Score>], first_ply: usize) -> Option<(usize, Outcome)> {
        let mut t = Tracker::default();
        for (i, s) in scores.iter().enumerate() {
            if let Some(o) = t.update(&both(), i % 2, *s, first_ply + i) {
                return Some((first_ply + i, o));
            }
        }
        None
    }

    #[test]
    fn a_win_needs_both_sides_for_three_moves_each() {
        let agree = [Some(Score::Cp(-420)), Some(Score::Cp(430))]; // Black ahead
        let scores: Vec<_> = agree.iter().cycle().take(6).copied().collect();
        let (ply, o) = run(&scores, 1).unwrap();
        assert_eq!(ply, 6);
        assert_eq!(
            o,
            Outcome::Win {
                winner: 1,
                reason: REASON
            }
        );
        // Five plies are not enough.
        assert_eq!(run(&scores[..5], 1), None);
        // One engine disagreeing breaks the run.
        let mut broken = scores.clone();
        broken[3] = Some(Score::Cp(100));
        assert_eq!(run(&broken, 1), None);
        // Both claiming to be winning is no agreement.
        let claims = [Some(Score::Cp(500)), Some(Score::Cp(500))];
        let scores: Vec<_> = claims.iter().cycle().take(10).copied().collect();
        assert_eq!(run(&scores, 1), None);
    }

    #[test]
    fn mates_count_as_winning_scores() {
        let scores = [
            Some(Score::Win(5)),
            Some(Score::Loss(4)),
            Some(Score::Cp(900)),
            Some(Score::Cp(-800)),
            Some(Score::Win(3)),
            Some(Score::Loss(2)),
        ];
        let (_, o) = run(&scores, 1).unwrap();
        assert_eq!(
            o,
            Outcome::Win {
                winner: 0,
                reason: REASON
            }
        );
    }

    #[test]
    fn a_draw_waits_for_move_forty_and_sixteen_quiet_plies() {
        let quiet = vec![Some(Score::Cp(5)); 16];
        assert_eq!(run(&quiet, 1), None, "before move 40");
        let (ply, o) = run(&quiet, 70).unwrap();
        assert_eq!((ply, o), (85, Outcome::Draw { reason: REASON }));
        let mut loud = quiet.clone();
        loud[8] = Some(Score::Cp(-11));
        assert_eq!(run(&loud, 70), None);
        let mut unknown = quiet.clone();
        unknown[10] = None;
        assert_eq!(run(&unknown, 70), None);
    }

    #[test]
    fn rules_are_read_and_checked() {
        assert_eq!(
            "400:3".parse::<WinRule>().unwrap(),
            WinRule { cp: 400, moves: 3 }
        );
        assert_eq!(
            "40:10:8".parse::<DrawRule>().unwrap(),
            DrawRule {
                after_move: 40,
                cp: 10,
                moves: 8
            }
        );
        for bad in ["400", "400:0", "a:3", "400:3:1", "-4:3", "999999:3"] {
            assert!(bad.parse::<WinRule>().is_err(), "{bad}");
        }
        for bad in ["40:10", "40:10:0", "40:x:8"] {
            assert!(bad.parse::<DrawRule>().is_err(), "{bad}");
        }
    }
}
