// mimalloc, not the C library's allocator: a kit's layout and PDFs make
// many small allocations on several threads. A one-kit build took 4-13%
// less wall time in interleaved runs (docs/benchmarks.md), and musl's
// allocator, in the static Linux release, is slower still. macOS keeps
// its own allocator, a browser's WebAssembly Rust's own.
#[cfg(any(target_os = "linux", target_os = "windows"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(printkit::cli::run());
}
