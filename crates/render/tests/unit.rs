//! The unit tests of printkit-render, as one integration test: the
//! library is linked as built, not compiled a second time in test mode.

/// The tests of `src/lib.rs`.
mod lib {
    use printkit_definition::lang::Lang;
    use printkit_render::{href, index_html, KitEntry};
    use std::path::{Path, PathBuf};

    fn entry(id: &str, paper: &str, label: &str) -> KitEntry {
        let doc = |d: &str, ext: &str| PathBuf::from(format!("{id}/{id}-{d}-{paper}.{ext}"));
        KitEntry {
            id: id.to_string(),
            title: format!("Game <{id}>"),
            paper: paper.to_string(),
            paper_label: label.to_string(),
            files: vec![
                doc("player-kit", "pdf"),
                doc("host-key", "pdf"),
                doc("player-kit", "html"),
                doc("host-key", "html"),
                PathBuf::from(format!("{id}/svg/{paper}/board.svg")),
            ],
        }
    }

    #[test]
    fn hrefs_are_relative_and_percent_encoded() {
        assert_eq!(
            href(Path::new("freeze/freeze-a4.pdf")),
            "freeze/freeze-a4.pdf"
        );
        assert_eq!(
            href(Path::new("my game/ä#1?.html")),
            "my%20game/%C3%A4%231%3F.html"
        );
    }

    #[test]
    fn the_contents_list_every_paper_of_a_game_and_no_page() {
        let html = index_html(
            &[
                entry("freeze", "letter", "US Letter"),
                entry("freeze", "a4", "A4"),
                entry("freeze", "a4", "A4"),
            ],
            &Lang::english(),
        );
        // One row per game and paper, A4 before Letter, repeats dropped.
        let rows: Vec<&str> = html.lines().filter(|l| l.starts_with("<tr><td>")).collect();
        assert_eq!(rows.len(), 2, "{html}");
        assert!(rows[0].contains(">A4<") && rows[1].contains(">US Letter<"));
        for (row, paper) in rows.iter().zip(["a4", "letter"]) {
            for doc in ["player-kit", "host-key"] {
                for ext in ["pdf", "html"] {
                    let link = format!("href=\"freeze/freeze-{doc}-{paper}.{ext}\"");
                    assert!(row.contains(&link), "{row} lacks {link}");
                }
            }
        }
        assert!(html.contains("Game &lt;freeze&gt;"), "titles are escaped");
        assert!(
            !html.contains("<svg") && !html.contains(".svg"),
            "no page of a kit"
        );
        assert!(html.contains("100%") && html.contains("headers and footers off"));
    }

    #[test]
    fn a_missing_document_is_said_so() {
        let mut e = entry("freeze", "a4", "A4");
        e.files
            .retain(|f| !f.to_string_lossy().contains("host-key"));
        let html = index_html(&[e], &Lang::english());
        assert!(html.contains("not built"), "{html}");
    }
}
