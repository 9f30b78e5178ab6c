//! SVG diagrams of any [`Layout`]: every board or level side by side with its name and
//! coordinates, the pieces drawn with the project's piece sets ([`pieces`]) in their owner's
//! colour, the last move highlighted, landing squares ringed, the pieces in flight listed, a
//! legend for the pieces that are not FIDE pieces, and the result once the game is over. Plain
//! SVG 1.1 text, no scripts, no external fonts or images.
//!
//! ```
//! use dimchess_core::Describe;
//! let pos = dimchess_fide::Chess::default();
//! let picture = dimchess_svg::render(&pos.layout(), "fide");
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("<use ").count(), 32); // one glyph per piece
//! assert_eq!(picture.matches("<symbol ").count(), 6); // the six FIDE pieces, defined once
//! ```
//!
//! A piece whose symbol and name no set knows is drawn as its letter in a disc of its owner's
//! colour, and named in the legend.
// Where other crates' docs link to this one's items when its own docs are not (yet) built
// beside theirs (see dimchess-core). Keep the version in step.
#![doc(html_root_url = "https://docs.rs/dimchess-svg/0.1.0")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt::Write as _;

use dimchess_core::layout::{BoardLayout, CellRef, Layout, PieceLayout};

pub mod pieces;

use pieces::{Glyph, PieceSet};

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

/// Width and height of a board with its gutters.
fn board_size(b: &BoardLayout) -> (f64, f64) {
    (
        RANK_GUTTER + b.files as f64 * CELL,
        NAME_GUTTER + b.ranks as f64 * CELL + FILE_GUTTER,
    )
}

/// One piece disc centred at `(cx, cy)`: the letter of a piece that no piece set draws.
fn disc(out: &mut String, cx: f64, cy: f64, r: f64, symbol: &str, fill: &str) {
    let fill = colour(fill);
    let len = symbol.chars().count().max(1);
    let size = match len {
        1 => r * 1.25,
        2 => r * 0.95,
        _ => r * 2.4 / len as f64,
    };
    let _ = write!(
        out,
        "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\" fill=\"{fill}\" \
         stroke=\"#000000\" stroke-width=\"1.5\"/><text x=\"{cx:.1}\" y=\"{cy:.1}\" \
         font-size=\"{size:.1}\" fill=\"{}\" text-anchor=\"middle\" \
         dominant-baseline=\"central\" font-weight=\"bold\">{}</text>",
        pieces::ink(fill),
        esc(symbol)
    );
}

/// How a diagram draws pieces: the set chosen for its layout, and the glyphs it has used
/// (defined once each in the diagram's `<defs>`).
struct Drawer {
    set: Option<PieceSet>,
    used: Vec<&'static Glyph>,
}

impl Drawer {
    fn new(layout: &Layout) -> Drawer {
        Drawer {
            set: PieceSet::for_layout(layout),
            used: Vec::new(),
        }
    }

    /// The glyph of `p`: from the layout's set, else from any set.
    fn glyph(&self, p: &PieceLayout) -> Option<&'static Glyph> {
        self.set
            .and_then(|s| s.glyph(&p.symbol, &p.name))
            .or_else(|| pieces::glyph(&p.symbol, &p.name))
    }

    /// Draws `p` in the square of side `size` at `(x, y)`, in `fill`, with `title` (if not
    /// empty) for a tooltip: its glyph, or its letter in a disc.
    #[allow(clippy::too_many_arguments)]
    fn piece(
        &mut self,
        out: &mut String,
        x: f64,
        y: f64,
        size: f64,
        p: &PieceLayout,
        fill: &str,
        title: &str,
    ) {
        if !title.is_empty() {
            let _ = write!(out, "<g><title>{}</title>", esc(title));
        }
        match self.glyph(p) {
            Some(g) => {
                if !self.used.iter().any(|u| core::ptr::eq(*u, g)) {
                    self.used.push(g);
                }
                let fill = colour(fill);
                let _ = write!(
                    out,
                    "<use xlink:href=\"#{}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{size:.1}\" \
                     height=\"{size:.1}\" fill=\"{fill}\" color=\"{}\"/>",
                    g.id(),
                    pieces::ink(fill)
                );
            }
            None => disc(
                out,
                x + size / 2.0,
                y + size / 2.0,
                size * 0.42,
                &p.symbol,
                fill,
            ),
        }
        out.push_str(if title.is_empty() { "\n" } else { "</g>\n" });
    }

    /// The pieces of the legend: those on the boards or in flight that are not FIDE pieces
    /// (other glyphs, or letters in discs), as `(symbol, name)`, sorted and without repeats.
    fn legend(&self, layout: &Layout) -> Vec<PieceLayout> {
        let on_boards = layout
            .boards
            .iter()
            .flat_map(|b| b.cells.iter().flatten())
            .filter_map(|c| c.piece.as_ref());
        let mut out: Vec<PieceLayout> = on_boards
            .chain(layout.in_flight.iter().map(|f| &f.piece))
            .filter(|p| self.glyph(p).is_none_or(|g| !g.is_fide_piece()))
            .map(|p| PieceLayout::new(p.symbol.clone(), 0, p.name.clone()))
            .collect();
        out.sort_by(|a, b| (&a.symbol, &a.name).cmp(&(&b.symbol, &b.name)));
        out.dedup();
        out
    }
}

/// One line of the legend.
const LEGEND_LINE: f64 = 28.0;
/// A piece in the legend and in the list of pieces in flight.
const SMALL_PIECE: f64 = 24.0;
/// Where the legend's entries start, after "Pieces:".
const LEGEND_INDENT: f64 = 62.0;

/// The legend's entries `(x, row)` for a diagram `width` px wide: a piece, its letter and its
/// name, as many to a row as fit.
fn legend_places(legend: &[PieceLayout], width: f64) -> Vec<(f64, usize)> {
    let mut places = Vec::with_capacity(legend.len());
    let (mut x, mut row) = (MARGIN + LEGEND_INDENT, 0);
    for p in legend {
        let w = SMALL_PIECE
            + 6.0
            + 8.0 * (p.symbol.chars().count() + 1 + p.name.chars().count()) as f64
            + 16.0;
        if x + w > width - MARGIN && x > MARGIN + LEGEND_INDENT {
            x = MARGIN + LEGEND_INDENT;
            row += 1;
        }
        places.push((x, row));
        x += w;
    }
    places
}

/// The SVG picture of `layout`, with `title` (for instance the variant id) on top, and the
/// result instead of the player to move once the game is over. The pieces are drawn with
/// [`PieceSet::for_layout`]'s glyphs (Xiang Qi's where the layout has a General).
pub fn render(layout: &Layout, title: &str) -> String {
    let mut drawer = Drawer::new(layout);
    let legend = drawer.legend(layout);
    let sizes: Vec<(f64, f64)> = layout.boards.iter().map(board_size).collect();
    let boards_w: f64 =
        sizes.iter().map(|s| s.0).sum::<f64>() + GAP * sizes.len().saturating_sub(1) as f64;
    let boards_h = sizes.iter().map(|s| s.1).fold(0.0, f64::max);
    let width = (2.0 * MARGIN + boards_w).max(420.0);
    let legend_at = legend_places(&legend, width);
    let legend_rows = legend_at.last().map_or(0, |&(_, row)| row + 1);
    let footer_lines = 1
        + usize::from(!layout.notes.is_empty())
        + if layout.in_flight.is_empty() {
            0
        } else {
            1 + layout.in_flight.len()
        };
    let height = 2.0 * MARGIN
        + TITLE
        + boards_h
        + footer_lines as f64 * LINE
        + legend_rows as f64 * LEGEND_LINE;

    // The pictures, then the header with the glyphs they use.
    let mut out = String::new();
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
    let owner = |i: usize| {
        layout.players.get(i).map_or(("#808080", "?"), |pl| {
            (pl.colour.as_str(), pl.name.as_str())
        })
    };

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
            // the piece smaller and lower so that the two never overlap.
            let spelled = format!(
                "{}{}",
                b.file_labels.get(f).map_or("", String::as_str),
                b.rank_labels.get(r).map_or("", String::as_str)
            );
            let named = prefix.is_none() && spelled != cell.name;
            let (top_room, size) = if named {
                (NAME_ROOM + 0.5, CELL - NAME_ROOM - 1.0)
            } else {
                (0.0, CELL)
            };
            if let Some(p) = &cell.piece {
                let (fill, owner) = owner(p.owner);
                drawer.piece(
                    &mut out,
                    x + (CELL - size) / 2.0,
                    y + top_room,
                    size,
                    p,
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

    // Footer: players, notes, the legend, pieces in flight.
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
        // The legend's rows, in the first player's colour (or white).
        let fill = layout
            .players
            .first()
            .map_or("#ffffff", |p| p.colour.as_str());
        let first = y + (LINE + LEGEND_LINE) / 2.0;
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{first:.1}\" font-size=\"13\" dominant-baseline=\"central\" \
             fill=\"#303030\">Pieces:</text>"
        );
        for (p, &(px, row)) in legend.iter().zip(&legend_at) {
            let cy = first + row as f64 * LEGEND_LINE;
            drawer.piece(
                &mut out,
                px,
                cy - SMALL_PIECE / 2.0,
                SMALL_PIECE,
                p,
                fill,
                "",
            );
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{cy:.1}\" font-size=\"13\" dominant-baseline=\"central\" \
                 fill=\"#303030\">{}</text>",
                px + SMALL_PIECE + 6.0,
                esc(&format!("{} {}", p.symbol, p.name))
            );
        }
        // The centre of the line before the next one.
        y = first + (legend_rows as f64 - 0.5) * LEGEND_LINE - LINE / 2.0;
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
            let (fill, owner) = owner(f.piece.owner);
            let size = LINE - 1.0;
            drawer.piece(
                &mut out,
                MARGIN,
                y - size / 2.0,
                size,
                &f.piece,
                fill,
                &format!("{owner} {}", f.piece.name),
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

    let mut head = String::new();
    let _ = write!(
        head,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         version=\"1.1\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" \
         font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
    );
    if !drawer.used.is_empty() {
        head.push_str("<defs>\n");
        for g in &drawer.used {
            head.push_str(&g.symbol_element());
            head.push('\n');
        }
        head.push_str("</defs>\n");
    }
    head + &out
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
    fn ink_contrasts_with_the_fill() {
        assert_eq!(pieces::ink("#ffffff"), "#000000");
        assert_eq!(pieces::ink("#202020"), "#ffffff");
        assert_eq!(pieces::ink("#f2c300"), "#000000");
        assert_eq!(pieces::ink("#1f5fd6"), "#ffffff");
        assert_eq!(pieces::ink("#fff"), "#000000");
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
        b.cells[1].as_mut().unwrap().piece = Some(PieceLayout::new("X", 1, "xenon"));
        let s = render(&Layout::new(vec![b], Player::two()), "t");
        let name_line = s.lines().find(|l| l.contains(">cell0</text>")).unwrap();
        let baseline = attr(name_line, "y")[0];
        let king = s.lines().find(|l| l.contains("<title>White king")).unwrap();
        assert!(king.contains("xlink:href=\"#piece-king\""), "{king}");
        let top = attr(king, "y")[0];
        assert!(
            top > baseline + 1.0,
            "glyph top {top} vs name baseline {baseline}"
        );
        // The glyph's box holds the glyph (its own box's margins are blank) inside the cell.
        let (x, size) = (attr(king, "x")[0], attr(king, "width")[0]);
        let cell = attr(s.lines().find(|l| l.contains("<title>cell0")).unwrap(), "x")[0];
        assert!(
            x >= cell && x + size <= cell + CELL && top + size <= attr(name_line, "y")[0] + CELL
        );
        // An unknown piece is its letter in a disc, below the name too.
        let other = s
            .lines()
            .find(|l| l.contains("<title>Black xenon"))
            .unwrap();
        let (cy, r) = (attr(other, "cy")[0], attr(other, "r")[0]);
        assert!(cy - r > baseline + 2.0, "disc top {} vs {baseline}", cy - r);
    }

    #[test]
    fn a_legend_shows_and_names_the_pieces_that_are_not_fide_pieces() {
        let mut b = BoardLayout::grid("b", 4, 1, |f, _| format!("{f}"));
        b.cells[0].as_mut().unwrap().piece = Some(PieceLayout::new("U", 0, "Unicorn"));
        b.cells[1].as_mut().unwrap().piece = Some(PieceLayout::new("K", 1, "king"));
        b.cells[2].as_mut().unwrap().piece = Some(PieceLayout::new("U", 1, "Unicorn"));
        b.cells[3].as_mut().unwrap().piece = Some(PieceLayout::new("C", 1, "crab"));
        let mut l = Layout::new(vec![b], Player::two());
        let s = render(&l, "t");
        assert_eq!(s.matches(">Pieces:<").count(), 1, "{s}");
        assert_eq!(s.matches(">C crab<").count(), 1, "{s}");
        assert_eq!(s.matches(">U Unicorn<").count(), 1, "{s}");
        assert!(!s.contains(">K king<"));
        // The crab's glyph is defined once and drawn twice: on its cell and in the legend.
        assert_eq!(s.matches("<symbol id=\"piece-crab\"").count(), 1);
        assert_eq!(s.matches("xlink:href=\"#piece-crab\"").count(), 2);
        // The unicorn has no glyph: a disc on each of its cells and one in the legend.
        assert_eq!(s.matches(">U</text>").count(), 3);
        for c in [0, 2, 3] {
            l.boards[0].cells[c].as_mut().unwrap().piece = None;
        }
        assert!(!render(&l, "t").contains("Pieces:"));
    }

    #[test]
    fn a_long_legend_wraps_inside_the_picture() {
        let mut b = BoardLayout::grid("b", 8, 3, |f, r| format!("{f}{r}"));
        for (i, c) in b.cells.iter_mut().flatten().enumerate() {
            c.piece = Some(PieceLayout::new(
                format!("Z{i}"),
                0,
                format!("long name {i}"),
            ));
        }
        let s = render(&Layout::new(vec![b], Player::two()), "t");
        let width = attr(s.lines().next().unwrap(), "width")[0];
        let height = attr(s.lines().next().unwrap(), "height")[0];
        let entries: Vec<&str> = s
            .lines()
            .filter(|l| l.starts_with("<text") && l.contains(" long name "))
            .collect();
        assert_eq!(entries.len(), 24, "{s}");
        let mut rows: Vec<f64> = entries.iter().map(|l| attr(l, "y")[0]).collect();
        rows.dedup();
        assert!(rows.len() > 2, "{rows:?}");
        for l in entries {
            let (x, y) = (attr(l, "x")[0], attr(l, "y")[0]);
            let text = l.split('>').nth(1).unwrap().trim_end_matches("</text");
            assert!(x + 8.0 * text.len() as f64 <= width - MARGIN, "{l}");
            assert!(y + SMALL_PIECE / 2.0 <= height - MARGIN / 2.0, "{l}");
        }
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
        assert!(s.contains("<title>Blue knight</title><use xlink:href=\"#piece-knight\""));
        assert!(s.contains("fill=\"#1f5fd6\" color=\"#ffffff\""));
        assert!(s.contains("Yellow (to move)"));
        assert!(s.contains(LAST_MOVE));
        assert!(s.contains("stroke-dasharray"));
        // 5 cells per board (one hole), names drawn inside since labels do not spell them.
        assert_eq!(s.matches("<rect x=").count(), 2 * 5 + 2);
        assert!(s.contains(">X00</text>"));
    }
}
