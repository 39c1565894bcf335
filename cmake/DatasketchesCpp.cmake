# Locates the datasketches-cpp under test: a source tree given with
# -DDATASKETCHES_CPP_SOURCE_DIR, else an installed package. Defines the
# interface target dsconform::datasketches_cpp, DSC_HAVE_CPP and DSC_CPP_VERSION.
set(DATASKETCHES_CPP_SOURCE_DIR "" CACHE PATH "A datasketches-cpp checkout (any commit) to test")
set(DATASKETCHES_CPP_LABEL "" CACHE STRING "Engine label for the native engine (default: version of the tree)")
set(DSC_HAVE_CPP OFF)
set(DSC_CPP_VERSION "")

if(DATASKETCHES_CPP_SOURCE_DIR)
  if(NOT EXISTS "${DATASKETCHES_CPP_SOURCE_DIR}/hll/include/hll.hpp")
    message(FATAL_ERROR "DATASKETCHES_CPP_SOURCE_DIR=${DATASKETCHES_CPP_SOURCE_DIR} is not a datasketches-cpp tree (no hll/include/hll.hpp)")
  endif()
  file(GLOB _dsc_includes LIST_DIRECTORIES true "${DATASKETCHES_CPP_SOURCE_DIR}/*/include")
  add_library(dsconform_datasketches_cpp INTERFACE)
  target_include_directories(dsconform_datasketches_cpp SYSTEM INTERFACE ${_dsc_includes})
  # A checkout names itself by git describe; a plain tree by its version file.
  execute_process(COMMAND git -C "${DATASKETCHES_CPP_SOURCE_DIR}" describe --tags --always --dirty
                  OUTPUT_VARIABLE DSC_CPP_VERSION OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
                  RESULT_VARIABLE _dsc_git_rc)
  if(NOT _dsc_git_rc EQUAL 0 OR DSC_CPP_VERSION STREQUAL "")
    file(STRINGS "${DATASKETCHES_CPP_SOURCE_DIR}/version.cfg.in" DSC_CPP_VERSION LIMIT_COUNT 1)
  endif()
  set(DSC_HAVE_CPP ON)
  set(_dsc_from "source tree ${DATASKETCHES_CPP_SOURCE_DIR}")
else()
  find_package(DataSketches CONFIG QUIET)
  if(DataSketches_FOUND)
    add_library(dsconform_datasketches_cpp INTERFACE)
    target_include_directories(dsconform_datasketches_cpp SYSTEM INTERFACE "${DATASKETCHES_INCLUDE_DIR}")
    set(DSC_CPP_VERSION "${DATASKETCHES_VERSION}")
    set(DSC_HAVE_CPP ON)
    set(_dsc_from "installed package ${DataSketches_DIR}")
  endif()
endif()

if(DSC_HAVE_CPP)
  if(DATASKETCHES_CPP_LABEL)
    set(DSC_CPP_VERSION "${DATASKETCHES_CPP_LABEL}")
  endif()
  add_library(dsconform::datasketches_cpp ALIAS dsconform_datasketches_cpp)
  message(STATUS "dsconform: native engine cpp@${DSC_CPP_VERSION} from ${_dsc_from}")
else()
  message(WARNING "dsconform: no datasketches-cpp found (give -DDATASKETCHES_CPP_SOURCE_DIR=<checkout> "
                  "or install its CMake package); the native engine cpp is not built and its tests are skipped.")
endif()
