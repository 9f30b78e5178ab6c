//! The manifest of a split (`manifest.json`): what is counted, how it was cut, and each unit
//! file with its number of entries and SHA-256.

use std::borrow::Cow;
use std::collections::HashSet;
use std::path::Path;

use dimchess_any::registry;
use dimchess_core::error::Escaped;
use serde::{Deserialize, Serialize};

use crate::error::{UnitError, format_error};
use crate::files::read_text;
use crate::json::{Source, to_json_pretty};

/// The name of the manifest file in a split's directory.
pub const MANIFEST_FILE: &str = "manifest.json";

/// The `format` of a manifest.
pub const MANIFEST_FORMAT: &str = "dimchess-perft-units 1";

/// The deepest perft a unit may ask for (as the tool).
pub const MAX_DEPTH: u32 = 64;

/// A unit as the manifest names it (serde: the object of the manifest's `units` list as it is;
/// [`Manifest::parse`] checks it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct UnitInfo {
    /// Its number of entries.
    pub entries: usize,
    /// The unit file's name, in the manifest's directory.
    pub file: String,
    /// The SHA-256 of the unit file's bytes, lower-case hex.
    pub sha256: String,
}

/// A split: what was counted, how it was cut, and every unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The variant id.
    pub variant: String,
    /// The root position's text.
    pub root: String,
    /// The perft depth from the root.
    pub depth: u32,
    /// The ply of the entries (`K`).
    pub at: u32,
    /// The number of entries over all units (distinct positions at ply `at`).
    pub entries: usize,
    /// The sum of the multiplicities: perft(`at`) of the root.
    pub positions: u64,
    /// The units, in order.
    pub units: Vec<UnitInfo>,
}

/// `manifest.json` as written and read: a [`Manifest`] with its format.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
struct ManifestFile<'a> {
    at: u32,
    depth: u32,
    entries: usize,
    format: Cow<'a, str>,
    positions: u64,
    root: Cow<'a, str>,
    units: Cow<'a, [UnitInfo]>,
    variant: Cow<'a, str>,
}

/// A unit or manifest file name: plain, no directories (a manifest cannot send a run to read or
/// write elsewhere).
fn check_file_name(name: &str, path: &Path) -> Result<(), UnitError> {
    let plain = !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains(['/', '\\', '\0'])
        && name.ends_with(".jsonl");
    if plain {
        Ok(())
    } else {
        Err(format_error(
            path,
            format!(
                "unit file name `{}`: expected a plain name ending in .jsonl",
                Escaped::culprit(name)
            ),
        ))
    }
}

impl Manifest {
    /// The manifest as JSON (pretty-printed, one field per line).
    pub fn to_json(&self) -> String {
        let file = ManifestFile {
            at: self.at,
            depth: self.depth,
            entries: self.entries,
            format: MANIFEST_FORMAT.into(),
            positions: self.positions,
            root: self.root.as_str().into(),
            units: self.units.as_slice().into(),
            variant: self.variant.as_str().into(),
        };
        let mut s = to_json_pretty(&file);
        s.push('\n');
        s
    }

    /// Reads a manifest's text (`path` names it in errors); checks the fields, the variant and
    /// the root position, and that the units' entries add up.
    pub fn parse(text: &str, path: &Path) -> Result<Manifest, UnitError> {
        let source = Source::file(path);
        let file: ManifestFile = source.parse_format(text, MANIFEST_FORMAT)?;
        registry::find(&file.variant)?.parse_position(&file.root)?;
        let depth = source.depth("depth", file.depth)?;
        let at = source.depth("at", file.at)?;
        if at > depth {
            return Err(source.error(format!("`at` {at} is deeper than `depth` {depth}")));
        }
        let mut names = HashSet::new();
        let mut sum = 0usize;
        for (i, u) in file.units.iter().enumerate() {
            check_file_name(&u.file, path)?;
            if u.file == MANIFEST_FILE || !names.insert(u.file.as_str()) {
                return Err(source.error(format!(
                    "unit {i}: file `{}` named twice",
                    Escaped::culprit(&u.file)
                )));
            }
            source.sha256("sha256", &u.sha256)?;
            sum = sum.saturating_add(u.entries);
        }
        if file.units.is_empty() {
            return Err(source.error("no units"));
        }
        if sum != file.entries {
            return Err(source.error(format!(
                "the units hold {sum} entries, `entries` says {}",
                file.entries
            )));
        }
        Ok(Manifest {
            variant: file.variant.into_owned(),
            root: file.root.into_owned(),
            depth,
            at,
            entries: file.entries,
            positions: file.positions,
            units: file.units.into_owned(),
        })
    }

    /// Reads `manifest.json` in `dir`.
    pub fn read(dir: &Path) -> Result<Manifest, UnitError> {
        let path = dir.join(MANIFEST_FILE);
        let text = read_text(&path)?;
        Manifest::parse(&text, &path)
    }

    /// The unit named `file`.
    pub fn unit(&self, file: &str) -> Option<&UnitInfo> {
        self.units.iter().find(|u| u.file == file)
    }
}
