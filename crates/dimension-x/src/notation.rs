//! Reading turn texts (section 5): syntax, then action-by-action legality with the ruling that
//! an illegal action breaks.

use dimchess_core::Error;

use crate::action::{Action, ActionKind, Turn};
use crate::board::{COBRA, CRAB, DX, DxPosition, Role, SPIDER};
use crate::movegen::action_legal;
use crate::play::{TurnFlags, apply};
use crate::tables::{CENTRAL, NO_SQ, RANK_1, RANK_8, tables};

/// An action as written, before the position says which piece acts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Raw {
    Fide(u8, u8, u8),
    Step(u8, u8),
    Surface(u8),
    Dive(u8),
    Strike(u8, u8),
    Pinch(u8, u8, u8),
}

fn fide_sq(b: &[u8]) -> Option<u8> {
    ((b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
        .then(|| (b[1] - b'1') * 8 + b[0] - b'a')
}

fn dx_sq(b: &[u8]) -> Option<u8> {
    ((b'A'..=b'H').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
        .then(|| (b[1] - b'1') * 8 + b[0] - b'A')
}

fn parse_raw(s: &str) -> Option<Raw> {
    let b = s.as_bytes();
    match b.len() {
        4 | 5 => {
            if b.len() == 5 && (b[2] == b'*' || b[2] == b'^') {
                let (f, v) = (fide_sq(&b[0..2])?, fide_sq(&b[3..5])?);
                return Some(if b[2] == b'*' {
                    Raw::Strike(f, v)
                } else {
                    Raw::Pinch(f, v, NO_SQ)
                });
            }
            let promo = if b.len() == 5 {
                match b[4] {
                    b'q' => 4,
                    b'r' => 3,
                    b'b' => 2,
                    b'n' => 1,
                    _ => return None,
                }
            } else {
                0
            };
            match (
                fide_sq(&b[0..2]),
                dx_sq(&b[0..2]),
                fide_sq(&b[2..4]),
                dx_sq(&b[2..4]),
            ) {
                (Some(f), _, Some(t), _) => Some(Raw::Fide(f, t, promo)),
                (_, Some(f), _, Some(t)) if promo == 0 => Some(Raw::Step(f, t)),
                (_, Some(f), Some(t), _) if promo == 0 && f == t => Some(Raw::Surface(f)),
                (Some(f), _, _, Some(t)) if promo == 0 && f == t => Some(Raw::Dive(f)),
                _ => None,
            }
        }
        8 if b[2] == b'^' && b[5] == b'>' => Some(Raw::Pinch(
            fide_sq(&b[0..2])?,
            fide_sq(&b[3..5])?,
            fide_sq(&b[6..8])?,
        )),
        _ => None,
    }
}

/// Reads a turn text and checks it action by action against `p`; returns the actions as
/// written (legal, in a legal order).
pub(crate) fn parse_turn(p: &DxPosition, text: &str) -> Result<Turn, Error> {
    let (acts, fl) = parse_actions(p, text)?;
    if !fl.fide && !fl.king_removed {
        return Err(Error::illegal(
            text,
            "DX-6",
            "a turn needs a FIDE move unless it removes the enemy King",
        ));
    }
    Ok(Turn::from_slice(&acts))
}

/// Reads the beginning of a turn (actions legal one after the other, no FIDE move needed yet).
pub(crate) fn parse_prefix(p: &DxPosition, text: &str) -> Result<Vec<Action>, Error> {
    parse_actions(p, text).map(|(a, _)| a)
}

fn parse_actions(p: &DxPosition, text: &str) -> Result<(Vec<Action>, TurnFlags), Error> {
    let parts: Vec<&str> = text.split(',').collect();
    if text.is_empty() {
        return Err(Error::move_syntax(text, "empty turn"));
    }
    if parts.len() > 4 {
        return Err(Error::move_syntax(
            text,
            "a turn has at most four actions (DX-4)",
        ));
    }
    let mut raws = Vec::with_capacity(4);
    for (i, part) in parts.iter().enumerate() {
        let pb = part.as_bytes();
        if pb.len() == 5
            && fide_sq(&pb[0..2]).is_some()
            && fide_sq(&pb[2..4]).is_some()
            && b"csaCSA".contains(&pb[4])
        {
            return Err(Error::illegal(
                text,
                "DX-26",
                format!(
                    "action {} `{part}`: no promotion to a trans-dimensional piece",
                    i + 1
                ),
            ));
        }
        let r = parse_raw(part).ok_or_else(|| {
            Error::move_syntax(
                text,
                format!(
                    "action {} `{part}` is not a FIDE move (e2e4, e7e8q), DX step (D2D3), transfer (F3f3, g6G6), strike (d4*f6) or pinch (d6^e7, d6^e7>b8)",
                    i + 1
                ),
            )
        })?;
        raws.push(r);
    }
    let c = p.side.index();
    if p.king_sq(c).is_none() {
        return Err(Error::illegal(
            text,
            "DX-30",
            "the game is over: the side to move has lost its King",
        ));
    }
    let mut s = p.clone();
    let mut fl = TurnFlags::default();
    let mut used = 0u8;
    let mut acts = [Action::NONE; 4];
    for (i, raw) in raws.iter().enumerate() {
        let at = |rule: &'static str, why: String| {
            Error::illegal(
                text,
                rule,
                format!("action {} `{}`: {why}", i + 1, parts[i]),
            )
        };
        if fl.king_removed {
            return Err(at(
                "DX-7",
                "nothing may follow the removal of the enemy King".into(),
            ));
        }
        let x = resolve(&s, *raw).map_err(|(rule, why)| at(rule, why))?;
        let agent = x.agent();
        if used & (1 << agent) != 0 {
            let who = [
                "a FIDE move was already made",
                "the Crab already acted",
                "the Cobra already acted",
                "the Spider already acted",
            ][agent];
            return Err(at("DX-4", format!("{who} in this turn")));
        }
        if !action_legal(&s, &x) {
            let (rule, why) = diagnose(&s, &x, used);
            return Err(at(rule, why));
        }
        used |= 1 << agent;
        apply(&mut s, &x, &mut fl);
        acts[i] = x;
    }
    Ok((acts[..raws.len()].to_vec(), fl))
}

/// Which piece acts: turns a written action into an [`Action`], or says why it cannot be.
fn resolve(s: &DxPosition, raw: Raw) -> Result<Action, (&'static str, String)> {
    let c = s.side.index();
    let own_fide = |sq: u8| s.fide_piece(sq).filter(|(col, _)| col.index() == c);
    let name = |sq: u8, dx: bool| {
        let n = crate::tables::square_name(sq, dx);
        String::from_utf8_lossy(&n).into_owned()
    };
    match raw {
        Raw::Fide(f, t, promo) => match own_fide(f) {
            None => Err((
                "DX-33",
                format!("no piece of the side to move on {}", name(f, false)),
            )),
            Some((_, k)) if k.is_trans_dimensional() => Err((
                "DX-14",
                "a trans-dimensional piece never moves from square to square on the FIDE board"
                    .into(),
            )),
            Some(_) => Ok(Action {
                kind: ActionKind::Fide,
                a: f,
                b: t,
                c: promo,
            }),
        },
        Raw::Step(f, t) => match s.td_at(c, DX + f) {
            None => Err((
                "DX-16",
                format!(
                    "no trans-dimensional piece of the side to move on {}",
                    name(f, true)
                ),
            )),
            Some(k) => Ok(Action {
                kind: ActionKind::Step,
                a: f,
                b: t,
                c: k as u8,
            }),
        },
        Raw::Surface(f) => match s.td_at(c, DX + f) {
            None => Err((
                "DX-15",
                format!(
                    "no trans-dimensional piece of the side to move on {}",
                    name(f, true)
                ),
            )),
            Some(k) => Ok(Action {
                kind: ActionKind::Surface,
                a: f,
                b: 0,
                c: k as u8,
            }),
        },
        Raw::Dive(f) => match s.td_at(c, f) {
            None => Err((
                "DX-15",
                format!(
                    "no trans-dimensional piece of the side to move on {}",
                    name(f, false)
                ),
            )),
            Some(k) => Ok(Action {
                kind: ActionKind::Dive,
                a: f,
                b: 0,
                c: k as u8,
            }),
        },
        Raw::Strike(f, v) => match s.td_at(c, f) {
            Some(COBRA) => Ok(Action {
                kind: ActionKind::Strike,
                a: f,
                b: v,
                c: 0,
            }),
            _ => Err((
                "DX-22",
                format!("no Cobra of the side to move on {}", name(f, false)),
            )),
        },
        Raw::Pinch(f, v, r) => match s.td_at(c, f) {
            Some(CRAB) => Ok(Action {
                kind: ActionKind::Pinch,
                a: f,
                b: v,
                c: r,
            }),
            _ => Err((
                "DX-18",
                format!("no Crab of the side to move on {}", name(f, false)),
            )),
        },
    }
}

/// Why a resolved action is illegal in `s`.
fn diagnose(s: &DxPosition, x: &Action, used: u8) -> (&'static str, String) {
    let c = s.side.index();
    let them = 1 - c;
    let tb = tables();
    let occ = s.occ();
    let sqn = |sq: u8, dx: bool| {
        String::from_utf8_lossy(&crate::tables::square_name(sq, dx)).into_owned()
    };
    let webbed = s.webbed(c);
    let enemy_spider = || sqn(s.td[them][SPIDER], false);
    match x.kind {
        ActionKind::Fide => {
            if webbed & (1u64 << x.a) != 0 {
                return (
                    "DX-12",
                    format!(
                        "the piece on {} is in the web of the Spider on {}",
                        sqn(x.a, false),
                        enemy_spider()
                    ),
                );
            }
            let kind = s.fide_piece(x.a).map(|p| p.1);
            let last = if c == 0 { RANK_8 } else { RANK_1 };
            if kind == Some(Role::Pawn) && x.c == 0 && last & (1u64 << x.b) != 0 {
                return (
                    "DX-26",
                    "promotion is compulsory (write q, r, b or n)".into(),
                );
            }
            if x.c != 0 && (kind != Some(Role::Pawn) || last & (1u64 << x.b) == 0) {
                return (
                    "DX-26",
                    "only a pawn reaching the last rank promotes".into(),
                );
            }
            if s.color[c] & (1u64 << x.b) != 0 {
                return (
                    "DX-32",
                    format!("{} holds a piece of the side to move", sqn(x.b, false)),
                );
            }
            if kind == Some(Role::King) && x.a.abs_diff(x.b) == 2 {
                return ("DX-23", "castling needs the right, the Rook at home and out of a web, and empty squares between".into());
            }
            if kind == Some(Role::Pawn) {
                let first = if c == 0 { RANK_1 } else { RANK_8 };
                if x.a.abs_diff(x.b) == 16 && first & (1u64 << x.a) != 0 {
                    return ("DX-27", "no double step from the first rank".into());
                }
                if x.a % 8 != x.b % 8 && x.b == s.ep {
                    return ("DX-25", "en passant needs an empty en-passant square and the enemy pawn still in place".into());
                }
            }
            let blockers = tb.between(x.a as usize, x.b as usize) & occ;
            let td_block = (0..3)
                .flat_map(|t| [s.td[0][t], s.td[1][t]])
                .find(|&l| l < DX && blockers & (1u64 << l) != 0);
            if let Some(l) = td_block {
                let own_unused = (0..3).any(|t| s.td[c][t] == l && used & (1 << (t + 1)) == 0);
                if own_unused {
                    return (
                        "DX-5",
                        format!(
                            "when the move is made, the piece on {} still blocks the way (it has not left yet)",
                            sqn(l, false)
                        ),
                    );
                }
                return (
                    "DX-14",
                    format!(
                        "the trans-dimensional piece on {} blocks the way",
                        sqn(l, false)
                    ),
                );
            }
            ("DX-33", "not a legal chess move of that piece here".into())
        }
        ActionKind::Step => {
            if s.dx & (1u64 << x.b) != 0 {
                return ("DX-16", format!("{} is occupied", sqn(x.b, true)));
            }
            let mid = tb.between(x.a as usize, x.b as usize);
            if mid & s.dx != 0 {
                return (
                    "DX-16",
                    format!(
                        "{} is occupied (the two-step is a slide, not a leap)",
                        sqn(mid.trailing_zeros() as u8, true)
                    ),
                );
            }
            ("DX-16", "out of that piece's reach in Dimension X".into())
        }
        ActionKind::Surface => {
            if CENTRAL & (1u64 << x.a) == 0 {
                return (
                    "DX-15",
                    format!(
                        "{} is on an outer file or rank of the FIDE board",
                        sqn(x.a, false)
                    ),
                );
            }
            (
                "DX-15",
                format!("{} is occupied; a transfer never captures", sqn(x.a, false)),
            )
        }
        ActionKind::Dive => {
            if webbed & (1u64 << x.a) != 0 {
                return (
                    "DX-12",
                    format!(
                        "a webbed piece cannot leave the FIDE board (Spider on {})",
                        enemy_spider()
                    ),
                );
            }
            (
                "DX-15",
                format!("{} is occupied; a transfer never captures", sqn(x.a, true)),
            )
        }
        ActionKind::Strike => {
            if webbed & (1u64 << x.a) != 0 {
                return (
                    "DX-12",
                    format!(
                        "the Cobra is in the web of the Spider on {}",
                        enemy_spider()
                    ),
                );
            }
            if s.color[them] & (1u64 << x.b) == 0 {
                return ("DX-32", format!("no enemy piece on {}", sqn(x.b, false)));
            }
            let mid = tb.between(x.a as usize, x.b as usize);
            if tb.cobra(x.a as usize, 0) & (1u64 << x.b) != 0 && mid & occ != 0 {
                return (
                    "DX-22",
                    format!(
                        "the piece on {} blocks the line",
                        sqn(mid.trailing_zeros() as u8, false)
                    ),
                );
            }
            (
                "DX-22",
                "the victim must be one or two squares away along a rank, file or diagonal".into(),
            )
        }
        ActionKind::Pinch => {
            if webbed & (1u64 << x.a) != 0 {
                return (
                    "DX-12",
                    format!("the Crab is in the web of the Spider on {}", enemy_spider()),
                );
            }
            if s.color[them] & (1u64 << x.b) == 0 {
                return ("DX-32", format!("no enemy piece on {}", sqn(x.b, false)));
            }
            if tb.king[x.a as usize] & (1u64 << x.b) == 0 {
                return ("DX-18", "the victim must be adjacent to the Crab".into());
            }
            let home = if them == 0 { RANK_1 } else { RANK_8 };
            let fide_victim = s
                .fide_piece(x.b)
                .is_some_and(|p| !p.1.is_trans_dimensional());
            let in_web = s.webbed(them) & (1u64 << x.b) != 0;
            let free = home & !occ;
            let removal_due = !fide_victim || in_web || free == 0;
            if removal_due && x.c != NO_SQ {
                let why = if !fide_victim {
                    "a trans-dimensional victim is removed, not relocated".to_string()
                } else if in_web {
                    format!(
                        "the victim is in the web of the Spider on {}: it is removed, not relocated",
                        sqn(s.td[c][SPIDER], false)
                    )
                } else {
                    "the victim's first rank is full: it is removed".to_string()
                };
                return ("DX-19", why);
            }
            if !removal_due && x.c == NO_SQ {
                return (
                    "DX-19",
                    "a relocation is due, so its square must be written (`>` square)".into(),
                );
            }
            if x.c == x.b {
                return ("DX-19", "the victim's own square is not a candidate".into());
            }
            (
                "DX-19",
                format!(
                    "{} is not a vacant square of the victim's first rank",
                    sqn(x.c, false)
                ),
            )
        }
    }
}
