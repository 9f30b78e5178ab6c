//! Render-ready descriptions ([`Describe`]) of FIDE boards and positions, reusable by the
//! variants that put FIDE pieces on 8x8 boards.

use dimchess_core::Position;
use dimchess_core::layout::{BoardLayout, Describe, Layout, PieceLayout, Player};

use crate::board::Board;
use crate::moves::castling;
use crate::position::Chess;
use crate::types::{Piece, Role, Square};

/// The English name of a role.
pub fn role_name(role: Role) -> &'static str {
    role.name()
}

/// A FIDE piece as drawn: its upper-case letter, owned by player 0 (White) or 1 (Black).
pub fn piece_layout(piece: Piece) -> PieceLayout {
    PieceLayout::new(
        piece.role.char().to_ascii_uppercase().to_string(),
        piece.color.index(),
        role_name(piece.role),
    )
}

/// An 8x8 board as drawn, named `name`, its cells named by `cell_name` (`|sq| sq.to_string()`
/// for plain `e4`, or with a board prefix), the pieces drawn by `piece` (for instance
/// [`piece_layout`], or a mapping to four players' colours).
///
/// ```
/// use dimchess_fide::{layout::{board_layout, piece_layout}, Board};
/// let b = board_layout(&Board::start(), "Earth", |sq| format!("E{sq}"), piece_layout);
/// assert_eq!(b.at(4, 0).unwrap().name, "Ee1");
/// assert_eq!(b.at(4, 0).unwrap().piece.as_ref().unwrap().symbol, "K");
/// ```
pub fn board_layout(
    board: &Board,
    name: impl Into<String>,
    cell_name: impl Fn(Square) -> String,
    piece: impl Fn(Piece) -> PieceLayout,
) -> BoardLayout {
    let mut b = BoardLayout::grid(name, 8, 8, |f, r| {
        cell_name(Square::from_coords(f as u8, r as u8).unwrap_or(Square::from_index(0)))
    });
    for (sq, p) in board.iter() {
        if let Some(cell) = b.at_mut(sq.file() as usize, sq.rank() as usize) {
            cell.piece = Some(piece(p));
        }
    }
    b
}

/// The notes under a FIDE-style diagram: castling rights, en-passant field, halfmove clock
/// and move number, as the variants with FIDE state write them.
pub fn notes(
    castling: &str,
    en_passant: &str,
    halfmove: u32,
    fullmove: u32,
) -> Vec<(String, String)> {
    vec![
        ("castling".to_string(), castling.to_string()),
        ("en passant".to_string(), en_passant.to_string()),
        ("halfmove clock".to_string(), halfmove.to_string()),
        ("move".to_string(), fullmove.to_string()),
    ]
}

impl Describe for Chess {
    fn layout(&self) -> Layout {
        let board = board_layout(self.board(), "board", |sq| sq.to_string(), piece_layout);
        let mut l = Layout::new(vec![board], Player::two());
        l.turn = self.side_to_move().index();
        l.notes = notes(
            &castling::write(self.castling_rights()),
            &self.ep_square().map_or("-".to_string(), |s| s.to_string()),
            self.halfmove_clock(),
            self.fullmove_number(),
        );
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dimchess_core::Position;
    use dimchess_core::layout::CellRef;

    #[test]
    fn start_position_layout() {
        let l = Chess::start().layout();
        assert_eq!(l.boards.len(), 1);
        let b = &l.boards[0];
        assert_eq!((b.files, b.ranks), (8, 8));
        assert_eq!(
            b.cells
                .iter()
                .flatten()
                .filter(|c| c.piece.is_some())
                .count(),
            32
        );
        let e1 = b.at(4, 0).unwrap();
        assert_eq!(e1.name, "e1");
        assert_eq!(e1.piece, Some(PieceLayout::new("K", 0, "king")));
        assert_eq!(
            b.at(3, 7).unwrap().piece,
            Some(PieceLayout::new("Q", 1, "queen"))
        );
        assert!(b.at(0, 0).unwrap().dark, "a1 is dark");
        assert_eq!(l.turn, 0);
        assert_eq!(l.players[1].name, "Black");
        assert!(l.in_flight.is_empty());
    }

    #[test]
    fn castling_changes_four_cells() {
        let mut p: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let before = p.layout();
        p.play_text("e1g1").unwrap();
        let after = p.layout();
        let names: Vec<&str> = Layout::changed_cells(&before, &after)
            .into_iter()
            .map(|c: CellRef| after.cell(c).unwrap().name.as_str())
            .collect();
        assert_eq!(names, ["e1", "f1", "g1", "h1"]);
        assert_eq!(after.turn, 1);
        assert_eq!(after.notes[0].1, "kq");
    }
}
