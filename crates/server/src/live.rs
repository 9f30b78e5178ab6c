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

/// A new game.
pub struct NewGame {
    pub id: String,
    pub game: Game,
    pub seats: Vec<(SeatKind, Option<[u8; 32]>)>,
    pub tc: Option<TimeControl>,
    pub grace: Duration,
}

pub fn new_live(n: NewGame) -> LiveGame {
    let now = Instant::now();
    let players = n.seats.len();
    let base = n.tc.map_or(0, |t| t.base_ms);
    let base_ply = 0;
    let moves = n
        .game
        .move_texts()
        .enumerate()
        .map(|(i, t)| (t.to_string(), i % players.max(1), None))
        .collect();
    LiveGame {
        id: n.id,
        variant: n.game.position().id(),
        segments: Vec::new(),
        base_ply,
        moves,
        retired: Vec::new(),
        seats: n
            .seats
            .into_iter()
            .map(|(kind, token_hash)| Seat {
                kind,
                token_hash,
                out: None,
                sockets: 0,
                away_since: now,
                came: false,
            })
            .collect(),
        tc: n.tc,
        remaining: vec![base; players],
        turn_start: None,
        status: Status::Live,
        status_result: None,
        draw_offers: 0,
        takeback: None,
        version: 0,
        log: VecDeque::new(),
        board: None,
        thinking: false,
        engine_error: None,
        turn_gen: 0,
        grace: n.grace,
        started: false,
        game: n.game,
    }
}

/// The rows of a new game.
pub fn insert_rows(g: &LiveGame) -> (GameRow, Vec<SeatRow>, Vec<(i64, String, i64)>) {
    let now = db::now_ms();
    let row = g.row(now);
    let seats = g
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatRow {
            seat: i as i64,
            kind: match s.kind {
                SeatKind::Human => "human".into(),
                SeatKind::Engine { .. } => "engine".into(),
            },
            movetime_ms: match s.kind {
                SeatKind::Engine { movetime } => i64::try_from(movetime.as_millis()).ok(),
                SeatKind::Human => None,
            },
            token_hash: s.token_hash.map(|h| h.to_vec()),
            remaining_ms: g.tc.map(|_| g.remaining[i]),
        })
        .collect();
    // An imported record's moves, seat by turn.
    let mut replay = Game::new(g.game.start().clone());
    let mut moves = Vec::new();
    for (i, t) in g.game.move_texts().enumerate() {
        let seat = replay.position().turn() as i64;
        let _ = replay.play_text(t);
        moves.push((i as i64, t.to_string(), seat));
    }
    (row, seats, moves)
}

/// Writes a new game (and an imported record's moves).
pub fn insert_game(
    c: &rusqlite::Connection,
    row: &GameRow,
    seats: &[SeatRow],
    moves: &[(i64, String, i64)],
) -> rusqlite::Result<()> {
    db::insert_game(c, row, seats)?;
    let mut st = c.prepare_cached(
        "INSERT INTO moves (game, ply, text, seat, clock_ms, at) VALUES (?1, ?2, ?3, ?4, NULL, ?5)",
    )?;
    for (ply, text, seat) in moves {
        st.execute(params![row.id, ply, text, seat, row.created_at])?;
    }
    Ok(())
}

/// Rebuilds a game from its rows. Clocks: each seat's time when the turn began; the turn that
/// was running when the server stopped starts again now (the time the server was down is not
/// counted, nor the part of the turn before it: see docs/web.md).
pub fn from_stored(s: Stored, grace: Duration) -> Result<LiveGame, String> {
    let info = registry::find(&s.game.variant).map_err(|e| e.to_string())?;
    let start = info
        .parse_position(&s.game.start)
        .map_err(|e| e.to_string())?;
    let now = Instant::now();
    let seats: Vec<Seat> = s
        .seats
        .iter()
        .map(|r| Seat {
            kind: match r.kind.as_str() {
                "engine" => SeatKind::Engine {
                    movetime: Duration::from_millis(
                        u64::try_from(r.movetime_ms.unwrap_or(1000)).unwrap_or(1000),
                    ),
                },
                _ => SeatKind::Human,
            },
            token_hash: r
                .token_hash
                .as_deref()
                .and_then(|h| <[u8; 32]>::try_from(h).ok()),
            out: None,
            sockets: 0,
            away_since: now,
            came: false,
        })
        .collect();
    let tc = match (s.game.base_ms, s.game.inc_ms) {
        (Some(base_ms), Some(inc_ms)) => Some(TimeControl { base_ms, inc_ms }),
        _ => None,
    };
    let mut g = new_live(NewGame {
        id: s.game.id.clone(),
        game: Game::new(start),
        seats: seats.iter().map(|x| (x.kind, x.token_hash)).collect(),
        tc,
        grace,
    });
    g.seats = seats;
    let mut retired = s.retirements.iter().peekable();
    for ply in 0..=s.moves.len() {
        while let Some(r) = retired.next_if(|r| r.ply as usize == ply) {
            let seat = usize::try_from(r.seat).map_err(|_| "bad seat")?;
            apply_retire(&mut g, seat, &r.reason)?;
        }
        if let Some(m) = s.moves.get(ply) {
            if m.ply != ply as i64 {
                return Err(format!("move {} is missing", ply + 1));
            }
            g.game
                .play_text(&m.text)
                .map_err(|e| format!("move {} `{}`: {e}", ply + 1, m.text))?;
            g.moves.push((
                m.text.clone(),
                usize::try_from(m.seat).unwrap_or(0),
                m.clock_ms,
            ));
        }
    }
    for r in &s.seats {
        if let (Some(ms), Some(slot)) = (r.remaining_ms, g.remaining.get_mut(r.seat as usize)) {
            *slot = ms;
        }
    }
    g.draw_offers = u8::try_from(s.game.draw_offers).unwrap_or(0);
    g.takeback = s.game.takeback.and_then(|t| usize::try_from(t).ok());
    match s.game.status.as_str() {
        "aborted" => {
            g.status = Status::Aborted;
            g.status_result = s.game.result.clone();
        }
        "archived" => {
            g.status = Status::Archived;
            g.status_result = s.game.result.clone();
        }
        "over" if g.game.result_text().is_none() => {
            let reason = s.game.end_reason.as_deref().unwrap_or("decided");
            if reason == "claim" {
                g.game.claim_draw().map_err(|e| e.to_string())?;
            } else {
                let reason = static_reason(reason);
                let o = match s.game.end_winner {
                    Some(w) => Outcome::Win {
                        winner: usize::try_from(w).unwrap_or(0),
                        reason,
                    },
                    None => Outcome::Draw { reason },
                };
                g.game.end(o).map_err(|e| e.to_string())?;
            }
            g.status = Status::Over;
        }
        "over" => g.status = Status::Over,
        _ => {}
    }
    if g.is_live() && g.tc.is_some() && g.ply() > 0 {
        g.started = true;
        g.turn_start = Some(now);
    }
    Ok(g)
}

/// Applies seat `seat`'s leaving to the game in memory (the position of [`retire::retire`]).
fn apply_retire(g: &mut LiveGame, seat: usize, reason: &str) -> Result<(), String> {
    let next = retire::retire(g.game.position(), seat)?;
    let old = std::mem::replace(&mut g.game, Game::new(next));
    g.base_ply += old.len();
    g.segments.push(old);
    if let Some(s) = g.seats.get_mut(seat) {
        s.out = Some(reason.to_string());
    }
    g.retired.push((g.ply(), seat, reason.to_string()));
    Ok(())
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
    let built = tokio::task::spawn_blocking(move || view::raw(&view::board(&game, over, result)))
        .await
        .unwrap_or_else(|_| view::raw(&()));
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

/// The seat, among `held`, that acts: `wanted` if given (and held), else the seat to move if
/// held, else the first held seat still in the game.
pub fn acting_seat(g: &LiveGame, held: &[usize], wanted: Option<usize>) -> Result<usize, ActError> {
    if held.is_empty() {
        return Err(ActError::new(403, "a spectator cannot act for a seat"));
    }
    if let Some(w) = wanted {
        return if held.contains(&w) {
            Ok(w)
        } else {
            Err(ActError::new(403, "this token does not hold that seat"))
        };
    }
    if held.contains(&g.turn()) {
        return Ok(g.turn());
    }
    held.iter()
        .copied()
        .find(|&s| g.seats.get(s).is_some_and(|x| x.out.is_none()))
        .ok_or_else(|| ActError::new(403, "this token's seat has left the game"))
}

/// The change an action makes, decided before anything is written.
pub enum Change {
    Move {
        text: String,
        seat: usize,
    },
    End(Outcome),
    ClaimDraw,
    Retire(Vec<(usize, &'static str)>),
    Abort,
    Offers {
        draw: u8,
        takeback: Option<usize>,
        event: Event,
    },
    /// Take back to `ply` moves.
    Rewind(usize),
}

/// Decides what `action` by `seat` changes, or why it is refused (nothing changes then).
pub fn decide(
    g: &LiveGame,
    seat: usize,
    held: &[usize],
    action: &Action,
    now: Instant,
) -> Result<Change, ActError> {
    let conflict = |m: &str| ActError::new(409, m);
    if let Action::Move { ply, .. } = action
        && *ply != g.ply()
    {
        return Err(ActError {
            status: 409,
            msg: format!("stale ply {ply}: the game is at ply {}", g.ply()),
            resync: true,
        });
    }
    if !g.is_live() {
        return Err(ActError::new(
            409,
            format!("the game is over ({})", g.result().unwrap_or_default()),
        ));
    }
    if g.seats[seat].out.is_some() {
        return Err(ActError::new(403, "this seat has left the game"));
    }
    let two = g.players() == 2;
    match action {
        Action::Move { text, .. } => {
            // A stale or repeated ply was answered above, before the turn: a move sent again
            // after its answer was lost is not this seat's turn any more, and gets the state
            // that shows it played.
            if seat != g.turn() {
                return Err(ActError::new(403, "it is not this seat's turn"));
            }
            if let SeatKind::Engine { .. } = g.seats[seat].kind {
                return Err(conflict("it is the engine's turn"));
            }
            let mut probe = g.game.position().clone();
            let text = text.trim();
            probe
                .play_text(text)
                .map_err(|e| ActError::new(422, e.to_string()))?;
            Ok(Change::Move {
                text: text.to_string(),
                seat,
            })
        }
        Action::Resign => {
            if two {
                Ok(Change::End(Outcome::Win {
                    winner: 1 - seat,
                    reason: "resignation",
                }))
            } else {
                Ok(Change::Retire(vec![(seat, "resignation")]))
            }
        }
        Action::Abort => {
            if g.ply() >= g.players() {
                return Err(conflict(
                    "every seat has moved: the game can no longer be aborted",
                ));
            }
            Ok(Change::Abort)
        }
        Action::ClaimDraw => {
            if seat != g.turn() {
                return Err(ActError::new(403, "only the seat to move may claim a draw"));
            }
            if g.game.can_claim_draw().is_none() {
                return Err(conflict("there is no draw to claim here"));
            }
            Ok(Change::ClaimDraw)
        }
        Action::ClaimAbsent => {
            let grace = g.grace();
            let away: Vec<usize> = (0..g.players())
                .filter(|&s| {
                    s != seat
                        && g.seats[s].kind == SeatKind::Human
                        && g.seats[s].out.is_none()
                        && g.seats[s].sockets == 0
                        && now.saturating_duration_since(g.seats[s].away_since) >= grace
                })
                .collect();
            if away.is_empty() {
                return Err(conflict(
                    format!("no seat has been away for {} s", grace.as_secs()).as_str(),
                ));
            }
            if two {
                Ok(Change::End(Outcome::Win {
                    winner: seat,
                    reason: "abandoned",
                }))
            } else {
                Ok(Change::Retire(
                    away.into_iter().map(|s| (s, "abandoned")).collect(),
                ))
            }
        }
        Action::Offer(What::Draw) | Action::Accept(What::Draw) => {
            if matches!(action, Action::Accept(_)) && g.draw_offers == 0 {
                return Err(conflict("no draw is offered"));
            }
            let mask = g.draw_offers | 1 << seat;
            let live = g.live_seats();
            if live.iter().all(|s| mask & (1 << s) != 0) {
                return Ok(Change::End(Outcome::Draw {
                    reason: "agreement",
                }));
            }
            if g.draw_offers & (1 << seat) != 0 {
                return Err(conflict("this seat offers a draw already"));
            }
            Ok(Change::Offers {
                draw: mask,
                takeback: g.takeback,
                event: Event::Offer { what: "draw", seat },
            })
        }
        Action::Decline(w) => {
            let pending = match w {
                What::Draw => g.draw_offers != 0,
                What::Takeback => g.takeback.is_some(),
            };
            if !pending {
                return Err(conflict("nothing to decline"));
            }
            Ok(Change::Offers {
                draw: if *w == What::Draw { 0 } else { g.draw_offers },
                takeback: if *w == What::Takeback {
                    None
                } else {
                    g.takeback
                },
                event: Event::Decline {
                    what: w.name(),
                    seat,
                },
            })
        }
        Action::Offer(What::Takeback) => {
            if !two || g.seats.iter().any(|s| s.kind != SeatKind::Human) {
                return Err(conflict(
                    "takebacks are asked between two people (against the engine: undo)",
                ));
            }
            if !g.moves[g.base_ply..].iter().any(|(_, s, _)| *s == seat) {
                return Err(conflict("this seat has no move to take back"));
            }
            Ok(Change::Offers {
                draw: g.draw_offers,
                takeback: Some(seat),
                event: Event::Offer {
                    what: "takeback",
                    seat,
                },
            })
        }
        Action::Accept(What::Takeback) => {
            let Some(asker) = g.takeback else {
                return Err(conflict("no takeback is asked"));
            };
            if asker == seat {
                return Err(conflict("the other seat must accept"));
            }
            let last = g.moves[g.base_ply..]
                .iter()
                .rposition(|(_, s, _)| *s == asker)
                .ok_or_else(|| conflict("no move to take back"))?;
            Ok(Change::Rewind(g.base_ply + last))
        }
        Action::Undo => {
            // Undo is for one person's game: against the engine, or every seat at one screen.
            if g.seats
                .iter()
                .enumerate()
                .any(|(i, s)| s.kind == SeatKind::Human && !held.contains(&i))
            {
                return Err(conflict(
                    "undo is for games against the engine or at one screen; ask the other seats for a takeback",
                ));
            }
            if g.game.is_empty() {
                return Err(conflict("no move to take back"));
            }
            // Back to the last position where a person is to move (or the stretch's start).
            let mut to = g.ply() - 1;
            let first = g.base_ply;
            while to > first && g.seats[g.moves[to].1].kind != SeatKind::Human {
                to -= 1;
            }
            Ok(Change::Rewind(to))
        }
    }
}

/// The outcome of a loss on time by `seat` in a two-player game: a win for the other, or a
/// draw where the other has only its King (fide: FIDE article 6.9 for the bare King; see
/// docs/rules/fide.md).
pub fn timeout_outcome(g: &LiveGame, seat: usize) -> Outcome {
    let winner = 1 - seat;
    if g.variant == "fide" {
        let layout = g.game.position().layout();
        let mut pieces = 0;
        let mut minors = 0;
        let mut flagged_pieces = 0;
        for b in &layout.boards {
            for p in b.cells.iter().flatten().filter_map(|c| c.piece.as_ref()) {
                if p.owner == winner {
                    pieces += 1;
                    if matches!(p.name.as_str(), "Knight" | "Bishop") {
                        minors += 1;
                    }
                } else {
                    flagged_pieces += 1;
                }
            }
        }
        // The winner has only its King, or King and one minor piece against a bare King:
        // no series of legal moves mates.
        if pieces == 1 || (pieces == 2 && minors == 1 && flagged_pieces == 1) {
            return Outcome::Draw {
                reason: "timeout vs insufficient material",
            };
        }
    }
    Outcome::Win {
        winner,
        reason: "time",
    }
}

/// Writes `change` to the database (durably) and then applies it in memory; the events it
/// makes. Nothing changes if the write fails.
pub async fn commit(
    db: &db::Db,
    g: &mut LiveGame,
    change: Change,
    now: Instant,
) -> Result<Vec<Event>, ActError> {
    let id = g.id.clone();
    let at = db::now_ms();
    let fail = |e: String| ActError::new(500, format!("not saved: {e}"));
    match change {
        Change::Move { text, seat } => {
            // The clock: the mover's time now, plus the increment.
            let mut remaining = g.remaining.clone();
            if let Some(tc) = g.tc
                && g.clock_running()
            {
                remaining[seat] = g.time_left(seat, now) + tc.inc_ms;
            }
            let clock = g.tc.map(|_| remaining[seat]);
            let ply = g.ply();
            let mut after = g.game.clone();
            after
                .play_text(&text)
                .map_err(|e| ActError::new(422, e.to_string()))?;
            // An offer lapses when a seat that did not agree moves.
            let draw = if g.draw_offers & (1 << seat) != 0 {
                g.draw_offers
            } else {
                0
            };
            let takeback = g.takeback.filter(|&s| s == seat);
            let over = after.result_text();
            let (t, s2, over2) = (text.clone(), seat, over.clone());
            db.write(move |c| {
                c.execute(
                    "INSERT INTO moves (game, ply, text, seat, clock_ms, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![id, ply as i64, t, s2 as i64, clock, at],
                )?;
                c.execute(
                    "UPDATE seats SET remaining_ms = ?3 WHERE game = ?1 AND seat = ?2",
                    params![id, s2 as i64, clock],
                )?;
                c.execute(
                    "UPDATE games SET updated_at = ?2, draw_offers = ?3, takeback = ?4,
                        status = CASE WHEN ?5 IS NULL THEN status ELSE 'over' END,
                        result = COALESCE(?5, result) WHERE id = ?1",
                    params![id, at, i64::from(draw), takeback.map(|s| s as i64), over2],
                )?;
                Ok(())
            })
            .await
            .map_err(fail)?;
            g.game = after;
            g.remaining = remaining;
            g.moves.push((text.clone(), seat, clock));
            g.draw_offers = draw;
            g.takeback = takeback;
            let mut events = vec![Event::Move { ply, text, seat }];
            if let Some(r) = over {
                g.status = Status::Over;
                events.push(Event::End { result: r });
            }
            Ok(events)
        }
        Change::End(o) => {
            let mut after = g.game.clone();
            after
                .end(o)
                .map_err(|e| ActError::new(409, e.to_string()))?;
            let result = after.result_text();
            let reason = match o {
                Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
            };
            let winner = o.winner().map(|w| w as i64);
            let r2 = result.clone();
            let remaining = freeze(g, now);
            let seats = remaining_rows(g, &remaining);
            db.write(move |c| {
                c.execute(
                    "UPDATE games SET status = 'over', result = ?2, end_reason = ?3, end_winner = ?4,
                        updated_at = ?5, draw_offers = 0, takeback = NULL WHERE id = ?1",
                    params![id, r2, reason, winner, at],
                )?;
                write_remaining(c, &id, &seats)
            })
            .await
            .map_err(fail)?;
            g.game = after;
            g.remaining = remaining;
            g.status = Status::Over;
            g.draw_offers = 0;
            g.takeback = None;
            Ok(vec![Event::End {
                result: result.unwrap_or_default(),
            }])
        }
        Change::ClaimDraw => {
            let mut after = g.game.clone();
            after
                .claim_draw()
                .map_err(|e| ActError::new(409, e.to_string()))?;
            let result = after.result_text();
            let r2 = result.clone();
            let remaining = freeze(g, now);
            let seats = remaining_rows(g, &remaining);
            db.write(move |c| {
                c.execute(
                    "UPDATE games SET status = 'over', result = ?2, end_reason = 'claim',
                        end_winner = NULL, updated_at = ?3, draw_offers = 0, takeback = NULL
                     WHERE id = ?1",
                    params![id, r2, at],
                )?;
                write_remaining(c, &id, &seats)
            })
            .await
            .map_err(fail)?;
            g.game = after;
            g.remaining = remaining;
            g.status = Status::Over;
            Ok(vec![Event::End {
                result: result.unwrap_or_default(),
            }])
        }
        Change::Abort => {
            db.write(move |c| {
                c.execute(
                    "UPDATE games SET status = 'aborted', result = 'aborted', end_reason = 'aborted',
                        updated_at = ?2 WHERE id = ?1",
                    params![id, at],
                )?;
                Ok(())
            })
            .await
            .map_err(fail)?;
            g.status = Status::Aborted;
            g.status_result = Some("aborted".into());
            Ok(vec![Event::End {
                result: "aborted".into(),
            }])
        }
        Change::Offers {
            draw,
            takeback,
            event,
        } => {
            db.write(move |c| {
                c.execute(
                    "UPDATE games SET draw_offers = ?2, takeback = ?3 WHERE id = ?1",
                    params![id, i64::from(draw), takeback.map(|s| s as i64)],
                )?;
                Ok(())
            })
            .await
            .map_err(fail)?;
            g.draw_offers = draw;
            g.takeback = takeback;
            Ok(vec![event])
        }
        Change::Retire(list) => {
            // Try it in memory first (a copy): the positions must be made before anything is written.
            let mut probe_game = g.game.clone();
            let mut done = Vec::new();
            for &(seat, _) in &list {
                if probe_game.result_text().is_some() {
                    break;
                }
                let next = retire::retire(probe_game.position(), seat)
                    .map_err(|e| ActError::new(409, e))?;
                probe_game = Game::new(next);
                done.push(seat);
            }
            let ply = g.ply() as i64;
            let rows: Vec<(usize, &'static str)> = list
                .iter()
                .copied()
                .filter(|(s, _)| done.contains(s))
                .collect();
            let over = probe_game.result_text();
            // The clock: a seat that leaves on its turn ends it (the next seat's turn begins
            // now); one that leaves out of turn leaves the running clock as it is.
            let remaining = if rows.iter().any(|(s, _)| *s == g.turn()) {
                freeze(g, now)
            } else {
                g.remaining.clone()
            };
            let seats = remaining_rows(g, &remaining);
            let rows2 = rows.clone();
            let over2 = over.clone();
            db.write(move |c| {
                for (seat, reason) in &rows2 {
                    c.execute(
                        "INSERT INTO retirements (game, ply, seat, reason) VALUES (?1, ?2, ?3, ?4)",
                        params![id, ply, *seat as i64, reason],
                    )?;
                }
                c.execute(
                    "UPDATE games SET updated_at = ?2, draw_offers = 0,
                        status = CASE WHEN ?3 IS NULL THEN status ELSE 'over' END,
                        result = COALESCE(?3, result) WHERE id = ?1",
                    params![id, at, over2],
                )?;
                write_remaining(c, &id, &seats)
            })
            .await
            .map_err(fail)?;
            g.remaining = remaining;
            g.draw_offers = 0;
            let mut events = Vec::new();
            for (seat, reason) in rows {
                apply_retire(g, seat, reason).map_err(|e| ActError::new(500, e))?;
                events.push(Event::Retired {
                    seat,
                    reason: reason.into(),
                });
            }
            if let Some(r) = over {
                g.status = Status::Over;
                events.push(Event::End { result: r });
            }
            Ok(events)
        }
        Change::Rewind(to) => {
            if to < g.base_ply || to >= g.ply() {
                return Err(ActError::new(409, "cannot take back past a seat that left"));
            }
            // Each seat's clock as its last move before `to` left it.
            let mut remaining: Vec<i64> = vec![g.tc.map_or(0, |t| t.base_ms); g.players()];
            for (_, s, clock) in &g.moves[..to] {
                if let (Some(c), Some(slot)) = (clock, remaining.get_mut(*s)) {
                    *slot = *c;
                }
            }
            let seats = remaining_rows(g, &remaining);
            let from = to as i64;
            db.write(move |c| {
                c.execute(
                    "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
                    params![id, from],
                )?;
                c.execute(
                    "UPDATE games SET updated_at = ?2, draw_offers = 0, takeback = NULL WHERE id = ?1",
                    params![id, at],
                )?;
                write_remaining(c, &id, &seats)
            })
            .await
            .map_err(fail)?;
            while g.ply() > to {
                g.game.undo();
                g.moves.pop();
            }
            g.remaining = remaining;
            g.draw_offers = 0;
            g.takeback = None;
            g.thinking = false;
            g.engine_error = None;
            Ok(vec![Event::Undo { ply: to }])
        }
    }
}

/// Each seat's time at this moment (the running one charged up to `now`).
fn freeze(g: &LiveGame, now: Instant) -> Vec<i64> {
    (0..g.players())
        .map(|s| g.time_left(s, now).max(0))
        .collect()
}

fn remaining_rows(g: &LiveGame, remaining: &[i64]) -> Vec<(i64, Option<i64>)> {
    remaining
        .iter()
        .enumerate()
        .map(|(s, r)| (s as i64, g.tc.map(|_| *r)))
        .collect()
}

fn write_remaining(
    c: &rusqlite::Connection,
    id: &str,
    seats: &[(i64, Option<i64>)],
) -> rusqlite::Result<()> {
    let mut st =
        c.prepare_cached("UPDATE seats SET remaining_ms = ?3 WHERE game = ?1 AND seat = ?2")?;
    for (s, r) in seats {
        st.execute(params![id, s, r])?;
    }
    Ok(())
}

/// After a change: the turn's clock starts again if the turn changed.
pub fn restart_turn(g: &mut LiveGame, turn_changed: bool, now: Instant) {
    if turn_changed {
        g.turn_gen += 1;
        g.turn_start = (g.tc.is_some() && g.is_live() && g.has_started()).then_some(now);
    }
    if !g.is_live() {
        g.turn_start = None;
    }
}
