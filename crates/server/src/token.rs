//! Seat tokens: 128 random bits from the operating system's generator, written as 32 hex
//! digits; the server keeps only their SHA-256 hashes.

use sha2::{Digest, Sha256};

/// A new token (32 lower-case hex digits, 128 bits of the system's randomness).
///
/// # Errors
/// The system's random generator failed.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// A fresh game id: 12 hex digits (48 random bits), short enough for a link.
pub fn new_game_id() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 6];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// The SHA-256 hash of a token's text, as stored.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// Whether `id` has the shape of a game id (hex digits only, at most 32): anything else is
/// refused before it reaches the store or the database.
pub fn is_game_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_of_hex_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_ne!(hash(&a), hash(&b));
        assert_eq!(hash(&a), hash(&a.clone()));
    }

    #[test]
    fn game_ids() {
        assert!(is_game_id(&new_game_id().unwrap()));
        assert!(!is_game_id(""));
        assert!(!is_game_id("../etc"));
        assert!(!is_game_id(&"a".repeat(33)));
    }
}
