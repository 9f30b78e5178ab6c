//! Result files (a unit's counts, total and checksum: [`UnitResult`]) and partial files (the
//! entries a run has finished so far: a header line, then one line an entry).

use std::borrow::Cow;
use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{UnitError, format_error};
use crate::files::{read_bytes, sha256_hex};
use crate::json::{Source, to_json};

/// The `format` of a result file.
pub const RESULT_FORMAT: &str = "dimchess-perft-result 1";

/// The result of one unit: each entry's count (leaves `depth` plies below its position, not
/// multiplied) and the unit's total (the sum of multiplicity x count).
#[derive(Clone, Debug, PartialEq)]
pub struct UnitResult {
    /// The unit file's name.
    pub unit: String,
    /// The SHA-256 of the unit file the counts were made from.
    pub unit_sha256: String,
    /// The variant id.
    pub variant: String,
    /// The Zobrist key set of the run ([`dimchess_core::zobrist::set_key_set`]).
    pub keys: u64,
    /// Whether a hash table was used for any entry (a run without one is exact by
    /// construction; one with one relies on 64-bit keys not colliding).
    pub hashed: bool,
    /// The count below each entry, in the unit's order.
    pub counts: Vec<u64>,
    /// The sum of multiplicity x count over the entries.
    pub total: u64,
    /// Seconds this run spent counting (informational; entries resumed from a partial file
    /// are not timed again).
    pub seconds: f64,
}

impl UnitResult {
    /// The checksum a result file carries over its own fields (not `seconds`): a changed count,
    /// total or unit name no longer matches it.
    fn check(&self) -> String {
        let counts: Vec<String> = self.counts.iter().map(u64::to_string).collect();
        sha256_hex(
            format!(
                "{RESULT_FORMAT}\n{}\n{}\n{}\n{}\n{}\n{}\n{}\n",
                self.unit,
                self.unit_sha256,
                self.variant,
                self.keys,
                self.hashed,
                counts.join(","),
                self.total
            )
            .as_bytes(),
        )
    }

    /// The result file's text (JSON, one line).
    pub fn to_json(&self) -> String {
        let file = ResultFile {
            check: self.check().into(),
            counts: self.counts.as_slice().into(),
            format: RESULT_FORMAT.into(),
            hashed: self.hashed,
            keys: self.keys,
            seconds: (self.seconds * 1000.0).round() / 1000.0,
            total: self.total,
            unit: self.unit.as_str().into(),
            unit_sha256: self.unit_sha256.as_str().into(),
            variant: self.variant.as_str().into(),
        };
        let mut s = to_json(&file);
        s.push('\n');
        s
    }

    /// Reads a result file's text, checking its format and its own checksum.
    pub fn parse(text: &str, path: &Path) -> Result<UnitResult, UnitError> {
        let source = Source::file(path);
        let file: ResultFile = source.parse_format(text, RESULT_FORMAT)?;
        source.sha256("unit_sha256", &file.unit_sha256)?;
        source.sha256("check", &file.check)?;
        let r = UnitResult {
            unit: file.unit.into_owned(),
            unit_sha256: file.unit_sha256.into_owned(),
            variant: file.variant.into_owned(),
            keys: file.keys,
            hashed: file.hashed,
            counts: file.counts.into_owned(),
            total: file.total,
            seconds: file.seconds,
        };
        if file.check != r.check() {
            return Err(source.error("its checksum does not match its contents (corrupt)"));
        }
        Ok(r)
    }
}

/// A result file as written and read: a [`UnitResult`] with its format and checksum.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
struct ResultFile<'a> {
    check: Cow<'a, str>,
    counts: Cow<'a, [u64]>,
    format: Cow<'a, str>,
    hashed: bool,
    keys: u64,
    /// Written as `null` if it is not finite (serde_json's way), read back as 0.
    #[serde(deserialize_with = "seconds_or_null")]
    seconds: f64,
    total: u64,
    unit: Cow<'a, str>,
    unit_sha256: Cow<'a, str>,
    variant: Cow<'a, str>,
}

/// A number of seconds, or `null` for 0 (the field is still required).
fn seconds_or_null<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(0.0))
}

/// The first line of a partial file: which unit version and key set its counts are for.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
struct PartialHeader<'a> {
    keys: u64,
    unit: Cow<'a, str>,
    unit_sha256: Cow<'a, str>,
}

/// A line of a partial file after the header: one finished entry.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
struct PartialEntry {
    count: u64,
    /// The entry's index in the unit, from 0.
    entry: usize,
    hashed: bool,
}

/// The result file of unit `unit` (`unit-0003.jsonl`) counted with key set `keys`:
/// `unit-0003.result.json`, or `unit-0003.keys5.result.json` for key set 5.
pub fn result_file_name(unit: &str, keys: u64) -> String {
    let stem = unit.strip_suffix(".jsonl").unwrap_or(unit);
    if keys == 0 {
        format!("{stem}.result.json")
    } else {
        format!("{stem}.keys{keys}.result.json")
    }
}

/// The partial file of a run of `unit` with key set `keys` (finished entries, appended as they
/// finish): the result file's name with `.partial` for `.result.json`.
pub fn partial_file_name(unit: &str, keys: u64) -> String {
    let r = result_file_name(unit, keys);
    format!("{}.partial", r.strip_suffix(".result.json").unwrap_or(&r))
}

/// What a partial file says: its header, then the finished entries.
pub(crate) struct Partial {
    /// The count of each entry it holds.
    pub(crate) counts: Vec<Option<u64>>,
    /// Whether any of them was counted with a hash table.
    pub(crate) hashed: bool,
    /// Bytes of whole lines (a torn last line is cut off before appending).
    pub(crate) good_len: u64,
}

/// A partial file's header line (with its newline): the unit, its SHA-256 and the key set.
pub(crate) fn partial_header(unit: &str, unit_sha256: &str, keys: u64) -> String {
    let mut line = to_json(&PartialHeader {
        keys,
        unit: unit.into(),
        unit_sha256: unit_sha256.into(),
    });
    line.push('\n');
    line
}

/// A partial file's line (with its newline) for entry `entry` (from 0), counted `count`.
pub(crate) fn partial_line(entry: usize, count: u64, hashed: bool) -> String {
    let mut line = to_json(&PartialEntry {
        count,
        entry,
        hashed,
    });
    line.push('\n');
    line
}

/// Reads a partial file for a unit of `n` entries with this SHA-256 and key set; `None` if it
/// belongs to another unit, version or key set (it is then started again).
pub(crate) fn read_partial(
    path: &Path,
    sha: &str,
    keys: u64,
    n: usize,
) -> Result<Option<Partial>, UnitError> {
    let bytes = match read_bytes(path) {
        Ok(b) => b,
        Err(UnitError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    // Only whole lines count: a run killed in the middle of a write leaves a torn last line.
    let good_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let text = std::str::from_utf8(&bytes[..good_len])
        .map_err(|_| format_error(path, "not UTF-8 text"))?;
    let mut lines = text.lines().enumerate();
    let Some((_, header)) = lines.next() else {
        return Ok(None);
    };
    let h: PartialHeader = Source::line(path, 1).parse(header)?;
    if h.unit_sha256 != sha || h.keys != keys {
        return Ok(None);
    }
    let mut counts = vec![None; n];
    let mut hashed = false;
    for (i, line) in lines {
        let source = Source::line(path, i + 1);
        let PartialEntry {
            count: c,
            entry: e,
            hashed: h,
        } = source.parse(line)?;
        hashed |= h;
        let slot = counts
            .get_mut(e)
            .ok_or_else(|| source.error(format!("entry {e}: the unit has {n} entries")))?;
        match *slot {
            Some(old) if old != c => {
                return Err(source.error(format!("entry {e} counted twice: {old} and {c}")));
            }
            _ => *slot = Some(c),
        }
    }
    Ok(Some(Partial {
        counts,
        hashed,
        good_len: good_len as u64,
    }))
}
