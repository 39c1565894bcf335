//! The t-digest steps of sketches/tdigest/tdigest_steps.json on datasketches::tdigest (0.6.0 on:
//! its queries return `Result<Option<_>>`): TDigestMut, a digest of doubles.
//!
//! t-digest draws no random bits, so everything is compared. The crate lacks, and the step answers
//! unsupported: a digest of floats (`item=float` on create; on deserialize the crate reads C++'s
//! float image with `deserialize_f32` into a digest of doubles, whose image is then the double
//! format, so that slot's serialize is unsupported), serialize form=buffer (its serialize compresses
//! first), and the query to_string (native-only). compress is `freeze()` (which compresses) and
//! `unfreeze()`: the crate has no public compress. Like Java, update skips NaN and infinities.
//! An empty digest has no min, max, quantile or rank (None): that step's error, as C++ throws there.

use std::collections::HashMap;

use datasketches::tdigest::TDigestMut;

use crate::observe::Observations;
use crate::stage::{rejected, unsupported, Family, FamilyStage, Op, StageIo, StepError};
use crate::tape::Items;

pub fn family() -> Family {
    Family {
        name: "tdigest",
        steps: &["create", "update", "merge", "compress", "serialize", "deserialize", "query"],
        lacks: &[
            "create item=float: the crate's t-digest holds doubles",
            "serialize form=buffer, and serialize of a float image read by deserialize_f32: it writes compressed double images",
            "query to_string: native-only",
        ],
        new_stage: || Box::new(TdigestStage::default()),
    }
}

/// A slot: the digest, and whether it was read from a float image.
struct Slot {
    digest: TDigestMut,
    from_float: bool,
}

#[derive(Default)]
struct TdigestStage {
    slots: HashMap<String, Slot>,
}

fn empty(query: &str) -> StepError {
    StepError::Library {
        class: "datasketches::tdigest::TDigestMut: None".into(),
        message: format!("{query} is undefined for an empty t-digest"),
    }
}

fn query(s: &mut TDigestMut, op: &Op, obs: &mut Observations) -> Result<(), StepError> {
    let prefix = op.out();
    let ranks = op.decimals("ranks")?;
    let points = op.decimals("points")?;
    for q in op.queries() {
        let name = format!("{prefix}.{q}");
        match q {
            "n" => obs.int(&name, s.total_weight() as i64),
            "k" => obs.int(&name, s.k().into()),
            "is_empty" => obs.bool(&name, s.is_empty()),
            "min" => obs.double(&name, s.min_value().ok_or_else(|| empty(q))?),
            "max" => obs.double(&name, s.max_value().ok_or_else(|| empty(q))?),
            "to_string" => obs.unsupported(&name, "a native-only observation"),
            "quantiles" => {
                for (i, r) in ranks.iter().enumerate() {
                    obs.double(&format!("{name}[{i}]"), s.quantile(*r)?.ok_or_else(|| empty(q))?);
                }
            }
            "ranks" => {
                for (i, p) in points.iter().enumerate() {
                    obs.double(&format!("{name}[{i}]"), s.rank(*p)?.ok_or_else(|| empty(q))?);
                }
            }
            "pmf" | "cdf" => {
                let values = if q == "pmf" { s.pmf(&points)? } else { s.cdf(&points)? };
                for (i, v) in values.ok_or_else(|| empty(q))?.iter().enumerate() {
                    obs.double(&format!("{name}[{i}]"), *v);
                }
            }
            _ => return Err(rejected(format!("queries: unknown query '{q}'"))),
        }
    }
    Ok(())
}

impl TdigestStage {
    fn slot(&mut self, name: &str) -> Result<&mut Slot, StepError> {
        self.slots.get_mut(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))
    }
}

impl FamilyStage for TdigestStage {
    fn drop_slot(&mut self, name: &str) {
        self.slots.remove(name);
    }

    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError> {
        let name = op.sketch();
        match op.step() {
            "create" => {
                if op.str("item")? != "double" {
                    return Err(unsupported(format!("{name}.create"), "the crate's t-digest holds doubles"));
                }
                let k = u16::try_from(op.int("k")?).map_err(|_| rejected("k: not in 0..65535"))?;
                self.slots.insert(name.into(), Slot { digest: TDigestMut::new(k)?, from_float: false });
            }
            "update" => {
                let Some(Items::Doubles(values)) = items else {
                    return Err(rejected("update: t-digest takes a tape of doubles"));
                };
                let s = &mut self.slot(name)?.digest;
                values.into_iter().for_each(|x| s.update(x));
            }
            "merge" => {
                let from = op.str("from")?;
                let other = self.slots.remove(from).ok_or_else(|| rejected(format!("slot '{from}' does not exist")))?;
                let merged = self.slot(name).map(|s| s.digest.merge(&other.digest));
                self.slots.insert(from.into(), other);
                merged?;
            }
            "compress" => {
                let slot = self.slots.remove(name).ok_or_else(|| rejected(format!("slot '{name}' does not exist")))?;
                let digest = slot.digest.freeze().unfreeze();
                self.slots.insert(name.into(), Slot { digest, ..slot });
            }
            "serialize" => {
                // What the crate cannot write is this field's unsupported; the slot stays usable.
                let field = format!("{}.{}", op.out(), op.str("form")?);
                let slot = self.slot(name)?;
                if op.str("form")? != "compact" {
                    io.obs.unsupported(&field, "the crate's serialize compresses first: no image with a buffer");
                } else if slot.from_float {
                    io.obs.unsupported(&field, "the crate read a float image into a digest of doubles, and writes doubles");
                } else {
                    io.obs.bytes(&field, slot.digest.serialize());
                }
            }
            "deserialize" => {
                let image = io.image(op.str("image")?)?;
                let from_float = op.str("item")? == "float";
                let digest = if from_float { TDigestMut::deserialize_f32(&image)? } else { TDigestMut::deserialize(&image)? };
                self.slots.insert(name.into(), Slot { digest, from_float });
            }
            "query" => query(&mut self.slot(name)?.digest, op, &mut io.obs)?,
            other => return Err(rejected(format!("'{other}' is not a tdigest step"))),
        }
        Ok(())
    }
}
