#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| dsconform_rust_fuzz::tuple::<f32>(data));
