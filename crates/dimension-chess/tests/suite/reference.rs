//! A second, deliberately naive implementation of the rulebook, written from the rules text
//! and sharing no code with the crate: a square array per board, ray stepping, and check
//! tested literally as DC-21 words it ("the opponent has a pseudo-legal move that captures
//! the king on Earth or drops a capturer onto it"). In many positions of random games its
//! legal moves and the positions they lead to must equal the crate's.
#![allow(clippy::needless_range_loop, clippy::collapsible_if)] // plain, naive code on purpose

use std::collections::BTreeMap;

use dimchess_core::Position;
use dimchess_core::zobrist::SplitMix64;
use dimchess_dimension_chess::{DimensionChess, Plane, Square};
use dimchess_fide::{Color, Role};

const HEAVEN: usize = 0;
const EARTH: usize = 1;
const HELL: usize = 2;

type Cell = Option<(Color, Role)>;

#[derive(Clone)]
struct Ref {
    b: [[Cell; 64]; 3],
    turn: Color,
    castling: u8, // K 1, Q 2, k 4, q 8
    ep: Option<(usize, usize)>,
    half: u32,
    full: u32,
}

#[derive(Clone, Copy, Debug)]
struct RMove {
    plane: usize,
    from: usize,
    to: usize,
    promo: Option<Role>,
    ep: bool,
    castle: bool,
}

fn other(c: Color) -> Color {
    if c == Color::White {
        Color::Black
    } else {
        Color::White
    }
}

/// Where `c`'s captures drop the capturer, and its pieces bless/possess: Heaven for White.
fn upper(c: Color) -> usize {
    if c == Color::White { HEAVEN } else { HELL }
}

fn strength(r: Role) -> u32 {
    match r {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 1000,
    }
}

fn sq(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

impl Ref {
    fn from(p: &DimensionChess) -> Ref {
        let mut b = [[None; 64]; 3];
        for (i, plane) in [Plane::Heaven, Plane::Earth, Plane::Hell]
            .into_iter()
            .enumerate()
        {
            for s in 0..64 {
                b[i][s] = p.piece_at(plane, Square::from_index(s));
            }
        }
        let t = p.to_string();
        let f: Vec<&str> = t.split(' ').collect();
        let mut castling = 0;
        for (ch, bit) in [('K', 1), ('Q', 2), ('k', 4), ('q', 8)] {
            if f[2].contains(ch) {
                castling |= bit;
            }
        }
        let ep = p.ep_target().map(|e| {
            let plane = match e.plane {
                Plane::Heaven => HEAVEN,
                Plane::Earth => EARTH,
                Plane::Hell => HELL,
            };
            (plane, e.square.index())
        });
        Ref {
            b,
            turn: p.side_to_move(),
            castling,
            ep,
            half: p.halfmove_clock(),
            full: p.fullmove_number(),
        }
    }

    fn text(&self) -> String {
        let mut s = String::new();
        for plane in 0..3 {
            if plane > 0 {
                s.push('|');
            }
            for r in (0..8).rev() {
                let mut run = 0;
                for f in 0..8 {
                    match self.b[plane][r * 8 + f] {
                        None => run += 1,
                        Some((c, role)) => {
                            if run > 0 {
                                s += &run.to_string();
                                run = 0;
                            }
                            let ch = role.char();
                            s.push(if c == Color::White {
                                ch.to_ascii_uppercase()
                            } else {
                                ch
                            });
                        }
                    }
                }
                if run > 0 {
                    s += &run.to_string();
                }
                if r > 0 {
                    s.push('/');
                }
            }
        }
        s.push_str(if self.turn == Color::White {
            " w "
        } else {
            " b "
        });
        let mut c = String::new();
        for (ch, bit) in [('K', 1), ('Q', 2), ('k', 4), ('q', 8)] {
            if self.castling & bit != 0 {
                c.push(ch);
            }
        }
        s += if c.is_empty() { "-" } else { &c };
        match self.ep {
            None => s += " -",
            Some((p, e)) => {
                s += &format!(
                    " {}:{}{}",
                    ['H', 'E', 'L'][p],
                    (b'a' + (e % 8) as u8) as char,
                    e / 8 + 1
                )
            }
        }
        s + &format!(" {} {}", self.half, self.full)
    }

    /// Is the Earth piece on `s` possessed (not ego)?
    fn possessed(&self, s: usize) -> bool {
        let Some((c, _)) = self.b[EARTH][s] else {
            return false;
        };
        let foe = other(c);
        let by_foe = matches!(self.b[upper(foe)][s], Some((x, _)) if x == foe);
        let blessed = matches!(self.b[upper(c)][s], Some((x, _)) if x == c);
        by_foe && !blessed
    }

    fn blessed(&self, s: usize) -> bool {
        let Some((c, _)) = self.b[EARTH][s] else {
            return false;
        };
        let foe = other(c);
        let by_foe = matches!(self.b[upper(foe)][s], Some((x, _)) if x == foe);
        let blessed = matches!(self.b[upper(c)][s], Some((x, _)) if x == c);
        blessed && !by_foe
    }

    fn king(&self, c: Color) -> Option<usize> {
        (0..64).find(|&s| self.b[EARTH][s] == Some((c, Role::King)))
    }

    /// Pseudo-legal moves of `c` (castling without its check conditions when `castle`).
    fn pseudo(&self, c: Color, castle: bool) -> Vec<RMove> {
        let mut out = Vec::new();
        for plane in 0..3 {
            for from in 0..64 {
                let Some((pc, role)) = self.b[plane][from] else {
                    continue;
                };
                if pc != c || (plane == EARTH && self.possessed(from)) {
                    continue;
                }
                let (f, r) = ((from % 8) as i32, (from / 8) as i32);
                let can_take = |to: usize| -> bool {
                    matches!(self.b[plane][to], Some((x, _)) if x != c)
                        && !(plane == EARTH && self.blessed(to))
                };
                let mut add = |to: usize, ep: bool| {
                    let last = if c == Color::White { 7 } else { 0 };
                    if role == Role::Pawn && to / 8 == last {
                        for p in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                            out.push(RMove {
                                plane,
                                from,
                                to,
                                promo: Some(p),
                                ep,
                                castle: false,
                            });
                        }
                    } else {
                        out.push(RMove {
                            plane,
                            from,
                            to,
                            promo: None,
                            ep,
                            castle: false,
                        });
                    }
                };
                let steps: &[(i32, i32)] = match role {
                    Role::Knight => &[
                        (1, 2),
                        (2, 1),
                        (2, -1),
                        (1, -2),
                        (-1, -2),
                        (-2, -1),
                        (-2, 1),
                        (-1, 2),
                    ],
                    Role::King => &[
                        (1, 0),
                        (1, 1),
                        (0, 1),
                        (-1, 1),
                        (-1, 0),
                        (-1, -1),
                        (0, -1),
                        (1, -1),
                    ],
                    _ => &[],
                };
                for &(df, dr) in steps {
                    if let Some(to) = sq(f + df, r + dr) {
                        if self.b[plane][to].is_none() || can_take(to) {
                            add(to, false);
                        }
                    }
                }
                let rays: &[(i32, i32)] = match role {
                    Role::Bishop => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
                    Role::Rook => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
                    Role::Queen => &[
                        (1, 1),
                        (1, -1),
                        (-1, 1),
                        (-1, -1),
                        (1, 0),
                        (-1, 0),
                        (0, 1),
                        (0, -1),
                    ],
                    _ => &[],
                };
                for &(df, dr) in rays {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(to) = sq(x, y) {
                        if self.b[plane][to].is_none() {
                            add(to, false);
                        } else {
                            if can_take(to) {
                                add(to, false);
                            }
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
                if role == Role::Pawn {
                    let dir = if c == Color::White { 1 } else { -1 };
                    let second = if c == Color::White { 1 } else { 6 };
                    if let Some(one) = sq(f, r + dir) {
                        if self.b[plane][one].is_none() {
                            add(one, false);
                            if r == second {
                                if let Some(two) = sq(f, r + 2 * dir) {
                                    if self.b[plane][two].is_none() {
                                        add(two, false);
                                    }
                                }
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(to) = sq(f + df, r + dir) {
                            if can_take(to) {
                                add(to, false);
                            }
                            if self.ep == Some((plane, to)) && self.b[plane][to].is_none() {
                                let victim = sq(f + df, r).unwrap();
                                if self.b[plane][victim] == Some((other(c), Role::Pawn))
                                    && !(plane == EARTH && self.blessed(victim))
                                {
                                    add(to, true);
                                }
                            }
                        }
                    }
                }
                if castle && role == Role::King && plane == EARTH {
                    let (home, k, q) = if c == Color::White {
                        (4, 1, 2)
                    } else {
                        (60, 4, 8)
                    };
                    if from == home {
                        let rook_ok = |s: usize| {
                            self.b[EARTH][s] == Some((c, Role::Rook)) && !self.possessed(s)
                        };
                        if self.castling & k != 0
                            && rook_ok(home + 3)
                            && self.b[EARTH][home + 1].is_none()
                            && self.b[EARTH][home + 2].is_none()
                        {
                            out.push(RMove {
                                plane,
                                from,
                                to: home + 2,
                                promo: None,
                                ep: false,
                                castle: true,
                            });
                        }
                        if self.castling & q != 0
                            && rook_ok(home - 4)
                            && (1..=3).all(|i| self.b[EARTH][home - i].is_none())
                        {
                            out.push(RMove {
                                plane,
                                from,
                                to: home - 2,
                                promo: None,
                                ep: false,
                                castle: true,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// DC-20 steps 2 to 6.
    fn apply(&self, m: RMove) -> Ref {
        let mut n = self.clone();
        let c = self.turn;
        let (mc, role) = n.b[m.plane][m.from].take().unwrap();
        assert_eq!(mc, c);
        let dir: i32 = if c == Color::White { 1 } else { -1 };
        let vsq = if m.ep {
            (m.to as i32 - 8 * dir) as usize
        } else {
            m.to
        };
        let victim = n.b[m.plane][vsq].take();
        if m.castle {
            let (rf, rt) = if m.to > m.from {
                (m.from + 3, m.from + 1)
            } else {
                (m.from - 4, m.from - 1)
            };
            n.b[EARTH][rt] = n.b[EARTH][rf].take();
        }
        let placed = (c, m.promo.unwrap_or(role));
        n.b[m.plane][m.to] = Some(placed);
        let mut earth_touched = if m.plane == EARTH {
            vec![m.from, m.to]
        } else {
            vec![]
        };
        if let Some((vc, vr)) = victim {
            let land = |n: &mut Ref, plane: usize| {
                if n.b[plane][vsq].is_none() {
                    n.b[plane][vsq] = Some((vc, vr));
                }
            };
            match (m.plane, c) {
                (EARTH, _) if role == Role::King => {}
                (EARTH, Color::White) => land(
                    &mut n,
                    if strength(vr) > strength(role) {
                        HELL
                    } else {
                        HEAVEN
                    },
                ),
                (EARTH, Color::Black) => land(
                    &mut n,
                    if strength(vr) > strength(role) {
                        HEAVEN
                    } else {
                        HELL
                    },
                ),
                (HEAVEN, Color::White) | (HELL, Color::Black) => {
                    n.b[m.plane][m.to] = None;
                    n.b[EARTH][m.to] = Some(placed);
                    earth_touched.push(m.to);
                }
                (HEAVEN, Color::Black) => land(&mut n, HELL),
                (HELL, Color::White) => land(&mut n, HEAVEN),
                _ => unreachable!(),
            }
        }
        for kc in [Color::White, Color::Black] {
            if let Some(k) = n.king(kc) {
                for plane in [HEAVEN, HELL] {
                    if let Some((_, r)) = n.b[plane][k] {
                        n.b[plane][k] = Some((kc, r));
                    }
                }
            }
        }
        for s in earth_touched {
            for (sq, bits) in [(4, 3), (7, 1), (0, 2), (60, 12), (63, 4), (56, 8)] {
                if s == sq {
                    n.castling &= !bits;
                }
            }
        }
        n.ep = (role == Role::Pawn && m.from.abs_diff(m.to) == 16)
            .then(|| (m.plane, (m.from + m.to) / 2));
        n.half = if role == Role::Pawn || victim.is_some() {
            0
        } else {
            n.half.saturating_add(1)
        };
        if c == Color::Black {
            n.full = n.full.saturating_add(1);
        }
        n.turn = other(c);
        n
    }

    /// DC-21 taken literally.
    fn in_check(&self, c: Color) -> bool {
        let Some(k) = self.king(c) else { return true };
        let foe = other(c);
        self.pseudo(foe, false).iter().any(|m| {
            let captures = m.ep || self.b[m.plane][m.to].is_some();
            m.to == k && captures && (m.plane == EARTH || m.plane == upper(foe))
        })
    }

    fn legal(&self) -> BTreeMap<String, String> {
        let c = self.turn;
        let mut out = BTreeMap::new();
        for m in self.pseudo(c, true) {
            if m.castle {
                let step = RMove {
                    to: if m.to > m.from {
                        m.from + 1
                    } else {
                        m.from - 1
                    },
                    castle: false,
                    ..m
                };
                if self.in_check(c) || self.apply(step).in_check(c) {
                    continue;
                }
            }
            let n = self.apply(m);
            if n.in_check(c) || n.king(other(c)).is_none() {
                continue;
            }
            let text = format!(
                "{}:{}{}{}",
                ['H', 'E', 'L'][m.plane],
                Square::from_index(m.from),
                Square::from_index(m.to),
                m.promo.map(|r| r.char().to_string()).unwrap_or_default()
            );
            out.insert(text, n.text());
        }
        out
    }
}

fn ours(p: &DimensionChess) -> BTreeMap<String, String> {
    p.moves()
        .iter()
        .map(|&m| {
            let mut q = *p;
            q.play_unchecked(m);
            (p.move_text(m), q.to_string())
        })
        .collect()
}

#[test]
fn reference_agrees_on_the_worked_example_positions() {
    for text in [
        dimchess_dimension_chess::START_TEXT,
        "6n1/8/8/8/8/8/6R1/8|5k2/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1",
        "8/3p4/8/4P3/8/8/8/8|8/8/3k4/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1",
        "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/6n1 w K - 0 1",
        "8/8/8/8/8/8/3B4/8|3r3k/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "3N4/8/8/8/8/8/8/8|3r3k/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/3B4|6k1/8/8/8/8/8/8/3R2K1|8/8/8/8/8/8/8/3n4 w - - 0 1",
        "8/8/4p3/6p1/8/8/8/8|rn4nq/p2kb3/bp1pN3/5p1p/6P1/4p3/PPPQ1P1P/2KNR2R|2r5/1B6/8/4B3/3P4/4P3/8/8 w - - 2 19",
        "8/8/8/8/7Q/8/8/8|rn2k1r1/1p1b1ppp/1pp5/3pp3/7n/2N1b3/P4PP1/RNB1KBR1|8/8/8/2P5/1P6/4P2P/3P4/8 w Qq - 0 19",
    ] {
        let p: DimensionChess = text.parse().unwrap();
        // Two plies deep: every position after one legal move as well.
        let a = ours(&p);
        assert_eq!(a, Ref::from(&p).legal(), "{text}");
        for child in a.values() {
            let q: DimensionChess = child.parse().unwrap();
            assert_eq!(ours(&q), Ref::from(&q).legal(), "{child}");
        }
    }
}

#[test]
fn reference_agrees_along_random_games() {
    let mut rng = SplitMix64::new(0x5eed);
    for _ in 0..30 {
        let mut p = DimensionChess::start();
        for _ in 0..80 {
            let a = ours(&p);
            assert_eq!(a, Ref::from(&p).legal(), "{p}");
            if a.is_empty() {
                break;
            }
            let moves = p.moves();
            p.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
}

fn ref_perft(r: &Ref, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let c = r.turn;
    let mut n = 0;
    for m in r.pseudo(c, true) {
        if m.castle {
            let step = RMove {
                to: if m.to > m.from {
                    m.from + 1
                } else {
                    m.from - 1
                },
                castle: false,
                ..m
            };
            if r.in_check(c) || r.apply(step).in_check(c) {
                continue;
            }
        }
        let q = r.apply(m);
        if !q.in_check(c) && q.king(other(c)).is_some() {
            n += ref_perft(&q, depth - 1);
        }
    }
    n
}

/// The reference's perft equals the rulebook's and this crate's pins.
#[test]
#[ignore = "slow: run with --release --ignored"]
fn reference_perft_matches_the_pins() {
    let start = Ref::from(&DimensionChess::start());
    assert_eq!(ref_perft(&start, 4), 197_327);
    for (text, depth, n) in [
        (super::perft::BUSY, 3, 170_554),
        (super::perft::BUSY_CASTLING, 3, 100_312),
        (
            "6n1/8/8/8/8/8/6R1/8|5k2/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1",
            4,
            20_744,
        ),
        (
            "8/3p4/8/4P3/8/8/8/8|8/8/3k4/8/8/8/8/K7|8/8/8/8/8/8/8/8 b - - 0 1",
            5,
            18_824,
        ),
        (
            "8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/6n1 w K - 0 1",
            4,
            16_521,
        ),
        (
            "8/8/8/8/8/8/5n2/8|6k1/8/8/8/8/8/8/6K1|8/8/8/8/8/8/5r2/8 w - - 0 1",
            4,
            13_561,
        ),
        (
            "8/8/8/8/8/8/8/8|6k1/8/8/3n4/8/8/8/3R2K1|8/8/8/3p4/8/8/8/8 w - - 0 1",
            4,
            37_041,
        ),
        (
            "8/8/8/8/8/8/8/8|6k1/8/8/3pP3/8/8/8/6K1|8/8/8/8/8/8/8/8 w - E:d6 0 2",
            5,
            11_831,
        ),
        (
            "7r/6P1/8/8/8/8/8/8|8/8/1k6/8/8/8/8/4K3|8/8/8/8/8/8/8/8 w - - 0 1",
            3,
            2900,
        ),
    ] {
        let p: DimensionChess = text.parse().unwrap();
        assert_eq!(ref_perft(&Ref::from(&p), depth), n, "{text}");
    }
}

/// A random placement text: kings on Earth, other pieces anywhere with density `density`%
/// (pawns off ranks 1 and 8), pieces aligned with a king given its colour, random side.
fn random_text(rng: &mut SplitMix64, density: usize) -> String {
    let mut cells = [[' '; 64]; 3];
    let wk = rng.below(64);
    let mut bk = rng.below(64);
    while bk == wk {
        bk = rng.below(64);
    }
    cells[1][wk] = 'K';
    cells[1][bk] = 'k';
    for (plane, board) in cells.iter_mut().enumerate() {
        for (s, cell) in board.iter_mut().enumerate() {
            if *cell != ' ' || rng.below(100) >= density {
                continue;
            }
            let mut ch = b"PNBRQpnbrq"[rng.below(10)] as char;
            if ch.eq_ignore_ascii_case(&'p') && !(8..56).contains(&s) {
                ch = if ch == 'p' { 'n' } else { 'N' };
            }
            if plane != 1 && s == wk {
                ch = ch.to_ascii_uppercase();
            }
            if plane != 1 && s == bk {
                ch = ch.to_ascii_lowercase();
            }
            *cell = ch;
        }
    }
    let mut t = String::new();
    for (plane, board) in cells.iter().enumerate() {
        if plane > 0 {
            t.push('|');
        }
        for r in (0..8).rev() {
            let mut run = 0;
            for f in 0..8 {
                match board[r * 8 + f] {
                    ' ' => run += 1,
                    ch => {
                        if run > 0 {
                            t += &run.to_string();
                            run = 0;
                        }
                        t.push(ch);
                    }
                }
            }
            if run > 0 {
                t += &run.to_string();
            }
            if r > 0 {
                t.push('/');
            }
        }
    }
    t + if rng.below(2) == 0 {
        " w - - 0 1"
    } else {
        " b - - 0 1"
    }
}

/// Dense and sparse random placements (many pieces in Heaven and Hell, blessings,
/// possessions, pieces next to kings): whatever parses agrees with the reference, two plies
/// deep.
#[test]
fn reference_agrees_on_random_placements() {
    let mut rng = SplitMix64::new(0xd1ce);
    let mut tested = 0;
    let mut tries = 0;
    while tested < 60 && tries < 100_000 {
        tries += 1;
        let density = [5, 15, 30, 60][rng.below(4)];
        let text = random_text(&mut rng, density);
        let Ok(p) = text.parse::<DimensionChess>() else {
            continue;
        };
        tested += 1;
        let a = ours(&p);
        assert_eq!(a, Ref::from(&p).legal(), "{text}");
        for child in a.values().take(8) {
            let q: DimensionChess = child.parse().unwrap();
            assert_eq!(ours(&q), Ref::from(&q).legal(), "{child}");
        }
    }
    assert_eq!(tested, 60);
}
