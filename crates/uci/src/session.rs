//! The session: [`Uci`], the state machine fed one command line at a time, its variant,
//! position, history and options, and the commands that need no search.

use std::sync::Arc;

use dimchess_any::core::error::one_line;
use dimchess_any::engine::{AnyEngine, Options};
use dimchess_any::registry::{VARIANTS, VariantInfo};
use dimchess_any::{AnyMove, AnyPosition, Position};

use crate::error::UciError;
use crate::options::DEFAULT_HASH_MB;
use crate::search::Running;

/// The output of a session: called with each response line (without its line end).
pub(crate) type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// A UCI session: the variant, the position and its history, the options, and the search.
///
/// Feed it lines with [`Uci::command`]; call [`Uci::finish`] at the end of the input (it
/// stops a search, whose `bestmove` then goes out). Responses go to the output function,
/// from the caller's thread or the search thread (each line whole).
pub struct Uci {
    /// Where response lines go.
    pub(crate) out: Output,
    /// The variant (`UCI_Variant`).
    pub(crate) variant: &'static VariantInfo,
    /// The position the next `go` searches.
    pub(crate) position: AnyPosition,
    /// Zobrist keys of the game's positions before `position` (oldest first).
    pub(crate) history: Vec<u64>,
    /// The engine's options (`Hash`, `Threads`).
    pub(crate) options: Options,
    /// The `MultiPV` option: lines to report.
    pub(crate) multipv: usize,
    /// The `searchmoves` of the last `go` (kept for its `ponderhit`).
    pub(crate) among: Vec<AnyMove>,
    /// The engine; `None` while a search holds it.
    pub(crate) engine: Option<AnyEngine>,
    /// The search in progress, if any.
    pub(crate) running: Option<Running>,
    /// `debug on`.
    pub(crate) debug: bool,
}

impl Uci {
    /// A session for `fide` from its start position; each response line goes to `out`.
    pub fn new(out: impl Fn(&str) + Send + Sync + 'static) -> Uci {
        let variant = &VARIANTS[0];
        let options = Options {
            hash_mb: DEFAULT_HASH_MB,
            ..Options::default()
        };
        Uci {
            out: Arc::new(out),
            variant,
            position: variant.start_position(),
            history: Vec::new(),
            options,
            multipv: 1,
            among: Vec::new(),
            engine: Some(AnyEngine::new(&options)),
            running: None,
            debug: false,
        }
    }

    /// The current variant.
    pub fn variant(&self) -> &'static VariantInfo {
        self.variant
    }

    /// The position the next `go` searches.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Whether a search is running (or done and waiting for `stop`, after `go infinite`).
    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// Whether debug mode is on (`debug on`): it only adds `info string` lines.
    pub fn debug(&self) -> bool {
        self.debug
    }

    /// Carries out one command line; returns `false` after `quit` (the caller then stops
    /// reading). Never panics on any input: what it cannot use is reported as an
    /// `info string` and ignored.
    pub fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        // As the UCI document says, unknown leading tokens are skipped ("joho debug on").
        let Some(start) = tokens.iter().position(|t| is_command(t)) else {
            if !tokens.is_empty() {
                self.report(&UciError::UnknownCommand(tokens.join(" ")));
            }
            return true;
        };
        if start > 0 {
            self.report(&UciError::UnknownCommand(tokens[..start].join(" ")));
        }
        let args = &tokens[start + 1..];
        match tokens[start] {
            "uci" => self.uci(),
            "debug" => self.debug = args.first() != Some(&"off"),
            "isready" => self.say("readyok"),
            "setoption" => {
                self.stop_search();
                if let Err(e) = self.setoption(args) {
                    self.report(&e);
                }
            }
            "register" => {}
            "ucinewgame" => {
                self.stop_search();
                self.new_game();
            }
            "position" => {
                self.stop_search();
                if let Err(e) = self.set_position(args) {
                    self.report(&e);
                }
            }
            "go" => {
                self.stop_search();
                self.go(args);
            }
            "stop" => self.stop_search(),
            "ponderhit" => self.ponderhit(),
            "quit" => {
                self.stop_search();
                return false;
            }
            _ => {}
        }
        true
    }

    /// Stops a search, if any, and waits for it: its `bestmove` has gone out when this
    /// returns. Call it at the end of the input.
    pub fn finish(&mut self) {
        self.stop_search();
    }

    /// Waits until the running search ends by its own limits (never call it after
    /// `go infinite` or `go ponder` without a `stop` from another thread: it would wait for
    /// ever).
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            self.join(r);
        }
    }

    /// Writes one response line.
    pub(crate) fn say(&self, line: &str) {
        (self.out)(line);
    }

    /// Reports `e` as an `info string error: …` line.
    pub(crate) fn report(&self, e: &UciError) {
        self.say(&format!("info string error: {}", one_line(&e.to_string())));
    }

    /// A new game: the engine forgets what it learnt; the variant's start position.
    pub(crate) fn new_game(&mut self) {
        if let Some(e) = self.engine.as_mut() {
            e.new_game();
        }
        self.position = self.variant.start_position();
        self.history.clear();
    }

    /// `position startpos | fen <text> [moves <move>…]`: the moves before a bad one are
    /// played, and the bad one is reported.
    fn set_position(&mut self, args: &[&str]) -> Result<(), UciError> {
        let moves_at = args.iter().position(|&t| t == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let mut pos = match head.split_first() {
            Some((&"startpos", [])) => self.variant.start_position(),
            Some((&"fen", text)) if !text.is_empty() => self
                .variant
                .parse_position(&text.join(" "))
                .map_err(UciError::Position)?,
            _ => {
                return Err(UciError::BadArguments {
                    command: "position",
                    reason: "expected `position startpos | fen <text> [moves <move>...]`"
                        .to_string(),
                });
            }
        };
        let mut history = Vec::with_capacity(moves.len());
        let mut failure = None;
        for (i, &m) in moves.iter().enumerate() {
            let key = pos.zobrist();
            match pos.play_text(m) {
                Ok(_) => history.push(key),
                Err(source) => {
                    failure = Some(UciError::Move {
                        index: i + 1,
                        text: m.to_string(),
                        source,
                    });
                    break;
                }
            }
        }
        self.position = pos;
        self.history = history;
        failure.map_or(Ok(()), Err)
    }
}

/// Whether `t` is a UCI command (the first one on a line is carried out).
fn is_command(t: &str) -> bool {
    matches!(
        t,
        "uci"
            | "debug"
            | "isready"
            | "setoption"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
    )
}
