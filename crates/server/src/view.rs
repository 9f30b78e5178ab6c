//! What the server sends: every JSON document is one of these serde-derived types, written by
//! serde_json (no JSON is put together by hand). The page's board (`Board`) is built from the
//! game once per change and shared by every client of the game.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use dimchess_any::record::Game;
use dimchess_any::{AnyPosition, ComposedTurn, Describe, Layout, Position};

/// An error answer of the HTTP API: `{"error": "..."}`.
#[derive(Serialize)]
pub struct ErrorBody<'a> {
    /// One line saying what is wrong.
    pub error: &'a str,
}

/// A variant as `GET /api/variants` lists it.
#[derive(Serialize)]
pub struct VariantView {
    pub id: &'static str,
    pub description: &'static str,
    pub players: usize,
    pub player_names: Vec<String>,
}

/// A seat's invitation, in the answer to `POST /api/games`.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Invite {
    pub seat: usize,
    pub token: String,
    pub url: String,
}

/// The answer to `POST /api/games`.
#[derive(Serialize)]
pub struct Created<'a> {
    pub id: &'a str,
    pub invites: Vec<Invite>,
    pub spectate: String,
    pub state: &'a RawValue,
}

/// A move's answer over HTTP: the version it made and the state after it.
#[derive(Serialize)]
pub struct Acted<'a> {
    pub v: u64,
    pub state: &'a RawValue,
}

/// The clocks, as the server measured them when it sent them (the page counts down from
/// there until the next message).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Clocks {
    pub base_ms: i64,
    pub inc_ms: i64,
    pub remaining_ms: Vec<i64>,
    /// The seat whose clock runs, if any.
    pub running: Option<usize>,
}

/// A seat as every client sees it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct SeatView {
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub movetime_ms: Option<u64>,
    /// A page holding the seat's token is connected (engine seats: always).
    pub connected: bool,
    /// For how long nobody has held the seat (a person's seat while disconnected).
    pub away_ms: Option<u64>,
    /// Why the seat left the game (four players: resignation, time, abandoned).
    pub out: Option<String>,
}

/// The state of play that every event carries whole.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct StatusView {
    /// Moves played so far (the ply the next move is made at).
    pub ply: usize,
    pub turn: usize,
    pub over: bool,
    pub result: Option<String>,
    pub clocks: Option<Clocks>,
    pub seats: Vec<SeatView>,
    /// How long a seat must be away before the others may claim (ms).
    pub grace_ms: u64,
    /// Seats that offer (or agreed to) a draw.
    pub draw_offers: Vec<usize>,
    /// The seat asking to take back its last move.
    pub takeback: Option<usize>,
    /// The draw the side to move may claim now (fide: threefold repetition, 50 moves).
    pub claim: Option<String>,
    /// Whether the game may still be aborted (not every seat has moved yet).
    pub can_abort: bool,
    pub thinking: bool,
    pub engine_error: Option<String>,
}

/// What happened, in an event.
#[derive(Serialize, Clone, Debug)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    Created,
    Move {
        ply: usize,
        text: String,
        seat: usize,
    },
    /// Moves from `ply` on were taken back.
    Undo {
        ply: usize,
    },
    Retired {
        seat: usize,
        reason: String,
    },
    Offer {
        what: &'static str,
        seat: usize,
    },
    Decline {
        what: &'static str,
        seat: usize,
    },
    Presence {
        seat: usize,
        connected: bool,
    },
    End {
        result: String,
    },
    Loaded,
    /// The engine failed to move (the error is in the status).
    Engine,
    Archived,
}

/// A cell index list per move: `[text, [cell, ...]]`.
pub type MoveCells = (String, Vec<usize>);

/// A Dimension X turn being composed.
#[derive(Serialize)]
pub struct PartialView {
    pub actions: Vec<String>,
    pub next: Vec<MoveCells>,
    pub can_end: bool,
    pub turn: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_move_cells: Option<Vec<usize>>,
}

/// The answer to `GET /api/games/{id}/turn`.
#[derive(Serialize)]
pub struct TurnView {
    /// The number of moves played (the ply the turn would be played at).
    pub ply: usize,
    pub partial: PartialView,
}

/// The board: the position, its drawing and the legal moves with the cells each names.
#[derive(Serialize)]
pub struct Board {
    pub position: String,
    pub turn: usize,
    pub layout: Layout,
    pub last_move_cells: Vec<usize>,
    /// The legal moves (`null` where turns are composed action by action: see `partial`).
    pub moves: Option<Vec<MoveCells>>,
    pub partial: Option<PartialView>,
    /// The moves played as players read them, one per ply: SAN in fide, elsewhere the
    /// canonical text with `x` before the last cell of a capture and `+` (`#` for a mate
    /// that ends the game) after a check.
    pub notation: Vec<String>,
    /// The cells of the royal pieces in check now.
    pub check_cells: Vec<usize>,
    /// The last move of each seat that moved since the side to move last moved (with four
    /// players, each other seat's last move), oldest first.
    pub recent: Vec<RecentMove>,
}

/// A seat's last move: the ply it was made at and the cells it changed.
#[derive(Serialize)]
pub struct RecentMove {
    pub seat: usize,
    pub ply: usize,
    pub cells: Vec<usize>,
}

/// A past position of a game (`GET /api/games/{id}/plies/{n}`): the board after `ply` moves.
#[derive(Serialize)]
pub struct PlyView {
    pub ply: usize,
    pub layout: Layout,
    pub last_move_cells: Vec<usize>,
    pub check_cells: Vec<usize>,
}

/// The whole state of a game: what `GET /api/games/{id}` answers and a `sync` carries.
#[derive(Serialize)]
pub struct FullState<'a> {
    pub id: &'a str,
    pub variant: &'a str,
    pub v: u64,
    pub history: Vec<&'a str>,
    pub status: &'a StatusView,
    pub board: &'a RawValue,
}

/// A message from the server on a game's WebSocket.
#[derive(Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Out<'a> {
    /// The answer to `hello`: the seats this connection holds.
    Welcome {
        game: &'a str,
        seats: Vec<usize>,
    },
    /// An event, with the status after it.
    Ev {
        v: u64,
        ev: &'a Event,
        status: &'a StatusView,
    },
    /// The board at version `v`.
    Board {
        v: u64,
        board: &'a RawValue,
    },
    /// The whole state (after a gap too large to replay, or a stale move).
    Sync {
        v: u64,
        state: &'a RawValue,
    },
    /// A command done: the version it made.
    Ack {
        id: u64,
        v: u64,
    },
    /// A command refused, with its HTTP-like status.
    Error {
        id: Option<u64>,
        status: u16,
        error: &'a str,
    },
    Pong,
}

/// What a client sends on a game's WebSocket.
#[derive(Deserialize, Debug)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum In {
    /// The first message: the seat tokens this page holds, and the last version it saw.
    Hello {
        #[serde(default)]
        tokens: Vec<String>,
        #[serde(default)]
        v: Option<u64>,
    },
    Move {
        id: u64,
        ply: usize,
        #[serde(rename = "move")]
        text: String,
    },
    Resign {
        id: u64,
        #[serde(default)]
        seat: Option<usize>,
    },
    Offer {
        id: u64,
        what: String,
        #[serde(default)]
        seat: Option<usize>,
    },
    Accept {
        id: u64,
        what: String,
        #[serde(default)]
        seat: Option<usize>,
    },
    Decline {
        id: u64,
        what: String,
        #[serde(default)]
        seat: Option<usize>,
    },
    Claim {
        id: u64,
        what: String,
        #[serde(default)]
        seat: Option<usize>,
    },
    Abort {
        id: u64,
    },
    Undo {
        id: u64,
    },
    Sync,
    Ping,
}

/// Cell names to cell indices (the boards' cells laid end to end): every full name, and per
/// board the names without the board's prefix (`h4` for `E:h4`), for texts such as
/// `E:h2h4` that name the board once.
pub struct CellNames<'a> {
    full: HashMap<&'a str, usize>,
    /// Per board: its first cell index and its short names, empty where names carry no prefix.
    boards: Vec<(usize, HashMap<&'a str, usize>)>,
    max_len: usize,
}

impl<'a> CellNames<'a> {
    pub fn new(layout: &'a Layout) -> CellNames<'a> {
        let mut full = HashMap::new();
        let mut boards = Vec::new();
        let mut offset = 0;
        let mut max_len = 0;
        for b in &layout.boards {
            let mut short = HashMap::new();
            for (i, c) in b.cells.iter().enumerate() {
                let Some(c) = c else { continue };
                if c.name.is_empty() {
                    continue;
                }
                full.entry(c.name.as_str()).or_insert(offset + i);
                max_len = max_len.max(c.name.len());
                if let Some(k) = c.name.find(':') {
                    short.entry(&c.name[k + 1..]).or_insert(offset + i);
                }
            }
            boards.push((offset, short));
            offset += b.cells.len();
        }
        CellNames {
            full,
            boards,
            max_len,
        }
    }

    /// The full name of the cell of index `g` (empty if there is none).
    pub fn name(&self, g: usize) -> &'a str {
        self.full
            .iter()
            .find(|&(_, &i)| i == g)
            .map_or("", |(n, _)| n)
    }

    /// The index of `cell` of board `board`.
    pub fn index(&self, board: usize, cell: usize) -> usize {
        self.boards.get(board).map_or(0, |b| b.0) + cell
    }

    fn board_of(&self, g: usize) -> usize {
        self.boards
            .iter()
            .rposition(|(start, _)| *start <= g)
            .unwrap_or(0)
    }

    /// The cells a move text names, in order: the longest cell name at each point, or a short
    /// name on the board of the cell before it.
    pub fn scan(&self, text: &str) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < text.len() {
            let mut hit = None;
            let short = out.last().map(|&g| &self.boards[self.board_of(g)].1);
            for len in (1..=self.max_len.min(text.len() - i)).rev() {
                let Some(s) = text.get(i..i + len) else {
                    continue;
                };
                if let Some(&g) = self.full.get(s).or_else(|| short.and_then(|m| m.get(s))) {
                    hit = Some((g, len));
                    break;
                }
            }
            match hit {
                Some((g, len)) => {
                    out.push(g);
                    i += len;
                }
                None => i += text[i..].chars().next().map_or(1, char::len_utf8),
            }
        }
        out
    }
}

/// A turn being composed, as the page needs it; with the boards as its actions left them once
/// an action is made.
pub fn partial_view(names: &CellNames, layout: &Layout, t: &ComposedTurn) -> PartialView {
    let next = t.next.iter().map(|a| (a.clone(), names.scan(a))).collect();
    let (after, changed) = if t.actions.is_empty() {
        (None, None)
    } else {
        let mut after = t.position.layout();
        after.last_move = Layout::changed_cells(layout, &after);
        let changed = after
            .last_move
            .iter()
            .map(|c| names.index(c.board, c.cell))
            .collect();
        (Some(after), Some(changed))
    };
    PartialView {
        actions: t.actions.clone(),
        next,
        can_end: t.can_end,
        turn: t.turn_text(),
        layout: after,
        last_move_cells: changed,
    }
}

/// The board of a game (`over`: no legal moves are listed); `known`: the notation of the
/// game's first moves, written already (see [`notation`]).
pub fn board(game: &Game, over: bool, result: Option<String>, known: &[String]) -> Board {
    let pos = game.position();
    let mut layout = game.layout();
    if result.is_some() {
        layout.result = result;
    }
    let names = CellNames::new(&layout);
    let last_move_cells = layout
        .last_move
        .iter()
        .map(|c| names.index(c.board, c.cell))
        .collect();
    let partial = match (over, pos.compose_turn(&[])) {
        (false, Some(Ok(t))) => Some(partial_view(&names, &layout, &t)),
        _ => None,
    };
    let moves = if pos.composes_turns() {
        None
    } else if over {
        Some(Vec::new())
    } else {
        Some(
            pos.moves_with_text()
                .into_iter()
                .map(|(_, t)| {
                    let cells = names.scan(&t);
                    (t, cells)
                })
                .collect(),
        )
    };
    let positions = game.positions();
    let players = layout.players.len();
    let mut recent = Vec::new();
    for ply in (1..positions.len()).rev().take(players.saturating_sub(1)) {
        let seat = positions[ply - 1].turn();
        if seat == pos.turn() {
            break;
        }
        let cells = changed(
            &names,
            &positions[ply - 1].layout(),
            &positions[ply].layout(),
        );
        recent.insert(0, RecentMove { seat, ply, cells });
    }
    Board {
        position: pos.text(),
        turn: pos.turn(),
        last_move_cells,
        moves,
        partial,
        notation: notation(game, &names, over, known),
        check_cells: check_cells(pos, &layout, &names),
        recent,
        layout,
    }
}

/// The cells that differ between two layouts, as cell indices.
fn changed(names: &CellNames, before: &Layout, after: &Layout) -> Vec<usize> {
    Layout::changed_cells(before, after)
        .iter()
        .map(|c| names.index(c.board, c.cell))
        .collect()
}

/// The cells of the royal pieces (King, Emperor, General) of the players in check in `pos`.
pub fn check_cells(pos: &AnyPosition, layout: &Layout, names: &CellNames) -> Vec<usize> {
    let checked = pos.players_in_check();
    let mut out = Vec::new();
    if checked.is_empty() {
        return out;
    }
    for (bi, b) in layout.boards.iter().enumerate() {
        for (ci, c) in b.cells.iter().enumerate() {
            let Some(p) = c.as_ref().and_then(|c| c.piece.as_ref()) else {
                continue;
            };
            let royal = ["king", "emperor", "general"]
                .iter()
                .any(|r| p.name.eq_ignore_ascii_case(r));
            if royal && checked.contains(&p.owner) {
                out.push(names.index(bi, ci));
            }
        }
    }
    out
}

/// Pieces of players other than `mover` on the boards and in flight.
fn others(layout: &Layout, mover: usize) -> usize {
    let on_boards = layout
        .boards
        .iter()
        .flat_map(|b| b.cells.iter().flatten())
        .filter_map(|c| c.piece.as_ref())
        .filter(|p| p.owner != mover)
        .count();
    on_boards
        + layout
            .in_flight
            .iter()
            .filter(|f| f.piece.owner != mover)
            .count()
}

/// The moves of `game` as players read them (see [`Board::notation`]). `known` is the
/// notation of the game's first moves, written by an earlier call for the same moves: it is
/// kept, and only the moves after it are written (a mark of mate is only ever on the last
/// move, written when the game ended with it).
pub fn notation(game: &Game, names: &CellNames, over: bool, known: &[String]) -> Vec<String> {
    let positions = game.positions();
    let moves: Vec<_> = game.moves().collect();
    let mut out = Vec::with_capacity(moves.len());
    out.extend(known.iter().take(moves.len()).cloned());
    let mut before_layout: Option<Layout> = None;
    for (i, (mv, text)) in moves.iter().enumerate().skip(out.len()) {
        let before = &positions[i];
        let after = &positions[i + 1];
        let written = before.move_notation(*mv);
        if written != *text {
            out.push(written); // the variant's own notation (SAN) has its marks
            before_layout = None;
            continue;
        }
        let lb = before_layout.take().unwrap_or_else(|| before.layout());
        let la = after.layout();
        let mover = before.turn();
        let mut t = text.to_string();
        if others(&la, mover) < others(&lb, mover)
            && let Some(&last) = names.scan(text).last()
        {
            let full = names.name(last);
            let short = full.rsplit(':').next().unwrap_or(full);
            if let Some(k) = t.rfind(full).or_else(|| t.rfind(short))
                && !t[..k].ends_with('x')
            {
                t.insert(k, 'x');
            }
        }
        if !after.players_in_check().is_empty() && !t.ends_with(['+', '#']) {
            let mate = over && i + 1 == moves.len() && after.outcome().is_some();
            t.push(if mate { '#' } else { '+' });
        }
        out.push(t);
        before_layout = Some(la);
    }
    out
}

/// The position of `game` after `ply` moves (`None` past the end).
pub fn ply_view(game: &Game, ply: usize) -> Option<PlyView> {
    let positions = game.positions();
    let pos = positions.get(ply)?;
    let layout = pos.layout();
    let names = CellNames::new(&layout);
    let last_move_cells = match ply.checked_sub(1) {
        Some(p) => changed(&names, &positions[p].layout(), &layout),
        None => Vec::new(),
    };
    let check_cells = check_cells(pos, &layout, &names);
    Some(PlyView {
        ply,
        last_move_cells,
        check_cells,
        layout,
    })
}

/// `value` as JSON text (serde_json never fails on these types: string keys, no NaN).
pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| {
        serde_json::to_string(&ErrorBody {
            error: &e.to_string(),
        })
        .unwrap_or_default()
    })
}

/// `value` as a boxed raw JSON value (to embed text made once in several documents).
pub fn raw<T: Serialize>(value: &T) -> Box<RawValue> {
    RawValue::from_string(to_json(value))
        .unwrap_or_else(|_| RawValue::from_string("null".into()).unwrap_or_default())
}

/// JSON text made already, as a raw value to embed.
pub fn raw_text(text: &str) -> Box<RawValue> {
    RawValue::from_string(text.to_string()).unwrap_or_else(|_| raw(&()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dimchess_any::registry;

    /// The notation written move by move, each call keeping the one before, equals the notation
    /// written at once, in a variant with SAN and in ones with the canonical text and marks.
    #[test]
    fn notation_written_move_by_move_equals_all_at_once() {
        for id in ["fide", "dimension-chess", "three-level"] {
            let mut game = Game::new(registry::start(id).unwrap());
            let mut known = Vec::new();
            let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
            for _ in 0..40 {
                let moves = game.position().moves_with_text();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let (_, text) = &moves[(seed % moves.len() as u64) as usize];
                game.play_text(text).unwrap();
                let layout = game.layout();
                let names = CellNames::new(&layout);
                let over = game.position().outcome().is_some();
                known = notation(&game, &names, over, &known);
                assert_eq!(known, notation(&game, &names, over, &[]), "{id}");
            }
            assert!(!known.is_empty());
        }
    }
}
