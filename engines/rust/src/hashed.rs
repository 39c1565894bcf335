//! Update steps of the hashing families (HLL, Theta, CPC, Tuple): the crate hashes anything `Hash`, and
//! its hash::value module says which wrapper matches C++ and Java for each item kind. Longs go as
//! i64 (eight little-endian bytes), doubles through canonical_float (C++ and Java canonicalize
//! -0.0 and NaN), strings and byte arrays through raw_bytes (no Rust length prefix). "Their
//! string update APIs skip empty strings; check is_empty before updating here as well" (the
//! crate's docs): an empty string is skipped, as the crate tells its users to. Nothing is said of
//! byte arrays, so an empty one goes to the crate as it is (C++ hashes it, Java skips it: F3).

use std::hash::Hash;

use datasketches::hash::value::{canonical_float, raw_bytes};

use crate::tape::Items;

/// Something that takes hashable items: a sketch or a union.
pub trait HashSink {
    /// `index`: the item's place in the step's stream, skipped items counted (a Tuple sketch's
    /// value depends on it, as in C++ and Java, whose update skips an empty string itself).
    fn put<T: Hash>(&mut self, index: usize, item: T);
}

pub fn update_all(items: &Items, sink: &mut impl HashSink) {
    match items {
        Items::Longs(v) => v.iter().enumerate().for_each(|(i, x)| sink.put(i, *x)),
        Items::Doubles(v) => v.iter().enumerate().for_each(|(i, x)| sink.put(i, canonical_float::from_f64(*x))),
        Items::Strings(v) => v
            .iter()
            .enumerate()
            .filter(|(_, b)| !b.is_empty())
            .for_each(|(i, b)| sink.put(i, raw_bytes::from_slice(b))),
        Items::ByteArrays(v) => v.iter().enumerate().for_each(|(i, b)| sink.put(i, raw_bytes::from_slice(b))),
    }
}

/// Something that answers hashable items (a Bloom filter's query): the counterpart of HashSink.
pub trait HashQuery {
    fn ask<T: Hash>(&mut self, item: T) -> bool;
}

/// Each item's answer, in stream order, through the same wrappers as update_all. An empty
/// string's answer is the query's too (nothing skips a query), except where `skip_empty_strings`
/// (a query that also updates): then it is absent, unasked, as update_all skips it.
pub fn ask_all(items: &Items, query: &mut impl HashQuery, skip_empty_strings: bool) -> Vec<bool> {
    match items {
        Items::Longs(v) => v.iter().map(|x| query.ask(*x)).collect(),
        Items::Doubles(v) => v.iter().map(|x| query.ask(canonical_float::from_f64(*x))).collect(),
        Items::Strings(v) => v
            .iter()
            .map(|b| !(skip_empty_strings && b.is_empty()) && query.ask(raw_bytes::from_slice(b)))
            .collect(),
        Items::ByteArrays(v) => v.iter().map(|b| query.ask(raw_bytes::from_slice(b))).collect(),
    }
}
