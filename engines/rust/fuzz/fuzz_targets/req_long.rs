#![no_main]
// i64 and u64 share the reader: one target.
libfuzzer_sys::fuzz_target!(|data: &[u8]| { dsconform_rust_fuzz::req::<i64>(data); dsconform_rust_fuzz::req::<u64>(data) });
