//! The start positions (TL-6, TX-2), as the rulebook writes them (§6).

/// The start text of `three-level` and `three-level-checkmate-promotion` (§6): the text of
/// [`ThreeLevel::default`](crate::ThreeLevel) and
/// [`ThreeLevelCheckmatePromotion::default`](crate::ThreeLevelCheckmatePromotion).
pub const START_TEXT: &str = "gQ,gB,gP,2,yP,yB,yQ/gB,gN,gP,2,yP,yN,yB/gP,gP,gP,2,yP,yP,yP/8/8/rP,rP,rP,2,bP,bP,bP/rB,rN,rP,2,bP,bN,bB/rQ,rB,rP,2,bP,bB,bQ|gK,gB,gP,2,yP,yB,yK/gB,gN,gP,2,yP,yN,yB/gP,gP,gP,2,yP,yP,yP/8/8/rP,rP,rP,2,bP,bP,bP/rB,rN,rP,2,bP,bN,bB/rK,rB,rP,2,bP,bB,bK|gR,gR,gP,2,yP,yR,yR/gR,gN,gP,2,yP,yN,yR/gP,gP,gP,2,yP,yP,yP/8/8/rP,rP,rP,2,bP,bP,bP/rR,rN,rP,2,bP,bN,bR/rR,rR,rP,2,bP,bR,bR r - - 0 1";

/// The start text of `three-level-xiangqi` (§6): the text of
/// [`ThreeLevelXiangqi::default`](crate::ThreeLevelXiangqi).
pub const XIANGQI_START_TEXT: &str = "gR,gF,gP,2,yP,yF,yR/gF,gN,gE,2,yE,yN,yF/gP,gE,gP,2,yP,yE,yP/8/8/rP,rE,rP,2,bP,bE,bP/rF,rN,rE,2,bE,bN,bF/rR,rF,rP,2,bP,bF,bR|gG,gR,gP,2,yP,yR,yG/gR,gP,gN,2,yN,yP,yR/gP,gN,gP,2,yP,yN,yP/8/8/rP,rN,rP,2,bP,bN,bP/rR,rP,rN,2,bN,bP,bR/rG,rR,rP,2,bP,bR,bG|gR,gF,gP,2,yP,yF,yR/gF,gN,gE,2,yE,yN,yF/gP,gE,gP,2,yP,yE,yP/8/8/rP,rE,rP,2,bP,bE,bP/rF,rN,rE,2,bE,bN,bF/rR,rF,rP,2,bP,bF,bR r - - 0 1";
