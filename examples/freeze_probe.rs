#[path = "../tests/freeze_common/mod.rs"]
mod common;
use printkit::rules::freeze::{Freeze, Params};
use printkit::rules::{perft_by_moves, Rules};
fn main() {
    let f = Freeze::new(Params::default());
    let args: Vec<String> = std::env::args().collect();
    let text = if args.len() > 2 {
        args[2].clone()
    } else {
        f.default_start().to_string()
    };
    let d: u32 = args[1].parse().unwrap();
    let p = f.parse_position(&text).unwrap();
    let t = std::time::Instant::now();
    println!("fast {}", f.perft(&p, d));
    println!("t {:?}", t.elapsed());
    if d <= 2 {
        println!("by_moves {}", perft_by_moves(&f, &p, d));
        println!("naive {}", common::Grid::parse(&text).perft(d));
    }
}
