# cmake -DSOURCE_DIR=<project> -DOUT=<dir> -P translate_families.cmake
# Writes the java-bridge's 9.x classes that the legacy engine runs (its families and the probe of
# the library), said in the 6.x/7.x API by memory_api.sed, into OUT/dev/dsconform/bridge/, where
# the legacy pom compiles them.
# TupleFamily is not among them: the 6.x/7.x tuple API differs beyond names.
set(_classes HllFamily ThetaFamily CpcFamily KllFamily FiFamily BloomFamily LibraryProbe)
find_program(_sed sed REQUIRED)
set(_to "${OUT}/dev/dsconform/bridge")
file(MAKE_DIRECTORY "${_to}")
foreach(_f IN LISTS _classes)
  set(_from "${SOURCE_DIR}/java-bridge/src/main/java/dev/dsconform/bridge/${_f}.java")
  execute_process(COMMAND "${_sed}" -E -f "${SOURCE_DIR}/java-bridge/legacy/memory_api.sed" "${_from}"
                  OUTPUT_FILE "${_to}/${_f}.java" RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "translate_families: sed failed on ${_from}")
  endif()
endforeach()
