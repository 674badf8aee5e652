//! Outside tools some tests use (qpdf, pdftoppm, chromium). `.ci/run`
//! installs them; a test that needs one fails when it is missing and `CI` is
//! set, and elsewhere says plainly that it skipped.

/// Whether `tool` runs (`tool --version` or `tool -v`); panics when it does not and the
/// `CI` environment variable is set.
pub fn available(tool: &str, test: &str) -> bool {
    // poppler's tools answer `-v`, most others `--version`.
    let ok = ["--version", "-v"].iter().any(|flag| {
        std::process::Command::new(tool)
            .arg(flag)
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test} needs `{tool}`, which is missing: .ci/run installs it"
        );
        eprintln!("SKIPPED {test}: `{tool}` is not installed (CI would fail here)");
    }
    ok
}
