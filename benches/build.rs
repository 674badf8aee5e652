//! Whole-process time of `printkit build` (all built-in games, PDF and SVG)
//! and the size of every PDF it writes: a report, not an assertion. The
//! Typst baseline is timed the same way in `../shared/bench/README.md`.
//! Builds into one folder leave unchanged files in place and reuse the host
//! keys' solver sentences kept in the cache folder (a private one here); the
//! "fresh folder" line empties the output folder before each run, and
//! "fresh, empty cache" the cache too, so every search runs.
use std::process::Command;
use std::time::Instant;

fn main() {
    let exe = env!("CARGO_BIN_EXE_printkit");
    let out = std::env::temp_dir().join(format!("printkit-bench-{}", std::process::id()));
    let cache = out.with_extension("cache");
    let runs = 15;
    for (label, args, fresh, empty_cache) in [
        ("all games, pdf+svg", vec!["build"], false, false),
        ("all, fresh folder", vec!["build"], true, false),
        ("all, fresh, empty cache", vec!["build"], true, true),
        (
            "all games, pdf",
            vec!["build", "--format", "pdf"],
            false,
            false,
        ),
        (
            "one game, pdf+svg",
            vec!["build", "clone-jump-convert"],
            false,
            false,
        ),
    ] {
        let mut times = Vec::new();
        for _ in 0..runs + 2 {
            if fresh {
                let _ = std::fs::remove_dir_all(&out);
            }
            if empty_cache {
                let _ = std::fs::remove_dir_all(&cache);
            }
            let t = Instant::now();
            let status = Command::new(exe)
                .args(&args)
                .arg("--out")
                .arg(&out)
                .env("PRINTKIT_CACHE_DIR", &cache)
                .stdout(std::process::Stdio::null())
                .status()
                .expect("run printkit");
            assert!(status.success(), "printkit build failed");
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        // The first two runs warm the page cache.
        let mut times = times.split_off(2);
        times.sort_by(f64::total_cmp);
        println!(
            "{label:24} median {:6.1} ms  min {:6.1} ms  ({runs} runs)",
            times[runs / 2],
            times[0]
        );
    }
    let mut pdfs: Vec<_> = std::fs::read_dir(&out)
        .expect("output")
        .flatten()
        .flat_map(|d| std::fs::read_dir(d.path()).into_iter().flatten().flatten())
        .filter(|f| f.path().extension().is_some_and(|e| e == "pdf"))
        .map(|f| (f.path(), f.metadata().map(|m| m.len()).unwrap_or(0)))
        .collect();
    pdfs.sort();
    for (path, size) in pdfs {
        println!(
            "{:7.1} KB  {}",
            size as f64 / 1024.0,
            path.file_name().unwrap().to_string_lossy()
        );
    }
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_dir_all(&cache);
}
