//! The files' JSON: every file is written from and read into a serde-derived type
//! ([`Source::parse`]), and errors name the file, the line and what is wrong.
//!
//! The files' types declare their fields in alphabetical order: serde writes them in the order
//! declared, and the files have always had their keys sorted (they were first written by
//! `serde_json::json!`, whose objects sort their keys), so a split's bytes and checksums stay
//! the same.

use std::path::Path;

use dimchess_core::error::Escaped;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::{UnitError, format_error};
use crate::manifest::MAX_DEPTH;

/// Where a JSON document comes from, to name it in errors: a file, and the line of a JSON-lines
/// file.
#[derive(Clone, Copy)]
pub(crate) struct Source<'a> {
    path: &'a Path,
    line: Option<usize>,
}

impl<'a> Source<'a> {
    /// A whole file.
    pub(crate) fn file(path: &'a Path) -> Self {
        Source { path, line: None }
    }

    /// Line `line` (from 1) of a JSON-lines file.
    pub(crate) fn line(path: &'a Path, line: usize) -> Self {
        Source {
            path,
            line: Some(line),
        }
    }

    /// An error about this document: `` `path`: message ``, or `` `path`: line N: message ``
    /// for a line of a JSON-lines file.
    pub(crate) fn error(&self, message: impl std::fmt::Display) -> UnitError {
        match self.line {
            Some(l) => format_error(self.path, format!("line {l}: {message}")),
            None => format_error(self.path, message.to_string()),
        }
    }

    /// Reads the document as a `T`: a JSON object with exactly `T`'s fields, of their types.
    pub(crate) fn parse<T: DeserializeOwned>(&self, text: &str) -> Result<T, UnitError> {
        // serde reads a struct from a JSON list of its fields too; the files hold objects.
        if text.trim_start().starts_with('[') {
            return Err(self.error("expected a JSON object"));
        }
        serde_json::from_str(text).map_err(|e| self.json_error(&e))
    }

    /// Reads a document of format `format` as a `T`: the `format` field is read first, so a
    /// file of another format (another version) is refused as such, whatever its other fields.
    pub(crate) fn parse_format<T: DeserializeOwned>(
        &self,
        text: &str,
        format: &str,
    ) -> Result<T, UnitError> {
        /// Only the `format` field of a document (anything else is read by `T`).
        #[derive(Deserialize)]
        struct Format {
            format: String,
        }
        if let Ok(found) = serde_json::from_str::<Format>(text)
            && found.format != format
        {
            return Err(self.error(format!(
                "format `{}`: expected `{format}`",
                Escaped::culprit(&found.format)
            )));
        }
        self.parse(text)
    }

    /// serde_json's error as `line L column C: message` (the line of a JSON-lines file, or of
    /// the whole file): malformed JSON is "not valid JSON (what serde found)", a missing,
    /// unknown or mistyped field serde's own message.
    fn json_error(&self, e: &serde_json::Error) -> UnitError {
        let text = e.to_string();
        let at = format!(" at line {} column {}", e.line(), e.column());
        let found = text.strip_suffix(&at).unwrap_or(&text);
        let message = if e.is_data() {
            found.to_string()
        } else {
            format!("not valid JSON ({found})")
        };
        if e.line() == 0 {
            return self.error(message);
        }
        // A JSON line is line 1 of its own text.
        let line = self.line.unwrap_or(e.line());
        format_error(
            self.path,
            format!("line {line} column {}: {message}", e.column()),
        )
    }

    /// `value` of field `name`, if it is a depth from 0 to [`MAX_DEPTH`].
    pub(crate) fn depth(&self, name: &str, value: u32) -> Result<u32, UnitError> {
        if value <= MAX_DEPTH {
            Ok(value)
        } else {
            Err(self.error(format!(
                "field `{name}`: {value} is not a depth from 0 to {MAX_DEPTH}"
            )))
        }
    }

    /// Checks that `value` of field `name` is a SHA-256: 64 lower-case hex digits.
    pub(crate) fn sha256(&self, name: &str, value: &str) -> Result<(), UnitError> {
        let hex = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
        if value.len() == 64 && value.bytes().all(hex) {
            Ok(())
        } else {
            Err(self.error(format!(
                "field `{name}`: expected 64 lower-case hex digits (SHA-256)"
            )))
        }
    }
}

// The files' types hold strings, numbers, booleans and lists of them: serde_json fails only on
// a map with non-string keys, a type's own error or a failed write, none possible here.

/// `value` as compact JSON (one line).
pub(crate) fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|e| unreachable!("the files' types always serialize: {e}"))
}

/// `value` as pretty-printed JSON (one field a line, indented by two spaces).
pub(crate) fn to_json_pretty(value: &impl Serialize) -> String {
    serde_json::to_string_pretty(value)
        .unwrap_or_else(|e| unreachable!("the files' types always serialize: {e}"))
}
