//! Perft throughput of the predator-prey engine (std::time, no harness).
use printkit_rules::predator_prey::{Params, PredatorPrey};
use printkit_rules::Rules;
use std::time::Instant;

fn main() {
    let r = PredatorPrey::new(Params::default());
    for (text, depth) in [
        // The game start (placement phase).
        ("5/5/2P2/5/5 o 8 0 0", 8),
        // All eight prey placed (movement phase).
        ("o3o/1o1o1/2P2/1o1o1/o3o o 0 0 0", 8),
        // A 10×10 board: the wide bit set.
        ("10/10/10/4o5/3oPo4/4o5/10/10/10/10 P 0 0 0", 8),
    ] {
        let pos = r.parse_position(text).expect("bench position");
        let t = Instant::now();
        let nodes = r.perft(&pos, depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{text} depth {depth}: {nodes} nodes, {secs:.3} s, {:.0} nodes/s",
            nodes as f64 / secs
        );
    }
}
