//! Reading PGN: [`read_games`] and [`Game::from_record`].

use dimchess_core::{Error, Outcome, Position};

use super::write::score;
use super::{DERIVED_TAGS, Game, ROSTER, check_tag_value, is_tag_name};
use crate::registry;

/// Reads every game of a PGN text, in order: each game read and replayed, or the error that
/// stopped it (the other games are read all the same). An empty text (or one of white space
/// and comments only) holds no game.
///
/// ```
/// use dimchess_any::record::read_games;
/// let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 1/2-1/2\n";
/// let games = read_games(pgn);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap().len(), 2);
/// // A draw no rule decides: agreed, as the record states.
/// assert_eq!(games[1].as_ref().unwrap().result_text().as_deref(), Some("1/2-1/2 (result given in the record)"));
/// ```
pub fn read_games(text: &str) -> Vec<Result<Game, Error>> {
    split_games(text)
        .into_iter()
        .enumerate()
        .map(|(i, chunk)| read_game(chunk, i + 1))
        .collect()
}

impl Game {
    /// Reads a record of one game and replays it, checking every move (see [the
    /// module](super) for what a record may hold). A text of several games is an error: read
    /// them with [`read_games`].
    pub fn from_record(text: &str) -> Result<Game, Error> {
        let mut games = read_games(text);
        match games.len() {
            0 => Err(record_error(0, "record", "no game: no tag and no move")),
            1 => games.remove(0),
            n => Err(record_error(
                0,
                "record",
                format!("{n} games in one record (read them with `record::read_games`)"),
            )),
        }
    }
}

/// An [`Error::Record`] about game `game` (0: the record as a whole).
fn record_error(game: usize, at: impl AsRef<str>, reason: impl Into<String>) -> Error {
    let at = at.as_ref();
    Error::Record {
        at: if game == 0 {
            at.to_string()
        } else {
            format!("game {game}, {at}")
        },
        reason: reason.into(),
    }
}

/// The text of each game: a game starts at its first tag line, or with the text if it has
/// no tags; a tag line after a game's move text starts the next game. Lines inside a `{...}`
/// comment never start a game.
fn split_games(text: &str) -> Vec<&str> {
    let mut games = Vec::new();
    let mut start = 0;
    let mut in_comment = false;
    let mut seen_moves = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if !in_comment && trimmed.starts_with('[') {
            if seen_moves {
                games.push(&text[start..offset]);
                start = offset;
                seen_moves = false;
            }
        } else if !in_comment && is_blank_or_comment(trimmed) {
            // Neither tags nor moves.
        } else {
            seen_moves = true;
        }
        for c in line.chars() {
            match c {
                '{' if !in_comment => in_comment = true,
                '}' if in_comment => in_comment = false,
                ';' | '%' if !in_comment => break,
                _ => {}
            }
        }
        offset += line.len();
    }
    let last = &text[start..];
    if !last.trim().is_empty() {
        games.push(last);
    }
    games
}

/// Whether a line holds no tag and no move: blank, a `;` comment or a `%` escape line.
fn is_blank_or_comment(line: &str) -> bool {
    line.is_empty() || line.starts_with(';') || line.starts_with('%')
}

/// One token of move text.
#[derive(Debug, PartialEq)]
enum Token<'a> {
    /// A move (annotations such as `!?` already stripped), and its byte offset in the move
    /// text.
    Move(&'a str, usize),
    /// Something that may start the result: its byte offset in the move text.
    Result(usize),
}

/// Reads game number `n` from its text.
fn read_game(text: &str, n: usize) -> Result<Game, Error> {
    let (tags, movetext) = read_tags(text, n)?;
    let find = |name: &str| {
        tags.iter()
            .find(|(t, _)| t == name)
            .map(|(_, v)| v.as_str())
    };
    let info = match find("Variant") {
        Some(v) => registry::find(v).map_err(|e| record_error(n, "tag Variant", e.to_string()))?,
        None => registry::find("fide")?,
    };
    let start = match find("FEN") {
        Some(fen) => info
            .parse_position(fen)
            .map_err(|e| record_error(n, "tag FEN", e.to_string()))?,
        None => info.start_position(),
    };
    let mut game = Game::new(start);
    game.tags = tags
        .iter()
        .filter(|(t, v)| {
            !DERIVED_TAGS.contains(&t.as_str())
                && !ROSTER.iter().any(|(r, unknown)| r == t && unknown == v)
        })
        .cloned()
        .collect();
    game.tags.sort_by_key(|(t, _)| super::tag_rank(t));
    let trailer = read_moves(&mut game, movetext, n)?;
    settle_result(&mut game, find("Result"), trailer, find("Termination"), n)?;
    Ok(game)
}

/// Tag pairs: (name, value), in order.
type Tags = Vec<(String, String)>;

/// The tag pairs at the start of a game's text, and the move text after them.
fn read_tags(text: &str, n: usize) -> Result<(Tags, &str), Error> {
    let mut tags: Tags = Vec::new();
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        if !trimmed.starts_with('[') {
            return Ok((tags, trimmed));
        }
        let end = trimmed.find('\n').unwrap_or(trimmed.len());
        let (line, after) = trimmed.split_at(end);
        let (name, value) = read_tag(line.trim_end(), n)?;
        if DERIVED_TAGS.contains(&name.as_str()) && tags.iter().any(|(t, _)| *t == name) {
            return Err(record_error(
                n,
                format!("tag {name}"),
                "given twice: a tag that decides the game is given once",
            ));
        }
        tags.push((name, value));
        rest = after;
    }
}

/// One tag line: `[Name "value"]`.
fn read_tag(line: &str, n: usize) -> Result<(String, String), Error> {
    let bad = |why: &str| record_error(n, format!("tag `{line}`"), why);
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| bad("a tag is `[Name \"value\"]` on one line"))?;
    let (name, value) = inner
        .split_once(' ')
        .ok_or_else(|| bad("a tag is `[Name \"value\"]` on one line"))?;
    if !is_tag_name(name) {
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
    check_tag_value(name, &out).map_err(|e| match e {
        Error::Record { reason, .. } => record_error(n, format!("tag {name}"), reason),
        other => other,
    })?;
    Ok((name.to_string(), out))
}

/// Plays the moves of `movetext` into `game`; returns the result text that ends it (`None`
/// if the text ends without one). Comments, NAGs, annotations, move numbers and variations
/// are skipped; once the game is over by its rules, what follows is its result text.
fn read_moves(game: &mut Game, movetext: &str, n: usize) -> Result<Option<String>, Error> {
    let mut lexer = Lexer {
        text: movetext,
        at: 0,
        game: n,
    };
    while let Some(token) = lexer.next_token()? {
        let over = game.result_text().is_some();
        let start = match token {
            Token::Result(at) => at,
            Token::Move(_, at) if over => at,
            Token::Move(m, _) => {
                let k = game.len() + 1;
                let at = || format!("move {k} `{m}`");
                let mv = game
                    .position()
                    .parse_move(m)
                    .map_err(|e| record_error(n, at(), e.to_string()))?;
                game.play(mv)
                    .map_err(|e| record_error(n, at(), e.to_string()))?;
                continue;
            }
        };
        // The result runs to the end of its line (the older form's `0-1 (checkmate)`, a
        // four-player result's words), comments left out.
        let end = movetext[start..]
            .find('\n')
            .map_or(movetext.len(), |i| start + i);
        let result = strip_braces(&movetext[start..end]);
        lexer.at = end;
        if let Some(extra) = lexer.next_token()? {
            let at = match extra {
                Token::Move(m, _) => format!("`{m}`"),
                Token::Result(i) => format!(
                    "`{}`",
                    movetext[i..].split_whitespace().next().unwrap_or("")
                ),
            };
            return Err(record_error(
                n,
                "move text",
                format!("{at} after the result `{result}`"),
            ));
        }
        if over && !is_result_start(movetext[start..].split_whitespace().next().unwrap_or("")) {
            let actual = game.result_text().unwrap_or_default();
            if result != actual {
                return Err(record_error(
                    n,
                    format!("move {} `{}`", game.len() + 1, first_word(&result)),
                    format!("the game is over ({actual}) after move {}", game.len()),
                ));
            }
        }
        return Ok(Some(result));
    }
    Ok(None)
}

fn first_word(text: &str) -> &str {
    text.split_whitespace().next().unwrap_or("")
}

/// `text` without its `{...}` comments, white space folded.
fn strip_braces(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether a token starts a result: a PGN result, or the first word of a rules' result text
/// in a game the rules have not ended (the older form, `1-0 (checkmate)`; four players'
/// `player 2 wins ...`).
fn is_result_start(token: &str) -> bool {
    matches!(token, "*" | "1-0" | "0-1" | "1/2-1/2" | "player")
}

/// Checks the result the record states (its `Result` tag and the result ending its move
/// text) against the game, and ends the game where the record says it ended by something
/// the rules do not decide: a claimed draw, or an ending such as a resignation (named by the
/// `Termination` tag when it says which).
fn settle_result(
    game: &mut Game,
    tag: Option<&str>,
    trailer: Option<String>,
    termination: Option<&str>,
    n: usize,
) -> Result<(), Error> {
    let stated: Vec<(&str, &str)> = [("Result tag", tag), ("result", trailer.as_deref())]
        .into_iter()
        .filter_map(|(what, s)| s.map(|s| (what, s)))
        .collect();
    if let [(_, a), (_, b)] = stated.as_slice()
        && a != b
        && !(agree(a, b) || agree(b, a))
    {
        return Err(record_error(
            n,
            "result",
            format!("the Result tag says `{a}`, the move text `{b}`"),
        ));
    }
    for &(what, said) in &stated {
        if said == "*" {
            if let Some(actual) = game.result_text() {
                return Err(contradicted(n, what, said, &actual));
            }
            continue;
        }
        if game.result_text().as_deref() == Some(said) {
            continue;
        }
        if let Some(o) = game.outcome() {
            if game.seats() == 2 && score(o) == said {
                continue;
            }
            return Err(contradicted(
                n,
                what,
                said,
                &game.result_text().unwrap_or_default(),
            ));
        }
        // The rules have not ended the game: a claimed draw, or an ending they do not know.
        if let Some(claim) = game.can_claim_draw()
            && (said == "1/2-1/2" || said == game.position().outcome_text(claim))
        {
            game.claim_draw()?;
            continue;
        }
        // `1-0`, or `1-0 (resignation)` as the game's own result text writes it: then the
        // reason must be one the rules do not decide (`1-0 (checkmate)` here is a
        // contradiction).
        let (bare, reason) = match said.split_once(" (") {
            Some((bare, why)) => match termination_reason(why.strip_suffix(')')) {
                "result given in the record" if why != "result given in the record)" => {
                    return Err(contradicted(n, what, said, "*"));
                }
                reason => (bare, reason),
            },
            None => (said, termination_reason(termination)),
        };
        let declared = match bare {
            "1-0" if game.seats() == 2 => Outcome::Win { winner: 0, reason },
            "0-1" if game.seats() == 2 => Outcome::Win { winner: 1, reason },
            "1/2-1/2" if game.seats() == 2 => Outcome::Draw { reason },
            _ => return Err(contradicted(n, what, said, "*")),
        };
        game.end(declared)
            .map_err(|e| record_error(n, what, e.to_string()))?;
    }
    Ok(())
}

/// Whether `full` is `short` with its reason (`1-0 (checkmate)` and `1-0`).
fn agree(full: &str, short: &str) -> bool {
    full.strip_prefix(short)
        .is_some_and(|r| r.starts_with(" ("))
}

fn contradicted(n: usize, what: &str, said: &str, actual: &str) -> Error {
    record_error(
        n,
        what,
        format!("the record's {what} says `{said}`, but the final position's result is `{actual}`"),
    )
}

/// The reason of an ending the rules do not decide, from a `Termination` tag.
fn termination_reason(termination: Option<&str>) -> &'static str {
    let t = termination.unwrap_or("").to_ascii_lowercase();
    match t.as_str() {
        "resignation" | "resigned" => "resignation",
        "time forfeit" | "time" | "timeout" => "time forfeit",
        "agreement" | "draw agreed" => "agreement",
        "abandoned" => "abandoned",
        "adjudication" => "adjudication",
        "rules infraction" => "rules infraction",
        "result given in the record" => "result given in the record",
        _ => "result given in the record",
    }
}

/// The move text of one game, token by token.
struct Lexer<'a> {
    text: &'a str,
    at: usize,
    game: usize,
}

impl<'a> Lexer<'a> {
    fn error(&self, reason: &str) -> Error {
        record_error(self.game, "move text", reason)
    }

    /// The next move or result token, skipping white space, comments, escape lines, NAGs,
    /// move numbers and variations; `None` at the end.
    fn next_token(&mut self) -> Result<Option<Token<'a>>, Error> {
        let bytes = self.text.as_bytes();
        loop {
            let Some(&c) = bytes.get(self.at) else {
                return Ok(None);
            };
            let line_start = self.at == 0 || bytes[self.at - 1] == b'\n';
            match c {
                c if c.is_ascii_whitespace() => self.at += 1,
                b'{' => self.skip_comment()?,
                b'}' => return Err(self.error("`}` without `{`")),
                b';' => self.skip_line(),
                b'%' if line_start => self.skip_line(),
                b'(' => self.skip_variation()?,
                b')' => return Err(self.error("`)` without `(`")),
                b'$' => {
                    self.at += 1;
                    let digits = self.take_while(|b| b.is_ascii_digit());
                    if digits.is_empty() {
                        return Err(self.error("`$` without a number (a NAG is `$1`)"));
                    }
                }
                _ => {
                    let start = self.at;
                    let word =
                        self.take_while(|b| !b.is_ascii_whitespace() && !b"{}();".contains(&b));
                    if is_result_start(word) {
                        return Ok(Some(Token::Result(start)));
                    }
                    // A move number, alone (`12.`, `12...`) or glued to its move (`12.e4`).
                    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
                    let number = if digits > 0 && dots > 0 {
                        digits + dots
                    } else {
                        0
                    };
                    let word = &word[number..];
                    // Annotations (`!`, `?`, `!?`): not part of the move.
                    let word = word.trim_end_matches(['!', '?']);
                    if !word.is_empty() {
                        return Ok(Some(Token::Move(word, start + number)));
                    }
                }
            }
        }
    }

    fn take_while(&mut self, keep: impl Fn(u8) -> bool) -> &'a str {
        let start = self.at;
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() && keep(bytes[self.at]) {
            self.at += 1;
        }
        &self.text[start..self.at]
    }

    fn skip_line(&mut self) {
        self.at = self.text[self.at..]
            .find('\n')
            .map_or(self.text.len(), |i| self.at + i);
    }

    /// A `{...}` comment (comments do not nest in PGN: the first `}` ends it).
    fn skip_comment(&mut self) -> Result<(), Error> {
        match self.text[self.at..].find('}') {
            Some(i) => {
                self.at += i + 1;
                Ok(())
            }
            None => Err(self.error("unclosed `{` comment")),
        }
    }

    /// A variation `( ... )`, with the variations, comments and `;` comments inside it.
    fn skip_variation(&mut self) -> Result<(), Error> {
        let mut depth = 0usize;
        let bytes = self.text.as_bytes();
        while let Some(&c) = bytes.get(self.at) {
            match c {
                b'(' => {
                    depth += 1;
                    self.at += 1;
                }
                b')' => {
                    depth -= 1;
                    self.at += 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                b'{' => self.skip_comment()?,
                b';' => self.skip_line(),
                _ => self.at += 1,
            }
        }
        Err(self.error("unclosed `(` variation"))
    }
}
