//! A naive reference: the rulebook applied literally, sharing nothing with the crate's
//! move generator (every origin, every destination, every rule checked by coordinates;
//! legality by scanning every enemy piece).
#![allow(dead_code)]

use std::collections::BTreeMap;

use dimchess_core::Position;
use dimchess_redistribution::{Cell, Color, Component, Components, Piece, Redistribution, Role};

/// The component of the vector `from → to`, straight from §2: how many coordinates change
/// (1, 2 or 3) and by how much (1 or 2, all the same).
pub fn naive_component(from: usize, to: usize) -> Option<Component> {
    let c = |i: usize| [(i % 4) as i32, (i / 4 % 4) as i32, (i / 16) as i32];
    let (a, b) = (c(from), c(to));
    let d: Vec<i32> = (0..3)
        .map(|k| (b[k] - a[k]).abs())
        .filter(|&x| x != 0)
        .collect();
    let size = *d.first()?;
    if d.iter().any(|&x| x != size) || size > 2 {
        return None;
    }
    Component::from_index(d.len() - 1 + 3 * (size as usize - 1))
}

pub type Board = [Option<Piece>; 96];

pub fn board_of(p: &Redistribution) -> Board {
    let mut b = [None; 96];
    for (i, slot) in b.iter_mut().enumerate() {
        *slot = p.piece_at(Cell::new(i).unwrap());
    }
    b
}

pub fn attacked(b: &Board, target: usize, by: Color) -> bool {
    (0..96).any(|q| {
        b[q].is_some_and(|e| {
            e.color() == by
                && naive_component(q, target).is_some_and(|k| e.components().contains(k))
        })
    })
}

pub fn piece(color: Color, set: Components) -> Piece {
    Piece::new(color, Role::from_components(set).unwrap())
}

/// Every legal move's text and the text of the position it leads to, by the rules alone.
pub fn naive_moves(p: &Redistribution) -> BTreeMap<String, String> {
    let b = board_of(p);
    let us = p.side_to_move();
    let them = if us == Color::White {
        Color::Black
    } else {
        Color::White
    };
    let name = |i: usize| Cell::new(i).unwrap().to_string();
    let mut out = BTreeMap::new();
    let mut emit = |text: String, after: Board, capture: bool| {
        let king = (0..96)
            .find(|&i| after[i] == Some(Piece::new(us, Role::EMPEROR)))
            .unwrap();
        if attacked(&after, king, them) {
            return; // RD-12
        }
        let half = if capture {
            0
        } else {
            p.halfmove_clock().saturating_add(1)
        };
        let full = if us == Color::Black {
            p.fullmove_number().saturating_add(1)
        } else {
            p.fullmove_number()
        };
        let q = Redistribution::from_parts(&after, them, half, full).unwrap();
        out.insert(text, q.to_text());
    };
    for s in 0..96 {
        let Some(mover) = b[s].filter(|m| m.color() == us) else {
            continue;
        };
        let set = mover.components();
        for t in 0..96 {
            let Some(c) = naive_component(s, t) else {
                continue;
            };
            if !set.contains(c) {
                continue; // RD-5, RD-8: own vectors only
            }
            let text = format!("{}{}", name(s), name(t));
            let mut after = b;
            after[s] = None;
            match b[t] {
                None => {
                    after[t] = Some(mover);
                    emit(text.clone(), after, false);
                    // RD-9/RD-10: a quadruple sends a pair {c, x} by c's vector.
                    let quad = Components::QUADRUPLES.contains(&set);
                    if quad {
                        for x in set.iter().filter(|&x| x != c) {
                            let pair = c.set().union(x.set());
                            let mut after = b;
                            after[t] = Some(piece(us, pair));
                            after[s] = Some(piece(us, set.minus(pair)));
                            emit(format!("{text}={}{}", c.letter(), x.letter()), after, false);
                        }
                    }
                }
                Some(e) if e.color() != us => {
                    after[t] = Some(mover);
                    emit(text, after, true);
                }
                Some(f) => {
                    // RD-6/RD-7: two pairs, disjoint, union a quadruple.
                    let g = f.components();
                    if set.len() == 2
                        && g.len() == 2
                        && (set.0 & g.0) == 0
                        && Components::QUADRUPLES.contains(&set.union(g))
                    {
                        after[t] = Some(piece(us, set.union(g)));
                        emit(text, after, false);
                    }
                }
            }
        }
    }
    out
}

/// Perft by the naive reference, through position texts.
pub fn naive_perft(p: &Redistribution, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    naive_moves(p)
        .values()
        .map(|t| naive_perft(&t.parse().unwrap(), depth - 1))
        .sum()
}
