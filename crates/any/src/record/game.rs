//! [`Game`]: a start position, the moves played from it, undo, and the endings that depend on
//! the game rather than the position (repetition, claims, resignation and the like).

use dimchess_core::layout::{Describe, Layout};
use dimchess_core::{Error, Outcome, Position};

use crate::any::{AnyMove, AnyPosition};

/// A start position and the moves played from it.
#[derive(Clone, Debug)]
pub struct Game {
    /// Tags other than those the game decides (`DERIVED_TAGS`), in order.
    pub(super) tags: Vec<(String, String)>,
    /// `history[0]` is the start, `history[i]` the position after `i` moves.
    history: Vec<AnyPosition>,
    /// The moves played, with their canonical texts.
    moves: Vec<(AnyMove, String)>,
    /// The repetition key of each position of `history`.
    keys: Vec<Option<u64>>,
    /// An ending the position's rules do not decide, in the position now: a draw claimed, a
    /// resignation, a loss on time, a result a record states ([`Game::end`]).
    ended: Option<Outcome>,
}

impl Game {
    /// A game from `start`, no move played yet.
    pub fn new(start: AnyPosition) -> Game {
        Game {
            tags: Vec::new(),
            keys: vec![start.repetition_key()],
            history: vec![start],
            moves: Vec::new(),
            ended: None,
        }
    }

    /// The position now.
    pub fn position(&self) -> &AnyPosition {
        self.history
            .last()
            .unwrap_or_else(|| unreachable!("history is never empty"))
    }

    /// The start position.
    pub fn start(&self) -> &AnyPosition {
        &self.history[0]
    }

    /// The canonical texts of the moves played.
    pub fn move_texts(&self) -> impl Iterator<Item = &str> {
        self.moves.iter().map(|(_, t)| t.as_str())
    }

    /// The positions of the game: the start, then the position after each move.
    pub fn positions(&self) -> &[AnyPosition] {
        &self.history
    }

    /// The moves played, each with its canonical text.
    pub fn moves(&self) -> impl Iterator<Item = (AnyMove, &str)> {
        self.moves.iter().map(|(m, t)| (*m, t.as_str()))
    }

    /// The Zobrist keys of the positions before the position now, oldest first: the game's
    /// history as an engine's search takes it, to know repetitions
    /// ([`crate::engine::AnyEngine::search`], as `dimchess uci` passes it).
    ///
    /// ```
    /// use dimchess_any::{record::Game, registry, Position};
    /// let mut game = Game::new(registry::start("fide").unwrap());
    /// game.play_text("g1f3").unwrap();
    /// assert_eq!(game.zobrist_history(), vec![game.start().zobrist()]);
    /// ```
    pub fn zobrist_history(&self) -> Vec<u64> {
        let earlier = &self.history[..self.history.len() - 1];
        earlier.iter().map(Position::zobrist).collect()
    }

    /// The position before each move played, in order.
    pub(super) fn positions_before_moves(&self) -> impl Iterator<Item = &AnyPosition> {
        self.history[..self.history.len() - 1].iter()
    }

    /// The `i`-th move played.
    pub(super) fn move_at(&self, i: usize) -> AnyMove {
        self.moves[i].0
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The tags other than those the game decides: those of the Seven Tag Roster (`Event`,
    /// `Site`, `Date`, `Round`, `White`, `Black`) first in its order, then the others
    /// (`TimeControl` ...) in the order they were set or read.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets a tag (`Event`, `White` ...); the tags the game decides (`Variant`, `FEN`,
    /// `SetUp`, `Result`, `Termination`) cannot be set, and a value with a control character (newline, tab,
    /// escape ...) is refused: the record could not hold it.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), Error> {
        if super::DERIVED_TAGS.contains(&name) {
            return Err(Error::Record {
                at: format!("tag {name}"),
                reason: "is derived from the game".into(),
            });
        }
        if !super::is_tag_name(name) {
            return Err(Error::Record {
                at: format!("tag `{name}`"),
                reason: "a tag name is letters, digits and `_`".into(),
            });
        }
        super::check_tag_value(name, value)?;
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => {
                // The roster's tags first, in its order; the others in the order they came.
                let rank = super::tag_rank(name);
                let at = self
                    .tags
                    .iter()
                    .position(|(n, _)| super::tag_rank(n) > rank)
                    .unwrap_or(self.tags.len());
                self.tags.insert(at, (name.to_string(), value.to_string()));
            }
        }
        Ok(())
    }

    /// Plays a move given as text; an illegal move, or any move once the game is over, is an
    /// error and changes nothing.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, Error> {
        if let Some(r) = self.result_text() {
            return Err(Error::illegal(text, "", format!("the game is over ({r})")));
        }
        let mv = self.position().parse_move(text)?;
        self.play(mv).map(|()| mv)
    }

    /// Plays a move; an illegal move, or any move once the game is over, is an error and
    /// changes nothing.
    pub fn play(&mut self, mv: AnyMove) -> Result<(), Error> {
        let pos = self.position();
        let text = pos.move_text(mv);
        if let Some(r) = self.result_text() {
            return Err(Error::illegal(text, "", format!("the game is over ({r})")));
        }
        let mut next = pos.clone();
        next.play(mv)
            .map_err(|_| Error::illegal(text.clone(), "", "not a legal move here"))?;
        self.keys.push(next.repetition_key());
        self.history.push(next);
        self.moves.push((mv, text));
        Ok(())
    }

    /// Takes back the last move (and a draw claimed after it), returning its text (`None` at
    /// the start).
    pub fn undo(&mut self) -> Option<String> {
        let (_, text) = self.moves.pop()?;
        self.history.pop();
        self.keys.pop();
        self.ended = None;
        Some(text)
    }

    /// How many times the position now has occurred in the game, this time included, as the
    /// variant's repetition rule counts them ([`Position::repetition_key`]; always 1 in a
    /// variant without one).
    pub fn occurrences(&self) -> usize {
        match self.keys.last() {
            Some(Some(k)) => self.keys.iter().filter(|x| **x == Some(*k)).count(),
            _ => 1,
        }
    }

    /// How the game has ended, if it has: by the position ([`Position::outcome`]), by a
    /// claimed draw, or by an ending of the game's history ([`Position::game_ending`]).
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        pos.outcome()
            .or(self.ended)
            .or_else(|| pos.game_ending(self.occurrences()))
    }

    /// The result text once the game is over.
    pub fn result_text(&self) -> Option<String> {
        let pos = self.position();
        pos.result_text().or_else(|| {
            self.ended
                .or_else(|| pos.game_ending(self.occurrences()))
                .map(|o| pos.outcome_text(o))
        })
    }

    /// The draw the player to move may claim now (FIDE: threefold repetition, the 50-move
    /// rule), if the game goes on and the variant's rules offer one.
    pub fn can_claim_draw(&self) -> Option<Outcome> {
        if self.outcome().is_some() {
            return None;
        }
        self.position().draw_claim(self.occurrences())
    }

    /// Claims the draw of [`Game::can_claim_draw`]: the game ends with it (until
    /// [`Game::undo`]). An error if there is none to claim.
    pub fn claim_draw(&mut self) -> Result<Outcome, Error> {
        let Some(o) = self.can_claim_draw() else {
            let why = match self.result_text() {
                Some(r) => format!("the game is over ({r})"),
                None => "the rules offer no draw to claim here".to_string(),
            };
            return Err(Error::invalid("", format!("cannot claim a draw: {why}")));
        };
        self.ended = Some(o);
        Ok(o)
    }

    /// Ends the game by an ending its position's rules do not decide: a resignation, a loss
    /// on time, a draw agreed, an abandoned game, or a result a record states (its `reason`
    /// says which, e.g. `Outcome::Win { winner: 1, reason: "resignation" }`). Until
    /// [`Game::undo`] no move can be played. An error if the game is already over, or if
    /// `winner` is not a seat of the game.
    ///
    /// ```
    /// use dimchess_any::{record::Game, registry, Outcome};
    /// let mut game = Game::new(registry::start("fide").unwrap());
    /// game.play_text("e4").unwrap();
    /// game.end(Outcome::Win { winner: 0, reason: "resignation" }).unwrap();
    /// assert_eq!(game.result_text().as_deref(), Some("1-0 (resignation)"));
    /// assert!(game.play_text("e5").is_err());
    /// assert!(game.to_record().ends_with("1. e4 1-0\n"));
    /// ```
    pub fn end(&mut self, outcome: Outcome) -> Result<(), Error> {
        if let Some(r) = self.result_text() {
            return Err(Error::invalid("", format!("the game is over ({r})")));
        }
        let seats = self.start().layout().players.len().max(2);
        if let Outcome::Win { winner, .. } = outcome
            && winner >= seats
        {
            return Err(Error::invalid(
                "",
                format!("no seat {winner}: the game has {seats} seats"),
            ));
        }
        self.ended = Some(outcome);
        Ok(())
    }

    /// The layout of the position now, the cells the last move changed highlighted and the
    /// game's result filled in.
    pub fn layout(&self) -> Layout {
        let mut now = self.position().layout();
        now.result = self.result_text();
        if let [.., before, _] = self.history.as_slice() {
            now.last_move = Layout::changed_cells(&before.layout(), &now);
        }
        now
    }
}

/// The record text.
impl core::fmt::Display for Game {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.to_record())
    }
}
