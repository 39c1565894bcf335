#include "frontends/conformance/snippet_programs.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace dsconform {
namespace {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

// Runs `command` in `dir`, its standard output and error in files there.
ProgramRun RunIn(const fs::path& dir, const std::string& command) {
  const std::string full =
      absl::StrCat("cd ", ShellQuote(dir.string()), " && timeout 300 ", command, " >stdout.txt 2>stderr.txt");
  ProgramRun r;
  const int status = std::system(full.c_str());
  r.ok = status == 0;
  r.out = ReadFile(dir / "stdout.txt");
  r.log = absl::StrCat("$ ", full, "\n(exit status ", status, ")\n", ReadFile(dir / "stderr.txt").substr(0, 4000));
  return r;
}

}  // namespace

std::string JavaProgramsUnavailable() {
  if (!fs::exists(DSC_SNIPPET_JAVA)) return absl::StrCat("no java at ", DSC_SNIPPET_JAVA, " (set -DDSC_SNIPPET_JAVA_HOME)");
  if (!fs::exists(DSC_SNIPPET_JAVA_JAR))
    return absl::StrCat("no datasketches-java jar at ", DSC_SNIPPET_JAVA_JAR, " (set -DDSC_SNIPPET_JAVA_JAR)");
  return "";
}

std::string CppProgramsUnavailable() {
#ifdef DSC_SNIPPET_CPP_INCLUDES
  return "";
#else
  return "built without datasketches-cpp: the C++ programs are not compiled";
#endif
}

ProgramRun RunJavaProgram(const std::string& source, const fs::path& dir) {
  std::ofstream(dir / "Repro.java") << source;
  return RunIn(dir, absl::StrCat(ShellQuote(DSC_SNIPPET_JAVA), " -XX:TieredStopAtLevel=1 -cp ",
                                 ShellQuote(DSC_SNIPPET_JAVA_JAR), " Repro.java"));
}

ProgramRun RunCppProgram(const std::string& source, const fs::path& dir) {
  std::ofstream(dir / "repro.cc") << source;
  std::string includes;
#ifdef DSC_SNIPPET_CPP_INCLUDES
  for (absl::string_view d : absl::StrSplit(DSC_SNIPPET_CPP_INCLUDES, '|', absl::SkipEmpty()))
    absl::StrAppend(&includes, " -I", ShellQuote(std::string(d)));
#endif
  // The build's compiler launcher (ccache) keeps reruns of unchanged programs fast.
  const std::string launcher = DSC_SNIPPET_CXX_LAUNCHER;
  ProgramRun built = RunIn(dir, absl::StrCat(launcher.empty() ? "" : ShellQuote(launcher) + " ",
                                             ShellQuote(DSC_SNIPPET_CXX), " -std=c++17 -O0 -Wall", includes,
                                             " repro.cc -o repro"));
  if (!built.ok) return built;
  return RunIn(dir, "./repro");
}

}  // namespace dsconform
