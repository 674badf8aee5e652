//! Where a command's output goes: `--out` never replaces what is not a
//! regular file (a named pipe, a socket, a device), and a result that could
//! not be written to standard output is an error, never exit code 0.
use crate::hostile::scratch;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `printkit args…` in the project folder with its standard output sent to
/// `stdout` (a file opened for writing).
fn printkit_into(args: &[&str], stdout: std::fs::File) -> Output {
    Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::from(stdout))
        .stderr(Stdio::piped())
        .output()
        .expect("run printkit")
}

/// Every command that prints its result, each given a full disk as its
/// standard output (`/dev/full`): each says so and exits non-zero.
#[test]
#[cfg(target_os = "linux")]
fn a_result_lost_on_a_full_stdout_is_an_error_in_every_command() {
    let commands: &[&[&str]] = &[
        &["check", "fixtures/custom/clone-corner-fight.toml"],
        &["check", "--json", "fixtures/custom/clone-corner-fight.toml"],
        &["list"],
        &["perft", "clone-jump-convert", "--depth", "2"],
        &["moves", "predator-prey"],
        &["replay", "clone-jump-convert", "A1-B2"],
        &["solve", "bracket-and-flip", "--depth", "1"],
        &["puzzles", "predator-prey", "--count", "1", "--seed", "3"],
        &["schema", "game"],
        &["completions", "bash"],
        &["man"],
    ];
    for args in commands {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let o = printkit_into(args, full);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "printkit {args:?}: {err}");
        assert!(
            err.contains("cannot write to standard output") && !err.contains("panicked"),
            "printkit {args:?}: {err}"
        );
    }
}

/// A reader that stops early (`| head`) is not a failure.
#[test]
#[cfg(unix)]
fn a_reader_that_closes_the_pipe_early_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args(["man"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Makes a named pipe at `path` (libc's mkfifo; rustix has it on Linux only).
#[cfg(unix)]
fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid C string; the call only creates a FIFO.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// Whether this process may make device nodes (root).
#[cfg(unix)]
fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// `puzzles --out`, `schema --out` and `man --out` given a named pipe, a
/// socket or (as root) a private device node made in a temp folder: each is
/// refused naming it (`puzzles` also says what it is and what to do), and
/// the node is left as it was.
#[test]
#[cfg(unix)]
fn out_refuses_a_pipe_a_socket_or_a_device_and_leaves_it_alone() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("out-nodes");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let socket = dir.join("socket");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let mut nodes = vec![(fifo, "a named pipe (FIFO)"), (socket, "a socket")];
    if is_root() {
        use std::os::unix::ffi::OsStrExt;
        let device = dir.join("null");
        let c = std::ffi::CString::new(device.as_os_str().as_bytes()).unwrap();
        // SAFETY: a valid C string; makes a private node like /dev/null's
        // (character device 1,3) inside the temp folder.
        let made = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o600, libc::makedev(1, 3)) };
        assert_eq!(made, 0, "mknod as root");
        nodes.push((device, "a device"));
    } else {
        println!(
            "note: not root, so no device node can be made; the pipe and the socket are tried"
        );
    }
    for (node, words) in &nodes {
        let before = std::fs::symlink_metadata(node).unwrap().file_type();
        let path = node.to_str().unwrap();
        // `puzzles --out` names a file; `schema` and `man` name a folder.
        let tries: [(&[&str], bool); 3] = [
            (
                &[
                    "puzzles",
                    "predator-prey",
                    "--count",
                    "1",
                    "--seed",
                    "3",
                    "--out",
                    path,
                ],
                true,
            ),
            (&["schema", "game", "--out", path], false),
            (&["man", "--out", path], false),
        ];
        for (args, names_a_file) in tries {
            let o = Command::new(env!("CARGO_BIN_EXE_printkit"))
                .args(args)
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .unwrap();
            let err = stderr(&o);
            assert_ne!(o.status.code(), Some(0), "{args:?}: {err}");
            assert!(err.contains(path), "{args:?}: {err}");
            if names_a_file {
                assert!(err.contains(words), "{args:?}: {err}");
                assert!(err.contains("redirect"), "{args:?}: {err}");
            }
            let after = std::fs::symlink_metadata(node).unwrap().file_type();
            assert_eq!(
                (after.is_fifo(), after.is_socket(), after.is_char_device()),
                (
                    before.is_fifo(),
                    before.is_socket(),
                    before.is_char_device()
                ),
                "{args:?} replaced {path}"
            );
        }
    }
    // Nothing else appeared beside the nodes (no temporary left behind).
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), nodes.len());
}
