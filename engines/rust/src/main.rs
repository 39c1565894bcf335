//! rust@<version>: the datasketches crate (apache/datasketches-rust) as a dsconform engine, out
//! of process. Speaks docs/engine-protocol.md on stdin/stdout. This file is the runtime's loop
//! (hello, run, bye); the walk over a stage is stage.rs, each family's steps <family>.rs.
//!
//! engines/rust/CMakeLists.txt builds one binary per crate version, with the crate's features
//! for the families that version has, and names it in DSCONFORM_RUST_ENGINE at build time.

mod frame;
mod observe;
mod stage;
mod hashed;
mod tape;

#[cfg(feature = "bloom")]
mod bloom;
#[cfg(feature = "countmin")]
mod countmin;
mod cpc;
mod fi;
mod hll;
#[cfg(feature = "kll")]
mod kll;
#[cfg(feature = "req")]
mod req;
#[cfg(feature = "tdigest")]
mod tdigest;
mod theta;
#[cfg(feature = "tuple")]
mod tuple;

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::os::fd::{AsFd, OwnedFd};

use serde_json::{json, Map, Value};

use crate::frame::{read_frame, write_frame};
use crate::stage::{run_stage, Family};

const PROTOCOL_VERSION: i64 = 1;

fn engine_name() -> &'static str {
    option_env!("DSCONFORM_RUST_ENGINE").unwrap_or("rust@unknown")
}

/// Every family this build of the engine executes.
fn families() -> Vec<Family> {
    let families = [hll::family(), theta::family(), cpc::family(), fi::family()].into_iter();
    #[cfg(feature = "kll")]
    let families = families.chain([kll::family()]);
    #[cfg(feature = "tuple")]
    let families = families.chain([tuple::family()]);
    #[cfg(feature = "tdigest")]
    let families = families.chain([tdigest::family()]);
    #[cfg(feature = "bloom")]
    let families = families.chain([bloom::family()]);
    #[cfg(feature = "countmin")]
    let families = families.chain([countmin::family()]);
    #[cfg(feature = "req")]
    let families = families.chain([req::family()]);
    families.collect()
}

fn hello(families: &[Family]) -> Value {
    let steps: Map<String, Value> = families.iter().map(|f| (f.name.to_string(), json!(f.steps))).collect();
    let lacks: Map<String, Value> =
        families.iter().filter(|f| !f.lacks.is_empty()).map(|f| (f.name.to_string(), json!(f.lacks))).collect();
    json!({"type": "hello", "protocol": PROTOCOL_VERSION, "engine": engine_name(), "families": steps, "lacks": lacks})
}

fn error(message: String) -> Value {
    json!({"type": "error", "message": message})
}

/// Answers requests until bye or end of input; the process's exit status.
fn serve(input: &mut impl io::Read, out: &mut impl Write, families: &[Family]) -> io::Result<i32> {
    loop {
        let frame = match read_frame(input) {
            Ok(Some(f)) => f,
            Ok(None) => return Ok(0),
            Err(e) => {
                write_frame(out, error(format!("protocol error: {e}")), &[])?;
                return Ok(2);
            }
        };
        let header = &frame.header;
        match header["type"].as_str().unwrap_or("") {
            "hello" => {
                if header.get("protocol").and_then(Value::as_i64) != Some(PROTOCOL_VERSION) {
                    let asked = header.get("protocol").map(Value::to_string).unwrap_or_default();
                    let m = format!("protocol version {asked} is not supported; this engine speaks {PROTOCOL_VERSION}");
                    write_frame(out, error(m), &[])?;
                    return Ok(2);
                }
                write_frame(out, hello(families), &[])?;
            }
            "run" => {
                let mut out_payloads = vec![];
                let stages: Result<Vec<Value>, String> = match header.get("stages") {
                    Some(Value::Array(stages)) => stages
                        .iter()
                        .map(|s| match s {
                            Value::Object(s) => run_stage(s, families, &frame.payloads, &mut out_payloads, engine_name()),
                            _ => Err("a stage is not an object".into()),
                        })
                        .collect(),
                    _ => Err("no \"stages\"".into()),
                };
                match stages {
                    Ok(stages) => {
                        let answer = json!({"type": "result", "id": header.get("id"), "stages": stages});
                        write_frame(out, answer, &out_payloads)?;
                    }
                    Err(e) => {
                        write_frame(out, error(format!("protocol error: malformed run request ({e})")), &[])?;
                        return Ok(2);
                    }
                }
            }
            "bye" => return Ok(0),
            "error" => return Ok(2),
            other => {
                write_frame(out, error(format!("protocol error: unknown message type '{other}'")), &[])?;
                return Ok(2);
            }
        }
    }
}

unsafe extern "C" {
    fn dup2(from: i32, to: i32) -> i32;
}

/// The protocol on a duplicate of fd 1, fd 1 pointed at stderr: a stray print cannot corrupt it.
fn protocol_output() -> io::Result<File> {
    let protocol: OwnedFd = io::stdout().as_fd().try_clone_to_owned()?;
    // SAFETY: dup2 on two descriptors this process owns; nothing else uses fd 1 concurrently.
    if unsafe { dup2(2, 1) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(File::from(protocol))
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--hello") {
        // For people (dsconform-engine --hello does the same); a closed pipe is no error.
        let _ = writeln!(io::stdout(), "{}", hello(&families()));
        return;
    }
    std::panic::set_hook(Box::new(stage::record_panic));
    let status = protocol_output().and_then(|out| {
        let mut out = io::BufWriter::new(out);
        serve(&mut BufReader::new(io::stdin().lock()), &mut out, &families())
    });
    std::process::exit(match status {
        Ok(code) => code,
        Err(e) => {
            eprintln!("dsconform-rust-engine: {e}");
            3
        }
    });
}
