//! Points, sizes and rectangles in millimetres, origin at the page's
//! top-left corner, y growing downwards.

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointMm {
    pub x: f64,
    pub y: f64,
}

impl PointMm {
    pub const fn new(x: f64, y: f64) -> Self {
        PointMm { x, y }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SizeMm {
    pub width: f64,
    pub height: f64,
}

/// An axis-aligned rectangle: top-left corner plus size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RectMm {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl RectMm {
    pub const fn new(x: f64, y: f64, width: f64, height: f64) -> Self {
        RectMm {
            x,
            y,
            width,
            height,
        }
    }
    pub fn right(&self) -> f64 {
        self.x + self.width
    }
    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }
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
    pub fn corners(&self) -> [PointMm; 4] {
        [
            PointMm::new(self.x, self.y),
            PointMm::new(self.right(), self.y),
            PointMm::new(self.right(), self.bottom()),
            PointMm::new(self.x, self.bottom()),
        ]
    }
}
