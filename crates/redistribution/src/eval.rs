//! Static evaluation for a search ([`Evaluate`]): the components each side holds.
//!
//! The rulebook gives no piece values. A component is valued by its mobility on the empty
//! 4x4x6 box (the mean number of cells it reaches from each cell, measured by
//! `component_values_follow_mobility` below), scaled so that the one-step axis mover (Wazir)
//! is worth 100. A piece is the sum of its components (RD-3); the Emperor's are counted too
//! (both sides have one, so they cancel while both live). A small pull of each piece towards
//! the enemy Emperor drives won games to checkmate.
//!
//! The six component values and the pull per step ([`PULL_STEP`]) are its tunable parameters
//! (`dimchess_core::tune`).

use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};

use crate::geometry::Cell;
use crate::moves::Move;
use crate::piece::{Component, Components, Piece};
use crate::position::Redistribution;

/// Centipawns per component, `W F V D E U` (see the module documentation).
pub const COMPONENT_VALUES: [i32; 6] = [100, 155, 80, 71, 79, 29];

/// Centipawns per king step a piece stands nearer the enemy Emperor than 5 steps.
pub const PULL_STEP: i32 = 4;

/// The parameters: [`COMPONENT_VALUES`], then [`PULL_STEP`].
const TUNED: [Parameter; 7] = [
    Parameter::new("wazir", COMPONENT_VALUES[0]),
    Parameter::new("ferz", COMPONENT_VALUES[1]),
    Parameter::new("viceroy", COMPONENT_VALUES[2]),
    Parameter::new("dabbaba", COMPONENT_VALUES[3]),
    Parameter::new("elephant", COMPONENT_VALUES[4]),
    Parameter::new("eunuch", COMPONENT_VALUES[5]),
    Parameter::new("pull step", PULL_STEP),
];

/// The values of [`TUNED`], in order.
const VALUES: [i32; 7] = [
    COMPONENT_VALUES[0],
    COMPONENT_VALUES[1],
    COMPONENT_VALUES[2],
    COMPONENT_VALUES[3],
    COMPONENT_VALUES[4],
    COMPONENT_VALUES[5],
    PULL_STEP,
];

impl Redistribution {
    /// The pull of `player`'s pieces towards the enemy Emperor, in steps (before [`PULL_STEP`]).
    fn pull_steps(&self, player: usize) -> i32 {
        let (ex, ey, ez) = self.emperor[1 - player].coords();
        let mut steps = 0;
        for i in self.by_color[player] {
            if let Some(cell) = Cell::new(i) {
                let (x, y, z) = cell.coords();
                let d = (x - ex).abs().max((y - ey).abs()).max((z - ez).abs());
                steps += (5 - d).max(0);
            }
        }
        steps
    }
}

/// The component values and the pull towards the enemy Emperor: the strength is linear in
/// them, with no residual.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_redistribution::Redistribution;
/// assert_eq!(Redistribution::PARAMETERS[6].name, "pull step");
/// assert_eq!(model_error(&Redistribution::default(), 0, &[1, 2, 3, 4, 5, 6, 7]), 0.0);
/// ```
impl Tune for Redistribution {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    fn features(&self, player: usize, features: &mut [f64]) {
        let mine = self.by_color[player];
        for c in Component::ALL {
            features[c.index()] = f64::from((mine & self.by_comp[c.index()]).count());
        }
        features[6] = f64::from(self.pull_steps(player));
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        let mine = self.by_color[player];
        let material: i32 = Component::ALL
            .iter()
            .map(|c| (mine & self.by_comp[c.index()]).count() as i32 * values[c.index()])
            .sum();
        material + values[6] * self.pull_steps(player)
    }
}

impl Redistribution {
    /// [`Evaluate::see_ge`]: whether `mv` wins at least `threshold` centipawns once both
    /// sides go on capturing on its destination, each with its cheapest piece and each free
    /// to stop. Splits and combining moves win nothing (RD-11: a split never captures).
    fn see_ge_on(&self, mv: Move, threshold: i32) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.piece_at(from).filter(|_| !mv.is_split()) else {
            return threshold <= 0;
        };
        let victim = self
            .piece_at(to)
            .filter(|p| p.color() != self.turn)
            .map_or(0, |p| set_value(p.components()));
        // What the side to move has won so far, less the threshold, after each capture.
        let mut swap = victim - threshold;
        if swap < 0 {
            return false;
        }
        swap = see_value(mover) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = (self.by_color[0] | self.by_color[1])
            .without(from.index())
            .without(to.index());
        let mut side = self.turn;
        // Whether the side to move's capture stands so far.
        let mut wins = true;
        loop {
            side = side.opponent();
            let ours = self.attackers(to, side) & occupied;
            if ours.is_empty() {
                break;
            }
            wins = !wins;
            // The cheapest capturer (the Emperor last).
            let Some((cell, piece)) = ours
                .iter()
                .filter_map(|i| Some((i, Piece::from_code(self.board[i])?)))
                .min_by_key(|&(_, p)| see_value(p))
            else {
                break;
            };
            if piece.role().is_royal() {
                // The Emperor may capture only if nothing recaptures.
                if (self.attackers(to, side.opponent()) & occupied).any() {
                    wins = !wins;
                }
                break;
            }
            swap = see_value(piece) - swap;
            if swap < i32::from(wins) {
                break;
            }
            occupied.clear(cell);
        }
        wins
    }
}

/// A piece's value in an exchange: its components', the Emperor's above every other piece.
fn see_value(piece: Piece) -> i32 {
    if piece.role().is_royal() {
        10_000
    } else {
        set_value(piece.components())
    }
}

/// The value of a set of components.
fn set_value(set: Components) -> i32 {
    set.iter().map(|c| COMPONENT_VALUES[c.index()]).sum()
}

impl Evaluate for Redistribution {
    const PLAYERS: usize = 2;
    /// RD-17: no draw by repetition.
    const REPETITION_DRAWS: bool = false;

    /// Components, plus a small pull of every piece towards the enemy Emperor (4 per step
    /// nearer; the box is at most 5 king steps across) so that a won game is driven to
    /// checkmate rather than shuffled (RD-16 ends it only by mate or stalemate).
    fn strength(&self, player: usize) -> i32 {
        self.strength_with(player, &VALUES)
    }

    /// The enemy piece on the destination (a move onto a friendly piece combines, RD-7).
    fn capture(&self, mv: Move) -> Option<Capture> {
        let victim = Piece::from_code(self.board[mv.to().index()])?;
        if victim.color() == self.turn {
            return None;
        }
        let attacker = Piece::from_code(self.board[mv.from().index()])
            .map_or(0, |p| set_value(p.components()));
        Some(Capture {
            gain: set_value(victim.components()).max(1),
            attacker,
        })
    }

    /// For the search's check extension and pruning guards.
    fn in_check(&self) -> bool {
        Redistribution::in_check(self)
    }

    /// Captures on one cell alternate as in FIDE chess, and are simpler: every move is a
    /// leap (RD-2), so no capturer uncovers another and none is pinned (RD-14); only the
    /// Emperor may not capture onto a defended cell (RD-12).
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_ge_on(mv, threshold)
    }

    fn move_key(&self, mv: Move) -> u32 {
        (mv.from().index() * 96 + mv.to().index()) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::{COMPONENT_VALUES, see_value, set_value};
    use crate::moves::Move;
    use crate::piece::Color;
    use crate::position::Redistribution;
    use dimchess_core::Position;
    use dimchess_core::eval::Evaluate;
    use dimchess_core::zobrist::SplitMix64;

    /// The exchange on `mv`'s destination played out every way: each side may stop, or
    /// capture with any of its pieces that attack the cell (the Emperor only onto a cell the
    /// other side no longer attacks, RD-12). What the side to move wins, at best for both.
    fn exchange(pos: &Redistribution, mv: Move) -> i32 {
        fn reply(
            pos: &Redistribution,
            to: crate::geometry::Cell,
            side: Color,
            on_cell: i32,
            occupied: crate::Bitboard,
        ) -> i32 {
            let mut best = 0; // stop
            for i in pos.attackers(to, side) & occupied {
                let piece = pos
                    .piece_at(crate::geometry::Cell::new(i).unwrap())
                    .unwrap();
                let rest = occupied.without(i);
                if piece.role().is_royal() && (pos.attackers(to, side.opponent()) & rest).any() {
                    continue;
                }
                let gain = on_cell - reply(pos, to, side.opponent(), see_value(piece), rest);
                best = best.max(gain);
            }
            best
        }
        let victim = pos
            .piece_at(mv.to())
            .map_or(0, |p| set_value(p.components()));
        let mover = see_value(pos.piece_at(mv.from()).unwrap());
        let occupied = (pos.pieces(Color::White) | pos.pieces(Color::Black))
            .without(mv.from().index())
            .without(mv.to().index());
        victim - reply(pos, mv.to(), pos.side_to_move().opponent(), mover, occupied)
    }

    /// `see_ge` agrees with the exchange played out every way, for every capture of
    /// positions from random games, at thresholds around its value; and a split wins nothing.
    #[test]
    fn see_ge_matches_the_exchange_played_out() {
        let mut rng = SplitMix64::new(5);
        let mut captures = 0;
        for _ in 0..60 {
            let mut pos = Redistribution::start();
            let mut moves = <Redistribution as Position>::MoveList::default();
            for _ in 0..80 {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                for &mv in moves.iter() {
                    if mv.is_split() {
                        assert!(pos.see_ge(mv, 0) && !pos.see_ge(mv, 1), "{pos} {mv}");
                    } else if pos.capture(mv).is_some() {
                        captures += 1;
                        let value = exchange(&pos, mv);
                        for t in [value - 1, value, value + 1] {
                            assert_eq!(pos.see_ge(mv, t), value >= t, "{pos} {mv} {t}");
                        }
                    }
                }
                let i = (rng.next_u64() % moves.len() as u64) as usize;
                pos.play_unchecked(moves[i]);
            }
        }
        assert!(captures > 1000, "{captures}");
    }

    /// A worked exchange (RD rulebook §9, example 2, with a defender added): the Black
    /// Prince (W+F, 255) takes the Alibaba (D+E, 150) on `a3`, and a White Prince on `a4`
    /// takes back: Black loses 105.
    #[test]
    fn see_ge_of_a_defended_capture() {
        let free: Redistribution = "4/4/4/k3|4/4/4/4|4/4/4/4|A3/4/4/4|p3/4/4/4|3K/4/4/4 b 1 1"
            .parse()
            .unwrap();
        let mv = free.parse_move("a2a3").unwrap();
        assert!(free.see_ge(mv, 150) && !free.see_ge(mv, 151));
        let defended: Redistribution = "4/4/4/k3|4/4/4/4|P3/4/4/4|A3/4/4/4|p3/4/4/4|3K/4/4/4 b 1 1"
            .parse()
            .unwrap();
        assert!(defended.see_ge(mv, -105) && !defended.see_ge(mv, -104));
    }

    /// The mean number of cells a leaper with `base` (every permutation and sign) reaches
    /// from a cell of the empty 4x4x6 box.
    fn mean_reach(base: [i32; 3]) -> f64 {
        let dims = [4, 4, 6];
        let mut vectors = Vec::new();
        for p in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            for signs in 0..8 {
                let v: Vec<i32> = (0..3)
                    .map(|i| base[p[i]] * if signs & (1 << i) != 0 { -1 } else { 1 })
                    .collect();
                if !vectors.contains(&v) {
                    vectors.push(v);
                }
            }
        }
        let mut total = 0;
        for x in 0..4 {
            for y in 0..4 {
                for z in 0..6 {
                    let c = [x, y, z];
                    total += vectors
                        .iter()
                        .filter(|v| (0..3).all(|i| (0..dims[i]).contains(&(c[i] + v[i]))))
                        .count();
                }
            }
        }
        total as f64 / 96.0
    }

    #[test]
    fn component_values_follow_mobility() {
        let bases = [
            [1, 0, 0],
            [1, 1, 0],
            [1, 1, 1],
            [2, 0, 0],
            [2, 2, 0],
            [2, 2, 2],
        ];
        let w = mean_reach(bases[0]);
        for (b, &v) in bases.iter().zip(COMPONENT_VALUES.iter()) {
            assert_eq!((100.0 * mean_reach(*b) / w).round() as i32, v, "{b:?}");
        }
    }
}
