//! Builds into a folder that already holds a kit, with faults: a failure at
//! every step of moving files in, a full file system, a read-only folder,
//! SIGKILL at random moments, two builds at once, symbolic links. After each
//! the earlier kit is complete and unchanged (or, for a build killed after
//! its commit point, the next build completes the new one), and nothing is
//! left behind.
use crate::hostile::scratch;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn build(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_printkit"));
    c.arg("build").args(args).current_dir(dir);
    c.env_remove("SOURCE_DATE_EPOCH")
        .env_remove("PRINTKIT_FAIL_AT");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub type Snapshot = BTreeMap<PathBuf, Vec<u8>>;

/// Every file below `dir` (the lock file aside) with its bytes; symbolic
/// links as their target.
pub fn snapshot(dir: &Path) -> Snapshot {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let rel = p.strip_prefix(dir).unwrap().to_path_buf();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            if meta.file_type().is_symlink() {
                let t = std::fs::read_link(&p).unwrap();
                out.insert(rel, t.to_string_lossy().as_bytes().to_vec());
            } else if meta.is_dir() {
                out.insert(rel, b"<dir>".to_vec());
                stack.push(p);
            } else if rel != Path::new(".printkit.lock") {
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// Whether `p` is in a staging folder (`.printkit-stage-<process>-<n>`).
fn staging(p: &Path) -> bool {
    p.to_string_lossy().starts_with(".printkit-stage")
}

/// A copy of the Freeze definition whose title (on every page) differs, so
/// the old and new kits differ in every file.
fn new_freeze(dir: &Path) -> PathBuf {
    let src = std::fs::read_to_string(root().join("fixtures/freeze.toml")).unwrap();
    let src = src.replacen("title = \"Freeze\"", "title = \"Freeze, new edition\"", 1);
    let path = dir.join("freeze-new.toml");
    std::fs::write(&path, src).unwrap();
    path
}

/// A folder with a good build of the built-in Freeze kit, its snapshot, and
/// the snapshot of a good build of the new edition.
fn prepared(name: &str) -> (PathBuf, Snapshot, Snapshot) {
    prepared_with(name, &[])
}

/// As [`prepared`], every build with `extra` arguments.
fn prepared_with(name: &str, extra: &[&str]) -> (PathBuf, Snapshot, Snapshot) {
    let dir = scratch(name);
    let newdef = new_freeze(&dir);
    let with = |args: &[&str]| -> Vec<String> {
        args.iter().chain(extra).map(|s| s.to_string()).collect()
    };
    let run = |args: Vec<String>| {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = build(&dir, &refs, &[]);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    run(with(&["freeze", "--out", "expected-new"]));
    run(with(&[newdef.to_str().unwrap(), "--out", "expected-new"]));
    let new = snapshot(&dir.join("expected-new"));
    run(with(&["freeze", "--out", "out"]));
    let old = snapshot(&dir.join("out"));
    assert_ne!(old, new);
    (dir, old, new)
}

#[test]
fn a_failure_at_any_step_of_the_commit_leaves_the_old_kit() {
    // PDF on A4 only: fewer files, the same kinds of steps.
    let (dir, old, new) = prepared_with("fail-at", &["--format", "pdf", "--paper", "a4"]);
    let newdef = dir.join("freeze-new.toml");
    let mut step = 1;
    loop {
        let n = step.to_string();
        let o = build(
            &dir,
            &[
                newdef.to_str().unwrap(),
                "--out",
                "out",
                "--format",
                "pdf",
                "--paper",
                "a4",
            ],
            &[("PRINTKIT_FAIL_AT", &n)],
        );
        if o.status.success() {
            break;
        }
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("injected failure"), "{}", stderr(&o));
        assert_eq!(
            snapshot(&dir.join("out")),
            old,
            "failure at step {step} changed the folder"
        );
        step += 1;
        assert!(step < 500, "the commit never ran out of steps");
    }
    let files = new.values().filter(|b| b.as_slice() != b"<dir>").count();
    assert!(
        step > files,
        "only {step} steps for {files} files: the commit was not exercised"
    );
    assert_eq!(snapshot(&dir.join("out")), new);
}

#[test]
fn a_build_that_dies_at_any_step_is_finished_or_undone_by_the_next() {
    let (dir, old, new) = prepared_with("abort-at", &["--format", "pdf", "--paper", "a4"]);
    let newdef = dir.join("freeze-new.toml");
    let (mut before_commit, mut after_commit) = (0, 0);
    for step in 1.. {
        let n = step.to_string();
        let o = build(
            &dir,
            &[
                newdef.to_str().unwrap(),
                "--out",
                "out",
                "--format",
                "pdf",
                "--paper",
                "a4",
            ],
            &[("PRINTKIT_ABORT_AT", &n)],
        );
        if o.status.success() {
            break;
        }
        assert!(step < 500);
        let now = snapshot(&dir.join("out"));
        let journal = now
            .keys()
            .any(|p| staging(p) && p.ends_with("journal.json"));
        if journal {
            after_commit += 1;
        } else {
            before_commit += 1;
            // Not committed: the old kit is whole (staged files aside).
            let visible: BTreeMap<_, _> = now.into_iter().filter(|(p, _)| !staging(p)).collect();
            assert_eq!(visible, old, "step {step}: the old kit changed");
        }
        // The next build of anything finishes or discards it first; a
        // build of the old kit then leaves exactly the old kit.
        let o = build(
            &dir,
            &["freeze", "--out", "out", "--format", "pdf", "--paper", "a4"],
            &[],
        );
        assert!(o.status.success(), "step {step}: {}", stderr(&o));
        assert_eq!(snapshot(&dir.join("out")), old, "step {step}: not clean");
    }
    assert!(
        before_commit >= 1 && after_commit > 4,
        "{before_commit} {after_commit}"
    );
    // A build committed and killed, then recovered by `build` of another
    // game, leaves the new Freeze kit complete. (The loop ended with the new
    // kit in place, which a build of it would leave alone: back to the old.)
    let o = build(
        &dir,
        &["freeze", "--out", "out", "--format", "pdf", "--paper", "a4"],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = build(
        &dir,
        &[
            newdef.to_str().unwrap(),
            "--out",
            "out",
            "--format",
            "pdf",
            "--paper",
            "a4",
        ],
        &[("PRINTKIT_ABORT_AT", "5")],
    );
    assert!(!o.status.success());
    let o = build(
        &dir,
        &[
            "clone-jump-convert",
            "--out",
            "out",
            "--format",
            "pdf",
            "--paper",
            "a4",
        ],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("finished the build that was interrupted in"),
        "recovery did not say what it recovered: {}",
        stderr(&o)
    );
    let now = snapshot(&dir.join("out"));
    for (p, bytes) in &new {
        if p.starts_with("freeze") {
            assert_eq!(now.get(p), Some(bytes), "{}", p.display());
        }
    }
}

#[test]
#[cfg(unix)]
fn a_symlinked_game_folder_is_refused_and_the_users_files_survive() {
    let (dir, old, _) = prepared("symlink");
    let theirs = dir.join("their-folder");
    std::fs::create_dir_all(&theirs).unwrap();
    for f in ["audit-9.svg", "board-2.svg", "board.svg"] {
        std::fs::write(theirs.join(f), "theirs").unwrap();
    }
    let svg = dir.join("out/freeze/svg");
    std::fs::remove_dir_all(&svg).unwrap();
    std::os::unix::fs::symlink(&theirs, &svg).unwrap();
    let before = snapshot(&dir.join("out"));
    let o = build(&dir, &["freeze", "--out", "out"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    assert!(stderr(&o).contains("freeze/svg"), "{}", stderr(&o));
    assert_eq!(snapshot(&dir.join("out")), before);
    for f in ["audit-9.svg", "board-2.svg", "board.svg"] {
        assert_eq!(std::fs::read_to_string(theirs.join(f)).unwrap(), "theirs");
    }
    // The whole game folder as a link.
    std::fs::remove_file(&svg).unwrap();
    let game = dir.join("out/freeze");
    std::fs::rename(&game, dir.join("moved")).unwrap();
    std::os::unix::fs::symlink(&theirs, &game).unwrap();
    let o = build(&dir, &["freeze", "--out", "out"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_dir(&theirs).unwrap().count(), 3);
    drop(old);
}

#[test]
fn a_file_in_the_place_of_a_game_folder_is_named_and_nothing_is_created() {
    let dir = scratch("file-in-the-way");
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("out/predator-prey"), "a note").unwrap();
    let before = snapshot(&dir.join("out"));
    let o = build(&dir, &["--out", "out"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("out/predator-prey is a file"), "{e}");
    assert_eq!(snapshot(&dir.join("out")), before);
}

#[test]
fn only_files_printkit_wrote_are_removed() {
    let (dir, _, _) = prepared("foreign");
    // A host's own files beside the kit, named like pages.
    std::fs::write(dir.join("out/freeze/svg/a4/audit-9.svg"), "mine").unwrap();
    std::fs::write(dir.join("out/freeze/svg/a4/board-2.svg"), "mine").unwrap();
    let o = build(
        &dir,
        &["freeze", "--out", "out", "--only", "board,audit"],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    for f in ["audit-9.svg", "board-2.svg"] {
        let p = dir.join("out/freeze/svg/a4").join(f);
        assert_eq!(std::fs::read_to_string(p).unwrap(), "mine");
    }
}

#[test]
fn a_build_killed_at_any_moment_leaves_a_complete_kit() {
    let (dir, old, new) = prepared("sigkill");
    let newdef = dir.join("freeze-new.toml");
    // How long a build takes here, to spread the kills over it.
    let started = std::time::Instant::now();
    let o = build(&dir, &[newdef.to_str().unwrap(), "--out", "timing"], &[]);
    assert!(o.status.success());
    let took = started.elapsed().as_micros() as u64;
    let rounds = 12;
    let (mut saw_old, mut saw_new, mut finished_later) = (0, 0, 0);
    for k in 0..rounds {
        // Alternate the kit being replaced so every kill replaces something.
        let (from, to, target) = if k % 2 == 0 {
            (&old, &new, newdef.to_str().unwrap().to_string())
        } else {
            (&new, &old, "freeze".to_string())
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_printkit"))
            .args(["build", &target, "--out", "out"])
            .current_dir(&dir)
            .env_remove("SOURCE_DATE_EPOCH")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let delay = took * (k as u64 + 1) / (rounds as u64 + 2);
        std::thread::sleep(std::time::Duration::from_micros(delay));
        let _ = child.kill();
        let _ = child.wait();
        let now = snapshot(&dir.join("out"));
        let staged = now.keys().any(|p| staging(p));
        if !staged {
            // Killed before it started or after it finished: one whole kit.
            assert!(now == *from || now == *to, "round {k}: a mixed kit");
            if now == *from {
                saw_old += 1;
            } else {
                saw_new += 1;
            }
        } else {
            // The next build finishes or discards what was staged, then
            // builds its own kit: afterwards the folder is exactly that kit.
            finished_later += 1;
        }
        let o = build(&dir, &[&target, "--out", "out"], &[]);
        assert!(o.status.success(), "round {k}: {}", stderr(&o));
        assert_eq!(&snapshot(&dir.join("out")), to, "round {k}: not clean");
    }
    eprintln!(
        "SIGKILL rounds: {saw_old} left the old kit, {saw_new} the new, {finished_later} a staging folder the next build cleaned up"
    );
}

#[test]
fn builds_into_one_folder_exclude_each_other() {
    let dir = scratch("lock");
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join("out/.printkit.lock"))
        .unwrap();
    lock.lock().unwrap();
    std::fs::write(dir.join("out/.printkit.lock"), "4242").unwrap();
    let o = build(&dir, &["freeze", "--out", "out"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("another printkit build (process 4242)"), "{e}");
    assert!(!dir.join("out/freeze").exists());
    drop(lock);
    // Two real builds at once: each either builds or is refused; the folder
    // holds one whole kit and the contents page links only to what exists.
    let (dir, old, new) = prepared("race");
    let newdef = dir.join("freeze-new.toml");
    for _ in 0..4 {
        let spawn = |target: &str| {
            Command::new(env!("CARGO_BIN_EXE_printkit"))
                .args(["build", target, "--out", "out"])
                .current_dir(&dir)
                .env_remove("SOURCE_DATE_EPOCH")
                .output()
        };
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| spawn("freeze").unwrap());
            let b = s.spawn(|| spawn(newdef.to_str().unwrap()).unwrap());
            (a.join().unwrap(), b.join().unwrap())
        });
        for o in [&a, &b] {
            assert!(
                o.status.success() || stderr(o).contains("another printkit build"),
                "{}",
                stderr(o)
            );
        }
        let now = snapshot(&dir.join("out"));
        assert!(now == old || now == new, "a mix of two builds");
    }
}

/// A 1 MB tmpfs as the output folder, filled to many levels: the build
/// fails cleanly and the earlier kit stays whole. Needs root (mount).
#[test]
fn a_full_disk_leaves_the_old_kit() {
    let dir = scratch("full");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
        .arg(&out)
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !mounted {
        // A permission, not a tool: nothing for .ci/run to install.
        crate::tools::skipped(
            "SKIPPED a_full_disk_leaves_the_old_kit: cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN); the step-by-step failure tests still run",
        );
        return;
    }
    struct Unmount(PathBuf);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = Command::new("umount").arg(&self.0).status();
        }
    }
    let _guard = Unmount(out.clone());
    let o = build(&dir, &["freeze", "--out", "out", "--format", "pdf"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let newdef = new_freeze(&dir);
    let old = snapshot(&out);
    let mut failures = 0;
    for level in 0..12 {
        // Fill the disk, leaving `free` bytes.
        let filler = out.join("filler");
        let _ = std::fs::remove_file(&filler);
        let free = level * 24 * 1024;
        let avail = available(&out);
        if avail > free {
            std::fs::write(&filler, vec![0u8; (avail - free) as usize]).ok();
        }
        let o = build(
            &dir,
            &[newdef.to_str().unwrap(), "--out", "out", "--format", "pdf"],
            &[],
        );
        let _ = std::fs::remove_file(&filler);
        let mut now = snapshot(&out);
        now.remove(Path::new("filler"));
        if o.status.success() {
            break;
        }
        failures += 1;
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("No space left"), "{}", stderr(&o));
        assert_eq!(now, old, "level {level}: the old kit changed");
    }
    assert!(failures > 0, "the disk was never full");
}

fn available(dir: &Path) -> u64 {
    let o = Command::new("df")
        .args(["--output=avail", "-B1"])
        .arg(dir)
        .output()
        .unwrap();
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .nth(1)
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0)
}

#[cfg(unix)]
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// A read-only folder of the kit, written by an unprivileged user (root
/// ignores permissions, so as root the build runs as `nobody`; any other
/// user is unprivileged already): the build fails naming the file, and the
/// kit is unchanged.
#[test]
#[cfg(unix)] // Unix modes and chown
fn a_read_only_folder_leaves_the_old_kit() {
    let (dir, _, _) = prepared("read-only");
    let root = is_root();
    if root {
        // Everything readable by the unprivileged user, the output folder
        // writable by it.
        let ok = Command::new("chown")
            .args(["-R", "65534:65534"])
            .arg(&dir)
            .status()
            .unwrap()
            .success();
        assert!(ok);
        let _ = std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o777));
    }
    let read_only = dir.join("out/freeze/svg/a4");
    let mut perms = std::fs::metadata(&read_only).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o555);
    std::fs::set_permissions(&read_only, perms).unwrap();
    let old = snapshot(&dir.join("out"));
    let newdef = dir.join("freeze-new.toml");
    let mut command = if root {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_printkit"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_printkit"))
    };
    let o = command
        .args(["build", newdef.to_str().unwrap(), "--out", "out"])
        .current_dir(&dir)
        .env_remove("SOURCE_DATE_EPOCH")
        .output();
    // Writable again, so the scratch folder can be removed.
    let restore = || {
        let _ = std::fs::set_permissions(
            &read_only,
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        );
    };
    let o = match o {
        Ok(o) => o,
        Err(e) if root => {
            restore();
            if std::env::var_os("CI").is_some() {
                panic!("setpriv cannot be run ({e}): install util-linux");
            }
            crate::tools::skipped(&format!(
                "SKIPPED a_read_only_folder_leaves_the_old_kit: setpriv is missing ({e})"
            ));
            return;
        }
        Err(e) => panic!("cannot run printkit: {e}"),
    };
    if root && stderr(&o).contains("setpriv:") {
        // The unprivileged user cannot even run the binary here (the
        // checkout is not readable by it): a property of this machine.
        restore();
        crate::tools::skipped(&format!(
            "SKIPPED a_read_only_folder_leaves_the_old_kit: {}",
            stderr(&o)
        ));
        return;
    }
    restore();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("out/freeze/svg/"),
        "the message names the file: {e}"
    );
    assert_eq!(snapshot(&dir.join("out")), old);
}

/// Each file below `dir` with its inode: a file replaced by a rename gets a
/// new one.
#[cfg(unix)]
fn inodes(dir: &Path) -> BTreeMap<PathBuf, u64> {
    use std::os::unix::fs::MetadataExt;
    snapshot(dir)
        .keys()
        .map(|p| {
            (
                p.clone(),
                std::fs::symlink_metadata(dir.join(p)).unwrap().ino(),
            )
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn a_rebuild_replaces_only_the_files_whose_bytes_change() {
    let (dir, old, new) = prepared("unchanged");
    let out = dir.join("out");
    let before = inodes(&out);
    let o = build(&dir, &["freeze", "--out", "out"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(inodes(&out), before, "an unchanged kit was rewritten");
    assert_eq!(snapshot(&out), old);
    // The new edition changes the title on every page and document, and the
    // contents page; the host key's answers stay the same.
    let newdef = dir.join("freeze-new.toml");
    let o = build(&dir, &[newdef.to_str().unwrap(), "--out", "out"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let after = inodes(&out);
    for (p, bytes) in &old {
        if bytes.as_slice() == b"<dir>" {
            continue;
        }
        let same = new.get(p) == Some(bytes);
        assert_eq!(
            after.get(p) == before.get(p),
            same,
            "{}: {}",
            p.display(),
            if same {
                "rewritten though unchanged"
            } else {
                "changed but not rewritten"
            }
        );
    }
    assert!(old.keys().any(|p| p.ends_with("freeze-host-key-a4.html")));
    assert_eq!(snapshot(&out), new);
}

#[cfg(unix)]
#[test]
fn a_file_printkit_did_not_write_is_left_alone_unless_it_holds_the_same_bytes() {
    // A manifest that lists nothing makes every file in the folder the
    // user's. One that already holds the bytes printkit would write is left
    // as it is (nothing of anyone's is lost) and becomes printkit's again.
    let (dir, old, _) = prepared("same-bytes");
    let out = dir.join("out");
    let page = Path::new("freeze/freeze-player-kit-a4.pdf");
    let manifest = out.join(".printkit-manifest.json");
    std::fs::write(&manifest, "{\"kits\": []}").unwrap();
    let before = inodes(&out);
    let o = build(&dir, &["freeze", "--out", "out"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(inodes(&out).get(page), before.get(page));
    assert_eq!(snapshot(&out), old);
    // One with other bytes stops the build, named; --force replaces it.
    std::fs::write(&manifest, "{\"kits\": []}").unwrap();
    std::fs::write(out.join(page), b"the user's own notes").unwrap();
    let o = build(&dir, &["freeze", "--out", "out"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("freeze-player-kit-a4.pdf (not written by printkit)") && e.contains("--force"),
        "{e}"
    );
    assert_eq!(
        std::fs::read(out.join(page)).unwrap(),
        b"the user's own notes"
    );
    let o = build(&dir, &["freeze", "--out", "out", "--force"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(snapshot(&out), old);
}

/// SHA-256 in hex, as printkit's records keep it.
fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A staging folder planted in the output folder, as someone handing the
/// folder round could leave one: a journal naming a kit file, that file in
/// `new/` with other bytes, and a staged manifest vouching for them (a
/// stamp and a MAC of its own making; owner-only on Unix, as printkit
/// makes its own). The next build does not finish it: printkit's PDF and
/// manifest stay, and the folder is named and left alone.
#[test]
fn a_planted_staging_folder_is_not_finished() {
    let dir = scratch("planted-stage");
    let cache = dir.join("cache");
    let cache_env = [("PRINTKIT_CACHE_DIR", cache.to_str().unwrap())];
    let args = ["freeze", "--out", "out", "--format", "pdf"];
    let o = build(&dir, &args, &cache_env);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = dir.join("out");
    let before = snapshot(&out);
    let pdf = before
        .keys()
        .find(|p| p.extension().is_some_and(|e| e == "pdf"))
        .unwrap()
        .clone();
    let rel = pdf.to_string_lossy().replace('\\', "/");
    let stage = out.join(".printkit-stage-999999-0");
    let planted = b"%PDF-1.7 not printkit's".to_vec();
    std::fs::create_dir_all(stage.join("new").join(pdf.parent().unwrap())).unwrap();
    std::fs::write(stage.join("new").join(&pdf), &planted).unwrap();
    let mut manifest: serde_json::Value =
        serde_json::from_slice(&before[Path::new(".printkit-manifest.json")]).unwrap();
    manifest["sha256"][&rel] = sha256_hex(&planted).into();
    let manifest = serde_json::to_vec_pretty(&manifest).unwrap();
    std::fs::write(stage.join("new/.printkit-manifest.json"), &manifest).unwrap();
    let journal = serde_json::json!({
        "files": [rel, ".printkit-manifest.json"],
        "stale": [],
        "sha256": { rel.clone(): sha256_hex(&planted), ".printkit-manifest.json": sha256_hex(&manifest) },
        "mac": "0".repeat(64),
    });
    std::fs::write(stage.join("journal.json"), journal.to_string()).unwrap();
    std::fs::write(stage.join("stamp"), "0".repeat(64)).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&stage, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let o = build(&dir, &args, &cache_env);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("left alone")
            && e.contains(".printkit-stage-999999-0")
            && e.contains("not a staging folder this user's printkit made"),
        "{e}"
    );
    let after = snapshot(&out);
    assert_eq!(
        after.get(&pdf),
        before.get(&pdf),
        "the planted PDF was moved in"
    );
    assert_eq!(
        after.get(Path::new(".printkit-manifest.json")),
        before.get(Path::new(".printkit-manifest.json"))
    );
    assert!(
        stage.join("new").join(&pdf).exists(),
        "the planted folder was not left alone"
    );
}

/// A manifest that is not JSON: the build that cannot then call a kit
/// file its own names the manifest and says what to do, not "not written
/// by printkit" of every file; removing it and `--force` builds.
#[test]
fn a_damaged_manifest_is_named() {
    let (dir, _, new) = prepared_with("damaged-manifest", &["--format", "pdf"]);
    let out = dir.join("out");
    let manifest = out.join(".printkit-manifest.json");
    std::fs::write(&manifest, "{\"kits\": [ damaged").unwrap();
    let newdef = dir.join("freeze-new.toml");
    let args = [newdef.to_str().unwrap(), "--out", "out", "--format", "pdf"];
    let o = build(&dir, &args, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains(&format!(
            "the manifest {} is damaged",
            Path::new("out").join(".printkit-manifest.json").display()
        )) && e.contains("remove the manifest and build again with --force")
            && !e.contains("not written by printkit"),
        "{e}"
    );
    std::fs::remove_file(&manifest).unwrap();
    let o = build(&dir, &[args.as_slice(), &["--force"]].concat(), &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(snapshot(&out), new);
}
