//! Dimension X: a search over the action tree ([`DxEngine`]).
//!
//! A Dimension X turn is one to four actions (DX-4), ~19,000 distinct turns from the start:
//! listing every turn at every node (the generic [`Engine`](crate::Engine) over the turn-level
//! `Position`) reaches depth 1 only. This search walks the actions of
//! [`PartialTurn`] one at a time instead:
//!
//! - a node is a turn in progress; its children are the next actions
//!   ([`PartialTurn::candidates`]) and, once the turn holds its FIDE move (DX-6), an explicit
//!   **end of turn**; the score is the mover's, and its sign flips at the end of a turn only
//!   (consecutive actions of one player are consecutive max nodes with the same window);
//! - the depth counts actions; the end of a turn costs none, so a short turn leaves the
//!   opponent's reply in sight; a node at the horizon is scored statically, also in the middle
//!   of a turn;
//! - an action that removes the enemy King ends the game at once (DX-7) and scores a win;
//!   before searching, [`DxPosition::king_capture`] looks for such a turn, so a King capture
//!   available to the side to move is always played, whatever the limits;
//! - a turn in progress that cannot be completed (no FIDE move left to make) is a dead end and
//!   is dropped; a player with no complete turn has lost (DX-9);
//! - most orders of one set of actions are never visited
//!   ([`PartialTurn::ordered_candidates`]); the transposition table is keyed by
//!   [`PartialTurn::key`] and the last action (which decides the continuations); ordering: the table's step, captures by victim value, the
//!   end of turn, two killers per ply, then history by [`Action::ordinal`];
//! - the answer is the principal variation's first turn, completed by the best legal next
//!   actions if the horizon fell inside it, in canonical text (DX-34).
//!
//! Every ply keeps its turn in progress, its action list and its ordering buffer, made with the
//! engine: a node allocates nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use dimchess_core::{Error, Evaluate, Position};
use dimchess_dimension_x::eval::kind_value;
use dimchess_dimension_x::{Action, DxPosition, PartialTurn, Role, Turn};

use crate::limits::Limits;
use crate::score::{INFINITY, Score, WIN, WIN_BOUND};
use crate::search::{Info, MAX_PLY, Options, SearchResult};
use crate::table::{Bound, Table};

/// Nodes between two looks at the clock and the stop flag.
const POLL: u64 = 64;
/// The score of a turn in progress that cannot be completed: below every real score.
const DEAD: i32 = -INFINITY - 1;

const HASH_STEP: i32 = 1 << 30;
const KING: i32 = 1 << 29;
const CAPTURE: i32 = 1 << 28;
const END: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;

/// One step of the action tree: an action, or the end of the turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Step {
    Act(Action),
    End,
}

/// What the search keeps per ply.
struct Ply {
    /// The turn in progress at this ply.
    turn: PartialTurn,
    /// Where the end of the turn is written.
    next: DxPosition,
    actions: Vec<Action>,
    order: Vec<(i32, u32)>,
    killers: [Option<Action>; 2],
    pv: ArrayVec<Step, MAX_PLY>,
}

/// The Dimension X search engine: the same interface as [`Engine`](crate::Engine), over the
/// action tree (module docs). Its table and history persist from one search to the next.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use dimchess_core::Position;
/// use dimchess_dimension_x::DxPosition;
/// use dimchess_engine::{DxEngine, Limits, Options};
///
/// let pos = DxPosition::start();
/// let mut engine = DxEngine::new(&Options::default());
/// let stop = AtomicBool::new(false);
/// let r = engine.search(&pos, &[], &Limits::depth(3), &stop, |_| {}).unwrap();
/// assert!(pos.is_legal(r.best));
/// assert_eq!(r.depth, 3);
/// ```
pub struct DxEngine {
    options: Options,
    table: Table<Step>,
    history: Vec<i32>,
    plies: Vec<Ply>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    seldepth: usize,
}

impl DxEngine {
    /// An engine with `options` (the table is allocated here).
    pub fn new(options: &Options) -> Self {
        let start = DxPosition::start();
        let mut plies = Vec::with_capacity(MAX_PLY + 1);
        plies.resize_with(MAX_PLY + 1, || Ply {
            turn: PartialTurn::new(&start),
            next: start.clone(),
            actions: Vec::with_capacity(256),
            order: Vec::with_capacity(256),
            killers: [None; 2],
            pv: ArrayVec::new(),
        });
        DxEngine {
            options: *options,
            table: Table::new(options.hash_mb),
            history: vec![0; Action::ORDINALS],
            plies,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            seldepth: 0,
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Forgets what earlier searches learnt (table, history, killers).
    pub fn new_game(&mut self) {
        self.table.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        for p in &mut self.plies {
            p.killers = [None; 2];
        }
    }

    /// Searches `pos` as [`Engine::search`](crate::Engine::search) does; `Limits::depth`
    /// counts actions here (a turn is one to four), and so do the reported depths. `history`
    /// is ignored: the rules know no repetition (DX-10).
    ///
    /// # Errors
    /// [`Error::GameOver`] if the game has ended in `pos`.
    pub fn search(
        &mut self,
        pos: &DxPosition,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        mut info: impl FnMut(&Info<'_, Turn>),
    ) -> Result<SearchResult<Turn>, Error> {
        let _ = history;
        let start = Instant::now();
        if let Some(o) = pos.outcome() {
            return Err(Error::GameOver(
                pos.result_text().unwrap_or_else(|| o.to_string()),
            ));
        }
        // DX-7: a King capture ends the game; it is played whatever the limits.
        if let Some(t) = pos.king_capture() {
            let pv = vec![t];
            info(&Info {
                depth: 1,
                seldepth: 1,
                score: Score::Win(1),
                nodes: 1,
                elapsed: start.elapsed(),
                pv: &pv,
                multipv: 1,
            });
            return Ok(SearchResult {
                best: t,
                score: Score::Win(1),
                pv,
                nodes: 1,
                depth: 1,
                elapsed: start.elapsed(),
            });
        }
        self.table.new_search();
        for p in &mut self.plies {
            p.killers = [None; 2];
        }
        for h in &mut self.history {
            *h /= 8;
        }
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.budget().map(|b| start + b);
        self.stopped = false;
        self.seldepth = 0;
        let soft = limits.budget().map(|b| b / 2);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let mut best_pv: Vec<Step> = Vec::new();
        let mut best_score = 0;
        let mut depth_done = 0;
        for depth in 1..=max_depth {
            self.plies[0].turn.reset(pos);
            let score = self.node(stop, depth as i32, -INFINITY, INFINITY, 0, 0);
            if self.stopped {
                break;
            }
            best_pv = self.plies[0].pv.to_vec();
            best_score = score;
            depth_done = depth;
            let mut turns = pv_turns(pos, &best_pv);
            if turns.is_empty() {
                // The horizon fell inside the first turn: report it completed.
                turns.extend(complete(pos, &first_actions(&best_pv)));
            }
            info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score: Score::from_internal(score, 2),
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: &turns,
                multipv: 1,
            });
            // A win this turn will not change. (A loss is searched on: the horizon's
            // quiescence sees the reply's captures but not every defence of a longer turn.)
            if score >= WIN - 1 {
                break;
            }
            if let Some(soft) = soft
                && start.elapsed() >= soft
            {
                break;
            }
        }
        let mut pv = pv_turns(pos, &best_pv);
        let best = complete(pos, &first_actions(&best_pv))
            .ok_or_else(|| Error::GameOver("no legal move".to_string()))?;
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        Ok(SearchResult {
            best,
            score: Score::from_internal(best_score, 2),
            pv,
            nodes: self.nodes,
            depth: depth_done,
            elapsed: start.elapsed().max(Duration::from_nanos(1)),
        })
    }

    /// Counts a node; every [`POLL`] nodes looks at the limits and the stop flag.
    #[inline]
    fn tick(&mut self, stop: &AtomicBool) -> bool {
        self.nodes += 1;
        if (self.nodes.is_multiple_of(POLL) || self.nodes >= self.node_limit)
            && (stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The static score of a turn in progress for its mover.
    #[inline]
    fn evaluate(p: &DxPosition) -> i32 {
        let me = p.turn();
        (p.strength(me) - p.strength(1 - me)).clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
    }

    /// Alpha-beta over the action tree: the score of ply `ply`'s turn in progress for its
    /// mover, `hm` turns below the root (win scores count turns, as the generic search's
    /// plies do).
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        stop: &AtomicBool,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        hm: usize,
    ) -> i32 {
        self.plies[ply].pv.clear();
        if self.tick(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let fresh = self.plies[ply].turn.actions().is_empty();
        if depth <= 0 || ply >= MAX_PLY - 12 {
            return self.quiesce(stop, alpha, beta, ply, hm, !fresh);
        }
        // Mate-distance pruning: nothing here beats a King capture this turn.
        alpha = alpha.max(-(WIN - hm as i32));
        beta = beta.min(WIN - hm as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = Self::key(&self.plies[ply].turn);
        let mut hash_step = None;
        if let Some(hit) = self.table.probe(key, hm) {
            hash_step = hit.mv;
            // Not in the root's turn: its principal variation is the answer, and a stored
            // score would cut it short.
            if hm > 0 && hit.depth >= depth && hit.bound.settles(hit.score, alpha, beta) {
                return hit.score;
            }
        }
        self.order(ply, hash_step);
        let alpha0 = alpha;
        let mut best = DEAD;
        let mut best_step = None;
        let n = self.plies[ply].order.len();
        for i in 0..n {
            let (s, idx) = crate::ordering::pick(&mut self.plies[ply].order, i);
            let step = if idx == u32::MAX {
                Step::End
            } else {
                Step::Act(self.plies[ply].actions[idx as usize])
            };
            let (head, tail) = self.plies.split_at_mut(ply + 1);
            let (cur, child) = (&mut head[ply], &mut tail[0]);
            let score = match step {
                Step::End => {
                    cur.turn.end_into(&mut cur.next);
                    child.turn.reset(&cur.next);
                    let v = self.node(stop, depth, -beta, -alpha, ply + 1, hm + 1);
                    if v == DEAD { DEAD } else { -v }
                }
                Step::Act(a) => {
                    child.turn.clone_from(&cur.turn);
                    child.turn.play_unchecked(a);
                    if child.turn.removed_king() {
                        child.pv.clear();
                        WIN - hm as i32 - 1
                    } else {
                        // Late quiet actions are searched shallower first, and again at full
                        // depth if they reach alpha.
                        let r = if depth >= 3 && i >= 6 && s < KILLER {
                            1 + i32::from(depth >= 5 && i >= 16)
                        } else {
                            0
                        };
                        let mut v = self.node(stop, depth - 1 - r, alpha, beta, ply + 1, hm);
                        if r > 0 && v > alpha && !self.stopped {
                            v = self.node(stop, depth - 1, alpha, beta, ply + 1, hm);
                        }
                        v
                    }
                }
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_step = Some(step);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, step);
                    if alpha >= beta {
                        if let Step::Act(a) = step
                            && s < CAPTURE
                        {
                            self.reward(ply, a, depth);
                        }
                        break;
                    }
                }
            }
        }
        if best == DEAD {
            // No complete turn from here: a dead end, or (for a whole turn) a loss (DX-9).
            return if fresh { -(WIN - hm as i32) } else { DEAD };
        }
        let bound = Bound::of(best, alpha0, beta);
        self.table.store(key, hm, best_step, best, depth, bound);
        best
    }

    /// The score at the horizon, for the mover of ply `ply`'s turn in progress: the static
    /// score or a capture of this turn (a strike, a pinch or a FIDE capture, each a further
    /// action of the same turn), whichever is higher; where the turn may end (`reply`), ending
    /// it is scored by the opponent's best captures of their next turn instead of statically,
    /// so that a turn that leaves a piece or the King to be taken is not mistaken for a good
    /// one.
    fn quiesce(
        &mut self,
        stop: &AtomicBool,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        hm: usize,
        reply: bool,
    ) -> i32 {
        self.plies[ply].pv.clear();
        if self.tick(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let mut best = if reply && self.plies[ply].turn.can_end() {
            let (head, tail) = self.plies.split_at_mut(ply + 1);
            let (cur, child) = (&mut head[ply], &mut tail[0]);
            cur.turn.end_into(&mut cur.next);
            child.turn.reset(&cur.next);
            -self.quiesce(stop, -beta, -alpha, ply + 1, hm + 1, false)
        } else {
            Self::evaluate(self.plies[ply].turn.position())
        };
        if self.stopped || best >= beta || ply >= MAX_PLY - 2 {
            return best;
        }
        alpha = alpha.max(best);
        // The captures, by victim value.
        {
            let p = &mut self.plies[ply];
            p.actions.clear();
            p.turn.ordered_candidates(&mut p.actions);
            p.order.clear();
            let pos = p.turn.position();
            let me = pos.side_to_move();
            for (i, &a) in p.actions.iter().enumerate() {
                if let Some((c, kind)) = a.target().and_then(|sq| pos.fide_piece(sq))
                    && c != me
                {
                    let v = if kind == Role::King {
                        KING
                    } else {
                        kind_value(kind)
                    };
                    p.order.push((v, i as u32));
                }
            }
        }
        let n = self.plies[ply].order.len();
        for i in 0..n {
            let (_, idx) = crate::ordering::pick(&mut self.plies[ply].order, i);
            let a = self.plies[ply].actions[idx as usize];
            let (head, tail) = self.plies.split_at_mut(ply + 1);
            let (cur, child) = (&mut head[ply], &mut tail[0]);
            child.turn.clone_from(&cur.turn);
            child.turn.play_unchecked(a);
            let v = if child.turn.removed_king() {
                WIN - hm as i32 - 1
            } else {
                self.quiesce(stop, alpha, beta, ply + 1, hm, reply)
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The table key of a turn in progress: [`PartialTurn::key`] and the last action, since
    /// the actions that may follow depend on it ([`PartialTurn::ordered_candidates`]): a score
    /// stored for one order of a turn's actions then never stands for another order whose
    /// continuations differ.
    #[inline]
    fn key(t: &PartialTurn) -> u64 {
        let k = t.key();
        match t.actions().last() {
            None => k,
            Some(a) => k ^ (a.ordinal() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        }
    }

    /// Lists ply `ply`'s steps (its actions, and the end of the turn when it may end) and
    /// scores them for ordering.
    fn order(&mut self, ply: usize, hash_step: Option<Step>) {
        let p = &mut self.plies[ply];
        p.actions.clear();
        p.turn.ordered_candidates(&mut p.actions);
        p.order.clear();
        if p.turn.can_end() {
            let s = if hash_step == Some(Step::End) {
                HASH_STEP
            } else {
                END
            };
            p.order.push((s, u32::MAX));
        }
        let pos = p.turn.position();
        let me = pos.side_to_move();
        for (i, &a) in p.actions.iter().enumerate() {
            let s = if hash_step == Some(Step::Act(a)) {
                HASH_STEP
            } else if let Some((c, kind)) = a.target().and_then(|sq| pos.fide_piece(sq))
                && c != me
            {
                if kind == Role::King {
                    KING
                } else {
                    CAPTURE + kind_value(kind) * 16 - a.ordinal() as i32 / 4096
                }
            } else if p.killers[0] == Some(a) {
                KILLER + 1
            } else if p.killers[1] == Some(a) {
                KILLER
            } else {
                self.history[a.ordinal()].clamp(-KILLER + 1, KILLER - 1)
            };
            p.order.push((s, i as u32));
        }
    }

    /// Makes `step` the best of ply `ply`: its PV is `step` and the child's.
    fn update_pv(&mut self, ply: usize, step: Step) {
        let (head, tail) = self.plies.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(step);
        for &m in tail[0].pv.iter() {
            if pv.try_push(m).is_err() {
                break;
            }
        }
    }

    /// A quiet action caused a cut-off: killers and history.
    fn reward(&mut self, ply: usize, a: Action, depth: i32) {
        let k = &mut self.plies[ply].killers;
        if k[0] != Some(a) {
            k[1] = k[0];
            k[0] = Some(a);
        }
        let h = &mut self.history[a.ordinal()];
        *h = (*h + depth * depth).min(1 << 20);
    }
}

/// The canonical turn (DX-34) with the same result as the legal turn `t` of `pos`.
fn canonical(pos: &DxPosition, t: Turn) -> Turn {
    pos.parse_move(&t.to_string()).unwrap_or(t)
}

/// The actions of a principal variation's first turn.
fn first_actions(pv: &[Step]) -> Vec<Action> {
    pv.iter()
        .map_while(|s| match s {
            Step::Act(a) => Some(*a),
            Step::End => None,
        })
        .collect()
}

/// The whole turns of a principal variation, in canonical text (an unfinished last turn is
/// left out).
fn pv_turns(pos: &DxPosition, pv: &[Step]) -> Vec<Turn> {
    let mut out = Vec::new();
    let mut p = pos.clone();
    let mut t = PartialTurn::new(&p);
    for s in pv {
        match *s {
            Step::Act(a) => {
                if t.play(a).is_err() {
                    break;
                }
                if t.removed_king() {
                    if let Ok((turn, _)) = t.end() {
                        out.push(canonical(&p, turn));
                    }
                    break;
                }
            }
            Step::End => {
                let Ok((turn, next)) = t.end() else { break };
                out.push(canonical(&p, turn));
                p = next;
                t = PartialTurn::new(&p);
            }
        }
    }
    out
}

/// A legal turn of `pos` that begins with `prefix` if it can (the horizon may fall inside
/// the best turn, or after actions that leave no FIDE move), completed by the next action with
/// the best static score until the turn may end; `None` if `pos` has no legal turn.
fn complete(pos: &DxPosition, prefix: &[Action]) -> Option<Turn> {
    let mut t = PartialTurn::new(pos);
    for &a in prefix {
        if t.play(a).is_err() {
            t = PartialTurn::new(pos);
            break;
        }
    }
    while !t.can_end() {
        let mut best: Option<(i32, PartialTurn)> = None;
        for a in t.legal_next() {
            let mut u = t.clone();
            if u.play(a).is_err() {
                continue;
            }
            let v = if u.removed_king() {
                INFINITY
            } else {
                DxEngine::evaluate(u.position())
            };
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, u));
            }
        }
        t = best?.1;
    }
    let (turn, _) = t.end().ok()?;
    Some(canonical(pos, turn))
}
