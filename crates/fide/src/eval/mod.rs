//! Static evaluation for a search ([`Evaluate`]), which the variants played on FIDE boards
//! reuse ([`tapered_strength_on`]: hyperspace, dimension-chess, Dimension X's FIDE pieces),
//! and the conventional piece values of chess programs ([`PIECE_VALUES`]: pawn 100, knight
//! 320, bishop 330, rook 500, queen 900) by which their captures and material are counted.

use dimchess_core::Bitboard64;
use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::eval::{Capture, Evaluate};
use dimchess_core::tune::{Parameter, Tune};

mod structure;
mod tuned;
pub mod weights;

use crate::attacks;
use crate::board::Board;
use crate::movegen::NoisyLister;
use crate::moves::{Move, MoveKind};
use crate::position::{Chess, Moves};
use crate::types::{Color, Role, Square};

/// The value of a Pawn, Knight, Bishop, Rook and Queen in centipawns, in [`Role::ALL`] order
/// ([`value`]: captures, exchanges, and the material that decides Dimension X's King hunt).
pub const PIECE_VALUES: [i32; 5] = [100, 320, 330, 500, 900];

/// The value of a piece of `role` in centipawns (the king: 0, it is never traded).
pub const fn value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        r => PIECE_VALUES[r.index()],
    }
}

/// The game phase of a board: 24 with every minor and major piece on (a Knight or Bishop
/// counts 1, a Rook 2, a Queen 4), falling to 0 with none.
#[inline(always)]
pub fn phase(board: &Board) -> i32 {
    let minor = (board.by_role(Role::Knight) | board.by_role(Role::Bishop)).count() as i32;
    let rooks = board.by_role(Role::Rook).count() as i32;
    let queens = board.by_role(Role::Queen).count() as i32;
    (minor + 2 * rooks + 4 * queens).min(24)
}

/// What an evaluation adds up: the middlegame and endgame sums of the weights of the terms
/// it counts, and (when tuning) how many times it counted each term.
struct Acc<'a, T: Trace> {
    values: &'a [i32; 2 * weights::TERMS],
    mg: i32,
    eg: i32,
    trace: T,
}

impl<T: Trace> Acc<'_, T> {
    /// Counts `term` `n` times.
    #[inline(always)]
    fn add(&mut self, term: usize, n: i32) {
        self.mg += self.values[2 * term] * n;
        self.eg += self.values[2 * term + 1] * n;
        self.trace.add(term, n);
    }
}

/// Where an evaluation reports the terms it counts: nowhere in a search (`()`), into
/// [`Counts`] for tuning.
trait Trace {
    fn add(&mut self, term: usize, n: i32);
}

impl Trace for () {
    #[inline(always)]
    fn add(&mut self, _: usize, _: i32) {}
}

/// How many times each term counted.
struct Counts([i32; weights::TERMS]);

impl Trace for &mut Counts {
    fn add(&mut self, term: usize, n: i32) {
        self.0[term] += n;
    }
}

/// What an attacker of the enemy King counts in [`mobility`] for each square of the King's
/// zone it attacks (at most 3): Knight, Bishop, Rook, Queen.
const KING_ATTACK_WEIGHT: [i32; 4] = [2, 2, 3, 5];

/// The mobility of `color`'s Knights, Bishops, Rooks and Queens, their attack on the enemy
/// King, and the threats of its pieces.
/// - Mobility: per piece, the squares it attacks that hold no piece of its own and no enemy
///   Pawn attacks, less a typical count (4, 6, 7, 13), times its weight
///   ([`weights::MOBILITY`]).
/// - King attack (middlegame only, and only while `color` has a Queen; not tuned): each piece
///   that attacks a square of the enemy King's zone (its square and the squares it attacks)
///   adds [`KING_ATTACK_WEIGHT`] per square; with two attackers or more the bonus is the
///   square of the sum over 4 (at most 400), so that one attacker counts nothing and several a
///   lot.
/// - Threats ([`weights::THREAT`]): each enemy piece attacked by a piece of lower value: a
///   Knight, Bishop, Rook or Queen by Pawns (once however many), a Rook or Queen by a Knight
///   or Bishop, a Queen by a Rook (once per attacker).
#[inline(always)]
fn mobility<T: Trace, C: Cpu>(cpu: C, board: &Board, color: Color, acc: &mut Acc<'_, T>) {
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
    let queens = board.pieces(them, Role::Queen);
    let majors = board.pieces(them, Role::Rook) | queens;
    let pieces = majors | board.pieces(them, Role::Knight) | board.pieces(them, Role::Bishop);
    let own_pawn_attacks = attacks::pawns(color, board.pieces(color, Role::Pawn).bits());
    let by_pawn = (Bitboard64::from_bits(own_pawn_attacks) & pieces).count() as i32;
    acc.add(weights::THREAT, by_pawn);
    // What a Knight, a Bishop and a Rook threaten, and the term it counts.
    let threats = [
        (majors, weights::THREAT + 1),
        (majors, weights::THREAT + 1),
        (queens, weights::THREAT + 2),
    ];
    let (mut units, mut attackers) = (0, 0);
    for (i, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        for sq in board.pieces(color, role) {
            let attacked = attacks::attacks_on(cpu, role, color, Square::from_index(sq), occupied);
            let n = (attacked & area).count() as i32 - weights::MOBILITY_TYPICAL[i];
            acc.add(weights::MOBILITY + i, n);
            if let Some(&(targets, term)) = threats.get(i) {
                acc.add(term, (attacked & targets).count() as i32);
            }
            let hits = (attacked & zone).count() as i32;
            if hits > 0 {
                attackers += 1;
                units += KING_ATTACK_WEIGHT[i] * hits.min(3);
            }
        }
    }
    if attackers >= 2 {
        acc.mg += (units * units / 4).min(400);
    }
}

/// The material and placement of `color`'s pieces on a FIDE board, tapered from the
/// middlegame weights ([`weights::VALUES`]) to the endgame ones by the board's [`phase`]:
/// material, piece-square tables, a pair of Bishops, the pieces' mobility, threats and attack
/// on the enemy King, and the terms of the pawn structure (passed, isolated and doubled Pawns,
/// Rooks on open files, the King's shelter).
pub fn tapered_strength(board: &Board, color: Color) -> i32 {
    tapered_strength_on(Portable, board, color)
}

/// [`tapered_strength`] on `cpu`'s code path, always inlined: for a variant whose evaluation
/// counts a FIDE board this way (hyperspace, dimension-chess) on the code path chosen at run
/// time (`Evaluate::strength_on`).
///
/// ```
/// use dimchess_core::cpu::Portable;
/// use dimchess_fide::eval::{tapered_strength, tapered_strength_on};
/// use dimchess_fide::{Chess, Color};
/// let start = Chess::default();
/// let board = start.board();
/// let white = Color::White;
/// assert_eq!(tapered_strength_on(Portable, board, white), tapered_strength(board, white));
/// ```
#[inline(always)]
pub fn tapered_strength_on<C: Cpu>(cpu: C, board: &Board, color: Color) -> i32 {
    tapered_strength_of(cpu, board, color, &weights::VALUES, ())
}

/// [`tapered_strength`] with `values` in place of [`weights::VALUES`] (in its order; values
/// missing at the end keep their current ones, extra ones are ignored).
pub fn tapered_strength_with(board: &Board, color: Color, values: &[i32]) -> i32 {
    let mut all = weights::VALUES;
    for (v, &w) in all.iter_mut().zip(values) {
        *v = w;
    }
    tapered_strength_of(Portable, board, color, &all, ())
}

/// [`tapered_strength`] over an array of values, reporting each term it counts to `trace`.
#[inline(always)]
fn tapered_strength_of<T: Trace, C: Cpu>(
    cpu: C,
    board: &Board,
    color: Color,
    values: &[i32; 2 * weights::TERMS],
    trace: T,
) -> i32 {
    let mut acc = Acc {
        values,
        mg: 0,
        eg: 0,
        trace,
    };
    // Black's squares mirrored by rank: each table is seen from its own side.
    let flip = if color == Color::White { 0 } else { 56 };
    for role in Role::ALL {
        let r = role.index();
        let pieces = board.pieces(color, role);
        if role != Role::King {
            acc.add(weights::MATERIAL + r, pieces.count() as i32);
        }
        for sq in pieces {
            acc.add(weights::PST + 64 * r + ((sq ^ flip) & 63), 1);
        }
    }
    if board.pieces(color, Role::Bishop).more_than_one() {
        acc.add(weights::BISHOP_PAIR, 1);
    }
    mobility(cpu, board, color, &mut acc);
    structure::structure(board, color, &mut acc);
    let p = phase(board);
    (acc.mg * p + acc.eg * (24 - p)) / 24
}

/// Writes the features of [`tapered_strength_with`]'s values into `features`: each term's
/// middlegame weight counts the times the term counts times `phase / 24`, its endgame one
/// times `(24 - phase) / 24`.
fn tapered_features(board: &Board, color: Color, features: &mut [f64]) {
    let mut counts = Counts([0; weights::TERMS]);
    tapered_strength_of(Portable, board, color, &weights::VALUES, &mut counts);
    let p = f64::from(phase(board));
    let (wm, we) = (p / 24.0, (24.0 - p) / 24.0);
    for (t, &n) in counts.0.iter().enumerate() {
        features[2 * t] = f64::from(n) * wm;
        features[2 * t + 1] = f64::from(n) * we;
    }
}

/// FIDE's tunable parameters: [`weights::VALUES`], named by [`weights::NAMES`].
static TUNED: [Parameter; 2 * weights::TERMS] = {
    let mut p = [Parameter::new("", 0); 2 * weights::TERMS];
    let mut i = 0;
    while i < p.len() {
        p[i] = Parameter::new(weights::NAMES[i], weights::VALUES[i]);
        i += 1;
    }
    p
};

/// Every weight of [`tapered_strength`] ([`weights::VALUES`]) but the attack on the King; a
/// dead position (both strengths 0) has no features. The taper divides by 24: the model is
/// exact within 1.
///
/// ```
/// use dimchess_core::tune::{Tune, model_error};
/// use dimchess_fide::Chess;
/// let start = Chess::default();
/// assert_eq!(Chess::PARAMETERS[0].name, "pawn mg");
/// let mut values: Vec<i32> = Chess::PARAMETERS.iter().map(|p| p.value).collect();
/// values[0] += 10;
/// values[100] -= 7;
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
        self.strength_on(Portable, player)
    }

    /// [`Evaluate::strength`] always inlined, its slider lookups on `cpu`'s code path.
    #[inline(always)]
    fn strength_on<C: Cpu>(&self, cpu: C, player: usize) -> i32 {
        if crate::draws::insufficient_material(self) {
            return 0;
        }
        tapered_strength_on(cpu, &self.board, Color::from_index(player))
    }

    #[inline]
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
        self.noisy_moves_on(Portable, moves)
    }

    #[inline(always)]
    fn noisy_moves_on<C: Cpu>(&self, cpu: C, moves: &mut Moves) -> bool {
        moves.clear();
        let mut sink = NoisyLister {
            moves,
            theirs: self.board.by_color(self.turn.other()).bits(),
            any: false,
        };
        self.generate(&mut sink, cpu);
        sink.any
    }

    #[inline]
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
#[inline]
pub fn capture_on(board: &Board, mv: Move) -> Option<Capture> {
    let gain = match mv.kind {
        MoveKind::EnPassant => value(Role::Pawn),
        MoveKind::Castle => 0,
        MoveKind::Promotion(r) => {
            board.role_at(mv.to).map_or(0, value) + value(r) - value(Role::Pawn)
        }
        // Most moves are quiet: the empty target square says so before any look-up.
        _ if !board.occupied().contains(mv.to.index()) => 0,
        _ => board.role_at(mv.to).map_or(0, value),
    };
    if gain <= 0 {
        return None;
    }
    let attacker = board.role_at(mv.from).map_or(0, value);
    Some(Capture { gain, attacker })
}
