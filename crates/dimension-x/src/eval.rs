//! Static evaluation for a search ([`Evaluate`]).
//!
//! FIDE pieces on the FIDE board by fide's evaluation (`dimchess_fide::eval::tapered_strength`:
//! material, piece-square tables, mobility, threats, pawn structure); the trans-dimensional
//! pieces (DX-11, DX-18, DX-22) have no value in the rulebook: each is counted at a knight's
//! value less a little (300), more while it stands on the FIDE board where it acts (+20,
//! [`ON_BOARD_BONUS`]). `docs/engine.md` says how far these values are measured. The three
//! trans-dimensional values and the bonus are its tunable parameters (`dimchess_core::tune`).
//!
//! Two progress terms make a search finish won games, since the rules have no draw (DX-10)
//! and a game would otherwise shuffle on (issue 34):
//! - the King hunt ([`DxPosition::king_hunt`]): a side ahead in material by at least
//!   [`HUNT_MARGIN`] gains for its pieces near the enemy King, for that King near the edge and
//!   for each square around it that it cannot step to safely;
//! - damping ([`progress_damping`]): every strength is scaled down as the halfmove clock
//!   (DX-29: plies since the last pawn move, capture, strike or pinch) grows, so that the side
//!   ahead prefers a turn that resets it (the balance of two strengths is damped by the same
//!   factor).

use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::eval::Evaluate;
use dimchess_core::tune::{Parameter, Tune};
use dimchess_fide::Board;
use dimchess_fide::eval::{tapered_strength_on, value};
use dimchess_fide::{Color, Role as FideRole};

use crate::action::Turn;
use crate::board::{DX, DxPosition, GONE, Role};
use crate::tables::tables;

/// Centipawns of a Crab, a Spitting Cobra and a Spider.
pub const TRANS_DIMENSIONAL_VALUES: [i32; 3] = [300, 300, 300];

/// The material lead (centipawns, placement aside) from which a side hunts the enemy King
/// ([`DxPosition::king_hunt`]).
pub const HUNT_MARGIN: i32 = 150;

/// Per piece of the side ahead (Pawn, Knight, Bishop, Rook, Queen, then Crab, Cobra,
/// Spider), centipawns per step of Chebyshev distance nearer the enemy King than 7. A
/// trans-dimensional piece in Dimension X counts from its associated FIDE square (DX-2), where
/// it can surface; the own King and Pawns are left out (a King next to the enemy King can be
/// taken, DX-8; Pawns have their own placement terms).
pub const HUNT_NEAR: [i32; 9] = [0, 4, 2, 3, 5, 0, 5, 5, 6];
/// Centipawns per step of the enemy King's distance from the centre (0 to 3).
pub const HUNT_EDGE: i32 = 8;
/// Centipawns per square next to the enemy King that it cannot step to safely: off the board,
/// held by its own piece, or attacked by the side ahead (8 less its freedom).
pub const HUNT_FREEDOM: i32 = 6;

/// The halfmove clock from which damping stops growing; scores are then halved.
pub const DAMPING_PLIES: u32 = 128;

/// A strength `v` damped by the halfmove clock `plies` (DX-29): unchanged at 0, scaled by
/// `(256 - min(plies, 128)) / 256`, halved from 128 plies on.
#[inline]
pub fn progress_damping(v: i32, plies: u32) -> i32 {
    v * (256 - plies.min(DAMPING_PLIES) as i32) / 256
}

/// Centipawns for a trans-dimensional piece standing on the FIDE board, where it acts.
pub const ON_BOARD_BONUS: i32 = 20;

/// The parameters: [`TRANS_DIMENSIONAL_VALUES`], [`ON_BOARD_BONUS`].
const TUNED: [Parameter; 4] = [
    Parameter::new("crab", TRANS_DIMENSIONAL_VALUES[0]),
    Parameter::new("cobra", TRANS_DIMENSIONAL_VALUES[1]),
    Parameter::new("spider", TRANS_DIMENSIONAL_VALUES[2]),
    Parameter::new("td on FIDE board", ON_BOARD_BONUS),
];

/// The values of [`TUNED`], in order.
const VALUES: [i32; 4] = [
    TRANS_DIMENSIONAL_VALUES[0],
    TRANS_DIMENSIONAL_VALUES[1],
    TRANS_DIMENSIONAL_VALUES[2],
    ON_BOARD_BONUS,
];

impl DxPosition {
    /// The FIDE pieces on the FIDE board, as `dimchess-fide` holds a board (the
    /// trans-dimensional pieces left out).
    fn fide_board(&self) -> Board {
        let mut pieces = [[0u64; 6]; 2];
        for (c, sets) in pieces.iter_mut().enumerate() {
            for (r, set) in sets.iter_mut().enumerate() {
                *set = self.roles[r] & self.color[c];
            }
        }
        Board::from_sets(&pieces)
    }

    /// `player`'s strength with `values` for [`TUNED`], on `cpu`'s code path: fide's
    /// evaluation of the FIDE pieces, the trans-dimensional pieces, the King hunt, damped.
    #[inline(always)]
    fn strength_of<C: Cpu>(&self, cpu: C, player: usize, values: &[i32]) -> i32 {
        let mut total = tapered_strength_on(cpu, &self.fide_board(), Color::from_index(player));
        for (t, &loc) in self.td[player].iter().enumerate() {
            if loc != GONE {
                total += values[t] + if loc < DX { values[3] } else { 0 };
            }
        }
        total += self.king_hunt(player);
        progress_damping(total, self.halfmove)
    }
}

/// The trans-dimensional pieces' values and their bonus on the FIDE board; the FIDE pieces are
/// counted by fide's evaluation (`dimchess_fide::eval::tapered_strength`), which does not
/// move with them.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_dimension_x::DxPosition;
/// assert_eq!(DxPosition::PARAMETERS[0].name, "crab");
/// assert!(model_error(&DxPosition::default(), 0, &[1, 2, 3, 4]) <= 2.0);
/// ```
impl Tune for DxPosition {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    /// Damping by the halfmove clock truncates once for the current values and once for
    /// others: the model may be off by up to 2 centipawns.
    const ROUNDING: i32 = 2;

    /// Counts of the trans-dimensional pieces, each scaled by the damping of the halfmove
    /// clock ([`progress_damping`]), which multiplies the whole strength.
    fn features(&self, player: usize, features: &mut [f64]) {
        features.fill(0.0);
        for (t, &loc) in self.td[player].iter().enumerate() {
            if loc != GONE {
                features[t] += 1.0;
                if loc < DX {
                    features[3] += 1.0;
                }
            }
        }
        let damping = f64::from(256 - self.halfmove.min(DAMPING_PLIES) as i32) / 256.0;
        for f in features.iter_mut() {
            *f *= damping;
        }
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        self.strength_of(Portable, player, values)
    }
}

/// The material value of a piece of `kind` in centipawns, as [`Evaluate::strength`] counts it
/// (placement terms aside); the King counts 0 (its loss ends the game, DX-7).
pub fn kind_value(kind: Role) -> i32 {
    match kind {
        Role::King => 0,
        Role::Crab | Role::Cobra | Role::Spider => TRANS_DIMENSIONAL_VALUES[kind.index() - 6],
        k => value(FideRole::ALL[k.index()]),
    }
}

/// The Chebyshev distance of two squares of an 8x8 board (0 to 7).
#[inline]
fn distance(a: usize, b: usize) -> i32 {
    let df = ((a % 8) as i32 - (b % 8) as i32).abs();
    let dr = ((a / 8) as i32 - (b / 8) as i32).abs();
    df.max(dr)
}

/// A square's distance from the rim: 0 on an outer file or rank, 3 in the four centre squares.
#[inline]
fn centre(sq: usize) -> i32 {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    f.min(7 - f).min(r).min(7 - r)
}

impl DxPosition {
    /// The material of `player` in centipawns, placement aside: FIDE pieces on the FIDE board
    /// (the King 0) and trans-dimensional pieces still in the game.
    pub fn material(&self, player: usize) -> i32 {
        let mut total = 0;
        for (r, role) in FideRole::ALL.into_iter().enumerate() {
            total += (self.roles[r] & self.color[player]).count_ones() as i32 * value(role);
        }
        for (t, &loc) in self.td[player].iter().enumerate() {
            if loc != GONE {
                total += TRANS_DIMENSIONAL_VALUES[t];
            }
        }
        total
    }

    /// The squares of the FIDE board that `player`'s pieces attack: FIDE pieces not in a web
    /// (DX-12) by their moves and captures, a Crab on the FIDE board the squares next to it
    /// (pinch, DX-18), a Cobra on the FIDE board its strikes (DX-22). A Spider attacks nothing.
    fn attacked_by(&self, player: usize) -> u64 {
        let t = tables();
        let occ = self.occ();
        let mine = self.color[player] & !self.webbed(player);
        let mut att = 0;
        let pawns = self.roles[0] & mine;
        const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
        const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        att |= if player == 0 {
            ((pawns & NOT_H) << 9) | ((pawns & NOT_A) << 7)
        } else {
            ((pawns & NOT_A) >> 9) | ((pawns & NOT_H) >> 7)
        };
        let mut bb = self.roles[1] & mine;
        while bb != 0 {
            att |= t.knight[bb.trailing_zeros() as usize];
            bb &= bb - 1;
        }
        let mut bb = (self.roles[2] | self.roles[4]) & mine;
        while bb != 0 {
            att |= t.bishop(bb.trailing_zeros() as usize, occ);
            bb &= bb - 1;
        }
        let mut bb = (self.roles[3] | self.roles[4]) & mine;
        while bb != 0 {
            att |= t.rook(bb.trailing_zeros() as usize, occ);
            bb &= bb - 1;
        }
        let mut bb = self.roles[5] & mine;
        while bb != 0 {
            att |= t.king[bb.trailing_zeros() as usize];
            bb &= bb - 1;
        }
        let [crab, cobra, _] = self.td[player];
        if crab < DX && mine & (1u64 << crab) != 0 {
            att |= t.king[crab as usize];
        }
        if cobra < DX && mine & (1u64 << cobra) != 0 {
            att |= t.cobra(cobra as usize, occ);
        }
        att
    }

    /// The King hunt, in centipawns, for `player` if its material ([`DxPosition::material`])
    /// leads by at least [`HUNT_MARGIN`], else 0: for each of its pieces but King and Pawns,
    /// a weight times `7 -` its Chebyshev distance to the enemy King (a trans-dimensional
    /// piece in Dimension X from its associated square, DX-2), the enemy King's distance from
    /// the centre, and [`HUNT_FREEDOM`] per square next to the enemy King that it cannot step
    /// to safely (off the board, held by its own piece, attacked by `player`). Kings are
    /// taken, not mated (DX-7, DX-8), so a King with no safe square is lost once it is
    /// attacked. Never negative, so that winning material never costs hunt points.
    pub fn king_hunt(&self, player: usize) -> i32 {
        let them = 1 - player;
        let Some(k) = self.king_sq(them) else {
            return 0;
        };
        if self.material(player) - self.material(them) < HUNT_MARGIN {
            return 0;
        }
        let k = k as usize;
        let mut total = HUNT_EDGE * (3 - centre(k));
        for (r, &w) in HUNT_NEAR[..6].iter().enumerate() {
            if w == 0 {
                continue;
            }
            let mut bb = self.roles[r] & self.color[player];
            while bb != 0 {
                total += w * (7 - distance(bb.trailing_zeros() as usize, k));
                bb &= bb - 1;
            }
        }
        for (t, &loc) in self.td[player].iter().enumerate() {
            if loc != GONE {
                let sq = if loc >= DX { loc - DX } else { loc };
                total += HUNT_NEAR[6 + t] * (7 - distance(sq as usize, k));
            }
        }
        let free = tables().king[k] & !self.color[them] & !self.attacked_by(player);
        total + HUNT_FREEDOM * (8 - free.count_ones() as i32)
    }
}

impl Evaluate for DxPosition {
    const PLAYERS: usize = 2;
    /// DX-10: no draw by repetition or by the clock.
    const REPETITION_DRAWS: bool = false;
    /// A leaf has tens of thousands of turns: no quiescence.
    const QUIESCENCE: bool = false;
    /// The damping reads the halfmove clock, which the Zobrist key leaves out.
    const STATIC_BY_KEY: bool = false;

    /// fide's evaluation of the FIDE pieces, the trans-dimensional pieces' values, the King
    /// hunt of a side ahead ([`DxPosition::king_hunt`]),
    /// damped by the halfmove clock ([`progress_damping`]; DX-10 draws by no clock, so the
    /// clock of DX-29 serves only this).
    fn strength(&self, player: usize) -> i32 {
        self.strength_on(Portable, player)
    }

    #[inline(always)]
    fn strength_on<C: Cpu>(&self, cpu: C, player: usize) -> i32 {
        self.strength_of(cpu, player, &VALUES)
    }

    /// The same pieces with the other side to move and no en-passant square, for a search's
    /// pass at a turn boundary (no rule allows one: DX has no check, DX-8, so a pass only
    /// gives the opponent a turn); `None` when the side to move has no piece but King and
    /// Pawns on the FIDE board and no trans-dimensional piece, where a pass may be the better
    /// "turn" (zugzwang).
    fn null_move(&self) -> Option<DxPosition> {
        let us = self.side.index();
        let officers = self.color[us] & !(self.roles[0] | self.roles[5]);
        if officers == 0 && self.td[us].iter().all(|&s| s == GONE) {
            return None;
        }
        let mut after = self.clone();
        crate::play::end_turn(&mut after, &crate::play::TurnFlags::default());
        Some(after)
    }

    fn move_key(&self, mv: Turn) -> u32 {
        mv.actions()
            .first()
            .map_or(0, |a| u32::from(a.a) * 128 + u32::from(a.b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dimchess_core::Position;

    fn pos(text: &str) -> DxPosition {
        text.parse().unwrap()
    }

    /// The side to move's strength less the other's, as a two-player search scores a leaf.
    fn balance(p: &DxPosition) -> i32 {
        let me = p.side_to_move().index();
        p.strength(me) - p.strength(1 - me)
    }

    /// A side ahead scores higher with its pieces nearer the enemy King and that King on the
    /// edge with fewer free squares; a side not ahead by the margin hunts nothing.
    #[test]
    fn the_side_ahead_hunts_the_king() {
        // White: King, Queen, Rook and Spider against a bare King; far, then near.
        let far = pos("7k/8/8/8/8/8/8/QR2K3|8/8/8/8/8/8/A7/8 w - - 0 1");
        let near = pos("7k/8/5Q2/8/6R1/8/8/4K3|8/6A1/8/8/8/8/8/8 w - - 0 1");
        assert!(far.king_hunt(0) > 0);
        assert!(near.king_hunt(0) > far.king_hunt(0) + 50);
        assert_eq!((far.king_hunt(1), near.king_hunt(1)), (0, 0));
        assert!(near.strength(0) > far.strength(0));
        assert!(balance(&near) > balance(&far));
        // The same pieces, the enemy King in the centre rather than the corner.
        let centre = pos("8/8/5Q2/8/3k2R1/8/8/4K3|8/6A1/8/8/8/8/8/8 w - - 0 1");
        assert!(near.king_hunt(0) > centre.king_hunt(0));
        // A King with every square next to it attacked (a7, b7, b8 by the Queen on b6).
        let boxed = pos("k7/8/1Q6/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1");
        let open = pos("k7/8/8/8/8/1Q6/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            boxed.king_hunt(0),
            3 * HUNT_EDGE + 5 * HUNT_NEAR[4] + 8 * HUNT_FREEDOM
        );
        assert_eq!(
            open.king_hunt(0),
            3 * HUNT_EDGE + 2 * HUNT_NEAR[4] + 7 * HUNT_FREEDOM
        );
        // Material level (a Queen each): no hunt on either side.
        let level = pos("q6k/8/5Q2/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1");
        assert_eq!((level.king_hunt(0), level.king_hunt(1)), (0, 0));
    }

    /// A pass hands the turn over with the en-passant square gone and the key as computed from
    /// scratch; no pass for a side with King and Pawns only.
    #[test]
    fn a_pass_hands_the_turn_over() {
        let p =
            pos("rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq e6 0 3");
        let after = p.null_move().unwrap();
        assert_eq!(after.side_to_move(), Color::Black);
        assert_eq!(
            after.to_string(),
            "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR|8/8/8/8/8/8/8/8 b KQkq - 1 3"
        );
        assert_eq!(after.zobrist(), after.zobrist_from_scratch());
        assert_ne!(after.zobrist(), p.zobrist());
        let back = after.null_move().unwrap();
        assert_eq!(
            back.to_string(),
            "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR|8/8/8/8/8/8/8/8 w KQkq - 2 4"
        );
        assert_eq!(back.zobrist(), back.zobrist_from_scratch());
        let pawns = pos("4k3/pppp4/8/8/8/8/PPPP4/4K3|8/8/8/8/8/8/8/8 w - - 0 1");
        assert!(pawns.null_move().is_none());
        let spider = pos("4k3/pppp4/8/8/8/8/PPPP4/4K3|8/8/8/8/8/8/A7/8 w - - 0 1");
        assert!(spider.null_move().is_some());
    }

    /// The balance shrinks toward 0 as the halfmove clock grows, and stops shrinking at 128.
    #[test]
    fn scores_are_damped_by_the_halfmove_clock() {
        let at = |clock: u32| {
            pos(&format!(
                "7k/8/8/8/8/8/8/QR2K3|8/8/8/8/8/8/8/8 w - - {clock} 1"
            ))
        };
        let (b0, b64, b128, b200) = (
            balance(&at(0)),
            balance(&at(64)),
            balance(&at(128)),
            balance(&at(200)),
        );
        assert!(b0 > b64 && b64 > b128 && b128 > 0, "{b0} {b64} {b128}");
        assert_eq!(b128, b200);
        assert!((b128 - b0 / 2).abs() <= 1, "{b0} {b128}");
        let black = pos("7k/8/8/8/8/8/8/QR2K3|8/8/8/8/8/8/8/8 b - - 64 1");
        assert_eq!(balance(&black), -b64);
    }
}
