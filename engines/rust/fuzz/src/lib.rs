//! What each fuzz target does with its input: read it with one of the crate's deserializers and,
//! when the crate accepts it, do what a reader of an imported image does (query it, merge it,
//! write it again and read that back). An `Err` is the crate refusing the bytes, which is fine;
//! a panic, an abort or a hang is a finding (docs/fuzzing.md, "Rust: cargo-fuzz").

use std::hint::black_box;

use datasketches::bloom::BloomFilter;
use datasketches::common::{NumStdDev, SearchCriteria};
use datasketches::countmin::{CountMinSketch, CountMinValue, UnsignedCountMinValue};
use datasketches::cpc::{CpcSketch, CpcUnion, CpcWrapper};
use datasketches::frequencies::{ErrorType, FrequentItemValue, FrequentItemsSketch};
use datasketches::hll::{HllSketch, HllType, HllUnion};
use datasketches::kll::{KllSketch, KllValue};
use datasketches::req::{ReqSketch, ReqValue};
use datasketches::tdigest::TDigestMut;
use datasketches::theta::{CompactThetaSketch, ThetaUnionBuilder};
use datasketches::tuple::{CompactTupleSketch, TupleSummaryValue};

/// The update seeds of the committed corpora (the default 9001 first): an image of another seed
/// is refused at its seed hash, so each reader that takes a seed tries these in turn.
const SEEDS: [u64; 4] = [9001, 24301, 123456789, 42];

const RANKS: [f64; 5] = [0.0, 0.25, 0.5, 0.99, 1.0];

/// Reads with the first seed the image's seed hash matches.
fn with_seeds<T, E>(data: &[u8], read: impl Fn(&[u8], u64) -> Result<T, E>) -> Option<T> {
    seeded(data, read).map(|(value, _)| value)
}

/// The same, and the seed that matched.
fn seeded<T, E>(data: &[u8], read: impl Fn(&[u8], u64) -> Result<T, E>) -> Option<(T, u64)> {
    SEEDS.iter().find_map(|&seed| read(data, seed).ok().map(|value| (value, seed)))
}

pub fn hll(data: &[u8]) {
    let Ok(sketch) = HllSketch::deserialize(data) else { return };
    black_box((sketch.estimate(), sketch.composite_estimate(), sketch.is_empty()));
    black_box((sketch.lower_bound(NumStdDev::Two), sketch.upper_bound(NumStdDev::Three)));
    let image = sketch.serialize();
    black_box(HllSketch::deserialize(&image).map(|again| again.estimate()).ok());
    // A union takes the sketch apart register by register, as a service merging imports does.
    let Ok(mut union) = HllUnion::new(sketch.lg_config_k().clamp(4, 21)) else { return };
    union.update(&sketch);
    black_box(union.estimate());
    black_box(union.to_sketch(HllType::Hll4).serialize());
}

fn theta_read(data: &[u8]) -> Option<(CompactThetaSketch, u64)> {
    seeded(data, CompactThetaSketch::deserialize_with_seed)
}

/// Theta, written again in the plain compact form.
pub fn theta(data: &[u8]) {
    let Some((sketch, seed)) = theta_read(data) else { return };
    black_box((sketch.estimate(), sketch.theta(), sketch.num_retained(), sketch.is_estimation_mode()));
    black_box((sketch.lower_bound(NumStdDev::One), sketch.upper_bound(NumStdDev::Three)));
    black_box(sketch.iter().map(|e| e.hash()).fold(0u64, |a, h| a ^ h));
    if let Ok(mut union) = ThetaUnionBuilder::default().seed(seed).build() {
        if union.update(&sketch).is_ok() {
            black_box(union.to_sketch(true).estimate());
        }
    }
    let image = sketch.serialize();
    black_box(theta_read(&image).map(|(again, _)| again.estimate()));
}

/// Theta, written again in the compressed form (serial version 4), which packs the hashes in bits.
pub fn theta_compressed(data: &[u8]) {
    let Some((sketch, _)) = theta_read(data) else { return };
    let image = sketch.serialize_compressed();
    black_box(theta_read(&image).map(|(again, _)| again.estimate()));
}

pub fn cpc(data: &[u8]) {
    let Some(sketch) = with_seeds(data, CpcSketch::deserialize_with_seed) else { return };
    black_box((sketch.estimate(), sketch.lg_k(), sketch.is_empty()));
    black_box((sketch.lower_bound(NumStdDev::Two), sketch.upper_bound(NumStdDev::Two)));
    let image = sketch.serialize();
    black_box(with_seeds(&image, CpcSketch::deserialize_with_seed).map(|again| again.estimate()));
    for &seed in &SEEDS {
        if let Ok(mut union) = CpcUnion::with_seed(sketch.lg_k(), seed) {
            if union.update(&sketch).is_ok() {
                black_box(union.to_sketch().serialize());
                break;
            }
        }
    }
}

/// CpcWrapper reads the estimate straight from the image, without decompressing the table.
pub fn cpc_wrapper(data: &[u8]) {
    let Ok(wrapper) = CpcWrapper::new(data) else { return };
    black_box((wrapper.estimate(), wrapper.lg_k(), wrapper.is_empty()));
    black_box((wrapper.lower_bound(NumStdDev::One), wrapper.upper_bound(NumStdDev::Three)));
}

pub fn frequent_items<T>(data: &[u8])
where
    T: FrequentItemValue + Eq + std::hash::Hash + Clone,
{
    let Ok(sketch) = FrequentItemsSketch::<T>::deserialize(data) else { return };
    black_box((sketch.total_weight(), sketch.maximum_error(), sketch.num_active_items(), sketch.epsilon()));
    let rows = sketch.frequent_items(ErrorType::NoFalseNegatives);
    for row in rows.iter().take(4) {
        black_box((sketch.estimate(row.item()), sketch.upper_bound(row.item()), sketch.lower_bound(row.item())));
    }
    let image = sketch.serialize();
    black_box(FrequentItemsSketch::<T>::deserialize(&image).map(|again| again.total_weight()).ok());
    if let Ok(mut merged) = FrequentItemsSketch::<T>::new(1 << sketch.lg_max_map_size().clamp(3, 12)) {
        merged.merge(&sketch);
        black_box(merged.serialize());
    }
}

pub fn kll<T>(data: &[u8])
where
    T: KllValue + Ord + Clone,
{
    let Ok(sketch) = KllSketch::<T>::deserialize(data) else { return };
    black_box((sketch.n(), sketch.k(), sketch.num_retained(), sketch.normalized_rank_error()));
    black_box((sketch.min_item().cloned(), sketch.max_item().cloned()));
    for rank in RANKS {
        if let Ok(Some(item)) = sketch.quantile(rank, SearchCriteria::Inclusive) {
            black_box(sketch.rank(&item, SearchCriteria::Exclusive));
        }
    }
    let image = sketch.serialize();
    black_box(KllSketch::<T>::deserialize(&image).map(|again| again.n()).ok());
    let mut merged = KllSketch::<T>::default();
    if merged.merge(&sketch).is_ok() {
        black_box(merged.quantile(0.5, SearchCriteria::Inclusive).ok());
    }
}

pub fn req<T>(data: &[u8])
where
    T: ReqValue + Ord + Clone,
{
    let Ok(sketch) = ReqSketch::<T>::deserialize(data) else { return };
    black_box((sketch.n(), sketch.k(), sketch.num_retained(), sketch.is_estimation_mode()));
    black_box((sketch.min_item().cloned(), sketch.max_item().cloned(), sketch.iter().count()));
    for rank in RANKS {
        if let Ok(Some(item)) = sketch.quantile(rank, SearchCriteria::Inclusive) {
            black_box(sketch.rank(&item, SearchCriteria::Exclusive));
        }
        black_box(sketch.rank_lower_bound(rank, NumStdDev::Two));
    }
    let image = sketch.serialize();
    black_box(ReqSketch::<T>::deserialize(&image).map(|again| again.n()).ok());
    let mut merged = ReqSketch::<T>::default();
    if merged.merge(&sketch).is_ok() {
        black_box(merged.quantile(0.5, SearchCriteria::Inclusive).ok());
    }
}

pub fn tuple<S>(data: &[u8])
where
    S: TupleSummaryValue + Clone,
{
    let Some(sketch) = with_seeds(data, CompactTupleSketch::<S>::deserialize_with_seed) else { return };
    black_box((sketch.estimate(), sketch.theta(), sketch.num_retained(), sketch.is_ordered()));
    black_box((sketch.lower_bound(NumStdDev::One), sketch.upper_bound(NumStdDev::Three)));
    black_box(sketch.iter().count());
    let image = sketch.serialize();
    black_box(with_seeds(&image, CompactTupleSketch::<S>::deserialize_with_seed).map(|again| again.estimate()));
}

/// t-digest of doubles (`deserialize`) or an image of floats read into doubles (`deserialize_f32`).
pub fn tdigest(data: &[u8], floats: bool) {
    let read = if floats { TDigestMut::deserialize_f32 } else { TDigestMut::deserialize };
    let Ok(mut digest) = read(data) else { return };
    black_box((digest.k(), digest.total_weight(), digest.min_value(), digest.max_value()));
    for rank in RANKS {
        black_box(digest.quantile(rank).ok());
    }
    black_box(digest.rank(0.5).ok());
    black_box(digest.cdf(&[-1.0, 0.0, 1.0]).ok());
    let image = digest.serialize();
    black_box(TDigestMut::deserialize(&image).map(|again| again.total_weight()).ok());
    let frozen = digest.freeze();
    black_box(frozen.quantile(0.5).ok());
    black_box(frozen.serialize());
}

pub fn bloom(data: &[u8]) {
    let Ok(filter) = BloomFilter::deserialize(data) else { return };
    black_box((filter.bits_used(), filter.capacity(), filter.num_hashes(), filter.load_factor()));
    black_box((filter.contains(&1u64), filter.contains(&"a"), filter.estimated_fpp()));
    let image = filter.serialize();
    black_box(BloomFilter::deserialize(&image).map(|again| again.bits_used()).ok());
    let mut copy = filter.clone();
    black_box(copy.union(&filter).is_ok());
    copy.insert(7u64);
    black_box(copy.contains(&7u64));
}

fn countmin_query<T: CountMinValue>(sketch: &CountMinSketch<T>) {
    black_box((sketch.num_hashes(), sketch.num_buckets(), sketch.relative_error(), sketch.is_empty()));
    black_box((sketch.estimate(1u64), sketch.lower_bound("a"), sketch.upper_bound(-1i64)));
    let image = sketch.serialize();
    black_box(with_seeds(&image, CountMinSketch::<T>::deserialize_with_seed).map(|again| again.num_buckets()));
    let mut merged = sketch.clone();
    black_box(merged.merge(sketch).is_ok());
}

/// Count-min with signed counters (i64, and i8 whose range check is the narrowest).
pub fn countmin_signed(data: &[u8]) {
    if let Some(sketch) = with_seeds(data, CountMinSketch::<i64>::deserialize_with_seed) {
        countmin_query(&sketch);
    }
    if let Some(sketch) = with_seeds(data, CountMinSketch::<i8>::deserialize_with_seed) {
        countmin_query(&sketch);
    }
}

fn countmin_decay<T: UnsignedCountMinValue>(mut sketch: CountMinSketch<T>) {
    countmin_query(&sketch);
    sketch.halve();
    sketch.decay(0.5);
    black_box(sketch.total_weight());
}

/// Count-min with unsigned counters (u64, u8), which can also be halved and decayed.
pub fn countmin_unsigned(data: &[u8]) {
    if let Some(sketch) = with_seeds(data, CountMinSketch::<u64>::deserialize_with_seed) {
        countmin_decay(sketch);
    }
    if let Some(sketch) = with_seeds(data, CountMinSketch::<u8>::deserialize_with_seed) {
        countmin_decay(sketch);
    }
}
