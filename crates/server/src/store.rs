//! The games in memory: a map from id to game, loaded from the database on first use and
//! bounded: past [`crate::Config::max_games`], the least recently used games that nobody holds
//! (no open connection, no request under way, no engine thinking, no clock running) are
//! dropped from memory. They stay in the database.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use crate::live::GameCell;

struct Slot {
    cell: Arc<GameCell>,
    touched: Instant,
}

/// The games in memory.
pub struct Store {
    games: Mutex<HashMap<String, Slot>>,
    max_games: usize,
}

/// Locks a mutex, going on with the data if a holder panicked.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Store {
    pub fn new(max_games: usize) -> Store {
        Store {
            games: Mutex::new(HashMap::new()),
            max_games: max_games.max(1),
        }
    }

    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    /// The game `id` if it is in memory (marked as used now); `watch`: counted as watched
    /// (an open connection) before the map's lock is let go.
    pub fn get(&self, id: &str, watch: bool) -> Option<Arc<GameCell>> {
        let mut games = lock(&self.games);
        let slot = games.get_mut(id)?;
        slot.touched = Instant::now();
        if watch {
            slot.cell.watchers.fetch_add(1, Ordering::SeqCst);
        }
        Some(slot.cell.clone())
    }

    /// Puts a game loaded or created into memory (the one there already wins a race), then
    /// drops idle games past the bound.
    pub fn insert(&self, cell: Arc<GameCell>, watch: bool) -> Arc<GameCell> {
        let mut games = lock(&self.games);
        let cell = games
            .entry(cell.id.clone())
            .or_insert_with(|| Slot {
                cell,
                touched: Instant::now(),
            })
            .cell
            .clone();
        if watch {
            cell.watchers.fetch_add(1, Ordering::SeqCst);
        }
        self.evict(&mut games);
        cell
    }

    /// Drops the least recently used games nobody holds until at most `max_games` remain
    /// (fewer cannot be dropped while they are in use).
    fn evict(&self, games: &mut HashMap<String, Slot>) {
        if games.len() <= self.max_games {
            return;
        }
        let mut idle: Vec<(Instant, String)> = games
            .iter()
            .filter(|(_, s)| {
                // Only the map holds it: nobody can be in the middle of using it, and nobody
                // can get it without the map's lock, held here.
                Arc::strong_count(&s.cell) == 1
                    && s.cell.watchers.load(Ordering::SeqCst) == 0
                    && !s.cell.pinned.load(Ordering::SeqCst)
            })
            .map(|(k, s)| (s.touched, k.clone()))
            .collect();
        idle.sort();
        let excess = games.len() - self.max_games;
        for (_, k) in idle.into_iter().take(excess) {
            games.remove(&k);
        }
    }
}
