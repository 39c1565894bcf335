// libFuzzer target: dsconform's own parsers of files people and tools hand it
// (case programs, known differences, corpora). Every input must end in a Status,
// never a crash, a hang or a sanitizer report. The first byte picks the parser.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "harness/case/case_program.h"
#include "harness/case/json_lines.h"
#include "harness/corpus/corpus_file.h"
#include "harness/expect/known_differences.h"
#include "harness/family/case_validation.h"
#include "sketches/compiled_families.h"

namespace {

// The loaders read files, as they do for users: the input goes through one.
const std::string& ScratchFile() {
  static const std::string path = "/dev/shm/dsconform_parsers_fuzzer_" + std::to_string(getpid());
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string& path = ScratchFile();
  if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(data + 1, 1, size - 1, f);
    std::fclose(f);
  } else {
    return 0;
  }
  switch (data[0] % 3) {
    case 0:
      (void)dsconform::ForEachJsonLine(path, "cases", [](int, const nlohmann::json& j) {
        auto c = dsconform::CaseFromJson(j);
        return c.ok() ? dsconform::ValidateCase(*c, dsconform::CompiledFamilies()) : c.status();
      });
      break;
    case 1:
      (void)dsconform::LoadKnownDifferences({path});
      break;
    case 2:
      (void)dsconform::ReadCorpus(path, dsconform::CompiledFamilies());
      break;
  }
  return 0;
}
