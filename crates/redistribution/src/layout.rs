//! The render-ready description ([`Describe`]) of a position: the six ranks (4x4 layers)
//! side by side in the order of the position text and the text diagram, rank 6 (Black's camp)
//! first and rank 1 (White's camp) last, each drawn as the rulebook's layer picture (files
//! `a`-`d` on the top row, `m`-`p` on the bottom row; RD-1).

use dimchess_core::layout::{BoardLayout, Describe, Layout, PieceLayout, Player};

use crate::geometry::Cell;
use crate::piece::Piece;
use crate::position::Redistribution;

impl Describe for Redistribution {
    fn layout(&self) -> Layout {
        let boards = (0..6)
            .rev()
            .map(|z| {
                // Grid row 0 is the bottom row of the picture: y = 3 (files m-p).
                let mut b = BoardLayout::grid(format!("rank {}", z + 1), 4, 4, |x, r| {
                    let y = 3 - r;
                    format!("{}{}", char::from(b'a' + (4 * y + x) as u8), z + 1)
                });
                b.file_labels = vec![String::new(); 4];
                b.rank_labels = ["m-p", "i-l", "e-h", "a-d"].map(String::from).to_vec();
                for r in 0..4 {
                    for x in 0..4 {
                        let cell = Cell::from_coords(x as i32, 3 - r as i32, z);
                        let piece = cell.and_then(|c| Piece::from_code(self.board[c.index()]));
                        if let (Some(p), Some(c)) = (piece, b.at_mut(x, r)) {
                            c.piece = Some(PieceLayout::new(
                                p.role().letter().to_string(),
                                p.color().index(),
                                p.role().name(),
                            ));
                        }
                    }
                }
                b
            })
            .collect();
        let mut l = Layout::new(boards, Player::two());
        l.turn = self.turn.index();
        l.notes = vec![
            ("halfmove clock".to_string(), self.halfmove.to_string()),
            ("move".to_string(), self.fullmove.to_string()),
        ];
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_layout_has_the_camps_on_ranks_1_and_6() {
        let l = Redistribution::start().layout();
        assert_eq!(l.boards.len(), 6);
        let count = |b: &BoardLayout| {
            b.cells
                .iter()
                .flatten()
                .filter(|c| c.piece.is_some())
                .count()
        };
        assert_eq!(count(&l.boards[0]), 16);
        assert_eq!(count(&l.boards[5]), 16);
        assert_eq!(l.boards[5].at(0, 3).unwrap().name, "a1");
        assert_eq!(l.boards[0].at(3, 0).unwrap().name, "p6");
        let owners: Vec<usize> = l.boards[0]
            .cells
            .iter()
            .flatten()
            .filter_map(|c| c.piece.as_ref().map(|p| p.owner))
            .collect();
        assert!(owners.iter().all(|&o| o == 1));
    }

    #[test]
    fn levels_come_in_the_order_of_the_text_diagram() {
        let pos = Redistribution::start();
        let names: Vec<String> = pos.layout().boards.iter().map(|b| b.name.clone()).collect();
        let header = pos.draw();
        let header = header.lines().next().unwrap_or("");
        let in_text: Vec<String> = header
            .split("rank ")
            .skip(1)
            .map(|n| format!("rank {}", n.trim()))
            .collect();
        assert_eq!(names, in_text);
        assert_eq!(names.first().map(String::as_str), Some("rank 6"));
    }
}
