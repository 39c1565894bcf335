# The version a datasketches-cpp tree names its engine by (cpp@<version>), for the version
# ranges of docs/expectations.md: at a tagged commit, the tag (5.2.0); elsewhere, the release
# its version.cfg.in heads for, as a development build with the commit as build metadata
# (master's "5.3.@DT@.@HHMM@" -> 5.3.0-dev+gc2288858). Not git describe, which counts from the
# last tag reachable on the branch (3.2.0-868-gc2288858 on master: release tags sit on release
# branches) and so would pass for 3.2.0 in a range. "+dirty" marks uncommitted changes.
function(dsc_cpp_tree_version dir out)
  set(_version "")
  set(_meta "")
  execute_process(COMMAND git -C "${dir}" rev-parse --short=8 HEAD OUTPUT_VARIABLE _sha
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _git_rc)
  # Only the tree's own history: a plain tree inside another checkout is not that checkout.
  execute_process(COMMAND git -C "${dir}" rev-parse --show-toplevel OUTPUT_VARIABLE _top
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  get_filename_component(_top "${_top}" REALPATH)
  get_filename_component(_dir "${dir}" REALPATH)
  if(NOT _top STREQUAL _dir)
    set(_git_rc 1)
  endif()
  if(_git_rc EQUAL 0)
    execute_process(COMMAND git -C "${dir}" status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE _changes ERROR_QUIET)
    execute_process(COMMAND git -C "${dir}" describe --tags --exact-match OUTPUT_VARIABLE _tag
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _tag_rc)
    if(_tag_rc EQUAL 0 AND _tag)
      set(_version "${_tag}")
    else()
      set(_meta "g${_sha}")
    endif()
    if(_changes)
      list(APPEND _meta dirty)
    endif()
  endif()
  if(NOT _version)
    set(_line "")
    if(EXISTS "${dir}/version.cfg.in")
      file(STRINGS "${dir}/version.cfg.in" _line LIMIT_COUNT 1)
    endif()
    string(REGEX MATCH "^[0-9]+(\\.[0-9]+)*" _numbers "${_line}")
    if(_numbers)
      # Three numbers: "5.3." on master is the development of 5.3.0.
      string(REGEX MATCHALL "[0-9]+" _parts "${_numbers}")
      list(LENGTH _parts _count)
      while(_count LESS 3)
        list(APPEND _parts 0)
        math(EXPR _count "${_count} + 1")
      endwhile()
      list(JOIN _parts "." _version)
      if(NOT _line MATCHES "^[0-9.]+$")  # stamped at build time: not a release's file
        string(APPEND _version "-dev")
      endif()
    elseif(_git_rc EQUAL 0)
      # A tree older than version.cfg.in (before 2022-11): git describe, from tags on its branch.
      execute_process(COMMAND git -C "${dir}" describe --tags --always OUTPUT_VARIABLE _version
                      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      set(_meta "")
      if(_changes)
        set(_meta dirty)
      endif()
    else()
      message(FATAL_ERROR "${dir} has neither a version.cfg.in nor git history to name its engine by; "
                          "name it with -DDATASKETCHES_CPP_LABEL=<version>")
    endif()
  endif()
  if(_meta)
    list(JOIN _meta "." _meta)
    string(APPEND _version "+${_meta}")
  endif()
  set(${out} "${_version}" PARENT_SCOPE)
endfunction()
