//! `build` with no disk: the games and practice files handed over as
//! texts, the kits' files handed back as bytes. The web page
//! (`crates/web`) builds through it, on the same path as the command line
//! ([`super::make_kits`]), so its files are the command line's, byte for
//! byte.
use super::{
    documents_made, load_languages, make_kits, sort_documents, BuildError, BuildRequest,
    DocumentMade, Inputs, Staging,
};
use crate::kit::output::{self, OutFile};
use crate::kit::Kit;
use std::path::Path;

/// What a build in memory made.
#[derive(Clone, Debug, Default)]
pub struct MemoryBuild {
    /// Each file of the kits by its path in an output folder
    /// (`freeze/a4/…`), listed by paper, then as `build` lists a paper's.
    pub files: Vec<(String, Vec<u8>)>,
    /// The documents to print, by game, paper and document; their `file`
    /// is relative, as in `files`.
    pub documents: Vec<DocumentMade>,
    /// How many games were built.
    pub games: usize,
}

/// The files rendered so far, each with its paper and its place in a
/// paper's listing.
#[derive(Default)]
struct Held {
    files: Vec<((usize, output::FileOrder), String, Vec<u8>)>,
    documents: Vec<DocumentMade>,
}

impl Staging for Held {
    fn take(
        &mut self,
        paper_index: usize,
        paper: &crate::render::Paper,
        kits: &[Kit],
        rendered: Vec<(output::FileOrder, OutFile)>,
    ) -> Result<(), BuildError> {
        let names: Vec<OutFile> = rendered
            .iter()
            .map(|(_, f)| OutFile {
                path: f.path.clone(),
                bytes: Vec::new(),
            })
            .collect();
        self.documents
            .extend(documents_made(Path::new(""), paper, kits, &names));
        for (order, file) in rendered {
            let name = file.path.to_string_lossy().into_owned();
            self.files.push(((paper_index, order), name, file.bytes));
        }
        Ok(())
    }
}

/// Builds the kits of `request` from `texts` (each file's name and text:
/// the definitions and practice files that `request.games` and
/// `request.practice` name; built-in ids need none) with the built-in
/// templates, fonts and languages, and returns their files; nothing is
/// written, and no solver answer is taken from a cache. A practice file's
/// `game` names a built-in id or one of `texts` (natively, one that is not
/// among them is read from disk as `build` reads it; in a browser there is
/// no disk). `request.out` and `request.force` are not used.
pub fn build_in_memory(
    request: &BuildRequest,
    texts: &[(String, String)],
) -> Result<MemoryBuild, BuildError> {
    if request.templates.is_some() {
        return Err(BuildError::Request(
            "a build in memory uses the built-in templates".to_string(),
        ));
    }
    let limit = printkit_outdir::input::MAX_INPUT_BYTES;
    if let Some((name, text)) = texts.iter().find(|(_, t)| t.len() as u64 > limit) {
        return Err(BuildError::Request(format!(
            "{} is {} bytes; printkit reads files of at most {limit} bytes",
            printkit_outdir::echo::shorten(name, 60),
            text.len()
        )));
    }
    crate::render::pdf::source_date_epoch()?;
    let templates = crate::render::load_templates(None)?;
    let languages = load_languages(None)?;
    let mut held = Held::default();
    let games = make_kits(
        request,
        &templates,
        &languages,
        &Inputs::Memory(texts),
        &mut held,
    )?;
    held.files.sort_by_key(|(order, ..)| *order);
    sort_documents(&mut held.documents);
    Ok(MemoryBuild {
        files: held
            .files
            .into_iter()
            .map(|(_, name, bytes)| (name, bytes))
            .collect(),
        documents: held.documents,
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Run;
    use std::sync::Arc;

    /// A definition and a practice file naming it, handed over as texts,
    /// give the files a build of the same files on disk writes; a practice
    /// file naming a definition not handed over is refused at its `game`.
    #[test]
    fn texts_in_memory_build_the_files_a_build_from_disk_writes() {
        let dir = std::env::temp_dir().join(format!("printkit-memory-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (_, clone) = crate::definition::BUILTIN[0];
        let game_text = clone.replacen("id = \"clone-jump-convert\"", "id = \"my-clone\"", 1);
        assert_ne!(game_text, clone, "the id is replaced");
        let practice_text = "game = \"game.toml\"\n\n[[practice]]\nname = \"Added\"\nprompt = \"W to move.\"\nposition = \"5/5/5/2W2/BB3 W 2\"\n\n[[practice.check]]\nmove = \"C2-C3\"\n";
        let game = dir.join("game.toml");
        let practice = dir.join("added.toml");
        std::fs::write(&game, &game_text).unwrap();
        std::fs::write(&practice, practice_text).unwrap();
        let request = BuildRequest {
            games: vec![game.display().to_string()],
            practice: vec![practice.clone()],
            papers: vec!["a4".into()],
            formats: crate::kit::output::Formats {
                pdf: true,
                svg: true,
            },
            parts: Vec::new(),
            duplex: false,
            back_offset: (0.0, 0.0),
            out: dir.join("out"),
            templates: None,
            force: false,
            language: Some("fr".into()),
            run: Arc::new(Run::new()),
        };
        crate::build::build(&request).unwrap();
        let texts = vec![
            (game.display().to_string(), game_text),
            (practice.display().to_string(), practice_text.to_string()),
        ];
        let made = build_in_memory(&request, &texts).unwrap();
        assert_eq!(made.games, 1);
        assert!(made.files.len() > 5, "{:?}", made.files.len());
        for (name, bytes) in &made.files {
            let on_disk = std::fs::read(dir.join("out").join(name)).unwrap();
            assert!(on_disk == *bytes, "{name} differs from the build on disk");
        }
        let alone = build_in_memory(&request, &texts[1..]).unwrap_err();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            alone.to_string().contains("game.toml"),
            "a practice file whose game is missing: {alone}"
        );
    }
}
