//! The transposition table: one entry per bucket, replaced by depth or age. A table is
//! either a searcher's own, or one shared by the threads of a Lazy SMP search: every shared
//! entry has its own lock, taken without waiting (a busy entry is a miss, and a store to it
//! is dropped), so that no thread ever waits for another.

use std::sync::{Arc, Mutex, TryLockError};

use crate::score::{from_table, to_table};

/// What an entry's score is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cut-off).
    Lower,
    /// At most this score (no move reached alpha).
    Upper,
}

impl Bound {
    /// What the best score `best` of a search with the window (`alpha`, `beta`) proves.
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a search with the window
    /// (`alpha`, `beta`).
    pub(crate) fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

#[derive(Copy, Clone, Debug)]
struct Entry<M> {
    key: u64,
    mv: Option<M>,
    score: i32,
    depth: i16,
    bound: Bound,
    age: u8,
}

/// A found entry.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hit<M> {
    pub mv: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// Where the entries are.
enum Store<M> {
    /// One searcher's own entries.
    Own(Vec<Option<Entry<M>>>),
    /// Entries shared by the threads of one engine.
    Shared(Arc<[Mutex<Option<Entry<M>>>]>),
}

/// A table of entries indexed by the low bits of the key and checked by the whole key.
pub(crate) struct Table<M> {
    store: Store<M>,
    mask: usize,
    age: u8,
}

/// The number of entries of about `mb` MiB of `size`-byte entries (at least 1,024; a power
/// of two).
fn entries_for(mb: usize, size: usize) -> usize {
    let wanted = (mb.max(1) << 20) / size.max(1);
    let n = wanted.next_power_of_two().max(1024);
    if n > wanted && n > 1024 { n / 2 } else { n }
}

impl<M: Copy> Table<M> {
    /// A table of about `mb` MiB (at least 1,024 entries; a power of two).
    pub fn new(mb: usize) -> Table<M> {
        let n = entries_for(mb, core::mem::size_of::<Option<Entry<M>>>());
        Table {
            store: Store::Own(vec![None; n]),
            mask: n - 1,
            age: 0,
        }
    }

    /// A table of about `mb` MiB that [`Table::share`] hands to other threads.
    pub fn shared(mb: usize) -> Table<M> {
        let n = entries_for(mb, core::mem::size_of::<Mutex<Option<Entry<M>>>>());
        let entries: Arc<[Mutex<Option<Entry<M>>>]> = (0..n).map(|_| Mutex::new(None)).collect();
        Table {
            store: Store::Shared(entries),
            mask: n - 1,
            age: 0,
        }
    }

    /// Another handle on a shared table, at the same age (a table of its own is copied).
    pub fn share(&self) -> Table<M> {
        Table {
            store: match &self.store {
                Store::Own(v) => Store::Own(v.clone()),
                Store::Shared(a) => Store::Shared(Arc::clone(a)),
            },
            mask: self.mask,
            age: self.age,
        }
    }

    /// Takes the age of `other`, a handle on the same table: the searches that begin next on
    /// both handles then age alike.
    pub fn follow(&mut self, other: &Table<M>) {
        self.age = other.age;
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        match &mut self.store {
            Store::Own(v) => v.iter_mut().for_each(|e| *e = None),
            Store::Shared(a) => a.iter().for_each(|e| *lock(e) = None),
        }
        self.age = 0;
    }

    /// Starts a new search (older entries are replaced first).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry at `key`'s index.
    #[inline]
    fn entry(&self, key: u64) -> Option<Entry<M>> {
        let i = key as usize & self.mask;
        match &self.store {
            Store::Own(v) => v[i],
            Store::Shared(a) => match a[i].try_lock() {
                Ok(e) => *e,
                Err(TryLockError::Poisoned(e)) => *e.into_inner(),
                Err(TryLockError::WouldBlock) => None,
            },
        }
    }

    /// The entry for `key`, its score made relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit<M>> {
        let e = self.entry(key)?;
        (e.key == key).then(|| Hit {
            mv: e.mv,
            score: from_table(e.score, ply),
            depth: i32::from(e.depth),
            bound: e.bound,
        })
    }

    /// Stores a result, replacing an entry of another position only if it is older or
    /// shallower.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let i = key as usize & self.mask;
        let age = self.age;
        let write = |slot: &mut Option<Entry<M>>| {
            if let Some(old) = slot
                && old.key != key
                && old.age == age
                && i32::from(old.depth) > depth
            {
                return;
            }
            let mv = match (mv, *slot) {
                (None, Some(old)) if old.key == key => old.mv,
                _ => mv,
            };
            *slot = Some(Entry {
                key,
                mv,
                score: to_table(score, ply),
                depth: depth.clamp(-1, i16::MAX as i32) as i16,
                bound,
                age,
            });
        };
        match &mut self.store {
            Store::Own(v) => write(&mut v[i]),
            Store::Shared(a) => match a[i].try_lock() {
                Ok(mut e) => write(&mut e),
                Err(TryLockError::Poisoned(e)) => write(&mut e.into_inner()),
                Err(TryLockError::WouldBlock) => {}
            },
        }
    }
}

/// A shared entry, locked (waiting for it: only [`Table::clear`] does, between searches).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
