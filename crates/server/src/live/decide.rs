//! What an action changes, decided before anything is written: who acts, and whether it may.

use super::*;

/// The seat, among `held`, that acts: `wanted` if given (and held), else the seat to move if
/// held, else the first held seat still in the game.
pub fn acting_seat(g: &LiveGame, held: &[usize], wanted: Option<usize>) -> Result<usize, ActError> {
    if held.is_empty() {
        return Err(ActError::new(403, "a spectator cannot act for a seat"));
    }
    if let Some(w) = wanted {
        return if held.contains(&w) {
            Ok(w)
        } else {
            Err(ActError::new(403, "this token does not hold that seat"))
        };
    }
    if held.contains(&g.turn()) {
        return Ok(g.turn());
    }
    held.iter()
        .copied()
        .find(|&s| g.seats.get(s).is_some_and(|x| x.out.is_none()))
        .ok_or_else(|| ActError::new(403, "this token's seat has left the game"))
}

/// The change an action makes, decided before anything is written.
pub enum Change {
    Move {
        text: String,
        seat: usize,
    },
    End(Outcome),
    ClaimDraw,
    Retire(Vec<(usize, &'static str)>),
    Abort,
    Offers {
        draw: u8,
        takeback: Option<usize>,
        event: Event,
    },
    /// Take back to `ply` moves.
    Rewind(usize),
}

/// Decides what `action` by `seat` changes, or why it is refused (nothing changes then).
pub fn decide(
    g: &LiveGame,
    seat: usize,
    held: &[usize],
    action: &Action,
    now: Instant,
) -> Result<Change, ActError> {
    let conflict = |m: &str| ActError::new(409, m);
    if let Action::Move { ply, .. } = action
        && *ply != g.ply()
    {
        return Err(ActError {
            status: 409,
            msg: format!("stale ply {ply}: the game is at ply {}", g.ply()),
            resync: true,
        });
    }
    if !g.is_live() {
        return Err(ActError::new(
            409,
            format!("the game is over ({})", g.result().unwrap_or_default()),
        ));
    }
    if g.seats[seat].out.is_some() {
        return Err(ActError::new(403, "this seat has left the game"));
    }
    let two = g.players() == 2;
    match action {
        Action::Move { text, .. } => {
            // A stale or repeated ply was answered above, before the turn: a move sent again
            // after its answer was lost is not this seat's turn any more, and gets the state
            // that shows it played.
            if seat != g.turn() {
                return Err(ActError::new(403, "it is not this seat's turn"));
            }
            if let SeatKind::Engine { .. } = g.seats[seat].kind {
                return Err(conflict("it is the engine's turn"));
            }
            let mut probe = g.game.position().clone();
            let text = text.trim();
            probe
                .play_text(text)
                .map_err(|e| ActError::new(422, e.to_string()))?;
            Ok(Change::Move {
                text: text.to_string(),
                seat,
            })
        }
        Action::Resign => {
            if two {
                Ok(Change::End(Outcome::Win {
                    winner: 1 - seat,
                    reason: "resignation",
                }))
            } else {
                Ok(Change::Retire(vec![(seat, "resignation")]))
            }
        }
        Action::Abort => {
            if g.ply() >= g.players() {
                return Err(conflict(
                    "every seat has moved: the game can no longer be aborted",
                ));
            }
            Ok(Change::Abort)
        }
        Action::ClaimDraw => {
            if seat != g.turn() {
                return Err(ActError::new(403, "only the seat to move may claim a draw"));
            }
            if g.game.can_claim_draw().is_none() {
                return Err(conflict("there is no draw to claim here"));
            }
            Ok(Change::ClaimDraw)
        }
        Action::ClaimAbsent => {
            let grace = g.grace();
            let away: Vec<usize> = (0..g.players())
                .filter(|&s| {
                    s != seat
                        && g.seats[s].kind == SeatKind::Human
                        && g.seats[s].out.is_none()
                        && g.seats[s].sockets == 0
                        && now.saturating_duration_since(g.seats[s].away_since) >= grace
                })
                .collect();
            if away.is_empty() {
                return Err(conflict(
                    format!("no seat has been away for {} s", grace.as_secs()).as_str(),
                ));
            }
            if two {
                Ok(Change::End(Outcome::Win {
                    winner: seat,
                    reason: "abandoned",
                }))
            } else {
                Ok(Change::Retire(
                    away.into_iter().map(|s| (s, "abandoned")).collect(),
                ))
            }
        }
        Action::Offer(What::Draw) | Action::Accept(What::Draw) => {
            if matches!(action, Action::Accept(_)) && g.draw_offers == 0 {
                return Err(conflict("no draw is offered"));
            }
            let mask = g.draw_offers | 1 << seat;
            let live = g.live_seats();
            if live.iter().all(|s| mask & (1 << s) != 0) {
                return Ok(Change::End(Outcome::Draw {
                    reason: "agreement",
                }));
            }
            if g.draw_offers & (1 << seat) != 0 {
                return Err(conflict("this seat offers a draw already"));
            }
            Ok(Change::Offers {
                draw: mask,
                takeback: g.takeback,
                event: Event::Offer { what: "draw", seat },
            })
        }
        Action::Decline(w) => {
            let pending = match w {
                What::Draw => g.draw_offers != 0,
                What::Takeback => g.takeback.is_some(),
            };
            if !pending {
                return Err(conflict("nothing to decline"));
            }
            Ok(Change::Offers {
                draw: if *w == What::Draw { 0 } else { g.draw_offers },
                takeback: if *w == What::Takeback {
                    None
                } else {
                    g.takeback
                },
                event: Event::Decline {
                    what: w.name(),
                    seat,
                },
            })
        }
        Action::Offer(What::Takeback) => {
            if !two || g.seats.iter().any(|s| s.kind != SeatKind::Human) {
                return Err(conflict(
                    "takebacks are asked between two people (against the engine: undo)",
                ));
            }
            if !g.moves[g.base_ply..].iter().any(|(_, s, _)| *s == seat) {
                return Err(conflict("this seat has no move to take back"));
            }
            Ok(Change::Offers {
                draw: g.draw_offers,
                takeback: Some(seat),
                event: Event::Offer {
                    what: "takeback",
                    seat,
                },
            })
        }
        Action::Accept(What::Takeback) => {
            let Some(asker) = g.takeback else {
                return Err(conflict("no takeback is asked"));
            };
            if asker == seat {
                return Err(conflict("the other seat must accept"));
            }
            let last = g.moves[g.base_ply..]
                .iter()
                .rposition(|(_, s, _)| *s == asker)
                .ok_or_else(|| conflict("no move to take back"))?;
            Ok(Change::Rewind(g.base_ply + last))
        }
        Action::Undo => {
            // Undo is for one person's game: against the engine, or every seat at one screen.
            if g.seats
                .iter()
                .enumerate()
                .any(|(i, s)| s.kind == SeatKind::Human && !held.contains(&i))
            {
                return Err(conflict(
                    "undo is for games against the engine or at one screen; ask the other seats for a takeback",
                ));
            }
            if g.game.is_empty() {
                return Err(conflict("no move to take back"));
            }
            // Back to the last position where a person is to move (or the stretch's start).
            let mut to = g.ply() - 1;
            let first = g.base_ply;
            while to > first && g.seats[g.moves[to].1].kind != SeatKind::Human {
                to -= 1;
            }
            Ok(Change::Rewind(to))
        }
    }
}

/// The outcome of a loss on time by `seat` in a two-player game: a win for the other, or a
/// draw where the other has only its King (fide: FIDE article 6.9 for the bare King; see
/// docs/rules/fide.md).
pub fn timeout_outcome(g: &LiveGame, seat: usize) -> Outcome {
    let winner = 1 - seat;
    if g.variant == "fide" {
        let layout = g.game.position().layout();
        let mut pieces = 0;
        let mut minors = 0;
        let mut flagged_pieces = 0;
        for b in &layout.boards {
            for p in b.cells.iter().flatten().filter_map(|c| c.piece.as_ref()) {
                if p.owner == winner {
                    pieces += 1;
                    if matches!(p.name.as_str(), "Knight" | "Bishop") {
                        minors += 1;
                    }
                } else {
                    flagged_pieces += 1;
                }
            }
        }
        // The winner has only its King, or King and one minor piece against a bare King:
        // no series of legal moves mates.
        if pieces == 1 || (pieces == 2 && minors == 1 && flagged_pieces == 1) {
            return Outcome::Draw {
                reason: "timeout vs insufficient material",
            };
        }
    }
    Outcome::Win {
        winner,
        reason: "time",
    }
}
