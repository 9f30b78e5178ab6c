//! Static evaluation for a search ([`Evaluate`]): material of each live seat, and a hunt of
//! the weakest opponent's royal piece.
//!
//! The rulebook gives no piece values. FIDE pieces keep their chess values; the Xiang Qi
//! pieces theirs in Xiang Qi programs' proportions (Horse and Rook as Knight and Rook, Ferz
//! and Elephant 150, Point 100); a promoted piece of the checkmate-promotion option (TL-20)
//! gains 60 for its extra triagonal step. A live seat also counts 1,000 for being in the
//! game, so that an eliminated seat (0) is worse than any army. Its pieces earn a few
//! centipawns for standing near the weakest opponent's royal piece (issue 34: it took
//! everything before mating).
//!
//! The piece values ([`VALUES`], the royal King and General aside) and a bonus per piece on
//! the top and on the bottom level ([`LEVEL_BONUS`], 0 for now) are its tunable parameters
//! (`dimchess_core::tune`); the 1,000 for a live seat and the hunt are the fixed residual
//! (the hunt picks its target by the material of [`VALUES`] as they are).

use dimchess_core::cpu::Cpu;
use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};

use crate::moves::Move;
use crate::piece::{Color, Piece, ROLES, Role};
use crate::position::ThreeLevelPosition;
use crate::rules::Rules;

/// Centipawns per role, in [`Role::ALL`] order.
pub const VALUES: [i32; ROLES] = [
    0,   // King
    900, // Queen
    500, // Rook
    330, // Bishop
    320, // Knight
    100, // Pawn
    60,  // Emperor: a King with a triagonal step
    960, // Diarch
    390, // Moderator
    380, // Cavallander
    560, // Vicereine
    0,   // General
    150, // Ferz
    150, // Elephant
    320, // Horse
    100, // Point
];

/// Centipawns per piece (royal pieces aside) on level 1 (the top) and on level 3 (the
/// bottom), level 2 being the reference: 0, no level is preferred yet.
pub const LEVEL_BONUS: [i32; 2] = [0, 0];

/// The roles whose values are parameters: every role but the royal King and General, in the
/// order of [`Role::ALL`].
const TUNED_ROLES: [Role; 14] = {
    let mut out = [Role::Queen; 14];
    let (mut i, mut n) = (0, 0);
    while i < Role::ALL.len() {
        let r = Role::ALL[i];
        if !matches!(r, Role::King | Role::General) {
            out[n] = r;
            n += 1;
        }
        i += 1;
    }
    out
};

/// The parameters: the values of [`TUNED_ROLES`], then [`LEVEL_BONUS`].
const TUNED: [Parameter; 16] = [
    Parameter::new("queen", VALUES[Role::Queen as usize]),
    Parameter::new("rook", VALUES[Role::Rook as usize]),
    Parameter::new("bishop", VALUES[Role::Bishop as usize]),
    Parameter::new("knight", VALUES[Role::Knight as usize]),
    Parameter::new("pawn", VALUES[Role::Pawn as usize]),
    Parameter::new("emperor", VALUES[Role::Emperor as usize]),
    Parameter::new("diarch", VALUES[Role::Diarch as usize]),
    Parameter::new("moderator", VALUES[Role::Moderator as usize]),
    Parameter::new("cavallander", VALUES[Role::Cavallander as usize]),
    Parameter::new("vicereine", VALUES[Role::Vicereine as usize]),
    Parameter::new("ferz", VALUES[Role::Ferz as usize]),
    Parameter::new("elephant", VALUES[Role::Elephant as usize]),
    Parameter::new("horse", VALUES[Role::Horse as usize]),
    Parameter::new("point", VALUES[Role::Point as usize]),
    Parameter::new("level 1 piece", LEVEL_BONUS[0]),
    Parameter::new("level 3 piece", LEVEL_BONUS[1]),
];

/// The values of [`TUNED`], in order.
const TUNED_VALUES: [i32; 16] = {
    let mut v = [0; 16];
    let mut i = 0;
    while i < 16 {
        v[i] = TUNED[i].value;
        i += 1;
    }
    v
};

/// The values of the pieces (the FIDE, Xiang Qi and promoted ones; a ruleset's absent
/// pieces have no features) and the per-level bonuses. The residual is the 1,000 of a live
/// seat and the hunt.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_three_level::ThreeLevelXiangqi;
/// assert_eq!(ThreeLevelXiangqi::PARAMETERS[12].name, "horse");
/// let values: Vec<i32> = (0..16).map(|i| 100 + 10 * i).collect();
/// assert_eq!(model_error(&ThreeLevelXiangqi::default(), 2, &values), 0.0);
/// ```
impl<R: Rules> Tune for ThreeLevelPosition<R> {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    fn features(&self, player: usize, features: &mut [f64]) {
        features.fill(0.0);
        if self.eliminated & (1 << player) != 0 {
            return;
        }
        let mine = self.by_color[player];
        for (i, k) in TUNED_ROLES.into_iter().enumerate() {
            features[i] = f64::from((mine & self.by_role[k as usize]).count());
        }
        let pieces = mine & !self.royal_pieces();
        features[14] = f64::from(pieces.0[0].count_ones());
        features[15] = f64::from(pieces.0[2].count_ones());
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        self.strength_of(player, values)
    }
}

impl<R: Rules> ThreeLevelPosition<R> {
    /// [`Evaluate::strength`] with `values` (in [`TUNED_VALUES`]' order): 0 for an eliminated
    /// seat, else 1,000 for being in the game, the material and the [`Self::hunt`].
    #[inline(always)]
    fn strength_of(&self, player: usize, values: &[i32]) -> i32 {
        if self.eliminated & (1 << player) != 0 {
            return 0;
        }
        let mine = self.by_color[player];
        let mut material = 0;
        for (i, k) in TUNED_ROLES.into_iter().enumerate() {
            if values[i] != 0 {
                material += (mine & self.by_role[k as usize]).count() as i32 * values[i];
            }
        }
        if values[14] != 0 || values[15] != 0 {
            let pieces = mine & !self.royal_pieces();
            material += values[14] * pieces.0[0].count_ones() as i32;
            material += values[15] * pieces.0[2].count_ones() as i32;
        }
        1000 + material + self.hunt(player)
    }
}

/// The material of an army at the start (every variant's army is worth about this much).
const START_MATERIAL: i32 = 6680;

/// Centipawns per step nearer, per piece, in [`ThreeLevelPosition::hunt`] before the weight.
const HUNT_STEP: i32 = 3;

/// Chebyshev distance between two cells (files, ranks and levels).
#[inline]
fn distance(a: usize, b: usize) -> i32 {
    let (fa, ra, za) = crate::geometry::coords(a);
    let (fb, rb, zb) = crate::geometry::coords(b);
    (fa - fb).abs().max((ra - rb).abs()).max((za - zb).abs())
}

impl<R: Rules> ThreeLevelPosition<R> {
    /// The material of `player`'s pieces on the board (no bonus for being live).
    #[inline(always)]
    fn material(&self, player: usize) -> i32 {
        let mine = self.by_color[player];
        let mut total = 0;
        for k in Role::ALL {
            let v = VALUES[k as usize];
            if v != 0 {
                total += (mine & self.by_role[k as usize]).count() as i32 * v;
            }
        }
        total
    }

    /// Issue 34's king hunt ("mop-up"): a seat is eliminated only when its King is attacked
    /// as the turn passes to the attacker (TL-14 step 6), in practice by a mate (TL-16), and
    /// material alone lets a search take every piece before it mates. So each of `player`'s
    /// pieces but Pawns, Points and its royal piece earns [`HUNT_STEP`] for each step it
    /// stands nearer (Chebyshev over files, ranks and levels; 7 at most) to the royal piece of
    /// the weakest live opponent (least material, the first in turn order on a tie), weighted
    /// by how much that opponent has lost (x1 at full material, x5 with nothing left): the
    /// weakest seat has the fewest defenders and is finished off first.
    #[inline(always)]
    fn hunt(&self, player: usize) -> i32 {
        let mut hunters = self.by_color[player] & !self.royal_pieces();
        hunters &= !self.by_role[Role::Pawn as usize] & !self.by_role[Role::Point as usize];
        if hunters.is_empty() {
            return 0;
        }
        // The weakest live opponent (least material; the first in turn order on a tie).
        let mut target = None;
        let mut least = i32::MAX;
        for o in 0..4 {
            if o == player || self.eliminated & (1 << o) != 0 {
                continue;
            }
            let m = self.material(o);
            if m < least {
                least = m;
                target = Some(o);
            }
        }
        let Some(king) = target.and_then(|o| self.royals(Color::from_index(o)).first()) else {
            return 0;
        };
        let lost = (START_MATERIAL - least).clamp(0, START_MATERIAL);
        let mut near = 0;
        for c in hunters.iter() {
            near += 7 - distance(c, king);
        }
        near * HUNT_STEP * (START_MATERIAL + 4 * lost) / START_MATERIAL
    }
}

impl<R: Rules> Evaluate for ThreeLevelPosition<R> {
    const PLAYERS: usize = 4;
    /// TL-18: the third occurrence of a position draws.
    const REPETITION_DRAWS: bool = true;

    fn strength(&self, player: usize) -> i32 {
        self.strength_of(player, &TUNED_VALUES)
    }

    /// [`Evaluate::strength`] always inlined, so that its population counts are compiled for
    /// `cpu`'s features where a search calls it on that code path.
    #[inline(always)]
    fn strength_on<C: Cpu>(&self, _cpu: C, player: usize) -> i32 {
        self.strength_of(player, &TUNED_VALUES)
    }

    /// Whether `player` has been eliminated (its strength is then 0, and only then).
    fn is_out(&self, player: usize) -> bool {
        self.eliminated & (1 << player) != 0
    }

    /// TL-18: a turn beginning with the clock at 50 turns per live player is drawn.
    fn plies_to_clock_draw(&self) -> Option<u32> {
        Some((50 * self.live_count()).saturating_sub(self.halfmove))
    }

    /// The piece on the destination (another player's: a move never lands on its own), and
    /// the promotion gain. En passant and eliminations are left to the search.
    fn capture(&self, mv: Move) -> Option<Capture> {
        let (from, to) = (mv.from()?, mv.to()?);
        let value =
            |cell: usize| Piece::from_code(self.board[cell]).map_or(0, |p| VALUES[p.role as usize]);
        let mut gain = value(to);
        if let Some(k) = mv.promotion() {
            gain += VALUES[k as usize] - VALUES[Role::Pawn as usize];
        }
        (gain > 0).then_some(Capture {
            gain,
            attacker: value(from),
        })
    }

    fn move_key(&self, mv: Move) -> u32 {
        u32::from(mv.from) * 192 + u32::from(mv.to)
    }
}
