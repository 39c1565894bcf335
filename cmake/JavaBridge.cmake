# Locates the JDK that hosts the in-process Java engine and stages the datasketches-java versions it
# runs (docs/java-bridge.md, "Building"). Defines, for java-bridge/CMakeLists.txt and the CLI:
#   DSC_HAVE_JAVA              ON when the Java engine is built
#   dsconform::jni             jni.h (libjvm.so itself is loaded at run time, see java-bridge/jvm.h)
#   DSC_JAVA_HOME, DSC_JAVA_RUNTIME_VERSION, DSC_MVN, DSC_MVN_ENV
#   DSC_JAVA_DIR               ${CMAKE_BINARY_DIR}/java: one folder of jars per staged version
#   DSC_JAVA_BRIDGE_JAR        the bridge jar (built by Maven at build time)
#   DSC_JAVA_ENGINES_JSON      the catalog of staged versions the C++ side reads at run time
#   DSC_JAVA_STAGED_VERSIONS   the labels staged, default first
#   DSC_JAVA_LEGACY_HOME       the JDK 17 that runs 6.x/7.x out of process (empty when there is none)
#   DSC_JAVA_LEGACY_BRIDGE_JAR their bridge jar (java-bridge/legacy/, built by Maven at build time)
option(DSC_JAVA_ENGINE "Build the in-process Java engine (needs a JDK 25 and Maven)" ON)
set(DATASKETCHES_JAVA_VERSION "9.1.0" CACHE STRING
    "datasketches-java version of the default Java engine (java@...); the bridge is compiled against it")
set(DATASKETCHES_JAVA_EXTRA_VERSIONS "9.0.0;7.0.1;6.2.0" CACHE STRING
    "Further datasketches-java versions (a ;-list) staged side by side: 9.x in process, each by its own class loader; 6.x and 7.x out of process on JAVA_LEGACY_HOME")
set(DATASKETCHES_JAVA_JAR "" CACHE FILEPATH
    "A local datasketches-java jar (e.g. built from any commit) staged as one more version")
set(JAVA_HOME "" CACHE PATH "JDK hosting the Java engine (default: $JAVA_HOME, else /usr/lib/jvm/temurin-25-jdk-amd64)")
set(JAVA_LEGACY_HOME "/usr/lib/jvm/java-17-openjdk-amd64" CACHE PATH
    "JDK 17 running datasketches-java 6.x and 7.x out of process (java-bridge/legacy/)")
set(DSC_HAVE_JAVA OFF)

# The oldest Java each datasketches-java major release runs on (from their poms). 8.x is special:
# it needs exactly Java 21, being compiled with --enable-preview (see docs/java-bridge.md).
function(_dsc_java_needs version out_var)
  string(REGEX MATCH "^[0-9]+" _major "${version}")
  if(_major GREATER_EQUAL 9)
    set(${out_var} 25 PARENT_SCOPE)
  elseif(_major EQUAL 8)
    set(${out_var} 21 PARENT_SCOPE)
  elseif(_major EQUAL 7)
    set(${out_var} 17 PARENT_SCOPE)
  else()
    set(${out_var} 8 PARENT_SCOPE)
  endif()
endfunction()

# 6.x and 7.x run out of process on JAVA_LEGACY_HOME (java-bridge/legacy/): the 9.x bridge's
# families do not compile against their API, and 7.x needs JDK 17's jdk.incubator.foreign.
function(_dsc_java_is_legacy version out_var)
  string(REGEX MATCH "^[0-9]+" _major "${version}")
  if(_major LESS 8)
    set(${out_var} ON PARENT_SCOPE)
  else()
    set(${out_var} OFF PARENT_SCOPE)
  endif()
endfunction()

# Runs Maven on java-bridge/pom.xml, offline first so that a resolved local repository never
# needs the network; only when that fails does it try once more online.
function(_dsc_mvn out_rc out_log)
  set(_cmd ${CMAKE_COMMAND} -E env ${DSC_MVN_ENV} ${DSC_MVN} -B -q -Dstyle.color=never -f "${PROJECT_SOURCE_DIR}/java-bridge/pom.xml" ${ARGN})
  execute_process(COMMAND ${_cmd} -o RESULT_VARIABLE _rc OUTPUT_VARIABLE _log ERROR_VARIABLE _log)
  if(NOT _rc EQUAL 0)
    message(STATUS "dsconform: Maven could not work offline (${ARGN}); trying online")
    execute_process(COMMAND ${_cmd} RESULT_VARIABLE _rc OUTPUT_VARIABLE _log ERROR_VARIABLE _log)
  endif()
  set(${out_rc} ${_rc} PARENT_SCOPE)
  set(${out_log} "${_log}" PARENT_SCOPE)
endfunction()

# Copies datasketches-java <version> and its runtime dependencies into ${DSC_JAVA_DIR}/<version>.
# A stamp skips Maven on later configures.
function(_dsc_stage_maven_version version)
  set(_dir "${DSC_JAVA_DIR}/${version}")
  file(GLOB _jars "${_dir}/*.jar")
  if(EXISTS "${_dir}/.staged" AND _jars)
    return()
  endif()
  file(REMOVE_RECURSE "${_dir}")
  _dsc_mvn(_rc _log "-Ddatasketches.version=${version}" "-Ddsc.build.dir=${DSC_JAVA_DIR}/maven-scratch"
           dependency:copy-dependencies -DincludeScope=provided "-DoutputDirectory=${_dir}")
  file(GLOB _jars "${_dir}/*.jar")
  if(NOT _rc EQUAL 0 OR NOT _jars)
    message(FATAL_ERROR "dsconform: Maven cannot resolve datasketches-java ${version} "
                        "(set in DATASKETCHES_JAVA_VERSION or DATASKETCHES_JAVA_EXTRA_VERSIONS). Maven said:\n${_log}")
  endif()
  file(WRITE "${_dir}/.staged" "${version}\n")
endfunction()

function(_dsc_json_string value out_var)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  set(${out_var} "\"${value}\"" PARENT_SCOPE)
endfunction()

# One engines.json entry: {"label", "source", "class_path", "bridge_jar", "java_home", "jvm_options"}.
# A legacy version (6.x, 7.x) names the legacy bridge jar and JDK 17; 7.x adds the incubator module
# its datasketches-memory 4.x is built on.
function(_dsc_catalog_entry label source jars out_var)
  _dsc_json_string("${label}" _label)
  _dsc_json_string("${source}" _source)
  _dsc_java_is_legacy("${label}" _legacy)
  set(_jvm_options "")
  if(_legacy)
    _dsc_json_string("${DSC_JAVA_LEGACY_BRIDGE_JAR}" _bridge)
    _dsc_json_string("${JAVA_LEGACY_HOME}" _home)
    if(label MATCHES "^7\\.")
      set(_jvm_options "\"--add-modules=jdk.incubator.foreign\"")
    endif()
  else()
    _dsc_json_string("${DSC_JAVA_BRIDGE_JAR}" _bridge)
    _dsc_json_string("${DSC_JAVA_HOME}" _home)
  endif()
  set(_cp "")
  foreach(_jar IN LISTS jars)
    _dsc_json_string("${_jar}" _j)
    list(APPEND _cp "${_j}")
  endforeach()
  list(JOIN _cp ", " _cp)
  set(${out_var} "    {\"label\": ${_label}, \"source\": ${_source},\n     \"class_path\": [${_cp}],\n     \"bridge_jar\": ${_bridge}, \"java_home\": ${_home}, \"jvm_options\": [${_jvm_options}]}" PARENT_SCOPE)
endfunction()

if(NOT DSC_JAVA_ENGINE)
  message(STATUS "dsconform: Java engine disabled (DSC_JAVA_ENGINE=OFF)")
  return()
endif()

# --- The JDK ---------------------------------------------------------------------------------
if(JAVA_HOME)
  set(DSC_JAVA_HOME "${JAVA_HOME}")
elseif(DEFINED ENV{JAVA_HOME} AND NOT "$ENV{JAVA_HOME}" STREQUAL "")
  set(DSC_JAVA_HOME "$ENV{JAVA_HOME}")
else()
  set(DSC_JAVA_HOME "/usr/lib/jvm/temurin-25-jdk-amd64")
endif()
if(NOT EXISTS "${DSC_JAVA_HOME}/release" OR NOT EXISTS "${DSC_JAVA_HOME}/include/jni.h")
  message(FATAL_ERROR "dsconform: no JDK at ${DSC_JAVA_HOME} (no release file or include/jni.h). "
                      "Install a JDK 25 and point -DJAVA_HOME=<jdk> (or the JAVA_HOME environment variable) at it, "
                      "or configure with -DDSC_JAVA_ENGINE=OFF to build without the Java engine.")
endif()
file(STRINGS "${DSC_JAVA_HOME}/release" _dsc_release REGEX "^JAVA_VERSION=")
string(REGEX REPLACE "^JAVA_VERSION=\"?([^\"]*)\"?$" "\\1" DSC_JAVA_RUNTIME_VERSION "${_dsc_release}")
string(REGEX MATCH "^[0-9]+(\\.[0-9]+)?" _dsc_jdk_major "${DSC_JAVA_RUNTIME_VERSION}")
if(_dsc_jdk_major MATCHES "^1\\.")  # 1.8.0_x is Java 8
  string(REGEX REPLACE "^1\\.([0-9]+).*" "\\1" _dsc_jdk_major "${_dsc_jdk_major}")
else()
  string(REGEX MATCH "^[0-9]+" _dsc_jdk_major "${_dsc_jdk_major}")
endif()

string(REGEX MATCH "^[0-9]+" _dsc_default_major "${DATASKETCHES_JAVA_VERSION}")
if(NOT _dsc_default_major OR _dsc_default_major LESS 9)
  message(FATAL_ERROR "dsconform: DATASKETCHES_JAVA_VERSION=${DATASKETCHES_JAVA_VERSION}: the bridge speaks the "
                      "datasketches-java 9.x API (java.lang.foreign.MemorySegment), so the default version must be 9.0.0 or later. "
                      "Older releases can be staged with DATASKETCHES_JAVA_EXTRA_VERSIONS; the engine then says why they cannot run.")
endif()
_dsc_java_needs("${DATASKETCHES_JAVA_VERSION}" _dsc_needed)
if(_dsc_jdk_major LESS _dsc_needed)
  message(FATAL_ERROR "dsconform: datasketches-java ${DATASKETCHES_JAVA_VERSION} needs Java ${_dsc_needed}, but the JDK at "
                      "${DSC_JAVA_HOME} is Java ${DSC_JAVA_RUNTIME_VERSION}. Point -DJAVA_HOME at a JDK ${_dsc_needed} or newer.")
endif()
foreach(_v IN LISTS DATASKETCHES_JAVA_EXTRA_VERSIONS)
  _dsc_java_needs("${_v}" _n)
  _dsc_java_is_legacy("${_v}" _legacy)
  if(_legacy)
    continue()  # out of process on JAVA_LEGACY_HOME, checked below
  endif()
  if(_dsc_jdk_major LESS _n)
    message(WARNING "dsconform: datasketches-java ${_v} needs Java ${_n}; the JDK at ${DSC_JAVA_HOME} is "
                    "Java ${DSC_JAVA_RUNTIME_VERSION}. It is staged, and java@${_v} will report that it cannot run.")
  endif()
endforeach()

set(_dsc_jvm_lib "${DSC_JAVA_HOME}/lib/server/libjvm.so")
if(NOT EXISTS "${_dsc_jvm_lib}")
  message(FATAL_ERROR "dsconform: the JDK at ${DSC_JAVA_HOME} has no ${_dsc_jvm_lib} (a server VM is needed to embed Java).")
endif()
# Headers only: java-bridge/jvm.cc loads libjvm.so with dlopen from the JDK named in engines.json,
# so a binary holding the Java engine still starts (and runs its other engines) without that JDK.
add_library(dsconform_jni INTERFACE)
target_include_directories(dsconform_jni SYSTEM INTERFACE "${DSC_JAVA_HOME}/include" "${DSC_JAVA_HOME}/include/linux")
target_link_libraries(dsconform_jni INTERFACE ${CMAKE_DL_LIBS})
add_library(dsconform::jni ALIAS dsconform_jni)

set(DSC_JAVA_DIR "${CMAKE_BINARY_DIR}/java")
set(DSC_JAVA_BRIDGE_BUILD_DIR "${DSC_JAVA_DIR}/bridge")
set(DSC_JAVA_BRIDGE_JAR "${DSC_JAVA_BRIDGE_BUILD_DIR}/dsconform-java-bridge.jar")
set(DSC_JAVA_ENGINES_JSON "${DSC_JAVA_DIR}/engines.json")

# A local jar is used in place (rebuilding it needs no reconfigure) and labelled by the version
# in its pom.properties; "-local" keeps it apart from a Maven release of the same number.
# Checked before any Maven work, so a wrong path fails fast.
if(DATASKETCHES_JAVA_JAR)
  if(NOT EXISTS "${DATASKETCHES_JAVA_JAR}")
    message(FATAL_ERROR "dsconform: DATASKETCHES_JAVA_JAR=${DATASKETCHES_JAVA_JAR} does not exist")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar tf "${DATASKETCHES_JAVA_JAR}"
                  OUTPUT_VARIABLE _list ERROR_VARIABLE _err RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0 OR NOT _list MATCHES "org/apache/datasketches/hll/HllSketch\\.class")
    message(FATAL_ERROR "dsconform: DATASKETCHES_JAVA_JAR=${DATASKETCHES_JAVA_JAR} is not a datasketches-java jar "
                        "(it has no org/apache/datasketches/hll/HllSketch.class). ${_err}")
  endif()
  set(_tmp "${DSC_JAVA_DIR}/local-jar-probe")
  file(REMOVE_RECURSE "${_tmp}")
  file(MAKE_DIRECTORY "${_tmp}")
  set(_props "META-INF/maven/org.apache.datasketches/datasketches-java/pom.properties")
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar xf "${DATASKETCHES_JAVA_JAR}" "${_props}"
                  WORKING_DIRECTORY "${_tmp}" OUTPUT_QUIET ERROR_QUIET)
  set(_dsc_local_label "local")
  if(EXISTS "${_tmp}/${_props}")
    file(STRINGS "${_tmp}/${_props}" _line REGEX "^version=")
    string(REGEX REPLACE "^version=" "" _dsc_local_label "${_line}")
  endif()
  file(REMOVE_RECURSE "${_tmp}")
endif()

# --- Maven and the staged versions -------------------------------------------------------------
find_program(DSC_MVN mvn)
if(NOT DSC_MVN)
  message(FATAL_ERROR "dsconform: Maven (mvn) is needed to build the Java bridge and resolve datasketches-java; "
                      "install it or configure with -DDSC_JAVA_ENGINE=OFF.")
endif()
set(DSC_MVN_ENV "JAVA_HOME=${DSC_JAVA_HOME}")
if(_dsc_jdk_major GREATER_EQUAL 23)
  # Maven 3.8's Guice calls sun.misc.Unsafe, which JDK 23+ warns about on every run.
  list(APPEND DSC_MVN_ENV "MAVEN_OPTS=$ENV{MAVEN_OPTS} --sun-misc-unsafe-memory-access=allow")
endif()

# Build the bridge once now: it resolves Maven's plugins, so that the build-time rebuild
# (java-bridge/CMakeLists.txt) can always run offline.
if(NOT EXISTS "${DSC_JAVA_BRIDGE_JAR}")
  _dsc_mvn(_rc _log "-Ddatasketches.version=${DATASKETCHES_JAVA_VERSION}" "-Ddsc.build.dir=${DSC_JAVA_BRIDGE_BUILD_DIR}" package)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "dsconform: Maven cannot build the Java bridge against datasketches-java "
                        "${DATASKETCHES_JAVA_VERSION}. Maven said:\n${_log}")
  endif()
endif()

# --- The JDK 17 of the legacy engine (6.x, 7.x out of process) ----------------------------------
set(DSC_JAVA_LEGACY_BRIDGE_JAR "${DSC_JAVA_DIR}/legacy-bridge/dsconform-java-legacy-bridge.jar")
set(DSC_JAVA_LEGACY_HOME "")
set(_dsc_legacy_wanted OFF)
foreach(_v IN LISTS DATASKETCHES_JAVA_EXTRA_VERSIONS)
  _dsc_java_is_legacy("${_v}" _legacy)
  if(_legacy)
    set(_dsc_legacy_wanted ON)
  endif()
endforeach()
if(_dsc_legacy_wanted)
  if(EXISTS "${JAVA_LEGACY_HOME}/lib/server/libjvm.so" AND EXISTS "${JAVA_LEGACY_HOME}/bin/javac")
    set(DSC_JAVA_LEGACY_HOME "${JAVA_LEGACY_HOME}")
    if(NOT EXISTS "${DSC_JAVA_LEGACY_BRIDGE_JAR}")
      execute_process(COMMAND ${CMAKE_COMMAND} "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}"
                              "-DOUT=${DSC_JAVA_DIR}/legacy-bridge/families"
                              -P "${PROJECT_SOURCE_DIR}/java-bridge/legacy/translate_families.cmake")
      set(_cmd ${CMAKE_COMMAND} -E env JAVA_HOME=${DSC_JAVA_LEGACY_HOME} ${DSC_MVN} -B -q -Dstyle.color=never
               -f "${PROJECT_SOURCE_DIR}/java-bridge/legacy/pom.xml" "-Ddsc.build.dir=${DSC_JAVA_DIR}/legacy-bridge" package)
      execute_process(COMMAND ${_cmd} -o RESULT_VARIABLE _rc OUTPUT_VARIABLE _log ERROR_VARIABLE _log)
      if(NOT _rc EQUAL 0)
        execute_process(COMMAND ${_cmd} RESULT_VARIABLE _rc OUTPUT_VARIABLE _log ERROR_VARIABLE _log)
      endif()
      if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "dsconform: Maven cannot build the legacy Java engine (java-bridge/legacy/). Maven said:\n${_log}")
      endif()
    endif()
  else()
    message(STATUS "dsconform: no JDK 17 at JAVA_LEGACY_HOME=${JAVA_LEGACY_HOME}: java@6.x/7.x are staged but say they cannot run")
  endif()
endif()

set(DSC_JAVA_STAGED_VERSIONS "")
set(_dsc_entries "")
set(_dsc_versions ${DATASKETCHES_JAVA_VERSION} ${DATASKETCHES_JAVA_EXTRA_VERSIONS})
list(REMOVE_DUPLICATES _dsc_versions)
foreach(_v IN LISTS _dsc_versions)
  _dsc_stage_maven_version("${_v}")
  file(GLOB _jars "${DSC_JAVA_DIR}/${_v}/*.jar")
  list(SORT _jars)
  _dsc_catalog_entry("${_v}" "maven" "${_jars}" _entry)
  list(APPEND _dsc_entries "${_entry}")
  list(APPEND DSC_JAVA_STAGED_VERSIONS "${_v}")
endforeach()

if(DATASKETCHES_JAVA_JAR)
  if(_dsc_local_label IN_LIST DSC_JAVA_STAGED_VERSIONS)
    set(_dsc_local_label "${_dsc_local_label}-local")
  endif()
  _dsc_catalog_entry("${_dsc_local_label}" "${DATASKETCHES_JAVA_JAR}" "${DATASKETCHES_JAVA_JAR}" _entry)
  list(APPEND _dsc_entries "${_entry}")
  list(APPEND DSC_JAVA_STAGED_VERSIONS "${_dsc_local_label}")
endif()

list(JOIN _dsc_entries ",\n" _dsc_entries)
_dsc_json_string("${DATASKETCHES_JAVA_VERSION}" _dsc_default_json)
_dsc_json_string("${DSC_JAVA_HOME}" _dsc_home_json)
_dsc_json_string("${DSC_JAVA_RUNTIME_VERSION}" _dsc_runtime_json)
_dsc_json_string("${DSC_JAVA_BRIDGE_JAR}" _dsc_bridge_json)
file(CONFIGURE OUTPUT "${DSC_JAVA_ENGINES_JSON}" @ONLY CONTENT
"{
  \"default\": ${_dsc_default_json},
  \"java_home\": ${_dsc_home_json},
  \"java_version\": ${_dsc_runtime_json},
  \"bridge_jar\": ${_dsc_bridge_json},
  \"versions\": [
${_dsc_entries}
  ]
}
")

set(DSC_HAVE_JAVA ON)
list(JOIN DSC_JAVA_STAGED_VERSIONS ", " _dsc_list)
message(STATUS "dsconform: Java engine on Java ${DSC_JAVA_RUNTIME_VERSION} (${DSC_JAVA_HOME}); "
               "datasketches-java staged: ${_dsc_list} (default ${DATASKETCHES_JAVA_VERSION})")
