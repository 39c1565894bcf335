//! Item tapes (docs/engine-protocol.md, "run"): what each generator puts on the tape, decoded
//! into the values the crate's update methods take.

use crate::stage::StepError;

/// The items of one update step.
pub enum Items<'a> {
    Longs(Vec<i64>),
    Doubles(Vec<f64>),
    /// UTF-8 strings as the tape carries them (bytes that may not be valid UTF-8).
    Strings(Vec<&'a [u8]>),
    ByteArrays(Vec<&'a [u8]>),
}

fn fixed8(tape: &[u8]) -> Result<impl Iterator<Item = [u8; 8]> + '_, StepError> {
    if tape.len() % 8 != 0 {
        return Err(StepError::Rejected("the item tape ends inside an item".into()));
    }
    Ok(tape.chunks_exact(8).map(|c| c.try_into().expect("eight bytes")))
}

fn length_prefixed(tape: &[u8]) -> Result<Vec<&[u8]>, StepError> {
    let mut items = vec![];
    let mut rest = tape;
    while !rest.is_empty() {
        let short = || StepError::Rejected("the item tape ends inside an item".into());
        let (len, tail) = rest.split_first_chunk::<4>().ok_or_else(short)?;
        let n = u32::from_le_bytes(*len) as usize;
        if tail.len() < n {
            return Err(short());
        }
        items.push(&tail[..n]);
        rest = &tail[n..];
    }
    Ok(items)
}

/// Decodes the tape of an op whose items come from generator `gen`.
pub fn decode<'a>(gen: &str, tape: &'a [u8]) -> Result<Items<'a>, StepError> {
    Ok(match gen {
        "sequence" | "splitmix64" | "ordered_longs" => Items::Longs(fixed8(tape)?.map(i64::from_le_bytes).collect()),
        "doubles" | "ordered_doubles" => Items::Doubles(fixed8(tape)?.map(f64::from_le_bytes).collect()),
        "ascii_strings" | "utf8_strings" | "ordered_strings" | "ascii_or_empty" => {
            Items::Strings(length_prefixed(tape)?)
        }
        "byte_arrays" => Items::ByteArrays(length_prefixed(tape)?),
        other => return Err(StepError::Rejected(format!("items: unknown generator '{other}'"))),
    })
}
