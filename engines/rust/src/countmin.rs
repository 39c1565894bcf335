//! The Count-min steps of sketches/countmin/countmin_steps.json on datasketches::countmin:
//! CountMinSketch<i64> (long counters; the crate has integer counters only).
//!
//! The crate lacks, and the step answers unsupported:
//!   - create and deserialize with weight=double (no floating-point counters);
//!   - update and estimate with a string item that is not valid UTF-8 (a &str cannot hold it);
//!   - merge of a sketch with itself (the borrow checker refuses `s.merge(&s)`);
//!   - the query to_string (compared between native builds only), for itself only.
//! Items reach the crate's generic `update_with_weight<I: Hash>` as a Rust user gives them: an
//! i64, a &str, a &[u8]. serialized_size is the length of serialize().

use std::collections::HashMap;

use datasketches::countmin::CountMinSketch;

use crate::observe::Observations;
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

pub fn family() -> Family {
    Family {
        name: "countmin",
        steps: &["create", "update", "merge", "serialize", "deserialize", "estimate", "suggest", "query"],
        lacks: &[
            "create/deserialize weight=double: the crate's counters are integers",
            "update/estimate with a string that is not UTF-8: &str",
            "merge of a sketch with itself: the borrow checker refuses it",
            "query to_string: native-only",
        ],
        new_stage: || Box::new(CountminStage::default()),
    }
}

#[derive(Default)]
struct CountminStage {
    slots: HashMap<String, CountMinSketch<i64>>,
}

/// What a create or deserialize step needs of the crate: long counters.
fn long_counters(op: &Op) -> Result<(), StepError> {
    match op.str("weight")? {
        "long" => Ok(()),
        "double" => Err(unsupported(format!("{}.{}", op.sketch(), op.step()), "the crate's counters are integers")),
        other => Err(rejected(format!("weight: '{other}' is neither long nor double"))),
    }
}

fn utf8<'a>(name: &str, b: &'a [u8]) -> Result<&'a str, StepError> {
    std::str::from_utf8(b).map_err(|_| unsupported(name.to_string(), "a string item is not UTF-8"))
}

fn estimate(s: &CountMinSketch<i64>, items: Items, prefix: &str, obs: &mut Observations) -> Result<(), StepError> {
    let mut answers: Vec<(i64, i64, i64)> = Vec::new();
    match items {
        Items::Longs(v) => v.iter().for_each(|x| answers.push((s.estimate(x), s.lower_bound(x), s.upper_bound(x)))),
        Items::Strings(v) => {
            for b in v {
                let x = utf8(&format!("{prefix}.estimate"), b)?;
                answers.push((s.estimate(x), s.lower_bound(x), s.upper_bound(x)));
            }
        }
        Items::ByteArrays(v) => v.iter().for_each(|x| answers.push((s.estimate(x), s.lower_bound(x), s.upper_bound(x)))),
        Items::Doubles(_) => return Err(rejected("Count-min takes long, string or bytes items")),
    }
    for (i, a) in answers.iter().enumerate() {
        obs.int(&format!("{prefix}.estimate[{i}]"), a.0);
    }
    for (i, a) in answers.iter().enumerate() {
        obs.int(&format!("{prefix}.lower_bound[{i}]"), a.1);
    }
    for (i, a) in answers.iter().enumerate() {
        obs.int(&format!("{prefix}.upper_bound[{i}]"), a.2);
    }
    Ok(())
}

impl CountminStage {
    fn slot(&mut self, name: &str) -> Result<&mut CountMinSketch<i64>, StepError> {
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }
}

impl FamilyStage for CountminStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                long_counters(op)?;
                let hashes = op.int("num_hashes")? as u8;
                let buckets = op.int("num_buckets")? as u32;
                let s = match op.opt_int("seed") {
                    Some(seed) => CountMinSketch::with_seed(hashes, buckets, seed as u64)?,
                    None => CountMinSketch::new(hashes, buckets)?,
                };
                self.slots.insert(name.into(), s);
            }
            "update" => {
                let items = items.ok_or_else(|| rejected("update: no items"))?;
                let weight = op.opt_int("weight").unwrap_or(1);
                let s = self.slot(name)?;
                match items {
                    Items::Longs(v) => v.iter().for_each(|x| s.update_with_weight(x, weight)),
                    Items::Strings(v) => {
                        for b in v {
                            s.update_with_weight(utf8(&format!("{name}.update"), b)?, weight);
                        }
                    }
                    Items::ByteArrays(v) => v.iter().for_each(|x| s.update_with_weight(x, weight)),
                    Items::Doubles(_) => return Err(rejected("Count-min takes long, string or bytes items")),
                }
            }
            "merge" => {
                let from = op.str("from")?;
                if from == name {
                    // `merge(&mut self, &other)` cannot take the sketch itself: the borrow checker refuses it.
                    return Err(unsupported(format!("{name}.merge"), "a Rust caller cannot merge a sketch with itself"));
                } else {
                    let other = self.slots.get(from).cloned().ok_or_else(|| rejected(format!("slot '{from}' does not exist")))?;
                    self.slot(name)?.merge(&other)?;
                }
            }
            "serialize" => {
                if op.str("form")? != "compact" {
                    return Err(rejected("form: Count-min images are compact"));
                }
                let image = self.slot(name)?.serialize();
                io.obs.bytes(&format!("{}.compact", op.out()), image);
            }
            "deserialize" => {
                long_counters(op)?;
                let image = io.image(op.str("image")?)?;
                let s = match op.opt_int("seed") {
                    Some(seed) => CountMinSketch::deserialize_with_seed(&image, seed as u64)?,
                    None => CountMinSketch::deserialize(&image)?,
                };
                self.slots.insert(name.into(), s);
            }
            "estimate" => {
                let items = items.ok_or_else(|| rejected("estimate: no items"))?;
                let prefix = op.out().to_string();
                let s = self.slot(name)?;
                estimate(s, items, &prefix, &mut io.obs)?;
            }
            "suggest" => {
                let as_ = op.out();
                if let Some(text) = op.opt_str("relative_error") {
                    let e: f64 = text.parse().map_err(|_| rejected("relative_error: not a number"))?;
                    let n = CountMinSketch::<i64>::suggest_num_buckets(e)?;
                    io.obs.int(&format!("{as_}.num_buckets"), i64::from(n));
                }
                if let Some(text) = op.opt_str("confidence") {
                    let c: f64 = text.parse().map_err(|_| rejected("confidence: not a number"))?;
                    let n = CountMinSketch::<i64>::suggest_num_hashes(c)?;
                    io.obs.int(&format!("{as_}.num_hashes"), i64::from(n));
                }
            }
            "query" => {
                let prefix = op.out().to_string();
                let s = self.slot(name)?;
                for q in op.queries() {
                    let field = format!("{prefix}.{q}");
                    match q {
                        "total_weight" => io.obs.int(&field, s.total_weight()),
                        "num_hashes" => io.obs.int(&field, i64::from(s.num_hashes())),
                        "num_buckets" => io.obs.int(&field, i64::from(s.num_buckets())),
                        "seed" => io.obs.int(&field, s.seed() as i64),
                        "relative_error" => io.obs.double(&field, s.relative_error()),
                        "is_empty" => io.obs.bool(&field, s.is_empty()),
                        "serialized_size" => io.obs.int(&field, s.serialize().len() as i64),
                        "to_string" => io.obs.unsupported(&field, "a native-only observation"),
                        other => return Err(rejected(format!("queries: unknown query '{other}'"))),
                    }
                }
            }
            other => return Err(rejected(format!("'{other}' is not a countmin step"))),
        }
        Ok(())
    }
}
