//! The registry of variants by id: how to start and how to read a position of each. Every
//! variant's position type is built the same way: its `Default` (the start position) and its
//! `FromStr` (the position text, validated).

use dimchess_core::Error;

use crate::any::{AnyPosition, VariantPosition};

/// One variant id and how to make its positions.
pub struct VariantInfo {
    /// The id (`fide`, `hyperspace-optional`, ...).
    pub id: &'static str,
    /// One line on what the variant is.
    pub description: &'static str,
    /// The start position (see [`VariantInfo::start_position`]).
    pub start: fn() -> VariantPosition,
    /// Reads a position text of this variant (see [`VariantInfo::parse_position`]).
    pub parse: fn(&str) -> Result<VariantPosition, Error>,
}

impl VariantInfo {
    /// The start position.
    pub fn start_position(&'static self) -> AnyPosition {
        AnyPosition::new(self, (self.start)())
    }

    /// Reads and validates a position text of this variant.
    pub fn parse_position(&'static self, text: &str) -> Result<AnyPosition, Error> {
        (self.parse)(text).map(|p| AnyPosition::new(self, p))
    }
}

macro_rules! registry_list {
    ($($name:ident($id:literal, $pos:ty, $engine:ty, $description:literal)),* $(,)?) => {
        /// Every variant id, in the order `dimchess variants` lists them.
        pub const VARIANTS: &[VariantInfo] = &[
            $(VariantInfo {
                id: $id,
                description: $description,
                start: || VariantPosition::$name(Default::default()),
                parse: |t| t.parse().map(VariantPosition::$name),
            },)*
        ];
    };
}

for_each_variant!(registry_list);

/// Other names a player may use for a variant: `chess` is `fide` in every interface (the
/// tool, UCI's `UCI_Variant`, the server and Python all look ids up here).
pub const ALIASES: &[(&str, &str)] = &[("chess", "fide")];

/// The variant with this id (or an alias of it, [`ALIASES`]). An unknown id is an error that
/// lists the valid ones.
///
/// ```
/// use dimchess_any::registry;
/// assert_eq!(registry::find("chess").unwrap().id, "fide");
/// let e = registry::find("chss").err().unwrap().to_string();
/// assert!(e.starts_with("unknown variant `chss` (the variants: fide, redistribution,"), "{e}");
/// ```
pub fn find(id: &str) -> Result<&'static VariantInfo, Error> {
    let id = ALIASES
        .iter()
        .find(|(alias, _)| *alias == id)
        .map_or(id, |(_, real)| real);
    VARIANTS
        .iter()
        .find(|v| v.id == id)
        .ok_or_else(|| Error::UnknownVariant {
            id: id.to_string(),
            known: VARIANTS.iter().map(|v| v.id).collect::<Vec<_>>().join(", "),
        })
}

/// The start position of the variant `id`.
pub fn start(id: &str) -> Result<AnyPosition, Error> {
    Ok(find(id)?.start_position())
}

/// Reads a position text of the variant `id`.
pub fn parse(id: &str, text: &str) -> Result<AnyPosition, Error> {
    find(id)?.parse_position(text)
}
