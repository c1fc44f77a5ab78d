//! A single-byte decoder's table lookups sixty-four bytes at a time, on processors with
//! AVX-512 VBMI, whose `vpermi2b` looks sixty-four bytes up in a 128-byte table in one
//! instruction: the low and the high byte of each high byte's UTF-16 unit are two such lookups.
//! A page of Cyrillic text, nearly all high bytes, is where one byte at a time was slow
//! (`benchmarks/RESULTS.md`, decision note 0066). The callers decode the bytes after the last
//! whole block, and everything on other processors, with their own loops.

/// The UTF-16 units of the bytes 0x80..=0xFF of a single-byte encoding, as two 128-byte
/// tables: their low bytes and their high bytes.
pub struct HighUnits {
    low: [u8; 128],
    high: [u8; 128],
}

impl HighUnits {
    /// The tables of `units`, the UTF-16 unit of every byte.
    pub fn new(units: &[u16; 256]) -> Self {
        HighUnits {
            low: std::array::from_fn(|i| units[0x80 + i] as u8),
            high: std::array::from_fn(|i| (units[0x80 + i] >> 8) as u8),
        }
    }

    /// Decode the whole 64-byte blocks at the start of `bytes` into `units` (as long), and
    /// return how many bytes that was: none where the processor lacks AVX-512 VBMI.
    pub fn decode_u16(&self, bytes: &[u8], units: &mut [u16]) -> usize {
        #[cfg(target_arch = "x86_64")]
        if has_vbmi() {
            // SAFETY: the processor has the features the function is compiled for.
            return unsafe { x86::decode_u16(self, bytes, units) };
        }
        let _ = (bytes, units);
        0
    }

    /// [`Self::decode_u16`] into one byte a unit, for bytes whose units all fit in one.
    pub fn decode_u8(&self, bytes: &[u8], units: &mut [u8]) -> usize {
        #[cfg(target_arch = "x86_64")]
        if has_vbmi() {
            // SAFETY: as in `decode_u16`.
            return unsafe { x86::decode_u8(self, bytes, units) };
        }
        let _ = (bytes, units);
        0
    }

    /// Whether a byte in the whole 64-byte blocks at the start of `bytes` has a unit above
    /// 0xFF, and how many bytes were looked at (none where the processor lacks AVX-512 VBMI;
    /// up to the block of the first such byte).
    pub fn find_wide(&self, bytes: &[u8]) -> (bool, usize) {
        #[cfg(target_arch = "x86_64")]
        if has_vbmi() {
            // SAFETY: as in `decode_u16`.
            return unsafe { x86::find_wide(self, bytes) };
        }
        let _ = bytes;
        (false, 0)
    }
}

/// Whether the processor has what [`x86`]'s functions are compiled for (the standard library
/// caches the answer).
#[cfg(target_arch = "x86_64")]
pub fn has_vbmi() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
}

/// Whether the processor has what the vector lookups need (never, off x86-64).
#[cfg(not(target_arch = "x86_64"))]
pub fn has_vbmi() -> bool {
    false
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    use super::HighUnits;

    const BLOCK: usize = 64;

    /// Where each byte of the first 32 UTF-16 units of a block comes from in
    /// `vpermi2b(low, INTERLEAVE_FIRST, high)`: low byte `j`, then high byte `j` (`64 + j`).
    const INTERLEAVE_FIRST: [u8; 64] = interleave(0);
    /// The same for the block's last 32 units.
    const INTERLEAVE_SECOND: [u8; 64] = interleave(32);

    const fn interleave(from: u8) -> [u8; 64] {
        let mut order = [0; 64];
        let mut j = 0;
        while j < 32 {
            order[2 * j] = from + j as u8;
            order[2 * j + 1] = 64 + from + j as u8;
            j += 1;
        }
        order
    }

    /// The two halves of a 128-byte table, as `vpermi2b` takes them.
    #[target_feature(enable = "avx512f")]
    fn halves(table: &[u8; 128]) -> (__m512i, __m512i) {
        let (first, second) = table.split_at(BLOCK);
        // SAFETY: each half is 64 bytes; the loads are unaligned.
        unsafe {
            (_mm512_loadu_si512(first.as_ptr().cast()), _mm512_loadu_si512(second.as_ptr().cast()))
        }
    }

    /// A block's bytes, and the mask of those above ASCII.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn load(block: &[u8]) -> (__m512i, __mmask64) {
        assert!(block.len() >= BLOCK);
        // SAFETY: `block` has at least 64 bytes; the load is unaligned.
        let bytes = unsafe { _mm512_loadu_si512(block.as_ptr().cast()) };
        (bytes, _mm512_movepi8_mask(bytes))
    }

    /// The low bytes of the units of a block's `bytes` (an ASCII byte is its own).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn low_bytes(bytes: __m512i, above_ascii: __mmask64, low: (__m512i, __m512i)) -> __m512i {
        // (the index's seventh bit chooses the table's half; its eighth is ignored)
        let looked_up = _mm512_permutex2var_epi8(low.0, bytes, low.1);
        _mm512_mask_blend_epi8(above_ascii, bytes, looked_up)
    }

    /// The high bytes of the units of a block's `bytes` (0 for an ASCII byte).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn high_bytes(bytes: __m512i, above_ascii: __mmask64, high: (__m512i, __m512i)) -> __m512i {
        _mm512_maskz_permutex2var_epi8(above_ascii, high.0, bytes, high.1)
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub fn decode_u16(table: &HighUnits, bytes: &[u8], units: &mut [u16]) -> usize {
        let (low, high) = (halves(&table.low), halves(&table.high));
        // SAFETY: the orders are 64 bytes each.
        let (first, second) = unsafe {
            (
                _mm512_loadu_si512(INTERLEAVE_FIRST.as_ptr().cast()),
                _mm512_loadu_si512(INTERLEAVE_SECOND.as_ptr().cast()),
            )
        };
        let blocks = bytes.len().min(units.len()) / BLOCK;
        let pairs = bytes.chunks_exact(BLOCK).zip(units.chunks_exact_mut(BLOCK));
        for (block, out) in pairs.take(blocks) {
            let (bytes, above_ascii) = load(block);
            let low_bytes = low_bytes(bytes, above_ascii, low);
            let high_bytes = high_bytes(bytes, above_ascii, high);
            let out = out.as_mut_ptr();
            // SAFETY: `out` is 64 units, 128 bytes: two unaligned 64-byte stores.
            unsafe {
                _mm512_storeu_si512(
                    out.cast(),
                    _mm512_permutex2var_epi8(low_bytes, first, high_bytes),
                );
                _mm512_storeu_si512(
                    out.add(32).cast(),
                    _mm512_permutex2var_epi8(low_bytes, second, high_bytes),
                );
            }
        }
        blocks * BLOCK
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub fn decode_u8(table: &HighUnits, bytes: &[u8], units: &mut [u8]) -> usize {
        let low = halves(&table.low);
        let blocks = bytes.len().min(units.len()) / BLOCK;
        let pairs = bytes.chunks_exact(BLOCK).zip(units.chunks_exact_mut(BLOCK));
        for (block, out) in pairs.take(blocks) {
            let (bytes, above_ascii) = load(block);
            let low_bytes = low_bytes(bytes, above_ascii, low);
            // SAFETY: `out` is 64 bytes.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), low_bytes) };
        }
        blocks * BLOCK
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub fn find_wide(table: &HighUnits, bytes: &[u8]) -> (bool, usize) {
        let high = halves(&table.high);
        let mut looked = 0;
        for block in bytes.chunks_exact(BLOCK) {
            looked += BLOCK;
            let (bytes, above_ascii) = load(block);
            let high_bytes = high_bytes(bytes, above_ascii, high);
            if _mm512_test_epi8_mask(high_bytes, high_bytes) != 0 {
                return (true, looked);
            }
        }
        (false, looked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codecs::SINGLE_BYTE_NAMES;

    /// Pseudo-random bytes, mostly above ASCII, from a linear congruential generator.
    fn bytes(length: usize, seed: u64) -> Vec<u8> {
        let mut state = seed;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as u8
        };
        (0..length).map(|_| next()).collect()
    }

    #[test]
    fn blocks_decode_as_the_table_does() {
        if !has_vbmi() {
            eprintln!("no AVX-512 VBMI here: the scalar loops decode everything");
            return;
        }
        for name in SINGLE_BYTE_NAMES {
            let table = crate::codecs::single_byte(name).unwrap();
            for length in [0, 1, 63, 64, 65, 200, 4096] {
                let input = bytes(length, length as u64);
                let want: Vec<u16> = input.iter().map(|&b| table.decode(b) as u32 as u16).collect();
                let high =
                    HighUnits::new(&std::array::from_fn(|b| table.decode(b as u8) as u32 as u16));
                let mut wide = vec![0u16; length];
                let done = high.decode_u16(&input, &mut wide);
                assert_eq!(done, length / 64 * 64);
                assert_eq!(wide[..done], want[..done], "{name}");
                let mut narrow = vec![0u8; length];
                assert_eq!(high.decode_u8(&input, &mut narrow), done);
                let narrowed: Vec<u8> = want.iter().map(|&unit| unit as u8).collect();
                assert_eq!(narrow[..done], narrowed[..done], "{name}");
                let (found, looked) = high.find_wide(&input);
                let first_wide = want.iter().position(|&unit| unit > 0xFF);
                match first_wide {
                    Some(at) if at < done => assert!(found && looked == (at / 64 + 1) * 64),
                    _ => assert!(!found && looked == done, "{name} {length}"),
                }
            }
        }
    }
}
