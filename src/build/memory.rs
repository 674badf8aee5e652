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
/// read from or written to disk, and no solver answer is taken from a
/// cache. A practice file's `game` names a built-in id or one of `texts`.
/// `request.out` and `request.force` are not used.
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
