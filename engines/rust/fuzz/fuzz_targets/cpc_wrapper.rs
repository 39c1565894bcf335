#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| dsconform_rust_fuzz::cpc_wrapper(data));
