// `dsconform record`: one engine's observations of the selected cases, kept in
// a corpus file (docs/corpus-format.md) for `check` to compare live engines with.
#include <chrono>
#include <cstdio>
#include <cstring>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/engine_catalog.h"
#include "frontends/cli/run_execution.h"
#include "harness/corpus/corpus_recorder.h"
#include "harness/record/zstd_file.h"

namespace dsconform {

int RecordCommand(const std::vector<std::string>& args, const std::string& command_line) {
  if (!args.empty()) return UsageError(absl::StrCat("record takes no positional arguments, got '", args[0], "'"));
  const std::string spec = absl::GetFlag(FLAGS_engine);
  const std::string out = absl::GetFlag(FLAGS_out);
  if (spec.empty()) return UsageError("record needs --engine=E (one engine, e.g. cpp or java@9.0.0)");
  if (out.empty()) return UsageError("record needs --out=FILE (the corpus to write)");
  auto cases = LoadCasesFromFlags();
  if (!cases.ok()) return UsageError(std::string(cases.status().message()));
  auto style = ProgressStyleFromFlag();
  if (!style.ok()) return UsageError(std::string(style.status().message()));
  EngineRequest request = EngineRequestFromFlags();
  request.specs = {spec};
  auto factories = ResolveEngines(request);
  if (!factories.ok()) return UsageError(std::string(factories.status().message()));
  if (factories->size() != 1) return UsageError("record takes exactly one engine (--engine=E; no --java_jar)");
  auto engine = CreateEngines({(*factories)[0].get()}, 1);
  if (!engine.ok()) return UsageError(std::string(engine.status().message()));

  CorpusHeader header;
  header.engine = (*engine)[0][0]->name();
  header.suites = SuitesFromFlags();
  header.scale = absl::GetFlag(FLAGS_scale);
  header.inline_image_bytes = absl::GetFlag(FLAGS_keep_images) ? -1 : static_cast<int64_t>(kDefaultInlineImageBytes);
  header.command = command_line;
  // FILE.zst: the corpus is written plain beside it, then compressed (check reads either).
  const bool compress = IsZstdPath(out);
  const std::string plain = compress ? out.substr(0, out.size() - std::strlen(kZstdSuffix)) + ".plain" : out;
  auto writer = CorpusWriter::Open(plain, header);
  if (!writer.ok()) return UsageError(std::string(writer.status().message()));

  std::fprintf(stderr, "dsconform: recording %zu cases on %s into %s\n", cases->size(), header.engine.c_str(),
               out.c_str());
  Progress progress(static_cast<int64_t>(cases->size()), *style);
  const auto start = std::chrono::steady_clock::now();
  auto stats = RecordCorpus(*cases, (*engine)[0], *writer, InstallStopSignals(),
                            [&](int64_t n, double work) { progress.Update(n, work); });
  if (!stats.ok()) {
    std::fprintf(stderr, "dsconform: record failed: %s\n", std::string(stats.status().message()).c_str());
    return kExitUsage;
  }
  progress.Finish(stats->recorded + stats->unsupported);
  if (stats->interrupted) {
    // No end line: the corpus reads as truncated rather than as a shorter record.
    std::fprintf(stderr, "dsconform: interrupted; %s is incomplete (no end line)\n", plain.c_str());
    return kExitInterrupted;
  }
  if (auto st = writer->Finish(); !st.ok()) return UsageError(std::string(st.message()));
  if (compress) {
    if (auto st = CompressFile(plain, out); !st.ok()) return UsageError(std::string(st.message()));
    std::remove(plain.c_str());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("recorded %lld cases of %s in %s (%.1f s)", static_cast<long long>(stats->recorded),
              header.engine.c_str(), out.c_str(), seconds);
  if (stats->unsupported > 0)
    std::printf("; %lld cases of families it does not support were left out", static_cast<long long>(stats->unsupported));
  std::printf("\n");
  return kExitClean;
}

}  // namespace dsconform
