//! Load test of `dimchess serve`: `clients / 2` games played at once for `seconds`, each by
//! two WebSocket clients on loopback addresses of their own, with random legal moves after a
//! random think time (mean `think` ms); a game that ends is followed by a new one. Games cycle
//! through the two-player variants, Dimension X turns composed action by action through
//! `GET /api/games/{id}/turn` as the page does.
//!
//! It measures the move-to-broadcast time (from the mover's send to the other client's
//! receipt of the event), checks that each game's move list in the database equals both
//! clients' logs, and samples the server's resident memory.
//!
//! ```sh
//! cargo build --release --bin dimchess --example web_load
//! target/release/examples/web_load target/release/dimchess 200 60 500   # binary, clients, seconds, think ms
//! ```

#[path = "../tests/support/mod.rs"]
mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use support::player::{self, Played};
use support::server;

const VARIANTS: [&str; 6] = [
    "fide",
    "dimension-chess",
    "hyperspace",
    "redistribution",
    "hyperspace-optional",
    "dimension-x",
];

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bin = args
        .first()
        .cloned()
        .unwrap_or("target/release/dimchess".into());
    let clients: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let seconds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(60);
    let think: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(500);
    let games = (clients / 2).max(1);
    let dir = std::env::temp_dir().join(format!("dimchess-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let db = dir.join("load.db").to_string_lossy().into_owned();
    let port = 18_100 + (std::process::id() % 700) as u16;
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut server = server::start(&bin, port, &db, true);
    assert!(server::wait_up(addr).await, "the server did not start");
    let pid = server.id();
    let rss_start = player::rss_mib(pid).unwrap_or(0.0);
    let t0 = Instant::now();
    let until = t0 + Duration::from_secs(seconds);
    let sampler = tokio::spawn(async move {
        let mut samples = Vec::new();
        while Instant::now() < until {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if let Some(r) = player::rss_mib(pid) {
                samples.push(r);
            }
        }
        samples
    });
    let mut tasks = Vec::new();
    for g in 0..games {
        tasks.push(tokio::spawn(async move {
            let mut played: Vec<Played> = Vec::new();
            let mut round = 0;
            while Instant::now() < until {
                let variant = VARIANTS[(g + round) % VARIANTS.len()];
                let (id, tokens) = match player::create(addr, server::addr_of(g, 3), variant).await
                {
                    Ok(x) => x,
                    Err(e) => {
                        eprintln!("game {g}: {e}");
                        break;
                    }
                };
                let p = player::play(
                    addr,
                    id,
                    variant.into(),
                    tokens,
                    [server::addr_of(2 * g, 1), server::addr_of(2 * g + 1, 1)],
                    Duration::from_millis(think),
                    usize::MAX,
                    until,
                    (g * 1000 + round) as u64,
                )
                .await;
                let over = p.over;
                played.push(p);
                if !over {
                    break;
                }
                round += 1;
            }
            played
        }));
    }
    let mut all: Vec<Played> = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap_or_default());
    }
    let elapsed = t0.elapsed();
    let samples = sampler.await.unwrap_or_default();
    // Let the last writes land, then stop the server and read the database.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let _ = server.kill();
    let _ = server.wait();
    let mut lat: Vec<Duration> = all
        .iter()
        .flat_map(|p| p.latencies.iter().copied())
        .collect();
    let mut dx: Vec<Duration> = all
        .iter()
        .flat_map(|p| p.turn_latencies.iter().copied())
        .collect();
    let mut mismatches = 0;
    let mut moves_checked = 0;
    for p in &all {
        let stored = player::db_moves(&db, &p.id).unwrap_or_default();
        moves_checked += stored.len();
        if stored != p.logs[0] || stored != p.logs[1] {
            mismatches += 1;
            eprintln!(
                "game {} ({}): database {} moves, clients {} and {} (over: {}; last in the database {:?}, in the clients {:?})",
                p.id,
                p.variant,
                stored.len(),
                p.logs[0].len(),
                p.logs[1].len(),
                p.over,
                stored.last(),
                p.logs[0].last()
            );
        }
    }
    let errors: usize = all.iter().map(|p| p.errors.len()).sum();
    for p in all.iter().filter(|p| !p.errors.is_empty()).take(5) {
        eprintln!("game {}: {:?}", p.id, &p.errors[..p.errors.len().min(3)]);
    }
    let max_rss = samples.iter().copied().fold(0.0, f64::max);
    let last_rss = samples.last().copied().unwrap_or(0.0);
    let n = lat.len();
    println!(
        "{clients} clients, {games} games at once, {:.1} s, think {think} ms: {} games played, {} moves ({} Dimension X turns), {:.0} moves/s",
        elapsed.as_secs_f64(),
        all.len(),
        n + dx.len(),
        dx.len(),
        (n + dx.len()) as f64 / elapsed.as_secs_f64()
    );
    println!(
        "move-to-broadcast: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; Dimension X turns: p50 {:.2} ms, p99 {:.2} ms",
        player::percentile(&mut lat, 0.5),
        player::percentile(&mut lat, 0.99),
        player::percentile(&mut lat, 1.0),
        player::percentile(&mut dx, 0.5),
        player::percentile(&mut dx, 0.99),
    );
    println!(
        "database: {} games, {moves_checked} moves, {mismatches} games differing from the clients' logs; errors {errors}",
        all.len()
    );
    println!(
        "server memory (RSS): {rss_start:.1} MiB at start, max {max_rss:.1} MiB, {last_rss:.1} MiB at the end"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let p99 = player::percentile(&mut lat, 0.99);
    let bound: f64 = std::env::var("P99_BOUND_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::INFINITY);
    if mismatches > 0 || errors > 0 || n == 0 || p99 > bound {
        eprintln!("load test FAILED (p99 bound {bound} ms)");
        std::process::exit(1);
    }
}
