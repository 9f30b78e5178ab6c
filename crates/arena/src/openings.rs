//! Openings: files of start positions (one position text a line, `#` comments), and balanced
//! positions made for them ([`generate`]: random plies from the start, then a short search
//! that keeps only positions scored near 0), as engine authors use balanced books.
//!
//! ```
//! use dimchess_arena::openings::{GenerateOptions, generate, read};
//! use dimchess_any::{registry, Position};
//!
//! let fide = registry::find("fide").unwrap();
//! let made = generate(fide, &GenerateOptions { count: 2, plies: 4, seed: 1, depth: 2, ..GenerateOptions::default() }).unwrap();
//! assert_eq!(made.len(), 2);
//! let text: String = made.iter().map(|p| format!("{}\n", p.text())).collect();
//! assert_eq!(read(fide, &text, "made").unwrap(), made);
//! ```

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use dimchess_any::engine::{AnyEngine, Limits, Options, Score};
use dimchess_any::record::Game;
use dimchess_any::{AnyPosition, Position, VariantInfo};

use crate::Error;
use crate::rng::Rng;

/// Reads an openings file's `text` (`name` names it in errors): one position text of
/// `variant` a line, blank lines and lines starting with `#` left out. An error names the
/// first line that does not read, or says that there is no position.
///
/// ```
/// use dimchess_arena::openings::read;
/// let fide = dimchess_any::registry::find("fide").unwrap();
/// let book = "# a book\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";
/// assert_eq!(read(fide, book, "book").unwrap().len(), 1);
/// assert!(read(fide, "# nothing\n", "book").is_err());
/// ```
pub fn read(
    variant: &'static VariantInfo,
    text: &str,
    name: &str,
) -> Result<Vec<AnyPosition>, Error> {
    let mut v = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        v.push(
            variant
                .parse_position(line)
                .map_err(|e| Error::Openings(format!("openings `{name}` line {}: {e}", n + 1)))?,
        );
    }
    if v.is_empty() {
        return Err(Error::Openings(format!("openings `{name}`: no position")));
    }
    Ok(v)
}

/// How [`generate`] makes positions.
///
/// ```
/// use dimchess_arena::openings::GenerateOptions;
/// let o = GenerateOptions { count: 10, ..GenerateOptions::default() };
/// assert_eq!((o.plies, o.depth, o.max_cp), (8, 4, 50));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Positions to make.
    pub count: usize,
    /// Random plies from the start position.
    pub plies: usize,
    /// The seed of the random plies.
    pub seed: u64,
    /// The depth of the search that scores a position (Dimension X: in actions).
    pub depth: u32,
    /// The largest score kept, either sign, in centipawns.
    pub max_cp: i32,
    /// Tries (random walks) before giving up, per position asked for.
    pub tries_per_position: usize,
}

impl Default for GenerateOptions {
    /// 100 positions of 8 random plies, seed 1, depth 4, within ±50 centipawns, 200 tries per
    /// position.
    fn default() -> GenerateOptions {
        GenerateOptions {
            count: 100,
            plies: 8,
            seed: 1,
            depth: 4,
            max_cp: 50,
            tries_per_position: 200,
        }
    }
}

/// Makes `options.count` distinct positions of `variant`: from the start, `plies` uniformly
/// random legal moves (a walk that ends the game is dropped), then the in-process engine
/// searches the position to `depth`; a position is kept if its score is centipawns within
/// `±max_cp` (not a found win or loss) and it is not a position kept before. The same options
/// give the same positions. An error if the tries run out first.
///
/// ```
/// use dimchess_arena::openings::{GenerateOptions, generate};
/// let fide = dimchess_any::registry::find("fide").unwrap();
/// let options = GenerateOptions { count: 3, plies: 2, depth: 1, ..GenerateOptions::default() };
/// let a = generate(fide, &options).unwrap();
/// assert_eq!(a, generate(fide, &options).unwrap()); // the same seed, the same positions
/// ```
pub fn generate(
    variant: &'static VariantInfo,
    options: &GenerateOptions,
) -> Result<Vec<AnyPosition>, Error> {
    let mut rng = Rng::seeded(options.seed);
    let mut engine = AnyEngine::new(&Options::default());
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(options.depth.max(1));
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    let tries = options
        .count
        .saturating_mul(options.tries_per_position.max(1));
    'walks: for _ in 0..tries {
        if kept.len() >= options.count {
            break;
        }
        let mut game = Game::new(variant.start_position());
        for _ in 0..options.plies {
            let moves = game.position().moves_with_text();
            if moves.is_empty() || game.outcome().is_some() {
                continue 'walks;
            }
            let (mv, _) = moves[(rng.next() % moves.len() as u64) as usize];
            game.play(mv)?;
        }
        let pos = game.position().clone();
        if game.outcome().is_some() || pos.moves_with_text().is_empty() {
            continue;
        }
        let text = pos.text();
        if seen.contains(&text) {
            continue;
        }
        engine.new_game();
        let r = engine.search(&pos, &game.zobrist_history(), &limits, &stop, |_| {})?;
        if matches!(r.score, Score::Cp(v) if v.abs() <= options.max_cp) {
            seen.insert(text);
            kept.push(pos);
        }
    }
    if kept.len() < options.count {
        return Err(Error::Openings(format!(
            "only {} of {} positions within ±{} cp after {tries} random walks (fewer plies may find more)",
            kept.len(),
            options.count,
            options.max_cp
        )));
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dimchess_any::registry;

    #[test]
    fn a_bad_line_is_named() {
        let fide = registry::find("fide").unwrap();
        let e = read(fide, "# comment\n\nnot a position\n", "f").unwrap_err();
        assert!(e.to_string().starts_with("openings `f` line 3: "), "{e}");
        let e = read(fide, "# only a comment\n", "f").unwrap_err();
        assert_eq!(e.to_string(), "openings `f`: no position");
    }

    #[test]
    fn impossible_requests_end_with_an_error() {
        let fide = registry::find("fide").unwrap();
        let options = GenerateOptions {
            count: 2,
            plies: 2,
            depth: 1,
            max_cp: -1,
            tries_per_position: 1,
            ..GenerateOptions::default()
        };
        let e = generate(fide, &options).unwrap_err();
        assert!(e.to_string().starts_with("only 0 of 2 positions"), "{e}");
    }
}
