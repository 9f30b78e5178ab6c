//! The calls of a node that run on the code path the CPU allows ([`dimchess_core::cpu`]):
//! the static score and the move lists. Each asks [`cpu::detected`] (one load after the
//! first call) and runs the variant's `_on` method inside [`Cpu::run`], as perft runs its
//! generator; a variant that does not override the `_on` methods runs its portable code.
//! The searches' recursion itself stays out of line and portable: what is dear in a node is
//! its evaluation and generation (callgrind, fide: the evaluation was 47% of a search's
//! instructions, 30% of them saved on the x86-64-v3 path; `docs/performance.md`).

use dimchess_core::cpu::{self, Cpu, Portable};
use dimchess_core::{Evaluate, Position};

use crate::max_n::{SEATS, Scores};
use crate::score::WIN_BOUND;

/// Runs `$body` with `$cpu` bound to the code path [`cpu::detected`] chooses: inside
/// [`Cpu::run`] for x86-64-v3 (the body always inlined there), else as portable code.
macro_rules! on_cpu {
    (|$cpu:ident| $body:expr) => {
        match cpu::detected() {
            Some($cpu) => $cpu.run(
                #[inline(always)]
                || $body,
            ),
            None => {
                let $cpu = Portable;
                $body
            }
        }
    };
}

/// The static score of a two-player position for the player to move: its strength less the
/// opponent's, below every win score.
#[inline]
pub(crate) fn balance<P: Evaluate>(pos: &P) -> i32 {
    on_cpu!(|c| balance_on(pos, c))
}

/// [`balance`] on the code path of `cpu`.
#[inline(always)]
fn balance_on<P: Evaluate, C: Cpu>(pos: &P, cpu: C) -> i32 {
    pos.balance_on(cpu).clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
}

/// Every seat's strength in `pos` (the seats past `P::PLAYERS` stay 0): the static scores
/// of a game of more than two players.
#[inline]
pub(crate) fn strengths<P: Evaluate>(pos: &P) -> Scores {
    on_cpu!(|c| strengths_on(pos, c))
}

/// [`strengths`] on the code path of `cpu`.
#[inline(always)]
fn strengths_on<P: Evaluate, C: Cpu>(pos: &P, cpu: C) -> Scores {
    const { assert!(P::PLAYERS <= SEATS) };
    let mut strengths = [0; SEATS];
    for (seat, s) in strengths.iter_mut().enumerate().take(P::PLAYERS) {
        *s = pos.strength_on(cpu, seat);
    }
    strengths
}

/// Every legal move of `pos` into `moves` ([`Position::legal_moves_on`]).
#[inline]
pub(crate) fn legal_moves<P: Position>(pos: &P, moves: &mut P::MoveList) {
    on_cpu!(|c| pos.legal_moves_on(c, moves))
}

/// The noisy moves of `pos` into `moves`, and whether it has any legal move
/// ([`Evaluate::noisy_moves_on`]).
#[inline]
pub(crate) fn noisy_moves<P: Evaluate>(pos: &P, moves: &mut P::MoveList) -> bool {
    on_cpu!(|c| pos.noisy_moves_on(c, moves))
}
