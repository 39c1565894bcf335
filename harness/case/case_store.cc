#include "harness/case/case_store.h"

#include <zstd.h>

#include <memory>

#include "absl/strings/str_cat.h"
#include "harness/case/msgpack_reader.h"
#include "harness/case/slices.h"

namespace dsconform {
namespace {

// One compression and one decompression context per thread: making one per case would cost
// more than the case's own (de)compression.
struct CCtxFree {
  void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};
struct DCtxFree {
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};
ZSTD_CCtx* ThreadCompressor() {
  thread_local std::unique_ptr<ZSTD_CCtx, CCtxFree> c(ZSTD_createCCtx());
  return c.get();
}
ZSTD_DCtx* ThreadDecompressor() {
  thread_local std::unique_ptr<ZSTD_DCtx, DCtxFree> d(ZSTD_createDCtx());
  return d.get();
}

// Level 1: the programs are repetitive (the same queries at every point of a ladder), so the
// fastest level already packs them some tenfold.
constexpr int kLevel = 1;

}  // namespace

CaseStore::CaseStore(const std::vector<Case>& cases) { AddAll(cases); }

CaseStore::Packed CaseStore::Compress(const nlohmann::ordered_json& j) {
  const std::vector<uint8_t> raw = nlohmann::ordered_json::to_msgpack(j);
  std::string packed(ZSTD_compressBound(raw.size()), '\0');
  const size_t n = ZSTD_compressCCtx(ThreadCompressor(), packed.data(), packed.size(), raw.data(), raw.size(), kLevel);
  // Within the bound, compression fails only when out of memory, which the allocation above would have been.
  packed.resize(ZSTD_isError(n) ? 0 : n);
  packed.shrink_to_fit();
  return {std::move(packed), raw.size()};
}

CaseStore::Entry CaseStore::Pack(const Case& c) {
  nlohmann::ordered_json program = CaseToJson(c);
  nlohmann::ordered_json judging = nlohmann::ordered_json::object();
  for (auto it = program.begin(); it != program.end();) {
    if (!IsJudgingMember(it.key())) {
      ++it;
      continue;
    }
    judging[it.key()] = std::move(it.value());
    it = program.erase(it);
  }
  Entry e;
  e.id = c.id;
  e.program = Compress(program);
  if (!judging.empty()) e.judging = Compress(judging);
  return e;
}

void CaseStore::Keep(Entry e) {
  packed_bytes_ += static_cast<int64_t>(e.program.bytes.size() + e.judging.bytes.size() + e.id.size());
  entries_.push_back(std::move(e));
}

void CaseStore::Add(const Case& c) { Keep(Pack(c)); }

void CaseStore::AddAll(const std::vector<Case>& cases) {
  std::vector<Entry> packed(cases.size());
  ForEachSlice(cases.size(), 64, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) packed[i] = Pack(cases[i]);
  });
  entries_.reserve(entries_.size() + packed.size());
  for (Entry& e : packed) Keep(std::move(e));
}

absl::StatusOr<nlohmann::json> CaseStore::Decompress(const Entry& e, const Packed& p) {
  const char* part = &p == &e.program ? "program" : "invariants and truth";
  std::vector<uint8_t> raw(p.raw_size);
  const size_t n = ZSTD_decompressDCtx(ThreadDecompressor(), raw.data(), raw.size(), p.bytes.data(), p.bytes.size());
  if (ZSTD_isError(n) || n != raw.size())
    return absl::InternalError(absl::StrCat("case ", e.id, ": its packed ", part, " does not unpack"));
  auto j = ReadMsgpack(raw.data(), raw.size());
  if (!j.ok())
    return absl::InternalError(absl::StrCat("case ", e.id, ": its packed ", part, " does not parse: ",
                                           j.status().message()));
  return j;
}

absl::StatusOr<Case> CaseStore::Unpack(size_t i) const {
  const Entry& e = entries_[i];
  auto j = Decompress(e, e.program);
  if (!j.ok()) return j.status();
  if (e.judging.raw_size > 0) {
    auto judging = Decompress(e, e.judging);
    if (!judging.ok()) return judging.status();
    for (auto& [member, value] : judging->items()) (*j)[member] = std::move(value);
  }
  return CaseFromJson(*j);
}

absl::StatusOr<Case> CaseStore::UnpackProgram(size_t i) const {
  const Entry& e = entries_[i];
  auto j = Decompress(e, e.program);
  if (!j.ok()) return j.status();
  return CaseFromJson(*j);
}

}  // namespace dsconform
