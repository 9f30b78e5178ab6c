//! An exact problem solver: can the side to move force a win within `N` of its own turns?
//!
//! The question of a composed problem ("White to play and win in 2") is answered by an
//! AND/OR search over the rules alone ([`Position`]): at the solving player's turns *some*
//! move must win (OR), at every other player's turns *every* move must still lose (AND). A win
//! is whatever the variant's [`Position::outcome`] calls a win for the solving player
//! (checkmate, King capture, elimination, promotion win, ...); a draw or another player's win
//! ends a line as a successful defence. With four players the three others are all defenders,
//! whatever they would like to do ("a forced win against any replies").
//!
//! "Within N turns" means before the solving player's turn N + 1: the win comes with one of its
//! first N turns or in the other players' turns after them (in three-level an army checkmated
//! by the last move is eliminated when its owner has passed, TL-14 and TL-16; in Hyperspace a
//! defender may have only moves that explode its own King).
//!
//! The answer never depends on time: the search is exhaustive to the given depth, with cutoffs
//! that cannot change the answer (an OR node stops at its first winning move, an AND node at
//! its first refutation). A table of proven results (keyed by [`Position::zobrist`] and
//! checked against the position itself, see below) merges transpositions; a claimed solution
//! is then proved a second time without the table before it is reported
//! ([`SolveOptions::verify`]), so a hash collision can cost time but never give a wrong
//! "forced win".
//!
//! ```
//! # use dimchess_core::Position;
//! # fn check<P: Position>(pos: &P) -> Result<(), dimchess_core::Error> {
//! use dimchess_engine::solve::{solve, SolveOptions};
//! let report = solve(pos, &SolveOptions { turns: 2, ..SolveOptions::default() })?;
//! for s in &report.solutions {
//!     println!("{} wins in {} turns", pos.move_text(s.first), s.turns);
//! }
//! # Ok(()) }
//! ```

use std::collections::HashMap;

use dimchess_core::{Error, Outcome, Position};

/// What to solve.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The number of the solving player's own turns the win must come within (at least 1).
    pub turns: u32,
    /// Every first move that forces a win within [`SolveOptions::turns`] (each with its
    /// shortest length), instead of stopping at the first shortest one.
    pub all: bool,
    /// Prove each claimed solution a second time without the table of proven results.
    pub verify: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            turns: 1,
            all: false,
            verify: true,
        }
    }
}

/// One first move that forces a win.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The first move.
    pub first: M,
    /// The number of the solving player's turns the forced win takes at most (1: the move
    /// wins at once), the shortest such number for this first move.
    pub turns: u32,
}

/// The answer to a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport<M> {
    /// The player who was to move and whose forced win was sought.
    pub player: usize,
    /// The first moves that force a win within the asked number of turns: empty when no
    /// forced win exists. Without [`SolveOptions::all`], at most one, of the shortest length.
    /// In generation order (by length first without `all`).
    pub solutions: Vec<Solution<M>>,
    /// The positions examined (each position a move led to, counted once per visit).
    pub nodes: u64,
}

impl<M> SolveReport<M> {
    /// Whether the side to move can force a win.
    pub fn is_win(&self) -> bool {
        !self.solutions.is_empty()
    }
}

/// Solves the problem "can the side to move of `pos` force a win within
/// `options.turns` of its own turns?".
///
/// Errors: the game is already over, or `options.turns` is 0.
pub fn solve<P: Position>(pos: &P, options: &SolveOptions) -> Result<SolveReport<P::Move>, Error> {
    if let Some(o) = pos.outcome() {
        return Err(Error::GameOver(
            pos.result_text().unwrap_or_else(|| o.to_string()),
        ));
    }
    if options.turns == 0 {
        return Err(Error::invalid(
            "",
            "nothing to solve: a forced win needs at least one turn",
        ));
    }
    let player = pos.turn();
    let mut solver = Solver::new(player, true);
    let mut moves = P::MoveList::default();
    pos.legal_moves(&mut moves);
    let children: Vec<(P::Move, P)> = moves
        .iter()
        .map(|&m| {
            let mut c = pos.clone();
            c.play_unchecked(m);
            (m, c)
        })
        .collect();
    let mut solutions = Vec::new();
    if options.all {
        // The shortest length of every first move: each move is tried at 1, 2, ... turns.
        for (m, child) in &children {
            for k in 1..=options.turns {
                if solver.move_wins(child, k) && confirm(player, child, k, options.verify) {
                    solutions.push(Solution {
                        first: *m,
                        turns: k,
                    });
                    break;
                }
            }
        }
    } else {
        // Iterative deepening: the first move that wins within k, for k = 1, 2, ...
        if let Some(i) = children
            .iter()
            .position(|(_, c)| c.outcome().is_some_and(|o| o.winner() == Some(player)))
        {
            solutions.push(Solution {
                first: children[i].0,
                turns: 1,
            });
            // The children up to the winning one were examined (the search below is not run).
            solver.nodes += i as u64 + 1;
        }
        'deepen: for k in 1..=options.turns {
            if !solutions.is_empty() {
                break;
            }
            for (m, child) in &children {
                if solver.move_wins(child, k) && confirm(player, child, k, options.verify) {
                    solutions.push(Solution {
                        first: *m,
                        turns: k,
                    });
                    break 'deepen;
                }
            }
        }
    }
    Ok(SolveReport {
        player,
        solutions,
        nodes: solver.nodes,
    })
}

/// A second proof of a claimed solution, without the table of proven results.
fn confirm<P: Position>(player: usize, child: &P, k: u32, verify: bool) -> bool {
    !verify || Solver::new(player, false).move_wins(child, k)
}

/// Which question a table entry answers about a position.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Node {
    /// The solving player is to move and must find a winning move.
    Attack,
    /// Another player is to move and every move must still lose.
    Defend,
}

/// What is proven about one position and question: a forced win with `win_within` turns to
/// come (and so with any more), none with `no_win_within` turns (and so with any fewer).
struct Proven {
    /// The position's full text (compared before an entry is used).
    text: String,
    win_within: u32,
    no_win_within: Option<u32>,
}

/// The AND/OR search for one solving player.
struct Solver<P: Position> {
    player: usize,
    nodes: u64,
    /// Proven results keyed by Zobrist hash and question; each entry holds the position
    /// itself, compared in full before use, so a hash collision is a miss and never a wrong
    /// answer. `None`: no table (the second proof of a solution).
    table: Option<HashMap<(u64, Node), Proven>>,
    _position: core::marker::PhantomData<P>,
}

/// Turns of the other players in a row after which the solving player's turn cannot come back
/// (four seats, passes included, take at most three in every registered variant).
const MAX_OTHER_TURNS: u32 = 16;

/// Positions kept in the table at most (a full table keeps what it has and stores no more).
const TABLE_LIMIT: usize = 1 << 20;

impl<P: Position> Solver<P> {
    fn new(player: usize, table: bool) -> Self {
        Solver {
            player,
            nodes: 0,
            table: table.then(HashMap::new),
            _position: core::marker::PhantomData,
        }
    }

    /// Whether the position `child`, reached by a move of the solving player, is a forced win
    /// within `k` of the solving player's turns counting the move that reached it.
    fn move_wins(&mut self, child: &P, k: u32) -> bool {
        self.reached(child, k - 1)
    }

    /// Whether `pos`, just reached by some move, is a forced win for the solving player with
    /// `left` of its turns still to come: the game is won, or the solving player is to move
    /// (with a turn left) and some move wins, or another player is to move and every move
    /// still loses. The other players' turns after the solving player's last turn count: a
    /// three-level army checkmated by the last move is eliminated only when its owner has
    /// passed (TL-14, TL-16), and a Hyperspace defender may have only moves that explode its
    /// own King.
    fn reached(&mut self, pos: &P, left: u32) -> bool {
        self.reached_after(pos, left, 0)
    }

    /// [`Solver::reached`] after `others` turns of the other players since the solving
    /// player's last move.
    fn reached_after(&mut self, pos: &P, left: u32, others: u32) -> bool {
        self.nodes += 1;
        match pos.outcome() {
            Some(o) => self.is_our_win(&o),
            None if pos.turn() == self.player => left > 0 && self.attack(pos, left),
            None => self.defend(pos, left, others),
        }
    }

    fn is_our_win(&self, o: &Outcome) -> bool {
        o.winner() == Some(self.player)
    }

    /// The solving player is to move in `pos` (game not over) with `left` >= 1 turns: does
    /// some move force a win?
    fn attack(&mut self, pos: &P, left: u32) -> bool {
        let text = self.table.is_some().then(|| pos.text());
        if let Some(known) = self.lookup(pos, text.as_deref(), Node::Attack, left) {
            return known;
        }
        let mut moves = P::MoveList::default();
        pos.legal_moves(&mut moves);
        let mut children: Vec<(u64, P)> = moves
            .iter()
            .map(|&m| {
                let mut c = pos.clone();
                c.play_unchecked(m);
                (0, c)
            })
            .collect();
        // A move that wins at once is the answer whatever `left` is: look for one first.
        let mut win = false;
        for (_, c) in &children {
            self.nodes += 1;
            if c.outcome().is_some_and(|o| self.is_our_win(&o)) {
                win = true;
                break;
            }
        }
        if !win {
            // Moves that leave the defence fewest replies first (the usual mate-search order:
            // checks and restrictions come first). Finished games were looked at above.
            children.retain(|(_, c)| c.outcome().is_none());
            if left > 1 && children.len() > 1 {
                for (rank, c) in children.iter_mut() {
                    *rank = c.count_legal_moves();
                }
                children.sort_by_key(|(rank, _)| *rank);
            }
            win = children.iter().any(|(_, c)| {
                if c.turn() == self.player {
                    left > 1 && self.attack(c, left - 1)
                } else {
                    self.defend(c, left - 1, 0)
                }
            });
        }
        self.store(pos, text, Node::Attack, left, win);
        win
    }

    /// Another player is to move in `pos` (game not over), and the solving player has `left`
    /// turns to come: does every move still lose?
    fn defend(&mut self, pos: &P, left: u32, others: u32) -> bool {
        if left == 0 && !pos.own_move_can_lose() {
            // After the solving player's last turn only a reply that loses at once for its
            // mover could still win; this variant has none.
            return false;
        }
        if others >= MAX_OTHER_TURNS {
            // The solving player's turn does not come back: it has been eliminated (four
            // players), so no win of its own can follow.
            return false;
        }
        let text = self.table.is_some().then(|| pos.text());
        if let Some(known) = self.lookup(pos, text.as_deref(), Node::Defend, left) {
            return known;
        }
        let mut moves = P::MoveList::default();
        pos.legal_moves(&mut moves);
        // No legal move without an outcome cannot happen in a correct variant; it proves
        // nothing, so it is no forced win.
        let mut lost = !moves.is_empty();
        for &m in moves.iter() {
            let mut c = pos.clone();
            c.play_unchecked(m);
            if !self.reached_after(&c, left, others + 1) {
                lost = false;
                break;
            }
        }
        self.store(pos, text, Node::Defend, left, lost);
        lost
    }

    fn lookup(&self, pos: &P, text: Option<&str>, node: Node, k: u32) -> Option<bool> {
        let e = self.table.as_ref()?.get(&(pos.zobrist(), node))?;
        if Some(e.text.as_str()) != text {
            return None;
        }
        if k >= e.win_within {
            Some(true)
        } else if e.no_win_within.is_some_and(|n| k <= n) {
            Some(false)
        } else {
            None
        }
    }

    fn store(&mut self, pos: &P, text: Option<String>, node: Node, k: u32, win: bool) {
        let (Some(table), Some(text)) = (self.table.as_mut(), text) else {
            return;
        };
        let key = (pos.zobrist(), node);
        if !table.contains_key(&key) && table.len() >= TABLE_LIMIT {
            return;
        }
        let e = table.entry(key).or_insert_with(|| Proven {
            text: text.clone(),
            win_within: u32::MAX,
            no_win_within: None,
        });
        if e.text != text {
            return;
        }
        if win {
            e.win_within = e.win_within.min(k);
        } else {
            e.no_win_within = Some(e.no_win_within.map_or(k, |n| n.max(k)));
        }
    }
}
