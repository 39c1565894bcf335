# Probes the datasketches-cpp under test (cmake/DatasketchesCpp.cmake) for the
# APIs some release from 4.0.0 on lacks, so that the native engine builds
# against every one of them and answers "unsupported" for what its tree lacks
# (docs/native-releases.md).
#
# dsc_probe_datasketches_cpp(<probe.cc> <family> <result variable>)
#   Compiles <probe.cc> against the tree's headers and sets <result variable>
#   to 1 when it compiles, else 0. The result is cached under a key of the
#   probe's source and the headers it can see (<family>'s and common's), and
#   those headers are configure dependencies: a checkout that changes them (a
#   bisect step) makes the next build configure and probe again.
include_guard(GLOBAL)
include(CheckCXXSourceCompiles)

function(dsc_probe_datasketches_cpp probe family result_var)
  get_target_property(_includes dsconform_datasketches_cpp INTERFACE_INCLUDE_DIRECTORIES)
  # The tree's folder of the family: its name, but Bloom filters live in filters/.
  set(_folder "${family}")
  if(family STREQUAL "bloom")
    set(_folder "filters")
  endif()
  if(DATASKETCHES_CPP_SOURCE_DIR)
    set(_globs "${DATASKETCHES_CPP_SOURCE_DIR}/${_folder}/include/*" "${DATASKETCHES_CPP_SOURCE_DIR}/common/include/*")
  else()
    list(TRANSFORM _includes APPEND "/*" OUTPUT_VARIABLE _globs)  # an installed package: one flat folder
  endif()
  file(GLOB _headers CONFIGURE_DEPENDS ${_globs})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_headers} "${probe}")

  file(READ "${probe}" _source)
  set(_key "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} ${_includes} ${_source}")
  foreach(_header ${_headers})
    file(SHA256 "${_header}" _hash)
    string(APPEND _key " ${_header}=${_hash}")
  endforeach()
  string(SHA256 _key "${_key}")
  if(NOT "${_key}" STREQUAL "${${result_var}_KEY}")
    unset(${result_var} CACHE)  # another tree, or the tree changed: probe again
  endif()

  set(CMAKE_REQUIRED_INCLUDES ${_includes})
  check_cxx_source_compiles("${_source}" ${result_var})
  set(${result_var}_KEY "${_key}" CACHE INTERNAL "what ${result_var} was probed on")
  if(${result_var})
    set(${result_var} 1 PARENT_SCOPE)
  else()
    set(${result_var} 0 PARENT_SCOPE)
  endif()
endfunction()
