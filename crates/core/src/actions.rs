//! Turns made of several actions: the [`TurnInProgress`] trait, what a search over the actions
//! of a turn needs from a variant whose turns are too many to list at every node.
//!
//! A variant whose turn is one move implements [`Position`] and is searched move by move. A
//! variant whose turn is a sequence of actions (Dimension X: up to four, ~19,000 distinct
//! turns from the start) still implements [`Position`] with whole turns as moves, and also
//! implements [`TurnInProgress`] for a turn being composed: a search then walks the actions
//! one at a time and ends the turn explicitly, with the turn in progress as its node.
//!
//! The examples run on [`toy`](crate::toy), Take-away with two piles, whose turns are one to
//! three takes.

use core::fmt;

use crate::position::Position;

/// What an action takes, for ordering captures first (most valuable victim first).
///
/// ```
/// use dimchess_core::toy::{Pile, TakeAway, Taking};
/// use dimchess_core::{TurnInProgress, Victim};
/// // A search tries the royal capture first, then the others by value.
/// let order = |v: Option<Victim>| match v {
///     Some(Victim::Royal) => i32::MAX,
///     Some(Victim::Piece(value)) => value,
///     None => -1,
/// };
/// let t = Taking::new(&TakeAway::new(1, 0));
/// assert_eq!(order(t.victim(Pile::A)), i32::MAX);
/// assert!(order(Some(Victim::Piece(900))) > order(Some(Victim::Piece(100))));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Victim {
    /// The piece whose loss ends the game (a King): the action wins at once.
    Royal,
    /// Another piece of the opponent, with its value in centipawns (the scale of
    /// [`Evaluate::strength`](crate::Evaluate::strength)).
    Piece(i32),
}

/// A turn being composed, one action at a time, in a position of [`TurnInProgress::Position`]:
/// the position it began in, the actions so far and the position they left.
///
/// The search that uses it (`dimchess_engine::ActionEngine`) keeps one value per ply and resets
/// or copies it instead of making new ones, so nothing here should allocate: implementations
/// hold positions and fixed-size arrays.
///
/// ```
/// use dimchess_core::toy::{Pile, Take, TakeAway, Taking};
/// use dimchess_core::{Position, TurnInProgress};
///
/// let pos = TakeAway::new(2, 3);
/// let mut t = Taking::new(&pos);
/// assert!(!t.can_end()); // a turn takes at least one counter
/// t.play_unchecked(Pile::A);
/// t.play_unchecked(Pile::B);
/// assert_eq!(t.whole_turn(), Some(Take([1, 1])));
/// let mut next = pos.clone();
/// assert!(t.end_into(&mut next));
/// assert_eq!(next.piles(), [1, 2]);
/// assert_eq!(next.turn(), 1);
/// ```
pub trait TurnInProgress: Clone + Send {
    /// The position a turn is played in, whose moves are whole turns.
    type Position: Position;
    /// One action of a turn.
    type Action: Copy + Eq + fmt::Debug + Send + Sync;

    /// One more than the largest [`TurnInProgress::ordinal`]: the size of a history table.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, Taking};
    /// use dimchess_core::TurnInProgress;
    /// let history = vec![0i32; Taking::ORDINALS];
    /// assert_eq!(history[Taking::ordinal(Pile::B)], 0);
    /// ```
    const ORDINALS: usize;

    /// An empty turn of the side to move in `pos`.
    ///
    /// ```
    /// use dimchess_core::toy::{TakeAway, Taking};
    /// use dimchess_core::TurnInProgress;
    /// let t = Taking::new(&TakeAway::new(1, 1));
    /// assert!(t.actions().is_empty());
    /// assert_eq!(t.position(), &TakeAway::new(1, 1));
    /// ```
    fn new(pos: &Self::Position) -> Self;

    /// Starts over with an empty turn of the side to move in `pos`, reusing this value (what a
    /// search does at every turn boundary instead of making a new one).
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::TurnInProgress;
    /// let mut t = Taking::new(&TakeAway::new(1, 1));
    /// t.play_unchecked(Pile::A);
    /// t.reset(&TakeAway::new(4, 0));
    /// assert!(t.actions().is_empty());
    /// assert_eq!(t.position().piles(), [4, 0]);
    /// ```
    fn reset(&mut self, pos: &Self::Position);

    /// The actions so far, in order.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::TurnInProgress;
    /// let mut t = Taking::new(&TakeAway::new(2, 2));
    /// t.play_unchecked(Pile::B);
    /// assert_eq!(t.actions(), [Pile::B]);
    /// ```
    fn actions(&self) -> &[Self::Action];

    /// The position the actions so far left, with the same side to move: what a search
    /// evaluates in the middle of a turn.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::{Position, TurnInProgress};
    /// let mut t = Taking::new(&TakeAway::new(2, 2));
    /// t.play_unchecked(Pile::A);
    /// assert_eq!(t.position().piles(), [1, 2]);
    /// assert_eq!(t.position().turn(), 0);
    /// ```
    fn position(&self) -> &Self::Position;

    /// Appends to `out` the actions that may be performed next, in the order a search should
    /// try them. Each is legal in [`TurnInProgress::position`], but need not leave a turn that
    /// can still be completed (a search meets such dead ends and drops them). An
    /// implementation may leave out an action that could as well have come earlier (a
    /// different order of the same actions with the same result), so long as every legal turn
    /// stays reachable in at least one order: a search then visits a set of actions in few
    /// orders. Nothing once the game is won ([`TurnInProgress::has_won`]).
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::TurnInProgress;
    /// let mut t = Taking::new(&TakeAway::new(2, 2));
    /// let mut next = Vec::new();
    /// t.ordered_candidates(&mut next);
    /// assert_eq!(next, [Pile::A, Pile::B]);
    /// // After a take from B, one from A would only reorder the same turn.
    /// t.play_unchecked(Pile::B);
    /// next.clear();
    /// t.ordered_candidates(&mut next);
    /// assert_eq!(next, [Pile::B]);
    /// ```
    fn ordered_candidates(&self, out: &mut Vec<Self::Action>);

    /// Performs `action`, which must be one of [`TurnInProgress::ordered_candidates`] (not
    /// checked).
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::TurnInProgress;
    /// let mut t = Taking::new(&TakeAway::new(2, 2));
    /// t.play_unchecked(Pile::A);
    /// t.play_unchecked(Pile::A);
    /// assert_eq!(t.position().piles(), [0, 2]);
    /// ```
    fn play_unchecked(&mut self, action: Self::Action);

    /// Whether the turn may end now (it is a legal whole turn, or it has won the game).
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::TurnInProgress;
    /// let mut t = Taking::new(&TakeAway::new(2, 2));
    /// assert!(!t.can_end());
    /// t.play_unchecked(Pile::A);
    /// assert!(t.can_end());
    /// ```
    fn can_end(&self) -> bool;

    /// Ends the turn into `out` (a copy, no allocation): the position after the whole turn,
    /// the next player to move. False, with `out` untouched, if the turn may not end yet.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::{Position, TurnInProgress};
    /// let pos = TakeAway::new(2, 2);
    /// let mut t = Taking::new(&pos);
    /// let mut next = pos.clone();
    /// assert!(!t.end_into(&mut next));
    /// t.play_unchecked(Pile::B);
    /// assert!(t.end_into(&mut next));
    /// assert_eq!((next.piles(), next.turn()), ([2, 1], 1));
    /// ```
    fn end_into(&self, out: &mut Self::Position) -> bool;

    /// Whether the actions so far have won the game at once (Dimension X: the enemy King
    /// removed, DX-7): nothing may follow, and the turn may end.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::TurnInProgress;
    /// let mut t = Taking::new(&TakeAway::new(1, 1));
    /// t.play_unchecked(Pile::A);
    /// assert!(!t.has_won());
    /// t.play_unchecked(Pile::B); // the last counter
    /// assert!(t.has_won());
    /// ```
    fn has_won(&self) -> bool;

    /// A key for a search's transposition table: turns in progress with equal keys have the
    /// same continuations (the same [`TurnInProgress::ordered_candidates`] at every step, the
    /// same positions when they end), up to hash collisions. An empty turn's key should be its
    /// position's [`Position::zobrist`].
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::{Position, TurnInProgress};
    /// let pos = TakeAway::new(3, 3);
    /// let t = Taking::new(&pos);
    /// assert_eq!(t.key(), pos.zobrist());
    /// let (mut ab, mut ba) = (t.clone(), t.clone());
    /// ab.play_unchecked(Pile::A);
    /// ab.play_unchecked(Pile::B);
    /// ba.play_unchecked(Pile::B);
    /// ba.play_unchecked(Pile::A);
    /// // The same counters left, but after `B` only `B` may follow.
    /// assert_ne!(ab.key(), ba.key());
    /// ```
    fn key(&self) -> u64;

    /// A small number for history tables, below [`TurnInProgress::ORDINALS`]; actions with the
    /// same ordinal share a history score.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, Taking};
    /// use dimchess_core::TurnInProgress;
    /// assert!(Taking::ordinal(Pile::A) < Taking::ORDINALS);
    /// assert_ne!(Taking::ordinal(Pile::A), Taking::ordinal(Pile::B));
    /// ```
    fn ordinal(action: Self::Action) -> usize;

    /// What the candidate `action` takes from the opponent, if anything: a search tries
    /// [`Victim::Royal`] first, then the other captures by value.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::{TurnInProgress, Victim};
    /// let t = Taking::new(&TakeAway::new(0, 1));
    /// assert_eq!(t.victim(Pile::B), Some(Victim::Royal)); // the last counter wins
    /// let t = Taking::new(&TakeAway::new(0, 2));
    /// assert_eq!(t.victim(Pile::B), None);
    /// ```
    fn victim(&self, action: Self::Action) -> Option<Victim>;

    /// The whole turn the actions so far make, as a move of the position the turn began in
    /// (the variant's canonical form of it, as [`Position::legal_moves`] lists it); `None`
    /// while the turn may not end.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, Take, TakeAway, Taking};
    /// use dimchess_core::{Position, TurnInProgress};
    /// let pos = TakeAway::new(2, 2);
    /// let mut t = Taking::new(&pos);
    /// assert_eq!(t.whole_turn(), None);
    /// t.play_unchecked(Pile::B);
    /// t.play_unchecked(Pile::B);
    /// assert_eq!(t.whole_turn(), Some(Take([0, 2])));
    /// assert!(pos.is_legal(Take([0, 2])));
    /// ```
    fn whole_turn(&self) -> Option<<Self::Position as Position>::Move>;

    /// A legal turn of `pos` that wins the game at once, if there is one (Dimension X: a King
    /// capture, DX-7), found without listing every turn: a search plays it whatever its limits.
    ///
    /// ```
    /// use dimchess_core::toy::{Take, TakeAway, Taking};
    /// use dimchess_core::TurnInProgress;
    /// assert_eq!(Taking::winning_turn(&TakeAway::new(1, 2)), Some(Take([1, 2])));
    /// assert_eq!(Taking::winning_turn(&TakeAway::new(2, 2)), None);
    /// ```
    fn winning_turn(pos: &Self::Position) -> Option<<Self::Position as Position>::Move>;

    /// A legal whole turn of `pos` that begins with the actions `prefix` if they begin one (a
    /// search's horizon may fall inside its best turn), completed by actions of the variant's
    /// choosing; otherwise any legal turn. `None` if `pos` has no legal turn.
    ///
    /// ```
    /// use dimchess_core::toy::{Pile, TakeAway, Taking};
    /// use dimchess_core::{Position, TurnInProgress};
    /// let pos = TakeAway::new(2, 2);
    /// let t = Taking::complete(&pos, &[Pile::B]).unwrap();
    /// assert!(pos.is_legal(t));
    /// assert_eq!(Taking::complete(&TakeAway::new(0, 0), &[]), None);
    /// ```
    fn complete(
        pos: &Self::Position,
        prefix: &[Self::Action],
    ) -> Option<<Self::Position as Position>::Move>;
}
