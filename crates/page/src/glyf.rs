//! A TrueType font's `glyf` and `loca` tables, read without trusting
//! them: outlines drawn with a budget of visits and a nesting limit, so a
//! font file from anyone can neither loop nor fan out without bound.
use crate::error::{SfntError, Tag};

/// Big-endian reads that return `None` instead of panicking on short data.
pub(crate) struct Reader<'a>(pub(crate) &'a [u8]);

impl Reader<'_> {
    pub(crate) fn u16(&self, at: usize) -> Option<u16> {
        let b = self.0.get(at..at + 2)?;
        Some(u16::from_be_bytes([b[0], b[1]]))
    }
    pub(crate) fn i16(&self, at: usize) -> Option<i16> {
        self.u16(at).map(|v| v as i16)
    }
    pub(crate) fn u32(&self, at: usize) -> Option<u32> {
        let b = self.0.get(at..at + 4)?;
        Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
}

/// Components nest at most this deep (the TrueType limit in practice).
pub(crate) const MAX_DEPTH: usize = 8;

/// A contour point: position and whether it lies on the curve.
pub(crate) type Contour = Vec<(f64, f64, bool)>;

/// Glyphs one outline may visit, its components' included: composites
/// nest only [`MAX_DEPTH`] deep, but a font file from anyone could still
/// fan out to billions.
const MAX_VISITS: u32 = 10_000;

/// Whether `data` is a TrueType font whose outlines this reader draws
/// (glyph 0 read as a test).
pub fn check_outlines(data: &[u8]) -> Result<(), SfntError> {
    let glyf = Glyf::parse(data)?;
    // Every glyph, as drawing it would (each with its own visit budget):
    // a glyph that cannot be drawn (a component that refers to itself,
    // nesting too deep) is found when the font is read, so `check` refuses
    // what `build` could not print.
    let mut out = Vec::new();
    for glyph in 0..glyf.num_glyphs {
        glyf.visits.set(0);
        out.clear();
        glyf.contours(glyph, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], 0, &mut out)
            .map_err(|e| SfntError::InGlyph {
                glyph,
                error: Box::new(e),
            })?;
    }
    Ok(())
}

/// A face's `glyf` table with its `loca` index, read without trusting
/// either.
pub(crate) struct Glyf<'a> {
    loca: Reader<'a>,
    pub(crate) long_loca: bool,
    pub(crate) glyf: &'a [u8],
    pub(crate) num_glyphs: u16,
    pub(crate) visits: std::cell::Cell<u32>,
}

impl<'a> Glyf<'a> {
    pub(crate) fn parse(data: &'a [u8]) -> Result<Glyf<'a>, SfntError> {
        let r = Reader(data);
        let n = r.u16(4).ok_or(SfntError::Truncated("header"))? as usize;
        let find = |tag: &[u8; 4]| -> Result<&'a [u8], SfntError> {
            for i in 0..n {
                let rec = 12 + 16 * i;
                if data.get(rec..rec + 4) == Some(&tag[..]) {
                    let o = r.u32(rec + 8).ok_or(SfntError::Bad("table record"))? as usize;
                    let l = r.u32(rec + 12).ok_or(SfntError::Bad("table record"))? as usize;
                    return data.get(o..o + l).ok_or(SfntError::TableOutOfRange);
                }
            }
            Err(SfntError::NoTable(Tag(*tag)))
        };
        let head = Reader(find(b"head")?);
        let maxp = Reader(find(b"maxp")?);
        Ok(Glyf {
            long_loca: head.i16(50).ok_or(SfntError::Bad("head"))? == 1,
            num_glyphs: maxp.u16(4).ok_or(SfntError::Bad("maxp"))?,
            loca: Reader(find(b"loca")?),
            glyf: find(b"glyf")?,
            visits: std::cell::Cell::new(0),
        })
    }

    pub(crate) fn data(&self, glyph: u16) -> Result<&'a [u8], SfntError> {
        if glyph >= self.num_glyphs {
            return Err(SfntError::OutOfRange("glyph id"));
        }
        let g = glyph as usize;
        let (a, b) = if self.long_loca {
            (self.loca.u32(4 * g), self.loca.u32(4 * g + 4))
        } else {
            (
                self.loca.u16(2 * g).map(|v| 2 * v as u32),
                self.loca.u16(2 * g + 2).map(|v| 2 * v as u32),
            )
        };
        let bad = SfntError::Bad("loca");
        let (a, b) = (
            a.ok_or(bad.clone())? as usize,
            b.ok_or(bad.clone())? as usize,
        );
        if b < a {
            return Err(bad);
        }
        self.glyf.get(a..b).ok_or(SfntError::OutOfRange("glyph"))
    }

    /// Appends the glyph's contours, transformed by `m` (a b c d e f:
    /// x' = a x + c y + e, y' = b x + d y + f).
    pub(crate) fn contours(
        &self,
        glyph: u16,
        m: [f64; 6],
        depth: usize,
        out: &mut Vec<Contour>,
    ) -> Result<(), SfntError> {
        if depth > MAX_DEPTH {
            return Err(SfntError::NestedTooDeep);
        }
        self.visits.set(self.visits.get() + 1);
        if self.visits.get() > MAX_VISITS {
            return Err(SfntError::TooManyComponents);
        }
        let data = self.data(glyph)?;
        if data.is_empty() {
            return Ok(());
        }
        let r = Reader(data);
        let n = r.i16(0).ok_or(SfntError::Truncated("glyph"))?;
        let tf = |x: f64, y: f64| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
        if n >= 0 {
            let n = n as usize;
            let ends = (0..n)
                .map(|i| r.u16(10 + 2 * i).map(|v| v as usize))
                .collect::<Option<Vec<_>>>()
                .ok_or(SfntError::Truncated("contours"))?;
            let points = ends.last().map_or(0, |e| e + 1);
            let ins = r.u16(10 + 2 * n).ok_or(SfntError::Truncated("glyph"))? as usize;
            let mut at = 12 + 2 * n + ins;
            let mut flags = Vec::with_capacity(points);
            while flags.len() < points {
                let f = *data.get(at).ok_or(SfntError::Truncated("flags"))?;
                at += 1;
                flags.push(f);
                if f & 8 != 0 {
                    let rep = *data.get(at).ok_or(SfntError::Truncated("flags"))?;
                    at += 1;
                    for _ in 0..rep {
                        flags.push(f);
                    }
                }
            }
            flags.truncate(points);
            let mut coords = |short: u8, same: u8| -> Result<Vec<f64>, SfntError> {
                let mut v = 0i32;
                let mut out = Vec::with_capacity(points);
                for &f in &flags {
                    if f & short != 0 {
                        let d = *data.get(at).ok_or(SfntError::Truncated("coordinates"))? as i32;
                        at += 1;
                        v += if f & same != 0 { d } else { -d };
                    } else if f & same == 0 {
                        v += r.i16(at).ok_or(SfntError::Truncated("coordinates"))? as i32;
                        at += 2;
                    }
                    out.push(v as f64);
                }
                Ok(out)
            };
            let xs = coords(2, 16)?;
            let ys = coords(4, 32)?;
            let mut start = 0;
            for &end in &ends {
                if end < start || end >= points {
                    return Err(SfntError::Bad("contour ends"));
                }
                out.push(
                    (start..=end)
                        .map(|i| {
                            let (x, y) = tf(xs[i], ys[i]);
                            (x, y, flags[i] & 1 != 0)
                        })
                        .collect(),
                );
                start = end + 1;
            }
        } else {
            let mut at = 10;
            loop {
                let flags = r.u16(at).ok_or(SfntError::Truncated("component"))?;
                let component = r.u16(at + 2).ok_or(SfntError::Truncated("component"))?;
                at += 4;
                let (dx, dy) = if flags & 1 != 0 {
                    let v = (r.i16(at), r.i16(at + 2));
                    at += 4;
                    (
                        v.0.ok_or(SfntError::TruncatedValue)? as f64,
                        v.1.ok_or(SfntError::TruncatedValue)? as f64,
                    )
                } else {
                    let v = (data.get(at), data.get(at + 1));
                    at += 2;
                    (
                        *v.0.ok_or(SfntError::TruncatedValue)? as i8 as f64,
                        *v.1.ok_or(SfntError::TruncatedValue)? as i8 as f64,
                    )
                };
                if flags & 2 == 0 {
                    // Offsets given as matching point numbers: DejaVu has
                    // none; refuse rather than draw a misplaced part.
                    return Err(SfntError::PlacedByPointNumbers);
                }
                let f2 = |at: usize| {
                    r.i16(at)
                        .map(|v| v as f64 / 16384.0)
                        .ok_or(SfntError::TruncatedValue)
                };
                let (a, b, c, d) = if flags & 8 != 0 {
                    let s = f2(at)?;
                    at += 2;
                    (s, 0.0, 0.0, s)
                } else if flags & 0x40 != 0 {
                    let v = (f2(at)?, f2(at + 2)?);
                    at += 4;
                    (v.0, 0.0, 0.0, v.1)
                } else if flags & 0x80 != 0 {
                    let v = (f2(at)?, f2(at + 2)?, f2(at + 4)?, f2(at + 6)?);
                    at += 8;
                    v
                } else {
                    (1.0, 0.0, 0.0, 1.0)
                };
                // Compose: the component's own transform, then `m`.
                let (e, f) = tf(dx, dy);
                let composed = [
                    m[0] * a + m[2] * b,
                    m[1] * a + m[3] * b,
                    m[0] * c + m[2] * d,
                    m[1] * c + m[3] * d,
                    e,
                    f,
                ];
                self.contours(component, composed, depth + 1, out)?;
                if flags & 0x20 == 0 {
                    break;
                }
            }
        }
        Ok(())
    }
}

impl Glyf<'_> {
    /// The glyphs a composite glyph is made of (none for a simple one).
    pub(crate) fn components(&self, glyph: u16) -> Result<Vec<u16>, SfntError> {
        let data = self.data(glyph)?;
        let r = Reader(data);
        let mut out = Vec::new();
        if data.is_empty() || r.i16(0).ok_or(SfntError::Truncated("glyph"))? >= 0 {
            return Ok(out);
        }
        let mut at = 10;
        loop {
            let flags = r.u16(at).ok_or(SfntError::Truncated("component"))?;
            out.push(r.u16(at + 2).ok_or(SfntError::Truncated("component"))?);
            at += 4 + if flags & 1 != 0 { 4 } else { 2 };
            at += if flags & 8 != 0 {
                2
            } else if flags & 0x40 != 0 {
                4
            } else if flags & 0x80 != 0 {
                8
            } else {
                0
            };
            if flags & 0x20 == 0 {
                return Ok(out);
            }
        }
    }
}
