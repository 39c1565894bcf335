# Writes the cargo package of one rust@<label> engine (cmake -P, at build time, so that a source
# tree checked out anew, as scripts/bisect does, is probed again): <OUT>/Cargo.toml from
# Cargo.toml.in, with the crate's features for the families that crate has.
#   -DOUT=<dir> -DLABEL=<label> -DENGINE_SOURCE=<engines/rust> and either
#   -DCRATE_VERSION=<x.y.z> (the registry's crate) or -DCRATE_PATH=<the crate's directory>
# What a crate has: Tuple (the "tuple" feature) came in 0.5.0, KLL ("kll") and
# HllSketch::composite_estimate in 0.6.0, and the t-digest API the engine uses (queries returning
# Result) in 0.6.0; the Bloom filter ("bloom") is in 0.5.0 too, but the wing is checked against
# 0.6.0's only, so from 0.6.0, and Count-min ("countmin") from 0.6.0 (0.5.0 has the module, with
# another API), REQ ("req") from 0.6.0; a source tree is asked directly.
set(crate "\"hll\", \"theta\", \"cpc\", \"frequencies\"")
set(engine "")
if(CRATE_PATH)
  set(DSC_RUST_CRATE_DEPENDENCY "path = \"${CRATE_PATH}\"")
  file(READ "${CRATE_PATH}/Cargo.toml" manifest)
  foreach(family kll tuple bloom countmin req)
    if(manifest MATCHES "\n${family} *=")
      string(APPEND crate ", \"${family}\"")
      list(APPEND engine "\"${family}\"")
    endif()
  endforeach()
  if(EXISTS "${CRATE_PATH}/src/tdigest/sketch.rs")
    file(READ "${CRATE_PATH}/src/tdigest/sketch.rs" tdigest)
    if(manifest MATCHES "\ntdigest *=" AND tdigest MATCHES "pub fn rank\\(&mut self, value: f64\\) -> Result")
      string(APPEND crate ", \"tdigest\"")
      list(APPEND engine "\"tdigest\"")
    endif()
  endif()
  if(EXISTS "${CRATE_PATH}/src/hll/sketch.rs")
    file(READ "${CRATE_PATH}/src/hll/sketch.rs" hll)
    if(hll MATCHES "pub fn composite_estimate")
      list(APPEND engine "\"hll_composite\"")
    endif()
  endif()
else()
  set(DSC_RUST_CRATE_DEPENDENCY "version = \"=${CRATE_VERSION}\"")
  if(CRATE_VERSION VERSION_GREATER_EQUAL 0.5.0)
    string(APPEND crate ", \"tuple\"")
    list(APPEND engine "\"tuple\"")
  endif()
  if(CRATE_VERSION VERSION_GREATER_EQUAL 0.6.0)
    string(APPEND crate ", \"kll\", \"tdigest\", \"bloom\", \"countmin\", \"req\"")
    list(APPEND engine "\"kll\"" "\"hll_composite\"" "\"tdigest\"" "\"bloom\"" "\"countmin\"" "\"req\"")
  endif()
endif()
list(JOIN engine ", " engine)
set(DSC_RUST_CRATE_FEATURES "${crate}")
set(DSC_RUST_ENGINE_FEATURES "default = [${engine}]\nkll = []\ntuple = []\nhll_composite = []\ntdigest = []\nbloom = []\ncountmin = []\nreq = []")
set(DSC_RUST_ENGINE_SOURCE "${ENGINE_SOURCE}")
# configure_file writes only when the text changes: cargo rebuilds only what did.
configure_file("${ENGINE_SOURCE}/Cargo.toml.in" "${OUT}/Cargo.toml" @ONLY)
