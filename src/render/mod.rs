//! The drawing stages as the kit sees them: the page model with its fonts
//! and templates (printkit-page, re-exported whole), the two back ends,
//! printkit-pdf and printkit-svg, and a laid-out kit's files
//! (printkit-render, as `output`).
pub use printkit_page::*;
pub use printkit_render as output;

pub use printkit_outdir::write_atomic;
pub use printkit_pdf as pdf;
pub use printkit_svg as svg;

pub use pdf::DocMeta;

/// The templates of `dir` (the built-in ones for any file it lacks, all of
/// them without a `dir`), every font file they name refused unless the PDF
/// back end can embed it as a build does: how every command and test reads
/// templates, so `check` refuses what `build` could not print.
pub fn load_templates(dir: Option<&std::path::Path>) -> Result<Templates, RenderError> {
    Templates::load(dir, |book, font| Ok(pdf::check_embeddable(book, font)?))
}
