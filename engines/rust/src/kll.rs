//! The KLL steps of sketches/kll/kll_steps.json on datasketches::kll (0.6.0 on): KllSketch of
//! KllFloat<f64>, KllFloat<f32>, i64 and String.
//!
//! Random bits: the crate compacts with `common::random::random_bit`, a thread-local SplitMix64
//! seeded from std's RandomState, and has no public call that seeds it. A case's `seed` cannot be
//! honoured, so an update or merge that compacted (fewer items retained than it added) made a
//! sketch of bits nobody chose: as for the Python engine (docs/case-format.md), the step answers
//! "<sketch>.<step>" unsupported and the slot is unusable from there on; with `seed_optional`
//! (an accuracy study, judged against the truth) it compacts with the crate's own bits and the
//! field "lang.random_bits" says so. Steps that do not compact are compared like any other.
//!
//! NaN: KllFloat::new refuses it, so a NaN item is skipped, as C++ and Java skip it on update.
//! The crate lacks, and the step answers unsupported: copy by move (its merge and clone borrow),
//! merge how=move, deserialize mode=wrap (Java only), the queries to_string and heap_bytes
//! (native-only). Not declared: convert (no KllSketch<f64> from a KllSketch<f32>).
//! An empty sketch has no min, max, quantile or rank (None): reported as that step's error, as C++
//! and Java throw there. serialized_size is the length of serialize().

use std::collections::HashMap;

use datasketches::common::SearchCriteria;
use datasketches::kll::{KllFloat, KllSketch, KllValue};

use crate::observe::Observations;
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

pub fn family() -> Family {
    Family {
        name: "kll",
        steps: &["create", "update", "merge", "serialize", "deserialize", "copy", "query"],
        lacks: &[
            "update/merge that compacts under a seed: the crate's random bits cannot be seeded",
            "copy how=move_construct/move_assign, merge how=move: borrows only",
            "deserialize mode=wrap: Java only",
            "queries to_string, heap_bytes: native-only",
        ],
        new_stage: || Box::new(KllStage::default()),
    }
}

/// An item type of the vocabulary on the crate.
trait Item: KllValue + Clone + Ord + Sized {
    /// The items of a tape of this type's kind, NaN left out.
    fn from_tape(items: Items) -> Result<Vec<Self>, StepError>;
    /// A grid point of the case.
    fn parse(text: &str) -> Result<Self, StepError>;
    fn observe(&self, obs: &mut Observations, name: &str);
}

fn wrong_tape() -> StepError {
    rejected("the items do not fit the slot's item type")
}

fn bad_point(text: &str) -> StepError {
    rejected(format!("points: '{text}' is not an item of the slot"))
}

impl Item for KllFloat<f64> {
    fn from_tape(items: Items) -> Result<Vec<Self>, StepError> {
        let Items::Doubles(v) = items else { return Err(wrong_tape()) };
        Ok(v.into_iter().filter_map(|x| KllFloat::<f64>::new(x).ok()).collect())
    }
    fn parse(text: &str) -> Result<Self, StepError> {
        text.parse::<f64>().ok().and_then(|x| KllFloat::<f64>::new(x).ok()).ok_or_else(|| bad_point(text))
    }
    fn observe(&self, obs: &mut Observations, name: &str) {
        obs.double(name, **self)
    }
}

impl Item for KllFloat<f32> {
    fn from_tape(items: Items) -> Result<Vec<Self>, StepError> {
        let Items::Doubles(v) = items else { return Err(wrong_tape()) };
        Ok(v.into_iter().filter_map(|x| KllFloat::<f32>::new(x as f32).ok()).collect())
    }
    fn parse(text: &str) -> Result<Self, StepError> {
        // Rounded to float as strtof would.
        text.parse::<f32>().ok().and_then(|x| KllFloat::<f32>::new(x).ok()).ok_or_else(|| bad_point(text))
    }
    fn observe(&self, obs: &mut Observations, name: &str) {
        obs.double(name, f64::from(**self))
    }
}

impl Item for i64 {
    fn from_tape(items: Items) -> Result<Vec<Self>, StepError> {
        let Items::Longs(v) = items else { return Err(wrong_tape()) };
        Ok(v)
    }
    fn parse(text: &str) -> Result<Self, StepError> {
        text.parse().map_err(|_| bad_point(text))
    }
    fn observe(&self, obs: &mut Observations, name: &str) {
        obs.int(name, *self)
    }
}

impl Item for String {
    fn from_tape(items: Items) -> Result<Vec<Self>, StepError> {
        let Items::Strings(v) = items else { return Err(wrong_tape()) };
        v.into_iter()
            .map(|b| String::from_utf8(b.to_vec()))
            .collect::<Result<_, _>>()
            .map_err(|_| rejected("a string item is not UTF-8"))
    }
    fn parse(text: &str) -> Result<Self, StepError> {
        Ok(text.to_string())
    }
    fn observe(&self, obs: &mut Observations, name: &str) {
        obs.string(name, self)
    }
}

enum Slot {
    Double(KllSketch<KllFloat<f64>>),
    Float(KllSketch<KllFloat<f32>>),
    Long(KllSketch<i64>),
    String(KllSketch<String>),
}

/// Runs `$body` with `$s` bound to the slot's sketch, whatever its item type.
macro_rules! with_sketch {
    ($slot:expr, $s:ident => $body:expr) => {
        match $slot {
            Slot::Double($s) => $body,
            Slot::Float($s) => $body,
            Slot::Long($s) => $body,
            Slot::String($s) => $body,
        }
    };
}

/// A slot of the item type `$item` names, holding `$make` (its sketch type inferred from the slot).
macro_rules! slot_of_item {
    ($item:expr, $make:expr) => {
        match $item {
            "double" => Slot::Double($make),
            "float" => Slot::Float($make),
            "long" => Slot::Long($make),
            "string" => Slot::String($make),
            other => return Err(rejected(format!("item: '{other}' is not double, float, long or string"))),
        }
    };
}

fn empty(query: &str) -> StepError {
    StepError::Library {
        class: "datasketches::kll::KllSketch: None".into(),
        message: format!("{query} is undefined for an empty sketch"),
    }
}

fn criteria(q: &str) -> SearchCriteria {
    if q.ends_with("_excl") { SearchCriteria::Exclusive } else { SearchCriteria::Inclusive }
}

fn points<T: Item>(op: &Op) -> Result<Vec<T>, StepError> {
    let texts = op.get("points").and_then(|v| v.as_array()).cloned().unwrap_or_default();
    texts.iter().map(|v| T::parse(v.as_str().unwrap_or(""))).collect()
}

fn query<T: Item>(s: &KllSketch<T>, op: &Op, obs: &mut Observations) -> Result<(), StepError> {
    let prefix = op.out();
    let ranks = op.decimals("ranks")?;
    let points: Vec<T> = points(op)?;
    for q in op.queries() {
        let name = format!("{prefix}.{q}");
        match q {
            "n" => obs.int(&name, s.n() as i64),
            "k" => obs.int(&name, s.k().into()),
            "num_retained" => obs.int(&name, s.num_retained() as i64),
            "is_empty" => obs.bool(&name, s.is_empty()),
            "is_estimation_mode" => obs.bool(&name, s.is_estimation_mode()),
            "min" => s.min_item().ok_or_else(|| empty(q))?.observe(obs, &name),
            "max" => s.max_item().ok_or_else(|| empty(q))?.observe(obs, &name),
            "rank_error" => obs.double(&name, s.normalized_rank_error()),
            "rank_error_pmf" => obs.double(&name, s.normalized_pmf_error()),
            "serialized_size" => obs.int(&name, s.serialize().len() as i64),
            "to_string" | "heap_bytes" => obs.unsupported(&name, "a native-only observation"),
            "quantiles" | "quantiles_excl" => {
                for (i, r) in ranks.iter().enumerate() {
                    s.quantile(*r, criteria(q))?.ok_or_else(|| empty(q))?.observe(obs, &format!("{name}[{i}]"));
                }
            }
            "ranks" | "ranks_excl" => {
                for (i, p) in points.iter().enumerate() {
                    obs.double(&format!("{name}[{i}]"), s.rank(p, criteria(q)).ok_or_else(|| empty(q))?);
                }
            }
            "pmf" | "pmf_excl" | "cdf" | "cdf_excl" => {
                let values = if q.starts_with("pmf") { s.pmf(&points, criteria(q))? } else { s.cdf(&points, criteria(q))? };
                for (i, v) in values.ok_or_else(|| empty(q))?.iter().enumerate() {
                    obs.double(&format!("{name}[{i}]"), *v);
                }
            }
            _ => return Err(rejected(format!("queries: unknown query '{q}'"))),
        }
    }
    Ok(())
}

#[derive(Default)]
struct KllStage {
    slots: HashMap<String, Slot>,
    /// Whether a seed_optional step compacted with the crate's own bits ("lang.random_bits").
    own_bits: bool,
}

impl KllStage {
    fn slot(&mut self, name: &str) -> Result<&mut Slot, StepError> {
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }

    /// A step compacted: its random bits were the crate's, not the case's.
    fn compacted(&mut self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let step = op.step();
        if op.get("seed_optional").and_then(|v| v.as_bool()) != Some(true) {
            return Err(unsupported(
                format!("{}.{step}", op.sketch()),
                format!("this {step} compacted, and the crate cannot pin the random bits of KLL compactions"),
            ));
        }
        if !self.own_bits {
            self.own_bits = true;
            io.obs.unsupported("lang.random_bits", "the crate cannot pin the random bits of KLL compactions: this case compacted with its own");
        }
        Ok(())
    }
}

impl FamilyStage for KllStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                let k = u16::try_from(op.int("k")?).map_err(|_| rejected("k: not in 0..65535"))?;
                let slot = slot_of_item!(op.str("item")?, KllSketch::new(k)?);
                self.slots.insert(name.into(), slot);
            }
            "update" => {
                let items = items.ok_or_else(|| rejected("update: no items"))?;
                let compacted = with_sketch!(self.slot(name)?, s => {
                    let items = Item::from_tape(items)?;
                    let expected = s.num_retained() + items.len();
                    items.into_iter().for_each(|x| s.update(x));
                    s.num_retained() < expected
                });
                if compacted {
                    self.compacted(op, io)?;
                }
            }
            "merge" => {
                if op.opt_str("how") == Some("move") {
                    return Err(unsupported(format!("{name}.merge"), "KllSketch::merge borrows: no move"));
                }
                let from = op.str("from")?;
                let other = self.slots.remove(from).ok_or_else(|| rejected(format!("slot '{from}' does not exist")))?;
                let merged = match (self.slot(name), &other) {
                    (Err(e), _) => Err(e),
                    (Ok(Slot::Double(s)), Slot::Double(o)) => merge(s, o),
                    (Ok(Slot::Float(s)), Slot::Float(o)) => merge(s, o),
                    (Ok(Slot::Long(s)), Slot::Long(o)) => merge(s, o),
                    (Ok(Slot::String(s)), Slot::String(o)) => merge(s, o),
                    _ => Err(rejected(format!("merge: '{from}' holds another item type than '{name}'"))),
                };
                self.slots.insert(from.into(), other);
                if merged? {
                    self.compacted(op, io)?;
                }
            }
            "serialize" => {
                if op.str("form")? != "compact" {
                    return Err(rejected("form: KLL images are compact"));
                }
                let image = with_sketch!(self.slot(name)?, s => s.serialize());
                io.obs.bytes(&format!("{}.compact", op.out()), image);
            }
            "deserialize" => {
                if op.opt_str("mode").unwrap_or("heapify") == "wrap" {
                    return Err(unsupported(format!("{name}.deserialize"), "wrap is a Java-only operation"));
                }
                let image = io.image(op.str("image")?)?;
                let slot = slot_of_item!(op.str("item")?, KllSketch::deserialize(&image)?);
                self.slots.insert(name.into(), slot);
            }
            "copy" => {
                if op.opt_str("how").is_some_and(|h| h.starts_with("move")) {
                    return Err(unsupported(format!("{name}.copy"), "a Rust move leaves no source to compare"));
                }
                let from = op.str("from")?;
                let copy = match self.slot(from)? {
                    Slot::Double(s) => Slot::Double(s.clone()),
                    Slot::Float(s) => Slot::Float(s.clone()),
                    Slot::Long(s) => Slot::Long(s.clone()),
                    Slot::String(s) => Slot::String(s.clone()),
                };
                self.slots.insert(name.into(), copy);
            }
            "query" => with_sketch!(self.slot(name)?, s => query(s, op, &mut io.obs))?,
            other => return Err(rejected(format!("'{other}' is not a kll step"))),
        }
        Ok(())
    }
}

/// Merges `o` into `s`; whether it compacted.
fn merge<T: Item>(s: &mut KllSketch<T>, o: &KllSketch<T>) -> Result<bool, StepError> {
    let expected = s.num_retained() + o.num_retained();
    s.merge(o)?;
    Ok(s.num_retained() < expected)
}
