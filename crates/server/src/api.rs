//! The HTTP routes: the page's assets, the JSON API and the WebSocket of each game (see
//! `docs/web.md`).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::Request;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::Deserialize;
use std::num::NonZeroU32;
use std::time::Duration;

use crate::app::{self, App};
use crate::live::{self, ActError, Action, GameCell, NewGame, TimeControl, What};
use crate::token;
use crate::view::{self, Acted, Created, ErrorBody, Invite, TurnView, VariantView};
use dimchess_any::record::Game;
use dimchess_any::{Describe, registry};

/// An error answer: a status and a message, sent as `{"error": message}`.
pub struct ApiError(pub StatusCode, pub String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        json_response(self.0, view::to_json(&ErrorBody { error: &self.1 }))
    }
}

impl From<ActError> for ApiError {
    fn from(e: ActError) -> ApiError {
        ApiError(
            StatusCode::from_u16(e.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            e.msg,
        )
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

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

fn unprocessable(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::UNPROCESSABLE_ENTITY, msg.into())
}

fn json_response(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The client's address (from the connection; none in tests that do not set one).
pub struct ClientIp(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<ClientIp, Self::Rejection> {
        Ok(ClientIp(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

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
    serde_json::from_slice(text).map_err(|e| bad(format!("malformed JSON body: {e}")))
}

/// A limit per client address: `burst` requests at once, then one per `period_ms`.
fn limiter(burst: u32, period_ms: u64) -> Arc<DefaultKeyedRateLimiter<IpAddr>> {
    let quota = Quota::with_period(Duration::from_millis(period_ms.max(1)))
        .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
        .allow_burst(NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN));
    Arc::new(RateLimiter::keyed(quota))
}

/// Refuses a request past its address's limit with 429 and a JSON error (requests without a
/// known address, from tests in-process, are not limited).
async fn rate_limit(
    State(limit): State<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    ClientIp(ip): ClientIp,
    req: Request,
    next: Next,
) -> Response {
    if let Some(ip) = ip
        && let Err(not_until) = limit.check_key(&ip)
    {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        return ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many requests from this address: retry in {} ms",
                wait.as_millis().max(1)
            ),
        )
        .into_response();
    }
    next.run(req).await
}

/// The router of the page and the API.
pub fn router(app: Arc<App>) -> Router {
    let c = &app.config;
    let create_limit = limiter(c.create_burst, c.create_period_ms);
    let read_limit = limiter(c.read_burst, c.read_period_ms);
    {
        let (a, b) = (create_limit.clone(), read_limit.clone());
        app.forget_idle
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend([a, b]);
    }
    let create = Router::new()
        .route("/api/games", post(create))
        .layer(DefaultBodyLimit::max(c.max_body))
        .layer(middleware::from_fn_with_state(create_limit, rate_limit));
    let reads = Router::new()
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/turn", get(turn))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(socket))
        .layer(middleware::from_fn_with_state(read_limit, rate_limit));
    let acts = Router::new()
        .route(
            "/api/games/{id}/moves",
            post(|s, p, h, i, b| act_route(s, p, h, i, b, "move")),
        )
        .route(
            "/api/games/{id}/resign",
            post(|s, p, h, i, b| act_route(s, p, h, i, b, "resign")),
        )
        .route(
            "/api/games/{id}/offer",
            post(|s, p, h, i, b| act_route(s, p, h, i, b, "offer")),
        )
        .route(
            "/api/games/{id}/accept",
            post(|s, p, h, i, b| act_route(s, p, h, i, b, "accept")),
        )
        .route(
            "/api/games/{id}/decline",
            post(|s, p, h, i, b| act_route(s, p, h, i, b, "decline")),
        )
        .route(
            "/api/games/{id}/claim",
            post(|s, p, h, i, b| act_route(s, p, h, i, b, "claim")),
        )
        .route(
            "/api/games/{id}/abort",
            post(|s, p, h, i, b| act_route(s, p, h, i, b, "abort")),
        )
        .route(
            "/api/games/{id}/undo",
            post(|s, p, h, i, b| act_route(s, p, h, i, b, "undo")),
        )
        .layer(DefaultBodyLimit::max(c.max_small_body));
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", PAGE_HTML) }),
        )
        .route(
            "/game/{id}",
            get(|| async { asset("text/html; charset=utf-8", PAGE_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", PAGE_APP) }),
        )
        .route(
            "/net.js",
            get(|| async { asset("text/javascript; charset=utf-8", PAGE_NET) }),
        )
        .route(
            "/board.js",
            get(|| async { asset("text/javascript; charset=utf-8", PAGE_BOARD) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", PAGE_CSS) }),
        )
        .route("/api/variants", get(variants))
        .merge(crate::show::routes())
        .merge(create)
        .merge(reads)
        .merge(acts)
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such route".into()) })
        .method_not_allowed_fallback(|| async {
            ApiError(
                StatusCode::METHOD_NOT_ALLOWED,
                "method not allowed here".into(),
            )
        })
        .layer(DefaultBodyLimit::max(c.max_small_body))
        .with_state(app)
}

const PAGE_HTML: &str = include_str!("page/index.html");
const PAGE_APP: &str = include_str!("page/app.js");
const PAGE_NET: &str = include_str!("page/net.js");
const PAGE_BOARD: &str = include_str!("page/board.js");
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
    let list: Vec<VariantView> = registry::VARIANTS
        .iter()
        .map(|v| {
            let names: Vec<String> = v
                .start_position()
                .layout()
                .players
                .into_iter()
                .map(|p| p.name)
                .collect();
            VariantView {
                id: v.id,
                description: v.description,
                players: names.len(),
                player_names: names,
            }
        })
        .collect();
    json_response(StatusCode::OK, view::to_json(&list))
}

/// A seat as the client names it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatSpec {
    kind: String,
    #[serde(default)]
    movetime_ms: Option<u64>,
}

/// A time control as the client names it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockSpec {
    base_ms: u64,
    #[serde(default)]
    inc_ms: u64,
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
    #[serde(default)]
    clock: Option<ClockSpec>,
}

async fn create(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let b: CreateBody = parse_body(body)?;
    let game = match (&b.record, &b.variant) {
        (Some(_), _) if b.position.is_some() => {
            return Err(bad("give a record or a position, not both"));
        }
        (Some(text), v) => {
            let text = text.clone();
            let g = tokio::task::spawn_blocking(move || Game::from_record(&text))
                .await
                .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
                .map_err(|e| unprocessable(format!("bad record: {e}")))?;
            if let Some(v) = v
                && v != g.position().id()
            {
                return Err(unprocessable(format!(
                    "the record is a game of `{}`, not `{}`",
                    g.position().id(),
                    dimchess_any::core::error::one_line(v)
                )));
            }
            g
        }
        (None, Some(v)) => {
            let info = registry::find(v).map_err(|e| unprocessable(e.to_string()))?;
            let pos = match &b.position {
                Some(t) => info
                    .parse_position(t.trim())
                    .map_err(|e| unprocessable(e.to_string()))?,
                None => info.start_position(),
            };
            Game::new(pos)
        }
        (None, None) => return Err(bad("give a `variant` (or a `record`)")),
    };
    if game.len() > app.config.max_plies {
        return Err(unprocessable(format!(
            "the record has more than {} moves",
            app.config.max_plies
        )));
    }
    let players = game.start().layout().players.len();
    let kinds = match b.seats {
        None => vec![live::SeatKind::Human; players],
        Some(list) => {
            if list.len() != players {
                return Err(unprocessable(format!(
                    "`seats` must list {players} seats, one per player"
                )));
            }
            list.iter()
                .map(|s| app::seat_kind(&s.kind, s.movetime_ms, app.config.max_movetime))
                .collect::<Result<Vec<_>, _>>()
                .map_err(unprocessable)?
        }
    };
    let tc = match b.clock {
        None => None,
        Some(c) => {
            let max_base = u64::try_from(app.config.max_base.as_millis()).unwrap_or(u64::MAX);
            let max_inc = u64::try_from(app.config.max_increment.as_millis()).unwrap_or(u64::MAX);
            if !(1000..=max_base).contains(&c.base_ms) || c.inc_ms > max_inc {
                return Err(unprocessable(format!(
                    "`clock`: `base_ms` from 1000 to {max_base}, `inc_ms` at most {max_inc}"
                )));
            }
            Some(TimeControl {
                base_ms: c.base_ms as i64,
                inc_ms: c.inc_ms as i64,
            })
        }
    };
    let internal = |e: getrandom::Error| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string());
    let id = token::new_game_id().map_err(internal)?;
    let mut invites = Vec::new();
    let mut seats = Vec::new();
    for (i, kind) in kinds.into_iter().enumerate() {
        if kind == live::SeatKind::Human {
            let t = token::new_token().map_err(internal)?;
            seats.push((kind, Some(token::hash(&t))));
            invites.push(Invite {
                seat: i,
                url: format!("/game/{id}#token={t}"),
                token: t,
            });
        } else {
            seats.push((kind, None));
        }
    }
    let cell = app::create(
        &app,
        NewGame {
            id: id.clone(),
            game,
            seats,
            tc,
            grace: app.config.grace,
        },
    )
    .await?;
    let state = full_state(&cell).await;
    let body = view::to_json(&Created {
        id: &id,
        invites,
        spectate: format!("/game/{id}"),
        state: &view::raw_text(&state),
    });
    Ok(json_response(StatusCode::CREATED, body))
}

/// The game `id`, loaded if needed; 404 for an unknown id.
async fn find(app: &Arc<App>, id: &str) -> Result<Arc<GameCell>, ApiError> {
    let missing = || {
        ApiError(
            StatusCode::NOT_FOUND,
            format!("no game `{}`", dimchess_any::core::error::one_line(id)),
        )
    };
    if !token::is_game_id(id) {
        return Err(missing());
    }
    app::game(app, id, false).await?.ok_or_else(missing)
}

async fn full_state(cell: &GameCell) -> String {
    let mut g = cell.inner.lock().await;
    live::ensure_board(&mut g).await;
    g.full_state(Instant::now())
}

async fn state(State(app): State<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    let cell = find(&app, &id).await?;
    Ok(json_response(StatusCode::OK, full_state(&cell).await))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnQuery {
    /// The actions so far, separated by commas (empty: none yet).
    #[serde(default)]
    actions: String,
}

/// A Dimension X turn being composed: `GET /api/games/{id}/turn?actions=e2e4,E2e2` answers
/// the legal next actions after those and whether the turn may end there.
async fn turn(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<TurnQuery>, QueryRejection>,
) -> ApiResult {
    let Query(q) = query.map_err(|r| bad(format!("bad query: {}", r.body_text())))?;
    let cell = find(&app, &id).await?;
    let (game, ply, live) = {
        let g = cell.inner.lock().await;
        (g.game.clone(), g.ply(), g.is_live())
    };
    if !live {
        return Err(ApiError(StatusCode::CONFLICT, "the game is over".into()));
    }
    let body = tokio::task::spawn_blocking(move || {
        let pos = game.position();
        let prefix: Vec<&str> = q
            .actions
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .collect();
        if prefix.len() > 4 {
            return Err(unprocessable("a turn has at most four actions"));
        }
        let composed = pos
            .compose_turn(&prefix)
            .ok_or_else(|| {
                unprocessable(format!(
                    "the moves of `{}` are not composed action by action",
                    pos.id()
                ))
            })?
            .map_err(|err| unprocessable(err.to_string()))?;
        let layout = game.layout();
        let names = view::CellNames::new(&layout);
        let partial = view::partial_view(&names, &layout, &composed);
        Ok(view::to_json(&TurnView { ply, partial }))
    })
    .await
    .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    Ok(json_response(StatusCode::OK, body))
}

async fn record(State(app): State<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    let cell = find(&app, &id).await?;
    let g = cell.inner.lock().await;
    let name = format!("attachment; filename=\"{}-{id}.pgn\"", g.variant);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, name),
        ],
        g.record(),
    )
        .into_response())
}

/// The token of `Authorization: Bearer T`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let v = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let t = v.strip_prefix("Bearer ")?.trim();
    (!t.is_empty()).then_some(t)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default, rename = "move")]
    text: Option<String>,
    #[serde(default)]
    what: Option<String>,
}

/// A request that acts for a seat: `Authorization: Bearer T` names the seat.
async fn act_route(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    body: Result<Bytes, BytesRejection>,
    kind: &'static str,
) -> ApiResult {
    let Some(t) = bearer(&headers) else {
        return Err(ApiError(
            StatusCode::UNAUTHORIZED,
            "this acts for a seat: send its token (`Authorization: Bearer <token>`)".into(),
        ));
    };
    let hash = token::hash(t);
    let b: ActBody = parse_body(body)?;
    let what = || What::parse(b.what.as_deref().unwrap_or("")).map_err(ApiError::from);
    let action = match kind {
        "move" => {
            let (Some(ply), Some(text)) = (b.ply, b.text.clone()) else {
                return Err(bad("a move is `{\"ply\": n, \"move\": text}`"));
            };
            Action::Move { ply, text }
        }
        "resign" => Action::Resign,
        "offer" => Action::Offer(what()?),
        "accept" => Action::Accept(what()?),
        "decline" => Action::Decline(what()?),
        "claim" => match b.what.as_deref() {
            Some("draw") => Action::ClaimDraw,
            Some("absent") => Action::ClaimAbsent,
            _ => return Err(bad("`what` must be `draw` or `absent`")),
        },
        "abort" => Action::Abort,
        _ => Action::Undo,
    };
    app.may_act(ip)?;
    let cell = find(&app, &id).await?;
    let seat = {
        let g = cell.inner.lock().await;
        g.seats.iter().position(|s| s.token_hash == Some(hash))
    };
    let Some(seat) = seat else {
        return Err(ApiError(
            StatusCode::FORBIDDEN,
            "this token holds no seat of this game".into(),
        ));
    };
    let v = app::act(&app, &cell, &[seat], None, action).await?;
    let state = full_state(&cell).await;
    Ok(json_response(
        StatusCode::OK,
        view::to_json(&Acted {
            v,
            state: &view::raw_text(&state),
        }),
    ))
}

/// `GET /api/games/{id}/ws`: the game's WebSocket (origin checked, messages bounded).
async fn socket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    ws: WebSocketUpgrade,
) -> ApiResult {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let same = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            == Some(host);
        if !same && !app.config.allowed_origins.iter().any(|o| o == origin) {
            return Err(ApiError(
                StatusCode::FORBIDDEN,
                "WebSocket from another origin".into(),
            ));
        }
    }
    let cell = find(&app, &id).await?;
    if let Some(ip) = ip
        && crate::store::lock(&app.sockets)
            .get(&ip)
            .copied()
            .unwrap_or(0)
            >= app.config.max_sockets_per_address
    {
        return Err(ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from this address".into(),
        ));
    }
    let max = app.config.max_ws_message;
    Ok(ws
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| crate::ws::run(app, cell, socket, ip))
        .into_response())
}
