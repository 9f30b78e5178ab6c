//! The search over the actions of turns ([`ActionEngine`]), for variants whose turn is several
//! actions and whose positions have too many turns to list at every node (Dimension X: one to
//! four actions, ~19,000 distinct turns from the start; the [`Engine`](crate::Engine) over
//! whole turns reaches depth 1 there). It walks a [`TurnInProgress`] one action at a time:
//!
//! - a node is a turn in progress; its children are the next actions
//!   ([`TurnInProgress::ordered_candidates`]) and, once the turn may end, an explicit **end of
//!   turn**; the score is the mover's, and its sign flips at the end of a turn only
//!   (consecutive actions of one player are consecutive max nodes with the same window);
//! - iterative deepening with aspiration windows, as the search over positions has;
//! - the depth counts actions; the end of a turn costs none, so a short turn leaves the
//!   opponent's reply in sight; late quiet actions are searched shallower first, by the
//!   logarithmic table of the search over positions;
//! - pruning outside the root's turn: at a turn boundary, a null move (the mover passes its
//!   whole turn, [`Evaluate::null_move`], and still reaches beta in a shallower search);
//!   within two actions of the horizon, quiet actions are not searched where the static
//!   score is far below alpha (futility);
//! - at the horizon, a quiescence over the captures of the turn in progress, where ending the
//!   turn is scored by the opponent's best captures of the next turn: a turn that leaves a
//!   piece to be taken does not look good because the horizon fell right after it;
//! - an action that wins the game ([`TurnInProgress::has_won`]) scores a win at once; before
//!   searching, [`TurnInProgress::winning_turn`] looks for a turn that wins, so such a turn is
//!   always played, whatever the limits;
//! - a turn in progress that cannot be completed is a dead end and is dropped; a player with
//!   no complete turn has lost;
//! - the transposition table is keyed by [`TurnInProgress::key`]; no stored score cuts a node
//!   of the root's own turn (its principal variation is the answer), the stored step still
//!   goes first there; ordering: the table's step, captures of the royal piece, captures by
//!   victim value ([`TurnInProgress::victim`]), the end of turn, two killers per ply, then
//!   history by [`TurnInProgress::ordinal`];
//! - the answer is the principal variation's first turn, completed
//!   ([`TurnInProgress::complete`]) if the horizon fell inside it.
//!
//! Every ply keeps its turn in progress, its action list and its ordering buffer, made on the
//! engine's first search: a node allocates nothing.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use dimchess_core::{Error, Evaluate, Position, TurnInProgress, Victim};

use crate::alpha_beta::{futility_margin, reduction};
use crate::code_path::balance;
use crate::limits::Limits;
use crate::score::{INFINITY, Score, WIN, WIN_BOUND};
use crate::search::{
    Aspiration, Info, MAX_PLY, Options, Ply, PlyNode, Run, SearchResult, Searcher, check_not_over,
    lazy_smp,
};
use crate::table::Bound;

/// The score of a turn in progress that cannot be completed: below every real score.
const DEAD: i32 = -INFINITY - 1;

const HASH_STEP: i32 = 1 << 30;
const ROYAL: i32 = 1 << 29;
const CAPTURE: i32 = 1 << 28;
const END: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;

/// One step of the action tree: an action, or the end of the turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step<A> {
    Act(A),
    End,
}

/// The node data of the action search at a ply.
pub(crate) struct TurnNode<T: TurnInProgress> {
    /// The turn in progress at this ply.
    turn: T,
    /// Where the end of the turn is written.
    next: T::Position,
    /// The next actions.
    actions: Vec<T::Action>,
}

impl<T: TurnInProgress> PlyNode for TurnNode<T> {
    type Step = Step<T::Action>;
    type Killer = T::Action;
}

/// One action search in progress.
type TurnRun<'a, T> = Run<'a, TurnNode<T>>;

/// The whole turns of the positions searched by an [`ActionEngine`] over `T`.
type TurnOf<T> = <<T as TurnInProgress>::Position as Position>::Move;

/// The search engine over the actions of turns, for a two-player variant whose turn in
/// progress is `T`: alpha-beta over the actions with an explicit end of turn (the score's sign
/// flips at the end of a turn only), a quiescence over captures at the horizon, and a turn that
/// wins at once ([`TurnInProgress::winning_turn`]) played before any search. The same interface
/// as [`Engine`](crate::Engine), depths in actions; its table and history persist from one
/// search to the next. `docs/engine.md` describes the search.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use dimchess_core::toy::{TakeAway, Taking};
/// use dimchess_engine::{ActionEngine, Limits, Options, Score};
///
/// // Take-away, a take at a time: from 2 + 3 counters, one take leaves a multiple of four.
/// let pos = TakeAway::new(2, 3);
/// let mut engine = ActionEngine::<Taking>::new(&Options::default());
/// let stop = AtomicBool::new(false);
/// let r = engine.search(&pos, &[], &Limits::depth(6), &stop, |_| {}).unwrap();
/// assert_eq!(r.best.0[0] + r.best.0[1], 1);
/// assert_eq!(r.score, Score::Win(2));
/// ```
pub struct ActionEngine<T: TurnInProgress>
where
    T::Position: Evaluate,
{
    s: Searcher<TurnNode<T>>,
    /// The searchers of the helper threads of a Lazy SMP search, sharing `s`'s table.
    helpers: Vec<Searcher<TurnNode<T>>>,
}

impl<T: TurnInProgress> ActionEngine<T>
where
    T::Position: Evaluate,
{
    /// An engine with `options` (the table is allocated here, the per-ply data on the first
    /// search, from its position).
    pub fn new(options: &Options) -> Self {
        const { assert!(<T::Position as Evaluate>::PLAYERS == 2, "two players") };
        let s = Searcher::new(options, T::ORDINALS, Vec::new());
        let helpers = (1..options.threads).map(|_| s.helper(Vec::new())).collect();
        ActionEngine { s, helpers }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.s.options
    }

    /// Forgets what earlier searches learnt (table, history, killers).
    pub fn new_game(&mut self) {
        self.s.new_game();
        for h in &mut self.helpers {
            h.new_game();
        }
    }

    /// Searches `pos` as [`Engine::search`](crate::Engine::search) does; `Limits::depth`
    /// counts actions here, and so do the reported depths. `history` is not used: the search
    /// scores no repetition. [`Limits::multipv`] is not used either: one line is reported.
    ///
    /// # Errors
    /// [`Error::GameOver`] if the game has ended in `pos`.
    pub fn search(
        &mut self,
        pos: &T::Position,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        mut info: impl FnMut(&Info<'_, TurnOf<T>>),
    ) -> Result<SearchResult<TurnOf<T>>, Error> {
        let _ = history;
        let ActionEngine { s, helpers } = self;
        lazy_smp(
            s,
            helpers,
            limits,
            stop,
            &mut info,
            &|s, limits, stop, thread, info| think::<T>(s, pos, limits, stop, thread, info),
        )
    }
}

/// One thread's search of `pos` on the searcher `s` ([`ActionEngine::search`]; thread 0 is
/// the main one, see [`lazy_smp`]).
fn think<T: TurnInProgress>(
    s: &mut Searcher<TurnNode<T>>,
    pos: &T::Position,
    limits: &Limits,
    stop: &AtomicBool,
    thread: usize,
    info: &mut dyn FnMut(&Info<'_, TurnOf<T>>),
) -> Result<SearchResult<TurnOf<T>>, Error>
where
    T::Position: Evaluate,
{
    let start = Instant::now();
    check_not_over(pos)?;
    // A turn that wins at once is played whatever the limits.
    if let Some(t) = T::winning_turn(pos) {
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
    if s.plies.is_empty() {
        s.plies.resize_with(MAX_PLY + 1, || {
            Ply::new(TurnNode {
                turn: T::new(pos),
                next: pos.clone(),
                actions: Vec::with_capacity(256),
            })
        });
    }
    let mut run = s.begin(&[], limits, stop, start, pos.turn());
    let mut best_pv: Vec<Step<T::Action>> = Vec::new();
    let mut best_score: i32 = 0;
    let mut depth_done = 0;
    run.deepen(limits, thread, |run, depth| {
        // Aspiration: a narrow window around the previous iteration's score.
        let mut w = if depth_done >= 4 && best_score.abs() < WIN_BOUND {
            Aspiration::around(best_score)
        } else {
            Aspiration::whole()
        };
        let score = loop {
            run.e.plies[0].node.turn.reset(pos);
            let score = run.node(depth as i32, w.lo, w.hi, 0, 0);
            if run.stopped {
                return false;
            }
            if score <= w.lo && w.lo > -INFINITY {
                w.widen_low();
            } else if score >= w.hi && w.hi < INFINITY {
                w.widen_high();
            } else {
                break score;
            }
        };
        best_pv = run.e.plies[0].pv.to_vec();
        best_score = score;
        depth_done = depth;
        let mut turns = pv_turns::<T>(pos, &best_pv);
        if turns.is_empty() {
            // The horizon fell inside the first turn: report it completed.
            turns.extend(T::complete(pos, &first_actions(&best_pv)));
        }
        info(&run.info(depth, score, 2, &turns, 1));
        // A win this turn will not change. (A loss is searched on: the horizon's
        // quiescence sees the reply's captures but not every defence of a longer turn.)
        score < WIN - 1
    });
    let mut pv = pv_turns::<T>(pos, &best_pv);
    let best = T::complete(pos, &first_actions(&best_pv))
        .ok_or_else(|| Error::GameOver("no legal move".to_string()))?;
    if pv.first() != Some(&best) {
        pv = vec![best];
    }
    Ok(SearchResult {
        best,
        score: Score::from_internal(best_score, 2),
        pv,
        nodes: run.nodes,
        depth: depth_done,
        elapsed: start.elapsed().max(Duration::from_nanos(1)),
    })
}

impl<T: TurnInProgress> TurnRun<'_, T>
where
    T::Position: Evaluate,
{
    /// Alpha-beta over the action tree: the score of ply `ply`'s turn in progress for its
    /// mover, `hm` turns below the root (win scores count turns, as the search over positions'
    /// plies do).
    fn node(&mut self, depth: i32, mut alpha: i32, mut beta: i32, ply: usize, hm: usize) -> i32 {
        self.e.plies[ply].pv.clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let fresh = self.e.plies[ply].node.turn.actions().is_empty();
        if depth <= 0 || ply >= MAX_PLY - 12 {
            return self.quiesce(alpha, beta, ply, hm, !fresh);
        }
        // Mate-distance pruning: nothing here beats a win this turn.
        alpha = alpha.max(-(WIN - hm as i32));
        beta = beta.min(WIN - hm as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = self.e.plies[ply].node.turn.key();
        let mut hash_step = None;
        if let Some(hit) = self.e.table.probe(key, hm) {
            hash_step = hit.mv;
            // Not in the root's turn: its principal variation is the answer, and a stored
            // score would cut it short.
            if hm > 0 && hit.depth >= depth && hit.bound.settles(hit.score, alpha, beta) {
                return hit.score;
            }
        }
        if let Some(v) = self.null_move_cut(depth, beta, ply, hm) {
            return v;
        }
        self.order(ply, hash_step);
        // Futility: near the horizon, quiet actions cannot lift a static score this far
        // below alpha.
        let futile = hm > 0
            && depth <= 2
            && alpha.abs() < WIN_BOUND
            && balance(self.e.plies[ply].node.turn.position()) + futility_margin(depth) <= alpha;
        let alpha0 = alpha;
        let mut best = DEAD;
        let mut best_step = None;
        let n = self.e.plies[ply].order.len();
        for i in 0..n {
            let (s, idx) = crate::ordering::pick(&mut self.e.plies[ply].order, i);
            let step = if idx == u32::MAX {
                Step::End
            } else {
                Step::Act(self.e.plies[ply].node.actions[idx as usize])
            };
            if futile && s < KILLER && best > -WIN_BOUND && step != Step::End {
                continue;
            }
            let score = match step {
                Step::End => {
                    self.end_turn(ply);
                    let v = self.node(depth, -beta, -alpha, ply + 1, hm + 1);
                    if v == DEAD { DEAD } else { -v }
                }
                Step::Act(a) => {
                    if self.act(ply, a) {
                        self.e.plies[ply + 1].pv.clear();
                        WIN - hm as i32 - 1
                    } else {
                        // Late quiet actions are searched shallower first (the logarithmic
                        // table of the search over positions), and again at full depth if they
                        // reach alpha.
                        let r = if depth >= 3 && i >= 3 && s < KILLER {
                            reduction(depth, i).clamp(0, depth - 2)
                        } else {
                            0
                        };
                        let mut v = self.node(depth - 1 - r, alpha, beta, ply + 1, hm);
                        if r > 0 && v > alpha && !self.stopped {
                            v = self.node(depth - 1, alpha, beta, ply + 1, hm);
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
                            self.reward(ply, a, T::ordinal(a), depth);
                        }
                        break;
                    }
                }
            }
        }
        if best == DEAD {
            // No complete turn from here: a dead end, or (for a whole turn) a loss.
            return if fresh { -(WIN - hm as i32) } else { DEAD };
        }
        let bound = Bound::of(best, alpha0, beta);
        self.e.table.store(key, hm, best_step, best, depth, bound);
        best
    }

    /// Null-move pruning at a turn boundary outside the root's turn: the mover, whose static
    /// score is at least beta, passes its whole turn ([`Evaluate::null_move`]) and still
    /// reaches beta after the opponent's turn in a search `3 + depth / 4` actions shallower
    /// (never two passes in a row). The node's score, if it is cut off here.
    fn null_move_cut(&mut self, depth: i32, beta: i32, ply: usize, hm: usize) -> Option<i32> {
        let turn = &self.e.plies[ply].node.turn;
        if hm == 0
            || depth < 3
            || beta.abs() >= WIN_BOUND
            || self.e.plies[ply].after_null
            || !turn.actions().is_empty()
            || balance(turn.position()) < beta
        {
            return None;
        }
        let null = turn.position().null_move()?;
        let r = 3 + depth / 4;
        self.e.plies[ply + 1].node.turn.reset(&null);
        self.e.plies[ply + 1].after_null = true;
        // The opponent's turn after the pass begins fresh: it cannot be a dead end.
        let v = -self.node(depth - r, -beta, -beta + 1, ply + 1, hm + 1);
        self.e.plies[ply + 1].after_null = false;
        if self.stopped {
            return Some(0);
        }
        // A win found after a pass is no proof.
        (v >= beta).then_some(if v > WIN_BOUND { beta } else { v })
    }

    /// Ends ply `ply`'s turn: the next ply's turn in progress is an empty turn of the position
    /// after it.
    #[inline]
    fn end_turn(&mut self, ply: usize) {
        let (head, tail) = self.e.plies.split_at_mut(ply + 1);
        let (cur, child) = (&mut head[ply].node, &mut tail[0].node);
        cur.turn.end_into(&mut cur.next);
        child.turn.reset(&cur.next);
    }

    /// Makes the next ply's turn in progress ply `ply`'s with `action` performed; true if the
    /// action won the game.
    #[inline]
    fn act(&mut self, ply: usize, action: T::Action) -> bool {
        let (head, tail) = self.e.plies.split_at_mut(ply + 1);
        let child = &mut tail[0].node.turn;
        child.clone_from(&head[ply].node.turn);
        child.play_unchecked(action);
        child.has_won()
    }

    /// The score at the horizon, for the mover of ply `ply`'s turn in progress: the static
    /// score or a capture of this turn (each a further action of the same turn), whichever is
    /// higher; where the turn may end (`reply`), ending it is scored by the opponent's best
    /// captures of their next turn instead of statically, so that a turn that leaves a piece
    /// to be taken is not mistaken for a good one.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, hm: usize, reply: bool) -> i32 {
        self.e.plies[ply].pv.clear();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let mut best = if reply && self.e.plies[ply].node.turn.can_end() {
            self.end_turn(ply);
            -self.quiesce(-beta, -alpha, ply + 1, hm + 1, false)
        } else {
            balance(self.e.plies[ply].node.turn.position())
        };
        if self.stopped || best >= beta || ply >= MAX_PLY - 2 {
            return best;
        }
        alpha = alpha.max(best);
        // The captures, by victim value.
        {
            let p = &mut self.e.plies[ply];
            let node = &mut p.node;
            node.actions.clear();
            node.turn.ordered_candidates(&mut node.actions);
            p.order.clear();
            for (i, &a) in node.actions.iter().enumerate() {
                match node.turn.victim(a) {
                    Some(Victim::Royal) => p.order.push((ROYAL, i as u32)),
                    Some(Victim::Piece(v)) => p.order.push((v, i as u32)),
                    None => {}
                }
            }
        }
        let n = self.e.plies[ply].order.len();
        for i in 0..n {
            let (_, idx) = crate::ordering::pick(&mut self.e.plies[ply].order, i);
            let a = self.e.plies[ply].node.actions[idx as usize];
            let v = if self.act(ply, a) {
                WIN - hm as i32 - 1
            } else {
                self.quiesce(alpha, beta, ply + 1, hm, reply)
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

    /// Lists ply `ply`'s steps (its actions, and the end of the turn when it may end) and
    /// scores them for ordering.
    fn order(&mut self, ply: usize, hash_step: Option<Step<T::Action>>) {
        let p = &mut self.e.plies[ply];
        let node = &mut p.node;
        node.actions.clear();
        node.turn.ordered_candidates(&mut node.actions);
        p.order.clear();
        if node.turn.can_end() {
            let s = if hash_step == Some(Step::End) {
                HASH_STEP
            } else {
                END
            };
            p.order.push((s, u32::MAX));
        }
        let hash_action = match hash_step {
            Some(Step::Act(a)) => Some(a),
            _ => None,
        };
        for (i, &a) in node.actions.iter().enumerate() {
            let s = if hash_action == Some(a) {
                HASH_STEP
            } else if let Some(victim) = node.turn.victim(a) {
                match victim {
                    Victim::Royal => ROYAL,
                    Victim::Piece(v) => CAPTURE + v * 16 - T::ordinal(a) as i32 / 4096,
                }
            } else if p.killers[0] == Some(a) {
                KILLER + 1
            } else if p.killers[1] == Some(a) {
                KILLER
            } else {
                self.e.history[T::ordinal(a)].clamp(-KILLER + 1, KILLER - 1)
            };
            p.order.push((s, i as u32));
        }
    }
}

/// The actions of a principal variation's first turn.
fn first_actions<A: Copy>(pv: &[Step<A>]) -> Vec<A> {
    pv.iter()
        .map_while(|s| match s {
            Step::Act(a) => Some(*a),
            Step::End => None,
        })
        .collect()
}

/// The whole turns of a principal variation from `pos` (an unfinished last turn is left out).
fn pv_turns<T: TurnInProgress>(pos: &T::Position, pv: &[Step<T::Action>]) -> Vec<TurnOf<T>> {
    let mut out = Vec::new();
    let mut p = pos.clone();
    let mut t = T::new(&p);
    for s in pv {
        match *s {
            Step::Act(a) => {
                t.play_unchecked(a);
                if t.has_won() {
                    out.extend(t.whole_turn());
                    break;
                }
            }
            Step::End => {
                let Some(turn) = t.whole_turn() else { break };
                out.push(turn);
                t.end_into(&mut p);
                t.reset(&p);
            }
        }
    }
    out
}
