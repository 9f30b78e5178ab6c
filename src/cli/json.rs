//! The tool's JSON output: serde-derived types written by serde_json, one object a line.

use std::io::Write;

use serde::{Serialize, Serializer};

use super::{Fail, write_failure};

/// Writes `value` as one line of JSON.
pub(crate) fn write_line(out: &mut impl Write, value: &impl Serialize) -> Result<(), Fail> {
    serde_json::to_writer(&mut *out, value).map_err(|e| match e.io_error_kind() {
        Some(kind) => write_failure(std::io::Error::from(kind)),
        None => Fail(format!("cannot write output: {e}")),
    })?;
    writeln!(out).map_err(write_failure)
}

/// A number written with a fixed count of decimals (`"score":0.7500`), as the tool always
/// printed it; serde_json alone writes the shortest form (`0.75`).
pub(crate) struct Fixed<const DECIMALS: usize>(pub f64);

impl<const DECIMALS: usize> Serialize for Fixed<DECIMALS> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = format!("{:.*}", DECIMALS, self.0);
        let raw =
            serde_json::value::RawValue::from_string(text).map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_keeps_its_decimals() {
        assert_eq!(serde_json::to_string(&Fixed::<4>(0.75)).unwrap(), "0.7500");
        assert_eq!(serde_json::to_string(&Fixed::<1>(-0.04)).unwrap(), "-0.0");
        assert_eq!(serde_json::to_string(&Fixed::<1>(191.0)).unwrap(), "191.0");
    }

    #[test]
    fn strings_are_escaped() {
        #[derive(Serialize)]
        struct S<'a> {
            text: &'a str,
        }
        let mut out = Vec::new();
        write_line(
            &mut out,
            &S {
                text: "a\"b\\c\n\u{1}",
            },
        )
        .unwrap_or_else(|_| panic!());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"text\":\"a\\\"b\\\\c\\n\\u0001\"}\n"
        );
    }
}
