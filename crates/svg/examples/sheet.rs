//! A sheet of every glyph of every piece set, in every player colour of the variants, on light
//! and dark squares: for looking at the art.
//!
//! ```text
//! cargo run -p dimchess-svg --example sheet -- 64 > sheet.svg
//! ```
//!
//! The argument is the size of a square in px (64 by default).

use core::fmt::Write as _;

use dimchess_svg::pieces::{PieceSet, ink};

/// White, Black, then three-level's Red, Blue, Yellow and Green.
const COLOURS: [&str; 6] = [
    "#ffffff", "#202020", "#d62728", "#1f5fd6", "#f2c300", "#2ca02c",
];
const SQUARES: [&str; 2] = ["#f0d9b5", "#b58863"];
const LABEL: f64 = 190.0;

fn main() {
    let size: f64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(64.0);
    let rows: Vec<(PieceSet, _)> = PieceSet::ALL
        .iter()
        .flat_map(|&set| set.glyphs().map(move |g| (set, g)))
        .collect();
    let width = LABEL + size * (COLOURS.len() * SQUARES.len()) as f64;
    let height = size * rows.len() as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n<defs>\n"
    );
    let mut defined = Vec::new();
    for (_, g) in &rows {
        if !defined.contains(&g.id()) {
            defined.push(g.id());
            out.push_str(&g.symbol_element());
            out.push('\n');
        }
    }
    out.push_str("</defs>\n");
    for (i, (set, g)) in rows.iter().enumerate() {
        let y = i as f64 * size;
        let _ = writeln!(
            out,
            "<text x=\"4\" y=\"{:.1}\" font-size=\"12\">{}: {} {}</text>",
            y + size / 2.0,
            set.name(),
            g.symbol(),
            g.name()
        );
        for (c, fill) in COLOURS.iter().enumerate() {
            for (s, square) in SQUARES.iter().enumerate() {
                let x = LABEL + ((2 * c + s) as f64) * size;
                let _ = writeln!(
                    out,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{square}\"/>\
                     <use xlink:href=\"#{}\" x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" \
                     fill=\"{fill}\" color=\"{}\"/>",
                    g.id(),
                    ink(fill)
                );
            }
        }
    }
    out.push_str("</svg>\n");
    print!("{out}");
}
