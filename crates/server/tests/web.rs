//! The API in-process (`tower::ServiceExt::oneshot` on the router, SQLite in memory or in a
//! scratch file): seats and their tokens (401, 403), every bad input a 4xx with a JSON error
//! that changes nothing, a random game of every variant, Dimension X turns composed action by
//! action, engine seats, the game controls (resignation, draws, claims, abort, takeback, undo,
//! a four-player seat that leaves), a restart on the same database, the memory bound and
//! archiving.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Extension;
use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use dimchess_server::{Config, Server};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// A server on `config` and its router (every request from 127.0.0.1).
async fn start(config: Config) -> (Server, Router) {
    let server = Server::start(config).await.unwrap();
    let app = server
        .router()
        .layer(Extension(ConnectInfo(SocketAddr::from((
            [127, 0, 0, 1],
            4000,
        )))));
    (server, app)
}

fn memory() -> Config {
    Config {
        db: ":memory:".into(),
        create_burst: 10_000,
        act_burst: 100_000,
        read_burst: 100_000,
        ..Config::default()
    }
}

async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: impl Into<Body>,
) -> (StatusCode, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let res = app
        .clone()
        .oneshot(req.body(body.into()).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    call(app, "GET", uri, None, Body::empty()).await
}

/// A new game: `(id, tokens by seat (None for engines), state)`.
async fn new_game(app: &Router, body: Value) -> (String, Vec<Option<String>>, Value) {
    let (s, v) = call(app, "POST", "/api/games", None, body.to_string()).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let seats = v["state"]["status"]["seats"].as_array().unwrap().len();
    let mut tokens = vec![None; seats];
    for inv in v["invites"].as_array().unwrap() {
        let seat = inv["seat"].as_u64().unwrap() as usize;
        let t = inv["token"].as_str().unwrap().to_string();
        assert_eq!(inv["url"], json!(format!("/game/{id}#token={t}")));
        tokens[seat] = Some(t);
    }
    assert_eq!(v["spectate"], json!(format!("/game/{id}")));
    (id, tokens, v["state"].clone())
}

/// An act for a seat: `POST /api/games/{id}/{what}` with its token.
async fn act(
    app: &Router,
    id: &str,
    what: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/games/{id}/{what}"),
        token,
        body.to_string(),
    )
    .await
}

/// A move at the state's ply by the seat to move; the state after it.
async fn play(
    app: &Router,
    id: &str,
    tokens: &[Option<String>],
    state: &Value,
    text: &str,
) -> Value {
    let turn = state["status"]["turn"].as_u64().unwrap() as usize;
    let ply = state["status"]["ply"].as_u64().unwrap();
    let (s, v) = act(
        app,
        id,
        "moves",
        tokens[turn].as_deref(),
        json!({"ply": ply, "move": text}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{text}: {v}");
    v["state"].clone()
}

/// A refusal: the status and a JSON `{"error": "..."}` body.
fn refused(got: (StatusCode, Value), want: StatusCode) {
    assert_eq!(got.0, want, "{}", got.1);
    assert!(
        got.1["error"].as_str().is_some_and(|e| !e.is_empty()),
        "not a JSON error: {}",
        got.1
    );
}

/// A small deterministic generator.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn seats_act_only_with_their_own_token() {
    let (_server, app) = start(memory()).await;
    let (id, tokens, state) = new_game(&app, json!({"variant": "fide"})).await;
    let (white, black) = (tokens[0].as_deref(), tokens[1].as_deref());
    assert_ne!(white, black);
    assert_eq!(white.unwrap().len(), 32);
    let e4 = json!({"ply": 0, "move": "e2e4"});
    // No token: 401. A made-up token, or the other seat's: 403.
    refused(
        act(&app, &id, "moves", None, e4.clone()).await,
        StatusCode::UNAUTHORIZED,
    );
    refused(
        act(&app, &id, "moves", Some(&"0".repeat(32)), e4.clone()).await,
        StatusCode::FORBIDDEN,
    );
    refused(
        act(&app, &id, "moves", black, e4.clone()).await,
        StatusCode::FORBIDDEN,
    );
    refused(
        act(&app, &id, "resign", Some("x"), json!({})).await,
        StatusCode::FORBIDDEN,
    );
    // Another game's token holds no seat here.
    let (_, other, _) = new_game(&app, json!({"variant": "fide"})).await;
    refused(
        act(&app, &id, "moves", other[0].as_deref(), e4.clone()).await,
        StatusCode::FORBIDDEN,
    );
    let (_, now) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(now["history"], json!([]));
    // White's own token: played.
    let after = play(&app, &id, &tokens, &state, "e2e4").await;
    assert_eq!(after["history"], json!(["e2e4"]));
    // The same move again (a retry): its ply is stale, nothing is applied twice.
    refused(
        act(&app, &id, "moves", white, e4).await,
        StatusCode::CONFLICT,
    );
    let (_, now) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(now["history"], json!(["e2e4"]));
    // Engine seats get no token.
    let (_, t, _) = new_game(&app, json!({"variant": "fide", "seats": [{"kind": "human"}, {"kind": "engine", "movetime_ms": 5}]})).await;
    assert!(t[0].is_some() && t[1].is_none());
}

#[tokio::test(flavor = "multi_thread")]
async fn tokens_are_stored_as_hashes() {
    let dir = std::env::temp_dir().join(format!("dimchess-web-hash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let config = Config {
        db: db.to_string_lossy().into(),
        ..memory()
    };
    let (_server, app) = start(config).await;
    let (id, tokens, _) = new_game(&app, json!({"variant": "three-level"})).await;
    let conn = rusqlite::Connection::open(&db).unwrap();
    let hashes: Vec<Vec<u8>> = conn
        .prepare("SELECT token_hash FROM seats WHERE game = ?1 ORDER BY seat")
        .unwrap()
        .query_map([&id], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(hashes.len(), 4);
    for (h, t) in hashes.iter().zip(&tokens) {
        let t = t.as_deref().unwrap();
        assert_eq!(h.len(), 32);
        assert_ne!(h.as_slice(), t.as_bytes());
    }
    // No token's text is anywhere in the file.
    drop(conn);
    let bytes = std::fs::read(&db).unwrap_or_default();
    let wal = std::fs::read(dir.join("games.db-wal")).unwrap_or_default();
    for t in tokens.iter().flatten() {
        let needle = t.as_bytes();
        for file in [&bytes, &wal] {
            assert!(!file.windows(needle.len()).any(|w| w == needle));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_is_a_4xx_with_a_json_error_and_changes_nothing() {
    let (_server, app) = start(memory()).await;
    let (id, tokens, _) = new_game(&app, json!({"variant": "fide"})).await;
    let w = tokens[0].as_deref();
    let moves = format!("/api/games/{id}/moves");
    refused(
        call(&app, "POST", &moves, w, "{bad").await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        call(&app, "POST", &moves, w, "[1,2]").await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        act(&app, &id, "moves", w, json!({"move": "e2e4"})).await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        act(
            &app,
            &id,
            "moves",
            w,
            json!({"ply": 0, "move": "e2e4", "x": 1}),
        )
        .await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        act(&app, &id, "moves", w, json!({"ply": 0, "move": "e2e5"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        act(
            &app,
            &id,
            "moves",
            w,
            json!({"ply": 0, "move": "\u{1b}[2J\0"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        act(&app, &id, "moves", w, json!({"ply": 7, "move": "e2e4"})).await,
        StatusCode::CONFLICT,
    );
    refused(
        act(&app, &id, "offer", w, json!({"what": "tea"})).await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        act(&app, &id, "claim", w, json!({"what": "draw"})).await,
        StatusCode::CONFLICT,
    );
    refused(
        act(&app, &id, "undo", w, json!({})).await,
        StatusCode::CONFLICT,
    );
    // A body past the limit of acts (4 KiB).
    let big = json!({"ply": 0, "move": "x".repeat(10_000)}).to_string();
    refused(
        call(&app, "POST", &moves, w, big).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    );
    // Creation.
    for body in [
        json!({}),
        json!({"variant": "nope"}),
        json!({"variant": "fide", "position": "8/8 w"}),
        json!({"variant": "fide", "seats": [{"kind": "human"}]}),
        json!({"variant": "fide", "seats": [{"kind": "robot"}, {"kind": "human"}]}),
        json!({"variant": "fide", "seats": [{"kind": "engine", "movetime_ms": 0}, {"kind": "human"}]}),
        json!({"variant": "fide", "clock": {"base_ms": 10}}),
        json!({"variant": "fide", "clock": {"base_ms": 60000, "inc_ms": 999_999_999}}),
        json!({"record": "1. e4 e4"}),
        json!({"variant": "fide", "colour": "white"}),
    ] {
        let got = call(&app, "POST", "/api/games", None, body.to_string()).await;
        assert!(got.0.is_client_error(), "{body}: {}", got.1);
        assert!(got.1["error"].is_string(), "{body}");
    }
    // An unknown variant's error lists the ids; `chess` is fide, as in the tool and Python.
    let got = call(
        &app,
        "POST",
        "/api/games",
        None,
        json!({"variant": "nope"}).to_string(),
    )
    .await;
    let error = got.1["error"].as_str().unwrap();
    for v in dimchess_any::VARIANTS {
        assert!(error.contains(v.id), "{error}");
    }
    let (_, _, chess) = new_game(&app, json!({"variant": "chess"})).await;
    assert_eq!(chess["variant"], json!("fide"), "{chess}");
    // Unknown games and routes: 404; a wrong method: 405.
    refused(
        get(&app, "/api/games/0123456789ab").await,
        StatusCode::NOT_FOUND,
    );
    refused(
        get(&app, "/api/games/..%2Fetc").await,
        StatusCode::NOT_FOUND,
    );
    refused(get(&app, "/api/nothing").await, StatusCode::NOT_FOUND);
    refused(
        call(&app, "DELETE", &moves, w, Body::empty()).await,
        StatusCode::METHOD_NOT_ALLOWED,
    );
    let (_, now) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(now["history"], json!([]));
    assert_eq!(now["status"]["over"], json!(false));
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

/// Composes a Dimension X turn through `GET /api/games/{id}/turn`; returns the turn's text.
async fn compose_random_turn(app: &Router, id: &str, state: &Value, rng: &mut Rng) -> String {
    let mut partial = state["board"]["partial"].clone();
    assert_eq!(partial["actions"], json!([]));
    loop {
        let next = partial["next"].as_array().unwrap();
        let actions = partial["actions"].as_array().unwrap();
        if partial["can_end"] == json!(true)
            && !actions.is_empty()
            && (next.is_empty() || rng.below(2) == 0)
        {
            return partial["turn"].as_str().unwrap().to_string();
        }
        assert!(!next.is_empty(), "no next action: {partial}");
        let pick = next[rng.below(next.len())][0].as_str().unwrap();
        let mut prefix: Vec<&str> = actions.iter().map(|a| a.as_str().unwrap()).collect();
        prefix.push(pick);
        let uri = format!(
            "/api/games/{id}/turn?actions={}",
            query_text(&prefix.join(","))
        );
        let (s, v) = get(app, &uri).await;
        assert_eq!(s, StatusCode::OK, "{uri}: {v}");
        assert_eq!(v["ply"], state["status"]["ply"]);
        assert_eq!(v["partial"]["actions"], json!(prefix));
        partial = v["partial"].clone();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_random_game_of_every_variant_through_the_api() {
    let (_server, app) = start(memory()).await;
    let (s, list) = get(&app, "/api/variants").await;
    assert_eq!(s, StatusCode::OK);
    let list = list.as_array().unwrap().clone();
    assert_eq!(list.len(), dimchess_any::VARIANTS.len());
    let mut rng = Rng(7);
    for v in &list {
        let variant = v["id"].as_str().unwrap();
        let (id, tokens, mut state) = new_game(&app, json!({"variant": variant})).await;
        let plies = if variant == "dimension-x" { 30 } else { 300 };
        for _ in 0..plies {
            if state["status"]["over"] == json!(true) {
                break;
            }
            let pick = if variant == "dimension-x" {
                assert_eq!(state["board"]["moves"], Value::Null);
                compose_random_turn(&app, &id, &state, &mut rng).await
            } else {
                let moves = state["board"]["moves"].as_array().unwrap();
                assert!(
                    !moves.is_empty(),
                    "{variant}: no moves in a game that goes on"
                );
                moves[rng.below(moves.len())][0]
                    .as_str()
                    .unwrap()
                    .to_string()
            };
            let n = state["history"].as_array().unwrap().len();
            state = play(&app, &id, &tokens, &state, &pick).await;
            assert_eq!(state["history"].as_array().unwrap().len(), n + 1);
        }
        // The record replays to the same position.
        let (s, record) = get(&app, &format!("/api/games/{id}/record")).await;
        assert_eq!(s, StatusCode::OK);
        let game = dimchess_any::record::Game::from_record(record.as_str().unwrap()).unwrap();
        assert_eq!(
            game.position().to_string(),
            state["board"]["position"].as_str().unwrap()
        );
    }
}

/// Waits until the game's state satisfies `ok`.
async fn wait_for(app: &Router, id: &str, ok: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let (_, s) = get(app, &format!("/api/games/{id}")).await;
        if ok(&s) {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id}: timed out");
}

#[tokio::test(flavor = "multi_thread")]
async fn engine_replies_arrive_and_undo_takes_them_back() {
    let (_server, app) = start(memory()).await;
    for (variant, players) in [("fide", 2), ("three-level", 4)] {
        let mut seats = vec![json!({"kind": "human"})];
        seats.extend((1..players).map(|_| json!({"kind": "engine", "movetime_ms": 20})));
        let (id, tokens, state) = new_game(&app, json!({"variant": variant, "seats": seats})).await;
        let first = state["board"]["moves"][0][0].as_str().unwrap().to_string();
        play(&app, &id, &tokens, &state, &first).await;
        let s = wait_for(&app, &id, |s| {
            s["history"].as_array().unwrap().len() == players
                && !s["status"]["thinking"].as_bool().unwrap()
        })
        .await;
        assert_eq!(s["status"]["turn"], json!(0));
        assert_eq!(s["status"]["engine_error"], Value::Null);
        // Undo: back to where the person was to move, the engine's replies with it.
        let (st, v) = act(&app, &id, "undo", tokens[0].as_deref(), json!({})).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        assert_eq!(v["state"]["history"], json!([]));
    }
    // Two engine seats play on their own.
    let (id, _, _) = new_game(&app, json!({"variant": "fide", "seats": [{"kind": "engine", "movetime_ms": 5}, {"kind": "engine", "movetime_ms": 5}]})).await;
    wait_for(&app, &id, |s| s["history"].as_array().unwrap().len() >= 6).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn resignation_draws_claims_abort_and_takebacks() {
    let (_server, app) = start(memory()).await;
    // Abort before both have moved; not after.
    let (id, t, s) = new_game(&app, json!({"variant": "fide"})).await;
    let s = play(&app, &id, &t, &s, "e2e4").await;
    assert_eq!(s["status"]["can_abort"], json!(true));
    let (st, v) = act(&app, &id, "abort", t[1].as_deref(), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["status"]["result"], json!("aborted"));
    refused(
        act(
            &app,
            &id,
            "moves",
            t[1].as_deref(),
            json!({"ply": 1, "move": "e7e5"}),
        )
        .await,
        StatusCode::CONFLICT,
    );
    let (id, t, s) = new_game(&app, json!({"variant": "fide"})).await;
    let s = play(&app, &id, &t, &s, "e2e4").await;
    let _ = play(&app, &id, &t, &s, "e7e5").await;
    refused(
        act(&app, &id, "abort", t[0].as_deref(), json!({})).await,
        StatusCode::CONFLICT,
    );
    // Resignation.
    let (st, v) = act(&app, &id, "resign", t[1].as_deref(), json!({})).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["state"]["status"]["result"], json!("1-0 (resignation)"));
    let (_, record) = get(&app, &format!("/api/games/{id}/record")).await;
    assert!(record.as_str().unwrap().contains("1-0"), "{record}");
    // A draw offered, declined, offered again and accepted; an offer lapses with a move.
    let (id, t, mut s) = new_game(&app, json!({"variant": "fide"})).await;
    let (st, v) = act(&app, &id, "offer", t[0].as_deref(), json!({"what": "draw"})).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["state"]["status"]["draw_offers"], json!([0]));
    refused(
        act(&app, &id, "offer", t[0].as_deref(), json!({"what": "draw"})).await,
        StatusCode::CONFLICT,
    );
    let (st, _) = act(
        &app,
        &id,
        "decline",
        t[1].as_deref(),
        json!({"what": "draw"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    refused(
        act(
            &app,
            &id,
            "accept",
            t[1].as_deref(),
            json!({"what": "draw"}),
        )
        .await,
        StatusCode::CONFLICT,
    );
    act(&app, &id, "offer", t[0].as_deref(), json!({"what": "draw"})).await;
    s = play(&app, &id, &t, &s, "g1f3").await;
    assert_eq!(
        s["status"]["draw_offers"],
        json!([0]),
        "the offerer's own move keeps it"
    );
    s = play(&app, &id, &t, &s, "g8f6").await;
    assert_eq!(
        s["status"]["draw_offers"],
        json!([]),
        "the other seat's move declines it"
    );
    act(&app, &id, "offer", t[1].as_deref(), json!({"what": "draw"})).await;
    let (st, v) = act(
        &app,
        &id,
        "accept",
        t[0].as_deref(),
        json!({"what": "draw"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["status"]["result"], json!("1/2-1/2 (agreement)"));
    // Threefold repetition claimed by the seat to move.
    let (id, t, mut s) = new_game(&app, json!({"variant": "fide"})).await;
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        assert_eq!(s["status"]["claim"], Value::Null);
        s = play(&app, &id, &t, &s, m).await;
    }
    assert_eq!(
        s["status"]["claim"],
        json!("1/2-1/2 (threefold repetition)")
    );
    refused(
        act(&app, &id, "claim", t[1].as_deref(), json!({"what": "draw"})).await,
        StatusCode::FORBIDDEN,
    );
    let (st, v) = act(&app, &id, "claim", t[0].as_deref(), json!({"what": "draw"})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(
        v["state"]["status"]["result"],
        json!("1/2-1/2 (threefold repetition)")
    );
    // A takeback asked and accepted: back to before the asker's move.
    let (id, t, s) = new_game(&app, json!({"variant": "fide"})).await;
    let s = play(&app, &id, &t, &s, "e2e4").await;
    let _ = play(&app, &id, &t, &s, "e7e5").await;
    refused(
        act(&app, &id, "undo", t[0].as_deref(), json!({})).await,
        StatusCode::CONFLICT,
    );
    let (st, _) = act(
        &app,
        &id,
        "offer",
        t[0].as_deref(),
        json!({"what": "takeback"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    refused(
        act(
            &app,
            &id,
            "accept",
            t[0].as_deref(),
            json!({"what": "takeback"}),
        )
        .await,
        StatusCode::CONFLICT,
    );
    let (st, v) = act(
        &app,
        &id,
        "accept",
        t[1].as_deref(),
        json!({"what": "takeback"}),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["history"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn four_players_a_seat_that_resigns_leaves_and_the_last_one_wins() {
    let (_server, app) = start(memory()).await;
    let (id, t, s) = new_game(&app, json!({"variant": "three-level"})).await;
    let first = s["board"]["moves"][0][0].as_str().unwrap().to_string();
    let s = play(&app, &id, &t, &s, &first).await;
    // Yellow resigns out of turn: out, its army gone; Blue is still to move.
    let (st, v) = act(&app, &id, "resign", t[2].as_deref(), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let now = &v["state"];
    assert_eq!(now["status"]["seats"][2]["out"], json!("resignation"));
    assert_eq!(now["status"]["turn"], s["status"]["turn"]);
    assert!(
        !now["board"]["position"]
            .as_str()
            .unwrap()
            .contains('y'.to_string().as_str())
            || now["board"]["position"]
                .as_str()
                .unwrap()
                .split(' ')
                .nth(2)
                .unwrap()
                .contains('y')
    );
    refused(
        act(&app, &id, "resign", t[2].as_deref(), json!({})).await,
        StatusCode::FORBIDDEN,
    );
    // Blue resigns on its turn: Green is next (Yellow is out).
    let (_, v) = act(&app, &id, "resign", t[1].as_deref(), json!({})).await;
    assert_eq!(v["state"]["status"]["turn"], json!(3));
    assert_eq!(v["state"]["status"]["over"], json!(false));
    // Green resigns: Red is the last one left and wins.
    let (_, v) = act(&app, &id, "resign", t[3].as_deref(), json!({})).await;
    assert_eq!(
        v["state"]["status"]["over"],
        json!(true),
        "{}",
        v["state"]["status"]
    );
    assert!(
        v["state"]["status"]["result"]
            .as_str()
            .unwrap()
            .contains("Red"),
        "{}",
        v["state"]["status"]["result"]
    );
    // The record: one game per stretch, each replays.
    let (_, record) = get(&app, &format!("/api/games/{id}/record")).await;
    let games = dimchess_any::record::read_games(record.as_str().unwrap());
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(Result::is_ok));
}

#[tokio::test(flavor = "multi_thread")]
async fn games_survive_a_restart_on_the_same_database() {
    let dir = std::env::temp_dir().join(format!("dimchess-web-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let config = Config {
        db: dir.join("games.db").to_string_lossy().into(),
        ..memory()
    };
    let (server, app) = start(config.clone()).await;
    let (id, t, s) = new_game(
        &app,
        json!({"variant": "fide", "clock": {"base_ms": 60000, "inc_ms": 1000}}),
    )
    .await;
    let mut s = s;
    for m in ["e2e4", "e7e5", "g1f3"] {
        s = play(&app, &id, &t, &s, m).await;
    }
    let clocks = s["status"]["clocks"]["remaining_ms"].clone();
    let (over_id, ot, os) = new_game(&app, json!({"variant": "fide"})).await;
    let _ = play(&app, &over_id, &ot, &os, "f2f3").await;
    act(&app, &over_id, "resign", ot[0].as_deref(), json!({})).await;
    drop(app);
    drop(server);
    tokio::time::sleep(Duration::from_millis(700)).await;
    let (_server, app) = start(config).await;
    let (_, now) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(now["history"], json!(["e2e4", "e7e5", "g1f3"]));
    // Black's clock did not run while the server was down: as it was when its turn began.
    let left = now["status"]["clocks"]["remaining_ms"].clone();
    assert_eq!(left[0], clocks[0]);
    assert!(
        left[1].as_i64().unwrap() > clocks[1].as_i64().unwrap() - 500,
        "{left} {clocks}"
    );
    // The tokens still hold their seats; play goes on.
    let s = play(&app, &id, &t, &now, "b8c6").await;
    assert_eq!(s["history"].as_array().unwrap().len(), 4);
    refused(
        act(
            &app,
            &id,
            "moves",
            t[1].as_deref(),
            json!({"ply": 4, "move": "a7a6"}),
        )
        .await,
        StatusCode::FORBIDDEN,
    );
    // A finished game stays readable, with its result and record.
    let (_, done) = get(&app, &format!("/api/games/{over_id}")).await;
    assert_eq!(done["status"]["result"], json!("0-1 (resignation)"));
    let (_, record) = get(&app, &format!("/api/games/{over_id}/record")).await;
    assert!(record.as_str().unwrap().contains("1. f3 0-1"), "{record}");
    let (s, page) = get(&app, &format!("/game/{over_id}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.as_str().unwrap().contains("<script src=\"/net.js\">"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread")]
async fn memory_holds_a_bounded_number_of_idle_games_and_the_rest_reload() {
    let config = Config {
        max_games: 5,
        ..memory()
    };
    let (server, app) = start(config).await;
    let mut ids = Vec::new();
    for _ in 0..60 {
        let (id, t, s) = new_game(&app, json!({"variant": "fide"})).await;
        play(&app, &id, &t, &s, "d2d4").await;
        ids.push(id);
    }
    assert!(
        server.games_in_memory() <= 5,
        "{} in memory",
        server.games_in_memory()
    );
    // Every game is still there (loaded again from the database).
    for id in &ids {
        let (s, v) = get(&app, &format!("/api/games/{id}")).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(v["history"], json!(["d2d4"]));
    }
    assert!(server.games_in_memory() <= 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn idle_unfinished_games_are_archived() {
    let config = Config {
        archive_after: Duration::from_millis(300),
        archive_every: Duration::from_secs(3600),
        ..memory()
    };
    let (server, app) = start(config).await;
    let (id, t, s) = new_game(&app, json!({"variant": "fide"})).await;
    let (done, dt, _) = new_game(&app, json!({"variant": "fide"})).await;
    act(&app, &done, "resign", dt[0].as_deref(), json!({})).await;
    assert!(server.archive_now().await.is_empty(), "nothing idle yet");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(server.archive_now().await, vec![id.clone()]);
    let (_, now) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(now["status"]["over"], json!(true));
    assert!(
        now["status"]["result"]
            .as_str()
            .unwrap()
            .starts_with("archived")
    );
    refused(
        act(
            &app,
            &id,
            "moves",
            t[0].as_deref(),
            json!({"ply": 0, "move": "e2e4"}),
        )
        .await,
        StatusCode::CONFLICT,
    );
    let _ = s;
    let (_, finished) = get(&app, &format!("/api/games/{done}")).await;
    assert_eq!(finished["status"]["result"], json!("0-1 (resignation)"));
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_is_served() {
    let (_server, app) = start(memory()).await;
    for (path, kind) in [
        ("/", "text/html"),
        ("/game/0123abcd", "text/html"),
        ("/app.js", "text/javascript"),
        ("/net.js", "text/javascript"),
        ("/board.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let res = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let ct = res.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with(kind), "{path}: {ct}");
    }
}

/// Issue 33's additions: the move list's notation, the king in check, each other seat's last
/// move, past positions, the piece sets, the legends with their moves, the rulebooks and the
/// favicon.
#[tokio::test(flavor = "multi_thread")]
async fn board_notation_check_legend_and_pages() {
    let (_server, app) = start(Config {
        rulebooks: &[("fide", "# FIDE rules")],
        ..memory()
    })
    .await;
    // 1. e4 f5 2. Qh5+: SAN in fide, the black King's cell in check.
    let (id, tokens, mut state) = new_game(&app, json!({"variant": "fide"})).await;
    for m in ["e2e4", "f7f5", "d1h5"] {
        state = play(&app, &id, &tokens, &state, m).await;
    }
    assert_eq!(state["board"]["notation"], json!(["e4", "f5", "Qh5+"]));
    let checked = state["board"]["check_cells"].as_array().unwrap().clone();
    assert_eq!(checked.len(), 1);
    let (s, past) = get(&app, &format!("/api/games/{id}/plies/1")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(past["ply"], json!(1));
    assert_eq!(past["check_cells"], json!([]));
    assert_eq!(past["last_move_cells"].as_array().unwrap().len(), 2);
    let (s, now) = get(&app, &format!("/api/games/{id}/plies/3")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(now["check_cells"], json!(checked));
    refused(
        get(&app, &format!("/api/games/{id}/plies/4")).await,
        StatusCode::NOT_FOUND,
    );

    // Elsewhere: the canonical text with a capture mark; three seats' last moves in
    // three-level.
    let (id, tokens, mut state) = new_game(&app, json!({"variant": "three-level"})).await;
    for _ in 0..3 {
        let text = state["board"]["moves"][0][0].as_str().unwrap().to_string();
        state = play(&app, &id, &tokens, &state, &text).await;
    }
    let recent = state["board"]["recent"].as_array().unwrap();
    assert_eq!(recent.len(), 3);
    let seats: Vec<u64> = recent.iter().map(|r| r["seat"].as_u64().unwrap()).collect();
    assert_eq!(seats, [0, 1, 2]);
    assert_eq!(
        state["board"]["notation"].as_array().unwrap().len(),
        state["history"].as_array().unwrap().len()
    );
    let (id, tokens, mut state) = new_game(
        &app,
        json!({"variant": "fide", "position": "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"}),
    )
    .await;
    state = play(&app, &id, &tokens, &state, "e4d5").await;
    assert_eq!(state["board"]["notation"], json!(["exd5"]));

    // Piece sets, legends (every piece described, with its moves on an empty board).
    let (_, variants) = get(&app, "/api/variants").await;
    for v in variants.as_array().unwrap() {
        let vid = v["id"].as_str().unwrap();
        let (s, sprite) = get(&app, &format!("/api/variants/{vid}/pieces")).await;
        assert_eq!(s, StatusCode::OK);
        assert!(
            sprite.as_str().unwrap().contains("<symbol id=\"piece-"),
            "{vid}"
        );
        let (s, legend) = get(&app, &format!("/api/variants/{vid}/legend")).await;
        assert_eq!(s, StatusCode::OK);
        for p in legend["pieces"].as_array().unwrap() {
            assert!(!p["ruling"].as_str().unwrap().is_empty(), "{vid}: {p}");
            let glyph = p["glyph"].as_str().unwrap();
            let (s, shown) = get(&app, &format!("/api/variants/{vid}/legend/{glyph}/moves")).await;
            assert_eq!(s, StatusCode::OK, "{vid} {glyph}: {shown}");
            assert!(
                !shown["targets"].as_array().unwrap().is_empty(),
                "{vid} {glyph}"
            );
        }
    }
    let (_, knight) = get(&app, "/api/variants/fide/legend/piece-knight/moves").await;
    assert_eq!(knight["targets"].as_array().unwrap().len(), 8);
    refused(
        get(&app, "/api/variants/chess960/pieces").await,
        StatusCode::NOT_FOUND,
    );

    // The rulebooks given in the configuration, the favicon.
    let (s, page) = get(&app, "/rules/fide").await;
    assert_eq!(s, StatusCode::OK);
    assert!(page.as_str().unwrap().contains("# FIDE rules"));
    refused(get(&app, "/rules/chess960").await, StatusCode::NOT_FOUND);
    let (s, icon) = get(&app, "/favicon.ico").await;
    assert_eq!(s, StatusCode::OK);
    assert!(icon.as_str().unwrap().starts_with("<svg"));
}
