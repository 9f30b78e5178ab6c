//! A client of UCI engines: the match runner's side of the protocol (`docs/protocol.md`),
//! for this project's own `dimchess uci` (any variant through `UCI_Variant`) and for any
//! chess engine (Stockfish) in `fide`.
//!
//! The engine runs as a child process. A thread reads its output into a channel, one line at
//! a time and at most [`MAX_LINE`] bytes a line (the rest of a longer line is dropped), so no
//! answer, however long or missing, blocks the match: every wait has a deadline. The process
//! is killed when the [`UciEngine`] is dropped.
//!
//! ```no_run
//! use std::time::Duration;
//! use dimchess_arena::uci::UciEngine;
//!
//! let mut engine = UciEngine::start("/usr/games/stockfish", &[], &[], "fide", Duration::from_secs(10))?;
//! engine.new_game(Duration::from_secs(10))?;
//! let answer = engine.go("position startpos moves e2e4", "go movetime 100", Duration::from_secs(2))?;
//! println!("{:?} {:?}", answer.bestmove, answer.score);
//! # Ok::<(), dimchess_arena::uci::UciError>(())
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use dimchess_any::engine::Score;

/// The longest output line read whole, in bytes (1 MiB: a long principal variation of
/// Dimension X turns fits many times over); the rest of a longer line is dropped.
pub const MAX_LINE: usize = 1 << 20;

/// What went wrong with an engine.
///
/// ```
/// use std::time::Duration;
/// use dimchess_arena::uci::UciError;
/// let e = UciError::Timeout { what: "bestmove", waited: Duration::from_millis(1100) };
/// assert_eq!(e.to_string(), "no `bestmove` within 1100 ms");
/// ```
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum UciError {
    /// The process could not be started.
    #[error("cannot start `{path}`: {reason}")]
    Spawn {
        /// The program.
        path: String,
        /// The system's reason.
        reason: String,
    },
    /// No answer in time (`what`: the answer awaited).
    #[error("no `{what}` within {} ms", .waited.as_millis())]
    Timeout {
        /// The awaited answer (`uciok`, `readyok`, `bestmove`).
        what: &'static str,
        /// How long it was awaited.
        waited: Duration,
    },
    /// The process closed its output or its input: it has exited.
    #[error("the engine exited (while awaiting `{0}`)")]
    Exited(&'static str),
    /// The engine lacks something the match needs (an option, a variant).
    #[error("{0}")]
    Unsupported(String),
}

impl UciError {
    /// Whether the error is a missed deadline (a loss on time in a game).
    ///
    /// ```
    /// use dimchess_arena::uci::UciError;
    /// assert!(!UciError::Exited("uciok").is_timeout());
    /// ```
    pub fn is_timeout(&self) -> bool {
        matches!(self, UciError::Timeout { .. })
    }
}

/// An engine's answer to `go`: its move text (`None` for `bestmove (none)` or `0000`) and the
/// last score it reported (`info ... score cp N | mate N`, from the side to move; lines of a
/// `multipv` other than 1 and bound-only scores are left out).
///
/// ```
/// let answer = dimchess_arena::uci::UciAnswer::default();
/// assert_eq!((answer.bestmove, answer.score), (None, None));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UciAnswer {
    /// The move, as the engine wrote it.
    pub bestmove: Option<String>,
    /// The last score reported before it.
    pub score: Option<Score>,
}

/// One engine process, after its handshake (`uci`, options, `isready`); see the module's
/// example.
///
/// ```no_run
/// use std::time::Duration;
/// use dimchess_arena::uci::UciEngine;
/// // A dimchess build speaks UCI as `dimchess uci`.
/// let args = ["uci".to_string()];
/// let engine = UciEngine::start("target/release/dimchess", &args, &[], "dimension-x", Duration::from_secs(10))?;
/// assert_eq!(engine.name().map(|n| n.starts_with("dimchess")), Some(true));
/// # Ok::<(), dimchess_arena::uci::UciError>(())
/// ```
pub struct UciEngine {
    path: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, if it gave one.
    name: Option<String>,
}

/// An option the engine declared (`option name <name> type <type> ... [var <v>]...`).
struct Declared {
    name: String,
    vars: Vec<String>,
}

impl UciEngine {
    /// Starts `path` with the arguments `args`, says `uci` and waits for `uciok`, sets `options` (name, value: each must
    /// be one the engine declares, case-insensitive), sets `UCI_Variant` to `variant` unless it
    /// is `fide` (an error if the engine does not declare that option, or declares its values
    /// without this one), then waits for `readyok`. Each answer is awaited at most `timeout`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use dimchess_arena::uci::{UciEngine, UciError};
    /// let e = UciEngine::start("/nonexistent", &[], &[], "fide", Duration::from_secs(1));
    /// assert!(matches!(e, Err(UciError::Spawn { .. })));
    /// ```
    pub fn start(
        path: &str,
        args: &[String],
        options: &[(String, String)],
        variant: &str,
        timeout: Duration,
    ) -> Result<UciEngine, UciError> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| UciError::Spawn {
                path: path.to_string(),
                reason: e.to_string(),
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(UciError::Spawn {
                path: path.to_string(),
                reason: "no pipes".into(),
            });
        };
        let (tx, lines) = channel();
        let spawned = std::thread::Builder::new()
            .name("uci-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                while let Ok(Some(line)) = read_bounded_line(&mut reader, MAX_LINE) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        if let Err(e) = spawned {
            let _ = child.kill();
            let _ = child.wait();
            return Err(UciError::Spawn {
                path: path.to_string(),
                reason: format!("no reader thread: {e}"),
            });
        }
        let mut engine = UciEngine {
            path: path.to_string(),
            child,
            stdin,
            lines,
            name: None,
        };
        engine.handshake(options, variant, timeout)?;
        Ok(engine)
    }

    fn handshake(
        &mut self,
        options: &[(String, String)],
        variant: &str,
        timeout: Duration,
    ) -> Result<(), UciError> {
        self.send("uci", "uciok")?;
        let deadline = Instant::now() + timeout;
        let mut declared = Vec::new();
        loop {
            let line = self.next_line("uciok", deadline, timeout)?;
            let mut tokens = line.split_whitespace();
            match tokens.next() {
                Some("uciok") => break,
                Some("id") if tokens.next() == Some("name") => {
                    self.name = Some(tokens.collect::<Vec<_>>().join(" "));
                }
                Some("option") => declared.extend(parse_option(&line)),
                _ => {}
            }
        }
        let find = |name: &str| declared.iter().find(|d| d.name.eq_ignore_ascii_case(name));
        for (name, value) in options {
            let Some(d) = find(name) else {
                return Err(UciError::Unsupported(format!(
                    "the engine has no option `{name}` (it declares: {})",
                    declared
                        .iter()
                        .map(|d| d.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            };
            self.send(&format!("setoption name {} value {value}", d.name), "")?;
        }
        if variant != "fide" {
            match find("UCI_Variant") {
                None => {
                    return Err(UciError::Unsupported(format!(
                        "the engine has no option `UCI_Variant`, needed for `{variant}`"
                    )));
                }
                Some(d) if !d.vars.is_empty() && !d.vars.iter().any(|v| v == variant) => {
                    return Err(UciError::Unsupported(format!(
                        "the engine's `UCI_Variant` has no `{variant}` (it has: {})",
                        d.vars.join(", ")
                    )));
                }
                Some(_) => self.send(&format!("setoption name UCI_Variant value {variant}"), "")?,
            }
        }
        self.sync(timeout)
    }

    /// The program this engine runs (see [`UciEngine`]'s example).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The name the engine gave (`id name`; see [`UciEngine`]'s example).
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// `ucinewgame`, then `isready` and its `readyok` (awaited at most `timeout`; see the
    /// module's example).
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), UciError> {
        self.send("ucinewgame", "readyok")?;
        self.sync(timeout)
    }

    /// `isready`, and waits for `readyok`.
    fn sync(&mut self, timeout: Duration) -> Result<(), UciError> {
        self.send("isready", "readyok")?;
        let deadline = Instant::now() + timeout;
        while self.next_line("readyok", deadline, timeout)?.trim() != "readyok" {}
        Ok(())
    }

    /// Sends `position` (a whole `position ...` line) and `go` (a whole `go ...` line), and
    /// waits for `bestmove` at most `timeout`, keeping the last score of the `info` lines
    /// (see the module's example).
    pub fn go(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<UciAnswer, UciError> {
        self.send(position, "bestmove")?;
        self.send(go, "bestmove")?;
        let deadline = Instant::now() + timeout;
        let mut answer = UciAnswer::default();
        loop {
            let line = self.next_line("bestmove", deadline, timeout)?;
            let mut tokens = line.split_whitespace();
            match tokens.next() {
                Some("bestmove") => {
                    answer.bestmove = tokens
                        .next()
                        .filter(|m| *m != "(none)" && *m != "0000")
                        .map(str::to_string);
                    return Ok(answer);
                }
                Some("info") => {
                    if let Some(s) = info_score(&line) {
                        answer.score = Some(s);
                    }
                }
                _ => {}
            }
        }
    }

    fn send(&mut self, line: &str, awaiting: &'static str) -> Result<(), UciError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| UciError::Exited(awaiting))
    }

    fn next_line(
        &mut self,
        what: &'static str,
        deadline: Instant,
        waited: Duration,
    ) -> Result<String, UciError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(UciError::Timeout { what, waited }),
            Err(RecvTimeoutError::Disconnected) => Err(UciError::Exited(what)),
        }
    }
}

impl Drop for UciEngine {
    /// Says `quit`, gives the process a moment to exit, then kills it.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads one line of at most `max` bytes (without its `\n` and a `\r` before it; the rest of
/// a longer line is read and dropped), bytes that are not UTF-8 as U+FFFD. `None` at the end
/// of the input.
///
/// ```
/// use dimchess_arena::uci::read_bounded_line;
/// let mut input = &b"bestmove e2e4\r\nxxxxxxxxxx\nlast"[..];
/// assert_eq!(read_bounded_line(&mut input, 64).unwrap().as_deref(), Some("bestmove e2e4"));
/// assert_eq!(read_bounded_line(&mut input, 4).unwrap().as_deref(), Some("xxxx"));
/// assert_eq!(read_bounded_line(&mut input, 64).unwrap().as_deref(), Some("last"));
/// assert_eq!(read_bounded_line(&mut input, 64).unwrap(), None);
/// ```
pub fn read_bounded_line(reader: &mut impl BufRead, max: usize) -> std::io::Result<Option<String>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

/// The score of an `info` line: `score cp N` or `score mate N` (N > 0: the side to move
/// mates; N ≤ 0: it is mated), unless the line is for a `multipv` line other than the
/// first or the score is only a bound (`lowerbound`, `upperbound`).
///
/// ```
/// use dimchess_arena::uci::info_score;
/// use dimchess_any::engine::Score;
/// assert_eq!(info_score("info depth 5 score cp -31 nodes 100 pv e2e4"), Some(Score::Cp(-31)));
/// assert_eq!(info_score("info depth 9 score mate 3 pv a1a8"), Some(Score::Win(3)));
/// assert_eq!(info_score("info score mate -2"), Some(Score::Loss(2)));
/// assert_eq!(info_score("info multipv 2 score cp 5"), None);
/// assert_eq!(info_score("info score cp 40 lowerbound"), None);
/// assert_eq!(info_score("info string score cp 1"), None);
/// assert_eq!(info_score("info score cp x"), None);
/// ```
pub fn info_score(line: &str) -> Option<Score> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.first() != Some(&"info") || tokens.get(1) == Some(&"string") {
        return None;
    }
    let after = |word: &str| {
        tokens
            .iter()
            .position(|t| *t == word)
            .and_then(|i| tokens.get(i + 1))
    };
    if after("multipv").is_some_and(|k| *k != "1")
        || tokens
            .iter()
            .any(|t| *t == "lowerbound" || *t == "upperbound")
    {
        return None;
    }
    let i = tokens.iter().position(|t| *t == "score")?;
    let value: i64 = tokens.get(i + 2)?.parse().ok()?;
    match *tokens.get(i + 1)? {
        "cp" => Some(Score::Cp(value.clamp(-1_000_000, 1_000_000) as i32)),
        "mate" if value > 0 => Some(Score::Win(value.min(1_000_000) as u32)),
        "mate" => Some(Score::Loss((-value).min(1_000_000) as u32)),
        _ => None,
    }
}

/// An `option` line's name (the words between `name` and `type`) and its `var` values.
fn parse_option(line: &str) -> Option<Declared> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let start = tokens.iter().position(|t| *t == "name")? + 1;
    let end = tokens
        .iter()
        .position(|t| *t == "type")
        .unwrap_or(tokens.len());
    if start >= end {
        return None;
    }
    let vars = tokens
        .windows(2)
        .filter(|w| w[0] == "var")
        .map(|w| w[1].to_string())
        .collect();
    Some(Declared {
        name: tokens[start..end].join(" "),
        vars,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_with_their_values() {
        let d = parse_option(
            "option name UCI_Variant type combo default chess var chess var fide var dimension-x",
        )
        .unwrap();
        assert_eq!(d.name, "UCI_Variant");
        assert_eq!(d.vars, ["chess", "fide", "dimension-x"]);
        let d = parse_option("option name Skill Level type spin default 20 min 0 max 20").unwrap();
        assert_eq!(d.name, "Skill Level");
        assert!(parse_option("option type spin").is_none());
        assert!(parse_option("option name").is_none());
    }

    #[test]
    fn a_long_line_is_cut_and_the_next_one_read_whole() {
        let mut text = vec![b'a'; 3000];
        text.extend_from_slice(b"\nbestmove e2e4\n");
        let mut input = BufReader::with_capacity(16, &text[..]);
        let first = read_bounded_line(&mut input, 100).unwrap().unwrap();
        assert_eq!(first.len(), 100);
        assert_eq!(
            read_bounded_line(&mut input, 100).unwrap().as_deref(),
            Some("bestmove e2e4")
        );
        assert_eq!(read_bounded_line(&mut input, 100).unwrap(), None);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_replaced() {
        let mut input = &b"info \xff\xfe\n"[..];
        assert_eq!(
            read_bounded_line(&mut input, 100).unwrap().as_deref(),
            Some("info \u{fffd}\u{fffd}")
        );
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let e = UciEngine::start(
            "/nonexistent/engine",
            &[],
            &[],
            "fide",
            Duration::from_secs(1),
        )
        .err()
        .unwrap();
        assert!(matches!(e, UciError::Spawn { .. }), "{e}");
    }
}
