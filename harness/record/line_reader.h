#ifndef DSCONFORM_HARNESS_RECORD_LINE_READER_H_
#define DSCONFORM_HARNESS_RECORD_LINE_READER_H_

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

struct ZSTD_DCtx_s;

namespace dsconform {

// Reads a file line by line, a zstd file (".zst") decompressed as it goes, so that a records file
// of gigabytes is read in the memory of one line.
class LineReader {
 public:
  static absl::StatusOr<std::unique_ptr<LineReader>> Open(const std::string& path);
  ~LineReader();

  // The next line, without its newline; false at the end or on an error (status() says which). A
  // last line without a newline is returned as a line.
  bool Next(std::string* line);
  // Why reading stopped early: a read error or a damaged or truncated zstd stream, naming the file.
  const absl::Status& status() const { return status_; }
  const std::string& path() const { return path_; }

 private:
  LineReader(std::string path, std::FILE* file, bool zstd);
  // Appends the next piece of the file (decompressed) to pending_; false at its end.
  bool Fill();

  const std::string path_;
  std::FILE* file_;
  ZSTD_DCtx_s* zstd_ = nullptr;
  bool zstd_frame_open_ = false;  // a zstd frame was begun and has not ended
  std::vector<char> in_, out_;
  size_t in_pos_ = 0, in_size_ = 0;
  std::string pending_;  // read, not yet returned
  size_t pending_pos_ = 0;
  bool eof_ = false;
  absl::Status status_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RECORD_LINE_READER_H_
