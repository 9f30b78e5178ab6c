//! [`AnyPosition`]: a position of any registered variant together with its variant id,
//! dispatched by `match` (no trait objects), so that generic code such as perft is
//! monomorphised per variant inside one match.
//!
//! The arms come from the crate's one list of variants (`for_each_variant!` in `lib.rs`):
//! each position type must implement [`dimchess_core::Position`] and
//! [`dimchess_core::Describe`], and its move type `Display` as the move's canonical text.

use core::fmt;

use dimchess_core::eval::Evaluate;
use dimchess_core::layout::{Describe, Layout};
use dimchess_core::perft::{
    PerftOptions, PerftTable, perft, perft_divide_with, perft_hashed, perft_with,
};
use dimchess_core::{Error, Outcome, Position};
use dimchess_engine::solve::{Solution, SolveOptions, SolveReport, solve};

use crate::registry::VariantInfo;

macro_rules! any_position {
    ($($name:ident($id:literal, $pos:ty, $engine:ty, $description:literal)),* $(,)?) => {
        /// A position of one concrete variant type: one arm per variant crate. The registry
        /// builds these; [`AnyPosition`] pairs one with its variant id.
        #[derive(Clone)]
        #[non_exhaustive]
        // Variant positions differ in size (a 192-cell position is several hundred bytes).
        #[allow(clippy::large_enum_variant)]
        pub enum VariantPosition {
            $(
                #[doc = concat!("A `", stringify!($name), "` position.")]
                $name($pos),
            )*
        }

        /// A move of any variant (a whole turn where a turn has several actions).
        #[derive(Copy, Clone, PartialEq, Eq, Debug)]
        #[non_exhaustive]
        pub enum AnyMove {
            $(
                #[doc = concat!("A `", stringify!($name), "` move.")]
                $name(<$pos as Position>::Move),
            )*
        }

        impl AnyMove {
            /// The name of the variant arm the move belongs to (`Fide`, `ThreeLevel` ...), for
            /// messages about a move played in another variant's position.
            pub fn variant_name(&self) -> &'static str {
                match self {
                    $(AnyMove::$name(_) => stringify!($name),)*
                }
            }
        }

        /// The move's canonical text (every variant's move text is its move's `Display`).
        impl fmt::Display for AnyMove {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(AnyMove::$name(m) => fmt::Display::fmt(m, f),)*
                }
            }
        }

        impl VariantPosition {
            /// The players whose royal piece is attacked now ([`Position::seat_in_check`]).
            pub fn players_in_check(&self) -> Vec<usize> {
                fn in_check<P: Evaluate>(p: &P) -> Vec<usize> {
                    (0..P::PLAYERS).filter(|&s| p.seat_in_check(s)).collect()
                }
                match self {
                    $(VariantPosition::$name(p) => in_check(p),)*
                }
            }

            /// The number of leaves `depth` plies below, run as `options` say (generic perft,
            /// monomorphised for the variant).
            pub fn perft_with(&self, depth: u32, options: &PerftOptions<'_>) -> u64 {
                match self {
                    $(VariantPosition::$name(p) => perft_with(p, depth, options),)*
                }
            }

            /// The number of leaves `depth` plies below on the calling thread, with `table`
            /// (shared with other threads, kept between calls) or without a table
            /// (monomorphised for the variant).
            pub fn perft_in(&self, depth: u32, table: Option<&PerftTable>) -> u64 {
                match (self, table) {
                    $((VariantPosition::$name(p), Some(t)) => perft_hashed(p, depth, t),)*
                    $((VariantPosition::$name(p), None) => perft(p, depth),)*
                }
            }

            /// Perft below each legal move, as (canonical move text, count), in generation
            /// order, run as `options` say.
            pub fn perft_divide_with(
                &self,
                depth: u32,
                options: &PerftOptions<'_>,
            ) -> Vec<(String, u64)> {
                match self {
                    $(VariantPosition::$name(p) => perft_divide_with(p, depth, options)
                        .into_iter()
                        .map(|(m, n)| (p.move_text(m), n))
                        .collect(),)*
                }
            }

            /// The exact problem solver ([`dimchess_engine::solve::solve`]), monomorphised for
            /// the variant.
            pub fn solve(&self, options: &SolveOptions) -> Result<SolveReport<AnyMove>, Error> {
                match self {
                    $(VariantPosition::$name(p) => solve(p, options).map(|r| SolveReport {
                        player: r.player,
                        nodes: r.nodes,
                        solutions: r
                            .solutions
                            .into_iter()
                            .map(|s| Solution { first: AnyMove::$name(s.first), turns: s.turns })
                            .collect(),
                    }),)*
                }
            }

            /// The legal moves with their canonical texts.
            pub fn moves_with_text(&self) -> Vec<(AnyMove, String)> {
                match self {
                    $(VariantPosition::$name(p) => {
                        let mut list = <<$pos as Position>::MoveList>::default();
                        p.legal_moves(&mut list);
                        list.iter().map(|&m| (AnyMove::$name(m), p.move_text(m))).collect()
                    })*
                }
            }
        }

        impl Position for VariantPosition {
            type Move = AnyMove;
            type MoveList = Vec<AnyMove>;

            fn legal_moves(&self, moves: &mut Vec<AnyMove>) {
                moves.clear();
                match self {
                    $(VariantPosition::$name(p) => {
                        let mut list = <<$pos as Position>::MoveList>::default();
                        p.legal_moves(&mut list);
                        moves.extend(list.iter().map(|&m| AnyMove::$name(m)));
                    })*
                }
            }

            fn count_legal_moves(&self) -> u64 {
                match self {
                    $(VariantPosition::$name(p) => p.count_legal_moves(),)*
                }
            }

            fn play_unchecked(&mut self, mv: AnyMove) {
                match (self, mv) {
                    $((VariantPosition::$name(p), AnyMove::$name(m)) => p.play_unchecked(m),)*
                    #[allow(unreachable_patterns)]
                    _ => {}
                }
            }

            fn turn(&self) -> usize {
                match self {
                    $(VariantPosition::$name(p) => p.turn(),)*
                }
            }

            fn fullmove_number(&self) -> u32 {
                match self {
                    $(VariantPosition::$name(p) => p.fullmove_number(),)*
                }
            }

            fn outcome(&self) -> Option<Outcome> {
                match self {
                    $(VariantPosition::$name(p) => p.outcome(),)*
                }
            }

            fn result_text(&self) -> Option<String> {
                match self {
                    $(VariantPosition::$name(p) => p.result_text(),)*
                }
            }

            fn outcome_text(&self, outcome: Outcome) -> String {
                match self {
                    $(VariantPosition::$name(p) => p.outcome_text(outcome),)*
                }
            }

            fn repetition_key(&self) -> Option<u64> {
                match self {
                    $(VariantPosition::$name(p) => p.repetition_key(),)*
                }
            }

            fn game_ending(&self, occurrences: usize) -> Option<Outcome> {
                match self {
                    $(VariantPosition::$name(p) => p.game_ending(occurrences),)*
                }
            }

            fn draw_claim(&self, occurrences: usize) -> Option<Outcome> {
                match self {
                    $(VariantPosition::$name(p) => p.draw_claim(occurrences),)*
                }
            }

            fn own_move_can_lose(&self) -> bool {
                match self {
                    $(VariantPosition::$name(p) => p.own_move_can_lose(),)*
                }
            }

            fn zobrist(&self) -> u64 {
                match self {
                    $(VariantPosition::$name(p) => p.zobrist(),)*
                }
            }

            fn zobrist_from_scratch(&self) -> u64 {
                match self {
                    $(VariantPosition::$name(p) => p.zobrist_from_scratch(),)*
                }
            }

            fn subtree_key(&self, depth: u32) -> u64 {
                match self {
                    $(VariantPosition::$name(p) => p.subtree_key(depth),)*
                }
            }

            fn move_text(&self, mv: AnyMove) -> String {
                match (self, mv) {
                    $((VariantPosition::$name(p), AnyMove::$name(m)) => p.move_text(m),)*
                    #[allow(unreachable_patterns)]
                    _ => mv.to_string(),
                }
            }

            fn move_notation(&self, mv: AnyMove) -> String {
                match (self, mv) {
                    $((VariantPosition::$name(p), AnyMove::$name(m)) => p.move_notation(m),)*
                    #[allow(unreachable_patterns)]
                    _ => mv.to_string(),
                }
            }

            fn write_move_text(&self, mv: AnyMove, out: &mut String) {
                match (self, mv) {
                    $((VariantPosition::$name(p), AnyMove::$name(m)) => p.write_move_text(m, out),)*
                    #[allow(unreachable_patterns)]
                    _ => out.push_str(&format!("{mv:?}")),
                }
            }

            fn parse_move(&self, text: &str) -> Result<AnyMove, Error> {
                match self {
                    $(VariantPosition::$name(p) => p.parse_move(text).map(AnyMove::$name),)*
                }
            }

            fn diagram(&self) -> String {
                match self {
                    $(VariantPosition::$name(p) => p.diagram(),)*
                }
            }

            fn text(&self) -> String {
                match self {
                    $(VariantPosition::$name(p) => p.text(),)*
                }
            }

            fn play(&mut self, mv: AnyMove) -> Result<(), Error> {
                match (self, mv) {
                    $((VariantPosition::$name(p), AnyMove::$name(m)) => p.play(m),)*
                    #[allow(unreachable_patterns)]
                    _ => Err(Error::illegal(
                        mv.to_string(),
                        "",
                        format!("a move of another variant ({})", mv.variant_name()),
                    )),
                }
            }

            fn is_legal(&self, mv: AnyMove) -> bool {
                match (self, mv) {
                    $((VariantPosition::$name(p), AnyMove::$name(m)) => p.is_legal(m),)*
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
        }

        /// Requires [`Describe`] of every variant's position type.
        impl Describe for VariantPosition {
            fn layout(&self) -> Layout {
                match self {
                    $(VariantPosition::$name(p) => p.layout(),)*
                }
            }
        }

        impl fmt::Display for VariantPosition {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(VariantPosition::$name(p) => fmt::Display::fmt(p, f),)*
                }
            }
        }
    };
}

for_each_variant!(any_position);

/// A position of any registered variant, with its variant ([`VariantInfo`]).
///
/// Made by the registry ([`crate::registry::start`], [`crate::registry::parse`],
/// [`VariantInfo::start_position`], [`VariantInfo::parse_position`]), so that its id always
/// names the rules it is played by; with feature `serde` it serializes as
/// `{"variant": id, "position": text}` and deserializes through the variant's validating
/// parser.
///
/// ```
/// use dimchess_any::{registry, Position};
/// let mut pos = registry::start("fide").unwrap();
/// assert_eq!(pos.id(), "fide");
/// pos.play_text("e2e4").unwrap();
/// let moves = pos.moves_with_text();
/// assert_eq!(moves.len(), 20);
/// assert!(pos.play_text("e2e4").is_err());
/// ```
#[derive(Clone)]
pub struct AnyPosition {
    variant: &'static VariantInfo,
    pos: VariantPosition,
}

impl AnyPosition {
    /// Pairs a position with its variant (for the registry, which makes both).
    pub(crate) fn new(variant: &'static VariantInfo, pos: VariantPosition) -> AnyPosition {
        AnyPosition { variant, pos }
    }

    /// The variant.
    pub fn variant(&self) -> &'static VariantInfo {
        self.variant
    }

    /// The variant id (`fide`, `hyperspace-optional` ...).
    pub fn id(&self) -> &'static str {
        self.variant.id
    }

    /// The position of the concrete variant type.
    pub fn inner(&self) -> &VariantPosition {
        &self.pos
    }

    /// The number of leaves `depth` plies below, on `threads` threads.
    pub fn perft(&self, depth: u32, threads: usize) -> u64 {
        self.perft_with(
            depth,
            &PerftOptions {
                threads,
                ..PerftOptions::default()
            },
        )
    }

    /// The number of leaves `depth` plies below, run as `options` say (threads, hash table,
    /// progress).
    pub fn perft_with(&self, depth: u32, options: &PerftOptions<'_>) -> u64 {
        self.pos.perft_with(depth, options)
    }

    /// The number of leaves `depth` plies below, counted on the calling thread, looking up and
    /// storing subtree counts in `table` if given: a table kept across calls (and shared by
    /// threads) serves many positions of one variant, as `distributed` runs do.
    pub fn perft_in(&self, depth: u32, table: Option<&PerftTable>) -> u64 {
        self.pos.perft_in(depth, table)
    }

    /// Perft below each legal move, as (canonical move text, count), in generation order.
    pub fn perft_divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        self.perft_divide_with(
            depth,
            &PerftOptions {
                threads,
                ..PerftOptions::default()
            },
        )
    }

    /// [`AnyPosition::perft_divide`] run as `options` say.
    pub fn perft_divide_with(&self, depth: u32, options: &PerftOptions<'_>) -> Vec<(String, u64)> {
        self.pos.perft_divide_with(depth, options)
    }

    /// The legal moves with their canonical texts: one `String` per move. A caller that
    /// needs the texts of a few moves only (a Dimension X list holds tens of thousands of
    /// turns) lists with [`Position::legal_moves`] and asks [`Position::move_text`] (or
    /// [`Position::write_move_text`]) for those.
    pub fn moves_with_text(&self) -> Vec<(AnyMove, String)> {
        self.pos.moves_with_text()
    }

    /// The players in check now (their royal piece attacked), in the variants that know
    /// check: the side to move in fide, Dimension Chess, Hyperspace and Redistribution; any
    /// player in the three-level games (four players: a move can check several). Empty in
    /// Dimension X, which has no check (DX-8).
    ///
    /// ```
    /// use dimchess_any::registry;
    /// let mut pos = registry::start("fide").unwrap();
    /// assert!(pos.players_in_check().is_empty());
    /// for m in ["e2e4", "f7f5", "d1h5"] {
    ///     pos.play_text(m).unwrap();
    /// }
    /// assert_eq!(pos.players_in_check(), vec![1]);
    /// # use dimchess_any::Position;
    /// ```
    pub fn players_in_check(&self) -> Vec<usize> {
        self.pos.players_in_check()
    }

    /// Whether the side to move can force a win within `options.turns` of its own turns, and
    /// with which first moves (the exact solver of [`dimchess_engine::solve`]).
    ///
    /// ```
    /// use dimchess_any::registry;
    /// use dimchess_any::engine::solve::SolveOptions;
    /// let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    /// let pos = registry::parse("fide", fen).unwrap();
    /// let report = pos.solve(&SolveOptions { turns: 1, ..Default::default() }).unwrap();
    /// assert_eq!(pos.move_text(report.solutions[0].first), "h5f7");
    /// # use dimchess_any::Position;
    /// ```
    pub fn solve(&self, options: &SolveOptions) -> Result<SolveReport<AnyMove>, Error> {
        self.pos.solve(options)
    }

    /// Whether a move of this variant is a turn composed action by action (Dimension X,
    /// rulebook 6.2), which [`AnyPosition::compose_turn`] lets a player build one action at a
    /// time instead of choosing among every legal turn (tens of thousands).
    pub fn composes_turns(&self) -> bool {
        matches!(self.pos, VariantPosition::DimensionX(_))
    }

    /// A turn being composed action by action (Dimension X's action-level API,
    /// [`dimchess_dimension_x::PartialTurn`]): after the actions of `prefix`, in order, the
    /// legal next actions (each begins at least one legal turn, rulebook 6.2) and whether the
    /// turn may end there (DX-6). `None` for the variants whose moves are not composed
    /// ([`AnyPosition::composes_turns`]); an error names the first action of `prefix` that is
    /// not a legal next action.
    ///
    /// ```
    /// use dimchess_any::{registry, Position};
    /// let pos = registry::start("dimension-x").unwrap();
    /// let t = pos.compose_turn(&[]).unwrap().unwrap();
    /// assert!(!t.can_end && t.next.iter().any(|a| a == "e2e4"));
    /// let t = pos.compose_turn(&["e2e4", "E2e2"]).unwrap().unwrap();
    /// assert!(t.can_end);
    /// assert_eq!(t.turn_text(), "e2e4,E2e2");
    /// let mut after = pos.clone();
    /// after.play_text(&t.turn_text()).unwrap();
    /// assert!(pos.compose_turn(&["e2e5"]).unwrap().is_err());
    /// assert!(registry::start("fide").unwrap().compose_turn(&[]).is_none());
    /// ```
    pub fn compose_turn(&self, prefix: &[&str]) -> Option<Result<ComposedTurn, Error>> {
        let VariantPosition::DimensionX(p) = &self.pos else {
            return None;
        };
        let mut t = dimchess_dimension_x::PartialTurn::new(p);
        for a in prefix {
            if let Err(e) = t.play_text(a) {
                return Some(Err(e));
            }
        }
        Some(Ok(ComposedTurn {
            position: AnyPosition::new(
                self.variant,
                VariantPosition::DimensionX(t.position().clone()),
            ),
            actions: t.actions().iter().map(ToString::to_string).collect(),
            next: t.legal_next().iter().map(ToString::to_string).collect(),
            can_end: t.can_end(),
        }))
    }

    /// The layout of the position after `mv` with the cells `mv` changed highlighted as the
    /// last move, or an error (and no change) if `mv` is illegal here.
    pub fn play_and_layout(&mut self, mv: AnyMove) -> Result<Layout, Error> {
        let before = self.layout();
        self.play(mv)?;
        let mut after = self.layout();
        after.last_move = Layout::changed_cells(&before, &after);
        Ok(after)
    }
}

/// A turn being composed action by action ([`AnyPosition::compose_turn`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComposedTurn {
    /// The position the actions so far left: the same side still to move, the turn not yet
    /// ended (what a board shows while the turn is composed).
    pub position: AnyPosition,
    /// The actions so far, in order, as texts.
    pub actions: Vec<String>,
    /// The legal next actions as texts: each begins at least one legal turn. Empty once the
    /// enemy King is removed (DX-7) or when no action can follow.
    pub next: Vec<String>,
    /// Whether the turn may end after the actions so far (DX-6): it has a FIDE move or
    /// removed the enemy King.
    pub can_end: bool,
}

impl ComposedTurn {
    /// The text of the turn of the actions so far (commas between them), to play once it
    /// may end.
    pub fn turn_text(&self) -> String {
        self.actions.join(",")
    }
}

impl Position for AnyPosition {
    type Move = AnyMove;
    type MoveList = Vec<AnyMove>;

    fn legal_moves(&self, moves: &mut Vec<AnyMove>) {
        self.pos.legal_moves(moves);
    }

    fn count_legal_moves(&self) -> u64 {
        self.pos.count_legal_moves()
    }

    fn play_unchecked(&mut self, mv: AnyMove) {
        self.pos.play_unchecked(mv);
    }

    fn turn(&self) -> usize {
        self.pos.turn()
    }

    fn fullmove_number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn result_text(&self) -> Option<String> {
        self.pos.result_text()
    }

    fn outcome_text(&self, outcome: Outcome) -> String {
        self.pos.outcome_text(outcome)
    }

    fn repetition_key(&self) -> Option<u64> {
        self.pos.repetition_key()
    }

    fn game_ending(&self, occurrences: usize) -> Option<Outcome> {
        self.pos.game_ending(occurrences)
    }

    fn draw_claim(&self, occurrences: usize) -> Option<Outcome> {
        self.pos.draw_claim(occurrences)
    }

    fn own_move_can_lose(&self) -> bool {
        self.pos.own_move_can_lose()
    }

    fn zobrist(&self) -> u64 {
        self.pos.zobrist()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.pos.zobrist_from_scratch()
    }

    fn subtree_key(&self, depth: u32) -> u64 {
        self.pos.subtree_key(depth)
    }

    fn move_text(&self, mv: AnyMove) -> String {
        self.pos.move_text(mv)
    }

    fn move_notation(&self, mv: AnyMove) -> String {
        self.pos.move_notation(mv)
    }

    fn write_move_text(&self, mv: AnyMove, out: &mut String) {
        self.pos.write_move_text(mv, out);
    }

    fn parse_move(&self, text: &str) -> Result<AnyMove, Error> {
        self.pos.parse_move(text)
    }

    fn diagram(&self) -> String {
        self.pos.diagram()
    }

    fn text(&self) -> String {
        self.pos.text()
    }

    fn play(&mut self, mv: AnyMove) -> Result<(), Error> {
        self.pos.play(mv)
    }

    fn is_legal(&self, mv: AnyMove) -> bool {
        self.pos.is_legal(mv)
    }
}

/// The variant's layout, with the position's result filled in.
impl Describe for AnyPosition {
    fn layout(&self) -> Layout {
        let mut l = self.pos.layout();
        l.result = self.result_text();
        l
    }
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.pos, f)
    }
}

/// `variant: text`.
impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.id(), self.pos)
    }
}

/// Same variant and same position text.
impl PartialEq for AnyPosition {
    fn eq(&self, other: &AnyPosition) -> bool {
        self.id() == other.id() && self.text() == other.text()
    }
}

impl Eq for AnyPosition {}
