//! The position: placement, side to move, eliminated players, en-passant records, clocks;
//! attacks (TL-13, TX-11) and the end of the game (TL-17, TL-18); its [`Position`]
//! implementation, text forms and serde.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use dimchess_core::cpu::{Cpu, Portable};
use dimchess_core::movelist::MoveList;
use dimchess_core::{Error, Outcome, Position};

use crate::geometry::{Bb, CELLS, TABLES};
use crate::moves::Move;
use crate::piece::{Color, Piece, ROLES, Role, Variant};
use crate::rules::{CheckmatePromotion, Main, Rules, Xiangqi};
use crate::zobrist::KEYS;
use crate::{movegen, outcome};

/// An en-passant record (TL-9): the passed cell and the double-stepped Pawn's cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct EpRecord {
    /// The passed cell.
    pub passed: u8,
    /// The cell of the Pawn that double-stepped.
    pub pawn: u8,
}

/// A valid position of the rule set `R` ([`crate::rules`]): `three-level`,
/// `three-level-xiangqi` or `three-level-checkmate-promotion`.
///
/// Use the aliases [`ThreeLevel`], [`ThreeLevelXiangqi`] and [`ThreeLevelCheckmatePromotion`]:
/// each variant id has its own type, so that reading a position text never changes the
/// variant (TL-20: the checkmate-promotion option is not part of the text).
///
/// ```
/// use dimchess_three_level::{perft::perft, Position};
/// use dimchess_three_level::{ThreeLevel, ThreeLevelCheckmatePromotion, ThreeLevelXiangqi};
/// let mut pos = ThreeLevel::default();
/// assert_eq!(perft(&pos, 2), 3117);
/// pos.play_text("1c21e2").unwrap();
/// assert!(pos.play_text("1c21e2").is_err());
/// assert_eq!(pos.to_string().parse::<ThreeLevel>().unwrap(), pos);
/// // The same text in another rule set is a position of that rule set.
/// let promotion: ThreeLevelCheckmatePromotion = pos.to_string().parse().unwrap();
/// assert_eq!(promotion.to_string(), pos.to_string());
/// // A Xiang Qi text is not a main-variant text.
/// assert!(ThreeLevelXiangqi::START_TEXT.parse::<ThreeLevel>().is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ThreeLevelPosition<R: Rules> {
    pub(crate) by_color: [Bb; 4],
    pub(crate) by_role: [Bb; ROLES],
    pub(crate) occupied: Bb,
    pub(crate) board: [u8; CELLS],
    pub(crate) side: Color,
    pub(crate) eliminated: u8,
    pub(crate) ep: [Option<EpRecord>; 4],
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    pub(crate) rules: PhantomData<R>,
}

/// A `three-level` position: the main variant.
pub type ThreeLevel = ThreeLevelPosition<Main>;

/// A `three-level-xiangqi` position: the Xiang Qi variant.
pub type ThreeLevelXiangqi = ThreeLevelPosition<Xiangqi>;

/// A `three-level-checkmate-promotion` position: the main variant with TL-20's option.
pub type ThreeLevelCheckmatePromotion = ThreeLevelPosition<CheckmatePromotion>;

/// The start position.
impl<R: Rules> Default for ThreeLevelPosition<R> {
    fn default() -> Self {
        Self::start()
    }
}

/// The pieces of the main variants grouped by how they attack (TL-13).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Groups {
    /// Orthogonal riders.
    pub(crate) orth: Bb,
    /// Diagonal riders.
    pub(crate) diag: Bb,
    /// Knight leapers.
    pub(crate) knight: Bb,
    /// King steppers.
    pub(crate) king: Bb,
    /// Triagonal steppers (checkmate-promotion only).
    pub(crate) triag: Bb,
}

/// How a finished game ended (TL-17, TL-18).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ending {
    /// One live player remains and wins.
    LastPlayer(Color),
    /// A Pawn reached its far corner with nothing left to promote to; its owner wins (TL-11).
    PromotionWin(Color),
    /// The clock draw among the live players (TL-18).
    ClockDraw,
}

impl<R: Rules> ThreeLevelPosition<R> {
    /// The variant id: `three-level`, `three-level-xiangqi` or
    /// `three-level-checkmate-promotion`.
    pub const ID: &'static str = R::VARIANT.id();

    /// The start position's text (§6): [`crate::START_TEXT`] or
    /// [`crate::XIANGQI_START_TEXT`].
    pub const START_TEXT: &'static str = R::START_TEXT;

    /// The start position (TL-6, TX-2).
    pub fn start() -> Self {
        Self::from_text(R::START_TEXT).unwrap_or_else(|_| unreachable!("the start texts are valid"))
    }

    /// An empty board, Red to move, nothing validated.
    pub(crate) fn empty() -> Self {
        ThreeLevelPosition {
            by_color: [Bb::EMPTY; 4],
            by_role: [Bb::EMPTY; ROLES],
            occupied: Bb::EMPTY,
            board: [0; CELLS],
            side: Color::Red,
            eliminated: 0,
            ep: [None; 4],
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            rules: PhantomData,
        }
    }

    /// The variant this position belongs to (`R::VARIANT`).
    pub fn variant(&self) -> Variant {
        R::VARIANT
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on cell `c` (`None` if empty or not a cell).
    #[inline]
    pub fn piece_at(&self, c: usize) -> Option<Piece> {
        Piece::from_code(*self.board.get(c)?)
    }

    /// Whether player `c` is still in the game.
    #[inline]
    pub fn is_live(&self, c: Color) -> bool {
        self.eliminated & (1 << c as u8) == 0
    }

    /// The en-passant record of player `c` (TL-9).
    pub fn ep_record(&self, c: Color) -> Option<EpRecord> {
        self.ep[c as usize]
    }

    /// The halfmove clock (TL-14 step 3, TL-18).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The number of live players.
    pub fn live_count(&self) -> u32 {
        4 - self.eliminated.count_ones()
    }

    /// The next live player after `c` in turn order (TL-4).
    #[inline]
    pub fn next_live(&self, c: Color) -> Color {
        for k in 1..=4 {
            let n = Color::from_index(c as usize + k);
            if self.is_live(n) {
                return n;
            }
        }
        c
    }

    /// The cells of player `c`'s pieces.
    pub fn pieces_of(&self, c: Color) -> Bb {
        self.by_color[c as usize]
    }

    /// The cells of the pieces of role `k`, any owner.
    #[inline]
    pub fn role_bb(&self, k: Role) -> Bb {
        self.by_role[k as usize]
    }

    #[inline]
    pub(crate) fn put(&mut self, c: usize, p: Piece) {
        self.by_color[p.color as usize].set(c);
        self.by_role[p.role as usize].set(c);
        self.occupied.set(c);
        self.board[c] = p.code();
        self.hash ^= KEYS.piece(p.color, p.role as usize, c);
    }

    #[inline]
    pub(crate) fn remove(&mut self, c: usize) -> Option<Piece> {
        let p = Piece::from_code(self.board[c])?;
        self.by_color[p.color as usize].clear(c);
        self.by_role[p.role as usize].clear(c);
        self.occupied.clear(c);
        self.board[c] = 0;
        self.hash ^= KEYS.piece(p.color, p.role as usize, c);
        Some(p)
    }

    #[inline]
    pub(crate) fn set_ep(&mut self, c: Color, r: Option<EpRecord>) {
        if let Some(old) = self.ep[c as usize] {
            self.hash ^= KEYS.ep(c, old);
        }
        if let Some(new) = r {
            self.hash ^= KEYS.ep(c, new);
        }
        self.ep[c as usize] = r;
    }

    #[inline]
    pub(crate) fn set_side(&mut self, c: Color) {
        self.hash ^= KEYS.side(self.side) ^ KEYS.side(c);
        self.side = c;
    }

    pub(crate) fn mark_eliminated(&mut self, x: Color) {
        if self.is_live(x) {
            self.eliminated |= 1 << x as u8;
            self.hash ^= KEYS.eliminated(x);
        }
    }

    /// The royal pieces (King, Emperor, General) of player `c`.
    #[inline]
    pub(crate) fn royals(&self, c: Color) -> Bb {
        self.royal_pieces() & self.by_color[c as usize]
    }

    /// Every royal piece: the Kings (and TL-21's Emperors in checkmate-promotion), or the
    /// Generals in Xiang Qi. Each variant's kinds only: the others never stand on its board
    /// (the parser reads a variant's own letters, TL-20 promotes only in checkmate-promotion).
    #[inline]
    pub(crate) fn royal_pieces(&self) -> Bb {
        if R::VARIANT.is_xiangqi() {
            self.role_bb(Role::General)
        } else {
            self.with_promoted(self.role_bb(Role::King), [Role::Emperor])
        }
    }

    /// The cell of player `c`'s royal piece (King, Emperor or General), if it has one.
    #[inline]
    pub fn royal_cell(&self, c: Color) -> Option<usize> {
        self.royals(c).first()
    }

    /// The pieces of the players in `mask` (bit i: colour i).
    #[inline]
    pub(crate) fn pieces_of_mask(&self, mask: u8) -> Bb {
        let mut b = Bb::EMPTY;
        for i in 0..4 {
            if mask >> i & 1 != 0 {
                b |= self.by_color[i];
            }
        }
        b
    }

    /// Whether the promoted kinds of TL-20 can stand on the board (checkmate-promotion only).
    #[inline(always)]
    fn promoted_kinds(&self) -> bool {
        R::VARIANT.is_checkmate_promotion()
    }

    /// `base` with the pieces of the `promoted` kinds added where they can stand (TL-20:
    /// checkmate-promotion only; elsewhere their sets are not read).
    #[inline(always)]
    fn with_promoted<const N: usize>(&self, base: Bb, promoted: [Role; N]) -> Bb {
        if self.promoted_kinds() {
            promoted.iter().fold(base, |b, &k| b | self.role_bb(k))
        } else {
            base
        }
    }

    /// The orthogonal riders (Rook, Queen, Vicereine, Diarch; the Xiang Qi Rook).
    #[inline]
    pub(crate) fn orth_riders(&self) -> Bb {
        self.with_promoted(
            self.role_bb(Role::Rook) | self.role_bb(Role::Queen),
            [Role::Vicereine, Role::Diarch],
        )
    }

    /// The diagonal riders (Bishop, Queen, Moderator, Diarch).
    #[inline]
    pub(crate) fn diag_riders(&self) -> Bb {
        self.with_promoted(
            self.role_bb(Role::Bishop) | self.role_bb(Role::Queen),
            [Role::Moderator, Role::Diarch],
        )
    }

    /// The pieces with a triagonal step (TL-21).
    #[inline]
    pub(crate) fn triagonal_steppers(&self) -> Bb {
        self.role_bb(Role::Emperor)
            | self.role_bb(Role::Diarch)
            | self.role_bb(Role::Moderator)
            | self.role_bb(Role::Cavallander)
            | self.role_bb(Role::Vicereine)
    }

    /// The nearest occupied cell from `cell` along direction `d` of the ray table.
    #[inline]
    pub(crate) fn nearest(&self, cell: usize, d: usize, occ: Bb) -> Option<usize> {
        let hit = crate::geometry::RAYS.ray(cell, d) & occ;
        if crate::geometry::RAYS.positive(d) {
            hit.first()
        } else {
            hit.last()
        }
    }

    /// Whether any player in `mask` attacks `cell` (TL-13, TX-11) when `occ` is the occupancy.
    #[inline]
    pub(crate) fn attacked(&self, cell: usize, mask: u8, occ: Bb) -> bool {
        let t = &*TABLES;
        let att = self.pieces_of_mask(mask);
        if R::VARIANT.is_xiangqi() {
            let rooks = att & self.role_bb(Role::Rook);
            if (crate::geometry::ORTH_LINES.get(cell) & rooks).any()
                && (crate::riders::rook(cell, occ) & rooks).any()
            {
                return true;
            }
            let horses = att & self.role_bb(Role::Horse);
            if (crate::geometry::KNIGHT.get(cell) & horses).any() {
                for (src, leg) in t.horse_from.steps(cell) {
                    if horses.contains(src) && !occ.contains(leg) {
                        return true;
                    }
                }
            }
            for i in 0..4 {
                if mask >> i & 1 == 0 {
                    continue;
                }
                let own = self.by_color[i];
                if (t.point_attackers[i][cell] & own & self.role_bb(Role::Point)).any() {
                    return true;
                }
                if t.fortress[i].contains(cell)
                    && ((crate::geometry::WAZIR.get(cell) & own & self.role_bb(Role::General))
                        .any()
                        || (crate::geometry::FERZ.get(cell) & own & self.role_bb(Role::Ferz)).any())
                {
                    return true;
                }
                if t.quarter[i].contains(cell) {
                    // The Elephant's moves are symmetric: an Elephant attacks `cell` from
                    // `cell + e` exactly when the eye (the midpoint) is empty.
                    let els = own & self.role_bb(Role::Elephant);
                    if els.any() {
                        for (src, eye) in t.elephant.steps(cell) {
                            if els.contains(src) && !occ.contains(eye) {
                                return true;
                            }
                        }
                    }
                }
            }
            return false;
        }
        self.attacked_by(&self.groups(), cell, mask, self.pieces_of_mask(mask), occ)
    }

    /// The pieces grouped by how they attack (main variants).
    #[inline(always)]
    pub(crate) fn groups(&self) -> Groups {
        Groups {
            orth: self.orth_riders(),
            diag: self.diag_riders(),
            knight: self.with_promoted(self.role_bb(Role::Knight), [Role::Cavallander]),
            king: self.with_promoted(self.role_bb(Role::King), [Role::Emperor]),
            triag: if self.promoted_kinds() {
                self.triagonal_steppers()
            } else {
                Bb::EMPTY
            },
        }
    }

    /// Whether a piece of `att`, the pieces of the players in `mask` (bit i: colour i), attacks
    /// `cell` (main variants), with the groups computed once. Only the Pawns of the players in
    /// `mask` are looked up (a Pawn's attack depends on its owner).
    #[inline]
    pub(crate) fn attacked_by(&self, g: &Groups, cell: usize, mask: u8, att: Bb, occ: Bb) -> bool {
        let leapers = self.leapers_to(g, cell) | self.pawns_to(cell, mask);
        self.hit(g, cell, leapers, att, occ)
    }

    /// The Pawns of the players in `mask` (bit i: colour i) that attack `cell`.
    #[inline(always)]
    pub(crate) fn pawns_to(&self, cell: usize, mask: u8) -> Bb {
        use crate::geometry::PAWN_ATTACKERS;
        let pawns = self.role_bb(Role::Pawn);
        let mut out = Bb::EMPTY;
        for (i, (table, own)) in PAWN_ATTACKERS.iter().zip(self.by_color).enumerate() {
            if mask >> i & 1 != 0 {
                out |= table.get(cell) & pawns & own;
            }
        }
        out
    }

    /// [`Self::attacked_by`] for one attacking player `c` (the next player's attacks on the
    /// other Kings, TL-14 step 6): its Pawn table looked up directly.
    #[inline]
    pub(crate) fn attacked_by_one(&self, g: &Groups, cell: usize, c: Color, occ: Bb) -> bool {
        let pawns =
            crate::geometry::PAWN_ATTACKERS[c as usize].get(cell) & self.role_bb(Role::Pawn);
        let leapers = self.leapers_to(g, cell) | pawns;
        self.hit(g, cell, leapers, self.by_color[c as usize], occ)
    }

    /// The Knights, Kings and triagonal steppers (any owner) that reach `cell`.
    #[inline(always)]
    pub(crate) fn leapers_to(&self, g: &Groups, cell: usize) -> Bb {
        use crate::geometry::{KING, KNIGHT, TRIAG};
        (KNIGHT.get(cell) & g.knight) | (KING.get(cell) & g.king) | (TRIAG.get(cell) & g.triag)
    }

    /// Whether a piece of `att` among `leapers` (the leapers and Pawns reaching `cell`), or a
    /// rider of `att` along an open line, attacks `cell`. The leapers and Pawns first, as one
    /// set: no line to follow.
    #[inline(always)]
    fn hit(&self, g: &Groups, cell: usize, leapers: Bb, att: Bb, occ: Bb) -> bool {
        use crate::geometry::{DIAG_LINES, ORTH_LINES, nz};
        if nz(leapers & att) {
            return true;
        }
        let orth = att & g.orth;
        if nz(ORTH_LINES.get(cell) & orth) && nz(crate::riders::rook(cell, occ) & orth) {
            return true;
        }
        let diag = att & g.diag;
        nz(DIAG_LINES.get(cell) & diag) && nz(crate::riders::bishop(cell, occ) & diag)
    }

    /// The live players other than `c`, as a mask.
    #[inline]
    pub(crate) fn others_mask(&self, c: Color) -> u8 {
        !self.eliminated & 0xF & !(1 << c as u8)
    }

    /// Whether player `c`'s royal piece is attacked by another live player (in check).
    pub fn in_check(&self, c: Color) -> bool {
        match self.royal_cell(c) {
            Some(k) => self.attacked(k, self.others_mask(c), self.occupied),
            None => false,
        }
    }

    /// Whether two Generals face each other along an empty orthogonal line (TX-10).
    pub fn generals_face(&self) -> bool {
        let gens = self.role_bb(Role::General);
        if !gens.more_than_one() {
            return false;
        }
        for g in gens.iter() {
            if (crate::geometry::ORTH_LINES.get(g) & gens).is_empty() {
                continue;
            }
            for d in 0..6 {
                if (crate::geometry::RAYS.ray(g, d) & gens).any()
                    && self
                        .nearest(g, d, self.occupied)
                        .is_some_and(|b| gens.contains(b))
                {
                    return true;
                }
            }
        }
        false
    }

    /// The family counts of player `c`: Q+D, R+V, B+M, N+C (TL-10, TL-22).
    pub(crate) fn families(&self, c: Color) -> [u32; 4] {
        let own = self.by_color[c as usize];
        let n = |a: Role, b: Role| ((self.role_bb(a) | self.role_bb(b)) & own).count();
        [
            n(Role::Queen, Role::Diarch),
            n(Role::Rook, Role::Vicereine),
            n(Role::Bishop, Role::Moderator),
            n(Role::Knight, Role::Cavallander),
        ]
    }

    /// The promotion choices within the limits (TL-10, TL-22), in the order q, r, b, n.
    pub(crate) fn promotion_choices(&self, c: Color) -> [Option<Role>; 4] {
        let f = self.families(c);
        let lim = [2, 4, 4, 4];
        let ks = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
        core::array::from_fn(|i| (f[i] < lim[i]).then_some(ks[i]))
    }

    /// The owner of a Pawn standing on its own far-corner column (TL-11), if any.
    pub fn promotion_winner(&self) -> Option<Color> {
        if R::VARIANT.is_xiangqi() {
            return None;
        }
        let t = &*TABLES;
        let pawns = self.role_bb(Role::Pawn);
        if (pawns & t.far_corners).is_empty() {
            return None;
        }
        Color::ALL
            .into_iter()
            .find(|&c| (pawns & self.by_color[c as usize] & t.far_corner[c as usize]).any())
    }

    /// How the game has ended, if it has (TL-17, TL-18): a promotion win first, then the last
    /// live player, then the clock draw.
    pub fn ending(&self) -> Option<Ending> {
        if let Some(w) = self.promotion_winner() {
            return Some(Ending::PromotionWin(w));
        }
        if self.live_count() <= 1 {
            return Some(Ending::LastPlayer(self.side));
        }
        if u64::from(self.halfmove) >= self.clock_draw_limit() {
            return Some(Ending::ClockDraw);
        }
        None
    }

    /// The halfmove clock at which the game is drawn (TL-18): 50 turns for each live player.
    pub fn clock_draw_limit(&self) -> u64 {
        50 * u64::from(self.live_count())
    }
}

/// Capacity of a move list: more than the legal moves of any valid position (the test
/// `move_list_capacity_is_enough` checks it against a bound computed from the tables).
pub const MAX_MOVES: usize = 10_000;

/// The legal moves of a position.
pub type Moves = MoveList<Move, MAX_MOVES>;

/// The core trait, which the registry, the tool and perft use.
impl<R: Rules> Position for ThreeLevelPosition<R> {
    /// Any of the four seats can be in check: a King attacked by any other live player (TL-13).
    fn seat_in_check(&self, seat: usize) -> bool {
        seat < 4 && self.in_check(Color::from_index(seat))
    }

    type Move = Move;
    type MoveList = Moves;

    /// The legal turns: the legal moves, or the pass when there is none (TL-16); nothing when
    /// the game is over (§8).
    fn legal_moves(&self, moves: &mut Moves) {
        self.legal_moves_on(Portable, moves);
    }

    /// [`Position::legal_moves`] always inlined, so that a search's listing (inside
    /// `Cpu::run`) is compiled for `cpu`'s features, as perft's counts are.
    #[inline(always)]
    fn legal_moves_on<C: Cpu>(&self, _cpu: C, moves: &mut Moves) {
        moves.clear();
        self.turns(&mut movegen::Lister(moves));
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        self.turns(&mut movegen::Discard) as u64
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply_legal(mv);
    }

    /// The children straight from the generator: a move its fast test cleared is resolved
    /// without TL-14 step 6's elimination test, which could find nothing. Always inlined:
    /// perft's count of each child runs inside it, on the code path chosen at run time.
    #[inline(always)]
    fn for_each_child(&self, f: impl FnMut(Move, &Self)) {
        self.turns(&mut movegen::Children { parent: self, f });
    }

    fn turn(&self) -> usize {
        self.side as usize
    }

    /// TL-14 step 8: one more each time the turn passes to a seat earlier in the order Red,
    /// Blue, Yellow, Green (a new round).
    fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    fn outcome(&self) -> Option<Outcome> {
        self.core_outcome()
    }

    fn result_text(&self) -> Option<String> {
        self.result_line()
    }

    fn outcome_text(&self, outcome: Outcome) -> String {
        outcome::text(outcome)
    }

    /// TL-18: "the same position" is the same placement, side to move, eliminated set and
    /// en-passant records, exactly what the Zobrist hash covers (not the clocks).
    fn repetition_key(&self) -> Option<u64> {
        Some(self.hash)
    }

    /// TL-18: the third occurrence of the same position draws the game (a game-record rule:
    /// the legal moves and perft ignore it).
    fn game_ending(&self, occurrences: usize) -> Option<Outcome> {
        (occurrences >= outcome::REPETITIONS).then_some(Outcome::Draw {
            reason: "repetition",
        })
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    /// Placement, side to move, eliminated players and en-passant records (not the clocks).
    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = KEYS.side(self.side);
        for c in 0..CELLS {
            if let Some(p) = self.piece_at(c) {
                h ^= KEYS.piece(p.color, p.role as usize, c);
            }
        }
        for col in Color::ALL {
            if !self.is_live(col) {
                h ^= KEYS.eliminated(col);
            }
            if let Some(r) = self.ep[col as usize] {
                h ^= KEYS.ep(col, r);
            }
        }
        h
    }

    /// The Zobrist hash (placement, side, eliminated players, en-passant records), with the
    /// halfmove clock mixed in when TL-18's clock draw (at 50 x the live players) can end the
    /// game within `depth` plies: near the draw, positions that differ only in their clocks
    /// have different subtrees. The clock goes up by one per turn or is reset by a capture, a
    /// Pawn or Point move or an elimination (TL-14 step 3), and the live players are hashed,
    /// which [`dimchess_core::zobrist::clock_key`] needs. The fullmove number never changes a
    /// count.
    fn subtree_key(&self, depth: u32) -> u64 {
        dimchess_core::zobrist::clock_key(
            self.hash,
            u64::from(self.halfmove),
            self.clock_draw_limit(),
            depth,
        )
    }

    fn move_text(&self, mv: Move) -> String {
        mv.text()
    }

    fn parse_move(&self, text: &str) -> Result<Move, Error> {
        self.read_move(text)
    }

    fn diagram(&self) -> String {
        self.diagram_text()
    }

    fn is_legal(&self, mv: Move) -> bool {
        let mut moves = Moves::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }
}

/// The position text (§6).
impl<R: Rules> fmt::Display for ThreeLevelPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// Reads a position text of this rule set (§6), strictly, and validates it (TL-19, TX-12).
/// The text is the only form: the rule set is the type's (TL-20), and a text with another
/// rule set's pieces is an error.
impl<R: Rules> FromStr for ThreeLevelPosition<R> {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Self::from_text(s)
    }
}

/// The position text.
#[cfg(feature = "serde")]
impl<R: Rules> serde::Serialize for ThreeLevelPosition<R> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_text())
    }
}

/// Through the validating parser ([`FromStr`]).
#[cfg(feature = "serde")]
impl<'de, R: Rules> serde::Deserialize<'de> for ThreeLevelPosition<R> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
