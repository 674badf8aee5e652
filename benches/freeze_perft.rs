//! Freeze perft timing (single-threaded, std::time): nodes, seconds,
//! nodes per second.
use printkit_rules::freeze::{Freeze, Params};
use printkit_rules::Rules;
use std::time::Instant;

fn main() {
    let f = Freeze::new(Params::default());
    let cases = [
        ("start", f.default_start(), 3, 230_760_411u64),
        (
            "6x6",
            "rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb/2brbr b",
            3,
            4_894_612,
        ),
        (
            "10x10 wide",
            "10/1-8/10/10/rbrbrb4/brbrbr4/rbrbrb4/brbrbr-3/rbrbrb4/2brbr4 b",
            3,
            55_238_737,
        ),
    ];
    for (name, text, depth, expected) in cases {
        let p = f.parse_position(text).unwrap();
        // Best of three runs, to dampen noise from other work on the machine.
        let mut best = f64::MAX;
        let mut nodes = 0;
        for _ in 0..3 {
            let t = Instant::now();
            nodes = f.perft(&p, depth);
            best = best.min(t.elapsed().as_secs_f64());
        }
        assert_eq!(nodes, expected, "{name}");
        println!(
            "freeze {name} perft({depth}): {nodes} nodes, {best:.3} s, {:.0} nodes/s",
            nodes as f64 / best
        );
    }
}
