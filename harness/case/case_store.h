#ifndef DSCONFORM_HARNESS_CASE_CASE_STORE_H_
#define DSCONFORM_HARNESS_CASE_CASE_STORE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"

namespace dsconform {

// The cases of a run, each held packed (its JSON form as MessagePack, zstd-compressed) and
// unpacked only while it is used. As Case objects, every suite at full scale (some 175,000 cases,
// most of them accuracy trials of hundreds of steps) takes about 5 GiB; packed, a few percent of
// that, so a run's memory goes to its sketches, not to its list of work.
class CaseStore {
  // A JSON value as MessagePack, zstd-compressed.
  struct Packed {
    std::string bytes;
    size_t raw_size = 0;  // of the MessagePack
  };

 public:
  // A case as the store keeps it: packed by Pack on any thread, kept in order by Keep.
  class Entry {
   private:
    friend class CaseStore;
    std::string id;
    Packed program;  // the case's members but its invariants and truth
    Packed judging;  // those, when it has any
  };

  CaseStore() = default;
  explicit CaseStore(const std::vector<Case>& cases);

  static Entry Pack(const Case& c);
  void Keep(Entry e);
  void Add(const Case& c);
  // The cases in order, as Add would keep them, packed on every core.
  void AddAll(const std::vector<Case>& cases);
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const std::string& id(size_t i) const { return entries_[i].id; }
  // The case as a case read from its JSON form is: the same program, its steps' arguments sorted
  // by name. Fails only on a damaged store.
  absl::StatusOr<Case> Unpack(size_t i) const;
  // The same case without what judges its answers (invariants, truth): all a plan sizes it by,
  // and a small part of an accuracy trial's program, whose invariants name every bound it answers.
  absl::StatusOr<Case> UnpackProgram(size_t i) const;
  int64_t packed_bytes() const { return packed_bytes_; }

 private:
  static Packed Compress(const nlohmann::ordered_json& j);
  static absl::StatusOr<nlohmann::json> Decompress(const Entry& e, const Packed& p);

  std::vector<Entry> entries_;
  int64_t packed_bytes_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_CASE_STORE_H_
