# cmake -DSOURCE_DIR=<project> -DOUT=<dir> -P translate_families.cmake
# Writes the java-bridge's 9.x classes that the legacy engine runs (its families and the probe of
# the library), said in the 6.x/7.x API by memory_api.sed, into OUT/dev/dsconform/bridge/, where
# the legacy pom compiles them. A class with a script of its own (<Class> -> <script>.sed) goes
# through that first: TupleFamily's tuple names and seeds (tuple_api.sed).
set(_classes HllFamily ThetaFamily CpcFamily KllFamily FiFamily TupleFamily BloomFamily TdigestFamily LibraryProbe)
set(_first_TupleFamily tuple_api.sed)
find_program(_sed sed REQUIRED)
set(_here "${SOURCE_DIR}/java-bridge/legacy")
set(_to "${OUT}/dev/dsconform/bridge")
# Written anew: a class taken off the list must not stay behind.
file(REMOVE_RECURSE "${_to}")
file(MAKE_DIRECTORY "${_to}")
foreach(_f IN LISTS _classes)
  set(_from "${SOURCE_DIR}/java-bridge/src/main/java/dev/dsconform/bridge/${_f}.java")
  set(_scripts -f "${_here}/memory_api.sed")
  if(DEFINED _first_${_f})
    set(_scripts -f "${_here}/${_first_${_f}}" ${_scripts})
  endif()
  # One sed run with both scripts: a line passes through the class's own script, then memory_api's.
  execute_process(COMMAND "${_sed}" -E ${_scripts} "${_from}"
                  OUTPUT_FILE "${_to}/${_f}.java" RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "translate_families: sed failed on ${_from}")
  endif()
endforeach()
