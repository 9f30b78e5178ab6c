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
        id: "redistribution",
        description: "Redistribution 3d Chess (Gilman, 2010): 4x4x6, combining and splitting pieces",
        start: || AnyPosition::Redistribution(dimchess_redistribution::Redistribution::start()),
        parse: |t| {
            dimchess_redistribution::Redistribution::from_text(t).map(AnyPosition::Redistribution)
        },
    },
    VariantInfo {
        id: "dimension-chess",
        description: "Dimension Chess: Heaven, Earth and Hell, three 8x8 boards with transfers",
        start: || AnyPosition::DimensionChess(dimchess_dimension_chess::DimensionChess::start()),
        parse: |t| t.parse().map(AnyPosition::DimensionChess),
    },
    VariantInfo {
        id: "hyperspace",
        description: "Hyperspace Chess: non-adjacent moves travel through hyperspace, land later, capture or explode",
        start: || AnyPosition::Hyperspace(dimchess_hyperspace::Hyperspace::start()),
        parse: |t| dimchess_hyperspace::Hyperspace::from_text(t).map(AnyPosition::Hyperspace),
    },
    VariantInfo {
        id: "hyperspace-optional",
        description: "Hyperspace Chess with optional jumps: each non-adjacent move also exists in its immediate FIDE form",
        start: || AnyPosition::HyperspaceOptional(dimchess_hyperspace::HyperspaceOptional::start()),
        parse: |t| {
            dimchess_hyperspace::HyperspaceOptional::from_text(t)
                .map(AnyPosition::HyperspaceOptional)
        },
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
