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
use dimchess_core::{Error, Position};

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
}

impl Game {
    /// A game from `start`, no move played yet.
    pub fn new(start: AnyPosition) -> Game {
        Game {
            tags: Vec::new(),
            history: vec![start],
            moves: Vec::new(),
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
        if let Some(r) = pos.result_text() {
            return Err(Error::illegal(
                format!("{mv:?}"),
                "",
                format!("the game is over ({r})"),
            ));
        }
        let text = pos.move_text(mv);
        let mut next = pos.clone();
        next.play(mv)
            .map_err(|_| Error::illegal(text.clone(), "", "not a legal move here"))?;
        self.history.push(next);
        self.moves.push((mv, text));
        Ok(())
    }

    /// Takes back the last move, returning its text (`None` at the start).
    pub fn undo(&mut self) -> Option<String> {
        let (_, text) = self.moves.pop()?;
        self.history.pop();
        Some(text)
    }

    /// The result text once the game is over.
    pub fn result_text(&self) -> Option<String> {
        self.position().result_text()
    }

    /// The layout of the position now, the cells the last move changed highlighted.
    pub fn layout(&self) -> Layout {
        let mut now = self.position().layout();
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
