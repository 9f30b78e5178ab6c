//! What the tests that run the `dimchess` binary share.

use std::process::Command;

/// Runs the tool with `args`: its exit status (-1 if killed by a signal), stdout and stderr.
pub fn dimchess(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dimchess"))
        .args(args)
        .output()
        .expect("the tool runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
