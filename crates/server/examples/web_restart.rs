//! Restart test of `dimchess serve`: games of random moves played by pairs of WebSocket
//! clients while the server is killed with SIGKILL at random moments and started again on the
//! same database. The clients reconnect by themselves (with the version they saw) and play on
//! from the last acknowledged move. At the end every game's move list in the database is
//! checked: every acknowledged move is there at its ply (none lost), both clients' logs equal
//! it (none duplicated: a move applied twice would shift the plies), and it replays legally.
//!
//! ```sh
//! cargo build --release --bin dimchess --example web_restart
//! target/release/examples/web_restart target/release/dimchess 200 20 40   # binary, games, at once, plies per game
//! ```

#[path = "../tests/support/mod.rs"]
mod support;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dimchess_any::record::Game;
use dimchess_any::registry;
use support::player::{self, Played, Rng};
use support::server;
use tokio::sync::Semaphore;

const VARIANTS: [&str; 5] = [
    "fide",
    "dimension-chess",
    "hyperspace",
    "redistribution",
    "dimension-x",
];

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bin = args
        .first()
        .cloned()
        .unwrap_or("target/release/dimchess".into());
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let at_once: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let plies: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(40);
    let dir = std::env::temp_dir().join(format!("dimchess-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let db = dir.join("restart.db").to_string_lossy().into_owned();
    let port = 18_900 + (std::process::id() % 90) as u16;
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let server = Arc::new(Mutex::new(server::start(&bin, port, &db, false)));
    assert!(server::wait_up(addr).await, "the server did not start");
    let t0 = Instant::now();
    let done = Arc::new(AtomicBool::new(false));
    let kills = Arc::new(AtomicUsize::new(0));
    // The killer: SIGKILL at a random moment every 0.5 to 4 s, down for up to half a second.
    let killer = {
        let (server, done, kills, bin, db) = (
            server.clone(),
            done.clone(),
            kills.clone(),
            bin.clone(),
            db.clone(),
        );
        tokio::spawn(async move {
            let mut rng = Rng(0x5eed);
            while !done.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(500 + rng.next() % 3500)).await;
                if done.load(Ordering::SeqCst) {
                    break;
                }
                {
                    let mut s = server.lock().unwrap();
                    let _ = s.kill(); // SIGKILL
                    let _ = s.wait();
                }
                kills.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(rng.next() % 500)).await;
                *server.lock().unwrap() = server::start(&bin, port, &db, false);
                server::wait_up(addr).await;
            }
        })
    };
    let slots = Arc::new(Semaphore::new(at_once.max(1)));
    let mut tasks = Vec::new();
    for g in 0..games {
        let slots = slots.clone();
        tasks.push(tokio::spawn(async move {
            let _slot = slots.acquire().await;
            let variant = VARIANTS[g % VARIANTS.len()];
            let (id, tokens) = match player::create(addr, server::addr_of(g, 4), variant).await {
                Ok(x) => x,
                Err(e) => {
                    return Played {
                        errors: vec![format!("game {g}: {e}")],
                        variant: variant.into(),
                        ..Played::default()
                    };
                }
            };
            player::play(
                addr,
                id,
                variant.into(),
                tokens,
                [server::addr_of(2 * g, 5), server::addr_of(2 * g + 1, 5)],
                Duration::from_millis(20),
                plies,
                Instant::now() + Duration::from_secs(600),
                g as u64 + 1,
            )
            .await
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.push(t.await.unwrap_or_default());
    }
    done.store(true, Ordering::SeqCst);
    let _ = killer.await;
    {
        let mut s = server.lock().unwrap();
        let _ = s.kill();
        let _ = s.wait();
    }
    let elapsed = t0.elapsed();
    // The checks, on the database.
    let (mut lost, mut differ, mut illegal, mut moves, mut acked, mut short) = (0, 0, 0, 0, 0, 0);
    for p in &all {
        if p.id.is_empty() {
            continue;
        }
        let stored = player::db_moves(&db, &p.id).unwrap_or_default();
        moves += stored.len();
        // A move can be confirmed twice (its event, then its ack): counted once.
        let mut plies_acked: Vec<usize> = p.acked.iter().map(|a| a.0).collect();
        plies_acked.sort_unstable();
        plies_acked.dedup();
        acked += plies_acked.len();
        for (ply, text) in &p.acked {
            if stored.get(*ply) != Some(text) {
                lost += 1;
                eprintln!(
                    "game {}: acknowledged move {} `{text}` is not in the database ({:?})",
                    p.id,
                    ply + 1,
                    stored.get(*ply)
                );
            }
        }
        if stored != p.logs[0] || stored != p.logs[1] {
            differ += 1;
            eprintln!(
                "game {}: database {} moves, clients {} and {}",
                p.id,
                stored.len(),
                p.logs[0].len(),
                p.logs[1].len()
            );
        }
        let mut game = Game::new(registry::start(&p.variant).expect("variant"));
        if stored.iter().any(|m| game.play_text(m).is_err()) {
            illegal += 1;
        }
        if stored.len() < plies && !p.over {
            short += 1;
        }
    }
    let errors: Vec<&String> = all.iter().flat_map(|p| p.errors.iter()).collect();
    let reconnects: usize = all.iter().map(|p| p.reconnects).sum();
    println!(
        "{} games ({} at once, up to {plies} plies), {:.1} s, {} SIGKILLs, {reconnects} reconnections: {moves} moves in the database, {acked} acknowledged",
        all.len(),
        at_once,
        elapsed.as_secs_f64(),
        kills.load(Ordering::SeqCst)
    );
    println!(
        "acknowledged moves lost: {lost}; games whose database differs from a client's log: {differ}; illegal replays: {illegal}; games cut short: {short}; errors: {}",
        errors.len()
    );
    for e in errors.iter().take(5) {
        eprintln!("{e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    if lost > 0 || differ > 0 || illegal > 0 || short > 0 || !errors.is_empty() || moves == 0 {
        eprintln!("restart test FAILED");
        std::process::exit(1);
    }
}
