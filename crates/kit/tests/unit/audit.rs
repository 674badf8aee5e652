use printkit_kit::audit::split_rows;

/// Every sheet holds rows, the last one included, and no sheet more
/// than it has room for: 60 rows at 10 a sheet, 5 on the last, made a
/// seventh sheet of no rows (the closing box alone, drawn at the top).
#[test]
fn every_sheet_holds_rows_within_its_room() {
    for rows in 1..=130 {
        for cap in 1..=20 {
            for cap_last in 1..=cap {
                let split = split_rows(rows, cap, cap_last);
                let (last, rest) = split.split_last().unwrap();
                assert_eq!(split.iter().sum::<usize>(), rows);
                assert!(
                    split.iter().all(|&n| n > 0),
                    "{rows} {cap} {cap_last}: {split:?}"
                );
                assert!(*last <= cap_last && rest.iter().all(|&n| n <= cap));
            }
        }
    }
}
