//! A large perft table costs only what it stores (issue 20): making a 4 GiB table takes no
//! time and commits no memory until its entries are written. (Its own test binary, so that
//! no other test's memory shows in the process's resident size.)

use std::time::{Duration, Instant};

use dimchess_core::perft::PerftTable;

/// The resident set size of this process in KiB (`VmRSS` in `/proc/self/status`).
#[cfg(target_os = "linux")]
fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn a_4_gib_table_commits_only_the_pages_it_stores_into() {
    let before = resident_kib();
    let started = Instant::now();
    let table = PerftTable::try_new(4096).expect("4 GiB of address space");
    // Filling every bucket took 8-11 s and 4.2 GB before (`perft fide 3 --hash 4096`).
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(table.capacity(), 4096 * (1 << 20) / 32 * 2);
    for key in 1..=1000u64 {
        table.store(key.wrapping_mul(0x9e37_79b9_7f4a_7c15), 3, key);
    }
    for key in 1..=1000u64 {
        assert_eq!(
            table.probe(key.wrapping_mul(0x9e37_79b9_7f4a_7c15), 3),
            Some(key)
        );
    }
    // At most one 4 KiB page per stored entry, and some slack.
    let grown = resident_kib().saturating_sub(before);
    assert!(
        grown < 100 * 1024,
        "the table made the process grow by {grown} KiB"
    );
}
