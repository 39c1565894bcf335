//! The walk over one stage's steps: fresh slots, each step's item tape, the steps a family cannot
//! do in some variant (an unsupported field, the slot unusable from there on), the library's
//! errors and panics as observations that end the stage.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::panic::{self, AssertUnwindSafe};

use serde_json::{json, Map, Value};

use crate::observe::Observations;
use crate::tape::{self, Items};

pub enum StepError {
    /// The stage is malformed (what the harness's validation should have caught).
    Rejected(String),
    /// The crate cannot do this variant of the step: field `name` of kind unsupported.
    Unsupported { name: String, reason: String },
    /// The crate returned an error: `error@op<i>`, the stage ends.
    Library { class: String, message: String },
}

impl From<datasketches::error::Error> for StepError {
    fn from(e: datasketches::error::Error) -> Self {
        StepError::Library { class: format!("datasketches::error::ErrorKind::{}", e.kind()), message: e.to_string() }
    }
}

pub fn unsupported(name: impl Into<String>, reason: impl Into<String>) -> StepError {
    StepError::Unsupported { name: name.into(), reason: reason.into() }
}

pub fn rejected(message: impl Into<String>) -> StepError {
    StepError::Rejected(message.into())
}

/// One step as the case JSON writes it.
pub struct Op<'a>(pub &'a Map<String, Value>);

impl<'a> Op<'a> {
    pub fn step(&self) -> &'a str {
        self.0.get("op").and_then(Value::as_str).unwrap_or("")
    }
    pub fn opt_str(&self, key: &str) -> Option<&'a str> {
        self.0.get(key).and_then(Value::as_str)
    }
    pub fn str(&self, key: &str) -> Result<&'a str, StepError> {
        self.opt_str(key).ok_or_else(|| rejected(format!("{key}: missing or not a string")))
    }
    pub fn opt_int(&self, key: &str) -> Option<i64> {
        self.0.get(key).and_then(Value::as_i64)
    }
    pub fn int(&self, key: &str) -> Result<i64, StepError> {
        self.opt_int(key).ok_or_else(|| rejected(format!("{key}: missing or not an integer")))
    }
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.0.get(key)
    }
    /// The step's slot.
    pub fn sketch(&self) -> &'a str {
        self.opt_str("sketch").unwrap_or("")
    }
    /// The name its observations take: "as", else the slot.
    pub fn out(&self) -> &'a str {
        self.opt_str("as").unwrap_or(self.sketch())
    }
    /// A list of decimals (JSON numbers or their text): a query's ranks or split points.
    pub fn decimals(&self, key: &str) -> Result<Vec<f64>, StepError> {
        let values = self.0.get(key).and_then(Value::as_array).cloned().unwrap_or_default();
        values
            .iter()
            .map(|v| {
                v.as_f64()
                    .or_else(|| v.as_str().and_then(|t| t.parse().ok()))
                    .ok_or_else(|| rejected(format!("{key}: not decimals")))
            })
            .collect()
    }
    /// The queries of a query step.
    pub fn queries(&self) -> Vec<&'a str> {
        self.0.get("queries").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
    }
}

/// What a step may touch besides its family's slots.
pub struct StageIo<'s, 'p> {
    pub obs: Observations<'p>,
    stage_images: HashMap<String, &'s [u8]>,
}

impl StageIo<'_, '_> {
    /// A deserialize step's image: one of the stage's (a cross stage's), else a byte field it made.
    pub fn image(&self, name: &str) -> Result<Vec<u8>, StepError> {
        if let Some(i) = self.stage_images.get(name) {
            return Ok(i.to_vec());
        }
        self.obs.images.get(name).cloned().ok_or_else(|| StepError::Library {
            class: "dsconform.MissingImage".into(),
            message: format!("image '{name}' is neither an image of the stage nor a byte field it produced"),
        })
    }
}

/// One family's steps on the crate; a fresh one per stage.
pub trait FamilyStage {
    fn step(&mut self, op: &Op, items: Option<Items>, io: &mut StageIo) -> Result<(), StepError>;
    /// Lets go of a slot no later step names (the stage's "drops").
    fn drop_slot(&mut self, name: &str);
}

pub struct Family {
    pub name: &'static str,
    /// The steps of sketches/<family>/<family>_steps.json this engine declares in its hello.
    pub steps: &'static [&'static str],
    /// What the crate lacks of the declared steps, for people (hello's "lacks").
    pub lacks: &'static [&'static str],
    pub new_stage: fn() -> Box<dyn FamilyStage>,
}

/// Steps that give their slot a new value, whatever it held.
const SLOT_MAKERS: &[&str] =
    &["create", "union", "result", "deserialize", "copy", "convert", "intersection", "compact", "a_not_b"];

/// The slots whose value a step uses.
fn slots_read<'a>(op: &Op<'a>) -> Vec<&'a str> {
    let step = op.step();
    let mut read = vec![];
    if ["update", "merge", "serialize", "query", "reset", "jaccard", "estimate"].contains(&step) {
        read.push(op.sketch());
    }
    if ["merge", "result", "copy", "convert", "compact"].contains(&step) {
        read.extend(op.opt_str("from"));
    }
    read.extend(["a", "b", "with"].iter().filter_map(|k| op.opt_str(k)));
    read
}

thread_local! {
    /// The last panic's message and location, set by the hook main installs.
    pub static LAST_PANIC: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

pub fn record_panic(info: &panic::PanicHookInfo) {
    let message = if let Some(s) = info.payload().downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = info.payload().downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    };
    let location = info.location().map(|l| format!("at {}:{}", l.file(), l.line())).unwrap_or_default();
    eprintln!("dsconform-rust-engine: the library panicked: {message} {location}");
    LAST_PANIC.with(|p| *p.borrow_mut() = Some((message, location)));
}

/// One stage's wire result: {"fields": [...]} or {"rejected": "..."}.
pub fn run_stage(
    stage: &Map<String, Value>,
    families: &[Family],
    payloads: &[Vec<u8>],
    out_payloads: &mut Vec<Vec<u8>>,
    engine: &str,
) -> Result<Value, String> {
    let family_name = stage.get("family").and_then(Value::as_str).unwrap_or("");
    let Some(family) = families.iter().find(|f| f.name == family_name) else {
        return Ok(json!({"rejected": format!("family '{family_name}' is not supported by {engine}")}));
    };
    let cross = stage.get("stage").and_then(Value::as_str) == Some("cross");
    let case = stage.get("case").and_then(Value::as_str).unwrap_or("");
    let where_ = format!("case {case}: /{}ops/", if cross { "cross/" } else { "" });
    let payload = |v: &Value| v.as_u64().and_then(|i| payloads.get(i as usize)).ok_or("a payload index is out of range");
    let mut stage_images = HashMap::new();
    if let Some(Value::Object(images)) = stage.get("images") {
        for (name, index) in images {
            stage_images.insert(name.clone(), payload(index)?.as_slice());
        }
    }
    let tapes: Vec<&[u8]> = match stage.get("tapes") {
        Some(Value::Array(t)) => t.iter().map(|i| payload(i).map(Vec::as_slice)).collect::<Result<_, _>>()?,
        _ => vec![],
    };
    let Some(Value::Array(ops)) = stage.get("ops") else { return Err("a stage has no \"ops\"".into()) };

    let first_payload = out_payloads.len();
    let mut io = StageIo { obs: Observations::new(out_payloads), stage_images };
    let mut state = (family.new_stage)();
    let mut next_tape = 0;
    let mut unusable: HashSet<String> = HashSet::new();
    for (index, op) in ops.iter().enumerate() {
        let Value::Object(op) = op else { return Err("a step is not an object".into()) };
        let op = Op(op);
        let step = op.step();
        let tape = match op.get("items") {
            None => None,
            Some(items) => {
                let Some(tape) = tapes.get(next_tape) else {
                    io.obs.payloads.truncate(first_payload);
                    return Ok(json!({"rejected": format!("{where_}{index}: no item tape for this step")}));
                };
                next_tape += 1;
                Some((items.get("gen").and_then(Value::as_str).unwrap_or(""), *tape))
            }
        };
        let declared = family.steps.contains(&step);
        let mut blocked: Vec<&str> = slots_read(&op).into_iter().filter(|s| unusable.contains(*s)).collect();
        if step == "deserialize" {
            if let Some(image) = op.opt_str("image") {
                if !io.stage_images.contains_key(image) && !io.obs.images.contains_key(image) {
                    // Not written because its writer (a slot or "as" of a serialize) was unusable.
                    let writer = image.rsplit_once('.').map_or(image, |(w, _)| w);
                    if unusable.contains(writer) {
                        blocked.push(writer);
                    }
                }
            }
        }
        if declared && !blocked.is_empty() {
            for out in [op.opt_str("sketch"), op.opt_str("as")].into_iter().flatten() {
                if !unusable.contains(out) {
                    io.obs.unsupported(
                        &format!("{out}.{step}"),
                        &format!("it reads slot '{}', which this engine could not make", blocked[0]),
                    );
                    unusable.insert(out.to_string());
                }
            }
            continue;
        }
        let outcome = if !declared {
            Err(rejected(format!("'{step}' is not a {family_name} step")))
        } else {
            let items = match tape {
                None => Ok(None),
                Some((gen, tape)) => tape::decode(gen, tape).map(Some),
            };
            match items {
                Err(e) => Err(e),
                Ok(items) => match panic::catch_unwind(AssertUnwindSafe(|| state.step(&op, items, &mut io))) {
                    Ok(r) => r,
                    Err(_) => {
                        let (message, location) = LAST_PANIC
                            .with(|p| p.borrow_mut().take())
                            .unwrap_or_else(|| ("a panic".into(), String::new()));
                        io.obs.error(&format!("error@op{index}"), "panic", &message, Some(&location));
                        break;
                    }
                },
            }
        };
        match outcome {
            Ok(()) => {
                if SLOT_MAKERS.contains(&step) {
                    unusable.remove(op.sketch());
                }
                let drops = stage.get("drops").and_then(Value::as_array).and_then(|d| d.get(index));
                for name in drops.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
                    state.drop_slot(name);
                }
            }
            Err(StepError::Rejected(m)) => {
                io.obs.payloads.truncate(first_payload);
                return Ok(json!({"rejected": format!("{where_}{index}: {m}")}));
            }
            Err(StepError::Unsupported { name, reason }) => {
                io.obs.unsupported(&name, &reason);
                unusable.insert(op.sketch().to_string());
            }
            Err(StepError::Library { class, message }) => {
                io.obs.error(&format!("error@op{index}"), &class, &message, None);
                break;
            }
        }
    }
    Ok(json!({"fields": io.obs.fields}))
}
