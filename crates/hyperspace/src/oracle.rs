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
