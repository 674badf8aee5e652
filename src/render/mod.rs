//! The drawing stages as the kit sees them: the page model with its fonts
//! and templates (printkit-page, re-exported whole) and the two back ends,
//! printkit-pdf and printkit-svg.
pub use printkit_page::*;

pub use printkit_outdir::write_atomic;
pub use printkit_pdf as pdf;
pub use printkit_svg as svg;

pub use pdf::DocMeta;
