# dsconform_embed_text(<target> <file> <symbol>): compiles the text of <file> into <target> as
# `extern const char dsconform::<symbol>[]`, so that data a family states once (its step
# vocabulary) travels inside the binary. Editing the file reconfigures the build.
function(dsconform_embed_text target file symbol)
  get_filename_component(_abs "${file}" ABSOLUTE)
  file(READ "${_abs}" _text)
  if(_text MATCHES "\\)dsconform_text\"")
    message(FATAL_ERROR "${_abs} holds the raw-string delimiter )dsconform_text\"")
  endif()
  set(_out "${CMAKE_CURRENT_BINARY_DIR}/${symbol}.cc")
  file(GENERATE OUTPUT "${_out}" CONTENT "// Generated from ${_abs} by cmake/EmbedText.cmake.
namespace dsconform {
extern const char ${symbol}[];
const char ${symbol}[] = R\"dsconform_text(${_text})dsconform_text\";
}  // namespace dsconform
")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_abs}")
  target_sources(${target} PRIVATE "${_out}")
endfunction()
