//! What the page shows beside a live game: each variant's piece set (the SVG sprite of
//! `dimchess-svg`, the same glyphs as `dimchess show --svg`), its legend (every piece, how it
//! moves in one line, the ruling that says so), the position at any ply of a game, the
//! rulebooks of `docs/rules`, and the favicon.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;

use dimchess_any::{Describe, registry};
use dimchess_svg::pieces::{self, PieceSet};

use crate::api::ApiError;
use crate::app::{self, App};
use crate::token;
use crate::view;

/// The routes of this module, merged into the router of [`crate::api::router`].
pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/variants/{id}/pieces", get(sprite))
        .route("/api/variants/{id}/legend", get(legend))
        .route("/api/variants/{id}/legend/{glyph}/moves", get(show_moves))
        .route("/api/games/{id}/plies/{ply}", get(ply))
        .route("/rules/{book}", get(rules))
        .route("/favicon.ico", get(favicon))
        .route("/favicon.svg", get(favicon))
}

fn not_found(what: String) -> ApiError {
    ApiError(StatusCode::NOT_FOUND, what)
}

fn set_of(id: &str) -> Result<PieceSet, ApiError> {
    let info = registry::find(id).map_err(|e| not_found(e.to_string()))?;
    PieceSet::for_variant(info.id)
        .ok_or_else(|| not_found(format!("no piece set for `{}`", info.id)))
}

fn cached(kind: &'static str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

/// `GET /api/variants/{id}/pieces`: the variant's piece set as a hidden SVG sprite, one
/// `<symbol id="piece-..">` per glyph.
async fn sprite(Path(id): Path<String>) -> Result<Response, ApiError> {
    let set = set_of(&id)?;
    Ok(cached("image/svg+xml", set.sprite()))
}

/// A piece of a legend.
#[derive(Serialize)]
struct LegendPiece {
    /// The symbol and the name as the layouts give them (the name in lower case).
    symbol: &'static str,
    name: &'static str,
    /// The id of its glyph in the sprite.
    glyph: String,
    /// How it moves, in one line.
    moves: &'static str,
    /// The ruling (or FIDE article) that says so.
    ruling: &'static str,
}

/// `GET /api/variants/{id}/legend`.
#[derive(Serialize)]
struct Legend {
    variant: &'static str,
    /// The page of the variant's rulebook.
    rules: String,
    pieces: Vec<LegendPiece>,
}

/// The rulebook of a variant id (`docs/rules/<book>.md`).
fn book_of(id: &str) -> &'static str {
    match id {
        "fide" => "fide",
        "dimension-x" => "dimension-x",
        "dimension-chess" => "dimension-chess",
        "redistribution" => "redistribution",
        i if i.starts_with("hyperspace") => "hyperspace",
        _ => "three-level",
    }
}

/// How a piece moves, in one line, and the ruling: by variant, symbol and name.
fn describe(variant: &str, symbol: &str, name: &str) -> (&'static str, &'static str) {
    let book = book_of(variant);
    let fide = |s: &str| -> Option<(&'static str, &'static str)> {
        Some(match s {
            "K" => ("One step in any direction; castles with a rook", "FIDE 3.8"),
            "Q" => (
                "Slides any distance along ranks, files and diagonals",
                "FIDE 3.4",
            ),
            "R" => ("Slides any distance along a rank or a file", "FIDE 3.3"),
            "B" => ("Slides any distance along a diagonal", "FIDE 3.2"),
            "N" => ("Leaps two squares one way and one the other", "FIDE 3.6"),
            "P" => (
                "One step forward (two from its first rank), captures diagonally forward; promotes",
                "FIDE 3.7",
            ),
            _ => return None,
        })
    };
    let found = match book {
        "fide" => fide(symbol),
        "dimension-chess" => fide(symbol).map(|(m, _)| (m, "DC-4")),
        "hyperspace" => fide(symbol).map(|(m, _)| (m, "HS-2")),
        "dimension-x" => match symbol {
            "C" => Some((
                "In Dimension X one step any way; on the FIDE board pinches an adjacent enemy",
                "DX-18",
            )),
            "S" => Some((
                "In Dimension X one or two steps in a line; on the FIDE board strikes at one or two",
                "DX-22",
            )),
            "A" => Some((
                "In Dimension X one step any way; on the FIDE board webs the adjacent enemies",
                "DX-11",
            )),
            s => fide(s).map(|(m, _)| (m, "DX-33")),
        },
        "redistribution" => redistribution(name),
        _ if variant == "three-level-xiangqi" => match symbol {
            "G" => Some(("One orthogonal step inside its fortress (royal)", "TX-4")),
            "F" => Some(("One diagonal step inside its fortress", "TX-5")),
            "E" => Some(("Two diagonal steps, not across a blocked middle", "TX-6")),
            "R" => Some(("Slides in the six orthogonal directions", "TX-8")),
            "N" => Some(("Knight leap whose leg must be empty", "TX-7")),
            "P" => Some(("One orthogonal step forward; more across the river", "TX-9")),
            _ => None,
        },
        _ => match symbol {
            "K" => Some(("One step in any of the 18 directions (royal)", "TL-5")),
            "Q" => Some((
                "Slides in the 18 orthogonal and diagonal directions",
                "TL-5",
            )),
            "R" => Some(("Slides in the 6 orthogonal directions", "TL-5")),
            "B" => Some(("Slides in the 12 diagonal directions", "TL-5")),
            "N" => Some(("Leaps by any of the 24 knight vectors", "TL-5")),
            "P" => Some(("Steps towards the far corner; promotes there", "TL-7")),
            "E" => Some(("A King plus one vertical step (promoted King)", "TL-21")),
            "D" => Some(("A Queen plus one vertical step (promoted Queen)", "TL-21")),
            "M" => Some(("A Bishop plus one vertical step (promoted Bishop)", "TL-21")),
            "C" => Some(("A Knight plus one vertical step (promoted Knight)", "TL-21")),
            "V" => Some(("A Rook plus one vertical step (promoted Rook)", "TL-21")),
            _ => None,
        },
    };
    found.unwrap_or(("See the rulebook", ""))
}

/// Redistribution's pieces: their components, each a leap (RD-2, RD-5).
fn redistribution(name: &str) -> Option<(&'static str, &'static str)> {
    let line = match name {
        "emperor" => "Emperor (royal): one step in all 26 directions (W F V)",
        "prince" => "Wazir + Ferz: one step orthogonally or flat-diagonally",
        "duke" => "Wazir + Viceroy: one step orthogonally or triagonally",
        "wazbaba" => "Wazir + Dabbaba: one or two cells orthogonally, leaping",
        "waffle" => "Wazir + Elephant: one orthogonal, or two flat-diagonal, leaping",
        "wazzock" => "Wazir + Eunuch: one orthogonal, or two triagonal, leaping",
        "baron" => "Ferz + Viceroy: one step flat-diagonally or triagonally",
        "fezbaba" => "Ferz + Dabbaba: one flat-diagonal, or two orthogonal, leaping",
        "fearful" => "Ferz + Elephant: one or two cells flat-diagonally, leaping",
        "fezzock" => "Ferz + Eunuch: one flat-diagonal, or two triagonal, leaping",
        "vicbaba" => "Viceroy + Dabbaba: one triagonal, or two orthogonal, leaping",
        "wilful" => "Viceroy + Elephant: one triagonal, or two flat-diagonal, leaping",
        "vinnock" => "Viceroy + Eunuch: one or two cells triagonally, leaping",
        "alibaba" => "Dabbaba + Elephant: two cells orthogonally or flat-diagonally, leaping",
        "dybbuk" => "Dabbaba + Eunuch: two cells orthogonally or triagonally, leaping",
        "elk" => "Elephant + Eunuch: two cells flat-diagonally or triagonally, leaping",
        "pasha" => "W F D E (quadruple): combines Prince and Alibaba; splits",
        "khan" => "W V D U (quadruple): combines Duke and Dybbuk; splits",
        "imam" => "F V E U (quadruple): combines Baron and Elk; splits",
        _ => return None,
    };
    let ruling = match name {
        "pasha" | "khan" | "imam" => "RD-7",
        _ => "RD-5",
    };
    Some((line, ruling))
}

async fn legend(Path(id): Path<String>) -> Result<Response, ApiError> {
    let set = set_of(&id)?;
    let variant = registry::find(&id)
        .map_err(|e| not_found(e.to_string()))?
        .id;
    // three-level without its option has no promoted pieces (TL-20, TL-21).
    let promoted = ["emperor", "diarch", "moderator", "cavallander", "vicereine"];
    let pieces = set
        .glyphs()
        .filter(|g| variant != "three-level" || !promoted.contains(&g.name()))
        .map(|g| {
            let (moves, ruling) = describe(variant, g.symbol(), g.name());
            LegendPiece {
                symbol: g.symbol(),
                name: g.name(),
                glyph: g.id().to_string(),
                moves,
                ruling,
            }
        })
        .collect();
    let body = view::to_json(&Legend {
        variant,
        rules: format!("/rules/{}", book_of(variant)),
        pieces,
    });
    Ok(cached("application/json", body))
}

/// Where a piece can go from a central cell of an empty board (`GET
/// /api/variants/{id}/legend/{glyph}/moves`): the board, the piece's cell and its targets.
#[derive(Serialize)]
struct ShownMoves {
    layout: dimchess_any::Layout,
    from: usize,
    targets: Vec<usize>,
}

/// The text of a position of `variant` with the first player's `letter` on a central cell
/// (or in its fortress, Xiang Qi's General and Ferz) and the royal pieces the position needs
/// in the corners; the name of the piece's cell.
fn lone_piece(variant: &str, letter: &str) -> Option<(String, &'static str)> {
    let royal = letter == "K";
    let fide = |l: &str| {
        if royal {
            "k7/8/8/8/3K4/8/8/8".to_string()
        } else {
            format!("k7/8/8/8/3{l}4/8/8/K7")
        }
    };
    let empty = "8/8/8/8/8/8/8/8";
    Some(match variant {
        "fide" => (format!("{} w - - 0 1", fide(letter)), "d4"),
        "hyperspace" | "hyperspace-optional" => (format!("{} w - - 0 1 -", fide(letter)), "d4"),
        "dimension-chess" => (
            format!("{empty}|{}|{empty} w - - 0 1", fide(letter)),
            "E:d4",
        ),
        "dimension-x" if ["C", "S", "A"].contains(&letter) => (
            format!("k7/8/8/8/8/8/8/K7|8/8/8/8/3{letter}4/8/8/8 w - - 0 1"),
            "D4",
        ),
        "dimension-x" => (format!("{}|{empty} w - - 0 1", fide(letter)), "d4"),
        "redistribution" => {
            let white = if royal { "4" } else { "K3" };
            (
                format!("k3/4/4/4|4/4/4/4|4/4/4/4|4/1{letter}2/4/4|4/4/4/4|{white}/4/4/4 w 0 1"),
                "f3",
            )
        }
        v if v.starts_with("three-level") => {
            // The royal pieces in corners of levels 1 and 3, on no common line; the piece on
            // level 2 (Xiang Qi's General and Ferz in Red's fortress).
            let xq = v == "three-level-xiangqi";
            let king = if xq { "G" } else { "K" };
            let royal = letter == king || (!xq && letter == "E");
            let red = if royal {
                "8".to_string()
            } else {
                format!("r{king},7")
            };
            let level1 = format!("g{king},7/8/8/8/8/8/8/7,b{king}");
            let level3 = format!("7,y{king}/8/8/8/8/8/8/{red}");
            let (rank, cell) = match letter {
                "G" | "F" if xq => (6, "2b2"),
                _ => (4, "2d4"),
            };
            let mut ranks: Vec<String> = vec!["8".to_string(); 8];
            ranks[rank] = if rank == 6 {
                format!("1,r{letter},6")
            } else {
                format!("3,r{letter},4")
            };
            (
                format!("{level1}|{}|{level3} r - - 0 1", ranks.join("/")),
                cell,
            )
        }
        _ => return None,
    })
}

async fn show_moves(Path((id, glyph)): Path<(String, String)>) -> Result<Response, ApiError> {
    let set = set_of(&id)?;
    let info = registry::find(&id).map_err(|e| not_found(e.to_string()))?;
    let g = set.glyphs().find(|g| g.id() == glyph).ok_or_else(|| {
        not_found(format!(
            "no piece `{}` in this set",
            dimchess_any::core::error::one_line(&glyph)
        ))
    })?;
    let unavailable = || {
        ApiError(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("no lone {} position in {}", g.name(), info.id),
        )
    };
    let (text, cell) = lone_piece(info.id, g.symbol()).ok_or_else(unavailable)?;
    let body = tokio::task::spawn_blocking(move || {
        let pos = info.parse_position(&text).ok()?;
        let layout = pos.layout();
        let names = view::CellNames::new(&layout);
        let from = *names.scan(cell).first()?;
        let texts: Vec<String> = match pos.compose_turn(&[]) {
            Some(Ok(t)) => t.next,
            Some(Err(_)) => return None,
            None => pos.moves_with_text().into_iter().map(|(_, t)| t).collect(),
        };
        let mut targets: Vec<usize> = texts
            .iter()
            .map(|t| names.scan(t))
            .filter(|c| c.first() == Some(&from) && c.len() >= 2)
            .filter_map(|c| c.last().copied())
            .collect();
        targets.sort_unstable();
        targets.dedup();
        Some(view::to_json(&ShownMoves {
            layout,
            from,
            targets,
        }))
    })
    .await
    .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .ok_or_else(unavailable)?;
    Ok(cached("application/json", body))
}

/// `GET /api/games/{id}/plies/{ply}`: the board after `ply` moves of the game.
async fn ply(
    State(app): State<Arc<App>>,
    Path((id, ply)): Path<(String, usize)>,
) -> Result<Response, ApiError> {
    let missing = || {
        not_found(format!(
            "no game `{}`",
            dimchess_any::core::error::one_line(&id)
        ))
    };
    if !token::is_game_id(&id) {
        return Err(missing());
    }
    let cell = app::game(&app, &id, false).await?.ok_or_else(missing)?;
    let game = cell.inner.lock().await.game.clone();
    let body =
        tokio::task::spawn_blocking(move || view::ply_view(&game, ply).map(|v| view::to_json(&v)))
            .await
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
            .ok_or_else(|| not_found(format!("the game has no ply {ply}")))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// `GET /rules/{book}`: a rulebook of `docs/rules` as a page (its Markdown text, preformatted).
async fn rules(
    State(app): State<Arc<App>>,
    Path(book): Path<String>,
) -> Result<Response, ApiError> {
    let name = book.trim_end_matches(".md");
    let (_, text) = app
        .config
        .rulebooks
        .iter()
        .find(|(b, _)| *b == name)
        .ok_or_else(|| {
            not_found(format!(
                "no rulebook `{}`",
                dimchess_any::core::error::one_line(name)
            ))
        })?;
    let mut page = String::from(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <link rel=\"icon\" href=\"/favicon.svg\"><title>Rules: ",
    );
    page.push_str(&escape(name));
    page.push_str(
        "</title><style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:1rem auto;\
         padding:0 1rem}pre{white-space:pre-wrap;font:0.95rem/1.45 ui-monospace,monospace}\
         </style></head><body><main><p><a href=\"/\">dimchess</a></p><pre>",
    );
    page.push_str(&escape(text));
    page.push_str("</pre></main></body></html>");
    Ok(cached("text/html; charset=utf-8", page))
}

/// `text` with the characters HTML gives a meaning escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// `GET /favicon.ico` and `/favicon.svg`: the knight of the FIDE set.
async fn favicon() -> Response {
    let body = pieces::glyph("N", "knight")
        .map(|g| g.to_svg("#f0f0f0", 64.0))
        .unwrap_or_default();
    cached("image/svg+xml", body)
}
