//! Legal move generation (TL-5 to TL-16, TX-4 to TX-11) without heap allocation.
//!
//! Pseudo-legal target sets come from the core's tables. Most moves are then decided by a fast
//! test: the mover's King is not in check, the piece is not pinned (or stays on its pin line),
//! and the move cannot make the next player attack another King (no elimination can follow).
//! Every other move — King moves in Xiang Qi, moves in check, en passant, promotion wins,
//! pieces that screen a line or a Knight's leg onto a royal piece, and every move of a turn
//! where an elimination is already pending — is resolved on a copy (TL-14) and tested
//! exactly as TL-15 and TX-10 say. Tests compare both paths on random games.

use crate::geometry::{Bb, TABLES};
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::{Groups, ThreeLevelPosition};
use crate::rules::Rules;

/// Where generated moves go: a list, a counter (bulk counting in perft), or the children.
///
/// The moves given as sets ([`Sink::push_set`], [`Sink::push_shifted`]) are the ones the fast
/// test cleared: no elimination can follow them ([`ThreeLevelPosition::apply_quiet`]). They reach
/// the sink through [`Sink::push_quiet`].
// The sets' defaults are always inlined: in perft's children (`Children`) they hold the
// count of every child, which must be compiled on perft's code path (`dimchess_core::cpu`).
pub(crate) trait Sink {
    /// Takes one legal move.
    fn push(&mut self, m: Move);
    /// Takes one legal move that the fast test cleared (no elimination can follow it).
    #[inline(always)]
    fn push_quiet(&mut self, m: Move) {
        self.push(m);
    }
    /// Takes the legal non-promoting moves from `from` to every cell of `targets`.
    #[inline(always)]
    fn push_set(&mut self, from: usize, targets: Bb) {
        for to in targets.iter() {
            self.push_quiet(Move::new(from, to));
        }
    }
    /// Takes the legal non-promoting moves onto every cell of `targets`, each from the cell
    /// `delta` before it.
    #[inline(always)]
    fn push_shifted(&mut self, targets: Bb, delta: isize) {
        for to in targets.iter() {
            self.push_quiet(Move::new((to as isize - delta) as usize, to));
        }
    }
}

/// Each level's cells moved by (`df`, `dr`) within the level (`df`, `dr` in -1..=1); cells
/// that would leave the board are dropped.
#[inline]
fn shift(b: Bb, df: i32, dr: i32) -> Bb {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    let keep = match df {
        1 => !FILE_H,
        -1 => !FILE_A,
        _ => !0,
    };
    let s = df + 8 * dr;
    let mut out = b;
    for w in out.0.iter_mut() {
        let x = *w & keep;
        *w = if s >= 0 { x << s } else { x >> -s };
    }
    out
}

/// The cells moved by `dl` levels (`+1`: down, toward level 3).
#[inline]
fn level_shift(b: Bb, dl: i32) -> Bb {
    let mut out = Bb::EMPTY;
    for z in 0..3i32 {
        let to = z + dl;
        if (0..3).contains(&to) {
            out.0[to as usize] = b.0[z as usize];
        }
    }
    out
}

/// The number of cells of a set of a few cells (bit by bit: cheaper than a full population
/// count when, as for one piece's targets, only a handful of bits are set).
#[inline]
fn sparse_count(b: Bb) -> usize {
    let mut n = 0;
    for mut w in b.0 {
        while w != 0 {
            w &= w - 1;
            n += 1;
        }
    }
    n
}

/// Calls `f` with each cell of `b`, lowest first, a word at a time (no rescan of the words
/// already emptied, as popping the lowest cell of the whole set does).
#[inline(always)]
fn each_cell(b: Bb, mut f: impl FnMut(usize)) {
    for (w, &word) in b.0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// Keeps nothing: for counting, where the generator's return value is the count.
pub(crate) struct Discard;

impl Sink for Discard {
    #[inline]
    fn push(&mut self, _m: Move) {}
    #[inline]
    fn push_set(&mut self, _from: usize, _targets: Bb) {}
    #[inline]
    fn push_shifted(&mut self, _targets: Bb, _delta: isize) {}
}

/// Lists moves.
pub(crate) struct Lister<'a>(pub(crate) &'a mut crate::Moves);

impl Sink for Lister<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }
}

/// Plays each move on a copy of `parent` and calls `f` with it (perft's children).
pub(crate) struct Children<'a, R: Rules, F> {
    pub(crate) parent: &'a ThreeLevelPosition<R>,
    pub(crate) f: F,
}

impl<R: Rules, F: FnMut(Move, &ThreeLevelPosition<R>)> Sink for Children<'_, R, F> {
    #[inline]
    fn push(&mut self, m: Move) {
        let mut child = self.parent.clone();
        child.apply_legal(m);
        (self.f)(m, &child);
    }
    #[inline(always)]
    fn push_quiet(&mut self, m: Move) {
        let mut child = self.parent.clone();
        child.apply_quiet(m);
        (self.f)(m, &child);
    }
}

/// What the fast test needs to know about the side to move.
pub(crate) struct Ctx {
    king: usize,
    in_check: bool,
    slow_all: bool,
    slow: Bb,
    pinned: Bb,
    /// The pieces whose moves [`ThreeLevelPosition::emit_set`] cannot take as they are: every piece
    /// when `slow_all` or `in_check`, else `slow`, `pinned` and the King.
    special: Bb,
    groups: Groups,
}

/// What a royal piece on `kx` sees along its lines: whether a rider of `ao` (orthogonal
/// lines) or `ad` (diagonal lines) attacks it, and the pieces of `own` that alone stand
/// between it and such a rider (pins and screens). Each kind of line is looked up only when
/// such a rider is on one, and a second time, with the own pieces seen removed, only when
/// the first lookup saw some.
#[inline(always)]
fn rider_lines(kx: usize, own: Bb, occ: Bb, ao: Bb, ad: Bb) -> (bool, Bb) {
    use crate::geometry::{DIAG_LINES, ORTH_LINES, nz};
    let mut hit = false;
    let mut screens = Bb::EMPTY;
    if nz(ORTH_LINES.get(kx) & ao) {
        let seen = crate::riders::rook(kx, occ);
        hit |= nz(seen & ao);
        let blockers = seen & own;
        if nz(blockers) {
            let behind = crate::riders::rook(kx, occ.and_not(blockers)).and_not(seen) & ao;
            if nz(behind) {
                screens |= screened(kx, blockers, behind, 0..6);
            }
        }
    }
    if nz(DIAG_LINES.get(kx) & ad) {
        let seen = crate::riders::bishop(kx, occ);
        hit |= nz(seen & ad);
        let blockers = seen & own;
        if nz(blockers) {
            let behind = crate::riders::bishop(kx, occ.and_not(blockers)).and_not(seen) & ad;
            if nz(behind) {
                screens |= screened(kx, blockers, behind, 6..18);
            }
        }
    }
    (hit, screens)
}

/// The `blockers` (the first piece on each line from `kx`) on the lines of the directions
/// `dirs` that lead on to one of `behind`.
#[inline(never)]
fn screened(kx: usize, blockers: Bb, behind: Bb, dirs: core::ops::Range<usize>) -> Bb {
    let mut out = Bb::EMPTY;
    for d in dirs {
        let ray = crate::geometry::RAYS.ray(kx, d);
        if crate::geometry::nz(ray & behind) {
            out |= ray & blockers;
        }
    }
    out
}

impl<R: Rules> ThreeLevelPosition<R> {
    /// The fast test's knowledge of the side to move: whether its King is in check, which
    /// of its pieces are pinned, and which screen a line or a Knight's leg onto a royal piece.
    // Always inlined, with the rest of the count, so that perft's code path chosen at run
    // time (`dimchess_core::cpu`) compiles it.
    #[inline(always)]
    pub(crate) fn context(&self) -> Ctx {
        let t = &*TABLES;
        let s = self.side;
        let own = self.by_color[s as usize];
        let occ = self.occupied;
        let q = self.next_live(s);
        let groups = self.groups();
        // Every move tested fully: no King, Generals already facing, or an elimination
        // pending at Q's turn (TL-14 step 6).
        let slow_ctx = |king: usize| Ctx {
            king,
            in_check: false,
            slow_all: true,
            slow: Bb::EMPTY,
            pinned: Bb::EMPTY,
            special: Bb::ALL,
            groups,
        };
        let Some(king) = self.royal_cell(s) else {
            return slow_ctx(usize::MAX);
        };
        let xq = R::VARIANT.is_xiangqi();
        if xq && self.generals_face() {
            return slow_ctx(king);
        }
        let royals = self.royal_pieces();
        let qs = self.by_color[q as usize];
        let gens = self.role_bb(Role::General);
        let diag = if xq { Bb::EMPTY } else { groups.diag };
        let mut in_check = false;
        let mut pinned = Bb::EMPTY;
        let mut slow = Bb::EMPTY;
        // Each live player's royal piece and the riders whose attack on it matters: any
        // enemy's on the mover's King (check, and pins: own pieces alone on such a line),
        // Q's on the other Kings (an attack now is a pending elimination; an own piece
        // alone on such a line screens a discovered attack). Nothing of Q's can be
        // discovered onto Q's own King; in Xiang Qi, Q's General can be screened from
        // another General (TX-10).
        for x in Color::ALL {
            if !self.is_live(x) || (x == q && !xq) {
                continue;
            }
            let Some(kx) = (royals & self.by_color[x as usize]).first() else {
                continue;
            };
            let att = if x == s {
                occ.and_not(own)
            } else if x == q {
                Bb::EMPTY
            } else {
                qs
            };
            let screen = if xq {
                gens.and_not(self.by_color[x as usize])
            } else {
                Bb::EMPTY
            };
            let (seen, screens) =
                rider_lines(kx, own, occ, (groups.orth & att) | screen, diag & att);
            if xq {
                slow |= screens;
                if x != s && x != q && self.attacked(kx, 1 << q as u8, occ) {
                    return slow_ctx(king);
                }
                // Own pieces on the leg of a Knight that would then attack a General (TX-7).
                let horses = self.role_bb(Role::Horse) & att;
                if (crate::geometry::KNIGHT.get(kx) & horses).any() {
                    for (src, leg) in t.horse_from.steps(kx) {
                        if horses.contains(src) && own.contains(leg) {
                            slow.set(leg);
                        }
                    }
                }
                continue;
            }
            let pawns = if x == s {
                self.pawns_to(kx, self.others_mask(s))
            } else {
                self.pawns_to(kx, 1 << q as u8)
            };
            let hit = seen || crate::geometry::nz((self.leapers_to(&groups, kx) | pawns) & att);
            if x == s {
                in_check = hit;
                pinned = screens;
            } else if hit {
                return slow_ctx(king);
            } else {
                slow |= screens;
            }
        }
        if xq {
            in_check = self.attacked(king, self.others_mask(s), occ);
        }
        Ctx {
            king,
            in_check,
            slow_all: false,
            slow,
            pinned,
            special: if in_check {
                Bb::ALL
            } else {
                // Not `with`: see `Bitboard::from_cell`.
                slow | pinned | Bb::from_cell(king)
            },
            groups,
        }
    }

    /// The exact legality test (TL-15, TX-10): resolve the turn on a copy, then the mover
    /// must be live, its royal piece unattacked and (Xiang Qi) no Generals facing.
    pub(crate) fn legal_by_copy(&self, m: Move) -> bool {
        let s = self.side;
        let mut c = self.clone();
        c.apply(m);
        c.is_live(s) && !c.in_check(s) && !(R::VARIANT.is_xiangqi() && c.generals_face())
    }

    /// Emits the legal moves among `from` → `targets` (no promotion, no en passant).
    #[inline(always)]
    fn emit_set<S: Sink>(&self, ctx: &Ctx, from: usize, targets: Bb, sink: &mut S) -> usize {
        if !crate::geometry::nz(targets) {
            return 0;
        }
        if ctx.special.contains(from) {
            return self.emit_set_special(ctx, from, targets, sink);
        }
        let n = sparse_count(targets);
        sink.push_set(from, targets);
        n
    }

    /// [`Self::emit_set`] for King moves, pinned pieces and moves that need the full test.
    #[inline(never)]
    fn emit_set_special<S: Sink>(
        &self,
        ctx: &Ctx,
        from: usize,
        mut targets: Bb,
        sink: &mut S,
    ) -> usize {
        let king_move = from == ctx.king;
        if ctx.slow_all
            || ctx.slow.contains(from)
            || (king_move && R::VARIANT.is_xiangqi())
            || (ctx.in_check && !king_move)
        {
            let mut n = 0;
            for to in targets.iter() {
                n += self.emit_slow(Move::new(from, to), sink);
            }
            return n;
        }
        if king_move {
            let occ = self.occupied.without(from);
            for to in targets.iter() {
                if self.attacked_by(
                    &ctx.groups,
                    to,
                    self.others_mask(self.side),
                    self.occupied.and_not(self.by_color[self.side as usize]),
                    occ,
                ) {
                    targets.clear(to);
                }
            }
        } else if ctx.pinned.contains(from) {
            targets &= self.pin_line(ctx.king, from);
        }
        let n = sparse_count(targets);
        sink.push_set(from, targets);
        n
    }

    /// The cells a piece on `from`, pinned to the King on `king`, may move to: the line from
    /// the King through the piece up to and including the pinning rider.
    fn pin_line(&self, king: usize, from: usize) -> Bb {
        for d in 0..18 {
            let ray = crate::geometry::RAYS.ray(king, d);
            if ray.contains(from) {
                return match self.nearest(from, d, self.occupied) {
                    Some(b2) => ray.and_not(crate::geometry::RAYS.ray(b2, d)),
                    None => ray,
                };
            }
        }
        Bb::EMPTY
    }

    #[inline(never)]
    fn emit_slow<S: Sink>(&self, m: Move, sink: &mut S) -> usize {
        if self.legal_by_copy(m) {
            sink.push(m);
            1
        } else {
            0
        }
    }

    /// Emits one promotion (a Pawn move: never a King move).
    #[inline]
    fn emit_one<S: Sink>(&self, ctx: &Ctx, m: Move, sink: &mut S) -> usize {
        if ctx.slow_all || ctx.slow.contains(m.from as usize) || ctx.in_check {
            return self.emit_slow(m, sink);
        }
        if ctx.pinned.contains(m.from as usize)
            && !self
                .pin_line(ctx.king, m.from as usize)
                .contains(m.to as usize)
        {
            return 0;
        }
        sink.push(m);
        1
    }

    /// The passed cells a Pawn of the side to move may capture en passant onto (TL-9).
    #[inline(always)]
    fn ep_cells(&self) -> Bb {
        let mut b = Bb::EMPTY;
        for d in Color::ALL {
            if let Some(r) = self.ep[d as usize].filter(|_| d != self.side)
                && !self.occupied.contains(r.passed as usize)
            {
                b.set(r.passed as usize);
            }
        }
        b
    }

    /// A Pawn's ordinary targets (steps, double steps, captures) and en-passant targets.
    #[inline(always)]
    fn pawn_targets(&self, from: usize, ep_cells: Bb) -> (Bb, Bb) {
        let t = &*TABLES;
        let si = self.side as usize;
        let occ = self.occupied;
        // TL-8: two steps from any own Pawn start cell; the ray stops at the first piece.
        let push = if t.pawn_start[si].contains(from) {
            &t.pawn_push2[si]
        } else {
            &t.pawn_push1[si]
        };
        let steps = (push.ray_attacks(from, 0, occ) | push.ray_attacks(from, 1, occ)).and_not(occ);
        let caps = crate::geometry::PAWN_CAPTURE[si].get(from);
        (
            steps | (caps & occ).and_not(self.by_color[si]),
            caps & ep_cells,
        )
    }

    /// The target sets of every piece of the side to move except Pawns.
    #[inline(always)]
    fn piece_targets(&self, mut f: impl FnMut(usize, Bb)) {
        let t = &*TABLES;
        let si = self.side as usize;
        let own = self.by_color[si];
        let occ = self.occupied;
        let mine = |k: Role| own & self.role_bb(k);
        if R::VARIANT.is_xiangqi() {
            for from in mine(Role::Point).iter() {
                f(from, t.point[si][from].and_not(own));
            }
            for from in mine(Role::Horse).iter() {
                f(from, t.horse.attacks(from, occ).and_not(own));
            }
            for from in mine(Role::Elephant).iter() {
                f(
                    from,
                    (t.elephant.attacks(from, occ) & t.quarter[si]).and_not(own),
                );
            }
            for from in mine(Role::Rook).iter() {
                f(from, crate::riders::rook(from, occ).and_not(own));
            }
            for from in mine(Role::Ferz).iter() {
                f(
                    from,
                    (crate::geometry::FERZ.get(from) & t.fortress[si]).and_not(own),
                );
            }
            for from in mine(Role::General).iter() {
                f(
                    from,
                    (crate::geometry::WAZIR.get(from) & t.fortress[si]).and_not(own),
                );
            }
            return;
        }
        let cp = R::VARIANT.is_checkmate_promotion();
        // TL-21: the promoted pieces add one triagonal step.
        let tri = |from: usize, promoted: bool| {
            if cp && promoted {
                crate::geometry::TRIAG.get(from)
            } else {
                Bb::EMPTY
            }
        };
        // The promoted kinds exist only in checkmate-promotion (TL-20): elsewhere their
        // sets are not even looked at.
        let kinds = |base: Role, promoted: Role| {
            [(base, false), (promoted, true)]
                .into_iter()
                .filter(move |&(_, p)| cp || !p)
        };
        for (k, p) in kinds(Role::Knight, Role::Cavallander) {
            each_cell(
                mine(k),
                #[inline(always)]
                |from| {
                    f(
                        from,
                        (crate::geometry::KNIGHT.get(from) | tri(from, p)).and_not(own),
                    );
                },
            );
        }
        // Every first step of a rider, and the triagonal step, goes to one of the 26 cells
        // around it: a rider boxed in by its own pieces (most of them in the opening's corner
        // blocks, TL-6) has no move, and its lines are not followed.
        let boxed =
            |from: usize| !crate::geometry::nz(crate::geometry::KING.get(from).and_not(own));
        // Each rider's lines called directly (not through a function pointer), so that its
        // lookups inline.
        macro_rules! riders {
            ($base:expr, $promoted:expr, $lines:path) => {
                for (k, p) in kinds($base, $promoted) {
                    each_cell(
                        mine(k),
                        #[inline(always)]
                        |from| {
                            if !boxed(from) {
                                f(from, ($lines(from, occ) | tri(from, p)).and_not(own));
                            }
                        },
                    );
                }
            };
        }
        riders!(Role::Rook, Role::Vicereine, crate::riders::rook);
        riders!(Role::Bishop, Role::Moderator, crate::riders::bishop);
        riders!(Role::Queen, Role::Diarch, crate::riders::queen);
        for (k, p) in kinds(Role::King, Role::Emperor) {
            each_cell(
                mine(k),
                #[inline(always)]
                |from| {
                    f(
                        from,
                        (crate::geometry::KING.get(from) | tri(from, p)).and_not(own),
                    );
                },
            );
        }
    }

    /// Every pseudo-legal move (TL-5 to TL-12, TX-4 to TX-9), one by one.
    pub(crate) fn pseudo_moves(&self, mut f: impl FnMut(Move)) {
        let t = &*TABLES;
        let si = self.side as usize;
        if !R::VARIANT.is_xiangqi() {
            let ep_cells = self.ep_cells();
            let choices = self.promotion_choices(self.side);
            let any_choice = choices.iter().any(Option::is_some);
            for from in (self.by_color[si] & self.role_bb(Role::Pawn)).iter() {
                let (tg, ep) = self.pawn_targets(from, ep_cells);
                for to in (tg | ep).iter() {
                    if t.far_corner[si].contains(to) && any_choice {
                        for k in choices.into_iter().flatten() {
                            f(Move::with_promo(from, to, k));
                        }
                    } else {
                        f(Move::new(from, to));
                    }
                }
            }
        }
        self.piece_targets(|from, tg| {
            for to in tg.iter() {
                f(Move::new(from, to));
            }
        });
    }

    /// Emits the promotions (TL-10) or the promotion win (TL-11) of a Pawn move.
    #[inline(never)]
    fn emit_promotions<S: Sink>(&self, ctx: &Ctx, from: usize, to: usize, sink: &mut S) -> usize {
        let choices = self.promotion_choices(self.side);
        if choices.iter().any(Option::is_some) {
            // TL-10: compulsory, one move per choice within the limits.
            choices
                .iter()
                .flatten()
                .map(|&k| self.emit_one(ctx, Move::with_promo(from, to, k), sink))
                .sum()
        } else {
            // TL-11: the promotion win, tested without elimination.
            self.emit_slow(Move::new(from, to), sink)
        }
    }

    /// The steps, double steps and captures (TL-7, TL-8) of the Pawns `plain`, which need no
    /// individual legality test, one direction at a time: levels are words, so a horizontal
    /// step is a shift within each word and a level change moves to the next word.
    #[inline(always)]
    fn pawn_bulk<S: Sink>(&self, ctx: &Ctx, plain: Bb, sink: &mut S) -> usize {
        let t = &*TABLES;
        let side = self.side;
        let si = side as usize;
        let occ = self.occupied;
        let empty = !occ;
        let enemies = occ.and_not(self.by_color[si]);
        let far = t.far_corner[si];
        let [f1, f2] = crate::geometry::forward(side);
        let mut n = 0;
        let emit = |tg: Bb, delta: isize, sink: &mut S| self.pawn_emit(ctx, far, tg, delta, sink);
        for (df, dr) in [f1, f2] {
            let s = df + 8 * dr;
            let one = shift(plain, df, dr) & empty;
            n += emit(one, s as isize, sink);
            let two = shift(shift(plain & t.pawn_start[si], df, dr) & empty, df, dr) & empty;
            n += emit(two, 2 * s as isize, sink);
            for dl in [1i32, -1] {
                let tg = level_shift(shift(plain, df, dr), dl) & enemies;
                n += emit(tg, (s + 64 * dl) as isize, sink);
            }
        }
        let (df, dr) = (f1.0 + f2.0, f1.1 + f2.1);
        n += emit(shift(plain, df, dr) & enemies, (df + 8 * dr) as isize, sink);
        n
    }

    /// The Pawn moves to `tg`, from `delta` behind each target, of [`Self::pawn_bulk`]:
    /// promotions (on `far`) one by one, the rest as a set; returns how many.
    #[inline(always)]
    fn pawn_emit<S: Sink>(&self, ctx: &Ctx, far: Bb, tg: Bb, delta: isize, sink: &mut S) -> usize {
        let prom = tg & far;
        let rest = tg.and_not(prom);
        let mut n = sparse_count(rest);
        sink.push_shifted(rest, delta);
        if crate::geometry::nz(prom) {
            for to in prom.iter() {
                let from = (to as isize - delta) as usize;
                n += self.emit_promotions(ctx, from, to, sink);
            }
        }
        n
    }

    /// Emits every legal move (not the pass) into `sink`; returns how many.
    // Always inlined, so that perft's code path chosen at run time (`dimchess_core::cpu`)
    // compiles it.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) -> usize {
        let ctx = self.context();
        let mut n = 0;
        if !R::VARIANT.is_xiangqi() {
            let t = &*TABLES;
            let si = self.side as usize;
            let ep_cells = self.ep_cells();
            let far = t.far_corner[si];
            let pawns = self.by_color[si] & self.role_bb(Role::Pawn);
            // Pawns that the fast test clears as a group are generated a direction at a time.
            let plain = if ctx.slow_all || ctx.in_check {
                Bb::EMPTY
            } else {
                pawns.and_not(ctx.slow | ctx.pinned)
            };
            if plain.any() {
                n += self.pawn_bulk(&ctx, plain, sink);
                for e in ep_cells.iter() {
                    for from in (crate::geometry::PAWN_ATTACKERS[si].get(e) & plain).iter() {
                        n += self.emit_slow(Move::new(from, e), sink);
                    }
                }
            }
            for from in pawns.and_not(plain).iter() {
                let (mut tg, ep) = self.pawn_targets(from, ep_cells);
                let prom = tg & far;
                if prom.any() {
                    tg = tg.and_not(prom);
                    for to in prom.iter() {
                        n += self.emit_promotions(&ctx, from, to, sink);
                    }
                }
                n += self.emit_set(&ctx, from, tg, sink);
                for to in ep.iter() {
                    n += self.emit_slow(Move::new(from, to), sink);
                }
            }
        }
        self.piece_targets(
            #[inline(always)]
            |from, tg| {
                n += self.emit_set(&ctx, from, tg, sink);
            },
        );
        n
    }

    /// Emits every legal turn: the legal moves, or the pass when there is none (TL-16). A
    /// finished game has none. Returns how many.
    #[inline(always)]
    pub(crate) fn turns<S: Sink>(&self, sink: &mut S) -> usize {
        if self.ending().is_some() {
            return 0;
        }
        let n = self.generate(sink);
        if n == 0 {
            sink.push(Move::PASS);
            1
        } else {
            n
        }
    }
}

#[cfg(test)]
mod tests {
    use dimchess_core::zobrist::SplitMix64;

    use super::*;

    struct All(Vec<Move>);
    impl Sink for All {
        fn push(&mut self, m: Move) {
            self.0.push(m);
        }
    }

    /// The fast legality test agrees with resolving every pseudo-legal move on a copy,
    /// [`ThreeLevelPosition::apply_legal`] with [`ThreeLevelPosition::apply`] on every legal turn, and the
    /// children of `for_each_child` (quiet moves resolved without the elimination test) with
    /// the legal turns played.
    fn agree_on_random_games(games: usize, plies: usize, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        agree::<crate::rules::Main>(games.div_ceil(3), plies, &mut rng);
        agree::<crate::rules::CheckmatePromotion>(games.div_ceil(3), plies, &mut rng);
        agree::<crate::rules::Xiangqi>(games.div_ceil(3), plies, &mut rng);
    }

    /// [`agree_on_random_games`] in one rule set.
    fn agree<R: Rules>(games: usize, plies: usize, rng: &mut SplitMix64) {
        for _ in 0..games {
            let mut p = ThreeLevelPosition::<R>::start();
            for _ in 0..plies {
                let mut fast = All(Vec::new());
                p.turns(&mut fast);
                let mut slow = Vec::new();
                if p.ending().is_none() {
                    p.pseudo_moves(|m| {
                        if p.legal_by_copy(m) {
                            slow.push(m);
                        }
                    });
                    if slow.is_empty() {
                        slow.push(Move::PASS);
                    }
                }
                let key = |m: &Move| (m.from, m.to, m.promo);
                let mut a = fast.0.clone();
                a.sort_by_key(key);
                slow.sort_by_key(key);
                assert_eq!(a, slow, "{}", p.to_text());
                assert_eq!(p.turns(&mut Discard), a.len());
                // The children from the generator, in its order, are the moves played.
                let mut children = Vec::new();
                dimchess_core::Position::for_each_child(&p, |m, c| children.push((m, c.clone())));
                assert_eq!(children.len(), fast.0.len());
                for ((m, child), &g) in children.iter().zip(&fast.0) {
                    assert_eq!(*m, g);
                    let mut played = p.clone();
                    played.apply_legal(g);
                    assert_eq!(*child, played, "{} then {}", p.to_text(), g.text());
                }
                // A legal turn resolves the same without testing the mover's King (TL-15).
                for &m in &a {
                    let (mut full, mut legal) = (p.clone(), p.clone());
                    full.apply(m);
                    legal.apply_legal(m);
                    assert_eq!(full, legal, "{} then {}", p.to_text(), m.text());
                }
                if a.is_empty() {
                    break;
                }
                p.apply(a[rng.below(a.len())]);
            }
        }
    }

    #[test]
    fn fast_legality_test_agrees_with_full_resolution() {
        agree_on_random_games(30, 120, 1);
    }

    #[test]
    #[ignore = "long: run with --ignored --release"]
    fn fast_legality_test_agrees_with_full_resolution_long() {
        agree_on_random_games(3000, 400, 2);
    }
}
