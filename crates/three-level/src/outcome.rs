//! The game result in the core's terms (TL-17, TL-18).

use dimchess_core::Outcome;

use crate::piece::Color;
use crate::position::{Ending, ThreeLevelPosition};
use crate::rules::Rules;

/// A few words on how the game ended.
pub(crate) fn describe(e: Ending) -> String {
    match e {
        Ending::LastPlayer(c) => format!("{} wins as the last player left", c.name()),
        Ending::PromotionWin(c) => format!("{} wins by promotion", c.name()),
        Ending::ClockDraw => "draw by the clock".to_string(),
    }
}

/// TL-18: the occurrence of the same position that draws the game.
pub(crate) const REPETITIONS: usize = 3;

/// The result line of an outcome given in the core's terms (a game-level ending such as
/// TL-18's repetition): `draw by <reason>`, or `<Color> wins (<reason>)`.
pub(crate) fn text(o: Outcome) -> String {
    match o {
        Outcome::Draw {
            reason: "clock draw",
        } => describe(Ending::ClockDraw),
        Outcome::Draw { reason } => format!("draw by {reason}"),
        Outcome::Win { winner, reason } => match (Color::ALL.get(winner), reason) {
            (Some(&c), "last player left") => describe(Ending::LastPlayer(c)),
            (Some(&c), "promotion win") => describe(Ending::PromotionWin(c)),
            (c, reason) => format!("{} wins ({reason})", c.map_or("?", |c| c.name())),
        },
    }
}

impl<R: Rules> ThreeLevelPosition<R> {
    /// The outcome in the core's terms (players numbered Red 0, Blue 1, Yellow 2, Green 3).
    pub fn core_outcome(&self) -> Option<Outcome> {
        self.ending().map(|e| match e {
            Ending::LastPlayer(c) => Outcome::Win {
                winner: c as usize,
                reason: "last player left",
            },
            Ending::PromotionWin(c) => Outcome::Win {
                winner: c as usize,
                reason: "promotion win",
            },
            Ending::ClockDraw => Outcome::Draw {
                reason: "clock draw",
            },
        })
    }

    /// The result as the tool prints it: the winner by name, or the draw.
    pub fn result_line(&self) -> Option<String> {
        self.ending().map(describe)
    }
}
