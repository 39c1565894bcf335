#![no_main]
use datasketches::req::ReqFloat;
libfuzzer_sys::fuzz_target!(|data: &[u8]| dsconform_rust_fuzz::req::<ReqFloat<f32>>(data));
