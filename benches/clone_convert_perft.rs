//! Perft speed of the clone-convert engine: perft 6 of the 7×7 Ataxx start
//! (141,865,520 nodes; target under 0.2 s single-threaded), and the 5×5
//! start. Run with `cargo bench --bench clone_convert_perft`; each count is
//! timed several times and the median reported, since the machine is shared.
use printkit_rules::clone_convert::{CloneConvert, Params};
use printkit_rules::Rules;
use std::time::Instant;

fn bench(rules: &CloneConvert, position: &str, depth: u32, expected: u64, runs: usize) {
    let pos = rules.parse_position(position).expect("position");
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let nodes = rules.perft(std::hint::black_box(&pos), depth);
        times.push(start.elapsed().as_secs_f64());
        assert_eq!(nodes, expected, "{position} depth {depth}");
    }
    times.sort_by(f64::total_cmp);
    let median = times[runs / 2];
    println!(
        "{position} perft {depth}: {expected} nodes, median {median:.4} s (min {:.4}, max {:.4}, {runs} runs), {:.0} M nodes/s",
        times[0],
        times[runs - 1],
        expected as f64 / median / 1e6
    );
}

fn main() {
    let rules = CloneConvert::new(Params::default());
    bench(&rules, "W5B/7/7/7/7/7/B5W W 0", 6, 141_865_520, 9);
    bench(&rules, "W5B/7/7/7/7/7/B5W W 0", 5, 4_752_668, 9);
    bench(&rules, "B3W/5/5/5/W3B W 0", 5, 1_790_556, 9);
    // More than 64 cells: the wide bit set.
    bench(&rules, "W7B/9/9/9/9/9/9/9/B7W W 0", 4, 164_708, 5);
}
