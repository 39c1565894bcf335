// fi.streams: long and string sketches from the smallest map size to large
// ones, at sizes around the first purge and through many purges, unweighted
// and weighted. Frequent items is deterministic (no random bits; the hash of
// an item is fixed), so every library must agree bit for bit: images, every
// query, the image read back and updated further, and (cross stage) each
// engine's image read, updated and written by every other.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "sketches/fi/fi_suites.h"

namespace dsconform {
namespace {

class FiStreams final : public Suite {
 public:
  std::string name() const override { return "fi.streams"; }
  std::string description() const override {
    return "long (both Java classes) and string sketches, lg_max_map_size 3 to 26, n from 0 through the first purge "
           "to many purges, weights 1 and 7: images, every query, round trip and further updates, each image read "
           "and updated by every engine; non-ASCII strings with both string serializers; at lg 11 and 12, weights "
           "spread over 40 or 1000 groups so a purge's sample decides its threshold";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    const std::vector<int> lgs = scale == SuiteScale::kSmoke     ? std::vector<int>{3, 6}
                                 : scale == SuiteScale::kReduced ? std::vector<int>{3, 4, 6, 10, 16}
                                                                 : std::vector<int>{3, 4, 5, 6, 8, 10, 12, 16, 20, 26};
    const std::vector<int64_t> multiples = scale == SuiteScale::kSmoke ? std::vector<int64_t>{20}
                                           : scale == SuiteScale::kReduced ? std::vector<int64_t>{2, 20}
                                                                           : std::vector<int64_t>{2, 20, 200};
    const std::vector<int64_t> weights = scale == SuiteScale::kSmoke ? std::vector<int64_t>{1} : std::vector<int64_t>{1, 7};
    const int64_t max_n = scale == SuiteScale::kFull ? 4000000 : scale == SuiteScale::kReduced ? 300000 : 20000;
    std::vector<Case> cases;
    for (const std::string& item : FiItemTypes()) {
      // Java's two long classes (one elsewhere); smoke runs the default one.
      std::vector<std::string> impls = item == "long" ? std::vector<std::string>{"longs", "items"}
                                                      : std::vector<std::string>{""};
      if (scale == SuiteScale::kSmoke) impls.resize(1);
      for (const std::string& impl : impls)
        for (int lg : lgs) {
          const int64_t cap = FiCapacity(lg);
          std::vector<int64_t> sizes = {0, 1, cap, cap + 1};
          for (int64_t m : multiples) sizes.push_back(cap * m);
          if (scale == SuiteScale::kSmoke) sizes = {0, 1, cap + 1, cap * 20};
          std::sort(sizes.begin(), sizes.end());
          sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
          for (int64_t n : sizes) {
            if (n > max_n) continue;
            for (int64_t w : weights) cases.push_back(MakeCase(item, impl, lg, n, w));
          }
        }
    }
    // Spread weights past a purge with more than 1024 items active: the purge's
    // sample then depends on where each item sits in the map (FI2 for strings).
    if (scale != SuiteScale::kSmoke)
      for (const std::string& item : FiItemTypes())
        for (int lg : scale == SuiteScale::kFull ? std::vector<int>{11, 12} : std::vector<int>{11})
          for (int groups : {40, 1000}) cases.push_back(MakeSpreadCase(item, lg, groups));
    for (int lg : {3, 6}) cases.push_back(MakeUtf8Case(lg, 40));
    for (int lg : {3, 6}) cases.push_back(MakeEmptyStringCase(lg, 60));
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, const std::string& impl, int lg, int64_t n, int64_t w) const {
    const std::string impl_part = impl.empty() ? "" : absl::StrCat("/impl=", impl);
    CaseBuilder b(absl::StrCat("fi/streams/item=", item, impl_part, "/lg=", lg, "/n=", n, "/w=", w), name(), "fi");
    nlohmann::ordered_json create = FiImplMembers(item, impl);
    create["lg_max_map_size"] = lg;
    const nlohmann::ordered_json weight =
        w == 1 ? nlohmann::ordered_json::object() : nlohmann::ordered_json{{"weight", w}};
    // Every item once with weight w, then the first half once more: two tiers of counts.
    b.Step("create", "a", create)
        .Update("a", FiItems(item, 0, n, 17), weight)
        .Update("a", FiItems(item, 0, n / 2, 18))
        .Step("serialize", "a", {{"form", "compact"}});
    const std::vector<std::string> keys = Keys(item, n);
    const bool lists = std::min(n + 3, FiCapacity(lg)) <= kFiMaxListed;
    AddFiQuery(b, "a", "a", keys, w, false, lists);
    nlohmann::ordered_json read = FiImplMembers(item, impl);
    read["image"] = "a.compact";
    b.Step("deserialize", "rt", read).Step("serialize", "rt", {{"form", "compact"}});
    AddFiQuery(b, "rt", "rt", keys, std::nullopt, false, lists);
    // The read sketch goes on: new items and old ones again.
    b.Update("rt", FiItems(item, n / 2, n / 2 + 3, 19)).Step("serialize", "rt", {{"form", "compact"}, {"as", "more"}});
    AddFiQuery(b, "rt", "more", keys, std::nullopt, false, lists);
    b.Cross({"a.compact"});
    b.Step("deserialize", "r", read).Step("serialize", "r", {{"form", "compact"}});
    AddFiQuery(b, "r", "r", keys, w, false, lists);
    b.Update("r", FiItems(item, n / 2, n / 2 + 3, 19)).Step("serialize", "r", {{"form", "compact"}, {"as", "r_more"}});
    AddFiQuery(b, "r", "r_more", keys, std::nullopt, false, lists);
    return b.Build();
  }

  // Items in both tiers, at the tiers' edges, and one never seen.
  static std::vector<std::string> Keys(const std::string& item, int64_t n) {
    std::vector<int64_t> values = {0, 1, n / 2 - 1, n / 2, n - 1, n + 5};
    std::vector<std::string> keys;
    for (int64_t v : values)
      if (v >= 0) keys.push_back(FiKey(item, v));
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
  }

  // Twice the map's capacity of items in `groups` groups of weights 1..groups,
  // interleaved by group, so the weights a purge samples vary: the threshold
  // (their median) depends on which items the sample holds.
  Case MakeSpreadCase(const std::string& item, int lg, int groups) const {
    CaseBuilder b(absl::StrCat("fi/streams/item=", item, "/spread/lg=", lg, "/groups=", groups), name(), "fi");
    const int64_t per_group = 2 * FiCapacity(lg) / groups + 1;
    nlohmann::ordered_json create = FiImplMembers(item, "");
    create["lg_max_map_size"] = lg;
    b.Step("create", "a", create);
    for (int g = 0; g < groups; ++g)
      b.Update("a", FiItems(item, g * per_group, per_group, 0), {{"weight", g + 1}});
    b.Step("serialize", "a", {{"form", "compact"}});
    const int64_t last = groups * per_group - 1;
    const std::vector<std::string> keys = {FiKey(item, 0), FiKey(item, last / 2), FiKey(item, last),
                                           FiKey(item, last + 5)};
    AddFiQuery(b, "a", "a", keys, groups / 2, false, false);
    nlohmann::ordered_json read = FiImplMembers(item, "");
    read["image"] = "a.compact";
    b.Cross({"a.compact"});
    b.Step("deserialize", "r", read).Step("serialize", "r", {{"form", "compact"}});
    AddFiQuery(b, "r", "r", keys, std::nullopt, false, false);
    return b.Build();
  }

  // The empty string as an item (ascii_or_empty: "" for every fourth value, so it is the
  // heaviest item), once and then with a weight, past the first purge; keys ask for it.
  Case MakeEmptyStringCase(int lg, int64_t n) const {
    ItemStream items;
    items.generator = ItemGenerator::kAsciiOrEmpty;
    items.count = n;
    CaseBuilder b(absl::StrCat("fi/streams/item=string/empty/lg=", lg, "/n=", n), name(), "fi");
    const std::vector<std::string> keys = {"", "item-1", "item-5", "absent"};
    b.Step("create", "a", {{"item", "string"}, {"lg_max_map_size", lg}})
        .Update("a", items)
        .Update("a", ItemStream{ItemGenerator::kAsciiOrEmpty, 0, 0, n / 3}, {{"weight", 3}})
        .Step("serialize", "a", {{"form", "compact"}});
    AddFiQuery(b, "a", "a", keys, 3, false);
    b.Cross({"a.compact"});
    b.Step("deserialize", "r", {{"image", "a.compact"}, {"item", "string"}}).Step("serialize", "r", {{"form", "compact"}});
    AddFiQuery(b, "r", "r", keys, std::nullopt, false);
    b.Update("r", items).Step("serialize", "r", {{"form", "compact"}, {"as", "r_more"}});
    AddFiQuery(b, "r", "r_more", keys, std::nullopt, false);
    return b.Build();
  }

  // Non-ASCII strings (utf8_strings: "0", "été-1", "日本-2", "😀-3", "Ωμέγα-4", ...)
  // past the first purge, written with the UTF-8 serializer both libraries have
  // and Java's UTF-16 one, and each image read back.
  Case MakeUtf8Case(int lg, int64_t n) const {
    ItemStream items;
    items.generator = ItemGenerator::kUtf8Strings;
    items.count = n;
    CaseBuilder b(absl::StrCat("fi/streams/item=string/utf8/lg=", lg, "/n=", n), name(), "fi");
    b.Step("create", "a", {{"item", "string"}, {"lg_max_map_size", lg}})
        .Update("a", items)
        .Update("a", ItemStream{ItemGenerator::kUtf8Strings, 0, 0, n / 4})
        .Step("serialize", "a", {{"form", "compact"}})
        .Step("serialize", "a", {{"form", "compact"}, {"serde", "utf16"}, {"as", "a16"}});
    AddFiQuery(b, "a", "a", {"0", "5", "10", "absent"}, std::nullopt, false);
    b.Step("deserialize", "r16", {{"image", "a16.compact"}, {"item", "string"}, {"serde", "utf16"}})
        .Step("serialize", "r16", {{"form", "compact"}});
    AddFiQuery(b, "r16", "r16", {"0", "5"}, std::nullopt, false);
    b.Cross({"a.compact", "a16.compact"});
    b.Step("deserialize", "r", {{"image", "a.compact"}, {"item", "string"}}).Step("serialize", "r", {{"form", "compact"}});
    AddFiQuery(b, "r", "r", {"0", "5", "10", "absent"}, std::nullopt, false);
    b.Step("deserialize", "s", {{"image", "a16.compact"}, {"item", "string"}, {"serde", "utf16"}})
        .Step("serialize", "s", {{"form", "compact"}});
    return b.Build();
  }
};

}  // namespace

const Suite& FiStreamsSuite() {
  static const FiStreams* suite = new FiStreams();
  return *suite;
}

}  // namespace dsconform
