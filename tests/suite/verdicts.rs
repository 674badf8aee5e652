//! The host keys' solver answers kept between builds in the user's cache
//! folder: a rebuild prints what a fresh build prints, a damaged or forged
//! one is searched again, and nothing in an output folder (which may come
//! from someone else) is taken as a proven answer.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The file earlier builds kept in the output folder.
const OLD_FILE: &str = ".printkit-verdicts.json";

fn printkit(cache: &Path, args: &[&str]) -> std::process::Output {
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .env("PRINTKIT_CACHE_DIR", cache)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    o
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("printkit-kept-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Every file below `dir` but the manifest.
fn kit_files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let rel = p.strip_prefix(dir).unwrap().to_path_buf();
            if p.is_dir() {
                stack.push(p);
            } else if rel != Path::new(".printkit-manifest.json") {
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// A scratch folder, its cache and output folders, and the arguments of a
/// build of Freeze's host key (SVG only) into that output folder.
fn key_build(name: &str) -> (PathBuf, PathBuf, PathBuf, Vec<String>) {
    let dir = scratch(name);
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let args = [
        "build", "freeze", "--only", "key", "--format", "svg", "--out",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([out.to_string_lossy().into_owned()])
    .collect();
    (dir, cache, out, args)
}

fn cache_file(cache: &Path) -> PathBuf {
    cache.join("verdicts.json")
}

/// The solver answers kept in the cache, by search.
fn solutions(cache: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(cache_file(cache)).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["solutions"].clone()
}

/// The text of the host-key pages in `dir`.
fn key_text(dir: &Path) -> String {
    kit_files(dir)
        .iter()
        .filter(|(p, _)| p.to_string_lossy().contains("host-key"))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect()
}

#[test]
fn kept_sentences_are_reused_and_bad_ones_searched_again() {
    let (dir, cache, out, args) = key_build("reuse");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let listing = String::from_utf8(printkit(&cache, &args).stdout).unwrap();
    assert!(
        !listing.contains("verdicts"),
        "the kept sentences are not listed as printed: {listing}"
    );
    assert!(
        !out.join(OLD_FILE).exists(),
        "nothing of the cache is kept in the output folder"
    );
    let fresh = kit_files(&out);
    let kept = solutions(&cache);
    let map = kept.as_object().unwrap();
    // Every question of the key; the worked example is on the rules sheet.
    let def = printkit_definition::resolve("freeze").unwrap();
    let positions = def
        .practice
        .iter()
        .filter(|p| !printkit_kit::is_worked_example(&def, p))
        .count();
    assert_eq!(map.len(), positions, "{kept}");
    assert!(
        map.values().all(|k| k["solution"]["verdict"].is_string()
            && k["solution"]["pv"].is_array()
            && k["mac"].as_str().is_some_and(|m| m.len() == 64)),
        "{kept}"
    );

    // Built again, and into another folder: the same files, the same
    // sentences, and the cache file is not rewritten.
    let before = std::fs::metadata(cache_file(&cache))
        .unwrap()
        .modified()
        .unwrap();
    printkit(&cache, &args);
    assert_eq!(kit_files(&out), fresh);
    assert_eq!(solutions(&cache), kept);
    let other = dir.join("other");
    let mut other_args = args.clone();
    other_args[7] = other.to_str().unwrap();
    printkit(&cache, &other_args);
    assert_eq!(kit_files(&other), fresh);
    let after = std::fs::metadata(cache_file(&cache))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after, "nothing new, yet the cache was rewritten");

    // A forged answer (an illegal line, a move of 990,000 characters) is
    // not used: searched again, the kit is as fresh and the cache mended.
    // (That a kept answer which holds up is used unsearched is the unit
    // test of `Verdicts::fill`.)
    let text = std::fs::read_to_string(cache_file(&cache)).unwrap();
    let mut forged: serde_json::Value = serde_json::from_str(&text).unwrap();
    for k in forged["solutions"].as_object_mut().unwrap().values_mut() {
        k["solution"]["pv"] = serde_json::json!(["Z9-Z9"]);
        k["solution"]["best"] = serde_json::json!(["x".repeat(990_000)]);
    }
    std::fs::write(cache_file(&cache), forged.to_string()).unwrap();
    printkit(&cache, &args);
    assert_eq!(kit_files(&out), fresh);
    assert_eq!(solutions(&cache), kept);
    // Issue 33's seventh reproducer: a win forged into a draw (no line can
    // prove a draw wrong) was printed as "A draw with best play". Its MAC
    // no longer matches, so it is searched again.
    let mut forged: serde_json::Value = serde_json::from_str(&text).unwrap();
    for k in forged["solutions"].as_object_mut().unwrap().values_mut() {
        k["solution"]["verdict"] = serde_json::json!("Draw");
        k["solution"]["pv"] = serde_json::json!([]);
        k["solution"]["plies"] = serde_json::json!(0);
    }
    std::fs::write(cache_file(&cache), forged.to_string()).unwrap();
    printkit(&cache, &args);
    assert_eq!(kit_files(&out), fresh, "a forged draw was printed");
    assert_eq!(solutions(&cache), kept);
    // A cache file copied from another cache folder (another key) is
    // searched again, and kept with this folder's MACs.
    let elsewhere = dir.join("elsewhere-cache");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::copy(cache_file(&cache), cache_file(&elsewhere)).unwrap();
    printkit(&elsewhere, &args);
    assert_eq!(kit_files(&out), fresh);
    let rebound = solutions(&elsewhere);
    assert_eq!(rebound.as_object().unwrap().len(), map.len());
    assert_ne!(rebound, kept, "the copied MACs were kept");
    std::fs::write(cache_file(&cache), "{\"program\": [").unwrap();
    printkit(&cache, &args);
    assert_eq!(kit_files(&out), fresh);
    assert_eq!(solutions(&cache), kept);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_sentence_planted_in_the_output_folder_is_not_printed() {
    // Earlier builds kept the sentences in the output folder, listed in its
    // manifest. A folder from someone else could carry a forged one: it is
    // never read. Listed without the digest of bytes printkit wrote, it is
    // not printkit's to delete either: it stays where it is.
    let (dir, cache, out, args) = key_build("planted");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    printkit(&cache, &args);
    let fresh = kit_files(&out);
    // The file as earlier builds wrote it: sentences by search.
    let forged = serde_json::json!({
        "program": "printkit",
        "sentences": {"anything": "Solver: W wins in 1 ply, trust me."}
    })
    .to_string();
    std::fs::write(out.join(OLD_FILE), &forged).unwrap();
    let manifest = out.join(".printkit-manifest.json");
    let listed = std::fs::read_to_string(&manifest).unwrap().replacen(
        "\"shared\": [",
        &format!("\"shared\": [\n    \"{OLD_FILE}\","),
        1,
    );
    std::fs::write(&manifest, listed).unwrap();
    // With an empty cache, every sentence comes from a search.
    std::fs::remove_dir_all(&cache).unwrap();
    printkit(&cache, &args);
    assert!(!key_text(&out).contains("trust me"));
    assert!(
        out.join(OLD_FILE).exists(),
        "a file printkit cannot show it wrote was removed"
    );
    let mut now = kit_files(&out);
    now.remove(Path::new(OLD_FILE));
    assert_eq!(now, fresh);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_empty_cache_setting_keeps_nothing() {
    let dir = scratch("off");
    let out = dir.join("out");
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["build", "predator-prey", "--only", "key", "--format", "pdf"])
        .arg("--out")
        .arg(&out)
        .env("PRINTKIT_CACHE_DIR", "")
        .env("HOME", &dir)
        .env("XDG_CACHE_HOME", dir.join("xdg"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut found: Vec<PathBuf> = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            } else if e.file_name().to_string_lossy().contains("verdicts") {
                found.push(e.path());
            }
        }
    }
    assert!(found.is_empty(), "{found:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_cache_lives_in_the_users_cache_folder() {
    let dir = scratch("xdg");
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["build", "predator-prey", "--only", "key", "--format", "pdf"])
        .arg("--out")
        .arg(dir.join("out"))
        .env_remove("PRINTKIT_CACHE_DIR")
        .env("HOME", dir.join("home"))
        .env("XDG_CACHE_HOME", dir.join("xdg"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(dir.join("xdg/printkit/verdicts.json").is_file());
    assert!(!dir.join("home").exists());
    let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["build", "predator-prey", "--only", "key", "--format", "pdf"])
        .arg("--out")
        .arg(dir.join("out"))
        .env_remove("PRINTKIT_CACHE_DIR")
        .env_remove("XDG_CACHE_HOME")
        .env("HOME", dir.join("home"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(dir.join("home/.cache/printkit/verdicts.json").is_file());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn check_keeps_the_sentences_it_works_out_for_the_build() {
    // `check` lays the host key out, so it searches every practice
    // position: the next build reuses what it found.
    let (dir, cache, out, args) = key_build("check");
    printkit(&cache, &["check", "fixtures/freeze.toml"]);
    let kept = solutions(&cache);
    // Every question of the key; the worked example is on the rules sheet.
    let def = printkit_definition::resolve("freeze").unwrap();
    let positions = def
        .practice
        .iter()
        .filter(|p| !printkit_kit::is_worked_example(&def, p))
        .count();
    assert_eq!(kept.as_object().unwrap().len(), positions, "{kept}");
    // The build prints what check found (the same answers a fresh build
    // finds, and nothing new to keep).
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    printkit(&cache, &args);
    assert_eq!(solutions(&cache), kept);
    assert!(key_text(&out).contains("For the host (best play from this position)"));
    std::fs::remove_dir_all(dir).unwrap();
}
