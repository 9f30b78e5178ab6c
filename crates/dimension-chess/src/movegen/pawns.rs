//! Pawn moves on a plane (DC-11 to DC-14): pushes, captures, promotions and en passant,
//! generated set-wise where the pawns' safety is uniform and one by one where it is not.

use super::*;

impl DimensionChess {
    /// Pawn pushes, double steps, captures, promotions and en passant on `plane` (DC-11,
    /// DC-12).
    #[inline(always)]
    pub(super) fn pawn_moves<S: Sink>(
        &self,
        plane: Plane,
        us: Color,
        pawns: u64,
        targets: u64,
        sink: &mut S,
        safety: Option<&Safety>,
    ) {
        if pawns == 0 {
            return;
        }
        // Pawns whose safe destinations are the same for all go set-wise; the others (pinned,
        // vacating a sensitive cell, next to the king's aligned cell) one by one.
        let (uniform, mask) = match safety {
            None => (pawns, !0),
            Some(s) => self.uniform_pawns(plane, pawns, s),
        };
        self.pawn_sets(plane, us, uniform, mask, targets, sink, safety.is_some());
        if pawns & !uniform != 0 {
            self.pawns_one_by_one(plane, us, pawns & !uniform, targets, sink, safety);
        }
        // Out of line, and only when a pawn of ours stands where it could take e.p.
        if let Some((ep_plane, ep)) = self.ep
            && ep_plane == plane
            && attacks::pawn(other(us), ep) & pawns != 0
        {
            self.en_passant(plane, us, pawns, targets, sink, safety);
        }
    }

    /// The moves of `pawns`, each with its own safe destinations (see
    /// [`DimensionChess::uniform_pawns`]).
    #[inline(never)]
    pub(super) fn pawns_one_by_one<S: Sink>(
        &self,
        plane: Plane,
        us: Color,
        pawns: u64,
        targets: u64,
        sink: &mut S,
        safety: Option<&Safety>,
    ) {
        let l = &self.layers[plane.index()];
        let empty = !l.occ();
        let (last, third) = match us {
            Color::White => (RANK_8, 0xffu64 << 16),
            Color::Black => (RANK_1, 0xffu64 << 40),
        };
        let mut bb = pawns;
        while bb != 0 {
            let from = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            let one = match us {
                Color::White => bit(from) << 8,
                Color::Black => bit(from) >> 8,
            } & empty;
            let two = match us {
                Color::White => (one & third) << 8,
                Color::Black => (one & third) >> 8,
            } & empty;
            let plain = one | (attacks::pawn(us, from) & targets);
            let safe = match safety {
                Some(s) => self.safe_mask(plane, from, Role::Pawn, s),
                None => !0,
            };
            sink.add_set(
                plane,
                from,
                plain & safe & !last,
                Role::Pawn,
                MoveKind::Normal,
            );
            sink.add_set(plane, from, two & safe, Role::Pawn, MoveKind::DoubleStep);
            sink.add_promotions(plane, from, plain & safe & last);
            let mut rest = (plain | two) & !safe;
            if plane == Plane::Earth
                && let Some(s) = safety
            {
                rest &= s.evasion;
            }
            while rest != 0 {
                let to = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let kind = if bit(to) & two != 0 {
                    MoveKind::DoubleStep
                } else {
                    MoveKind::Normal
                };
                if bit(to) & last != 0 {
                    for promo in Role::PROMOTIONS {
                        let m = Move {
                            role: Role::Pawn,
                            plane,
                            from,
                            to,
                            promotion: Some(promo),
                            kind,
                        };
                        if self.is_legal_slow(m) {
                            sink.add(m);
                        }
                    }
                } else {
                    let m = Move {
                        role: Role::Pawn,
                        plane,
                        from,
                        to,
                        promotion: None,
                        kind,
                    };
                    if self.is_legal_slow(m) {
                        sink.add(m);
                    }
                }
            }
        }
    }

    /// En passant by `pawns` on `plane` (DC-12): on the board of the last double step; the
    /// passed pawn must still be an enemy pawn, and on Earth not blessed (it must be among
    /// `targets`).
    #[inline(never)]
    pub(super) fn en_passant<S: Sink>(
        &self,
        plane: Plane,
        us: Color,
        pawns: u64,
        targets: u64,
        sink: &mut S,
        safety: Option<&Safety>,
    ) {
        let l = &self.layers[plane.index()];
        let empty = !l.occ();
        if let Some((ep_plane, ep)) = self.ep
            && ep_plane == plane
        {
            let (ep_rank, victim) = match us {
                Color::White => (5, ep.wrapping_sub(8)),
                Color::Black => (2, ep + 8),
            };
            if ep / 8 == ep_rank
                && bit(ep) & empty != 0
                && targets & l.rol(Role::Pawn) & bit(victim) != 0
            {
                let mut caps = attacks::pawn(other(us), ep) & pawns;
                while caps != 0 {
                    let from = caps.trailing_zeros() as u8;
                    caps &= caps - 1;
                    let m = Move {
                        role: Role::Pawn,
                        plane,
                        from,
                        to: ep,
                        promotion: None,
                        kind: MoveKind::EnPassant,
                    };
                    if safety.is_none() || self.is_legal_slow(m) {
                        sink.add(m);
                    }
                }
            }
        }
    }

    /// The pawns of `pawns` on `plane` whose plainly safe destinations are all the same,
    /// and that mask (see [`DimensionChess::safe_mask`]).
    #[inline(always)]
    pub(super) fn uniform_pawns(&self, plane: Plane, pawns: u64, s: &Safety) -> (u64, u64) {
        if s.in_check {
            return (0, 0);
        }
        let us = self.turn;
        if plane == Plane::Earth {
            let mask = if s.drop_exposed {
                !s.stronger[Role::Pawn.index()]
            } else {
                !0
            };
            (pawns & !s.pinned, mask)
        } else if plane == Plane::upper(us) {
            (pawns & !s.upper_unsafe_from, !bit(s.king))
        } else if s.drop_exposed {
            (0, 0)
        } else {
            // The pawn whose double step would pass over the king's cell is special.
            let special = match us {
                Color::White if s.king >= 8 => bit(s.king - 8),
                Color::Black if s.king < 56 => bit(s.king + 8),
                _ => 0,
            };
            (pawns & !special, !bit(s.king))
        }
    }

    /// The moves of the pawns `pawns` as sets: destinations in `mask` are added at once, the
    /// others (when `test`) played and tested.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn pawn_sets<S: Sink>(
        &self,
        plane: Plane,
        us: Color,
        pawns: u64,
        mask: u64,
        targets: u64,
        sink: &mut S,
        test: bool,
    ) {
        if pawns == 0 {
            return;
        }
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        const FILE_H: u64 = FILE_A << 7;
        let empty = !self.layers[plane.index()].occ();
        let (single, double, west, east, last, d1, d2, dw, de) = match us {
            Color::White => {
                let single = (pawns << 8) & empty;
                (
                    single,
                    ((single & (0xff << 16)) << 8) & empty,
                    ((pawns & !FILE_A) << 7) & targets,
                    ((pawns & !FILE_H) << 9) & targets,
                    RANK_8,
                    8i8,
                    16i8,
                    7i8,
                    9i8,
                )
            }
            Color::Black => {
                let single = (pawns >> 8) & empty;
                (
                    single,
                    ((single & (0xff << 40)) >> 8) & empty,
                    ((pawns & !FILE_A) >> 9) & targets,
                    ((pawns & !FILE_H) >> 7) & targets,
                    RANK_1,
                    -8i8,
                    -16i8,
                    -9i8,
                    -7i8,
                )
            }
        };
        let sets = [
            (single, d1, MoveKind::Normal),
            (double, d2, MoveKind::DoubleStep),
            (west, dw, MoveKind::Normal),
            (east, de, MoveKind::Normal),
        ];
        if sink.counts() {
            // Fewer popcounts: single and double steps never share a destination.
            // Captures are few: counted bit by bit where the CPU has no population count.
            let mut n = u64::from((((single & !last) | double) & mask).count_ones())
                + u64::from(count_sparse(west & mask & !last))
                + u64::from(count_sparse(east & mask & !last));
            if (single | west | east) & last != 0 {
                n += 4 * u64::from(
                    (single & mask & last).count_ones()
                        + (west & mask & last).count_ones()
                        + (east & mask & last).count_ones(),
                );
            }
            sink.add_count(n);
        } else {
            for (set, delta, kind) in sets {
                add_pawn_set(sink, plane, set & mask, delta, kind, last);
            }
        }
        if (single | double | west | east) & !mask != 0 {
            self.pawn_sets_tested(plane, sets, mask, last, sink, test);
        }
    }

    /// The pawn moves of `sets` (destinations, origin offset, kind) outside `mask`: played
    /// and tested when `test`, else added.
    #[inline(never)]
    pub(super) fn pawn_sets_tested<S: Sink>(
        &self,
        plane: Plane,
        sets: [(u64, i8, MoveKind); 4],
        mask: u64,
        last: u64,
        sink: &mut S,
        test: bool,
    ) {
        for (set, delta, kind) in sets {
            let mut rest = set & !mask;
            if !test {
                add_pawn_set(sink, plane, rest, delta, kind, last);
                continue;
            }
            while rest != 0 {
                let to = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let from = (to as i8 - delta) as u8;
                let promos: &[Option<Role>] = if bit(to) & last != 0 {
                    &[
                        Some(Role::Queen),
                        Some(Role::Rook),
                        Some(Role::Bishop),
                        Some(Role::Knight),
                    ]
                } else {
                    &[None]
                };
                for &promotion in promos {
                    let m = Move {
                        role: Role::Pawn,
                        plane,
                        from,
                        to,
                        promotion,
                        kind,
                    };
                    if self.is_legal_slow(m) {
                        sink.add(m);
                    }
                }
            }
        }
    }
}
