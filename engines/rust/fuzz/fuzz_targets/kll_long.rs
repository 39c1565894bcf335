#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| dsconform_rust_fuzz::kll::<i64>(data));
