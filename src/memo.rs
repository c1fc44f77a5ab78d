//! A direct-mapped table of judgements by a 64-bit key: the judgements of one character and
//! its neighbours that clean text asks again and again (the survey of a one-character legacy
//! run, a multi-byte decoder's reading of one character), each kept per thread in one.
//!
//! A slot holds the latest key that maps to it: a hit is one multiplication and a compare, a
//! miss judges again and takes the slot. Nothing is ever wrong, only judged again.

/// The table: `1 << bits` slots of a key and its value.
pub struct Memo<V: Copy> {
    slots: Vec<(u64, V)>,
    bits: u32,
}

/// No key is `u64::MAX`: keys pack characters ([`char_bits`]) in at most 63 bits.
const EMPTY: u64 = u64::MAX;

impl<V: Copy> Memo<V> {
    /// A table of `1 << bits` slots, each empty (`filler` is never returned).
    pub fn new(bits: u32, filler: V) -> Memo<V> {
        Memo { slots: vec![(EMPTY, filler); 1 << bits], bits }
    }

    /// The value kept for `key`, if it is kept.
    ///
    /// ```
    /// use _core::memo::Memo;
    /// let mut memo = Memo::new(4, 0u32);
    /// assert_eq!(memo.get(7), None);
    /// memo.get_or_insert_with(7, || 49);
    /// assert_eq!(memo.get(7), Some(49));
    /// ```
    #[inline]
    pub fn get(&self, key: u64) -> Option<V> {
        let (k, value) = self.slots[self.slot(key)];
        (k == key).then_some(value)
    }

    /// The slot of `key`: Fibonacci hashing, the top bits of the product spread the keys.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// The value kept for `key`, or `judge()`'s, kept in its stead.
    ///
    /// ```
    /// use _core::memo::Memo;
    /// let mut memo = Memo::new(4, 0u32);
    /// assert_eq!(memo.get_or_insert_with(7, || 49), 49);
    /// assert_eq!(memo.get_or_insert_with(7, || unreachable!()), 49);
    /// ```
    #[inline]
    pub fn get_or_insert_with(&mut self, key: u64, judge: impl FnOnce() -> V) -> V {
        let slot = self.slot(key);
        match self.slots[slot] {
            (k, value) if k == key => value,
            _ => {
                let value = judge();
                self.slots[slot] = (key, value);
                value
            }
        }
    }
}

/// A character (or none, a text's edge) in 21 bits, for a key: none is a value no character
/// has.
#[inline]
pub fn char_bits(c: Option<char>) -> u64 {
    c.map_or(0x1F_FFFF, u64::from)
}
