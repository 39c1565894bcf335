//! The REQ steps of sketches/req/req_steps.json on datasketches::req (0.6.0 on):
//! ReqSketch<ReqFloat<f32>>, every item rounded to f32 as the other engines round it.
//!
//! Random bits: a compactor flips its coin with `common::random::random_bit`, a thread-local
//! SplitMix64 seeded from std's RandomState, and the crate has no public call that seeds it. An
//! update or merge that compacted (fewer items retained than it added) made a sketch of bits
//! nobody chose: as for the Python engine (docs/case-format.md) the step answers
//! "<sketch>.<step>" unsupported and the slot is unusable from there on; with `seed_optional`
//! (an accuracy study, judged against the truth) it compacts with the crate's own bits and the
//! field "lang.random_bits" says so. Steps that do not compact are compared like any other.
//!
//! NaN: ReqFloat::new refuses it, so a NaN item is skipped, as C++ and Java skip it on update.
//! The crate has no RSE of a rank: the query rse answers unsupported. An empty sketch has no min,
//! max, quantile or rank (None): reported as that step's error, as C++ and Java throw there.

use std::collections::HashMap;

use datasketches::common::{NumStdDev, SearchCriteria};
use datasketches::req::{RankAccuracy, ReqFloat, ReqSketch};

use crate::observe::Observations;
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

type Sketch = ReqSketch<ReqFloat<f32>>;

pub fn family() -> Family {
    Family {
        name: "req",
        steps: &["create", "update", "merge", "serialize", "deserialize", "query"],
        lacks: &[
            "update/merge that compacts under a seed: the crate's random bits cannot be seeded",
            "query rse: the crate has no RSE of a rank",
        ],
        new_stage: || Box::new(ReqStage::default()),
    }
}

fn empty(query: &str) -> StepError {
    StepError::Library {
        class: "datasketches::req::ReqSketch: None".into(),
        message: format!("{query} is undefined for an empty sketch"),
    }
}

fn criteria(q: &str) -> SearchCriteria {
    if q.ends_with("_excl") { SearchCriteria::Exclusive } else { SearchCriteria::Inclusive }
}

/// A grid point as a float: rounded to f32 as strtof would.
fn point(text: &str) -> Result<ReqFloat<f32>, StepError> {
    let x: f32 = text.parse().map_err(|_| rejected(format!("points: '{text}' is not a float")))?;
    ReqFloat::<f32>::new(x).map_err(|_| rejected(format!("points: '{text}' is NaN")))
}

fn query(s: &Sketch, op: &Op, obs: &mut Observations) -> Result<(), StepError> {
    let prefix = op.out();
    let ranks = op.decimals("ranks")?;
    let texts = op.get("points").and_then(|v| v.as_array()).cloned().unwrap_or_default();
    let points: Vec<ReqFloat<f32>> = texts.iter().map(|v| point(v.as_str().unwrap_or(""))).collect::<Result<_, _>>()?;
    for q in op.queries() {
        let name = format!("{prefix}.{q}");
        let item = |obs: &mut Observations, name: &str, x: &ReqFloat<f32>| obs.double(name, f64::from(**x));
        match q {
            "n" => obs.int(&name, s.n() as i64),
            "k" => obs.int(&name, s.k().into()),
            "hra" => obs.bool(&name, matches!(s.rank_accuracy(), RankAccuracy::HighRank)),
            "num_retained" => obs.int(&name, s.num_retained() as i64),
            "is_empty" => obs.bool(&name, s.is_empty()),
            "is_estimation_mode" => obs.bool(&name, s.is_estimation_mode()),
            "min" => item(obs, &name, s.min_item().ok_or_else(|| empty(q))?),
            "max" => item(obs, &name, s.max_item().ok_or_else(|| empty(q))?),
            "quantiles" | "quantiles_excl" => {
                for (i, r) in ranks.iter().enumerate() {
                    let v = s.quantile(*r, criteria(q))?.ok_or_else(|| empty(q))?;
                    item(obs, &format!("{name}[{i}]"), &v);
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
            "rse" => obs.unsupported(&name, "the crate has no RSE of a rank"),
            "rank_lb1" | "rank_lb2" | "rank_lb3" | "rank_ub1" | "rank_ub2" | "rank_ub3" => {
                let sd = match &q[7..] {
                    "1" => NumStdDev::One,
                    "2" => NumStdDev::Two,
                    _ => NumStdDev::Three,
                };
                let lower = &q[5..6] == "l"; // rank_lb<sd> or rank_ub<sd>
                for (i, r) in ranks.iter().enumerate() {
                    let v = if lower { s.rank_lower_bound(*r, sd) } else { s.rank_upper_bound(*r, sd) };
                    obs.double(&format!("{name}[{i}]"), v);
                }
            }
            _ => return Err(rejected(format!("queries: unknown query '{q}'"))),
        }
    }
    Ok(())
}

#[derive(Default)]
struct ReqStage {
    slots: HashMap<String, Sketch>,
    /// Whether a seed_optional step compacted with the crate's own bits ("lang.random_bits").
    own_bits: bool,
}

impl ReqStage {
    fn slot(&mut self, name: &str) -> Result<&mut Sketch, StepError> {
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }

    /// A step compacted: its random bits were the crate's, not the case's.
    fn compacted(&mut self, op: &Op, io: &mut StageIo) -> Result<(), StepError> {
        let step = op.step();
        if op.get("seed_optional").and_then(|v| v.as_bool()) != Some(true) {
            return Err(unsupported(
                format!("{}.{step}", op.sketch()),
                format!("this {step} compacted, and the crate cannot pin the random bits of REQ compactions"),
            ));
        }
        if !self.own_bits {
            self.own_bits = true;
            io.obs.unsupported("lang.random_bits", "the crate cannot pin the random bits of REQ compactions: this case compacted with its own");
        }
        Ok(())
    }
}

impl FamilyStage for ReqStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                if op.opt_str("item").unwrap_or("float") != "float" {
                    return Err(rejected("item: only float"));
                }
                let k = u16::try_from(op.int("k")?).map_err(|_| rejected("k: not in 0..65535"))?;
                let hra = op.get("hra").and_then(|v| v.as_bool()).unwrap_or(true);
                let mode = if hra { RankAccuracy::HighRank } else { RankAccuracy::LowRank };
                self.slots.insert(name.into(), Sketch::new(k, mode)?);
            }
            "update" => {
                let Items::Doubles(values) = items.ok_or_else(|| rejected("update: no items"))? else {
                    return Err(rejected("update: a float sketch takes doubles"));
                };
                let s = self.slot(name)?;
                let (n, retained) = (s.n(), s.num_retained());
                for x in values {
                    if let Ok(item) = ReqFloat::<f32>::new(x as f32) {
                        s.update(item);
                    }
                }
                // Without a compaction every item counted is retained.
                if i64::from(s.num_retained()) - i64::from(retained) != (s.n() - n) as i64 {
                    self.compacted(op, io)?;
                }
            }
            "merge" => {
                let from = op.str("from")?;
                let other = self.slots.remove(from).ok_or_else(|| rejected(format!("slot '{from}' does not exist")))?;
                let merged = self.slot(name).and_then(|s| {
                    let retained = s.num_retained() + other.num_retained();
                    s.merge(&other)?;
                    Ok(s.num_retained() != retained)
                });
                self.slots.insert(from.into(), other);
                if merged? {
                    self.compacted(op, io)?;
                }
            }
            "serialize" => {
                if op.str("form")? != "compact" {
                    return Err(rejected("form: REQ images are compact"));
                }
                let image = self.slot(name)?.serialize();
                io.obs.bytes(&format!("{}.compact", op.out()), image);
            }
            "deserialize" => {
                let image = io.image(op.str("image")?)?;
                self.slots.insert(name.into(), Sketch::deserialize(&image)?);
            }
            "query" => query(self.slot(name)?, op, &mut io.obs)?,
            other => return Err(rejected(format!("'{other}' is not a req step"))),
        }
        Ok(())
    }
}
