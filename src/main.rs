//! The `dimchess` tool: its commands are the library module `dimchess::cli`.

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    dimchess::cli::main()
}
