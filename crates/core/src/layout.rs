//! A render-ready description of a position: plain data that a diagram, a GUI or a game
//! server can draw without knowing the variant.
//!
//! A variant implements [`Describe`] for its position type; the root crate requires it of
//! every registered variant and renders any [`Layout`] as SVG.
//!
//! Conventions:
//! - boards (or levels) come in the rulebook's order, the way the position text lists them;
//! - a board is a grid of `files` columns and `ranks` rows; cell `(file, rank)` is
//!   `cells[rank * files + file]`, rank 0 at the bottom (the first player's side), and `None`
//!   marks a hole (a grid point that is not a cell of the game);
//! - a piece's `symbol` is the short glyph to draw (upper case, `N`, `Q`, `BN` ...), its owner
//!   an index into [`Layout::players`] (its colour), its `name` the full name for tooltips.
//!
//! ```
//! use dimchess_core::layout::{BoardLayout, Cell, CellRef, Layout, Player, PieceLayout};
//! let mut board = BoardLayout::grid("board", 2, 2, |f, r| format!("{}{}", (b'a' + f as u8) as char, r + 1));
//! board.cells[0].as_mut().unwrap().piece = Some(PieceLayout::new("K", 0, "king"));
//! let layout = Layout::new(vec![board], Player::two());
//! assert_eq!(layout.cell(CellRef { board: 0, cell: 0 }).unwrap().name, "a1");
//! assert_eq!(layout.find("b2"), Some(CellRef { board: 0, cell: 3 }));
//! ```

/// One player: a name and a CSS colour to draw their pieces in.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Player {
    /// The name (`White`, `Red` ...).
    pub name: String,
    /// A CSS colour, `#rrggbb`.
    pub colour: String,
}

impl Player {
    /// A player.
    pub fn new(name: impl Into<String>, colour: impl Into<String>) -> Player {
        Player {
            name: name.into(),
            colour: colour.into(),
        }
    }

    /// White and Black, in that order.
    pub fn two() -> Vec<Player> {
        vec![
            Player::new("White", "#ffffff"),
            Player::new("Black", "#202020"),
        ]
    }

    /// The four colours of four-player games in turn order: Red, Blue, Yellow, Green
    /// (callers with another order build their own list).
    pub fn four() -> Vec<Player> {
        vec![
            Player::new("Red", "#d62728"),
            Player::new("Blue", "#1f5fd6"),
            Player::new("Yellow", "#f2c300"),
            Player::new("Green", "#2ca02c"),
        ]
    }
}

/// A piece as drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceLayout {
    /// The glyph to draw: one or a few upper-case letters (`K`, `N`, `BN`).
    pub symbol: String,
    /// The owner, an index into [`Layout::players`].
    pub owner: usize,
    /// The piece's full name (`knight`, `Unicorn`).
    pub name: String,
}

impl PieceLayout {
    /// A piece.
    pub fn new(symbol: impl Into<String>, owner: usize, name: impl Into<String>) -> PieceLayout {
        PieceLayout {
            symbol: symbol.into(),
            owner,
            name: name.into(),
        }
    }
}

/// One cell of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// The cell's name in move texts (`e4`, `Ee4`, `f3`).
    pub name: String,
    /// Whether it is drawn dark (by default, a1-like cells: `(file + rank)` even).
    pub dark: bool,
    /// The piece on it.
    pub piece: Option<PieceLayout>,
}

/// One board or level: a grid of cells with a name and coordinate labels.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardLayout {
    /// The board's name (`Earth`, `level 2`, `rank 3`).
    pub name: String,
    /// The number of columns.
    pub files: usize,
    /// The number of rows.
    pub ranks: usize,
    /// A label under each column, `files` of them (`a`..`h`).
    pub file_labels: Vec<String>,
    /// A label beside each row, `ranks` of them, bottom row first (`1`..`8`).
    pub rank_labels: Vec<String>,
    /// `files * ranks` cells, row by row from the bottom; `None` is a hole.
    pub cells: Vec<Option<Cell>>,
}

impl BoardLayout {
    /// A full `files` x `ranks` grid of empty cells named by `name(file, rank)`, checkered
    /// with a1-like cells dark, labelled `a`, `b` ... and `1`, `2` ...
    pub fn grid(
        board_name: impl Into<String>,
        files: usize,
        ranks: usize,
        name: impl Fn(usize, usize) -> String,
    ) -> BoardLayout {
        let mut cells = Vec::with_capacity(files * ranks);
        for r in 0..ranks {
            for f in 0..files {
                cells.push(Some(Cell {
                    name: name(f, r),
                    dark: (f + r) % 2 == 0,
                    piece: None,
                }));
            }
        }
        BoardLayout {
            name: board_name.into(),
            files,
            ranks,
            file_labels: (0..files).map(file_letter).collect(),
            rank_labels: (0..ranks).map(|r| (r + 1).to_string()).collect(),
            cells,
        }
    }

    /// The cell at `(file, rank)`, if the grid has one there.
    pub fn at(&self, file: usize, rank: usize) -> Option<&Cell> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        self.cells.get(rank * self.files + file)?.as_ref()
    }

    /// The cell at `(file, rank)`, mutably.
    pub fn at_mut(&mut self, file: usize, rank: usize) -> Option<&mut Cell> {
        if file >= self.files || rank >= self.ranks {
            return None;
        }
        self.cells.get_mut(rank * self.files + file)?.as_mut()
    }
}

/// The letter of file `i`: `a` ... `z`, then `a1`-style fallbacks are the variant's business
/// (it sets [`BoardLayout::file_labels`] itself).
fn file_letter(i: usize) -> String {
    match u8::try_from(i) {
        Ok(i) if i < 26 => ((b'a' + i) as char).to_string(),
        _ => format!("f{i}"),
    }
}

/// Where a cell is: a board index and a cell index in [`BoardLayout::cells`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellRef {
    /// The board, an index into [`Layout::boards`].
    pub board: usize,
    /// The cell, an index into that board's [`BoardLayout::cells`].
    pub cell: usize,
}

/// A piece off the board that will land later (Hyperspace).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct InFlight {
    /// The piece.
    pub piece: PieceLayout,
    /// Where it lands.
    pub landing: CellRef,
    /// In how many of its owner's turns it lands (1: at the end of the owner's next turn).
    pub turns: u32,
}

/// Everything needed to draw a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layout {
    /// The boards or levels, in the rulebook's order.
    pub boards: Vec<BoardLayout>,
    /// The players in turn order.
    pub players: Vec<Player>,
    /// The player to move (index into `players`).
    pub turn: usize,
    /// Pieces in flight (empty in most variants).
    pub in_flight: Vec<InFlight>,
    /// The cells the last move touched, to highlight; positions do not remember their last
    /// move, so [`Describe::layout`] leaves it empty and a caller that knows the move fills
    /// it in (for instance with [`Layout::changed_cells`]).
    pub last_move: Vec<CellRef>,
    /// Other state worth showing, as (label, value): castling rights, en passant, clocks.
    pub notes: Vec<(String, String)>,
    /// The result text once the game is over. A variant's [`Describe::layout`] may leave it
    /// empty; a caller that knows the result (of the position, or of a game with its history
    /// and claims) fills it in, and diagrams show it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub result: Option<String>,
}

impl Layout {
    /// A layout with these boards and players, the first player to move, nothing else.
    pub fn new(boards: Vec<BoardLayout>, players: Vec<Player>) -> Layout {
        Layout {
            boards,
            players,
            turn: 0,
            in_flight: Vec::new(),
            last_move: Vec::new(),
            notes: Vec::new(),
            result: None,
        }
    }

    /// The cell at `at`.
    pub fn cell(&self, at: CellRef) -> Option<&Cell> {
        self.boards.get(at.board)?.cells.get(at.cell)?.as_ref()
    }

    /// The first cell named `name`.
    pub fn find(&self, name: &str) -> Option<CellRef> {
        self.boards.iter().enumerate().find_map(|(b, board)| {
            board
                .cells
                .iter()
                .position(|c| c.as_ref().is_some_and(|c| c.name == name))
                .map(|cell| CellRef { board: b, cell })
        })
    }

    /// Every cell whose piece differs between `before` and `after` (two layouts of the same
    /// geometry): the squares a move touched, castling rooks and captured en-passant pawns
    /// included. Cells of boards present in only one of them are ignored.
    pub fn changed_cells(before: &Layout, after: &Layout) -> Vec<CellRef> {
        let mut out = Vec::new();
        for (b, (x, y)) in before.boards.iter().zip(&after.boards).enumerate() {
            for (i, (c, d)) in x.cells.iter().zip(&y.cells).enumerate() {
                let p = c.as_ref().and_then(|c| c.piece.as_ref());
                let q = d.as_ref().and_then(|d| d.piece.as_ref());
                if p != q {
                    out.push(CellRef { board: b, cell: i });
                }
            }
        }
        out
    }
}

/// Positions that can describe themselves for rendering. Every variant registered in the
/// root crate implements it.
pub trait Describe {
    /// The boards, pieces, players and state of this position. `last_move` is left empty.
    fn layout(&self) -> Layout;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_by_two() -> Layout {
        let b = BoardLayout::grid("b", 2, 2, |f, r| format!("{f}{r}"));
        Layout::new(vec![b], Player::two())
    }

    #[test]
    fn grid_indexing_and_shading() {
        let l = two_by_two();
        let b = &l.boards[0];
        assert_eq!(b.at(1, 0).unwrap().name, "10");
        assert_eq!(b.at(0, 1).unwrap().name, "01");
        assert!(b.at(0, 0).unwrap().dark);
        assert!(!b.at(1, 0).unwrap().dark);
        assert!(b.at(2, 0).is_none());
        assert_eq!(b.file_labels, ["a", "b"]);
        assert_eq!(b.rank_labels, ["1", "2"]);
    }

    #[test]
    fn changed_cells_lists_every_difference() {
        let before = two_by_two();
        let mut after = before.clone();
        after.boards[0].at_mut(1, 1).unwrap().piece = Some(PieceLayout::new("Q", 1, "queen"));
        assert_eq!(
            Layout::changed_cells(&before, &after),
            [CellRef { board: 0, cell: 3 }]
        );
        assert!(Layout::changed_cells(&after, &after).is_empty());
    }
}
