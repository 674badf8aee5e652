//! The host keys' solver sentences kept between builds in the output
//! folder: a rebuild prints what a fresh build prints, a kept sentence is
//! used without searching, and a damaged or unprintable one is searched
//! again.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const FILE: &str = ".printkit-verdicts.json";

fn printkit(args: &[&str]) -> std::process::Output {
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("printkit-verdicts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Every file below `dir` but the kept sentences, and the manifest listing them.
fn kit_files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let rel = p.strip_prefix(dir).unwrap().to_path_buf();
            if p.is_dir() {
                stack.push(p);
            } else if rel != Path::new(FILE) && rel != Path::new(".printkit-manifest.json") {
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

fn sentences(dir: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join(FILE)).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["sentences"].clone()
}

#[test]
fn kept_sentences_are_reused_and_bad_ones_searched_again() {
    let dir = scratch("reuse");
    let out = dir.to_str().unwrap();
    let args = [
        "build", "freeze", "--only", "key", "--format", "svg", "--out", out,
    ];
    let listing = String::from_utf8(printkit(&args).stdout).unwrap();
    assert!(
        !listing.contains(FILE),
        "the kept sentences are not listed as printed: {listing}"
    );
    let fresh = kit_files(&dir);
    let kept = sentences(&dir);
    let map = kept.as_object().unwrap();
    let positions = printkit::definition::resolve("freeze")
        .unwrap()
        .practice
        .len();
    assert_eq!(map.len(), positions, "{kept}");
    assert!(
        map.values()
            .all(|s| s.as_str().unwrap().starts_with("Solver")),
        "{kept}"
    );

    // Built again: the same files, the same sentences.
    printkit(&args);
    assert_eq!(kit_files(&dir), fresh);
    assert_eq!(sentences(&dir), kept);

    // A kept sentence is printed as kept: no search ran.
    let (search, sentence) = map.iter().next().unwrap();
    let marked = sentence.as_str().unwrap().replace("Solver", "Kept solver");
    let text = std::fs::read_to_string(dir.join(FILE)).unwrap();
    let edited = text.replace(
        &serde_json::to_string(sentence).unwrap(),
        &serde_json::to_string(&marked).unwrap(),
    );
    assert_ne!(edited, text);
    std::fs::write(dir.join(FILE), edited).unwrap();
    printkit(&args);
    let key_svgs: String = kit_files(&dir)
        .iter()
        .filter(|(p, _)| p.to_string_lossy().contains("host-key"))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect();
    assert!(
        key_svgs.contains("Kept solver"),
        "{search}: the kept sentence was not used"
    );

    // One the font cannot draw, or a damaged file: searched again.
    let text = std::fs::read_to_string(dir.join(FILE)).unwrap();
    std::fs::write(
        dir.join(FILE),
        text.replace("Kept solver", "Kept \u{10FFFF} solver"),
    )
    .unwrap();
    printkit(&args);
    assert_eq!(kit_files(&dir), fresh);
    assert_eq!(sentences(&dir), kept);
    std::fs::write(dir.join(FILE), "{\"program\": [").unwrap();
    printkit(&args);
    assert_eq!(kit_files(&dir), fresh);
    assert_eq!(sentences(&dir), kept);
    std::fs::remove_dir_all(dir).unwrap();
}
