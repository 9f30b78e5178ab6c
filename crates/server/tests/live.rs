//! The server on a real socket (loopback, clients on addresses of their own): the event
//! protocol over WebSockets (replay, resync, acks, idempotent moves), the clocks (a side that
//! never moves loses on time; a four-player seat that runs out is eliminated), and hostile
//! clients (forged and missing tokens, replayed moves, oversized messages, a message flood,
//! another origin, 1,000 game creations a second) refused while everyone else is answered.

mod support;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use dimchess_server::{Config, Server};
use serde_json::{Value, json};
use support::client::{Ws, http};

const WAIT: Duration = Duration::from_secs(5);

fn ip(last: u8) -> Option<IpAddr> {
    Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last)))
}

async fn serve(config: Config) -> (SocketAddr, Server) {
    let server = Server::start(config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = server.router();
    tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
    });
    (addr, server)
}

fn memory() -> Config {
    Config {
        db: ":memory:".into(),
        ..Config::default()
    }
}

/// A new game: `(id, tokens by seat)`.
async fn create(addr: SocketAddr, body: Value) -> (String, Vec<String>) {
    let (s, v) = http(addr, ip(1), "POST", "/api/games", None, &body.to_string())
        .await
        .unwrap();
    assert_eq!(s, 201, "{v}");
    let tokens = v["invites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["token"].as_str().unwrap().to_string())
        .collect();
    (v["id"].as_str().unwrap().to_string(), tokens)
}

/// Says hello and reads the welcome and the state that follows: `(socket, seats, version, state)`.
async fn join(addr: SocketAddr, id: &str, tokens: &[&str], from: u8) -> (Ws, Value, u64, Value) {
    let mut ws = Ws::hello(addr, ip(from), id, tokens, None).await.unwrap();
    let welcome = ws.recv(WAIT).await.expect("welcome");
    assert_eq!(welcome["t"], "welcome", "{welcome}");
    let sync = ws.recv(WAIT).await.expect("sync");
    assert_eq!(sync["t"], "sync", "{sync}");
    let v = sync["v"].as_u64().unwrap();
    (ws, welcome["seats"].clone(), v, sync["state"].clone())
}

fn is_ev(kind: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["t"] == "ev" && m["ev"]["kind"] == kind
}

#[tokio::test(flavor = "multi_thread")]
async fn the_event_protocol() {
    let (addr, _server) = serve(memory()).await;
    let (id, t) = create(addr, json!({"variant": "fide"})).await;
    let (mut white, seats, _, state) = join(addr, &id, &[&t[0]], 2).await;
    assert_eq!(seats, json!([0]));
    assert_eq!(state["history"], json!([]));
    let (mut black, seats, _, _) = join(addr, &id, &[&t[1]], 3).await;
    assert_eq!(seats, json!([1]));
    // White hears of Black connecting; the spectator's state shows both connected.
    white
        .until(WAIT, |m| {
            m["t"] == "ev"
                && m["ev"]["kind"] == "presence"
                && m["status"]["seats"][1]["connected"] == true
        })
        .await
        .expect("presence");
    let (mut watcher, seats, _, wstate) = join(addr, &id, &[], 4).await;
    assert_eq!(seats, json!([]));
    assert_eq!(wstate["status"]["seats"][0]["connected"], true);
    assert_eq!(wstate["status"]["seats"][1]["connected"], true);

    // A move: acknowledged to its sender, its event and board to everyone.
    white
        .send(&json!({"t": "move", "id": 1, "ply": 0, "move": "e2e4"}))
        .await
        .unwrap();
    let ack = white.until(WAIT, |m| m["t"] == "ack").await.expect("ack");
    assert_eq!(ack["id"], 1);
    for ws in [&mut black, &mut watcher] {
        let ev = ws.until(WAIT, is_ev("move")).await.expect("move event");
        assert_eq!(ev["ev"]["text"], "e2e4");
        assert_eq!(ev["ev"]["ply"], 0);
        assert_eq!(ev["status"]["turn"], 1);
        let board = ws.recv(WAIT).await.unwrap();
        assert_eq!(board["t"], "board");
        assert_eq!(board["v"], ev["v"]);
        assert!(board["board"]["position"].as_str().unwrap().contains(" b "));
    }
    // The same move again (a retry whose ack was lost): the whole state, and an error.
    white
        .send(&json!({"t": "move", "id": 2, "ply": 0, "move": "e2e4"}))
        .await
        .unwrap();
    let sync = white
        .until(WAIT, |m| m["t"] == "sync")
        .await
        .expect("resync");
    assert_eq!(sync["state"]["history"], json!(["e2e4"]));
    let err = white.until(WAIT, |m| m["t"] == "error").await.unwrap();
    assert_eq!(
        (err["id"].clone(), err["status"].clone()),
        (json!(2), json!(409))
    );
    // Out of turn, and a spectator: 403.
    white
        .send(&json!({"t": "move", "id": 3, "ply": 1, "move": "e7e5"}))
        .await
        .unwrap();
    let err = white.until(WAIT, |m| m["t"] == "error").await.unwrap();
    assert_eq!(err["status"], 403);
    watcher
        .send(&json!({"t": "move", "id": 1, "ply": 1, "move": "e7e5"}))
        .await
        .unwrap();
    let err = watcher.until(WAIT, |m| m["t"] == "error").await.unwrap();
    assert_eq!(err["status"], 403);
    // A bad message is an error, and the connection stays.
    watcher.send_text("{not json".into()).await.unwrap();
    let err = watcher.until(WAIT, |m| m["t"] == "error").await.unwrap();
    assert_eq!(err["status"], 400);

    // The spectator leaves; a move happens; it comes back with the version it saw and gets
    // just the missed event and the board.
    let seen = {
        black
            .send(&json!({"t": "move", "id": 1, "ply": 1, "move": "e7e5"}))
            .await
            .unwrap();
        let ev = watcher.until(WAIT, is_ev("move")).await.unwrap();
        ev["v"].as_u64().unwrap()
    };
    drop(watcher);
    white
        .send(&json!({"t": "move", "id": 4, "ply": 2, "move": "g1f3"}))
        .await
        .unwrap();
    white.until(WAIT, |m| m["t"] == "ack").await.unwrap();
    let mut back = Ws::hello(addr, ip(4), &id, &[], Some(seen)).await.unwrap();
    assert_eq!(back.recv(WAIT).await.unwrap()["t"], "welcome");
    let mut got = Vec::new();
    while let Some(m) = back.recv(Duration::from_millis(300)).await {
        got.push(m);
    }
    assert!(got.iter().all(|m| m["t"] != "sync"), "{got:?}");
    let moves: Vec<&Value> = got.iter().filter(|m| is_ev("move")(m)).collect();
    assert_eq!(moves.len(), 1, "{got:?}");
    assert_eq!(moves[0]["ev"]["text"], "g1f3");
    assert!(moves[0]["v"].as_u64().unwrap() > seen);
    assert!(got.iter().any(|m| m["t"] == "board"));
    // A version from another run of the server (or too old): the whole state.
    let mut old = Ws::hello(addr, ip(4), &id, &[], Some(7)).await.unwrap();
    assert_eq!(old.recv(WAIT).await.unwrap()["t"], "welcome");
    let s = old.recv(WAIT).await.unwrap();
    assert_eq!(s["t"], "sync");
    assert_eq!(s["state"]["history"], json!(["e2e4", "e7e5", "g1f3"]));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_side_that_never_moves_loses_on_time() {
    let (addr, _server) = serve(memory()).await;
    // Black never moves.
    let (id, t) = create(
        addr,
        json!({"variant": "fide", "clock": {"base_ms": 5000, "inc_ms": 0}}),
    )
    .await;
    let (mut white, _, _, state) = join(addr, &id, &[&t[0]], 2).await;
    assert_eq!(
        state["status"]["clocks"]["running"],
        Value::Null,
        "not started before Black comes"
    );
    let (_black, _, _, _) = join(addr, &id, &[&t[1]], 3).await;
    let start = white
        .until(WAIT, |m| {
            m["t"] == "ev" && m["status"]["clocks"]["running"] == 0
        })
        .await
        .expect("the clocks start when both have come");
    assert_eq!(start["status"]["clocks"]["remaining_ms"][0], 5000);
    white
        .send(&json!({"t": "move", "id": 1, "ply": 0, "move": "d2d4"}))
        .await
        .unwrap();
    let moved = white.until(WAIT, is_ev("move")).await.unwrap();
    let at = Instant::now();
    assert_eq!(moved["status"]["clocks"]["running"], 1);
    let end = white
        .until(Duration::from_secs(10), is_ev("end"))
        .await
        .expect("a flag fall");
    let took = at.elapsed();
    assert_eq!(end["ev"]["result"], "1-0 (time)");
    assert!(
        took >= Duration::from_millis(4800) && took < Duration::from_millis(6500),
        "{took:?}"
    );
    assert_eq!(end["status"]["clocks"]["remaining_ms"][1], 0);
    // A move after the flag is refused.
    let (s, _) = http(
        addr,
        ip(3),
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&t[1]),
        r#"{"ply":1,"move":"d7d5"}"#,
    )
    .await
    .unwrap();
    assert_eq!(s, 409);
    // White never moves: White loses.
    let (id, t) = create(
        addr,
        json!({"variant": "fide", "clock": {"base_ms": 5000, "inc_ms": 0}}),
    )
    .await;
    let (mut white, _, _, _) = join(addr, &id, &[&t[0]], 2).await;
    let (_black, _, _, _) = join(addr, &id, &[&t[1]], 3).await;
    let end = white
        .until(Duration::from_secs(10), is_ev("end"))
        .await
        .expect("a flag fall");
    assert_eq!(end["ev"]["result"], "0-1 (time)");
}

#[tokio::test(flavor = "multi_thread")]
async fn four_players_the_seat_that_runs_out_is_eliminated() {
    let (addr, _server) = serve(memory()).await;
    let (id, t) = create(
        addr,
        json!({"variant": "three-level", "clock": {"base_ms": 5000, "inc_ms": 0}}),
    )
    .await;
    let mut red = None;
    for (i, tok) in t.iter().enumerate() {
        let (ws, _, _, state) = join(addr, &id, &[tok], 2 + i as u8).await;
        if i == 0 {
            red = Some((ws, state));
        }
    }
    let (mut red, state) = red.unwrap();
    let first = state["board"]["moves"][0][0].as_str().unwrap().to_string();
    red.until(WAIT, |m| {
        m["t"] == "ev" && m["status"]["clocks"]["running"] == 0
    })
    .await
    .expect("started");
    red.send(&json!({"t": "move", "id": 1, "ply": 0, "move": first}))
        .await
        .unwrap();
    red.until(WAIT, is_ev("move")).await.unwrap();
    let at = Instant::now();
    // Blue never moves: out on time, its army gone (TL-14 step 6), Yellow to move.
    let out = red
        .until(Duration::from_secs(10), is_ev("retired"))
        .await
        .expect("Blue runs out");
    let took = at.elapsed();
    assert!(
        took >= Duration::from_millis(4800) && took < Duration::from_millis(6500),
        "{took:?}"
    );
    assert_eq!(out["ev"]["seat"], 1);
    assert_eq!(out["ev"]["reason"], "time");
    assert_eq!(out["status"]["over"], false);
    assert_eq!(out["status"]["turn"], 2);
    assert_eq!(out["status"]["seats"][1]["out"], "time");
    assert_eq!(out["status"]["clocks"]["running"], 2);
    let board = red.until(WAIT, |m| m["t"] == "board").await.unwrap();
    let position = board["board"]["position"].as_str().unwrap();
    let fields: Vec<&str> = position.split(' ').collect();
    assert_eq!(fields[1], "y");
    assert_eq!(fields[2], "b");
    assert!(
        !fields[0].contains('b'),
        "Blue's pieces are gone: {}",
        fields[0]
    );
    // Yellow and Green run out in turn: Red, the last seat left, wins.
    let end = red
        .until(Duration::from_secs(15), is_ev("end"))
        .await
        .expect("the end");
    assert!(
        end["ev"]["result"].as_str().unwrap().contains("Red"),
        "{end}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_clients_are_refused_and_everyone_else_is_answered() {
    let (addr, _server) = serve(memory()).await;
    let (id, t) = create(addr, json!({"variant": "fide"})).await;
    let (mut white, _, _, _) = join(addr, &id, &[&t[0]], 2).await;
    let (mut black, _, _, _) = join(addr, &id, &[&t[1]], 3).await;

    // A forged token: 403 and the socket is closed.
    let mut forged = Ws::hello(
        addr,
        ip(9),
        &id,
        &["0123456789abcdef0123456789abcdef"],
        None,
    )
    .await
    .unwrap();
    let err = forged.recv(WAIT).await.unwrap();
    assert_eq!(
        (err["t"].clone(), err["status"].clone()),
        (json!("error"), json!(403))
    );
    assert_eq!(forged.closed_with(WAIT).await, Some(1008));
    // No hello at all but a move: closed.
    let mut rude = Ws::open(addr, ip(9), &id, None).await.unwrap();
    rude.send(&json!({"t": "move", "id": 1, "ply": 0, "move": "e2e4"}))
        .await
        .unwrap();
    assert_eq!(rude.closed_with(WAIT).await, Some(1008));
    // Missing and forged tokens over HTTP.
    let mv = r#"{"ply":0,"move":"e2e4"}"#;
    let path = format!("/api/games/{id}/moves");
    assert_eq!(
        http(addr, ip(9), "POST", &path, None, mv).await.unwrap().0,
        401
    );
    assert_eq!(
        http(addr, ip(9), "POST", &path, Some("AAAA"), mv)
            .await
            .unwrap()
            .0,
        403
    );
    // Replayed moves: the same message five times is one move.
    for _ in 0..5 {
        white
            .send(&json!({"t": "move", "id": 1, "ply": 0, "move": "e2e4"}))
            .await
            .unwrap();
    }
    let mut acks = 0;
    let mut refusals = 0;
    while let Some(m) = white.recv(Duration::from_millis(500)).await {
        acks += usize::from(m["t"] == "ack");
        refusals += usize::from(m["t"] == "error" && m["status"] == 409);
    }
    assert_eq!((acks, refusals), (1, 4));
    let (_, state) = http(addr, ip(9), "GET", &format!("/api/games/{id}"), None, "")
        .await
        .unwrap();
    assert_eq!(state["history"], json!(["e2e4"]));
    // An oversized message: the socket is closed (1009, message too big).
    let (mut big, _, _, _) = join(addr, &id, &[], 10).await;
    big.send_text(format!(
        "{{\"t\":\"ping\",\"x\":\"{}\"}}",
        "x".repeat(100_000)
    ))
    .await
    .ok();
    assert!(big.closed_with(WAIT).await.is_some());
    // A flood of messages past the budget: closed with 1008.
    let (mut flood, _, _, _) = join(addr, &id, &[], 11).await;
    for _ in 0..200 {
        if flood.send(&json!({"t": "ping"})).await.is_err() {
            break;
        }
    }
    let mut code = None;
    for _ in 0..400 {
        match flood.ws_next().await {
            Some(Some(c)) => {
                code = Some(c);
                break;
            }
            Some(None) => {}
            None => break,
        }
    }
    assert_eq!(code, Some(1008));
    // Another origin: refused at the upgrade.
    assert!(
        Ws::open(addr, ip(12), &id, Some("http://evil.example"))
            .await
            .is_err()
    );
    assert!(
        Ws::open(addr, ip(12), &id, Some(&format!("http://{addr}")))
            .await
            .is_ok()
    );
    // An HTTP body past the limit.
    let huge = format!("{{\"ply\":1,\"move\":\"{}\"}}", "x".repeat(100_000));
    assert_eq!(
        http(addr, ip(9), "POST", &path, Some(&t[1]), &huge)
            .await
            .unwrap()
            .0,
        413
    );

    // 1,000 game creations in a second from one address: past the burst, refused (429) ...
    let flood_from = ip(20);
    let t0 = Instant::now();
    let mut statuses = Vec::new();
    let mut tasks = Vec::new();
    for _ in 0..1000 {
        tasks.push(tokio::spawn(async move {
            http(
                addr,
                flood_from,
                "POST",
                "/api/games",
                None,
                r#"{"variant":"fide"}"#,
            )
            .await
            .map(|r| r.0)
            .unwrap_or(0)
        }));
    }
    // ... while the others are answered: a move in the game under way, a new game elsewhere.
    black.until(WAIT, is_ev("move")).await;
    let t1 = Instant::now();
    black
        .send(&json!({"t": "move", "id": 7, "ply": 1, "move": "c7c5"}))
        .await
        .unwrap();
    let ack = black
        .until(WAIT, |m| m["t"] == "ack")
        .await
        .expect("answered during the flood");
    let move_ms = t1.elapsed().as_millis();
    assert_eq!(ack["id"], 7);
    let (s, _) = http(
        addr,
        ip(21),
        "POST",
        "/api/games",
        None,
        r#"{"variant":"hyperspace"}"#,
    )
    .await
    .unwrap();
    assert_eq!(s, 201, "another address creates a game during the flood");
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    let took = t0.elapsed();
    let created = statuses.iter().filter(|&&s| s == 201).count();
    let limited = statuses.iter().filter(|&&s| s == 429).count();
    eprintln!(
        "1000 creations from one address in {took:?}: {created} created, {limited} refused (429); a move meanwhile answered in {move_ms} ms"
    );
    assert_eq!(created + limited, 1000, "{statuses:?}");
    // The burst (10) and one a second after it.
    assert!(
        created <= 10 + took.as_secs() as usize + 1,
        "{created} created"
    );
    assert!(limited >= 980);
}
