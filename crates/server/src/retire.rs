//! A seat that leaves a four-player game (three-level, its Xiang Qi variant and the
//! checkmate-promotion option) by resignation, loss on time or an abandoned connection: it is
//! eliminated as TL-14 step 6 eliminates a checkmated army (docs/rules/three-level.md, "Time,
//! resignation and leaving").
//!
//! The rules library has no call for this (an elimination there is always a checkmate), so the
//! server makes the position through the variant's public text form (the rulebook's §6 grammar),
//! and the variant's own parser checks the result (TL-19). The text surgery:
//! - every piece of the seat is removed, the seat is added to the eliminated field, its
//!   en-passant record deleted, the halfmove clock set to 0 (TL-14 step 6);
//! - if the seat was to move, the next live player Q is to move (TL-4), Q's own en-passant
//!   record is deleted and the fullmove number advances if Q comes before the seat in the
//!   order (TL-14 steps 7 and 8);
//! - TL-14 step 6 then runs for Q, the player about to move: removing an army can open Q's lines
//!   onto another King, and that player is checkmated (with checkmate-promotion, TL-20 promotes
//!   Q's pieces first). The parser is the test: a position where Q attacks a King breaks
//!   TL-19 (e), and since removing pieces only ever adds attacks, the smallest set of other
//!   players whose removal gives a valid position is exactly the set step 6 eliminates.

use dimchess_any::{AnyPosition, Position, registry};

const COLOURS: [char; 4] = ['r', 'b', 'y', 'g'];

/// Whether the variant `id` has seats that can leave with the game going on (the four-player
/// games).
pub fn supports(id: &str) -> bool {
    id.starts_with("three-level")
}

/// The position after seat `seat` leaves (see the module).
///
/// # Errors
/// The variant has no such rule, the seat is not live, or the text cannot be made (a message).
pub fn retire(pos: &AnyPosition, seat: usize) -> Result<AnyPosition, String> {
    let id = pos.id();
    if !supports(id) {
        return Err(format!("`{id}` has no rule for a seat that leaves"));
    }
    let text = pos.text();
    let fields: Vec<&str> = text.split(' ').collect();
    let [placement, side, eliminated, enpassant, _half, fullmove] = fields[..] else {
        return Err("unexpected position text".into());
    };
    let c = *COLOURS.get(seat).ok_or("no such seat")?;
    let mut out: Vec<char> = if eliminated == "-" {
        Vec::new()
    } else {
        eliminated.chars().collect()
    };
    if out.contains(&c) {
        return Err("the seat is out already".into());
    }
    let side = side.chars().next().ok_or("no side to move")?;
    let mut ep: Vec<&str> = if enpassant == "-" {
        Vec::new()
    } else {
        enpassant.split(',').collect()
    };
    let mut fullmove: u64 = fullmove.parse().map_err(|_| "bad fullmove number")?;
    let mut board = remove_army(placement, c)?;
    out.push(c);
    ep.retain(|r| !r.starts_with(c));
    let mut q = side;
    if side == c {
        q = next_live(c, &out).ok_or("no live player left")?;
        ep.retain(|r| !r.starts_with(q));
        if index(q) < index(c) {
            fullmove = fullmove.saturating_add(1);
        }
    }
    let make = |board: &str, out: &[char], ep: &[&str]| -> String {
        let mut out: Vec<char> = out.to_vec();
        out.sort_by_key(|&x| index(x));
        let out: String = if out.is_empty() {
            "-".into()
        } else {
            out.into_iter().collect()
        };
        let ep = if ep.is_empty() {
            "-".to_string()
        } else {
            ep.join(",")
        };
        format!("{board} {q} {out} {ep} 0 {fullmove}")
    };
    let first = make(&board, &out, &ep);
    if let Ok(p) = registry::parse(id, &first) {
        return Ok(p);
    }
    // TL-14 step 6 for Q: some King is attacked by Q now (TL-19 (e) refused the text).
    if id == "three-level-checkmate-promotion" {
        board = promote(&board, q);
    }
    let others: Vec<char> = COLOURS
        .iter()
        .copied()
        .filter(|x| *x != q && !out.contains(x))
        .collect();
    let mut subsets: Vec<Vec<char>> = (1u32..(1 << others.len()))
        .map(|m| {
            others
                .iter()
                .enumerate()
                .filter(|(i, _)| m & (1 << i) != 0)
                .map(|(_, x)| *x)
                .collect()
        })
        .collect();
    subsets.sort_by_key(Vec::len);
    let mut last_error = String::new();
    for set in subsets {
        let mut b = board.clone();
        let mut o = out.clone();
        let mut e = ep.clone();
        for &x in &set {
            b = remove_army(&b, x)?;
            o.push(x);
            e.retain(|r| !r.starts_with(x));
        }
        match registry::parse(id, &make(&b, &o, &e)) {
            Ok(p) => return Ok(p),
            Err(err) => last_error = err.to_string(),
        }
    }
    Err(format!(
        "no valid position after the seat leaves: {last_error}"
    ))
}

fn index(c: char) -> usize {
    COLOURS.iter().position(|&x| x == c).unwrap_or(0)
}

/// The next player after `c` in turn order (TL-4) who is not in `out`.
fn next_live(c: char, out: &[char]) -> Option<char> {
    (1..4)
        .map(|k| COLOURS[(index(c) + k) % 4])
        .find(|x| !out.contains(x))
}

/// The placement with every piece of colour `c` taken off (runs of empty cells merged).
fn remove_army(placement: &str, c: char) -> Result<String, String> {
    map_items(placement, |item| {
        (!item.starts_with(c)).then(|| item.to_string())
    })
}

/// TL-20: Q's King, Queen, Bishop, Knight and Rook become Emperor, Diarch, Moderator,
/// Cavallander and Vicereine.
fn promote(placement: &str, q: char) -> String {
    map_items(placement, |item| {
        let mut chars = item.chars();
        match (chars.next(), chars.next()) {
            (Some(owner), Some(kind)) if owner == q => {
                let promoted = match kind {
                    'K' => 'E',
                    'Q' => 'D',
                    'B' => 'M',
                    'N' => 'C',
                    'R' => 'V',
                    k => k,
                };
                Some(format!("{owner}{promoted}"))
            }
            _ => Some(item.to_string()),
        }
    })
    .unwrap_or_else(|_| placement.to_string())
}

/// Rewrites each piece of the placement through `f` (`None` empties its cell), keeping the
/// grammar: levels by `|`, ranks by `/`, items by `,`, runs of empty cells merged.
fn map_items(placement: &str, f: impl Fn(&str) -> Option<String>) -> Result<String, String> {
    let mut levels = Vec::new();
    for level in placement.split('|') {
        let mut ranks = Vec::new();
        for rank in level.split('/') {
            let mut cells: Vec<Option<String>> = Vec::new();
            for item in rank.split(',') {
                match item.parse::<usize>() {
                    Ok(n) if n <= 64 => cells.extend((0..n).map(|_| None)),
                    Ok(_) => return Err("bad run".into()),
                    Err(_) => cells.push(f(item)),
                }
            }
            let mut items: Vec<String> = Vec::new();
            let mut run = 0;
            for cell in cells {
                match cell {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            items.push(run.to_string());
                            run = 0;
                        }
                        items.push(p);
                    }
                }
            }
            if run > 0 {
                items.push(run.to_string());
            }
            ranks.push(items.join(","));
        }
        levels.push(ranks.join("/"));
    }
    Ok(levels.join("|"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_to_move_leaves_at_the_start() {
        let start = registry::start("three-level").unwrap();
        let after = retire(&start, 0).unwrap();
        let text = after.text();
        assert!(!text.contains('r') || !text.split(' ').next().unwrap().contains("rK"));
        let fields: Vec<&str> = text.split(' ').collect();
        assert_eq!(fields[1], "b", "Blue is next (TL-4)");
        assert_eq!(fields[2], "r");
        assert_eq!(fields[4], "0");
        assert_eq!(fields[5], "1");
        assert!(after.outcome().is_none());
        // Not to move: Green leaves while Red is to move.
        let g = retire(&start, 3).unwrap();
        let f: Vec<String> = g.text().split(' ').map(String::from).collect();
        assert_eq!((f[1].as_str(), f[2].as_str()), ("r", "g"));
        assert!(!f[0].contains('g'));
    }

    #[test]
    fn the_last_seat_left_wins() {
        let mut p = registry::start("three-level-xiangqi").unwrap();
        for seat in [0, 1, 2] {
            p = retire(&p, seat).unwrap();
        }
        let o = p
            .outcome()
            .expect("one live player left: the game is over (TL-17)");
        assert_eq!(o.winner(), Some(3));
        assert!(retire(&p, 3).is_err() || p.outcome().is_some());
    }

    #[test]
    fn other_variants_have_no_such_rule() {
        assert!(retire(&registry::start("fide").unwrap(), 0).is_err());
        let p = registry::start("three-level").unwrap();
        let p = retire(&p, 1).unwrap();
        assert!(retire(&p, 1).is_err(), "out already");
        assert!(retire(&p, 9).is_err());
    }

    #[test]
    fn runs_are_merged() {
        assert_eq!(remove_army("rK,2,bP,rP,3", 'r').unwrap(), "3,bP,4");
        assert_eq!(promote("rK,rQ,2,bP,rP,rR,1", 'r'), "rE,rD,2,bP,rP,rV,1");
    }
}
