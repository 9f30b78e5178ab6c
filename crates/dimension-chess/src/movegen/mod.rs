//! Legal move generation on all three boards (DC-3, DC-4, DC-11 to DC-17, DC-20 to DC-22).
//!
//! Pseudo-legal moves are generated board by board with the FIDE attack tables; each is then
//! kept only if the mover is not in check afterwards (DC-22). Most moves are decided without
//! playing them: a destination is *plainly safe* when the move cannot change anything the
//! check test of DC-21 reads ([`DimensionChess::safe_mask`], from a [`Safety`] computed once
//! per position); king steps are tested on the converted squares without playing them; the
//! others are played on a copy and tested. A test checks the two ways agree on every move of
//! thousands of random positions, and a naive second implementation in the tests agrees on
//! the moves and the positions they lead to.

use dimchess_core::bitboard::count_sparse;
use dimchess_core::movelist::MoveBuffer;
use dimchess_fide::{Color, Role};

use crate::check::{AttackSets, attackers};
use crate::geometry::{attacks, bit};
use crate::layer::{Layer, LayerExt, other};
use crate::moves::{Move, MoveKind};
use crate::plane::Plane;
use crate::position::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, DimensionChess, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};

mod pawns;

/// The most legal moves a valid position can have.
///
/// Per board, every destination is reached from at most 16 origins (the nearest piece in each
/// of 8 directions, and 8 knight squares); promotions add at most 3 more per pawn capture or
/// push onto the 8 last-rank squares (3 origins each), and castling adds 2:
/// `64 * 16 + 8 * 3 * 3 + 2 = 1098` per board, so 3294 for three.
pub const MAX_MOVES: usize = 3 * (64 * 16 + 8 * 3 * 3 + 2);

/// A move list that always holds every legal move of a position.
pub type MoveList = dimchess_core::movelist::MoveList<Move, MAX_MOVES>;

const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// Strength for the transfer test (DC-5); the king is never captured in legal play.
#[inline]
pub(crate) const fn strength(r: Role) -> u8 {
    match r {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}

/// What the legality filter knows about the side to move before any of its moves.
pub(crate) struct Safety {
    /// The mover is in check now: every move but the king's is played and tested.
    in_check: bool,
    /// When in check only by Earth pieces (DC-21 (a)): the Earth cells a non-king Earth move
    /// must reach to have a chance of answering it (capture the single checker or block it;
    /// nothing for a double check). An Earth move changes no blessing or possession but at
    /// its destination, so no other Earth move can. All ones otherwise.
    evasion: u64,
    /// The mover's king.
    king: u8,
    /// Mover's Earth pieces pinned to the king by an active enemy Earth rider.
    pinned: u64,
    /// A piece stands on the king's cell of the enemy's dropping board (DC-21 (b) can arise).
    drop_exposed: bool,
    /// Cells of the mover's upper board whose vacating can expose the king: under them on
    /// Earth stands an enemy piece (possessed now, maybe not after) or the king (blessed now).
    upper_unsafe_from: u64,
    /// Per mover role, the enemy Earth pieces that are strictly stronger (DC-5): capturing
    /// one sends it to the enemy's dropping board. Only filled when `drop_exposed`.
    stronger: [u64; 6],
}

/// Where generated moves go: a move list, or a counter that adds whole sets at once.
trait Sink {
    fn add(&mut self, m: Move);

    /// Whether this sink only counts (then [`Sink::add_count`] is used for whole sets).
    #[inline]
    fn counts(&self) -> bool {
        false
    }

    /// Adds `n` moves without naming them (only for counting sinks).
    #[inline]
    fn add_count(&mut self, _n: u64) {}

    /// Adds the moves from `from` to each of `tos` (no promotion).
    #[inline]
    fn add_set(&mut self, plane: Plane, from: u8, mut tos: u64, role: Role, kind: MoveKind) {
        while tos != 0 {
            let to = tos.trailing_zeros() as u8;
            tos &= tos - 1;
            self.add(Move {
                role,
                plane,
                from,
                to,
                promotion: None,
                kind,
            });
        }
    }

    /// Adds the four promotions from `from` to each of `tos`.
    #[inline]
    fn add_promotions(&mut self, plane: Plane, from: u8, mut tos: u64) {
        while tos != 0 {
            let to = tos.trailing_zeros() as u8;
            tos &= tos - 1;
            for promo in Role::PROMOTIONS {
                self.add(Move {
                    role: Role::Pawn,
                    plane,
                    from,
                    to,
                    promotion: Some(promo),
                    kind: MoveKind::Normal,
                });
            }
        }
    }
}

/// Adds the pawn moves to each of `tos` from `to - delta` (promotions: four each). Always
/// inlined, so that perft's code path chosen at run time (`dimchess_core::cpu`) compiles it.
#[inline(always)]
fn add_pawn_set<S: Sink>(
    sink: &mut S,
    plane: Plane,
    tos: u64,
    delta: i8,
    kind: MoveKind,
    last: u64,
) {
    if sink.counts() {
        sink.add_count(
            u64::from((tos & !last).count_ones()) + 4 * u64::from((tos & last).count_ones()),
        );
        return;
    }
    let mut bb = tos;
    while bb != 0 {
        let to = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        let from = (to as i8 - delta) as u8;
        if bit(to) & last != 0 {
            sink.add_promotions(plane, from, bit(to));
        } else {
            sink.add(Move {
                role: Role::Pawn,
                plane,
                from,
                to,
                promotion: None,
                kind,
            });
        }
    }
}

/// A [`MoveBuffer`] as a [`Sink`].
struct Buf<'a, B>(&'a mut B);

impl<B: MoveBuffer<Move>> Sink for Buf<'_, B> {
    #[inline]
    fn add(&mut self, m: Move) {
        self.0.push(m);
    }
}

/// A [`Sink`] that only counts (perft's last ply).
struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn add(&mut self, _m: Move) {
        self.0 += 1;
    }
    #[inline]
    fn counts(&self) -> bool {
        true
    }
    #[inline]
    fn add_count(&mut self, n: u64) {
        self.0 += n;
    }
    #[inline]
    fn add_set(&mut self, _plane: Plane, _from: u8, tos: u64, _role: Role, _kind: MoveKind) {
        // One piece's targets: a few bits.
        self.0 += u64::from(count_sparse(tos));
    }
    #[inline]
    fn add_promotions(&mut self, _plane: Plane, _from: u8, tos: u64) {
        self.0 += 4 * u64::from(tos.count_ones());
    }
}

/// Calls `f` with each knight, bishop, rook and queen of `set` on `l`, its destinations (its
/// attacks with `occ` blocking, within `dest`) and its role.
#[inline(always)]
fn each_officer(l: &Layer, set: u64, occ: u64, dest: u64, mut f: impl FnMut(u8, u64, Role)) {
    let mut bb = set & l.rol(Role::Knight);
    while bb != 0 {
        let from = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        f(from, attacks::knight(from) & dest, Role::Knight);
    }
    let queens = l.rol(Role::Queen);
    // Bishops then rooks, each with the queens (a queen is both: disjoint target sets).
    each_rider(
        l,
        set,
        queens,
        Role::Bishop,
        |sq| attacks::bishop(sq, occ) & dest,
        &mut f,
    );
    each_rider(
        l,
        set,
        queens,
        Role::Rook,
        |sq| attacks::rook(sq, occ) & dest,
        &mut f,
    );
}

/// Calls `f` with each piece of `set` on `l` that is a `base` rider or a queen, its
/// destinations (`lines`) and its role.
#[inline(always)]
fn each_rider(
    l: &Layer,
    set: u64,
    queens: u64,
    base: Role,
    lines: impl Fn(u8) -> u64,
    f: &mut impl FnMut(u8, u64, Role),
) {
    let mut bb = set & (l.rol(base) | queens);
    while bb != 0 {
        let from = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        let role = if queens & bit(from) != 0 {
            Role::Queen
        } else {
            base
        };
        f(from, lines(from), role);
    }
}

impl DimensionChess {
    /// Appends the legal moves of the side to move to `out` (DC-22). No heap allocation.
    pub fn legal_moves_into<B: MoveBuffer<Move>>(&self, out: &mut B) {
        self.legal_moves_inline(out);
    }

    /// [`DimensionChess::legal_moves_into`], always inlined: `for_each_child` lists the moves
    /// through it, so that perft's code path chosen at run time compiles the generator.
    #[inline(always)]
    pub(crate) fn legal_moves_inline<B: MoveBuffer<Move>>(&self, out: &mut B) {
        let us = self.turn;
        let Some(safety) = self.safety(us) else {
            return;
        };
        self.generate(us, &mut Buf(out), Some(&safety));
    }

    /// Counts the legal moves without storing them (perft's last ply). Always inlined, so
    /// that perft's code path chosen at run time (`dimchess_core::cpu`) compiles it.
    #[inline(always)]
    pub fn count_moves(&self) -> u64 {
        let us = self.turn;
        let Some(safety) = self.safety(us) else {
            return 0;
        };
        let mut n = Counter(0);
        self.generate(us, &mut n, Some(&safety));
        n.0
    }

    /// Appends the pseudo-legal moves of `us` (movement, possession, blessing, castling
    /// conditions other than check; DC-20 step 1) to `out`, ignoring whose turn it is.
    pub(crate) fn pseudo_moves_into<B: MoveBuffer<Move>>(&self, us: Color, out: &mut B) {
        self.generate(us, &mut Buf(out), None);
    }

    /// Precomputes [`Safety`] for `us`; `None` if `us` has no king (never in a valid position).
    /// Inlined into its two callers: the struct stays in registers.
    #[inline(always)]
    pub(crate) fn safety(&self, us: Color) -> Option<Safety> {
        let them = other(us);
        let king = self.king(us)?;
        let e = &self.layers[Plane::Earth.index()];
        let frozen_them = self.frozen_for(them);
        let occ = e.occ();
        // DC-21 (a) as in `earth_check`, keeping the checkers: none when the king is blessed.
        let king_blessed = frozen_them & bit(king) != 0;
        let checkers = if king_blessed {
            0
        } else {
            attackers(e, king, occ, them) & !frozen_them
        };
        // DC-21 (b) needs a piece of ours aligned with the king on the enemy's dropping
        // board, or an e.p. field on that board: test for either before the full test.
        let drop_plane = Plane::upper(them);
        let drop_check = (self.layers[drop_plane.index()].col(us) & bit(king) != 0
            || matches!(self.ep, Some((p, _)) if p == drop_plane))
            && self.drop_check(us, king);
        let in_check = checkers != 0 || drop_check;
        let mut evasion = !0;
        if in_check && !drop_check {
            evasion = if checkers & checkers.wrapping_sub(1) == 0 {
                checkers | attacks::between(king, checkers.trailing_zeros() as u8)
            } else {
                0
            };
        }
        let mut pinned = 0;
        if !king_blessed {
            // The king is not blessed: Earth riders may pin.
            let active = e.col(them) & !frozen_them;
            let queens = e.rol(Role::Queen);
            let snipers = (attacks::rook(king, 0) & (e.rol(Role::Rook) | queens)
                | attacks::bishop(king, 0) & (e.rol(Role::Bishop) | queens))
                & active;
            let mut s = snipers;
            while s != 0 {
                let sn = s.trailing_zeros() as u8;
                s &= s - 1;
                let between = attacks::between(king, sn) & occ;
                // Exactly one piece between (no population count: portable builds lack one).
                if between != 0 && between & (between - 1) == 0 {
                    pinned |= between & e.col(us);
                }
            }
        }
        let drop_exposed = self.layers[Plane::upper(them).index()].occ() & bit(king) != 0;
        let upper_unsafe_from = e.col(them) | bit(king);
        let mut stronger = [0; 6];
        if drop_exposed {
            let t = e.col(them);
            let minor = e.rol(Role::Knight) | e.rol(Role::Bishop);
            let queens = e.rol(Role::Queen) & t;
            let rooks_up = (e.rol(Role::Rook) & t) | queens;
            stronger = [(minor & t) | rooks_up, rooks_up, rooks_up, queens, 0, 0];
        }
        Some(Safety {
            in_check,
            evasion,
            king,
            pinned,
            drop_exposed,
            upper_unsafe_from,
            stronger,
        })
    }

    /// Plays `m` on a copy and tests DC-22 (castling: DC-13 (b) as well).
    fn is_legal_slow(&self, m: Move) -> bool {
        let us = self.turn;
        if m.kind == MoveKind::Castle {
            // DC-13: not in check, the one-step move to the crossed square legal, and the
            // castling move itself legal.
            if self.in_check_of(us) {
                return false;
            }
            let step_to = if m.to > m.from {
                m.from + 1
            } else {
                m.from - 1
            };
            let step = Move {
                role: Role::King,
                plane: Plane::Earth,
                from: m.from,
                to: step_to,
                promotion: None,
                kind: MoveKind::Normal,
            };
            if self.after(step).in_check_of(us) {
                return false;
            }
        }
        let q = self.after(m);
        // From a valid position no pseudo-legal move removes the enemy king; refuse it anyway.
        !q.in_check_of(us) && q.king(other(us)).is_some()
    }

    /// The legal ones among the king's ordinary steps (or captures) `from` -> `tos` on Earth,
    /// without playing them: after a step the pieces aligned with its destination are the
    /// king's (DC-19), so the king is blessed iff a piece stands above it (White) or below it
    /// (Black), and only the enemy pieces on the enemy's dropping board can threaten the piece
    /// aligned with it. What the destinations share is read once.
    #[inline]
    fn king_steps_legal(&self, from: u8, tos: u64) -> u64 {
        let us = self.turn;
        let them = other(us);
        let e = &self.layers[Plane::Earth.index()];
        // (a) for a destination `to`: not blessed after conversion, and an active enemy Earth
        // piece attacks `to` once the king has left `from` (a piece on `to` is the victim).
        let unblessed = !self.layers[Plane::upper(us).index()].occ();
        let occ = e.occ() & !bit(from);
        // The slider tables are large and their lookups often miss the cache: `AttackSets`
        // looks a rider's up only when an enemy rider stands on one of the square's lines.
        let enemy = AttackSets::new(e, them, !self.frozen_for(them));
        // (b): the piece aligned with `to` on the enemy's dropping board is attacked there.
        // The e.p. field is cleared by the step.
        let d = &self.layers[Plane::upper(them).index()];
        let mut legal = 0;
        let mut rest = tos;
        while rest != 0 {
            let to = rest.trailing_zeros() as u8;
            let t = rest & rest.wrapping_neg();
            rest &= rest - 1;
            // Without branches on the outcome (it is hard to predict): a select at the end.
            let mut bad = enemy.attack(to, occ) & (t & unblessed != 0);
            // (b) is rare: the dropping board is mostly empty.
            if d.occ() & t != 0 {
                bad |= attackers(d, to, d.occ(), them) != 0;
            }
            legal |= if bad { 0 } else { t };
        }
        legal
    }

    /// The destinations of a move by `role` from `from` on `plane` that are plainly safe:
    /// they cannot change anything DC-21 reads for the mover, so they need no test.
    #[inline]
    fn safe_mask(&self, plane: Plane, from: u8, role: Role, s: &Safety) -> u64 {
        if s.in_check || role == Role::King {
            return 0;
        }
        let us = self.turn;
        if plane == Plane::Earth {
            // Earth occupancy changes only at `from` and `to`: pins. A victim sent to the
            // enemy's dropping board may attack the piece aligned with our king there.
            let mut mask = if s.pinned & bit(from) != 0 {
                attacks::line(s.king, from)
            } else {
                !0
            };
            if s.drop_exposed {
                mask &= !s.stronger[role.index()];
            }
            mask
        } else if plane == Plane::upper(us) {
            // Vacating `from` may unpossess an enemy Earth piece or unbless our king; a
            // capturer drops on `to`, never on our king except by en passant (not here).
            if s.upper_unsafe_from & bit(from) != 0 {
                0
            } else {
                !bit(s.king)
            }
        } else if s.drop_exposed {
            // Our lower board is the enemy's dropping board: only DC-21 (b) can change.
            0
        } else {
            let mut mask = !bit(s.king);
            if role == Role::Pawn {
                // A double step over the square of our king sets a dangerous e.p. field.
                let passed = match us {
                    Color::White => from + 8,
                    Color::Black => from.wrapping_sub(8),
                };
                if passed == s.king {
                    mask &= !match us {
                        Color::White => bit(from + 16),
                        Color::Black => bit(from.wrapping_sub(16)),
                    };
                }
            }
            mask
        }
    }

    /// Adds the moves of one piece: the safe ones at once, the others after a test. Out of
    /// line: only pieces whose safe destinations are their own come here.
    #[inline(never)]
    fn emit<S: Sink>(
        &self,
        sink: &mut S,
        s: Option<&Safety>,
        plane: Plane,
        from: u8,
        tos: u64,
        role: Role,
    ) {
        let Some(s) = s else {
            sink.add_set(plane, from, tos, role, MoveKind::Normal);
            return;
        };
        debug_assert!(
            role != Role::King,
            "the king's steps are tested by king_steps_legal"
        );
        let safe = self.safe_mask(plane, from, role, s);
        sink.add_set(plane, from, tos & safe, role, MoveKind::Normal);
        let mut rest = tos & !safe;
        if plane == Plane::Earth {
            rest &= s.evasion;
        }
        while rest != 0 {
            let to = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let m = Move {
                role,
                plane,
                from,
                to,
                promotion: None,
                kind: MoveKind::Normal,
            };
            if self.is_legal_slow(m) {
                sink.add(m);
            }
        }
    }

    /// The pieces on `plane` whose plainly safe destinations differ from piece to piece (they
    /// go through [`DimensionChess::emit`]), and the plainly safe destinations of all the
    /// others (see [`DimensionChess::safe_mask`]; pawns are sorted by
    /// [`DimensionChess::uniform_pawns`]). Computed once per plane, not per piece.
    #[inline(always)]
    fn plane_split(&self, plane: Plane, s: &Safety) -> (u64, u64) {
        if s.in_check {
            return (!0, 0);
        }
        if plane == Plane::Earth {
            if s.drop_exposed {
                (!0, 0)
            } else {
                // Pins, and the king (always tested).
                (s.pinned | bit(s.king), !0)
            }
        } else if plane == Plane::upper(self.turn) {
            (s.upper_unsafe_from, !bit(s.king))
        } else if s.drop_exposed {
            (!0, 0)
        } else {
            (0, !bit(s.king))
        }
    }

    /// Generates the moves of `us`: all pseudo-legal ones (`safety` `None`) or the legal ones.
    #[inline(always)]
    fn generate<S: Sink>(&self, us: Color, sink: &mut S, safety: Option<&Safety>) {
        let frozen = self.frozen_for(us);
        // One call per plane, so that every test of the plane folds away.
        self.plane_moves(Plane::Heaven, us, frozen, sink, safety);
        self.plane_moves(Plane::Earth, us, frozen, sink, safety);
        self.plane_moves(Plane::Hell, us, frozen, sink, safety);
    }

    /// The moves of `us` on `plane` (`frozen`: [`DimensionChess::frozen_for`] `us`).
    #[inline(always)]
    fn plane_moves<S: Sink>(
        &self,
        plane: Plane,
        us: Color,
        frozen: u64,
        sink: &mut S,
        safety: Option<&Safety>,
    ) {
        let them = other(us);
        let l = &self.layers[plane.index()];
        let own = l.col(us);
        if own == 0 {
            return;
        }
        let occ = l.occ();
        let (movers, targets) = if plane == Plane::Earth {
            // DC-15: possessed pieces do not move; DC-16: blessed pieces are not captured.
            (own & !frozen, l.col(them) & !frozen)
        } else {
            (own, l.col(them))
        };
        let dest = targets | !occ;
        let (special, mask) = match safety {
            None => (0, !0),
            Some(s) => self.plane_split(plane, s),
        };
        // The pieces outside `special` whose destinations are all plainly safe are counted or
        // listed as whole sets; the others go through `emit` (which tests the destinations
        // outside their safe mask). Mostly `mask` is everything, and no piece is tested.
        let plain = movers & !special;
        if mask == !0 {
            each_officer(l, plain, occ, dest, |from, tos, role| {
                sink.add_set(plane, from, tos, role, MoveKind::Normal);
            });
        } else {
            each_officer(l, plain, occ, dest, |from, tos, role| {
                if tos & !mask == 0 {
                    sink.add_set(plane, from, tos, role, MoveKind::Normal);
                } else {
                    self.emit(sink, safety, plane, from, tos, role);
                }
            });
        }
        if movers & special != 0 {
            each_officer(l, movers & special, occ, dest, |from, tos, role| {
                if tos != 0 {
                    self.emit(sink, safety, plane, from, tos, role);
                }
            });
        }
        // DC-14: kings live on Earth only.
        if plane == Plane::Earth {
            let mut bb = movers & l.rol(Role::King);
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                let tos = attacks::king(from) & dest;
                // Every legal king step is tested (DC-19, DC-21), in a loop without a call
                // per step: the king moves in most positions.
                let tos = if safety.is_some() && tos != 0 {
                    self.king_steps_legal(from, tos)
                } else {
                    tos
                };
                sink.add_set(plane, from, tos, Role::King, MoveKind::Normal);
            }
        }
        self.pawn_moves(plane, us, movers & l.rol(Role::Pawn), targets, sink, safety);
        if plane == Plane::Earth && self.castling_open(us, occ) {
            self.castling_moves(us, movers, sink, safety);
        }
    }

    /// Whether `us` holds a castling right whose squares between king and rook are empty on
    /// Earth (`occ`): the cheap first test of [`DimensionChess::castling_moves`].
    #[inline(always)]
    fn castling_open(&self, us: Color, occ: u64) -> bool {
        let (short, long, shift) = match us {
            Color::White => (WHITE_KINGSIDE, WHITE_QUEENSIDE, 0),
            Color::Black => (BLACK_KINGSIDE, BLACK_QUEENSIDE, 56),
        };
        (self.castling & short != 0 && occ & (0x60 << shift) == 0)
            || (self.castling & long != 0 && occ & (0x0e << shift) == 0)
    }

    /// Castling on Earth (DC-13): right held, squares between empty on Earth, neither king nor
    /// rook possessed (`movers` excludes possessed pieces). Check conditions are tested by
    /// [`DimensionChess::is_legal_slow`].
    #[inline(never)]
    fn castling_moves<S: Sink>(
        &self,
        us: Color,
        movers: u64,
        sink: &mut S,
        safety: Option<&Safety>,
    ) {
        let (king, short, long, rights) = match us {
            Color::White => (4u8, WHITE_KINGSIDE, WHITE_QUEENSIDE, self.castling & 3),
            Color::Black => (60u8, BLACK_KINGSIDE, BLACK_QUEENSIDE, self.castling & 12),
        };
        if rights == 0 {
            return;
        }
        let e = &self.layers[Plane::Earth.index()];
        let occ = e.occ();
        let kings = e.pcs(us, Role::King) & movers;
        let rooks = e.pcs(us, Role::Rook) & movers;
        if kings & bit(king) == 0 {
            return;
        }
        let mut try_castle = |to: u8| {
            let m = Move {
                role: Role::King,
                plane: Plane::Earth,
                from: king,
                to,
                promotion: None,
                kind: MoveKind::Castle,
            };
            if safety.is_none() || self.is_legal_slow(m) {
                sink.add(m);
            }
        };
        if rights & short != 0
            && rooks & bit(king + 3) != 0
            && occ & (bit(king + 1) | bit(king + 2)) == 0
        {
            try_castle(king + 2);
        }
        if rights & long != 0
            && rooks & bit(king - 4) != 0
            && occ & (bit(king - 1) | bit(king - 2) | bit(king - 3)) == 0
        {
            try_castle(king - 2);
        }
    }

    /// The enemy's pseudo-legal moves that would take or replace `c`'s king (DC-21), for
    /// messages. At most one is returned.
    pub(crate) fn king_threat(&self, c: Color) -> Option<Move> {
        let k = self.king(c)?;
        let them = other(c);
        let mut list = crate::movegen::MoveList::new();
        self.pseudo_moves_into(them, &mut list);
        let drop = Plane::upper(them);
        list.iter()
            .copied()
            .find(|m| m.to == k && (m.plane == Plane::Earth || m.plane == drop))
    }
}

#[cfg(test)]
mod tests {
    use dimchess_core::Position;
    use dimchess_core::zobrist::SplitMix64;

    use super::*;

    /// The legal moves by the slow path only: every pseudo-legal move played and tested.
    fn slow_legal(p: &DimensionChess) -> MoveList {
        let mut pseudo = MoveList::new();
        p.pseudo_moves_into(p.turn, &mut pseudo);
        pseudo
            .iter()
            .copied()
            .filter(|&m| p.is_legal_slow(m))
            .collect()
    }

    /// The fast filter ([`DimensionChess::safe_mask`], king steps) agrees with playing every move, in
    /// thousands of positions of random games (captures and transfers are frequent in them),
    /// and the children of `for_each_child` (copy-make from the parent) are the moves played.
    #[test]
    fn fast_legality_filter_agrees_with_playing_every_move() {
        let mut rng = SplitMix64::new(0xd1c7);
        let mut positions = 0;
        for _ in 0..160 {
            let mut p = DimensionChess::start();
            for _ in 0..120 {
                let fast = p.moves();
                let slow = slow_legal(&p);
                let key = |m: &Move| (m.plane, m.from, m.to, m.promotion);
                let mut a = fast.clone();
                let mut b = slow.clone();
                a.sort_by_key(key);
                b.sort_by_key(key);
                assert_eq!(a.as_slice(), b.as_slice(), "{p}");
                assert_eq!(p.count_moves(), fast.len() as u64);
                // The children, in the list's order, are the moves played in place.
                let mut n = 0;
                dimchess_core::Position::for_each_child(&p, |m, child| {
                    assert_eq!(m, fast[n]);
                    let mut played = p;
                    played.apply(m);
                    assert_eq!(*child, played);
                    n += 1;
                });
                assert_eq!(n, fast.len());
                positions += 1;
                if fast.is_empty() {
                    break;
                }
                p = p.after(fast[rng.below(fast.len())]);
            }
        }
        assert!(positions > 5_000);
    }
}
