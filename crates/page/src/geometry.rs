//! Points, sizes and rectangles in millimetres, origin at the page's
//! top-left corner, y growing downwards.

/// A point on the page, in mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointMm {
    /// Millimetres from the page's left edge.
    pub x: f64,
    /// Millimetres from the page's top edge, growing downwards.
    pub y: f64,
}

impl PointMm {
    /// The point at `x`, `y`.
    pub const fn new(x: f64, y: f64) -> Self {
        PointMm { x, y }
    }
}

/// A width and height, in mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SizeMm {
    /// Width in mm.
    pub width: f64,
    /// Height in mm.
    pub height: f64,
}

/// An axis-aligned rectangle: top-left corner plus size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RectMm {
    /// The left edge, in mm.
    pub x: f64,
    /// The top edge, in mm.
    pub y: f64,
    /// Width in mm.
    pub width: f64,
    /// Height in mm.
    pub height: f64,
}

impl RectMm {
    /// The rectangle with its top-left corner at `x`, `y`.
    pub const fn new(x: f64, y: f64, width: f64, height: f64) -> Self {
        RectMm {
            x,
            y,
            width,
            height,
        }
    }
    /// The right edge.
    pub fn right(&self) -> f64 {
        self.x + self.width
    }
    /// The bottom edge.
    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }
    /// The centre point.
    pub fn centre(&self) -> PointMm {
        PointMm::new(self.x + self.width / 2.0, self.y + self.height / 2.0)
    }
    /// Grown by `d` on every side (shrunk if negative).
    pub fn inflate(&self, d: f64) -> RectMm {
        RectMm::new(
            self.x - d,
            self.y - d,
            self.width + 2.0 * d,
            self.height + 2.0 * d,
        )
    }
    /// The smallest rectangle holding both.
    pub fn union(&self, o: &RectMm) -> RectMm {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        RectMm::new(
            x,
            y,
            self.right().max(o.right()) - x,
            self.bottom().max(o.bottom()) - y,
        )
    }
    /// The part both cover, if any.
    pub fn intersect(&self, o: &RectMm) -> Option<RectMm> {
        let x = self.x.max(o.x);
        let y = self.y.max(o.y);
        let r = self.right().min(o.right());
        let b = self.bottom().min(o.bottom());
        (r >= x && b >= y).then(|| RectMm::new(x, y, r - x, b - y))
    }
    /// Whether `o` lies inside this rectangle, allowing `tol` mm of slack.
    pub fn contains_rect(&self, o: &RectMm, tol: f64) -> bool {
        o.x >= self.x - tol
            && o.y >= self.y - tol
            && o.right() <= self.right() + tol
            && o.bottom() <= self.bottom() + tol
    }
    /// The four corners, clockwise from the top left.
    pub fn corners(&self) -> [PointMm; 4] {
        [
            PointMm::new(self.x, self.y),
            PointMm::new(self.right(), self.y),
            PointMm::new(self.right(), self.bottom()),
            PointMm::new(self.x, self.bottom()),
        ]
    }
}
