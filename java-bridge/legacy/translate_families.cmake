# cmake -DSOURCE_DIR=<project> -DOUT=<dir> -P translate_families.cmake
# Writes the java-bridge's 9.x families that the legacy engine runs, said in the 6.x/7.x API by
# memory_api.sed, into OUT/dev/dsconform/bridge/, where the legacy pom compiles them.
set(_families Hll Theta Cpc Kll Fi)  # Tuple: the 6.x/7.x tuple API differs beyond names
find_program(_sed sed REQUIRED)
set(_to "${OUT}/dev/dsconform/bridge")
file(MAKE_DIRECTORY "${_to}")
foreach(_f IN LISTS _families)
  set(_from "${SOURCE_DIR}/java-bridge/src/main/java/dev/dsconform/bridge/${_f}Family.java")
  execute_process(COMMAND "${_sed}" -E -f "${SOURCE_DIR}/java-bridge/legacy/memory_api.sed" "${_from}"
                  OUTPUT_FILE "${_to}/${_f}Family.java" RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "translate_families: sed failed on ${_from}")
  endif()
endforeach()
