//! The commands on one position or game: `moves`, `play`, `show` and `replay`.

use std::io::{Read, Write};

use clap::Args;
use serde::Serialize;

use super::{Fail, json, position, write_failure};
use crate::record::{Game, MAX_RECORD_BYTES, read_games};
use crate::{Describe, Position, svg};

/// `dimchess moves`.
#[derive(Args)]
pub(super) struct MovesArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// The position text to start from instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Prints one JSON object: each move with its resulting position and result
    #[arg(long)]
    json: bool,
}

/// `dimchess play`.
#[derive(Args)]
pub(super) struct PlayArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// The moves, in the variant's move text (fide: UCI or SAN); after `--`, a text may start
    /// with `-`
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
    /// The position text to start from instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Prints one JSON object: variant, start, moves, position, result
    #[arg(long)]
    json: bool,
    /// Writes the game record (PGN-like) to FILE
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    record: Option<String>,
}

/// `dimchess show`.
#[derive(Args)]
pub(super) struct ShowArgs {
    /// The variant id (see `dimchess variants`)
    #[arg(value_name = "variant", value_parser = super::VariantIds, hide_possible_values = true)]
    variant: String,
    /// The position text to draw instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    fen: Option<String>,
    /// Writes an SVG diagram to FILE instead of printing the text diagram
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    svg: Option<String>,
}

/// `dimchess replay`.
#[derive(Args)]
pub(super) struct ReplayArgs {
    /// The record file to check (PGN, one game or several; at most 1 MiB)
    #[arg(value_name = "FILE")]
    file: String,
    /// Prints one JSON object: variant, start, moves, position, result
    #[arg(long)]
    json: bool,
    /// Writes an SVG diagram of the final position, last move highlighted, to FILE
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    svg: Option<String>,
}

/// One legal move of `moves --json`.
#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    position: String,
    result: Option<String>,
}

/// `moves --json`.
#[derive(Serialize)]
struct MovesJson<'a> {
    variant: &'a str,
    position: String,
    moves: Vec<MoveJson>,
    result: Option<String>,
}

/// `play --json` and `replay --json`: a game from its start to its final position.
#[derive(Serialize)]
struct GameJson<'a> {
    variant: &'a str,
    start: String,
    moves: Vec<&'a str>,
    position: String,
    result: Option<String>,
}

/// `dimchess moves`: each legal move with its resulting position (and result), then the
/// position's result if it is finished; or one JSON object.
pub(super) fn moves(a: MovesArgs, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let pos = position(&a.variant, a.fen.as_deref())?;
    let mut items = Vec::new();
    for (m, text) in pos.moves_with_text() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        if a.json {
            items.push(MoveJson {
                mv: text,
                position: child.text(),
                result: child.result_text(),
            });
            continue;
        }
        match child.result_text() {
            Some(r) => writeln!(out, "{text}\t{child}\t{r}"),
            None => writeln!(out, "{text}\t{child}"),
        }
        .map_err(io)?;
    }
    // A finished position has no moves: say why (its result) instead of nothing.
    let result = pos.result_text();
    if a.json {
        json::write_line(
            out,
            &MovesJson {
                variant: pos.id(),
                position: pos.text(),
                moves: items,
                result,
            },
        )?;
    } else if let Some(r) = result {
        writeln!(out, "{r}").map_err(io)?;
    }
    Ok(())
}

/// `dimchess play`: the moves played one by one (each checked), the record written if asked.
pub(super) fn play(a: PlayArgs, out: &mut impl Write) -> Result<(), Fail> {
    let mut game = Game::new(position(&a.variant, a.fen.as_deref())?);
    for (i, text) in a.moves.iter().enumerate() {
        if let Some(r) = game.result_text() {
            return Err(Fail(format!(
                "move {} `{text}`: the game is over ({r})",
                i + 1
            )));
        }
        game.play_text(text.trim())
            .map_err(|e| Fail(format!("move {} `{text}`: {e}", i + 1)))?;
    }
    if let Some(file) = &a.record {
        std::fs::write(file, game.to_record())
            .map_err(|e| Fail(format!("cannot write `{file}`: {e}")))?;
    }
    print_game(&game, a.json, out)
}

/// `dimchess replay`: every game of a record file read and every move checked, each game's
/// final position and result printed in turn; the first bad game ends the command with its
/// error.
pub(super) fn replay(a: ReplayArgs, out: &mut impl Write) -> Result<(), Fail> {
    let file = &a.file;
    let text = read_record(file)?;
    let games = read_games(&text);
    if games.is_empty() {
        return Err(Fail(format!("{file}: no game in the record")));
    }
    let mut last = None;
    for game in games {
        let game = game.map_err(|e| Fail(format!("{file}: {e}")))?;
        print_game(&game, a.json, out)?;
        last = Some(game);
    }
    if let (Some(svg_file), Some(game)) = (&a.svg, &last) {
        write_svg(svg_file, &svg::render(&game.layout(), game.position().id()))?;
    }
    Ok(())
}

/// `dimchess show`: the text diagram, the position text and its result; or an SVG file.
pub(super) fn show(a: ShowArgs, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let pos = position(&a.variant, a.fen.as_deref())?;
    if let Some(file) = &a.svg {
        return write_svg(file, &svg::render(&pos.layout(), pos.id()));
    }
    write!(out, "{}", pos.diagram()).map_err(io)?;
    writeln!(out, "{pos}").map_err(io)?;
    if let Some(r) = pos.result_text() {
        writeln!(out, "{r}").map_err(io)?;
    }
    Ok(())
}

/// The final position and result of a game: position text then result line, or one JSON
/// object.
fn print_game(game: &Game, as_json: bool, out: &mut impl Write) -> Result<(), Fail> {
    let io = write_failure;
    let pos = game.position();
    if as_json {
        return json::write_line(
            out,
            &GameJson {
                variant: pos.id(),
                start: game.start().text(),
                moves: game.move_texts().collect(),
                position: pos.text(),
                result: game.result_text(),
            },
        );
    }
    writeln!(out, "{pos}").map_err(io)?;
    if let Some(r) = game.result_text() {
        writeln!(out, "{r}").map_err(io)?;
    }
    Ok(())
}

/// The text of a record file, read through a bounded reader: a file larger than
/// [`MAX_RECORD_BYTES`] (or endless, like `/dev/zero`) is refused after reading one byte more.
fn read_record(file: &str) -> Result<String, Fail> {
    let cannot = |e: std::io::Error| Fail(format!("cannot read `{file}`: {e}"));
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .map_err(cannot)?
        .take(MAX_RECORD_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(Fail(format!(
            "`{file}`: a record holds at most {MAX_RECORD_BYTES} bytes (1 MiB); this file is larger"
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Fail(format!(
            "`{file}`: not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

fn write_svg(file: &str, picture: &str) -> Result<(), Fail> {
    std::fs::write(file, picture).map_err(|e| Fail(format!("cannot write `{file}`: {e}")))
}
