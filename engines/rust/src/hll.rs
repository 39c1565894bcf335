//! The HLL steps of sketches/hll/hll_steps.json on datasketches::hll.
//!
//! Not declared (the crate has no counterpart; the harness answers them unsupported): convert
//! (no type-converting constructor), rel_err (no get_rel_err) and reset (HllSketch has none;
//! HllUnion::reset exists, but no case resets a union, and a declared step must run somewhere:
//! frontends/conformance/declared_steps_test.cc). Declared steps the crate can do
//! in some variants only answer `<slot>.<step>` unsupported for the others (the `lacks` below);
//! the queries it has no method for answer `<slot>.<query>` unsupported, the others still run.

use std::collections::HashMap;

use datasketches::common::NumStdDev;
use datasketches::hll::{HllSketch, HllType, HllUnion};

use crate::hashed::{update_all, HashSink};
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

pub fn family() -> Family {
    Family {
        name: "hll",
        steps: &["create", "union", "update", "merge", "result", "serialize", "deserialize", "copy", "query"],
        lacks: &[
            "serialize form=updatable (the field <as>.updatable): serialize() writes the compact image only",
            "merge how=move: HllUnion::update takes &HllSketch",
            "deserialize mode=wrap/writable_wrap: Java only",
            "queries is_compact, updatable_size: no such methods (compact_size is serialize().len())",
            #[cfg(not(feature = "hll_composite"))]
            "query composite: no composite_estimate before 0.6.0",
        ],
        new_stage: || Box::new(HllStage::default()),
    }
}

enum Slot {
    Sketch(HllSketch),
    Union(HllUnion),
}

impl HashSink for Slot {
    fn put<T: std::hash::Hash>(&mut self, _index: usize, item: T) {
        match self {
            Slot::Sketch(s) => s.update(item),
            Slot::Union(u) => u.update_value(item),
        }
    }
}

#[derive(Default)]
struct HllStage {
    slots: HashMap<String, Slot>,
}

fn hll_type(op: &Op, default: Option<HllType>) -> Result<HllType, StepError> {
    match op.opt_str("type") {
        Some("HLL_4") => Ok(HllType::Hll4),
        Some("HLL_6") => Ok(HllType::Hll6),
        Some("HLL_8") => Ok(HllType::Hll8),
        None if default.is_some() => Ok(default.unwrap()),
        other => Err(rejected(format!("type: '{}' is not HLL_4, HLL_6 or HLL_8", other.unwrap_or("")))),
    }
}

fn type_name(t: HllType) -> &'static str {
    match t {
        HllType::Hll4 => "HLL_4",
        HllType::Hll6 => "HLL_6",
        HllType::Hll8 => "HLL_8",
    }
}

fn std_dev(q: &str) -> NumStdDev {
    match &q[2..] {
        "1" => NumStdDev::One,
        "2" => NumStdDev::Two,
        _ => NumStdDev::Three,
    }
}

/// lg_k as the crate takes it: a u8. A value outside u8 still reaches the crate (as 0), which
/// rejects it, so an out-of-range lg_k is the crate's error, not this engine's.
fn lg(op: &Op, key: &str) -> Result<u8, StepError> {
    Ok(u8::try_from(op.int(key)?).unwrap_or(0))
}

impl HllStage {
    fn slot(&mut self, name: &str) -> Result<&mut Slot, StepError> {
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }

    fn sketch(&mut self, name: &str) -> Result<&mut HllSketch, StepError> {
        match self.slot(name)? {
            Slot::Sketch(s) => Ok(s),
            Slot::Union(_) => Err(rejected(format!("slot '{name}' is not a sketch"))),
        }
    }

    fn union(&mut self, name: &str) -> Result<&mut HllUnion, StepError> {
        match self.slot(name)? {
            Slot::Union(u) => Ok(u),
            Slot::Sketch(_) => Err(rejected(format!("slot '{name}' is not a union"))),
        }
    }

    fn query(&mut self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let prefix = op.out();
        let obs = &mut io.obs;
        let slot = self.slot(op.sketch())?;
        for q in op.queries() {
            let name = format!("{prefix}.{q}");
            match (q, &*slot) {
                ("estimate", Slot::Sketch(s)) => obs.double(&name, s.estimate()),
                ("estimate", Slot::Union(u)) => obs.double(&name, u.estimate()),
                #[cfg(feature = "hll_composite")]
                ("composite", Slot::Sketch(s)) => obs.double(&name, s.composite_estimate()),
                #[cfg(feature = "hll_composite")]
                ("composite", Slot::Union(u)) => obs.double(&name, u.composite_estimate()),
                #[cfg(not(feature = "hll_composite"))]
                ("composite", _) => obs.unsupported(&name, "no composite_estimate in this version of the crate"),
                ("lb1" | "lb2" | "lb3", Slot::Sketch(s)) => obs.double(&name, s.lower_bound(std_dev(q))),
                ("lb1" | "lb2" | "lb3", Slot::Union(u)) => obs.double(&name, u.lower_bound(std_dev(q))),
                ("ub1" | "ub2" | "ub3", Slot::Sketch(s)) => obs.double(&name, s.upper_bound(std_dev(q))),
                ("ub1" | "ub2" | "ub3", Slot::Union(u)) => obs.double(&name, u.upper_bound(std_dev(q))),
                ("is_empty", Slot::Sketch(s)) => obs.bool(&name, s.is_empty()),
                ("is_empty", Slot::Union(u)) => obs.bool(&name, u.is_empty()),
                ("lg_k", Slot::Sketch(s)) => obs.int(&name, s.lg_config_k().into()),
                ("lg_k", Slot::Union(u)) => obs.int(&name, u.lg_config_k().into()),
                ("is_compact" | "type" | "compact_size" | "updatable_size", Slot::Union(_)) => {
                    return Err(rejected(format!("queries: '{q}' is not defined on a union")))
                }
                ("type", Slot::Sketch(s)) => obs.string(&name, type_name(s.target_type())),
                ("compact_size", Slot::Sketch(s)) => obs.int(&name, s.serialize().len() as i64),
                ("is_compact" | "updatable_size", Slot::Sketch(_)) => {
                    obs.unsupported(&name, "HllSketch has no such method")
                }
                _ => return Err(rejected(format!("queries: unknown query '{q}'"))),
            }
        }
        Ok(())
    }
}

impl FamilyStage for HllStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                let s = HllSketch::new(lg(op, "lg_k")?, hll_type(op, None)?)?;
                self.slots.insert(name.into(), Slot::Sketch(s));
            }
            "union" => {
                let u = HllUnion::new(lg(op, "lg_max_k")?)?;
                self.slots.insert(name.into(), Slot::Union(u));
            }
            "update" => {
                let items = items.ok_or_else(|| rejected("update: no items"))?;
                update_all(&items, self.slot(name)?);
            }
            "merge" => {
                if op.opt_str("how") == Some("move") {
                    return Err(unsupported(format!("{name}.merge"), "HllUnion::update takes &HllSketch: no move"));
                }
                let from = self.sketch(op.str("from")?)?.clone();
                self.union(name)?.update(&from);
            }
            "result" => {
                let t = hll_type(op, Some(HllType::Hll4))?;
                let s = self.union(op.str("from")?)?.to_sketch(t);
                self.slots.insert(name.into(), Slot::Sketch(s));
            }
            "serialize" => {
                let form = op.str("form")?;
                if form == "updatable" {
                    // A form the crate lacks: that image is unsupported, the slot goes on.
                    io.obs.unsupported(&format!("{}.updatable", op.out()), "serialize() writes the compact image only");
                    return Ok(());
                }
                if form != "compact" {
                    return Err(rejected(format!("form: '{form}' is neither compact nor updatable")));
                }
                let image = self.sketch(name)?.serialize();
                io.obs.bytes(&format!("{}.compact", op.out()), image);
            }
            "deserialize" => {
                let mode = op.opt_str("mode").unwrap_or("heapify");
                if mode != "heapify" {
                    return Err(unsupported(format!("{name}.deserialize"), "wrap is a Java-only operation"));
                }
                let s = HllSketch::deserialize(&io.image(op.str("image")?)?)?;
                self.slots.insert(name.into(), Slot::Sketch(s));
            }
            "copy" => {
                let s = self.sketch(op.str("from")?)?.clone();
                self.slots.insert(name.into(), Slot::Sketch(s));
            }
            "query" => self.query(op, io)?,
            other => return Err(rejected(format!("'{other}' is not an hll step"))),
        }
        Ok(())
    }
}
