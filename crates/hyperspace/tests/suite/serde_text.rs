//! Serde: positions and moves serialize as their texts and deserialize through the validating
//! parsers.
#![cfg(feature = "serde")]

use dimchess_hyperspace::{Hyperspace, HyperspaceOptional, Move};

#[test]
fn positions_and_moves_as_text() {
    let p: Hyperspace = "4k3/8/8/8/8/8/8/4K3 w - - 4 10 Nf3:1,Rd5:3"
        .parse()
        .unwrap();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, "\"4k3/8/8/8/8/8/8/4K3 w - - 4 10 Nf3:1,Rd5:3\"");
    assert_eq!(serde_json::from_str::<Hyperspace>(&json).unwrap(), p);
    assert!(serde_json::from_str::<Hyperspace>("\"4k3/8/8/8/8/8/8/4K3 w - - 0 1 Kg1:1\"").is_err());
    assert!(serde_json::from_str::<HyperspaceOptional>("\"8/8/8/8/8/8/8/8 w - - 0 1 -\"").is_ok());
    let m: Move = "g1f3^".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"g1f3^\"");
    assert_eq!(serde_json::from_str::<Move>("\"g1f3^\"").unwrap(), m);
    assert!(serde_json::from_str::<Move>("\"g1f3?\"").is_err());
}
