//! The preview server of `printkit watch`: serves the files the last build
//! wrote, and nothing else, on the loopback, within explicit limits.
//!
//! - **What is served**: only the files of this process's last build, each
//!   opened beneath the output folder in one step that no link or swapped
//!   folder can turn outside ([`crate::beneath`]), and streamed only when
//!   its bytes still have the digest the build wrote (checked before the
//!   first byte goes out, and again while streaming). A file planted in a
//!   downloaded output folder, an `index.html` the build refused to
//!   replace, a link: not found.
//! - **Who is answered**: requests whose one `Host` header is exactly
//!   `127.0.0.1`, `localhost` or `[::1]`, with an optional port (a page
//!   elsewhere whose name is rebound to the loopback must not read the
//!   host key).
//! - **Limits**: one thread gathers the requests' heads as their bytes
//!   arrive (an event loop), so a client that sends nothing, or sends it
//!   slowly, holds no worker; at most [`MAX_PENDING`] connections wait for
//!   their heads (the oldest dropped first), each for [`HEAD_TIME`] (then
//!   408). [`WORKERS`] threads answer whole heads; at most [`WAITING`]
//!   wait for one (the rest get 503 at once); a request's head is at most
//!   [`MAX_HEAD`] bytes and [`MAX_HEADERS`] lines; writes time out; files go out in [`CHUNK`]-byte
//!   pieces, so memory does not grow with the file or the clients.
//!   Running out of file handles slows the accept loop down instead of
//!   spinning it.
// The browser page compiles this module but serves nothing.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]
#[cfg(not(target_arch = "wasm32"))]
use mio::{Events, Interest, Poll, Token};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Seek, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// Threads answering requests.
pub const WORKERS: usize = 16;
/// Connections still sending their heads; past it, the oldest is dropped.
pub const MAX_PENDING: usize = 1024;
/// Connections accepted and waiting for a worker; past it, 503.
pub const WAITING: usize = 4096;
/// The most a request's head (request line and headers) may be.
pub const MAX_HEAD: u64 = 16 * 1024;
/// The most header lines a request may have.
pub const MAX_HEADERS: usize = 64;
/// The time a client has to send its request's head.
pub const HEAD_TIME: Duration = Duration::from_secs(5);
/// The time one write to a client may take.
const WRITE_TIME: Duration = Duration::from_secs(10);
/// Files are read and sent in pieces of this size.
pub const CHUNK: usize = 64 * 1024;
/// The largest file served (far above any kit file).
const MAX_FILE: u64 = 256 * 1024 * 1024;

/// A file the build wrote: its digest (SHA-256, hex) and size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub sha256: String,
    pub size: u64,
}

/// What the server may serve, and what the pages poll.
#[derive(Default)]
pub struct State {
    /// The build's number and whether it worked.
    pub version: u64,
    pub ok: bool,
    /// The files of the last build that wrote any, by path relative to the
    /// output folder (`/` separated).
    pub files: BTreeMap<String, Written>,
    /// The output folder as that build left it, opened anew after each
    /// build: a folder removed or replaced since is followed.
    pub root: Option<Arc<crate::beneath::Folder>>,
    /// What the last build said went wrong (empty when it worked), shown in
    /// place of a contents page no build has written yet.
    pub errors: Vec<String>,
}

pub type Shared = Arc<RwLock<State>>;

/// Serves the files of `state` (from its open output folder) until the
/// listener fails; returns why it stopped.
pub fn serve(listener: TcpListener, state: Shared) -> String {
    let (queue, waiting) = mpsc::sync_channel::<Ready>(WAITING);
    let waiting = Arc::new(Mutex::new(waiting));
    let mut started = 0;
    for n in 0..WORKERS {
        let (waiting, state) = (waiting.clone(), state.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("printkit-serve-{n}"))
            .spawn(move || work(&waiting, &state));
        if spawned.is_ok() {
            started += 1;
        }
    }
    if started == 0 {
        return "cannot start a thread to answer requests".to_string();
    }
    #[cfg(not(target_arch = "wasm32"))]
    return match Gathering::start(listener) {
        Ok(mut gathering) => gathering.run(&queue),
        Err(e) => format!("cannot watch for connections: {e}"),
    };
    // The browser page builds kits; it serves nothing.
    #[cfg(target_arch = "wasm32")]
    {
        drop((listener, queue));
        "there is no preview server in a browser".to_string()
    }
}

/// A connection whose request head has come in, with the head's bytes.
struct Ready {
    stream: TcpStream,
    head: Vec<u8>,
}

#[cfg(not(target_arch = "wasm32"))]
/// A connection still sending its head.
struct Pending {
    stream: mio::net::TcpStream,
    head: Vec<u8>,
    deadline: Instant,
}

#[cfg(not(target_arch = "wasm32"))]
/// The listener's token; connections count up from 1.
const LISTENER: Token = Token(0);

#[cfg(not(target_arch = "wasm32"))]
/// One thread accepts connections and reads their heads as bytes arrive
/// (an event loop), so a client that sends nothing holds no worker: the
/// workers only ever answer complete heads. At most [`MAX_PENDING`]
/// connections wait for their heads, the oldest dropped first; each has
/// [`HEAD_TIME`] to send it.
struct Gathering {
    poll: Poll,
    listener: mio::net::TcpListener,
    /// By token: the oldest first, as tokens count up.
    pending: BTreeMap<usize, Pending>,
    next: usize,
    /// Accepts that failed in a row (out of file handles).
    failures: u32,
}

#[cfg(not(target_arch = "wasm32"))]
impl Gathering {
    fn start(listener: TcpListener) -> std::io::Result<Gathering> {
        listener.set_nonblocking(true)?;
        let poll = Poll::new()?;
        let mut listener = mio::net::TcpListener::from_std(listener);
        poll.registry()
            .register(&mut listener, LISTENER, Interest::READABLE)?;
        Ok(Gathering {
            poll,
            listener,
            pending: BTreeMap::new(),
            next: 1,
            failures: 0,
        })
    }

    /// Runs until the listener fails; returns why.
    fn run(&mut self, queue: &SyncSender<Ready>) -> String {
        let mut events = Events::with_capacity(256);
        loop {
            let timeout = self
                .pending
                .values()
                .next()
                .map(|p| p.deadline.saturating_duration_since(Instant::now()));
            if let Err(e) = self.poll.poll(&mut events, timeout) {
                if e.kind() != std::io::ErrorKind::Interrupted {
                    return format!("cannot watch for connections: {e}");
                }
            }
            for event in events.iter() {
                match event.token() {
                    LISTENER => {
                        if let Some(stop) = self.accept_all() {
                            return stop;
                        }
                    }
                    Token(key) => {
                        if let Some(ready) = self.read_more(key) {
                            match queue.try_send(ready) {
                                Ok(()) => {}
                                Err(TrySendError::Full(ready)) => {
                                    reply_at_once(&ready.stream, BUSY)
                                }
                                Err(TrySendError::Disconnected(_)) => {
                                    return "every thread answering requests has stopped"
                                        .to_string()
                                }
                            }
                        }
                    }
                }
            }
            self.expire();
        }
    }

    /// Takes every connection waiting at the listener (its readiness is
    /// signalled once for all of them).
    fn accept_all(&mut self) -> Option<String> {
        loop {
            match self.listener.accept() {
                Ok((mut stream, _)) => {
                    self.failures = 0;
                    if self.pending.len() >= MAX_PENDING {
                        self.drop_oldest();
                    }
                    let token = Token(self.next);
                    self.next += 1;
                    if self
                        .poll
                        .registry()
                        .register(&mut stream, token, Interest::READABLE)
                        .is_ok()
                    {
                        let deadline = Instant::now() + HEAD_TIME;
                        let head = Vec::new();
                        self.pending.insert(
                            token.0,
                            Pending {
                                stream,
                                head,
                                deadline,
                            },
                        );
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return None,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    // Out of file handles (EMFILE, ENFILE) or a connection
                    // reset before it was taken: free a handle by dropping
                    // the oldest waiting connection, or wait a little, and
                    // try again (the listener's readiness is signalled once:
                    // connections left waiting now would wait for the next
                    // one); give up only if it keeps failing for minutes.
                    self.failures += 1;
                    if self.failures > 3000 {
                        return Some(format!("cannot accept connections: {e}"));
                    }
                    if !self.drop_oldest() {
                        std::thread::sleep(Duration::from_millis(u64::from(
                            self.failures.min(100),
                        )));
                    }
                }
            }
        }
    }

    /// Reads what connection `key` has sent; its head and stream once the
    /// head is whole (or too large to be one: the worker says so).
    fn read_more(&mut self, key: usize) -> Option<Ready> {
        let p = self.pending.get_mut(&key)?;
        let mut chunk = [0u8; 4096];
        let whole = loop {
            match p.stream.read(&mut chunk) {
                Ok(0) => break false,
                Ok(n) => {
                    p.head.extend_from_slice(&chunk[..n]);
                    if head_ends(&p.head) || p.head.len() as u64 > MAX_HEAD {
                        break true;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return None,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break false,
            }
        };
        let mut p = self.pending.remove(&key)?;
        let _ = self.poll.registry().deregister(&mut p.stream);
        // Closed or failed before its head: dropped, which closes it.
        whole.then(|| Ready {
            stream: p.stream.into(),
            head: p.head,
        })
    }

    /// Drops the oldest waiting connection; whether there was one.
    fn drop_oldest(&mut self) -> bool {
        match self.pending.pop_first() {
            Some((_, mut p)) => {
                let _ = self.poll.registry().deregister(&mut p.stream);
                true
            }
            None => false,
        }
    }

    /// Answers 408 to every connection whose time to send its head is up.
    fn expire(&mut self) {
        let now = Instant::now();
        while self
            .pending
            .first_key_value()
            .is_some_and(|(_, p)| p.deadline <= now)
        {
            if let Some((_, mut p)) = self.pending.pop_first() {
                let _ = self.poll.registry().deregister(&mut p.stream);
                let stream: TcpStream = p.stream.into();
                reply_at_once(&stream, TIMED_OUT);
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// Whether `head` holds a request's whole head (its empty line).
fn head_ends(head: &[u8]) -> bool {
    head.windows(2).any(|w| w == b"\n\n") || head.windows(3).any(|w| w == b"\n\r\n")
}

const BUSY: &[u8] =
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\nConnection: close\r\n\r\n";
const TIMED_OUT: &[u8] =
    b"HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

/// A short reply without waiting for anything: the client gets it or
/// nothing.
fn reply_at_once(stream: &TcpStream, reply: &[u8]) {
    let _ = stream.set_nonblocking(true);
    let _ = (&*stream).write_all(reply);
}

/// A worker: answers connections whose heads have come in, one at a time.
/// A panic answering one ends that connection only.
fn work(waiting: &Mutex<Receiver<Ready>>, state: &Shared) {
    loop {
        let next = waiting.lock().unwrap_or_else(|e| e.into_inner()).recv();
        let Ok(ready) = next else { return };
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = answer(&ready.stream, &ready.head, state);
        }));
    }
}

/// A request's head, as far as the server reads it.
#[derive(Debug, PartialEq, Eq)]
pub struct Head {
    pub method: String,
    pub target: String,
    /// Every `Host` header's value.
    pub hosts: Vec<String>,
}

/// Why a head was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum HeadError {
    /// Longer than [`MAX_HEAD`] or more than [`MAX_HEADERS`] lines.
    TooLarge,
    /// Not a request line and headers (or not sent in time).
    Malformed,
}

/// Reads a request's head from `input` (limited by the caller in time).
pub fn read_head(input: impl Read) -> Result<Head, HeadError> {
    let mut reader = BufReader::new(input.take(MAX_HEAD + 1));
    let mut read = 0u64;
    let mut line = Vec::new();
    let mut next_line = |line: &mut Vec<u8>| -> Result<(), HeadError> {
        line.clear();
        let n = reader
            .read_until(b'\n', line)
            .map_err(|_| HeadError::Malformed)?;
        read += n as u64;
        if read > MAX_HEAD {
            return Err(HeadError::TooLarge);
        }
        if n == 0 || !line.ends_with(b"\n") {
            return Err(HeadError::Malformed);
        }
        Ok(())
    };
    next_line(&mut line)?;
    let request = String::from_utf8(line.clone()).map_err(|_| HeadError::Malformed)?;
    let mut words = request.split_ascii_whitespace();
    let (Some(method), Some(target), Some(version), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(HeadError::Malformed);
    };
    if !version.starts_with("HTTP/1.") {
        return Err(HeadError::Malformed);
    }
    let mut hosts = Vec::new();
    for _ in 0..=MAX_HEADERS {
        next_line(&mut line)?;
        if line == b"\r\n" || line == b"\n" {
            return Ok(Head {
                method: method.to_string(),
                target: target.to_string(),
                hosts,
            });
        }
        let text = std::str::from_utf8(&line).map_err(|_| HeadError::Malformed)?;
        let (name, value) = text.split_once(':').ok_or(HeadError::Malformed)?;
        if name.eq_ignore_ascii_case("host") {
            hosts.push(value.trim().to_string());
        }
    }
    Err(HeadError::TooLarge)
}

/// Whether a Host header's value is exactly the loopback by name or
/// number (`127.0.0.1`, `localhost`, `[::1]`), with or without a port.
pub fn loopback_host(host: &str) -> bool {
    let (name, port) = match host.strip_prefix("[::1]") {
        Some(rest) => ("[::1]", rest),
        None => host.split_at(host.find(':').unwrap_or(host.len())),
    };
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| (1..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    let name_ok = name == "127.0.0.1" || name == "[::1]" || name.eq_ignore_ascii_case("localhost");
    name_ok && port_ok
}

/// Answers the request whose head is `head` (read whole by [`Gathering`]).
fn answer(stream: &TcpStream, head: &[u8], state: &Shared) -> std::io::Result<()> {
    // The event loop left the connection non-blocking.
    stream.set_nonblocking(false)?;
    stream.set_write_timeout(Some(WRITE_TIME))?;
    let head = read_head(head);
    let head = match head {
        Ok(head) => head,
        Err(HeadError::TooLarge) => {
            return plain(
                stream,
                false,
                "431 Request Header Fields Too Large",
                "request too large\n",
            )
        }
        Err(HeadError::Malformed) => {
            return plain(stream, false, "400 Bad Request", "bad request\n")
        }
    };
    let head_only = head.method == "HEAD";
    // A page elsewhere that gets its name resolved to 127.0.0.1 (DNS
    // rebinding) must not read the kits, the host key above all.
    if !matches!(head.hosts.as_slice(), [one] if loopback_host(one)) {
        return plain(
            stream,
            head_only,
            "403 Forbidden",
            "only http://127.0.0.1 or http://localhost, with one Host header\n",
        );
    }
    if head.method != "GET" && !head_only {
        return plain(stream, false, "405 Method Not Allowed", "GET only\n");
    }
    let path = head.target.split(['?', '#']).next().unwrap_or("");
    if path == "/__printkit/version" {
        let s = state.read().unwrap_or_else(|e| e.into_inner());
        let body = format!("{{\"version\":{},\"ok\":{}}}", s.version, s.ok);
        return respond(
            stream,
            head_only,
            "200 OK",
            "application/json",
            body.as_bytes(),
        );
    }
    let Some(rel) = requested(path) else {
        return not_found(stream, head_only);
    };
    let (want, root, errors) = {
        let s = state.read().unwrap_or_else(|e| e.into_inner());
        (s.files.get(&rel).cloned(), s.root.clone(), s.errors.clone())
    };
    match (want, root) {
        (Some(want), Some(root)) => send_file(stream, head_only, &root, &rel, &want),
        // No build has written a contents page yet: what went wrong, on a
        // page that reloads itself once a build works.
        _ if rel == "index.html" && !errors.is_empty() => {
            let page = failed_page(&errors);
            respond(
                stream,
                head_only,
                "200 OK",
                "text/html; charset=utf-8",
                page.as_bytes(),
            )
        }
        _ => not_found(stream, head_only),
    }
}

/// The path relative to the output folder that a request names (`/` is
/// `index.html`), or `None` when it is not a plain path.
pub fn requested(path: &str) -> Option<String> {
    let decoded = percent_decoded(path.strip_prefix('/')?)?;
    let rel = if decoded.is_empty() {
        "index.html".to_string()
    } else {
        decoded
    };
    let plain = rel.split('/').all(|part| {
        !part.is_empty() && part != "." && part != ".." && !part.contains(['\\', '\0'])
    });
    plain.then_some(rel)
}

/// `%2e` and the like decoded; `None` when not UTF-8 or malformed.
fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Streams the build's file `rel` when it still holds the bytes the build
/// wrote; else 404. The digest is checked over the whole file first (so a
/// changed file is never sent), then again while sending (a change midway
/// cuts the connection short of its length).
fn send_file(
    stream: &TcpStream,
    head_only: bool,
    root: &crate::beneath::Folder,
    rel: &str,
    want: &Written,
) -> std::io::Result<()> {
    let Ok(mut file) = root.open_file(Path::new(rel)) else {
        return not_found(stream, head_only);
    };
    if want.size > MAX_FILE || digest_of(&mut file, want.size)?.as_ref() != Some(&want.sha256) {
        return not_found(stream, head_only);
    }
    file.rewind()?;
    let kind = content_type(rel);
    let html = kind.starts_with("text/html");
    let extra = if html { RELOAD.len() as u64 } else { 0 };
    head(stream, "200 OK", kind, want.size + extra)?;
    if head_only {
        return Ok(());
    }
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    let mut buffer = vec![0u8; CHUNK];
    let mut left = want.size;
    let mut out = stream;
    while left > 0 {
        let n = file.read(&mut buffer[..CHUNK.min(left as usize)])?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        hasher.update(&buffer[..n]);
        left -= n as u64;
        if left == 0 && hex(&hasher.clone().finalize()) != want.sha256 {
            // Changed while sent: the client gets less than the length
            // it was told, which it reports as a failed transfer.
            return Err(std::io::ErrorKind::InvalidData.into());
        }
        out.write_all(&buffer[..n])?;
    }
    if html {
        // After the page's end, a script is still run (in its body).
        out.write_all(RELOAD.as_bytes())?;
    }
    out.flush()
}

/// The SHA-256 of the file's bytes when it is exactly `size` long.
fn digest_of(file: &mut std::fs::File, size: u64) -> std::io::Result<Option<String>> {
    use sha2::Digest;
    if file.metadata()?.len() != size {
        return Ok(None);
    }
    let mut hasher = sha2::Sha256::new();
    let mut buffer = vec![0u8; CHUNK];
    let mut total = 0u64;
    loop {
        let n = file.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        total += n as u64;
        if total > size {
            return Ok(None);
        }
        hasher.update(&buffer[..n]);
    }
    Ok((total == size).then(|| hex(&hasher.finalize())))
}

fn hex(hash: &[u8]) -> String {
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

fn content_type(rel: &str) -> &'static str {
    match rel.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// Polls the build number and reloads the page when it changes; never
/// printed (it draws nothing).
pub const RELOAD: &str = "<script>(function(){var seen=null;function poll(){\
fetch('/__printkit/version',{cache:'no-store'}).then(function(r){return r.json();})\
.then(function(s){if(seen!==null&&s.version!==seen){location.reload();return;}seen=s.version;\
document.title=document.title.replace(/^\\[build failed\\] /,'');\
if(!s.ok){document.title='[build failed] '+document.title;}})\
.catch(function(){}).then(function(){setTimeout(poll,300);});}poll();})();</script>";

/// The page shown at `/` while no build has worked: the build's messages
/// and the reload script.
fn failed_page(errors: &[String]) -> String {
    let escaped: String = errors
        .join("\n")
        .chars()
        .map(|c| match c {
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '&' => "&amp;".to_string(),
            c => c.to_string(),
        })
        .collect();
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>printkit: not built</title></head>\n\
         <body><h1>The kit was not built</h1><p>Fix what is named below and save: this page reloads \
         itself when the build works.</p>\n<pre>{escaped}</pre>\n{RELOAD}</body></html>\n"
    )
}

fn not_found(stream: &TcpStream, head_only: bool) -> std::io::Result<()> {
    plain(stream, head_only, "404 Not Found", "not found\n")
}

fn plain(stream: &TcpStream, head_only: bool, status: &str, body: &str) -> std::io::Result<()> {
    respond(
        stream,
        head_only,
        status,
        "text/plain; charset=utf-8",
        body.as_bytes(),
    )
}

/// A whole response; for a HEAD request, `body` is counted but not sent.
fn respond(
    stream: &TcpStream,
    head_only: bool,
    status: &str,
    kind: &str,
    body: &[u8],
) -> std::io::Result<()> {
    head(stream, status, kind, body.len() as u64)?;
    let mut out = stream;
    if !head_only {
        out.write_all(body)?;
    }
    out.flush()
}

fn head(stream: &TcpStream, status: &str, kind: &str, length: u64) -> std::io::Result<()> {
    let mut out = stream;
    write!(
        out,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {length}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         Connection: close\r\n\r\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_loopback_exactly_is_a_host() {
        for good in [
            "127.0.0.1",
            "localhost",
            "LocalHost",
            "[::1]",
            "127.0.0.1:8023",
            "localhost:80",
            "[::1]:65535",
        ] {
            assert!(loopback_host(good), "{good}");
        }
        for bad in [
            "[::1].evil.com",
            "localhost:80@evil.com",
            "localhost:evil.com",
            "127.0.0.1.evil.example",
            "evil.example",
            "localhost:",
            "localhost:123456",
            "[::1]x",
            ":80",
            "",
            "localhost:80:80",
        ] {
            assert!(!loopback_host(bad), "{bad}");
        }
    }

    #[test]
    fn a_head_is_read_within_its_limits() {
        let head =
            read_head(&b"GET /a HTTP/1.1\r\nHost: localhost\r\nHost: x\r\n\r\n"[..]).unwrap();
        assert_eq!(head.target, "/a");
        assert_eq!(head.hosts, ["localhost", "x"]);
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_HEAD as usize));
        assert_eq!(read_head(long.as_bytes()), Err(HeadError::TooLarge));
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "X: y\r\n".repeat(MAX_HEADERS + 1)
        );
        assert_eq!(read_head(many.as_bytes()), Err(HeadError::TooLarge));
        for bad in [
            "GET /\r\n\r\n",
            "GET / HTTP/1.1\r\nno colon\r\n\r\n",
            "GET / HTTP/1.1\r\n",
            "",
        ] {
            assert_eq!(
                read_head(bad.as_bytes()),
                Err(HeadError::Malformed),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn only_plain_paths_are_requested() {
        assert_eq!(requested("/").as_deref(), Some("index.html"));
        assert_eq!(requested("/a/b%20c.svg").as_deref(), Some("a/b c.svg"));
        for bad in [
            "/../x",
            "/%2e%2e/x",
            "/a//b",
            "/a/./b",
            "/a\\b",
            "/%00",
            "x",
            "/%zz",
        ] {
            assert_eq!(requested(bad), None, "{bad}");
        }
    }
}
