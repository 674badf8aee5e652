//! The two jobs behind `printkit build` and `printkit check`, as library
//! functions returning what they did or why not ([`BuildError`]: located
//! diagnostics, or a message for a file or folder that cannot be used): the
//! command line parses arguments and prints (as ripgrep's CLI sits over its
//! crates).
//!
//! Both read every file the same way and lay out every kit in memory; only
//! `build` writes. So whatever `check` accepts, `build` prints.

mod verdicts;
use crate::definition::{self, Definition, Diagnostic, LoadError, Loaded, Practice};
use crate::kit::{self, Kit, KitOptions, Part};
use crate::lang::{LanguageError, Languages};
use crate::outdir::{plan, Committed, KitRecord, OutError, OutputDir};
use crate::render::output::{self, Formats, KitEntry, OutFile};
use crate::render::{FontBook, RenderError, Templates};
use crate::solve::Run;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use verdicts::Verdicts;

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildRequest {
    /// Built-in ids or definition files; empty for every built-in game.
    pub games: Vec<String>,
    /// Practice files whose positions join their game's kit.
    pub practice: Vec<PathBuf>,
    /// Paper names (`a4`, `letter-landscape`, `a4-large-print`, …).
    pub papers: Vec<String>,
    /// Every paper's kit in large print (`a4` as `a4-large-print`).
    pub large_print: bool,
    pub formats: Formats,
    /// Parts to build; empty for all.
    pub parts: Vec<Part>,
    pub duplex: bool,
    pub back_offset: (f64, f64),
    pub out: PathBuf,
    /// A folder overriding the built-in look.
    pub templates: Option<PathBuf>,
    /// Replace files at kit paths that printkit did not write.
    pub force: bool,
    /// The language of every kit's own words, over the definitions'
    /// `language`.
    pub language: Option<String>,
    /// The build's searches: the practice claims' budget, the host keys'
    /// searches, counted for the progress line.
    pub run: Arc<Run>,
    /// The PDFs' date, seconds since 1970 (UTC); `None` takes
    /// `SOURCE_DATE_EPOCH`, or 2000-01-01 when it is unset
    /// ([`crate::render::pdf::FIXED_EPOCH`]). The web page sets it (it has
    /// no environment).
    pub date_epoch: Option<i64>,
}

impl BuildRequest {
    /// The date the PDFs carry (see [`BuildRequest::date_epoch`]).
    fn pdf_date(&self) -> Result<i64, BuildError> {
        match self.date_epoch {
            Some(epoch) => Ok(epoch),
            None => Ok(crate::render::pdf::source_date_epoch()
                .map_err(|e| e.to_string())?
                .unwrap_or(crate::render::pdf::FIXED_EPOCH)),
        }
    }
}

/// Why a build wrote nothing: each kind has its exit code
/// ([`BuildError::exit_code`]); the located ones carry their places.
#[derive(Debug)]
pub enum BuildError {
    /// The files read, but something in them is wrong (exit 1).
    Invalid(Vec<Diagnostic>),
    /// A game or practice file cannot be read, or names no game (exit 2).
    Load(LoadError),
    /// The templates, a paper or a document cannot be made (exit 2).
    Render(RenderError),
    /// The output folder refused the build, or writing failed (exit 2).
    Output(OutError),
    /// The request cannot be built as asked (exit 2).
    Request(String),
    /// A language file of the templates cannot be read (exit 2).
    Language(crate::lang::LangError),
}

impl BuildError {
    /// 1 when the files read but are wrong, else 2.
    pub fn exit_code(&self) -> i32 {
        match self {
            BuildError::Invalid(_) => 1,
            BuildError::Load(_)
            | BuildError::Render(_)
            | BuildError::Output(_)
            | BuildError::Request(_)
            | BuildError::Language(_) => 2,
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Invalid(diags) => {
                for (k, d) in diags.iter().enumerate() {
                    if k > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{}", d.render())?;
                }
                Ok(())
            }
            BuildError::Load(e) => write!(f, "{e}"),
            BuildError::Render(e) => write!(f, "{e}"),
            BuildError::Output(e) => write!(f, "{e}"),
            BuildError::Request(message) => f.write_str(message),
            BuildError::Language(e) => write!(f, "{e}"),
        }
    }
}

impl From<String> for BuildError {
    fn from(message: String) -> Self {
        BuildError::Request(message)
    }
}

impl From<RenderError> for BuildError {
    fn from(e: RenderError) -> Self {
        BuildError::Render(e)
    }
}

impl From<OutError> for BuildError {
    fn from(e: OutError) -> Self {
        BuildError::Output(e)
    }
}

impl From<LoadError> for BuildError {
    fn from(e: LoadError) -> Self {
        match e {
            LoadError::Invalid(d) => BuildError::Invalid(d),
            other => BuildError::Load(other),
        }
    }
}

/// What a build wrote.
#[derive(Clone, Debug)]
pub struct BuildReport {
    /// Each file of the kits with its size in bytes.
    pub written: Vec<(PathBuf, usize)>,
    /// How many of them were already in the folder with the same bytes, and
    /// were left as they were.
    pub unchanged: usize,
    /// How many games were built.
    pub games: usize,
    /// What the output folder held that printkit left alone, in words.
    pub notes: Vec<String>,
    /// What the host should know of the kits made, in words (a game whose
    /// own texts stay in another language than the kit's words).
    pub warnings: Vec<String>,
    /// The SHA-256 of each file this build wrote or found in place, by its
    /// path relative to the output folder.
    pub sha256: std::collections::BTreeMap<String, String>,
    /// The documents to print, by game, paper and document.
    pub documents: Vec<DocumentMade>,
}

/// One document a build made for one paper: a PDF (and its preview) to
/// print, as `build` tells the host what each file is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentMade {
    pub game: String,
    pub document: kit::Document,
    /// How the paper is named (`A4`).
    pub paper: String,
    /// Its PDF, or else its preview, below the output folder's path.
    pub file: PathBuf,
    pub pages: usize,
    /// The parts it holds, in order.
    pub parts: Vec<Part>,
    /// Class sheets: how many, each this many pages.
    pub sheets: Option<(usize, usize)>,
}

/// The documents of `kits` on `paper` among the files just rendered.
fn documents_made(
    out: &Path,
    paper: &crate::render::Paper,
    kits: &[Kit],
    files: &[OutFile],
) -> Vec<DocumentMade> {
    let made = |path: PathBuf| files.iter().any(|f| f.path == path).then_some(path);
    let mut list = Vec::new();
    for kit in kits {
        for document in kit::Document::ALL {
            let pages = kit.pages(document).len();
            let file = made(output::pdf_path(&kit.id, document, paper))
                .or_else(|| made(output::preview_path(&kit.id, document, paper)));
            let Some(file) = file.filter(|_| pages > 0) else {
                continue;
            };
            let sheets = (kit.sheet_count > 0).then(|| (kit.sheet_count, pages / kit.sheet_count));
            let mut parts: Vec<Part> = kit.pages(document).iter().map(|p| p.part).collect();
            parts.dedup();
            list.push(DocumentMade {
                game: kit.id.clone(),
                document,
                paper: paper.label.clone(),
                file: out.join(file),
                pages,
                parts,
                sheets,
            });
        }
    }
    list
}

/// Reads, checks, lays out, renders and writes the kits of `request`: all
/// of it or nothing.
pub fn build(request: &BuildRequest) -> Result<BuildReport, BuildError> {
    request.pdf_date()?;
    // The kits' language is read while the templates load (English when
    // the definitions will choose: the built-in games' own).
    printkit_definition::lang::read_ahead(request.language.as_deref().unwrap_or("en"));
    printkit_page::font::read_ahead();
    let templates = crate::render::load_templates(request.templates.as_deref())?;
    let languages = load_languages(request.templates.as_deref())?;
    let mut sink = Sink::new(&request.out);
    let (games, warnings) = make_kits(request, &templates, &languages, &Inputs::Disk, &mut sink)?;
    let mut documents = std::mem::take(&mut sink.documents);
    sort_documents(&mut documents);
    let (committed, notes) = sink.commit(request.force)?;
    Ok(BuildReport {
        written: committed.written,
        unchanged: committed.unchanged,
        games,
        notes,
        warnings,
        sha256: committed.sha256,
        documents,
    })
}

/// Listed by game, then paper, then document.
fn sort_documents(documents: &mut [DocumentMade]) {
    documents.sort_by(|a, b| (&a.game, &a.paper, a.document).cmp(&(&b.game, &b.paper, b.document)));
}

/// Where a build's files come from: the disk (the command line), or texts
/// handed over in memory (the web page), each by the name a practice
/// file's `game` and the messages use.
pub(crate) enum Inputs<'a> {
    Disk,
    Memory(&'a [(String, String)]),
}

impl Inputs<'_> {
    /// Whether a game named to build is a file rather than a built-in id.
    fn names_a_file(&self, game: &str) -> bool {
        match self {
            Inputs::Disk => definition::names_a_file(game),
            Inputs::Memory(_) => !definition::is_builtin(game),
        }
    }

    /// Reads and validates the file `path` (a definition or a practice
    /// file).
    fn load(
        &self,
        path: &Path,
        read: &[&Definition],
        fonts: &FontBook,
        run: &Arc<Run>,
    ) -> Result<Loaded, LoadError> {
        let Inputs::Memory(texts) = self else {
            return definition::load_file_among(path, read, fonts, run);
        };
        let name = path.to_string_lossy();
        match texts.iter().find(|(n, _)| *n == name) {
            Some((name, text)) => definition::load_text_among(name, text, read, fonts, run),
            None => Err(LoadError::UnknownGame {
                name: name.into_owned(),
            }),
        }
    }
}

/// The languages of a run: the built-in ones and the templates' own
/// (`<templates>/lang/*.toml`), each file checked against English, with
/// the families' words (`src/lang/families/<family>.words.toml`) joined to each
/// language they are written in, a file's own words winning.
pub fn load_languages(templates: Option<&Path>) -> Result<Languages, BuildError> {
    Languages::load(templates).map_err(|e| match e {
        crate::lang::LangError::Invalid(d) => BuildError::Invalid(d),
        other => BuildError::Language(other),
    })
}

/// Sets each definition's language (`chosen`, else its `language` key),
/// a built-in game's texts taken from its translation into it (checked
/// against the templates' faces `fonts`).
fn choose_languages(
    defs: &mut [Definition],
    languages: &Languages,
    chosen: Option<&str>,
    fonts: &FontBook,
) -> Result<(), BuildError> {
    let mut wrong = Vec::new();
    for d in defs {
        match d.choose_language_with(languages, chosen, fonts) {
            Ok(()) => {}
            Err(LanguageError::Located(diag)) => wrong.push(diag),
            Err(LanguageError::Translation(mut diags)) => wrong.append(&mut diags),
            Err(LanguageError::Option(m)) => return Err(BuildError::Request(m)),
        }
    }
    match wrong.is_empty() {
        true => Ok(()),
        false => Err(BuildError::Invalid(wrong)),
    }
}

/// What a build says of a game whose own texts stay in another language
/// than the kit's words (a host's definition with `--language` and no
/// translation): the kit mixes two languages, and the host should know.
pub fn untranslated_warnings(defs: &[Definition]) -> Vec<String> {
    defs.iter()
        .filter(|d| d.untranslated())
        .map(|d| {
            format!(
                "`{}` ({}) is written in `{}`: its own texts (title, rules, prompts, audit columns) stay in that language, and only printkit's words are in `{}`; printkit translates the built-in games only, so write the definition in `{}` (with `language = \"{}\"`) for a kit in one language",
                d.id,
                d.source,
                d.prose_language(),
                d.lang.code,
                d.lang.code,
                d.lang.code
            )
        })
        .collect()
}

/// The games named and those of the practice files named among them, or
/// with none named the practice files' own games (else every built-in).
fn games_to_build(
    games: &[&str],
    files_read: &[Definition],
    extras: &[PracticeFile<'_>],
    fonts: &FontBook,
    run: &Arc<Run>,
) -> Result<Vec<Definition>, BuildError> {
    if games.is_empty() && !extras.is_empty() {
        let mut defs: Vec<Definition> = Vec::new();
        for extra in extras {
            if !defs.iter().any(|d| d.same_as(&extra.game)) {
                defs.push((*extra.game).clone());
            }
        }
        one_kit_a_game(&defs)?;
        Ok(defs)
    } else {
        let read: Vec<&Definition> = extras
            .iter()
            .map(|e| e.game.as_ref())
            .chain(files_read)
            .collect();
        let mut defs = load_games(games, &read, fonts, run)?;
        for extra in extras.iter().filter(|e| e.named_as_game) {
            if !defs.iter().any(|d| d.same_as(&extra.game)) {
                defs.push((*extra.game).clone());
            }
        }
        one_kit_a_game(&defs)?;
        Ok(defs)
    }
}

/// The papers `--paper` names, each once; a name that is none says the
/// names to type.
fn papers_of(
    request: &BuildRequest,
    templates: &Templates,
) -> Result<Vec<crate::render::Paper>, BuildError> {
    let mut papers = Vec::new();
    for name in &request.papers {
        let mut paper = templates.paper(name).map_err(|_| {
            BuildError::Request(format!(
                "--paper {name}: no such paper; expected {}, each with -landscape for landscape pages, comma-separated (--paper a4,letter)",
                templates.papers.keys().cloned().collect::<Vec<_>>().join(" or ")
            ))
        })?;
        paper.large_print |= request.large_print;
        if !papers.contains(&paper) {
            papers.push(paper);
        }
    }
    Ok(papers)
}

/// What [`build`] and [`build_in_memory`] share, once the templates are
/// read: reads and checks the games and practice files of `request` from
/// `inputs`, lays out and renders their kits, and hands each paper's files
/// to `sink`. Returns how many games were built, and what to warn the
/// host of ([`untranslated_warnings`]).
fn make_kits(
    request: &BuildRequest,
    templates: &Templates,
    languages: &Languages,
    inputs: &Inputs,
    sink: &mut dyn Staging,
) -> Result<(usize, Vec<String>), BuildError> {
    let papers = papers_of(request, templates)?;
    let parts = parts_to_build(request);

    // Every game and practice file is validated before anything is drawn;
    // the practice files' mistakes are reported together.
    // The templates' faces cover characters for the definitions' checks
    // as for layout.
    let fonts = &templates.style.book;
    let (games, files_read, extras) = load_inputs(request, inputs, fonts)?;
    let mut defs = games_to_build(&games, &files_read, &extras, fonts, &request.run)?;
    choose_languages(&mut defs, languages, request.language.as_deref(), fonts)?;
    let warnings = untranslated_warnings(&defs);
    let practice = join_practice(&defs, extras)?;

    // Lay out and render everything before the output folder changes:
    // documents are staged as they are rendered and committed at the end.
    // The host keys' solver searches cost as much as all the rest: one
    // thread starts them while the player kits are laid out and rendered on
    // every core; the host keys follow.
    let jobs: Vec<_> = defs.iter().zip(&practice).collect();
    let mut solves = if parts.contains(&Part::Key) {
        key_searches(&jobs)
    } else {
        Vec::new()
    };
    // Answers an earlier build searched (kept in the user's cache folder,
    // not in the output folder) need no search. A build in memory has no
    // cache folder.
    let disk = matches!(inputs, Inputs::Disk);
    let kept = (disk && !solves.is_empty()).then(Verdicts::read);
    let all_solved = solves.clone();
    if let Some(kept) = &kept {
        solves.retain(|(def, p)| !kept.fill(def, p, fonts));
    }
    // The slowest search per position starts first, so it ends with the
    // others.
    solves.sort_by_key(|(def, _)| {
        std::cmp::Reverse(crate::solve::families::tuning(def.family()).search_ns)
    });
    let next_solve = std::sync::atomic::AtomicUsize::new(0);
    let solve_rest = || loop {
        let i = next_solve.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let Some((def, p)) = solves.get(i) else { break };
        definition::solve_key(def, p, &request.run);
    };
    let player_parts: Vec<Part> = parts.iter().copied().filter(|p| *p != Part::Key).collect();
    let key_parts: Vec<Part> = parts.iter().copied().filter(|p| *p == Part::Key).collect();
    // Each paper's documents go into the output folder's staging folder as
    // soon as they are rendered and are dropped then: a build holds one
    // paper's kits in memory, not every paper's.
    let lay_out_and_render = |parts: &[Part], sink: &mut dyn Staging| {
        render_papers(request, &papers, &jobs, templates, parts, sink)
    };
    if solves.is_empty() {
        // Every answer is known: one pass renders both, on every core.
        lay_out_and_render(&parts, sink)?;
    } else if crate::parallel::workers() == 1 {
        // No thread to spare (a browser's WebAssembly): one after the
        // other, in the same order.
        lay_out_and_render(&player_parts, sink)?;
        solve_rest();
        lay_out_and_render(&key_parts, sink)?;
    } else {
        let (player, key) = std::thread::scope(|s| {
            let solver = s.spawn(solve_rest);
            let player = lay_out_and_render(&player_parts, sink);
            if player.is_err() {
                // Nothing will be written: no search is worth finishing.
                next_solve.store(solves.len(), std::sync::atomic::Ordering::Relaxed);
            }
            // What the solver thread has not started yet is shared out here.
            solve_rest();
            let _ = solver.join();
            let key = match player {
                Ok(()) => lay_out_and_render(&key_parts, sink),
                Err(_) => Ok(()),
            };
            (player, key)
        });
        player?;
        key?;
    }
    if let Some(kept) = kept {
        kept.save(&all_solved);
    }
    Ok((defs.len(), warnings))
}

/// The parts `--only` names (every part when it names none), in order,
/// each once.
fn parts_to_build(request: &BuildRequest) -> Vec<Part> {
    let mut parts = if request.parts.is_empty() {
        Part::ALL.to_vec()
    } else {
        request.parts.clone()
    };
    parts.sort();
    parts.dedup();
    parts
}

/// Lays out and renders `parts` of every kit of `jobs` on each paper, each
/// paper's documents staged in `sink` as soon as they are rendered.
fn render_papers(
    request: &BuildRequest,
    papers: &[crate::render::Paper],
    jobs: &[(&Definition, &Vec<Practice>)],
    templates: &Templates,
    parts: &[Part],
    sink: &mut dyn Staging,
) -> Result<(), BuildError> {
    if parts.is_empty() {
        return Ok(());
    }
    for (paper_index, paper) in papers.iter().enumerate() {
        // A large-print paper's kit is laid out, and drawn, in large print.
        let look = templates.for_paper(paper);
        let templates: &Templates = &look;
        let options = KitOptions {
            paper: paper.clone(),
            parts: parts.to_vec(),
            duplex: request.duplex,
            back_offset: request.back_offset,
            pdf_papers: Some(if request.formats.pdf {
                papers.to_vec()
            } else {
                Vec::new()
            }),
        };
        let laid_out = crate::parallel::par_map(jobs, |(def, practice)| {
            // The host key is laid out once its answers are in (a search
            // left, if any, is made here).
            let kit = if parts.contains(&Part::Key) {
                kit::build_kit(
                    &definition::analyse_in(def, practice, &request.run),
                    templates,
                    &options,
                )
            } else {
                kit::build_player_kit(def, practice, templates, &options)
            };
            kit.map_err(|e| {
                // Located: in the definition, or in the templates when the
                // built-in look lays the kit out.
                // The diagnosis lays the whole kit out again, the host
                // key with its answers.
                let analysed = definition::analyse_in(def, practice, &request.run);
                let e = kit::layout_diagnostic_on(&analysed, templates, &options.paper, e);
                BuildError::Invalid(vec![e])
            })
        });
        let mut kits = Vec::new();
        for k in laid_out {
            kits.push(k?);
        }
        // A page that fails its last check (text out of its box or off the
        // page) is the input's mistake, located as `check` locates it.
        let date = request.pdf_date()?;
        let rendered = output::render_ordered(&kits, paper, templates, request.formats, date)
            .map_err(|e| {
                let of_kit = match &e {
                    RenderError::OnPage { kit, .. } => jobs.iter().find(|(d, _)| d.id == *kit),
                    _ => None,
                };
                match of_kit {
                    Some((def, practice)) => {
                        let analysed = definition::analyse_in(def, practice, &request.run);
                        BuildError::Invalid(vec![kit::layout_diagnostic_on(
                            &analysed,
                            templates,
                            &options.paper,
                            e,
                        )])
                    }
                    None => BuildError::from(e),
                }
            })?;
        sink.take(paper_index, paper, &kits, rendered)?;
    }
    Ok(())
}

/// A practice file read for a build: the game it was checked against and
/// the positions it adds.
struct PracticeFile<'a> {
    path: &'a Path,
    game: Box<Definition>,
    practice: Vec<Practice>,
    /// Where the file names its game.
    game_at: Box<Diagnostic>,
    /// Named among the games to build (`build puzzles.toml`): its game is
    /// built with the others.
    named_as_game: bool,
}

/// What a build reads before it draws: the games named (built-in ids and
/// definition files), the definition files already read while finding out
/// what they are, and the practice files. A file named among the games
/// that turns out to be a practice file (`build puzzles.toml`) is built as
/// one. Each file is read once; all their mistakes are reported together.
#[allow(clippy::type_complexity)]
fn load_inputs<'r>(
    request: &'r BuildRequest,
    inputs: &Inputs,
    fonts: &FontBook,
) -> Result<(Vec<&'r str>, Vec<Definition>, Vec<PracticeFile<'r>>), BuildError> {
    let mut games: Vec<&str> = Vec::new();
    let mut files_read: Vec<Definition> = Vec::new();
    let mut extras: Vec<PracticeFile> = Vec::new();
    let mut invalid = Vec::new();
    let practice = request.practice.iter().map(|p| (p.as_path(), None));
    let named = request
        .games
        .iter()
        .map(|g| (Path::new(g.as_str()), Some(g.as_str())));
    // In memory the definitions come first, so a practice file naming one
    // finds it read (there is no disk to read it from).
    let order: Vec<(&Path, Option<&str>)> = match inputs {
        Inputs::Disk => practice.chain(named).collect(),
        Inputs::Memory(_) => named.chain(practice).collect(),
    };
    for (path, as_game) in order {
        if let Some(game) = as_game.filter(|g| !inputs.names_a_file(g)) {
            games.push(game);
            continue;
        }
        // Several files naming one game read it once.
        let read: Vec<&Definition> = extras
            .iter()
            .map(|e| e.game.as_ref())
            .chain(&files_read)
            .collect();
        match inputs.load(path, &read, fonts, &request.run) {
            Ok(Loaded::Practice {
                game,
                practice,
                game_at,
            }) => extras.push(PracticeFile {
                path,
                game,
                practice,
                game_at,
                named_as_game: as_game.is_some(),
            }),
            Ok(Loaded::Definition(d)) => match as_game {
                Some(game) => {
                    games.push(game);
                    files_read.push(*d);
                }
                None => {
                    return Err(BuildError::Request(format!(
                        "{} is a game definition (`{}`), not a practice file: name it among the games to build",
                        path.display(),
                        d.id
                    )))
                }
            },
            Err(LoadError::Invalid(mut d)) => invalid.append(&mut d),
            Err(e) => return Err(e.into()),
        }
    }
    if !invalid.is_empty() {
        return Err(BuildError::Invalid(invalid));
    }
    Ok((games, files_read, extras))
}

/// Each game's practice positions: its own, then those the practice files
/// add to it.
fn join_practice(
    defs: &[Definition],
    extras: Vec<PracticeFile>,
) -> Result<Vec<Vec<Practice>>, BuildError> {
    let mut practice: Vec<Vec<Practice>> = defs.iter().map(|d| d.practice.clone()).collect();
    let mut invalid = Vec::new();
    for extra in extras {
        let game = &extra.game;
        // A practice joins the game it was checked against, never another
        // definition that happens to have its id.
        match defs.iter().position(|d| d.same_as(game)) {
            Some(i) => practice[i].extend(extra.practice),
            None => match defs.iter().find(|d| d.id == game.id) {
                Some(other) => {
                    let mut at = *extra.game_at;
                    at.message = id_clash(game, other);
                    invalid.push(at);
                }
                None => {
                    return Err(BuildError::Request(format!(
                        "{} adds practice to `{}`, which this build does not include: add it to the games to build",
                        extra.path.display(),
                        game.id
                    )))
                }
            },
        }
    }
    if !invalid.is_empty() {
        return Err(BuildError::Invalid(invalid));
    }
    Ok(practice)
}

/// The positions the host keys answer: every practice position but the
/// worked example (on the rules sheet, not in the key).
fn key_searches<'a>(
    jobs: &[(&'a Definition, &'a Vec<Practice>)],
) -> Vec<(&'a Definition, &'a Practice)> {
    let mut solves = Vec::new();
    for (def, positions) in jobs {
        solves.extend(
            positions
                .iter()
                .filter(|p| !kit::is_worked_example(def, p))
                .map(|p| (*def, p)),
        );
    }
    solves
}

/// Where rendered documents go: the output folder's staging folder, opened
/// (and locked) when the first paper is rendered, each file staged and
/// dropped at once. It remembers only names: the kits' entries for the
/// manifest and the contents page, and each file's place in the listing.
struct Sink {
    out: PathBuf,
    dir: Option<OutputDir>,
    staged: Vec<(String, Vec<u8>)>,
    entries: Vec<KitEntry>,
    /// Each file with its paper and its place in a paper's listing.
    order: Vec<((usize, output::FileOrder), String)>,
    /// The language of the contents page: the kits' when they share one.
    lang: Option<std::sync::Arc<crate::lang::Lang>>,
    documents: Vec<DocumentMade>,
}

/// Where a build hands each paper's rendered files.
trait Staging {
    /// Takes the files `rendered` of `kits` on `paper` (the
    /// `paper_index`th of the build).
    fn take(
        &mut self,
        paper_index: usize,
        paper: &crate::render::Paper,
        kits: &[Kit],
        rendered: Vec<(output::FileOrder, OutFile)>,
    ) -> Result<(), BuildError>;
}

/// The rendered files' paths without their bytes: what the listings and
/// the documents made need of them.
fn names_of(rendered: &[(output::FileOrder, OutFile)]) -> Vec<OutFile> {
    rendered
        .iter()
        .map(|(_, f)| OutFile {
            path: f.path.clone(),
            bytes: Vec::new(),
        })
        .collect()
}

impl Staging for Sink {
    fn take(
        &mut self,
        paper_index: usize,
        paper: &crate::render::Paper,
        kits: &[Kit],
        rendered: Vec<(output::FileOrder, OutFile)>,
    ) -> Result<(), BuildError> {
        Sink::take(self, paper_index, paper, kits, rendered)
    }
}

impl Sink {
    fn new(out: &Path) -> Sink {
        Sink {
            out: out.to_path_buf(),
            dir: None,
            staged: Vec::new(),
            entries: Vec::new(),
            order: Vec::new(),
            lang: None,
            documents: Vec::new(),
        }
    }

    fn take(
        &mut self,
        paper_index: usize,
        paper: &crate::render::Paper,
        kits: &[Kit],
        rendered: Vec<(output::FileOrder, OutFile)>,
    ) -> Result<(), BuildError> {
        let files = names_of(&rendered);
        for kit in kits {
            self.lang = match self.lang.take() {
                Some(l) if l.code != kit.lang.code => Some(crate::lang::Lang::english()),
                Some(l) => Some(l),
                None => Some(kit.lang.clone()),
            };
        }
        self.documents
            .extend(documents_made(&self.out, paper, kits, &files));
        for entry in output::kit_entries(kits, paper, &files) {
            match self
                .entries
                .iter_mut()
                .find(|e| e.id == entry.id && e.paper == entry.paper)
            {
                Some(e) => e.files.extend(entry.files),
                None => self.entries.push(entry),
            }
        }
        if self.dir.is_none() {
            self.dir = Some(OutputDir::open(&self.out, verdicts::user_key().as_ref())?);
        }
        for (order, file) in rendered {
            let rel = file.path.to_string_lossy().into_owned();
            self.order.push(((paper_index, order), rel.clone()));
            self.staged.push((rel, file.bytes));
        }
        self.flush()
    }

    /// Stages what was taken, freeing its bytes.
    fn flush(&mut self) -> Result<(), BuildError> {
        let Some(dir) = self.dir.as_mut() else {
            return Ok(());
        };
        Ok(dir.stage_all(std::mem::take(&mut self.staged))?)
    }

    /// Adds the contents page and commits the build.
    fn commit(mut self, force: bool) -> Result<(Committed, Vec<String>), BuildError> {
        const INDEX: &str = "index.html";
        if self.dir.is_none() {
            self.dir = Some(OutputDir::open(&self.out, verdicts::user_key().as_ref())?);
        }
        let mut dir = self.dir.take().expect("opened above");
        let text = |p: &Path| p.to_string_lossy().into_owned();
        let mut names: Vec<String> = self.order.iter().map(|(_, f)| f.clone()).collect();
        names.push(INDEX.to_string());
        let shared = vec![INDEX.to_string()];
        let built: Vec<KitRecord> = self
            .entries
            .iter()
            .map(|e| KitRecord {
                id: e.id.clone(),
                title: e.title.clone(),
                paper: e.paper.clone(),
                paper_label: e.paper_label.clone(),
                files: e.files.iter().map(|f| text(f)).collect(),
            })
            .collect();
        let (mut manifest, mut stale) = plan(dir.manifest(), &built, &names, &shared);
        // Solver answers are no longer kept in the output folder: the file
        // an earlier build left there goes.
        if manifest.shared.iter().any(|f| f == verdicts::OLD_FILE) {
            manifest.shared.retain(|f| f != verdicts::OLD_FILE);
            stale.push(verdicts::OLD_FILE.to_string());
        }
        let listed: Vec<KitEntry> = manifest
            .kits
            .iter()
            .map(|k| KitEntry {
                id: k.id.clone(),
                title: k.title.clone(),
                paper: k.paper.clone(),
                paper_label: k.paper_label.clone(),
                files: k.files.iter().map(PathBuf::from).collect(),
            })
            .collect();
        dir.stage_all(vec![(
            INDEX.to_string(),
            output::index_html(
                &listed,
                &self.lang.clone().unwrap_or_else(crate::lang::Lang::english),
            )
            .into_bytes(),
        )])?;
        let mut committed = dir.finish(&stale, manifest, force)?;
        // Listed by paper, then as each paper's files are ordered.
        let rank: std::collections::HashMap<PathBuf, (usize, output::FileOrder)> = self
            .order
            .iter()
            .map(|(o, f)| (dir.root().join(f), *o))
            .collect();
        let last = (
            usize::MAX,
            (u8::MAX, usize::MAX, kit::Document::HostKey, usize::MAX),
        );
        committed
            .written
            .sort_by_key(|(p, _)| rank.get(p).copied().unwrap_or(last));
        Ok((committed, dir.notes().to_vec()))
    }
}

/// The definitions of `games` (every built-in game when empty), each id
/// once; one the practice files have `read` already is not read again.
fn load_games(
    games: &[&str],
    read: &[&Definition],
    fonts: &FontBook,
    run: &Arc<Run>,
) -> Result<Vec<Definition>, BuildError> {
    let names: Vec<&str> = if games.is_empty() {
        definition::BUILTIN.iter().map(|(id, _)| *id).collect()
    } else {
        games.to_vec()
    };
    // Each is read and its examples checked on its own core.
    let mut defs = Vec::new();
    for d in crate::parallel::par_map(&names, |g| definition::resolve_among(g, read, fonts, run)) {
        defs.push(d?);
    }
    one_kit_a_game(&defs)?;
    Ok(defs)
}

/// One kit a game: two games with one id would write the same files, and
/// a practice file naming the id could not say which it means.
fn one_kit_a_game(defs: &[Definition]) -> Result<(), BuildError> {
    for (i, d) in defs.iter().enumerate() {
        if let Some(first) = defs[..i].iter().find(|e| e.id == d.id) {
            if first.same_as(d) {
                return Err(BuildError::Request(format!(
                    "the game `{}` is named twice in this build: name each game once",
                    d.id
                )));
            }
            return Err(BuildError::Invalid(vec![d.diagnostic_at(
                "id",
                format!(
                    "{} has the id `{}` too: one id is one game in a run (its kit's folder, and what a practice file's `game` names); give this definition another `id`, such as `my-{}`",
                    first.source, d.id, d.id
                ),
            )]));
        }
    }
    Ok(())
}

/// Why a practice file checked against `game` cannot join `other`, this
/// run's game with the same id.
pub fn id_clash(game: &Definition, other: &Definition) -> String {
    format!(
        "this practice was checked against `{}` as {} defines it, but in this run `{}` is {}: name that file here (`game = \"{}\"`, relative to this file), or give {} another `id`",
        game.id, game.source, other.id, other.source, other.source, other.source
    )
}

/// The result of checking one file.
#[derive(Clone, Debug)]
pub enum Checked {
    /// Valid: what it is, and how many positions and checks the engine
    /// confirmed.
    Ok {
        what: String,
        positions: usize,
        checks: usize,
        /// Claims the solver proved (`best`, `solution`, `result`, `wins_in`).
        solved: usize,
        /// What is printable but worth knowing (a board printed in tiles).
        notes: Vec<String>,
    },
    /// Located mistakes.
    Invalid(Vec<Diagnostic>),
    /// The file could not be read.
    Unreadable(String),
}

/// Checks `files` (definitions, practice files, or built-in ids) as one
/// run of `build` would use them: each read, validated against the engine
/// and its kit laid out on every paper, and one id is one game across them
/// (a practice file naming the built-in `freeze` beside a definition whose
/// id is `freeze` is refused at its `game`, as `build` would refuse it).
pub fn check_files(
    files: &[PathBuf],
    templates: &Templates,
    languages: &Languages,
    chosen: Option<&str>,
    run: &Arc<Run>,
) -> Vec<Checked> {
    check_inputs(&Inputs::Disk, files, templates, languages, chosen, run)
}

/// [`check_files`] of files handed over as texts (each file's name and
/// text), with the built-in templates and languages: `files` names some of
/// `texts`, or built-in ids.
pub fn check_in_memory(
    texts: &[(String, String)],
    files: &[String],
    chosen: Option<&str>,
    run: &Arc<Run>,
) -> Result<Vec<Checked>, BuildError> {
    let templates = crate::render::load_templates(None)?;
    let languages = load_languages(None)?;
    let files: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    let inputs = Inputs::Memory(texts);
    Ok(check_inputs(
        &inputs, &files, &templates, &languages, chosen, run,
    ))
}

/// [`check_files`] reading from `inputs`.
fn check_inputs(
    inputs: &Inputs,
    files: &[PathBuf],
    templates: &Templates,
    languages: &Languages,
    chosen: Option<&str>,
    run: &Arc<Run>,
) -> Vec<Checked> {
    // Several files naming one game read it once: each file's game is
    // known to the files after it.
    let mut games: Vec<Definition> = Vec::new();
    let loaded: Vec<Result<Loaded, Checked>> = files
        .iter()
        .map(|f| {
            let read: Vec<&Definition> = games.iter().collect();
            let l = load_for_check(inputs, f, &read, &templates.style.book, run)?;
            let game = match &l {
                Loaded::Definition(d) => d,
                Loaded::Practice { game, .. } => game,
            };
            games.push(game.as_ref().clone());
            with_language(l, languages, chosen, &templates.style.book)
        })
        .collect();
    let defs: Vec<&Definition> = loaded
        .iter()
        .filter_map(|l| match l {
            Ok(Loaded::Definition(d)) => Some(d.as_ref()),
            _ => None,
        })
        .collect();
    loaded
        .iter()
        .map(|l| {
            let l = match l {
                Ok(l) => l,
                Err(c) => return c.clone(),
            };
            match l {
                Loaded::Practice { game, game_at, .. } => {
                    if let Some(other) = defs.iter().find(|d| d.id == game.id && !d.same_as(game)) {
                        let mut at = (**game_at).clone();
                        at.message = id_clash(game, other);
                        return Checked::Invalid(vec![at]);
                    }
                }
                Loaded::Definition(d) => {
                    let first = defs.iter().position(|e| e.id == d.id && !e.same_as(d));
                    let me = defs.iter().position(|e| std::ptr::eq(*e, d.as_ref()));
                    if let (Some(first), Some(me)) = (first, me) {
                        if first < me {
                            return Checked::Invalid(vec![d.diagnostic_at(
                                "id",
                                format!(
                                    "{} has the id `{}` too: one id is one game in a run (its kit's folder, and what a practice file's `game` names); give this definition another `id`, such as `my-{}`",
                                    defs[first].source, d.id, d.id
                                ),
                            )]);
                        }
                    }
                }
            }
            checked(l, templates, run)
        })
        .collect()
}

/// A file read for `check` with its game's language chosen; an unknown
/// language is reported at the definition's `language` key.
fn with_language(
    mut loaded: Loaded,
    languages: &Languages,
    chosen: Option<&str>,
    fonts: &FontBook,
) -> Result<Loaded, Checked> {
    let def = match &mut loaded {
        Loaded::Definition(d) => d.as_mut(),
        Loaded::Practice { game, .. } => game.as_mut(),
    };
    match def.choose_language_with(languages, chosen, fonts) {
        Ok(()) => Ok(loaded),
        Err(LanguageError::Located(d)) => Err(Checked::Invalid(vec![d])),
        Err(LanguageError::Translation(diags)) => Err(Checked::Invalid(diags)),
        Err(LanguageError::Option(m)) => Err(Checked::Unreadable(m)),
    }
}

/// A file read for `check`: a built-in id is checked as its definition.
fn load_for_check(
    inputs: &Inputs,
    file: &Path,
    read: &[&Definition],
    fonts: &FontBook,
    run: &Arc<Run>,
) -> Result<Loaded, Checked> {
    let an_id = |p: &&str| match inputs {
        Inputs::Disk => !file.exists() && !p.ends_with(".toml"),
        Inputs::Memory(_) => !inputs.names_a_file(p),
    };
    let loaded = match file.to_str().filter(an_id) {
        Some(id) => {
            definition::resolve_among(id, &[], fonts, run).map(|d| Loaded::Definition(Box::new(d)))
        }
        None => inputs.load(file, read, fonts, run),
    };
    match loaded {
        Ok(l) => Ok(l),
        Err(LoadError::Invalid(d)) => Err(Checked::Invalid(d)),
        Err(e) => Err(Checked::Unreadable(e.to_string())),
    }
}

/// What `check` adds to loading a file: the kit it would build, laid out
/// on every paper (a practice file's positions join its game's), or the
/// located reason it cannot be.
pub fn check_loaded(
    loaded: &Loaded,
    templates: &Templates,
    run: &Arc<Run>,
) -> Result<(), Diagnostic> {
    let (game, practice): (&Definition, Vec<Practice>) = match loaded {
        Loaded::Definition(d) => (d, d.practice.clone()),
        Loaded::Practice { game, practice, .. } => (
            game,
            game.practice.iter().chain(practice).cloned().collect(),
        ),
    };
    // The host key's solver answers, every one searched here: the cache
    // may spare a build a search but never decides what check calls
    // proven. They are kept for the build that follows.
    let kept = Verdicts::read();
    // The analyse step: every answer searched before anything is laid
    // out.
    let analysed = definition::analyse_in(game, &practice, run);
    let laid_out = kit::lay_out_everywhere(&analysed, templates)
        .map_err(|e| kit::layout_diagnostic(&analysed, templates, &e));
    if laid_out.is_ok() {
        let solved: Vec<(&Definition, &Practice)> = practice.iter().map(|p| (game, p)).collect();
        kept.save(&solved);
    }
    laid_out
}

/// What `check` says of a file that loaded.
fn checked(loaded: &Loaded, templates: &Templates, run: &Arc<Run>) -> Checked {
    // Everything `build` does but writing: whatever passes here prints.
    if let Err(d) = check_loaded(loaded, templates, run) {
        return Checked::Invalid(vec![d]);
    }
    let (what, own) = match loaded {
        Loaded::Definition(d) => (format!("game `{}`", d.id), &d.practice),
        Loaded::Practice { game, practice, .. } => {
            (format!("practice for `{}`", game.id), practice)
        }
    };
    let mut notes: Vec<String> = match loaded {
        Loaded::Definition(d) => kit::tiling_note(d, templates).ok().flatten(),
        Loaded::Practice { .. } => None,
    }
    .into_iter()
    .collect();
    // A kit in two languages is printable, but the host should know.
    if let Loaded::Definition(d) = loaded {
        let warnings = untranslated_warnings(std::slice::from_ref(d.as_ref()));
        notes.extend(warnings.into_iter().map(|w| format!("warning: {w}")));
    }
    Checked::Ok {
        what,
        positions: own.len(),
        checks: own.iter().map(|p| p.checks.len()).sum(),
        solved: own.iter().map(|p| p.solver_claims).sum(),
        notes,
    }
}

// ---------------------------------------------------------------------------
// `build` with no disk: the games and practice files handed over as texts,
// the kits' files handed back as bytes. The web page (`crates/web`) builds
// through it, on the same path as the command line ([`make_kits`]), so its
// files are the command line's, byte for byte.

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
    /// What the host should know of the kits made, in words (as
    /// [`BuildReport::warnings`]).
    pub warnings: Vec<String>,
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
        let names = names_of(&rendered);
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
    let limit = printkit_files::read::MAX_INPUT_BYTES;
    if let Some((name, text)) = texts.iter().find(|(_, t)| t.len() as u64 > limit) {
        return Err(BuildError::Request(format!(
            "{} is {} bytes; printkit reads files of at most {limit} bytes",
            printkit_files::echo::shorten(name, 60),
            text.len()
        )));
    }
    request.pdf_date()?;
    let templates = crate::render::load_templates(None)?;
    let languages = load_languages(None)?;
    let mut held = Held::default();
    let (games, warnings) = make_kits(
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
        warnings,
    })
}

#[cfg(test)]
mod memory_tests {
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
        let practice_text = "game = \"game.toml\"\n\n[[practice]]\nname = \"Added\"\nasks = \"checks\"\nprompt = \"W to move.\"\nposition = \"5/5/5/W4/BB3 W 2\"\n\n[[practice.check]]\nmove = \"A2-A3\"\n";
        let game = dir.join("game.toml");
        let practice = dir.join("added.toml");
        std::fs::write(&game, &game_text).unwrap();
        std::fs::write(&practice, practice_text).unwrap();
        let request = BuildRequest {
            games: vec![game.display().to_string()],
            practice: vec![practice.clone()],
            papers: vec!["a4".into()],
            formats: crate::render::output::Formats {
                pdf: true,
                svg: true,
            },
            parts: Vec::new(),
            duplex: false,
            back_offset: (0.0, 0.0),
            out: dir.join("out"),
            templates: None,
            force: false,
            large_print: false,
            language: Some("fr".into()),
            run: Arc::new(Run::new()),
            date_epoch: None,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::reads;

    /// Practice positions no other test reads, so their counts are their
    /// own: one of the definition's, one a practice file adds.
    const OWN: &str = "5/5/5/3W1/BB3 W 2";
    const ADDED: &str = "5/5/5/2W2/BB3 W 2";

    /// A copy of the clone game with a position of its own, and a practice
    /// file adding one to it, in `dir`.
    fn files(dir: &Path) -> (PathBuf, PathBuf) {
        std::fs::create_dir_all(dir).unwrap();
        let game = dir.join("game.toml");
        let (_, clone) = definition::BUILTIN[0];
        let own = format!(
            "{clone}\n[[practice]]\nname = \"Counted own\"\nasks = \"checks\"\nprompt = \"W to move.\"\nposition = \"{OWN}\"\n\n[[practice.check]]\nmove = \"D2-D3\"\n"
        );
        std::fs::write(&game, own).unwrap();
        let practice = dir.join("counted.toml");
        std::fs::write(
            &practice,
            format!(
                "game = \"game.toml\"\n\n[[practice]]\nname = \"Counted\"\nasks = \"checks\"\nprompt = \"W to move.\"\nposition = \"{ADDED}\"\n\n[[practice.check]]\nmove = \"C2-C3\"\n"
            ),
        )
        .unwrap();
        (game, practice)
    }

    #[test]
    fn a_build_and_a_check_read_each_practice_position_once() {
        let dir = std::env::temp_dir().join(format!("printkit-reads-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let (game, practice) = files(&dir);
        // Searched afresh, not taken from a cache of earlier runs.
        std::env::set_var("PRINTKIT_CACHE_DIR", "");
        reads::start();
        let counts = || [reads::of(OWN), reads::of(ADDED)];
        let request = BuildRequest {
            games: vec![game.display().to_string()],
            practice: vec![practice.clone()],
            papers: vec!["a4".into(), "letter".into()],
            formats: Formats {
                pdf: true,
                svg: true,
            },
            parts: Vec::new(),
            duplex: false,
            back_offset: (0.0, 0.0),
            out: dir.join("out"),
            templates: None,
            force: false,
            large_print: false,
            language: None,
            run: Arc::new(Run::new()),
            date_epoch: None,
        };
        build(&request).unwrap();
        let built = counts();
        let templates = Templates::builtin().unwrap();
        let checked = check_files(
            std::slice::from_ref(&practice),
            &templates,
            &Languages::default(),
            None,
            &Arc::new(Run::new()),
        );
        assert!(matches!(checked[..], [Checked::Ok { positions: 1, .. }]));
        let after = counts();
        let checked = [after[0] - built[0], after[1] - built[1]];
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(built, [1, 1], "reads by build (own position, added one)");
        // `check` of the practice file reads its game too.
        assert_eq!(checked, [1, 1], "reads by check (own position, added one)");
    }

    /// `check` of two practice files naming one game reads the game (and
    /// its positions) once, not once a file.
    #[test]
    fn a_check_of_files_naming_one_game_reads_it_once() {
        const GAME_OWN: &str = "5/5/5/1W3/BB3 W 2";
        let dir = std::env::temp_dir().join(format!("printkit-reads-one-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (_, clone) = definition::BUILTIN[0];
        let position = |name: &str, at: &str, mv: &str| {
            format!("\n[[practice]]\nname = \"{name}\"\nasks = \"checks\"\nprompt = \"W to move.\"\nposition = \"{at}\"\n\n[[practice.check]]\nmove = \"{mv}\"\n")
        };
        let game = format!("{clone}{}", position("Game's own", GAME_OWN, "B2-B3"));
        std::fs::write(dir.join("game.toml"), game).unwrap();
        let files: Vec<PathBuf> = [("5/5/5/4W/BB3 W 2", "E2-E3"), ("5/5/4W/5/BB3 W 2", "E3-E4")]
            .iter()
            .enumerate()
            .map(|(k, (at, mv))| {
                let path = dir.join(format!("p{k}.toml"));
                let text = format!("game = \"game.toml\"\n{}", position("Added", at, mv));
                std::fs::write(&path, text).unwrap();
                path
            })
            .collect();
        reads::start();
        let before = reads::of(GAME_OWN);
        let templates = Templates::builtin().unwrap();
        let run = Arc::new(Run::new());
        let checked = check_files(&files, &templates, &Languages::default(), None, &run);
        let read = reads::of(GAME_OWN) - before;
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            checked
                .iter()
                .all(|c| matches!(c, Checked::Ok { positions: 1, .. })),
            "{checked:?}"
        );
        assert_eq!(read, 1, "the game's position read by a check of two files");
    }
}
