//! Print craft of the player kits: token sheets a host can cut and fold as
//! printed, ink a school printer can afford, and practice facts that add up.
use printkit::definition::{self, Definition};
use printkit::kit::{self, output, KitOptions, Part};
use printkit::render::{Item, Templates};

fn builtin(id: &str) -> Definition {
    definition::builtins()
        .map(|d| d.unwrap())
        .find(|d| d.id == id)
        .unwrap()
}

fn token_kit(def: &Definition, paper: &str) -> kit::Kit {
    let t = Templates::builtin().unwrap();
    let options = KitOptions {
        parts: vec![Part::Tokens],
        ..KitOptions::whole_kit(t.paper(paper).unwrap())
    };
    printkit::definition::analyse(def, &def.practice);
    kit::build_kit(def, &def.practice, &t, &options).unwrap()
}

fn groups<'a>(items: &'a [Item], out: &mut Vec<&'a printkit::render::Group>) {
    for item in items {
        if let Item::Group(g) = item {
            out.push(g);
            groups(&g.items, out);
        }
    }
}

fn lines<'a>(items: &'a [Item], out: &mut Vec<&'a printkit::render::Stroke>) {
    for item in items {
        match item {
            Item::Shape {
                shape: printkit::render::Shape::Line { .. },
                stroke: Some(s),
                ..
            } => out.push(s),
            Item::Group(g) => lines(&g.items, out),
            _ => {}
        }
    }
}

/// Folded over its dashed line, a pair's back comes out the right way up
/// only if it is printed upside down: every fold-over token's back half is
/// a group turned by 180° about the centre of that half, and the SVG says
/// so with a rotation.
#[test]
fn fold_over_backs_are_printed_upside_down() {
    for id in ["clone-jump-convert", "freeze", "bracket-and-flip"] {
        let def = builtin(id);
        let kit = token_kit(&def, "a4");
        let mut tokens = 0;
        for page in &kit.player {
            let mut all = Vec::new();
            groups(&page.page.items, &mut all);
            for token in all.iter().filter(|g| {
                g.id.as_deref().is_some_and(|i| {
                    (i.starts_with("token-") && i != "token-grid") || i.starts_with("spare-")
                })
            }) {
                tokens += 1;
                let turned: Vec<_> = token
                    .items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Group(g) => g.half_turn.map(|c| (c, g)),
                        _ => None,
                    })
                    .collect();
                assert_eq!(turned.len(), 1, "{id}: one back a token");
                let (centre, back) = turned[0];
                // The turn is about the back's own centre: it stays in its half.
                let bounds = Item::Group((*back).clone()).ink_bounds().unwrap().unwrap();
                let (cx, cy) = (
                    bounds.x + bounds.width / 2.0,
                    bounds.y + bounds.height / 2.0,
                );
                assert!(
                    (cx - centre.x).abs() < 0.01 && (cy - centre.y).abs() < 0.01,
                    "{id}: back centred at ({cx}, {cy}), turned about {centre:?}"
                );
            }
        }
        assert!(tokens >= 30, "{id}: {tokens} tokens");
        let t = Templates::builtin().unwrap();
        let paper = t.paper("a4").unwrap();
        let files = crate::render_common::kit_files(
            std::slice::from_ref(&kit),
            &paper,
            &t,
            output::Formats {
                pdf: false,
                svg: true,
            },
        )
        .unwrap();
        let svg: String = files
            .iter()
            .filter(|f| f.path.extension().is_some_and(|e| e == "svg"))
            .map(|f| String::from_utf8_lossy(&f.bytes).into_owned())
            .collect();
        assert_eq!(
            svg.matches("transform=\"rotate(180 ").count(),
            tokens,
            "{id}: one turned back a token in the SVG"
        );
    }
}

/// A knife follows the cut lines and a finger the fold: the cuts are the
/// heavier and darker lines.
#[test]
fn cut_lines_are_heavier_than_fold_lines() {
    let kit = token_kit(&builtin("clone-jump-convert"), "a4");
    let mut strokes = Vec::new();
    for page in &kit.player {
        lines(&page.page.items, &mut strokes);
    }
    let darkness = |s: &printkit::render::Stroke| {
        765 - (u32::from(s.colour.r) + u32::from(s.colour.g) + u32::from(s.colour.b))
    };
    let (folds, cuts): (
        Vec<&printkit::render::Stroke>,
        Vec<&printkit::render::Stroke>,
    ) = strokes.iter().copied().partition(|s| !s.dash_mm.is_empty());
    assert!(!folds.is_empty() && !cuts.is_empty());
    let thinnest_cut = cuts.iter().map(|s| s.width_mm).fold(f64::MAX, f64::min);
    let widest_fold = folds.iter().map(|s| s.width_mm).fold(0.0, f64::max);
    assert!(
        thinnest_cut > widest_fold,
        "cuts {thinnest_cut} mm, folds {widest_fold} mm"
    );
    let lightest_cut = cuts.iter().map(|s| darkness(s)).min().unwrap();
    let darkest_fold = folds.iter().map(|s| darkness(s)).max().unwrap();
    assert!(lightest_cut > darkest_fold);
}

/// The tokens of `symbol` on a kit's token sheets: (supply, spares), from
/// the ids of their groups.
fn tokens_of(kit: &kit::Kit, symbol: char) -> (usize, usize) {
    let mut all = Vec::new();
    for page in &kit.player {
        groups(&page.page.items, &mut all);
    }
    let n = |kind: &str| {
        let prefix = format!("{kind}-{symbol}-");
        all.iter()
            .filter(|g| g.id.as_deref().is_some_and(|i| i.starts_with(&prefix)))
            .count()
    };
    (n("token"), n("spare"))
}

/// Freeze's 60 checkers (and their crowned backs) come with spares, as
/// every other kit's tokens do, and still fit one sheet, on A4 and on US
/// Letter: no second sheet holding a few tokens. The rules sheet's
/// materials list says the spares.
#[test]
fn freeze_has_spares_and_its_tokens_fit_one_sheet() {
    let def = builtin("freeze");
    for paper in ["a4", "letter"] {
        let kit = token_kit(&def, paper);
        assert_eq!(
            kit.player.len(),
            1,
            "{paper}: {} token sheets",
            kit.player.len()
        );
        for symbol in ['b', 'r'] {
            let (supply, spares) = tokens_of(&kit, symbol);
            assert_eq!(supply, 30, "{paper} {symbol}");
            assert!(spares >= 2, "{paper} {symbol}: {spares} spares");
        }
    }
    let t = Templates::builtin().unwrap();
    let options = KitOptions {
        parts: vec![Part::Rules],
        ..KitOptions::whole_kit(t.paper("a4").unwrap())
    };
    printkit::definition::analyse(&def, &def.practice);
    let kit = kit::build_kit(&def, &def.practice, &t, &options).unwrap();
    let mut text = String::new();
    for page in &kit.player {
        for item in &page.page.items {
            item.for_each_text(&mut |r| {
                text.push_str(&r.text);
                text.push(' ');
            });
        }
    }
    let spares = tokens_of(&token_kit(&def, "a4"), 'b').1;
    for name in ["black checkers", "red checkers"] {
        let said = format!("30 {name} (");
        let at = text.find(&said).unwrap_or_else(|| panic!("{said}: {text}"));
        assert!(
            text[at..].contains(&format!("(+{spares} spares)")),
            "{name}: {}",
            &text[at..(at + 120).min(text.len())]
        );
    }
}

/// The mean darkness of each page of `pdf`, in percent, as a 50 dpi
/// greyscale rendering shows it (the measure of scripts/ink.py).
fn ink_per_page(pdf: &std::path::Path) -> Vec<f64> {
    let out = std::process::Command::new("pdftoppm")
        .args(["-r", "50", "-gray"])
        .arg(pdf)
        .output()
        .unwrap();
    assert!(out.status.success());
    crate::tools::pgm_pages(&out.stdout)
        .into_iter()
        .map(|(w, h, pixels)| {
            let dark: u64 = pixels.iter().map(|&p| u64::from(255 - p)).sum();
            100.0 * dark as f64 / (255.0 * (w * h) as f64)
        })
        .collect()
}

/// A host prints the player kit for every pair of players: Freeze's kit
/// takes at most 35 page-% of toner (the sum of its pages' mean darkness),
/// on A4 and on US Letter.
#[test]
fn the_freeze_player_kit_stays_within_its_ink_budget() {
    if !crate::tools::available(
        "pdftoppm",
        "the_freeze_player_kit_stays_within_its_ink_budget",
    ) {
        return;
    }
    let dir = std::env::temp_dir().join(format!("printkit-ink-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_printkit"))
        .args([
            "build",
            "freeze",
            "--paper",
            "a4,letter",
            "--format",
            "pdf",
            "--out",
        ])
        .arg(&dir)
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for paper in ["a4", "letter"] {
        let pdf = dir.join(format!("freeze/freeze-player-kit-{paper}.pdf"));
        let pages = ink_per_page(&pdf);
        let sum: f64 = pages.iter().sum();
        // Five sheets took 35; the numbered continuation audit sheet (turns
        // 41 to 80) adds about 4, the kings' crowns drawn large enough to
        // see on a token (60 on the token sheet) well under 1.
        assert!(sum <= 41.0, "{paper}: {sum:.1} page-% of ink ({pages:.1?})");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A practice fragment with fewer prey than a game says so beside the
/// diagram, so reserve, captures and the board add up; a position whose
/// counts add up to the game's prey says nothing more.
#[test]
fn a_practice_position_with_fewer_prey_says_how_many_are_in_play() {
    let def = builtin("predator-prey");
    let facts = |text: &str| {
        let loaded = def.load_position(text).unwrap();
        let (view, counts) = (loaded.view(), loaded.counts());
        printkit::kit::facts::position_facts(&def, &counts, &view).join(" ")
    };
    let fragment = facts("5/5/2P2/2o2/5 P 0 2 3");
    assert!(
        fragment.contains("3 of the game's 8 prey are in play"),
        "{fragment}"
    );
    let one = facts("5/5/2P2/2o2/5 P 0 0 3");
    assert!(one.contains("1 of the game's 8 prey is in play"), "{one}");
    let whole = facts("5/5/2P2/2o2/5 P 5 2 3");
    assert!(!whole.contains("in play"), "{whole}");
}

/// A Freeze king is drawn with a crown, and the practice sheet says so (no
/// letter K that the drawing does not show).
#[test]
fn a_freeze_practice_sheet_names_kings_as_drawn() {
    let def = builtin("freeze");
    let text = "8/8/8/3r4/2R1r3/2br4/8/8 b";
    let loaded = def.load_position(text).unwrap();
    let (view, counts) = (loaded.view(), loaded.counts());
    let facts = printkit::kit::facts::position_facts(&def, &counts, &view).join(" ");
    assert!(
        facts.contains("1 king on the board (drawn with a crown"),
        "{facts}"
    );
    assert!(!facts.contains("marked K"), "{facts}");
}

/// Token, audit and practice sheets open with one heading style, "<game>:
/// <sheet>", and the practice sheet has a line for the student's name and
/// the date.
#[test]
fn sheets_share_one_heading_and_practice_asks_for_a_name() {
    let t = Templates::builtin().unwrap();
    for def in definition::builtins().map(|d| d.unwrap()) {
        let options = KitOptions::whole_kit(t.paper("a4").unwrap());
        printkit::definition::analyse(&def, &def.practice);
        let kit = kit::build_kit(&def, &def.practice, &t, &options).unwrap();
        let mut heads = Vec::new();
        for part in [Part::Tokens, Part::Audit, Part::Practice] {
            let page = kit.player.iter().find(|p| p.part == part).unwrap();
            let mut first = None;
            let mut all = String::new();
            for item in &page.page.items {
                item.for_each_text(&mut |run| {
                    first.get_or_insert((run.text.clone(), run.font, run.size_pt));
                    all.push_str(&run.text);
                    all.push(' ');
                });
            }
            let (text, font, size) = first.unwrap();
            assert!(
                text.starts_with(&format!("{}:", def.title)),
                "{} {part}: {text}",
                def.id
            );
            heads.push((font, (size * 100.0).round() as i64));
            if part == Part::Practice {
                assert!(
                    all.contains("Name ___") && all.contains("Date ___"),
                    "{all}"
                );
            }
        }
        assert!(
            heads.windows(2).all(|w| w[0] == w[1]),
            "{}: {heads:?}",
            def.id
        );
    }
}

/// No sheet is wasted: every page of a built-in kit (player kit and host
/// key, A4 and Letter) is at least a third full, except a board page and
/// the last page of a part (a part that needs only a little of its last
/// page). "Full" is the height from the top of the page's content to the
/// bottom of its lowest item, the footer line aside.
#[test]
fn no_page_is_under_a_third_full_unless_it_must_be() {
    let t = Templates::builtin().unwrap();
    for def in definition::builtins().map(|d| d.unwrap()) {
        for paper in ["a4", "letter"] {
            let options = KitOptions::whole_kit(t.paper(paper).unwrap());
            let area = t.page_area(&options.paper);
            printkit::definition::analyse(&def, &def.practice);
            let kit = kit::build_kit(&def, &def.practice, &t, &options).unwrap();
            for pages in [&kit.player, &kit.key] {
                for (i, page) in pages.iter().enumerate() {
                    let last_of_part = pages.get(i + 1).is_none_or(|n| n.part != page.part);
                    if page.part == Part::Board || last_of_part {
                        continue;
                    }
                    let mut bottom = area.y;
                    for item in &page.page.items {
                        if let Item::Group(g) = item {
                            if g.id.as_deref() == Some("footer") {
                                continue;
                            }
                        }
                        if let Some(b) = item.ink_bounds().unwrap() {
                            bottom = bottom.max(b.bottom());
                        }
                    }
                    let full = (bottom - area.y) / area.height;
                    assert!(
                        full >= 1.0 / 3.0,
                        "{} {paper}: page {} is {:.0}% full",
                        def.id,
                        page.name,
                        100.0 * full
                    );
                }
            }
        }
    }
}
