//! Counting the turns without a search when every trans-dimensional piece of the side to move
//! is in Dimension X (or out of the game): the common case, and every child of the start.
//!
//! # Why a count is enough there
//!
//! The turn's actions are then one FIDE move `F` (required, DX-6: with no piece of its own on
//! the FIDE board nothing but a FIDE move can remove the enemy King) and at most one step or
//! surface per trans-dimensional piece (DX-4, DX-15, DX-16). Every set of actions gives its
//! own position (each piece's action is told by where it ends; no strike or pinch), so the
//! count is the number of sets with a legal order (DX-5, DX-35). For a set `A` of Dimension X
//! actions and a FIDE move `F`:
//!
//! - Dimension X actions touch the FIDE board only by surfacing; nothing there can make `F`
//!   legal (a surfacing piece only adds an obstacle; webs hold enemy pieces only, DX-11).
//! - If `F` does not remove the enemy King, `A ∪ {F}` has a legal order exactly when `A` has
//!   one in Dimension X and every square that `A` surfaces onto is empty after `F`: then `F`
//!   first and `A` in its order is legal; if a surfacing square is not empty after `F` (it was
//!   occupied and `F` did not empty it, or `F` lands on it), that surface is illegal both
//!   before `F` (the square is occupied, or `F`'s target is then its own piece's) and after.
//! - If `F` removes the King, it must come last (DX-7): every surfacing square must be empty
//!   before `F` and off its path.
//!
//! In Dimension X the order matters only through vacant squares (a step's target, and a
//! Cobra's middle square; a surface frees its square), so a set's orders are tried in
//! Dimension X alone. The count is the sum, over the sets `A` with a legal order, of the
//! number of FIDE moves compatible with `A`'s surfacing squares. The search
//! ([`crate::turngen`]) remains the reference: a test compares the two on random games.

use crate::board::{COBRA, DX, DxPosition, GONE};
use crate::movegen::{AgentList, gen_agent};
use crate::tables::{CENTRAL, NO_SQ, tables};
use crate::turngen::FideShape;

/// One Dimension X action of a piece: the squares it needs vacant when it is made (a step's
/// target and a Cobra's middle square), the square it leaves and the square it fills (none
/// for a surface), and which piece surfaces (bit `i` for the `i`-th piece, or 0). The default
/// is no action.
#[derive(Copy, Clone, Default)]
struct DxAction {
    needs: u64,
    leaves: u64,
    fills: u64,
    surfaces: u8,
}

/// The number of legal turns of `p` if every trans-dimensional piece of the side to move is
/// in Dimension X or out of the game, else `None` (the search counts those).
pub(crate) fn count_without_search(p: &DxPosition) -> Option<u64> {
    let c = p.side.index();
    if p.td[c].iter().any(|&l| l != GONE && l < DX) {
        return None;
    }
    if p.king_sq(c).is_none() {
        return Some(0);
    }
    let t = tables();
    // Each piece's actions, and its surfacing square (or none).
    let mut acts = [[DxAction::default(); 18]; 3];
    let mut n_acts = [0usize; 3];
    let mut surf_sq = [NO_SQ; 3];
    let mut pieces = 0usize;
    let own: u64 = p.td[c]
        .iter()
        .filter(|&&l| l != GONE)
        .fold(0, |a, &l| a | 1u64 << (l - DX));
    // Squares no action of ours can free: the enemy's pieces.
    let fixed = p.dx & !own;
    for (kind, &loc) in p.td[c].iter().enumerate() {
        if loc == GONE {
            continue;
        }
        let sq = (loc - DX) as usize;
        let from = 1u64 << sq;
        let i = pieces;
        pieces += 1;
        let list = &mut acts[i];
        let mut n = 0;
        // DX-16: steps (a target now held by one of our pieces may be free once it acts).
        let mut one = t.king[sq] & !fixed;
        while one != 0 {
            let to = 1u64 << one.trailing_zeros();
            one &= one - 1;
            list[n] = DxAction {
                needs: to,
                leaves: from,
                fills: to,
                surfaces: 0,
            };
            n += 1;
        }
        if kind == COBRA {
            for &(mid, far) in &t.two[sq] {
                if far == NO_SQ {
                    continue;
                }
                let (m, f) = (1u64 << mid, 1u64 << far);
                if (m | f) & fixed == 0 {
                    list[n] = DxAction {
                        needs: m | f,
                        leaves: from,
                        fills: f,
                        surfaces: 0,
                    };
                    n += 1;
                }
            }
        }
        // DX-15: a surface from the central zone; whether its FIDE square is vacant is the
        // FIDE move's part.
        if CENTRAL & from != 0 {
            list[n] = DxAction {
                needs: 0,
                leaves: from,
                fills: 0,
                surfaces: 1 << i,
            };
            n += 1;
            surf_sq[i] = sq as u8;
        }
        n_acts[i] = n;
    }
    // FIDE moves by the surfacing squares they leave usable: `by_mask[m]` counts the moves
    // whose usable set is exactly `m`; `fits[m]` those whose usable set contains `m`.
    let mut fide = AgentList::new();
    gen_agent(p, 0, &mut fide);
    let empty = !p.occ();
    let mut by_mask = [0u64; 8];
    for x in fide.iter() {
        let shape = FideShape::of(p, x);
        let usable = if shape.kills {
            // DX-7: everything before the capture, which must stay possible.
            empty & !shape.path
        } else {
            (empty | shape.vac) & !(1u64 << x.b)
        };
        let mut m = 0;
        for (i, &s) in surf_sq.iter().enumerate() {
            if s != NO_SQ && usable & (1u64 << s) != 0 {
                m |= 1 << i;
            }
        }
        by_mask[m] += 1;
    }
    let mut fits = [0u64; 8];
    for (m, f) in fits.iter_mut().enumerate() {
        *f = (0..8).filter(|&k| k & m == m).map(|k| by_mask[k]).sum();
    }
    // Every set of at most one action per piece with a legal order in Dimension X.
    let none = DxAction::default();
    let options = |i: usize| -> &[DxAction] {
        if i < pieces {
            &acts[i][..n_acts[i]]
        } else {
            &[]
        }
    };
    // The order a, b, d is tried first, its occupancy kept along the loops (`None`: that
    // order fails already); the other orders only where it fails.
    let after = |occ: Option<u64>, x: &DxAction| {
        occ.filter(|o| x.needs & o == 0)
            .map(|o| (o & !x.leaves) | x.fills)
    };
    let mut total = 0u64;
    for a in core::iter::once(&none).chain(options(0)) {
        let occ_a = after(Some(p.dx), a);
        for b in core::iter::once(&none).chain(options(1)) {
            let occ_ab = after(occ_a, b);
            for d in core::iter::once(&none).chain(options(2)) {
                if after(occ_ab, d).is_some() || orderable(p.dx, &[*a, *b, *d]) {
                    total += fits[usize::from(a.surfaces | b.surfaces | d.surfaces)];
                }
            }
        }
    }
    Some(total)
}

/// Whether the actions (empty ones are no-ops) can be made one after another in some order,
/// each finding the squares it needs vacant, from Dimension X occupancy `dx`.
#[inline]
fn orderable(dx: u64, x: &[DxAction; 3]) -> bool {
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    ORDERS.iter().any(|o| {
        let mut occ = dx;
        o.iter().all(|&i| {
            let ok = x[i].needs & occ == 0;
            occ = (occ & !x[i].leaves) | x[i].fills;
            ok
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turngen::{Search, legal_turns_reference};
    use dimchess_core::zobrist::SplitMix64;

    /// The count against the search's count and against the list with every turn played.
    fn check(p: &DxPosition) -> u64 {
        let n = count_without_search(p).unwrap_or_else(|| panic!("{p}: not counted"));
        assert_eq!(n, Search::count_sets(p), "{p}: the search");
        assert_eq!(
            n,
            legal_turns_reference(p).len() as u64,
            "{p}: the full list"
        );
        n
    }

    fn pos(text: &str) -> DxPosition {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Positions made for the cases the argument above names, both sides to move.
    #[test]
    fn made_positions_match_the_search() {
        for text in [
            // A Rook that can take the King along a file of the central zone, with a Crab
            // under that file (DX-7: the surface must come first, and must not block), a
            // Cobra whose two-step needs the Spider to move first (DX-16).
            "8/1k6/8/8/8/8/1R6/4K3|8/8/1A6/1S6/1C6/8/8/8 w - - 0 1",
            // En passant (DX-25): a Spider under the en passant square (the capture lands
            // there), a Crab under the victim (the capture empties it).
            "4k3/8/8/3pP3/8/8/8/4K3|8/8/3A4/3C4/8/8/8/8 w - d6 0 1",
            // Pieces on edge squares (no surface, DX-15), enemy pieces in the way.
            "4k3/8/8/8/8/8/8/4K3|8/8/8/8/7S/8/1cs5/C7 w - - 0 1",
            // Three pieces in a row: steps into squares the others leave.
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R|8/8/8/2CSA3/8/8/8/8 w KQkq - 0 1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R|8/8/8/2csa3/8/8/8/8 b KQkq - 0 1",
            // An enemy Spider on the FIDE board webs some of the mover's pieces (DX-12).
            "4k3/8/8/8/3a4/3P4/8/4K3|8/8/8/8/8/4S3/3C4/8 w - - 0 1",
            // A piece out of the game; a Cobra's line blocked by an enemy piece.
            "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/2s5/2S5/2C5 w - - 0 1",
        ] {
            check(&pos(text));
        }
        // The start: 19,060 turns (a count the search and the full list agree on).
        assert_eq!(check(&DxPosition::start()), 19_060);
    }

    /// Random Dimension X placements (three own pieces and up to three enemy pieces in a
    /// small region, so that they meet) under FIDE boards from random play.
    #[test]
    fn random_placements_match_the_search() {
        let mut rng = SplitMix64::new(19);
        let fide = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
            "4k3/1P6/8/8/8/8/6p1/4K3",
        ];
        let mut checked = 0;
        for round in 0..120 {
            let board = fide[round % fide.len()];
            let mut dx = [b'.'; 64];
            // A 4x4 region somewhere in the middle.
            let (f0, r0) = (1 + rng.below(3), 1 + rng.below(3));
            let mut place = |letter: u8, rng: &mut SplitMix64| loop {
                let s = (r0 + rng.below(4)) * 8 + f0 + rng.below(4);
                if dx[s] == b'.' {
                    dx[s] = letter;
                    return;
                }
            };
            let white = round % 2 == 0;
            let (own, enemy) = if white {
                (b"CSA", b"csa")
            } else {
                (b"csa", b"CSA")
            };
            for &l in own {
                if rng.below(5) != 0 {
                    place(l, &mut rng);
                }
            }
            for &l in enemy {
                if rng.below(2) == 0 {
                    place(l, &mut rng);
                }
            }
            let mut text = String::new();
            for r in (0..8).rev() {
                let mut gap = 0;
                for f in 0..8 {
                    let ch = dx[r * 8 + f];
                    if ch == b'.' {
                        gap += 1;
                    } else {
                        if gap > 0 {
                            text.push(char::from(b'0' + gap));
                            gap = 0;
                        }
                        text.push(char::from(ch));
                    }
                }
                if gap > 0 {
                    text.push(char::from(b'0' + gap));
                }
                if r > 0 {
                    text.push('/');
                }
            }
            let side = if white { "w" } else { "b" };
            let p = pos(&format!("{board}|{text} {side} - - 0 1"));
            check(&p);
            checked += 1;
        }
        assert_eq!(checked, 120);
    }
}
