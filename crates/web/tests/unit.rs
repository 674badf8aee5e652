//! The unit tests of printkit-web, as one integration test: the library
//! is linked as built, not compiled a second time in test mode.

/// The tests of `src/lib.rs`.
mod lib {
    use printkit::build::{self, BuildRequest};
    use printkit::commands::puzzles;
    use printkit::commands::puzzles::PuzzleArgs;
    use printkit_solve::Run;
    use printkit_web::class_set_json;
    use serde_json::{json, Value};
    use std::sync::Arc;

    /// The head of an answer and its files.
    fn read(answer: &[u8]) -> (Value, Vec<(String, Vec<u8>)>) {
        let len = u32::from_le_bytes(answer[..4].try_into().unwrap()) as usize;
        let head: Value = serde_json::from_slice(&answer[4..4 + len]).unwrap();
        let mut at = 4 + len;
        let mut files = Vec::new();
        for f in head["files"].as_array().into_iter().flatten() {
            let size = f["size"].as_u64().unwrap() as usize;
            files.push((
                f["name"].as_str().unwrap().to_string(),
                answer[at..at + size].to_vec(),
            ));
            at += size;
        }
        assert_eq!(at, answer.len(), "every byte belongs to a file");
        (head, files)
    }

    /// A class set made for the page is the one `printkit puzzles --sheets`
    /// writes (the same code, asked the same), and its kit the one `build
    /// --practice` of those sheets writes, dated as asked; its progress
    /// counts sheets up to those wanted.
    #[test]
    fn a_class_set_is_the_clis_sheets_and_kit() {
        let dir = std::env::temp_dir().join(format!("printkit-web-class-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let set = dir.join("set");
        let args = PuzzleArgs {
            game: "clone-jump-convert".into(),
            count: Some(3),
            seed: 2,
            max_plies: 3,
            out: Some(set.clone()),
            sheets: Some(2),
            time_limit: None,
        };
        assert_eq!(puzzles::run(args), Ok(0));
        let request = BuildRequest {
            games: vec!["clone-jump-convert".into()],
            // As `build --practice DIR` lists the folder.
            practice: vec![set.join("sheet-01.toml"), set.join("sheet-02.toml")],
            papers: vec!["a4".into()],
            formats: printkit_render::Formats {
                pdf: true,
                svg: false,
            },
            parts: Vec::new(),
            duplex: false,
            back_offset: (0.0, 0.0),
            out: dir.join("out"),
            templates: None,
            force: false,
            language: None,
            large_print: false,
            run: Arc::new(Run::new()),
            date_epoch: Some(1_700_000_000),
        };
        build::build(&request).unwrap();
        let asked = json!({"game": "clone-jump-convert", "sheets": 2, "count": 3, "seed": 2,
            "max_plies": 3, "folder": set.display().to_string(), "papers": ["a4"],
            "formats": ["pdf"], "date": 1_700_000_000});
        let mut told = Vec::new();
        let (head, files) = read(&class_set_json(asked.to_string().as_bytes(), &mut |p| {
            told.push(*p)
        }));
        assert_eq!(head["ok"], true, "{head}");
        let sheets = head["sheets"].as_array().unwrap();
        assert_eq!(sheets.len(), 2, "{head}");
        for s in sheets {
            let name = s["name"].as_str().unwrap();
            let on_disk = std::fs::read_to_string(name).unwrap();
            assert_eq!(s["text"].as_str().unwrap(), on_disk, "{name}");
        }
        let pdfs: Vec<&(String, Vec<u8>)> =
            files.iter().filter(|(n, _)| n.ends_with(".pdf")).collect();
        assert!(
            pdfs.iter().any(|(n, _)| n.contains("class-sheets")),
            "{pdfs:?}"
        );
        for (name, bytes) in &files {
            let on_disk = std::fs::read(dir.join("out").join(name)).unwrap();
            assert!(on_disk == *bytes, "{name} differs from the build on disk");
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(told.first().map(|p| p.sheets_found), Some(0), "{told:?}");
        assert_eq!(told.last().map(|p| p.sheets_found), Some(2), "{told:?}");
        assert!(
            told.windows(2)
                .all(|w| w[0].sheets_found <= w[1].sheets_found),
            "{told:?}"
        );
    }

    /// What a class set cannot be made of is refused with what to ask
    /// instead, before any search.
    #[test]
    fn a_class_set_asked_wrongly_is_refused_before_searching() {
        let cases = [
            (
                json!({"game": "freeze", "sheets": 0}),
                "--sheets 0: expected 1 to 99",
            ),
            (
                json!({"game": "freeze", "sheets": 2, "count": 7}),
                "at most 6 puzzles",
            ),
            (
                json!({"game": "nope", "sheets": 2}),
                "nope: neither a built-in game",
            ),
            (
                json!({"game": "freeze", "sheets": 2, "folder": " "}),
                "folder: expected",
            ),
            (
                json!({"game": "freeze", "sheets": 2, "date": -1}),
                "date -1: expected whole seconds",
            ),
            (json!({"game": "freeze"}), "missing field `sheets`"),
        ];
        for (asked, says) in cases {
            let mut told = 0;
            let (head, _) = read(&class_set_json(asked.to_string().as_bytes(), &mut |_| {
                told += 1
            }));
            assert_eq!(head["ok"], false, "{asked}");
            assert!(
                head["error"].as_str().unwrap().contains(says),
                "{asked}: {head}"
            );
            assert_eq!(told, 0, "{asked}");
        }
    }
}
