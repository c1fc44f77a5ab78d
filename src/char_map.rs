//! A map from every character to a small value, for the questions asked of each character of
//! a text (a decoder's byte roles, which legacy pairs write it): the BMP in pages of 256
//! entries, equal pages shared, and the few astral characters in a sorted list. A lookup is
//! two loads where a hash map hashes and probes.

use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The value of every code point: the default for those the map was not given.
///
/// ```
/// use _core::char_map::CharMap;
/// let map = CharMap::new(&[('é', 1u8), ('𠀀', 2)].into_iter().collect());
/// assert_eq!((map.get('é'), map.get('𠀀'), map.get('e'), map.get('😀')), (1, 2, 0, 0));
/// ```
pub struct CharMap<T> {
    page_of: Vec<u16>,
    pages: Vec<[u32; 256]>,
    values: Vec<T>,
    astral: Vec<(char, T)>,
}

impl<T: Copy + Default + Eq + Hash> CharMap<T> {
    /// The map of `values` (every other character gets `T::default()`).
    pub fn new(values: &FxHashMap<char, T>) -> CharMap<T> {
        let mut distinct = vec![T::default()];
        let mut index_of = FxHashMap::default();
        index_of.insert(T::default(), 0u32);
        let mut pages: Vec<[u32; 256]> = vec![[0; 256]];
        let mut page_of = vec![0u16; 256];
        let mut page_index = FxHashMap::default();
        page_index.insert([0u32; 256], 0u16);
        for (page, slot) in page_of.iter_mut().enumerate() {
            let mut entries = [0u32; 256];
            for (low, entry) in entries.iter_mut().enumerate() {
                let Some(c) = char::from_u32(((page << 8) | low) as u32) else {
                    continue;
                };
                if let Some(&value) = values.get(&c) {
                    *entry = *index_of.entry(value).or_insert_with(|| {
                        distinct.push(value);
                        (distinct.len() - 1) as u32
                    });
                }
            }
            *slot = *page_index.entry(entries).or_insert_with(|| {
                pages.push(entries);
                (pages.len() - 1) as u16
            });
        }
        let mut astral: Vec<(char, T)> =
            values.iter().filter(|(&c, _)| c as u32 >= 0x10000).map(|(&c, &v)| (c, v)).collect();
        astral.sort_by_key(|&(c, _)| c);
        CharMap { page_of, pages, values: distinct, astral }
    }

    /// The value of `c`. (Asked of every character of the one pass: the BMP's lookup is
    /// inlined there, the astral characters' search is not.)
    #[inline(always)]
    pub fn get(&self, c: char) -> T {
        *self.get_ref(c)
    }

    /// [`CharMap::get`], read in place: a caller that asks a few fields of a large value
    /// loads them from the table, not from a copy it has just stored (which a processor may
    /// not forward from a store of another width).
    #[inline(always)]
    pub fn get_ref(&self, c: char) -> &T {
        let code_point = c as usize;
        if code_point >= 0x10000 {
            return self.get_astral(c);
        }
        let page = self.page_of[code_point >> 8] as usize;
        &self.values[self.pages[page][code_point & 0xFF] as usize]
    }

    #[cold]
    #[inline(never)]
    fn get_astral(&self, c: char) -> &T {
        match self.astral.binary_search_by_key(&c, |&(k, _)| k) {
            Ok(i) => &self.astral[i].1,
            Err(_) => &self.values[0],
        }
    }
}
