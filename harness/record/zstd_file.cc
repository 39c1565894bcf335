#include "harness/record/zstd_file.h"

#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <vector>

#include <unistd.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace dsconform {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

absl::Status ErrnoError(const char* what, const std::string& path) {
  return absl::UnavailableError(absl::StrCat("cannot ", what, " ", path, ": ", std::strerror(errno)));
}

// Streams `in` through `step` into `out_path` (written as a temporary file, renamed when whole).
// `step(input, output, last)` returns the bytes still to flush (0 when done) or a zstd error code.
template <typename Step>
absl::Status Stream(const std::string& from, const std::string& out_path, size_t in_size, size_t out_size,
                    Step step, const char* what) {
  File in(std::fopen(from.c_str(), "rb"));
  if (!in) return ErrnoError("open", from);
  const std::string tmp = out_path + ".part";
  File out(std::fopen(tmp.c_str(), "wb"));
  if (!out) return ErrnoError("create", tmp);
  std::vector<char> ibuf(in_size), obuf(out_size);
  absl::Status st;
  size_t remaining = 1;
  for (bool last = false; st.ok() && !last;) {
    const size_t n = std::fread(ibuf.data(), 1, ibuf.size(), in.get());
    if (std::ferror(in.get())) {
      st = ErrnoError("read", from);
      break;
    }
    last = n < ibuf.size();
    ZSTD_inBuffer input{ibuf.data(), n, 0};
    bool finished = false;
    while (st.ok() && !finished) {
      ZSTD_outBuffer output{obuf.data(), obuf.size(), 0};
      remaining = step(&input, &output, last);
      if (ZSTD_isError(remaining)) {
        st = absl::DataLossError(absl::StrCat(what, " ", from, ": ", ZSTD_getErrorName(remaining)));
        break;
      }
      if (output.pos > 0 && std::fwrite(obuf.data(), 1, output.pos, out.get()) != output.pos)
        st = ErrnoError("write", tmp);
      finished = last ? remaining == 0 || (input.pos == input.size && output.pos < output.size)
                      : input.pos == input.size;
    }
  }
  if (st.ok() && remaining != 0)
    st = absl::DataLossError(absl::StrCat(what, " ", from, ": the zstd stream ends early (a file cut short?)"));
  if (std::fclose(out.release()) != 0 && st.ok()) st = ErrnoError("write", tmp);
  if (st.ok() && std::rename(tmp.c_str(), out_path.c_str()) != 0) st = ErrnoError("rename", tmp);
  if (!st.ok()) std::remove(tmp.c_str());
  return st;
}

}  // namespace

bool IsZstdPath(const std::string& path) { return absl::EndsWith(path, ".zst"); }

absl::Status CompressFile(const std::string& from, const std::string& to) {
  std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> ctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
  // Level 3 (zstd's default): records compress about tenfold at a fraction of the run's time.
  ZSTD_CCtx_setParameter(ctx.get(), ZSTD_c_compressionLevel, 3);
  return Stream(
      from, to, ZSTD_CStreamInSize(), ZSTD_CStreamOutSize(),
      [&](ZSTD_inBuffer* in, ZSTD_outBuffer* out, bool last) {
        return ZSTD_compressStream2(ctx.get(), out, in, last ? ZSTD_e_end : ZSTD_e_continue);
      },
      "compressing");
}

absl::Status DecompressFile(const std::string& from, const std::string& to) {
  std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> ctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
  return Stream(
      from, to, ZSTD_DStreamInSize(), ZSTD_DStreamOutSize(),
      [&](ZSTD_inBuffer* in, ZSTD_outBuffer* out, bool) { return ZSTD_decompressStream(ctx.get(), out, in); },
      "decompressing");
}

absl::StatusOr<PlainFile> PlainFile::Open(const std::string& path) {
  if (!IsZstdPath(path)) return PlainFile(path, false);
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
  if (ec) return absl::UnavailableError(absl::StrCat("no temporary directory to decompress ", path, " into"));
  std::string tmp = (dir / "dsconform-XXXXXX").string();
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) return ErrnoError("create", tmp);
  ::close(fd);
  PlainFile file(tmp, true);
  if (auto st = DecompressFile(path, tmp); !st.ok()) return st;
  return file;
}

PlainFile::PlainFile(PlainFile&& other) noexcept : path_(std::move(other.path_)), temporary_(other.temporary_) {
  other.temporary_ = false;
}

PlainFile::~PlainFile() {
  if (temporary_) std::remove(path_.c_str());
}

}  // namespace dsconform
