//! A live game made new, written to the database, and read back from it after a restart.

use super::*;

/// A new game.
pub struct NewGame {
    pub id: String,
    pub game: Game,
    pub seats: Vec<(SeatKind, Option<[u8; 32]>)>,
    pub tc: Option<TimeControl>,
    pub grace: Duration,
}

pub fn new_live(n: NewGame) -> LiveGame {
    let now = Instant::now();
    let players = n.seats.len();
    let base = n.tc.map_or(0, |t| t.base_ms);
    let base_ply = 0;
    let moves = n
        .game
        .move_texts()
        .enumerate()
        .map(|(i, t)| (t.to_string(), i % players.max(1), None))
        .collect();
    LiveGame {
        id: n.id,
        variant: n.game.position().id(),
        segments: Vec::new(),
        base_ply,
        moves,
        retired: Vec::new(),
        seats: n
            .seats
            .into_iter()
            .map(|(kind, token_hash)| Seat {
                kind,
                token_hash,
                out: None,
                sockets: 0,
                away_since: now,
                came: false,
            })
            .collect(),
        tc: n.tc,
        remaining: vec![base; players],
        turn_start: None,
        status: Status::Live,
        status_result: None,
        draw_offers: 0,
        takeback: None,
        version: 0,
        log: VecDeque::new(),
        board: None,
        notation: Default::default(),
        thinking: false,
        engine_error: None,
        turn_gen: 0,
        grace: n.grace,
        started: false,
        game: n.game,
    }
}

/// The rows of a new game.
pub fn insert_rows(g: &LiveGame) -> (GameRow, Vec<SeatRow>, Vec<(i64, String, i64)>) {
    let now = db::now_ms();
    let row = g.row(now);
    let seats = g
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatRow {
            seat: i as i64,
            kind: match s.kind {
                SeatKind::Human => "human".into(),
                SeatKind::Engine { .. } => "engine".into(),
            },
            movetime_ms: match s.kind {
                SeatKind::Engine { movetime } => i64::try_from(movetime.as_millis()).ok(),
                SeatKind::Human => None,
            },
            token_hash: s.token_hash.map(|h| h.to_vec()),
            remaining_ms: g.tc.map(|_| g.remaining[i]),
        })
        .collect();
    // An imported record's moves, seat by turn.
    let mut replay = Game::new(g.game.start().clone());
    let mut moves = Vec::new();
    for (i, t) in g.game.move_texts().enumerate() {
        let seat = replay.position().turn() as i64;
        let _ = replay.play_text(t);
        moves.push((i as i64, t.to_string(), seat));
    }
    (row, seats, moves)
}

/// Writes a new game (and an imported record's moves).
pub fn insert_game(
    c: &rusqlite::Connection,
    row: &GameRow,
    seats: &[SeatRow],
    moves: &[(i64, String, i64)],
) -> rusqlite::Result<()> {
    db::insert_game(c, row, seats)?;
    let mut st = c.prepare_cached(
        "INSERT INTO moves (game, ply, text, seat, clock_ms, at) VALUES (?1, ?2, ?3, ?4, NULL, ?5)",
    )?;
    for (ply, text, seat) in moves {
        st.execute(params![row.id, ply, text, seat, row.created_at])?;
    }
    Ok(())
}

/// Rebuilds a game from its rows. Clocks: each seat's time when the turn began; the turn that
/// was running when the server stopped starts again now (the time the server was down is not
/// counted, nor the part of the turn before it: see docs/web.md).
pub fn from_stored(s: Stored, grace: Duration) -> Result<LiveGame, String> {
    let info = registry::find(&s.game.variant).map_err(|e| e.to_string())?;
    let start = info
        .parse_position(&s.game.start)
        .map_err(|e| e.to_string())?;
    let now = Instant::now();
    let seats: Vec<Seat> = s
        .seats
        .iter()
        .map(|r| Seat {
            kind: match r.kind.as_str() {
                "engine" => SeatKind::Engine {
                    movetime: Duration::from_millis(
                        u64::try_from(r.movetime_ms.unwrap_or(1000)).unwrap_or(1000),
                    ),
                },
                _ => SeatKind::Human,
            },
            token_hash: r
                .token_hash
                .as_deref()
                .and_then(|h| <[u8; 32]>::try_from(h).ok()),
            out: None,
            sockets: 0,
            away_since: now,
            came: false,
        })
        .collect();
    let tc = match (s.game.base_ms, s.game.inc_ms) {
        (Some(base_ms), Some(inc_ms)) => Some(TimeControl { base_ms, inc_ms }),
        _ => None,
    };
    let mut g = new_live(NewGame {
        id: s.game.id.clone(),
        game: Game::new(start),
        seats: seats.iter().map(|x| (x.kind, x.token_hash)).collect(),
        tc,
        grace,
    });
    g.seats = seats;
    let mut retired = s.retirements.iter().peekable();
    for ply in 0..=s.moves.len() {
        while let Some(r) = retired.next_if(|r| r.ply as usize == ply) {
            let seat = usize::try_from(r.seat).map_err(|_| "bad seat")?;
            apply_retire(&mut g, seat, &r.reason)?;
        }
        if let Some(m) = s.moves.get(ply) {
            if m.ply != ply as i64 {
                return Err(format!("move {} is missing", ply + 1));
            }
            g.game
                .play_text(&m.text)
                .map_err(|e| format!("move {} `{}`: {e}", ply + 1, m.text))?;
            g.moves.push((
                m.text.clone(),
                usize::try_from(m.seat).unwrap_or(0),
                m.clock_ms,
            ));
        }
    }
    for r in &s.seats {
        if let (Some(ms), Some(slot)) = (r.remaining_ms, g.remaining.get_mut(r.seat as usize)) {
            *slot = ms;
        }
    }
    g.draw_offers = u8::try_from(s.game.draw_offers).unwrap_or(0);
    g.takeback = s.game.takeback.and_then(|t| usize::try_from(t).ok());
    match s.game.status.as_str() {
        "aborted" => {
            g.status = Status::Aborted;
            g.status_result = s.game.result.clone();
        }
        "archived" => {
            g.status = Status::Archived;
            g.status_result = s.game.result.clone();
        }
        "over" if g.game.result_text().is_none() => {
            let reason = s.game.end_reason.as_deref().unwrap_or("decided");
            if reason == "claim" {
                g.game.claim_draw().map_err(|e| e.to_string())?;
            } else {
                let reason = static_reason(reason);
                let o = match s.game.end_winner {
                    Some(w) => Outcome::Win {
                        winner: usize::try_from(w).unwrap_or(0),
                        reason,
                    },
                    None => Outcome::Draw { reason },
                };
                g.game.end(o).map_err(|e| e.to_string())?;
            }
            g.status = Status::Over;
        }
        "over" => g.status = Status::Over,
        _ => {}
    }
    if g.is_live() && g.tc.is_some() && g.ply() > 0 {
        g.started = true;
        g.turn_start = Some(now);
    }
    Ok(g)
}

/// Applies seat `seat`'s leaving to the game in memory (the position of [`retire::retire`]).
pub(super) fn apply_retire(g: &mut LiveGame, seat: usize, reason: &str) -> Result<(), String> {
    let next = retire::retire(g.game.position(), seat)?;
    let old = std::mem::replace(&mut g.game, Game::new(next));
    g.base_ply += old.len();
    g.segments.push(old);
    if let Some(s) = g.seats.get_mut(seat) {
        s.out = Some(reason.to_string());
    }
    g.retired.push((g.ply(), seat, reason.to_string()));
    Ok(())
}
