//! The web API in-process (`tower::ServiceExt::oneshot` on the router): every bad input is a
//! 4xx with a JSON error, the store stays bounded, a random game of every variant plays
//! through the API, and an engine seat's reply arrives.

use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use dimchess_server::{Config, router};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

async fn call(app: &Router, method: &str, uri: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.into())
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", uri, body.to_string()).await
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    call(app, "GET", uri, Body::empty()).await
}

async fn new_game(app: &Router, body: Value) -> Value {
    let (s, v) = post(app, "/api/games", body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v
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
async fn bad_input_is_a_4xx_with_a_json_error_and_changes_nothing() {
    let app = router(Config::default());
    let g = new_game(&app, json!({"variant": "fide"})).await;
    let id = g["id"].as_str().unwrap();
    let moves = format!("/api/games/{id}/moves");

    // Malformed JSON, wrong shapes, unknown fields.
    refused(
        call(&app, "POST", &moves, "{bad").await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        call(&app, "POST", &moves, "[1,2]").await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        post(&app, &moves, json!({"move": 3})).await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        post(&app, &moves, json!({"move": "e2e4", "x": 1})).await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        call(&app, "POST", "/api/games", "\u{0}\u{ff}").await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        post(&app, "/api/games", json!({})).await,
        StatusCode::BAD_REQUEST,
    );
    // Unknown ids, routes and methods.
    refused(get(&app, "/api/games/nope").await, StatusCode::NOT_FOUND);
    refused(
        post(&app, "/api/games/nope/moves", json!({"move": "e2e4"})).await,
        StatusCode::NOT_FOUND,
    );
    refused(
        post(&app, "/api/games/nope/undo", json!({})).await,
        StatusCode::NOT_FOUND,
    );
    refused(
        get(&app, "/api/games/nope/record").await,
        StatusCode::NOT_FOUND,
    );
    refused(get(&app, "/api/nothing").await, StatusCode::NOT_FOUND);
    refused(
        call(&app, "PUT", "/api/games", "{}").await,
        StatusCode::METHOD_NOT_ALLOWED,
    );
    // Illegal moves and unreadable ones.
    refused(
        post(&app, &moves, json!({"move": "e2e5"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        post(&app, &moves, json!({"move": "\u{1b}[2J"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        post(&app, &moves, json!({"move": "x".repeat(100_000)})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    // Bad games to create.
    refused(
        post(&app, "/api/games", json!({"variant": "no-such"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        post(
            &app,
            "/api/games",
            json!({"variant": "fide", "position": "8/8 w"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        post(
            &app,
            "/api/games",
            json!({"record": "[Variant \"fide\"]\n\n1. e2e5"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        post(
            &app,
            "/api/games",
            json!({"variant": "fide", "seats": [{"kind": "human"}]}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        post(
            &app,
            "/api/games",
            json!({"variant": "fide", "seats": [{"kind": "human"}, {"kind": "robot"}]}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(post(&app, "/api/games", json!({"variant": "fide", "seats": [{"kind": "human"}, {"kind": "engine", "movetime_ms": 0}]})).await, StatusCode::UNPROCESSABLE_ENTITY);
    refused(post(&app, "/api/games", json!({"variant": "fide", "seats": [{"kind": "human"}, {"kind": "engine", "movetime_ms": 99_999_999}]})).await, StatusCode::UNPROCESSABLE_ENTITY);
    // A huge body: refused before it is read whole.
    let huge = format!("{{\"move\": \"{}\"}}", "a".repeat(3 << 20));
    refused(
        call(&app, "POST", &moves, huge).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    );
    // Undo at the start.
    refused(
        post(&app, &format!("/api/games/{id}/undo"), json!({})).await,
        StatusCode::CONFLICT,
    );

    // None of it changed the game, which still plays.
    let (s, v) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["history"], json!([]));
    let (s, v) = post(&app, &moves, json!({"move": "e2e4"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["history"], json!(["e2e4"]));
    refused(
        post(&app, &format!("/api/games/{id}/undo"), json!({"plies": 5})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn moves_after_the_end_are_refused() {
    let app = router(Config::default());
    let g = new_game(&app, json!({"variant": "fide"})).await;
    let id = g["id"].as_str().unwrap();
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let (s, v) = post(&app, &format!("/api/games/{id}/moves"), json!({"move": m})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (_, v) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(v["over"], json!(true));
    assert!(v["result"].as_str().unwrap().starts_with("0-1"));
    assert_eq!(v["moves"], json!([]));
    // Nor is a turn composed in a finished game.
    refused(
        get(&app, &format!("/api/games/{id}/turn")).await,
        StatusCode::CONFLICT,
    );
    refused(
        post(
            &app,
            &format!("/api/games/{id}/moves"),
            json!({"move": "a2a3"}),
        )
        .await,
        StatusCode::CONFLICT,
    );
    // The record reads back as a new game, in the same final position.
    let record = v["record"].as_str().unwrap();
    let imported = new_game(&app, json!({"record": record})).await;
    assert_eq!(imported["position"], v["position"]);
    assert_eq!(imported["over"], json!(true));
    // Undo reopens it.
    let (s, v) = post(&app, &format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["over"], json!(false));
    assert_eq!(v["history"].as_array().unwrap().len(), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn thousands_of_games_keep_the_store_bounded() {
    let app = router(Config {
        max_games: 50,
        ..Config::default()
    });
    let mut ids = Vec::new();
    for _ in 0..3000 {
        let g = new_game(&app, json!({"variant": "fide"})).await;
        ids.push(g["id"].as_str().unwrap().to_string());
    }
    let mut alive = 0;
    for id in &ids {
        let (s, _) = get(&app, &format!("/api/games/{id}")).await;
        if s == StatusCode::OK {
            alive += 1;
        } else {
            refused(
                get(&app, &format!("/api/games/{id}")).await,
                StatusCode::NOT_FOUND,
            );
        }
    }
    assert_eq!(alive, 50);
    // The newest survive, the oldest were evicted.
    assert_eq!(
        get(&app, &format!("/api/games/{}", ids[2999])).await.0,
        StatusCode::OK
    );
    assert_eq!(
        get(&app, &format!("/api/games/{}", ids[0])).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn expired_games_are_gone() {
    let app = router(Config {
        expiry: Duration::from_millis(50),
        ..Config::default()
    });
    let g = new_game(&app, json!({"variant": "fide"})).await;
    tokio::time::sleep(Duration::from_millis(120)).await;
    refused(
        get(&app, &format!("/api/games/{}", g["id"].as_str().unwrap())).await,
        StatusCode::NOT_FOUND,
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_random_game_of_every_variant_through_the_api() {
    let app = router(Config::default());
    let (s, list) = get(&app, "/api/variants").await;
    assert_eq!(s, StatusCode::OK);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), dimchess_any::VARIANTS.len());
    let mut rng = Rng(7);
    for v in list {
        let variant = v["id"].as_str().unwrap();
        let mut state = new_game(&app, json!({"variant": variant})).await;
        let id = state["id"].as_str().unwrap().to_string();
        let cells_total: usize = state["layout"]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["cells"].as_array().unwrap().len())
            .sum();
        let plies = if variant == "dimension-x" { 40 } else { 400 };
        for _ in 0..plies {
            if state["over"] == json!(true) {
                break;
            }
            if variant == "dimension-x" {
                // Turns are composed action by action: the state holds the legal first actions.
                assert_eq!(state["moves"], Value::Null);
                let pick = compose_random_turn(&app, &id, &state, cells_total, &mut rng).await;
                let (s, next) = post(
                    &app,
                    &format!("/api/games/{id}/moves"),
                    json!({"move": pick}),
                )
                .await;
                assert_eq!(s, StatusCode::OK, "{variant} {pick}: {next}");
                // The record holds the canonical order of the actions (DX-34).
                let mut played: Vec<&str> =
                    next["last_move"].as_str().unwrap().split(',').collect();
                let mut composed: Vec<&str> = pick.split(',').collect();
                played.sort_unstable();
                composed.sort_unstable();
                assert_eq!(played, composed);
                state = next;
                continue;
            }
            let moves = state["moves"].as_array().unwrap();
            assert!(
                !moves.is_empty(),
                "{variant}: no moves in a game that goes on"
            );
            // The cells a move names are cells of the layout (clicks reach them); the page
            // shows the few moves that name none (`pass`) as buttons.
            let mut cell_less = 0;
            for m in moves {
                let cells = m[1].as_array().unwrap();
                cell_less += usize::from(cells.is_empty());
                assert!(
                    cells
                        .iter()
                        .all(|c| (c.as_u64().unwrap() as usize) < cells_total)
                );
            }
            assert!(cell_less <= 2, "{variant}: {cell_less} moves name no cell");
            let pick = moves[rng.below(moves.len())][0]
                .as_str()
                .unwrap()
                .to_string();
            let (s, next) = post(
                &app,
                &format!("/api/games/{id}/moves"),
                json!({"move": pick}),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{variant} {pick}: {next}");
            assert_eq!(next["last_move"], json!(pick));
            state = next;
        }
        // The record replays to the same position.
        let (s, record) = get(&app, &format!("/api/games/{id}/record")).await;
        assert_eq!(s, StatusCode::OK);
        let game = dimchess_any::record::Game::from_record(record.as_str().unwrap()).unwrap();
        assert_eq!(
            game.position().to_string(),
            state["position"].as_str().unwrap()
        );
    }
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

/// Composes a Dimension X turn through `GET /api/games/{id}/turn`: random legal next actions
/// until the turn may end (then ending it with even odds, or when nothing can follow);
/// returns the turn's text.
async fn compose_random_turn(
    app: &Router,
    id: &str,
    state: &Value,
    cells_total: usize,
    rng: &mut Rng,
) -> String {
    let mut partial = state["partial"].clone();
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
        for a in next {
            let cells = a[1].as_array().unwrap();
            assert!((2..=3).contains(&cells.len()), "{a}");
            assert!(
                cells
                    .iter()
                    .all(|c| (c.as_u64().unwrap() as usize) < cells_total)
            );
        }
        let pick = next[rng.below(next.len())][0].as_str().unwrap();
        let mut prefix: Vec<&str> = actions.iter().map(|a| a.as_str().unwrap()).collect();
        prefix.push(pick);
        let uri = format!(
            "/api/games/{id}/turn?actions={}",
            query_text(&prefix.join(","))
        );
        let (s, v) = get(app, &uri).await;
        assert_eq!(s, StatusCode::OK, "{uri}: {v}");
        assert_eq!(v["version"], state["version"]);
        assert_eq!(v["partial"]["actions"], json!(prefix));
        partial = v["partial"].clone();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn dimension_x_turns_are_composed_action_by_action() {
    let app = router(Config::default());
    let (_, body) = call(
        &app,
        "POST",
        "/api/games",
        json!({"variant": "dimension-x"}).to_string(),
    )
    .await;
    let size = body.to_string().len();
    // Every legal turn (19060, about 0.9 MB) gave way to the 43 legal first actions.
    assert!(size < 50_000, "the state is {size} bytes");
    let id = body["id"].as_str().unwrap();
    let p = &body["partial"];
    assert_eq!(p["actions"], json!([]));
    assert_eq!(p["can_end"], json!(false));
    assert_eq!(p["next"].as_array().unwrap().len(), 43);
    let turn = format!("/api/games/{id}/turn");
    // A Cobra surfaces where the pawn was (X1): the turn may end, and end-turn plays it.
    let (s, v) = get(&app, &format!("{turn}?actions=e2e4")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["partial"]["can_end"], json!(true));
    // The boards as the action left them: the pawn on e4, e2 and e4 highlighted.
    let fide_board = &v["partial"]["layout"]["boards"][0]["cells"];
    assert_eq!(fide_board[28]["piece"]["symbol"], json!("P"));
    assert_eq!(fide_board[12]["piece"], Value::Null);
    assert_eq!(v["partial"]["last_move_cells"], json!([12, 28]));
    assert!(
        v["partial"]["next"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a[0] == json!("E2e2"))
    );
    let (s, v) = get(&app, &format!("{turn}?actions=e2e4,E2e2")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["partial"]["turn"], json!("e2e4,E2e2"));
    // Refusals: an action that is no legal next one, a second FIDE move (DX-4), a bad query,
    // a variant whose moves are not composed.
    refused(
        get(&app, &format!("{turn}?actions=e2e5")).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        get(&app, &format!("{turn}?actions=e2e4,d2d4")).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        get(&app, &format!("{turn}?actions=a,b,c,d,e")).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    refused(
        get(&app, &format!("{turn}?moves=e2e4")).await,
        StatusCode::BAD_REQUEST,
    );
    refused(
        get(&app, "/api/games/nope/turn").await,
        StatusCode::NOT_FOUND,
    );
    let fide = new_game(&app, json!({"variant": "fide"})).await;
    assert_eq!(fide["partial"], Value::Null);
    refused(
        get(
            &app,
            &format!("/api/games/{}/turn", fide["id"].as_str().unwrap()),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/moves"),
        json!({"move": "e2e4,E2e2"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["history"], json!(["e2e4,E2e2"]));
    assert_eq!(v["partial"]["actions"], json!([]));
}

#[tokio::test(flavor = "multi_thread")]
async fn engine_replies_arrive_and_undo_takes_them_back() {
    let app = router(Config::default());
    for variant in ["fide", "three-level"] {
        let players = if variant == "fide" { 2 } else { 4 };
        let mut seats = vec![json!({"kind": "human"})];
        seats.extend((1..players).map(|_| json!({"kind": "engine", "movetime_ms": 30})));
        let g = new_game(&app, json!({"variant": variant, "seats": seats})).await;
        let id = g["id"].as_str().unwrap();
        let first = g["moves"][0][0].as_str().unwrap().to_string();
        let (s, v) = post(
            &app,
            &format!("/api/games/{id}/moves"),
            json!({"move": first}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        // While an engine seat is to move, a person's move is refused.
        if v["thinking"] == json!(true) {
            refused(
                post(
                    &app,
                    &format!("/api/games/{id}/moves"),
                    json!({"move": first}),
                )
                .await,
                StatusCode::CONFLICT,
            );
        }
        let start = Instant::now();
        let state = loop {
            let (_, v) = get(&app, &format!("/api/games/{id}")).await;
            if v["history"].as_array().unwrap().len() == players && v["thinking"] == json!(false) {
                break v;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{variant}: no engine reply: {v}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        assert_eq!(state["turn"], json!(0));
        assert_eq!(state["engine_error"], Value::Null);
        // Undo goes back to the person's turn: the start.
        let (s, v) = post(&app, &format!("/api/games/{id}/undo"), json!({})).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(v["history"], json!([]));
    }
    // An engine that opens the game moves on its own.
    let g = new_game(&app, json!({"variant": "fide", "seats": [{"kind": "engine", "movetime_ms": 20}, {"kind": "engine", "movetime_ms": 20}]})).await;
    let id = g["id"].as_str().unwrap();
    let start = Instant::now();
    loop {
        let (_, v) = get(&app, &format!("/api/games/{id}")).await;
        if v["history"].as_array().unwrap().len() >= 4 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "engines do not play: {v}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_is_served() {
    let app = router(Config::default());
    for path in ["/", "/app.js", "/style.css"] {
        let req = Request::builder().uri(path).body(Body::empty()).unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
    }
}
