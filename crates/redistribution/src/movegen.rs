//! Legal move generation, without heap allocation.
//!
//! Because every move is a leap (RD-2), attacks never depend on the occupancy: there are no
//! pins and no discovered checks, so legality (RD-12) reduces to three cases (RD-14):
//! - not in check: every non-Emperor move is legal; an Emperor step is legal iff its
//!   destination is not attacked;
//! - in check by one piece: Emperor steps to unattacked cells, and captures of the checker
//!   (combining and splitting never resolve a check);
//! - in check by several pieces (possible only in a set-up position): Emperor steps only.

use crate::geometry::{Cell, TABLES};
use crate::moves::Move;
use crate::piece::{Components, Piece, Role};
use crate::position::Redistribution;

impl Redistribution {
    /// Calls `f` with every legal move, without allocating.
    #[inline]
    pub fn for_each_legal_move<F: FnMut(Move)>(&self, mut f: F) {
        let t = &*TABLES;
        let us = self.turn;
        let them = us.opponent();
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let empty = !(own | enemy);
        let ksq = self.emperor[us.index()];

        // RD-12: the Emperor steps to cells the enemy does not attack.
        for to in t.targets[Role::EMPEROR.index()][ksq.index()].and_not(own) {
            let to = cell(to);
            if !self.is_attacked(to, them) {
                f(Move::whole(ksq, to));
            }
        }

        let checkers = self.attackers(ksq, us.opponent());
        if checkers.any() {
            // RD-14: only a capture of the single checker helps, besides Emperor steps.
            if let Some(c) = checkers.single() {
                let target = cell(c);
                for s in self.attackers(target, us).without(ksq.index()) {
                    f(Move::whole(cell(s), target));
                }
            }
            return;
        }

        for s in own.without(ksq.index()) {
            let from = cell(s);
            let set = piece(self.board[s]).components();
            if set.is_quadruple() {
                // Whole moves and splits to empty cells, component by component (RD-10: the
                // used component is fixed by the vector), then captures (RD-5). A quadruple
                // never combines (RD-6).
                let mut bits = set.0;
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let used = Components(1 << k);
                    for to in t.leaps[k][s] & empty {
                        let to = cell(to);
                        f(Move::whole(from, to));
                        let mut partners = set.minus(used).0;
                        while partners != 0 {
                            let x = partners & partners.wrapping_neg();
                            partners &= partners - 1;
                            f(Move::split_pair(from, to, Components(used.0 | x)));
                        }
                    }
                }
                let role = Role::from_components(set).expect("quadruple role");
                for to in t.targets[role.index()][s] & enemy {
                    f(Move::whole(from, cell(to)));
                }
            } else {
                let role = Role::from_components(set).expect("piece role");
                let reach = t.targets[role.index()][s];
                for to in reach.and_not(own) {
                    f(Move::whole(from, cell(to)));
                }
                // RD-6/RD-7/RD-8: combining onto a compatible friend, by an own vector.
                for to in reach & self.partner_cells(set, us) {
                    f(Move::whole(from, cell(to)));
                }
            }
        }
    }

    /// The number of legal moves, counted without generating them (the same cases as
    /// [`Redistribution::for_each_legal_move`]; bulk counting at the last ply of perft).
    // Always inlined, so that perft's code path chosen at run time (`dimchess_core::cpu`)
    // compiles it.
    #[inline(always)]
    pub(crate) fn count_moves(&self) -> u64 {
        let t = &*TABLES;
        let us = self.turn;
        let them = us.opponent();
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let empty = !(own | enemy);
        let ksq = self.emperor[us.index()];

        let mut n = 0;
        for to in t.targets[Role::EMPEROR.index()][ksq.index()].and_not(own) {
            if !self.is_attacked(cell(to), them) {
                n += 1;
            }
        }
        let checkers = self.attackers(ksq, them);
        if checkers.any() {
            if let Some(c) = checkers.single() {
                n += u64::from(self.attackers(cell(c), us).without(ksq.index()).count());
            }
            return n;
        }
        let paired = own.and_not(self.unpaired);
        let open = !own;
        // The pieces word by word: iterating the two-word set itself would clear its bits in
        // memory at every step.
        let pieces = own.without(ksq.index());
        for (w, &word) in pieces.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let s = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let set = piece(self.board[s]).components();
                let role = Role::from_components(set).expect("piece role");
                let reach = t.targets[role.index()][s];
                n += u64::from(if set.is_quadruple() {
                    4 * (reach & empty).count() + (reach & enemy).count()
                } else {
                    // Moves to cells without a friend, and combinations with one (RD-6, RD-7).
                    (reach & (open | self.partners_among(set, paired))).count()
                });
            }
        }
        n
    }

    /// Whether the side to move has at least one legal move.
    pub(crate) fn has_legal_move(&self) -> bool {
        let us = self.turn;
        let own = self.by_color[us.index()];
        let ksq = self.emperor[us.index()];
        if !self.attackers(ksq, us.opponent()).any() {
            // Out of check every non-Emperor move is legal (RD-14); does any exist?
            let t = &*TABLES;
            for s in own.without(ksq.index()) {
                let set = piece(self.board[s]).components();
                let role = Role::from_components(set).expect("piece role");
                let reach = t.targets[role.index()][s];
                if reach.and_not(own).any() || (reach & self.partner_cells(set, us)).any() {
                    return true;
                }
            }
        }
        let mut any = false;
        self.for_each_legal_move(|_| any = true);
        any
    }
}

#[inline(always)]
fn cell(i: usize) -> Cell {
    Cell::from_table(i)
}

#[inline(always)]
fn piece(code: u8) -> Piece {
    Piece::from_code(code).expect("occupied cell")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::CELLS;

    /// The bound behind `MAX_MOVES`: from each cell, the most moves any piece there can
    /// make (a quadruple: 4 per reachable cell, a whole move and three splits), summed.
    #[test]
    fn move_list_capacity_covers_the_worst_case() {
        let t = &*TABLES;
        let mut bound = 0;
        for s in 0..CELLS {
            let mut best = 0;
            for k in Role::all() {
                let n = t.targets[k.index()][s].count() as usize;
                let n = if k.components().is_quadruple() {
                    4 * n
                } else {
                    n
                };
                best = best.max(n);
            }
            bound += best;
        }
        assert_eq!(bound, crate::position::MAX_MOVES);
    }
}
