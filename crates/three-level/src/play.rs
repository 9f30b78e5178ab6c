//! Turn resolution (TL-14): apply a move or a pass, the elimination rounds, the turn change.

use crate::geometry::TABLES;
use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::position::{EpRecord, ThreeLevelPosition};
use crate::rules::Rules;

/// What a move is, beside its cells (derived from the position).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Flags {
    pub(crate) en_passant: bool,
    pub(crate) double_step: bool,
    pub(crate) promotion_win: bool,
}

/// What is known of a turn before it is resolved (what the resolution may skip).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Known {
    /// Nothing: the full resolution.
    Nothing,
    /// A legal move: its mover survives (TL-15).
    Legal,
    /// A move the fast test cleared: legal, and no elimination follows.
    Quiet,
}

impl<R: Rules> ThreeLevelPosition<R> {
    /// The flags of a move of the side to move (all false for a pass).
    #[inline]
    pub(crate) fn flags(&self, m: Move) -> Flags {
        if m.is_pass() || R::VARIANT.is_xiangqi() {
            return Flags::default();
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let Some(p) = self.piece_at(from) else {
            return Flags::default();
        };
        if p.role != Role::Pawn || to >= self.board.len() {
            return Flags::default();
        }
        let t = &*TABLES;
        let ci = p.color as usize;
        let single = t.pawn_push1[ci].ray(from, 0) | t.pawn_push1[ci].ray(from, 1);
        let reach2 = t.pawn_push2[ci].ray(from, 0) | t.pawn_push2[ci].ray(from, 1);
        Flags {
            en_passant: self.board[to] == 0
                && crate::geometry::PAWN_CAPTURE[ci].get(from).contains(to),
            double_step: reach2.contains(to) && !single.contains(to),
            promotion_win: m.promotion().is_none() && t.far_corner[ci].contains(to),
        }
    }

    /// [`Self::flags`] of a move the generator made here (legal or pseudo-legal, not the pass),
    /// by arithmetic instead of table lookups: a Pawn's step moves it by one forward step (F1
    /// or F2: 1 or 8 cells within its level), its double step by two (TL-8), and any other
    /// Pawn move is a capture, en passant when the destination is empty (TL-9). No capture
    /// moves a Pawn by one or two forward steps (captures are F1+F2 or change level).
    #[inline]
    fn generated_flags(&self, from: usize, to: usize, m: Move) -> Flags {
        if R::VARIANT.is_xiangqi()
            || Piece::from_code(self.board[from]).is_none_or(|p| p.role != Role::Pawn)
        {
            return Flags::default();
        }
        let side = self.side;
        let d = to as isize - from as isize;
        let [(f1, r1), (f2, r2)] = crate::geometry::forward(side);
        let (s1, s2) = ((f1 + 8 * r1) as isize, (f2 + 8 * r2) as isize);
        let double_step = d == 2 * s1 || d == 2 * s2;
        let step = double_step || d == s1 || d == s2;
        let flags = Flags {
            en_passant: !step && self.board[to] == 0,
            double_step,
            promotion_win: m.promotion().is_none() && TABLES.far_corner[side as usize].contains(to),
        };
        debug_assert_eq!(flags, self.flags(m));
        flags
    }

    /// Whether `m` is an en-passant capture here (TL-9).
    pub fn is_en_passant(&self, m: Move) -> bool {
        self.flags(m).en_passant
    }

    /// Whether `m` is a promotion win here (TL-11).
    pub fn is_promotion_win(&self, m: Move) -> bool {
        self.flags(m).promotion_win
    }

    /// Resolves the turn `m` (TL-14) without checking that it is legal.
    pub(crate) fn apply(&mut self, m: Move) {
        self.resolve(m, Known::Nothing);
    }

    /// Resolves the legal turn `m` (TL-14). The mover of a legal move survives it (TL-15: it
    /// stays live with its royal piece unattacked), so its King is not tested for elimination;
    /// after a pass (TL-16) it is, as a player with no legal move may be checkmated.
    pub(crate) fn apply_legal(&mut self, m: Move) {
        self.resolve(
            m,
            if m.is_pass() {
                Known::Nothing
            } else {
                Known::Legal
            },
        );
    }

    /// Resolves a move that the generator's fast test cleared (see `movegen`): legal, and
    /// no elimination can follow it (no King was attacked by the next player before it, and
    /// it moves no piece that alone screens one), so TL-14 step 6 has nothing to test.
    pub(crate) fn apply_quiet(&mut self, m: Move) {
        self.resolve(m, Known::Quiet);
        debug_assert!({
            let mut c = self.clone();
            c.eliminate(self.side, None);
            c == *self
        });
    }

    fn resolve(&mut self, m: Move, known: Known) {
        let s = self.side;
        let mut reset = false;
        let mut promotion_win = false;
        if !m.is_pass() {
            let (from, to) = (m.from as usize, m.to as usize);
            let flags = self.generated_flags(from, to, m);
            if flags.en_passant {
                // TL-9: the recorded Pawn whose passed cell is the destination is removed.
                for d in Color::ALL {
                    if let Some(r) =
                        self.ep[d as usize].filter(|r| d != s && r.passed as usize == to)
                    {
                        self.remove(r.pawn as usize);
                        self.set_ep(d, None);
                    }
                }
                reset = true;
            } else if let Some(cap) = self.remove(to) {
                reset = true;
                // TL-14 step 2: a record whose Pawn was captured is deleted.
                if self.ep[cap.color as usize].is_some_and(|r| r.pawn as usize == to) {
                    self.set_ep(cap.color, None);
                }
            }
            if let Some(p) = self.remove(from) {
                if matches!(p.role, Role::Pawn | Role::Point) {
                    reset = true; // TL-14 step 3, TX-11
                }
                let landed = match m.promotion() {
                    Some(k) => Piece { color: s, role: k },
                    None => p,
                };
                self.put(to, landed);
            }
            if flags.double_step {
                let passed = ((from + to) / 2) as u8;
                self.set_ep(s, Some(EpRecord { passed, pawn: m.to }));
            }
            promotion_win = flags.promotion_win;
        }
        self.halfmove = if reset {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        let q = self.next_live(s);
        if !promotion_win && known != Known::Quiet {
            // TL-14 steps 5 and 6
            self.eliminate(q, (known == Known::Legal).then_some(s));
        }
        self.set_ep(q, None); // step 7
        if (q as u8) < (s as u8) {
            self.fullmove = self.fullmove.saturating_add(1); // step 8
        }
        self.set_side(q);
    }

    /// TL-14 step 6: every live player other than `q` whose royal piece `q` attacks is
    /// checkmated and removed; repeated until nothing changes (with TL-20 between rounds).
    /// `survivor`, a player known not to be eliminated (the mover of a legal turn), is not
    /// tested.
    pub(crate) fn eliminate(&mut self, q: Color, survivor: Option<Color>) {
        let xq = R::VARIANT.is_xiangqi();
        loop {
            let mut any = false;
            // The attack groups once per round (main variants): removing another player's
            // pieces leaves Q's groups as they are; TL-20 changes them, and ends the round.
            let groups = (!xq).then(|| self.groups());
            for x in Color::ALL {
                if x == q || Some(x) == survivor || !self.is_live(x) {
                    continue;
                }
                let Some(k) = self.royal_cell(x) else {
                    continue;
                };
                let attacked = match &groups {
                    Some(g) => self.attacked_by_one(g, k, q, self.occupied),
                    None => self.attacked(k, 1 << q as u8, self.occupied),
                };
                if attacked {
                    for c in self.by_color[x as usize].iter() {
                        self.remove(c);
                    }
                    self.set_ep(x, None);
                    self.mark_eliminated(x);
                    self.halfmove = 0;
                    any = true;
                }
            }
            if !any {
                break;
            }
            if R::VARIANT.is_checkmate_promotion() {
                self.promote_army(q);
            }
        }
    }

    /// TL-20: every King, Queen, Bishop, Knight and Rook of `q` becomes its promoted form.
    fn promote_army(&mut self, q: Color) {
        for c in self.by_color[q as usize].iter() {
            if let Some(k) = self.piece_at(c).and_then(|p| p.role.promoted()) {
                self.remove(c);
                self.put(c, Piece { color: q, role: k });
            }
        }
    }
}
