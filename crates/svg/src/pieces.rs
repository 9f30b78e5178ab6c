//! The piece sets: one SVG glyph for every piece of every variant, drawn for this project
//! (no font, no image, no third-party art), and the sets that the diagrams and the web page
//! draw them from.
//!
//! # Glyphs
//!
//! A glyph is an SVG fragment in a 100 x 100 box ([`VIEW_BOX`]) that takes its colours from
//! where it is used, so one shape serves every player:
//! - `fill`: the owner's colour, the body of the piece ([`Player::colour`]);
//! - `color`: the *ink*, black or white, whichever contrasts with the fill ([`ink`]): inner
//!   lines, eyes, the marks of Redistribution's components, Xiang Qi's characters;
//! - the outline is black (`stroke="#000"`, width 3), set with the round joins by
//!   [`Glyph::symbol_element`] and [`Glyph::to_svg`].
//!
//! The looks:
//! - **FIDE pieces** (and Dimension Chess's, Hyperspace's, three-level's): Staunton diagram
//!   shapes on a common base.
//! - **Dimension X**: the Crab (from above, claws raised), the Spitting Cobra (reared, hood
//!   spread, spitting) and the Spider (from above, eight legs).
//! - **three-level's promoted pieces** (TL-21): the base piece with a star badge in the top
//!   right corner (Emperor = King, Diarch = Queen, Moderator = Bishop, Cavallander = Knight,
//!   Vicereine = Rook).
//! - **three-level-xiangqi**: discs with the characters drawn as strokes: 帥 General,
//!   士 Ferz (advisor), 相 Elephant, 車 Rook (chariot), 馬 Knight (horse), 兵 Point (soldier).
//! - **Redistribution**: a tile that shows where the piece leaps, as a move diagram, one mark
//!   per component: a dot one step away for the Wazir (orthogonal) and the Ferz (diagonal),
//!   a ring two steps away for the Dabbaba and the Elephant, and at the centre, for the
//!   triagonals that leave the plane, a dot for the Viceroy and a ring for the Eunuch. A
//!   combination carries the marks of all its components (the Pasha, W F D E, has all sixteen
//!   outer marks); the Emperor's tile has a crown.
//!
//! # Sets
//!
//! A [`PieceSet`] is the glyphs of one kind of game, found by variant id
//! ([`PieceSet::for_variant`]) or by the pieces of a layout ([`PieceSet::for_layout`]). It
//! looks a piece up by what the layout gives ([`PieceLayout`]'s `symbol` and `name`; the name
//! compares without regard to ASCII case), and writes itself as a sprite of `<symbol>`s
//! ([`PieceSet::sprite`]) or as JSON ([`PieceSet::to_json`]) for a web page.
//!
//! ```
//! use dimchess_svg::pieces::{self, PieceSet};
//!
//! // One piece, as a stand-alone picture.
//! let knight = pieces::glyph("N", "knight").unwrap();
//! let picture = knight.to_svg("#ffffff", 64.0);
//! assert!(picture.starts_with("<svg") && picture.contains("fill=\"#ffffff\""));
//!
//! // A page puts a variant's sprite in its document once ...
//! let set = PieceSet::for_variant("three-level-xiangqi").unwrap();
//! let sprite = set.sprite();
//! assert_eq!(sprite.matches("<symbol ").count(), 6);
//! // ... and draws each piece of a layout by its glyph's id, in its owner's colour.
//! let rook = set.glyph("R", "Rook").unwrap(); // 車 in this set
//! let red = "#d62728";
//! let piece = format!(
//!     "<use href=\"#{}\" width=\"44\" height=\"44\" fill=\"{red}\" color=\"{}\"/>",
//!     rook.id(),
//!     pieces::ink(red)
//! );
//! assert_eq!(piece, "<use href=\"#piece-xq-chariot\" width=\"44\" height=\"44\" \
//!                    fill=\"#d62728\" color=\"#ffffff\"/>");
//! // The same letter and name is a Staunton rook elsewhere.
//! assert_eq!(pieces::glyph("R", "rook").unwrap().id(), "piece-rook");
//! ```
//!
//! [`Player::colour`]: dimchess_core::layout::Player::colour

use core::fmt::Write as _;
use std::borrow::Cow;
use std::sync::LazyLock;

use dimchess_core::layout::{Layout, PieceLayout};

/// The box every glyph is drawn in: `viewBox` of its `<symbol>` or `<svg>`.
pub const VIEW_BOX: &str = "0 0 100 100";

/// The outline attributes every glyph is drawn with.
const OUTLINE: &str =
    "stroke=\"#000\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\"";

/// Which kind of game a glyph belongs to; a [`PieceSet`] is a list of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// The six FIDE pieces.
    Staunton,
    /// Dimension X's Crab, Spitting Cobra and Spider.
    DimensionX,
    /// three-level's promoted pieces (TL-21).
    Promoted,
    /// The Xiang Qi pieces of three-level-xiangqi.
    XiangQi,
    /// Redistribution's 19 pieces.
    Redistribution,
}

/// One piece's glyph: the shape of every piece of one type, whoever owns it.
#[derive(Debug)]
pub struct Glyph {
    id: &'static str,
    symbol: &'static str,
    name: &'static str,
    family: Family,
    body: Cow<'static, str>,
}

impl Glyph {
    /// The element id of its `<symbol>` in a sprite or a diagram (`piece-king`,
    /// `piece-xq-chariot`, `piece-rd-pasha`): unique over every set, so sprites of several
    /// sets can share a document.
    pub fn id(&self) -> &str {
        self.id
    }

    /// The piece symbol it draws, as a layout gives it (`K`, `S`, `N`).
    pub fn symbol(&self) -> &str {
        self.symbol
    }

    /// The piece name it draws, in lower case (`king`, `spitting cobra`, `pasha`).
    pub fn name(&self) -> &str {
        self.name
    }

    /// The SVG fragment: shapes in the box [`VIEW_BOX`], coloured by the context's `fill`
    /// and `color` and outlined by its `stroke` (see the [module](self) documentation).
    pub fn body(&self) -> &str {
        &self.body
    }

    /// Whether it draws one of the six FIDE pieces (which need no legend).
    pub fn is_fide_piece(&self) -> bool {
        self.family == Family::Staunton
    }

    /// Whether it draws `symbol` and `name` (the name compared without regard to ASCII case).
    fn draws(&self, symbol: &str, name: &str) -> bool {
        self.symbol == symbol && self.name.eq_ignore_ascii_case(name)
    }

    /// The glyph as a `<symbol>` element with its id, box and outline, for a sprite or a
    /// diagram's `<defs>`; draw it with `<use href="#id" fill=".." color=".."/>`.
    ///
    /// ```
    /// let pawn = dimchess_svg::pieces::glyph("P", "pawn").unwrap();
    /// assert!(pawn.symbol_element().starts_with("<symbol id=\"piece-pawn\" viewBox=\"0 0 100 100\""));
    /// ```
    pub fn symbol_element(&self) -> String {
        format!(
            "<symbol id=\"{}\" viewBox=\"{VIEW_BOX}\" {OUTLINE}>{}</symbol>",
            self.id, self.body
        )
    }

    /// The glyph alone as an SVG picture `size` px square, filled with `fill` (a `#rgb` or
    /// `#rrggbb` colour; anything else is drawn grey) and inked to contrast with it.
    ///
    /// ```
    /// let spider = dimchess_svg::pieces::glyph("A", "spider").unwrap();
    /// let black = spider.to_svg("#202020", 32.0);
    /// assert!(black.contains("fill=\"#202020\" color=\"#ffffff\""));
    /// ```
    pub fn to_svg(&self, fill: &str, size: f64) -> String {
        let fill = crate::colour(fill);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" \
             viewBox=\"{VIEW_BOX}\" fill=\"{fill}\" color=\"{}\" {OUTLINE}>{}</svg>",
            ink(fill),
            self.body
        )
    }
}

/// Black or white, whichever reads better on `colour` (a `#rgb` or `#rrggbb` colour;
/// anything else counts as grey): the ink of a piece of that colour.
///
/// ```
/// use dimchess_svg::pieces::ink;
/// assert_eq!(ink("#ffffff"), "#000000");
/// assert_eq!(ink("#202020"), "#ffffff");
/// assert_eq!(ink("#f2c300"), "#000000"); // three-level's Yellow
/// ```
pub fn ink(colour: &str) -> &'static str {
    let hex = crate::colour(colour).trim_start_matches('#');
    let n = hex.len() / 3;
    let channel = |i: usize| {
        let v = u8::from_str_radix(&hex[i * n..i * n + n], 16).unwrap_or(128);
        if n == 1 {
            f64::from(v * 17)
        } else {
            f64::from(v)
        }
    };
    let lum = 0.299 * channel(0) + 0.587 * channel(1) + 0.114 * channel(2);
    if lum > 140.0 { "#000000" } else { "#ffffff" }
}

// ---------------------------------------------------------------------------------------
// The shapes. Body parts are filled with the owner's colour and outlined; `currentColor`
// draws in the ink.

/// The base under every Staunton piece.
macro_rules! base {
    () => {
        "<path d=\"M22 92h56v-6c0-2-2-4-4-4H26c-2 0-4 2-4 4z\"/>"
    };
}

/// The stem and the collar of the King and the Queen.
macro_rules! royal_stem {
    () => {
        "<path d=\"M32 82c3-8 7-14 9-20h18c2 6 6 12 9 20z\"/>"
    };
}
macro_rules! royal_collar {
    () => {
        "<path d=\"M35 62h30c2 0 3-1 3-3s-1-3-3-3H35c-2 0-3 1-3 3s1 3 3 3z\"/>"
    };
}

const KING: &str = concat!(
    royal_stem!(),
    "<path d=\"M36 56c-4-8-8-18-8-26 0-2 2-3 4-3 6 0 10 4 18 4s12-4 18-4c2 0 4 1 4 3 \
     0 8-4 18-8 26z\"/>",
    "<path d=\"M47 6h6v6h6v6h-6v8h-6v-8h-6v-6h6z\"/>",
    royal_collar!(),
    base!(),
);

const QUEEN: &str = concat!(
    royal_stem!(),
    "<path d=\"M36 56 27 28l9 10 2-18 7 16 5-20 5 20 7-16 2 18 9-10-9 28z\"/>",
    "<circle cx=\"27\" cy=\"27\" r=\"4\"/><circle cx=\"38\" cy=\"19\" r=\"4\"/>",
    "<circle cx=\"50\" cy=\"14\" r=\"4\"/><circle cx=\"62\" cy=\"19\" r=\"4\"/>",
    "<circle cx=\"73\" cy=\"27\" r=\"4\"/>",
    royal_collar!(),
    base!(),
);

const ROOK: &str = concat!(
    "<path d=\"M30 32h40V16h-8v6h-7v-6H45v6h-7v-6h-8z\"/>",
    "<path d=\"m34 72 2-34h28l2 34z\"/>",
    "<path d=\"M27 38h46v-6H27z\"/>",
    "<path d=\"M28 82h44l-4-10H32z\"/>",
    base!(),
    "<path fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" d=\"M38 42h24M36 68h28\"/>",
);

const BISHOP: &str = concat!(
    "<path d=\"M33 82c2-10 8-16 10-22h14c2 6 8 12 10 22z\"/>",
    "<path d=\"M50 15c-10 8-16 19-16 28 0 7 5 11 16 11s16-4 16-11c0-9-6-20-16-28z\"/>",
    "<circle cx=\"50\" cy=\"12\" r=\"5\"/>",
    "<path d=\"M36 60h28c2 0 3-1 3-3s-1-3-3-3H36c-2 0-3 1-3 3s1 3 3 3z\"/>",
    base!(),
    "<path fill=\"none\" stroke=\"currentColor\" stroke-width=\"3.5\" d=\"M58 29 47 40\"/>",
);

const KNIGHT: &str = concat!(
    "<path d=\"M30 82c0-10 6-18 14-24-4 4-10 8-16 9-6 1-11-2-11-7s4-11 9-17l8-12 6-9 1-14 \
     9 9c14 0 27 12 29 31 2 14-2 24-5 34z\"/>",
    base!(),
    "<path fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" \
     d=\"M55 21c11 4 17 16 18 31M19 61q4 1 8-2\"/>",
    "<circle cx=\"35\" cy=\"34\" r=\"2.8\" fill=\"currentColor\" stroke=\"none\"/>",
);

const PAWN: &str = concat!(
    "<path d=\"M31 82c0-14 8-22 13-28h12c5 6 13 14 13 28z\"/>",
    "<circle cx=\"50\" cy=\"36\" r=\"12\"/>",
    "<path d=\"M37 54h26c2 0 3-1 3-3s-1-3-3-3H37c-2 0-3 1-3 3s1 3 3 3z\"/>",
    base!(),
);

/// Dimension X's Crab, from above: six legs, claws raised, eyes on stalks.
const CRAB: &str = concat!(
    "<path fill=\"none\" stroke-width=\"4.5\" d=\"M34 60 20 54l-8 6M32 66H16l-6 8M35 72l-13 6-4 \
     10M66 60l14-6 8 6M68 66h16l6 8M65 72l13 6 4 10M40 56l-8-14M60 56l8-14\"/>",
    "<path d=\"M32 44c-10-2-16-10-14-20l8 7 1-11c9 3 12 16 5 24z\"/>",
    "<path d=\"M68 44c10-2 16-10 14-20l-8 7-1-11c-9 3-12 16-5 24z\"/>",
    "<ellipse cx=\"50\" cy=\"66\" rx=\"21\" ry=\"15\"/>",
    "<circle cx=\"44\" cy=\"50\" r=\"3.5\"/><circle cx=\"56\" cy=\"50\" r=\"3.5\"/>",
    "<path fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" d=\"M42 68q8 6 16 0\"/>",
);

/// Dimension X's Spitting Cobra, reared from its coils with its hood spread, spitting.
const COBRA: &str = concat!(
    "<ellipse cx=\"50\" cy=\"85\" rx=\"30\" ry=\"6\"/>",
    "<ellipse cx=\"52\" cy=\"77\" rx=\"22\" ry=\"5.5\"/>",
    "<path d=\"M52 75c-4-9-2-15 2-21l12 2c-4 6-5 12 0 19z\"/>",
    "<path d=\"M60 16c14 2 22 18 18 32-2 8-8 14-16 14-8-2-18-12-18-26 0-12 6-20 16-20z\"/>",
    "<path d=\"M58 20c-6-7-20-6-31 0-5 3-5 9 1 10 10 2 22 2 32-2z\"/>",
    "<path fill=\"none\" stroke-width=\"2.5\" d=\"M23 26h-9l-4-3m4 3-4 3\"/>",
    "<path fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" \
     d=\"M54 38c4 6 12 8 18 6M52 48c6 5 12 6 18 4\"/>",
    "<circle cx=\"44\" cy=\"21\" r=\"2.5\" fill=\"currentColor\" stroke=\"none\"/>",
    "<g stroke-width=\"1.5\"><circle cx=\"10\" cy=\"14\" r=\"3\"/><circle cx=\"18\" cy=\"9\" \
     r=\"2.5\"/><circle cx=\"7\" cy=\"33\" r=\"2.5\"/></g>",
);

/// Dimension X's Spider, from above: eight legs, a cross on its back.
const SPIDER: &str = concat!(
    "<path fill=\"none\" stroke-width=\"4.5\" d=\"M45 46 30 28l-6-14M44 52 22 42l-10 8M44 58 24 \
     64l-10 14M46 62 34 76l-2 14M55 46l15-18 6-14M56 52l22-10 10 8M56 58l20 6 10 14M54 62l12 \
     14 2 14\"/>",
    "<ellipse cx=\"50\" cy=\"68\" rx=\"14\" ry=\"17\"/>",
    "<circle cx=\"50\" cy=\"44\" r=\"10\"/>",
    "<path fill=\"none\" stroke=\"currentColor\" stroke-width=\"3\" d=\"M50 60v14M44 66h12\"/>",
);

/// The mark of a promoted piece (TL-21): a star in an ink disc at the top right.
const STAR_BADGE: &str = concat!(
    "<circle cx=\"83\" cy=\"17\" r=\"13\" fill=\"currentColor\" stroke-width=\"2.5\"/>",
    "<path stroke=\"none\" d=\"m83 7 2.9 6 6.6.8-4.9 4.5 1.3 6.5-5.9-3.3-5.9 3.3 1.3-6.5-4.9-4.5 \
     6.6-.8z\"/>",
);

/// The disc of a Xiang Qi piece, with its inner ring.
const XQ_DISC: &str = "<circle cx=\"50\" cy=\"50\" r=\"45\"/><circle cx=\"50\" cy=\"50\" r=\"37\" \
                       fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\"/>";

/// Xiang Qi characters, as stroke paths in ink (the same shapes as any Chinese typeface's,
/// drawn by hand): 帥 士 相 車 馬 兵.
const XQ_GENERAL: &str =
    "M37 20l-5 8M32 28v44M32 29h12v15H32M32 50h13v16H32M52 38v26M52 38h21v24l-4-3M62 20v60";
const XQ_ADVISOR: &str = "M27 42h46M50 24v46M35 71h30";
const XQ_ELEPHANT: &str =
    "M26 39h22M37 23v54M37 41c-2 10-6 17-11 23M38 44l8 9M54 27h18v45H54zM54 42h18M54 57h18";
const XQ_CHARIOT: &str = "M29 26h42M33 36h34v26H33zM33 49h34M50 18v62M27 71h46";
const XQ_HORSE: &str = "M34 22v35M34 22h34M34 33h32M34 44h32M51 22v35M34 57h38v17l-5-3M38 \
                        63l-3 8M46 63l-1 8M54 63l1 8M62 63l2 7";
const XQ_SOLDIER: &str =
    "M62 20 40 27M40 27v31M40 42h26M58 42v16M25 58h50M42 64q-4 8-12 13M58 64q6 7 12 12";

/// A Xiang Qi piece: the disc and the character's strokes.
fn xiangqi(strokes: &str) -> String {
    format!(
        "{XQ_DISC}<path fill=\"none\" stroke=\"currentColor\" stroke-width=\"5.5\" d=\"{strokes}\"/>"
    )
}

/// Redistribution's tile.
const RD_TILE: &str = "<rect x=\"5\" y=\"5\" width=\"90\" height=\"90\" rx=\"12\"/>";
/// The Emperor's tile, crowned.
const RD_CROWN: &str = "<path d=\"M7 93V32l14 6 14-22 15 14 15-14 14 22 14-6v61z\"/>";

/// Circles of radius `r` centred at `points`, as path data.
fn circles(points: &[(i32, i32)], r: f64) -> String {
    let mut d = String::new();
    for &(x, y) in points {
        let _ = write!(
            d,
            "M{} {y}a{r} {r} 0 1 0 {} 0a{r} {r} 0 1 0 -{} 0",
            f64::from(x) - r,
            2.0 * r,
            2.0 * r
        );
    }
    d
}

/// The tile of a Redistribution piece of `components` (letters `W F V D E U`, RD-3) as a
/// move diagram, centred at `(cx, cy)` with one-step marks `near` from the centre: dots
/// for the one-step components, rings for the two-step ones; the triagonal components, which
/// leave the plane, at the centre.
fn redistribution(tile: &str, components: &str, (cx, cy): (i32, i32), near: i32) -> String {
    let far = 35;
    let ring4 = |d: i32| [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)];
    let cross4 = |d: i32| {
        [
            (cx - d, cy - d),
            (cx + d, cy - d),
            (cx + d, cy + d),
            (cx - d, cy + d),
        ]
    };
    let (mut dots, mut rings) = (String::new(), String::new());
    for c in components.chars() {
        match c {
            'W' => dots += &circles(&ring4(near), 6.0),
            'F' => dots += &circles(&cross4(near), 6.0),
            'V' => dots += &circles(&[(cx, cy)], 5.5),
            'D' => rings += &circles(&ring4(far), 6.0),
            'E' => rings += &circles(&cross4(far), 6.0),
            'U' => rings += &circles(&[(cx, cy)], 9.0),
            _ => {}
        }
    }
    let mut body = tile.to_string();
    if !dots.is_empty() {
        let _ = write!(
            body,
            "<path fill=\"currentColor\" stroke=\"none\" d=\"{dots}\"/>"
        );
    }
    if !rings.is_empty() {
        let _ = write!(
            body,
            "<path fill=\"none\" stroke=\"currentColor\" d=\"{rings}\"/>"
        );
    }
    body
}

/// Redistribution's 19 pieces (RD-3): id, letter, name, components.
const REDISTRIBUTION: [(&str, &str, &str, &str); 19] = [
    ("piece-rd-emperor", "K", "emperor", "WFV"),
    ("piece-rd-prince", "P", "prince", "WF"),
    ("piece-rd-duke", "D", "duke", "WV"),
    ("piece-rd-wazbaba", "W", "wazbaba", "WD"),
    ("piece-rd-waffle", "L", "waffle", "WE"),
    ("piece-rd-wazzock", "O", "wazzock", "WU"),
    ("piece-rd-baron", "B", "baron", "FV"),
    ("piece-rd-fezbaba", "Z", "fezbaba", "FD"),
    ("piece-rd-fearful", "F", "fearful", "FE"),
    ("piece-rd-fezzock", "C", "fezzock", "FU"),
    ("piece-rd-vicbaba", "I", "vicbaba", "VD"),
    ("piece-rd-wilful", "U", "wilful", "VE"),
    ("piece-rd-vinnock", "V", "vinnock", "VU"),
    ("piece-rd-alibaba", "A", "alibaba", "DE"),
    ("piece-rd-dybbuk", "Y", "dybbuk", "DU"),
    ("piece-rd-elk", "E", "elk", "EU"),
    ("piece-rd-pasha", "S", "pasha", "WFDE"),
    ("piece-rd-khan", "H", "khan", "WVDU"),
    ("piece-rd-imam", "M", "imam", "FVEU"),
];

/// Every glyph, built once.
static GLYPHS: LazyLock<Vec<Glyph>> = LazyLock::new(|| {
    let fixed = |id, symbol, name, family, body: &'static str| Glyph {
        id,
        symbol,
        name,
        family,
        body: Cow::Borrowed(body),
    };
    let made = |id, symbol, name, family, body: String| Glyph {
        id,
        symbol,
        name,
        family,
        body: Cow::Owned(body),
    };
    use Family::*;
    let mut all = vec![
        fixed("piece-king", "K", "king", Staunton, KING),
        fixed("piece-queen", "Q", "queen", Staunton, QUEEN),
        fixed("piece-rook", "R", "rook", Staunton, ROOK),
        fixed("piece-bishop", "B", "bishop", Staunton, BISHOP),
        fixed("piece-knight", "N", "knight", Staunton, KNIGHT),
        fixed("piece-pawn", "P", "pawn", Staunton, PAWN),
        fixed("piece-crab", "C", "crab", DimensionX, CRAB),
        fixed("piece-cobra", "S", "spitting cobra", DimensionX, COBRA),
        fixed("piece-spider", "A", "spider", DimensionX, SPIDER),
    ];
    for (id, symbol, name, base) in [
        ("piece-emperor", "E", "emperor", KING),
        ("piece-diarch", "D", "diarch", QUEEN),
        ("piece-moderator", "M", "moderator", BISHOP),
        ("piece-cavallander", "C", "cavallander", KNIGHT),
        ("piece-vicereine", "V", "vicereine", ROOK),
    ] {
        all.push(made(
            id,
            symbol,
            name,
            Promoted,
            format!("{base}{STAR_BADGE}"),
        ));
    }
    for (id, symbol, name, strokes) in [
        ("piece-xq-general", "G", "general", XQ_GENERAL),
        ("piece-xq-advisor", "F", "ferz", XQ_ADVISOR),
        ("piece-xq-elephant", "E", "elephant", XQ_ELEPHANT),
        ("piece-xq-chariot", "R", "rook", XQ_CHARIOT),
        ("piece-xq-horse", "N", "knight", XQ_HORSE),
        ("piece-xq-soldier", "P", "point", XQ_SOLDIER),
    ] {
        all.push(made(id, symbol, name, XiangQi, xiangqi(strokes)));
    }
    for (id, symbol, name, components) in REDISTRIBUTION {
        let body = if symbol == "K" {
            redistribution(RD_CROWN, components, (50, 62), 18)
        } else {
            redistribution(RD_TILE, components, (50, 50), 19)
        };
        all.push(made(id, symbol, name, Redistribution, body));
    }
    all
});

/// The glyph of a piece with this `symbol` and `name` (as [`PieceLayout`] gives them; the
/// name compared without regard to ASCII case), from any set: the Staunton pieces, Dimension
/// X's, three-level's promoted pieces, Redistribution's, then Xiang Qi's (whose Rook and
/// Knight only a [`PieceSet`] finds: the free lookup gives the Staunton ones).
///
/// ```
/// use dimchess_svg::pieces::glyph;
/// assert_eq!(glyph("S", "spitting cobra").unwrap().id(), "piece-cobra");
/// assert_eq!(glyph("E", "Emperor").unwrap().id(), "piece-emperor"); // three-level, TL-21
/// assert_eq!(glyph("K", "Emperor").unwrap().id(), "piece-rd-emperor"); // Redistribution
/// assert!(glyph("U", "Unicorn").is_none());
/// ```
pub fn glyph(symbol: &str, name: &str) -> Option<&'static Glyph> {
    GLYPHS.iter().find(|g| g.draws(symbol, name))
}

/// The glyphs of one kind of game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSet {
    name: &'static str,
    families: &'static [Family],
}

impl PieceSet {
    /// The six FIDE pieces: `fide`, `hyperspace`, `hyperspace-optional`, `dimension-chess`.
    pub const FIDE: PieceSet = PieceSet {
        name: "fide",
        families: &[Family::Staunton],
    };
    /// The FIDE pieces with the Crab, the Spitting Cobra and the Spider: `dimension-x`.
    pub const DIMENSION_X: PieceSet = PieceSet {
        name: "dimension-x",
        families: &[Family::Staunton, Family::DimensionX],
    };
    /// The FIDE pieces with their promoted forms (TL-21): `three-level`,
    /// `three-level-checkmate-promotion`.
    pub const THREE_LEVEL: PieceSet = PieceSet {
        name: "three-level",
        families: &[Family::Staunton, Family::Promoted],
    };
    /// The Xiang Qi pieces: `three-level-xiangqi`.
    pub const XIANGQI: PieceSet = PieceSet {
        name: "three-level-xiangqi",
        families: &[Family::XiangQi],
    };
    /// Redistribution's 19 pieces: `redistribution`.
    pub const REDISTRIBUTION: PieceSet = PieceSet {
        name: "redistribution",
        families: &[Family::Redistribution],
    };
    /// Every set, in the order [`PieceSet::for_layout`] tries them.
    pub const ALL: [PieceSet; 5] = [
        PieceSet::FIDE,
        PieceSet::DIMENSION_X,
        PieceSet::THREE_LEVEL,
        PieceSet::XIANGQI,
        PieceSet::REDISTRIBUTION,
    ];

    /// The set's name: the id of the variant it was drawn for.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The set of the variant `id` (the ids of `dimchess variants`), if this crate knows it.
    ///
    /// ```
    /// use dimchess_svg::pieces::PieceSet;
    /// assert_eq!(PieceSet::for_variant("hyperspace"), Some(PieceSet::FIDE));
    /// assert_eq!(PieceSet::for_variant("three-level-checkmate-promotion"), Some(PieceSet::THREE_LEVEL));
    /// assert_eq!(PieceSet::for_variant("chess960"), None);
    /// ```
    pub fn for_variant(id: &str) -> Option<PieceSet> {
        Some(match id {
            "fide" | "hyperspace" | "hyperspace-optional" | "dimension-chess" => PieceSet::FIDE,
            "dimension-x" => PieceSet::DIMENSION_X,
            "three-level" | "three-level-checkmate-promotion" => PieceSet::THREE_LEVEL,
            "three-level-xiangqi" => PieceSet::XIANGQI,
            "redistribution" => PieceSet::REDISTRIBUTION,
            _ => return None,
        })
    }

    /// The first set of [`PieceSet::ALL`] that has a glyph for every piece of `layout` (on
    /// its boards and in flight), if one has: the set a diagram of it is drawn with. A layout
    /// with a General is drawn with Xiang Qi's pieces, its Rooks and Knights too.
    pub fn for_layout(layout: &Layout) -> Option<PieceSet> {
        let pieces: Vec<&PieceLayout> = layout
            .boards
            .iter()
            .flat_map(|b| b.cells.iter().flatten())
            .filter_map(|c| c.piece.as_ref())
            .chain(layout.in_flight.iter().map(|f| &f.piece))
            .collect();
        PieceSet::ALL.into_iter().find(|set| {
            pieces
                .iter()
                .all(|p| set.glyph(&p.symbol, &p.name).is_some())
        })
    }

    /// The set's glyphs, in a fixed order.
    pub fn glyphs(&self) -> impl Iterator<Item = &'static Glyph> + use<> {
        let families = self.families;
        GLYPHS.iter().filter(move |g| families.contains(&g.family))
    }

    /// The glyph of a piece with this `symbol` and `name` in this set (the name compared
    /// without regard to ASCII case).
    pub fn glyph(&self, symbol: &str, name: &str) -> Option<&'static Glyph> {
        self.glyphs().find(|g| g.draws(symbol, name))
    }

    /// The set as a hidden SVG sprite for an HTML page: one `<symbol>` per glyph
    /// ([`Glyph::symbol_element`]), to draw with `<use href="#piece-..">`.
    pub fn sprite(&self) -> String {
        let mut out = String::from(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" \
             style=\"position:absolute\" aria-hidden=\"true\"><defs>",
        );
        for g in self.glyphs() {
            out.push_str(&g.symbol_element());
        }
        out.push_str("</defs></svg>");
        out
    }

    /// The set as JSON: `{"set": name, "viewBox": "0 0 100 100", "glyphs": [{"id",
    /// "symbol", "name", "element"}, ...]}`, each `element` a [`Glyph::symbol_element`].
    ///
    /// ```
    /// let json = dimchess_svg::pieces::PieceSet::FIDE.to_json();
    /// assert!(json.starts_with("{\"set\":\"fide\",\"viewBox\":\"0 0 100 100\",\"glyphs\":[{\"id\":\"piece-king\",\"symbol\":\"K\",\"name\":\"king\",\"element\":\"<symbol id=\\\"piece-king\\\""));
    /// ```
    pub fn to_json(&self) -> String {
        /// One glyph as the page reads it.
        #[derive(serde::Serialize)]
        struct GlyphJson<'a> {
            id: &'a str,
            symbol: &'a str,
            name: &'a str,
            element: String,
        }
        /// The set as the page reads it.
        #[derive(serde::Serialize)]
        struct SetJson<'a> {
            set: &'a str,
            #[serde(rename = "viewBox")]
            view_box: &'a str,
            glyphs: Vec<GlyphJson<'a>>,
        }
        let set = SetJson {
            set: self.name,
            view_box: VIEW_BOX,
            glyphs: self
                .glyphs()
                .map(|g| GlyphJson {
                    id: g.id,
                    symbol: g.symbol,
                    name: g.name,
                    element: g.symbol_element(),
                })
                .collect(),
        };
        // Strings and a vector of them: serializing cannot fail.
        serde_json::to_string(&set).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_keys_unique_per_set() {
        let mut ids: Vec<&str> = GLYPHS.iter().map(|g| g.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), GLYPHS.len());
        for set in PieceSet::ALL {
            let keys: Vec<(&str, &str)> = set.glyphs().map(|g| (g.symbol, g.name)).collect();
            for (i, k) in keys.iter().enumerate() {
                assert!(!keys[..i].contains(k), "{}: {k:?} twice", set.name);
            }
        }
    }

    #[test]
    fn xiangqi_rooks_and_knights_only_in_their_set() {
        assert_eq!(glyph("R", "Rook").unwrap().id, "piece-rook");
        assert_eq!(
            PieceSet::XIANGQI.glyph("N", "Knight").unwrap().id,
            "piece-xq-horse"
        );
        assert_eq!(
            PieceSet::THREE_LEVEL.glyph("N", "Knight").unwrap().id,
            "piece-knight"
        );
    }

    /// The circles of a Redistribution glyph's marks, as (x, y, radius, ring).
    fn marks(g: &Glyph) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        for path in g.body().split("<path").skip(1) {
            let ring = path.contains("fill=\"none\"");
            let d = path
                .split(" d=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            for circle in d.split('M').skip(1) {
                let start = circle.split("a").take(2).collect::<Vec<_>>().join("a");
                out.push((start, ring));
            }
        }
        out.sort();
        out
    }

    #[test]
    fn redistribution_marks_compose() {
        let kinds: Vec<(&Glyph, &str)> = PieceSet::REDISTRIBUTION
            .glyphs()
            .zip(REDISTRIBUTION.map(|k| k.3))
            .collect();
        assert_eq!(kinds.len(), 19);
        // Every component is one kind of mark; a combination has its parts' marks (RD-7):
        // Pasha = Prince + Alibaba = Wazbaba + Fearful = Waffle + Fezbaba, and so on.
        let mut pairs = 0;
        for &(quad, q) in kinds.iter().filter(|k| k.1.len() == 4) {
            for &(a, ca) in &kinds {
                for &(b, cb) in &kinds {
                    let mut both: Vec<char> = ca.chars().chain(cb.chars()).collect();
                    both.sort_unstable();
                    let mut qs: Vec<char> = q.chars().collect();
                    qs.sort_unstable();
                    if ca.len() == 2 && cb.len() == 2 && ca < cb && both == qs {
                        let mut sum = marks(a);
                        sum.extend(marks(b));
                        sum.sort();
                        assert_eq!(marks(quad), sum, "{} = {} + {}", quad.name, a.name, b.name);
                        pairs += 1;
                    }
                }
            }
        }
        assert_eq!(pairs, 9, "three splits of each quadruple");
        // Dots one step, rings two steps; each of the six components apart.
        let one = |c: &str| {
            let g = glyph_with(c);
            let m = marks(g);
            (m.len(), m.iter().all(|(_, ring)| *ring))
        };
        assert_eq!(one("WF"), (8, false));
        assert_eq!(one("DE"), (8, true));
        assert_eq!(one("VU").0, 2);
        let all: Vec<Vec<(String, bool)>> = kinds.iter().map(|k| marks(k.0)).collect();
        for (i, m) in all.iter().enumerate() {
            assert!(
                !all[..i].contains(m),
                "{} looks like another",
                kinds[i].0.name
            );
        }
    }

    fn glyph_with(components: &str) -> &'static Glyph {
        let i = REDISTRIBUTION
            .iter()
            .position(|k| k.3 == components)
            .unwrap();
        PieceSet::REDISTRIBUTION.glyphs().nth(i).unwrap()
    }

    #[test]
    fn json_reads_back_with_every_glyph() {
        for set in PieceSet::ALL {
            let v: serde_json::Value = serde_json::from_str(&set.to_json()).unwrap();
            let glyphs = v["glyphs"].as_array().unwrap();
            assert_eq!(glyphs.len(), set.glyphs().count(), "{}", set.name);
            for (j, g) in glyphs.iter().zip(set.glyphs()) {
                assert_eq!(j["element"].as_str().unwrap(), g.symbol_element());
            }
        }
    }
}
