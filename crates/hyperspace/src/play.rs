//! How a turn resolves: the regular move, the mover's landings, the explosions they cause, and
//! the bookkeeping (HS-3, HS-8 … HS-13, HS-18, HS-19, HS-22).

use dimchess_fide::moves::castling;
use dimchess_fide::{Board, Color, Piece, Role, Square, attacks};

use crate::flight::{self, Flight, InFlight};
use crate::moves::{Move, MoveTag};
use crate::position::HyperspacePosition;
use crate::zobrist;

/// What a regular move sends into hyperspace (at most the king and a rook, when castling).
#[derive(Copy, Clone, Default)]
pub(crate) struct Launch {
    pub(crate) entries: [u16; 2],
    pub(crate) n: usize,
    /// The king's destination if the king went into hyperspace (castling, HS-17).
    pub(crate) king_to: Option<Square>,
}

impl Launch {
    #[inline]
    fn push(&mut self, piece: Piece, to: Square, turns: u8) {
        self.entries[self.n] = InFlight { piece, to, turns }.pack();
        self.n += 1;
    }
}

/// The turns in flight of a hyperspace move of `role` over distance `d` (HS-2): a knight 1,
/// everything else `d - 1` (a pawn double step and the castling king have `d = 2`).
#[inline]
pub(crate) fn travel_turns(role: Role, d: u8) -> u8 {
    if role == Role::Knight {
        1
    } else {
        d.saturating_sub(1).max(1)
    }
}

/// A board that play edits: a plain [`Board`], or [`Hashed`], which also keeps the hash
/// delta of its edits.
pub(crate) trait Edits {
    /// The board as edited so far.
    fn board(&self) -> &Board;
    /// Removes `piece` from `sq`.
    fn take(&mut self, sq: Square, piece: Piece);
    /// Puts `piece` on the empty square `sq`.
    fn put(&mut self, sq: Square, piece: Piece);
    /// Removes whatever stands on `sq`.
    #[inline]
    fn remove(&mut self, sq: Square) {
        if let Some(p) = self.board().piece_at(sq) {
            self.take(sq, p);
        }
    }
}

impl Edits for Board {
    #[inline]
    fn board(&self) -> &Board {
        self
    }
    #[inline]
    fn take(&mut self, sq: Square, piece: Piece) {
        Board::take(self, sq, piece);
    }
    #[inline]
    fn put(&mut self, sq: Square, piece: Piece) {
        Board::put(self, sq, piece);
    }
}

/// A board with the XOR of the piece keys of every edit made to it: the change of the board's
/// part of the hash.
pub(crate) struct Hashed<'a> {
    pub(crate) board: &'a mut Board,
    pub(crate) hash: u64,
}

impl Edits for Hashed<'_> {
    #[inline]
    fn board(&self) -> &Board {
        self.board
    }
    #[inline]
    fn take(&mut self, sq: Square, piece: Piece) {
        self.board.take(sq, piece);
        self.hash ^= dimchess_fide::zobrist::piece(piece, sq);
    }
    #[inline]
    fn put(&mut self, sq: Square, piece: Piece) {
        self.board.put(sq, piece);
        self.hash ^= dimchess_fide::zobrist::piece(piece, sq);
    }
}

/// Resolves `us`'s landings on `board` (HS-8): `landers` are sorted by destination. Returns
/// the squares swept by explosions (empty if none).
#[inline]
pub(crate) fn resolve_landings(board: &mut impl Edits, landers: &[u16], us: Color) -> u64 {
    let mut centres = 0u64;
    let ours = board.board().by_color(us).bits();
    let mut i = 0;
    while i < landers.len() {
        let d = flight::dest(landers[i]);
        let mut j = i + 1;
        while j < landers.len() && flight::dest(landers[j]) == d {
            j += 1;
        }
        if j - i >= 2 || ours >> d & 1 != 0 {
            // HS-9 (on an own piece, including one the regular move put there), HS-11 (two or
            // more landers): an explosion centre.
            centres |= 1 << d;
        } else {
            // HS-10: placed, capturing an enemy piece.
            let sq = Square::from_index(d);
            board.remove(sq);
            board.put(sq, Piece::new(us, flight::role(landers[i])));
        }
        i = j;
    }
    if centres == 0 {
        return 0;
    }
    // HS-12, HS-13: everything on the centres and their neighbours goes, at once.
    let mut blast = centres;
    let mut c = centres;
    while c != 0 {
        let s = c.trailing_zeros() as usize;
        c &= c - 1;
        blast |= attacks::king(Square::from_index(s)).bits();
    }
    let mut hit = blast & board.board().occupied().bits();
    while hit != 0 {
        let s = hit.trailing_zeros() as usize;
        hit &= hit - 1;
        board.remove(Square::from_index(s));
    }
    blast
}

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// Makes the regular move `mv` on `board` and says what went into hyperspace. Nothing is
    /// counted down or landed here. `board` is `self.board`, or that board with this turn's
    /// landings resolved when `mv` touches none of the squares they change (then the squares
    /// read here, the move's own, hold the same on both; they are read from `self.board`).
    #[inline]
    pub(crate) fn apply_regular(
        &self,
        board: &mut impl Edits,
        mv: Move,
        role: Option<Role>,
    ) -> Launch {
        let us = self.turn;
        let them = us.other();
        let (from, to) = (mv.from(), mv.to());
        let mut launch = Launch::default();
        let Some(role) = role else {
            return launch;
        };
        let mover = Piece::new(us, role);
        let is_castling = role == Role::King && from.distance(to) == 2;
        match mv.tag() {
            MoveTag::Hyper => {
                if is_castling {
                    // HS-17: the king and the rook both go into hyperspace.
                    if let Some(c) = castling::by_king_target(to) {
                        let rook = Piece::new(us, Role::Rook);
                        board.take(c.king_from, mover);
                        board.take(c.rook_from, rook);
                        launch.push(mover, c.king_to, 1);
                        launch.push(
                            rook,
                            c.rook_to,
                            travel_turns(Role::Rook, c.rook_from.distance(c.rook_to)),
                        );
                        launch.king_to = Some(c.king_to);
                    }
                } else {
                    // HS-2, HS-4: the piece leaves the board; what is on the way or on the
                    // destination does not matter until it lands.
                    board.take(from, mover);
                    launch.push(mover, to, travel_turns(role, from.distance(to)));
                }
            }
            MoveTag::Immediate => {
                if is_castling {
                    // HS-23: plain FIDE castling in `hyperspace-optional`.
                    if let Some(c) = castling::by_king_target(to) {
                        let rook = Piece::new(us, Role::Rook);
                        board.take(c.king_from, mover);
                        board.take(c.rook_from, rook);
                        board.put(c.king_to, mover);
                        board.put(c.rook_to, rook);
                    }
                } else {
                    if role == Role::Pawn
                        && from.file() != to.file()
                        && !self.board.occupied().contains(to.index())
                    {
                        // HS-19: en passant (hyperspace-optional only).
                        if let Some(cap) = Square::from_coords(to.file(), from.rank()) {
                            board.take(cap, Piece::new(them, Role::Pawn));
                        }
                    } else if let Some(victim) = self.board.role_at(to) {
                        board.take(to, Piece::new(them, victim));
                    }
                    board.take(from, mover);
                    board.put(to, mover);
                }
            }
            MoveTag::Promotion(r) => {
                if let Some(victim) = self.board.role_at(to) {
                    board.take(to, Piece::new(them, victim));
                }
                board.take(from, mover);
                board.put(to, Piece::new(us, r));
            }
        }
        launch
    }

    /// Whether the whole turn of `mv` leaves the mover safe (HS-16): plays it on a copy of the
    /// board and tests the end state.
    pub(crate) fn legal_by_playing(&self, mv: Move) -> bool {
        let us = self.turn;
        let them = us.other();
        let mut board = self.board;
        let launch = self.apply_regular(&mut board, mv, self.board.role_at(mv.from()));
        resolve_landings(&mut board, self.flight.landers(us), us);
        let our_king = board.king_of(us).or(launch.king_to);
        let Some(k) = our_king else {
            return true; // HS-14: our king destroyed; legal, the game ends
        };
        if board.pieces(them, Role::King).is_empty() && self.flight.king(them).is_none() {
            return true; // HS-14: their king destroyed
        }
        !board.is_attacked(k, them, board.occupied())
            && self.flight.threats(them) >> k.index() & 1 == 0
    }

    /// What every move of this turn shares: the mover's pieces in flight counted down (HS-3),
    /// and with `landed` also the board with this turn's landings resolved before any move
    /// (HS-8), for the moves that touch none of the squares the landings change.
    #[inline]
    pub(crate) fn turn_start(&self, landed: bool) -> TurnStart {
        let us = self.turn;
        let mut flight = self.flight;
        let mut flight_hash = self.flight_hash;
        flight.count_down(us, |old_e, new_e| {
            flight_hash = flight_hash.wrapping_sub(zobrist::flight(old_e));
            if let Some(n) = new_e {
                flight_hash = flight_hash.wrapping_add(zobrist::flight(n));
            }
        });
        let mut start = TurnStart {
            flight,
            flight_hash,
            landed: self.board,
            landed_hash: 0,
            touched: !0,
        };
        if landed {
            let landers = self.flight.landers(us);
            let mut b = Hashed {
                board: &mut start.landed,
                hash: 0,
            };
            let mut touched = resolve_landings(&mut b, landers, us);
            start.landed_hash = b.hash;
            for &e in landers {
                touched |= 1 << flight::dest(e);
            }
            start.touched = touched;
        }
        start
    }

    /// Writes into `child` (every field) the position after the whole turn of the legal move
    /// `mv` (copy-make; the hash is kept incrementally). `start` is this position's
    /// [`turn_start`](Self::turn_start).
    #[inline(always)]
    pub(crate) fn write_child(&self, start: &TurnStart, mv: Move, child: &mut Self) {
        let us = self.turn;
        let them = us.other();
        let (from, to) = (mv.from(), mv.to());
        let role = self.board.role_at(from);
        // A move clear of the landings' squares leaves them as they were resolved before it:
        // the regular move is made on the landed board. Castling and en passant touch squares
        // other than their own two, so they take the general way.
        let clear = start.touched >> from.index() & 1 == 0
            && (mv.tag() == MoveTag::Hyper || start.touched >> to.index() & 1 == 0)
            && !(role == Some(Role::King) && from.distance(to) == 2)
            && self.ep != Some(to);
        // 1. The regular move; 2-3. landings and explosions (HS-3, HS-8). The child's board is
        // edited where it lies: a copy edited elsewhere and then stored whole would be read
        // back in wide loads just after narrow stores, which stall.
        let (landed, hash) = if clear {
            (&start.landed, start.landed_hash)
        } else {
            (&self.board, 0)
        };
        child.board = *landed;
        let mut b = Hashed {
            board: &mut child.board,
            hash,
        };
        let launch = self.apply_regular(&mut b, mv, role);
        if !clear {
            resolve_landings(&mut b, self.flight.landers(us), us);
        }
        let board_hash = b.hash;
        child.flight = start.flight;
        let mut flight_hash = start.flight_hash;
        for &e in &launch.entries[..launch.n] {
            if child.flight.insert(e) {
                flight_hash = flight_hash.wrapping_add(zobrist::flight(e));
            }
        }
        let mut hash = self.hash ^ board_hash ^ dimchess_fide::zobrist::black_to_move();

        // 5. Bookkeeping. En passant (HS-19): only after an immediate double step whose pawn
        // still stands on its destination with the skipped and origin squares empty.
        if let Some(ep) = self.ep {
            hash ^= dimchess_fide::zobrist::ep_file(ep.file());
        }
        let mut ep = None;
        if OPTIONAL
            && role == Some(Role::Pawn)
            && mv.tag() == MoveTag::Immediate
            && from.rank().abs_diff(to.rank()) == 2
        {
            let skipped = Square::from_index((from.index() + to.index()) / 2);
            let occ = child.board.occupied();
            if child.board.pieces(us, Role::Pawn).contains(to.index())
                && !occ.contains(skipped.index())
                && !occ.contains(from.index())
            {
                ep = Some(skipped);
                hash ^= dimchess_fide::zobrist::ep_file(skipped.file());
            }
        }
        // Castling rights (HS-18).
        let rights =
            self.castling & castling::kept_after_touching(from) & home_rights(&child.board);
        if rights != self.castling {
            hash ^= dimchess_fide::zobrist::castling(self.castling ^ rights);
        }
        // Clocks (HS-22): a pawn move, or any piece leaving the game, resets the halfmove clock.
        let before = self.board.occupied().count() as usize + self.flight.len();
        let after = child.board.occupied().count() as usize + child.flight.len();
        child.halfmove = if role == Some(Role::Pawn) || after < before {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        child.fullmove = if us == Color::Black {
            self.fullmove.saturating_add(1)
        } else {
            self.fullmove
        };
        child.flight_hash = flight_hash;
        child.hash = hash;
        child.ep = ep;
        child.castling = rights;
        child.turn = them;
    }

    /// The position after the side to move passes a turn with nothing landing in it: its
    /// pieces in flight counted down (HS-3), the board as it is, the en-passant square gone.
    /// The rules never allow a pass (HS-21); only a search plays one (`Evaluate::null_move`).
    /// `None` where a piece of the side to move lands this turn, which would change the
    /// board.
    pub(crate) fn pass(&self) -> Option<Self> {
        let us = self.turn;
        if !self.flight.landers(us).is_empty() {
            return None;
        }
        let start = self.turn_start(false);
        let mut after = self.clone();
        after.flight = start.flight;
        after.flight_hash = start.flight_hash;
        if let Some(ep) = after.ep.take() {
            after.hash ^= dimchess_fide::zobrist::ep_file(ep.file());
        }
        after.halfmove = after.halfmove.saturating_add(1);
        if us == Color::Black {
            after.fullmove = after.fullmove.saturating_add(1);
        }
        after.turn = us.other();
        after.hash ^= dimchess_fide::zobrist::black_to_move();
        Some(after)
    }

    /// Plays the whole turn of the legal move `mv`.
    pub(crate) fn play_turn(&mut self, mv: Move) {
        let start = self.turn_start(false);
        let parent = self.clone();
        parent.write_child(&start, mv, self);
    }
}

/// What every move of one turn shares: see [`HyperspacePosition::turn_start`].
pub(crate) struct TurnStart {
    /// The pieces in flight counted down, and their additive hash.
    flight: Flight,
    flight_hash: u64,
    /// The board with this turn's landings resolved, and the change of the hash from the
    /// position's board to it.
    landed: Board,
    landed_hash: u64,
    /// The landing squares and blast areas: a move touching one is played the general way
    /// (every square, when the landed board was not made).
    touched: u64,
}

/// The castling rights whose king and rook both stand on their home squares.
#[inline]
pub(crate) fn home_rights(board: &Board) -> u8 {
    let mut r = 0;
    for c in castling::ALL_CASTLINGS {
        if board
            .pieces(c.color, Role::King)
            .contains(c.king_from.index())
            && board
                .pieces(c.color, Role::Rook)
                .contains(c.rook_from.index())
        {
            r |= c.right;
        }
    }
    r
}
