//! Turn generation: every distinct legal turn once, in canonical order (DX-4 … DX-7, DX-34,
//! DX-35).
//!
//! # How
//!
//! A turn is a set of actions, at most one per agent (the FIDE move, the Crab, the Cobra, the
//! Spider), performed in some order in which each is legal when it is performed (DX-5). An
//! action names its squares, so its effect does not depend on the order, and two orders of one
//! set that are both legal give the same position. Different sets give different positions,
//! except when a Crab or Cobra starts the turn on the FIDE board: a strike and a pinch (or a
//! relocation and a later capture, or a pinch or strike that empties the square a FIDE move
//! would capture on) can then remove the same piece. Only in that case, and only among the
//! turns with a strike, pinch or FIDE capture, are children merged by position.
//!
//! The search is a depth-first walk over action sequences that visits each set only in its
//! canonical order, the ASCII-smallest legal one (DX-34):
//!
//! - an action whose text is larger than the previous action's may always follow it;
//! - a smaller one may follow only if the two could not be swapped: either their footprints
//!   (squares read and written, [`Footprint`]) meet and an exact test shows the swapped pair
//!   illegal, or the action removes the enemy King (which must stay last, DX-7);
//! - a complete sequence with such a "necessary descent" is checked against every smaller
//!   order by replaying from the states on the search stack.
//!
//! From the start most of the work is the FIDE moves after the Dimension X actions; in
//! counting mode a FIDE move after which nothing can follow (no trans-dimensional piece left
//! on the FIDE board to act, no surface that the search would keep after it:
//! [`Search::fide_ends_turn`]) is counted without being played, by a population count over
//! the root's moves while only Dimension X steps have been made.
//!
//! Counting is not a search at all when every trans-dimensional piece of the side to move is
//! in Dimension X ([`crate::turncount`]); the search counts the other positions and is that
//! count's reference in the tests.

use std::cell::RefCell;

use crate::action::{Action, ActionKind, Turn};
use crate::board::{COBRA, CRAB, DX, DxPosition, GONE};
use dimchess_core::movelist::ArrayVec;

use crate::movegen::{AGENT_CAP, AgentList, Footprint, action_legal, footprint, gen_agent};
use crate::play::{TurnFlags, apply};
use crate::tables::{CENTRAL, tables};

mod list;

pub(crate) use list::{canonical_of, child, count_turns, legal_turns};
#[cfg(test)]
pub(crate) use list::{legal_turns_merged, legal_turns_reference};

/// Whether the turns from `p` may need merging by position (a Crab or Cobra of the side to move
/// starts on the FIDE board).
#[inline]
pub(crate) fn needs_merge(p: &DxPosition) -> bool {
    let c = p.side.index();
    p.td[c][CRAB] < DX || p.td[c][COBRA] < DX
}

/// Whether the action removes the enemy King in `p` (before it is performed).
#[inline]
fn removes_king(p: &DxPosition, x: &Action) -> bool {
    let Some(k) = p.king_sq(1 - p.side.index()) else {
        return false;
    };
    match x.kind {
        ActionKind::Fide | ActionKind::Strike => x.b == k,
        ActionKind::Pinch => x.b == k && x.c == crate::tables::NO_SQ,
        _ => false,
    }
}

/// Whether an action's text starts with a FIDE square (lower case).
#[inline]
fn fide_origin(x: &Action) -> bool {
    !matches!(x.kind, ActionKind::Step | ActionKind::Surface)
}

/// What the search calls for each turn: its actions in canonical order, the position after
/// them (before the end of the turn) and the turn flags.
pub(crate) type Visitor<'a> = dyn FnMut(&[Action], &DxPosition, &TurnFlags) + 'a;

/// The depth-first search.
pub(crate) struct Search<'v> {
    st: [DxPosition; 5],
    fl: [TurnFlags; 5],
    seq: [Action; 4],
    keys: [u64; 4],
    fps: [Footprint; 4],
    /// Counting only (no visitor calls; bulk counting allowed).
    count_only: bool,
    /// Stop at the first turn found.
    first_only: bool,
    /// Only turns that remove the enemy King count (with `first_only`: find one).
    king_only: bool,
    /// The last turn counted when `king_only` is set.
    found: Option<Turn>,
    /// Nobody reads the position and flags of a turn no action can extend (a fourth action
    /// or a King removal): they are not computed, and the visitor sees stale ones.
    bare_leaves: bool,
    /// Turns found (in counting mode) and a stop flag.
    pub count: u64,
    stop: bool,
    visit: Option<&'v mut Visitor<'v>>,
    /// Where turns with a strike or pinch go to be merged by position (counting mode, when a
    /// Crab or Cobra starts on the FIDE board).
    collect: Option<&'v mut Vec<(u64, Turn)>>,
    /// The root's FIDE moves, classified (counting mode).
    cache: Option<Box<FideCache>>,
}

/// FIDE moves with their sort keys, FIDE read footprints and whether they take the King.
#[derive(Default)]
struct FideCache {
    list: AgentList,
    key: ArrayVec<u64, AGENT_CAP>,
    /// The squares the move needs empty and leaves empty: a Rook's, Bishop's, Queen's or
    /// double-stepping pawn's squares between origin and target, for castling the squares
    /// between King and Rook that neither occupies afterwards.
    path: ArrayVec<u64, AGENT_CAP>,
    kills: ArrayVec<bool, AGENT_CAP>,
    /// Captures (the target holds an enemy piece, or a pawn moves diagonally: en passant).
    takes: ArrayVec<bool, AGENT_CAP>,
    /// The FIDE squares the move leaves empty: its origin, a castling Rook's square, an en
    /// passant victim's square (never its target, which the mover occupies).
    vac: ArrayVec<u64, AGENT_CAP>,
    /// For the root's moves when there are at most 64: which moves a piece on each central
    /// square keeps from ending their turn (bit `i`: move `i`), so that a node counts its
    /// FIDE moves that end the turn by a population count ([`Search::bulk_with`]).
    index: Option<MoveIndex>,
    /// The smallest sort key of the moves (`u64::MAX` if none).
    min_key: u64,
}

/// What a FIDE move does to the FIDE board's squares, besides landing on its target.
pub(crate) struct FideShape {
    /// The squares it leaves empty: its origin, a castling Rook's square, an en passant
    /// victim's square (never its target, which the mover occupies).
    pub(crate) vac: u64,
    /// The squares it needs empty and leaves empty: a Rook's, Bishop's, Queen's or
    /// double-stepping pawn's squares between origin and target; for castling the squares
    /// between King and Rook that neither occupies afterwards.
    pub(crate) path: u64,
    /// It removes the enemy King (DX-7).
    pub(crate) kills: bool,
    /// It captures (the target holds an enemy piece, or a pawn moves diagonally: en passant).
    pub(crate) takes: bool,
}

impl FideShape {
    /// The shape of FIDE move `x`, legal in `p`.
    pub(crate) fn of(p: &DxPosition, x: &Action) -> Self {
        let c = p.side.index();
        let diag_pawn = p.roles[0] & (1u64 << x.a) != 0 && x.a % 8 != x.b % 8;
        let capture = p.color[1 - c] & (1u64 << x.b) != 0;
        let mut vac = 1u64 << x.a;
        if diag_pawn && !capture {
            // En passant (DX-25): the victim one rank behind the target.
            vac |= 1u64 << if c == 0 { x.b - 8 } else { x.b + 8 };
        }
        let mut path = tables().between(x.a as usize, x.b as usize);
        if p.roles[5] & (1u64 << x.a) != 0 && x.a.abs_diff(x.b) == 2 {
            // Castling (DX-23): the Rook's square is left; of the squares between King and
            // Rook (which must be empty), the Rook's and the King's targets are filled.
            let (rook, between, rook_to) = if x.b > x.a {
                (x.a + 3, 0b0110_0000u64, x.a + 1)
            } else {
                (x.a - 4, 0b0000_1110u64, x.a - 1)
            };
            vac |= 1u64 << rook;
            path = (between << (x.a - 4)) & !(1u64 << x.b) & !(1u64 << rook_to);
        }
        FideShape {
            vac,
            path,
            kills: removes_king(p, x),
            takes: capture || diag_pawn,
        }
    }
}

/// [`FideCache::index`]: per FIDE square, the moves (bit `i`: move `i`, King captures left
/// out) that a surface onto that square may follow ([`Search::fide_ends_turn`]).
struct MoveIndex {
    /// The square is empty: the moves whose path it is on.
    free: [u64; 64],
    /// The square is occupied: the moves that empty it.
    occ: [u64; 64],
}

/// The Dimension X squares that the actions so far read and wrote, and their largest sort
/// key: a step that touches none of them and sorts before one of them could have come before
/// it (it is independent of every action, [`Footprint`]), so a prefix ending in it has a
/// smaller legal order and is cut (as [`Search::try_action`] would, after building its
/// position).
struct DxUntouched {
    rd: u64,
    wd: u64,
    max_key: u64,
}

impl DxUntouched {
    fn new(keys: &[u64], fps: &[Footprint]) -> Self {
        let mut u = DxUntouched {
            rd: 0,
            wd: 0,
            max_key: 0,
        };
        for (k, f) in keys.iter().zip(fps) {
            u.rd |= f.rd;
            u.wd |= f.wd;
            u.max_key = u.max_key.max(*k);
        }
        u
    }

    /// Whether step `x` is cut.
    #[inline(always)]
    fn skips(&self, x: &Action) -> bool {
        let w = (1u64 << x.a) | (1u64 << x.b);
        if self.wd & w != 0 || self.rd & w != 0 {
            return false;
        }
        let r = w | tables().between(x.a as usize, x.b as usize);
        self.wd & r == 0 && x.sort_key() < self.max_key
    }
}

/// Where the pieces in Dimension X that have not acted stand, seen from the FIDE board: the
/// squares they could surface onto (in the central zone), split by whether the FIDE square is
/// empty at the node.
#[derive(Copy, Clone, Default)]
struct SurfSquares {
    /// Empty FIDE squares: the surface is legal before a FIDE move, and after it unless the
    /// move lands there; it depends on the move exactly when it would block the move.
    free: u64,
    /// Occupied FIDE squares: the surface becomes possible only if the move empties the square.
    occ: u64,
}

impl<'v> Search<'v> {
    pub(crate) fn new(root: &DxPosition) -> Self {
        Search {
            st: [
                root.clone(),
                root.clone(),
                root.clone(),
                root.clone(),
                root.clone(),
            ],
            fl: [TurnFlags::default(); 5],
            seq: [Action::NONE; 4],
            keys: [0; 4],
            fps: [Footprint::default(); 4],
            count_only: false,
            first_only: false,
            king_only: false,
            found: None,
            bare_leaves: false,
            count: 0,
            stop: false,
            visit: None,
            cache: None,
            collect: None,
        }
    }

    /// Counts the legal action sets (distinct turns when no merging is needed).
    pub(crate) fn count_sets(root: &DxPosition) -> u64 {
        if root.king_sq(root.side.index()).is_none() {
            return 0;
        }
        let mut s = Search::new(root);
        s.count_only = true;
        s.bare_leaves = true;
        s.rec(0, 0, false);
        s.count
    }

    /// Whether there is at least one legal turn.
    pub(crate) fn any(root: &DxPosition) -> bool {
        if root.king_sq(root.side.index()).is_none() {
            return false;
        }
        let mut s = Search::new(root);
        s.count_only = true;
        s.first_only = true;
        s.bare_leaves = true;
        s.rec(0, 0, false);
        s.count > 0
    }

    /// A legal turn (an action set in its canonical order) that removes the enemy King, if
    /// there is one (DX-7); it stops at the first.
    pub(crate) fn king_capture(root: &DxPosition) -> Option<Turn> {
        // A side without its King has lost (DX-30) and has no turn.
        root.king_sq(root.side.index())?;
        let mut s = Search::new(root);
        s.first_only = true;
        s.king_only = true;
        s.rec(0, 0, false);
        s.found
    }

    /// Calls `visit` with every legal action set in its canonical order, the position after
    /// its actions (before the end of the turn) and the turn flags.
    pub(crate) fn visit_sets(root: &DxPosition, visit: &mut Visitor<'_>) {
        Search::visit_sets_with(root, visit, false);
    }

    /// [`Search::visit_sets`] for a visitor that reads only the actions.
    pub(crate) fn visit_actions(root: &DxPosition, visit: &mut Visitor<'_>) {
        Search::visit_sets_with(root, visit, true);
    }

    fn visit_sets_with(root: &DxPosition, visit: &mut Visitor<'_>, bare_leaves: bool) {
        if root.king_sq(root.side.index()).is_none() {
            return;
        }
        let mut s = Search::new(root);
        s.bare_leaves = bare_leaves;
        s.visit = Some(visit);
        s.rec(0, 0, false);
    }

    /// After a FIDE-board action, the one action of the piece of `agent` in Dimension X at
    /// `loc` that may follow: every action of a piece in Dimension X sorts before the previous
    /// action, so it may follow only if it depends on it, and only a surface can.
    fn dependent_surface(&self, d: usize, agent: usize, loc: u8) -> Option<Action> {
        let c = self.st[d].side.index();
        let sq = loc - DX;
        let b = 1u64 << sq;
        if CENTRAL & b != 0 && self.st[d].occ() & b == 0 {
            let x = Action {
                kind: ActionKind::Surface,
                a: sq,
                b: 0,
                c: (agent - 1) as u8,
            };
            if !footprint(&x, c).independent(&self.fps[d - 1]) {
                return Some(x);
            }
        }
        None
    }

    fn rec(&mut self, d: usize, used: u8, descent: bool) {
        if !self.count_only {
            return self.rec_in_order(d, used, descent);
        }
        let c = self.st[d].side.index();
        let last_fide = d > 0 && fide_origin(&self.seq[d - 1]);
        let last_step = d > 0 && self.seq[d - 1].kind == ActionKind::Step;
        let dx_untouched = DxUntouched::new(&self.keys[..d], &self.fps[..d]);
        for agent in 0..4 {
            if self.stop {
                return;
            }
            if used & (1 << agent) != 0 {
                continue;
            }
            if agent > 0 {
                let loc = self.st[d].td[c][agent - 1];
                if loc == GONE {
                    continue;
                }
                if last_fide && loc >= DX {
                    if let Some(x) = self.dependent_surface(d, agent, loc) {
                        self.try_action(d, used, descent, x, x.sort_key(), agent);
                    }
                    continue;
                }
            }
            if agent == 0 && !self.first_only && self.fide_bulk_node(d, descent) {
                self.bulk_fide(d, used);
                continue;
            }
            let mut list = AgentList::new();
            gen_agent(&self.st[d], agent, &mut list);
            for x in list.iter() {
                if x.kind == ActionKind::Step
                    && ((last_step && self.step_comes_first(d, x)) || dx_untouched.skips(x))
                {
                    continue;
                }
                self.try_action(d, used, descent, *x, x.sort_key(), agent);
                if self.stop {
                    return;
                }
            }
        }
    }

    /// Whether step `x` after the step `seq[d - 1]` sorts before it and is independent of
    /// it, so that the order with `x` first is smaller and legal ([`Search::try_action`]'s
    /// first test, without the sort key and footprint). Steps of two pieces sort by their
    /// origins, file then rank.
    #[inline(always)]
    fn step_comes_first(&self, d: usize, x: &Action) -> bool {
        let y = &self.seq[d - 1];
        if (x.a % 8, x.a / 8) > (y.a % 8, y.a / 8) {
            return false;
        }
        let fy = &self.fps[d - 1];
        let w = (1u64 << x.a) | (1u64 << x.b);
        let r = w | tables().between(x.a as usize, x.b as usize);
        fy.wd & r == 0 && fy.rd & w == 0
    }

    /// Listing mode: every agent's candidate actions in text order, so that the turns are
    /// visited in text order (a depth-first walk whose children come in key order visits the
    /// sequences of keys lexicographically, a prefix before its extensions) and the list needs
    /// no sorting. The candidates of one node are a few dozen, sorted by keys computed once;
    /// the buffer (at most four agent lists, 32 KiB) is on the stack, four nodes deep at most.
    /// Never inlined: in `rec`'s frame the buffer made the counting search, which never uses
    /// it, a quarter slower (a stack frame per node larger than the first-level cache).
    #[inline(never)]
    fn rec_in_order(&mut self, d: usize, used: u8, descent: bool) {
        let c = self.st[d].side.index();
        let last_fide = d > 0 && fide_origin(&self.seq[d - 1]);
        // (key, action, whether it ends the turn and is listed without being played)
        let mut cands: ArrayVec<(u64, Action, bool), { 4 * AGENT_CAP }> = ArrayVec::new();
        let mut list = AgentList::new();
        for agent in 0..4 {
            if used & (1 << agent) != 0 {
                continue;
            }
            if agent == 0 && self.bare_leaves && self.fide_bulk_node(d, descent) {
                // As in counting (`bulk_fide`): a FIDE move that ends the turn is listed
                // unplayed when nobody reads the turn's position.
                let last_key = if d > 0 { self.keys[d - 1] } else { 0 };
                let merging = self.collect.is_some();
                self.with_fide(d, used, |_, fc, surf, fide_td| {
                    for i in 0..fc.list.len() {
                        let ends = !fide_td && Self::fide_ends_turn(fc, i, last_key, merging, surf);
                        cands.push((fc.key[i], fc.list[i], ends));
                    }
                });
                continue;
            }
            list.clear();
            if agent > 0 {
                let loc = self.st[d].td[c][agent - 1];
                if loc == GONE {
                    continue;
                }
                if last_fide && loc >= DX {
                    if let Some(x) = self.dependent_surface(d, agent, loc) {
                        cands.push((x.sort_key(), x, false));
                    }
                    continue;
                }
            }
            gen_agent(&self.st[d], agent, &mut list);
            cands.extend(list.iter().map(|x| (x.sort_key(), *x, false)));
        }
        cands.sort_unstable_by_key(|e| e.0);
        for &(kx, x, ends) in &cands {
            if ends {
                self.seq[d] = x;
                self.emit(d + 1);
            } else {
                self.try_action(d, used, descent, x, kx, x.agent());
            }
        }
    }

    /// Counting mode, FIDE moves: those after which nothing can follow are counted unplayed
    /// ([`Search::fide_ends_turn`]).
    fn bulk_fide(&mut self, d: usize, used: u8) {
        self.with_fide(d, used, |s, fc, surf, fide_td| {
            s.bulk_with(d, used, fc, surf, fide_td)
        });
    }

    /// Calls `f` with the FIDE moves at node `d` classified, the squares that the pieces in
    /// Dimension X that have not acted could surface on ([`SurfSquares`]), and whether a trans-dimensional piece that has not acted stands on the FIDE board.
    #[inline]
    fn with_fide(
        &mut self,
        d: usize,
        used: u8,
        f: impl FnOnce(&mut Self, &FideCache, SurfSquares, bool),
    ) {
        let p = &self.st[d];
        let c = p.side.index();
        let occ = p.occ();
        let mut surf = SurfSquares::default();
        let mut fide_td = false;
        for t in 0..3 {
            let l = p.td[c][t];
            if used & (1 << (t + 1)) != 0 || l == GONE {
                continue;
            }
            if l < DX {
                fide_td = true;
            } else {
                let b = 1u64 << (l - DX);
                if CENTRAL & b != 0 {
                    if occ & b == 0 {
                        surf.free |= b;
                    } else {
                        surf.occ |= b;
                    }
                }
            }
        }
        // While only Dimension X steps have been made, the FIDE board is the root's and so
        // are its FIDE moves: they are generated and classified once per search.
        let same_board = self.seq[..d].iter().all(|a| a.kind == ActionKind::Step);
        if !same_board || self.cache.is_none() {
            let mut fc = FideCache::default();
            gen_agent(&self.st[d], 0, &mut fc.list);
            for x in fc.list.iter() {
                let shape = FideShape::of(&self.st[d], x);
                fc.key.push(x.sort_key());
                fc.kills.push(shape.kills);
                fc.takes.push(shape.takes);
                fc.vac.push(shape.vac);
                fc.path.push(shape.path);
            }
            fc.min_key = fc.key.iter().copied().min().unwrap_or(u64::MAX);
            if same_board && fc.list.len() <= 64 {
                let mut ix = MoveIndex {
                    free: [0; 64],
                    occ: [0; 64],
                };
                for i in (0..fc.list.len()).filter(|&i| !fc.kills[i]) {
                    for (sqs, to) in [(fc.path[i], &mut ix.free), (fc.vac[i], &mut ix.occ)] {
                        let mut bb = sqs & CENTRAL;
                        while bb != 0 {
                            to[bb.trailing_zeros() as usize] |= 1u64 << i;
                            bb &= bb - 1;
                        }
                    }
                }
                fc.index = Some(ix);
            }
            if same_board {
                self.cache = Some(Box::new(fc));
            } else {
                return f(self, &fc, surf, fide_td);
            }
        }
        if let Some(fc) = self.cache.take() {
            f(self, &fc, surf, fide_td);
            self.cache = Some(fc);
        }
    }

    /// Whether FIDE move `i` of `fc` ends its turn and keeps it canonical, so that it is
    /// counted (or listed) without being played: it sorts after the previous action, no
    /// trans-dimensional piece that has not acted stands on the FIDE board (the caller's
    /// test), and no surface can follow it (or it takes the King).
    ///
    /// After the move only a surface that depends on it may follow (a step, or an
    /// independent surface, sorts before it and could come first), and the search keeps such
    /// a surface only if it could not have come first (DX-34): onto a square that was empty,
    /// the surface was legal before the move, so it is kept only if it would block the move
    /// (the square is on the move's path and still empty after it); onto a square that was
    /// occupied, it is possible only if the move empties that square.
    /// (`last_key`: the previous action's key, 0 at the root; `merging`: turns with a
    /// capture go to be merged by position.)
    #[inline(always)]
    fn fide_ends_turn(
        fc: &FideCache,
        i: usize,
        last_key: u64,
        merging: bool,
        surf: SurfSquares,
    ) -> bool {
        let merged = fc.takes[i] && merging;
        let quiet = fc.path[i] & surf.free == 0 && fc.vac[i] & surf.occ == 0;
        !merged && fc.key[i] > last_key && (quiet || fc.kills[i])
    }

    /// Whether the FIDE moves at node `d` may be counted by [`Search::fide_ends_turn`]: no
    /// trans-dimensional removal so far, and no descent but among Dimension X steps.
    fn fide_bulk_node(&self, d: usize, descent: bool) -> bool {
        !self.fl[d].td_removal
            && (!descent || self.seq[..d].iter().all(|a| a.kind == ActionKind::Step))
    }

    fn bulk_with(&mut self, d: usize, used: u8, fc: &FideCache, surf: SurfSquares, fide_td: bool) {
        let last_key = if d > 0 { self.keys[d - 1] } else { 0 };
        let merging = self.collect.is_some();
        if let Some(ix) = &fc.index
            && !fide_td
            && !merging
            && last_key < fc.min_key
        {
            // Every move ends its turn but those that a surface may follow
            // (`fide_ends_turn`): counted at once, the others tried.
            let mut tried = 0u64;
            for (sqs, by) in [(surf.free, &ix.free), (surf.occ, &ix.occ)] {
                let mut bb = sqs;
                while bb != 0 {
                    tried |= by[bb.trailing_zeros() as usize];
                    bb &= bb - 1;
                }
            }
            self.count += (fc.list.len() - tried.count_ones() as usize) as u64;
            while tried != 0 {
                let i = tried.trailing_zeros() as usize;
                tried &= tried - 1;
                self.try_action(d, used, false, fc.list[i], fc.key[i], 0);
            }
            return;
        }
        for i in 0..fc.list.len() {
            if !fide_td && Self::fide_ends_turn(fc, i, last_key, merging, surf) {
                self.count += 1;
            } else {
                self.try_action(d, used, false, fc.list[i], fc.key[i], 0);
            }
        }
    }

    /// Tries action `x` (sort key `kx`) of `agent` after `seq[..d]`.
    fn try_action(&mut self, d: usize, used: u8, descent: bool, x: Action, kx: u64, agent: usize) {
        let mut desc = descent;
        let kills = removes_king(&self.st[d], &x);
        let c = self.st[d].side.index();
        // The footprint only where it is read: a descent test here, or a later action's.
        let mut fx = None;
        if d > 0 && kx < self.keys[d - 1] {
            if !kills {
                let a = self.seq[d - 1];
                let f = footprint(&x, c);
                fx = Some(f);
                if self.fps[d - 1].independent(&f) {
                    return;
                }
                // Exact test: could x have come first?
                if action_legal(&self.st[d - 1], &x) {
                    let mut s = self.st[d - 1].clone();
                    let mut f = self.fl[d - 1];
                    apply(&mut s, &x, &mut f);
                    if action_legal(&s, &a) {
                        return;
                    }
                }
            }
            desc = true;
        }
        if desc && !kills {
            // An action independent of every earlier action with a larger key could have come
            // before the first of them (each of those stays legal after it and it before each,
            // `Footprint`): a smaller legal order, so no turn with this prefix is canonical.
            // (The test `canonical` would make, without replaying.)
            if let Some(i) = self.keys[..d].iter().position(|&k| k > kx) {
                let f = *fx.get_or_insert_with(|| footprint(&x, c));
                if self.fps[i..d].iter().all(|g| g.independent(&f)) {
                    return;
                }
            }
        }
        let leaf = kills || d + 1 == 4;
        self.seq[d] = x;
        self.keys[d] = kx;
        if desc || !leaf {
            self.fps[d] = fx.unwrap_or_else(|| footprint(&x, c));
        }
        if desc {
            // Every node of the search is a canonical prefix: a prefix with a smaller legal
            // order has no canonical extension (the smaller order reaches the same position).
            // An action larger than all before it and independent of them keeps the prefix
            // canonical; anything else is checked.
            let fx = self.fps[d];
            let safe = self.keys[..d].iter().all(|&k| k < kx)
                && self.fps[..d].iter().all(|f| f.independent(&fx));
            if !safe && !self.canonical(d + 1) {
                return;
            }
        }
        let used2 = used | 1 << agent;
        if self.last_step_counted(d, &x, kx, used2) {
            return;
        }
        // (After the canonical test, which reads the positions before this action only.)
        // A turn that no action can extend: its position only if someone reads it.
        if !(leaf && self.bare_leaves) {
            self.st[d + 1] = self.st[d].clone();
            self.fl[d + 1] = self.fl[d];
            apply(&mut self.st[d + 1], &x, &mut self.fl[d + 1]);
        }
        if kills {
            self.emit(d + 1);
            return;
        }
        if used2 & 1 != 0 {
            self.emit(d + 1);
        }
        if d + 1 < 4 && !self.stop {
            self.rec(d + 1, used2, desc);
        }
    }

    /// Counting mode: whether `x`, a Dimension X step after steps only, is the last action of
    /// a trans-dimensional piece (every other one has acted or is out of the game), and so
    /// its node's turns, counted here, are the root's FIDE moves, every one ending its turn
    /// (nothing can surface after it, [`Search::fide_ends_turn`]): the node needs no
    /// position.
    #[inline]
    fn last_step_counted(&mut self, d: usize, x: &Action, kx: u64, used2: u8) -> bool {
        if !self.count_only
            || self.first_only
            || self.collect.is_some()
            || x.kind != ActionKind::Step
            || !self.seq[..d].iter().all(|a| a.kind == ActionKind::Step)
        {
            return false;
        }
        let c = self.st[d].side.index();
        let all_acted = (0..3).all(|t| used2 & (2 << t) != 0 || self.st[d].td[c][t] == GONE);
        match &self.cache {
            Some(fc) if all_acted && kx < fc.min_key => {
                self.count += fc.list.len() as u64;
                true
            }
            _ => false,
        }
    }

    fn emit(&mut self, n: usize) {
        if self.king_only {
            if self.fl[n].king_removed {
                self.found = Some(Turn::from_slice(&self.seq[..n]));
                self.count += 1;
                self.stop = true;
            }
            return;
        }
        if self.fl[n].td_removal
            && let Some(c) = self.collect.as_mut()
        {
            c.push((self.st[n].hash, Turn::from_slice(&self.seq[..n])));
            return;
        }
        self.count += 1;
        if self.first_only {
            self.stop = true;
        }
        if let Some(v) = self.visit.as_mut() {
            v(&self.seq[..n], &self.st[n], &self.fl[n]);
        }
    }

    /// Whether no order of `seq[..n]` that is smaller (in text order) is legal.
    fn canonical(&self, n: usize) -> bool {
        for i in 0..n - 1 {
            for j in i + 1..n {
                if self.keys[j] < self.keys[i]
                    && !removes_king(&self.st[i], &self.seq[j])
                    && action_legal(&self.st[i], &self.seq[j])
                {
                    // Orders that agree on seq[..i] and put seq[j] at position i.
                    let mut rest = [Action::NONE; 4];
                    let mut m = 0;
                    for (k, x) in self.seq[i..n].iter().enumerate() {
                        if i + k != j {
                            rest[m] = *x;
                            m += 1;
                        }
                    }
                    let mut s = self.st[i].clone();
                    let mut f = self.fl[i];
                    apply(&mut s, &self.seq[j], &mut f);
                    if completes(&s, &f, &mut rest[..m]) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Whether some order of `rest` is legal from `s` (the King removal, if any, last).
fn completes(s: &DxPosition, f: &TurnFlags, rest: &mut [Action]) -> bool {
    if rest.is_empty() {
        return true;
    }
    for k in 0..rest.len() {
        rest.swap(0, k);
        let x = rest[0];
        let ok = action_legal(s, &x) && (rest.len() == 1 || !removes_king(s, &x)) && {
            let mut s2 = s.clone();
            let mut f2 = *f;
            apply(&mut s2, &x, &mut f2);
            completes(&s2, &f2, &mut rest[1..])
        };
        rest.swap(0, k);
        if ok {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use dimchess_core::zobrist::SplitMix64;

    /// Positions of random games from the start (castling rights, en passant squares,
    /// trans-dimensional pieces on either board, pieces pinched or struck away), each checked:
    /// the counting search (`count_turns`, with its FIDE moves counted unplayed) and the
    /// listing (`legal_turns`, FIDE moves listed unplayed) against the list with every turn
    /// played (`legal_turns_merged`).
    fn check_random_games(seed: u64, games: usize, plies: usize) {
        let mut rng = SplitMix64::new(seed);
        let (mut checked, mut with_ep, mut with_td_on_fide) = (0, 0, 0);
        let mut list = Vec::new();
        let mut full = Vec::new();
        for _ in 0..games {
            let mut p = DxPosition::start();
            for _ in 0..plies {
                legal_turns(&p, &mut list);
                full.clear();
                legal_turns_merged(&p, &mut full);
                assert_eq!(count_turns(&p), full.len() as u64, "{p}");
                assert_eq!(list, full, "{p}");
                checked += 1;
                with_ep += usize::from(p.ep != crate::tables::NO_SQ);
                with_td_on_fide += usize::from(p.td.iter().flatten().any(|&l| l < DX));
                if list.is_empty() || p.king_sq(1 - p.side.index()).is_none() {
                    break;
                }
                let t = list[rng.below(list.len())];
                p = child(&p, &t);
            }
        }
        assert!(checked >= games * 2 && with_ep > 0 && with_td_on_fide > 0);
    }

    #[test]
    fn counting_shortcuts_match_the_full_list() {
        check_random_games(1, 4, 6);
    }

    /// More games (release): `cargo test --release -p dimchess-dimension-x -- --ignored`.
    #[test]
    #[ignore]
    fn counting_shortcuts_match_the_full_list_in_many_games() {
        check_random_games(2, 60, 12);
    }
}
