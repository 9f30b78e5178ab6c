//! Writing a game as PGN ([`Game::to_record`]).

use dimchess_core::layout::Describe;
use dimchess_core::{Outcome, Position};

use super::{Game, ROSTER};

/// The longest line of move text a record writes.
const LINE: usize = 80;

/// The PGN score of `outcome` in a two-player game: `1-0`, `0-1` or `1/2-1/2`.
pub(super) fn score(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win { winner: 0, .. } => "1-0",
        Outcome::Win { .. } => "0-1",
        Outcome::Draw { .. } => "1/2-1/2",
    }
}

impl Game {
    /// The number of seats of the game's variant.
    pub(super) fn seats(&self) -> usize {
        self.start().layout().players.len().max(1)
    }

    /// The game's result as its record writes it: `*` while it goes on; for two players the
    /// PGN score (`0-1`), for more the rules' result text (`draw by the clock`).
    fn record_result(&self) -> String {
        match self.outcome() {
            None => "*".to_string(),
            Some(o) if self.seats() == 2 => score(o).to_string(),
            Some(_) => self.result_text().unwrap_or_else(|| "*".to_string()),
        }
    }

    /// The record text: PGN (see [the module](super)).
    pub fn to_record(&self) -> String {
        let start = self.start();
        let mut s = String::new();
        let extra = |name: &str| self.tags.iter().find(|(n, _)| n == name);
        for (name, unknown) in ROSTER {
            tag(&mut s, name, extra(name).map_or(unknown, |(_, v)| v));
        }
        let result = self.record_result();
        tag(&mut s, "Result", &result);
        if start.id() != "fide" {
            tag(&mut s, "Variant", start.id());
        }
        if *start != start.variant().start_position() {
            tag(&mut s, "SetUp", "1");
            tag(&mut s, "FEN", &start.text());
        }
        if self.seats() == 2
            && let Some(Outcome::Win { reason, .. } | Outcome::Draw { reason }) = self.outcome()
        {
            tag(&mut s, "Termination", reason);
        }
        for (i, (n, v)) in self.tags.iter().enumerate() {
            // A roster tag's first value was written above; a repeated one is kept here.
            let first = !self.tags[..i].iter().any(|(m, _)| m == n);
            if !(first && ROSTER.iter().any(|(r, _)| r == n)) {
                tag(&mut s, n, v);
            }
        }
        s.push('\n');
        let mut line = String::new();
        let mut push = |token: &str, s: &mut String| {
            if !line.is_empty() && line.len() + 1 + token.len() > LINE {
                s.push_str(&line);
                s.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(token);
        };
        // Each move is numbered by its position's fullmove number: `12.` where a round starts,
        // `12...` when the record starts after the round's first seat.
        let mut round = None;
        for (i, pos) in self.positions_before_moves().enumerate() {
            let number = pos.fullmove_number();
            if round != Some(number) {
                let dots = if i == 0 && pos.turn() != 0 {
                    "..."
                } else {
                    "."
                };
                push(&format!("{number}{dots}"), &mut s);
                round = Some(number);
            }
            push(&pos.move_notation(self.move_at(i)), &mut s);
        }
        push(&result, &mut s);
        s.push_str(&line);
        s.push('\n');
        s
    }
}

/// Appends the tag pair `[name "value"]` (`\` and `"` escaped).
fn tag(s: &mut String, name: &str, value: &str) {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    s.push('[');
    s.push_str(name);
    s.push_str(" \"");
    s.push_str(&v);
    s.push_str("\"]\n");
}
