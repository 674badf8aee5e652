//! The command line: a thin layer over the library.
pub fn run() -> i32 {
    0
}
