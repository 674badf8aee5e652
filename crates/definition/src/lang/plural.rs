//! Plural and ordinal rules (Unicode CLDR's, for whole numbers): which form
//! of a message a number takes in a language.

/// A plural category, as CLDR names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// CLDR's `zero`.
    Zero,
    /// CLDR's `one`.
    One,
    /// CLDR's `two`.
    Two,
    /// CLDR's `few`.
    Few,
    /// CLDR's `many`.
    Many,
    /// CLDR's `other`: every language has it.
    Other,
}

impl Category {
    /// Every category, in CLDR's order.
    pub const ALL: [Category; 6] = [
        Category::Zero,
        Category::One,
        Category::Two,
        Category::Few,
        Category::Many,
        Category::Other,
    ];

    /// The category's name in a language file.
    pub fn name(self) -> &'static str {
        match self {
            Category::Zero => "zero",
            Category::One => "one",
            Category::Two => "two",
            Category::Few => "few",
            Category::Many => "many",
            Category::Other => "other",
        }
    }

    /// The category `name` names.
    pub fn parse(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A language's rules, named by the language whose rules they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// English's: one, other.
    English,
    /// French's: one for 0 and 1, many for millions, other.
    French,
    /// German's: one, other.
    German,
    /// Spanish's: one, many for millions, other.
    Spanish,
    /// Arabic's: zero, one, two, few, many, other.
    Arabic,
    /// One form for every number (Chinese, Japanese, Turkish ordinals…).
    Invariant,
}

impl Rule {
    /// Each rule by the name a language file gives it.
    pub const NAMES: [(&'static str, Rule); 6] = [
        ("en", Rule::English),
        ("fr", Rule::French),
        ("de", Rule::German),
        ("es", Rule::Spanish),
        ("ar", Rule::Arabic),
        ("none", Rule::Invariant),
    ];

    /// The rule `name` names.
    pub fn parse(name: &str) -> Option<Rule> {
        Rule::NAMES
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, r)| r)
    }

    /// The category of `n` things ("1 move", "2 moves").
    pub fn cardinal(self, n: u64) -> Category {
        match self {
            Rule::English | Rule::German => match n {
                1 => Category::One,
                _ => Category::Other,
            },
            // 0 and 1 are singular in French; a million and its multiples
            // take "de" ("1 million de pions") in the many form.
            Rule::French => match n {
                0 | 1 => Category::One,
                _ if n.is_multiple_of(1_000_000) => Category::Many,
                _ => Category::Other,
            },
            Rule::Spanish => match n {
                1 => Category::One,
                _ if n != 0 && n.is_multiple_of(1_000_000) => Category::Many,
                _ => Category::Other,
            },
            Rule::Arabic => match (n, n % 100) {
                (0, _) => Category::Zero,
                (1, _) => Category::One,
                (2, _) => Category::Two,
                (_, 3..=10) => Category::Few,
                (_, 11..=99) => Category::Many,
                _ => Category::Other,
            },
            Rule::Invariant => Category::Other,
        }
    }

    /// The category of the `n`th ("1st", "2nd", "3rd", "4th"; "1er",
    /// "2e").
    pub fn ordinal(self, n: u64) -> Category {
        match self {
            Rule::English => match (n % 10, n % 100) {
                (_, 11..=13) => Category::Other,
                (1, _) => Category::One,
                (2, _) => Category::Two,
                (3, _) => Category::Few,
                _ => Category::Other,
            },
            Rule::French => match n {
                1 => Category::One,
                _ => Category::Other,
            },
            Rule::German | Rule::Spanish | Rule::Arabic | Rule::Invariant => Category::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Category::*;
    use super::*;

    #[test]
    fn cardinal_categories_follow_cldr() {
        let cases: [(Rule, &[(u64, Category)]); 5] = [
            (
                Rule::English,
                &[(0, Other), (1, One), (2, Other), (21, Other)],
            ),
            (
                Rule::German,
                &[(0, Other), (1, One), (2, Other), (101, Other)],
            ),
            (
                Rule::French,
                &[
                    (0, One),
                    (1, One),
                    (2, Other),
                    (17, Other),
                    (1_000_000, Many),
                ],
            ),
            (
                Rule::Spanish,
                &[(0, Other), (1, One), (2, Other), (2_000_000, Many)],
            ),
            (
                Rule::Arabic,
                &[
                    (0, Zero),
                    (1, One),
                    (2, Two),
                    (3, Few),
                    (10, Few),
                    (11, Many),
                    (99, Many),
                    (100, Other),
                    (102, Other),
                    (103, Few),
                    (111, Many),
                ],
            ),
        ];
        for (rule, list) in cases {
            for &(n, want) in list {
                assert_eq!(rule.cardinal(n), want, "{rule:?} {n}");
            }
        }
    }

    #[test]
    fn ordinal_categories_follow_cldr() {
        let english = [
            (1, One),
            (2, Two),
            (3, Few),
            (4, Other),
            (11, Other),
            (12, Other),
            (13, Other),
            (21, One),
            (22, Two),
            (23, Few),
            (101, One),
            (111, Other),
        ];
        for (n, want) in english {
            assert_eq!(Rule::English.ordinal(n), want, "en {n}");
        }
        assert_eq!(Rule::French.ordinal(1), One);
        assert_eq!(Rule::French.ordinal(2), Other);
        assert_eq!(Rule::French.ordinal(21), Other);
        for rule in [Rule::German, Rule::Spanish, Rule::Arabic] {
            assert_eq!(rule.ordinal(1), Other);
            assert_eq!(rule.ordinal(3), Other);
        }
    }
}
