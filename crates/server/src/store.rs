//! The games in memory: a bounded map from game id to game, the least recently used evicted
//! first, and games untouched for longer than the expiry dropped.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use dimchess_any::record::Game;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at the page.
    Human,
    /// The engine, searching `movetime` per move.
    Engine {
        /// The time per move.
        movetime: Duration,
    },
}

/// One hosted game.
#[derive(Debug)]
pub struct Entry {
    /// The game.
    pub game: Game,
    /// Who plays each seat, in the layout's player order.
    pub seats: Vec<Seat>,
    /// Bumped by every change; an engine reply searched for an older version is dropped.
    pub version: u64,
    /// Whether an engine search for this game is running.
    pub thinking: bool,
    /// The engine's last failure, if any (shown with the state).
    pub engine_error: Option<String>,
    /// The last state sent, as JSON text, with the `(version, thinking, engine_error.is_some())`
    /// it was made for.
    pub cache: Option<((u64, bool, bool), axum::body::Bytes)>,
}

/// A game behind its own lock, so that one game's work never blocks the others.
pub type Shared = Arc<Mutex<Entry>>;

struct Slot {
    entry: Shared,
    touched: Instant,
}

/// The bounded store of games.
pub struct Store {
    games: Mutex<HashMap<String, Slot>>,
    max_games: usize,
    expiry: Duration,
    ids: AtomicU64,
    seed: RandomState,
}

/// Locks a mutex, going on with the data if a holder panicked (the data are whole: every
/// change to an entry is made by one call that cannot panic half-way).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Store {
    /// A store of at most `max_games` games (at least 1), each dropped after `expiry` untouched.
    pub fn new(max_games: usize, expiry: Duration) -> Store {
        Store {
            games: Mutex::new(HashMap::new()),
            max_games: max_games.max(1),
            expiry,
            ids: AtomicU64::new(0),
            seed: RandomState::new(),
        }
    }

    /// The number of games held.
    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A fresh id nobody can guess from the others: 16 hex digits of a keyed hash of a counter.
    fn new_id(&self) -> String {
        let mut h = self.seed.build_hasher();
        h.write_u64(self.ids.fetch_add(1, Ordering::Relaxed));
        format!("{:016x}", h.finish())
    }

    /// Stores `entry` under a new id, first dropping expired games and then the least
    /// recently used ones until there is room.
    pub fn insert(&self, entry: Entry) -> (String, Shared) {
        let now = Instant::now();
        let mut games = lock(&self.games);
        let expiry = self.expiry;
        games.retain(|_, s| now.duration_since(s.touched) < expiry);
        while games.len() >= self.max_games {
            let oldest = games
                .iter()
                .min_by_key(|(_, s)| s.touched)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => games.remove(&k),
                None => break,
            };
        }
        let mut id = self.new_id();
        while games.contains_key(&id) {
            id = self.new_id();
        }
        let shared = Arc::new(Mutex::new(entry));
        games.insert(
            id.clone(),
            Slot {
                entry: shared.clone(),
                touched: now,
            },
        );
        (id, shared)
    }

    /// The game `id`, marked as used now; `None` if unknown or expired.
    pub fn get(&self, id: &str) -> Option<Shared> {
        let now = Instant::now();
        let mut games = lock(&self.games);
        let slot = games.get_mut(id)?;
        if now.duration_since(slot.touched) >= self.expiry {
            games.remove(id);
            return None;
        }
        slot.touched = now;
        Some(slot.entry.clone())
    }

    /// Drops the game `id`; whether it was there.
    pub fn remove(&self, id: &str) -> bool {
        lock(&self.games).remove(id).is_some()
    }
}
