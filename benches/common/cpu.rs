//! CPU time for the benches: the machine is shared, so wall time says
//! little about the work a search did.

/// CPU time of this process so far, in seconds (not measured off Unix:
/// NaN, which the figures then show).
#[cfg(not(unix))]
pub fn cpu_seconds() -> f64 {
    f64::NAN
}

/// CPU time of this process so far, in seconds.
#[cfg(unix)]
pub fn cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}
