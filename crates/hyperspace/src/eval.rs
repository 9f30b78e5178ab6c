//! Static evaluation for a search ([`Evaluate`]): FIDE's evaluation of the board, pieces
//! in flight at 9/10 of their value (they land, HS-2, but the landing can be met):
//! [`FLIGHT_VALUES`], the tunable parameters (`dimchess_core::tune`). In `hyperspace` the
//! board is counted as the side to move's landings of this turn leave it (they land whatever
//! it plays, HS-3), less what the side to move stands to lose before its next turn: a piece
//! it lands where the opponent takes it at once, and the pieces on the squares of the
//! opponent's next landings (HS-10) but the one its move saves.

use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};
use dimchess_fide::eval::{PIECE_VALUES, tapered_strength_on, value};
use dimchess_fide::{Board, Color, Piece, Role, Square, attacks};

use crate::flight::{self, InFlight};
use crate::moves::{Move, MoveTag};
use crate::play::resolve_landings;
use crate::position::HyperspacePosition;

/// The value of a Pawn, Knight, Bishop, Rook and Queen in flight: 9/10 of its value on the
/// board (`dimchess_fide::eval::PIECE_VALUES`).
pub const FLIGHT_VALUES: [i32; 5] = {
    let mut v = [0; 5];
    let mut i = 0;
    while i < 5 {
        v[i] = PIECE_VALUES[i] * 9 / 10;
        i += 1;
    }
    v
};

/// The parameters: the piece values in flight.
const TUNED: [Parameter; 5] = [
    Parameter::new("pawn in flight", FLIGHT_VALUES[0]),
    Parameter::new("knight in flight", FLIGHT_VALUES[1]),
    Parameter::new("bishop in flight", FLIGHT_VALUES[2]),
    Parameter::new("rook in flight", FLIGHT_VALUES[3]),
    Parameter::new("queen in flight", FLIGHT_VALUES[4]),
];

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// The pieces of `by` that can take on `sq` at once, on `board`: those next to it (HS-1:
    /// only a one-square move is immediate; a capture from further away lands later, HS-2).
    #[inline(always)]
    fn takers(board: &Board, sq: Square, by: Color) -> u64 {
        board.attackers_to(sq, by, board.occupied()).bits() & attacks::king(sq).bits()
    }

    /// What `owner` loses of its piece of value `v` on `sq` of `board` before its next turn:
    /// with `lander` `Some(value)`, an enemy piece of that value lands there (HS-10, certain);
    /// with `None`, the enemy takes it at once with its cheapest piece that can, if any (a
    /// King only an undefended piece). `v`, less the taker's value if `owner` can take back.
    #[inline(always)]
    fn exposed(board: &Board, sq: Square, owner: Color, v: i32, lander: Option<i32>) -> i32 {
        let enemy = owner.other();
        let defended = Self::takers(board, sq, owner) & !(1u64 << sq.index()) != 0;
        let back = match lander {
            // A landing on `sq` (HS-10): the lander stands there afterwards.
            Some(l) => l,
            None => {
                let takers = Self::takers(board, sq, enemy);
                if takers == 0 {
                    return 0;
                }
                // The cheapest taker; a King takes only an undefended piece.
                let mut cheapest = i32::MAX;
                let mut t = takers;
                while t != 0 {
                    let s = Square::from_index(t.trailing_zeros() as usize);
                    t &= t - 1;
                    if let Some(r) = board.role_at(s)
                        && r != Role::King
                    {
                        cheapest = cheapest.min(value(r));
                    }
                }
                if cheapest == i32::MAX {
                    return if defended { 0 } else { v };
                }
                cheapest
            }
        };
        if defended { (v - back).max(0) } else { v }
    }

    /// The board as the side to move's landings leave it (HS-3, HS-8 to HS-12): they land
    /// at the end of its turn whatever it plays, so a static score counts them as landed.
    /// With it, what the side to move stands to lose before its next turn: the dearest of its
    /// landed pieces that the opponent can take at once, and the pieces on the squares of
    /// the opponent's next landings but the dearest of them, which one move saves.
    #[inline(always)]
    fn landed(&self) -> (Board, i32) {
        let us = self.turn;
        let mut board = self.board;
        let mut hanging = 0;
        let landers = self.flight.landers(us);
        if !landers.is_empty() {
            resolve_landings(&mut board, landers, us);
            for &e in landers {
                let sq = Square::from_index(flight::dest(e));
                let role = flight::role(e);
                if role != Role::King && board.piece_at(sq) == Some(Piece::new(us, role)) {
                    hanging = hanging.max(Self::exposed(&board, sq, us, value(role), None));
                }
            }
        }
        let mut last = usize::MAX;
        let (mut sum, mut max) = (0, 0);
        for &e in self.flight.landers(us.other()) {
            let d = flight::dest(e);
            if d == last {
                continue;
            }
            last = d;
            let sq = Square::from_index(d);
            if let Some(p) = board.piece_at(sq)
                && p.color == us
            {
                let l = value(flight::role(e));
                let v = Self::exposed(&board, sq, us, value(p.role), Some(l));
                sum += v;
                max = max.max(v);
            }
        }
        (board, hanging + sum - max)
    }

    /// Whether the static score counts the board as the side to move's landings leave it
    /// (`landed`): in `hyperspace`, where every non-adjacent move flies. Not in
    /// `hyperspace-optional`, where it measured no gain (`docs/engine.md`).
    #[inline(always)]
    fn resolves(&self) -> bool {
        !OPTIONAL && !self.flight.is_empty()
    }

    /// Whether `f` counts at its value in flight: a piece other than a King, not landing at
    /// the end of the side to move's turn where the score counts that one as landed.
    #[inline(always)]
    fn counts_in_flight(&self, f: InFlight, color: Color) -> bool {
        f.piece.color == color
            && f.piece.role != Role::King
            && !(!OPTIONAL && f.piece.color == self.turn && f.turns == 1)
    }

    /// White's and Black's strengths with `values` for the pieces in flight: the board as
    /// the side to move's landings leave it, counted by FIDE's evaluation on `cpu`'s code
    /// path, less what the side to move stands to lose before its next turn (`landed`).
    #[inline(always)]
    fn strengths_of<C: Cpu>(&self, cpu: C, values: &[i32]) -> [i32; 2] {
        let (landed, loss);
        let board = if self.resolves() {
            (landed, loss) = self.landed();
            &landed
        } else {
            loss = 0;
            &self.board
        };
        let mut total = [
            tapered_strength_on(cpu, board, Color::White),
            tapered_strength_on(cpu, board, Color::Black),
        ];
        for f in self.flight.iter() {
            if self.counts_in_flight(f, f.piece.color) {
                total[f.piece.color as usize] += values[f.piece.role.index()];
            }
        }
        total[self.turn as usize] -= loss;
        total
    }
}

/// The values of the pieces in flight (the flight discount, one value per role); the board's
/// pieces are counted by FIDE's evaluation (`dimchess_fide::eval::tapered_strength`), which
/// does not move with them.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_hyperspace::Hyperspace;
/// assert_eq!(Hyperspace::PARAMETERS[4].name, "queen in flight");
/// assert_eq!(Hyperspace::PARAMETERS[4].value, 810);
/// assert_eq!(model_error(&Hyperspace::default(), 0, &[1, 2, 3, 4, 5]), 0.0);
/// ```
impl<const OPTIONAL: bool> Tune for HyperspacePosition<OPTIONAL> {
    const PARAMETERS: &'static [Parameter] = &TUNED;

    fn features(&self, player: usize, features: &mut [f64]) {
        let color = Color::from_index(player);
        features.fill(0.0);
        for f in self.flight.iter() {
            if self.counts_in_flight(f, color) {
                features[f.piece.role.index()] += 1.0;
            }
        }
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        self.strengths_of(Portable, values)[player]
    }
}

impl<const OPTIONAL: bool> Evaluate for HyperspacePosition<OPTIONAL> {
    const PLAYERS: usize = 2;
    /// HS-22: the rules know no repetition.
    const REPETITION_DRAWS: bool = false;

    /// FIDE's evaluation of the board (`dimchess_fide::eval::tapered_strength`: material,
    /// piece-square tables, mobility, threats, pawn structure), and each piece in flight at
    /// 9/10 of its FIDE value: a little less than on the board, as its landing can be met
    /// (HS-2).
    fn strength(&self, player: usize) -> i32 {
        self.strength_on(Portable, player)
    }

    #[inline(always)]
    fn strength_on<C: Cpu>(&self, cpu: C, player: usize) -> i32 {
        self.strengths_of(cpu, &FLIGHT_VALUES)[player]
    }

    /// Both strengths from one resolution of the landings.
    #[inline(always)]
    fn balance_on<C: Cpu>(&self, cpu: C) -> i32 {
        let [white, black] = self.strengths_of(cpu, &FLIGHT_VALUES);
        match self.turn {
            Color::White => white - black,
            Color::Black => black - white,
        }
    }

    /// An immediate move's capture on its destination (en passant: a pawn) and promotion
    /// gain; a move through hyperspace captures only when it lands, later (HS-2): quiet now.
    fn capture(&self, mv: Move) -> Option<Capture> {
        if mv.tag() == MoveTag::Hyper {
            return None;
        }
        let attacker = self.board.role_at(mv.from()).map_or(0, value);
        let mut gain = match self.board.piece_at(mv.to()) {
            Some(p) if p.color != self.turn => value(p.role),
            None if attacker == value(Role::Pawn) && Some(mv.to()) == self.ep => value(Role::Pawn),
            _ => 0,
        };
        if let Some(r) = mv.promotion() {
            gain += value(r) - value(Role::Pawn);
        }
        (gain > 0).then_some(Capture { gain, attacker })
    }

    /// For the search's check extension and pruning guards.
    fn in_check(&self) -> bool {
        self.is_check()
    }

    /// In `hyperspace-optional` only: the side to move passes (its pieces in flight counted
    /// down, nothing landing), for null-move pruning. `None` in check, where a piece of the
    /// side to move lands this turn, and where it has no piece but King and Pawns on the
    /// board (zugzwang). In `hyperspace` a pass measured worse (`docs/engine.md`).
    fn null_move(&self) -> Option<Self> {
        let us = self.turn;
        let pieces = self.board.by_color(us)
            & !(self.board.by_role(Role::Pawn) | self.board.by_role(Role::King));
        if !OPTIONAL || pieces.is_empty() || self.is_check() {
            return None;
        }
        self.pass()
    }

    fn move_key(&self, mv: Move) -> u32 {
        (mv.from().index() * 64 + mv.to().index()) as u32
    }
}

#[cfg(test)]
mod tests {
    use dimchess_core::Evaluate;
    use dimchess_fide::eval::tapered_strength;
    use dimchess_fide::{Board, Color};

    use crate::Hyperspace;

    fn pos(text: &str) -> Hyperspace {
        text.parse().unwrap()
    }

    #[test]
    fn the_movers_landing_counts_as_landed() {
        // White's Knight lands on d5 at the end of White's turn, whatever White plays
        // (HS-3), and takes the Queen there (HS-10).
        let p = pos("4k3/8/8/3q4/8/8/8/4K3 w - - 0 10 Nd5:1");
        let landed = Board::from_placement("4k3/8/8/3N4/8/8/8/4K3").unwrap();
        assert_eq!(p.strength(0), tapered_strength(&landed, Color::White));
        assert_eq!(p.strength(1), tapered_strength(&landed, Color::Black));
        // With Black to move, the Queen can step away: the board stays as it is, and the
        // Knight counts at its value in flight.
        let q = pos("4k3/8/8/3q4/8/8/8/4K3 b - - 0 10 Nd5:1");
        assert_eq!(q.strength(1), tapered_strength(q.board(), Color::Black));
        assert_eq!(
            q.strength(0),
            tapered_strength(q.board(), Color::White) + super::FLIGHT_VALUES[1]
        );
    }

    #[test]
    fn a_landed_piece_that_can_be_taken_at_once_counts_as_lost() {
        // The Knight takes the Pawn on d5 (HS-10), and the Pawn on e6 takes it at once.
        let p = pos("4k3/8/4p3/3p4/8/8/8/4K3 w - - 0 10 Nd5:1");
        let landed = Board::from_placement("4k3/8/4p3/3N4/8/8/8/4K3").unwrap();
        let knight = dimchess_fide::eval::value(dimchess_fide::Role::Knight);
        assert_eq!(
            p.strength(0),
            tapered_strength(&landed, Color::White) - knight
        );
        // A Rook on d8 reaches d5 only from afar: it cannot take at once (HS-1, HS-2).
        let text = "3rk3/8/8/3p4/8/8/8/4K3 w - - 0 10 Nd5:1";
        let landed = Board::from_placement("3rk3/8/8/3N4/8/8/8/4K3").unwrap();
        assert_eq!(
            pos(text).strength(0),
            tapered_strength(&landed, Color::White)
        );
        // `hyperspace-optional` scores the board as it stands, the Knight in flight.
        let o: crate::HyperspaceOptional = text.parse().unwrap();
        assert_eq!(
            o.strength(0),
            tapered_strength(o.board(), Color::White) + super::FLIGHT_VALUES[1]
        );
    }

    #[test]
    fn an_explosion_at_the_movers_landing_counts() {
        // Two White Knights land on d5 (HS-11): the blast takes d5's neighbours (HS-12).
        let p = pos("4k3/8/2r5/3p4/2R5/8/8/4K3 w - - 0 10 Nd5:1,Nd5:1");
        let landed = Board::from_placement("4k3/8/8/8/8/8/8/4K3").unwrap();
        assert_eq!(p.strength(0), tapered_strength(&landed, Color::White));
        assert_eq!(p.strength(1), tapered_strength(&landed, Color::Black));
    }

    #[test]
    fn the_side_to_move_saves_one_threatened_piece() {
        // Black lands on White's Rook and Knight at the end of Black's next turn: White can
        // move one of them, so the Knight (the cheaper) counts as lost.
        let p = pos("4k3/8/8/3R4/8/5N2/8/4K3 w - - 0 10 bd5:1,nf3:1");
        assert_eq!(
            p.strength(0),
            tapered_strength(p.board(), Color::White)
                - dimchess_fide::eval::value(dimchess_fide::Role::Knight)
        );
        // One threatened piece can always be moved: no loss counted.
        let q = pos("4k3/8/8/3R4/8/8/8/4K3 w - - 0 10 bd5:1");
        assert_eq!(q.strength(0), tapered_strength(q.board(), Color::White));
        // With Black to move, Black's pieces land at the end of its turn and take both.
        let r = pos("4k3/8/8/3R4/8/5N2/8/4K3 b - - 0 10 bd5:1,nf3:1");
        let landed = Board::from_placement("4k3/8/8/3b4/8/5n2/8/4K3").unwrap();
        assert_eq!(r.strength(0), tapered_strength(&landed, Color::White));
    }

    #[test]
    fn a_pass_counts_the_flights_down_in_the_optional_game_only() {
        use dimchess_core::Position;

        use crate::HyperspaceOptional;
        let text = "r3k3/8/8/4p3/8/8/8/R3K3 w - e6 0 10 Rd5:2,nc3:1";
        let p: HyperspaceOptional = text.parse().unwrap();
        let after = p.null_move().unwrap();
        assert_eq!(
            after.to_string(),
            "r3k3/8/8/4p3/8/8/8/R3K3 b - - 1 10 Rd5:1,nc3:1"
        );
        assert_eq!(after.zobrist(), after.zobrist_from_scratch());
        // None in `hyperspace`, where a pass measured worse.
        assert!(
            pos("r3k3/8/8/4p3/8/8/8/R3K3 w - - 0 10 Rd5:2")
                .null_move()
                .is_none()
        );
        // None where a piece of the side to move lands this turn, in check, or with King and
        // Pawns alone.
        for text in [
            "r3k3/8/8/8/8/8/4P3/R3K3 w - - 0 10 Nd5:1",
            "4k3/8/8/8/8/8/8/r3K2R w - - 0 10 -",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 10 Rd5:2",
        ] {
            let p: HyperspaceOptional = text.parse().unwrap();
            assert!(p.null_move().is_none(), "{text}");
        }
    }
}
