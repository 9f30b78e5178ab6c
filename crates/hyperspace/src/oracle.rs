//! Test oracle: the legal moves found the slow way, by trying every (origin, destination,
//! tag) triple against the movement rules written out square by square, and playing each
//! candidate turn on a copy of the board. The generator's shortcuts (landings resolved once,
//! pins and checks on the landed board) must agree with it in every position reached by random
//! play.

use dimchess_core::Position;
use dimchess_core::zobrist::SplitMix64;
use dimchess_fide::moves::castling;
use dimchess_fide::{Color, Piece, Role, Square};

use crate::moves::{Move, MoveTag};
use crate::position::HyperspacePosition;

fn attacked_now<const O: bool>(p: &HyperspacePosition<O>, sq: Square, by: Color) -> bool {
    p.flight
        .iter()
        .any(|e| e.piece.color == by && e.turns == 1 && e.to == sq)
        || p.board.is_attacked(sq, by, p.board.occupied())
}

fn path_clear<const O: bool>(p: &HyperspacePosition<O>, from: Square, to: Square) -> bool {
    let df = (to.file() as i8 - from.file() as i8).signum();
    let dr = (to.rank() as i8 - from.rank() as i8).signum();
    let mut s = from;
    loop {
        s = match s.offset(df, dr) {
            Some(x) => x,
            None => return false,
        };
        if s == to {
            return true;
        }
        if p.board.piece_at(s).is_some() {
            return false;
        }
    }
}

fn movement_ok<const O: bool>(p: &HyperspacePosition<O>, mv: Move) -> bool {
    let us = p.turn;
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = p.board.piece_at(from) else {
        return false;
    };
    if piece.color != us || from == to {
        return false;
    }
    let target = p.board.piece_at(to);
    let own_target = target.is_some_and(|t| t.color == us);
    let enemy_target = target.is_some_and(|t| t.color != us);
    let fx = to.file() as i8 - from.file() as i8;
    let fy = to.rank() as i8 - from.rank() as i8;
    let (ax, ay) = (fx.abs(), fy.abs());
    let d = ax.max(ay);
    let fwd = if us == Color::White { 1 } else { -1 };
    let last = to.rank() == 0 || to.rank() == 7;
    let start_rank = if us == Color::White { 1 } else { 6 };
    let geometry = |role: Role| match role {
        Role::Knight => (ax, ay) == (1, 2) || (ax, ay) == (2, 1),
        Role::Bishop => ax == ay,
        Role::Rook => ax == 0 || ay == 0,
        Role::Queen => ax == ay || ax == 0 || ay == 0,
        Role::King => d == 1,
        Role::Pawn => false,
    };
    let castle = |imm: bool| {
        let Some(c) = castling::ALL_CASTLINGS
            .iter()
            .find(|c| c.king_from == from && c.king_to == to && c.color == us)
        else {
            return false;
        };
        let crossed = Square::from_index((c.king_from.index() + c.king_to.index()) / 2);
        let _ = imm;
        p.castling & c.right != 0
            && piece.role == Role::King
            && (dimchess_fide::attacks::between(c.king_from, c.rook_from) & p.board.occupied())
                .is_empty()
            && !attacked_now(p, from, us.other())
            && !attacked_now(p, crossed, us.other())
            && !attacked_now(p, to, us.other())
    };
    match mv.tag() {
        MoveTag::Promotion(r) => {
            piece.role == Role::Pawn
                && last
                && matches!(r, Role::Queen | Role::Rook | Role::Bishop | Role::Knight)
                && fy == fwd
                && ((ax == 0 && target.is_none()) || (ax == 1 && enemy_target))
        }
        MoveTag::Immediate if d == 1 => match piece.role {
            Role::Pawn => {
                !last
                    && fy == fwd
                    && ((ax == 0 && target.is_none())
                        || (ax == 1 && enemy_target)
                        || (O && ax == 1 && p.ep == Some(to)))
            }
            r => geometry(r) && !own_target,
        },
        MoveTag::Immediate => {
            if !O {
                return false;
            }
            match piece.role {
                Role::Pawn => {
                    ax == 0
                        && fy == 2 * fwd
                        && from.rank() == start_rank
                        && target.is_none()
                        && path_clear(p, from, to)
                }
                Role::King => castle(true),
                Role::Knight => geometry(Role::Knight) && !own_target,
                r => geometry(r) && !own_target && path_clear(p, from, to),
            }
        }
        MoveTag::Hyper => {
            if d < 2 {
                return false;
            }
            match piece.role {
                Role::Pawn => {
                    ax == 0 && fy == 2 * fwd && from.rank() == start_rank && target.is_none()
                }
                Role::King => castle(false),
                r => geometry(r) && !own_target,
            }
        }
    }
}

fn oracle<const O: bool>(p: &HyperspacePosition<O>) -> Vec<Move> {
    let mut out = Vec::new();
    if !p.has_king(Color::White) || !p.has_king(Color::Black) {
        return out;
    }
    let tags = [
        MoveTag::Immediate,
        MoveTag::Hyper,
        MoveTag::Promotion(Role::Queen),
        MoveTag::Promotion(Role::Rook),
        MoveTag::Promotion(Role::Bishop),
        MoveTag::Promotion(Role::Knight),
    ];
    for from in Square::all().filter(|&s| p.board.color_at(s) == Some(p.turn)) {
        for to in Square::all() {
            for tag in tags {
                let mv = Move::new(from, to, tag);
                if movement_ok(p, mv) && p.legal_by_playing(mv) {
                    out.push(mv);
                }
            }
        }
    }
    out
}

fn sorted(mut v: Vec<Move>) -> Vec<String> {
    v.sort_by_key(|m| m.to_string());
    v.into_iter().map(|m| m.to_string()).collect()
}

fn check_games<const O: bool>(seed: u64, games: usize, plies: usize, start: &str) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..games {
        let mut p: HyperspacePosition<O> = start.parse().unwrap();
        for _ in 0..plies {
            let moves = p.moves();
            assert_eq!(sorted(moves.to_vec()), sorted(oracle(&p)), "position {p}");
            assert_eq!(p.count_legal_moves(), moves.len() as u64, "{p}");
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            p.play_unchecked(mv);
        }
    }
}

const BUSY: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 -";
const FLIGHTS: &str =
    "r3k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R3K2R w KQkq - 0 12 Bd5:1,Nb5:1,Qe6:2,bd4:1,nc4:1,qg3:3";

#[test]
fn generator_matches_oracle_hyperspace() {
    check_games::<false>(1, 10, 60, crate::position::START_TEXT);
    check_games::<false>(2, 8, 40, BUSY);
    check_games::<false>(3, 8, 40, FLIGHTS);
}

#[test]
fn generator_matches_oracle_optional() {
    check_games::<true>(4, 10, 60, crate::position::START_TEXT);
    check_games::<true>(5, 8, 40, BUSY);
    check_games::<true>(6, 8, 40, FLIGHTS);
}

#[test]
fn oracle_agrees_on_a_finished_game() {
    let p: HyperspacePosition<false> = "8/7p/8/8/8/8/8/K7 b - - 0 40 -".parse().unwrap();
    assert!(oracle(&p).is_empty());
    let _ = Piece::new(Color::White, Role::King);
}

/// A second, deliberately naive implementation of a turn (HS-3, HS-8 … HS-13, HS-17 … HS-19,
/// HS-22) on a plain array of squares, printing the position text on its own.
mod naive {
    use std::collections::BTreeMap;

    use dimchess_fide::{Board, Color, Piece, Role, Square};

    use crate::flight::InFlight;
    use crate::moves::{Move, MoveTag};
    use crate::position::HyperspacePosition;

    fn letter_order(r: Role) -> u8 {
        match r {
            Role::King => 0,
            Role::Queen => 1,
            Role::Rook => 2,
            Role::Bishop => 3,
            Role::Knight => 4,
            Role::Pawn => 5,
        }
    }

    pub(super) fn play<const O: bool>(p: &HyperspacePosition<O>, mv: Move) -> String {
        let mut cells: [Option<Piece>; 64] =
            core::array::from_fn(|i| p.board.piece_at(Square::from_index(i)));
        let mut flight: Vec<InFlight> = p.flight.iter().collect();
        let us = p.turn;
        let (from, to) = (mv.from(), mv.to());
        let piece = cells[from.index()].expect("a piece on the origin");
        let before = cells.iter().flatten().count() + flight.len();
        let df = to.file() as i8 - from.file() as i8;
        let castle_rook = |to: Square| -> (Square, Square) {
            let r = to.rank();
            if to.file() == 6 {
                (
                    Square::from_coords(7, r).unwrap(),
                    Square::from_coords(5, r).unwrap(),
                )
            } else {
                (
                    Square::from_coords(0, r).unwrap(),
                    Square::from_coords(3, r).unwrap(),
                )
            }
        };
        let mut launched = Vec::new();
        match mv.tag() {
            MoveTag::Hyper if piece.role == Role::King && df.abs() == 2 => {
                let (rf, rt) = castle_rook(to);
                let rook = cells[rf.index()].take().expect("castling rook");
                cells[from.index()] = None;
                launched.push(InFlight {
                    piece,
                    to,
                    turns: 1,
                });
                launched.push(InFlight {
                    piece: rook,
                    to: rt,
                    turns: rf.distance(rt) - 1,
                });
            }
            MoveTag::Hyper => {
                cells[from.index()] = None;
                let turns = if piece.role == Role::Knight {
                    1
                } else {
                    from.distance(to) - 1
                };
                launched.push(InFlight { piece, to, turns });
            }
            MoveTag::Immediate if piece.role == Role::King && df.abs() == 2 => {
                let (rf, rt) = castle_rook(to);
                cells[rt.index()] = cells[rf.index()].take();
                cells[to.index()] = cells[from.index()].take();
            }
            MoveTag::Immediate => {
                if piece.role == Role::Pawn && df != 0 && cells[to.index()].is_none() {
                    let cap = Square::from_coords(to.file(), from.rank()).unwrap();
                    cells[cap.index()] = None;
                }
                cells[to.index()] = cells[from.index()].take();
            }
            MoveTag::Promotion(r) => {
                cells[from.index()] = None;
                cells[to.index()] = Some(Piece::new(us, r));
            }
        }
        // Landings: the mover's pieces with one turn left, all at once.
        let mut by_dest: BTreeMap<usize, Vec<Piece>> = BTreeMap::new();
        let mut staying = Vec::new();
        for e in flight.drain(..) {
            if e.piece.color == us && e.turns == 1 {
                by_dest.entry(e.to.index()).or_default().push(e.piece);
            } else if e.piece.color == us {
                staying.push(InFlight {
                    turns: e.turns - 1,
                    ..e
                });
            } else {
                staying.push(e);
            }
        }
        let mut centres = Vec::new();
        for (&d, landers) in &by_dest {
            if landers.len() >= 2 || cells[d].is_some_and(|x| x.color == us) {
                centres.push(d);
            }
        }
        for (&d, landers) in &by_dest {
            if !centres.contains(&d) {
                cells[d] = Some(landers[0]);
            }
        }
        for &c in &centres {
            let c = Square::from_index(c);
            for s in Square::all() {
                if s.distance(c) <= 1 {
                    cells[s.index()] = None;
                }
            }
        }
        staying.extend(launched);
        let after = cells.iter().flatten().count() + staying.len();
        // Bookkeeping.
        let mut ep = None;
        if O && piece.role == Role::Pawn
            && mv.tag() == MoveTag::Immediate
            && from.rank().abs_diff(to.rank()) == 2
        {
            let skipped = Square::from_index((from.index() + to.index()) / 2);
            if cells[to.index()] == Some(piece)
                && cells[skipped.index()].is_none()
                && cells[from.index()].is_none()
            {
                ep = Some(skipped);
            }
        }
        let mut rights = String::new();
        for (ch, king, rook, color) in [
            ('K', 4, 7, Color::White),
            ('Q', 4, 0, Color::White),
            ('k', 60, 63, Color::Black),
            ('q', 60, 56, Color::Black),
        ] {
            let had = dimchess_fide::moves::castling::write(p.castling).contains(ch);
            let keep = had
                && from.index() != king
                && from.index() != rook
                && cells[king] == Some(Piece::new(color, Role::King))
                && cells[rook] == Some(Piece::new(color, Role::Rook));
            if keep {
                rights.push(ch);
            }
        }
        if rights.is_empty() {
            rights.push('-');
        }
        let half = if piece.role == Role::Pawn || after < before {
            0
        } else {
            p.halfmove.saturating_add(1)
        };
        let full = if us == Color::Black {
            p.fullmove.saturating_add(1)
        } else {
            p.fullmove
        };
        let mut board = Board::empty();
        for (i, c) in cells.iter().enumerate() {
            if let Some(pc) = c {
                board.put(Square::from_index(i), *pc);
            }
        }
        staying.sort_by_key(|e| {
            (
                e.piece.color,
                e.turns,
                e.to.index(),
                letter_order(e.piece.role),
            )
        });
        let fl: Vec<String> = staying.iter().map(|e| e.to_string()).collect();
        format!(
            "{} {} {} {} {} {} {}",
            board.placement(),
            us.other().char(),
            rights,
            ep.map_or("-".to_string(), |s| s.to_string()),
            half,
            full,
            if fl.is_empty() {
                "-".to_string()
            } else {
                fl.join(",")
            }
        )
    }
}

fn check_turns<const O: bool>(seed: u64, games: usize, plies: usize, start: &str) {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..games {
        let mut p: HyperspacePosition<O> = start.parse().unwrap();
        for _ in 0..plies {
            let moves = p.moves();
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let mut c = p.clone();
                c.play_unchecked(m);
                assert_eq!(c.to_string(), naive::play(&p, m), "{p} then {m}");
                assert_eq!(c.zobrist(), c.zobrist_from_scratch(), "{p} then {m}");
            }
            // The children, in the list's order, are the moves played one by one (the moves
            // clear of the landings made on the landed board agree with the general way).
            let mut n = 0;
            p.for_each_child(|m, child| {
                assert_eq!(m, moves[n]);
                let mut played = p.clone();
                played.play_unchecked(m);
                assert_eq!(*child, played, "{p} then {m}");
                n += 1;
            });
            assert_eq!(n, moves.len());
            p.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn turns_match_the_naive_simulation() {
    check_turns::<false>(11, 6, 50, crate::position::START_TEXT);
    check_turns::<true>(12, 6, 50, crate::position::START_TEXT);
    check_turns::<false>(13, 4, 30, FLIGHTS);
    check_turns::<true>(14, 4, 30, BUSY);
}
