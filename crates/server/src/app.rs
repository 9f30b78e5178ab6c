//! What every request shares, and the way every change goes: decided, committed to the
//! database, applied in memory, then sent to every client of the game.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::{MutexGuard, Semaphore};

use crate::Config;
use crate::db::{self, Db};
use crate::engine;
use crate::live::{self, ActError, Action, Change, GameCell, LiveGame, NewGame, SeatKind, Status};
use crate::store::{Store, lock};
use crate::view::Event;

/// What every handler shares.
pub struct App {
    pub config: Config,
    pub db: Db,
    pub store: Store,
    pub engines: Semaphore,
    /// Acts (moves, resignations ...) per client address, over HTTP and WebSockets.
    pub acts: DefaultKeyedRateLimiter<IpAddr>,
    /// Open WebSockets per client address.
    pub sockets: std::sync::Mutex<std::collections::HashMap<IpAddr, usize>>,
    /// The HTTP routes' limiters, whose idle addresses housekeeping forgets.
    pub forget_idle: std::sync::Mutex<Vec<Arc<DefaultKeyedRateLimiter<IpAddr>>>>,
}

impl App {
    pub fn new(config: Config) -> Result<Arc<App>, String> {
        let db = Db::open(&config.db)?;
        let period = Duration::from_millis(config.act_period_ms.max(1));
        let quota = Quota::with_period(period)
            .ok_or("bad act period")?
            .allow_burst(NonZeroU32::new(config.act_burst.max(1)).ok_or("bad burst")?);
        Ok(Arc::new(App {
            store: Store::new(config.max_games),
            engines: Semaphore::new(config.engine_threads.max(1)),
            acts: RateLimiter::keyed(quota),
            sockets: std::sync::Mutex::new(std::collections::HashMap::new()),
            forget_idle: std::sync::Mutex::new(Vec::new()),
            db,
            config,
        }))
    }

    /// Whether address `ip` may act now (its budget of acts).
    pub fn may_act(&self, ip: Option<IpAddr>) -> Result<(), ActError> {
        match ip {
            Some(ip) if self.acts.check_key(&ip).is_err() => Err(ActError::new(
                429,
                "too many moves from this address: slow down",
            )),
            _ => Ok(()),
        }
    }
}

/// The game `id`, from memory or loaded from the database (`None`: no such game).
/// `watch`: counted as watched by an open connection (the caller must call
/// [`unwatch`] when it closes).
pub async fn game(
    app: &Arc<App>,
    id: &str,
    watch: bool,
) -> Result<Option<Arc<GameCell>>, ActError> {
    if let Some(c) = app.store.get(id, watch) {
        return Ok(Some(c));
    }
    let key = id.to_string();
    let stored = app
        .db
        .read(move |c| db::load(c, &key))
        .await
        .map_err(|e| ActError::new(500, e))?
        .map_err(|e| ActError::new(500, format!("database: {e}")))?;
    let Some(stored) = stored else {
        return Ok(None);
    };
    let grace = app.config.grace;
    let live = tokio::task::spawn_blocking(move || live::from_stored(stored, grace))
        .await
        .map_err(|e| ActError::new(500, e.to_string()))?
        .map_err(|e| ActError::new(500, format!("the stored game cannot be replayed: {e}")))?;
    let fresh = GameCell::new(live);
    let cell = app.store.insert(fresh.clone(), watch);
    if Arc::ptr_eq(&cell, &fresh) {
        let mut g = cell.inner.lock().await;
        // Versions start from the time of loading, so that no version of an earlier run of
        // the server is taken for one of this run (a client then gets the whole state).
        g.version = u64::try_from(db::now_ms())
            .unwrap_or(0)
            .saturating_mul(1000);
        let _ = g.emit(Event::Loaded).await;
        after_change(app, &cell, &mut g);
    }
    Ok(Some(cell))
}

/// A connection to the game closed.
pub fn unwatch(cell: &GameCell) {
    cell.watchers.fetch_sub(1, Ordering::SeqCst);
}

/// Creates a game: written to the database, then held in memory.
pub async fn create(app: &Arc<App>, n: NewGame) -> Result<Arc<GameCell>, ActError> {
    let mut g = live::new_live(n);
    g.version = u64::try_from(db::now_ms())
        .unwrap_or(0)
        .saturating_mul(1000);
    let (row, seats, moves) = live::insert_rows(&g);
    app.db
        .write(move |c| live::insert_game(c, &row, &seats, &moves))
        .await
        .map_err(|e| ActError::new(500, format!("not saved: {e}")))?;
    let _ = g.emit(Event::Created).await;
    let cell = app.store.insert(GameCell::new(g), false);
    let mut g = cell.inner.lock().await;
    after_change(app, &cell, &mut g);
    drop(g);
    Ok(cell)
}

/// Seat(s) `held` ask for `action` (`wanted`: the seat, when several are held).
pub async fn act(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    held: &[usize],
    wanted: Option<usize>,
    action: Action,
) -> Result<u64, ActError> {
    let mut g = cell.inner.lock().await;
    let now = Instant::now();
    flag_if_due(app, cell, &mut g, now).await;
    let seat = live::acting_seat(&g, held, wanted)?;
    if let Action::Move { .. } = action
        && g.ply() >= app.config.max_plies
    {
        return Err(ActError::new(
            409,
            format!(
                "the game has reached the server's limit of {} moves",
                app.config.max_plies
            ),
        ));
    }
    let change = live::decide(&g, seat, held, &action, now)?;
    apply(app, cell, &mut g, change, now).await
}

/// Commits `change`, applies it, restarts the turn's clock if the turn changed, sends the
/// events and starts what follows (an engine's search, a flag timer).
pub async fn apply(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    g: &mut MutexGuard<'_, LiveGame>,
    change: Change,
    now: Instant,
) -> Result<u64, ActError> {
    let before = (g.ply(), g.segments.len(), g.turn());
    let events = live::commit(&app.db, g, change, now).await?;
    let after = (g.ply(), g.segments.len(), g.turn());
    live::restart_turn(g, before != after, now);
    if before != after {
        g.thinking = false;
    }
    engine::start_if_due(app, cell, g);
    send(cell, g, events).await;
    after_change(app, cell, g);
    Ok(g.version)
}

/// Records and broadcasts `events`.
pub async fn send(cell: &GameCell, g: &mut LiveGame, events: Vec<Event>) {
    for ev in events {
        for frame in g.emit(ev).await {
            let _ = cell.tx.send(frame);
        }
    }
}

/// After a change: the engine's search if an engine seat is to move, the flag timer if a
/// clock runs, and whether the game must stay in memory.
pub fn after_change(app: &Arc<App>, cell: &Arc<GameCell>, g: &mut LiveGame) {
    engine::start_if_due(app, cell, g);
    let running = g.clock_running();
    cell.pinned.store(running || g.thinking, Ordering::SeqCst);
    if running {
        let seat = g.turn();
        let left = g.time_left(seat, Instant::now()).max(0);
        let gen_ = g.turn_gen;
        let deadline = tokio::time::Instant::now()
            + Duration::from_millis(u64::try_from(left).unwrap_or(0) + 1);
        let (app, id) = (app.clone(), g.id.clone());
        tokio::spawn(async move {
            tokio::time::sleep_until(deadline).await;
            if let Ok(Some(cell)) = game(&app, &id, false).await {
                let mut g = cell.inner.lock().await;
                if g.turn_gen == gen_ {
                    flag_if_due(&app, &cell, &mut g, Instant::now()).await;
                }
            }
        });
    }
}

/// If the side to move has run out of time: it loses (two players) or leaves the game (four
/// players: docs/rules/three-level.md).
pub async fn flag_if_due(
    app: &Arc<App>,
    cell: &Arc<GameCell>,
    g: &mut MutexGuard<'_, LiveGame>,
    now: Instant,
) {
    if !g.clock_running() {
        return;
    }
    let seat = g.turn();
    if g.time_left(seat, now) > 0 {
        return;
    }
    let change = if g.players() == 2 {
        Change::End(live::timeout_outcome(g, seat))
    } else {
        Change::Retire(vec![(seat, "time")])
    };
    if let Err(e) = apply(app, cell, g, change, now).await {
        eprintln!(
            "dimchess serve: game {}: flag fall not applied: {}",
            g.id, e.msg
        );
    }
}

/// A connection holding `seats` opened (`open`) or closed: the seats' presence changes.
pub async fn presence(app: &Arc<App>, cell: &Arc<GameCell>, seats: &[usize], open: bool) {
    if seats.is_empty() {
        return;
    }
    let mut g = cell.inner.lock().await;
    let now = Instant::now();
    let mut events = Vec::new();
    for &s in seats {
        let Some(seat) = g.seats.get_mut(s) else {
            continue;
        };
        if open {
            seat.sockets += 1;
            seat.came = true;
            if seat.sockets == 1 {
                events.push(Event::Presence {
                    seat: s,
                    connected: true,
                });
            }
        } else {
            seat.sockets = seat.sockets.saturating_sub(1);
            if seat.sockets == 0 {
                seat.away_since = now;
                events.push(Event::Presence {
                    seat: s,
                    connected: false,
                });
            }
        }
    }
    // The clocks start once every person has come.
    let start = open
        && !g.has_started()
        && g.is_live()
        && g.seats.iter().all(|s| s.kind != SeatKind::Human || s.came);
    if start {
        g.started = true;
        live::restart_turn(&mut g, true, now);
    }
    send(cell, &mut g, events).await;
    if start {
        after_change(app, cell, &mut g);
    }
}

/// Loads every unfinished game again (their engines and clocks resume; the idle ones past the
/// memory bound are dropped from memory again at once).
pub async fn resume_all(app: &Arc<App>) -> Result<(), String> {
    let ids = app
        .db
        .read(db::live_ids)
        .await?
        .map_err(|e| e.to_string())?;
    for id in ids {
        if let Err(e) = game(app, &id, false).await {
            eprintln!("dimchess serve: game {id} not loaded: {}", e.msg);
        }
    }
    Ok(())
}

/// Archives the unfinished games idle for longer than the configured time; their ids.
pub async fn archive(app: &Arc<App>) -> Vec<String> {
    let ms = i64::try_from(app.config.archive_after.as_millis()).unwrap_or(i64::MAX);
    let before = db::now_ms().saturating_sub(ms);
    let days = app.config.archive_after.as_secs() / 86_400;
    let result = format!("archived: no move for {days} days");
    let r2 = result.clone();
    let ids = match app.db.read(move |c| db::archive_idle(c, before, &r2)).await {
        Ok(Ok(ids)) => ids,
        Ok(Err(e)) => {
            eprintln!("dimchess serve: archiving: {e}");
            return Vec::new();
        }
        Err(e) => {
            eprintln!("dimchess serve: archiving: {e}");
            return Vec::new();
        }
    };
    for id in &ids {
        if let Some(cell) = app.store.get(id, false) {
            let mut g = cell.inner.lock().await;
            g.status = Status::Archived;
            g.status_result = Some(result.clone());
            g.turn_start = None;
            send(&cell, &mut g, vec![Event::Archived]).await;
            cell.pinned.store(false, Ordering::SeqCst);
        }
    }
    ids
}

/// The background work: archiving idle games, and forgetting the rate limiters' idle addresses.
pub fn spawn_housekeeping(app: &Arc<App>) {
    let app = app.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(app.config.archive_every.max(Duration::from_secs(1)));
        loop {
            every.tick().await;
            archive(&app).await;
            app.acts.retain_recent();
            app.acts.shrink_to_fit();
            for l in lock(&app.forget_idle).iter() {
                l.retain_recent();
                l.shrink_to_fit();
            }
            lock(&app.sockets).retain(|_, n| *n > 0);
        }
    });
}

/// The kind of a seat as stored, for seat specs.
pub fn seat_kind(kind: &str, movetime_ms: Option<u64>, max: Duration) -> Result<SeatKind, String> {
    match kind {
        "human" if movetime_ms.is_none() => Ok(SeatKind::Human),
        "human" => Err("a human seat takes no `movetime_ms`".into()),
        "engine" => {
            let ms = movetime_ms.unwrap_or(1000);
            let max = u64::try_from(max.as_millis()).unwrap_or(u64::MAX);
            if !(1..=max).contains(&ms) {
                return Err(format!("`movetime_ms` must be from 1 to {max}"));
            }
            Ok(SeatKind::Engine {
                movetime: Duration::from_millis(ms),
            })
        }
        other => Err(format!(
            "seat kind `{}`: expected `human` or `engine`",
            dimchess_any::core::error::one_line(other)
        )),
    }
}
