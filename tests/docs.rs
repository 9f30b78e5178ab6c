//! The docs say what the code does: every ruling id the code cites (`HS-4`, `DX-12`, `TL-18`
//! ...) is stated in the project's `docs/rules/<variant>.md`, so that an error message or a
//! comment that names a ruling can be looked up; and every crate's `html_root_url` (where other
//! crates' docs link to it) names its current version.

use std::path::{Path, PathBuf};

/// The docs page of each ruling prefix.
const PAGES: [(&str, &str); 6] = [
    ("HS", "hyperspace"),
    ("DX", "dimension-x"),
    ("DC", "dimension-chess"),
    ("TL", "three-level"),
    ("TX", "three-level"),
    ("RD", "redistribution"),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if !matches!(
                p.file_name().and_then(|n| n.to_str()),
                Some("target" | ".git")
            ) {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The ruling ids in `text`: a known prefix, `-`, digits, not inside a longer word.
fn ids(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (prefix, _) in PAGES {
        let pat = format!("{prefix}-");
        let mut from = 0;
        while let Some(i) = text[from..].find(&pat) {
            let at = from + i;
            from = at + pat.len();
            if at > 0 && b[at - 1].is_ascii_alphanumeric() {
                continue;
            }
            let digits: String = text[from..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if !digits.is_empty() {
                out.push(format!("{pat}{digits}"));
            }
        }
    }
    out
}

/// Whether `doc` states `id` (not as the prefix of a longer id: `DX-1` is not in `DX-12`).
fn states(doc: &str, id: &str) -> bool {
    doc.match_indices(id).any(|(i, _)| {
        !doc[i + id.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

#[test]
fn every_cited_ruling_is_in_the_docs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "crates", "tests"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut missing = Vec::new();
    let mut cited = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for id in ids(&text) {
            cited += 1;
            let prefix = &id[..2];
            let page = PAGES.iter().find(|(p, _)| *p == prefix).unwrap().1;
            let doc = std::fs::read_to_string(root.join(format!("docs/rules/{page}.md"))).unwrap();
            if !states(&doc, &id) {
                missing.push(format!(
                    "{id} ({})",
                    f.strip_prefix(root).unwrap().display()
                ));
            }
        }
    }
    assert!(cited > 100, "found only {cited} citations");
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "rulings cited in the code but not stated in docs/rules/: {missing:?}"
    );
}

#[test]
fn the_scanner_finds_ids_and_tells_prefixes_apart() {
    assert_eq!(
        ids("see DX-12, TL-18; xHS-4 no; RD-7a"),
        ["DX-12", "TL-18", "RD-7"]
    );
    assert!(states("DX-12 and DX-1.", "DX-1"));
    assert!(!states("DX-12 only", "DX-1"));
}

#[test]
fn html_root_urls_name_the_current_version() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let version = env!("CARGO_PKG_VERSION");
    let mut libs = vec![(root.join("src/lib.rs"), "dimchess".to_string())];
    for e in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        let toml = std::fs::read_to_string(e.path().join("Cargo.toml")).unwrap_or_default();
        if !toml.contains("version.workspace = true") {
            continue; // a crate with its own version has its own check
        }
        let name = toml
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap()
            .to_string();
        libs.push((e.path().join("src/lib.rs"), name));
    }
    assert!(libs.len() >= 8);
    for (lib, name) in libs {
        let text = std::fs::read_to_string(&lib).unwrap();
        let want = format!("#![doc(html_root_url = \"https://docs.rs/{name}/{version}\")]");
        assert!(text.contains(&want), "{}: expected {want}", lib.display());
    }
}
