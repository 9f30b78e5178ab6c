//! The search engine over [`AnyPosition`]: the same search (`dimchess-engine`) for every
//! registered variant, for a tool, a server or a binding that does not know the variant.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use dimchess_any::engine::{AnyEngine, Limits, Options};
//! use dimchess_any::registry;
//!
//! let pos = registry::start("fide").unwrap();
//! let mut engine = AnyEngine::new(&Options::default());
//! let stop = AtomicBool::new(false);
//! let result = engine.search(&pos, &[], &Limits::depth(2), &stop, |_| {}).unwrap();
//! assert!(pos.moves_with_text().iter().any(|(m, _)| *m == result.best));
//! assert_eq!(result.pv[0], result.best_text);
//! ```

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use dimchess_core::{Error, Evaluate, Position};
use dimchess_engine::{ActionEngine, Engine, Info};
pub use dimchess_engine::{Algorithm, Clock, Limits, Options, Score, solve};

use crate::any::{AnyMove, AnyPosition, VariantPosition};

/// What a search reports after each completed iteration, with move texts.
#[derive(Clone, Debug)]
pub struct AnyInfo {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score for the player to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation as canonical move texts.
    pub pv: Vec<String>,
    /// Which line this is (1 is the best) when [`Limits::multipv`] asks for several.
    pub multipv: usize,
}

impl AnyInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let us = self.elapsed.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / us) as u64
    }
}

/// The answer of a search over an [`AnyPosition`].
#[derive(Clone, Debug)]
pub struct AnySearchResult {
    /// The move to play (legal in the searched position).
    pub best: AnyMove,
    /// Its canonical text.
    pub best_text: String,
    /// The score for the player to move.
    pub score: Score,
    /// The principal variation as canonical move texts, beginning with `best_text`.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Time taken.
    pub elapsed: Duration,
}

impl AnySearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let us = self.elapsed.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / us) as u64
    }
}

/// The texts of `pv` played from `pos`.
fn pv_texts<P: Position>(pos: &P, pv: &[P::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(p.move_text(m));
        p.play_unchecked(m);
    }
    out
}

/// An engine for each variant crate, made on first use, so that one `AnyEngine` serves a
/// session that changes variants. Its tables persist between searches of a game.
pub struct AnyEngine {
    options: Options,
    engines: Engines,
}

macro_rules! engines {
    ($($name:ident($id:literal, $pos:ty, $engine:ty, $description:literal)),* $(,)?) => {
        #[derive(Default)]
        #[allow(non_snake_case)]
        struct Engines {
            $($name: Option<Box<$engine>>,)*
        }

        impl AnyEngine {
            /// Searches `pos` within `limits` (or until `stop` is set): see
            /// [`Engine::search`]. `history` holds the Zobrist keys of the game's earlier
            /// positions (oldest first), for repetitions where the rules know them.
            ///
            /// # Errors
            /// [`Error::GameOver`] if the game has ended in `pos`.
            pub fn search(
                &mut self,
                pos: &AnyPosition,
                history: &[u64],
                limits: &Limits,
                stop: &AtomicBool,
                info: impl FnMut(&AnyInfo),
            ) -> Result<AnySearchResult, Error> {
                self.search_among(pos, history, limits, &[], stop, info)
            }

            /// Whether searches of `pos`'s variant honour [`Limits::multipv`] and the root
            /// moves of [`AnyEngine::search_among`] (every variant but Dimension X, whose
            /// action-level search reports one line of all its turns).
            pub fn supports_root_choice(pos: &AnyPosition) -> bool {
                match pos.inner() {
                    $(VariantPosition::$name(_) => <$engine as RootSearch<_>>::ROOT_CHOICE,)*
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }

            /// [`AnyEngine::search`] restricted to the root moves in `among` (see
            /// [`Engine::search_among`]; moves of other variants are left out, and where
            /// [`AnyEngine::supports_root_choice`] is false `among` is not used).
            ///
            /// # Errors
            /// [`Error::GameOver`] if the game has ended in `pos`.
            pub fn search_among(
                &mut self,
                pos: &AnyPosition,
                history: &[u64],
                limits: &Limits,
                among: &[AnyMove],
                stop: &AtomicBool,
                mut info: impl FnMut(&AnyInfo),
            ) -> Result<AnySearchResult, Error> {
                let options = self.options;
                match pos.inner() {
                    $(VariantPosition::$name(p) => {
                        let engine = self
                            .engines
                            .$name
                            .get_or_insert_with(|| Box::new(<$engine>::new(&options)));
                        let among: Vec<_> = among
                            .iter()
                            .filter_map(|m| match *m {
                                AnyMove::$name(x) => Some(x),
                                #[allow(unreachable_patterns)]
                                _ => None,
                            })
                            .collect();
                        let r = engine.root_search(p, history, limits, &among, stop, |i: &Info<'_, _>| {
                            info(&AnyInfo {
                                depth: i.depth,
                                seldepth: i.seldepth,
                                score: i.score,
                                nodes: i.nodes,
                                elapsed: i.elapsed,
                                pv: pv_texts(p, i.pv),
                                multipv: i.multipv,
                            })
                        })?;
                        Ok(AnySearchResult {
                            best: AnyMove::$name(r.best),
                            best_text: p.move_text(r.best),
                            score: r.score,
                            pv: pv_texts(p, &r.pv),
                            nodes: r.nodes,
                            depth: r.depth,
                            elapsed: r.elapsed,
                        })
                    })*
                    #[allow(unreachable_patterns)]
                    _ => Err(Error::invalid("", format!("no engine for variant `{}`", pos.id()))),
                }
            }

            /// Forgets what earlier searches learnt (call it between games).
            pub fn new_game(&mut self) {
                $(if let Some(e) = self.engines.$name.as_mut() { e.new_game(); })*
            }
        }

        /// The best one-ply move by material (the `greedy` opponent of `dimchess match`):
        /// a move that wins at once if there is one, else the move after which the mover's
        /// strength less the others' is highest; ties go to the earliest in `tie_break`'s
        /// order (a caller passes random numbers for a random choice among equals).
        ///
        /// # Errors
        /// [`Error::GameOver`] if the game has ended.
        pub fn greedy_move(pos: &AnyPosition, mut tie_break: impl FnMut() -> u64) -> Result<AnyMove, Error> {
            match pos.inner() {
                $(VariantPosition::$name(p) => greedy(p, &mut tie_break).map(AnyMove::$name),)*
                #[allow(unreachable_patterns)]
                _ => Err(Error::invalid("", format!("no engine for variant `{}`", pos.id()))),
            }
        }

        /// The static evaluation of `pos` for the player to move, in centipawns (two players:
        /// its strength less the opponent's; more: less the others' mean).
        pub fn static_eval(pos: &AnyPosition) -> i32 {
            match pos.inner() {
                $(VariantPosition::$name(p) => relative(p, p.turn()),)*
                #[allow(unreachable_patterns)]
                _ => 0,
            }
        }
    };
}

/// A search that may choose among root moves and report several lines.
trait RootSearch<P: Position> {
    /// Whether `among` and [`Limits::multipv`] are honoured.
    const ROOT_CHOICE: bool;

    /// Searches `pos`, among the root moves `among` (all if empty).
    fn root_search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        among: &[P::Move],
        stop: &AtomicBool,
        info: impl FnMut(&Info<'_, P::Move>),
    ) -> Result<dimchess_engine::SearchResult<P::Move>, Error>;
}

impl<P: Evaluate> RootSearch<P> for Engine<P> {
    const ROOT_CHOICE: bool = true;

    fn root_search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: &Limits,
        among: &[P::Move],
        stop: &AtomicBool,
        info: impl FnMut(&Info<'_, P::Move>),
    ) -> Result<dimchess_engine::SearchResult<P::Move>, Error> {
        self.search_among(pos, history, limits, among, stop, info)
    }
}

impl RootSearch<dimchess_dimension_x::DxPosition>
    for ActionEngine<dimchess_dimension_x::PartialTurn>
{
    const ROOT_CHOICE: bool = false;

    fn root_search(
        &mut self,
        pos: &dimchess_dimension_x::DxPosition,
        history: &[u64],
        limits: &Limits,
        _among: &[dimchess_dimension_x::Turn],
        stop: &AtomicBool,
        info: impl FnMut(&Info<'_, dimchess_dimension_x::Turn>),
    ) -> Result<dimchess_engine::SearchResult<dimchess_dimension_x::Turn>, Error> {
        self.search(pos, history, limits, stop, info)
    }
}

for_each_variant!(engines);

impl AnyEngine {
    /// An engine with `options` (tables are allocated per variant on its first search).
    pub fn new(options: &Options) -> AnyEngine {
        AnyEngine {
            options: *options,
            engines: Engines::default(),
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }
}

/// `player`'s strength less the others' mean.
fn relative<P: Evaluate>(p: &P, player: usize) -> i32 {
    let mut others = 0;
    for q in 0..P::PLAYERS {
        if q != player {
            others += p.strength(q);
        }
    }
    p.strength(player) - others / (P::PLAYERS as i32 - 1).max(1)
}

fn greedy<P: Evaluate>(p: &P, tie_break: &mut impl FnMut() -> u64) -> Result<P::Move, Error> {
    if let Some(o) = p.outcome() {
        return Err(Error::GameOver(
            p.result_text().unwrap_or_else(|| o.to_string()),
        ));
    }
    let me = p.turn();
    let mut moves = P::MoveList::default();
    p.legal_moves(&mut moves);
    let mut best: Option<(i32, u64, P::Move)> = None;
    for &m in moves.iter() {
        let mut c = p.clone();
        c.play_unchecked(m);
        let v = match c.outcome() {
            Some(dimchess_core::Outcome::Win { winner, .. }) if winner == me => i32::MAX,
            Some(dimchess_core::Outcome::Win { .. }) => i32::MIN + 1,
            Some(dimchess_core::Outcome::Draw { .. }) => 0,
            None => relative(&c, me),
        };
        let t = tie_break();
        if best.is_none_or(|(bv, bt, _)| v > bv || (v == bv && t < bt)) {
            best = Some((v, t, m));
        }
    }
    best.map(|(_, _, m)| m)
        .ok_or_else(|| Error::GameOver("no legal move".to_string()))
}
