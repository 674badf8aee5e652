//! `printkit schema`: the committed `schema/*.schema.json` (which the
//! fixtures' `#:schema` lines name) is what the command writes, and an
//! independent validator (Python's `jsonschema`) accepts every good fixture
//! and refuses the schema-level mistakes of `fixtures/invalid/`.
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn schema_text(kind: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["schema", kind])
        .output()
        .expect("run printkit");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// The `invalid/` fixtures whose mistake is in the file's shape (an unknown
/// key, a wrong type, an unknown family, a missing key, a string or list
/// over its limit): the schema alone refuses them. The others are well-shaped and wrong only to the engine.
const SCHEMA_LEVEL: [&str; 8] = [
    "definition-misspelt-parameter",
    "definition-unknown-family",
    "illegal-not-a-flag",
    "misspelt-key",
    "purpose-too-long",
    "several-misspelt-keys",
    "too-many-materials",
    "wrong-type",
];

#[test]
fn committed_schemas_are_what_printkit_schema_writes() {
    for kind in ["game", "practice"] {
        let committed = std::fs::read_to_string(root().join(format!("schema/{kind}.schema.json")))
            .unwrap_or_default();
        assert!(
            committed == schema_text(kind),
            "schema/{kind}.schema.json is out of date: run `printkit schema --out schema`"
        );
    }
}

use crate::check_fixtures::toml_files;

/// Each file's schema errors, by Python's jsonschema (draft 7), the file
/// read with Python's own TOML reader; `None` for a file that is not TOML.
fn validate(files: &[PathBuf]) -> serde_json::Value {
    const SCRIPT: &str = r#"
import json, sys, tomllib, jsonschema
game, practice = (json.load(open(p)) for p in sys.argv[1:3])
out = {}
for path in sys.argv[3:]:
    try:
        data = tomllib.load(open(path, "rb"))
    except tomllib.TOMLDecodeError:
        out[path] = None
        continue
    schema = practice if "game" in data else game
    jsonschema.Draft7Validator.check_schema(schema)
    out[path] = [e.message for e in jsonschema.Draft7Validator(schema).iter_errors(data)]
print(json.dumps(out))
"#;
    let o = Command::new("python3")
        .arg("-c")
        .arg(SCRIPT)
        .arg(root().join("schema/game.schema.json"))
        .arg(root().join("schema/practice.schema.json"))
        .args(files)
        .output()
        .expect("run python3");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn python_jsonschema(test: &str) -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import jsonschema, tomllib"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test} needs python3 with jsonschema (python3-jsonschema), which is missing: .ci/run installs it"
        );
        crate::tools::skipped(&format!(
            "SKIPPED {test}: python3 jsonschema is not installed (CI would fail here)"
        ));
    }
    ok
}

#[test]
fn every_good_fixture_names_its_schema_and_passes_it() {
    if !python_jsonschema("every_good_fixture_names_its_schema_and_passes_it") {
        return;
    }
    let dirs = ["fixtures", "fixtures/custom", "fixtures/variants"];
    let files: Vec<PathBuf> = dirs.iter().flat_map(|d| toml_files(d)).collect();
    assert!(files.len() >= 12, "{files:?}");
    let verdicts = validate(&files);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let kind = if text.contains("\ngame = ") {
            "practice"
        } else {
            "game"
        };
        let first = text.lines().next().unwrap_or("");
        let named = first
            .strip_prefix("#:schema ")
            .map(|p| file.parent().unwrap().join(p));
        let expected = root().join(format!("schema/{kind}.schema.json"));
        assert!(
            named.is_some_and(|p| p.canonicalize().ok() == expected.canonicalize().ok()),
            "{} does not start with `#:schema` naming {}",
            file.display(),
            expected.display()
        );
        let errors = &verdicts[file.to_str().unwrap()];
        assert_eq!(errors, &serde_json::json!([]), "{}", file.display());
    }
}

#[test]
fn the_schema_refuses_the_shape_mistakes_of_invalid_fixtures_and_only_those() {
    if !python_jsonschema(
        "the_schema_refuses_the_shape_mistakes_of_invalid_fixtures_and_only_those",
    ) {
        return;
    }
    let files = toml_files("fixtures/invalid");
    let verdicts = validate(&files);
    for file in &files {
        let stem = file.file_stem().unwrap().to_str().unwrap();
        let errors = &verdicts[file.to_str().unwrap()];
        if errors.is_null() {
            continue; // not TOML at all: no schema can speak of it
        }
        let refused = errors.as_array().is_some_and(|e| !e.is_empty());
        assert_eq!(
            refused,
            SCHEMA_LEVEL.contains(&stem),
            "{stem}: schema errors {errors}"
        );
    }
}
