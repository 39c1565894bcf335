#include "harness/fuzz/fuzz_cases.h"

#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "harness/family/family_catalog.h"
#include "harness/fuzz/image_mutator.h"

namespace dsconform {

std::vector<Case> FuzzCases(const Corpus& seeds, const FamilyCatalog& families, uint64_t seed, size_t per_image) {
  std::vector<Case> cases;
  std::set<std::string> images;  // many cases write the same image; fuzz each once
  // A family reads images alone where it has a snapshot case (every family with TCK snapshots,
  // and density, which the TCK does not name); asked once per family.
  std::map<const Family*, bool> reads_alone;
  for (const CorpusEntry& e : seeds.entries) {
    const Family* family = families.Find(e.c.family);
    if (family == nullptr) continue;
    auto [known, fresh] = reads_alone.try_emplace(family, false);
    if (fresh) known->second = !family->SnapshotCase("", "").ops.empty();
    if (!known->second) continue;
    for (const Field& f : e.first.fields) {
      if (f.value.kind != Value::Kind::kBytes || !images.insert(f.value.bytes).second) continue;
      for (const Mutant& m : MutateImage(f.value.bytes, *family, seed, per_image)) {
        Case c = family->SnapshotCase(absl::StrCat("fuzz/", e.c.id, "/", f.name, "/", m.name), m.image);
        c.suite = "fuzz";
        c.invariants.clear();  // a damaged image need not come back as it was
        cases.push_back(std::move(c));
      }
    }
  }
  return cases;
}

}  // namespace dsconform
