// `dsconform repro CASE_ID`: the case program, and its result on every engine
// with the decoded differences.
#include <cstdio>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "frontends/cli/case_selection.h"
#include "frontends/cli/cli_flags.h"
#include "frontends/cli/commands.h"
#include "frontends/cli/engine_catalog.h"
#include "frontends/cli/run_execution.h"
#include "harness/corpus/corpus_engine.h"
#include "harness/expect/known_differences.h"
#include "harness/family/case_validation.h"
#include "harness/run/runner.h"
#include "reports/record_text.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

class PrintingSink : public RecordSink {
 public:
  PrintingSink(const std::string& writer, const KnownDifferences& known) : writer_(writer), known_(known) {}
  // One case, one worker: its records in order.
  absl::Status Write(const std::vector<IndexedCase>&, std::vector<Record> records) override {
    for (const Record& r : records) Print(r);
    return absl::OkStatus();
  }
  bool failed = false;

 private:
  void Print(Record r) {
    if (!writer_.empty() && r.writer != writer_) return;
    ApplyKnownDifferences(known_, r);
    const std::string reading = r.writer.empty() ? "" : absl::StrCat(", reading ", r.writer, "'s images");
    std::printf("\n## %s%s: %s (%d fields compared)\n", EnginePair(r).c_str(), reading.c_str(), VerdictName(r.verdict),
                r.fields_compared);
    if (!r.note.empty()) std::printf("  %s\n", r.note.c_str());
    if (!r.expectation_reason.empty()) std::printf("  known: %s\n", r.expectation_reason.c_str());
    for (const FieldDiff& d : r.diffs) {
      std::printf("  %s\n", FieldDiffLine(d).c_str());
      for (const DecodedDiff& x : d.decoded) std::printf("      %s\n", DecodedDiffText(x).c_str());
    }
    if (VerdictFails(r.verdict)) failed = true;
  }
  std::string writer_;
  const KnownDifferences& known_;  // --expectations: a known difference says its finding
};

}  // namespace

int ReproCommand(const std::vector<std::string>& args) {
  if (args.size() != 1) return UsageError("repro takes one case id: dsconform repro 'hll/sketch/lgk=12/type=HLL_4/n=3072'");
  auto known = KnownDifferencesFromFlag();
  if (!known.ok()) return UsageError(std::string(known.status().message()));
  absl::StatusOr<Case> c = absl::NotFoundError("");
  if (const std::string source = CaseSourceFromFlags(); !source.empty()) {
    auto cases = LoadCasesFromFlags();
    if (!cases.ok()) return UsageError(std::string(cases.status().message()));
    for (size_t i = 0; i < cases->size(); ++i)
      if (cases->id(i) == args[0]) c = cases->Unpack(i);
    if (!c.ok()) return UsageError(absl::StrCat("no case '", args[0], "' among the cases of ", source));
  } else {
    c = FindCase(args[0]);
    // A corpus among the engines holds the recorded program (its suite may have changed since).
    for (const auto& spec : SplitList(absl::GetFlag(FLAGS_engines))) {
      if (!absl::StartsWith(spec, kCorpusSpecPrefix)) continue;
      auto corpus = ReadCorpus(spec.substr(sizeof(kCorpusSpecPrefix) - 1), CompiledFamilies());
      if (!corpus.ok()) return UsageError(std::string(corpus.status().message()));
      for (auto& e : corpus->entries)
        if (e.c.id == args[0]) c = std::move(e.c);
      break;
    }
    if (!c.ok()) return UsageError(std::string(c.status().message()));
  }
  std::printf("# case program\n%s\n", CaseToJson(*c).dump(2).c_str());
  if (const Family* family = CompiledFamilies().Find(c->family); family != nullptr) {
    // Programs that need nothing of dsconform: the finding, in each library's own words.
    const std::string java = family->JavaSnippet(*c), cpp = family->CppSnippet(*c);
    if (!java.empty())
      std::printf("\n# Java (java -cp datasketches-java-<version>.jar Repro.java)\n%s\n", java.c_str());
    if (!cpp.empty()) std::printf("\n# C++ (g++ -std=c++17 -I<datasketches-cpp includes> repro.cc -o repro)\n%s\n", cpp.c_str());
  }

  auto factories = ResolveEngines(EngineRequestFromFlags());
  if (!factories.ok()) return UsageError(std::string(factories.status().message()));
  std::vector<EngineFactory*> raw;
  for (auto& f : *factories) raw.push_back(f.get());
  auto workers = CreateEngines(raw, 1);
  if (!workers.ok()) return UsageError(std::string(workers.status().message()));
  RunOptions options;
  options.max_record_image_bytes = -1;  // one case: its images whole
  options.families = &CompiledFamilies();
  const std::string reference = absl::GetFlag(FLAGS_reference);
  std::vector<std::string> names;
  for (const auto& engine : (*workers)[0]) names.push_back(engine->name());
  auto reference_index = ReferenceIndex(names, reference);
  if (!reference_index.ok()) return UsageError(std::string(reference_index.status().message()));
  options.reference = *reference_index;
  // --writer as --engines takes an engine ("cpp", "cpp@5.2.0"); records name it in full.
  std::string writer;
  if (const std::string spec = absl::GetFlag(FLAGS_writer); !spec.empty()) {
    auto index = EngineIndex(names, "writer", spec);
    if (!index.ok()) return UsageError(std::string(index.status().message()));
    writer = names[*index];
  }
  std::printf("\n# results\n");
  PrintingSink sink(writer, *known);
  std::vector<IndexedCase> one = {{0, &*c}};
  auto stats = RunCases(one, *workers, options, sink, nullptr);
  if (!stats.ok()) {
    std::fprintf(stderr, "dsconform: %s\n", std::string(stats.status().message()).c_str());
    return kExitUsage;
  }
  return sink.failed ? kExitDifferences : kExitClean;
}

}  // namespace dsconform
