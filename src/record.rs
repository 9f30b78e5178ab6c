//! Games and their records: a [`Game`] is a start position and the moves played from it, with
//! undo; its record is a PGN-like text.
//!
//! ```text
//! [Variant "fide"]
//! [FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]
//! [Result "*"]
//!
//! 1... e7e5 2. g1f3 b8c6
//! *
//! ```
//!
//! Tag pairs come first, one per line (`[Name "value"]`, `\"` and `\\` escaped, no control
//! character in a value). `Variant` is required; `FEN` gives the start position when it is not
//! the variant's start; `Result` is the result text (`*` while the game goes on); these three
//! decide the game and are given at most once. Other tags are kept as they are. Then the
//! moves in their canonical texts, separated by white space, with optional move numbers
//! (`12.`, `12...`: one number per round of play) and `{comments}`; the move text ends with
//! the result text, which must be the one the final position has.
//!
//! Reading a record replays it: every move is checked, and a wrong one is an error that names
//! it.
//!
//! # Endings that depend on the game
//!
//! A game applies its variant's rules that a position alone cannot (see
//! [`Position::game_ending`] and [`Position::draw_claim`]): it counts how often each position
//! has occurred, by the variant's [`Position::repetition_key`]. In `three-level` the third
//! occurrence of a position draws the game (TL-18); in `fide` fivefold repetition and the
//! 75-move rule end it (and dead positions by insufficient material, which the position's
//! own [`Position::outcome`] reports), and the player to move may claim a
//! draw by threefold repetition or the 50-move rule ([`Game::can_claim_draw`],
//! [`Game::claim_draw`]). A record claims such a draw by ending with it as its result:
//!
//! ```
//! use dimchess::record::Game;
//! use dimchess::registry;
//! let mut game = Game::new(registry::start("fide").unwrap());
//! for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     game.play_text(m).unwrap();
//! }
//! assert_eq!(game.result_text(), None);
//! let claim = game.can_claim_draw().unwrap();
//! assert_eq!(claim.to_string(), "1/2-1/2 (threefold repetition)");
//! game.claim_draw().unwrap();
//! assert!(game.play_text("e2e4").is_err()); // the game is over
//! let record = game.to_record();
//! assert!(record.ends_with("4. f3g1 f6g8\n1/2-1/2 (threefold repetition)\n"));
//! assert_eq!(Game::from_record(&record).unwrap().result_text(), game.result_text());
//! ```
//!
//! ```
//! use dimchess::record::Game;
//! use dimchess::registry;
//! let mut game = Game::new(registry::start("fide").unwrap());
//! for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     game.play_text(m).unwrap();
//! }
//! let text = game.to_record();
//! assert!(text.ends_with("1. f2f3 e7e5 2. g2g4 d8h4\n0-1 (checkmate)\n"));
//! let read = Game::from_record(&text).unwrap();
//! assert_eq!(read.position(), game.position());
//! assert!(Game::from_record(&text.replace("d8h4", "d8h5")).is_err());
//! ```

use core::fmt;

use dimchess_core::layout::{Describe, Layout};
use dimchess_core::{Error, Outcome, Position};

use crate::any::{AnyMove, AnyPosition};
use crate::registry;

/// The largest record, in bytes, that `dimchess replay` reads (1 MiB): a game of tens of
/// thousands of moves fits many times over, and a larger file is refused before it is read
/// whole.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// A start position and the moves played from it.
#[derive(Clone, Debug)]
pub struct Game {
    /// Tags other than `Variant`, `FEN` and `Result`, in order.
    tags: Vec<(String, String)>,
    /// `history[0]` is the start, `history[i]` the position after `i` moves.
    history: Vec<AnyPosition>,
    /// The moves played, with their canonical texts.
    moves: Vec<(AnyMove, String)>,
    /// The repetition key of each position of `history`.
    keys: Vec<Option<u64>>,
    /// A draw claimed in the position now.
    claimed: Option<Outcome>,
}

impl Game {
    /// A game from `start`, no move played yet.
    pub fn new(start: AnyPosition) -> Game {
        Game {
            tags: Vec::new(),
            keys: vec![start.repetition_key()],
            history: vec![start],
            moves: Vec::new(),
            claimed: None,
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

    /// The Zobrist keys of the positions before the position now, oldest first: the game's
    /// history as an engine's search takes it, to know repetitions
    /// ([`crate::engine::AnyEngine::search`], as `dimchess uci` passes it).
    ///
    /// ```
    /// use dimchess::{record::Game, registry, Position};
    /// let mut game = Game::new(registry::start("fide").unwrap());
    /// game.play_text("g1f3").unwrap();
    /// assert_eq!(game.zobrist_history(), vec![game.start().zobrist()]);
    /// ```
    pub fn zobrist_history(&self) -> Vec<u64> {
        let earlier = &self.history[..self.history.len() - 1];
        earlier.iter().map(Position::zobrist).collect()
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The extra tags (not `Variant`, `FEN`, `Result`).
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets an extra tag (`Event`, `White` ...); `Variant`, `FEN` and `Result` are derived
    /// from the game and cannot be set, and a value with a control character (newline, tab,
    /// escape ...) is refused: the record could not hold it.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), Error> {
        if DERIVED_TAGS.contains(&name) {
            return Err(Error::syntax(
                format!("tag {name}"),
                "is derived from the game",
            ));
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(Error::syntax(
                format!("tag `{name}`"),
                "a tag name is letters, digits and `_`",
            ));
        }
        check_tag_value(name, value)?;
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
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
        self.claimed = None;
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
            .or(self.claimed)
            .or_else(|| pos.game_ending(self.occurrences()))
    }

    /// The result text once the game is over.
    pub fn result_text(&self) -> Option<String> {
        let pos = self.position();
        pos.result_text().or_else(|| {
            self.claimed
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
        self.claimed = Some(o);
        Ok(o)
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

    /// The record text.
    pub fn to_record(&self) -> String {
        let start = self.start();
        let mut s = String::new();
        tag(&mut s, "Variant", start.id());
        let variant_start = start.variant().start_position();
        if *start != variant_start {
            tag(&mut s, "FEN", &start.text());
        }
        let result = self.result_text().unwrap_or_else(|| "*".to_string());
        tag(&mut s, "Result", &result);
        for (n, v) in &self.tags {
            tag(&mut s, n, v);
        }
        s.push('\n');
        let players = start.layout().players.len().max(1);
        let first = start.turn() % players;
        let mut line = String::new();
        for (i, (_, text)) in self.moves.iter().enumerate() {
            let seat = (first + i) % players;
            let round = (first + i) / players + 1;
            let number = if seat == 0 {
                Some(format!("{round}."))
            } else if i == 0 {
                Some(format!("{round}..."))
            } else {
                None
            };
            for token in number.iter().chain(Some(text)) {
                if !line.is_empty() && line.len() + 1 + token.len() > 80 {
                    s.push_str(&line);
                    s.push('\n');
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(token);
            }
        }
        if !line.is_empty() {
            s.push_str(&line);
            s.push('\n');
        }
        s.push_str(&result);
        s.push('\n');
        s
    }

    /// Reads a record and replays it, checking every move.
    pub fn from_record(text: &str) -> Result<Game, Error> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut rest = text;
        loop {
            let trimmed = rest.trim_start();
            if !trimmed.starts_with('[') {
                rest = trimmed;
                break;
            }
            let end = trimmed.find('\n').unwrap_or(trimmed.len());
            let (line, after) = trimmed.split_at(end);
            let (name, value) = read_tag(line.trim_end())?;
            if DERIVED_TAGS.contains(&name.as_str()) && tags.iter().any(|(n, _)| *n == name) {
                return Err(Error::syntax(
                    format!("tag {name}"),
                    "given twice: a tag that decides the game is given once",
                ));
            }
            tags.push((name, value));
            rest = after;
        }
        let find = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        let variant =
            find("Variant").ok_or_else(|| Error::syntax("record", "no [Variant \"...\"] tag"))?;
        let info = registry::find(&variant)?;
        let start = match find("FEN") {
            Some(fen) => info.parse_position(&fen)?,
            None => info.start_position(),
        };
        let stated = find("Result");
        let mut game = Game::new(start);
        game.tags = tags
            .into_iter()
            .filter(|(n, _)| !DERIVED_TAGS.contains(&n.as_str()))
            .collect();
        let movetext = strip_comments(rest)?;
        let mut tokens = movetext.split_whitespace().peekable();
        let mut trailer: Option<String> = None;
        let mut over = game.result_text().is_some();
        let mut ended = None;
        while let Some(tok) = tokens.next() {
            if is_move_number(tok) {
                continue;
            }
            // Once the game is over, what follows is its result text, whatever words the
            // variant uses (`draw by the clock`, `Red wins as the last player left`).
            if over || is_result_start(tok) {
                // A move after the end, rather than a wrong result.
                ended = (over && !is_result_start(tok)).then_some(game.len());
                let mut r = tok.to_string();
                for t in tokens.by_ref() {
                    r.push(' ');
                    r.push_str(t);
                }
                trailer = Some(r);
                break;
            }
            let n = game.len() + 1;
            let mv = game
                .position()
                .parse_move(tok)
                .map_err(|e| numbered(e, n))?;
            game.play(mv).map_err(|e| numbered(e, n))?;
            over = game.result_text().is_some();
        }
        if game.result_text().is_none()
            && let Some(claim) = game.can_claim_draw()
        {
            let text = game.position().outcome_text(claim);
            if [&stated, &trailer]
                .iter()
                .any(|s| s.as_deref() == Some(text.as_str()))
            {
                game.claimed = Some(claim);
            }
        }
        let actual = game.result_text().unwrap_or_else(|| "*".to_string());
        if let (Some(n), Some(said)) = (ended, &trailer)
            && *said != actual
        {
            return Err(Error::illegal(
                said.split(' ').next().unwrap_or(""),
                "",
                format!("the game is over ({actual}) after move {n} of the record"),
            ));
        }
        for (what, said) in [("Result tag", stated), ("result", trailer)] {
            if let Some(said) = said
                && said != actual
            {
                return Err(Error::invalid(
                    "",
                    format!(
                        "the record's {what} says `{said}`, but the final position's result is `{actual}`"
                    ),
                ));
            }
        }
        Ok(game)
    }
}

/// The record text.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_record())
    }
}

/// `e` with the move's number in the record added to its reason.
fn numbered(e: Error, n: usize) -> Error {
    match e {
        Error::IllegalMove { text, rule, reason } => Error::IllegalMove {
            text,
            rule,
            reason: format!("{reason} (move {n} of the record)"),
        },
        Error::MoveSyntax { text, reason } => Error::MoveSyntax {
            text,
            reason: format!("{reason} (move {n} of the record)"),
        },
        other => other,
    }
}

/// The tags that decide the game: derived from it when written, given at most once when read.
const DERIVED_TAGS: [&str; 3] = ["Variant", "FEN", "Result"];

/// A tag value is one line of text: a control character (newline, tab, escape ...) would
/// break the record, or reach a terminal that shows it.
fn check_tag_value(name: &str, value: &str) -> Result<(), Error> {
    if value.chars().any(char::is_control) {
        return Err(Error::syntax(
            format!("tag {name}"),
            "a tag value holds no control character (newline, tab, escape ...)",
        ));
    }
    Ok(())
}

fn tag(s: &mut String, name: &str, value: &str) {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    s.push_str(&format!("[{name} \"{v}\"]\n"));
}

fn read_tag(line: &str) -> Result<(String, String), Error> {
    let bad = |why: &str| Error::syntax(format!("tag `{line}`"), why);
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| bad("a tag is `[Name \"value\"]` on one line"))?;
    let (name, value) = inner
        .split_once(' ')
        .ok_or_else(|| bad("a tag is `[Name \"value\"]` on one line"))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad("a tag name is letters, digits and `_`"));
    }
    let quoted = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| bad("the value must be in double quotes"))?;
    let mut out = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => out.push(e),
                _ => return Err(bad("only `\\\"` and `\\\\` are escapes")),
            },
            '"' => return Err(bad("a `\"` inside the value must be escaped")),
            c => out.push(c),
        }
    }
    check_tag_value(name, &out)?;
    Ok((name.to_string(), out))
}

/// The move text without `{comments}`.
fn strip_comments(text: &str) -> Result<String, Error> {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                return Err(Error::syntax("move text", "`}` without `{`"));
            }
            '}' => {
                depth -= 1;
                out.push(' ');
            }
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        return Err(Error::syntax("move text", "unclosed `{` comment"));
    }
    Ok(out)
}

fn is_move_number(tok: &str) -> bool {
    let digits = tok.trim_end_matches('.');
    digits.len() < tok.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

fn is_result_start(tok: &str) -> bool {
    matches!(tok, "*" | "1-0" | "0-1" | "1/2-1/2" | "player")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fide() -> AnyPosition {
        registry::start("fide").unwrap()
    }

    #[test]
    fn tags_escape_and_read_back() {
        let mut g = Game::new(fide());
        g.set_tag("Event", "a \"quoted\" \\ event").unwrap();
        assert!(g.set_tag("FEN", "x").is_err());
        assert!(g.set_tag("bad name", "x").is_err());
        let text = g.to_record();
        assert!(text.starts_with("[Variant \"fide\"]\n[Result \"*\"]\n"));
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.tags(), g.tags());
        assert_eq!(back.len(), 0);
    }

    #[test]
    fn start_from_a_fen_with_black_to_move() {
        let mut pos = fide();
        pos.play_text("e2e4").unwrap();
        let mut g = Game::new(pos.clone());
        g.play_text("e7e5").unwrap();
        g.play_text("g1f3").unwrap();
        let text = g.to_record();
        assert!(text.contains(&format!("[FEN \"{pos}\"]")));
        assert!(text.contains("\n1... e7e5 2. g1f3\n*\n"));
        let back = Game::from_record(&text).unwrap();
        assert_eq!(back.start(), &pos);
        assert_eq!(back.position(), g.position());
    }

    #[test]
    fn undo_and_refusals() {
        let mut g = Game::new(fide());
        g.play_text("e2e4").unwrap();
        assert!(g.play_text("e2e4").is_err());
        assert_eq!(g.len(), 1);
        assert_eq!(g.undo().as_deref(), Some("e2e4"));
        assert_eq!(g.position(), &fide());
        assert_eq!(g.undo(), None);
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play_text(m).unwrap();
        }
        let e = g.play_text("a2a3").unwrap_err().to_string();
        assert!(e.contains("game is over"), "{e}");
        assert_eq!(g.layout().result.as_deref(), Some("0-1 (checkmate)"));
        assert!(crate::svg::render(&g.layout(), "fide").contains("0-1 (checkmate)"));
    }

    #[test]
    fn last_move_is_highlighted() {
        let mut g = Game::new(fide());
        assert!(g.layout().last_move.is_empty());
        g.play_text("e2e4").unwrap();
        let l = g.layout();
        let names: Vec<&str> = l
            .last_move
            .iter()
            .map(|&c| l.cell(c).unwrap().name.as_str())
            .collect();
        assert_eq!(names, ["e2", "e4"]);
    }

    #[test]
    fn bad_records_are_errors_naming_the_culprit() {
        let cases = [
            ("1. e2e4", "Variant"),
            ("[Variant \"nochess\"]\n", "nochess"),
            ("[Variant \"fide\"]\n1. e2e5", "e2e5"),
            ("[Variant \"fide\"]\n1. e2e4 zz", "zz"),
            ("[Variant \"fide\"]\n[FEN \"8/8 w - -\"]\n", "placement"),
            ("[Variant fide]\n", "quotes"),
            ("[Variant \"fide\"]\n1. e2e4 {open", "comment"),
            ("[Variant \"fide\"]\n[Result \"1-0\"]\n1. e2e4 *", "Result"),
            ("[Variant \"fide\"]\n1. e2e4 1-0", "1-0"),
        ];
        for (text, culprit) in cases {
            let e = Game::from_record(text).unwrap_err().to_string();
            assert!(e.contains(culprit), "{text:?}: {e}");
        }
    }

    /// Red, Blue, Yellow and Green each take a knight out and back: the start position again.
    const TL_CYCLE: [&str; 8] = [
        "1b21d1", "1g21e1", "1g71e8", "1b71d8", "1d11b2", "1e11g2", "1e81g7", "1d81b7",
    ];

    #[test]
    fn three_level_third_occurrence_draws_tl18() {
        // TX-11: the Xiang Qi variant applies TL-18 too (its horses take other paths).
        const TX_CYCLE: [&str; 8] = [
            "2c22e1", "2f21d2", "2f71d7", "2c73e7", "2e12c2", "1d22f2", "1d72f7", "3e72c7",
        ];
        for (id, cycle) in [
            ("three-level", TL_CYCLE),
            ("three-level-checkmate-promotion", TL_CYCLE),
            ("three-level-xiangqi", TX_CYCLE),
        ] {
            let mut g = Game::new(registry::start(id).unwrap());
            for m in cycle {
                g.play_text(m).unwrap();
            }
            assert_eq!(g.occurrences(), 2);
            assert_eq!(g.result_text(), None, "{id}: second occurrence");
            for m in &cycle[..7] {
                g.play_text(m).unwrap();
            }
            assert_eq!(g.result_text(), None);
            g.play_text(cycle[7]).unwrap();
            assert_eq!(g.occurrences(), 3);
            assert_eq!(
                g.result_text().as_deref(),
                Some("draw by repetition"),
                "{id}"
            );
            assert_eq!(
                g.outcome(),
                Some(Outcome::Draw {
                    reason: "repetition"
                })
            );
            // The position alone (perft, legal moves) ignores it.
            assert_eq!(g.position().result_text(), None);
            assert!(g.play_text(cycle[0]).is_err());
            assert!(g.can_claim_draw().is_none());
            // The record says so and reads back drawn.
            let text = g.to_record();
            assert!(text.contains("[Result \"draw by repetition\"]"), "{text}");
            assert!(text.ends_with("\ndraw by repetition\n"), "{text}");
            let back = Game::from_record(&text).unwrap();
            assert_eq!(back.result_text().as_deref(), Some("draw by repetition"));
            // Undo reopens the game.
            g.undo();
            assert_eq!(g.result_text(), None);
        }
    }

    #[test]
    fn three_level_same_placement_other_clock_is_the_same_position() {
        // The halfmove clock and fullmove number differ between the occurrences (TL-18 counts
        // placement, side, eliminated set and en-passant records only).
        let mut g = Game::new(registry::start("three-level").unwrap());
        for m in TL_CYCLE.iter().chain(&TL_CYCLE) {
            g.play_text(m).unwrap();
        }
        assert_ne!(g.position().text(), g.start().text());
        assert!(g.result_text().is_some());
    }

    fn fide_game(fen: Option<&str>, moves: &[&str]) -> Game {
        let start = match fen {
            Some(f) => registry::parse("fide", f).unwrap(),
            None => fide(),
        };
        let mut g = Game::new(start);
        for m in moves {
            g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    const KNIGHTS: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

    #[test]
    fn fide_threefold_is_a_claim_and_fivefold_ends_the_game() {
        let mut g = fide_game(None, &[]);
        for _ in 0..2 {
            assert_eq!(g.can_claim_draw(), None);
            for m in KNIGHTS {
                g.play_text(m).unwrap();
            }
        }
        assert_eq!(g.occurrences(), 3);
        assert_eq!(g.result_text(), None, "threefold is only a claim");
        let claim = Outcome::Draw {
            reason: "threefold repetition",
        };
        assert_eq!(g.can_claim_draw(), Some(claim));
        // Not claimed: play goes on; the fifth occurrence ends the game by itself.
        for _ in 0..2 {
            for m in KNIGHTS {
                assert_eq!(g.result_text(), None);
                g.play_text(m).unwrap();
            }
        }
        assert_eq!(g.occurrences(), 5);
        assert_eq!(
            g.result_text().as_deref(),
            Some("1/2-1/2 (fivefold repetition)")
        );
        assert_eq!(g.can_claim_draw(), None);
        assert!(g.claim_draw().is_err());
        let back = Game::from_record(&g.to_record()).unwrap();
        assert_eq!(back.outcome(), g.outcome());
    }

    #[test]
    fn fide_claim_in_the_api_and_in_a_record() {
        let mut g = fide_game(None, &[]);
        assert!(
            g.claim_draw()
                .unwrap_err()
                .to_string()
                .contains("no draw to claim")
        );
        for m in KNIGHTS.iter().chain(&KNIGHTS) {
            g.play_text(m).unwrap();
        }
        let open = g.to_record();
        assert!(open.ends_with("\n*\n"));
        g.claim_draw().unwrap();
        assert_eq!(
            g.result_text().as_deref(),
            Some("1/2-1/2 (threefold repetition)")
        );
        let claimed = g.to_record();
        assert!(claimed.contains("[Result \"1/2-1/2 (threefold repetition)\"]"));
        let back = Game::from_record(&claimed).unwrap();
        assert_eq!(back.result_text(), g.result_text());
        // Claiming a draw the position does not offer is an error naming the result.
        let wrong = open.replace("\n*\n", "\n1/2-1/2 (50-move rule)\n");
        let e = Game::from_record(&wrong).unwrap_err().to_string();
        assert!(e.contains("50-move rule"), "{e}");
        // Undo takes the claim back with the move.
        g.undo();
        assert_eq!(g.result_text(), None);
    }

    #[test]
    fn fide_fifty_moves_claim_and_seventy_five_end() {
        let rooks = "4k3/8/8/8/8/8/8/R3K3 w - - 98 60";
        let mut g = fide_game(Some(rooks), &["Ra2"]);
        assert_eq!(g.can_claim_draw(), None);
        g.play_text("Kd7").unwrap();
        assert_eq!(
            g.can_claim_draw(),
            Some(Outcome::Draw {
                reason: "50-move rule"
            })
        );
        assert_eq!(g.result_text(), None);
        let g = fide_game(Some("4k3/8/8/8/8/8/8/R3K3 w - - 149 90"), &["Ra2"]);
        assert_eq!(g.result_text().as_deref(), Some("1/2-1/2 (75-move rule)"));
        // Checkmate on the 150th halfmove is checkmate (Law 9.6.2).
        let g = fide_game(Some("4k3/R7/4K3/8/8/8/8/8 w - - 149 90"), &["Ra8"]);
        assert_eq!(g.result_text().as_deref(), Some("1-0 (checkmate)"));
    }

    #[test]
    fn fide_dead_positions_end_the_game() {
        // The last capture leaves king and knight against king.
        let g = fide_game(Some("4k3/8/8/8/8/8/3r4/2N1K3 w - - 0 1"), &["Kxd2"]);
        assert_eq!(
            g.result_text().as_deref(),
            Some("1/2-1/2 (insufficient material)")
        );
        let g = fide_game(Some("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1"), &["Bxd2"]);
        assert_eq!(
            g.result_text().as_deref(),
            Some("1/2-1/2 (insufficient material)")
        );
        // Same-coloured bishops (c1 and f8 are both dark).
        let g = fide_game(Some("5b2/4k3/8/8/8/8/3r4/2B1K3 w - - 0 1"), &["Kxd2"]);
        assert!(g.result_text().is_some());
        // Opposite-coloured bishops: the game goes on.
        let g = fide_game(Some("2b5/4k3/8/8/8/8/3r4/2B1K3 w - - 0 1"), &["Kxd2"]);
        assert_eq!(g.result_text(), None);
        // A start in a dead position is over before any move.
        let g = fide_game(Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), &[]);
        assert!(g.result_text().is_some());
        assert!(Game::from_record(&g.to_record()).is_ok());
    }

    #[test]
    fn other_variants_have_no_history_rules() {
        for v in registry::VARIANTS {
            if v.id == "fide" || v.id.starts_with("three-level") {
                continue;
            }
            assert_eq!(v.start_position().repetition_key(), None, "{}", v.id);
        }
    }

    #[test]
    fn errors_name_moves_by_their_text() {
        let mut g = Game::new(fide());
        let (e2e4, _) = g.position().moves_with_text()[0];
        let other = registry::start("hyperspace").unwrap();
        let (foreign, text) = other.moves_with_text()[0].clone();
        let e = g.play(foreign).unwrap_err().to_string();
        assert!(
            e.contains(&format!("`{text}`")) && !e.contains("Hyperspace("),
            "{e}"
        );
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play_text(m).unwrap();
        }
        let e = g.play(e2e4).unwrap_err().to_string();
        assert!(e.contains("game is over") && !e.contains("Fide("), "{e}");
    }

    #[test]
    fn comments_and_numbers_are_skipped() {
        let g = Game::from_record("[Variant \"fide\"]\n1. e2e4 {best by test} e7e5 2. g1f3 *\n")
            .unwrap();
        assert_eq!(g.move_texts().collect::<Vec<_>>(), ["e2e4", "e7e5", "g1f3"]);
    }
}

#[cfg(test)]
mod hardening {
    use super::*;

    /// Issue 20, item 1: a three-level game drawn by the clock (TL-18: 50 turns per player
    /// without a capture or a Pawn move) ends with `draw by the clock`, which the reader took
    /// for a move.
    /// Issue 20, item 6: a second tag that decides the game is an error, not dropped.
    #[test]
    fn repeated_deciding_tags_are_errors() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        for (name, a, b) in [
            ("Variant", "fide", "hyperspace"),
            ("Variant", "fide", "fide"),
            ("FEN", fen, fen),
            ("Result", "*", "*"),
        ] {
            let text = format!("[Variant \"fide\"]\n[{name} \"{a}\"]\n[{name} \"{b}\"]\n*\n");
            let text = text.replacen("[Variant \"fide\"]\n", "", usize::from(name == "Variant"));
            let e = Game::from_record(&text).unwrap_err().to_string();
            assert!(e.contains(name) && e.contains("twice"), "{text}: {e}");
        }
        // Other tags may repeat, and are kept as they are.
        let g = Game::from_record("[Variant \"fide\"]\n[Round \"1\"]\n[Round \"2\"]\n*\n").unwrap();
        assert_eq!(g.tags().len(), 2);
        assert_eq!(Game::from_record(&g.to_record()).unwrap().tags(), g.tags());
    }

    /// Issue 13, item 5: a tag value with a newline wrote a record that could not be read back.
    #[test]
    fn tag_values_with_control_characters_are_refused() {
        let mut g = Game::new(registry::start("fide").unwrap());
        for bad in ["a\nb", "a\rb", "tab\there", "esc\u{1b}[31m", "nel\u{85}"] {
            let e = g.set_tag("Site", bad).unwrap_err().to_string();
            assert!(e.contains("control character"), "{bad:?}: {e}");
            let text = format!("[Variant \"fide\"]\n[Site \"{bad}\"]\n*\n");
            assert!(Game::from_record(&text).is_err(), "{bad:?}");
        }
        assert!(g.tags().is_empty());
        g.set_tag("Site", "Zürich \"open\" \\ ]").unwrap();
        let back = Game::from_record(&g.to_record()).unwrap();
        assert_eq!(back.tags(), g.tags());
    }

    #[test]
    fn moves_after_the_end_are_refused() {
        let text = "[Variant \"fide\"]\n1. f2f3 e7e5 2. g2g4 d8h4 3. a2a3 0-1 (checkmate)\n";
        let e = Game::from_record(text).unwrap_err().to_string();
        assert!(e.contains("`a2a3`") && e.contains("after move 4"), "{e}");
        let e = Game::from_record(&text.replace("3. a2a3 ", "")).unwrap();
        assert_eq!(e.len(), 4);
        let e = Game::from_record(&text.replace("3. a2a3 0-1 (checkmate)", "*"));
        let e = e.unwrap_err().to_string();
        assert!(e.contains("result says `*`"), "{e}");
    }

    /// Random games of Dimension X rarely end within the ply caps the tests can afford: a
    /// game won by removing the King (DX-6) reads back too.
    #[test]
    fn a_dimension_x_game_won_by_removing_the_king_reads_back() {
        let fen = "4k2r/6S1/2r5/3C4/B7/8/8/4K3|8/8/8/8/8/8/8/8 w k - 0 1";
        let mut game = Game::new(registry::parse("dimension-x", fen).unwrap());
        game.play_text("d5^c6>a8,a4e8").unwrap();
        let record = game.to_record();
        assert!(record.ends_with("\n1-0 (king removed)\n"), "{record}");
        let back = Game::from_record(&record).unwrap();
        assert_eq!(back.position(), game.position());
        assert_eq!(back.result_text(), game.result_text());
    }

    #[test]
    fn three_level_clock_draws_read_back() {
        for id in [
            "three-level",
            "three-level-xiangqi",
            "three-level-checkmate-promotion",
        ] {
            let text = registry::start(id).unwrap().text();
            let late = text
                .strip_suffix(" 0 1")
                .map(|t| format!("{t} 199 1"))
                .unwrap();
            let pos = registry::parse(id, &late).unwrap();
            let mut game = Game::new(pos.clone());
            // A move that neither captures nor moves a Pawn: the clock reaches 200.
            let quiet = pos
                .moves_with_text()
                .into_iter()
                .find(|(m, _)| {
                    let mut p = pos.clone();
                    p.play_unchecked(*m);
                    p.result_text().is_some()
                })
                .unwrap();
            game.play(quiet.0).unwrap();
            let record = game.to_record();
            assert!(record.ends_with("\ndraw by the clock\n"), "{record}");
            let back = Game::from_record(&record).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(back.position(), game.position());
            assert_eq!(back.result_text().as_deref(), Some("draw by the clock"));
        }
    }
}
