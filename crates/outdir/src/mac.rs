//! Keyed digests: how printkit knows a record is its own. A record found
//! in a folder anyone may have filled (a staging folder's journal, a cache
//! entry) is believed only when it carries the HMAC of its contents under a
//! key this user's printkit keeps outside that folder.

/// A secret key of 32 bytes.
pub type Key = [u8; 32];

/// HMAC-SHA256 (RFC 2104) of `message` under `key`.
pub fn hmac_sha256_bytes(key: &[u8], message: &[u8]) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut block = [0u8; 64];
    if key.len() > 64 {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block.map(|b| b ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    let outer = Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize();
    outer.into()
}

/// `hmac_sha256_bytes` in lowercase hex.
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> String {
    hmac_sha256_bytes(key, message)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether two hex MACs are equal, compared in time that does not depend
/// on where they first differ.
pub(crate) fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// The key of one output folder: the user's key bound to the folder's
/// full path, so a staging folder copied from another folder (or another
/// user's) does not authenticate here.
pub(crate) fn folder_key(user: &Key, canonical_root: &std::path::Path) -> Key {
    let mut message = b"printkit output folder\n".to_vec();
    message.extend_from_slice(canonical_root.to_string_lossy().as_bytes());
    hmac_sha256_bytes(user, &message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mac_is_rfc_4231s_hmac_sha256() {
        // RFC 4231, test cases 1 and 2.
        assert_eq!(
            hmac_sha256(&[0x0b; 20], b"Hi There"),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        assert_eq!(
            hmac_sha256(b"Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert!(same("ab", "ab") && !same("ab", "ac") && !same("ab", "abc"));
    }
}
