#![no_main]
use datasketches::kll::KllFloat;
libfuzzer_sys::fuzz_target!(|data: &[u8]| dsconform_rust_fuzz::kll::<KllFloat<f64>>(data));
