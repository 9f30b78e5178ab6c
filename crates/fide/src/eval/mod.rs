//! Static evaluation for a search ([`Evaluate`]), and the FIDE piece values and placement
//! terms that the FIDE-piece variants (hyperspace, dimension-chess, dimension-x) reuse.
//!
//! Piece values are the conventional ones of chess programs (pawn 100, knight 320, bishop
//! 330, rook 500, queen 900); the placement terms are small (at most a quarter pawn): pawns
//! gain as they advance, knights and bishops in the centre, the king stays home while the
//! queens are on.

use dimchess_core::Bitboard64;
use dimchess_core::cpu::Portable;
use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};

mod structure;

use crate::attacks;
use crate::board::Board;
use crate::movegen::NoisyLister;
use crate::moves::{Move, MoveKind};
use crate::position::{Chess, Moves};
use crate::types::{Color, Role, Square};

/// The value of a Pawn, Knight, Bishop, Rook and Queen in centipawns, in [`Role::ALL`] order
/// ([`value`]; the material of [`board_strength`], and a parameter of the variants that count
/// it, `dimchess_core::tune`).
pub const PIECE_VALUES: [i32; 5] = [100, 320, 330, 500, 900];

/// The names of [`PIECE_VALUES`] as tunable parameters.
pub const PIECE_NAMES: [&str; 5] = ["pawn", "knight", "bishop", "rook", "queen"];

/// The value of a piece of `role` in centipawns (the king: 0, it is never traded).
pub const fn value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        r => PIECE_VALUES[r.index()],
    }
}

/// Centralisation bonus of a square: 0 on the rim up to 3 in the four centre squares.
#[inline]
fn centre(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    df.min(dr)
}

/// The placement bonus of a `color` piece of `role` on square index `sq` (0 = a1).
#[inline]
pub fn placement(color: Color, role: Role, sq: usize) -> i32 {
    let rank = if color == Color::White {
        sq / 8
    } else {
        7 - sq / 8
    } as i32;
    match role {
        // Advancing pawns; central pawns a little more.
        Role::Pawn => 4 * (rank - 1).max(0) + if centre(sq) >= 2 { 6 } else { 0 },
        Role::Knight => 7 * centre(sq) - 5,
        Role::Bishop => 4 * centre(sq),
        Role::Rook => {
            if rank == 6 {
                15
            } else {
                0
            }
        }
        Role::Queen => 2 * centre(sq),
        Role::King => -6 * rank,
    }
}

/// The material and placement of `color`'s pieces on one FIDE board.
pub fn board_strength(board: &Board, color: Color) -> i32 {
    board_strength_with(board, color, &PIECE_VALUES)
}

/// [`board_strength`] with `values` (Pawn to Queen, as [`PIECE_VALUES`]) for the pieces'
/// values: `values · counts` plus the placement terms.
#[inline]
pub fn board_strength_with(board: &Board, color: Color, values: &[i32]) -> i32 {
    let mut total = 0;
    for role in Role::ALL {
        let v = if role == Role::King {
            0
        } else {
            values[role.index()]
        };
        for sq in board.pieces(color, role) {
            total += v + placement(color, role, sq);
        }
    }
    total
}

/// Adds the number of `color`'s Pawns, Knights, Bishops, Rooks and Queens on `board` to
/// `counts[0..5]`: the features of [`board_strength_with`]'s values.
pub fn add_piece_counts(board: &Board, color: Color, counts: &mut [f64]) {
    for role in &Role::ALL[..5] {
        counts[role.index()] += f64::from(board.pieces(color, *role).count());
    }
}

/// The game phase of a board: 24 with every minor and major piece on (a Knight or Bishop
/// counts 1, a Rook 2, a Queen 4), falling to 0 with none.
pub fn phase(board: &Board) -> i32 {
    let minor = (board.by_role(Role::Knight) | board.by_role(Role::Bishop)).count() as i32;
    let rooks = board.by_role(Role::Rook).count() as i32;
    let queens = board.by_role(Role::Queen).count() as i32;
    (minor + 2 * rooks + 4 * queens).min(24)
}

/// The tunable constants of [`tapered_strength`], in the order of [`TAPERED_NAMES`]: the
/// middlegame and endgame base values of Pawn, Knight, Bishop, Rook and Queen, then the
/// middlegame and endgame bonus for a pair of Bishops.
pub const TAPERED_VALUES: [i32; 12] = [90, 120, 305, 292, 330, 318, 480, 525, 930, 950, 25, 45];

/// The names of [`TAPERED_VALUES`] as tunable parameters.
pub const TAPERED_NAMES: [&str; 12] = [
    "pawn mg",
    "pawn eg",
    "knight mg",
    "knight eg",
    "bishop mg",
    "bishop eg",
    "rook mg",
    "rook eg",
    "queen mg",
    "queen eg",
    "bishop pair mg",
    "bishop pair eg",
];

/// The middlegame and endgame value of a `color` piece of `role` on square index `sq`: the
/// piece's base value ([`TAPERED_VALUES`]) plus its placement, each a table made from a few
/// rules (ours, not tuned yet). Pawns gain as they advance, far more in the endgame;
/// Knights, Bishops and (in the endgame) the Queen in the centre; Rooks on the seventh rank;
/// the King sheltered by its castled corner in the middlegame and in the centre in the
/// endgame.
#[inline]
pub fn tapered(color: Color, role: Role, sq: usize) -> (i32, i32) {
    let (m, e) = tapered_placement(color, role, sq);
    match role {
        Role::King => (m, e),
        r => (
            TAPERED_VALUES[2 * r.index()] + m,
            TAPERED_VALUES[2 * r.index() + 1] + e,
        ),
    }
}

/// [`tapered`] without the base values: the placement terms alone.
#[inline]
fn tapered_placement(color: Color, role: Role, sq: usize) -> (i32, i32) {
    let rank = if color == Color::White {
        sq / 8
    } else {
        7 - sq / 8
    };
    let file = sq % 8;
    let c = centre(sq);
    match role {
        Role::Pawn => {
            const MG: [i32; 8] = [0, 0, 2, 6, 14, 25, 40, 0];
            const EG: [i32; 8] = [0, 0, 5, 12, 25, 45, 80, 0];
            let central = if c >= 2 && (2..=4).contains(&rank) {
                12
            } else {
                0
            };
            let rim = if file == 0 || file == 7 { 5 } else { 0 };
            (MG[rank] + central - rim, EG[rank])
        }
        Role::Knight => {
            let back = if rank == 0 { 8 } else { 0 };
            (8 * c - back, 6 * c)
        }
        Role::Bishop => {
            let back = if rank == 0 { 5 } else { 0 };
            (4 * c - back, 4 * c)
        }
        Role::Rook => {
            let seventh = rank == 6;
            let central = if rank == 0 && (3..=4).contains(&file) {
                8
            } else {
                0
            };
            (20 * i32::from(seventh) + central, 12 * i32::from(seventh))
        }
        Role::Queen => (2 * c, 5 * c),
        Role::King => {
            let shelter = match (rank, file) {
                (0, 1 | 2 | 6) => 20,
                (0, _) => 0,
                (1, _) => -15,
                _ => -40 - 10 * rank as i32,
            };
            (shelter, 15 * c - 25)
        }
    }
}

/// What an attacker of the enemy King counts in [`mobility`] for each square of the King's
/// zone it attacks (at most 3): Knight, Bishop, Rook, Queen.
const KING_ATTACK_WEIGHT: [i32; 4] = [2, 2, 3, 5];

/// The mobility of `color`'s Knights, Bishops, Rooks and Queens, and their attack on the enemy
/// King (middlegame, endgame); weights ours, untuned.
/// - Mobility: per piece, the squares it attacks that hold no piece of its own and no enemy
///   Pawn attacks, less a typical count (4, 6, 7, 13), times a weight per piece.
/// - King attack (middlegame only, and only while `color` has a Queen): each piece that
///   attacks a square of the enemy King's zone (its square and the squares it attacks) adds
///   [`KING_ATTACK_WEIGHT`] per square; with two attackers or more the bonus is the square of
///   the sum over 4 (at most 400), so that one attacker counts nothing and several a lot.
fn mobility(board: &Board, color: Color) -> (i32, i32) {
    let them = color.other();
    let pawn_attacks =
        Bitboard64::from_bits(attacks::pawns(them, board.pieces(them, Role::Pawn).bits()));
    let area = !(board.by_color(color) | pawn_attacks);
    let zone = match board.king_of(them) {
        Some(king) if board.pieces(color, Role::Queen).any() => {
            attacks::king(king).with(king.index())
        }
        _ => Bitboard64::EMPTY,
    };
    let occupied = board.occupied();
    let (mut mg, mut eg) = (0, 0);
    let (mut units, mut attackers) = (0, 0);
    for (role, typical, wm, we, weight) in [
        (Role::Knight, 4, 4, 4, KING_ATTACK_WEIGHT[0]),
        (Role::Bishop, 6, 5, 5, KING_ATTACK_WEIGHT[1]),
        (Role::Rook, 7, 2, 4, KING_ATTACK_WEIGHT[2]),
        (Role::Queen, 13, 1, 2, KING_ATTACK_WEIGHT[3]),
    ] {
        for sq in board.pieces(color, role) {
            let attacked = attacks::attacks(role, color, Square::from_index(sq), occupied);
            let n = (attacked & area).count() as i32 - typical;
            mg += wm * n;
            eg += we * n;
            let hits = (attacked & zone).count() as i32;
            if hits > 0 {
                attackers += 1;
                units += weight * hits.min(3);
            }
        }
    }
    if attackers >= 2 {
        mg += (units * units / 4).min(400);
    }
    (mg, eg)
}

/// The material and placement of `color`'s pieces on a FIDE board, tapered from the
/// middlegame values of [`tapered`] to its endgame values by the board's [`phase`], a pair
/// of Bishops, the pieces' mobility and attack on the enemy King, and the terms of the pawn
/// structure (passed, isolated and doubled Pawns, Rooks on open files, the King's shelter).
pub fn tapered_strength(board: &Board, color: Color) -> i32 {
    tapered_strength_of(board, color, &TAPERED_VALUES)
}

/// [`tapered_strength`] with `values` in place of [`TAPERED_VALUES`] (in its order; values
/// missing at the end keep their current ones, extra ones are ignored).
pub fn tapered_strength_with(board: &Board, color: Color, values: &[i32]) -> i32 {
    let mut all = TAPERED_VALUES;
    for (v, &w) in all.iter_mut().zip(values) {
        *v = w;
    }
    tapered_strength_of(board, color, &all)
}

/// [`tapered_strength`] over an array of values: a search's call reads the constants
/// directly, without the bounds checks of a slice.
#[inline(always)]
fn tapered_strength_of(board: &Board, color: Color, values: &[i32; 12]) -> i32 {
    let (mut mg, mut eg) = (0, 0);
    for role in Role::ALL {
        let (bm, be) = if role == Role::King {
            (0, 0)
        } else {
            (values[2 * role.index()], values[2 * role.index() + 1])
        };
        for sq in board.pieces(color, role) {
            let (m, e) = tapered_placement(color, role, sq);
            mg += bm + m;
            eg += be + e;
        }
    }
    if board.pieces(color, Role::Bishop).more_than_one() {
        mg += values[10];
        eg += values[11];
    }
    let (m, e) = mobility(board, color);
    let (sm, se) = structure::structure(board, color);
    mg += m + sm;
    eg += e + se;
    let p = phase(board);
    (mg * p + eg * (24 - p)) / 24
}

/// Writes the features of [`tapered_strength_with`]'s values into `features[0..12]`: each
/// piece's middlegame base value counts `phase / 24`, its endgame one `(24 - phase) / 24`,
/// and so does the bonus of a pair of Bishops.
pub fn tapered_features(board: &Board, color: Color, features: &mut [f64]) {
    let p = f64::from(phase(board));
    let (wm, we) = (p / 24.0, (24.0 - p) / 24.0);
    for role in &Role::ALL[..5] {
        let n = f64::from(board.pieces(color, *role).count());
        features[2 * role.index()] = n * wm;
        features[2 * role.index() + 1] = n * we;
    }
    let pair = f64::from(u8::from(board.pieces(color, Role::Bishop).more_than_one()));
    features[10] = pair * wm;
    features[11] = pair * we;
}

/// FIDE's tunable parameters: [`TAPERED_VALUES`], named by [`TAPERED_NAMES`].
const TUNED: [Parameter; 12] = {
    let mut p = [Parameter::new("", 0); 12];
    let mut i = 0;
    while i < 12 {
        p[i] = Parameter::new(TAPERED_NAMES[i], TAPERED_VALUES[i]);
        i += 1;
    }
    p
};

/// The base values of [`tapered_strength`] ([`TAPERED_VALUES`]); a dead position (both
/// strengths 0) has no features. The taper divides by 24: the model is exact within 1.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_fide::Chess;
/// let start = Chess::default();
/// assert_eq!(Chess::PARAMETERS[0].name, "pawn mg");
/// let mut values: Vec<i32> = Chess::PARAMETERS.iter().map(|p| p.value).collect();
/// values[0] += 10;
/// assert!(model_error(&start, 0, &values) <= 1.0);
/// ```
impl Tune for Chess {
    const PARAMETERS: &'static [Parameter] = &TUNED;
    const ROUNDING: i32 = 1;

    fn features(&self, player: usize, features: &mut [f64]) {
        features.fill(0.0);
        if !crate::draws::insufficient_material(self) {
            tapered_features(&self.board, Color::from_index(player), features);
        }
    }

    fn strength_with(&self, player: usize, values: &[i32]) -> i32 {
        if crate::draws::insufficient_material(self) {
            return 0;
        }
        tapered_strength_with(&self.board, Color::from_index(player), values)
    }
}

impl Evaluate for Chess {
    const PLAYERS: usize = 2;
    /// A player would claim the draw by threefold repetition (FIDE Laws 9.2); the search
    /// scores the first repetition inside its tree as a draw.
    const REPETITION_DRAWS: bool = true;

    /// [`tapered_strength`], except in a dead position by insufficient material
    /// ([`crate::draws::insufficient_material`], which `Position::outcome` draws): there
    /// both armies count 0, so that a search scores it as the draw it is (its legal moves go
    /// on, and without this the placement terms would score K v K a few centipawns off 0).
    ///
    /// ```
    /// use dimchess_core::Evaluate;
    /// use dimchess_fide::Chess;
    /// let kings: Chess = "8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse().unwrap();
    /// assert_eq!((kings.strength(0), kings.strength(1)), (0, 0));
    /// assert!(Chess::default().strength(0) > 0);
    /// ```
    fn strength(&self, player: usize) -> i32 {
        if crate::draws::insufficient_material(self) {
            return 0;
        }
        tapered_strength(&self.board, Color::from_index(player))
    }

    fn capture(&self, mv: Move) -> Option<Capture> {
        capture_on(&self.board, mv)
    }

    /// The fifty-move rule (FIDE Laws 9.3), which a player would claim.
    fn plies_to_clock_draw(&self) -> Option<u32> {
        Some(100u32.saturating_sub(self.halfmove))
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    /// The same pieces with the other side to move and no en-passant square; `None` when the
    /// side to move has only King and Pawns (where zugzwang is common) or is in check.
    fn null_move(&self) -> Option<Chess> {
        let us = self.turn;
        let pieces = self.board.by_color(us)
            & !(self.board.by_role(Role::Pawn) | self.board.by_role(Role::King));
        if pieces.is_empty() || self.is_check() {
            return None;
        }
        let mut after = self.clone();
        if let Some(ep) = after.ep.take() {
            after.hash ^= crate::zobrist::ep_file(ep.file());
        }
        after.halfmove = after.halfmove.saturating_add(1);
        if us == Color::Black {
            after.fullmove = after.fullmove.saturating_add(1);
        }
        after.turn = us.other();
        after.hash ^= crate::zobrist::black_to_move();
        Some(after)
    }

    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        see_ge_on(&self.board, self.turn, mv, threshold)
    }

    /// The captures and promotions only, generated as
    /// [`dimchess_core::Position::legal_moves`] does.
    fn noisy_moves(&self, moves: &mut Moves) -> bool {
        moves.clear();
        let mut sink = NoisyLister {
            moves,
            theirs: self.board.by_color(self.turn.other()).bits(),
            any: false,
        };
        self.generate(&mut sink, Portable);
        sink.any
    }

    fn move_key(&self, mv: Move) -> u32 {
        // By side, from and to ("butterfly" history).
        (self.turn as usize * 4096 + mv.from.index() * 64 + mv.to.index()) as u32
    }
}

/// The static exchange evaluation of the move `mv` of `turn` on `board`: whether it wins at
/// least `threshold` centipawns when both sides go on capturing on its destination square,
/// each with its cheapest piece (riders behind a capturer join in) and each free to stop.
/// Castling, en passant and promotions count as winning nothing and losing nothing.
pub fn see_ge_on(board: &Board, turn: Color, mv: Move, threshold: i32) -> bool {
    if !matches!(mv.kind, MoveKind::Normal | MoveKind::DoublePush) {
        return threshold <= 0;
    }
    let Some(attacker) = board.role_at(mv.from) else {
        return threshold <= 0;
    };
    // What the side to move has won so far, less the threshold, after each capture.
    let mut swap = board.role_at(mv.to).map_or(0, value) - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(attacker) - swap;
    if swap <= 0 {
        return true;
    }
    let from = Bitboard64::from_cell(mv.from.index());
    let to = Bitboard64::from_cell(mv.to.index());
    let mut occupied = board.occupied() ^ from ^ to;
    let mut side = turn;
    // 1: the side to move's capture stands so far; 0: it does not.
    let mut wins = true;
    loop {
        side = side.other();
        let attackers = (board.attackers_to(mv.to, Color::White, occupied)
            | board.attackers_to(mv.to, Color::Black, occupied))
            & occupied;
        let ours = attackers & board.by_color(side);
        if ours.is_empty() {
            break;
        }
        wins = !wins;
        // The least valuable attacker: `Role::ALL` runs from the pawn to the king.
        let Some(role) = Role::ALL
            .into_iter()
            .find(|&r| (ours & board.by_role(r)).any())
        else {
            break;
        };
        if role == Role::King {
            // The King may capture only if nothing recaptures.
            if (attackers & board.by_color(side.other())).any() {
                wins = !wins;
            }
            break;
        }
        swap = value(role) - swap;
        if swap < i32::from(wins) {
            break;
        }
        if let Some(sq) = (ours & board.by_role(role)).first() {
            occupied.clear(sq);
        }
    }
    wins
}

/// The capture facts of a FIDE move on `board` (en passant and promotions included).
pub fn capture_on(board: &Board, mv: Move) -> Option<Capture> {
    let attacker = board.role_at(mv.from).map_or(0, value);
    let mut gain = match mv.kind {
        MoveKind::EnPassant => value(Role::Pawn),
        MoveKind::Castle => 0,
        _ => board.role_at(mv.to).map_or(0, value),
    };
    if let MoveKind::Promotion(r) = mv.kind {
        gain += value(r) - value(Role::Pawn);
    }
    (gain > 0).then_some(Capture { gain, attacker })
}
