//! serde for [`AnyPosition`] (feature `serde`): `{"variant": id, "position": text}`, read back
//! through the registry's validating parser, so that no serialized form gets around the
//! rules.

use serde::de::Error as _;
use serde::ser::SerializeStruct as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::any::{AnyMove, AnyPosition};
use crate::record::Game;
use crate::registry;
use dimchess_core::Position;

impl Serialize for AnyPosition {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("AnyPosition", 2)?;
        st.serialize_field("variant", self.id())?;
        st.serialize_field("position", &self.text())?;
        st.end()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Text {
    variant: String,
    position: String,
}

impl<'de> Deserialize<'de> for AnyPosition {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<AnyPosition, D::Error> {
        let t = Text::deserialize(d)?;
        registry::parse(&t.variant, &t.position).map_err(D::Error::custom)
    }
}

/// A game serializes as its record text and is read back by replaying it.
impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_record())
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let text = String::deserialize(d)?;
        Game::from_record(&text).map_err(D::Error::custom)
    }
}

/// A move serializes as its canonical text (`"e2e4"`). A move text means something only in a
/// position, so it is read back with the position's `move_seed()` (the core's
/// [`MoveSeed`](dimchess_core::serde::MoveSeed), the same in every variant crate), which
/// checks it there:
///
/// ```
/// use dimchess_any::Position;
/// use serde::de::DeserializeSeed;
/// let pos = dimchess_any::registry::start("fide").unwrap();
/// let mv = pos.move_seed().deserialize(&mut serde_json::Deserializer::from_str("\"Nf3\"")).unwrap();
/// assert_eq!(serde_json::to_string(&mv).unwrap(), "\"g1f3\"");
/// assert!(pos.move_seed().deserialize(&mut serde_json::Deserializer::from_str("\"e2e5\"")).is_err());
/// ```
impl Serialize for AnyMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
