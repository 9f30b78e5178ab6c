//! Games and their records: a [`Game`] is a start position and the moves played from it, with
//! undo; its record is PGN, as chess players write it.
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "?"]
//! [Black "?"]
//! [Result "0-1"]
//! [Termination "checkmate"]
//!
//! 1. f3 e5 2. g4 Qh4# 0-1
//! ```
//!
//! # Writing
//! [`Game::to_record`] writes the Seven Tag Roster (`Event`, `Site`, `Date`, `Round`,
//! `White`, `Black`, `Result`; `?` where unknown), then `Variant` (left out for `fide`),
//! `SetUp` and `FEN` when the game does not start from the variant's start, `Termination`
//! (the reason of a finished two-player game: `checkmate`, `resignation` ...) and the other
//! tags in the order they were set. The moves follow in the variant's notation
//! ([`Position::move_notation`](crate::Position::move_notation): SAN in fide, the canonical move text elsewhere), numbered
//! by the fullmove number of the position before them, once per round of play (`12.`, or
//! `12...` when the record starts after the first seat: a `FEN` of move 12, Black to move), in
//! lines of at most 80 characters, and the result: `1-0`, `0-1`, `1/2-1/2` or `*` for two
//! players; for four, the result text of the rules (`draw by the clock`).
//!
//! # Reading
//! [`read_games`] reads every game of a PGN file, [`Game::from_record`] a file of one game.
//! Each game is replayed, and every move checked: a wrong one is an error that names it. A
//! reader accepts what PGN writers write:
//! - tag pairs (`[Name "value"]`, `\"` and `\\` escaped); a record without a `Variant` tag
//!   is `fide`; `FEN` gives the start position;
//! - moves in the variant's canonical text or, in fide, SAN with check and mate marks;
//!   move numbers (`12.`, `12...`, also glued: `12.e4`);
//! - comments `{...}` (`[%clk 0:03:00]` and other commands inside them too) and `; ...` to
//!   the end of the line, `%` escape lines, NAGs (`$1`) and move annotations (`!`, `?!`);
//! - variations `( ... )`, nested or not, skipped;
//! - the results `1-0`, `0-1`, `1/2-1/2` and `*` whatever the reason: a result the rules
//!   decided (checkmate: `0-1` stands for `0-1 (checkmate)`), a draw the player to move may
//!   claim (threefold repetition), or an ending the rules do not know (a resignation, a loss
//!   on time: the `Termination` tag names it, or the game ends as the record states,
//!   [`Game::end`]). A result the final position contradicts is an error; so is `*` for a
//!   finished game. The older form with the reason in the result (`0-1 (checkmate)`) is read
//!   too;
//! - several games in one file.
//!
//! Every problem is an [`Error::Record`] naming the game and where in it.
//!
//! # Endings that depend on the game
//!
//! A game applies its variant's rules that a position alone cannot (see
//! [`Position::game_ending`](crate::Position::game_ending) and [`Position::draw_claim`](crate::Position::draw_claim)): it counts how often each position
//! has occurred, by the variant's [`Position::repetition_key`](crate::Position::repetition_key). In `three-level` the third
//! occurrence of a position draws the game (TL-18); in `fide` fivefold repetition, the 75-move
//! rule and dead positions by insufficient material end it, and the player to move may claim a
//! draw by threefold repetition or the 50-move rule ([`Game::can_claim_draw`],
//! [`Game::claim_draw`]). A record claims such a draw by ending with `1/2-1/2`:
//!
//! ```
//! use dimchess_any::record::Game;
//! use dimchess_any::registry;
//! let mut game = Game::new(registry::start("fide").unwrap());
//! for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     game.play_text(m).unwrap();
//! }
//! assert_eq!(game.result_text(), None);
//! let claim = game.can_claim_draw().unwrap();
//! assert_eq!(claim.to_string(), "1/2-1/2 (threefold repetition)");
//! game.claim_draw().unwrap();
//! assert!(game.play_text("e2e4").is_err()); // the game is over
//! let record = game.to_record();
//! assert!(record.ends_with("3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n"));
//! assert_eq!(Game::from_record(&record).unwrap().result_text(), game.result_text());
//! ```
//!
//! ```
//! use dimchess_any::record::Game;
//! let pgn = "[Event \"Casual\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\n";
//! let game = Game::from_record(pgn).unwrap();
//! assert_eq!(game.result_text().as_deref(), Some("1-0 (checkmate)"));
//! assert_eq!(game.tags(), [("Event".to_string(), "Casual".to_string())]);
//! assert!(Game::from_record(&pgn.replace("1-0", "0-1")).is_err());
//! ```

mod game;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use game::Game;
pub use read::read_games;

use dimchess_core::Error;

/// The largest record, in bytes, that `dimchess replay` reads (1 MiB): a game of tens of
/// thousands of moves fits many times over, and a larger file is refused before it is read
/// whole.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// The tags that the game decides: written from it, read to rebuild it, never set by hand
/// ([`Game::set_tag`]), and given at most once in a record.
const DERIVED_TAGS: [&str; 5] = ["Variant", "FEN", "SetUp", "Result", "Termination"];

/// The Seven Tag Roster without `Result` (which the game decides), with the value a writer
/// puts for an unknown one; a reader drops a tag whose value is that placeholder.
const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

/// Where a tag goes in a record: the roster's tags by their place in it, every other after them.
fn tag_rank(name: &str) -> usize {
    ROSTER
        .iter()
        .position(|(r, _)| *r == name)
        .unwrap_or(ROSTER.len())
}

/// Whether `name` may name a tag: letters, digits and `_`.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A tag value is one line of text: a control character (newline, tab, escape ...) would
/// break the record, or reach a terminal that shows it.
fn check_tag_value(name: &str, value: &str) -> Result<(), Error> {
    if value.chars().any(char::is_control) {
        return Err(Error::Record {
            at: format!("tag {name}"),
            reason: "a tag value holds no control character (newline, tab, escape ...)".into(),
        });
    }
    Ok(())
}
