//! The games being played: each behind its own async lock, with its seats, clocks, offers,
//! the events it sent (kept for replay) and the channel they go out on. Every change is
//! committed to the database before it is applied, acknowledged or broadcast.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::time::{Duration, Instant};

use rusqlite::params;
use serde_json::value::RawValue;
use tokio::sync::{Mutex, broadcast};

use dimchess_any::record::Game;
use dimchess_any::{Describe, Outcome, Position, registry};

use crate::db::{self, GameRow, SeatRow, Stored};
use crate::retire;
use crate::view::{self, Clocks, Event, FullState, Out, SeatView, StatusView};

mod commit;
mod decide;
mod stored;

pub use commit::{commit, restart_turn};
pub use decide::{Change, acting_seat, decide, timeout_outcome};
pub use stored::{NewGame, from_stored, insert_game, insert_rows, new_live};

/// How many events a game keeps for clients that reconnect; a larger gap gets the whole state.
pub const REPLAY: usize = 64;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person, who holds the seat's token.
    Human,
    /// The engine, searching `movetime` per move.
    Engine {
        /// The time per move.
        movetime: Duration,
    },
}

/// A time control: each seat starts with `base_ms` and gains `inc_ms` after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time each seat starts with.
    pub base_ms: i64,
    /// The time added after each move.
    pub inc_ms: i64,
}

/// A seat of a game being played.
#[derive(Debug)]
pub struct Seat {
    pub kind: SeatKind,
    pub token_hash: Option<[u8; 32]>,
    /// Why the seat left (four players), if it did.
    pub out: Option<String>,
    /// Connections holding the seat now.
    pub sockets: u32,
    /// Since when nobody holds it.
    pub away_since: Instant,
    /// Whether a page has held it since the game was loaded.
    pub came: bool,
}

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Live,
    Over,
    Aborted,
    Archived,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Live => "live",
            Status::Over => "over",
            Status::Aborted => "aborted",
            Status::Archived => "archived",
        }
    }
}

/// A game being played.
pub struct LiveGame {
    pub id: String,
    pub variant: &'static str,
    /// The stretches before each seat that left (four players): each a game of its own.
    pub segments: Vec<Game>,
    /// The stretch being played.
    pub game: Game,
    /// Moves played before `game`'s start.
    pub base_ply: usize,
    /// Every move's text, seat and the mover's clock after it, over all stretches.
    pub moves: Vec<(String, usize, Option<i64>)>,
    /// `(ply, seat, reason)` of each seat that left.
    pub retired: Vec<(usize, usize, String)>,
    pub seats: Vec<Seat>,
    pub tc: Option<TimeControl>,
    /// Each seat's time when the current turn began.
    pub remaining: Vec<i64>,
    /// When the current turn began (monotonic), while a clock runs.
    pub turn_start: Option<Instant>,
    pub status: Status,
    /// The result of an aborted or archived game.
    pub status_result: Option<String>,
    pub draw_offers: u8,
    pub takeback: Option<usize>,
    pub version: u64,
    /// The last events sent, `(version, frame)`.
    pub log: VecDeque<(u64, Arc<str>)>,
    /// The board, built once per change: `(version, frame of type board)`.
    pub board: Option<(u64, Arc<str>, Box<RawValue>)>,
    /// The move list as players read it, kept from board to board so that a new move costs
    /// one entry, not the whole game: `(segments, move texts, notation)`.
    pub notation: (usize, Vec<String>, Vec<String>),
    pub thinking: bool,
    pub engine_error: Option<String>,
    /// Bumped at every turn change: a flag timer of an older turn does nothing.
    pub turn_gen: u64,
    pub grace: Duration,
    /// The clocks have started: every person's seat has been held by a page once (or a move
    /// has been made).
    pub started: bool,
}

/// A game in memory: its state behind an async lock, its channel, and who watches it.
pub struct GameCell {
    pub id: String,
    pub inner: Mutex<LiveGame>,
    pub tx: broadcast::Sender<Arc<str>>,
    /// Open connections to the game (it is not dropped from memory while any is open).
    pub watchers: AtomicUsize,
    /// A clock runs or an engine thinks: the game stays in memory.
    pub pinned: AtomicBool,
}

/// A refusal: an HTTP-like status and a message; `resync`: the client's view is stale.
#[derive(Debug)]
pub struct ActError {
    pub status: u16,
    pub msg: String,
    pub resync: bool,
}

impl ActError {
    pub fn new(status: u16, msg: impl Into<String>) -> ActError {
        ActError {
            status,
            msg: msg.into(),
            resync: false,
        }
    }
}

/// What a seat asks for.
#[derive(Debug, Clone)]
pub enum Action {
    Move { ply: usize, text: String },
    Resign,
    Offer(What),
    Accept(What),
    Decline(What),
    ClaimDraw,
    ClaimAbsent,
    Abort,
    Undo,
}

/// What an offer is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    Draw,
    Takeback,
}

impl What {
    pub fn parse(s: &str) -> Result<What, ActError> {
        match s {
            "draw" => Ok(What::Draw),
            "takeback" => Ok(What::Takeback),
            _ => Err(ActError::new(400, "`what` must be `draw` or `takeback`")),
        }
    }
    fn name(self) -> &'static str {
        match self {
            What::Draw => "draw",
            What::Takeback => "takeback",
        }
    }
}

/// The reasons a decided ending may have (an `Outcome` holds a `&'static str`).
fn static_reason(reason: &str) -> &'static str {
    match reason {
        "resignation" => "resignation",
        "time" => "time",
        "agreement" => "agreement",
        "abandoned" => "abandoned",
        "timeout vs insufficient material" => "timeout vs insufficient material",
        _ => "decided",
    }
}

impl LiveGame {
    /// Moves played in all.
    pub fn ply(&self) -> usize {
        self.base_ply + self.game.len()
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The seat to move.
    pub fn turn(&self) -> usize {
        self.game.position().turn()
    }

    pub fn is_live(&self) -> bool {
        self.status == Status::Live && self.game.result_text().is_none()
    }

    /// The result text, once over.
    pub fn result(&self) -> Option<String> {
        match self.status {
            Status::Aborted | Status::Archived => self.status_result.clone(),
            _ => self.game.result_text(),
        }
    }

    /// Whether the side to move's clock runs: a timed game that goes on, once started (every
    /// person has come, or a move was made).
    pub fn clock_running(&self) -> bool {
        self.tc.is_some() && self.is_live() && self.turn_start.is_some()
    }

    /// Whether the clocks may run: every person's seat has been held once, or a move was made.
    pub fn has_started(&self) -> bool {
        self.started || self.ply() > 0
    }

    /// A seat's time now.
    pub fn time_left(&self, seat: usize, now: Instant) -> i64 {
        let base = self.remaining.get(seat).copied().unwrap_or(0);
        match self.turn_start {
            Some(t) if self.clock_running() && seat == self.turn() => {
                base - i64::try_from(now.saturating_duration_since(t).as_millis())
                    .unwrap_or(i64::MAX)
            }
            _ => base,
        }
    }

    /// The grace period before others may claim an absent seat's game: the server's, doubled
    /// for games of 3 minutes or more and for untimed games.
    pub fn grace(&self) -> Duration {
        match self.tc {
            Some(tc) if tc.base_ms < 180_000 => self.grace,
            _ => self.grace * 2,
        }
    }

    fn live_seats(&self) -> Vec<usize> {
        (0..self.players())
            .filter(|&s| self.seats[s].out.is_none())
            .collect()
    }

    /// The status every event carries.
    pub fn status_view(&self, now: Instant) -> StatusView {
        let over = !self.is_live();
        let clocks = self.tc.map(|tc| Clocks {
            base_ms: tc.base_ms,
            inc_ms: tc.inc_ms,
            remaining_ms: (0..self.players())
                .map(|s| self.time_left(s, now).max(0))
                .collect(),
            running: self.clock_running().then(|| self.turn()),
        });
        let seats = self
            .seats
            .iter()
            .map(|s| {
                let (kind, movetime_ms) = match s.kind {
                    SeatKind::Human => ("human", None),
                    SeatKind::Engine { movetime } => (
                        "engine",
                        Some(u64::try_from(movetime.as_millis()).unwrap_or(0)),
                    ),
                };
                let connected = s.kind != SeatKind::Human || s.sockets > 0;
                SeatView {
                    kind,
                    movetime_ms,
                    connected,
                    away_ms: (!connected).then(|| {
                        u64::try_from(now.saturating_duration_since(s.away_since).as_millis())
                            .unwrap_or(u64::MAX)
                    }),
                    out: s.out.clone(),
                }
            })
            .collect();
        StatusView {
            ply: self.ply(),
            turn: self.turn(),
            over,
            result: self.result(),
            clocks,
            seats,
            grace_ms: u64::try_from(self.grace().as_millis()).unwrap_or(u64::MAX),
            draw_offers: (0..self.players())
                .filter(|s| self.draw_offers & (1 << s) != 0)
                .collect(),
            takeback: self.takeback,
            claim: if over {
                None
            } else {
                self.game.can_claim_draw().map(|o| o.to_string())
            },
            can_abort: !over && self.ply() < self.players(),
            thinking: self.thinking,
            engine_error: self.engine_error.clone(),
        }
    }

    /// The whole state as JSON text (the board must be built: [`LiveGame::board_raw`]).
    pub fn full_state(&self, now: Instant) -> String {
        let status = self.status_view(now);
        let null = view::raw(&());
        let board = self.board.as_ref().map_or(&*null, |b| &*b.2);
        view::to_json(&FullState {
            id: &self.id,
            variant: self.variant,
            v: self.version,
            history: self.moves.iter().map(|(t, _, _)| t.as_str()).collect(),
            status: &status,
            board,
        })
    }

    /// The stretches' records (one game per stretch, a seat's leaving between them).
    pub fn record(&self) -> String {
        let mut out = String::new();
        for g in &self.segments {
            out.push_str(&g.to_record());
            out.push('\n');
        }
        out.push_str(&self.game.to_record());
        out
    }

    /// The row of `games` for this game's state now.
    fn row(&self, created_at: i64) -> GameRow {
        let (end_reason, end_winner) = self.end_fields();
        GameRow {
            id: self.id.clone(),
            variant: self.variant.to_string(),
            start: self.segments.first().unwrap_or(&self.game).start().text(),
            base_ms: self.tc.map(|t| t.base_ms),
            inc_ms: self.tc.map(|t| t.inc_ms),
            status: self.status.as_str().into(),
            result: self.result(),
            end_reason,
            end_winner,
            draw_offers: i64::from(self.draw_offers),
            takeback: self.takeback.map(|s| s as i64),
            created_at,
            updated_at: created_at,
        }
    }

    /// The decided ending (not the position's own) as stored: reason and winner.
    fn end_fields(&self) -> (Option<String>, Option<i64>) {
        match self.status {
            Status::Aborted => (Some("aborted".into()), None),
            Status::Archived => (Some("archived".into()), None),
            _ => {
                if self.game.position().outcome().is_some() {
                    return (None, None);
                }
                match self.game.outcome() {
                    Some(o)
                        if self
                            .game
                            .position()
                            .game_ending(self.game.occurrences())
                            .is_none() =>
                    {
                        let reason = match o {
                            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
                        };
                        let reason = if self
                            .game
                            .position()
                            .draw_claim(self.game.occurrences())
                            .is_some()
                            && matches!(o, Outcome::Draw { .. })
                            && reason != "agreement"
                            && reason != "timeout vs insufficient material"
                        {
                            "claim"
                        } else {
                            reason
                        };
                        (Some(reason.into()), o.winner().map(|w| w as i64))
                    }
                    _ => (None, None),
                }
            }
        }
    }
}

impl GameCell {
    pub fn new(g: LiveGame) -> Arc<GameCell> {
        let (tx, _) = broadcast::channel(256);
        Arc::new(GameCell {
            id: g.id.clone(),
            inner: Mutex::new(g),
            tx,
            watchers: AtomicUsize::new(0),
            pinned: AtomicBool::new(false),
        })
    }
}

/// Builds the board of `g` if it changed since it was last built (on the blocking pool: the
/// legal moves with their cells take milliseconds in the larger variants).
pub async fn ensure_board(g: &mut LiveGame) {
    let key = g.board_key();
    if matches!(&g.board, Some((k, _, _)) if *k == key) {
        return;
    }
    let game = g.game.clone();
    let over = !g.is_live();
    let result = g.result();
    // The notation already written for the moves this game still has (after a takeback or a
    // seat's elimination, only the common beginning).
    let (segments, texts, mut known) = std::mem::take(&mut g.notation);
    let same = if segments == g.segments.len() {
        texts
            .iter()
            .zip(game.moves())
            .take_while(|(a, (_, b))| a.as_str() == *b)
            .count()
    } else {
        0
    };
    known.truncate(same);
    let built = tokio::task::spawn_blocking(move || {
        let board = view::board(&game, over, result, &known);
        let texts = game.moves().map(|(_, t)| t.to_string()).collect();
        (view::raw(&board), texts, board.notation)
    })
    .await;
    let built = match built {
        Ok((built, texts, notation)) => {
            g.notation = (g.segments.len(), texts, notation);
            built
        }
        Err(_) => view::raw(&()),
    };
    let frame: Arc<str> = view::to_json(&Out::Board {
        v: g.version,
        board: &built,
    })
    .into();
    g.board = Some((key, frame, built));
}

impl LiveGame {
    /// What the board depends on: the ply, the stretch and whether the game goes on.
    fn board_key(&self) -> u64 {
        (self.ply() as u64) << 8 | (self.segments.len() as u64) << 1 | u64::from(!self.is_live())
    }

    /// Records `ev`: a new version, the event's frame in the log; the frames to send (the
    /// event, and the board if it changed).
    pub async fn emit(&mut self, ev: Event) -> Vec<Arc<str>> {
        self.version += 1;
        let status = self.status_view(Instant::now());
        let frame: Arc<str> = view::to_json(&Out::Ev {
            v: self.version,
            ev: &ev,
            status: &status,
        })
        .into();
        self.log.push_back((self.version, frame.clone()));
        while self.log.len() > REPLAY {
            self.log.pop_front();
        }
        let before = self.board.as_ref().map(|b| b.0);
        ensure_board(self).await;
        let mut frames = vec![frame];
        if let Some((k, _, raw)) = &self.board
            && (before != Some(*k) || matches!(ev, Event::Created | Event::Loaded))
        {
            let f: Arc<str> = view::to_json(&Out::Board {
                v: self.version,
                board: raw,
            })
            .into();
            self.board = Some((*k, f.clone(), raw.clone()));
            frames.push(f);
        }
        frames
    }

    /// The frames a client that saw version `v` needs: the events since (and the board), or
    /// `None` if they are no longer kept.
    pub fn replay_since(&self, v: u64) -> Option<Vec<Arc<str>>> {
        if v > self.version {
            return None;
        }
        if v == self.version {
            return Some(Vec::new());
        }
        let first = self.log.front()?.0;
        if v + 1 < first {
            return None;
        }
        let mut out: Vec<Arc<str>> = self
            .log
            .iter()
            .filter(|(k, _)| *k > v)
            .map(|(_, f)| f.clone())
            .collect();
        if let Some((_, _, raw)) = &self.board {
            out.push(
                view::to_json(&Out::Board {
                    v: self.version,
                    board: raw,
                })
                .into(),
            );
        }
        Some(out)
    }
}
