//! The tray a family prints below its tokens (the predator game's prey in
//! reserve and prey captured): boxes of token-sized circles that a host
//! keeps whole, beside the board, where the pieces off the board wait. It
//! goes on the last token sheet where there is room for it, else it is left
//! out: never on a page of its own. Its numbers come from the game's
//! parameters, its words from the language.
use crate::common::style;
use crate::flow::pt;
use printkit_definition::tr;
use printkit_definition::Definition;
use printkit_page::text;
use printkit_page::{Font, Frame, Item, RectMm, RenderError, SizeMm, Stroke, Templates};
use printkit_rules::family::TrayBox;

/// Room between a box's circles, and around its contents.
const SPOT_GAP: f64 = 4.0;
/// Room between two boxes.
const BOX_GAP: f64 = 3.0;
/// Room between the heading and the boxes.
const HEAD_GAP: f64 = 2.0;

/// The tray of `def`'s family `width` mm wide, with circles as wide as a
/// token of `token` mm, in at most `room` mm of height: its boxes one
/// under the other, else side by side, else those that fit one under the
/// other, in their order. `None` for a family without one, or when no box
/// fits.
pub(super) fn tray(
    def: &Definition,
    templates: &Templates,
    width: f64,
    token: f64,
    room: f64,
) -> Result<Option<Frame>, RenderError> {
    let boxes = def.params.tray();
    if boxes.is_empty() {
        return Ok(None);
    }
    let heading = heading(def, templates, width)?;
    let room = room - heading.height() - HEAD_GAP;
    let lay = Layout {
        def,
        templates,
        token,
    };
    let all: Vec<&TrayBox> = boxes.iter().collect();
    let fits = |f: &Option<Frame>| f.as_ref().is_some_and(|f| f.height() <= room);
    let mut body = lay.stacked(&all, width)?;
    if !fits(&body) {
        body = lay.side_by_side(&all, width)?;
    }
    if !fits(&body) {
        let mut kept = Vec::new();
        let mut used = 0.0;
        for b in &all {
            if let Some(one) = lay.stacked(&[b], width)? {
                if used + one.height() <= room {
                    used += one.height() + BOX_GAP;
                    kept.push(*b);
                }
            }
        }
        body = lay.stacked(&kept, width)?;
    }
    Ok(body
        .filter(|b| b.height() <= room)
        .map(|b| Frame::stack(width, &[(heading, HEAD_GAP), (b, 0.0)])))
}

/// What the tray is and what to do with it: kept whole, beside the board.
fn heading(def: &Definition, templates: &Templates, width: f64) -> Result<Frame, RenderError> {
    let s = &templates.style;
    let l = &def.lang;
    let title = text::paragraph_frame(
        &templates.style.book,
        &tr!(l, "tokens.tray"),
        style(Font::Bold, s.fonts.body_pt, s.colours.ink),
        width,
    )?;
    let how = text::paragraph_frame(
        &templates.style.book,
        &tr!(l, "tokens.tray_how"),
        style(Font::Regular, s.fonts.small_pt, s.colours.muted),
        width,
    )?;
    Ok(Frame::stack(width, &[(title, 1.0), (how, 0.0)]))
}

/// Lays out a family's boxes with circles as wide as a token of `token` mm.
struct Layout<'a> {
    def: &'a Definition,
    templates: &'a Templates,
    token: f64,
}

impl Layout<'_> {
    /// The boxes one under the other, each `width` wide; `None` when there
    /// are none or a circle is wider than a box.
    fn stacked(&self, boxes: &[&TrayBox], width: f64) -> Result<Option<Frame>, RenderError> {
        let mut parts = Vec::new();
        for b in boxes {
            let Some(inside) = self.contents(b, width - 2.0 * SPOT_GAP)? else {
                return Ok(None);
            };
            let height = inside.height() + 2.0 * SPOT_GAP;
            parts.push((self.framed(b, &inside, width, height), BOX_GAP));
        }
        if let Some(last) = parts.last_mut() {
            last.1 = 0.0;
        }
        Ok((!parts.is_empty()).then(|| Frame::stack(width, &parts)))
    }

    /// The boxes side by side, as tall as the tallest: each box but the one
    /// of most circles as wide as its circles in one row (and two circles
    /// at least, for its words), that one the rest; the first box at the
    /// start of the line (the right in a right-to-left kit). `None` when
    /// they do not fit across `width`.
    fn side_by_side(&self, boxes: &[&TrayBox], width: f64) -> Result<Option<Frame>, RenderError> {
        if boxes.len() < 2 {
            return Ok(None);
        }
        let pitch = self.token + SPOT_GAP;
        let widest = (0..boxes.len()).max_by_key(|&i| (boxes[i].spots, usize::MAX - i));
        let own = |b: &TrayBox| b.spots.max(2) as f64 * pitch + SPOT_GAP;
        let others: f64 = (0..boxes.len())
            .filter(|&i| Some(i) != widest)
            .map(|i| own(boxes[i]) + BOX_GAP)
            .sum();
        let mut widths: Vec<f64> = boxes.iter().map(|b| own(b)).collect();
        if let Some(i) = widest {
            widths[i] = width - others;
        }
        let mut insides = Vec::new();
        for (b, w) in boxes.iter().zip(&widths) {
            match self.contents(b, w - 2.0 * SPOT_GAP)? {
                Some(inside) => insides.push(inside),
                None => return Ok(None),
            }
        }
        let height = insides.iter().map(Frame::height).fold(0.0, f64::max) + 2.0 * SPOT_GAP;
        let mut row = Frame::new(SizeMm { width, height });
        let mut x = 0.0;
        for ((b, w), inside) in boxes.iter().zip(&widths).zip(&insides) {
            let at = if self.def.lang.rtl() {
                width - x - w
            } else {
                x
            };
            row.place(pt(at, 0.0), &self.framed(b, inside, *w, height));
            x += w + BOX_GAP;
        }
        Ok(Some(row))
    }

    /// A box's frame, `width` × `height`, around its `inside`.
    fn framed(&self, b: &TrayBox, inside: &Frame, width: f64, height: f64) -> Frame {
        let s = &self.templates.style;
        // The outline's ink stays inside the box.
        let h = s.lines.thin_mm / 2.0;
        let mut items = vec![Item::rect(
            RectMm::new(h, h, width - 2.0 * h, height - 2.0 * h),
            Some(Stroke::solid(s.lines.thin_mm, s.colours.ink)),
            None,
        )];
        items.extend(inside.placed(pt(SPOT_GAP, SPOT_GAP)));
        Frame::with_items(
            SizeMm { width, height },
            vec![Item::group(Some(&format!("tray-{}", b.key)), items)],
        )
    }

    /// What is inside a box `width` mm wide: its title and what goes there,
    /// over its circles; `None` when a circle is wider than the box.
    fn contents(&self, b: &TrayBox, width: f64) -> Result<Option<Frame>, RenderError> {
        if width < self.token {
            return Ok(None);
        }
        let s = &self.templates.style;
        let l = &self.def.lang;
        let key = format!("family.{}.tray.{}", self.def.family().id(), b.key);
        let n = b.spots;
        let title = text::paragraph_frame(
            &s.book,
            &tr!(l, &key),
            style(Font::Bold, s.fonts.body_pt, s.colours.ink),
            width,
        )?;
        let note = text::paragraph_frame(
            &s.book,
            &tr!(l, &format!("{key}_note"), n = n, nth = l.ordinal(n as u64)),
            style(Font::Regular, s.fonts.small_pt, s.colours.muted),
            width,
        )?;
        let spots = self.spots(b, width)?;
        Ok(Some(Frame::stack(
            width,
            &[(title, 1.0), (note, SPOT_GAP), (spots, 0.0)],
        )))
    }

    /// A box's circles, each as wide as a token, in as few rows as fit
    /// `width` and as even as they can be, centred, the first at the start
    /// of its row (the right in a right-to-left kit); a counted box's
    /// numbered, its last drawn in ink and named below.
    fn spots(&self, b: &TrayBox, width: f64) -> Result<Frame, RenderError> {
        let s = &self.templates.style;
        let l = &self.def.lang;
        let token = self.token;
        let n = b.spots;
        let pitch = token + SPOT_GAP;
        let most = (((width + SPOT_GAP) / pitch).floor() as usize).max(1);
        let rows = n.div_ceil(most).max(1);
        let per_row = n.div_ceil(rows).max(1);
        let caption_h = text::line_height(&s.book, Font::Bold, s.fonts.small_pt)? + 1.0;
        let height = rows as f64 * pitch - SPOT_GAP + if b.counted { caption_h } else { 0.0 };
        let mut frame = Frame::new(SizeMm { width, height });
        for i in 0..n {
            let (row, col) = (i / per_row, i % per_row);
            let in_row = per_row.min(n - row * per_row);
            let x0 = (width - (in_row as f64 * pitch - SPOT_GAP)) / 2.0;
            let col = if l.rtl() { in_row - 1 - col } else { col };
            let cell = RectMm::new(x0 + col as f64 * pitch, row as f64 * pitch, token, token);
            let mut items = vec![self.circle(cell, b.counted && i + 1 == n)];
            if b.counted {
                items.extend(self.counted(b, i, cell, width, caption_h)?);
            }
            frame.push(Item::group(
                Some(&format!("tray-{}-{}", b.key, i + 1)),
                items,
            ));
        }
        Ok(frame)
    }

    /// A circle filling `cell`: faint, or in ink for the one that ends the
    /// game.
    fn circle(&self, cell: RectMm, last: bool) -> Item {
        let s = &self.templates.style;
        let stroke = if last {
            Stroke::solid(s.lines.grid_mm, s.colours.ink)
        } else {
            Stroke::solid(s.lines.thin_mm, s.colours.muted)
        };
        Item::circle(cell.centre(), cell.width / 2.0, Some(stroke), None)
    }

    /// The number of circle `i` of a counted box in `cell`, and under the
    /// last its words (as wide as two circles, kept inside the box's
    /// `width`).
    fn counted(
        &self,
        b: &TrayBox,
        i: usize,
        cell: RectMm,
        width: f64,
        caption_h: f64,
    ) -> Result<Vec<Item>, RenderError> {
        let s = &self.templates.style;
        let l = &self.def.lang;
        let last = i + 1 == b.spots;
        let (font, colour) = if last {
            (Font::Bold, s.colours.ink)
        } else {
            (Font::Regular, s.colours.muted)
        };
        let mut items = vec![text::fit_label(
            &s.book,
            &l.integer(i as i64 + 1),
            font,
            s.fonts.piece_max_pt,
            6.0,
            cell.inflate(-0.3 * cell.width),
            colour,
        )?];
        if last {
            let words = tr!(
                l,
                &format!("family.{}.tray.{}_last", self.def.family().id(), b.key)
            );
            let w = (2.0 * cell.width).min(width);
            let x = (cell.centre().x - w / 2.0).clamp(0.0, width - w);
            items.push(text::fit_label(
                &s.book,
                &words,
                Font::Bold,
                s.fonts.small_pt,
                5.0,
                RectMm::new(x, cell.bottom() + 1.0, w, caption_h - 1.0),
                s.colours.ink,
            )?);
        }
        Ok(items)
    }
}
