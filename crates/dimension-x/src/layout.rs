//! Render-ready description ([`Describe`]) of a Dimension X position: the FIDE board (cells
//! `a1`..`h8`) beside the Dimension X board (cells `A1`..`H8`), with the Crabs, Cobras and
//! Spiders wherever they stand.

use dimchess_core::layout::{BoardLayout, Describe, Layout, PieceLayout, Player};

use dimchess_fide::layout::notes;

use crate::board::{DxPosition, Role};

fn kind_name(kind: Role) -> &'static str {
    match kind {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
        Role::Crab => "crab",
        Role::Cobra => "spitting cobra",
        Role::Spider => "spider",
    }
}

fn board(
    name: &str,
    upper: bool,
    piece: impl Fn(u8) -> Option<(dimchess_fide::Color, Role)>,
) -> BoardLayout {
    let mut b = BoardLayout::grid(name, 8, 8, |f, r| {
        let file = (b'a' + f as u8) as char;
        let file = if upper {
            file.to_ascii_uppercase()
        } else {
            file
        };
        format!("{file}{}", r + 1)
    });
    if upper {
        for label in &mut b.file_labels {
            *label = label.to_ascii_uppercase();
        }
    }
    for sq in 0..64u8 {
        if let Some((color, kind)) = piece(sq)
            && let Some(cell) = b.at_mut(usize::from(sq % 8), usize::from(sq / 8))
        {
            cell.piece = Some(PieceLayout::new(
                kind.letter().to_string(),
                color.index(),
                kind_name(kind),
            ));
        }
    }
    b
}

impl Describe for DxPosition {
    fn layout(&self) -> Layout {
        let fide = board("FIDE board", false, |sq| self.fide_piece(sq));
        let dx = board("Dimension X", true, |sq| self.dx_piece(sq));
        let mut l = Layout::new(vec![fide, dx], Player::two());
        l.turn = self.side_to_move().index();
        let text = self.to_string();
        let fields: Vec<&str> = text.split(' ').collect();
        if let [_, _, rights, ep, half, full] = fields[..] {
            l.notes = notes(
                rights,
                ep,
                half.parse().unwrap_or(0),
                full.parse().unwrap_or(1),
            );
        }
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_layout_has_both_boards() {
        let l = DxPosition::start().layout();
        assert_eq!(l.boards.len(), 2);
        assert_eq!(l.boards[0].at(4, 0).unwrap().name, "e1");
        assert_eq!(l.boards[1].at(4, 0).unwrap().name, "E1");
        let count = |i: usize| {
            l.boards[i]
                .cells
                .iter()
                .flatten()
                .filter(|c| c.piece.is_some())
                .count()
        };
        assert_eq!(count(0) + count(1), 38);
    }
}
