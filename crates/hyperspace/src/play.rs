//! How a turn resolves: the regular move, the mover's landings, the explosions they cause, and
//! the bookkeeping (HS-3, HS-8 … HS-13, HS-18, HS-19, HS-22).

use dimchess_fide::moves::castling;
use dimchess_fide::{Board, Color, Piece, Role, Square, attacks};

use crate::flight::{self, InFlight};
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

/// Resolves `us`'s landings on `board` (HS-8): `landers` are sorted by destination. Returns
/// the squares swept by explosions (empty if none).
#[inline]
pub(crate) fn resolve_landings(board: &mut Board, landers: &[u16], us: Color) -> u64 {
    let mut centres = 0u64;
    let ours = board.by_color(us).bits();
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
    let mut hit = blast & board.occupied().bits();
    while hit != 0 {
        let s = hit.trailing_zeros() as usize;
        hit &= hit - 1;
        board.remove(Square::from_index(s));
    }
    blast
}

impl<const OPTIONAL: bool> HyperspacePosition<OPTIONAL> {
    /// Makes the regular move `mv` on `board` (a copy of `self.board`) and says what went into
    /// hyperspace. Nothing is counted down or landed here.
    #[inline]
    pub(crate) fn apply_regular(&self, board: &mut Board, mv: Move, role: Option<Role>) -> Launch {
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
                        && !board.occupied().contains(to.index())
                    {
                        // HS-19: en passant (hyperspace-optional only).
                        if let Some(cap) = Square::from_coords(to.file(), from.rank()) {
                            board.take(cap, Piece::new(them, Role::Pawn));
                        }
                    } else if let Some(victim) = board.role_at(to) {
                        board.take(to, Piece::new(them, victim));
                    }
                    board.take(from, mover);
                    board.put(to, mover);
                }
            }
            MoveTag::Promotion(r) => {
                if let Some(victim) = board.role_at(to) {
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

    /// Plays the whole turn of the legal move `mv` (copy-make; the hash is kept incrementally).
    pub(crate) fn play_turn(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.other();
        let old = self.board;
        let before = old.occupied().count() as usize + self.flight.len();
        let role = old.role_at(mv.from());
        let mut board = old;
        // 1. The regular move.
        let launch = self.apply_regular(&mut board, mv, role);
        // 2-3. Landings and explosions (HS-3, HS-8).
        resolve_landings(&mut board, self.flight.landers(us), us);
        let mut fh = self.flight_hash;
        self.flight.count_down(us, |old_e, new_e| {
            fh = fh.wrapping_sub(zobrist::flight(old_e));
            if let Some(n) = new_e {
                fh = fh.wrapping_add(zobrist::flight(n));
            }
        });
        for &e in &launch.entries[..launch.n] {
            if self.flight.insert(e) {
                fh = fh.wrapping_add(zobrist::flight(e));
            }
        }
        self.flight_hash = fh;
        self.hash ^= zobrist::board_delta(&old, &board);
        self.board = board;

        // 5. Bookkeeping. En passant (HS-19): only after an immediate double step whose pawn
        // still stands on its destination with the skipped and origin squares empty.
        if let Some(ep) = self.ep.take() {
            self.hash ^= dimchess_fide::zobrist::ep_file(ep.file());
        }
        if OPTIONAL
            && role == Some(Role::Pawn)
            && mv.tag() == MoveTag::Immediate
            && mv.from().rank().abs_diff(mv.to().rank()) == 2
        {
            let skipped = Square::from_index((mv.from().index() + mv.to().index()) / 2);
            let occ = self.board.occupied();
            if self.board.pieces(us, Role::Pawn).contains(mv.to().index())
                && !occ.contains(skipped.index())
                && !occ.contains(mv.from().index())
            {
                self.ep = Some(skipped);
                self.hash ^= dimchess_fide::zobrist::ep_file(skipped.file());
            }
        }
        // Castling rights (HS-18).
        let rights =
            self.castling & castling::kept_after_touching(mv.from()) & home_rights(&self.board);
        self.hash ^= dimchess_fide::zobrist::castling(self.castling ^ rights);
        self.castling = rights;
        // Clocks (HS-22): a pawn move, or any piece leaving the game, resets the halfmove clock.
        let after = self.board.occupied().count() as usize + self.flight.len();
        if role == Some(Role::Pawn) || after < before {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= dimchess_fide::zobrist::black_to_move();
    }
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
