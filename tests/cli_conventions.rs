//! The tool follows command-line conventions (issue 13, item 3): `--version`, `--help` for the
//! tool and each command, `help <command>`, shell completions, and every usage error on one
//! line of stderr with exit status 2.

mod common;
use common::dimchess;

/// Every command of the tool.
const COMMANDS: [&str; 16] = [
    "variants",
    "perft",
    "moves",
    "play",
    "show",
    "replay",
    "bestmove",
    "match",
    "solve",
    "tune",
    "completions",
    "uci",
    "serve",
    "perft-split",
    "perft-run",
    "perft-merge",
];

/// `args` is a usage error: exit 2, nothing on stdout, and one line on stderr that starts
/// with `error: ` and contains every one of `culprits`. Returns the line.
fn usage_error(args: &[&str], culprits: &[&str]) -> String {
    let (code, out, err) = dimchess(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.ends_with('\n'), "{args:?}: {err:?}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    for c in culprits {
        assert!(err.contains(c), "{args:?}: {err} should name {c}");
    }
    err.trim_end().to_string()
}

#[test]
fn version_prints_the_package_version() {
    for flag in ["--version", "-V"] {
        let (code, out, err) = dimchess(&[flag]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, format!("dimchess {}\n", env!("CARGO_PKG_VERSION")));
        assert!(err.is_empty(), "{err}");
    }
}

#[test]
fn help_lists_every_command() {
    for flag in ["--help", "-h", "help"] {
        let (code, out, err) = dimchess(&[flag]);
        assert_eq!(code, 0, "{flag}: {err}");
        assert!(err.is_empty(), "{err}");
        assert!(out.contains("Usage: dimchess <COMMAND>"), "{out}");
        for cmd in COMMANDS {
            assert!(
                out.lines().any(|l| l.trim_start().starts_with(cmd)),
                "{flag} does not list {cmd}: {out}"
            );
        }
    }
}

#[test]
fn perft_help_describes_perfts_arguments() {
    let (code, out, err) = dimchess(&["perft", "--help"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains("Usage: dimchess perft [OPTIONS] <variant> <depth>"),
        "{out}"
    );
    for option in [
        "--fen <TEXT>",
        "--divide",
        "--threads <N>",
        "--hash <MB>",
        "--json",
    ] {
        assert!(out.contains(option), "perft --help lacks {option}: {out}");
    }
    // `--help` wins over a missing or bad argument.
    let (code, again, _) = dimchess(&["perft", "nochess", "--help"]);
    assert_eq!((code, again.as_str()), (0, out.as_str()));
}

#[test]
fn help_command_prints_the_same_as_command_help() {
    for cmd in COMMANDS {
        let (code, out, err) = dimchess(&[cmd, "--help"]);
        assert_eq!(code, 0, "{cmd} --help: {err}");
        assert!(
            out.contains(&format!("Usage: dimchess {cmd}")),
            "{cmd} --help: {out}"
        );
        assert!(out.contains("-h, --help"), "{cmd} --help: {out}");
        let (code, via_help, err) = dimchess(&["help", cmd]);
        assert_eq!(code, 0, "help {cmd}: {err}");
        assert_eq!(via_help, out, "help {cmd}");
    }
    // The search commands document their own options too.
    let (_, out, _) = dimchess(&["bestmove", "--help"]);
    assert!(
        out.contains("--movetime <MS>") && out.contains("--nodes <N>"),
        "{out}"
    );
    let (_, out, _) = dimchess(&["match", "--help"]);
    assert!(
        out.contains("--white <PLAYER>") && out.contains("engine[:depth=N"),
        "{out}"
    );
}

#[test]
fn completions_for_bash_zsh_and_fish() {
    for (shell, marker) in [
        ("bash", "complete -F _dimchess"),
        ("zsh", "#compdef dimchess"),
        ("fish", "complete -c dimchess"),
    ] {
        let (code, out, err) = dimchess(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(err.is_empty(), "{shell}: {err}");
        assert!(out.contains(marker), "{shell} script lacks {marker:?}");
        // The script knows the commands and their options.
        for word in ["perft", "solve", "--divide"] {
            assert!(out.contains(word), "{shell} script lacks {word}");
        }
    }
    usage_error(&["completions", "tcsh"], &["`tcsh`", "bash"]);
    usage_error(&["completions"], &["`completions` needs <shell>"]);
}

#[test]
fn an_unknown_option_is_one_line_naming_it_and_the_command() {
    let line = usage_error(&["perft", "fide", "1", "--foo"], &["`--foo`"]);
    assert_eq!(
        line,
        "error: unexpected argument `--foo` for `perft` (see `dimchess perft --help`)"
    );
    // A near miss is suggested.
    usage_error(
        &["perft", "fide", "1", "--fe", "x"],
        &["`--fe`", "did you mean `--fen`?"],
    );
    usage_error(
        &["bestmove", "fide", "--bogus"],
        &["`--bogus`", "`bestmove`"],
    );
    usage_error(&["match", "fide", "--bogus"], &["`--bogus`", "`match`"]);
    usage_error(&["variants", "extra"], &["`extra`", "`variants`"]);
    usage_error(&["perft", "fide", "1", "2"], &["`2`"]);
}

#[test]
fn an_unknown_command_is_one_line_naming_it() {
    usage_error(&["frobnicate"], &["unknown command `frobnicate`"]);
    usage_error(
        &["perfd", "fide", "1"],
        // The closest suggestion first.
        &["`perfd`", "did you mean `perft`, `perft-run`"],
    );
    usage_error(&["help", "frobnicate"], &["`frobnicate`"]);
    usage_error(&["--frobnicate"], &["`--frobnicate`"]);
    usage_error(&[], &["no command given", "dimchess --help"]);
}

#[test]
fn a_missing_argument_is_one_line_naming_it() {
    usage_error(&["perft"], &["`perft` needs <variant>", "<depth>"]);
    usage_error(&["perft", "fide"], &["`perft` needs <depth>"]);
    usage_error(
        &["moves"],
        &["`moves` needs <variant>", "dimchess variants"],
    );
    usage_error(&["replay"], &["`replay` needs <FILE>", "record file"]);
    usage_error(&["solve", "fide"], &["`solve` needs --turns <N>"]);
    usage_error(
        &["match", "fide", "--white", "random"],
        &["--black <PLAYER>"],
    );
    usage_error(&["bestmove"], &["`bestmove` needs <variant>"]);
    // An option without its value.
    usage_error(
        &["perft", "fide", "1", "--fen"],
        &["`--fen <TEXT>`", "needs a value"],
    );
    usage_error(&["bestmove", "fide", "--depth"], &["`--depth <N>`"]);
}

#[test]
fn a_bad_number_keeps_the_tools_message() {
    let line = usage_error(&["perft", "fide", "1", "--threads", "0"], &[]);
    assert_eq!(
        line,
        "error: --threads `0`: expected a number from 1 to 1024"
    );
    usage_error(
        &["perft", "fide", "-3"],
        &["depth `-3`: expected a number from 0 to 64"],
    );
    usage_error(&["solve", "fide", "--turns", "65"], &["--turns `65`"]);
    usage_error(
        &[
            "match", "fide", "--white", "random", "--black", "random", "--games", "x",
        ],
        &["--games `x`"],
    );
}

#[test]
fn options_go_anywhere_and_repeat_as_before() {
    // Options before, between and after the positional arguments; a repeated option counts
    // once (its last value).
    let (code, out, err) = dimchess(&["perft", "--json", "fide", "--json", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("\"nodes\":20}\n"), "{out}");
    let (code, out, err) = dimchess(&[
        "play",
        "fide",
        "e2e4",
        "--fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "e7e5",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
    );
}

#[test]
fn move_texts_are_passed_as_before() {
    // SAN, and texts with surrounding spaces (trimmed).
    let (code, out, err) = dimchess(&["play", "fide", "Nf3", " e5 "]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq e6 0 2\n"
    );
    // A text with a space inside is one (bad) move, named.
    usage_error(&["play", "fide", "e2e4 e7e5"], &["move 1 `e2e4 e7e5`"]);
    // A text starting with '-' is read as a move after `--`, and named otherwise.
    usage_error(&["play", "fide", "--", "-e2e4"], &["move 1 `-e2e4`"]);
    usage_error(&["play", "fide", "e2e4", "-x"], &["`-x`", "after `--`"]);
}
