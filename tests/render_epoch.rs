//! `SOURCE_DATE_EPOCH` is read from the environment. This is the only test
//! in its binary, so setting the variable races with nothing.
use printkit::render::pdf::{DocMeta, FIXED_EPOCH};

#[test]
fn source_date_epoch_sets_the_date() {
    std::env::remove_var("SOURCE_DATE_EPOCH");
    assert_eq!(DocMeta::new("t", "s").date_epoch, FIXED_EPOCH);
    std::env::set_var("SOURCE_DATE_EPOCH", "1700000000");
    assert_eq!(DocMeta::new("t", "s").date_epoch, 1_700_000_000);
    std::env::set_var("SOURCE_DATE_EPOCH", "yesterday");
    assert_eq!(DocMeta::new("t", "s").date_epoch, FIXED_EPOCH);
    std::env::remove_var("SOURCE_DATE_EPOCH");
}
