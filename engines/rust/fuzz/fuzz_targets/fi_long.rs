#![no_main]
// i64 and u64 share the reader (8 little-endian bytes per item): one target.
libfuzzer_sys::fuzz_target!(|data: &[u8]| { dsconform_rust_fuzz::frequent_items::<i64>(data); dsconform_rust_fuzz::frequent_items::<u64>(data) });
