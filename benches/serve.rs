//! The preview server's limits (issue 33), measured in this process: peak
//! memory while 8 clients that read nothing ask for a 250 MB file the
//! build wrote; 1,000 idle connections held at once; and the time of
//! `check` on a 1 MB definition of unknown keys. A report, not an
//! assertion.
//!
//!     cargo bench --bench serve
use printkit::commands::serve::{self, Written};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// `VmHWM` or `VmRSS` of this process, in kB (Linux).
fn memory_kb(key: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn get(port: u16, path: &str) -> (String, usize) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    // Read in pieces and dropped: the client's memory is not the server's.
    let (mut first, mut total, mut buf) = (Vec::new(), 0, vec![0u8; 64 * 1024]);
    while let Ok(n) = s.read(&mut buf) {
        if n == 0 {
            break;
        }
        if first.len() < 40 {
            first.extend_from_slice(&buf[..n.min(40)]);
        }
        total += n;
    }
    let head = String::from_utf8_lossy(&first).into_owned();
    (head.lines().next().unwrap_or("").to_string(), total)
}

fn main() {
    let dir = std::env::temp_dir().join(format!("printkit-serve-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A 250 MB file "the build wrote": its digest recorded as a build's is.
    // Written and hashed in pieces, so this process's peak is the server's.
    let (digest, size) = {
        use sha2::Digest;
        let mut hasher = sha2::Sha256::new();
        let mut file = std::fs::File::create(dir.join("big.pdf")).unwrap();
        let piece: Vec<u8> = (0..1024 * 1024u32).map(|i| (i % 251) as u8).collect();
        for _ in 0..250 {
            file.write_all(&piece).unwrap();
            hasher.update(&piece);
        }
        let digest: String = hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        (digest, 250 * 1024 * 1024u64)
    };
    let state = serve::Shared::default();
    state.write().unwrap().root = Some(std::sync::Arc::new(
        printkit_files::beneath::Folder::open(&dir).unwrap(),
    ));
    state.write().unwrap().files.insert(
        "big.pdf".to_string(),
        Written {
            sha256: digest,
            size,
        },
    );
    let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
    let port = listener.local_addr().unwrap().port();
    let served = state.clone();
    std::thread::spawn(move || serve::serve(listener, served));
    let before = memory_kb("VmRSS");
    let (status, len) = get(port, "/big.pdf");
    println!("one whole 250 MB download: {status}, {len} bytes");

    let lazy: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            write!(s, "GET /big.pdf HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_secs(3));
    println!(
        "8 clients that read nothing of the 250 MB file: resident {} kB before, {} kB now, peak {} kB (goal: at most 65,536 kB)",
        before,
        memory_kb("VmRSS"),
        memory_kb("VmHWM")
    );
    drop(lazy);

    let started = Instant::now();
    let idle: Vec<TcpStream> = (0..1000)
        .filter_map(|_| TcpStream::connect(("127.0.0.1", port)).ok())
        .collect();
    let held = idle.len();
    std::thread::sleep(Duration::from_secs(1));
    let alive = idle
        .iter()
        .filter(|s| {
            s.set_nonblocking(true).unwrap();
            let mut b = [0u8; 1];
            matches!((&**s).read(&mut b), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
        })
        .count();
    println!(
        "idle connections: {held} of 1,000 accepted, {alive} still open after 1 s (goal 1,000), in {} ms",
        started.elapsed().as_millis()
    );
    drop(idle);
    let started = Instant::now();
    let (status, _) = get(port, "/nothing-here");
    println!(
        "a request after they closed: {status} in {} ms",
        started.elapsed().as_millis()
    );
    let _ = std::fs::remove_dir_all(&dir);

    // `check` of a 1 MB definition of unknown keys.
    let src = printkit_definition::BUILTIN[0].1;
    let at = src.find("\n[").unwrap();
    let mut keys = String::new();
    let mut n = 0;
    while src.len() + keys.len() < 1000 * 1024 {
        keys.push_str(&format!("unknown_key_{n} = 1\n"));
        n += 1;
    }
    let file = std::env::temp_dir().join(format!("printkit-unknown-{}.toml", std::process::id()));
    std::fs::write(&file, format!("{}\n{keys}{}", &src[..at], &src[at..])).unwrap();
    let started = Instant::now();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_printkit"))
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    let last = String::from_utf8_lossy(&o.stderr)
        .lines()
        .last()
        .unwrap_or("")
        .to_string();
    println!(
        "check of a {} KB definition with {n} unknown keys: {:.2} s (goal: at most 2 s): {last}",
        (src.len() + keys.len()) / 1024,
        started.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_file(&file);
}
