#![no_main]
// i64 and u64 summaries share the reader (8 bytes each): one target.
libfuzzer_sys::fuzz_target!(|data: &[u8]| { dsconform_rust_fuzz::tuple::<i64>(data); dsconform_rust_fuzz::tuple::<u64>(data) });
