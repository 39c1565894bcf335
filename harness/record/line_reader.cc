#include "harness/record/line_reader.h"

#include <zstd.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "harness/record/zstd_file.h"

namespace dsconform {

absl::StatusOr<std::unique_ptr<LineReader>> LineReader::Open(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return absl::NotFoundError(absl::StrCat("cannot open ", path, ": ", std::strerror(errno)));
  return std::unique_ptr<LineReader>(new LineReader(path, f, IsZstdPath(path)));
}

LineReader::LineReader(std::string path, std::FILE* file, bool zstd) : path_(std::move(path)), file_(file) {
  if (zstd) {
    zstd_ = ZSTD_createDCtx();
    in_.resize(ZSTD_DStreamInSize());
    out_.resize(ZSTD_DStreamOutSize());
  } else {
    in_.resize(1 << 20);
  }
}

LineReader::~LineReader() {
  std::fclose(file_);
  if (zstd_ != nullptr) ZSTD_freeDCtx(zstd_);
}

bool LineReader::Fill() {
  if (!status_.ok()) return false;
  if (in_pos_ == in_size_) {
    if (eof_) {
      if (zstd_frame_open_)
        status_ = absl::DataLossError(absl::StrCat("decompress ", path_, ": the zstd stream ends early (a file cut short?)"));
      return false;
    }
    in_size_ = std::fread(in_.data(), 1, in_.size(), file_);
    in_pos_ = 0;
    if (std::ferror(file_)) {
      status_ = absl::UnavailableError(absl::StrCat("cannot read ", path_, ": ", std::strerror(errno)));
      return false;
    }
    eof_ = in_size_ < in_.size();
    if (in_size_ == 0) return Fill();
  }
  if (zstd_ == nullptr) {
    pending_.append(in_.data() + in_pos_, in_size_ - in_pos_);
    in_pos_ = in_size_;
    return true;
  }
  ZSTD_inBuffer input{in_.data(), in_size_, in_pos_};
  ZSTD_outBuffer output{out_.data(), out_.size(), 0};
  const size_t remaining = ZSTD_decompressStream(zstd_, &output, &input);
  in_pos_ = input.pos;
  if (ZSTD_isError(remaining)) {
    status_ = absl::DataLossError(absl::StrCat("decompress ", path_, ": ", ZSTD_getErrorName(remaining)));
    return false;
  }
  zstd_frame_open_ = remaining != 0;
  pending_.append(out_.data(), output.pos);
  return true;
}

bool LineReader::Next(std::string* line) {
  while (true) {
    const size_t nl = pending_.find('\n', pending_pos_);
    if (nl != std::string::npos) {
      line->assign(pending_, pending_pos_, nl - pending_pos_);
      pending_pos_ = nl + 1;
      return true;
    }
    // Keep only what is not yet returned before reading more.
    pending_.erase(0, pending_pos_);
    pending_pos_ = 0;
    if (!Fill()) break;
  }
  if (!status_.ok() || pending_.empty()) return false;
  line->swap(pending_);
  pending_.clear();
  return true;
}

}  // namespace dsconform
