//! Work shared out over the machine's cores, in the order it was given.

/// How many threads work can be shared out over: the machine's cores, 1
/// where threads cannot be made (a browser's WebAssembly, which has none
/// to offer and panics at a spawn).
pub fn workers() -> usize {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        return 1;
    }
    // Asked once: on Linux each answer reads the cgroup's files.
    static WORKERS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *WORKERS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

std::thread_local! {
    /// Whether this thread is one of a [`par_map`]'s workers.
    static SHARING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Maps `f` over `items` on as many threads as the machine has cores,
/// keeping the order of the items; with one worker, on this thread. A map
/// inside a map's worker runs on that worker's thread: maps inside maps
/// never start more threads than there are cores.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let workers = workers().min(items.len().max(1));
    if workers == 1 || SHARING.with(|s| s.get()) {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    let work = || {
        // Set back when the work ends, a panic in `f` included: the
        // calling thread maps in parallel again afterwards.
        struct Restore(bool);
        impl Drop for Restore {
            fn drop(&mut self) {
                SHARING.with(|s| s.set(self.0));
            }
        }
        let _restore = Restore(SHARING.with(|s| s.replace(true)));
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            let r = f(item);
            slots.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
        }
    };
    // This thread is one of the workers.
    std::thread::scope(|s| {
        for _ in 1..workers {
            s.spawn(work);
        }
        work();
    });
    slots
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every item was mapped"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::par_map;

    #[test]
    fn every_item_is_mapped_once_in_order() {
        let items: Vec<u64> = (0..1000).collect();
        let out = par_map(&items, |x| x * x);
        assert_eq!(out, items.iter().map(|x| x * x).collect::<Vec<_>>());
        assert!(par_map(&[] as &[u8], |x| *x).is_empty());
    }

    #[test]
    fn a_map_inside_a_map_starts_no_threads_of_its_own() {
        use std::collections::HashSet;
        use std::sync::Mutex;
        let threads = Mutex::new(HashSet::new());
        let outer: Vec<u32> = (0..8).collect();
        let sums = par_map(&outer, |&i| {
            let inner: Vec<u32> = (0..8).collect();
            par_map(&inner, |&j| {
                threads.lock().unwrap().insert(std::thread::current().id());
                i * j
            })
            .iter()
            .sum::<u32>()
        });
        assert_eq!(sums, outer.iter().map(|i| i * 28).collect::<Vec<_>>());
        let used = threads.into_inner().unwrap().len();
        assert!(
            used <= super::workers(),
            "{used} threads for {} cores",
            super::workers()
        );
    }
}
