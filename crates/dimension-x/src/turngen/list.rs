//! The turns of a position as a list: the walk's turns, merged by position where two sets
//! of actions can remove the same piece (DX-5), and counted, or found for a given child.

use super::*;

/// Scratch buffers reused by the turn list builder (one per thread).
#[derive(Default)]
struct Scratch {
    found: Vec<(u64, Turn)>,
    merged: Vec<Turn>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The child after a turn (copy-make).
pub(crate) fn child(p: &DxPosition, t: &Turn) -> DxPosition {
    let mut q = p.clone();
    crate::play::play_turn(&mut q, t);
    q
}

/// Appends every distinct legal turn, in canonical text, sorted by that text.
pub(crate) fn legal_turns(p: &DxPosition, out: &mut Vec<Turn>) {
    out.clear();
    if !needs_merge(p) {
        Search::visit_actions(p, &mut |acts, _, _| out.push(Turn::from_slice(acts)));
    } else {
        legal_turns_merged(p, out);
    }
    debug_assert!(out.is_sorted_by_key(Turn::text_key));
}

/// [`legal_turns`] with every turn played (no FIDE move listed unplayed) and the turns with a
/// removal merged by position: needed when a Crab or Cobra starts on the FIDE board, and
/// correct (if slower) for any position, which makes it the tests' reference for the
/// shortcuts of counting.
pub(crate) fn legal_turns_merged(p: &DxPosition, out: &mut Vec<Turn>) {
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let Scratch { found, merged } = &mut *s;
        found.clear();
        // Only turns with a strike, pinch or capture can share a child (module docs).
        Search::visit_sets(p, &mut |acts, q, fl| {
            if fl.td_removal {
                found.push((q.hash, Turn::from_slice(acts)));
            } else {
                out.push(Turn::from_slice(acts));
            }
        });
        merged.clear();
        merge(p, found, merged);
        // The merged turns into the list, which the search left in text order.
        merged.sort_unstable_by_key(Turn::text_key);
        merge_sorted(out, merged);
    });
}

/// Merges the sorted `extra` into the sorted `out` (text order, DX-34).
fn merge_sorted(out: &mut Vec<Turn>, extra: &[Turn]) {
    if extra.is_empty() {
        return;
    }
    let mut i = out.len();
    let mut j = extra.len();
    out.resize(i + j, Turn::from_slice(&[]));
    // From the back, so that no turn of `out` is overwritten before it is moved.
    while j > 0 {
        if i > 0 && out[i - 1].text_key() > extra[j - 1].text_key() {
            out[i + j - 1] = out[i - 1];
            i -= 1;
        } else {
            out[i + j - 1] = extra[j - 1];
            j -= 1;
        }
    }
}

/// Merges turns that give the same child, keeping the smallest text (DX-34, DX-35).
fn merge(p: &DxPosition, found: &mut [(u64, Turn)], out: &mut Vec<Turn>) {
    found.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.text_cmp(&b.1)));
    let mut i = 0;
    while i < found.len() {
        let mut j = i + 1;
        while j < found.len() && found[j].0 == found[i].0 {
            j += 1;
        }
        if j == i + 1 {
            out.push(found[i].1);
        } else {
            // Same hash: group by actual child (a hash collision keeps both).
            let start = out.len();
            let mut kids: Vec<DxPosition> = Vec::new();
            for (_, t) in &found[i..j] {
                let q = child(p, t);
                if !kids.iter().any(|k| k.same_child(&q)) {
                    kids.push(q);
                    out.push(*t);
                }
            }
            let _ = start;
        }
        i = j;
    }
}

/// The tests' reference list: every turn played, none counted unplayed.
#[cfg(test)]
pub(crate) fn legal_turns_reference(p: &DxPosition) -> Vec<Turn> {
    let mut out = Vec::new();
    legal_turns_merged(p, &mut out);
    out
}

/// The number of distinct legal turns: counted without a search when every
/// trans-dimensional piece of the side to move is in Dimension X ([`crate::turncount`]).
pub(crate) fn count_turns(p: &DxPosition) -> u64 {
    if let Some(n) = crate::turncount::count_without_search(p) {
        return n;
    }
    if !needs_merge(p) {
        return Search::count_sets(p);
    }
    if p.king_sq(p.side.index()).is_none() {
        return 0;
    }
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let Scratch { found, merged } = &mut *s;
        found.clear();
        merged.clear();
        let direct = {
            let mut search = Search::new(p);
            search.count_only = true;
            search.collect = Some(&mut *found);
            search.rec(0, 0, false);
            search.count
        };
        merge(p, found, merged);
        direct + merged.len() as u64
    })
}

/// The canonical turn leading to `want` (a child of `p`), if any.
pub(crate) fn canonical_of(p: &DxPosition, want: &DxPosition) -> Option<Turn> {
    let mut best: Option<Turn> = None;
    Search::visit_sets(p, &mut |acts, q, _| {
        if q.same_child(want) {
            let t = Turn::from_slice(acts);
            if best.is_none_or(|b| t.text_cmp(&b).is_lt()) {
                best = Some(t);
            }
        }
    });
    best
}
