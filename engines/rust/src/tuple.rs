//! The Tuple steps of sketches/tuple/tuple_steps.json on datasketches::tuple (0.6.0 on):
//! TupleSketch, CompactTupleSketch, TupleUnion, TupleIntersection, TupleANotB and
//! TupleJaccardSimilarity over f64 and i32 summaries.
//!
//! Summaries: the crate keeps any type behind policies and ships two, DefaultUpdatePolicy (`+=`
//! a value) and DefaultUnionPolicy (`+=` the other summary). The sum modes use those (for the
//! intersection too: the crate ships no intersection policy, and Java's sum mode sums there);
//! min, max and always-one are this engine's policies, written as Java's DoubleSummary and
//! IntegerSummary state them (a fresh summary of the mode updated with each value), as
//! engines/native/tuple_adapter.cc writes them for C++. The crate's TupleSummaryValue writes an
//! f64 in 8 and an i32 in 4 little-endian bytes: C++'s default serde. An i32 sum past INT32_MAX
//! wraps, as Java's int does, because the engine is built in cargo's release profile (no overflow
//! checks); a debug build of the same `+=` would panic.
//!
//! The crate lacks, and the step answers unsupported:
//!   - summary aod (no array-of-doubles sketch or image) and aos (no array-of-strings summary,
//!     and keys are hashed through `Hash`, not as Java's or C++'s string-array key);
//!   - a theta sketch as a set operation's input (merge from it, a_not_b's b, jaccard's with):
//!     the crate makes no tuple sketch of a theta sketch;
//!   - serialize form=updatable (the field `<as>.updatable`, the slot goes on), deserialize of an
//!     update-sketch image (Java's) or with mode wrap;
//!   - compact from a compact sketch (no re-compaction of a CompactTupleSketch).
//! An intersection that was never updated has no result: an error of that step, as in theta.rs.

use std::collections::HashMap;
use std::hash::Hash;
use std::ops::AddAssign;

use datasketches::common::NumStdDev;
use datasketches::theta::{ThetaSketch, ThetaSketchBuilder};
use datasketches::tuple::{
    CompactTupleSketch, DefaultUnionPolicy, DefaultUpdatePolicy, SummaryCombinePolicy, SummaryPolicy,
    SummaryUpdatePolicy, TupleANotB, TupleIntersection, TupleJaccardSimilarity, TupleSketch, TupleSketchBuilder,
    TupleSketchView, TupleSummaryValue, TupleUnion, TupleUnionBuilder,
};

use crate::hashed::{update_all, HashSink};
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;
use crate::theta::{lg_k, ordered, p, resize_factor, seed, std_dev, Update as ThetaUpdate};

pub fn family() -> Family {
    Family {
        name: "tuple",
        steps: &[
            "create", "create_theta", "union", "intersection", "update", "merge", "result", "compact", "a_not_b",
            "jaccard", "serialize", "deserialize", "query",
        ],
        lacks: &[
            "summary=aod, aos (create, union, intersection, deserialize): no array-of-doubles or array-of-strings sketch",
            "a theta sketch in a set operation (merge, a_not_b, jaccard): no tuple sketch from a theta sketch",
            "serialize form=updatable (the field <as>.updatable), deserialize of update-sketch images: compact only",
            "deserialize mode=wrap: Java only",
            "compact from a compact sketch: no re-compaction of a CompactTupleSketch",
        ],
        new_stage: || Box::new(TupleStage::default()),
    }
}

/// Java's DoubleSummary.Mode / IntegerSummary.Mode.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Sum,
    Min,
    Max,
    AlwaysOne,
}

/// An f64 or i32 summary: what this engine needs of it beyond the crate's traits.
trait Number: Copy + Default + PartialOrd + AddAssign + for<'a> AddAssign<&'a Self> + TupleSummaryValue + 'static {
    /// A fresh summary of min and max mode, and always-one's value.
    const MIN_START: Self;
    const MAX_START: Self;
    const ONE: Self;
    /// The value an update step gives its item `i`.
    fn value(v: &Values, i: usize) -> Self;
    /// As the `summaries` query writes it.
    fn text(self) -> String;
    fn wrap(t: Typed<Self>) -> Slot;
    fn typed(slot: &Slot) -> Option<&Typed<Self>>;
    fn typed_mut(slot: &mut Slot) -> Option<&mut Typed<Self>>;
}

impl Number for f64 {
    const MIN_START: Self = f64::INFINITY;
    const MAX_START: Self = f64::NEG_INFINITY;
    const ONE: Self = 1.0;
    fn value(v: &Values, i: usize) -> Self {
        v.special.unwrap_or(v.base + i as f64 * v.step)
    }
    fn text(self) -> String {
        format!("{:016x}", self.to_bits())
    }
    fn wrap(t: Typed<Self>) -> Slot {
        Slot::Double(t)
    }
    fn typed(slot: &Slot) -> Option<&Typed<Self>> {
        match slot {
            Slot::Double(t) => Some(t),
            _ => None,
        }
    }
    fn typed_mut(slot: &mut Slot) -> Option<&mut Typed<Self>> {
        match slot {
            Slot::Double(t) => Some(t),
            _ => None,
        }
    }
}

impl Number for i32 {
    const MIN_START: Self = i32::MAX;
    const MAX_START: Self = i32::MIN;
    const ONE: Self = 1;
    /// Java's int arithmetic: wraps.
    fn value(v: &Values, i: usize) -> Self {
        v.ibase.wrapping_add((i as i64).wrapping_mul(v.istep)) as i32
    }
    fn text(self) -> String {
        self.to_string()
    }
    fn wrap(t: Typed<Self>) -> Slot {
        Slot::Int(t)
    }
    fn typed(slot: &Slot) -> Option<&Typed<Self>> {
        match slot {
            Slot::Int(t) => Some(t),
            _ => None,
        }
    }
    fn typed_mut(slot: &mut Slot) -> Option<&mut Typed<Self>> {
        match slot {
            Slot::Int(t) => Some(t),
            _ => None,
        }
    }
}

/// Summary.update(value) of a mode other than the sum (Java's `v < cur`, `v > cur`: NaN never enters).
fn apply<T: Number>(mode: Mode, summary: &mut T, value: T) {
    match mode {
        Mode::Min if value < *summary => *summary = value,
        Mode::Max if value > *summary => *summary = value,
        Mode::AlwaysOne => *summary = T::ONE,
        _ => {}
    }
}

/// A summary mode as the crate takes it: the sum through the crate's own policies.
#[derive(Clone, Copy, Debug)]
struct Policy<T> {
    mode: Mode,
    sum: DefaultUpdatePolicy<T>,
    sum_set: DefaultUnionPolicy<T>,
}

impl<T: Number> Policy<T> {
    fn new(mode: Mode) -> Self {
        Policy { mode, sum: DefaultUpdatePolicy::default(), sum_set: DefaultUnionPolicy::default() }
    }
}

impl<T: Number> SummaryPolicy for Policy<T> {
    type Summary = T;
    fn create(&self) -> T {
        match self.mode {
            Mode::Sum => self.sum.create(),
            Mode::Min => T::MIN_START,
            Mode::Max => T::MAX_START,
            Mode::AlwaysOne => T::ONE,
        }
    }
}

impl<T: Number> SummaryUpdatePolicy<T> for Policy<T> {
    fn update(&self, summary: &mut T, value: T) {
        match self.mode {
            Mode::Sum => self.sum.update(summary, value),
            mode => apply(mode, summary, value),
        }
    }
}

impl<T: Number> SummaryCombinePolicy for Policy<T> {
    /// Java's DoubleSummarySetOperations: a fresh summary of the mode updated with both.
    fn combine(&self, summary: &mut T, other: &T) {
        match self.mode {
            Mode::Sum => self.sum_set.combine(summary, other),
            mode => {
                let mut r = self.create();
                apply(mode, &mut r, *summary);
                apply(mode, &mut r, *other);
                *summary = r;
            }
        }
    }
}

enum Typed<T: Number> {
    Update(TupleSketch<Policy<T>>),
    Compact(CompactTupleSketch<T>),
    Union(TupleUnion<Policy<T>>),
    Intersection(TupleIntersection<Policy<T>>),
}

enum Slot {
    Double(Typed<f64>),
    Int(Typed<i32>),
    Theta(ThetaSketch),
}

/// A step's `summary`: f64 or i32, and the mode; aod and aos are unsupported (`<field>`).
fn summary(op: &Op, field: &str) -> Result<(bool, Mode), StepError> {
    let name = op.str("summary")?;
    let (is_int, mode) = match name.split_once('_') {
        Some(("double", mode)) => (false, mode),
        Some(("int", mode)) => (true, mode),
        _ if name == "aod" => return Err(unsupported(field, "the crate has no array-of-doubles tuple sketch")),
        _ if name == "aos" => {
            return Err(unsupported(field, "the crate has no array-of-strings summary nor Java's string-array key hash"))
        }
        _ => return Err(rejected(format!("summary: '{name}' is not a summary"))),
    };
    let mode = match mode {
        "sum" => Mode::Sum,
        "min" => Mode::Min,
        "max" => Mode::Max,
        "always_one" => Mode::AlwaysOne,
        _ => return Err(rejected(format!("summary: '{name}' is not a summary"))),
    };
    Ok((is_int, mode))
}

/// The values an update step gives its items (value + i * value_step, or a special double); an
/// int summary reads the decimal texts as C++'s strtoll does (their leading integer).
struct Values {
    special: Option<f64>,
    base: f64,
    step: f64,
    ibase: i64,
    istep: i64,
}

fn decimal_text(op: &Op, key: &str, default: &str) -> String {
    match op.get(key) {
        None => default.to_string(),
        Some(v) => v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()),
    }
}

fn leading_integer(text: &str) -> i64 {
    let t = text.trim_start();
    let sign_len = usize::from(t.starts_with(['-', '+']));
    let digits = t[sign_len..].bytes().take_while(u8::is_ascii_digit).count();
    t[..sign_len + digits].parse().unwrap_or(0)
}

impl Values {
    fn of(op: &Op) -> Result<Self, StepError> {
        let special = match op.opt_str("special") {
            None => None,
            Some("nan") => Some(f64::NAN),
            Some("inf") => Some(f64::INFINITY),
            Some("-inf") => Some(f64::NEG_INFINITY),
            Some("-0") => Some(-0.0),
            Some(other) => return Err(rejected(format!("special: '{other}' is not nan, inf, -inf or -0"))),
        };
        let (value, value_step) = (decimal_text(op, "value", "1"), decimal_text(op, "value_step", "0"));
        let double = |t: &str| t.parse::<f64>().map_err(|_| rejected(format!("'{t}' is not a decimal")));
        Ok(Values {
            special,
            base: double(&value)?,
            step: double(&value_step)?,
            ibase: leading_integer(&value),
            istep: leading_integer(&value_step),
        })
    }
}

/// An update sketch and its step's values as the target of update_all.
struct Feed<'a, T: Number> {
    sketch: &'a mut TupleSketch<Policy<T>>,
    values: &'a Values,
}

impl<T: Number> HashSink for Feed<'_, T> {
    fn put<K: Hash>(&mut self, index: usize, item: K) {
        self.sketch.update(item, T::value(self.values, index))
    }
}

/// The queries an update sketch and a compact sketch answer alike.
trait TupleQueries<T> {
    fn estimate(&self) -> f64;
    fn lower_bound(&self, sd: NumStdDev) -> f64;
    fn upper_bound(&self, sd: NumStdDev) -> f64;
    fn theta(&self) -> f64;
    fn theta64(&self) -> u64;
    fn num_retained(&self) -> usize;
    fn is_empty(&self) -> bool;
    fn is_estimation_mode(&self) -> bool;
    fn entries(&self) -> Vec<(u64, T)>;
}

macro_rules! tuple_queries {
    ($t:ty) => {
        impl<T: Number> TupleQueries<T> for $t {
            fn estimate(&self) -> f64 { <$t>::estimate(self) }
            fn lower_bound(&self, sd: NumStdDev) -> f64 { <$t>::lower_bound(self, sd) }
            fn upper_bound(&self, sd: NumStdDev) -> f64 { <$t>::upper_bound(self, sd) }
            fn theta(&self) -> f64 { <$t>::theta(self) }
            fn theta64(&self) -> u64 { <$t>::theta64(self) }
            fn num_retained(&self) -> usize { <$t>::num_retained(self) }
            fn is_empty(&self) -> bool { <$t>::is_empty(self) }
            fn is_estimation_mode(&self) -> bool { <$t>::is_estimation_mode(self) }
            fn entries(&self) -> Vec<(u64, T)> { self.iter().map(|e| (e.hash(), *e.summary())).collect() }
        }
    };
}
tuple_queries!(TupleSketch<Policy<T>>);
tuple_queries!(CompactTupleSketch<T>);

/// `<hash hex>:<summary>` of every entry by ascending hash.
fn summaries<T: Number>(s: &dyn TupleQueries<T>) -> String {
    let mut entries = s.entries();
    entries.sort_by_key(|(h, _)| *h);
    entries.iter().map(|(h, v)| format!("{h:016x}:{}", v.text())).collect::<Vec<_>>().join(" ")
}

/// A sketch slot of either summary, as set operations and jaccard take it.
enum AnyView<'a> {
    Double(TupleSketchView<'a, f64>),
    Int(TupleSketchView<'a, i32>),
}

fn view_of<T: Number>(t: &Typed<T>) -> Option<TupleSketchView<'_, T>> {
    match t {
        Typed::Update(s) => Some(s.as_view()),
        Typed::Compact(s) => Some(s.as_view()),
        _ => None,
    }
}

/// Why a theta sketch cannot be this step's input (the slot that would hold its outcome goes).
const NO_THETA_INPUT: &str = "the crate makes no tuple sketch from a theta sketch (C++'s compact_tuple_sketch(theta, \
                              summary), Java's union(theta, summary))";

#[derive(Default)]
struct TupleStage {
    slots: HashMap<String, Slot>,
}

impl TupleStage {
    fn slot(&self, name: &str) -> Result<&Slot, StepError> {
        self.slots.get(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }

    fn typed<T: Number>(&self, name: &str) -> Result<&Typed<T>, StepError> {
        T::typed(self.slot(name)?).ok_or_else(|| rejected(format!("slot '{name}' holds another summary type")))
    }

    fn any_view(&self, name: &str) -> Result<AnyView<'_>, StepError> {
        let not_sketch = || rejected(format!("slot '{name}' is not a tuple sketch"));
        match self.slot(name)? {
            Slot::Double(t) => view_of(t).map(AnyView::Double).ok_or_else(not_sketch),
            Slot::Int(t) => view_of(t).map(AnyView::Int).ok_or_else(not_sketch),
            Slot::Theta(_) => Err(not_sketch()),
        }
    }

    fn is_theta(&self, name: &str) -> Result<bool, StepError> {
        Ok(matches!(self.slot(name)?, Slot::Theta(_)))
    }

    fn put(&mut self, name: &str, slot: Slot) {
        self.slots.insert(name.to_string(), slot);
    }

    fn create<T: Number>(&mut self, op: &Op, mode: Mode) -> Result<(), StepError> {
        let s = TupleSketchBuilder::new(Policy::<T>::new(mode))
            .lg_k(lg_k(op)?)
            .resize_factor(resize_factor(op)?)
            .sampling_probability(p(op)?)
            .seed(seed(op))
            .build()?;
        self.put(op.sketch(), T::wrap(Typed::Update(s)));
        Ok(())
    }

    fn union<T: Number>(&mut self, op: &Op, mode: Mode) -> Result<(), StepError> {
        let u = TupleUnionBuilder::new(Policy::<T>::new(mode)).lg_k(lg_k(op)?).seed(seed(op)).build()?;
        self.put(op.sketch(), T::wrap(Typed::Union(u)));
        Ok(())
    }

    fn intersection<T: Number>(&mut self, op: &Op, mode: Mode) -> Result<(), StepError> {
        let i = TupleIntersection::with_seed(Policy::<T>::new(mode), seed(op))?;
        self.put(op.sketch(), T::wrap(Typed::Intersection(i)));
        Ok(())
    }

    fn deserialize<T: Number>(&mut self, op: &Op, image: &[u8]) -> Result<(), StepError> {
        let s = CompactTupleSketch::<T>::deserialize_with_seed(image, seed(op))?;
        self.put(op.sketch(), T::wrap(Typed::Compact(s)));
        Ok(())
    }

    fn update(&mut self, op: &Op, items: Items) -> Result<(), StepError> {
        let name = op.sketch();
        let values = Values::of(op)?;
        match self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))? {
            Slot::Theta(s) => update_all(&items, &mut ThetaUpdate(s)),
            Slot::Double(Typed::Update(s)) => update_all(&items, &mut Feed { sketch: s, values: &values }),
            Slot::Int(Typed::Update(s)) => update_all(&items, &mut Feed { sketch: s, values: &values }),
            _ => return Err(rejected(format!("slot '{name}' takes no items"))),
        }
        Ok(())
    }

    fn merge<T: Number>(&mut self, op: &Op) -> Result<(), StepError> {
        let name = op.sketch();
        // The target out of the map while the source is borrowed from it.
        let mut target = self.slots.remove(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))?;
        let merged = (|| {
            let from = op.str("from")?;
            let source = self.typed::<T>(from)?;
            let view = view_of(source).ok_or_else(|| rejected(format!("slot '{from}' is not a tuple sketch")))?;
            match T::typed_mut(&mut target) {
                Some(Typed::Union(u)) => u.update(view).map_err(StepError::from),
                Some(Typed::Intersection(i)) => i.update(view).map_err(StepError::from),
                _ => Err(rejected(format!("slot '{name}' is neither a union nor an intersection"))),
            }
        })();
        self.put(name, target);
        merged
    }

    fn result<T: Number>(&mut self, op: &Op) -> Result<(), StepError> {
        let from = op.str("from")?;
        let s = match self.typed::<T>(from)? {
            Typed::Union(u) => u.to_sketch(ordered(op)),
            Typed::Intersection(i) => i.to_sketch(ordered(op)).ok_or_else(|| StepError::Library {
                class: "datasketches::tuple::TupleIntersection::to_sketch: None".into(),
                message: "the intersection has no result: it was never updated".into(),
            })?,
            _ => return Err(rejected(format!("slot '{from}' is neither a union nor an intersection"))),
        };
        self.put(op.sketch(), T::wrap(Typed::Compact(s)));
        Ok(())
    }

    fn compact<T: Number>(&mut self, op: &Op) -> Result<(), StepError> {
        let (name, from) = (op.sketch(), op.str("from")?);
        let s = match self.typed::<T>(from)? {
            Typed::Update(s) => s.compact(ordered(op)),
            Typed::Compact(_) => {
                return Err(unsupported(format!("{name}.compact"), "a CompactTupleSketch cannot be re-compacted"))
            }
            _ => return Err(rejected(format!("slot '{from}' is not a tuple sketch"))),
        };
        self.put(name, T::wrap(Typed::Compact(s)));
        Ok(())
    }

    /// A and not B, B of either summary type (the crate's a-not-b reads B's hashes only).
    fn a_not_b<T: Number>(&self, op: &Op, a: TupleSketchView<'_, T>) -> Result<Slot, StepError> {
        let not_b = TupleANotB::with_seed(seed(op))?;
        let s = match self.any_view(op.str("b")?)? {
            AnyView::Double(b) => not_b.compute(a, b, ordered(op))?,
            AnyView::Int(b) => not_b.compute(a, b, ordered(op))?,
        };
        Ok(T::wrap(Typed::Compact(s)))
    }

    fn serialize<T: Number>(&self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let (name, form) = (op.sketch(), op.str("form")?);
        let field = format!("{}.{form}", op.out());
        let compacted;
        let sketch = match self.typed::<T>(name)? {
            Typed::Update(s) => {
                compacted = s.compact(true);
                &compacted
            }
            Typed::Compact(s) => s,
            _ => return Err(rejected(format!("slot '{name}' is not a tuple sketch"))),
        };
        match form {
            "compact" => io.obs.bytes(&field, sketch.serialize()),
            "updatable" => io.obs.unsupported(&field, "the crate serializes compact tuple sketches only"),
            _ => return Err(rejected(format!("form: '{form}' is not compact or updatable"))),
        }
        Ok(())
    }

    fn query<T: Number>(&self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let prefix = op.out();
        let obs = &mut io.obs;
        let typed = self.typed::<T>(op.sketch())?;
        for q in op.queries() {
            let name = format!("{prefix}.{q}");
            let sketch: &dyn TupleQueries<T> = match typed {
                Typed::Intersection(i) if q == "has_result" => {
                    obs.bool(&name, i.has_result());
                    continue;
                }
                Typed::Intersection(_) => return Err(rejected(format!("queries: '{q}' is not defined on an intersection"))),
                Typed::Union(_) => return Err(rejected(format!("queries: '{q}' is not defined on a union"))),
                Typed::Update(s) => s,
                Typed::Compact(s) => s,
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
                "summaries" => obs.string(&name, &summaries(sketch)),
                "lg_k" => match typed {
                    Typed::Update(s) => obs.int(&name, s.lg_k().into()),
                    _ => return Err(rejected("queries: 'lg_k' is defined on an update sketch only")),
                },
                _ => return Err(rejected(format!("queries: unknown query '{q}'"))),
            }
        }
        Ok(())
    }

    fn query_theta(s: &ThetaSketch, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        for q in op.queries() {
            match q {
                "estimate" => io.obs.double(&format!("{}.{q}", op.out()), s.estimate()),
                _ => return Err(rejected(format!("queries: '{q}' is not defined on a theta sketch"))),
            }
        }
        Ok(())
    }

    fn jaccard(&self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let (with, out) = (op.str("with")?, op.str("as")?);
        if self.is_theta(with)? {
            io.obs.unsupported(&format!("{out}.jaccard"), NO_THETA_INPUT);
            return Ok(());
        }
        // The crate's jaccard reads hashes only: the summaries (and `summary`) choose nothing.
        let jaccard = TupleJaccardSimilarity::with_seed(seed(op))?;
        let j = match (self.any_view(op.sketch())?, self.any_view(with)?) {
            (AnyView::Double(a), AnyView::Double(b)) => jaccard.compute(a, b)?,
            (AnyView::Double(a), AnyView::Int(b)) => jaccard.compute(a, b)?,
            (AnyView::Int(a), AnyView::Double(b)) => jaccard.compute(a, b)?,
            (AnyView::Int(a), AnyView::Int(b)) => jaccard.compute(a, b)?,
        };
        io.obs.double(&format!("{out}.lower"), j.lower_bound());
        io.obs.double(&format!("{out}.estimate"), j.estimate());
        io.obs.double(&format!("{out}.upper"), j.upper_bound());
        Ok(())
    }
}

/// Calls `$f::<f64>` or `$f::<i32>` after the summary type of slot `$name`.
macro_rules! by_slot_type {
    ($self:ident, $name:expr, $f:ident ( $($arg:expr),* )) => {
        match $self.slot($name)? {
            Slot::Double(_) => $self.$f::<f64>($($arg),*),
            Slot::Int(_) => $self.$f::<i32>($($arg),*),
            Slot::Theta(_) => Err(rejected(format!("slot '{}' is a theta sketch", $name))),
        }
    };
}

/// Calls `$f::<f64>` or `$f::<i32>` after the step's `summary` (aod, aos: unsupported).
macro_rules! by_summary {
    ($self:ident, $op:ident, $step:literal, $f:ident ( $($arg:expr),* )) => {{
        let (is_int, mode) = summary($op, &format!("{}.{}", $op.sketch(), $step))?;
        if is_int { $self.$f::<i32>($op, $($arg,)* mode) } else { $self.$f::<f64>($op, $($arg,)* mode) }
    }};
}

impl FamilyStage for TupleStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => by_summary!(self, op, "create", create()),
            "union" => by_summary!(self, op, "union", union()),
            "intersection" => by_summary!(self, op, "intersection", intersection()),
            "create_theta" => {
                let s = ThetaSketchBuilder::default().lg_k(lg_k(op)?).seed(seed(op)).build()?;
                self.put(name, Slot::Theta(s));
                Ok(())
            }
            "update" => self.update(op, items.ok_or_else(|| rejected("update: no items"))?),
            "merge" => {
                if self.is_theta(op.str("from")?)? {
                    return Err(unsupported(format!("{name}.merge"), NO_THETA_INPUT));
                }
                by_slot_type!(self, name, merge(op))
            }
            "result" => by_slot_type!(self, op.str("from")?, result(op)),
            "compact" => by_slot_type!(self, op.str("from")?, compact(op)),
            "a_not_b" => {
                if self.is_theta(op.str("b")?)? {
                    return Err(unsupported(format!("{name}.a_not_b"), NO_THETA_INPUT));
                }
                let slot = match self.any_view(op.str("a")?)? {
                    AnyView::Double(a) => self.a_not_b(op, a)?,
                    AnyView::Int(a) => self.a_not_b(op, a)?,
                };
                self.put(name, slot);
                Ok(())
            }
            "jaccard" => self.jaccard(op, io),
            "serialize" => by_slot_type!(self, name, serialize(op, io)),
            "deserialize" => {
                let mode = op.opt_str("mode").unwrap_or("heapify");
                let image = io.image(op.str("image")?)?;
                if mode != "heapify" {
                    return Err(unsupported(format!("{name}.deserialize"), "wrap is a Java-only operation"));
                }
                // Java's update-sketch images: serial version 2 (a tuple QuickSelectSketch), or
                // an array-of-doubles image of sketch type 2.
                if image.len() > 3 && (image[1] == 2 || (image[1] == 1 && image[3] == 2)) {
                    return Err(unsupported(format!("{name}.deserialize"), "the crate reads compact images only"));
                }
                // The summary says how to read the entries; its mode is no part of the image.
                let (is_int, _) = summary(op, &format!("{name}.deserialize"))?;
                if is_int {
                    self.deserialize::<i32>(op, &image)
                } else {
                    self.deserialize::<f64>(op, &image)
                }
            }
            "query" => match self.slot(name)? {
                Slot::Theta(s) => Self::query_theta(s, op, io),
                _ => by_slot_type!(self, name, query(op, io)),
            },
            other => Err(rejected(format!("'{other}' is not a tuple step"))),
        }
    }
}
