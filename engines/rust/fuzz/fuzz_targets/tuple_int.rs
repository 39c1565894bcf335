#![no_main]
// i32 and u32 summaries (Java's IntegerSummary is 4 bytes) share the reader: one target.
libfuzzer_sys::fuzz_target!(|data: &[u8]| { dsconform_rust_fuzz::tuple::<i32>(data); dsconform_rust_fuzz::tuple::<u32>(data) });
