//! [`AnyPosition`]: a position of any registered variant, dispatched by `match` (no trait
//! objects), so that generic code such as perft is monomorphised per variant inside one match.
//!
//! To add a variant, add one line to the `any_position!` invocation at the bottom of this file
//! and its ids to [`crate::registry::VARIANTS`].

use core::fmt;

use dimchess_core::perft::{perft_divide_parallel, perft_parallel};
use dimchess_core::{Error, Outcome, Position};

macro_rules! any_position {
    ($($name:ident($pos:ty)),* $(,)?) => {
        /// A position of any variant.
        #[derive(Clone)]
        #[non_exhaustive]
        // Variant positions differ in size (a 192-cell position is several hundred bytes).
        #[allow(clippy::large_enum_variant)]
        pub enum AnyPosition {
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

        impl AnyPosition {
            /// The number of leaves `depth` plies below, on `threads` threads (generic perft,
            /// monomorphised for the variant).
            pub fn perft(&self, depth: u32, threads: usize) -> u64 {
                match self {
                    $(AnyPosition::$name(p) => perft_parallel(p, depth, threads),)*
                }
            }

            /// Perft below each legal move, as (canonical move text, count), in generation
            /// order.
            pub fn perft_divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
                match self {
                    $(AnyPosition::$name(p) => perft_divide_parallel(p, depth, threads)
                        .into_iter()
                        .map(|(m, n)| (p.move_text(m), n))
                        .collect(),)*
                }
            }

            /// The legal moves with their canonical texts.
            pub fn moves_with_text(&self) -> Vec<(AnyMove, String)> {
                match self {
                    $(AnyPosition::$name(p) => {
                        let mut list = <<$pos as Position>::MoveList>::default();
                        p.legal_moves(&mut list);
                        list.iter().map(|&m| (AnyMove::$name(m), p.move_text(m))).collect()
                    })*
                }
            }
        }

        impl Position for AnyPosition {
            type Move = AnyMove;
            type MoveList = Vec<AnyMove>;

            fn legal_moves(&self, moves: &mut Vec<AnyMove>) {
                moves.clear();
                match self {
                    $(AnyPosition::$name(p) => {
                        let mut list = <<$pos as Position>::MoveList>::default();
                        p.legal_moves(&mut list);
                        moves.extend(list.iter().map(|&m| AnyMove::$name(m)));
                    })*
                }
            }

            fn count_legal_moves(&self) -> u64 {
                match self {
                    $(AnyPosition::$name(p) => p.count_legal_moves(),)*
                }
            }

            fn play_unchecked(&mut self, mv: AnyMove) {
                match (self, mv) {
                    $((AnyPosition::$name(p), AnyMove::$name(m)) => p.play_unchecked(m),)*
                    #[allow(unreachable_patterns)]
                    _ => {}
                }
            }

            fn turn(&self) -> usize {
                match self {
                    $(AnyPosition::$name(p) => p.turn(),)*
                }
            }

            fn outcome(&self) -> Option<Outcome> {
                match self {
                    $(AnyPosition::$name(p) => p.outcome(),)*
                }
            }

            fn result_text(&self) -> Option<String> {
                match self {
                    $(AnyPosition::$name(p) => p.result_text(),)*
                }
            }

            fn zobrist(&self) -> u64 {
                match self {
                    $(AnyPosition::$name(p) => p.zobrist(),)*
                }
            }

            fn zobrist_from_scratch(&self) -> u64 {
                match self {
                    $(AnyPosition::$name(p) => p.zobrist_from_scratch(),)*
                }
            }

            fn move_text(&self, mv: AnyMove) -> String {
                match (self, mv) {
                    $((AnyPosition::$name(p), AnyMove::$name(m)) => p.move_text(m),)*
                    #[allow(unreachable_patterns)]
                    _ => format!("{mv:?}"),
                }
            }

            fn parse_move(&self, text: &str) -> Result<AnyMove, Error> {
                match self {
                    $(AnyPosition::$name(p) => p.parse_move(text).map(AnyMove::$name),)*
                }
            }

            fn diagram(&self) -> String {
                match self {
                    $(AnyPosition::$name(p) => p.diagram(),)*
                }
            }
        }

        impl fmt::Display for AnyPosition {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(AnyPosition::$name(p) => fmt::Display::fmt(p, f),)*
                }
            }
        }
    };
}

// One line per variant crate: `Name(position type)`.
any_position! {
    Fide(dimchess_fide::Chess),
    ThreeLevel(dimchess_three_level::ThreeLevel),
}
