//! Print craft of the player kits: token sheets a host can cut and fold as
//! printed, ink a school printer can afford, and practice facts that add up.
use printkit_definition::{self as definition, Definition};
use printkit_kit::{self as kit, KitOptions, Part};
use printkit_page::{Item, Templates};
use printkit_render as output;

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
    kit::build_player_kit(def, &def.practice, &t, &options).unwrap()
}

fn groups<'a>(items: &'a [Item], out: &mut Vec<&'a printkit_page::Group>) {
    for item in items {
        if let Item::Group(g) = item {
            out.push(g);
            groups(&g.items, out);
        }
    }
}

fn lines<'a>(items: &'a [Item], out: &mut Vec<&'a printkit_page::Stroke>) {
    for item in items {
        match item {
            Item::Shape {
                shape: printkit_page::Shape::Line { .. },
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
    let darkness = |s: &printkit_page::Stroke| {
        765 - (u32::from(s.colour.r) + u32::from(s.colour.g) + u32::from(s.colour.b))
    };
    let (folds, cuts): (Vec<&printkit_page::Stroke>, Vec<&printkit_page::Stroke>) =
        strokes.iter().copied().partition(|s| !s.dash_mm.is_empty());
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
    let kit = kit::build_player_kit(&def, &def.practice, &t, &options).unwrap();
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

/// How far down its page's content area a page is used: the bottom of its
/// lowest item (the footer aside), as a share of the area's height.
fn used_share(page: &printkit_page::Page, area: printkit_page::RectMm) -> f64 {
    let mut bottom = area.y;
    for item in &page.items {
        if let Item::Group(g) = item {
            if g.id.as_deref() == Some("footer") {
                continue;
            }
        }
        if let Some(b) = item.ink_bounds().unwrap() {
            bottom = bottom.max(b.bottom());
        }
    }
    (bottom - area.y) / area.height
}

/// No token sheet is left half blank: every token sheet of every built-in
/// kit (and of the variants' kits), on A4 and on US Letter, is used at
/// least half way down (a sheet of few tokens carries what else a host
/// needs, or the tokens are sized to fill the sheets they take).
#[test]
fn every_token_sheet_is_at_least_half_used() {
    let t = Templates::builtin().unwrap();
    let mut defs: Vec<Definition> = definition::builtins().map(|d| d.unwrap()).collect();
    for entry in std::fs::read_dir("fixtures/variants").unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        defs.push(definition::parse_definition(path.to_str().unwrap(), &text).unwrap());
    }
    let mut short = Vec::new();
    for def in &defs {
        for paper in ["a4", "letter"] {
            let kit = token_kit(def, paper);
            let area = t.page_area(&t.paper(paper).unwrap());
            for page in &kit.player {
                let used = used_share(&page.page, area);
                if used < 0.5 {
                    short.push((def.id.clone(), page.name.clone(), paper, used));
                }
            }
        }
    }
    let short: Vec<String> = short
        .iter()
        .map(|(id, name, paper, used)| format!("{id} {paper} {name}: {:.0} %", 100.0 * used))
        .collect();
    assert!(short.is_empty(), "token sheets under half used: {short:?}");
}

/// Tokens that would leave a last sheet less than half used are drawn a
/// little smaller (at most 15 %) when that saves the sheet: the 6×6 clone
/// variant's 44 markers took a sheet of 35 and one of 9 at 22 mm; they take
/// one sheet now, each marker at least 85 % of 22 mm.
#[test]
fn tokens_shrink_a_little_to_save_a_nearly_empty_sheet() {
    let text = std::fs::read_to_string("fixtures/variants/clone-6x6.toml").unwrap();
    let def = definition::parse_definition("clone-6x6.toml", &text).unwrap();
    for paper in ["a4", "letter"] {
        let kit = token_kit(&def, paper);
        assert_eq!(kit.player.len(), 1, "{paper}: one token sheet");
        assert_eq!(tokens_of(&kit, 'W'), (36, 8), "{paper}");
        let w = token_pitch(&kit.player[0].page);
        assert!((22.0 * 0.85 - 1e-9..22.0).contains(&w), "{paper}: {w} mm");
    }
    // Kits whose sheets are used well keep their tokens' size.
    for def in definition::builtins().map(|d| d.unwrap()) {
        let size = kit::tokens::token_sets(&def)[0].size_mm;
        let kit = token_kit(&def, "a4");
        assert!(
            (token_pitch(&kit.player[0].page) - size).abs() < 1e-6,
            "{}: {size} mm",
            def.id
        );
    }
}

/// The least distance between the centres of two tokens of a sheet side
/// by side: the size the tokens are drawn at.
fn token_pitch(page: &printkit_page::Page) -> f64 {
    let mut all = Vec::new();
    groups(&page.items, &mut all);
    let mut xs: Vec<f64> = all
        .iter()
        .filter(|g| {
            g.id.as_deref()
                .is_some_and(|i| i.starts_with("token-") || i.starts_with("spare-"))
        })
        .map(|g| {
            let b = Item::Group((*g).clone()).ink_bounds().unwrap().unwrap();
            b.x + b.width / 2.0
        })
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.windows(2)
        .map(|w| w[1] - w[0])
        .filter(|d| *d > 0.5)
        .fold(f64::INFINITY, f64::min)
}

/// The groups of `page` whose id is `prefix` and a number, in order of
/// that number.
fn numbered<'a>(page: &'a printkit_page::Page, prefix: &str) -> Vec<&'a printkit_page::Group> {
    let mut all = Vec::new();
    groups(&page.items, &mut all);
    let mut found: Vec<(usize, &printkit_page::Group)> = all
        .into_iter()
        .filter_map(|g| {
            let n = g.id.as_deref()?.strip_prefix(prefix)?.parse().ok()?;
            Some((n, g))
        })
        .collect();
    found.sort_by_key(|(n, _)| *n);
    found.into_iter().map(|(_, g)| g).collect()
}

/// The text of a group, its runs joined by spaces.
fn group_words(g: &printkit_page::Group) -> String {
    let mut words = Vec::new();
    Item::Group(g.clone()).for_each_text(&mut |r| words.push(r.text.clone()));
    words.join(" ")
}

/// The ten-prey variant's definition without its practice positions
/// (whose checks hold for its own parameters only), edited by `edit`.
fn ten_prey_variant(name: &str, edit: impl Fn(String) -> String) -> Definition {
    let text = std::fs::read_to_string("fixtures/variants/predator-ten-prey.toml").unwrap();
    let (head, tail) = text.split_once("[[practice]]").unwrap();
    let audit = &tail[tail.find("[audit]").unwrap()..];
    let text = edit(format!("{head}{audit}").replace("example = \"Jumping a prey\"\n", ""));
    definition::parse_definition(name, &text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The predator game's token sheet carries a tray below its tokens: a
/// circle for each prey of the game's supply, where the reserve waits, and
/// one for each capture the predator needs, numbered, the last marked as
/// the predator's win. The counts are the game's parameters (a variant of
/// 10 prey and 4 captures prints those), the tray lies below the grid's
/// crop marks, and a game whose pieces all stay on the board has none.
#[test]
fn the_predator_token_sheet_has_a_tray_that_follows_the_parameters() {
    let t = Templates::builtin().unwrap();
    let ten = ten_prey_variant("predator-ten-four.toml", |t| {
        t.replace("capture_target = 3", "capture_target = 4")
    });
    for (def, prey, captures, nth) in [(builtin("predator-prey"), 8, 3, "3rd"), (ten, 10, 4, "4th")]
    {
        for paper in ["a4", "letter"] {
            let options = KitOptions {
                parts: vec![Part::Tokens],
                ..KitOptions::whole_kit(t.paper(paper).unwrap())
            };
            let kit = kit::build_player_kit(&def, &[], &t, &options).unwrap();
            assert_eq!(kit.player.len(), 1, "{} {paper}", def.id);
            let page = &kit.player[0].page;
            let tray = page
                .find_group("tray")
                .unwrap_or_else(|| panic!("{} {paper}: no tray", def.id));
            assert_eq!(
                numbered(page, "tray-reserve-").len(),
                prey,
                "{} {paper}",
                def.id
            );
            let captured = numbered(page, "tray-captured-");
            assert_eq!(captured.len(), captures, "{} {paper}", def.id);
            let last = group_words(captured.last().unwrap());
            assert_eq!(last, format!("{captures} the predator wins"), "{paper}");
            let words = group_words(tray);
            for said in [
                format!("The {prey} prey start here."),
                format!("The {nth} capture ends the game: the predator wins."),
            ] {
                assert!(words.contains(&said), "{said}: {words}");
            }
            // Whole and apart: below the grid and its crop marks, inside
            // the content area.
            let bounds =
                |g: &printkit_page::Group| Item::Group(g.clone()).ink_bounds().unwrap().unwrap();
            let grid = bounds(page.find_group("token-grid").unwrap());
            let tray = bounds(tray);
            assert!(tray.y > grid.bottom() + 1.0, "{paper}: {tray:?} {grid:?}");
            let area = kit::content_area(&t, &options.paper);
            assert!(
                area.contains_rect(&tray, 0.01),
                "{paper}: {tray:?} {area:?}"
            );
        }
    }
    for id in ["clone-jump-convert", "freeze", "bracket-and-flip"] {
        let kit = token_kit(&builtin(id), "a4");
        assert!(kit
            .player
            .iter()
            .all(|p| p.page.find_group("tray").is_none()));
    }
}

/// A tray box that does not fit below the tokens is left out rather than
/// spilled onto a page of its own: on a 7×7 board, 30 prey leave room
/// for the captured prey's box only, 40 prey for none, and either way the
/// tokens take one sheet.
#[test]
fn a_tray_box_too_big_for_the_sheet_is_left_out() {
    let t = Templates::builtin().unwrap();
    let options = KitOptions {
        parts: vec![Part::Tokens],
        ..KitOptions::whole_kit(t.paper("a4").unwrap())
    };
    for (prey, reserve, captured) in [(30, 0, 3), (40, 0, 0)] {
        let def = ten_prey_variant(&format!("predator-{prey}.toml"), |t| {
            t.replace("prey = 10", &format!("prey = {prey}"))
                .replace(
                    "5/5/5/1P3/5 o 10 0 0",
                    &format!("7/7/7/7/7/1P5/7 o {prey} 0 0"),
                )
                .replace("width = 5", "width = 7")
                .replace("height = 5", "height = 7")
        });
        let kit = kit::build_kit(&printkit_definition::analyse(&def, &[]), &t, &options).unwrap();
        assert_eq!(kit.player.len(), 1, "{prey} prey");
        let page = &kit.player[0].page;
        assert_eq!(numbered(page, "token-o-").len(), prey);
        assert_eq!(
            numbered(page, "tray-reserve-").len(),
            reserve,
            "{prey} prey"
        );
        assert_eq!(
            numbered(page, "tray-captured-").len(),
            captured,
            "{prey} prey"
        );
        assert_eq!(page.find_group("tray").is_some(), captured > 0);
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
        printkit_kit::facts::position_facts(&def, &counts, &view, &[]).join(" ")
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
    let facts = printkit_kit::facts::position_facts(&def, &counts, &view, &[]).join(" ");
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
        let kit = kit::build_kit(
            &printkit_definition::analyse(&def, &def.practice),
            &t,
            &options,
        )
        .unwrap();
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
            let kit = kit::build_kit(
                &printkit_definition::analyse(&def, &def.practice),
                &t,
                &options,
            )
            .unwrap();
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
