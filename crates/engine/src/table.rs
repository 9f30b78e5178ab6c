//! The transposition table: one entry per bucket, replaced by depth or age.

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

/// A table of entries indexed by the low bits of the key and checked by the whole key.
pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
    age: u8,
}

impl<M: Copy> Table<M> {
    /// A table of about `mb` MiB (at least 1,024 entries; a power of two).
    pub fn new(mb: usize) -> Table<M> {
        let size = core::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (mb.max(1) << 20) / size;
        let n = wanted.next_power_of_two().max(1024);
        let n = if n > wanted && n > 1024 { n / 2 } else { n };
        Table {
            entries: vec![None; n],
            mask: n - 1,
            age: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.age = 0;
    }

    /// Starts a new search (older entries are replaced first).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry for `key`, its score made relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit<M>> {
        let e = self.entries[key as usize & self.mask]?;
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
        let slot = &mut self.entries[key as usize & self.mask];
        if let Some(old) = slot
            && old.key != key
            && old.age == self.age
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
            age: self.age,
        });
    }
}
