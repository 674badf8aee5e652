use printkit_page::number::fixed;

#[test]
fn short_exact_and_never_minus_zero() {
    assert_eq!(fixed(10.0, 4), "10");
    assert_eq!(fixed(1.23456, 4), "1.2346");
    assert_eq!(fixed(-2.5, 4), "-2.5");
    assert_eq!(fixed(-0.00004, 4), "0");
    assert_eq!(fixed(0.0501, 4), "0.0501");
    assert_eq!(fixed(0.1 + 0.2, 4), "0.3");
    assert_eq!(fixed(0.004_882_812_5, 9), "0.004882813");
    assert_eq!(fixed(-0.004_882_812_5, 9), "-0.004882813");
    assert_eq!(fixed(595.275_590_55, 3), "595.276");
    assert_eq!(fixed(1.125, 2), "1.13"); // half away from zero
    assert_eq!(fixed(-1.125, 2), "-1.13");
    assert_eq!(fixed(1e300, 2), format!("{}", 1e300));
    assert_eq!(fixed(f64::NAN, 2), "NaN");
    assert_eq!(fixed(-123_456_789.5, 0), "-123456790");
}
