#ifndef DSCONFORM_HARNESS_CORPUS_CORPUS_FILE_H_
#define DSCONFORM_HARNESS_CORPUS_CORPUS_FILE_H_

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/engine/observation.h"
#include "harness/family/family_catalog.h"

namespace dsconform {

// The corpus format (docs/corpus-format.md): JSON lines, a header, one line
// per case, an end line. Each line carries a checksum of its own text.
inline constexpr int kCorpusFormat = 1;
// Images up to this many bytes are stored whole, larger ones as length and SHA-256.
inline constexpr size_t kDefaultInlineImageBytes = 256;

struct CorpusHeader {
  int format = kCorpusFormat;
  std::string engine;                 // the recorded engine, e.g. cpp@5.2.0
  std::vector<std::string> suites;    // as selected by the recording command
  std::string scale;
  int64_t inline_image_bytes = kDefaultInlineImageBytes;  // -1: every image whole
  std::string command;                // how it was recorded
};

// One case and what the recorded engine observed: its first stage and, for a
// cross case, its own second stage on its own images. A stage the engine
// failed on holds the single field kEngineFailureField.
struct CorpusEntry {
  Case c;
  Observations first;
  std::optional<Observations> cross;
};

struct Corpus {
  std::string path;
  CorpusHeader header;
  std::vector<CorpusEntry> entries;
};

// Writes a corpus line by line (a killed recording leaves a file without its
// end line, which ReadCorpus refuses as truncated).
class CorpusWriter {
 public:
  static absl::StatusOr<CorpusWriter> Open(const std::string& path, const CorpusHeader& header);
  // Large images become digests per header.inline_image_bytes.
  absl::Status Add(const CorpusEntry& entry);
  absl::Status Finish();

 private:
  absl::Status WriteLine(nlohmann::ordered_json body);
  std::string path_;
  int64_t inline_image_bytes_ = 0;
  int64_t cases_ = 0;
  std::unique_ptr<std::ofstream> out_;
};

// Reads and checks a whole corpus: format version, every line's checksum and
// shape, every case program, the end line's count. Errors name file and line.
// A path ending in ".zst" is read through zstd.
absl::StatusOr<Corpus> ReadCorpus(const std::string& path, const FamilyCatalog& families);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CORPUS_CORPUS_FILE_H_
