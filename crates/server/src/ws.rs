//! A game's WebSocket: the page says `hello` with the seat tokens it holds and the last
//! version it saw; it gets the events it missed (or the whole state), then every event as it
//! happens, and acts for its seats (see `docs/web.md`, "The event protocol").

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use tokio::sync::broadcast::error::RecvError;

use crate::app::{self, App};
use crate::live::{self, ActError, Action, GameCell, What};
use crate::store::lock;
use crate::token;
use crate::view::{self, In, Out};

/// A connection silent for this long is closed (the page pings every 10 s).
const IDLE: Duration = Duration::from_secs(60);
/// The first message must come within this time.
const HELLO: Duration = Duration::from_secs(10);
/// After the server sends a Close frame, how long it waits for the peer's before it drops the
/// connection.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// Serves one connection to the game `cell` until it closes.
pub async fn run(app: Arc<App>, cell: Arc<GameCell>, mut socket: WebSocket, ip: Option<IpAddr>) {
    if let Some(ip) = ip {
        let full = {
            let mut open = lock(&app.sockets);
            let n = open.entry(ip).or_insert(0);
            let full = *n >= app.config.max_sockets_per_address;
            if !full {
                *n += 1;
            }
            full
        };
        if full {
            close(&mut socket, close_code::POLICY, "too many connections").await;
            return;
        }
    }
    cell.watchers
        .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let held = serve(&app, &cell, &mut socket, ip).await;
    if let Some(held) = held {
        app::presence(&app, &cell, &held, false).await;
    }
    app::unwatch(&cell);
    if let Some(ip) = ip {
        let mut open = lock(&app.sockets);
        if let Some(n) = open.get_mut(&ip) {
            *n = n.saturating_sub(1);
        }
    }
}

/// Sends a Close frame with `code` and `reason`, then reads until the peer's Close, at most
/// [`CLOSE_WAIT`] (the closing handshake, RFC 6455 section 7.1.1): dropped at once, the
/// connection would be reset while the peer's unread messages sit in its buffer, and a peer
/// still sending (a flood) could lose the Close and its code.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let sent = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })))
        .await;
    if sent.is_ok() {
        let _ = tokio::time::timeout(CLOSE_WAIT, async {
            while let Some(Ok(message)) = socket.recv().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
}

async fn send(socket: &mut WebSocket, text: &str) -> bool {
    socket.send(Message::Text(text.into())).await.is_ok()
}

async fn send_out(socket: &mut WebSocket, out: &Out<'_>) -> bool {
    send(socket, &view::to_json(out)).await
}

/// The whole state, as a `sync` message.
async fn sync_frame(cell: &GameCell) -> String {
    let mut g = cell.inner.lock().await;
    live::ensure_board(&mut g).await;
    let state = g.full_state(Instant::now());
    view::to_json(&Out::Sync {
        v: g.version,
        state: &view::raw_text(&state),
    })
}

/// A message budget: `burst` at once, refilled at `rate` per second.
struct Budget {
    tokens: f64,
    burst: f64,
    rate: f64,
    at: Instant,
}

impl Budget {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The connection's life after its count is taken; the seats it held (for their presence).
async fn serve(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    socket: &mut WebSocket,
    ip: Option<IpAddr>,
) -> Option<Vec<usize>> {
    // The first message: hello.
    let first = match tokio::time::timeout(HELLO, socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) => t,
        _ => {
            close(socket, close_code::POLICY, "expected hello").await;
            return None;
        }
    };
    let (tokens, seen) = match serde_json::from_str::<In>(first.as_str()) {
        Ok(In::Hello { tokens, v }) => (tokens, v),
        _ => {
            close(socket, close_code::POLICY, "expected hello").await;
            return None;
        }
    };
    if tokens.len() > 4 {
        close(socket, close_code::POLICY, "too many tokens").await;
        return None;
    }
    let (held, mut rx, frames) = {
        let mut g = cell.inner.lock().await;
        let mut held = Vec::new();
        for t in &tokens {
            let h = token::hash(t);
            match g.seats.iter().position(|s| s.token_hash == Some(h)) {
                Some(s) => {
                    if !held.contains(&s) {
                        held.push(s);
                    }
                }
                None => {
                    drop(g);
                    let _ = send_out(
                        socket,
                        &Out::Error {
                            id: None,
                            status: 403,
                            error: "a token holds no seat of this game",
                        },
                    )
                    .await;
                    close(socket, close_code::POLICY, "forged token").await;
                    return None;
                }
            }
        }
        // Subscribed under the game's lock: no event falls between the replay and the feed.
        let rx = cell.tx.subscribe();
        live::ensure_board(&mut g).await;
        let frames = match seen.and_then(|v| g.replay_since(v)) {
            Some(f) => f,
            None => {
                let state = g.full_state(Instant::now());
                vec![
                    view::to_json(&Out::Sync {
                        v: g.version,
                        state: &view::raw_text(&state),
                    })
                    .into(),
                ]
            }
        };
        (held, rx, frames)
    };
    app::presence(app, cell, &held, true).await;
    if !send_out(
        socket,
        &Out::Welcome {
            game: &cell.id,
            seats: held.clone(),
        },
    )
    .await
    {
        return Some(held);
    }
    for f in frames {
        if !send(socket, &f).await {
            return Some(held);
        }
    }
    let mut budget = Budget {
        tokens: f64::from(app.config.ws_burst),
        burst: f64::from(app.config.ws_burst),
        rate: f64::from(app.config.ws_per_second),
        at: Instant::now(),
    };
    loop {
        tokio::select! {
            incoming = tokio::time::timeout(IDLE, socket.recv()) => {
                let msg = match incoming {
                    Ok(Some(Ok(m))) => m,
                    Ok(_) => return Some(held), // closed or broken
                    Err(_) => {
                        close(socket, close_code::AWAY, "idle").await;
                        return Some(held);
                    }
                };
                let text = match msg {
                    Message::Text(t) => t,
                    Message::Close(_) => return Some(held),
                    Message::Ping(_) | Message::Pong(_) => continue,
                    Message::Binary(_) => {
                        close(socket, close_code::UNSUPPORTED, "text messages only").await;
                        return Some(held);
                    }
                };
                if !budget.take() {
                    close(socket, close_code::POLICY, "message budget exceeded").await;
                    return Some(held);
                }
                if !handle(app, cell, socket, &held, ip, text.as_str()).await {
                    return Some(held);
                }
            }
            frame = rx.recv() => {
                let ok = match frame {
                    Ok(f) => send(socket, &f).await,
                    Err(RecvError::Lagged(_)) => {
                        let f = sync_frame(cell).await;
                        send(socket, &f).await
                    }
                    Err(RecvError::Closed) => false,
                };
                if !ok {
                    return Some(held);
                }
            }
        }
    }
}

/// One message from the client; `false` when the connection must end.
async fn handle(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    socket: &mut WebSocket,
    held: &[usize],
    ip: Option<IpAddr>,
    text: &str,
) -> bool {
    let msg = match serde_json::from_str::<In>(text) {
        Ok(m) => m,
        Err(e) => {
            let error = format!("bad message: {e}");
            return send_out(
                socket,
                &Out::Error {
                    id: None,
                    status: 400,
                    error: &error,
                },
            )
            .await;
        }
    };
    let what = |w: &str| What::parse(w);
    let (id, seat, action): (u64, Option<usize>, Result<Action, ActError>) = match msg {
        In::Ping => return send_out(socket, &Out::Pong).await,
        In::Sync => {
            let f = sync_frame(cell).await;
            return send(socket, &f).await;
        }
        In::Hello { .. } => (
            0,
            None,
            Err(ActError::new(400, "hello is the first message only")),
        ),
        In::Move { id, ply, text } => (id, None, Ok(Action::Move { ply, text })),
        In::Resign { id, seat } => (id, seat, Ok(Action::Resign)),
        In::Offer { id, what: w, seat } => (id, seat, what(&w).map(Action::Offer)),
        In::Accept { id, what: w, seat } => (id, seat, what(&w).map(Action::Accept)),
        In::Decline { id, what: w, seat } => (id, seat, what(&w).map(Action::Decline)),
        In::Claim { id, what: w, seat } => (
            id,
            seat,
            match w.as_str() {
                "draw" => Ok(Action::ClaimDraw),
                "absent" => Ok(Action::ClaimAbsent),
                _ => Err(ActError::new(400, "`what` must be `draw` or `absent`")),
            },
        ),
        In::Abort { id } => (id, None, Ok(Action::Abort)),
        In::Undo { id } => (id, None, Ok(Action::Undo)),
    };
    let done = match action {
        Ok(action) => match app.may_act(ip) {
            Ok(()) => app::act(app, cell, held, seat, action).await,
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    match done {
        Ok(v) => send_out(socket, &Out::Ack { id, v }).await,
        Err(e) => {
            if e.resync {
                let f = sync_frame(cell).await;
                if !send(socket, &f).await {
                    return false;
                }
            }
            send_out(
                socket,
                &Out::Error {
                    id: Some(id),
                    status: e.status,
                    error: &e.msg,
                },
            )
            .await
        }
    }
}
