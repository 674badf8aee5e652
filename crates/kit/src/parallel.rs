//! Work shared out over the machine's cores, in the order it was given:
//! rendering pages, laying out kits, reading definitions. Its own module so
//! the layers that use it (kit, output folder, build) need not know each
//! other.

/// Maps `f` over `items` on as many threads as the machine has cores,
/// keeping the order of the items.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    printkit_solve::parallel::par_map(items, f)
}

/// How many threads [`par_map`] shares work over (1 in a browser).
pub fn workers() -> usize {
    printkit_solve::parallel::workers()
}
