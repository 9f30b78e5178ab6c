//! The [`Position`] trait every variant implements, and the game [`Outcome`].

use core::fmt;

use crate::cpu::Cpu;
use crate::error::Error;
use crate::movelist::MoveBuffer;

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One player won (players are numbered in turn order from 0: White is 0, Black 1).
    Win {
        /// The winner.
        winner: usize,
        /// Why, in a few words (`"checkmate"`, `"king captured"`).
        reason: &'static str,
    },
    /// Nobody won.
    Draw {
        /// Why, in a few words (`"stalemate"`).
        reason: &'static str,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<usize> {
        match *self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// Written as in PGN for two players (`1-0 (checkmate)`, `0-1 (...)`, `1/2-1/2 (stalemate)`),
/// and as `player N wins (...)` beyond.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner: 0, reason } => write!(f, "1-0 ({reason})"),
            Outcome::Win { winner: 1, reason } => write!(f, "0-1 ({reason})"),
            Outcome::Win { winner, reason } => write!(f, "player {winner} wins ({reason})"),
            Outcome::Draw { reason } => write!(f, "1/2-1/2 ({reason})"),
        }
    }
}

/// A checked position of a variant: its legal moves, how they are played, and its text forms.
///
/// Positions are copied to make a move (copy-make): `play_unchecked` changes `self`, and a
/// caller that wants the old position keeps a clone. For positions of a few hundred bytes this
/// measures faster than make/unmake and makes "undo restores the position" hold by
/// construction.
pub trait Position: Clone + fmt::Display + Send + Sync + Sized {
    /// A move (a whole turn, for variants whose turn has several actions). Its `Display` is
    /// its canonical text, the same as [`Position::move_text`], which
    /// [`Position::parse_move`] reads back in the position it was made in (and, with
    /// feature `serde`, what it serializes as; `Position::move_seed` reads it back).
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync;
    /// The list legal moves are generated into.
    type MoveList: MoveBuffer<Self::Move>;

    /// Appends every legal move to `moves` (which is cleared first), without allocating where
    /// the list has a fixed capacity: the fast form, for loops that reuse one list
    /// ([`Position::moves`] returns a new list).
    ///
    /// A position where the move tree ends has none: checkmate, stalemate and every other
    /// ending of the variant's rules that perft counts (its rulebook's "a position where the
    /// game has ended has no children"). [`Position::outcome`] may also report an ending that
    /// the move tree does not stop at, where moves remain: `fide`'s dead positions by
    /// insufficient material are draws for [`Position::outcome`], but their moves are listed
    /// and counted as the published perft figures count them.
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// The legal moves as a new list: [`Position::legal_moves`] into a fresh
    /// [`Position::MoveList`] (on the stack for the variants whose list has a fixed
    /// capacity).
    ///
    /// ```
    /// use dimchess_core::Position;
    /// # fn check<P: Position>(pos: &P) {
    /// for mv in pos.moves().iter() {
    ///     assert_eq!(pos.parse_move(&mv.to_string()).ok(), Some(*mv));
    /// }
    /// assert_eq!(pos.moves().len() as u64, pos.count_legal_moves());
    /// # }
    /// ```
    fn moves(&self) -> Self::MoveList {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves
    }

    /// The number of legal moves; variants may count without listing (bulk counting in perft).
    fn count_legal_moves(&self) -> u64 {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.len() as u64
    }

    /// Plays `mv`, which must be one of [`Position::legal_moves`]; anything else may leave a
    /// position that breaks the variant's invariants (but never panics in safe code's sense of
    /// memory safety).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Calls `f` with each legal move, in the order of [`Position::legal_moves`], and the
    /// position after it. The default lists the moves and plays each on a copy; a variant may
    /// override it to share work between generating a move and playing it (what its
    /// generator learnt about a move can spare the resolution a test). Perft's inner loop
    /// calls it.
    ///
    /// ```
    /// use dimchess_core::Position;
    /// # fn check<P: Position>(pos: &P) {
    /// let mut children = 0;
    /// pos.for_each_child(|mv, child| {
    ///     let mut played = pos.clone();
    ///     played.play_unchecked(mv);
    ///     assert_eq!(played.text(), child.text());
    ///     children += 1;
    /// });
    /// assert_eq!(children, pos.count_legal_moves());
    /// # }
    /// ```
    #[inline]
    fn for_each_child(&self, mut f: impl FnMut(Self::Move, &Self)) {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut child = self.clone();
            child.play_unchecked(mv);
            f(mv, &child);
        }
    }

    /// [`Position::count_legal_moves`] on the code path of `cpu` ([`crate::cpu`]): what perft
    /// calls inside [`Cpu::run`]. The default ignores `cpu` (the variant's count is then
    /// compiled for `cpu`'s features only where it is inlined); a variant overrides it to pass
    /// `cpu` on to its slider lookups ([`crate::board8::rook_on`]). Always inlined, like the
    /// variants' counts: perft calls it inside [`Cpu::run`], and an out-of-line copy would be
    /// compiled portably.
    #[inline(always)]
    fn count_legal_moves_on<C: Cpu>(&self, cpu: C) -> u64 {
        let _ = cpu;
        self.count_legal_moves()
    }

    /// [`Position::legal_moves`] on the code path of `cpu`, like
    /// [`Position::count_legal_moves_on`]: what a search calls inside [`Cpu::run`].
    #[inline]
    fn legal_moves_on<C: Cpu>(&self, cpu: C, moves: &mut Self::MoveList) {
        let _ = cpu;
        self.legal_moves(moves);
    }

    /// [`Position::for_each_child`] on the code path of `cpu`, like
    /// [`Position::count_legal_moves_on`].
    #[inline(always)]
    fn for_each_child_on<C: Cpu>(&self, cpu: C, f: impl FnMut(Self::Move, &Self)) {
        let _ = cpu;
        self.for_each_child(f);
    }

    /// The number of leaves two plies below (perft 2) on the code path of `cpu`, like
    /// [`Position::count_legal_moves_on`]: what perft calls at the last-but-one ply. The
    /// default counts the moves of each child of [`Position::for_each_child_on`]; a variant
    /// may override it to make children that only count their moves (no Zobrist key, no
    /// clocks), since nothing else reads them.
    #[inline(always)]
    fn perft2_on<C: Cpu>(&self, cpu: C) -> u64 {
        let mut n = 0;
        // The count is the bulk of the work: inlined wherever the variant calls the closure.
        self.for_each_child_on(
            cpu,
            #[inline(always)]
            |_, child| n += child.count_legal_moves_on(cpu),
        );
        n
    }

    /// The player to move, numbered from 0 in turn order.
    fn turn(&self) -> usize;

    /// The fullmove number, as the position's text writes it: 1 at the start, and one more
    /// after each round of play (after Black's move in two-player games; after the last seat's
    /// in four-player ones). A record numbers its moves from it.
    fn fullmove_number(&self) -> u32;

    /// The outcome if the game has ended in this position, by the position alone (no history:
    /// the endings that need one are [`Position::game_ending`]'s): the end of the move tree
    /// (checkmate, stalemate, a removed King ...), and the automatic endings that need no
    /// history where the variant has some (`fide`: a dead position by insufficient material,
    /// whose legal moves are still listed, see [`Position::legal_moves`]).
    fn outcome(&self) -> Option<Outcome>;

    /// The result text the tool prints (default: [`Position::outcome_text`] of
    /// [`Position::outcome`]).
    fn result_text(&self) -> Option<String> {
        self.outcome().map(|o| self.outcome_text(o))
    }

    /// The result text of `outcome` in this variant (default: [`Outcome`]'s `Display`);
    /// games use it for the endings of [`Position::game_ending`] and
    /// [`Position::draw_claim`] too.
    fn outcome_text(&self, outcome: Outcome) -> String {
        outcome.to_string()
    }

    /// The key under which the variant's repetition rule counts positions as "the same", or
    /// `None` (the default) when its rules have no repetition rule. Games count the positions
    /// of their history with equal keys for [`Position::game_ending`] and
    /// [`Position::draw_claim`].
    fn repetition_key(&self) -> Option<u64> {
        None
    }

    /// An ending that the variant's rules apply to a game but not to a position alone (the
    /// legal moves and perft ignore it), given that this position has occurred `occurrences`
    /// times in the game so far (by [`Position::repetition_key`], this time included; 1 when
    /// the variant has no repetition rule): fivefold repetition and the 75-move rule in
    /// `fide`, TL-18's repetition in `three-level`. Checked after [`Position::outcome`].
    /// Default: none.
    fn game_ending(&self, occurrences: usize) -> Option<Outcome> {
        let _ = occurrences;
        None
    }

    /// A draw the player to move may claim here, in a game where this position has occurred
    /// `occurrences` times (as for [`Position::game_ending`]): threefold repetition and the
    /// 50-move rule in `fide`. Default: none.
    fn draw_claim(&self, occurrences: usize) -> Option<Outcome> {
        let _ = occurrences;
        None
    }

    /// Whether player `seat`'s royal piece is attacked now, in a variant that knows check (a
    /// diagram marks it, a move list writes `+`). Default: `false` (a variant without check,
    /// such as Dimension X, DX-8).
    fn seat_in_check(&self, seat: usize) -> bool {
        let _ = seat;
        false
    }

    /// Whether a move of the side to move can end the game against it at once (its own King
    /// exploding, its army eliminated when it passes). `false` lets a search skip the replies
    /// after the solver's last turn (`dimchess_engine::solve`); the default `true` is always
    /// safe. Variants where a move never loses for its mover (an illegal self-check, no
    /// self-destruction) return `false`.
    fn own_move_can_lose(&self) -> bool {
        true
    }

    /// The Zobrist hash, kept incrementally.
    fn zobrist(&self) -> u64;

    /// The Zobrist hash computed from scratch (equals [`Position::zobrist`] in a correct
    /// implementation; tests compare the two).
    fn zobrist_from_scratch(&self) -> u64;

    /// The key of this position in a table of subtrees `depth` plies deep: two positions of
    /// one variant with equal keys have the same legal moves and outcomes in every position
    /// less than `depth` plies below them (up to hash collisions), so a table may give one the
    /// other's count or score. Perft's [`PerftTable`](crate::perft::PerftTable) is keyed by
    /// it, and so should a search's transposition table be.
    ///
    /// The default is [`Position::zobrist`], which covers everything that decides the moves and
    /// the outcome in most variants. A variant whose position holds more (a clock that ends
    /// the game at a threshold) overrides this and mixes that state in when it can matter
    /// within `depth` plies, and only then, so that positions which differ only in it still
    /// share their entries where they have the same subtrees (see
    /// [`zobrist::clock_key`](crate::zobrist::clock_key)).
    ///
    /// `depth` counts the plies whose positions' moves or outcome the entry depends on: a
    /// perft count `depth` plies deep depends on the positions 0 to `depth - 1` plies below (its
    /// leaves count 1 whatever their state); a search score that also judges the positions
    /// `depth` plies below (a draw by the clock there) asks for `depth + 1`, and a search that
    /// goes on past its nominal depth (quiescence) for the deepest ply it may reach, or
    /// `u32::MAX`. Repetition is not a property of a position and no key covers it: a search
    /// that scores repetitions must not store or take entries whose score depends on the game's
    /// history.
    fn subtree_key(&self, depth: u32) -> u64 {
        let _ = depth;
        self.zobrist()
    }

    /// The canonical text of `mv` in this position.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The move as players write it in a game record or a move list: the variant's readable
    /// notation where it has one (SAN in fide: `Nf3`, `exd5`, `Qxf7#`), else the canonical
    /// [`Position::move_text`] (the default). [`Position::parse_move`] reads it back.
    fn move_notation(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// Appends [`Position::move_text`] to `out`. Callers that list many move texts (the
    /// Python package's `legal_moves`) reuse one buffer; variants override it to write
    /// without a `String` per move.
    fn write_move_text(&self, mv: Self::Move, out: &mut String) {
        out.push_str(&self.move_text(mv));
    }

    /// Reads a move text and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Error>;

    /// A readable multi-line diagram of every board.
    fn diagram(&self) -> String;

    /// The position text (the variant's FEN-style line).
    fn text(&self) -> String {
        self.to_string()
    }

    /// Reads and plays a move text; on error the position is unchanged.
    fn play_text(&mut self, text: &str) -> Result<Self::Move, Error> {
        let mv = self.parse_move(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// Plays `mv` if it is legal; on error the position is unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Error> {
        if !self.is_legal(mv) {
            return Err(Error::illegal(
                self.move_text(mv),
                "",
                "not a legal move here",
            ));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Whether `mv` is one of the legal moves.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// A serde [`DeserializeSeed`](::serde::de::DeserializeSeed) that reads a move text (as a
    /// move serializes: its canonical text) and checks it in this position (feature
    /// `serde`; see [`crate::serde`]).
    #[cfg(feature = "serde")]
    fn move_seed(&self) -> crate::serde::MoveSeed<'_, Self> {
        crate::serde::MoveSeed::new(self)
    }
}
