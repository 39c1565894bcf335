//! The Frequent items steps of sketches/fi/fi_steps.json on datasketches::frequencies:
//! FrequentItemsSketch<i64> for long items, FrequentItemsSketch<String> for string items, each
//! with the crate's one serde (8-byte longs, UTF-8 strings).
//!
//! The crate lacks, and the step answers unsupported:
//!   - serialize and deserialize with serde utf16 (Java's ArrayOfUtf16StringsSerDe);
//!   - update with a string item that is not valid UTF-8 (a String cannot hold it);
//!   - the query to_string (compared between native builds only), for itself only.
//! `impl` (Java's two long classes) has no counterpart: one generic type serves both.
//! serialized_size is the length of serialize(): the crate has no size method.

use std::collections::HashMap;
use std::hash::Hash;

use datasketches::frequencies::{ErrorType, FrequentItemsSketch};

use crate::observe::Observations;
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

pub fn family() -> Family {
    Family {
        name: "fi",
        steps: &["create", "update", "merge", "serialize", "deserialize", "query"],
        lacks: &[
            "serialize/deserialize serde=utf16: the crate writes UTF-8 strings only",
            "update with a string that is not UTF-8: FrequentItemsSketch<String>",
            "query to_string: native-only",
        ],
        new_stage: || Box::new(FiStage::default()),
    }
}

enum Slot {
    Longs(FrequentItemsSketch<i64>),
    Strings(FrequentItemsSketch<String>),
}

#[derive(Default)]
struct FiStage {
    slots: HashMap<String, Slot>,
}

fn utf16(op: &Op) -> bool {
    op.opt_str("serde").unwrap_or("utf8") != "utf8"
}

/// The keys of a grid query, as the slot's items.
fn keys<'a>(op: &Op<'a>) -> Vec<&'a str> {
    op.get("keys").and_then(|k| k.as_array()).map(|a| a.iter().filter_map(|v| v.as_str()).collect()).unwrap_or_default()
}

/// The queries of one sketch, whatever its item type; `item` writes a row's item.
fn answer<T: Eq + Hash + Clone + datasketches::frequencies::FrequentItemValue>(
    s: &FrequentItemsSketch<T>,
    op: &Op,
    keys: &[T],
    obs: &mut Observations,
    item: impl Fn(&mut Observations, &str, &T),
) -> Result<(), StepError> {
    let prefix = op.out();
    for q in op.queries() {
        let name = format!("{prefix}.{q}");
        match q {
            "total_weight" => obs.int(&name, s.total_weight() as i64),
            "maximum_error" => obs.int(&name, s.maximum_error() as i64),
            "num_active_items" => obs.int(&name, s.num_active_items() as i64),
            "is_empty" => obs.bool(&name, s.is_empty()),
            "epsilon" => obs.double(&name, s.epsilon()),
            "serialized_size" => obs.int(&name, s.serialize().len() as i64),
            "to_string" => obs.unsupported(&name, "a native-only observation"),
            "estimate" | "lower_bound" | "upper_bound" => {
                for (i, key) in keys.iter().enumerate() {
                    let v = match q {
                        "estimate" => s.estimate(key),
                        "lower_bound" => s.lower_bound(key),
                        _ => s.upper_bound(key),
                    };
                    obs.int(&format!("{name}[{i}]"), v as i64);
                }
            }
            "frequent_nfp" | "frequent_nfn" => {
                let error_type =
                    if q == "frequent_nfp" { ErrorType::NoFalsePositives } else { ErrorType::NoFalseNegatives };
                // Without a threshold, the call a user writes: the crate's default.
                let rows = match op.opt_int("threshold") {
                    Some(t) => s.frequent_items_with_threshold(error_type, t as u64),
                    None => s.frequent_items(error_type),
                };
                obs.int(&format!("{name}.size"), rows.len() as i64);
                for (i, row) in rows.iter().enumerate() {
                    let r = format!("{name}[{i}]");
                    item(obs, &r, row.item());
                    obs.int(&format!("{r}.estimate"), row.estimate() as i64);
                    obs.int(&format!("{r}.lower_bound"), row.lower_bound() as i64);
                    obs.int(&format!("{r}.upper_bound"), row.upper_bound() as i64);
                }
            }
            _ => return Err(rejected(format!("queries: unknown query '{q}'"))),
        }
    }
    Ok(())
}

impl FiStage {
    fn slot(&mut self, name: &str) -> Result<&mut Slot, StepError> {
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }
}

impl FamilyStage for FiStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                let size = 1usize.checked_shl(op.int("lg_max_map_size")? as u32).unwrap_or(0);
                let slot = match op.str("item")? {
                    "long" => Slot::Longs(FrequentItemsSketch::new(size)?),
                    "string" => Slot::Strings(FrequentItemsSketch::new(size)?),
                    other => return Err(rejected(format!("item: '{other}' is neither long nor string"))),
                };
                self.slots.insert(name.into(), slot);
            }
            "update" => {
                let items = items.ok_or_else(|| rejected("update: no items"))?;
                let weight = op.opt_int("weight").unwrap_or(1) as u64;
                match (self.slot(name)?, items) {
                    (Slot::Longs(s), Items::Longs(v)) => v.into_iter().for_each(|x| s.update_with_count(x, weight)),
                    (Slot::Strings(s), Items::Strings(v)) => {
                        let strings: Vec<String> = v
                            .iter()
                            .map(|b| String::from_utf8(b.to_vec()))
                            .collect::<Result<_, _>>()
                            .map_err(|_| unsupported(format!("{name}.update"), "a string item is not UTF-8"))?;
                        strings.into_iter().for_each(|x| s.update_with_count(x, weight));
                    }
                    _ => return Err(rejected(format!("the items do not fit slot '{name}'"))),
                }
            }
            "merge" => {
                let from = op.str("from")?;
                let other = self.slots.remove(from).ok_or_else(|| rejected(format!("slot '{from}' does not exist")))?;
                let merged = match (self.slot(name), &other) {
                    (Err(e), _) => Err(e),
                    (Ok(Slot::Longs(s)), Slot::Longs(o)) => Ok(s.merge(o)),
                    (Ok(Slot::Strings(s)), Slot::Strings(o)) => Ok(s.merge(o)),
                    _ => Err(rejected(format!("merge: '{from}' holds another item type than '{name}'"))),
                };
                self.slots.insert(from.into(), other);
                merged?;
            }
            "serialize" => {
                if op.str("form")? != "compact" {
                    return Err(rejected("form: Frequent items images are compact"));
                }
                let field = format!("{}.compact", op.out());
                if utf16(op) {
                    // Only this field: the sketch itself is fine for the steps after it.
                    io.obs.unsupported(&field, "the crate writes UTF-8 strings only");
                    return Ok(());
                }
                let image = match self.slot(name)? {
                    Slot::Longs(s) => s.serialize(),
                    Slot::Strings(s) => s.serialize(),
                };
                io.obs.bytes(&field, image);
            }
            "deserialize" => {
                if utf16(op) {
                    return Err(unsupported(format!("{name}.deserialize"), "the crate reads UTF-8 strings only"));
                }
                let image = io.image(op.str("image")?)?;
                let slot = match op.str("item")? {
                    "long" => Slot::Longs(FrequentItemsSketch::deserialize(&image)?),
                    "string" => Slot::Strings(FrequentItemsSketch::deserialize(&image)?),
                    other => return Err(rejected(format!("item: '{other}' is neither long nor string"))),
                };
                self.slots.insert(name.into(), slot);
            }
            "query" => {
                let keys = keys(op);
                match self.slot(name)? {
                    Slot::Longs(s) => {
                        let keys: Vec<i64> = keys
                            .iter()
                            .map(|k| k.parse().map_err(|_| rejected(format!("keys: '{k}' is not a long"))))
                            .collect::<Result<_, _>>()?;
                        answer(s, op, &keys, &mut io.obs, |obs, n, x| obs.int(n, *x))?
                    }
                    Slot::Strings(s) => {
                        let keys: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
                        answer(s, op, &keys, &mut io.obs, |obs, n, x| obs.string(n, x))?
                    }
                }
            }
            other => return Err(rejected(format!("'{other}' is not an fi step"))),
        }
        Ok(())
    }
}
