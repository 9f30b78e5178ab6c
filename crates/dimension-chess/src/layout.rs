//! Render-ready description ([`Describe`]) of a Dimension Chess position: the three boards
//! Heaven, Earth and Hell side by side, cells named with their board letter (`E:e4`).

use dimchess_core::Position;
use dimchess_core::layout::{Describe, Layout, Player};
use dimchess_fide::layout::{notes, piece_layout};
use dimchess_fide::{Piece, Square};

use crate::plane::Plane;
use crate::position::DimensionChess;

impl Describe for DimensionChess {
    fn layout(&self) -> Layout {
        let boards = Plane::ALL
            .iter()
            .map(|&plane| {
                let name = match plane {
                    Plane::Heaven => "Heaven",
                    Plane::Earth => "Earth",
                    Plane::Hell => "Hell",
                };
                let mut b = dimchess_core::layout::BoardLayout::grid(name, 8, 8, |f, r| {
                    let sq = Square::from_coords(f as u8, r as u8).unwrap_or(Square::from_index(0));
                    format!("{}:{sq}", plane.letter())
                });
                for sq in Square::all() {
                    if let Some((color, role)) = self.piece_at(plane, sq)
                        && let Some(cell) = b.at_mut(sq.file() as usize, sq.rank() as usize)
                    {
                        cell.piece = Some(piece_layout(Piece::new(color, role)));
                    }
                }
                b
            })
            .collect();
        let mut l = Layout::new(boards, Player::two());
        l.turn = self.side_to_move().index();
        l.notes = notes(
            &self.castling_text(),
            &self.ep_target().map_or("-".to_string(), |e| {
                format!("{}:{}", e.plane.letter(), e.square)
            }),
            self.halfmove_clock(),
            self.fullmove_number(),
        );
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_layout_has_three_boards_and_pieces_on_earth() {
        let l = DimensionChess::start().layout();
        assert_eq!(l.boards.len(), 3);
        let pieces = |i: usize| {
            l.boards[i]
                .cells
                .iter()
                .flatten()
                .filter(|c| c.piece.is_some())
                .count()
        };
        assert_eq!((pieces(0), pieces(1), pieces(2)), (0, 32, 0));
        assert_eq!(l.boards[1].at(4, 0).unwrap().name, "E:e1");
        assert!(l.find("L:h8").is_some());
    }
}
