//! Command-line errors found by clap, as the tool's one-line errors.

use clap::CommandFactory;
use clap::error::ErrorKind;

/// One line for a command-line error found by clap (whose own text has several lines: usage
/// and tips), naming the culprit in backquotes like the tool's other errors. `raw` are the
/// arguments after the program name: the first names the command the error is about.
pub(super) fn error_line(e: &clap::Error, raw: &[String]) -> String {
    use clap::error::{ContextKind, ContextValue};
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) if !v.is_empty() => Some(v.join("`, `")),
        _ => None,
    };
    // Built, so that its arguments print as in clap's errors (`--turns <N>`).
    let mut cli = super::Cli::command();
    cli.build();
    let sub = raw
        .first()
        .filter(|name| *name != "help")
        .and_then(|name| cli.find_subcommand(name));
    let (for_cmd, see) = match sub {
        Some(s) => (
            format!(" for `{}`", s.get_name()),
            format!("see `dimchess {} --help`", s.get_name()),
        ),
        None => (String::new(), "see `dimchess --help`".to_string()),
    };
    let arg = text(ContextKind::InvalidArg).unwrap_or_default();
    // `--threads <N>` -> `--threads`, `<depth>` -> `depth`, as the tool's own messages name them.
    let arg_name = arg
        .split(' ')
        .next()
        .unwrap_or_default()
        .trim_matches(|c| c == '<' || c == '>')
        .to_string();
    let value = text(ContextKind::InvalidValue).unwrap_or_default();
    // clap's suggestions, closest to what was typed first.
    let typed = text(ContextKind::InvalidSubcommand)
        .or_else(|| text(ContextKind::InvalidArg))
        .or_else(|| text(ContextKind::InvalidValue))
        .unwrap_or_default();
    let suggestion = [
        ContextKind::SuggestedArg,
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedValue,
    ]
    .into_iter()
    .find_map(|kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(vec![s.clone()]),
        Some(ContextValue::Strings(v)) if !v.is_empty() => Some(v.clone()),
        _ => None,
    })
    .map(|mut names| {
        names.sort_by_key(|n| edit_distance(n, &typed));
        format!("did you mean `{}`? ", names.join("`, `"))
    })
    .unwrap_or_default();
    match e.kind() {
        ErrorKind::UnknownArgument => {
            let dash = if arg.starts_with('-') && sub.is_some_and(|s| s.get_name() == "play") {
                "a move text that starts with `-` goes after `--`; "
            } else {
                ""
            };
            format!("unexpected argument `{arg}`{for_cmd} ({suggestion}{dash}{see})")
        }
        ErrorKind::InvalidSubcommand => format!(
            "unknown command `{}` ({suggestion}{see})",
            text(ContextKind::InvalidSubcommand).unwrap_or_default()
        ),
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("no command given ({see})")
        }
        ErrorKind::InvalidValue if value.is_empty() => {
            format!("option `{arg}`{for_cmd} needs a value")
        }
        ErrorKind::InvalidValue => {
            let valid = text(ContextKind::ValidValue)
                .map(|v| format!(" (expected one of `{v}`)"))
                .unwrap_or_default();
            format!("{arg_name} `{value}`: not a valid value{valid}")
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e).map_or_else(String::new, |s| s.to_string());
            format!("{arg_name} `{value}`: {why}")
        }
        ErrorKind::MissingRequiredArgument => {
            // Each missing argument with its help, e.g. "`moves` needs <variant>: the variant
            // id (see `dimchess variants`)".
            let missing: Vec<String> = match e.get(ContextKind::InvalidArg) {
                Some(ContextValue::Strings(v)) => v.clone(),
                Some(ContextValue::String(s)) => vec![s.clone()],
                _ => Vec::new(),
            };
            let described: Vec<String> = missing
                .iter()
                .map(|m| {
                    let help = sub
                        .and_then(|s| s.get_arguments().find(|a| a.to_string() == *m))
                        .and_then(|a| a.get_help())
                        .map(|h| format!(": {}", lowercase_first(&h.to_string())))
                        .unwrap_or_default();
                    format!("{m}{help}")
                })
                .collect();
            let who = sub.map_or("dimchess".to_string(), |s| s.get_name().to_string());
            format!("`{who}` needs {}", described.join("; "))
        }
        ErrorKind::ArgumentConflict => match text(ContextKind::PriorArg) {
            Some(prior) if prior != arg => {
                format!("`{arg}` cannot be used with `{prior}`{for_cmd}")
            }
            _ => format!("`{arg}` given more than once{for_cmd}"),
        },
        _ => {
            // Any other: clap's own first line, without its "error: ".
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

/// A help text with its first letter in lower case, to follow a colon in an error line.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The Levenshtein distance between `a` and `b` (insertions, deletions, substitutions).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("prft", "perft"), 1);
        assert_eq!(edit_distance("prft", "perft-run"), 5);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
