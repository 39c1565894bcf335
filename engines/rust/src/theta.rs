//! The Theta steps of sketches/theta/theta_steps.json on datasketches::theta.
//!
//! Every step is declared; the crate lacks, and the step answers unsupported:
//!   - update on a union (ThetaUnion takes sketches only);
//!   - serialize form=updatable (only compact sketches serialize: the field `<as>.updatable` is
//!     unsupported, the slot goes on), and deserialize of an update-sketch image;
//!   - deserialize with mode wrap or writable_wrap (Java only);
//!   - compact from a compact sketch (no re-compaction of a CompactThetaSketch);
//!   - the query rf (no accessor), for itself only.
//! An intersection that was never updated has no result: to_sketch returns None, which this
//! engine reports as an error of that step, as C++ and Java throw there.

use std::collections::HashMap;

use datasketches::common::{NumStdDev, ResizeFactor};
use datasketches::theta::{
    CompactThetaSketch, ThetaANotB, ThetaIntersection, ThetaJaccardSimilarity, ThetaSketch, ThetaSketchBuilder,
    ThetaSketchView, ThetaUnion, ThetaUnionBuilder,
};

use crate::hashed::{update_all, HashSink};
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

const DEFAULT_SEED: i64 = 9001;

pub fn family() -> Family {
    Family {
        name: "theta",
        steps: &[
            "create", "union", "intersection", "update", "merge", "result", "compact", "a_not_b", "jaccard",
            "serialize", "deserialize", "reset", "query",
        ],
        lacks: &[
            "update on a union: ThetaUnion takes sketches only",
            "serialize form=updatable (the field <as>.updatable), deserialize of update-sketch images: compact only",
            "deserialize mode=wrap/writable_wrap: Java only",
            "compact from a compact sketch: no re-compaction of a CompactThetaSketch",
            "query rf: no accessor",
        ],
        new_stage: || Box::new(ThetaStage::default()),
    }
}

enum Slot {
    Update(ThetaSketch),
    Compact(CompactThetaSketch),
    Union(ThetaUnion),
    Intersection(ThetaIntersection),
}

/// A theta update sketch as the target of update_all (Tuple's theta slots too).
pub struct Update<'a>(pub &'a mut ThetaSketch);

impl HashSink for Update<'_> {
    fn put<T: std::hash::Hash>(&mut self, _index: usize, item: T) {
        self.0.update(item)
    }
}

#[derive(Default)]
struct ThetaStage {
    slots: HashMap<String, Slot>,
}

// The members Theta and Tuple steps share (seed, ordered, p, lg_k, rf, the bounds' sd): tuple.rs
// reads them through these.
pub fn seed(op: &Op) -> u64 {
    op.opt_int("seed").unwrap_or(DEFAULT_SEED) as u64
}

pub fn ordered(op: &Op) -> bool {
    op.opt_int("ordered").unwrap_or(1) != 0
}

/// p as C++ and Java take it: a float, from the decimal text of the case.
pub fn p(op: &Op) -> Result<f32, StepError> {
    match op.get("p") {
        None => Ok(1.0),
        Some(v) => v
            .as_str()
            .map(str::to_string)
            .or_else(|| v.as_f64().map(|x| x.to_string()))
            .and_then(|t| t.parse::<f32>().ok())
            .ok_or_else(|| rejected("p: not a decimal")),
    }
}

pub fn lg_k(op: &Op) -> Result<u8, StepError> {
    Ok(u8::try_from(op.int("lg_k")?).unwrap_or(0))
}

pub fn resize_factor(op: &Op) -> Result<ResizeFactor, StepError> {
    Ok(match op.opt_int("rf").unwrap_or(8) {
        1 => ResizeFactor::X1,
        2 => ResizeFactor::X2,
        4 => ResizeFactor::X4,
        8 => ResizeFactor::X8,
        other => return Err(rejected(format!("rf: {other} is not 1, 2, 4 or 8"))),
    })
}

pub fn std_dev(q: &str) -> NumStdDev {
    match &q[2..] {
        "1" => NumStdDev::One,
        "2" => NumStdDev::Two,
        _ => NumStdDev::Three,
    }
}

impl ThetaStage {
    fn slot(&self, name: &str) -> Result<&Slot, StepError> {
        self.slots.get(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }

    fn slot_mut(&mut self, name: &str) -> Result<&mut Slot, StepError> {
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }

    /// A sketch slot (update or compact) as the crate's set operations take it.
    fn view(&self, name: &str) -> Result<ThetaSketchView<'_>, StepError> {
        match self.slot(name)? {
            Slot::Update(s) => Ok(s.into()),
            Slot::Compact(s) => Ok(s.into()),
            _ => Err(rejected(format!("slot '{name}' is not a sketch"))),
        }
    }

    fn put(&mut self, name: &str, slot: Slot) {
        self.slots.insert(name.to_string(), slot);
    }

    fn query(&self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let prefix = op.out();
        let obs = &mut io.obs;
        let slot = self.slot(op.sketch())?;
        for q in op.queries() {
            let name = format!("{prefix}.{q}");
            let sketch: &dyn ThetaQueries = match slot {
                Slot::Intersection(i) if q == "has_result" => {
                    obs.bool(&name, i.has_result());
                    continue;
                }
                Slot::Intersection(_) => return Err(rejected(format!("queries: '{q}' is not defined on an intersection"))),
                Slot::Union(_) => return Err(rejected(format!("queries: '{q}' is not defined on a union"))),
                Slot::Update(s) => s,
                Slot::Compact(s) => s,
            };
            match q {
                "estimate" => obs.double(&name, sketch.estimate()),
                "lb1" | "lb2" | "lb3" => obs.double(&name, sketch.lower_bound(std_dev(q))),
                "ub1" | "ub2" | "ub3" => obs.double(&name, sketch.upper_bound(std_dev(q))),
                "theta" => obs.double(&name, sketch.theta()),
                "theta_long" => obs.int(&name, sketch.theta64() as i64),
                "retained" => obs.int(&name, sketch.num_retained() as i64),
                "is_empty" => obs.bool(&name, sketch.is_empty()),
                "is_estimation_mode" => obs.bool(&name, sketch.is_estimation_mode()),
                "is_ordered" => obs.bool(&name, sketch.is_ordered()),
                "lg_k" => match slot {
                    Slot::Update(s) => obs.int(&name, s.lg_k().into()),
                    _ => return Err(rejected("queries: 'lg_k' is defined on an update sketch only")),
                },
                "rf" => obs.unsupported(&name, "ThetaSketch has no resize factor accessor"),
                "has_result" => return Err(rejected("queries: 'has_result' is defined on an intersection only")),
                _ => return Err(rejected(format!("queries: unknown query '{q}'"))),
            }
        }
        Ok(())
    }
}

/// The queries ThetaSketch and CompactThetaSketch answer alike.
trait ThetaQueries {
    fn estimate(&self) -> f64;
    fn lower_bound(&self, sd: NumStdDev) -> f64;
    fn upper_bound(&self, sd: NumStdDev) -> f64;
    fn theta(&self) -> f64;
    fn theta64(&self) -> u64;
    fn num_retained(&self) -> usize;
    fn is_empty(&self) -> bool;
    fn is_estimation_mode(&self) -> bool;
    fn is_ordered(&self) -> bool;
}

macro_rules! theta_queries {
    ($t:ty) => {
        impl ThetaQueries for $t {
            fn estimate(&self) -> f64 { <$t>::estimate(self) }
            fn lower_bound(&self, sd: NumStdDev) -> f64 { <$t>::lower_bound(self, sd) }
            fn upper_bound(&self, sd: NumStdDev) -> f64 { <$t>::upper_bound(self, sd) }
            fn theta(&self) -> f64 { <$t>::theta(self) }
            fn theta64(&self) -> u64 { <$t>::theta64(self) }
            fn num_retained(&self) -> usize { <$t>::num_retained(self) }
            fn is_empty(&self) -> bool { <$t>::is_empty(self) }
            fn is_estimation_mode(&self) -> bool { <$t>::is_estimation_mode(self) }
            fn is_ordered(&self) -> bool { self.as_view().is_ordered() }
        }
    };
}
theta_queries!(ThetaSketch);
theta_queries!(CompactThetaSketch);

impl FamilyStage for ThetaStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                let s = ThetaSketchBuilder::default()
                    .lg_k(lg_k(op)?)
                    .resize_factor(resize_factor(op)?)
                    .sampling_probability(p(op)?)
                    .seed(seed(op))
                    .build()?;
                self.put(name, Slot::Update(s));
            }
            "union" => {
                let u = ThetaUnionBuilder::default()
                    .lg_k(lg_k(op)?)
                    .sampling_probability(p(op)?)
                    .seed(seed(op))
                    .build()?;
                self.put(name, Slot::Union(u));
            }
            "intersection" => self.put(name, Slot::Intersection(ThetaIntersection::with_seed(seed(op))?)),
            "update" => {
                let items = items.ok_or_else(|| rejected("update: no items"))?;
                match self.slot_mut(name)? {
                    Slot::Update(s) => update_all(&items, &mut Update(s)),
                    Slot::Union(_) => return Err(unsupported(format!("{name}.update"), "ThetaUnion takes sketches only")),
                    _ => return Err(rejected(format!("slot '{name}' takes no items"))),
                }
            }
            "merge" => {
                // The target out of the map while the source is borrowed from it.
                let mut target = self.slots.remove(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))?;
                let merged = match (&mut target, self.view(op.str("from")?)) {
                    (_, Err(e)) => Err(e),
                    (Slot::Union(u), Ok(v)) => u.update(v).map_err(StepError::from),
                    (Slot::Intersection(i), Ok(v)) => i.update(v).map_err(StepError::from),
                    _ => Err(rejected(format!("slot '{name}' is neither a union nor an intersection"))),
                };
                self.put(name, target);
                merged?;
            }
            "result" => {
                let from = op.str("from")?;
                let s = match self.slot(from)? {
                    Slot::Union(u) => u.to_sketch(ordered(op)),
                    Slot::Intersection(i) => i.to_sketch(ordered(op)).ok_or_else(|| StepError::Library {
                        class: "datasketches::theta::ThetaIntersection::to_sketch: None".into(),
                        message: "the intersection has no result: it was never updated".into(),
                    })?,
                    _ => return Err(rejected(format!("slot '{from}' is neither a union nor an intersection"))),
                };
                self.put(name, Slot::Compact(s));
            }
            "compact" => {
                let from = op.str("from")?;
                let s = match self.slot(from)? {
                    Slot::Update(s) => s.compact(ordered(op)),
                    Slot::Compact(_) => {
                        return Err(unsupported(format!("{name}.compact"), "a CompactThetaSketch cannot be re-compacted"))
                    }
                    _ => return Err(rejected(format!("slot '{from}' is not a sketch"))),
                };
                self.put(name, Slot::Compact(s));
            }
            "a_not_b" => {
                let s = ThetaANotB::with_seed(seed(op))?.compute(
                    self.view(op.str("a")?)?,
                    self.view(op.str("b")?)?,
                    ordered(op),
                )?;
                self.put(name, Slot::Compact(s));
            }
            "jaccard" => {
                let j = ThetaJaccardSimilarity::with_seed(seed(op))?
                    .compute(self.view(name)?, self.view(op.str("with")?)?)?;
                let out = op.str("as")?;
                io.obs.double(&format!("{out}.lower"), j.lower_bound());
                io.obs.double(&format!("{out}.estimate"), j.estimate());
                io.obs.double(&format!("{out}.upper"), j.upper_bound());
            }
            "serialize" => {
                let form = op.str("form")?;
                let field = format!("{}.{form}", op.out());
                let compacted;
                let sketch = match self.slot(name)? {
                    Slot::Update(s) => {
                        compacted = s.compact(true);
                        &compacted
                    }
                    Slot::Compact(s) => s,
                    _ => return Err(rejected(format!("slot '{name}' is not a sketch"))),
                };
                match form {
                    "compact" => io.obs.bytes(&field, sketch.serialize()),
                    "compressed" => io.obs.bytes(&field, sketch.serialize_compressed()),
                    "updatable" => io.obs.unsupported(&field, "the crate serializes compact sketches only"),
                    _ => return Err(rejected(format!("form: '{form}' is not compact, compressed or updatable"))),
                }
            }
            "deserialize" => {
                let mode = op.opt_str("mode").unwrap_or("heapify");
                let image = io.image(op.str("image")?)?;
                if mode != "heapify" {
                    return Err(unsupported(format!("{name}.deserialize"), "wrap is a Java-only operation"));
                }
                // Serial version 3, family 2 (QuickSelect): an update sketch's image.
                if image.len() > 2 && image[1] == 3 && image[2] == 2 {
                    return Err(unsupported(format!("{name}.deserialize"), "the crate reads compact images only"));
                }
                let s = CompactThetaSketch::deserialize_with_seed(&image, seed(op))?;
                self.put(name, Slot::Compact(s));
            }
            "reset" => match self.slot_mut(name)? {
                Slot::Update(s) => s.reset(),
                Slot::Union(u) => u.reset(),
                _ => return Err(rejected(format!("slot '{name}' cannot be reset"))),
            },
            "query" => self.query(op, io)?,
            other => return Err(rejected(format!("'{other}' is not a theta step"))),
        }
        Ok(())
    }
}
