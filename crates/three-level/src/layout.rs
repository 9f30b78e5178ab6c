//! Render-ready description ([`Describe`]) of a 3 Level 4 Player position: levels 1 (top),
//! 2 and 3 side by side (TL-1), cells named `1a1` .. `3h8`, four players in turn order
//! (TL-4), eliminated players and en-passant records as notes.

use dimchess_core::Position;
use dimchess_core::layout::{BoardLayout, Describe, Layout, PieceLayout, Player};

use crate::geometry::{cell_at, cell_name};
use crate::piece::Color;
use crate::position::ThreeLevelPosition;
use crate::rules::Rules;

impl<R: Rules> Describe for ThreeLevelPosition<R> {
    fn layout(&self) -> Layout {
        let boards = (0..3)
            .map(|z| {
                let mut b = BoardLayout::grid(format!("level {}", z + 1), 8, 8, |f, r| {
                    cell_at(f as i32, r as i32, z).map_or_else(String::new, cell_name)
                });
                for f in 0..8 {
                    for r in 0..8 {
                        let Some(c) = cell_at(f, r, z) else { continue };
                        if let Some(p) = self.piece_at(c)
                            && let Some(cell) = b.at_mut(f as usize, r as usize)
                        {
                            cell.piece = Some(PieceLayout::new(
                                p.role.letter().to_string(),
                                p.color as usize,
                                p.role.name(),
                            ));
                        }
                    }
                }
                b
            })
            .collect();
        let mut l = Layout::new(boards, Player::four());
        l.turn = self.side_to_move() as usize;
        let out: Vec<&str> = Color::ALL
            .iter()
            .filter(|&&c| !self.is_live(c))
            .map(|c| c.name())
            .collect();
        let records: Vec<String> = Color::ALL
            .iter()
            .filter_map(|&c| {
                self.ep_record(c).map(|r| {
                    format!(
                        "{} passed {} ({})",
                        c.name(),
                        cell_name(usize::from(r.passed)),
                        cell_name(usize::from(r.pawn))
                    )
                })
            })
            .collect();
        l.notes = vec![
            (
                "eliminated".to_string(),
                if out.is_empty() {
                    "-".to_string()
                } else {
                    out.join(", ")
                },
            ),
            (
                "en passant".to_string(),
                if records.is_empty() {
                    "-".to_string()
                } else {
                    records.join("; ")
                },
            ),
            (
                "halfmove clock".to_string(),
                self.halfmove_clock().to_string(),
            ),
            ("move".to_string(), self.fullmove_number().to_string()),
        ];
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ThreeLevel;

    #[test]
    fn start_layout_has_three_levels_and_four_armies() {
        let l = ThreeLevel::default().layout();
        assert_eq!(l.boards.len(), 3);
        assert_eq!(l.players.len(), 4);
        assert_eq!(l.boards[0].at(0, 0).unwrap().name, "1a1");
        assert_eq!(l.boards[2].at(7, 7).unwrap().name, "3h8");
        let mut per_owner = [0; 4];
        for b in &l.boards {
            for p in b.cells.iter().flatten().filter_map(|c| c.piece.as_ref()) {
                per_owner[p.owner] += 1;
            }
        }
        assert_eq!(per_owner, [27; 4], "each army fills its 3x3x3 camp");
    }
}
