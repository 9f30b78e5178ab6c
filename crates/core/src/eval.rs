//! What a search needs to know about a variant beyond its rules: the [`Evaluate`] trait.
//!
//! Each variant crate implements it in its own `eval` module (that crate knows its pieces);
//! the search (`dimchess-engine`) knows no variant and works over this trait alone.

use crate::position::Position;

/// The facts about a noisy move (a capture or a promotion) that move ordering (most valuable
/// victim, least valuable attacker) and quiescence search use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    /// The material the move wins for the mover (the captured pieces' value plus any
    /// promotion gain), in centipawns; positive for a noisy move.
    pub gain: i32,
    /// The value of the piece that moves (the attacker), in centipawns.
    pub attacker: i32,
}

/// Static knowledge of a variant for a search: material and positional value per player,
/// capture facts, and which draws by history the rules know.
///
/// Scores are in centipawns (a FIDE pawn is 100). [`Evaluate::strength`] is a player's own
/// value, never relative: a two-player search evaluates `strength(me) - strength(other)`, a
/// four-player search compares the seats.
pub trait Evaluate: Position {
    /// The number of seats (2, or 4 for the three-level games).
    const PLAYERS: usize;

    /// Whether the rules (or a player's claim under them) draw a game on the repetition of a
    /// position, so that a search may score a repeated position as a draw.
    const REPETITION_DRAWS: bool;

    /// Whether [`Evaluate::strength`] depends on nothing but what the Zobrist key
    /// ([`Position::zobrist`]) holds, so that a search may keep static scores by key. A
    /// variant whose evaluation reads a clock or a counter the key leaves out sets it to
    /// `false`.
    const STATIC_BY_KEY: bool = true;

    /// Whether a search extends its leaves by captures (quiescence). Variants whose leaves
    /// are dear to expand (Dimension X's tens of thousands of turns) set it to `false`.
    const QUIESCENCE: bool = true;

    /// The value of `player`'s army in this position (material plus cheap positional terms),
    /// in centipawns; 0 for a player with nothing left. Never called on finished games by
    /// the search, but must not panic on them.
    fn strength(&self, player: usize) -> i32;

    /// Whether `player` is out of the game (eliminated, in a game of more than two players):
    /// by default, whether its [`Evaluate::strength`] is 0 or less. A variant may override it
    /// with a cheaper look at its own record of eliminations, with the same answers.
    ///
    /// ```
    /// use dimchess_core::Evaluate;
    /// use dimchess_core::toy::TakeAway;
    /// let pos = TakeAway::new(5, 2);
    /// assert_eq!(pos.is_out(0), pos.strength(0) <= 0);
    /// ```
    fn is_out(&self, player: usize) -> bool {
        self.strength(player) <= 0
    }

    /// [`Evaluate::strength`] on the code path of `cpu` ([`crate::cpu`]): what a search calls
    /// inside [`Cpu::run`](crate::cpu::Cpu::run), as perft calls
    /// [`Position::count_legal_moves_on`]. The default ignores `cpu` (the variant's
    /// evaluation then runs portable code, out of line); a variant overrides it with an
    /// evaluation always inlined that passes `cpu` on to its slider lookups, so that the
    /// whole of it is compiled for `cpu`'s features.
    ///
    /// ```
    /// use dimchess_core::Evaluate;
    /// use dimchess_core::cpu::Portable;
    /// use dimchess_core::toy::TakeAway;
    /// let pos = TakeAway::new(5, 2);
    /// assert_eq!(pos.strength_on(Portable, 0), pos.strength(0));
    /// ```
    #[inline(always)]
    fn strength_on<C: crate::cpu::Cpu>(&self, cpu: C, player: usize) -> i32 {
        let _ = cpu;
        self.strength(player)
    }

    /// The static score of a two-player game for the player to move, on the code path of
    /// `cpu`: its [`Evaluate::strength_on`] less the other player's. A variant whose two
    /// strengths share work (a board resolved once for both) overrides it with the same
    /// answer, computed once.
    ///
    /// ```
    /// use dimchess_core::{Evaluate, Position};
    /// use dimchess_core::cpu::Portable;
    /// use dimchess_core::toy::TakeAway;
    /// let pos = TakeAway::new(5, 2);
    /// let me = pos.turn();
    /// assert_eq!(pos.balance_on(Portable), pos.strength(me) - pos.strength(1 - me));
    /// ```
    #[inline(always)]
    fn balance_on<C: crate::cpu::Cpu>(&self, cpu: C) -> i32 {
        let me = self.turn();
        self.strength_on(cpu, me) - self.strength_on(cpu, 1 - me)
    }

    /// The capture facts of the legal move `mv`, or `None` for a quiet move.
    ///
    /// The default plays the move on a copy: a move that wins the game at once gains 100,000;
    /// otherwise the gain is the other players' loss of strength (plus the mover's gain
    /// beyond 150, a promotion). Variants override it with a cheap look at the board.
    fn capture(&self, mv: Self::Move) -> Option<Capture> {
        let me = self.turn();
        let mut after = self.clone();
        after.play_unchecked(mv);
        if let Some(crate::Outcome::Win { winner, .. }) = after.outcome()
            && winner == me
        {
            // A move that wins at once (a King captured) comes before every capture.
            return Some(Capture {
                gain: 100_000,
                attacker: 0,
            });
        }
        let mut gain = 0;
        for p in 0..Self::PLAYERS {
            if p != me {
                gain += self.strength(p) - after.strength(p);
            }
        }
        let promo = after.strength(me) - self.strength(me);
        // Positional terms move by a few centipawns on any move: only material counts here.
        if promo > 150 {
            gain += promo;
        }
        (gain > 50).then_some(Capture {
            gain,
            attacker: 100,
        })
    }

    /// Lists into `moves` (cleared first) every legal move that captures or promotes (those
    /// whose [`Evaluate::capture`] is `Some`), in the order of [`Position::legal_moves`],
    /// and perhaps other legal moves: a quiescence search keeps only the moves `capture`
    /// knows. Returns whether the position has a legal move at all, so that the search still
    /// sees a game that has ended. The default lists every legal move; a variant overrides it
    /// where it can skip the quiet ones for less.
    ///
    /// ```
    /// use dimchess_core::Evaluate;
    /// use dimchess_core::toy::TakeAway;
    /// let pos = TakeAway::new(1, 2);
    /// let mut moves = Default::default();
    /// assert!(pos.noisy_moves(&mut moves));
    /// ```
    fn noisy_moves(&self, moves: &mut Self::MoveList) -> bool {
        self.legal_moves(moves);
        !moves.is_empty()
    }

    /// [`Evaluate::noisy_moves`] on the code path of `cpu`, like [`Evaluate::strength_on`].
    #[inline(always)]
    fn noisy_moves_on<C: crate::cpu::Cpu>(&self, cpu: C, moves: &mut Self::MoveList) -> bool {
        let _ = cpu;
        self.noisy_moves(moves)
    }

    /// The number of plies before the rules themselves draw the game by a clock (a halfmove
    /// counter), if such a rule applies; `Some(0)` when the next turn would already be
    /// drawn. A search mixes this distance into its table key whenever it is within reach,
    /// so that a stored score never hides a clock draw (issue 21).
    fn plies_to_clock_draw(&self) -> Option<u32> {
        None
    }

    /// Whether the player to move is in check (its King attacked), for a search's check
    /// extension and its pruning guards. The default, `false`, suits games without check.
    fn in_check(&self) -> bool {
        false
    }

    /// The position after the player to move passes (a "null move"), for null-move pruning:
    /// `None` where a pass is no sound search device (the default: more than two players, or
    /// a search that measured worse with it) and where zugzwang is likely (a side with no
    /// piece but King and Pawns). For turns of several actions, the pass is of a whole turn,
    /// at a turn boundary. The rules never allow a pass; only a search plays one.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Whether the legal move `mv` wins at least `threshold` centipawns of material once
    /// every capture on its destination square is answered, cheapest capturer first, each
    /// side free to stop (a static exchange evaluation). The default, `true`, is for games
    /// where captures do not simply alternate on one square: nothing is pruned there.
    fn see_ge(&self, mv: Self::Move, threshold: i32) -> bool {
        let _ = (mv, threshold);
        true
    }

    /// A small number that tells moves apart for the history heuristic (for instance
    /// `from * cells + to`); moves with the same key share a history score. The default, 0,
    /// switches the heuristic off.
    fn move_key(&self, mv: Self::Move) -> u32 {
        let _ = mv;
        0
    }
}
