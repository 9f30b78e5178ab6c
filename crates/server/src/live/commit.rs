//! A decided change written durably, then applied in memory; the clocks it restarts.

use super::stored::apply_retire;
use super::*;

/// Writes `change` to the database (durably) and then applies it in memory; the events it
/// makes. Nothing changes if the write fails.
pub async fn commit(
    db: &db::Db,
    g: &mut LiveGame,
    change: Change,
    now: Instant,
) -> Result<Vec<Event>, ActError> {
    let id = g.id.clone();
    let at = db::now_ms();
    let fail = |e: String| ActError::new(500, format!("not saved: {e}"));
    match change {
        Change::Move { text, seat } => {
            // The clock: the mover's time now, plus the increment.
            let mut remaining = g.remaining.clone();
            if let Some(tc) = g.tc
                && g.clock_running()
            {
                remaining[seat] = g.time_left(seat, now) + tc.inc_ms;
            }
            let clock = g.tc.map(|_| remaining[seat]);
            let ply = g.ply();
            let mut after = g.game.clone();
            after
                .play_text(&text)
                .map_err(|e| ActError::new(422, e.to_string()))?;
            // An offer lapses when a seat that did not agree moves.
            let draw = if g.draw_offers & (1 << seat) != 0 {
                g.draw_offers
            } else {
                0
            };
            let takeback = g.takeback.filter(|&s| s == seat);
            let over = after.result_text();
            let (t, s2, over2) = (text.clone(), seat, over.clone());
            db.write(move |c| {
                c.execute(
                    "INSERT INTO moves (game, ply, text, seat, clock_ms, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![id, ply as i64, t, s2 as i64, clock, at],
                )?;
                c.execute(
                    "UPDATE seats SET remaining_ms = ?3 WHERE game = ?1 AND seat = ?2",
                    params![id, s2 as i64, clock],
                )?;
                c.execute(
                    "UPDATE games SET updated_at = ?2, draw_offers = ?3, takeback = ?4,
                        status = CASE WHEN ?5 IS NULL THEN status ELSE 'over' END,
                        result = COALESCE(?5, result) WHERE id = ?1",
                    params![id, at, i64::from(draw), takeback.map(|s| s as i64), over2],
                )?;
                Ok(())
            })
            .await
            .map_err(fail)?;
            g.game = after;
            g.remaining = remaining;
            g.moves.push((text.clone(), seat, clock));
            g.draw_offers = draw;
            g.takeback = takeback;
            let mut events = vec![Event::Move { ply, text, seat }];
            if let Some(r) = over {
                g.status = Status::Over;
                events.push(Event::End { result: r });
            }
            Ok(events)
        }
        Change::End(o) => {
            let mut after = g.game.clone();
            after
                .end(o)
                .map_err(|e| ActError::new(409, e.to_string()))?;
            let reason = match o {
                Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
            };
            finish(db, g, after, reason, o.winner(), now).await
        }
        Change::ClaimDraw => {
            let mut after = g.game.clone();
            after
                .claim_draw()
                .map_err(|e| ActError::new(409, e.to_string()))?;
            finish(db, g, after, "claim", None, now).await
        }
        Change::Abort => {
            db.write(move |c| {
                c.execute(
                    "UPDATE games SET status = 'aborted', result = 'aborted', end_reason = 'aborted',
                        updated_at = ?2 WHERE id = ?1",
                    params![id, at],
                )?;
                Ok(())
            })
            .await
            .map_err(fail)?;
            g.status = Status::Aborted;
            g.status_result = Some("aborted".into());
            Ok(vec![Event::End {
                result: "aborted".into(),
            }])
        }
        Change::Offers {
            draw,
            takeback,
            event,
        } => {
            db.write(move |c| {
                c.execute(
                    "UPDATE games SET draw_offers = ?2, takeback = ?3 WHERE id = ?1",
                    params![id, i64::from(draw), takeback.map(|s| s as i64)],
                )?;
                Ok(())
            })
            .await
            .map_err(fail)?;
            g.draw_offers = draw;
            g.takeback = takeback;
            Ok(vec![event])
        }
        Change::Retire(list) => {
            // Try it in memory first (a copy): the positions must be made before anything is written.
            let mut probe_game = g.game.clone();
            let mut done = Vec::new();
            for &(seat, _) in &list {
                if probe_game.result_text().is_some() {
                    break;
                }
                let next = retire::retire(probe_game.position(), seat)
                    .map_err(|e| ActError::new(409, e))?;
                probe_game = Game::new(next);
                done.push(seat);
            }
            let ply = g.ply() as i64;
            let rows: Vec<(usize, &'static str)> = list
                .iter()
                .copied()
                .filter(|(s, _)| done.contains(s))
                .collect();
            let over = probe_game.result_text();
            // The clock: a seat that leaves on its turn ends it (the next seat's turn begins
            // now); one that leaves out of turn leaves the running clock as it is.
            let remaining = if rows.iter().any(|(s, _)| *s == g.turn()) {
                freeze(g, now)
            } else {
                g.remaining.clone()
            };
            let seats = remaining_rows(g, &remaining);
            let rows2 = rows.clone();
            let over2 = over.clone();
            db.write(move |c| {
                for (seat, reason) in &rows2 {
                    c.execute(
                        "INSERT INTO retirements (game, ply, seat, reason) VALUES (?1, ?2, ?3, ?4)",
                        params![id, ply, *seat as i64, reason],
                    )?;
                }
                c.execute(
                    "UPDATE games SET updated_at = ?2, draw_offers = 0,
                        status = CASE WHEN ?3 IS NULL THEN status ELSE 'over' END,
                        result = COALESCE(?3, result) WHERE id = ?1",
                    params![id, at, over2],
                )?;
                write_remaining(c, &id, &seats)
            })
            .await
            .map_err(fail)?;
            g.remaining = remaining;
            g.draw_offers = 0;
            let mut events = Vec::new();
            for (seat, reason) in rows {
                apply_retire(g, seat, reason).map_err(|e| ActError::new(500, e))?;
                events.push(Event::Retired {
                    seat,
                    reason: reason.into(),
                });
            }
            if let Some(r) = over {
                g.status = Status::Over;
                events.push(Event::End { result: r });
            }
            Ok(events)
        }
        Change::Rewind(to) => {
            if to < g.base_ply || to >= g.ply() {
                return Err(ActError::new(409, "cannot take back past a seat that left"));
            }
            // Each seat's clock as its last move before `to` left it.
            let mut remaining: Vec<i64> = vec![g.tc.map_or(0, |t| t.base_ms); g.players()];
            for (_, s, clock) in &g.moves[..to] {
                if let (Some(c), Some(slot)) = (clock, remaining.get_mut(*s)) {
                    *slot = *c;
                }
            }
            let seats = remaining_rows(g, &remaining);
            let from = to as i64;
            db.write(move |c| {
                c.execute(
                    "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
                    params![id, from],
                )?;
                c.execute(
                    "UPDATE games SET updated_at = ?2, draw_offers = 0, takeback = NULL WHERE id = ?1",
                    params![id, at],
                )?;
                write_remaining(c, &id, &seats)
            })
            .await
            .map_err(fail)?;
            while g.ply() > to {
                g.game.undo();
                g.moves.pop();
            }
            g.remaining = remaining;
            g.draw_offers = 0;
            g.takeback = None;
            g.thinking = false;
            g.engine_error = None;
            Ok(vec![Event::Undo { ply: to }])
        }
    }
}

/// Each seat's time at this moment (the running one charged up to `now`).
fn freeze(g: &LiveGame, now: Instant) -> Vec<i64> {
    (0..g.players())
        .map(|s| g.time_left(s, now).max(0))
        .collect()
}

fn remaining_rows(g: &LiveGame, remaining: &[i64]) -> Vec<(i64, Option<i64>)> {
    remaining
        .iter()
        .enumerate()
        .map(|(s, r)| (s as i64, g.tc.map(|_| *r)))
        .collect()
}

fn write_remaining(
    c: &rusqlite::Connection,
    id: &str,
    seats: &[(i64, Option<i64>)],
) -> rusqlite::Result<()> {
    let mut st =
        c.prepare_cached("UPDATE seats SET remaining_ms = ?3 WHERE game = ?1 AND seat = ?2")?;
    for (s, r) in seats {
        st.execute(params![id, s, r])?;
    }
    Ok(())
}

/// After a change: the turn's clock starts again if the turn changed.
pub fn restart_turn(g: &mut LiveGame, turn_changed: bool, now: Instant) {
    if turn_changed {
        g.turn_gen += 1;
        g.turn_start = (g.tc.is_some() && g.is_live() && g.has_started()).then_some(now);
    }
    if !g.is_live() {
        g.turn_start = None;
    }
}

/// Ends the game with `after` (the game with its ending, for `reason`, won by `winner`): the
/// clocks stop, offers lapse, durably and then in memory; the event it makes.
async fn finish(
    db: &db::Db,
    g: &mut LiveGame,
    after: Game,
    reason: &'static str,
    winner: Option<usize>,
    now: Instant,
) -> Result<Vec<Event>, ActError> {
    let id = g.id.clone();
    let at = db::now_ms();
    let result = after.result_text();
    let r2 = result.clone();
    let winner = winner.map(|w| w as i64);
    let remaining = freeze(g, now);
    let seats = remaining_rows(g, &remaining);
    db.write(move |c| {
        c.execute(
            "UPDATE games SET status = 'over', result = ?2, end_reason = ?3, end_winner = ?4,
                updated_at = ?5, draw_offers = 0, takeback = NULL WHERE id = ?1",
            params![id, r2, reason, winner, at],
        )?;
        write_remaining(c, &id, &seats)
    })
    .await
    .map_err(|e| ActError::new(500, format!("not saved: {e}")))?;
    g.game = after;
    g.remaining = remaining;
    g.status = Status::Over;
    g.draw_offers = 0;
    g.takeback = None;
    Ok(vec![Event::End {
        result: result.unwrap_or_default(),
    }])
}
