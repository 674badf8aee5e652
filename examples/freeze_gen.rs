#[path = "../tests/freeze_common/mod.rs"]
mod common;
use printkit::rules::freeze::{Freeze, Params};
use printkit::rules::Rules;
fn main() {
    let f = Freeze::new(Params::default());
    let args: Vec<String> = std::env::args().collect();
    let text = args[1].clone();
    let plies: usize = args[2].parse().unwrap();
    let mut seed: u64 = args[3].parse().unwrap();
    let mut p = f.parse_position(&text).unwrap();
    for _ in 0..plies {
        let ms = f.legal_moves(&p);
        if ms.len() <= 1 {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        // prefer chains over pass
        let i = 1 + (seed >> 33) as usize % (ms.len() - 1);
        p = f.play(&p, &ms[i]).0;
    }
    let t = f.print_position(&p);
    println!("{t}");
    for d in 1..=3 {
        let fast = f.perft(&p, d);
        let naive = if fast < std::env::var("NAIVE_MAX").map_or(3_000_000, |v| v.parse().unwrap()) {
            common::Grid::parse(&t).perft(d)
        } else {
            0
        };
        println!("{d} fast {fast} naive {naive}");
    }
}
