//! Invariant: the tool's argument handling (`dimchess::cli::run`) on any arguments (the input split at NUL bytes) ends with its output or a failure whose
//! printed line is one line of at most 400 characters without control characters, and never
//! panics. Commands that touch files (`replay`, `--record`, `--svg`), start threads or tables
//! on request (`--threads`, `--hash`), or search (perft deeper than 1, any command not listed
//! below) are skipped: they would write files or take minutes.
#![no_main]
use libfuzzer_sys::fuzz_target;

/// Commands run as given; a command of other characters than letters runs too (the tool
/// refuses it), any other is skipped.
const COMMANDS: [&str; 10] = [
    "variants",
    "perft",
    "moves",
    "play",
    "show",
    "help",
    "completions",
    "--help",
    "-h",
    "--version",
];
const SKIPPED_OPTIONS: [&str; 4] = ["--record", "--svg", "--threads", "--hash"];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let args: Vec<String> = text.split('\0').map(str::to_string).collect();
    let cmd = args[0].as_str();
    let known = COMMANDS.contains(&cmd);
    if !known && cmd.chars().all(|c| c.is_ascii_alphabetic()) {
        return;
    }
    // The distributed perft commands read and write unit files.
    if cmd.starts_with("perft-") || args.iter().any(|a| SKIPPED_OPTIONS.contains(&a.as_str())) {
        return;
    }
    if cmd == "perft" && args.iter().any(|a| a.parse::<u64>().is_ok_and(|d| d > 1)) {
        return;
    }
    let mut out = Vec::new();
    if let Err(dimchess::cli::Fail(msg)) = dimchess::cli::run(&args, &mut out) {
        let line = dimchess::core::error::one_line(&msg);
        assert!(line.chars().count() <= 400, "{line}");
        assert!(!line.chars().any(char::is_control), "{line}");
    }
});
