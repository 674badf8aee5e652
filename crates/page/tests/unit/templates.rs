use printkit_assets::STYLE_TOML as BUILTIN_STYLE;
use printkit_page::Templates;

#[test]
fn safe_area_is_common_to_a4_and_letter() {
    let t = Templates::builtin().unwrap();
    for name in ["a4", "letter"] {
        let p = t.paper(name).unwrap();
        let s = t.safe_area(&p);
        assert!((s.width - 190.0).abs() < 1e-9, "{s:?}");
        assert!((s.height - 259.4).abs() < 1e-9, "{s:?}");
        assert!(t.printable_area(&p).contains_rect(&s, 1e-9));
    }
    let l = t.paper("letter-landscape").unwrap();
    assert_eq!(l.size_mm.width, 279.4);
    assert!((t.safe_area(&l).width - 259.4).abs() < 1e-9);
}

#[test]
fn a_template_directory_overrides_style() {
    let dir = std::env::temp_dir().join(format!("printkit-tpl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let style = BUILTIN_STYLE.replace("margin_mm = 10.0", "margin_mm = 12.0");
    std::fs::write(dir.join("style.toml"), style).unwrap();
    let t = Templates::load(Some(&dir), |_, _| Ok(())).unwrap();
    assert_eq!(t.style.page.margin_mm, 12.0);
    assert_eq!(t.papers, Templates::builtin().unwrap().papers);
    std::fs::write(dir.join("style.toml"), "[page]\nmargin_mm = 1\n").unwrap();
    assert!(Templates::load(Some(&dir), |_, _| Ok(())).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unknown_paper_is_an_error() {
    assert!(Templates::builtin().unwrap().paper("a3").is_err());
}
