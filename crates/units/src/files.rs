//! The files' bytes: reads bounded by [`MAX_FILE_BYTES`], atomic writes, SHA-256 checksums.

use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::error::{UnitError, format_error, io_error};

/// The largest manifest, unit, partial or result file read, in bytes (1 GiB): a file larger
/// than this is refused before it is read whole.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The SHA-256 of `bytes` in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest.iter() {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// Reads a whole file of at most [`MAX_FILE_BYTES`] as UTF-8 text.
pub(crate) fn read_text(path: &Path) -> Result<String, UnitError> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        format_error(
            path,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

/// Reads a whole file of at most [`MAX_FILE_BYTES`].
pub(crate) fn read_bytes(path: &Path) -> Result<Vec<u8>, UnitError> {
    let mut bytes = Vec::new();
    File::open(path)
        .map_err(io_error(path))?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error(path))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format_error(
            path,
            format!("larger than {MAX_FILE_BYTES} bytes"),
        ));
    }
    Ok(bytes)
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, synced, then renamed.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), UnitError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let mut f = File::create(&tmp).map_err(io_error(&tmp))?;
    f.write_all(bytes).map_err(io_error(&tmp))?;
    f.sync_all().map_err(io_error(&tmp))?;
    drop(f);
    fs::rename(&tmp, path).map_err(io_error(path))?;
    if let Some(dir) = path.parent()
        && let Ok(d) = File::open(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        })
    {
        let _ = d.sync_all();
    }
    Ok(())
}
