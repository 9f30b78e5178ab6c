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
        id: "three-level",
        description: "3 Level 4 Player, main variant (Gilman 2007): FIDE pieces on 8x8x3, four players",
        start: || {
            AnyPosition::ThreeLevel(dimchess_three_level::ThreeLevel::start(
                dimchess_three_level::Variant::Main,
            ))
        },
        parse: |t| {
            dimchess_three_level::ThreeLevel::parse(dimchess_three_level::Variant::Main, t)
                .map(AnyPosition::ThreeLevel)
        },
    },
    VariantInfo {
        id: "three-level-xiangqi",
        description: "3 Level 4 Player, Xiang Qi variant: pre-Cannon Xiang Qi pieces on 8x8x3, four players",
        start: || {
            AnyPosition::ThreeLevel(dimchess_three_level::ThreeLevel::start(
                dimchess_three_level::Variant::Xiangqi,
            ))
        },
        parse: |t| {
            dimchess_three_level::ThreeLevel::parse(dimchess_three_level::Variant::Xiangqi, t)
                .map(AnyPosition::ThreeLevel)
        },
    },
    VariantInfo {
        id: "three-level-checkmate-promotion",
        description: "3 Level 4 Player, main variant with the checkmate-promotion option (triagonal steps)",
        start: || {
            AnyPosition::ThreeLevel(dimchess_three_level::ThreeLevel::start(
                dimchess_three_level::Variant::CheckmatePromotion,
            ))
        },
        parse: |t| {
            dimchess_three_level::ThreeLevel::parse(
                dimchess_three_level::Variant::CheckmatePromotion,
                t,
            )
            .map(AnyPosition::ThreeLevel)
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
