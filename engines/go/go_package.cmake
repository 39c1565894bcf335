# Writes the Go module of one go@<label> engine (cmake -P, at build time, so that a source tree
# checked out anew is picked up again): <OUT>/go.mod from go.mod.in, and the engine's sources
# beside it (Go builds a module from its own directory). Only what changed is written: go build
# then rebuilds only what did.
#   -DOUT=<dir> -DENGINE_SOURCE=<engines/go> and either
#   -DMODULE_VERSION=<vX.Y.Z> (the module proxy's) or -DMODULE_PATH=<a datasketches-go checkout>
if(MODULE_PATH)
  # Any version will do: the replace points the requirement at the tree.
  set(DSC_GO_MODULE_VERSION "v0.0.0-00010101000000-000000000000")
  set(DSC_GO_REPLACE "replace github.com/apache/datasketches-go => ${MODULE_PATH}")
else()
  set(DSC_GO_MODULE_VERSION "${MODULE_VERSION}")
  set(DSC_GO_REPLACE "")
endif()
configure_file("${ENGINE_SOURCE}/go.mod.in" "${OUT}/go.mod.pinned" @ONLY)
# go build -mod=mod adds the module's own requirements to go.mod: start again from the pin only
# when the pin changed.
file(READ "${OUT}/go.mod.pinned" pinned)
set(copied "")
if(EXISTS "${OUT}/go.mod.copied")
  file(READ "${OUT}/go.mod.copied" copied)
endif()
if(NOT pinned STREQUAL copied OR NOT EXISTS "${OUT}/go.mod")
  file(WRITE "${OUT}/go.mod" "${pinned}")
  file(WRITE "${OUT}/go.mod.copied" "${pinned}")
  file(REMOVE "${OUT}/go.sum")
endif()
file(GLOB sources RELATIVE "${ENGINE_SOURCE}" "${ENGINE_SOURCE}/*.go")
foreach(source ${sources})
  configure_file("${ENGINE_SOURCE}/${source}" "${OUT}/${source}" COPYONLY)
endforeach()
