fn main() {
    std::process::exit(printkit::cli::run());
}
