// kll.versions: the qualification matrix for two builds of one implementation
// (datasketches-cpp before and after a change to kll_sketch's buffers). Every
// item type x k x sizes around each items-buffer size and compaction point x
// input order x random seed; the library's random bits are pinned per step,
// so two builds must agree byte for byte on every image and query, including
// merges by copy and by move in both orders, copies and assignments, the
// float-to-double converting constructor and a deserialize round trip.
// Across languages only what is free of random bits is compared (fields of
// sketches past k are "lang." fields).
#include "absl/strings/str_cat.h"
#include "harness/family/recipe_suite.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {
namespace {

constexpr int kAllKs[] = {8, 9, 16, 20, 64, 100, 199, 200, 201, 256, 1000, 1600, 4096, 12800, 65535};

struct Shape {
  std::vector<std::string> items;
  std::vector<int> ks;
  std::vector<ItemOrder> orders;
  std::vector<uint64_t> seeds;
  int64_t max_n;  // 0: up to 4k+3 for every k
};

Shape ShapeFor(SuiteScale scale) {
  const std::vector<std::string> all_items = KllItemTypes();
  const std::vector<ItemOrder> all_orders = {ItemOrder::kAscending, ItemOrder::kDescending, ItemOrder::kShuffled,
                                             ItemOrder::kAlternating};
  switch (scale) {
    case SuiteScale::kSmoke: return {{"double", "float", "string"}, {8, 200, 201}, {ItemOrder::kShuffled}, {1}, 1000};
    case SuiteScale::kReduced: return {all_items, {8, 200, 201, 1600, 12800}, all_orders, {1}, 60000};
    case SuiteScale::kFull: break;
  }
  return {all_items, std::vector<int>(std::begin(kAllKs), std::end(kAllKs)), all_orders, {1, 2}, 0};
}

// Fields of a sketch that went through compactions depend on the library's
// own random bits: compared between engines of one language only.
std::string FieldName(const std::string& slot, int64_t n, int k) { return n > k ? "lang." + slot : slot; }

class KllVersions final : public RecipeSuite {
 public:
  std::string name() const override { return "kll.versions"; }
  std::string description() const override {
    return "double/float/long/string x 15 k (8..65535) x n around every items-buffer size (200, 1600, 12800, k) "
           "and compaction x 4 input orders x 2 seeds, random bits pinned: images and every query of builds, "
           "copies, assignments, merges by copy and move in both orders, float-to-double conversion, round trip";
  }

  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override {
    const Shape shape = ShapeFor(scale);
    std::vector<CaseRecipe> recipes;
    for (const std::string& item : shape.items)
      for (int k : shape.ks)
        for (int64_t n : KllSizes(k, shape.max_n > 0 ? shape.max_n : 4 * int64_t{k} + 3))
          for (ItemOrder order : shape.orders)
            for (uint64_t seed : shape.seeds) recipes.push_back([=] { return MakeCase(item, k, n, order, seed); });
    return recipes;
  }

 private:
  Case MakeCase(const std::string& item, int k, int64_t n, ItemOrder order, uint64_t seed) const {
    CaseBuilder b(absl::StrCat("kll/versions/item=", item, "/k=", k, "/n=", n, "/order=", ItemOrderName(order),
                               "/seed=", seed),
                  name(), "kll");
    const uint64_t s = seed * 1000;
    const int64_t nb = n / 2 + 1;  // b's values follow a's: n .. n+nb-1
    const ItemStream a_items = KllItems(item, 0, n, order, seed);
    const ItemStream b_items = KllItems(item, n, nb, order, seed + 7);
    const auto create = [&](const std::string& slot, const ItemStream& items, uint64_t rng) {
      b.Step("create", slot, {{"k", k}, {"item", item}});
      b.Update(slot, items, {{"seed", rng}});
    };
    // The image before and after the queries: a quantile query sorts level 0 in
    // place (and sets its flag) in datasketches-cpp, for some item types in Java.
    // The invariants below compare the images after the queries.
    const auto image_and_queries = [&](const std::string& slot, int64_t slot_n, const std::string& field) {
      b.Step("serialize", slot, {{"form", "compact"}, {"as", field}});
      AddKllQuery(b, slot, field, item, 0, slot_n, /*native=*/true);
      b.Step("serialize", slot, {{"form", "compact"}, {"as", field + ".queried"}});
    };

    const std::string a = FieldName("a", n, k);
    create("a", a_items, s + 1);
    image_and_queries("a", n, a);

    // Copies and assignments (C++ only: Java has no copy of a KLL sketch).
    std::vector<std::string> same_as_a = {a + ".queried.compact"};
    for (const char* how : {"construct", "assign", "move_construct", "move_assign"}) {
      const std::string c = absl::StrCat("c_", how);
      std::string from = "a";
      if (std::string(how).rfind("move", 0) == 0) {
        from = absl::StrCat("t_", how);
        b.Step("copy", from, {{"from", "a"}});
      }
      b.Step("copy", c, {{"from", from}, {"how", how}});
      image_and_queries(c, n, FieldName(c, n, k));
      same_as_a.push_back(FieldName(c, n, k) + ".queried.compact");
    }

    const std::string bf = FieldName("b", nb, k);
    create("b", b_items, s + 2);
    b.Step("serialize", "b", {{"form", "compact"}, {"as", bf}});

    // Merges: each receiver is built afresh with the same pinned bits, so every
    // merge starts from the same state in every engine. A merge by copy and by
    // move with the same bits must give the same sketch.
    const int64_t nm = n + nb;
    struct MergeRow {
      const char* slot;
      bool a_receives;
      const char* how;
    };
    const MergeRow merges[] = {{"ab_copy", true, "copy"}, {"ba_copy", false, "copy"},
                               {"ab_move", true, "move"}, {"ba_move", false, "move"}};
    for (const MergeRow& m : merges) {
      create(m.slot, m.a_receives ? a_items : b_items, m.a_receives ? s + 1 : s + 2);
      // a was queried (its level 0 may be sorted in place): a giver must be as built.
      std::string from = "b";
      if (std::string(m.how) == "move" || !m.a_receives) {
        from = absl::StrCat(m.slot, "_given");
        create(from, m.a_receives ? b_items : a_items, m.a_receives ? s + 2 : s + 1);
      }
      b.Step("merge", m.slot, {{"from", from}, {"how", m.how}, {"seed", m.a_receives ? s + 3 : s + 4}});
      image_and_queries(m.slot, nm, FieldName(m.slot, nm, k));
    }
    b.Check("equal", {FieldName("ab_copy", nm, k) + ".compact", FieldName("ab_move", nm, k) + ".compact"});
    b.Check("equal", {FieldName("ba_copy", nm, k) + ".compact", FieldName("ba_move", nm, k) + ".compact"});
    // Merging from a sketch by copy leaves it as it was.
    b.Step("serialize", "b", {{"form", "compact"}, {"as", bf + ".after_merges"}});
    b.Check("equal", {bf + ".compact", bf + ".after_merges.compact"});

    if (item == "float") {
      b.Step("convert", "d", {{"from", "a"}, {"item", "double"}});
      image_and_queries("d", n, FieldName("d", n, k));
    }

    b.Step("deserialize", "rt", {{"image", a + ".compact"}, {"item", item}});
    image_and_queries("rt", n, FieldName("rt", n, k));
    same_as_a.push_back(FieldName("rt", n, k) + ".queried.compact");
    b.Check("equal", same_as_a);
    return b.Build();
  }
};

}  // namespace

const Suite& KllVersionsSuite() {
  static const KllVersions* suite = new KllVersions();
  return *suite;
}

}  // namespace dsconform
