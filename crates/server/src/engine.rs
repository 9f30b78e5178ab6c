//! Engine seats: a search on a thread of its own (never on the runtime's workers, which answer
//! requests, nor on the blocking pool, which builds the boards), at most
//! [`crate::Config::engine_threads`] at once; its move goes the way of every move (committed,
//! then broadcast).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use dimchess_any::Position;
use dimchess_any::engine::{AnyEngine, Limits, Options};

use crate::app::{self, App};
use crate::live::{Change, GameCell, LiveGame, SeatKind};
use crate::view::Event;

/// If an engine seat is to move in a game that goes on and no search runs, starts one.
pub fn start_if_due(app: &Arc<App>, cell: &Arc<GameCell>, g: &mut LiveGame) {
    if g.thinking || !g.is_live() || g.ply() >= app.config.max_plies {
        return;
    }
    let seat = g.turn();
    let Some(SeatKind::Engine { movetime }) = g.seats.get(seat).map(|s| s.kind) else {
        return;
    };
    // On the clock, an engine takes at most a twentieth of its time left.
    let movetime = if g.clock_running() {
        let left = g.time_left(seat, Instant::now()).max(1) as u64;
        movetime.min(Duration::from_millis((left / 20).max(1)))
    } else {
        movetime
    };
    g.thinking = true;
    let pos = g.game.position().clone();
    let history = g.game.zobrist_history();
    let key = (g.ply(), g.segments.len());
    let (app, cell) = (app.clone(), cell.clone());
    tokio::spawn(async move {
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
        let mut g = cell.inner.lock().await;
        if (g.ply(), g.segments.len()) != key || !g.is_live() {
            return; // the game moved on meanwhile (an undo, a flag)
        }
        g.thinking = false;
        let now = Instant::now();
        app::flag_if_due(&app, &cell, &mut g, now).await;
        if (g.ply(), g.segments.len()) != key || !g.is_live() {
            return;
        }
        let text = match searched {
            Ok(Ok(text)) => text,
            Ok(Err(e)) => {
                g.engine_error = Some(e.to_string());
                app::send(&cell, &mut g, vec![Event::Engine]).await;
                return;
            }
            Err(e) => {
                g.engine_error = Some(e);
                app::send(&cell, &mut g, vec![Event::Engine]).await;
                return;
            }
        };
        let mut probe = g.game.position().clone();
        if let Err(e) = probe.play_text(&text) {
            g.engine_error = Some(e.to_string());
            app::send(&cell, &mut g, vec![Event::Engine]).await;
            return;
        }
        g.engine_error = None;
        let change = Change::Move { text, seat };
        if let Err(e) = app::apply(&app, &cell, &mut g, change, now).await {
            g.engine_error = Some(e.msg);
            app::send(&cell, &mut g, vec![Event::Engine]).await;
        }
    });
}

/// Runs `search` on a new thread of its own, at niceness `nice`, and awaits its answer (an
/// error if the thread cannot start or panics).
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
/// thread id changes that thread only). Best effort.
#[cfg(target_os = "linux")]
fn lower_priority(nice: i32) {
    if nice > 0 {
        let me = rustix::thread::gettid();
        let _ = rustix::process::setpriority_process(Some(me), nice.min(19));
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority(_nice: i32) {}
