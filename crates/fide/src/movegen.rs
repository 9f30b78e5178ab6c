//! Legal move generation for orthodox chess: check evasion and pins by bitboards, so no move
//! is ever played to test its legality. Moves go to a [`Sink`], which either lists them or only
//! counts them (bulk counting for perft).

use dimchess_core::Bitboard64;
use dimchess_core::cpu::Cpu;

use crate::attacks::{self, FILE_A, FILE_H};
use crate::moves::{Move, MoveKind, castling};
use crate::position::Chess;
use crate::types::{Color, Role, Square};

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// Where generated moves go.
pub(crate) trait Sink {
    /// Moves of the piece on `from` to each of `targets` (never pawn moves).
    fn piece(&mut self, from: Square, targets: Bitboard64);
    /// Pawn moves to each of `targets`, from `target - delta`, promoting where on the last rank.
    fn pawns(&mut self, targets: u64, delta: i8, kind: MoveKind);
    /// One move.
    fn one(&mut self, mv: Move);
}

/// Counts moves without listing them.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard64) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, _delta: i8, kind: MoveKind) {
        let promo = (targets & (RANK_1 | RANK_8)).count_ones() as u64;
        let n = targets.count_ones() as u64;
        self.0 += if matches!(kind, MoveKind::Normal) {
            n + 3 * promo
        } else {
            n
        };
    }
    #[inline(always)]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Lists moves into a buffer.
pub(crate) struct Lister<'a, B: dimchess_core::MoveBuffer<Move>>(pub &'a mut B);

impl<B: dimchess_core::MoveBuffer<Move>> Sink for Lister<'_, B> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard64) {
        for to in targets {
            self.0
                .push(Move::new(from, Square::from_index(to), MoveKind::Normal));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i8, kind: MoveKind) {
        let mut t = targets;
        while t != 0 {
            let to = t.trailing_zeros() as usize;
            t &= t - 1;
            let from = Square::from_index((to as isize - delta as isize) as usize);
            let to = Square::from_index(to);
            if matches!(kind, MoveKind::Normal) && (to.rank() == 0 || to.rank() == 7) {
                for r in Role::PROMOTIONS {
                    self.0.push(Move::new(from, to, MoveKind::Promotion(r)));
                }
            } else {
                self.0.push(Move::new(from, to, kind));
            }
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// Lists only the captures and promotions (en passant among them, castling not) into a
/// buffer, and notes whether there was any legal move at all: the moves of a quiescence
/// search.
pub(crate) struct NoisyLister<'a, B: dimchess_core::MoveBuffer<Move>> {
    /// Where the captures and promotions go.
    pub moves: &'a mut B,
    /// The squares of the side not to move.
    pub theirs: u64,
    /// Whether a legal move of any kind was generated.
    pub any: bool,
}

impl<B: dimchess_core::MoveBuffer<Move>> Sink for NoisyLister<'_, B> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard64) {
        self.any |= targets.any();
        let captures = Bitboard64::from_bits(targets.bits() & self.theirs);
        Lister(&mut *self.moves).piece(from, captures);
    }
    #[inline(always)]
    fn pawns(&mut self, targets: u64, delta: i8, kind: MoveKind) {
        self.any |= targets != 0;
        if matches!(kind, MoveKind::Normal) {
            let noisy = targets & (self.theirs | RANK_1 | RANK_8);
            Lister(&mut *self.moves).pawns(noisy, delta, kind);
        }
    }
    #[inline(always)]
    fn one(&mut self, mv: Move) {
        self.any = true;
        if matches!(mv.kind, MoveKind::EnPassant) {
            self.moves.push(mv);
        }
    }
}

#[inline(always)]
fn shift(b: u64, delta: i8) -> u64 {
    if delta >= 0 { b << delta } else { b >> -delta }
}

impl Chess {
    /// The pieces of the side to move that are pinned to its king.
    #[inline(always)]
    pub(crate) fn pinned<C: Cpu>(&self, king: Square, cpu: C) -> Bitboard64 {
        let b = &self.board;
        let us = self.turn;
        let them = us.other();
        let theirs = b.by_color(them);
        let occ = b.occupied();
        let snipers = (attacks::rook_on(cpu, king, theirs) & b.rook_movers(them))
            | (attacks::bishop_on(cpu, king, theirs) & b.bishop_movers(them));
        let mut pinned = Bitboard64::EMPTY;
        for s in snipers {
            let between = attacks::between(king, Square::from_index(s)) & occ;
            if !between.more_than_one() {
                pinned |= between & b.by_color(us);
            }
        }
        pinned
    }

    /// Every square `them` attacks with `occ` blocking the riders (the mover's king left out
    /// of `occ`, so that a step along a checking ray is seen as attacked).
    #[inline(always)]
    fn danger<C: Cpu>(&self, them: Color, occ: Bitboard64, cpu: C) -> Bitboard64 {
        let b = &self.board;
        let pawns = b.pieces(them, Role::Pawn).bits();
        let mut d = attacks::pawns(them, pawns);
        for sq in b.pieces(them, Role::Knight) {
            d |= attacks::knight(Square::from_index(sq)).bits();
        }
        for sq in b.pieces(them, Role::King) {
            d |= attacks::king(Square::from_index(sq)).bits();
        }
        for sq in b.bishop_movers(them) {
            d |= attacks::bishop_on(cpu, Square::from_index(sq), occ).bits();
        }
        for sq in b.rook_movers(them) {
            d |= attacks::rook_on(cpu, Square::from_index(sq), occ).bits();
        }
        Bitboard64::from_bits(d)
    }

    /// Generates every legal move into `sink`, on the code path of `cpu`
    /// ([`dimchess_core::cpu`]: its slider lookups; the rest is compiled for `cpu`'s features
    /// where the caller runs inside [`Cpu::run`], so it is inlined there).
    #[inline(always)]
    pub(crate) fn generate<S: Sink, C: Cpu>(&self, sink: &mut S, cpu: C) {
        match self.turn {
            Color::White => self.generate_for::<S, C, false>(sink, cpu),
            Color::Black => self.generate_for::<S, C, true>(sink, cpu),
        }
    }

    /// [`Chess::generate`] for the side to move, Black if `BLACK`: the pawn directions,
    /// ranks and castlings are constants.
    #[inline(always)]
    fn generate_for<S: Sink, C: Cpu, const BLACK: bool>(&self, sink: &mut S, cpu: C) {
        let b = &self.board;
        let us = if BLACK { Color::Black } else { Color::White };
        let them = us.other();
        let Some(king) = b.king_of(us) else { return };
        let ours = b.by_color(us);
        let theirs = b.by_color(them);
        let occ = b.occupied();
        // A king never gives check: pawns, knights and riders only.
        let checkers = ((attacks::pawn(us, king) & b.by_role(Role::Pawn))
            | (attacks::knight(king) & b.by_role(Role::Knight))
            | (attacks::rook_on(cpu, king, occ) & b.rook_movers_any())
            | (attacks::bishop_on(cpu, king, occ) & b.bishop_movers_any()))
            & theirs;

        // King steps: the destination must not be attacked once the king has left. One map of
        // the enemy's attacks (the king removed from the blockers) answers every step and the
        // castling squares; it is built only when a step or castling is possible at all.
        let steps = attacks::king(king).and_not(ours);
        // The castlings whose right is kept and whose squares between king and rook are empty
        // (at most two, as a bit set over `castling::of(us)`); out of check only.
        let mut castles = 0u8;
        let our_rights = if BLACK {
            castling::BLACK_KING | castling::BLACK_QUEEN
        } else {
            castling::WHITE_KING | castling::WHITE_QUEEN
        };
        if checkers.is_empty() && self.castling & our_rights != 0 {
            for (i, c) in castling::of(us).iter().enumerate() {
                if self.castling & c.right != 0
                    && (attacks::between(c.king_from, c.rook_from) & occ).is_empty()
                {
                    castles |= 1 << i;
                }
            }
        }
        let danger = if steps.any() || castles != 0 {
            self.danger(them, occ.without(king.index()), cpu)
        } else {
            Bitboard64::EMPTY
        };
        let king_targets = steps.and_not(danger);
        sink.piece(king, king_targets);
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(c) => attacks::between(king, Square::from_index(c)) | checkers,
            None => !ours,
        };
        let pinned = self.pinned(king, cpu);

        for sq in b.pieces(us, Role::Knight).and_not(pinned) {
            let sq = Square::from_index(sq);
            sink.piece(sq, attacks::knight(sq) & target);
        }
        for sq in b.bishop_movers(us) {
            let sq = Square::from_index(sq);
            let mut t = attacks::bishop_on(cpu, sq, occ) & target;
            if pinned.contains(sq.index()) {
                t &= attacks::line(king, sq);
            }
            sink.piece(sq, t);
        }
        for sq in b.rook_movers(us) {
            let sq = Square::from_index(sq);
            let mut t = attacks::rook_on(cpu, sq, occ) & target;
            if pinned.contains(sq.index()) {
                t &= attacks::line(king, sq);
            }
            sink.piece(sq, t);
        }

        // Pawns: unpinned ones set-wise, pinned ones one by one along the pin line.
        let pawns = b.pieces(us, Role::Pawn);
        let free = pawns.and_not(pinned).bits();
        let empty = !occ.bits();
        let (up, third, left, right) = match us {
            Color::White => (8i8, 0xff_u64 << 16, 7i8, 9i8),
            Color::Black => (-8i8, 0xff_u64 << 40, -9i8, -7i8),
        };
        let t = target.bits();
        let push1 = shift(free, up) & empty;
        let push2 = shift(push1 & third, up) & empty & t;
        sink.pawns(push1 & t, up, MoveKind::Normal);
        sink.pawns(push2, 2 * up, MoveKind::DoublePush);
        let cap_left = shift(free & !FILE_A, left) & theirs.bits() & t;
        let cap_right = shift(free & !FILE_H, right) & theirs.bits() & t;
        sink.pawns(cap_left, left, MoveKind::Normal);
        sink.pawns(cap_right, right, MoveKind::Normal);
        for sq in pawns & pinned {
            let from = Square::from_index(sq);
            let pin = attacks::line(king, from).bits();
            let one = shift(1u64 << sq, up) & empty;
            let two = shift(one & third, up) & empty;
            sink.pawns(one & t & pin, up, MoveKind::Normal);
            sink.pawns(two & t & pin, 2 * up, MoveKind::DoublePush);
            let caps = attacks::pawn(us, from).bits() & theirs.bits() & t & pin;
            for to in Bitboard64::from_bits(caps) {
                sink.pawns(1u64 << to, to as i8 - sq as i8, MoveKind::Normal);
            }
        }

        // En passant: legal if it answers any check and uncovers no rider on the king.
        if let Some(ep) = self.ep {
            let cap_sq = Square::from_index((ep.index() as isize - up as isize) as usize);
            let answers_check = checkers.is_empty()
                || checkers.contains(cap_sq.index())
                || target.contains(ep.index());
            if answers_check {
                for from in attacks::pawn(them, ep) & pawns {
                    let after = occ.without(from).without(cap_sq.index()).with(ep.index());
                    let exposed = (attacks::rook_on(cpu, king, after) & b.rook_movers(them))
                        | (attacks::bishop_on(cpu, king, after) & b.bishop_movers(them));
                    if exposed.is_empty() {
                        sink.one(Move::new(Square::from_index(from), ep, MoveKind::EnPassant));
                    }
                }
            }
        }

        // Castling: not out of, through or into check; the squares between king and rook empty.
        if castles == 0 {
            return;
        }
        for (i, c) in castling::of(us).iter().enumerate() {
            if castles & (1 << i) != 0 {
                let king_path = attacks::between(c.king_from, c.king_to).with(c.king_to.index());
                if (king_path & danger).is_empty() {
                    sink.one(Move::new(c.king_from, c.king_to, MoveKind::Castle));
                }
            }
        }
    }
}
