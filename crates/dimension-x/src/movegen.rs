//! The legal actions of one agent (the FIDE move, the Crab, the Cobra or the Spider) in a
//! position reached inside a turn (DX-5: each action is judged on the position the earlier
//! ones left).

use dimchess_core::movelist::ArrayVec;

use crate::action::{Action, ActionKind};
use crate::board::{
    CASTLE_BK, CASTLE_BQ, CASTLE_K, CASTLE_Q, COBRA, CRAB, DX, DxPosition, GONE, SPIDER,
};
use crate::tables::{CENTRAL, NO_SQ, RANK_1, RANK_8, tables};

/// Capacity of one agent's action list. The FIDE move dominates: without check (DX-8) every
/// pseudo-legal chess move counts, at most 9 Queens x 27 + 2 Rooks x 14 + 2 Bishops x 13 +
/// 2 Knights x 8 + King 8 + 2 castlings = 323 < 512, and promotions (4 per pawn move) replace
/// pieces that would otherwise move. A Crab has at most 8 victims x 7 relocation squares +
/// 1 transfer.
pub(crate) const AGENT_CAP: usize = 512;

/// One agent's actions.
pub(crate) type AgentList = ArrayVec<Action, AGENT_CAP>;

/// Appends the legal actions of `agent` (0 FIDE move, 1 Crab, 2 Cobra, 3 Spider) of the side
/// to move in `p`.
pub(crate) fn gen_agent(p: &DxPosition, agent: usize, out: &mut AgentList) {
    if agent == 0 {
        gen_fide(p, !0, out);
    } else {
        gen_td(p, agent - 1, out);
    }
}

/// FIDE moves (DX-8, DX-12, DX-14, DX-23 … DX-27) of the pieces on the squares of `from`.
pub(crate) fn gen_fide(p: &DxPosition, from: u64, out: &mut AgentList) {
    let t = tables();
    let c = p.side.index();
    let occ = p.occ();
    let own = p.color[c];
    let enemy = p.color[1 - c];
    // DX-12: a piece in a web cannot move.
    let unwebbed = own & !p.webbed(c);
    let movable = unwebbed & from;
    let targets = !own;
    let push = |from: u32, mut bb: u64, out: &mut AgentList| {
        while bb != 0 {
            let to = bb.trailing_zeros();
            bb &= bb - 1;
            out.push(Action {
                kind: ActionKind::Fide,
                a: from as u8,
                b: to as u8,
                c: 0,
            });
        }
    };
    let mut bb = p.roles[1] & movable;
    while bb != 0 {
        let s = bb.trailing_zeros();
        bb &= bb - 1;
        push(s, t.knight[s as usize] & targets, out);
    }
    let mut bb = (p.roles[2] | p.roles[4]) & movable;
    while bb != 0 {
        let s = bb.trailing_zeros();
        bb &= bb - 1;
        let mut a = t.bishop(s as usize, occ);
        if p.roles[4] & (1u64 << s) != 0 {
            a |= t.rook(s as usize, occ);
        }
        push(s, a & targets, out);
    }
    let mut bb = p.roles[3] & movable;
    while bb != 0 {
        let s = bb.trailing_zeros();
        bb &= bb - 1;
        push(s, t.rook(s as usize, occ) & targets, out);
    }
    let kings = p.roles[5] & movable;
    if kings != 0 {
        let s = kings.trailing_zeros();
        push(s, t.king[s as usize] & targets, out);
        // DX-23: castling needs the right and empty squares between; no attack test; neither
        // King nor Rook may be in a web (the King is movable here).
        let rooks = p.roles[3] & unwebbed;
        let (k_right, q_right, base) = if c == 0 {
            (CASTLE_K, CASTLE_Q, 0u32)
        } else {
            (CASTLE_BK, CASTLE_BQ, 56u32)
        };
        if s == base + 4 {
            if p.castling & k_right != 0
                && rooks & (1u64 << (base + 7)) != 0
                && occ & (0b0110_0000u64 << base) == 0
            {
                out.push(Action {
                    kind: ActionKind::Fide,
                    a: s as u8,
                    b: (base + 6) as u8,
                    c: 0,
                });
            }
            if p.castling & q_right != 0
                && rooks & (1u64 << base) != 0
                && occ & (0b0000_1110u64 << base) == 0
            {
                out.push(Action {
                    kind: ActionKind::Fide,
                    a: s as u8,
                    b: (base + 2) as u8,
                    c: 0,
                });
            }
        }
    }
    // Pawns.
    let pawns = p.roles[0] & movable;
    let (fwd, last, second): (i32, u64, u64) = if c == 0 {
        (8, RANK_8, 0xff00)
    } else {
        (-8, RANK_1, 0x00ff_0000_0000_0000)
    };
    let mut bb = pawns;
    while bb != 0 {
        let s = bb.trailing_zeros() as i32;
        bb &= bb - 1;
        let one = s + fwd;
        if !(0..64).contains(&one) {
            continue;
        }
        let file = s % 8;
        let mut dests = 0u64;
        if occ & (1u64 << one) == 0 {
            dests |= 1u64 << one;
            // DX-27: the double step only from the second rank.
            if second & (1u64 << s) != 0 {
                let two = one + fwd;
                if occ & (1u64 << two) == 0 {
                    dests |= 1u64 << two;
                }
            }
        }
        for df in [-1i32, 1] {
            if (0..8).contains(&(file + df)) {
                let to = one + df;
                let tb = 1u64 << to;
                if enemy & tb != 0 {
                    dests |= tb;
                } else if to as u8 == p.ep && occ & tb == 0 {
                    // DX-25: the en-passant square is empty and an enemy pawn still stands on
                    // the square the double step reached.
                    let victim = to - fwd;
                    if p.roles[0] & enemy & (1u64 << victim) != 0 {
                        dests |= tb;
                    }
                }
            }
        }
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            if last & (1u64 << to) != 0 {
                // DX-26: promotion to Q, R, B or N only, compulsory.
                for promo in [4u8, 3, 2, 1] {
                    out.push(Action {
                        kind: ActionKind::Fide,
                        a: s as u8,
                        b: to,
                        c: promo,
                    });
                }
            } else {
                out.push(Action {
                    kind: ActionKind::Fide,
                    a: s as u8,
                    b: to,
                    c: 0,
                });
            }
        }
    }
}

/// Actions of trans-dimensional piece `t` (0 Crab, 1 Cobra, 2 Spider) of the side to move.
pub(crate) fn gen_td(p: &DxPosition, t: usize, out: &mut AgentList) {
    let c = p.side.index();
    let loc = p.td[c][t];
    if loc == GONE {
        return;
    }
    let tb = tables();
    if loc >= DX {
        let sq = (loc - DX) as usize;
        // DX-16: steps to vacant squares; the Cobra's two-step is a slide.
        let mut dests = if t == COBRA {
            tb.cobra(sq, p.dx)
        } else {
            tb.king[sq]
        } & !p.dx;
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            out.push(Action {
                kind: ActionKind::Step,
                a: sq as u8,
                b: to,
                c: t as u8,
            });
        }
        // DX-15: surface onto a vacant square of the central zone.
        let b = 1u64 << sq;
        if CENTRAL & b != 0 && p.occ() & b == 0 {
            out.push(Action {
                kind: ActionKind::Surface,
                a: sq as u8,
                b: 0,
                c: t as u8,
            });
        }
        return;
    }
    let sq = loc as usize;
    let b = 1u64 << sq;
    // DX-12: a piece in a web cannot transfer, pinch or strike.
    if t != SPIDER && p.webbed(c) & b != 0 {
        return;
    }
    if p.dx & b == 0 {
        out.push(Action {
            kind: ActionKind::Dive,
            a: sq as u8,
            b: 0,
            c: t as u8,
        });
    }
    let enemy = p.color[1 - c];
    match t {
        CRAB => {
            let webbed_enemies = p.webbed(1 - c);
            let home = if c == 0 { RANK_8 } else { RANK_1 };
            let free = home & !p.occ();
            let mut victims = tb.king[sq] & enemy;
            while victims != 0 {
                let v = victims.trailing_zeros() as u8;
                victims &= victims - 1;
                let vb = 1u64 << v;
                let fide_victim = p.roles.iter().any(|r| r & vb != 0);
                // DX-19: (1) trans-dimensional victim or (2) webbed victim: removed; (3)
                // relocated to a vacant square of its first rank; (4) removed if none.
                if !fide_victim || webbed_enemies & vb != 0 || free == 0 {
                    out.push(Action {
                        kind: ActionKind::Pinch,
                        a: sq as u8,
                        b: v,
                        c: NO_SQ,
                    });
                } else {
                    let mut f = free;
                    while f != 0 {
                        let r = f.trailing_zeros() as u8;
                        f &= f - 1;
                        out.push(Action {
                            kind: ActionKind::Pinch,
                            a: sq as u8,
                            b: v,
                            c: r,
                        });
                    }
                }
            }
        }
        COBRA => {
            // DX-22: one or two squares along a line, the middle square empty.
            let mut victims = tb.cobra(sq, p.occ()) & enemy;
            while victims != 0 {
                let v = victims.trailing_zeros() as u8;
                victims &= victims - 1;
                out.push(Action {
                    kind: ActionKind::Strike,
                    a: sq as u8,
                    b: v,
                    c: 0,
                });
            }
        }
        _ => {}
    }
}

/// Whether `x` is a legal action of its agent in `p` (the agent not having acted yet).
pub(crate) fn action_legal(p: &DxPosition, x: &Action) -> bool {
    let c = p.side.index();
    match x.kind {
        ActionKind::Step => {
            let t = x.c as usize;
            if t > 2 || p.td[c][t] != DX + x.a || p.dx & (1u64 << x.b) != 0 {
                return false;
            }
            let tb = tables();
            let reach = if t == COBRA {
                tb.cobra(x.a as usize, p.dx)
            } else {
                tb.king[x.a as usize]
            };
            reach & (1u64 << x.b) != 0
        }
        ActionKind::Surface => {
            let t = x.c as usize;
            let b = 1u64 << x.a;
            t <= 2 && p.td[c][t] == DX + x.a && CENTRAL & b != 0 && p.occ() & b == 0
        }
        ActionKind::Fide => {
            // Only the moving piece's moves: a full list here made the canonical-order checks
            // of the turn search a fifth of Dimension X's perft.
            let mut l = AgentList::new();
            gen_fide(p, 1u64 << (x.a & 63), &mut l);
            l.contains(x)
        }
        _ => {
            let mut l = AgentList::new();
            gen_agent(p, x.agent(), &mut l);
            l.contains(x)
        }
    }
}

/// Read and write footprints of an action, per board: if two actions' footprints do not
/// meet, they can be performed in either order with the same result, and each is legal
/// before the other exactly when it is legal after it.
///
/// `rf`/`wf` are FIDE-board squares read/written (writes included in reads), `rd`/`wd` the same
/// in Dimension X; `rw` the squares whose enemy Spider would web the actor (only removing an
/// enemy piece, `wv`, changes those).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Footprint {
    pub rf: u64,
    pub wf: u64,
    pub rd: u64,
    pub wd: u64,
    pub rw: u64,
    pub wv: u64,
}

impl Footprint {
    /// Whether the two actions are independent.
    #[inline]
    pub(crate) fn independent(&self, o: &Footprint) -> bool {
        self.wf & o.rf == 0
            && o.wf & self.rf == 0
            && self.wd & o.rd == 0
            && o.wd & self.rd == 0
            && self.wv & o.rw == 0
            && o.wv & self.rw == 0
    }
}

/// The footprint of `x`, played by side `c`: Dimension X steps inline (most of the search's
/// footprints), the other kinds through [`footprint_of`].
#[inline(always)]
pub(crate) fn footprint(x: &Action, c: usize) -> Footprint {
    if x.kind == ActionKind::Step {
        let w = (1u64 << x.a) | (1u64 << x.b);
        Footprint {
            rd: w | tables().between(x.a as usize, x.b as usize),
            wd: w,
            ..Footprint::default()
        }
    } else {
        footprint_of(x, c)
    }
}

/// [`footprint`] of any action.
#[inline(never)]
fn footprint_of(x: &Action, c: usize) -> Footprint {
    let t = tables();
    let a = 1u64 << x.a;
    match x.kind {
        ActionKind::Fide => {
            let (f, to) = (x.a as usize, x.b as usize);
            let mut w = a | 1u64 << to;
            let mut r = w | t.between(f, to);
            let mut rw = t.king[f];
            let (df, dr) = (
                (f % 8) as i32 - (to % 8) as i32,
                (f / 8) as i32 - (to / 8) as i32,
            );
            if df.abs() == 1 && dr.abs() == 1 {
                // Possibly en passant: the captured pawn's square.
                let e = if to >= 8 { 1u64 << (to - 8) } else { 0 }
                    | if to < 56 { 1u64 << (to + 8) } else { 0 };
                w |= e;
                r |= e;
            }
            if (f == 4 || f == 60) && df.abs() == 2 && dr == 0 {
                // Possibly castling: the whole home rank and the Rooks' neighbourhoods.
                let rank = 0xffu64 << (f - 4);
                w |= rank;
                r |= rank;
                rw |= t.king[f - 4] | t.king[f + 3];
            }
            Footprint {
                rf: r,
                wf: w,
                rd: 0,
                wd: 0,
                rw,
                wv: w,
            }
        }
        ActionKind::Step => {
            let w = a | 1u64 << x.b;
            Footprint {
                rd: w | t.between(x.a as usize, x.b as usize),
                wd: w,
                ..Footprint::default()
            }
        }
        ActionKind::Surface => {
            // A Spider's arrival changes which enemy pieces are in its web (pinch outcomes).
            let web = if x.c as usize == SPIDER {
                t.king[x.a as usize]
            } else {
                0
            };
            Footprint {
                rf: a | web,
                wf: a | web,
                rd: a,
                wd: a,
                rw: 0,
                wv: 0,
            }
        }
        ActionKind::Dive => {
            let web = if x.c as usize == SPIDER {
                t.king[x.a as usize]
            } else {
                0
            };
            Footprint {
                rf: a | web,
                wf: a | web,
                rd: a,
                wd: a,
                rw: t.king[x.a as usize],
                wv: 0,
            }
        }
        ActionKind::Strike => {
            let v = 1u64 << x.b;
            Footprint {
                rf: a | v | t.between(x.a as usize, x.b as usize),
                wf: v,
                rw: t.king[x.a as usize],
                wv: v,
                ..Footprint::default()
            }
        }
        ActionKind::Pinch => {
            let v = 1u64 << x.b;
            let home = if c == 0 { RANK_8 } else { RANK_1 };
            let w = v | if x.c != NO_SQ { 1u64 << x.c } else { 0 };
            Footprint {
                rf: a | w | t.king[x.b as usize] | home,
                wf: w,
                rw: t.king[x.a as usize],
                wv: w,
                ..Footprint::default()
            }
        }
    }
}
