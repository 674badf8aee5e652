//! The document's `/ID`: a fingerprint of its content, the same for the
//! same content whatever the date.
use printkit_page::RenderError;

use crate::meta::DocMeta;

/// 128-bit FNV-1a (two 64-bit lanes with different seeds) of what is
/// written into it; not cryptographic, only a stable fingerprint of the
/// content for `/ID`.
struct Fingerprint {
    a: u64,
    b: u64,
}

impl Fingerprint {
    fn new() -> Fingerprint {
        Fingerprint {
            a: 0xcbf2_9ce4_8422_2325,
            b: 0x6c62_272e_07bb_0142,
        }
    }

    fn finish(&self) -> Vec<u8> {
        [self.a.to_be_bytes(), self.b.to_be_bytes()].concat()
    }
}

impl std::io::Write for Fingerprint {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &x in bytes {
            self.a = (self.a ^ x as u64).wrapping_mul(0x0000_0100_0000_01b3);
            self.b = (self.b ^ x as u64)
                .wrapping_mul(0x0000_0100_0000_01b3)
                .rotate_left(5);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A fingerprint of the document as it will be written, but for its Info
/// dictionary (which holds the dates) and `/ID`, and of its title and
/// subject: the same for the same content, whatever the date.
pub(crate) fn document_id(
    lo: &mut lopdf::Document,
    info_id: lopdf::ObjectId,
    meta: &DocMeta,
) -> Result<Vec<u8>, RenderError> {
    use std::io::Write;
    let mut hash = Fingerprint::new();
    for text in [&meta.title, &meta.subject] {
        hash.write_all(text.as_bytes())?;
        hash.write_all(&[0])?;
    }
    let info = lo.objects.remove(&info_id);
    lo.trailer.remove(b"ID");
    let written = lo.save_to(&mut hash);
    if let Some(info) = info {
        lo.objects.insert(info_id, info);
    }
    written?;
    Ok(hash.finish())
}
