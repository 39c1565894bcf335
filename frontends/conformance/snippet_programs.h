#ifndef DSCONFORM_FRONTENDS_CONFORMANCE_SNIPPET_PROGRAMS_H_
#define DSCONFORM_FRONTENDS_CONFORMANCE_SNIPPET_PROGRAMS_H_

// Repro programs built and run as a person would: the Java one as a
// single-file source launch against the datasketches-java jar, the C++ one
// compiled with g++ against the datasketches-cpp headers. The toolchains are
// the build's (frontends/conformance/CMakeLists.txt).

#include <filesystem>
#include <string>
#include <vector>

namespace dsconform {

struct ProgramRun {
  bool ok = false;
  std::string out;  // standard output
  std::string log;  // the command, its exit status and standard error, for failure messages
};

// Why a language's programs cannot run in this build; empty when they can.
std::string JavaProgramsUnavailable();
std::string CppProgramsUnavailable();

// Writes `source` into `dir` and runs it there (each command bounded by a timeout).
ProgramRun RunJavaProgram(const std::string& source, const std::filesystem::path& dir);
ProgramRun RunCppProgram(const std::string& source, const std::filesystem::path& dir);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CONFORMANCE_SNIPPET_PROGRAMS_H_
