//! The engine's options: `uci`'s `id` and `option` lines, and `setoption`.

use dimchess_any::registry::{self, VARIANTS};

use crate::error::UciError;
use crate::session::Uci;

/// The `Hash` option's default, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;

/// The `Threads` option's maximum: the threads of a Lazy SMP search (a larger value is
/// refused, not clamped).
pub const MAX_THREADS: usize = 64;

/// The `MultiPV` option's maximum.
const MAX_MULTIPV: usize = 256;

impl Uci {
    /// `uci`: the `id` lines, every option, `uciok`.
    pub(crate) fn uci(&self) {
        self.say(&format!("id name dimchess {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the dimchess authors");
        self.say(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {}",
            max_hash_mb()
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        self.say("option name Ponder type check default false");
        // `chess` is orthodox chess's name in the UCI_Variant convention (Fairy-Stockfish,
        // python-chess): the same as `fide`.
        let mut combo = String::from("option name UCI_Variant type combo default chess var chess");
        for v in VARIANTS {
            combo.push_str(" var ");
            combo.push_str(v.id);
        }
        self.say(&combo);
        self.say("uciok");
    }

    /// `setoption name <id> [value <x>]` (names are case-insensitive).
    pub(crate) fn setoption(&mut self, args: &[&str]) -> Result<(), UciError> {
        let bad = |reason: &str| UciError::BadArguments {
            command: "setoption",
            reason: reason.to_string(),
        };
        if args.first() != Some(&"name") {
            return Err(bad("expected `setoption name <id> [value <x>]`"));
        }
        let value_at = args.iter().position(|&t| t == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at
            .map(|i| args[i + 1..].join(" "))
            .unwrap_or_default();
        let spin = |name: &'static str, min: usize, max: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|v| (min..=max).contains(v))
                .ok_or_else(|| UciError::BadOptionValue {
                    name,
                    value: value.clone(),
                    reason: format!("an integer from {min} to {max}"),
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.options.hash_mb = spin("Hash", 1, max_hash_mb())?,
            "threads" => self.options.threads = spin("Threads", 1, MAX_THREADS)?,
            "multipv" => self.multipv = spin("MultiPV", 1, MAX_MULTIPV)?,
            "ponder" => {
                if value != "true" && value != "false" {
                    return Err(UciError::BadOptionValue {
                        name: "Ponder",
                        value,
                        reason: "true or false".to_string(),
                    });
                }
            }
            "uci_variant" => {
                let id = value.as_str(); // `chess` is `fide` (registry::ALIASES)
                let v = registry::find(id).map_err(|_| UciError::BadOptionValue {
                    name: "UCI_Variant",
                    value: value.clone(),
                    reason: "`chess` or one of the ids of `dimchess variants`".to_string(),
                })?;
                self.variant = v;
                self.new_game();
            }
            _ => return Err(UciError::UnknownOption(name)),
        }
        Ok(())
    }
}

/// The `Hash` option's maximum: half the machine's memory (1 GiB where it is unknown).
fn max_hash_mb() -> usize {
    let half = dimchess_core::memory::physical_mib().map_or(1024, |m| m / 2);
    usize::try_from(half)
        .unwrap_or(usize::MAX)
        .clamp(1, 1 << 20)
}
