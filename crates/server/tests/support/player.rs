//! Two seats of one game played by random legal moves over their WebSockets, as the load and
//! restart drivers use them: each seat keeps its view (from the events, the boards and the
//! whole state after a gap), moves after a think time when its view says it is to move, sends
//! each move with its ply, and reconnects by itself (with the version it saw) when the server
//! goes away. Every move's send time is kept, so the other seat's receipt gives the
//! move-to-broadcast time; every acknowledged move is logged with its ply.

#![allow(dead_code)]

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use super::client::{Ws, http};

/// A small generator (splitmix64).
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One seat's view of the game.
#[derive(Default)]
pub struct View {
    pub v: u64,
    pub history: Vec<String>,
    pub status: Value,
    pub board: Value,
    pub board_v: u64,
    /// The version of the last event after which the board changed.
    pub board_due: u64,
}

impl View {
    /// Applies a message; `Some((ply, text))` for a move event.
    pub fn apply(&mut self, m: &Value) -> Option<(usize, String)> {
        match m["t"].as_str()? {
            "sync" => {
                self.v = m["v"].as_u64()?;
                let s = &m["state"];
                self.history = s["history"]
                    .as_array()?
                    .iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect();
                self.status = s["status"].clone();
                self.board = s["board"].clone();
                self.board_v = self.v;
                self.board_due = self.v;
                None
            }
            "ev" => {
                self.v = m["v"].as_u64()?;
                self.status = m["status"].clone();
                let ev = &m["ev"];
                let kind = ev["kind"].as_str()?;
                if matches!(
                    kind,
                    "created" | "loaded" | "move" | "undo" | "retired" | "end" | "archived"
                ) {
                    self.board_due = self.v;
                }
                match kind {
                    "move" => {
                        let ply = ev["ply"].as_u64()? as usize;
                        let text = ev["text"].as_str()?.to_string();
                        self.history.truncate(ply);
                        self.history.push(text.clone());
                        Some((ply, text))
                    }
                    "undo" => {
                        let ply = ev["ply"].as_u64()? as usize;
                        self.history.truncate(ply);
                        None
                    }
                    _ => None,
                }
            }
            "board" => {
                self.board = m["board"].clone();
                self.board_v = m["v"].as_u64()?;
                None
            }
            _ => None,
        }
    }

    /// Whether `seat` is to move in a game that goes on, with the board of the latest version.
    pub fn to_move(&self, seat: usize) -> bool {
        self.status["over"] == false
            && self.status["turn"].as_u64() == Some(seat as u64)
            && self.board_v >= self.board_due
            && self.status["ply"].as_u64() == Some(self.history.len() as u64)
    }

    pub fn over(&self) -> bool {
        self.status["over"] == true
    }
}

/// What a game's play measured.
#[derive(Default)]
pub struct Played {
    pub id: String,
    pub variant: String,
    /// Move-to-broadcast times: from the mover's send to the other seat's receipt.
    pub latencies: Vec<Duration>,
    /// The same for Dimension X turns.
    pub turn_latencies: Vec<Duration>,
    /// `(ply, text)` of every move acknowledged to its sender.
    pub acked: Vec<(usize, String)>,
    /// Each seat's moves as it saw them at the end.
    pub logs: [Vec<String>; 2],
    pub errors: Vec<String>,
    pub reconnects: usize,
    pub over: bool,
}

/// A seat's socket, reopened when it breaks.
struct Seat {
    seat: usize,
    token: String,
    from: Option<IpAddr>,
    ws: Option<Ws>,
    view: View,
    /// A move sent and not yet answered: `(id, ply, text)`.
    pending: Option<(u64, usize, String)>,
    next_id: u64,
    retry_at: Option<Instant>,
    backoff: Duration,
    move_at: Option<Instant>,
}

impl Seat {
    async fn connect(&mut self, addr: SocketAddr, id: &str) -> bool {
        let v = (self.view.v > 0).then_some(self.view.v);
        match Ws::hello(addr, self.from, id, &[&self.token], v).await {
            Ok(ws) => {
                self.ws = Some(ws);
                self.backoff = Duration::from_millis(50);
                self.retry_at = None;
                true
            }
            Err(_) => {
                self.retry_at = Some(Instant::now() + self.backoff);
                self.backoff = (self.backoff * 2).min(Duration::from_secs(2));
                false
            }
        }
    }
}

/// Plays game `id` (tokens of seats 0 and 1) until it is over, it has `max_plies` moves, or
/// `until`; `think`: the mean think time.
#[allow(clippy::too_many_arguments)]
pub async fn play(
    addr: SocketAddr,
    id: String,
    variant: String,
    tokens: [String; 2],
    from: [Option<IpAddr>; 2],
    think: Duration,
    max_plies: usize,
    until: Instant,
    seed: u64,
) -> Played {
    let mut rng = Rng(seed);
    let mut out = Played {
        id: id.clone(),
        variant: variant.clone(),
        ..Played::default()
    };
    let mut seats: Vec<Seat> = (0..2)
        .map(|i| Seat {
            seat: i,
            token: tokens[i].clone(),
            from: from[i],
            ws: None,
            view: View::default(),
            pending: None,
            next_id: 1,
            retry_at: Some(Instant::now()),
            backoff: Duration::from_millis(50),
            move_at: None,
        })
        .collect();
    let mut sent: HashMap<usize, (Instant, bool, usize)> = HashMap::new();
    let dx = variant == "dimension-x";
    // At `until` no more moves are made; the answers on their way are awaited (a few seconds
    // at most), so that both logs end where the database does.
    let drain = until + Duration::from_secs(5);
    loop {
        let now = Instant::now();
        if now >= until {
            // (An ack can come before the move's own event: every acknowledged move must have
            // reached both views too.)
            let settled = seats.iter().all(|s| s.ws.is_some() && s.pending.is_none())
                && seats[0].view.history == seats[1].view.history
                && seats[0].view.v == seats[1].view.v
                && out
                    .acked
                    .iter()
                    .all(|(ply, _)| *ply < seats[0].view.history.len());
            if settled || now >= drain {
                break;
            }
        }
        let done = seats
            .iter()
            .all(|s| s.ws.is_some() && (s.view.over() || s.view.history.len() >= max_plies))
            && seats.iter().all(|s| s.pending.is_none());
        if done {
            out.over = seats[0].view.over();
            break;
        }
        // (Re)connect.
        for s in seats.iter_mut() {
            if s.ws.is_none() && s.retry_at.is_some_and(|t| t <= now) && s.connect(addr, &id).await
            {
                out.reconnects += usize::from(s.view.v > 0);
            }
        }
        // Moves due.
        for (i, s) in seats.iter_mut().enumerate() {
            if now >= until || s.ws.is_none() || s.pending.is_some() || !s.view.to_move(s.seat) {
                s.move_at = None;
                continue;
            }
            if s.view.history.len() >= max_plies {
                continue;
            }
            let at = *s.move_at.get_or_insert_with(|| {
                let ms = think.as_millis() as u64;
                now + Duration::from_millis(if ms == 0 { 0 } else { rng.next() % (2 * ms) })
            });
            if at > now {
                continue;
            }
            s.move_at = None;
            let ply = s.view.history.len();
            let text = if dx {
                match compose_turn(addr, s.from, &id, &s.view, &mut rng).await {
                    Some(t) => t,
                    None => continue,
                }
            } else {
                let moves = s.view.board["moves"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                if moves.is_empty() {
                    continue;
                }
                moves[rng.below(moves.len())][0]
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            };
            let mid = s.next_id;
            s.next_id += 1;
            s.pending = Some((mid, ply, text.clone()));
            sent.insert(ply, (Instant::now(), dx, i));
            let msg = json!({"t": "move", "id": mid, "ply": ply, "move": text});
            if let Some(ws) = s.ws.as_mut()
                && ws.send(&msg).await.is_err()
            {
                s.ws = None;
                s.retry_at = Some(Instant::now());
            }
        }
        // Messages: wait on both sockets for a short while.
        let wake = Duration::from_millis(10);
        let (a, b) = seats.split_at_mut(1);
        let (s0, s1) = (&mut a[0], &mut b[0]);
        let got: Option<(usize, Option<Value>)> = match (s0.ws.as_mut(), s1.ws.as_mut()) {
            (Some(w0), Some(w1)) => tokio::select! {
                m = w0.ws.next() => Some((0, frame(m))),
                m = w1.ws.next() => Some((1, frame(m))),
                _ = tokio::time::sleep(wake) => None,
            },
            (Some(w0), None) => tokio::select! {
                m = w0.ws.next() => Some((0, frame(m))),
                _ = tokio::time::sleep(wake) => None,
            },
            (None, Some(w1)) => tokio::select! {
                m = w1.ws.next() => Some((1, frame(m))),
                _ = tokio::time::sleep(wake) => None,
            },
            (None, None) => {
                tokio::time::sleep(wake).await;
                None
            }
        };
        let Some((i, m)) = got else { continue };
        let s = &mut seats[i];
        let Some(m) = m else {
            // Closed: reconnect soon; a pending move is checked against the state then.
            s.ws = None;
            s.retry_at = Some(Instant::now() + s.backoff);
            continue;
        };
        if m["t"] == "ev" && s.view.v > 0 && m["v"].as_u64() != Some(s.view.v + 1) {
            // A gap: ask for the whole state.
            if let Some(ws) = s.ws.as_mut() {
                let _ = ws.send(&json!({"t": "sync"})).await;
            }
            continue;
        }
        if let Some((ply, _)) = s.view.apply(&m)
            && let Some(&(t, is_dx, by)) = sent.get(&ply)
            && by != i
        {
            // The other seat's move reached this one.
            let d = t.elapsed();
            if is_dx {
                out.turn_latencies.push(d);
            } else {
                out.latencies.push(d);
            }
            sent.remove(&ply);
        }
        match m["t"].as_str() {
            Some("ack") => {
                if let Some((mid, ply, text)) = s.pending.clone()
                    && m["id"].as_u64() == Some(mid)
                {
                    out.acked.push((ply, text));
                    s.pending = None;
                }
            }
            Some("error") => {
                if let Some((mid, _, _)) = s.pending.clone()
                    && m["id"].as_u64() == Some(mid)
                {
                    if m["status"] != 409 {
                        out.errors.push(format!("{}: {}", m["status"], m["error"]));
                    }
                    s.pending = None;
                }
            }
            Some("sync") | Some("board") => {
                // After a reconnection: a move sent before is settled by the state.
                if let Some((_, ply, text)) = s.pending.clone()
                    && s.view.board_v >= s.view.board_due
                {
                    if ply < s.view.history.len() {
                        if s.view.history[ply] == text {
                            out.acked.push((ply, text));
                        }
                        s.pending = None;
                    } else if ply == s.view.history.len() && s.view.to_move(s.seat) {
                        // Never committed: send it again (the same ply, applied once).
                        let mid = s.next_id;
                        s.next_id += 1;
                        s.pending = Some((mid, ply, text.clone()));
                        if let Some(ws) = s.ws.as_mut() {
                            let _ = ws
                                .send(&json!({"t": "move", "id": mid, "ply": ply, "move": text}))
                                .await;
                        }
                    } else {
                        s.pending = None;
                    }
                }
            }
            _ => {}
        }
    }
    out.logs = [seats[0].view.history.clone(), seats[1].view.history.clone()];
    out
}

fn frame(m: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>) -> Option<Value> {
    match m {
        Some(Ok(Message::Text(t))) => serde_json::from_str(t.as_str()).ok().or(Some(Value::Null)),
        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => None,
        Some(Ok(_)) => Some(Value::Null),
    }
}

/// `s` percent-encoded for a query string.
fn query_text(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A random Dimension X turn composed through `GET /api/games/{id}/turn`.
async fn compose_turn(
    addr: SocketAddr,
    from: Option<IpAddr>,
    id: &str,
    view: &View,
    rng: &mut Rng,
) -> Option<String> {
    let mut partial = view.board["partial"].clone();
    loop {
        let next = partial["next"].as_array()?.clone();
        let actions: Vec<String> = partial["actions"]
            .as_array()?
            .iter()
            .filter_map(|a| a.as_str().map(String::from))
            .collect();
        if partial["can_end"] == true
            && !actions.is_empty()
            && (next.is_empty() || rng.below(2) == 0)
        {
            return partial["turn"].as_str().map(String::from);
        }
        if next.is_empty() {
            return None;
        }
        let pick = next[rng.below(next.len())][0].as_str()?.to_string();
        let mut prefix = actions;
        prefix.push(pick);
        let path = format!(
            "/api/games/{id}/turn?actions={}",
            query_text(&prefix.join(","))
        );
        let (s, v) = http(addr, from, "GET", &path, None, "").await.ok()?;
        if s != 200 {
            return None;
        }
        partial = v["partial"].clone();
    }
}

/// Creates a game of `variant` from address `from`: `(id, tokens)`.
pub async fn create(
    addr: SocketAddr,
    from: Option<IpAddr>,
    variant: &str,
) -> Result<(String, [String; 2]), String> {
    for attempt in 0..50 {
        let r = http(
            addr,
            from,
            "POST",
            "/api/games",
            None,
            &json!({"variant": variant}).to_string(),
        )
        .await;
        match r {
            Ok((201, v)) => {
                let t: Vec<String> = v["invites"]
                    .as_array()
                    .ok_or("no invites")?
                    .iter()
                    .filter_map(|i| i["token"].as_str().map(String::from))
                    .collect();
                return Ok((
                    v["id"].as_str().ok_or("no id")?.to_string(),
                    [t[0].clone(), t[1].clone()],
                ));
            }
            _ => tokio::time::sleep(Duration::from_millis(100 * (attempt + 1).min(10))).await,
        }
    }
    Err("cannot create a game".into())
}

/// The `p`-th percentile of `d` (sorted in place), in ms.
pub fn percentile(d: &mut [Duration], p: f64) -> f64 {
    if d.is_empty() {
        return 0.0;
    }
    d.sort();
    let i = ((d.len() as f64 - 1.0) * p).round() as usize;
    d[i].as_secs_f64() * 1000.0
}

/// The resident memory of process `pid` in MiB (Linux), if readable.
pub fn rss_mib(pid: u32) -> Option<f64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The moves of game `id` in the database at `db`.
pub fn db_moves(db: &str, id: &str) -> Result<Vec<String>, String> {
    let c = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| e.to_string())?;
    let mut st = c
        .prepare("SELECT text FROM moves WHERE game = ?1 ORDER BY ply")
        .map_err(|e| e.to_string())?;
    st.query_map([id], |r| r.get(0))
        .map_err(|e| e.to_string())?
        .collect::<Result<Vec<String>, _>>()
        .map_err(|e| e.to_string())
}
