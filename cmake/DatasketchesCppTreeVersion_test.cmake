# cmake -DWORK=<scratch dir> -P DatasketchesCppTreeVersion_test.cmake: names git trees of
# datasketches-cpp's two kinds of version.cfg.in (a release's, master's stamped one) the way
# dsc_cpp_tree_version does, at a tag, past it, with uncommitted changes and without git.
include("${CMAKE_CURRENT_LIST_DIR}/DatasketchesCppTreeVersion.cmake")

function(git)
  execute_process(COMMAND git -C "${tree}" -c user.name=t -c user.email=t@t ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "git ${ARGN}: ${err}")
  endif()
endfunction()

function(expect want)
  dsc_cpp_tree_version("${tree}" got)
  if(NOT got MATCHES "^${want}$")
    message(FATAL_ERROR "${tree}: named '${got}', want '${want}'")
  endif()
  message(STATUS "ok ${got}")
endfunction()

set(tree "${WORK}/cpp")
file(REMOVE_RECURSE "${tree}")
file(MAKE_DIRECTORY "${tree}")
git(init -q)
file(WRITE "${tree}/version.cfg.in" "5.2.0\n")
git(add version.cfg.in)
git(commit -q -m release)
git(tag 5.2.0)
expect("5.2.0")
file(WRITE "${tree}/version.cfg.in" "5.3.@DT@.@HHMM@\n")
expect("5.2.0\\+dirty")
git(commit -q -a -m "development target 5.3.0")
expect("5.3.0-dev\\+g[0-9a-f]+")  # not 5.2.0-1-g<sha>, which a range would take for 5.2.0
file(WRITE "${tree}/version.cfg.in" "5.2.1\n")
git(commit -q -a -m "a release branch past its tag")
expect("5.2.1\\+g[0-9a-f]+")
file(REMOVE_RECURSE "${tree}/.git")
expect("5.2.1")
file(WRITE "${tree}/version.cfg.in" "6.@DT@.@HHMM@\n")
expect("6.0.0-dev")
