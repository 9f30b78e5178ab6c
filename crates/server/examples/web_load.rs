//! A load test of `dimchess serve`: concurrent clients on loopback, each playing random legal
//! moves in games of every variant (a quarter of them against engine seats, so that searches
//! run all along), for a while; prints the latency of the people's moves (p50, p99, max),
//! overall and per variant, and of the state polls, and any errors.
//!
//! ```sh
//! cargo run --release -- serve --addr 127.0.0.1:8080 &
//! cargo run --release --example web_load -- 127.0.0.1:8080 64 60 0   # address, clients, seconds, think ms
//! cargo run --release --example web_load -- 127.0.0.1:8080 64 60 500 20   # ... and poll ms (default 150, as the page)
//! ```
//!
//! With a think time of 0 each client sends its next move as soon as the last is answered
//! (a stress test); a think time makes the clients pause like people between moves.
//!
//! HTTP/1.1 with keep-alive over a plain tokio socket, one connection per client: the
//! server's own answers are all `Content-Length` framed.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One keep-alive connection.
struct Conn {
    stream: BufReader<TcpStream>,
    host: String,
}

impl Conn {
    async fn open(addr: &str) -> std::io::Result<Conn> {
        let s = TcpStream::connect(addr).await?;
        s.set_nodelay(true)?;
        Ok(Conn {
            stream: BufReader::new(s),
            host: addr.to_string(),
        })
    }

    /// Sends a request and reads the whole answer: (status, body, time taken).
    async fn call(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Value, Duration)> {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            body.len()
        );
        let start = Instant::now();
        self.stream.get_mut().write_all(req.as_bytes()).await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
        let mut len = 0usize;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                len = v.trim().parse().unwrap_or(0);
            }
        }
        let mut buf = vec![0; len];
        self.stream.read_exact(&mut buf).await?;
        let took = start.elapsed();
        let value = serde_json::from_slice(&buf).unwrap_or(Value::Null);
        Ok((status, value, took))
    }
}

#[derive(Default)]
struct Stats {
    moves: BTreeMap<String, Vec<Duration>>,
    polls: Vec<Duration>,
    /// Dimension X: the answers to each action of a turn being composed (`GET .../turn`).
    actions: Vec<Duration>,
    creates: Vec<Duration>,
    errors: Vec<String>,
    engine_moves: usize,
    games: usize,
}

/// `s` percent-encoded for a query string (action texts hold `*`, `^`, `>`).
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

/// Composes a Dimension X turn as the page does, one action at a time (`GET .../turn`), each
/// chosen at random among the legal next ones after a think time, ended with even odds once
/// it may end; its text, or an error.
async fn compose_turn(
    conn: &mut Conn,
    id: &str,
    state: &Value,
    seed: &mut u64,
    think: Duration,
    stats: &Mutex<Stats>,
) -> Result<String, String> {
    let mut partial = state["partial"].clone();
    loop {
        let next = partial["next"].as_array().cloned().unwrap_or_default();
        let done = partial["actions"].as_array().map_or(0, Vec::len);
        if partial["can_end"] == json!(true)
            && done > 0
            && (next.is_empty() || rng(seed).is_multiple_of(2))
        {
            return Ok(partial["turn"].as_str().unwrap_or_default().to_string());
        }
        if next.is_empty() {
            return Err(format!("no next action: {partial}"));
        }
        let pick = next[(rng(seed) % next.len() as u64) as usize][0]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let mut prefix: Vec<String> = partial["actions"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        prefix.push(pick);
        if !think.is_zero() {
            tokio::time::sleep(think).await;
        }
        let path = format!(
            "/api/games/{id}/turn?actions={}",
            query_text(&prefix.join(","))
        );
        match conn.call("GET", &path, None).await {
            Ok((200, v, t)) => {
                stats.lock().unwrap().actions.push(t);
                partial = v["partial"].clone();
            }
            Ok((code, v, _)) => return Err(format!("action {code}: {v}")),
            Err(e) => return Err(format!("action: {e}")),
        }
    }
}

fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

async fn client(
    addr: String,
    i: usize,
    variants: Vec<(String, usize)>,
    until: Instant,
    think: Duration,
    poll: Duration,
    stats: Arc<Mutex<Stats>>,
) {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ (i as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d);
    let mut conn = match Conn::open(&addr).await {
        Ok(c) => c,
        Err(e) => return stats.lock().unwrap().errors.push(format!("connect: {e}")),
    };
    let (variant, players) = variants[i % variants.len()].clone();
    let engine = i % 4 == 3;
    while Instant::now() < until {
        let seats: Vec<Value> = (0..players)
            .map(|s| {
                if engine && s > 0 {
                    json!({"kind": "engine", "movetime_ms": 100})
                } else {
                    json!({"kind": "human"})
                }
            })
            .collect();
        let r = conn
            .call(
                "POST",
                "/api/games",
                Some(&json!({"variant": variant, "seats": seats})),
            )
            .await;
        let mut state = match r {
            Ok((201, v, t)) => {
                let mut s = stats.lock().unwrap();
                s.creates.push(t);
                s.games += 1;
                v
            }
            Ok((code, v, _)) => {
                return stats
                    .lock()
                    .unwrap()
                    .errors
                    .push(format!("create {code}: {v}"));
            }
            Err(e) => return stats.lock().unwrap().errors.push(format!("create: {e}")),
        };
        let id = state["id"].as_str().unwrap_or_default().to_string();
        let mut plies = 0;
        while Instant::now() < until && state["over"] != json!(true) && plies < 200 {
            if state["engine_to_move"] == json!(true) {
                tokio::time::sleep(poll).await;
                match conn.call("GET", &format!("/api/games/{id}"), None).await {
                    Ok((200, v, t)) => {
                        let mut s = stats.lock().unwrap();
                        s.polls.push(t);
                        if v["history"].as_array().map(Vec::len)
                            != state["history"].as_array().map(Vec::len)
                        {
                            s.engine_moves += 1;
                        }
                        state = v;
                    }
                    Ok((code, v, _)) => {
                        return stats
                            .lock()
                            .unwrap()
                            .errors
                            .push(format!("poll {code}: {v}"));
                    }
                    Err(e) => return stats.lock().unwrap().errors.push(format!("poll: {e}")),
                }
                continue;
            }
            let pick = if state["partial"].is_object() {
                match compose_turn(&mut conn, &id, &state, &mut seed, think, &stats).await {
                    Ok(text) => Value::from(text),
                    Err(e) => return stats.lock().unwrap().errors.push(e),
                }
            } else {
                let Some(moves) = state["moves"].as_array().filter(|m| !m.is_empty()) else {
                    break;
                };
                moves[(rng(&mut seed) % moves.len() as u64) as usize][0].clone()
            };
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            match conn
                .call(
                    "POST",
                    &format!("/api/games/{id}/moves"),
                    Some(&json!({"move": pick})),
                )
                .await
            {
                Ok((200, v, t)) => {
                    stats
                        .lock()
                        .unwrap()
                        .moves
                        .entry(variant.clone())
                        .or_default()
                        .push(t);
                    state = v;
                    plies += 1;
                }
                Ok((code, v, _)) => {
                    return stats
                        .lock()
                        .unwrap()
                        .errors
                        .push(format!("move {code}: {v}"));
                }
                Err(e) => return stats.lock().unwrap().errors.push(format!("move: {e}")),
            }
        }
    }
}

fn pct(v: &mut [Duration], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort();
    let i = ((v.len() as f64 * p).ceil() as usize).clamp(1, v.len()) - 1;
    v[i].as_secs_f64() * 1000.0
}

fn line(name: &str, v: &mut [Duration]) {
    println!(
        "{name:<34} {:>7} {:>8.2} {:>8.2} {:>8.2}",
        v.len(),
        pct(v, 0.50),
        pct(v, 0.99),
        pct(v, 1.0)
    );
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let addr = args
        .first()
        .cloned()
        .unwrap_or_else(|| "127.0.0.1:8080".to_string());
    let clients: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(64);
    let seconds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(60);
    let think = Duration::from_millis(args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0));
    // The page polls every 150 ms while an engine seat is to move.
    let poll = Duration::from_millis(args.get(4).and_then(|s| s.parse().ok()).unwrap_or(150));
    let mut conn = Conn::open(&addr).await.expect("connect to the server");
    let (_, list, _) = conn
        .call("GET", "/api/variants", None)
        .await
        .expect("variants");
    let variants: Vec<(String, usize)> = list
        .as_array()
        .expect("a list of variants")
        .iter()
        .map(|v| {
            (
                v["id"].as_str().unwrap().to_string(),
                v["players"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let stats = Arc::new(Mutex::new(Stats::default()));
    let until = Instant::now() + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..clients)
        .map(|i| {
            tokio::spawn(client(
                addr.clone(),
                i,
                variants.clone(),
                until,
                think,
                poll,
                stats.clone(),
            ))
        })
        .collect();
    for t in tasks {
        t.await.expect("a client panicked");
    }
    let mut s = stats.lock().unwrap();
    println!(
        "{clients} clients, {seconds} s, think {} ms, poll {} ms, {addr}; a quarter against engine seats (100 ms per move)",
        think.as_millis(),
        poll.as_millis()
    );
    println!(
        "{:<34} {:>7} {:>8} {:>8} {:>8}",
        "requests (ms)", "count", "p50", "p99", "max"
    );
    let mut all: Vec<Duration> = s.moves.values().flatten().copied().collect();
    line("person's move, all variants", &mut all);
    let mut no_dx: Vec<Duration> = s
        .moves
        .iter()
        .filter(|(k, _)| k.as_str() != "dimension-x")
        .flat_map(|(_, v)| v.iter().copied())
        .collect();
    line("person's move, all but dimension-x", &mut no_dx);
    let names: Vec<String> = s.moves.keys().cloned().collect();
    for k in names {
        let v = s.moves.get_mut(&k).unwrap();
        line(&format!("  move: {k}"), v);
    }
    let mut actions = std::mem::take(&mut s.actions);
    line("dimension-x action (GET turn)", &mut actions);
    let mut polls = std::mem::take(&mut s.polls);
    line("state poll (engine to move)", &mut polls);
    let mut creates = std::mem::take(&mut s.creates);
    line("create game", &mut creates);
    println!("games {}, engine moves seen {}", s.games, s.engine_moves);
    println!("errors {}", s.errors.len());
    for e in s.errors.iter().take(10) {
        println!("  {e}");
    }
    if !s.errors.is_empty() {
        std::process::exit(1);
    }
}
