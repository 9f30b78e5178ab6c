//! The house as `docs/architecture.md` describes it: every path the page names exists, the
//! engine depends on no variant crate, and every registered variant has what the page's
//! "Adding a variant" asks for (a rules page, a start diagram, a bench and fuzz targets).

use std::fs;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The spans between backticks that look like paths in the repository: they hold a `/` or end
/// in a file extension the repository uses, and hold no spaces or placeholders.
fn named_paths(doc: &str) -> Vec<String> {
    doc.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| !s.contains(' ') && !s.contains('<') && !s.contains('*') && !s.contains("::"))
        .filter(|s| {
            (s.contains('/')
                && (s.starts_with("crates/")
                    || s.starts_with("src/")
                    || s.starts_with("tests/")
                    || s.starts_with("docs/")
                    || s.starts_with("benches/")
                    || s.starts_with("python/")
                    || s.starts_with("fuzz/")))
                || s.ends_with(".rs")
                    && s.starts_with(|c: char| c.is_ascii_lowercase())
                    && s.contains('/')
        })
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_path_the_architecture_page_names_exists() {
    let doc = read("docs/architecture.md");
    let paths = named_paths(&doc);
    assert!(paths.len() >= 15, "the scanner found only {paths:?}");
    let missing: Vec<&String> = paths
        .iter()
        .filter(|p| !Path::new(ROOT).join(p.trim_end_matches('/')).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md names paths that do not exist: {missing:?}"
    );
}

#[test]
fn every_crate_in_the_workspace_is_on_the_page() {
    let doc = read("docs/architecture.md");
    for entry in fs::read_dir(Path::new(ROOT).join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap_or_else(|| panic!("{}: no package name", dir.display()));
        assert!(
            doc.contains(&format!("`{name}`")),
            "docs/architecture.md does not name the crate {name}"
        );
    }
}

#[test]
fn the_engine_depends_on_no_variant() {
    let manifest = read("crates/engine/Cargo.toml");
    let deps: String = manifest
        .split("\n[")
        .filter(|section| {
            section.starts_with("dependencies") || section.starts_with("dev-dependencies")
        })
        .collect();
    for variant in [
        "fide",
        "dimension-chess",
        "dimension-x",
        "hyperspace",
        "three-level",
        "redistribution",
        "any",
    ] {
        assert!(
            !deps.contains(&format!("dimchess-{variant}")),
            "crates/engine depends on dimchess-{variant}"
        );
    }
    assert!(
        deps.contains("dimchess-core"),
        "the scanner did not see the engine's dependencies"
    );
}

/// The crate (as a file stem: `three_level`) that a variant id belongs to: the longest stem
/// among `stems` that, with `-` for `_`, starts the id.
fn family<'a>(id: &str, stems: &'a [String]) -> Option<&'a String> {
    stems
        .iter()
        .filter(|s| id.starts_with(&s.replace('_', "-")))
        .max_by_key(|s| s.len())
}

fn stems(dir: &str) -> Vec<String> {
    fs::read_dir(Path::new(ROOT).join(dir))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            Some(p.file_stem()?.to_str()?.to_owned())
        })
        .collect()
}

#[test]
fn every_variant_has_rules_a_diagram_a_bench_and_fuzz_targets() {
    let benches = stems("benches/benches");
    let rules = stems("docs/rules");
    let fuzz = stems("fuzz/fuzz_targets");
    for v in dimchess::VARIANTS {
        let id = v.id;
        assert!(
            Path::new(ROOT).join(format!("docs/{id}.svg")).exists(),
            "{id}: no docs/{id}.svg (dimchess show {id} --svg docs/{id}.svg)"
        );
        assert!(family(id, &rules).is_some(), "{id}: no page in docs/rules/");
        let bench =
            family(id, &benches).unwrap_or_else(|| panic!("{id}: no bench in benches/benches/"));
        assert!(
            fuzz.iter().any(|f| f.starts_with(&format!("{bench}_"))),
            "{id}: no fuzz target named {bench}_* in fuzz/fuzz_targets/"
        );
    }
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            if name != "tests" && name != "target" {
                sources(&p, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" {
            out.push(p);
        }
    }
}

/// Every JSON document goes through serde: no format string opens a JSON object (`{{\"`),
/// and nothing escapes JSON strings by hand.
#[test]
fn no_json_is_built_by_hand() {
    let mut files = Vec::new();
    for dir in ["crates", "src", "python/src"] {
        sources(&Path::new(ROOT).join(dir), &mut files);
    }
    assert!(
        files.len() > 100,
        "the scanner found only {} files",
        files.len()
    );
    let mut found = Vec::new();
    for f in &files {
        let text = fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains("{{\\\"")
                || line.contains("fn json_escape")
                || line.contains("fn json_str")
            {
                found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "JSON built by hand:\n{}",
        found.join("\n")
    );
}
