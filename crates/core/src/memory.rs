//! The machine's memory, for sizing tables (perft's hash table, a search's transposition
//! table) and refusing sizes it cannot hold.

/// The machine's physical memory in MiB, where the system tells it (Linux: `MemTotal` in
/// `/proc/meminfo`); `None` elsewhere or if it cannot be read.
pub fn physical_mib() -> Option<u64> {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .as_deref()
        .and_then(mem_total_mib)
}

/// `MemTotal` of a `/proc/meminfo` text, in MiB.
fn mem_total_mib(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let n: u64 = words.next()?.parse().ok()?;
    (words.next() == Some("kB") && words.next().is_none()).then_some(n / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mem_total_in_mib() {
        let text = "MemFree:  1024 kB\nMemTotal:       25165824 kB\nBuffers: 0 kB\n";
        assert_eq!(mem_total_mib(text), Some(24 * 1024));
        assert_eq!(mem_total_mib("MemTotal: 1048576 kB"), Some(1024));
        assert_eq!(mem_total_mib("MemTotal: 12 MB"), None);
        assert_eq!(mem_total_mib("MemTotal: lots kB"), None);
        assert_eq!(mem_total_mib("MemFree: 1 kB"), None);
        assert_eq!(mem_total_mib(""), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_machine_has_some_memory() {
        assert!(physical_mib().is_some_and(|m| m > 0));
    }
}
