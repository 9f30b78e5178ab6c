//! Distributed perft (`dimchess-units`): split + run + merge equals perft for every variant; a
//! killed run resumes; merge refuses missing, corrupt and duplicated files; key sets verify
//! hashed runs. (The tool's `perft-split/run/merge` are tested in the root package.)

use std::fs;
use std::path::{Path, PathBuf};

use dimchess_any::{Position, VARIANTS, registry};
use dimchess_units::{
    self as distributed, Manifest, RunOptions, UnitError, UnitResult, partial_file_name,
    result_file_name,
};

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dimchess-units-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn run_all(dir: &Path, manifest: &Manifest, options: &RunOptions<'_>) {
    for u in &manifest.units {
        distributed::run_unit(&dir.join(&u.file), options).unwrap();
    }
}

fn problems(dir: &Path) -> String {
    match distributed::merge(dir, false) {
        Err(UnitError::Merge(p)) => p.join("\n"),
        other => panic!("merge should refuse, got {other:?}"),
    }
}

/// A split of fide perft(4) at ply 2 into 3 units, counted.
fn counted_split(name: &str) -> (PathBuf, Manifest) {
    let dir = scratch(name);
    let root = registry::start("fide").unwrap();
    let m = distributed::split_to_dir(&root, 4, 2, 3, &dir).unwrap();
    run_all(&dir, &m, &RunOptions::default());
    assert_eq!(distributed::merge(&dir, false).unwrap().total, 197_281);
    (dir, m)
}

#[test]
fn split_run_merge_equals_perft_in_every_variant() {
    for v in VARIANTS {
        // Dimension X has 19,060 first turns and 363 million leaves at depth 2.
        let depth = if v.id == "dimension-x" { 1 } else { 3 };
        let root = v.start_position();
        let expected = root.perft(depth, 1);
        // Ply 3 where it has at most ten thousand positions (a split reads each one back from
        // its text: hundreds of thousands take a minute of a debug build).
        let deepest = if root.perft(3.min(depth), 1) <= 10_000 {
            3
        } else {
            2
        };
        for at in 1..=depth.min(deepest) {
            let dir = scratch(&format!("{}-{at}", v.id));
            let m = distributed::split_to_dir(&root, depth, at, 3, &dir).unwrap();
            assert_eq!(m.positions, root.perft(at, 1), "{} at {at}", v.id);
            assert!(m.entries as u64 <= m.positions);
            let options = RunOptions {
                threads: at as usize, // 1, 2 and 3 threads
                hash_mb: if at == 2 { 1 } else { 0 },
                progress: None,
            };
            run_all(&dir, &m, &options);
            let merged = distributed::merge(&dir, false).unwrap();
            assert_eq!(merged.total, expected, "{} depth {depth} at {at}", v.id);
            assert_eq!(merged.units, 3);
            fs::remove_dir_all(&dir).unwrap();
        }
    }
}

#[test]
fn transpositions_are_merged_with_their_multiplicity() {
    let root = registry::start("fide").unwrap();
    let s = distributed::split(&root, 4, 3, 1).unwrap();
    // 8,902 move sequences of three plies reach 5,362 distinct positions, 8,162 distinct texts
    // (the texts keep the en-passant square and the clocks).
    assert_eq!(s.manifest.positions, 8902);
    assert_eq!(s.manifest.entries, 8162);
    let dir = scratch("transpositions");
    let m = distributed::split_to_dir(&root, 5, 3, 4, &dir).unwrap();
    run_all(
        &dir,
        &m,
        &RunOptions {
            threads: 2,
            ..RunOptions::default()
        },
    );
    assert_eq!(distributed::merge(&dir, false).unwrap().total, 4_865_609);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_split_from_a_position_text_and_at_the_root_and_the_leaves() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let root = registry::parse("fide", fen).unwrap();
    for (at, units) in [(0, 1), (1, 5), (3, 2)] {
        let dir = scratch(&format!("kiwipete-{at}"));
        let m = distributed::split_to_dir(&root, 3, at, units, &dir).unwrap();
        assert_eq!(m.root, fen);
        run_all(&dir, &m, &RunOptions::default());
        assert_eq!(distributed::merge(&dir, false).unwrap().total, 97_862);
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn bad_split_arguments_are_errors() {
    let root = registry::start("fide").unwrap();
    assert!(matches!(
        distributed::split(&root, 2, 3, 1),
        Err(UnitError::Argument(_))
    ));
    assert!(matches!(
        distributed::split(&root, 2, 1, 0),
        Err(UnitError::Argument(_))
    ));
    // 20 positions at ply 1 fill 20 units, not 21.
    assert_eq!(
        distributed::split(&root, 2, 1, 21)
            .unwrap()
            .manifest
            .units
            .len(),
        20
    );
    let dir = scratch("twice");
    distributed::split_to_dir(&root, 2, 1, 2, &dir).unwrap();
    assert!(distributed::split_to_dir(&root, 2, 1, 2, &dir).is_err());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_run_resumes_from_its_partial_file() {
    let dir = scratch("resume");
    let root = registry::start("fide").unwrap();
    let m = distributed::split_to_dir(&root, 4, 2, 1, &dir).unwrap();
    let unit = dir.join(&m.units[0].file);
    let full = distributed::run_unit(&unit, &RunOptions::default()).unwrap();
    fs::remove_file(dir.join(result_file_name(&m.units[0].file, 0))).unwrap();
    // What a run killed after three entries leaves: the header, three entries and a torn line.
    // The counts written are wrong on purpose, to show that they are taken, not recounted.
    let partial = dir.join(partial_file_name(&m.units[0].file, 0));
    fs::write(
        &partial,
        format!(
            "{{\"unit\":\"{}\",\"unit_sha256\":\"{}\",\"keys\":0}}\n\
             {{\"entry\":0,\"count\":{},\"hashed\":false}}\n\
             {{\"entry\":5,\"count\":{},\"hashed\":false}}\n\
             {{\"entry\":7,\"count\":1,\"hashed\":false}}\n\
             {{\"entry\":9,\"co",
            m.units[0].file, m.units[0].sha256, full.counts[0], full.counts[5]
        ),
    )
    .unwrap();
    let resumed = distributed::run_unit(&unit, &RunOptions::default()).unwrap();
    assert!(!partial.exists());
    assert_eq!(resumed.counts[0], full.counts[0]);
    assert_eq!(
        resumed.counts[7], 1,
        "entry 7 was taken from the partial file"
    );
    assert_eq!(
        resumed.total,
        full.total - full.counts[7] + 1,
        "every other entry counted again"
    );
    assert_eq!(resumed.counts.len(), full.counts.len());
    // A partial file of another unit version is not used.
    fs::write(
        &partial,
        "{\"unit\":\"x\",\"unit_sha256\":\"00\",\"keys\":0}\n{\"entry\":0,\"count\":5,\"hashed\":false}\n",
    )
    .unwrap();
    assert_eq!(
        distributed::run_unit(&unit, &RunOptions::default())
            .unwrap()
            .total,
        full.total
    );
    // A malformed line in the middle is an error, not a guess.
    fs::write(
        &partial,
        format!(
            "{{\"unit\":\"u\",\"unit_sha256\":\"{}\",\"keys\":0}}\nnot json\n",
            m.units[0].sha256
        ),
    )
    .unwrap();
    let e = distributed::run_unit(&unit, &RunOptions::default()).unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_refuses_a_missing_result() {
    let (dir, m) = counted_split("missing");
    fs::remove_file(dir.join(result_file_name(&m.units[1].file, 0))).unwrap();
    let p = problems(&dir);
    assert!(p.contains(&m.units[1].file) && p.contains("missing"), "{p}");
}

#[test]
fn merge_refuses_a_corrupt_result_or_unit() {
    let (dir, m) = counted_split("corrupt");
    let result = dir.join(result_file_name(&m.units[2].file, 0));
    let text = fs::read_to_string(&result).unwrap();
    // One count changed by one digit.
    let i = text.find("\"counts\":[").unwrap() + 10;
    let mut bytes = text.into_bytes();
    bytes[i] = if bytes[i] == b'9' { b'8' } else { bytes[i] + 1 };
    fs::write(&result, &bytes).unwrap();
    let p = problems(&dir);
    assert!(
        p.contains(&result_file_name(&m.units[2].file, 0)) && p.contains("corrupt"),
        "{p}"
    );
    // Truncated, and not JSON at all.
    fs::write(&result, &bytes[..bytes.len() / 2]).unwrap();
    assert!(problems(&dir).contains("not valid JSON"));
    fs::write(&result, [0xff, 0xfe, 0]).unwrap();
    assert!(problems(&dir).contains("UTF-8"));
    // A unit file changed after it was counted.
    fs::remove_file(&result).unwrap();
    let unit = dir.join(&m.units[0].file);
    let mut text = fs::read_to_string(&unit).unwrap();
    text = text.replacen("\"multiplicity\":1", "\"multiplicity\":2", 1);
    fs::write(&unit, text).unwrap();
    let p = problems(&dir);
    assert!(
        p.contains(&format!("unit {}: the file's SHA-256", m.units[0].file)),
        "{p}"
    );
    assert!(distributed::run_unit(&unit, &RunOptions::default()).is_err());
}

#[test]
fn merge_refuses_a_duplicated_result() {
    let (dir, m) = counted_split("duplicate");
    // Unit 0's result copied over unit 1's: a duplicate under another name.
    fs::copy(
        dir.join(result_file_name(&m.units[0].file, 0)),
        dir.join(result_file_name(&m.units[1].file, 0)),
    )
    .unwrap();
    let p = problems(&dir);
    assert!(
        p.contains("duplicate") && p.contains(&m.units[0].file),
        "{p}"
    );
    // And a copy beside the original.
    let (dir, m) = counted_split("duplicate2");
    fs::copy(
        dir.join(result_file_name(&m.units[0].file, 0)),
        dir.join("copy.result.json"),
    )
    .unwrap();
    assert!(problems(&dir).contains("copy.result.json"));
}

#[test]
fn merge_refuses_a_result_of_another_split() {
    let (dir, m) = counted_split("other-split");
    let other = scratch("other-split-b");
    let root = registry::start("fide").unwrap();
    let m2 = distributed::split_to_dir(&root, 5, 2, 3, &other).unwrap();
    run_all(&other, &m2, &RunOptions::default());
    fs::copy(
        other.join(result_file_name(&m2.units[0].file, 0)),
        dir.join(result_file_name(&m.units[0].file, 0)),
    )
    .unwrap();
    let p = problems(&dir);
    assert!(p.contains("another unit file"), "{p}");
    fs::remove_dir_all(&other).unwrap();
}

#[test]
fn malformed_manifests_and_units_are_errors_not_panics() {
    let (dir, m) = counted_split("malformed");
    let manifest = dir.join("manifest.json");
    let good = fs::read_to_string(&manifest).unwrap();
    let bad = [
        String::new(),
        "[]".to_string(),
        "{}".to_string(),
        good.replace("\"depth\": 4", "\"depth\": 99"),
        good.replace("\"depth\": 4", "\"depth\": -1"),
        good.replace("\"at\": 2", "\"at\": 5"),
        good.replace("\"variant\": \"fide\"", "\"variant\": \"chess960\""),
        good.replace("\"entries\": 400", "\"entries\": 401"),
        good.replace(&m.units[0].file, "../etc/passwd.jsonl"),
        good.replace(&m.units[1].file, &m.units[0].file),
        good.replace("rnbqkbnr/", "rnbqkbnrr/"),
        good[..good.len() / 2].to_string(),
    ];
    // Shapes that only a typed reader can refuse: each names the file and says what is wrong.
    let mistyped = [
        (
            good.replace("\"at\": 2,", "\"at\": 2,\n  \"extra\": 0,"),
            "unknown field `extra`",
        ),
        (
            good.replacen("\"file\": ", "\"size\": 1,\n      \"file\": ", 1),
            "unknown field `size`",
        ),
        (
            good.replace("\"at\": 2,", "\"at\": 2,\n  \"at\": 2,"),
            "duplicate field `at`",
        ),
        (good.replace("\"depth\": 4", "\"depth\": null"), "null"),
        (good.replace("\"depth\": 4", "\"depth\": \"4\""), "string"),
        (
            good.replace("\"depth\": 4", "\"depth\": 4.0"),
            "floating point",
        ),
        (
            good.replace("\"depth\": 4", "\"depth\": 4294967297"),
            "4294967297",
        ),
        (
            good.replace("\"positions\": 400", "\"positions\": 18446744073709551616"),
            "expected u64",
        ),
        (
            good.replace("\"variant\": \"fide\"", "\"variant\": null"),
            "null",
        ),
        (
            good.replace("\"units\": [", "\"units\": null, \"x\": ["),
            "expected a sequence",
        ),
        (good.replace("\"format\": \"", "\"format\": \"x"), "format"),
        // Another version of the format is refused as such, not for its new fields.
        (
            good.replace("units 1\"", "units 2\"")
                .replace("\"at\": 2,", "\"at\": 2,\n  \"new\": 0,"),
            "format `dimchess-perft-units 2`: expected `dimchess-perft-units 1`",
        ),
        (
            good.replace(&m.units[0].sha256, &m.units[0].sha256.to_uppercase()),
            "64 lower-case hex digits",
        ),
        (
            format!(
                "[{}]",
                good.trim().trim_start_matches('{').trim_end_matches('}')
            ),
            "expected a JSON object",
        ),
        (
            "{\"format\": \"dimchess-perft-units 1\"}".to_string(),
            "missing field",
        ),
    ];
    for text in bad.iter().chain(mistyped.iter().map(|(t, _)| t)) {
        fs::write(&manifest, text).unwrap();
        let e = distributed::merge(&dir, false).unwrap_err();
        assert!(!matches!(e, UnitError::Merge(_)), "{e}");
        assert!(
            distributed::run_unit(&dir.join(&m.units[0].file), &RunOptions::default()).is_err()
        );
    }
    for (text, what) in &mistyped {
        let e = Manifest::parse(text, Path::new("dir/manifest.json")).unwrap_err();
        let e = e.to_string();
        assert!(
            e.starts_with("`dir/manifest.json`: ") && e.contains(what),
            "{e}"
        );
    }
    fs::write(&manifest, &good).unwrap();
    let path = Path::new("u.jsonl");
    for text in [
        "{\"position\":\"8/8/8/8/8/8/8/8 w - - 0 1\",\"multiplicity\":1,\"depth\":2}",
        "{\"position\":1,\"multiplicity\":1,\"depth\":2}\n",
        "{\"position\":\"x\",\"multiplicity\":0,\"depth\":2}\n",
        "{\"position\":\"x\",\"multiplicity\":-3,\"depth\":2}\n",
        "{\"position\":\"x\",\"multiplicity\":1,\"depth\":3}\n",
        "\n",
        "{\"position\":\"x\"}\n",
    ] {
        assert!(distributed::parse_unit(text, path, 2).is_err(), "{text}");
    }
    // The same line after a good one: the error names the file and the line.
    let line = "{\"depth\":2,\"multiplicity\":1,\"position\":\"x\"}";
    for (bad, what) in [
        (line.replace('}', ",\"extra\":1}"), "unknown field `extra`"),
        (
            line.replace(":1,", ":1,\"multiplicity\":1,"),
            "duplicate field",
        ),
        (line.replace(":1,", ":null,"), "null"),
        (line.replace(":1,", ":true,"), "boolean"),
        (
            line.replace(":1,", ":18446744073709551616,"),
            "expected u64",
        ),
        (line.replace(":2,", ":4294967298,"), "4294967298"),
        (line.replace(":2,", ":65,"), "not a depth"),
        ("[2,1,\"x\"]".to_string(), "expected a JSON object"),
        ("{\"depth\":2,".to_string(), "not valid JSON"),
    ] {
        let text = format!("{line}\n{bad}\n");
        let e = distributed::parse_unit(&text, path, 2)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("`u.jsonl`: line 2") && e.contains(what),
            "{e}"
        );
    }
    // A unit whose manifest entry matches but whose position is not a position.
    let bogus = "{\"depth\":2,\"multiplicity\":1,\"position\":\"not a position\"}\n";
    let mut manifest2 = m.clone();
    manifest2.units[0].sha256 = distributed::sha256_hex(bogus.as_bytes());
    assert!(
        distributed::count_unit(
            &manifest2,
            &m.units[0].file,
            bogus.as_bytes(),
            &RunOptions::default()
        )
        .is_err()
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn malformed_results_and_partial_files_are_errors_not_panics() {
    let (dir, m) = counted_split("malformed-results");
    let name = result_file_name(&m.units[0].file, 0);
    let path = dir.join(&name);
    let good = fs::read_to_string(&path).unwrap();
    let r = UnitResult::parse(&good, &path).unwrap();
    let seconds = good.split("\"seconds\":").nth(1).unwrap();
    let seconds = &seconds[..seconds.find(',').unwrap()];
    let total = format!("\"total\":{}", r.total);
    for (text, what) in [
        (
            good.replace("\"hashed\"", "\"extra\":1,\"hashed\""),
            "unknown field `extra`",
        ),
        (good.replace("\"hashed\":false", "\"hashed\":0"), "boolean"),
        (good.replace("\"counts\":[", "\"counts\":[null,"), "null"),
        (
            good.replace("\"counts\":[", "\"counts\":[1.5,"),
            "floating point",
        ),
        (
            good.replace(&total, "\"total\":18446744073709551616"),
            "expected u64",
        ),
        (good.replace("\"keys\":0", "\"keys\":-1"), "-1"),
        (
            good.replace(&format!("\"seconds\":{seconds},"), ""),
            "missing field `seconds`",
        ),
        (
            good.replace(&format!("\"seconds\":{seconds}"), "\"seconds\":\"x\""),
            "string",
        ),
        (
            good.replace(&r.unit_sha256, "00"),
            "64 lower-case hex digits",
        ),
        (
            good.replace("dimchess-perft-result 1", "dimchess-perft-result 2")
                .replace("\"hashed\"", "\"new\":0,\"hashed\""),
            "format `dimchess-perft-result 2`: expected `dimchess-perft-result 1`",
        ),
        (
            good.replace(&total, &format!("\"total\":{}", r.total + 1)),
            "corrupt",
        ),
        ("[]".to_string(), "expected a JSON object"),
        ("null".to_string(), "null"),
    ] {
        let e = UnitResult::parse(&text, &path).unwrap_err().to_string();
        assert!(e.contains(&name) && e.contains(what), "{e}");
        fs::write(&path, &text).unwrap();
        let p = problems(&dir);
        assert!(p.contains(&name) && p.contains(what), "{p}");
    }
    // Seconds are informational and outside the checksum: `null` (a time that was not a
    // number) reads as 0.
    let text = good.replace(&format!("\"seconds\":{seconds}"), "\"seconds\":null");
    assert_eq!(UnitResult::parse(&text, &path).unwrap().seconds, 0.0);
    fs::write(&path, &good).unwrap();

    // A partial file's lines before the last must read: each error names the file and line.
    let unit = dir.join(&m.units[0].file);
    let partial = dir.join(partial_file_name(&m.units[0].file, 0));
    let header = format!(
        "{{\"keys\":0,\"unit\":\"{}\",\"unit_sha256\":\"{}\"}}",
        m.units[0].file, m.units[0].sha256
    );
    for (line, what) in [
        (
            "{\"count\":1,\"entry\":0,\"hashed\":false,\"x\":1}",
            "unknown field `x`",
        ),
        ("{\"count\":1,\"entry\":0}", "missing field `hashed`"),
        ("{\"count\":null,\"entry\":0,\"hashed\":false}", "null"),
        ("{\"count\":1,\"entry\":-1,\"hashed\":false}", "-1"),
        (
            "{\"count\":1,\"entry\":999,\"hashed\":false}",
            "the unit has",
        ),
        ("[1,0,false]", "expected a JSON object"),
    ] {
        fs::write(&partial, format!("{header}\n{line}\n")).unwrap();
        let e = distributed::run_unit(&unit, &RunOptions::default()).unwrap_err();
        let e = e.to_string();
        assert!(e.contains(".partial`: line 2") && e.contains(what), "{e}");
    }
    fs::write(&partial, "{\"keys\":0,\"unit_sha256\":5}\n").unwrap();
    let e = distributed::run_unit(&unit, &RunOptions::default()).unwrap_err();
    assert!(e.to_string().contains(".partial`: line 1"), "{e}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn result_and_partial_files_keep_their_bytes() {
    // The result file: one line, keys in alphabetical order, `seconds` to the millisecond,
    // `check` the SHA-256 of the fields it covers, one per line.
    let sha = "ab".repeat(32);
    let r = UnitResult {
        unit: "unit-0000.jsonl".to_string(),
        unit_sha256: sha.clone(),
        variant: "fide".to_string(),
        keys: 7,
        hashed: true,
        counts: vec![20, 400],
        total: 820,
        seconds: 1.23456,
    };
    let check = distributed::sha256_hex(
        format!("dimchess-perft-result 1\nunit-0000.jsonl\n{sha}\nfide\n7\ntrue\n20,400\n820\n")
            .as_bytes(),
    );
    assert_eq!(
        r.to_json(),
        format!(
            "{{\"check\":\"{check}\",\"counts\":[20,400],\"format\":\"dimchess-perft-result 1\",\
             \"hashed\":true,\"keys\":7,\"seconds\":1.235,\"total\":820,\"unit\":\"unit-0000.jsonl\",\
             \"unit_sha256\":\"{sha}\",\"variant\":\"fide\"}}\n"
        )
    );
    let back = UnitResult::parse(&r.to_json(), Path::new("r")).unwrap();
    assert_eq!(
        back,
        UnitResult {
            seconds: 1.235,
            ..r
        }
    );

    // The partial file of a run, as the run leaves it after each entry.
    let dir = scratch("partial-bytes");
    let root = registry::start("fide").unwrap();
    let m = distributed::split_to_dir(&root, 2, 1, 1, &dir).unwrap();
    let partial = dir.join(partial_file_name(&m.units[0].file, 0));
    let seen = std::sync::Mutex::new(String::new());
    let grab = |_: usize, _: usize, _: u64, _: std::time::Duration| {
        *seen.lock().unwrap() = fs::read_to_string(&partial).unwrap();
    };
    let options = RunOptions {
        progress: Some(&grab),
        ..RunOptions::default()
    };
    let r = distributed::run_unit(&dir.join(&m.units[0].file), &options).unwrap();
    let mut want = format!(
        "{{\"keys\":0,\"unit\":\"unit-0000.jsonl\",\"unit_sha256\":\"{}\"}}\n",
        m.units[0].sha256
    );
    for (i, n) in r.counts.iter().enumerate() {
        want.push_str(&format!(
            "{{\"count\":{n},\"entry\":{i},\"hashed\":false}}\n"
        ));
    }
    assert_eq!(*seen.lock().unwrap(), want);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn results_of_two_key_sets_must_agree() {
    let (dir, m) = counted_split("keysets");
    // A second key set's result for unit 0 that differs in one count (consistently made, so
    // only the comparison can catch it): what a hash collision in one run would look like.
    let path = dir.join(result_file_name(&m.units[0].file, 0));
    let mut r = UnitResult::parse(&fs::read_to_string(&path).unwrap(), &path).unwrap();
    assert!(!r.hashed);
    r.keys = 3;
    r.hashed = true;
    r.counts[4] += 1;
    let unit = fs::read_to_string(dir.join(&m.units[0].file)).unwrap();
    let entries = distributed::parse_unit(&unit, Path::new("u"), 2).unwrap();
    r.total += entries[4].multiplicity;
    fs::write(dir.join(result_file_name(&m.units[0].file, 3)), r.to_json()).unwrap();
    let p = problems(&dir);
    assert!(
        p.contains("disagree at entry 5") && p.contains("collision"),
        "{p}"
    );
}

#[test]
fn every_variant_position_text_keeps_what_perft_needs() {
    // The split checks every entry reads back as the same position (text, hash, subtree key,
    // moves, outcome); here along random games, deeper than the splits above.
    for v in VARIANTS {
        let mut pos = v.start_position();
        let mut rng = dimchess_any::core::zobrist::SplitMix64::new(17);
        for _ in 0..60 {
            let moves = pos.moves_with_text();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())].0);
            let back = registry::parse(v.id, &pos.text()).unwrap();
            assert_eq!(back.text(), pos.text(), "{}", v.id);
            for d in [1, 2, 3, 8, 200] {
                assert_eq!(back.subtree_key(d), pos.subtree_key(d), "{} {}", v.id, pos);
            }
            // (Dimension X: a ply is a whole turn of up to four actions, millions at depth 2.)
            let d = if v.id == "dimension-x" { 1 } else { 2 };
            assert_eq!(back.perft(d, 1), pos.perft(d, 1), "{} {}", v.id, pos);
        }
    }
}
