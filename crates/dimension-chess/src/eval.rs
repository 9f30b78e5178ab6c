//! Static evaluation for a search ([`Evaluate`]): FIDE's evaluation of each of the three
//! planes (`dimchess_fide::eval::tapered_strength`); a bonus per piece in Heaven and in Hell,
//! [`PLANE_BONUS`], 0 for now; a discount on a side's pieces in its enemy's home plane, where
//! they stay for good ([`FOREIGN_DISCOUNT`]); and possession and blessing on Earth
//! ([`POSSESSION`]). These are its tunable parameters (`dimchess_core::tune`).

use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};
use dimchess_fide::Color;
use dimchess_fide::Role;
use dimchess_fide::eval::{tapered_strength_on, value};

use crate::layer::LayerExt;
use crate::moves::MoveKind;

use crate::moves::Move;
use crate::plane::Plane;
use crate::position::DimensionChess;

/// Centipawns per piece standing in Heaven and in Hell, on top of its value: 0 (the
/// discount and possession below count what a plane changes).
pub const PLANE_BONUS: [i32; 2] = [0, 0];

/// The percentage of its value a piece loses in its enemy's home plane (its
/// [`Plane::lower`]: a White piece in Hell, a Black one in Heaven): its captures there leave
/// it there, so it never comes back to Earth, and it blesses or possesses nothing (DC-15,
/// DC-18). It is over 100 because such a piece is a liability: an enemy piece of that plane
/// that captures it goes back to Earth (DC-9), and it takes the enemy's colour under the
/// enemy King (DC-19). Chosen by SPRT from 50 up (`docs/engine.md`).
pub const FOREIGN_DISCOUNT: i32 = 125;

/// The percentage of its value a possessed piece on Earth loses (it cannot move, DC-15), and
/// the percentage a blessed one gains (it cannot be captured, DC-16); a piece both is neither
/// (DC-17). Set by hand, kept by SPRT (`docs/engine.md`).
pub const POSSESSION: [i32; 2] = [30, 10];

/// The parameters: [`PLANE_BONUS`], [`FOREIGN_DISCOUNT`], [`POSSESSION`].
const TUNED: [Parameter; 5] = [
    Parameter::new("heaven piece", PLANE_BONUS[0]),
    Parameter::new("hell piece", PLANE_BONUS[1]),
    Parameter::new("foreign discount %", FOREIGN_DISCOUNT),
    Parameter::new("possessed discount %", POSSESSION[0]),
    Parameter::new("blessed bonus %", POSSESSION[1]),
];

/// The roles that count at a value (a King never leaves Earth, DC-14, and is never possessed,
/// DC-19).
const PIECES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

impl DimensionChess {
    /// `color`'s strength with `values` for [`PLANE_BONUS`], [`FOREIGN_DISCOUNT`] and
    /// [`POSSESSION`] (the order of `TUNED`), each plane counted by FIDE's evaluation on
    /// `cpu`'s code path.
    #[inline(always)]
    fn strength_of<C: Cpu>(&self, cpu: C, color: Color, values: &[i32]) -> i32 {
        // A loop, not a closure: a closure may stay out of line, compiled for the portable
        // path whatever `cpu` is.
        let mut total = 0;
        for b in &self.layers {
            total += tapered_strength_on(cpu, b, color);
        }
        for (i, plane) in [0, 2].into_iter().enumerate() {
            total += values[i] * self.layers[plane].by_color(color).count() as i32;
        }
        let (possessed, blessed) = self.possession_values(color);
        total
            - (values[2] * self.foreign_value(color) + values[3] * possessed - values[4] * blessed)
                / 100
    }

    /// The values of `color`'s possessed and of its blessed pieces on Earth (DC-15 to DC-18;
    /// a piece both is neither).
    #[inline(always)]
    fn possession_values(&self, color: Color) -> (i32, i32) {
        let earth = &self.layers[Plane::Earth.index()];
        let own = self.layers[Plane::upper(color).index()].col(color);
        let enemy = self.layers[Plane::upper(color.other()).index()].col(color.other());
        let mut possessed = 0;
        let mut blessed = 0;
        for role in PIECES {
            let set = earth.pcs(color, role);
            possessed += value(role) * (set & enemy & !own).count_ones() as i32;
            blessed += value(role) * (set & own & !enemy).count_ones() as i32;
        }
        (possessed, blessed)
    }

    /// The value (`dimchess_fide::eval::value`) of `color`'s pieces in its plane of no
    /// return.
    #[inline(always)]
    fn foreign_value(&self, color: Color) -> i32 {
        let layer = &self.layers[Plane::lower(color).index()];
        let mut sum = 0;
        for role in PIECES {
            sum += value(role) * layer.pieces(color, role).count() as i32;
        }
        sum
    }
}

/// A bonus per piece in Heaven and in Hell, the exile discount and the possession
/// percentages; each plane's pieces are counted by FIDE's evaluation
/// (`dimchess_fide::eval::tapered_strength`), which does not move with them.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_dimension_chess::DimensionChess;
/// let names: Vec<&str> = DimensionChess::PARAMETERS.iter().map(|p| p.name).collect();
/// assert_eq!(
///     names,
///     ["heaven piece", "hell piece", "foreign discount %", "possessed discount %", "blessed bonus %"]
/// );
/// assert_eq!(model_error(&DimensionChess::default(), 1, &[6, 7, 30, 20, 5]), 0.0);
/// ```
impl Tune for DimensionChess {
    const PARAMETERS: &'static [Parameter] = &TUNED;
    /// The percentages' division by 100 truncates, at the values given and at the current
    /// ones (the residual): within 1 each.
    const ROUNDING: i32 = 2;

    fn features(&self, player: usize, features: &mut [f64]) {
        let color = Color::from_index(player);
        features.fill(0.0);
        for (i, plane) in [0, 2].into_iter().enumerate() {
            features[i] = f64::from(self.layers[plane].by_color(color).count());
        }
        features[2] = -f64::from(self.foreign_value(color)) / 100.0;
        let (possessed, blessed) = self.possession_values(color);
        features[3] = -f64::from(possessed) / 100.0;
        features[4] = f64::from(blessed) / 100.0;
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        self.strength_of(Portable, Color::from_index(player), values)
    }
}

impl Evaluate for DimensionChess {
    const PLAYERS: usize = 2;
    /// DC-27: repetition never ends a game.
    const REPETITION_DRAWS: bool = false;

    /// FIDE's evaluation of each plane (`dimchess_fide::eval::tapered_strength`: material,
    /// piece-square tables, mobility, threats, pawn structure), a bonus per piece in Heaven
    /// and in Hell, the discount on pieces in the enemy's home plane, and possession and
    /// blessing on Earth.
    fn strength(&self, player: usize) -> i32 {
        self.strength_on(Portable, player)
    }

    #[inline(always)]
    fn strength_on<C: Cpu>(&self, cpu: C, player: usize) -> i32 {
        const VALUES: [i32; 5] = [
            PLANE_BONUS[0],
            PLANE_BONUS[1],
            FOREIGN_DISCOUNT,
            POSSESSION[0],
            POSSESSION[1],
        ];
        self.strength_of(cpu, Color::from_index(player), &VALUES)
    }

    /// The piece on the destination square of the move's board (en passant: a pawn), and the
    /// promotion gain.
    fn capture(&self, mv: Move) -> Option<Capture> {
        let board = &self.layers[mv.plane as usize];
        let mut gain = match mv.kind {
            MoveKind::EnPassant => value(Role::Pawn),
            MoveKind::Castle => 0,
            _ => board
                .piece_on(mv.to)
                .map_or(0, |(c, r)| if c == self.turn { 0 } else { value(r) }),
        };
        if let Some(r) = mv.promotion {
            gain += value(r) - value(Role::Pawn);
        }
        (gain > 0).then_some(Capture {
            gain,
            attacker: board.piece_on(mv.from).map_or(0, |(_, r)| value(r)),
        })
    }

    /// For the search's check extension and pruning guards.
    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn move_key(&self, mv: Move) -> u32 {
        (mv.plane as u32) * 4096 + u32::from(mv.from) * 64 + u32::from(mv.to)
    }
}

#[cfg(test)]
mod tests {
    use dimchess_core::eval::Evaluate;
    use dimchess_fide::Role;
    use dimchess_fide::eval::value;

    use super::{FOREIGN_DISCOUNT, POSSESSION};
    use crate::position::DimensionChess;

    /// White's strength in `heaven|earth|hell`, White to move.
    fn white(planes: &str) -> i32 {
        let text = format!("{planes} w - - 0 1");
        let p: DimensionChess = text.parse().expect("a legal position");
        p.strength(0)
    }

    const KINGS: &str = "4k3/8/8/8/8/8/8/4K3";

    #[test]
    fn a_piece_in_its_plane_of_no_return_counts_for_less() {
        // The same Knight on the same square: in Heaven (White's own plane above Earth) and
        // in Hell, where its captures keep it (DC-7 to DC-9).
        let home = white(&format!("8/8/8/8/N7/8/8/8|{KINGS}|8/8/8/8/8/8/8/8"));
        let foreign = white(&format!("8/8/8/8/8/8/8/8|{KINGS}|8/8/8/8/N7/8/8/8"));
        assert_eq!(home - foreign, FOREIGN_DISCOUNT * value(Role::Knight) / 100);
        assert!(home > foreign);
    }

    #[test]
    fn possessed_pieces_count_for_less_and_blessed_ones_for_more() {
        // A White Knight on E:a4; a Black Pawn in Hell on a4 possesses it (DC-15), a White
        // Pawn in Heaven on a4 blesses it (DC-16), and both together cancel (DC-17). A Pawn
        // one file over does neither; White's own Pawn counts differently on a4 and b4, by
        // `pawn`, measured with the Knight away from both files.
        let earth = "4k3/8/8/8/N7/8/8/4K3";
        let free = white(&format!("8/8/8/8/8/8/8/8|{earth}|8/8/8/8/1p6/8/8/8"));
        let possessed = white(&format!("8/8/8/8/8/8/8/8|{earth}|8/8/8/8/p7/8/8/8"));
        assert_eq!(free - possessed, POSSESSION[0] * value(Role::Knight) / 100);
        let away = "4k3/8/8/8/3N4/8/8/4K3";
        let pawn = white(&format!("8/8/8/8/P7/8/8/8|{away}|8/8/8/8/8/8/8/8"))
            - white(&format!("8/8/8/8/1P6/8/8/8|{away}|8/8/8/8/8/8/8/8"));
        let unblessed = white(&format!("8/8/8/8/1P6/8/8/8|{earth}|8/8/8/8/8/8/8/8"));
        let blessed = white(&format!("8/8/8/8/P7/8/8/8|{earth}|8/8/8/8/8/8/8/8"));
        assert_eq!(
            blessed - unblessed - pawn,
            POSSESSION[1] * value(Role::Knight) / 100
        );
        let ego = white(&format!("8/8/8/8/P7/8/8/8|{earth}|8/8/8/8/p7/8/8/8"));
        let neither = white(&format!("8/8/8/8/1P6/8/8/8|{earth}|8/8/8/8/1p6/8/8/8"));
        assert_eq!(ego - neither, pawn);
    }
}
