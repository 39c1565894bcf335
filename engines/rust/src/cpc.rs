//! The CPC steps of sketches/cpc/cpc_steps.json on datasketches::cpc: CpcSketch, CpcUnion, and
//! CpcWrapper for deserialize mode=wrap (the crate has one, as Java does).
//!
//! The crate lacks, and the step answers unsupported:
//!   - update on a union (CpcUnion takes sketches only);
//!   - merge how=move (CpcUnion::update takes &CpcSketch);
//!   - serialize of, or merge from, a wrapped image (CpcWrapper reads the preamble only);
//!   - the query "validate" (no validate()), for itself only.

use std::collections::HashMap;

use datasketches::common::NumStdDev;
use datasketches::cpc::{CpcSketch, CpcUnion, CpcWrapper};

use crate::hashed::{update_all, HashSink};
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

const DEFAULT_SEED: i64 = 9001;

pub fn family() -> Family {
    Family {
        name: "cpc",
        steps: &["create", "union", "update", "merge", "result", "serialize", "deserialize", "query"],
        lacks: &[
            "update on a union: CpcUnion takes sketches only",
            "merge how=move: CpcUnion::update takes &CpcSketch",
            "serialize of, or merge from, a wrapped image: CpcWrapper reads the preamble only",
            "query validate: no validate()",
        ],
        new_stage: || Box::new(CpcStage::default()),
    }
}

enum Slot {
    Sketch(CpcSketch),
    Wrapped(CpcWrapper),
    Union(CpcUnion),
}

struct Update<'a>(&'a mut CpcSketch);

impl HashSink for Update<'_> {
    fn put<T: std::hash::Hash>(&mut self, _index: usize, item: T) {
        self.0.update(item)
    }
}

#[derive(Default)]
struct CpcStage {
    slots: HashMap<String, Slot>,
}

fn seed(op: &Op) -> u64 {
    op.opt_int("seed").unwrap_or(DEFAULT_SEED) as u64
}

fn lg_k(op: &Op) -> Result<u8, StepError> {
    Ok(u8::try_from(op.int("lg_k")?).unwrap_or(0))
}

fn std_dev(q: &str) -> NumStdDev {
    match &q[2..] {
        "1" => NumStdDev::One,
        "2" => NumStdDev::Two,
        _ => NumStdDev::Three,
    }
}

/// The queries CpcSketch and CpcWrapper answer alike.
macro_rules! answer {
    ($s:expr, $q:expr, $name:expr, $obs:expr) => {
        match $q {
            "estimate" => $obs.double(&$name, $s.estimate()),
            "lb1" | "lb2" | "lb3" => $obs.double(&$name, $s.lower_bound(std_dev($q))),
            "ub1" | "ub2" | "ub3" => $obs.double(&$name, $s.upper_bound(std_dev($q))),
            "is_empty" => $obs.bool(&$name, $s.is_empty()),
            "lg_k" => $obs.int(&$name, $s.lg_k().into()),
            "validate" => $obs.unsupported(&$name, "the crate has no validate()"),
            _ => return Err(rejected(format!("queries: unknown query '{}'", $q))),
        }
    };
}

impl CpcStage {
    fn slot(&mut self, name: &str) -> Result<&mut Slot, StepError> {
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }

    fn query(&mut self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let prefix = op.out();
        let obs = &mut io.obs;
        let slot = self.slot(op.sketch())?;
        for q in op.queries() {
            let name = format!("{prefix}.{q}");
            match &*slot {
                Slot::Sketch(s) => answer!(s, q, name, obs),
                Slot::Wrapped(w) => answer!(w, q, name, obs),
                Slot::Union(_) => return Err(rejected(format!("queries: '{q}' is not defined on a union"))),
            }
        }
        Ok(())
    }
}

impl FamilyStage for CpcStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                let s = CpcSketch::with_seed(lg_k(op)?, seed(op))?;
                self.slots.insert(name.into(), Slot::Sketch(s));
            }
            "union" => {
                let u = CpcUnion::with_seed(lg_k(op)?, seed(op))?;
                self.slots.insert(name.into(), Slot::Union(u));
            }
            "update" => {
                let items = items.ok_or_else(|| rejected("update: no items"))?;
                match self.slot(name)? {
                    Slot::Sketch(s) => update_all(&items, &mut Update(s)),
                    Slot::Union(_) => return Err(unsupported(format!("{name}.update"), "CpcUnion takes sketches only")),
                    Slot::Wrapped(_) => return Err(unsupported(format!("{name}.update"), "a CpcWrapper is read-only")),
                }
            }
            "merge" => {
                if op.opt_str("how") == Some("move") {
                    return Err(unsupported(format!("{name}.merge"), "CpcUnion::update takes &CpcSketch: no move"));
                }
                let from = op.str("from")?;
                let source = match self.slot(from)? {
                    Slot::Sketch(s) => s.clone(),
                    Slot::Wrapped(_) => {
                        return Err(unsupported(format!("{name}.merge"), "a CpcWrapper cannot be merged"))
                    }
                    Slot::Union(_) => return Err(rejected(format!("slot '{from}' is not a sketch"))),
                };
                match self.slot(name)? {
                    Slot::Union(u) => u.update(&source)?,
                    _ => return Err(rejected(format!("slot '{name}' is not a union"))),
                }
            }
            "result" => {
                let from = op.str("from")?;
                let s = match self.slot(from)? {
                    Slot::Union(u) => u.to_sketch(),
                    _ => return Err(rejected(format!("slot '{from}' is not a union"))),
                };
                self.slots.insert(name.into(), Slot::Sketch(s));
            }
            "serialize" => {
                let form = op.str("form")?;
                if form != "compact" {
                    return Err(rejected(format!("form: '{form}' is not compact")));
                }
                let image = match self.slot(name)? {
                    Slot::Sketch(s) => s.serialize(),
                    Slot::Wrapped(_) => {
                        return Err(unsupported(format!("{name}.serialize"), "a CpcWrapper cannot be serialized"))
                    }
                    Slot::Union(_) => return Err(rejected(format!("slot '{name}' is not a sketch"))),
                };
                io.obs.bytes(&format!("{}.compact", op.out()), image);
            }
            "deserialize" => {
                let image = io.image(op.str("image")?)?;
                let slot = match op.opt_str("mode").unwrap_or("heapify") {
                    "heapify" => Slot::Sketch(CpcSketch::deserialize_with_seed(&image, seed(op))?),
                    "wrap" => Slot::Wrapped(CpcWrapper::new(&image)?),
                    other => return Err(rejected(format!("mode: '{other}' is neither heapify nor wrap"))),
                };
                self.slots.insert(name.into(), slot);
            }
            "query" => self.query(op, io)?,
            other => return Err(rejected(format!("'{other}' is not a cpc step"))),
        }
        Ok(())
    }
}
