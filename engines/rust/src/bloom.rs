//! The Bloom filter steps of sketches/bloom/bloom_steps.json on datasketches::bloom: BloomFilter and
//! BloomFilterBuilder (with_size, with_accuracy, seed). Items go through the wrappers of hashed.rs.
//!
//! The crate lacks, and the step answers unsupported:
//!   - invert (BloomFilter has union, intersect and difference only);
//!   - deserialize mode=wrap and mode=writable_wrap (it reads images onto the heap only), and so
//!     every later step on such a slot;
//!   - suggest (no suggest functions: the builder computes its bits and hashes itself);
//!   - the query serialized_size (no such function), for itself only.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use datasketches::bloom::{BloomFilter, BloomFilterBuilder};

use crate::hashed::{ask_all, update_all, HashQuery, HashSink};
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

pub fn family() -> Family {
    Family {
        name: "bloom",
        steps: &[
            "create",
            "update",
            "query_and_update",
            "query_items",
            "union",
            "intersect",
            "compatible",
            "reset",
            "serialize",
            "deserialize",
            "query",
        ],
        lacks: &[
            "invert: BloomFilter has union, intersect and difference only",
            "deserialize mode=wrap and mode=writable_wrap: the crate reads images onto the heap only",
            "suggest: no suggest functions",
            "query serialized_size: no such function",
        ],
        new_stage: || Box::new(BloomStage::default()),
    }
}

struct Insert<'a>(&'a mut BloomFilter);

impl HashSink for Insert<'_> {
    fn put<T: Hash>(&mut self, _index: usize, item: T) {
        self.0.insert(item)
    }
}

struct Contains<'a>(&'a BloomFilter);

impl HashQuery for Contains<'_> {
    fn ask<T: Hash>(&mut self, item: T) -> bool {
        self.0.contains(&item)
    }
}

struct ContainsAndInsert<'a>(&'a mut BloomFilter);

impl HashQuery for ContainsAndInsert<'_> {
    fn ask<T: Hash>(&mut self, item: T) -> bool {
        self.0.contains_and_insert(&item)
    }
}

#[derive(Default)]
struct BloomStage {
    slots: HashMap<String, BloomFilter>,
    /// Slots of a wrap mode the crate lacks.
    unmade: HashSet<String>,
}

impl BloomStage {
    /// The slot `name`; one the crate could not make answers `step` unsupported.
    fn filter(&mut self, name: &str, step: &str) -> Result<&mut BloomFilter, StepError> {
        if self.unmade.contains(name) {
            return Err(unsupported(
                format!("{name}.{step}"),
                format!("it reads slot '{name}', which this engine could not make"),
            ));
        }
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }

    fn create(op: &Op) -> Result<BloomFilter, StepError> {
        let builder = match op.str("by")? {
            "size" => {
                let hashes = u16::try_from(op.int("num_hashes")?).map_err(|_| rejected("num_hashes: out of range"))?;
                BloomFilterBuilder::with_size(op.int("num_bits")? as u64, hashes)
            }
            _ => {
                let fpp = op.str("fpp")?;
                let fpp: f64 = fpp.parse().map_err(|_| rejected(format!("fpp: '{fpp}' is not a decimal")))?;
                BloomFilterBuilder::with_accuracy(op.int("max_items")? as u64, fpp)
            }
        };
        Ok(builder.seed(op.int("seed")? as u64).build()?)
    }

    fn query(&mut self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let prefix = op.out();
        let f = self.filter(op.sketch(), "query")?;
        for q in op.queries() {
            let name = format!("{prefix}.{q}");
            match q {
                "bits_used" => io.obs.int(&name, f.bits_used() as i64),
                "capacity" => io.obs.int(&name, f.capacity() as i64),
                "num_hashes" => io.obs.int(&name, f.num_hashes().into()),
                "seed" => io.obs.int(&name, f.seed() as i64),
                "is_empty" => io.obs.bool(&name, f.is_empty()),
                "serialized_size" => io.obs.unsupported(&name, "the crate has no serialized-size function"),
                "to_string" => io.obs.unsupported(&name, "a native-only observation"),
                _ => return Err(rejected(format!("queries: unknown query '{q}'"))),
            }
        }
        Ok(())
    }
}

/// The answers as the vocabulary keeps them: bit i%8 of byte i/8 is item i's answer.
fn bitmap(answers: &[bool]) -> Vec<u8> {
    let mut bytes = vec![0u8; answers.len().div_ceil(8)];
    for (i, _) in answers.iter().enumerate().filter(|(_, yes)| **yes) {
        bytes[i / 8] |= 1 << (i % 8);
    }
    bytes
}

impl FamilyStage for BloomStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                let f = Self::create(op)?;
                self.unmade.remove(name);
                self.slots.insert(name.into(), f);
            }
            "update" => {
                let items = items.ok_or_else(|| rejected("update: no items"))?;
                update_all(&items, &mut Insert(self.filter(name, "update")?));
            }
            step @ ("query_items" | "query_and_update") => {
                let items = items.ok_or_else(|| rejected(format!("{step}: no items")))?;
                let f = self.filter(name, step)?;
                let answers = if step == "query_items" {
                    ask_all(&items, &mut Contains(f), false)
                } else {
                    // As update: the crate's docs tell its users to skip empty strings.
                    ask_all(&items, &mut ContainsAndInsert(f), true)
                };
                let present = answers.iter().filter(|a| **a).count() as i64;
                let out = op.out();
                io.obs.bytes(&format!("{out}.answers"), bitmap(&answers));
                io.obs.int(&format!("{out}.present"), present);
                io.obs.int(&format!("{out}.absent"), answers.len() as i64 - present);
            }
            step @ ("union" | "intersect") => {
                let from = op.str("from")?;
                let source = self.filter(from, step)?.clone();
                let f = self.filter(name, step)?;
                if step == "union" {
                    f.union(&source)?;
                } else {
                    f.intersect(&source)?;
                }
            }
            "reset" => self.filter(name, "reset")?.reset(),
            "compatible" => {
                let with = op.str("with")?;
                let other = self.filter(with, "compatible")?.clone();
                let yes = self.filter(name, "compatible")?.is_compatible(&other);
                io.obs.bool(op.str("as")?, yes);
            }
            "serialize" => {
                let image = self.filter(name, "serialize")?.serialize();
                io.obs.bytes(&format!("{}.{}", op.out(), op.str("form")?), image);
            }
            "deserialize" => {
                let image = io.image(op.str("image")?)?;
                match op.str("mode")? {
                    "heapify" => {
                        let f = BloomFilter::deserialize(&image)?;
                        self.unmade.remove(name);
                        self.slots.insert(name.into(), f);
                    }
                    "wrap" | "writable_wrap" => {
                        self.slots.remove(name);
                        self.unmade.insert(name.into());
                        return Err(unsupported(
                            format!("{name}.deserialize"),
                            "the crate reads images onto the heap only",
                        ));
                    }
                    other => return Err(rejected(format!("mode: '{other}' is not heapify, wrap or writable_wrap"))),
                }
            }
            "query" => self.query(op, io)?,
            other => return Err(rejected(format!("'{other}' is not a bloom step"))),
        }
        Ok(())
    }
}
