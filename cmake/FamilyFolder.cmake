# dsconform_add_family(<name> [LINKS <library>...]): builds the family folder that calls it, so a
# family's CMake is one line and a new source file needs no edit here. LINKS names the shared
# plug-ins of the core it uses beyond the model (its kinds of truth: dsconform_truth_<kind>).
#   - every *.cc but the tests -> library dsconform_<name> (on the core only: families never
#     link each other or an engine);
#   - <name>_steps.json        -> compiled in as dsconform::k<Name>StepsJson (its vocabulary);
#   - every *_test.cc          -> one GoogleTest binary dsconform_<name>_test, which also sees
#     datasketches-cpp's headers where the build has them (DSC_HAVE_CPP) to check the family's
#     decoders on real images beside hand-written ones.
function(dsconform_add_family name)
  cmake_parse_arguments(PARSE_ARGV 1 _family "" "" "LINKS")
  file(GLOB _sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*.cc")
  file(GLOB _tests CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*_test.cc")
  if(_tests)
    list(REMOVE_ITEM _sources ${_tests})
  endif()
  add_library(dsconform_${name} ${_sources})
  target_link_libraries(dsconform_${name} PUBLIC dsconform_model dsconform_snippets ${_family_LINKS})

  # hll -> kHllStepsJson, frequent_items -> kFrequentItemsStepsJson.
  string(REPLACE "_" ";" _words "${name}")
  set(_camel "")
  foreach(_word ${_words})
    string(SUBSTRING "${_word}" 0 1 _first)
    string(SUBSTRING "${_word}" 1 -1 _rest)
    string(TOUPPER "${_first}" _first)
    string(APPEND _camel "${_first}${_rest}")
  endforeach()
  dsconform_embed_text(dsconform_${name} ${name}_steps.json k${_camel}StepsJson)

  if(_tests)
    add_executable(dsconform_${name}_test ${_tests})
    target_link_libraries(dsconform_${name}_test dsconform_${name} dsconform_harness GTest::gtest_main)
    if(DSC_HAVE_CPP)
      target_link_libraries(dsconform_${name}_test dsconform::datasketches_cpp)
      target_compile_definitions(dsconform_${name}_test PRIVATE DSC_HAVE_CPP=1)
    endif()
    gtest_discover_tests(dsconform_${name}_test)
  endif()
endfunction()
