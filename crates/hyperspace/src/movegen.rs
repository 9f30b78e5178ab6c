//! Legal move generation (HS-1, HS-2, HS-4, HS-5, HS-6, HS-16, HS-17, HS-19, HS-20, HS-23),
//! without heap allocation.
//!
//! The mover's landings this turn are fixed before the move is chosen, so they are resolved
//! once on the current board, giving the board `b0` and the *sensitive* squares `z` (landing
//! squares and blast areas). A move that touches no sensitive square leaves the landings
//! unchanged, so its whole turn ends on `b0` with the move applied, and its legality follows
//! from checks and pins on `b0`, as in FIDE chess (a hyperspace move only takes a piece off the
//! board). The few moves that touch a sensitive square, and castling and en passant, are
//! tested by playing the turn on a copy of the board.

use dimchess_core::Bitboard64;
use dimchess_fide::moves::castling;
use dimchess_fide::{Board, Color, Role, Square, attacks};

use crate::moves::{HYP, IMM, Move, PROMO_TAGS};
use crate::play::resolve_landings;
use crate::position::HyperspacePosition;

/// Where generated moves go.
pub(crate) trait Sink {
    /// One move from `from` to each of `targets`, with the packed `tag`.
    fn targets(&mut self, from: usize, targets: u64, tag: u16);
    /// Four promotion moves from `from` to each of `targets`.
    fn promotions(&mut self, from: usize, targets: u64);
    /// One move.
    fn one(&mut self, mv: Move);
    /// Pawn moves to each of `targets`, from `target - delta`, with the packed `tag`; an
    /// immediate move onto the last rank becomes the four promotions.
    fn pawns(&mut self, targets: u64, delta: isize, tag: u16);
}

/// Counts moves without listing them (bulk counting for perft).
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn targets(&mut self, _from: usize, targets: u64, _tag: u16) {
        self.0 += u64::from(targets.count_ones());
    }
    #[inline]
    fn promotions(&mut self, _from: usize, targets: u64) {
        self.0 += 4 * u64::from(targets.count_ones());
    }
    #[inline]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline]
    fn pawns(&mut self, targets: u64, _delta: isize, tag: u16) {
        let n = u64::from(targets.count_ones());
        self.0 += if tag == IMM {
            n + 3 * u64::from((targets & LAST_RANKS).count_ones())
        } else {
            n
        };
    }
}

/// Lists moves into a buffer.
pub(crate) struct Lister<'a, B: dimchess_core::MoveBuffer<Move>>(pub &'a mut B);

impl<B: dimchess_core::MoveBuffer<Move>> Sink for Lister<'_, B> {
    #[inline]
    fn targets(&mut self, from: usize, mut targets: u64, tag: u16) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            self.0.push(Move::raw(from, to, tag));
        }
    }
    #[inline]
    fn promotions(&mut self, from: usize, mut targets: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            for tag in PROMO_TAGS {
                self.0.push(Move::raw(from, to, tag));
            }
        }
    }
    #[inline]
    fn one(&mut self, mv: Move) {
        self.0.push(mv);
    }
    #[inline]
    fn pawns(&mut self, mut targets: u64, delta: isize, tag: u16) {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let from = (to as isize - delta) as usize;
            if tag == IMM && LAST_RANKS >> to & 1 != 0 {
                for t in PROMO_TAGS {
                    self.0.push(Move::raw(from, to, t));
                }
            } else {
                self.0.push(Move::raw(from, to, tag));
            }
        }
    }
}

#[inline]
fn shift(b: u64, delta: isize) -> u64 {
    if delta >= 0 { b << delta } else { b >> -delta }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

const LAST_RANKS: u64 = 0xff | 0xff << 56;

/// Where a bishop, rook or queen on each square reaches on an empty board, split into the
/// adjacent squares (immediate moves) and the others (hyperspace moves, HS-1, HS-4): built once.
struct Reach {
    near: [[u64; 64]; 3],
    far: [[u64; 64]; 3],
}

static REACH: std::sync::LazyLock<Reach> = std::sync::LazyLock::new(|| {
    let mut r = Reach {
        near: [[0; 64]; 3],
        far: [[0; 64]; 3],
    };
    for (i, role) in [Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        for s in 0..64 {
            let sq = Square::from_index(s);
            let all = attacks::attacks(role, Color::White, sq, Bitboard64::EMPTY).bits();
            let adj = attacks::king(sq).bits();
            r.near[i][s] = all & adj;
            r.far[i][s] = all & !adj;
        }
    }
    r
});

/// What the legality shortcuts need to know about the turn.
struct Ctx {
    /// Sensitive squares: moves touching them are tested by playing.
    z: u64,
    /// Every move that touches no sensitive square is legal (a king is gone after the
    /// landings, HS-14; or pseudo-legal generation).
    free: bool,
    /// Generate pseudo-legal moves (movement rules only, no check test).
    pseudo: bool,
    /// The mover's king square on `b0`.
    king: Square,
    /// Allowed destinations of immediate non-king moves (answers to a check).
    check_mask: u64,
    /// No check on `b0`: hyperspace moves of unpinned pieces are legal.
    hyper_ok: bool,
    /// The mover's pieces pinned to its king on `b0`.
    pinned: u64,
    /// The king lands this turn (castled king in flight): its square is empty when the regular
    /// move is made, so an immediate slide of a pinned piece may cross it (HS-7, HS-23) and end
    /// beyond the king on the pin line. Such moves are tested by playing.
    king_lands: bool,
}

impl Ctx {
    #[inline]
    fn imm_mask(&self, o: usize) -> u64 {
        if self.free {
            !0
        } else if self.pinned >> o & 1 != 0 {
            self.check_mask & attacks::line(self.king, Square::from_index(o)).bits()
        } else {
            self.check_mask
        }
    }

    #[inline]
    fn hyper_legal(&self, o: usize) -> bool {
        self.free || (self.hyper_ok && self.pinned >> o & 1 == 0)
    }
}

/// The pieces of `us` pinned to the king on `k`.
#[inline]
fn pinned(b: &Board, k: Square, us: Color) -> u64 {
    let them = us.other();
    let theirs = b.by_color(them);
    let occ = b.occupied();
    let snipers = (attacks::rook(k, theirs) & b.rook_movers(them))
        | (attacks::bishop(k, theirs) & b.bishop_movers(them));
    let mut p = 0;
    for s in snipers {
        let between = attacks::between(k, Square::from_index(s)) & occ;
        if !between.more_than_one() {
            p |= (between & b.by_color(us)).bits();
        }
    }
    p
}

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// Generates every legal move into `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        self.generate_with(sink, false);
    }

    /// Generates every move that obeys the movement rules, legal or not (for error messages).
    pub(crate) fn generate_pseudo<S: Sink>(&self, sink: &mut S) {
        self.generate_with(sink, true);
    }

    #[inline]
    fn slow<S: Sink>(&self, ctx: &Ctx, sink: &mut S, mv: Move) {
        if ctx.pseudo || self.legal_by_playing(mv) {
            sink.one(mv);
        }
    }

    /// Immediate moves from `o` to `targets` (promotions where they reach the last rank).
    #[inline(always)]
    fn emit_imm<S: Sink>(&self, ctx: &Ctx, sink: &mut S, o: usize, targets: u64) {
        if targets == 0 {
            return;
        }
        let promo = targets & LAST_RANKS;
        let plain = targets & !LAST_RANKS;
        let pawn = self.board.by_role(Role::Pawn).contains(o);
        let (promo, plain) = if pawn { (promo, plain) } else { (0, targets) };
        let (fast_plain, fast_promo, slow) =
            if ctx.z >> o & 1 != 0 || (ctx.king_lands && ctx.pinned >> o & 1 != 0) {
                (0, 0, targets)
            } else {
                let m = ctx.imm_mask(o) & !ctx.z;
                (plain & m, promo & m, targets & ctx.z)
            };
        sink.targets(o, fast_plain, IMM);
        sink.promotions(o, fast_promo);
        let mut s = slow;
        while s != 0 {
            let t = s.trailing_zeros() as usize;
            s &= s - 1;
            if pawn && LAST_RANKS >> t & 1 != 0 {
                for tag in PROMO_TAGS {
                    self.slow(ctx, sink, Move::raw(o, t, tag));
                }
            } else {
                self.slow(ctx, sink, Move::raw(o, t, IMM));
            }
        }
    }

    /// Hyperspace moves from `o` to `targets`: only the origin matters to the turn.
    #[inline(always)]
    fn emit_hyper<S: Sink>(&self, ctx: &Ctx, sink: &mut S, o: usize, targets: u64) {
        if targets == 0 {
            return;
        }
        if ctx.z >> o & 1 != 0 {
            let mut s = targets;
            while s != 0 {
                let t = s.trailing_zeros() as usize;
                s &= s - 1;
                self.slow(ctx, sink, Move::raw(o, t, HYP));
            }
        } else if ctx.hyper_legal(o) {
            sink.targets(o, targets, HYP);
        }
    }

    /// Whether `them` attacks `sq` on the current board, from it or from hyperspace (HS-15).
    #[inline]
    fn attacked_now(&self, sq: Square, them: Color, threats: u64) -> bool {
        threats >> sq.index() & 1 != 0 || self.board.is_attacked(sq, them, self.board.occupied())
    }

    // Always inlined, so that perft's code path chosen at run time (`dimchess_core::cpu`)
    // compiles it.
    #[inline(always)]
    fn generate_with<S: Sink>(&self, sink: &mut S, pseudo: bool) {
        let us = self.turn;
        let them = us.other();
        // HS-24: a side without a king has lost; a finished game has no moves.
        if !self.has_king(us) || !self.has_king(them) {
            return;
        }
        let board = &self.board;
        let own = board.by_color(us).bits();
        let enemy = board.by_color(them).bits();
        let occ = own | enemy;
        let threats = self.flight.threats(them);

        // The landings of this turn, resolved on the current board.
        let landers = self.flight.landers(us);
        let b0_store: Board;
        let mut z = 0u64;
        let b0: &Board = if landers.is_empty() || pseudo {
            board
        } else {
            let mut b = *board;
            z = resolve_landings(&mut b, landers, us);
            b0_store = b;
            for &e in landers {
                z |= 1 << crate::flight::dest(e);
            }
            &b0_store
        };
        let king0 = b0.king_of(us);
        let enemy_king0 = b0.pieces(them, Role::King).any() || self.flight.king(them).is_some();
        let free = pseudo || king0.is_none() || !enemy_king0;
        let mut ctx = Ctx {
            z,
            free,
            pseudo,
            king: king0.unwrap_or(Square::from_index(0)),
            check_mask: !0,
            hyper_ok: true,
            pinned: 0,
            king_lands: false,
        };
        if !free && let Some(k) = king0 {
            let occ0 = b0.occupied();
            let checkers = b0.attackers_to(k, them, occ0);
            let from_flight = threats >> k.index() & 1 != 0;
            let n = checkers.count() + u32::from(from_flight);
            ctx.hyper_ok = n == 0;
            ctx.check_mask = match (n, checkers.first()) {
                (0, _) => !0,
                (1, Some(c)) => (attacks::between(k, Square::from_index(c)) | checkers).bits(),
                _ => 0,
            };
            ctx.pinned = pinned(b0, k, us);
            ctx.king_lands = board.king_of(us).is_none();
        }

        // The king: steps only (HS-1), and castling.
        if let Some(ks) = board.king_of(us) {
            let k = ks.index();
            let steps = attacks::king(ks).bits() & !own;
            if ctx.free {
                sink.targets(k, steps & if z >> k & 1 != 0 { 0 } else { !z }, IMM);
            } else if z >> k & 1 == 0 {
                let occ0 = b0.occupied().without(k);
                let mut s = steps & !z & !threats;
                let mut ok = 0u64;
                while s != 0 {
                    let t = s.trailing_zeros() as usize;
                    s &= s - 1;
                    if !b0.is_attacked(Square::from_index(t), them, occ0) {
                        ok |= 1 << t;
                    }
                }
                sink.targets(k, ok, IMM);
            }
            let slow_steps = if z >> k & 1 != 0 { steps } else { steps & z };
            let mut s = slow_steps;
            while s != 0 {
                let t = s.trailing_zeros() as usize;
                s &= s - 1;
                self.slow(&ctx, sink, Move::raw(k, t, IMM));
            }
            self.castlings(&ctx, sink, ks, threats);
        }

        // Knights: every jump is a hyperspace move (HS-1, HS-2); in hyperspace-optional also
        // the immediate FIDE jump (HS-23).
        for o in board.pieces(us, Role::Knight) {
            let t = attacks::knight(Square::from_index(o)).bits() & !own;
            self.emit_hyper(&ctx, sink, o, t);
            if OPTIONAL {
                self.emit_imm(&ctx, sink, o, t);
            }
        }
        // Sliders: one step immediate, longer slides through hyperspace past anything (HS-4)
        // onto any square not holding an own piece (HS-5).
        let reach = &*REACH;
        for (i, role) in [Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .enumerate()
        {
            for o in board.pieces(us, role) {
                let near = reach.near[i][o];
                let far = reach.far[i][o];
                self.emit_imm(&ctx, sink, o, near & !own);
                self.emit_hyper(&ctx, sink, o, far & !own);
                if OPTIONAL {
                    let sq = Square::from_index(o);
                    let open = attacks::attacks(role, us, sq, Bitboard64::from_bits(occ)).bits();
                    self.emit_imm(&ctx, sink, o, open & far & !own);
                }
            }
        }
        // Pawns (HS-6, HS-19, HS-20).
        let (up, start_rank): (isize, u8) = match us {
            Color::White => (8, 1),
            Color::Black => (-8, 6),
        };
        // Pawns whose origin is not sensitive and which are not pinned: set-wise.
        let pawns = board.pieces(us, Role::Pawn).bits();
        let easy = if ctx.free {
            pawns & !z
        } else {
            pawns & !z & !ctx.pinned
        };
        {
            let (left, right) = (up - 1, up + 1);
            let mask = if ctx.free { !0 } else { ctx.check_mask };
            let push1 = shift(easy, up) & !occ;
            let cap_l = shift(easy & !FILE_A, left) & enemy;
            let cap_r = shift(easy & !FILE_H, right) & enemy;
            let start = easy & (0xff << (8 * start_rank as usize));
            let double = shift(start, 2 * up) & !occ;
            let mut imm_sets = [(push1, up), (cap_l, left), (cap_r, right), (0, 2 * up)];
            if OPTIONAL {
                imm_sets[3].0 = shift(shift(start, up) & !occ, up) & !occ;
            }
            for (set, delta) in imm_sets {
                sink.pawns(set & mask & !z, delta, IMM);
                let mut slow = set & z;
                while slow != 0 {
                    let t = slow.trailing_zeros() as usize;
                    slow &= slow - 1;
                    let o = (t as isize - delta) as usize;
                    if LAST_RANKS >> t & 1 != 0 {
                        for tag in PROMO_TAGS {
                            self.slow(&ctx, sink, Move::raw(o, t, tag));
                        }
                    } else {
                        self.slow(&ctx, sink, Move::raw(o, t, IMM));
                    }
                }
            }
            if ctx.free || ctx.hyper_ok {
                sink.pawns(double, 2 * up, HYP);
            }
        }
        // The other pawns one by one.
        for o in Bitboard64::from_bits(pawns & !easy) {
            let sq = Square::from_index(o);
            let one = (o as isize + up) as usize;
            let mut imm = attacks::pawn(us, sq).bits() & enemy;
            if occ >> one & 1 == 0 {
                imm |= 1 << one;
            }
            self.emit_imm(&ctx, sink, o, imm);
            if sq.rank() == start_rank {
                let two = (o as isize + 2 * up) as usize;
                if occ >> two & 1 == 0 {
                    // HS-4, HS-5: over anything, onto an empty square.
                    self.emit_hyper(&ctx, sink, o, 1 << two);
                    if OPTIONAL && occ >> one & 1 == 0 {
                        self.emit_imm(&ctx, sink, o, 1 << two);
                    }
                }
            }
        }
        // En passant (HS-19, hyperspace-optional only): tested by playing.
        if OPTIONAL && let Some(ep) = self.ep {
            for o in attacks::pawn(them, ep) & board.pieces(us, Role::Pawn) {
                self.slow(&ctx, sink, Move::raw(o, ep.index(), IMM));
            }
        }
    }

    /// Castling (HS-17): FIDE's conditions judged before the move, then the whole turn tested.
    fn castlings<S: Sink>(&self, ctx: &Ctx, sink: &mut S, ks: Square, threats: u64) {
        let us = self.turn;
        let them = us.other();
        let occ = self.board.occupied();
        let mut checked = false;
        for c in castling::of(us) {
            if self.castling & c.right == 0 || c.king_from != ks {
                continue;
            }
            if (attacks::between(c.king_from, c.rook_from) & occ).any() {
                continue;
            }
            if !ctx.pseudo {
                if !checked {
                    if self.attacked_now(ks, them, threats) {
                        return;
                    }
                    checked = true;
                }
                let crossed = Square::from_index((c.king_from.index() + c.king_to.index()) / 2);
                if self.attacked_now(crossed, them, threats)
                    || self.attacked_now(c.king_to, them, threats)
                {
                    continue;
                }
            }
            self.slow(ctx, sink, Move::raw(ks.index(), c.king_to.index(), HYP));
            if OPTIONAL {
                self.slow(ctx, sink, Move::raw(ks.index(), c.king_to.index(), IMM));
            }
        }
    }
}
