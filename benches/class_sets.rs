//! Class sets (issue 34): wall and CPU time of `printkit puzzles GAME
//! --sheets 30 --count 6` for each built-in game, and of `puzzles --count
//! 12` for seeds 1-3 of each game and each family's shipped variant, run
//! as the release binary a teacher runs. Figures are printed, never
//! asserted.
//!
//! `cargo bench --bench class_sets` (`-- sheets` or `-- count` for one half;
//! `-- sheets runs=5` for the median of 5 interleaved runs a game).
use std::process::Command;
use std::time::Instant;

/// CPU time of the finished children so far (not measured off Unix: NaN).
#[cfg(not(unix))]
fn children_cpu() -> f64 {
    f64::NAN
}

#[cfg(unix)]
fn children_cpu() -> f64 {
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `u` is a valid rusage for the call to fill.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}

/// Runs printkit; its wall and CPU seconds, exit code and last stderr line.
fn run(args: &[&str]) -> (f64, f64, i32, String) {
    // The binary cargo built for this bench (in CARGO_TARGET_DIR too).
    let exe = env!("CARGO_BIN_EXE_printkit");
    let (t, cpu) = (Instant::now(), children_cpu());
    let o = Command::new(exe)
        .args(args)
        .output()
        .expect("printkit (cargo build --release)");
    let last = String::from_utf8_lossy(&o.stderr)
        .lines()
        .last()
        .unwrap_or("")
        .to_string();
    (
        t.elapsed().as_secs_f64(),
        children_cpu() - cpu,
        o.status.code().unwrap_or(-1),
        last,
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let only = |w: &str| {
        !args.iter().any(|a| a == "sheets" || a == "count") || args.iter().any(|a| a == w)
    };
    let games = [
        "clone-jump-convert",
        "predator-prey",
        "freeze",
        "bracket-and-flip",
    ];
    let scratch = std::env::temp_dir().join(format!("printkit-class-bench-{}", std::process::id()));
    // `runs=N`: each game's 30 x 6 set N times, the games interleaved,
    // and the median of its CPU times.
    let runs: usize = args
        .iter()
        .find_map(|a| a.strip_prefix("runs=")?.parse().ok())
        .unwrap_or(1);
    if only("sheets") {
        let mut cpus: Vec<Vec<f64>> = vec![Vec::new(); games.len()];
        for _ in 0..runs {
            for (g, game) in games.iter().enumerate() {
                let dir = scratch.join(game);
                let _ = std::fs::remove_dir_all(&dir);
                let (wall, cpu, code, last) = run(&[
                    "puzzles",
                    game,
                    "--sheets",
                    "30",
                    "--count",
                    "6",
                    "--seed",
                    "3",
                    "--out",
                    dir.to_str().unwrap(),
                ]);
                cpus[g].push(cpu);
                println!(
                    "sheets 30 x 6 seed 3 {game}: {wall:.1} s wall, {cpu:.1} s CPU, exit {code}: {last}"
                );
            }
        }
        for (game, mut cpu) in games.iter().zip(cpus) {
            cpu.sort_by(f64::total_cmp);
            println!(
                "sheets 30 x 6 seed 3 {game}: median {:.1} s CPU of {runs}",
                cpu[cpu.len() / 2]
            );
        }
    }
    if only("count") {
        let variants = scratch.join("variants");
        std::fs::create_dir_all(&variants).unwrap();
        let mut all: Vec<String> = games.iter().map(|g| g.to_string()).collect();
        for v in
            std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/variants")).unwrap()
        {
            let v = v.unwrap().path();
            let copy = variants.join(v.file_name().unwrap());
            std::fs::copy(&v, &copy).unwrap();
            all.push(copy.to_string_lossy().into_owned());
        }
        all.sort();
        for game in &all {
            for seed in ["1", "2", "3"] {
                let out = variants.join("puzzles.toml");
                let (wall, cpu, code, last) = run(&[
                    "puzzles",
                    game,
                    "--count",
                    "12",
                    "--seed",
                    seed,
                    "--out",
                    out.to_str().unwrap(),
                ]);
                let kept = std::fs::read_to_string(&out)
                    .map(|t| t.matches("[[practice]]").count())
                    .unwrap_or(0);
                let name = game.rsplit('/').next().unwrap_or(game);
                println!(
                    "count 12 {name} seed {seed}: {kept} of 12, {wall:.1} s wall, {cpu:.1} s CPU, exit {code}{}",
                    if code == 0 { String::new() } else { format!(": {last}") }
                );
                let _ = std::fs::remove_file(&out);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
