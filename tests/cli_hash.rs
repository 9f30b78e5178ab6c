//! `perft --hash` sizes (issue 20): a table far larger than the work costs nothing up front,
//! and a size above the machine's memory is refused with exit 2 and one line.

use std::time::{Duration, Instant};

mod common;
use common::dimchess;

#[test]
fn a_4_gib_table_for_a_small_perft_is_not_filled_first() {
    let started = Instant::now();
    let (code, out, err) = dimchess(&["perft", "fide", "3", "--hash", "4096"]);
    let took = started.elapsed();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("8902"));
    // Filling the table first took 8-11 s (release build) before; now a few milliseconds.
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[test]
fn a_table_above_the_machines_memory_is_refused() {
    // 95 TiB: more than any machine this runs on.
    let (code, out, err) = dimchess(&["perft", "fide", "1", "--hash", "100000000"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: --hash `100000000`") && err.contains("memory"),
        "{err}"
    );
    let (code, _, err) = dimchess(&["perft", "fide", "1", "--hash", "99999999999999999999999"]);
    assert_eq!(code, 2);
    assert!(err.contains("--hash"), "{err}");
}
