#ifndef DSCONFORM_HARNESS_RECORD_ZSTD_FILE_H_
#define DSCONFORM_HARNESS_RECORD_ZSTD_FILE_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace dsconform {

// zstd for the large files a run keeps (records.jsonl, a corpus): whole files, streamed, so that
// neither side holds a file in memory. The readers work on plain files: a compressed one is
// decompressed beside them first.

// Writes `to` (zstd) from `from`; `to` is whole or absent (written beside it, then renamed).
absl::Status CompressFile(const std::string& from, const std::string& to);

// Writes `to` from the zstd file `from`; fails on damaged or truncated input, naming `from`.
absl::Status DecompressFile(const std::string& from, const std::string& to);

// A file to read: `path` itself, or, where `path` ends in ".zst", a decompressed copy in the
// temporary directory that is removed with this object.
class PlainFile {
 public:
  static absl::StatusOr<PlainFile> Open(const std::string& path);
  PlainFile(PlainFile&& other) noexcept;
  PlainFile& operator=(PlainFile&&) = delete;
  PlainFile(const PlainFile&) = delete;
  ~PlainFile();

  const std::string& path() const { return path_; }

 private:
  PlainFile(std::string path, bool temporary) : path_(std::move(path)), temporary_(temporary) {}
  std::string path_;
  bool temporary_ = false;
};

inline constexpr char kZstdSuffix[] = ".zst";
bool IsZstdPath(const std::string& path);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RECORD_ZSTD_FILE_H_
