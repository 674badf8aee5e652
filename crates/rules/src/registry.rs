//! The registry: the families printkit knows, one line each. It makes
//! [`Family`] and [`Params`] and dispatches from them to each family's
//! rules ([`crate::Rules`]) and descriptions ([`crate::family`]). It sits
//! above both, so neither names it: a family's rules learn their
//! [`Family`] from here ([`Registered`]), not the other way round.
use crate::family::{
    CountName, Counts, FamilyInfo, FamilyPrint, GameFamily, PositionFact, TokenSet, TrayBox,
    TurnsFit,
};
use crate::game::{Reason, Rules};
use crate::view::BoardView;
use crate::{bracket_flip, clone_convert, freeze, predator_prey};
use std::fmt;

/// Makes the registry from one line a family (variant, then its module and
/// rules type, then the id of its built-in game, `fixtures/<id>.toml`):
/// [`Family`] (serde ids in kebab case), [`Params`], [`Family::ALL`],
/// [`BUILTIN_GAME_IDS`], each family's [`Registered`] and the dispatch from
/// [`Family`] or [`Params`] to the family's [`GameFamily`] items.
macro_rules! families {
    ($($variant:ident => $module:ident :: $rules:ident, $game:literal,)+) => {
        /// The ids of the built-in games (a family's own), in the
        /// registry's order; their definitions are the definition layer's.
        pub const BUILTIN_GAME_IDS: [&str; [$($game),+].len()] = [$($game),+];

        /// The rules families printkit knows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Family {
            $(
                #[doc = concat!("The family of [`", stringify!($module), "::", stringify!($rules), "`]; its built-in game is `", $game, "`.")]
                $variant,
            )+
        }

        /// The parameters of a family, each defaulting to docs/rules.md.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Params {
            $(
                #[doc = concat!("The parameters of [`", stringify!($module), "::", stringify!($rules), "`].")]
                $variant(<$module::$rules as GameFamily>::Params),
            )+
        }

        $(
            impl Registered for $module::$rules {
                const FAMILY: Family = Family::$variant;
            }
        )+

        impl Family {
            /// Every family, in the registry's order.
            pub const ALL: [Family; [$(stringify!($variant)),+].len()] = [$(Family::$variant,)+];

            /// The family's description.
            pub fn info(self) -> &'static FamilyInfo {
                match self {
                    $(Family::$variant => {
                        const INFO: FamilyInfo = FamilyInfo::of::<$module::$rules>();
                        &INFO
                    })+
                }
            }

            /// Runs `with` on the family's parameter type: how a definition
            /// reads `[parameters]` (typed, so its errors are located)
            /// without naming a family.
            pub fn with_params_type<W: WithParamsType>(self, with: W) -> W::Output {
                match self {
                    $(Family::$variant => with.with(Params::$variant),)+
                }
            }
        }

        impl Params {
            /// The family these parameters are for.
            pub fn family(&self) -> Family {
                match self {
                    $(Params::$variant(_) => Family::$variant,)+
                }
            }

            /// Runs `with` on these parameters' typed rules: the one place a
            /// family's parameters become its rules.
            pub fn with_rules<W: WithRules>(&self, with: W) -> W::Output {
                match self {
                    $(Params::$variant(p) => with.with(<$module::$rules as GameFamily>::with_params(p.clone())),)+
                }
            }

            /// These parameters as `F`'s own, when they are for `F`'s
            /// family: how another crate's dispatch (the solver's, made
            /// from [`with_families!`](crate::with_families)) reaches a
            /// family's typed parameters without naming it.
            pub fn typed<F: GameFamily + Registered>(&self) -> Option<&F::Params> {
                if self.family() != F::FAMILY {
                    return None;
                }
                match self {
                    $(Params::$variant(p) => (p as &dyn std::any::Any).downcast_ref::<F::Params>(),)+
                }
            }

            /// The turn limit that ends a game (predator turns in the
            /// predator game; a position's last field counts the turns),
            /// which the audit sheet's rows count up to; 0: none.
            pub fn turn_limit(&self) -> usize {
                match self {
                    $(Params::$variant(p) => <$module::$rules as GameFamily>::turn_limit(p),)+
                }
            }

            /// What is wrong with these parameters on a board of `cells`
            /// playable cells, `width` × `height`: values that make the game
            /// empty or unwinnable, or its kit unbounded; each with its key.
            pub fn problems(&self, cells: u32, width: usize, height: usize) -> Vec<(&'static str, String)> {
                match self {
                    $(Params::$variant(p) => <$module::$rules as GameFamily>::problems(p, cells, width, height),)+
                }
            }

            /// The parameters a rules text may name as placeholders, with
            /// their values.
            pub fn figures(&self) -> Vec<(&'static str, u32)> {
                match self {
                    $(Params::$variant(p) => <$module::$rules as FamilyPrint>::figures(p),)+
                }
            }

            /// Where a parameter the start decides says something else than
            /// the start (`prey = 10` with 8 prey in the start's reserve;
            /// `supply = 18` with 16 checkers of each colour on the start):
            /// the parameter's key and what is wrong, with the fix. The start
            /// is the game: the engine plays its reserve and its checkers, so
            /// the parameter must agree.
            /// `start` is the start position as these rules read it, typed
            /// (none for a position of other rules), seen as `view`.
            pub fn start_problems_of(&self, start: &dyn std::any::Any, view: &BoardView) -> Vec<(&'static str, String)> {
                match self {
                    $(Params::$variant(p) => start
                        .downcast_ref::<<$module::$rules as Rules>::Position>()
                        .map_or_else(Vec::new, |typed| <$module::$rules as GameFamily>::start_problems(p, typed, view)),)+
                }
            }

            /// The keys of a position written as a table besides `side` and
            /// the piece symbols: every field of the text form, by name.
            pub fn table_fields(&self) -> &'static [CountName] {
                match self {
                    $(Params::$variant(_) => <$module::$rules as GameFamily>::TABLE_FIELDS,)+
                }
            }

            /// The counts of a position given as a table (by name, as
            /// [`Engine::setup`](crate::Engine::setup) takes them), with
            /// `pieces` pieces on the board and the `fields` it names (see
            /// [`Params::table_fields`]); a field left out is a fresh
            /// game's.
            pub fn fresh_counts(&self, pieces: usize, fields: &Counts) -> Counts {
                match self {
                    $(Params::$variant(p) => <$module::$rules as GameFamily>::fresh_counts(p, pieces, fields),)+
                }
            }

            /// The ways a game can end, in the order the engine checks them
            /// (a kit words each from the family's `stop` words, in
            /// `<family>.words.toml`).
            pub fn stop_conditions(&self) -> Vec<Reason> {
                match self {
                    $(Params::$variant(p) => <$module::$rules as GameFamily>::stop_conditions(p),)+
                }
            }

            /// The facts of the position `text` (seen as `view`) that the
            /// rules use and the board cannot show (turns and the limit, the
            /// reserve and the captures, kings): what a practice sheet
            /// states beside its diagram.
            pub fn position_facts(
                &self,
                counts: &Counts,
                view: &BoardView,
            ) -> Vec<PositionFact> {
                match self {
                    $(Params::$variant(p) => <$module::$rules as FamilyPrint>::position_facts(p, counts, view),)+
                }
            }

            /// The turn counts that fit a position seen as `view` (the game
            /// starting at `start`), and why; `None` when the family keeps
            /// no counter.
            pub fn turns_fit(
                &self,
                start: &BoardView,
                view: &BoardView,
                counts: &Counts,
            ) -> Option<TurnsFit> {
                match self {
                    $(Params::$variant(p) => <$module::$rules as GameFamily>::turns_that_fit(p, start, view, counts),)+
                }
            }

            /// Why a position's turn counter (its `turns` count) cannot be
            /// what it says, with the nearest count that fits (or that none
            /// does); `None` when it fits or the family keeps no counter.
            /// `start`: the game's start position. The fix names the
            /// notation's last number (see [`Params::table_counter_mistake`]
            /// for a table).
            pub fn counter_mistake(
                &self,
                start: &BoardView,
                view: &BoardView,
                counts: &Counts,
            ) -> Option<String> {
                self.table_counter_mistake(start, view, counts, false)
            }

            /// [`Params::counter_mistake`], the fix naming the `turns` key
            /// when `table` (the position was written as a table).
            pub fn table_counter_mistake(
                &self,
                start: &BoardView,
                view: &BoardView,
                counts: &Counts,
                table: bool,
            ) -> Option<String> {
                let fit = self.turns_fit(start, view, counts)?;
                let turns = counts.turns()?;
                if fit.fits(turns) {
                    return None;
                }
                let fix = match fit.nearest(turns) {
                    Some(n) if table => format!("the nearest count that fits is {n}: write `turns = {n}`"),
                    Some(n) => format!("the nearest count that fits is {n}: write {n} as the position's last number"),
                    None => "no turn count fits this board: the game cannot reach it".to_string(),
                };
                Some(format!(
                    "the position says {turns} turn{} played, but {}: {fix}",
                    if turns == 1 { "" } else { "s" },
                    fit.why
                ))
            }

            /// The tokens of a game with `cells` playable cells: the supply
            /// its rules name, plus spares. Each size is a cap (see
            /// [`TokenSet`]).
            pub fn token_sets(&self, cells: usize) -> Vec<TokenSet> {
                match self {
                    $(Params::$variant(p) => <$module::$rules as FamilyPrint>::token_sets(p, cells),)+
                }
            }

            /// The boxes of the tray the token sheet prints below the
            /// tokens, kept whole (not cut), where pieces off the board
            /// wait (see [`TrayBox`]); none for most families.
            pub fn tray(&self) -> Vec<TrayBox> {
                match self {
                    $(Params::$variant(p) => <$module::$rules as FamilyPrint>::tray(p),)+
                }
            }
        }
    };
}

/// The registry: one line a family (variant, then its module and rules
/// type, then the id of its built-in game), handed to the macro `$then`.
/// This crate makes [`Family`], [`Params`] and their dispatch from it
/// (`families!`); another crate makes its own dispatch from the same lines
/// (the solver's, over its `FamilySolve`), so a family is listed once.
/// Each family's module is declared in `lib.rs`.
#[macro_export]
macro_rules! with_families {
    ($then:ident) => {
        $then! {
            CloneConvert => clone_convert::CloneConvert, "clone-jump-convert",
            PredatorPrey => predator_prey::PredatorPrey, "predator-prey",
            Freeze => freeze::Freeze, "freeze",
            BracketFlip => bracket_flip::BracketFlip, "bracket-and-flip",
        }
    };
}

with_families!(families);

/// Rules the registry lists: which [`Family`] they are.
pub trait Registered {
    /// The family.
    const FAMILY: Family;
}

/// Bounds an engine's rules and positions need: a registered family's,
/// shared between threads and owned.
pub trait EngineRules:
    Rules<Position: Send + Sync + 'static, Move: Send + Sync + 'static>
    + Registered
    + Send
    + Sync
    + 'static
{
}
impl<R> EngineRules for R where
    R: Rules<Position: Send + Sync + 'static, Move: Send + Sync + 'static>
        + Registered
        + Send
        + Sync
        + 'static
{
}

impl Family {
    /// The family's id, as a definition's `family` key names it.
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The family a definition's `family` key names.
    pub fn from_id(id: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.id() == id)
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Params {
    /// The family's parameters with every default (docs/rules.md).
    pub fn defaults(family: Family) -> Params {
        family.with_params_type(Defaults)
    }

    /// The description of these parameters' family.
    pub fn info(&self) -> &'static FamilyInfo {
        self.family().info()
    }
}

/// Something to do with a family's parameter type, whichever it is.
pub trait WithParamsType {
    /// What the task gives back.
    type Output;
    /// Does the task with the parameter type `P`; `wrap` makes a `P` the
    /// family's [`Params`].
    fn with<P: serde::de::DeserializeOwned + Default + schemars::JsonSchema>(
        self,
        wrap: fn(P) -> Params,
    ) -> Self::Output;
}

/// Something to do with a family's typed rules, whichever they are.
pub trait WithRules {
    /// What the task gives back.
    type Output;
    /// Does the task with the family's typed rules.
    fn with<R: EngineRules>(self, rules: R) -> Self::Output;
}

/// [`Params::defaults`] through [`Family::with_params_type`].
struct Defaults;

impl WithParamsType for Defaults {
    type Output = Params;
    fn with<P: serde::de::DeserializeOwned + Default + schemars::JsonSchema>(
        self,
        wrap: fn(P) -> Params,
    ) -> Params {
        wrap(P::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_match_serde() {
        for f in Family::ALL {
            assert_eq!(Family::from_id(f.id()), Some(f));
            let quoted = serde_json::to_string(&f).unwrap();
            assert_eq!(quoted, format!("\"{}\"", f.id()));
            assert_eq!(Params::defaults(f).family(), f);
        }
        assert_eq!(Family::from_id("checkers"), None);
    }

    #[test]
    fn every_side_and_parameter_is_described() {
        for f in Family::ALL {
            let params = Params::defaults(f);
            let info = f.info();
            let sides = params.with_rules(Sides);
            for s in sides {
                assert!(
                    info.sides.iter().any(|(c, _)| *c == s),
                    "{f}: side {s} has no name"
                );
                assert!(
                    info.pieces.iter().any(|p| p.symbol == s),
                    "{f}: side {s} has no look"
                );
            }
            // Every placeholder figure is a key of `[parameters]`.
            let keys = f.with_params_type(Keys);
            for (key, _) in params.figures() {
                assert!(
                    keys.contains(&key.to_string()),
                    "{f}: {key} not in {keys:?}"
                );
            }
        }
    }

    /// The keys of a family's `[parameters]`, from its schema.
    struct Keys;
    impl WithParamsType for Keys {
        type Output = Vec<String>;
        fn with<P: serde::de::DeserializeOwned + Default + schemars::JsonSchema>(
            self,
            _: fn(P) -> Params,
        ) -> Vec<String> {
            let schema = serde_json::to_value(schemars::schema_for!(P)).unwrap();
            schema["properties"]
                .as_object()
                .map(|o| o.keys().cloned().collect())
                .unwrap_or_default()
        }
    }

    struct Sides;
    impl WithRules for Sides {
        type Output = [char; 2];
        fn with<R: EngineRules>(self, rules: R) -> [char; 2] {
            rules.sides()
        }
    }
}
