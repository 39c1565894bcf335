//! Frames of docs/engine-protocol.md: a u32 little-endian header length, the JSON header, then
//! the payloads the header's "payloads" announces, back to back.

use std::io::{self, Read, Write};

use serde_json::{json, Map, Value};

// The protocol's limits (a batch's results are one header; text read as a length is >= 512 MiB).
const MAX_HEADER_BYTES: usize = 256 << 20;
const MAX_PAYLOAD_BYTES: u64 = 1 << 32;

pub struct Frame {
    pub header: Map<String, Value>,
    pub payloads: Vec<Vec<u8>>,
}

/// Reads exactly `buf.len()` bytes; Ok(false) when the input ends before the first one and
/// `at_start` (end of input between frames), an error when it ends later.
fn read_exact_or_end(input: &mut impl Read, buf: &mut [u8], at_start: bool) -> Result<bool, String> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) if at_start && filled == 0 => return Ok(false),
            Ok(0) => return Err("input ended inside a frame".into()),
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("reading the input: {e}")),
        }
    }
    Ok(true)
}

/// The next frame, or None at the end of input.
pub fn read_frame(input: &mut impl Read) -> Result<Option<Frame>, String> {
    let mut prefix = [0u8; 4];
    if !read_exact_or_end(input, &mut prefix, true)? {
        return Ok(None);
    }
    let length = u32::from_le_bytes(prefix) as usize;
    if length == 0 || length > MAX_HEADER_BYTES {
        return Err(format!("header length {length} is out of range"));
    }
    let mut text = vec![0u8; length];
    read_exact_or_end(input, &mut text, false)?;
    let header: Value = serde_json::from_slice(&text).map_err(|e| format!("the header is not JSON: {e}"))?;
    let Value::Object(header) = header else {
        return Err("the header is not an object".into());
    };
    if !header.get("type").is_some_and(Value::is_string) {
        return Err("the header has no string member \"type\"".into());
    }
    let sizes: Vec<u64> = match header.get("payloads") {
        None => vec![],
        Some(Value::Array(a)) => a
            .iter()
            .map(|s| s.as_u64().ok_or("\"payloads\" must be a list of sizes".to_string()))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("\"payloads\" must be a list of sizes".into()),
    };
    if sizes.iter().sum::<u64>() > MAX_PAYLOAD_BYTES {
        return Err("the payloads exceed the limit".into());
    }
    let mut payloads = Vec::with_capacity(sizes.len());
    for size in sizes {
        let mut p = vec![0u8; size as usize];
        read_exact_or_end(input, &mut p, false)?;
        payloads.push(p);
    }
    Ok(Some(Frame { header, payloads }))
}

pub fn write_frame(out: &mut impl Write, mut header: Value, payloads: &[Vec<u8>]) -> io::Result<()> {
    header["payloads"] = json!(payloads.iter().map(Vec::len).collect::<Vec<_>>());
    let text = serde_json::to_vec(&header).expect("a JSON value serializes");
    out.write_all(&(text.len() as u32).to_le_bytes())?;
    out.write_all(&text)?;
    for p in payloads {
        out.write_all(p)?;
    }
    out.flush()
}
