//! A readable diagram of the six layers.

use core::fmt;

use crate::piece::{Color, Piece};
use crate::position::Redistribution;

impl Redistribution {
    /// A diagram of all six layers side by side, rank 6 on the left, each layer's rows
    /// `a`–`d` to `m`–`p` from top to bottom, `.` for an empty cell, then the side to move.
    pub(crate) fn draw(&self) -> String {
        let mut s = String::new();
        for z in (0..6).rev() {
            s.push_str(&format!("   rank {}  ", z + 1));
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
        for y in 0..4 {
            let files: String = (0..4).map(|x| char::from(b'a' + 4 * y + x)).collect();
            for z in (0..6).rev() {
                s.push_str(&format!("{files} "));
                for x in 0..4 {
                    let i = usize::from(x + 4 * y) + 16 * z;
                    s.push(Piece::from_code(self.board[i]).map_or('.', Piece::letter));
                }
                s.push_str("  ");
            }
            let end = s.trim_end().len();
            s.truncate(end);
            s.push('\n');
        }
        let side = match self.turn {
            Color::White => "White",
            Color::Black => "Black",
        };
        s.push_str(&format!("{side} to move\n"));
        s
    }
}

impl fmt::Display for Redistribution {
    /// The diagram with `{:#}`, the position text otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&self.draw())
        } else {
            f.write_str(&self.to_text())
        }
    }
}

impl fmt::Debug for Redistribution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Redistribution({})", self.to_text())
    }
}
