//! SVG diagrams of any [`Layout`]: every board or level side by side with its name and
//! coordinates, pieces as letters in discs of their owner's colour, the last move highlighted,
//! landing squares ringed, the pieces in flight listed, a legend for the letters of pieces
//! that are not FIDE pieces, and the result once the game is over. Plain SVG 1.1 text, no
//! scripts, no external fonts or images.
//!
//! ```
//! use dimchess_core::Describe;
//! let pos = dimchess_fide::Chess::default();
//! let picture = dimchess_svg::render(&pos.layout(), "fide");
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("<circle").count(), 32 + 2); // 32 pieces, 2 player swatches
//! ```
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-svg/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt::Write as _;

use dimchess_core::layout::{BoardLayout, CellRef, Layout};

pub mod pieces;

/// Side of a cell, in px.
const CELL: f64 = 44.0;
/// Outer margin.
const MARGIN: f64 = 16.0;
/// The prefix every cell name of `b` puts before its file and rank labels (`"E:"` for
/// `E:e4`), if there is one common prefix: the board title then shows it once, instead of
/// every cell showing its name.
fn board_prefix(b: &dimchess_core::layout::BoardLayout) -> Option<String> {
    let mut common: Option<String> = None;
    for (ci, cell) in b.cells.iter().enumerate() {
        let Some(cell) = cell else { continue };
        let (f, r) = (ci % b.files.max(1), ci / b.files.max(1));
        let spelled = format!(
            "{}{}",
            b.file_labels.get(f).map_or("", String::as_str),
            b.rank_labels.get(r).map_or("", String::as_str)
        );
        let prefix = cell.name.strip_suffix(&spelled)?;
        match &common {
            None => common = Some(prefix.to_string()),
            Some(c) if c != prefix => return None,
            Some(_) => {}
        }
    }
    common
}

/// Room left of a board for its rank labels.
const RANK_GUTTER: f64 = 26.0;
/// Room under a board for its file labels.
const FILE_GUTTER: f64 = 22.0;
/// Room above a board for its name.
const NAME_GUTTER: f64 = 26.0;
/// Gap between boards.
const GAP: f64 = 22.0;
/// The title line.
const TITLE: f64 = 30.0;
/// One line of the footer.
const LINE: f64 = 22.0;
/// The band at the top of a cell that shows the cell's name (where the labels do not spell
/// it): the piece's disc stays below it.
const NAME_ROOM: f64 = 11.0;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const LAST_MOVE: &str = "#e8d23a";

/// Escapes text for XML content and attribute values.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A colour the SVG can use: `#rgb`/`#rrggbb` as given, anything else grey.
fn colour(css: &str) -> &str {
    let hex = css.strip_prefix('#').unwrap_or("");
    if (hex.len() == 6 || hex.len() == 3) && hex.chars().all(|c| c.is_ascii_hexdigit()) {
        css
    } else {
        "#808080"
    }
}

/// Black or white, whichever reads better on `css`.
fn ink_on(css: &str) -> &'static str {
    let hex = colour(css).trim_start_matches('#');
    let channel = |i: usize, n: usize| {
        let s = &hex[i * n..i * n + n];
        let v = u8::from_str_radix(s, 16).unwrap_or(128);
        if n == 1 {
            f64::from(v * 17)
        } else {
            f64::from(v)
        }
    };
    let n = hex.len() / 3;
    let lum = 0.299 * channel(0, n) + 0.587 * channel(1, n) + 0.114 * channel(2, n);
    if lum > 140.0 { "#000000" } else { "#ffffff" }
}

/// Width and height of a board with its gutters.
fn board_size(b: &BoardLayout) -> (f64, f64) {
    (
        RANK_GUTTER + b.files as f64 * CELL,
        NAME_GUTTER + b.ranks as f64 * CELL + FILE_GUTTER,
    )
}

/// One piece disc centred at `(cx, cy)`.
fn disc(out: &mut String, cx: f64, cy: f64, r: f64, symbol: &str, fill: &str, title: &str) {
    let fill = colour(fill);
    let len = symbol.chars().count().max(1);
    let size = match len {
        1 => r * 1.25,
        2 => r * 0.95,
        _ => r * 2.4 / len as f64,
    };
    let _ = writeln!(
        out,
        "<g><title>{}</title><circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\" fill=\"{fill}\" \
         stroke=\"#000000\" stroke-width=\"1.5\"/><text x=\"{cx:.1}\" y=\"{cy:.1}\" \
         font-size=\"{size:.1}\" fill=\"{}\" text-anchor=\"middle\" \
         dominant-baseline=\"central\" font-weight=\"bold\">{}</text></g>",
        esc(title),
        ink_on(fill),
        esc(symbol)
    );
}

/// The names of the FIDE pieces, whose letters every player knows: no legend for them.
const FIDE_NAMES: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];

/// The letters of the pieces on the boards or in flight that are not FIDE pieces, as
/// `(symbol, name)`, sorted and without repeats.
fn legend(layout: &Layout) -> Vec<(String, String)> {
    let on_boards = layout
        .boards
        .iter()
        .flat_map(|b| b.cells.iter().flatten())
        .filter_map(|c| c.piece.as_ref());
    let mut out: Vec<(String, String)> = on_boards
        .chain(layout.in_flight.iter().map(|f| &f.piece))
        .filter(|p| !FIDE_NAMES.contains(&p.name.to_ascii_lowercase().as_str()))
        .map(|p| (p.symbol.clone(), p.name.clone()))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The SVG picture of `layout`, with `title` (for instance the variant id) on top, and the
/// result instead of the player to move once the game is over.
pub fn render(layout: &Layout, title: &str) -> String {
    let legend = legend(layout);
    let sizes: Vec<(f64, f64)> = layout.boards.iter().map(board_size).collect();
    let boards_w: f64 =
        sizes.iter().map(|s| s.0).sum::<f64>() + GAP * sizes.len().saturating_sub(1) as f64;
    let boards_h = sizes.iter().map(|s| s.1).fold(0.0, f64::max);
    let footer_lines = 1
        + usize::from(!layout.notes.is_empty())
        + usize::from(!legend.is_empty())
        + if layout.in_flight.is_empty() {
            0
        } else {
            1 + layout.in_flight.len()
        };
    let width = (2.0 * MARGIN + boards_w).max(420.0);
    let height = 2.0 * MARGIN + TITLE + boards_h + footer_lines as f64 * LINE;

    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width:.0}\" \
         height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" \
         font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    );
    let to_move = match &layout.result {
        Some(r) => format!(" \u{2014} {r}"),
        None => layout
            .players
            .get(layout.turn)
            .map_or(String::new(), |p| format!(" \u{2014} {} to move", p.name)),
    };
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"{:.1}\" font-size=\"18\" font-weight=\"bold\">{}{}</text>",
        MARGIN + 18.0,
        esc(title),
        esc(&to_move)
    );

    let landing: Vec<CellRef> = layout.in_flight.iter().map(|f| f.landing).collect();
    let top = MARGIN + TITLE;
    let mut x0 = MARGIN;
    for (bi, (b, &(bw, _))) in layout.boards.iter().zip(&sizes).enumerate() {
        let gx = x0 + RANK_GUTTER;
        let gy = top + NAME_GUTTER;
        let prefix = board_prefix(b);
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"15\" font-weight=\"bold\" \
             text-anchor=\"middle\">{}</text>",
            gx + b.files as f64 * CELL / 2.0,
            top + 17.0,
            esc(&match &prefix {
                Some(p) if !p.is_empty() && !b.name.ends_with(p.as_str()) => {
                    format!("{} ({p})", b.name)
                }
                _ => b.name.clone(),
            })
        );
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" \
             stroke=\"#404040\" stroke-width=\"2\"/>",
            gx - 1.0,
            gy - 1.0,
            b.files as f64 * CELL + 2.0,
            b.ranks as f64 * CELL + 2.0
        );
        for (ci, cell) in b.cells.iter().enumerate() {
            let Some(cell) = cell else { continue };
            let (f, r) = (ci % b.files.max(1), ci / b.files.max(1));
            let x = gx + f as f64 * CELL;
            let y = gy + (b.ranks - 1 - r.min(b.ranks.saturating_sub(1))) as f64 * CELL;
            let at = CellRef {
                board: bi,
                cell: ci,
            };
            let fill = if layout.last_move.contains(&at) {
                LAST_MOVE
            } else if cell.dark {
                DARK
            } else {
                LIGHT
            };
            let _ = writeln!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{CELL}\" height=\"{CELL}\" \
                 fill=\"{fill}\"><title>{}</title></rect>",
                esc(&cell.name)
            );
            if landing.contains(&at) {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"none\" \
                     stroke=\"#7b2fbf\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>",
                    x + CELL / 2.0,
                    y + CELL / 2.0,
                    CELL * 0.46
                );
            }
            // The cell's own name where the labels do not spell it: in the top-left corner,
            // the piece's disc smaller and lower so that the two never overlap.
            let spelled = format!(
                "{}{}",
                b.file_labels.get(f).map_or("", String::as_str),
                b.rank_labels.get(r).map_or("", String::as_str)
            );
            let named = prefix.is_none() && spelled != cell.name;
            let (dy, radius) = if named {
                (NAME_ROOM / 2.0, CELL * 0.38 - NAME_ROOM / 2.0)
            } else {
                (0.0, CELL * 0.38)
            };
            if let Some(p) = &cell.piece {
                let (fill, owner) = layout.players.get(p.owner).map_or(("#808080", "?"), |pl| {
                    (pl.colour.as_str(), pl.name.as_str())
                });
                disc(
                    &mut out,
                    x + CELL / 2.0,
                    y + CELL / 2.0 + dy,
                    radius,
                    &p.symbol,
                    fill,
                    &format!("{owner} {} on {}", p.name, cell.name),
                );
            }
            if named {
                let _ = writeln!(
                    out,
                    "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"8.5\" fill=\"#202020\" \
                     stroke=\"#ffffff\" stroke-width=\"2.5\" paint-order=\"stroke\">{}</text>",
                    x + 2.0,
                    y + 10.0,
                    esc(&cell.name)
                );
            }
        }
        for (f, label) in b.file_labels.iter().enumerate().take(b.files) {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" text-anchor=\"middle\">{}</text>",
                gx + (f as f64 + 0.5) * CELL,
                gy + b.ranks as f64 * CELL + 16.0,
                esc(label)
            );
        }
        for (r, label) in b.rank_labels.iter().enumerate().take(b.ranks) {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" text-anchor=\"end\" \
                 dominant-baseline=\"central\">{}</text>",
                gx - 5.0,
                gy + (b.ranks as f64 - r as f64 - 0.5) * CELL,
                esc(label)
            );
        }
        x0 += bw + GAP;
    }

    // Footer: players, notes, pieces in flight.
    let mut y = top + boards_h + LINE * 0.7;
    let mut x = MARGIN;
    for (i, p) in layout.players.iter().enumerate() {
        let fill = colour(&p.colour);
        let _ = writeln!(
            out,
            "<circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"7\" fill=\"{fill}\" stroke=\"#000000\" \
             stroke-width=\"1.2\"/>",
            x + 7.0
        );
        let label = if i == layout.turn && layout.result.is_none() {
            format!("{} (to move)", p.name)
        } else {
            p.name.clone()
        };
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"13\" dominant-baseline=\"central\"{}>{}</text>",
            x + 19.0,
            if i == layout.turn && layout.result.is_none() {
                " font-weight=\"bold\""
            } else {
                ""
            },
            esc(&label)
        );
        x += 19.0 + 8.0 * label.chars().count() as f64 + 18.0;
    }
    if !layout.notes.is_empty() {
        y += LINE;
        let text: Vec<String> = layout
            .notes
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{y:.1}\" font-size=\"13\" dominant-baseline=\"central\" \
             fill=\"#303030\">{}</text>",
            esc(&text.join("  \u{b7}  "))
        );
    }
    if !legend.is_empty() {
        y += LINE;
        let text: Vec<String> = legend.iter().map(|(s, n)| format!("{s} {n}")).collect();
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{y:.1}\" font-size=\"13\" dominant-baseline=\"central\" \
             fill=\"#303030\">{}</text>",
            esc(&format!("Pieces: {}", text.join("  \u{b7}  ")))
        );
    }
    if !layout.in_flight.is_empty() {
        y += LINE;
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{y:.1}\" font-size=\"13\" font-weight=\"bold\" \
             dominant-baseline=\"central\">In flight (landing squares ringed):</text>"
        );
        for f in &layout.in_flight {
            y += LINE;
            let (fill, owner) = layout
                .players
                .get(f.piece.owner)
                .map_or(("#808080", "?"), |pl| {
                    (pl.colour.as_str(), pl.name.as_str())
                });
            disc(
                &mut out,
                MARGIN + 10.0,
                y,
                9.5,
                &f.piece.symbol,
                fill,
                &f.piece.name,
            );
            let at = layout.cell(f.landing).map_or("?", |c| c.name.as_str());
            let turns = if f.turns == 1 { "turn" } else { "turns" };
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"13\" dominant-baseline=\"central\">{}</text>",
                MARGIN + 26.0,
                esc(&format!(
                    "{owner} {} lands on {at} in {} {turns}",
                    f.piece.name, f.turns
                ))
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dimchess_core::layout::{InFlight, PieceLayout, Player};

    #[test]
    fn escapes_text() {
        assert_eq!(esc("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
    }

    #[test]
    fn ink_contrasts_with_the_disc() {
        assert_eq!(ink_on("#ffffff"), "#000000");
        assert_eq!(ink_on("#202020"), "#ffffff");
        assert_eq!(ink_on("#f2c300"), "#000000");
        assert_eq!(ink_on("#1f5fd6"), "#ffffff");
        assert_eq!(colour("red\" onload=\"x"), "#808080");
    }

    /// The numbers of the attribute `name` in `s`, in order.
    fn attr(s: &str, name: &str) -> Vec<f64> {
        s.split(&format!(" {name}=\""))
            .skip(1)
            .filter_map(|t| t.split('"').next()?.parse().ok())
            .collect()
    }

    #[test]
    fn cell_names_never_overlap_the_pieces() {
        // Labels that do not spell the names: every cell shows its name.
        let mut b = BoardLayout::grid("b", 2, 1, |f, _| format!("cell{f}"));
        b.cells[0].as_mut().unwrap().piece = Some(PieceLayout::new("K", 0, "king"));
        let s = render(&Layout::new(vec![b], Player::two()), "t");
        let name_line = s.lines().find(|l| l.contains(">cell0</text>")).unwrap();
        let baseline = attr(name_line, "y")[0];
        let piece = s.lines().find(|l| l.contains("<title>White king")).unwrap();
        let (cy, r) = (attr(piece, "cy")[0], attr(piece, "r")[0]);
        assert!(
            cy - r > baseline + 2.0,
            "disc top {} vs name baseline {baseline}",
            cy - r
        );
    }

    #[test]
    fn a_legend_names_the_letters_of_non_fide_pieces() {
        let mut b = BoardLayout::grid("b", 3, 1, |f, _| format!("{f}"));
        b.cells[0].as_mut().unwrap().piece = Some(PieceLayout::new("U", 0, "Unicorn"));
        b.cells[1].as_mut().unwrap().piece = Some(PieceLayout::new("K", 1, "king"));
        b.cells[2].as_mut().unwrap().piece = Some(PieceLayout::new("U", 1, "Unicorn"));
        let mut l = Layout::new(vec![b], Player::two());
        let s = render(&l, "t");
        assert_eq!(s.matches("Pieces: U Unicorn<").count(), 1, "{s}");
        l.boards[0].cells[0].as_mut().unwrap().piece = None;
        l.boards[0].cells[2].as_mut().unwrap().piece = None;
        assert!(!render(&l, "t").contains("Pieces:"));
    }

    #[test]
    fn a_finished_game_shows_its_result() {
        let b = BoardLayout::grid("b", 1, 1, |_, _| "a1".to_string());
        let mut l = Layout::new(vec![b], Player::two());
        assert!(render(&l, "t").contains("White to move"));
        l.result = Some("0-1 (checkmate)".to_string());
        let s = render(&l, "t");
        assert!(s.contains("t \u{2014} 0-1 (checkmate)</text>"), "{s}");
        assert!(!s.contains("to move"));
    }

    #[test]
    fn four_players_flight_and_holes() {
        let mut b = BoardLayout::grid("level <1>", 3, 2, |f, r| format!("X{f}{r}"));
        b.cells[1] = None;
        b.cells[0].as_mut().unwrap().piece = Some(PieceLayout::new("K", 3, "king"));
        let mut l = Layout::new(vec![b.clone(), b], Player::four());
        l.turn = 2;
        l.in_flight.push(InFlight {
            piece: PieceLayout::new("N", 1, "knight"),
            landing: CellRef { board: 1, cell: 4 },
            turns: 2,
        });
        l.last_move = vec![CellRef { board: 0, cell: 0 }];
        let s = render(&l, "test & co");
        assert!(s.contains("level &lt;1&gt;"));
        assert!(s.contains("test &amp; co"));
        assert!(s.contains("Blue knight lands on X11 in 2 turns"));
        assert!(s.contains("Yellow (to move)"));
        assert!(s.contains(LAST_MOVE));
        assert!(s.contains("stroke-dasharray"));
        // 5 cells per board (one hole), names drawn inside since labels do not spell them.
        assert_eq!(s.matches("<rect x=").count(), 2 * 5 + 2);
        assert!(s.contains(">X00</text>"));
    }
}
