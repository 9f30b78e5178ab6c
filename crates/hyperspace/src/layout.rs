//! Render-ready description ([`Describe`]) of a Hyperspace position: the board, and the
//! pieces in flight with their landing squares and turns left (HS-3).

use dimchess_core::Position;
use dimchess_core::layout::{CellRef, Describe, InFlight as FlightLayout, Layout, Player};
use dimchess_fide::layout::{board_layout, notes, piece_layout};
use dimchess_fide::moves::castling;

use crate::position::HyperspacePosition;

impl<const OPTIONAL: bool> Describe for HyperspacePosition<OPTIONAL> {
    fn layout(&self) -> Layout {
        let board = board_layout(self.board(), "board", |sq| sq.to_string(), piece_layout);
        let mut l = Layout::new(vec![board], Player::two());
        l.turn = self.side_to_move().index();
        l.in_flight = self
            .flight()
            .iter()
            .map(|f| FlightLayout {
                piece: piece_layout(f.piece),
                landing: CellRef {
                    board: 0,
                    cell: f.to.index(),
                },
                turns: u32::from(f.turns),
            })
            .collect();
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
    use crate::Hyperspace;
    use dimchess_core::Position;

    #[test]
    fn pieces_in_flight_are_listed_with_their_landing_square() {
        let mut p = Hyperspace::start();
        p.play_text("g1f3^").unwrap();
        let l = p.layout();
        assert_eq!(l.in_flight.len(), 1);
        let f = &l.in_flight[0];
        assert_eq!(f.piece.symbol, "N");
        assert_eq!(l.cell(f.landing).unwrap().name, "f3");
        assert_eq!(
            l.boards[0]
                .cells
                .iter()
                .flatten()
                .filter(|c| c.piece.is_some())
                .count(),
            31
        );
    }
}
