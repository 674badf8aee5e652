//! Numbers as the back ends write them: at most a fixed number of decimals,
//! no trailing zeros, no `-0`. Written from an integer count of the last
//! decimal place: float formatting was a tenth of a build's time.

/// `v` rounded to `decimals` decimal places (half away from zero), appended
/// to `out`. `decimals` is at most 9.
pub fn push_fixed(out: &mut Vec<u8>, v: f64, decimals: u32) {
    match digits(v, decimals) {
        Some((buf, len)) => out.extend_from_slice(&buf[..len]),
        None => out.extend_from_slice(format!("{v}").as_bytes()),
    }
}

/// [`push_fixed`] into a `String`.
pub fn push_fixed_str(out: &mut String, v: f64, decimals: u32) {
    match digits(v, decimals) {
        // Only ASCII digits, '-' and '.' are in the buffer.
        Some((buf, len)) => out.extend(buf[..len].iter().map(|&b| b as char)),
        None => out.push_str(&format!("{v}")),
    }
}

/// [`push_fixed`] as a new `String`.
pub fn fixed(v: f64, decimals: u32) -> String {
    let mut s = String::with_capacity(12);
    push_fixed_str(&mut s, v, decimals);
    s
}

/// The characters of `v` in a buffer on the stack, and how many; `None`
/// for a number beyond any page (10¹⁰ mm away) or not finite, which the
/// callers write plainly.
fn digits(v: f64, decimals: u32) -> Option<([u8; 32], usize)> {
    let scale = 10_u64.pow(decimals.min(9));
    let n = (v * scale as f64).round();
    if !n.is_finite() || n.abs() >= 9.0e18 {
        return None;
    }
    let n = n as i64;
    let (mut int, mut frac) = (n.unsigned_abs() / scale, n.unsigned_abs() % scale);
    // Written backwards from the end, then moved to the front.
    let mut buf = [0u8; 32];
    let mut at = buf.len();
    let mut put = |b: u8| {
        at -= 1;
        buf[at] = b;
    };
    if frac != 0 {
        let mut places = decimals.min(9);
        while frac % 10 == 0 {
            frac /= 10;
            places -= 1;
        }
        for _ in 0..places {
            put(b'0' + (frac % 10) as u8);
            frac /= 10;
        }
        put(b'.');
    }
    loop {
        put(b'0' + (int % 10) as u8);
        int /= 10;
        if int == 0 {
            break;
        }
    }
    if n < 0 {
        put(b'-');
    }
    let len = buf.len() - at;
    buf.copy_within(at.., 0);
    Some((buf, len))
}
