//! A column of laid-out blocks (frames) flowing down the safe area of a page,
//! continuing on a new page when the next does not fit. Used by the rules
//! sheet, the practice sheets and the host key, whose length depends on the definition.
use printkit_page::text::{self, TextStyle};
use printkit_page::{
    FontBook, Frame, Page, Paper, PointMm, RectMm, RenderError, SizeMm, Templates,
};

/// Draws a page's running header (and footer) into a fresh page.
pub type Decorate<'a> = dyn Fn(&mut Page, RectMm, usize) -> Result<f64, RenderError> + 'a;

/// A small grey line at the top of a continued page: "`title`: `what`",
/// in the look's small size (`look`).
/// A title too long for the line is shortened with an ellipsis, so any
/// title the definition accepts fits. Returns the height it used.
pub fn running_head(
    look: &printkit_page::Style,
    lang: &printkit_definition::lang::Lang,
    page: &mut Page,
    area: RectMm,
    title: &str,
    what: &str,
) -> Result<f64, RenderError> {
    use printkit_page::{Align, Font};
    let book = &look.book;
    let style = TextStyle {
        font: Font::Regular,
        size_pt: look.fonts.small_pt,
        colour: look.colours.muted,
        align: Align::Left,
    };
    if look.in_large_print {
        // Large print never shortens the title: the line wraps instead.
        let line = printkit_definition::tr!(lang, "kit.sheet_title", title = title, what = what);
        let para = text::paragraph_frame(book, &lang.paragraph(&line), style, area.width)?;
        page.items.extend(para.placed(PointMm::new(area.x, area.y)));
        return Ok(para.height() + 4.0);
    }
    let h = text::line_height(book, style.font, style.size_pt)? + 2.0;
    let bounds = RectMm::new(area.x, area.y, area.width, h);
    let baseline = area.y + text::ascent(book, style.font, style.size_pt)?;
    let chars: Vec<char> = title.chars().collect();
    let mut keep = chars.len();
    loop {
        let shown = if keep == chars.len() {
            title.to_string()
        } else {
            chars[..keep]
                .iter()
                .collect::<String>()
                .trim_end()
                .to_string()
                + "…"
        };
        let line = printkit_definition::tr!(lang, "kit.sheet_title", title = shown, what = what);
        match text::line_in(book, &line, style, bounds, baseline) {
            Ok(run) => {
                page.items.push(run);
                return Ok(h + 2.0);
            }
            Err(RenderError::Overflow { .. }) if keep > 0 => keep -= 1,
            Err(e) => return Err(e),
        }
    }
}

/// Blocks laid out one below the other down a page's content area, a
/// new page (decorated by the caller) when the next does not fit.
pub struct Flow<'a> {
    paper_size: printkit_page::SizeMm,
    area: RectMm,
    pages: Vec<Page>,
    y: f64,
    /// Where the current page's content starts (below its header).
    page_top: f64,
    decorate: &'a Decorate<'a>,
    /// The kit's language, whose direction paragraphs take.
    lang: Option<std::sync::Arc<printkit_definition::lang::Lang>>,
    /// The faces its text is set in.
    book: FontBook,
    /// What each gap is multiplied by: below 1 when a document is
    /// tightened to pull back a nearly empty last page ([`tightest`]).
    gap_scale: f64,
    /// What the gaps between blocks are multiplied by (large print: more).
    space: f64,
}

/// How tightly a flowing document may be laid out, loosest first: what
/// its gaps are multiplied by; diagrams shrink only at the tightest
/// ([`diagram_fit`]), and text never.
pub const FITS: [f64; 3] = [1.0, 0.6, 0.4];

/// What a diagram's size is multiplied by at `fit`: 1 until the
/// tightest fit, then 0.8 (smaller still, a position is hard to read).
pub fn diagram_fit(fit: f64) -> f64 {
    (fit + 0.4).clamp(0.8, 1.0)
}

/// The least share of its content area a document's last page holds: a
/// page with less is one a teacher would not print.
pub const LEAST_LAST_PAGE: f64 = 0.25;

/// A document laid out by `lay_out` at each of [`FITS`], loosest first:
/// the loosest whose last page holds at least [`LEAST_LAST_PAGE`] of it,
/// or which takes fewer pages than the loosest (a nearly empty last page
/// pulled back onto the one before); else the loosest. A tighter layout
/// whose text overflows its box is passed over. `lay_out` gives
/// the pages and its last page's share ([`Flow::last_page_share`]).
pub fn tightest(
    mut lay_out: impl FnMut(f64) -> Result<(Vec<Page>, f64), RenderError>,
) -> Result<Vec<Page>, RenderError> {
    let (loosest, share) = lay_out(FITS[0])?;
    if loosest.len() < 2 || share >= LEAST_LAST_PAGE {
        return Ok(loosest);
    }
    for &fit in &FITS[1..] {
        // A tighter layout that cannot hold its text (a caption under a
        // smaller diagram) is no choice; the loosest one stands.
        match lay_out(fit) {
            Ok((pages, _)) if pages.len() < loosest.len() => return Ok(pages),
            Ok(_) | Err(RenderError::Overflow { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(loosest)
}

impl<'a> Flow<'a> {
    /// `decorate` draws the header of page `n` (from 1) and returns the
    /// height it used at the top of the area.
    pub fn new(
        templates: &Templates,
        paper: &Paper,
        decorate: &'a Decorate<'a>,
    ) -> Result<Self, RenderError> {
        let mut f = Flow {
            paper_size: paper.size_mm,
            area: crate::flow::content_area(templates, paper),
            pages: Vec::new(),
            y: 0.0,
            page_top: 0.0,
            decorate,
            lang: None,
            book: templates.style.book.clone(),
            gap_scale: 1.0,
            space: templates.style.space(1.0),
        };
        f.new_page()?;
        Ok(f)
    }

    /// Paragraphs set in `lang`'s direction ([`printkit_definition::lang::Lang::paragraph`]).
    pub fn in_language(mut self, lang: &std::sync::Arc<printkit_definition::lang::Lang>) -> Self {
        self.lang = Some(lang.clone());
        self
    }

    /// Gaps `fit` times as tall (see [`FITS`]).
    pub fn tightened(mut self, fit: f64) -> Self {
        self.gap_scale = fit;
        self
    }

    /// How much of the last page's content area (below its header) is
    /// used, from 0 to 1.
    pub fn last_page_share(&self) -> f64 {
        let room = self.area.bottom() - self.page_top;
        if room <= 0.0 {
            return 1.0;
        }
        ((self.y - self.page_top) / room).clamp(0.0, 1.0)
    }

    /// The content area of every page.
    pub fn area(&self) -> RectMm {
        self.area
    }

    /// Starts a new page.
    pub fn new_page(&mut self) -> Result<(), RenderError> {
        let mut page = Page::new(self.paper_size);
        let used = (self.decorate)(&mut page, self.area, self.pages.len() + 1)?;
        self.pages.push(page);
        self.y = self.area.y + used;
        self.page_top = self.y;
        Ok(())
    }

    /// How many pages the flow has so far.
    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// The height left on the current page, in mm.
    pub fn remaining(&self) -> f64 {
        self.area.bottom() - self.y
    }

    /// Leaves `mm` of space, as the look spaces blocks (no more than the
    /// page has left).
    pub fn gap(&mut self, mm: f64) {
        // Large print's spacing, and a tightened layout's ([`tightest`]).
        let scale = self.space * self.gap_scale;
        let mm = match scale == 1.0 {
            true => mm,
            false => mm * scale,
        };
        self.y = (self.y + mm).min(self.area.bottom());
    }

    /// Places a laid-out block at the left of the column, on a new page if
    /// it does not fit this one's rest (unless the page is still empty).
    /// Returns where it went.
    pub fn place(&mut self, frame: &Frame) -> Result<RectMm, RenderError> {
        let height = frame.height();
        if height > self.remaining() + 1e-6 && self.y > self.page_top + 1e-6 {
            self.new_page()?;
        }
        let rect = RectMm::new(self.area.x, self.y, self.area.width, height);
        self.pages
            .last_mut()
            .expect("a flow always has a page")
            .items
            .extend(frame.placed(PointMm::new(rect.x, rect.y)));
        self.y += height;
        Ok(rect)
    }

    /// A wrapped paragraph, indented by `indent` mm, optionally with a label
    /// (a number) hanging in the indent.
    pub fn paragraph(
        &mut self,
        text: &str,
        style: TextStyle,
        indent: f64,
        label: Option<&str>,
    ) -> Result<(), RenderError> {
        let text = match &self.lang {
            Some(lang) => lang.paragraph(text),
            None => text.into(),
        };
        let text = text.as_ref();
        // A label wider than its indent (large print's "10.") widens it.
        let indent = match label {
            Some(label) => indent.max(
                text::measure(&self.book, label, printkit_page::Font::Bold, style.size_pt)? + 1.5,
            ),
            None => indent,
        };
        let para = text::paragraph_frame(&self.book, text, style, self.area.width - indent)?;
        let mut block = Frame::new(SizeMm {
            width: self.area.width,
            height: para.height(),
        });
        // A right-to-left paragraph reads from the right: its number stands
        // at the right, in the margin the text leaves there.
        let rtl = printkit_page::shape::is_rtl(text);
        let (text_x, label_x) = match rtl {
            true => (0.0, self.area.width - indent),
            false => (indent, 0.0),
        };
        block.place(PointMm::new(text_x, 0.0), &para);
        if let Some(label) = label {
            let lstyle = TextStyle {
                font: printkit_page::Font::Bold,
                // Set against the page's edge, away from the text.
                align: match rtl {
                    true => printkit_page::Align::Right,
                    false => style.align,
                },
                ..style
            };
            let bounds = RectMm::new(label_x, 0.0, indent, para.height());
            let baseline = text::ascent(&self.book, style.font, style.size_pt)?;
            block.push(text::line_in(&self.book, label, lstyle, bounds, baseline)?);
        }
        self.place(&block)?;
        Ok(())
    }

    /// The pages laid out.
    pub fn finish(self) -> Vec<Page> {
        self.pages
    }
}

/// A point helper for layout code.
pub fn pt(x: f64, y: f64) -> PointMm {
    PointMm::new(x, y)
}

/// Where kit pages put their content: the safe area common to A4 and Letter,
/// less 1 mm so strokes drawn on its edge stay inside it.
pub fn content_area(templates: &Templates, paper: &Paper) -> printkit_page::RectMm {
    templates.page_area(paper).inflate(-1.0)
}
