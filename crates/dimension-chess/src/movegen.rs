//! Legal move generation on all three boards (DC-3, DC-4, DC-11 to DC-17, DC-20 to DC-22).
//!
//! Pseudo-legal moves are generated board by board with the FIDE attack tables; each is then
//! kept only if the mover is not in check afterwards (DC-22). Most moves are decided without
//! playing them: a move is *plainly safe* when it cannot change anything the check test of
//! DC-21 reads (see [`Safety`]). The others are played on a copy and tested. A test checks
//! the two ways agree on every move of thousands of random positions.

use dimchess_core::movelist::MoveBuffer;
use dimchess_fide::{Color, Role};

use crate::geometry::{attacks, bit};
use crate::layer::{LayerExt, other};
use crate::moves::{Move, MoveKind};
use crate::plane::Plane;
use crate::position::{
    BLACK_KINGSIDE, BLACK_QUEENSIDE, DimensionChess, WHITE_KINGSIDE, WHITE_QUEENSIDE,
};

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
    /// The mover is in check now: every move is played and tested.
    in_check: bool,
    /// The mover's king.
    king: u8,
    /// Mover's Earth pieces pinned to the king by an active enemy Earth rider.
    pinned: u64,
    /// A piece stands on the king's cell of the enemy's dropping board (DC-21 (b) can arise).
    drop_exposed: bool,
    /// Cells of the mover's upper board whose vacating can expose the king: under them on
    /// Earth stands an enemy piece (possessed now, maybe not after) or the king (blessed now).
    upper_unsafe_from: u64,
}

impl DimensionChess {
    /// Appends the legal moves of the side to move to `out` (DC-22). No heap allocation.
    pub fn legal_moves_into<B: MoveBuffer<Move>>(&self, out: &mut B) {
        let us = self.turn;
        let Some(safety) = self.safety(us) else {
            return;
        };
        self.generate(us, out, |m, role, p| p.is_legal_with(m, role, &safety));
    }

    /// The legal moves of the side to move.
    ///
    /// ```
    /// use dimchess_dimension_chess::DimensionChess;
    /// assert_eq!(DimensionChess::start().moves().len(), 20);
    /// ```
    pub fn moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Counts the legal moves without storing them (perft's last ply).
    pub fn count_moves(&self) -> u64 {
        let us = self.turn;
        let Some(safety) = self.safety(us) else {
            return 0;
        };
        let mut n = Counter(0);
        self.generate(us, &mut n, |m, role, p| p.is_legal_with(m, role, &safety));
        n.0
    }

    /// Appends the pseudo-legal moves of `us` (movement, possession, blessing, castling
    /// conditions other than check; DC-20 step 1) to `out`, ignoring whose turn it is.
    pub(crate) fn pseudo_moves_into<B: MoveBuffer<Move>>(&self, us: Color, out: &mut B) {
        self.generate(us, out, |_, _, _| true);
    }

    /// Precomputes [`Safety`] for `us`; `None` if `us` has no king (never in a valid position).
    pub(crate) fn safety(&self, us: Color) -> Option<Safety> {
        let them = other(us);
        let king = self.king(us)?;
        let in_check = self.in_check_of(us);
        let e = &self.layers[Plane::Earth.index()];
        let frozen_them = self.frozen_for(them);
        let mut pinned = 0;
        if frozen_them & bit(king) == 0 {
            // The king is not blessed: Earth riders may pin.
            let active = e.col(them) & !frozen_them;
            let queens = e.rol(Role::Queen);
            let snipers = (attacks::rook(king, 0) & (e.rol(Role::Rook) | queens)
                | attacks::bishop(king, 0) & (e.rol(Role::Bishop) | queens))
                & active;
            let occ = e.occ();
            let mut s = snipers;
            while s != 0 {
                let sn = s.trailing_zeros() as u8;
                s &= s - 1;
                let between = attacks::between(king, sn) & occ;
                if between.count_ones() == 1 {
                    pinned |= between & e.col(us);
                }
            }
        }
        let drop_exposed = self.layers[Plane::upper(them).index()].occ() & bit(king) != 0;
        let upper_unsafe_from = e.col(them) | bit(king);
        Some(Safety {
            in_check,
            king,
            pinned,
            drop_exposed,
            upper_unsafe_from,
        })
    }

    /// Legality of the pseudo-legal `m` whose moving piece is `role`.
    #[inline]
    fn is_legal_with(&self, m: Move, role: Role, s: &Safety) -> bool {
        if !s.in_check && role != Role::King && self.plainly_safe(m, role, s) {
            return true;
        }
        self.is_legal_slow(m)
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

    /// Can `m` (not a king move, mover not in check) be kept without playing it? True only if
    /// it cannot change the result of DC-21 for the mover.
    #[inline]
    fn plainly_safe(&self, m: Move, role: Role, s: &Safety) -> bool {
        let us = self.turn;
        match m.kind {
            MoveKind::Castle | MoveKind::EnPassant => return false,
            MoveKind::Normal | MoveKind::DoubleStep => {}
        }
        if m.plane == Plane::Earth {
            // Earth occupancy changes only at `from` and `to` (and the victim leaves `to`).
            if s.pinned & bit(m.from) != 0 && attacks::line(s.king, m.from) & bit(m.to) == 0 {
                return false;
            }
            // A victim sent to the enemy's dropping board may attack the piece aligned with
            // our king there (DC-21 (b)).
            if s.drop_exposed {
                let e = &self.layers[Plane::Earth.index()];
                if let Some(victim) = e.role_on(m.to) {
                    if strength(victim) > strength(role) {
                        return false;
                    }
                }
            }
            true
        } else if m.plane == Plane::upper(us) {
            // Vacating `from` may unpossess an enemy Earth piece or unbless our king; our
            // capturer dropping on our king (only by en passant) is excluded above.
            s.upper_unsafe_from & bit(m.from) == 0 && m.to != s.king
        } else {
            // Our lower board is the enemy's dropping board: only DC-21 (b) can change.
            !s.drop_exposed
                && m.to != s.king
                && !(m.kind == MoveKind::DoubleStep && (m.from + m.to) / 2 == s.king)
        }
    }

    /// Generates the pseudo-legal moves of `us`, pushing those for which `keep` holds.
    fn generate<B, F>(&self, us: Color, out: &mut B, keep: F)
    where
        B: MoveBuffer<Move>,
        F: Fn(Move, Role, &DimensionChess) -> bool,
    {
        let them = other(us);
        let frozen = self.frozen_for(us);
        for plane in Plane::ALL {
            let l = &self.layers[plane.index()];
            let own = l.col(us);
            if own == 0 {
                continue;
            }
            let occ = l.occ();
            let (movers, targets) = if plane == Plane::Earth {
                // DC-15: possessed pieces do not move; DC-16: blessed pieces are not captured.
                (own & !frozen, l.col(them) & !frozen)
            } else {
                (own, l.col(them))
            };
            let dest = targets | !occ;
            let push = |from: u8, mut tos: u64, role: Role, out: &mut B| {
                while tos != 0 {
                    let to = tos.trailing_zeros() as u8;
                    tos &= tos - 1;
                    let m = Move {
                        plane,
                        from,
                        to,
                        promotion: None,
                        kind: MoveKind::Normal,
                    };
                    if keep(m, role, self) {
                        out.push(m);
                    }
                }
            };
            let mut bb = movers & l.rol(Role::Knight);
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                push(from, attacks::knight(from) & dest, Role::Knight, out);
            }
            let mut bb = movers & l.rol(Role::Bishop);
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                push(from, attacks::bishop(from, occ) & dest, Role::Bishop, out);
            }
            let mut bb = movers & l.rol(Role::Rook);
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                push(from, attacks::rook(from, occ) & dest, Role::Rook, out);
            }
            let mut bb = movers & l.rol(Role::Queen);
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                push(
                    from,
                    (attacks::rook(from, occ) | attacks::bishop(from, occ)) & dest,
                    Role::Queen,
                    out,
                );
            }
            // DC-14: kings live on Earth only.
            let mut bb = movers & l.rol(Role::King);
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                push(from, attacks::king(from) & dest, Role::King, out);
            }
            self.pawn_moves(plane, us, movers & l.rol(Role::Pawn), targets, out, &keep);
            if plane == Plane::Earth {
                self.castling_moves(us, movers, out, &keep);
            }
        }
    }

    /// Pawn pushes, double steps, captures, promotions and en passant on `plane` (DC-11,
    /// DC-12).
    fn pawn_moves<B, F>(
        &self,
        plane: Plane,
        us: Color,
        pawns: u64,
        targets: u64,
        out: &mut B,
        keep: &F,
    ) where
        B: MoveBuffer<Move>,
        F: Fn(Move, Role, &DimensionChess) -> bool,
    {
        if pawns == 0 {
            return;
        }
        let l = &self.layers[plane.index()];
        let empty = !l.occ();
        let (single, double, last) = match us {
            Color::White => {
                let single = (pawns << 8) & empty;
                (single, ((single & (0xff << 16)) << 8) & empty, RANK_8)
            }
            Color::Black => {
                let single = (pawns >> 8) & empty;
                (single, ((single & (0xff << 40)) >> 8) & empty, RANK_1)
            }
        };
        let back = |to: u8, n: u8| match us {
            Color::White => to - n,
            Color::Black => to + n,
        };
        let emit = |from: u8, to: u8, kind: MoveKind, out: &mut B| {
            if bit(to) & last != 0 {
                for promo in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    let m = Move {
                        plane,
                        from,
                        to,
                        promotion: Some(promo),
                        kind,
                    };
                    if keep(m, Role::Pawn, self) {
                        out.push(m);
                    }
                }
            } else {
                let m = Move {
                    plane,
                    from,
                    to,
                    promotion: None,
                    kind,
                };
                if keep(m, Role::Pawn, self) {
                    out.push(m);
                }
            }
        };
        let mut bb = single;
        while bb != 0 {
            let to = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            emit(back(to, 8), to, MoveKind::Normal, out);
        }
        let mut bb = double;
        while bb != 0 {
            let to = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            emit(back(to, 16), to, MoveKind::DoubleStep, out);
        }
        let mut bb = pawns;
        while bb != 0 {
            let from = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            let mut caps = attacks::pawn(us, from) & targets;
            while caps != 0 {
                let to = caps.trailing_zeros() as u8;
                caps &= caps - 1;
                emit(from, to, MoveKind::Normal, out);
            }
        }
        // DC-12: en passant on the board of the last double step; the passed pawn must still
        // be an enemy pawn, and on Earth not blessed (it must be among `targets`).
        if let Some((ep_plane, ep)) = self.ep {
            if ep_plane == plane {
                let victim = match us {
                    Color::White => ep.wrapping_sub(8),
                    Color::Black => ep + 8,
                };
                let ep_rank = match us {
                    Color::White => 5,
                    Color::Black => 2,
                };
                if ep / 8 == ep_rank
                    && bit(ep) & empty != 0
                    && targets & l.rol(Role::Pawn) & bit(victim) != 0
                {
                    let mut caps = attacks::pawn(other(us), ep) & pawns;
                    while caps != 0 {
                        let from = caps.trailing_zeros() as u8;
                        caps &= caps - 1;
                        emit(from, ep, MoveKind::EnPassant, out);
                    }
                }
            }
        }
    }

    /// Castling on Earth (DC-13): right held, squares between empty on Earth, neither king nor
    /// rook possessed (`movers` excludes possessed pieces). Check conditions are tested by the
    /// legality filter.
    fn castling_moves<B, F>(&self, us: Color, movers: u64, out: &mut B, keep: &F)
    where
        B: MoveBuffer<Move>,
        F: Fn(Move, Role, &DimensionChess) -> bool,
    {
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
        if rights & short != 0
            && rooks & bit(king + 3) != 0
            && occ & (bit(king + 1) | bit(king + 2)) == 0
        {
            let m = Move {
                plane: Plane::Earth,
                from: king,
                to: king + 2,
                promotion: None,
                kind: MoveKind::Castle,
            };
            if keep(m, Role::King, self) {
                out.push(m);
            }
        }
        if rights & long != 0
            && rooks & bit(king - 4) != 0
            && occ & (bit(king - 1) | bit(king - 2) | bit(king - 3)) == 0
        {
            let m = Move {
                plane: Plane::Earth,
                from: king,
                to: king - 2,
                promotion: None,
                kind: MoveKind::Castle,
            };
            if keep(m, Role::King, self) {
                out.push(m);
            }
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

/// A [`MoveBuffer`] that only counts.
#[derive(Default)]
struct Counter(u64);

impl core::ops::Deref for Counter {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &[]
    }
}

impl MoveBuffer<Move> for Counter {
    #[inline]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
    fn clear(&mut self) {
        self.0 = 0;
    }
    fn retain(&mut self, _keep: impl FnMut(&Move) -> bool) {}
}

#[cfg(test)]
mod tests {
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

    /// The fast filter ([`DimensionChess::plainly_safe`]) agrees with playing every move, in
    /// thousands of positions of random games (captures and transfers are frequent in them).
    #[test]
    fn fast_legality_filter_agrees_with_playing_every_move() {
        let mut rng = SplitMix64::new(0xd1c7);
        let mut positions = 0;
        for _ in 0..300 {
            let mut p = DimensionChess::start();
            for _ in 0..120 {
                let fast = p.moves();
                let slow = slow_legal(&p);
                assert_eq!(fast.as_slice(), slow.as_slice(), "{p}");
                assert_eq!(p.count_moves(), fast.len() as u64);
                positions += 1;
                if fast.is_empty() {
                    break;
                }
                p = p.after(fast[rng.below(fast.len())]);
            }
        }
        assert!(positions > 10_000);
    }
}
