//! Observations of one stage as the protocol writes them (docs/engine-protocol.md, "result").

use std::collections::HashMap;

use serde_json::{json, Value};

pub struct Observations<'p> {
    pub fields: Vec<Value>,
    /// The answer's payloads, shared by every stage of the request.
    pub payloads: &'p mut Vec<Vec<u8>>,
    /// Byte fields of this stage, for its deserialize steps.
    pub images: HashMap<String, Vec<u8>>,
}

impl<'p> Observations<'p> {
    pub fn new(payloads: &'p mut Vec<Vec<u8>>) -> Self {
        Observations { fields: vec![], payloads, images: HashMap::new() }
    }

    fn add(&mut self, name: &str, kind: &str, members: Value) {
        let mut field = json!({"name": name, "kind": kind});
        if let (Value::Object(f), Value::Object(m)) = (&mut field, members) {
            f.extend(m);
        }
        self.fields.push(field);
    }

    pub fn double(&mut self, name: &str, x: f64) {
        self.add(name, "double", json!({"bits": format!("{:016x}", x.to_bits())}));
    }

    pub fn int(&mut self, name: &str, x: i64) {
        self.add(name, "int", json!({"value": x}));
    }

    pub fn bool(&mut self, name: &str, x: bool) {
        self.add(name, "bool", json!({"value": x}));
    }

    pub fn string(&mut self, name: &str, x: &str) {
        self.add(name, "string", json!({"text": x}));
    }

    pub fn bytes(&mut self, name: &str, data: Vec<u8>) {
        self.add(name, "bytes", json!({"payload": self.payloads.len()}));
        self.images.insert(name.to_string(), data.clone());
        self.payloads.push(data);
    }

    pub fn error(&mut self, name: &str, class: &str, message: &str, stack: Option<&str>) {
        let mut members = json!({"class": class, "message": message});
        if let Some(s) = stack {
            members["stack"] = json!(s);
        }
        self.add(name, "error", members);
    }

    pub fn unsupported(&mut self, name: &str, reason: &str) {
        self.add(name, "unsupported", json!({"text": reason}));
    }
}
