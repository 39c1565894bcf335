#![no_main]
// i32 and u32 share the reader: one target.
libfuzzer_sys::fuzz_target!(|data: &[u8]| { dsconform_rust_fuzz::req::<i32>(data); dsconform_rust_fuzz::req::<u32>(data) });
