//! The HTTP routes: the page's assets and the JSON API (see `docs/web.md`).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use super::Config;
use super::store::{Entry, Seat, Shared, Store, lock};
use dimchess_any::engine::{AnyEngine, Limits, Options};
use dimchess_any::record::Game;
use dimchess_any::{Describe, Layout, Position, registry};

/// What every handler shares.
struct App {
    store: Store,
    config: Config,
    engines: Semaphore,
}

type Shared_ = Arc<App>;

/// An error answer: a status and a message, sent as `{"error": message}`.
struct ApiError(StatusCode, String);

impl ApiError {
    fn bad(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, msg.into())
    }
    fn not_found(id: &str) -> ApiError {
        ApiError(
            StatusCode::NOT_FOUND,
            format!(
                "no game `{}` (unknown, or expired)",
                dimchess_any::core::error::one_line(id)
            ),
        )
    }
    fn conflict(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::CONFLICT, msg.into())
    }
    fn unprocessable(msg: impl Into<String>) -> ApiError {
        ApiError(StatusCode::UNPROCESSABLE_ENTITY, msg.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, axum::Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<BytesRejection> for ApiError {
    fn from(r: BytesRejection) -> ApiError {
        let status = r.status();
        let msg = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "request body too large".to_string()
        } else {
            format!("cannot read the request body: {}", r.body_text())
        };
        ApiError(status, msg)
    }
}

type ApiResult = Result<Response, ApiError>;

/// Parses a JSON body (empty means `{}`) into `T`, refusing it with a 400 and the reason.
fn parse_body<T: for<'de> Deserialize<'de>>(
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let body = body?;
    let text: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &body
    };
    serde_json::from_slice(text).map_err(|e| ApiError::bad(format!("malformed JSON body: {e}")))
}

/// The router of the page and the API, with the limits of `config`.
pub fn router(config: Config) -> Router {
    let app = Arc::new(App {
        store: Store::new(config.max_games, config.expiry),
        config,
        engines: Semaphore::new(config.engine_threads.max(1)),
    });
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", PAGE_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", PAGE_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", PAGE_CSS) }),
        )
        .route("/api/variants", get(variants))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(state).delete(delete))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/turn", get(turn))
        .route("/api/games/{id}/record", get(record))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such route".into()) })
        .method_not_allowed_fallback(|| async {
            ApiError(
                StatusCode::METHOD_NOT_ALLOWED,
                "method not allowed here".into(),
            )
        })
        .layer(DefaultBodyLimit::max(config.max_body))
        .with_state(app)
}

const PAGE_HTML: &str = include_str!("page/index.html");
const PAGE_JS: &str = include_str!("page/app.js");
const PAGE_CSS: &str = include_str!("page/style.css");

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn variants() -> Response {
    let list: Vec<Value> = registry::VARIANTS
        .iter()
        .map(|v| {
            let start = v.start_position();
            let players: Vec<String> = start.layout().players.into_iter().map(|p| p.name).collect();
            json!({ "id": v.id, "description": v.description, "players": players.len(), "player_names": players })
        })
        .collect();
    axum::Json(list).into_response()
}

/// A seat as the client names it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatSpec {
    kind: String,
    #[serde(default)]
    movetime_ms: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    record: Option<String>,
    #[serde(default)]
    seats: Option<Vec<SeatSpec>>,
}

async fn create(State(app): State<Shared_>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let b: CreateBody = parse_body(body)?;
    let game = match (&b.record, &b.variant) {
        (Some(_), Some(_)) | (Some(_), None) if b.position.is_some() => {
            return Err(ApiError::bad("give a record or a position, not both"));
        }
        (Some(text), v) => {
            let g = Game::from_record(text)
                .map_err(|e| ApiError::unprocessable(format!("bad record: {e}")))?;
            if let Some(v) = v
                && v != g.position().id()
            {
                return Err(ApiError::unprocessable(format!(
                    "the record is a game of `{}`, not `{}`",
                    g.position().id(),
                    dimchess_any::core::error::one_line(v)
                )));
            }
            g
        }
        (None, Some(v)) => {
            let info = registry::find(v).map_err(|e| ApiError::unprocessable(e.to_string()))?;
            let pos = match &b.position {
                Some(t) => info
                    .parse_position(t.trim())
                    .map_err(|e| ApiError::unprocessable(e.to_string()))?,
                None => info.start_position(),
            };
            Game::new(pos)
        }
        (None, None) => return Err(ApiError::bad("give a `variant` (or a `record`)")),
    };
    if game.len() > app.config.max_plies {
        return Err(ApiError::unprocessable(format!(
            "the record has more than {} moves",
            app.config.max_plies
        )));
    }
    let players = game.position().layout().players.len();
    let seats = match b.seats {
        None => vec![Seat::Human; players],
        Some(list) => {
            if list.len() != players {
                return Err(ApiError::unprocessable(format!(
                    "`seats` must list {players} seats, one per player"
                )));
            }
            list.iter()
                .map(|s| seat(s, &app.config))
                .collect::<Result<Vec<_>, _>>()?
        }
    };
    let entry = Entry {
        game,
        seats,
        version: 0,
        thinking: false,
        engine_error: None,
        cache: None,
    };
    let (id, shared) = app.store.insert(entry);
    blocking(move || {
        let mut e = lock(&shared);
        start_engine(&app, &id, &shared, &mut e);
        let mut res = state_body(&id, &mut e);
        *res.status_mut() = StatusCode::CREATED;
        Ok(res)
    })
    .await
}

fn seat(s: &SeatSpec, config: &Config) -> Result<Seat, ApiError> {
    match s.kind.as_str() {
        "human" if s.movetime_ms.is_none() => Ok(Seat::Human),
        "human" => Err(ApiError::unprocessable(
            "a human seat takes no `movetime_ms`",
        )),
        "engine" => {
            let ms = s.movetime_ms.unwrap_or(1000);
            let max = config.max_movetime.as_millis() as u64;
            if !(1..=max).contains(&ms) {
                return Err(ApiError::unprocessable(format!(
                    "`movetime_ms` must be from 1 to {max}"
                )));
            }
            Ok(Seat::Engine {
                movetime: Duration::from_millis(ms),
            })
        }
        other => Err(ApiError::unprocessable(format!(
            "seat kind `{}`: expected `human` or `engine`",
            dimchess_any::core::error::one_line(other)
        ))),
    }
}

/// Runs a request's work on a blocking thread: building a state (the legal moves with their
/// texts, the layout, the record) must not hold up the tasks that answer other games' requests.
async fn blocking(work: impl FnOnce() -> ApiResult + Send + 'static) -> ApiResult {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| {
        Err(ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the request failed: {e}"),
        ))
    })
}

fn find(app: &App, id: &str) -> Result<Shared, ApiError> {
    app.store.get(id).ok_or_else(|| ApiError::not_found(id))
}

async fn state(State(app): State<Shared_>, Path(id): Path<String>) -> ApiResult {
    let shared = find(&app, &id)?;
    // A poll while the engine thinks finds the state made already: answered here, without
    // the hop to a blocking thread. Only if nobody holds the game (`try_lock`): an async
    // worker never waits for a lock.
    if let Ok(e) = shared.try_lock()
        && let Some(res) = cached_state(&e)
    {
        return Ok(res);
    }
    blocking(move || {
        let mut e = lock(&shared);
        Ok(state_body(&id, &mut e))
    })
    .await
}

async fn delete(State(app): State<Shared_>, Path(id): Path<String>) -> ApiResult {
    if app.store.remove(&id) {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        Err(ApiError::not_found(&id))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
}

async fn play(
    State(app): State<Shared_>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let shared = find(&app, &id)?;
    let b: MoveBody = parse_body(body)?;
    blocking(move || {
        let mut e = lock(&shared);
        if let Some(r) = e.game.result_text() {
            return Err(ApiError::conflict(format!("the game is over ({r})")));
        }
        if e.game.len() >= app.config.max_plies {
            return Err(ApiError::conflict(format!(
                "the game has reached the server's limit of {} moves",
                app.config.max_plies
            )));
        }
        let turn = e.game.position().turn();
        if let Some(Seat::Engine { .. }) = e.seats.get(turn) {
            return Err(ApiError::conflict("it is the engine's turn"));
        }
        e.game
            .play_text(b.text.trim())
            .map_err(|err| ApiError::unprocessable(err.to_string()))?;
        e.version += 1;
        e.engine_error = None;
        start_engine(&app, &id, &shared, &mut e);
        Ok(state_body(&id, &mut e))
    })
    .await
}

async fn undo(
    State(app): State<Shared_>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let shared = find(&app, &id)?;
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct UndoBody {
        #[serde(default)]
        plies: Option<usize>,
    }
    let b: UndoBody = parse_body(body)?;
    blocking(move || {
        let mut e = lock(&shared);
        if e.game.is_empty() {
            return Err(ApiError::conflict("no move to take back"));
        }
        match b.plies {
            Some(n) => {
                if n == 0 || n > e.game.len() {
                    return Err(ApiError::unprocessable(format!(
                        "`plies` must be from 1 to {}",
                        e.game.len()
                    )));
                }
                for _ in 0..n {
                    e.game.undo();
                }
            }
            None => {
                // Back to the last position where a person is to move (or the start).
                e.game.undo();
                while !e.game.is_empty()
                    && matches!(
                        e.seats.get(e.game.position().turn()),
                        Some(Seat::Engine { .. })
                    )
                {
                    e.game.undo();
                }
            }
        }
        e.version += 1;
        e.thinking = false;
        e.engine_error = None;
        start_engine(&app, &id, &shared, &mut e);
        Ok(state_body(&id, &mut e))
    })
    .await
}

async fn record(State(app): State<Shared_>, Path(id): Path<String>) -> ApiResult {
    let shared = find(&app, &id)?;
    let e = lock(&shared);
    let name = format!(
        "attachment; filename=\"{}-{id}.pgn\"",
        e.game.position().id()
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, name),
        ],
        e.game.to_record(),
    )
        .into_response())
}

/// What an engine search of the game starts from: the position now and the Zobrist keys of
/// the game's earlier positions, oldest first (what the search takes to know repetitions, as
/// `dimchess uci` passes the moves of `position ... moves`).
fn engine_job(e: &Entry) -> (dimchess_any::AnyPosition, Vec<u64>) {
    (e.game.position().clone(), e.game.zobrist_history())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnQuery {
    /// The actions so far, separated by commas (empty: none yet).
    #[serde(default)]
    actions: String,
}

/// A Dimension X turn being composed: `GET /api/games/{id}/turn?actions=e2e4,E2e2` answers
/// the legal next actions after those and whether the turn may end there (see `docs/web.md`).
async fn turn(
    State(app): State<Shared_>,
    Path(id): Path<String>,
    query: Result<Query<TurnQuery>, QueryRejection>,
) -> ApiResult {
    let shared = find(&app, &id)?;
    let Query(q) = query.map_err(|r| ApiError::bad(format!("bad query: {}", r.body_text())))?;
    blocking(move || {
        let e = lock(&shared);
        if let Some(r) = e.game.result_text() {
            return Err(ApiError::conflict(format!("the game is over ({r})")));
        }
        let pos = e.game.position();
        let prefix: Vec<&str> = q
            .actions
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .collect();
        if prefix.len() > 4 {
            return Err(ApiError::unprocessable("a turn has at most four actions"));
        }
        let composed = pos
            .compose_turn(&prefix)
            .ok_or_else(|| {
                ApiError::unprocessable(format!(
                    "the moves of `{}` are not composed action by action",
                    pos.id()
                ))
            })?
            .map_err(|err| ApiError::unprocessable(err.to_string()))?;
        let layout = e.game.layout();
        let names = CellNames::new(&layout);
        let mut partial = partial_json(&names, &composed);
        if !composed.actions.is_empty() {
            // The boards as the actions so far left them, their changes highlighted.
            let mut after = composed.position.layout();
            after.last_move = Layout::changed_cells(&layout, &after);
            let changed: Vec<usize> = after
                .last_move
                .iter()
                .map(|c| names.boards[c.board].0 + c.cell)
                .collect();
            partial["last_move_cells"] = json!(changed);
            partial["layout"] = json!(after);
        }
        let body = json!({ "version": e.version, "partial": partial });
        Ok(axum::Json(body).into_response())
    })
    .await
}

/// A turn being composed as the page needs it: `{"actions": [text], "next": [[text, [cell
/// index...]]], "can_end": bool, "turn": text}`.
fn partial_json(names: &CellNames, t: &dimchess_any::ComposedTurn) -> Value {
    let mut cells = Vec::new();
    let next: Vec<Value> = t
        .next
        .iter()
        .map(|a| {
            names.scan(a, &mut cells);
            json!([a, cells])
        })
        .collect();
    json!({
        "actions": t.actions,
        "next": next,
        "can_end": t.can_end,
        "turn": t.turn_text(),
    })
}

/// If an engine seat is to move in a game that goes on and no search runs, starts one on a
/// thread of its own (once one of the `engine_threads` permits is free); its move is played if the game has not changed meanwhile, and then the
/// next engine seat, if any, is started in turn.
fn start_engine(app: &Shared_, id: &str, shared: &Shared, e: &mut Entry) {
    if e.thinking || e.game.result_text().is_some() || e.game.len() >= app.config.max_plies {
        return;
    }
    let Some(Seat::Engine { movetime }) = e.seats.get(e.game.position().turn()).copied() else {
        return;
    };
    e.thinking = true;
    let (pos, history) = engine_job(e);
    let version = e.version;
    let (app, id, shared) = (app.clone(), id.to_string(), shared.clone());
    tokio::spawn(async move {
        // At most `engine_threads` searches at once, each on a thread of its own: never on
        // the runtime's workers (which answer requests) nor on the blocking pool (which builds
        // the states), so a search can only take a core, not the server's threads.
        let permit = app.engines.acquire().await;
        let hash_mb = app.config.engine_hash_mb;
        let nice = app.config.engine_nice;
        let searched = on_engine_thread(nice, move || {
            let mut engine = AnyEngine::new(&Options {
                hash_mb,
                ..Options::default()
            });
            let stop = AtomicBool::new(false);
            let limits = Limits {
                movetime: Some(movetime),
                ..Limits::default()
            };
            engine
                .search(&pos, &history, &limits, &stop, |_| {})
                .map(|r| r.best_text)
        })
        .await;
        drop(permit);
        let mut e = lock(&shared);
        if e.version != version {
            return; // taken back meanwhile: an undo restarted whatever is needed
        }
        e.thinking = false;
        match searched {
            Ok(Ok(text)) => match e.game.play_text(&text) {
                Ok(_) => {
                    e.version += 1;
                    start_engine(&app, &id, &shared, &mut e);
                }
                Err(err) => e.engine_error = Some(err.to_string()),
            },
            Ok(Err(err)) => e.engine_error = Some(err.to_string()),
            Err(failed) => e.engine_error = Some(failed),
        }
    });
}

/// Runs `search` on a new thread of its own, at niceness `nice` ([`Config::engine_nice`]),
/// and awaits its answer (an error if the thread cannot start or panics).
async fn on_engine_thread<T: Send + 'static>(
    nice: i32,
    search: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("dimchess-engine".into())
        .spawn(move || {
            lower_priority(nice);
            let _ = tx.send(search());
        })
        .map_err(|e| format!("cannot start an engine thread: {e}"))?;
    rx.await.map_err(|_| "the engine thread failed".to_string())
}

/// Lowers the calling thread's priority to niceness `nice` (Linux: `setpriority` on the
/// thread id changes that thread only). Best effort: a failure leaves the priority as it was.
#[cfg(target_os = "linux")]
fn lower_priority(nice: i32) {
    if nice > 0 {
        let me = rustix::thread::gettid();
        let _ = rustix::process::setpriority_process(Some(me), nice.min(19));
    }
}

/// Elsewhere the engine threads keep the server's priority.
#[cfg(not(target_os = "linux"))]
fn lower_priority(_nice: i32) {}

/// Cell names to cell indices (the boards' cells laid end to end): every full name, and per
/// board the names without the board's prefix (`h4` for `E:h4`), for texts such as
/// `E:h2h4` that name the board once.
struct CellNames<'a> {
    full: HashMap<&'a str, usize>,
    /// Per board: its first cell index and its short names, empty where names carry no prefix.
    boards: Vec<(usize, HashMap<&'a str, usize>)>,
    max_len: usize,
}

impl<'a> CellNames<'a> {
    fn new(layout: &'a Layout) -> CellNames<'a> {
        let mut full = HashMap::new();
        let mut boards = Vec::new();
        let mut offset = 0;
        let mut max_len = 0;
        for b in &layout.boards {
            let mut short = HashMap::new();
            for (i, c) in b.cells.iter().enumerate() {
                let Some(c) = c else { continue };
                if c.name.is_empty() {
                    continue;
                }
                full.entry(c.name.as_str()).or_insert(offset + i);
                max_len = max_len.max(c.name.len());
                if let Some(k) = c.name.find(':') {
                    short.entry(&c.name[k + 1..]).or_insert(offset + i);
                }
            }
            boards.push((offset, short));
            offset += b.cells.len();
        }
        CellNames {
            full,
            boards,
            max_len,
        }
    }

    /// The board holding cell index `g`.
    fn board_of(&self, g: usize) -> usize {
        self.boards
            .iter()
            .rposition(|(start, _)| *start <= g)
            .unwrap_or(0)
    }

    /// The cells a move text names, in order: the longest cell name at each point, or a short
    /// name on the board of the cell before it.
    fn scan(&self, text: &str, out: &mut Vec<usize>) {
        out.clear();
        let mut i = 0;
        while i < text.len() {
            let mut hit = None;
            let short = out.last().map(|&g| &self.boards[self.board_of(g)].1);
            for len in (1..=self.max_len.min(text.len() - i)).rev() {
                let Some(s) = text.get(i..i + len) else {
                    continue;
                };
                if let Some(&g) = self.full.get(s).or_else(|| short.and_then(|m| m.get(s))) {
                    hit = Some((g, len));
                    break;
                }
            }
            match hit {
                Some((g, len)) => {
                    out.push(g);
                    i += len;
                }
                None => i += text[i..].chars().next().map_or(1, char::len_utf8),
            }
        }
    }
}

/// The state of a game as JSON text, made once per change of the game (polls while the
/// engine thinks, and every client of the same game, get the cached text).
fn state_body(id: &str, e: &mut Entry) -> Response {
    let key = (e.version, e.thinking, e.engine_error.is_some());
    let body = match &e.cache {
        Some((k, body)) if *k == key => body.clone(),
        _ => {
            let body = Bytes::from(state_json(id, e));
            e.cache = Some((key, body.clone()));
            body
        }
    };
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The state of `e` if it has not changed since it was last made.
fn cached_state(e: &Entry) -> Option<Response> {
    let key = (e.version, e.thinking, e.engine_error.is_some());
    match &e.cache {
        Some((k, body)) if *k == key => {
            Some(([(header::CONTENT_TYPE, "application/json")], body.clone()).into_response())
        }
        _ => None,
    }
}

/// `s` as a JSON string.
fn push_json_str(out: &mut String, s: &str) {
    if s.bytes()
        .all(|b| b.is_ascii_graphic() && b != b'"' && b != b'\\')
    {
        out.push('"');
        out.push_str(s);
        out.push('"');
    } else {
        out.push_str(&Value::from(s).to_string());
    }
}

/// The state of a game as the page needs it (see `docs/web.md`), as JSON text.
fn state_json(id: &str, e: &Entry) -> String {
    let game = &e.game;
    let pos = game.position();
    let layout: Layout = game.layout();
    let names = CellNames::new(&layout);
    let over = game.result_text();
    let engine_to_move = matches!(e.seats.get(pos.turn()), Some(Seat::Engine { .. }));
    // A Dimension X turn is composed action by action: the state holds the legal first
    // actions (`partial`) instead of every legal turn (tens of thousands, about 0.9 MB).
    let partial = match (over.is_none(), pos.compose_turn(&[])) {
        (true, Some(Ok(t))) => partial_json(&names, &t),
        _ => Value::Null,
    };
    // The moves are written straight to JSON text (`null` where turns are composed).
    let mut moves = String::from(if pos.composes_turns() { "null" } else { "[" });
    if over.is_none() && !pos.composes_turns() {
        let mut cells = Vec::new();
        for (i, (_, t)) in pos.moves_with_text().into_iter().enumerate() {
            names.scan(&t, &mut cells);
            if i > 0 {
                moves.push(',');
            }
            moves.push('[');
            push_json_str(&mut moves, &t);
            moves.push_str(",[");
            for (k, c) in cells.iter().enumerate() {
                if k > 0 {
                    moves.push(',');
                }
                let _ = write!(moves, "{c}");
            }
            moves.push_str("]]");
        }
    }
    if !pos.composes_turns() {
        moves.push(']');
    }
    let seats: Vec<Value> = e
        .seats
        .iter()
        .map(|s| match s {
            Seat::Human => json!({"kind": "human"}),
            Seat::Engine { movetime } => {
                json!({"kind": "engine", "movetime_ms": movetime.as_millis() as u64})
            }
        })
        .collect();
    let last_move_cells: Vec<usize> = layout
        .last_move
        .iter()
        .map(|c| names.boards[c.board].0 + c.cell)
        .collect();
    let rest = json!({
        "id": id,
        "variant": pos.id(),
        "position": pos.text(),
        "turn": pos.turn(),
        "seats": seats,
        "layout": layout,
        "last_move_cells": last_move_cells,
        "history": game.move_texts().collect::<Vec<_>>(),
        "last_move": game.move_texts().last(),
        "result": over,
        "over": over.is_some(),
        "engine_to_move": engine_to_move,
        "thinking": e.thinking,
        "engine_error": e.engine_error,
        "record": game.to_record(),
        "version": e.version,
        "partial": partial,
    })
    .to_string();
    // `rest` is an object of several fields: put the moves first.
    format!("{{\"moves\":{moves},{}", &rest[1..])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine seat searches with the game's history: the keys of every earlier position,
    /// oldest first, as `dimchess uci` passes them, so that it knows repetitions.
    #[test]
    fn engine_searches_get_the_game_history() {
        let mut game = Game::new(registry::start("fide").unwrap());
        let mut keys = Vec::new();
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3"] {
            keys.push(game.position().zobrist());
            game.play_text(m).unwrap();
        }
        let entry = Entry {
            game,
            seats: vec![
                Seat::Human,
                Seat::Engine {
                    movetime: Duration::from_millis(1),
                },
            ],
            version: 0,
            thinking: false,
            engine_error: None,
            cache: None,
        };
        let (pos, history) = engine_job(&entry);
        assert_eq!(&pos, entry.game.position());
        assert_eq!(history, keys);
        // The start position is there twice: the engine sees that g8f6 would repeat it.
        assert_eq!(history[0], history[4]);
        assert_eq!(history.len(), entry.game.len());
    }
}
