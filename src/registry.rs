//! The registry of variants by id: how to start and how to read a position of each.

use dimchess_core::Error;

use crate::any::AnyPosition;

/// One variant id and how to make its positions.
pub struct VariantInfo {
    /// The id (`fide`, `hyperspace-optional`, ...).
    pub id: &'static str,
    /// One line on what the variant is.
    pub description: &'static str,
    /// The start position.
    pub start: fn() -> AnyPosition,
    /// Reads a position text of this variant.
    pub parse: fn(&str) -> Result<AnyPosition, Error>,
}

/// Every variant id, in the order `dimchess variants` lists them.
pub const VARIANTS: &[VariantInfo] = &[
    VariantInfo {
        id: "fide",
        description: "orthodox chess (FIDE Laws)",
        start: || AnyPosition::Fide(dimchess_fide::Chess::start()),
        parse: |t| dimchess_fide::Chess::from_fen(t).map(AnyPosition::Fide),
    },
    VariantInfo {
        id: "dimension-x",
        description: "Dimension X: a FIDE board and a Dimension X board with Crabs, Cobras and Spiders",
        start: || AnyPosition::DimensionX(dimchess_dimension_x::DxPosition::start()),
        parse: |t| dimchess_dimension_x::DxPosition::from_text(t).map(AnyPosition::DimensionX),
    },
];

/// The variant with this id.
pub fn find(id: &str) -> Result<&'static VariantInfo, Error> {
    VARIANTS
        .iter()
        .find(|v| v.id == id)
        .ok_or_else(|| Error::UnknownVariant(id.to_string()))
}

/// The start position of the variant `id`.
pub fn start(id: &str) -> Result<AnyPosition, Error> {
    Ok((find(id)?.start)())
}

/// Reads a position text of the variant `id`.
pub fn parse(id: &str, text: &str) -> Result<AnyPosition, Error> {
    (find(id)?.parse)(text)
}
