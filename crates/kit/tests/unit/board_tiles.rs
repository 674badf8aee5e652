use printkit_kit::board::tile_starts;

#[test]
fn tiles_are_as_few_as_fit_and_all_one_size() {
    assert_eq!(tile_starts(100.0, 190.0, 10.0), (vec![0.0], 100.0));
    // 212 mm on 190 mm windows: two tiles of 111 mm, not 190 + a strip.
    let (s, size) = tile_starts(212.0, 190.0, 10.0);
    assert_eq!(s, vec![0.0, 101.0]);
    assert!((size - 111.0).abs() < 1e-9);
    // Three tiles where two do not reach; the last ends at the edge.
    let (s, size) = tile_starts(400.0, 190.0, 10.0);
    assert_eq!(s.len(), 3);
    assert!(size <= 190.0 && (s[2] + size - 400.0).abs() < 1e-9);
    assert!((s[1] - s[0] - (size - 10.0)).abs() < 1e-9);
}
