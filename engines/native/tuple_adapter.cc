// Tuple steps on datasketches-cpp (update_tuple_sketch, compact_tuple_sketch,
// tuple_union, tuple_intersection, tuple_a_not_b, tuple_jaccard_similarity; the
// array-of-doubles typedefs of array_of_doubles_sketch.hpp), as the table
// "Tuple steps" of docs/case-format.md maps them. Beyond that table:
// - datasketches-cpp ships one summary policy, the sum (`+=`) of
//   default_tuple_update_policy and default_tuple_union_policy; the min, max
//   and always-one modes are this adapter's policies, written as Java's
//   DoubleSummary / IntegerSummary state them (a fresh summary of the mode
//   updated with each value; `v < cur` / `v > cur`, so NaN never enters).
//   The sum mode keeps the library's own policies.
// - summaries are written with the library's default serde (8 bytes a double,
//   4 an int32_t): what a C++ user gets.
// - serialize form=updatable, deserialize mode=wrap and deserialize of an
//   update-sketch image (Java's), record unsupported: the C++ tuple sketch has
//   none of them.
// - a theta sketch (create_theta) enters a set operation as
//   compact_tuple_sketch<S>(theta, summary), the conversion the library offers;
//   an aod set operation takes no theta sketch (unsupported).
// - the array-of-strings sketch (aos) where the tree has array_of_strings_sketch.hpp
//   (DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS, engines/native/probes): keyed by
//   hash_array_of_strings_key of the item's text, written with default_array_of_strings_serde;
//   its set operations keep the first summary (the library ships no policy for them; Java's
//   ArrayOfStringsSummarySetOperations does so). Without the header every aos step answers
//   unsupported.
//
// The only translation unit that includes datasketches-cpp's Tuple headers.
#include "engines/native/cpp_adapter_base.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "array_of_doubles_sketch.hpp"
#if !__has_include(<array_tuple_sketch.hpp>)  // up to 4.1.0: the aod set operations have headers of their own
#include "array_of_doubles_a_not_b.hpp"
#include "array_of_doubles_intersection.hpp"
#include "array_of_doubles_union.hpp"
#endif
#include "harness/engine/item_tape_reader.h"
#ifndef DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
#error "engines/native/CMakeLists.txt defines DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS by probing the tree"
#endif
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
#include "array_of_strings_sketch.hpp"
#endif
#include "theta_sketch.hpp"
#include "tuple_a_not_b.hpp"
#include "tuple_intersection.hpp"
#include "tuple_jaccard_similarity.hpp"
#include "tuple_sketch.hpp"
#include "tuple_union.hpp"

namespace dsconform {
namespace {

using datasketches::compact_theta_sketch;
using datasketches::update_theta_sketch;

constexpr uint64_t kDefaultSeed = datasketches::DEFAULT_SEED;

enum class Mode { kSum, kMin, kMax, kAlwaysOne };

// Java's Summary.update(value) for a summary of type T in `mode`.
template <typename T>
void Apply(Mode mode, T& summary, T value) {
  switch (mode) {
    case Mode::kSum:
      if constexpr (std::is_integral_v<T>) {
        // Java's int addition wraps; so does this (no signed overflow).
        summary = static_cast<T>(static_cast<uint32_t>(summary) + static_cast<uint32_t>(value));
      } else {
        summary += value;
      }
      break;
    case Mode::kMin:
      if (value < summary) summary = value;
      break;
    case Mode::kMax:
      if (value > summary) summary = value;
      break;
    case Mode::kAlwaysOne:
      summary = 1;
      break;
  }
}

template <typename T>
T Fresh(Mode mode) {
  switch (mode) {
    case Mode::kSum: return 0;
    case Mode::kMin: return std::is_integral_v<T> ? std::numeric_limits<T>::max() : std::numeric_limits<T>::infinity();
    case Mode::kMax:
      return std::is_integral_v<T> ? std::numeric_limits<T>::min() : -std::numeric_limits<T>::infinity();
    case Mode::kAlwaysOne: return 1;
  }
  return 0;
}

// Update policy: a new entry gets Fresh(mode) updated with the value.
template <typename T>
struct ModeUpdatePolicy {
  Mode mode = Mode::kSum;
  T create() const { return Fresh<T>(mode); }
  void update(T& summary, T value) const { Apply(mode, summary, value); }
};

// Set-operation policy: Java's DoubleSummarySetOperations: a fresh summary of
// the mode updated with both.
template <typename T>
struct ModeSetPolicy {
  Mode mode = Mode::kSum;
  void operator()(T& summary, const T& other) const {
    T r = Fresh<T>(mode);
    Apply(mode, r, summary);
    Apply(mode, r, other);
    summary = r;
  }
};

// The sum modes keep the library's own policies (default_update_policy and
// default_union_policy up to 4.1.0).
#if __has_include(<array_tuple_sketch.hpp>)
template <typename T>
using SumUpdate = datasketches::default_tuple_update_policy<T, T>;
template <typename T>
using SumUnion = datasketches::default_tuple_union_policy<T>;
#else
template <typename T>
using SumUpdate = datasketches::default_update_policy<T, T>;
template <typename T>
using SumUnion = datasketches::default_union_policy<T>;
#endif

// The summary type of a tuple sketch (or set operation) type: double, int32_t or the aod
// array, from its Entry (a pair of hash and summary); void for a theta sketch.
template <typename T, typename = void>
struct SummaryOfT {
  using type = void;
};
template <typename T>
struct SummaryOfT<T, std::void_t<decltype(std::declval<typename T::Entry>().second)>> {
  using type = std::decay_t<decltype(std::declval<typename T::Entry>().second)>;
};
template <typename T>
using SummaryOf = typename SummaryOfT<T>::type;

// The array of doubles: aod<> with its own policy names up to 4.1.0, array<double> and the
// generic array_tuple_* classes from 5.0.0; the typedefs of array_of_doubles_sketch.hpp are
// the same in both.
using AodUpdate = datasketches::update_array_of_doubles_sketch;
using AodCompact = datasketches::compact_array_of_doubles_sketch;
using AodUnion = datasketches::array_of_doubles_union;
#if __has_include(<array_tuple_sketch.hpp>)
using AodArray = datasketches::array<double>;
using AodUpdatePolicy = datasketches::default_array_of_doubles_update_policy;
using AodUnionPolicy = datasketches::default_array_of_doubles_union_policy;
#else
using AodArray = datasketches::aod<>;
using AodUpdatePolicy = datasketches::array_of_doubles_update_policy<>;
using AodUnionPolicy = datasketches::array_of_doubles_union_policy;
#endif

// The aod intersection combines by summing, as the union does.
struct AodSumPolicy {
  uint8_t num_values = 1;
  void operator()(AodArray& a, const AodArray& b) const {
    for (uint8_t i = 0; i < num_values; ++i) a[i] += b[i];
  }
  uint8_t get_num_values() const { return num_values; }
};

// The array of strings (master after 5.2.0). Without it, types that no slot holds, so the
// visitors below compile unchanged.
constexpr bool kHaveAos = DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS;
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
using AosArray = datasketches::array_of_strings;
// Java's ArrayOfStringsSummarySetOperations: union and intersection return a copy of the first.
struct AosKeepFirstPolicy {
  void operator()(AosArray&, const AosArray&) const {}
};
using AosUpdate = datasketches::update_array_of_strings_tuple_sketch<>;
using AosCompact = datasketches::compact_array_of_strings_tuple_sketch<>;
using AosUnion = datasketches::tuple_union<AosArray, AosKeepFirstPolicy>;
using AosIntersection = datasketches::tuple_intersection<AosArray, AosKeepFirstPolicy>;
#define DSC_AOS_SLOTS , AosUpdate, AosCompact, AosUnion, AosIntersection
#else
template <int>
struct AosAbsent {};
using AosUpdate = AosAbsent<0>;
using AosCompact = AosAbsent<1>;
using AosUnion = AosAbsent<2>;
using AosIntersection = AosAbsent<3>;
#define DSC_AOS_SLOTS
#endif
template <typename T>
constexpr bool kIsAos = std::is_same_v<T, AosUpdate> || std::is_same_v<T, AosCompact>;
template <typename T>
constexpr bool kIsArraySketch = kIsAos<T> || std::is_same_v<T, AodUpdate> || std::is_same_v<T, AodCompact>;

// One summary type and its C++ types.
template <typename T, typename UpdatePolicy, typename UnionPolicy>
struct Kind {
  using Summary = T;
  using Update = datasketches::update_tuple_sketch<T, T, UpdatePolicy>;
  using Compact = datasketches::compact_tuple_sketch<T>;
  using Union = datasketches::tuple_union<T, UnionPolicy>;
  using Intersection = datasketches::tuple_intersection<T, UnionPolicy>;
};
using DoubleSum = Kind<double, SumUpdate<double>, SumUnion<double>>;
using DoubleMode = Kind<double, ModeUpdatePolicy<double>, ModeSetPolicy<double>>;
using IntSum = Kind<int32_t, SumUpdate<int32_t>, SumUnion<int32_t>>;
using IntMode = Kind<int32_t, ModeUpdatePolicy<int32_t>, ModeSetPolicy<int32_t>>;

using AodIntersection = datasketches::array_of_doubles_intersection<AodSumPolicy>;

// Slots. A compact double/int sketch is one type whatever its mode (summaries only).
using Slot = std::variant<DoubleSum::Update, DoubleMode::Update, DoubleSum::Compact, DoubleSum::Union,
                          DoubleMode::Union, DoubleSum::Intersection, DoubleMode::Intersection, IntSum::Update,
                          IntMode::Update, IntSum::Compact, IntSum::Union, IntMode::Union, IntSum::Intersection,
                          IntMode::Intersection, AodUpdate, AodCompact, AodUnion, AodIntersection,
                          update_theta_sketch DSC_AOS_SLOTS>;

template <typename T>
constexpr bool kIsTupleSketch =
    std::is_same_v<T, DoubleSum::Update> || std::is_same_v<T, DoubleMode::Update> ||
    std::is_same_v<T, DoubleSum::Compact> || std::is_same_v<T, IntSum::Update> ||
    std::is_same_v<T, IntMode::Update> || std::is_same_v<T, IntSum::Compact> || std::is_same_v<T, AodUpdate> ||
    std::is_same_v<T, AodCompact> || kIsAos<T>;

template <typename T>
constexpr bool kIsUpdate = std::is_same_v<T, DoubleSum::Update> || std::is_same_v<T, DoubleMode::Update> ||
                           std::is_same_v<T, IntSum::Update> || std::is_same_v<T, IntMode::Update> ||
                           std::is_same_v<T, AodUpdate> || std::is_same_v<T, AosUpdate>;


template <typename T>
constexpr bool kIsSetOp =
    std::is_same_v<T, DoubleSum::Union> || std::is_same_v<T, DoubleMode::Union> || std::is_same_v<T, IntSum::Union> ||
    std::is_same_v<T, IntMode::Union> || std::is_same_v<T, AodUnion> || std::is_same_v<T, DoubleSum::Intersection> ||
    std::is_same_v<T, DoubleMode::Intersection> || std::is_same_v<T, IntSum::Intersection> ||
    std::is_same_v<T, IntMode::Intersection> || std::is_same_v<T, AodIntersection> ||
    std::is_same_v<T, AosUnion> || std::is_same_v<T, AosIntersection>;

// Applies the case's create members to a builder (tuple or aod).
template <typename B>
void Configure(B& b, const Op& op);

template <typename B, typename P>
auto Built(const Op& op, const P& policy) {
  B b(policy);
  Configure(b, op);
  return b.build();
}

struct SummaryChoice {
  enum Type { kDouble, kInt, kAod, kAos } type = kDouble;
  Mode mode = Mode::kSum;
};

SummaryChoice ParseSummary(const std::string& s) {
  SummaryChoice c;
  if (s == "aod" || s == "aos") {
    c.type = s == "aod" ? SummaryChoice::kAod : SummaryChoice::kAos;
    return c;
  }
  c.type = s.rfind("int_", 0) == 0 ? SummaryChoice::kInt : SummaryChoice::kDouble;
  const std::string m = s.substr(s.find('_') + 1);
  c.mode = m == "min" ? Mode::kMin : m == "max" ? Mode::kMax : m == "always_one" ? Mode::kAlwaysOne : Mode::kSum;
  return c;
}

std::string Hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

std::string SummaryText(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  return Hex64(bits);
}
std::string SummaryText(int32_t v) { return std::to_string(v); }
std::string SummaryText(const AodArray& a) {
  std::vector<std::string> parts;
  for (uint8_t i = 0; i < a.size(); ++i) parts.push_back(SummaryText(a[i]));
  return absl::StrJoin(parts, "/");
}

#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
// Quoted strings joined by `/`, bytes outside 0x20..0x7e, `"` and `\` as \xhh (the vocabulary's).
std::string SummaryText(const AosArray& a) {
  std::string out;
  for (uint32_t j = 0; j < a.size(); ++j) {
    absl::StrAppend(&out, j ? "/" : "", "\"");
    for (char ch : a[j]) {
      const auto c = static_cast<unsigned char>(ch);
      if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
        char buf[5];
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out.push_back(ch);
      }
    }
    out.push_back('"');
  }
  return out;
}
#endif

// An aos key: the one-string array of a long's decimal text or a string; none for other items.
[[maybe_unused]] std::optional<std::string> AosKeyText(int64_t v) { return std::to_string(v); }
[[maybe_unused]] std::optional<std::string> AosKeyText(const std::string& s) { return s; }
[[maybe_unused]] std::optional<std::string> AosKeyText(double) { return std::nullopt; }
[[maybe_unused]] std::optional<std::string> AosKeyText(const void*, size_t) { return std::nullopt; }

// The `summaries` query: entries by ascending hash.
template <typename S>
std::string Summaries(const S& s) {
  std::map<uint64_t, std::string> entries;
  for (const auto& e : s) entries.emplace(e.first, SummaryText(e.second));
  std::vector<std::string> parts;
  for (const auto& [hash, text] : entries) parts.push_back(absl::StrCat(Hex64(hash), ":", text));
  return absl::StrJoin(parts, " ");
}

// The values an update step gives its items (docs/case-format.md, "Tuple steps").
struct Values {
  std::optional<double> special;
  double base = 1, step = 0;
  int64_t ibase = 1, istep = 0;

  explicit Values(const Op& op) {
    if (op.args.contains("special")) {
      const std::string s = op.Str("special");
      special = s == "nan"    ? std::numeric_limits<double>::quiet_NaN()
                : s == "inf"  ? std::numeric_limits<double>::infinity()
                : s == "-inf" ? -std::numeric_limits<double>::infinity()
                              : -0.0;
    }
    if (op.args.contains("value")) {
      base = std::strtod(op.Str("value").c_str(), nullptr);
      ibase = std::strtoll(op.Str("value").c_str(), nullptr, 10);
    }
    if (op.args.contains("value_step")) {
      step = std::strtod(op.Str("value_step").c_str(), nullptr);
      istep = std::strtoll(op.Str("value_step").c_str(), nullptr, 10);
    }
  }
  double Double(int64_t i) const { return special ? *special : base + static_cast<double>(i) * step; }
  int32_t Int(int64_t i) const { return static_cast<int32_t>(static_cast<uint64_t>(ibase + i * istep)); }
};

uint64_t Seed(const Op& op) {
  return op.args.contains("seed") ? static_cast<uint64_t>(op.Int("seed")) : kDefaultSeed;
}

datasketches::theta_constants::resize_factor ResizeFactor(int64_t rf) {
  using RF = datasketches::theta_constants::resize_factor;
  return rf == 1 ? RF::X1 : rf == 2 ? RF::X2 : rf == 4 ? RF::X4 : RF::X8;
}

template <typename B>
void Configure(B& b, const Op& op) {
  b.set_lg_k(static_cast<uint8_t>(op.Int("lg_k")));
  if (op.args.contains("rf")) b.set_resize_factor(ResizeFactor(op.Int("rf")));
  if (op.args.contains("p")) b.set_p(std::strtof(op.Str("p").c_str(), nullptr));
  b.set_seed(Seed(op));
}

class TupleStage {
 public:
  TupleStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) {
    slots_.erase(slot);
    modes_.erase(slot);
    aos_strings_.erase(slot);
  }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (ReadsUnmadeSlot(op, unsupported_slots_, out_) || unsupported_slots_.count(op.sketch))
      return StepEnd::kContinue;
    const std::string& s = op.op;
    if (s == "create") return Create(op);
    if (s == "create_theta") {
      Put(op.sketch, update_theta_sketch::builder()
                         .set_lg_k(static_cast<uint8_t>(op.Int("lg_k")))
                         .set_seed(Seed(op))
                         .build());
      return StepEnd::kContinue;
    }
    if (s == "union") return MakeUnion(op);
    if (s == "intersection") return MakeIntersection(op);
    if (s == "update") return Update(op, ctx);
    if (s == "merge") return Merge(op, ctx);
    if (s == "result") return Result(op, ctx);
    if (s == "compact") return Compact(op, ctx);
    if (s == "a_not_b") return ANotB(op, ctx);
    if (s == "jaccard") return Jaccard(op, ctx);
    if (s == "serialize") return Serialize(op, ctx);
    if (s == "deserialize") return Deserialize(op, ctx);
    if (s == "query") return QueryStep(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", s, "' is not a Tuple step"));
  }

 private:
  absl::StatusOr<StepEnd> Create(const Op& op) {
    const SummaryChoice c = ParseSummary(op.Str("summary"));
    if (c.type == SummaryChoice::kAos) {
      if (!AosAvailable(op, "create")) return StepEnd::kContinue;
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
      AosUpdate::builder b;
      Configure(b, op);
      Put(op.sketch, b.build());
      aos_strings_[op.sketch] = NumValues(op);
#endif
    } else if (c.type == SummaryChoice::kAod) {
      AodUpdate::builder b(AodUpdatePolicy(NumValues(op)));
      Configure(b, op);
      Put(op.sketch, b.build());
    } else if (c.mode == Mode::kSum) {
      if (c.type == SummaryChoice::kDouble) Put(op.sketch, Built<DoubleSum::Update::builder>(op, SumUpdate<double>()));
      else Put(op.sketch, Built<IntSum::Update::builder>(op, SumUpdate<int32_t>()));
    } else {
      if (c.type == SummaryChoice::kDouble)
        Put(op.sketch, Built<DoubleMode::Update::builder>(op, ModeUpdatePolicy<double>{c.mode}));
      else
        Put(op.sketch, Built<IntMode::Update::builder>(op, ModeUpdatePolicy<int32_t>{c.mode}));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> MakeUnion(const Op& op) {
    const SummaryChoice c = ParseSummary(op.Str("summary"));
    modes_[op.sketch] = c.mode;
    auto configure = [&](auto& b) {
      b.set_lg_k(static_cast<uint8_t>(op.Int("lg_k")));
      b.set_seed(Seed(op));
    };
    if (c.type == SummaryChoice::kAos) {
      if (!AosAvailable(op, "union")) return StepEnd::kContinue;
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
      AosUnion::builder b{AosKeepFirstPolicy{}};
      configure(b);
      Put(op.sketch, b.build());
#endif
    } else if (c.type == SummaryChoice::kAod) {
      AodUnion::builder b(AodUnionPolicy(NumValues(op)));
      configure(b);
      Put(op.sketch, b.build());
    } else if (c.mode == Mode::kSum && c.type == SummaryChoice::kDouble) {
      DoubleSum::Union::builder b;
      configure(b);
      Put(op.sketch, b.build());
    } else if (c.mode == Mode::kSum) {
      IntSum::Union::builder b;
      configure(b);
      Put(op.sketch, b.build());
    } else if (c.type == SummaryChoice::kDouble) {
      DoubleMode::Union::builder b(ModeSetPolicy<double>{c.mode});
      configure(b);
      Put(op.sketch, b.build());
    } else {
      IntMode::Union::builder b(ModeSetPolicy<int32_t>{c.mode});
      configure(b);
      Put(op.sketch, b.build());
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> MakeIntersection(const Op& op) {
    const SummaryChoice c = ParseSummary(op.Str("summary"));
    modes_[op.sketch] = c.mode;
    const uint64_t seed = Seed(op);
    if (c.type == SummaryChoice::kAos) {
      if (!AosAvailable(op, "intersection")) return StepEnd::kContinue;
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
      Put(op.sketch, AosIntersection(seed, AosKeepFirstPolicy{}));
#endif
    } else if (c.type == SummaryChoice::kAod) {
      Put(op.sketch, AodIntersection(seed, AodSumPolicy{NumValues(op)}));
    } else if (c.mode == Mode::kSum && c.type == SummaryChoice::kDouble) {
      Put(op.sketch, DoubleSum::Intersection(seed));
    } else if (c.mode == Mode::kSum) {
      Put(op.sketch, IntSum::Intersection(seed));
    } else if (c.type == SummaryChoice::kDouble) {
      Put(op.sketch, DoubleMode::Intersection(seed, ModeSetPolicy<double>{c.mode}));
    } else {
      Put(op.sketch, IntMode::Intersection(seed, ModeSetPolicy<int32_t>{c.mode}));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = Any(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (!op.items) return BadStep(stage_, ctx, "update without items");
    const Values values(op);
    std::vector<std::string> strings = op.StrList("strings");
    if (strings.empty()) strings = {"s"};
    [[maybe_unused]] const uint8_t num_strings = aos_strings_.count(op.sketch) ? aos_strings_[op.sketch] : 1;
    bool handled = false, whole = true, keyless = false;
    std::visit(
        [&](auto& s) {
          using T = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<T, update_theta_sketch>) {
            handled = true;
            whole = ForEachTapeItem(op.items->kind(), ctx.tape, [&s](auto&&... item) { s.update(item...); });
          } else if constexpr (kIsUpdate<T>) {
            handled = true;
            int64_t i = 0;
            whole = ForEachTapeItem(op.items->kind(), ctx.tape, [&](auto&&... item) {
              if constexpr (std::is_same_v<T, AosUpdate>) {
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
                const std::optional<std::string> key = AosKeyText(item...);
                if (!key) {
                  keyless = true;
                  return;
                }
                AosArray v(num_strings, "");
                for (uint8_t j = 0; j < num_strings; ++j) v[j] = strings[(static_cast<size_t>(i) + j) % strings.size()];
                s.update(datasketches::hash_array_of_strings_key(AosArray(1, *key)), v);
#endif
              } else if constexpr (std::is_same_v<T, AodUpdate>) {
                std::vector<double> v(s.get_num_values());
                for (size_t j = 0; j < v.size(); ++j) v[j] = values.Double(i) + static_cast<double>(j);
                s.update(item..., v);
              } else if constexpr (std::is_same_v<SummaryOf<T>, double>) {
                s.update(item..., values.Double(i));
              } else {
                s.update(item..., values.Int(i));
              }
              ++i;
            });
          }
        },
        **slot);
    if (!handled) return BadStep(stage_, ctx, absl::StrCat("slot '", op.sketch, "' cannot be updated"));
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    if (keyless) return BadStep(stage_, ctx, "an aos key is a string array: double and byte-array items are not defined");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Merge(const Op& op, const StepContext& ctx) {
    auto target = Any(op.sketch, ctx);
    auto from = Any(op.Str("from"), ctx);
    if (!target.ok()) return target.status();
    if (!from.ok()) return from.status();
    const Values values(op);
    const Mode mode = modes_[op.sketch];
    std::string problem;
    std::visit(
        [&](auto& t) {
          using Target = std::decay_t<decltype(t)>;
          std::visit(
              [&](auto& f) {
                using From = std::decay_t<decltype(f)>;
                if constexpr (!kIsSetOp<Target>) {
                  problem = "is not a union or an intersection";
                } else if constexpr (std::is_same_v<From, update_theta_sketch>) {
                  if constexpr (std::is_same_v<Target, AodUnion> || std::is_same_v<Target, AodIntersection> ||
                                std::is_same_v<Target, AosUnion> || std::is_same_v<Target, AosIntersection>) {
                    problem = "unsupported";
                  } else {
                    // Java's union(theta, summary) takes a summary of the mode made from the value.
                    using S = SummaryOf<typename Target::CompactSketch>;
                    S summary = Fresh<S>(mode);
                    Apply(mode, summary, TheSummary<S>(values));
                    Feed(t, typename Target::CompactSketch(f, summary, true));
                  }
                } else if constexpr (kIsTupleSketch<From>) {
                  if constexpr (std::is_same_v<SummaryOf<From>, SummaryOf<typename Target::CompactSketch>>) {
                    Feed(t, f);
                  } else {
                    problem = "holds another summary type";
                  }
                } else {
                  problem = "reads a set operation";
                }
              },
              **from);
        },
        **target);
    if (problem == "unsupported") {
      out_->Add(op.sketch + ".merge", Value::Unsupported("datasketches-cpp converts a theta sketch to a tuple sketch "
                                                         "of one summary (compact_tuple_sketch(theta, summary)), "
                                                         "not to an array-of-doubles or array-of-strings sketch"));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    if (!problem.empty()) return BadStep(stage_, ctx, absl::StrCat("merge into '", op.sketch, "': ", problem));
    return StepEnd::kContinue;
  }

  template <typename Op, typename S>
  static void Feed(Op& op, const S& s) {
    op.update(s);
  }

  template <typename S>
  static S TheSummary(const Values& v) {
    if constexpr (std::is_same_v<S, double>) return v.Double(0);
    else return v.Int(0);
  }

  absl::StatusOr<StepEnd> Result(const Op& op, const StepContext& ctx) {
    auto from = Any(op.Str("from"), ctx);
    if (!from.ok()) return from.status();
    const bool ordered = op.Int("ordered", 1) != 0;
    bool done = false;
    std::visit(
        [&](auto& s) {
          using T = std::decay_t<decltype(s)>;
          if constexpr (kIsSetOp<T>) {
            Put(op.sketch, Normalized(s.get_result(ordered)));
            done = true;
          }
        },
        **from);
    if (!done) return BadStep(stage_, ctx, absl::StrCat("slot '", op.Str("from"), "' is not a union or an intersection"));
    return StepEnd::kContinue;
  }

  // A compact sketch of any mode is held as the one compact type of its summary.
  template <typename C>
  static auto Normalized(C&& c) {
    using T = std::decay_t<C>;
    if constexpr (std::is_same_v<SummaryOf<T>, double>) return DoubleSum::Compact(std::forward<C>(c));
    else if constexpr (std::is_same_v<SummaryOf<T>, int32_t>) return IntSum::Compact(std::forward<C>(c));
    else if constexpr (std::is_same_v<SummaryOf<T>, SummaryOf<AosCompact>>) return AosCompact(c, c.is_ordered());
    else return AodCompact(std::forward<C>(c));
  }

  template <typename T>
  static auto CompactOf(const T& s, bool ordered) {
    if constexpr (std::is_same_v<T, AodUpdate>) return s.compact(ordered);
    else if constexpr (std::is_same_v<T, AodCompact>) return AodCompact(s, ordered);
    else if constexpr (kIsAos<T>) return AosCompact(s, ordered);
    else if constexpr (kIsUpdate<T>) return s.compact(ordered);
    else return T(s, ordered);
  }

  absl::StatusOr<StepEnd> Compact(const Op& op, const StepContext& ctx) {
    auto from = Any(op.Str("from"), ctx);
    if (!from.ok()) return from.status();
    const bool ordered = op.Int("ordered", 1) != 0;
    bool done = false;
    std::visit(
        [&](auto& s) {
          using T = std::decay_t<decltype(s)>;
          if constexpr (kIsTupleSketch<T>) {
            Put(op.sketch, CompactOf(s, ordered));
            done = true;
          }
        },
        **from);
    if (!done) return BadStep(stage_, ctx, absl::StrCat("slot '", op.Str("from"), "' is not a tuple sketch"));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> ANotB(const Op& op, const StepContext& ctx) {
    auto a = Any(op.Str("a"), ctx);
    auto b = Any(op.Str("b"), ctx);
    if (!a.ok()) return a.status();
    if (!b.ok()) return b.status();
    const bool ordered = op.Int("ordered", 1) != 0;
    const uint64_t seed = Seed(op);
    std::string problem;
    std::visit(
        [&](auto& sa) {
          using A = std::decay_t<decltype(sa)>;
          std::visit(
              [&](auto& sb) {
                using B = std::decay_t<decltype(sb)>;
                if constexpr (!kIsTupleSketch<A>) {
                  problem = "a is not a tuple sketch";
                } else if constexpr (std::is_same_v<A, AodUpdate> || std::is_same_v<A, AodCompact>) {
                  if constexpr (std::is_same_v<B, AodUpdate> || std::is_same_v<B, AodCompact>) {
                    Put(op.sketch, datasketches::array_of_doubles_a_not_b(seed).compute(sa, sb, ordered));
                  } else if constexpr (std::is_same_v<B, update_theta_sketch>) {
                    problem = "unsupported";
                  } else {
                    problem = "b holds another summary type";
                  }
                } else if constexpr (kIsAos<A> && std::is_same_v<B, update_theta_sketch>) {
                  problem = "unsupported";
                } else {
                  using S = SummaryOf<A>;
                  if constexpr (std::is_same_v<B, update_theta_sketch>) {
                    // The library's path: b converted with a default summary (not read).
                    Put(op.sketch, Normalized(datasketches::tuple_a_not_b<S>(seed).compute(
                                       sa, datasketches::compact_tuple_sketch<S>(sb, S(), ordered), ordered)));
                  } else if constexpr (kIsTupleSketch<B> && std::is_same_v<SummaryOf<B>, S>) {
                    Put(op.sketch, Normalized(datasketches::tuple_a_not_b<S>(seed).compute(sa, sb, ordered)));
                  } else {
                    problem = "b holds another summary type";
                  }
                }
              },
              **b);
        },
        **a);
    if (problem == "unsupported") {
      out_->Add(op.sketch + ".a_not_b",
                Value::Unsupported("no array-of-doubles or array-of-strings sketch from a theta sketch in datasketches-cpp"));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    if (!problem.empty()) return BadStep(stage_, ctx, "a_not_b: " + problem);
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Jaccard(const Op& op, const StepContext& ctx) {
    auto a = Any(op.sketch, ctx);
    auto b = Any(op.Str("with"), ctx);
    if (!a.ok()) return a.status();
    if (!b.ok()) return b.status();
    // The library's jaccard builds its own set operations from default policies: the
    // summaries do not reach its answer, so `summary` chooses nothing here.
    const Values values(op);
    const uint64_t seed = Seed(op);
    std::optional<std::array<double, 3>> j;
    std::string problem;
    std::visit(
        [&](auto& sa) {
          using A = std::decay_t<decltype(sa)>;
          std::visit(
              [&](auto& sb) {
                using B = std::decay_t<decltype(sb)>;
                if constexpr (!kIsTupleSketch<A> || kIsArraySketch<A>) {
                  problem = "a is not a double or int tuple sketch";
                } else {
                  using S = SummaryOf<A>;
                  using J = datasketches::tuple_jaccard_similarity<S, ModeSetPolicy<S>, ModeSetPolicy<S>>;
                  if constexpr (std::is_same_v<B, update_theta_sketch>) {
                    j = J::jaccard(sa, datasketches::compact_tuple_sketch<S>(sb, TheSummary<S>(values)), seed);
                  } else if constexpr (kIsTupleSketch<B> && std::is_same_v<SummaryOf<B>, S>) {
                    j = J::jaccard(sa, sb, seed);
                  } else {
                    problem = "b holds another summary type";
                  }
                }
              },
              **b);
        },
        **a);
    if (!j) return BadStep(stage_, ctx, "jaccard: " + problem);
    const std::string as = op.Str("as");
    out_->Add(as + ".lower", Value::Double((*j)[0]));
    out_->Add(as + ".estimate", Value::Double((*j)[1]));
    out_->Add(as + ".upper", Value::Double((*j)[2]));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto slot = Any(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string form = op.Str("form");
    const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", form);
    if (form == "updatable") {
      out_->Add(field, Value::Unsupported("datasketches-cpp serializes compact tuple sketches only"));
      return StepEnd::kContinue;
    }
    std::optional<std::string> bytes;
    std::visit(
        [&](auto& s) {
          using T = std::decay_t<decltype(s)>;
          if constexpr (kIsAos<T>) {
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
            const auto v = AosCompact(s, kIsUpdate<T> || s.is_ordered()).serialize(0, datasketches::default_array_of_strings_serde<>());
            bytes.emplace(v.begin(), v.end());
#endif
          } else if constexpr (kIsUpdate<T>) {
            const auto v = s.compact(true).serialize();
            bytes.emplace(v.begin(), v.end());
          } else if constexpr (kIsTupleSketch<T>) {
            const auto v = s.serialize();
            bytes.emplace(v.begin(), v.end());
          }
        },
        **slot);
    if (!bytes) return BadStep(stage_, ctx, absl::StrCat("slot '", op.sketch, "' is not a tuple sketch"));
    out_->Add(field, Value::Bytes(std::move(*bytes)));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string* image = StageImageOrMissing(stage_, ctx, op.Str("image"), out_);
    if (image == nullptr) return StepEnd::kStopStage;
    if (op.Str("mode", "heapify") == "wrap") {
      out_->Add(op.sketch + ".deserialize", Value::Unsupported("datasketches-cpp has no wrapped tuple sketch"));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    // Java's update-sketch images: serial version 2 (a tuple QuickSelectSketch), or an aod
    // image of sketch type 2 (ArrayOfDoublesQuickSelectSketch).
    const bool update_image = image->size() > 3 && ((*image)[1] == 2 || ((*image)[1] == 1 && (*image)[3] == 2));
    if (update_image) {
      out_->Add(op.sketch + ".deserialize", Value::Unsupported("datasketches-cpp reads compact tuple images only"));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    const SummaryChoice c = ParseSummary(op.Str("summary"));
    const uint64_t seed = Seed(op);
    if (c.type == SummaryChoice::kAos) {
      if (!AosAvailable(op, "deserialize")) return StepEnd::kContinue;
#if DSC_CPP_HAVE_TUPLE_ARRAY_OF_STRINGS
      Put(op.sketch, AosCompact::deserialize(image->data(), image->size(), seed));
#endif
    } else if (c.type == SummaryChoice::kAod) Put(op.sketch, AodCompact::deserialize(image->data(), image->size(), seed));
    else if (c.type == SummaryChoice::kDouble)
      Put(op.sketch, DoubleSum::Compact::deserialize(image->data(), image->size(), seed));
    else Put(op.sketch, IntSum::Compact::deserialize(image->data(), image->size(), seed));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> QueryStep(const Op& op, const StepContext& ctx) {
    auto slot = Any(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = op.Str("as", op.sketch) + ".";
    for (const std::string& q : op.StrList("queries")) {
      std::optional<Value> v;
      std::visit(
          [&](auto& s) {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, DoubleSum::Intersection> || std::is_same_v<T, DoubleMode::Intersection> ||
                          std::is_same_v<T, IntSum::Intersection> || std::is_same_v<T, IntMode::Intersection> ||
                          std::is_same_v<T, AodIntersection> || std::is_same_v<T, AosIntersection>) {
              if (q == "has_result") v = Value::Bool(s.has_result());
            } else if constexpr (std::is_same_v<T, update_theta_sketch>) {
              if (q == "estimate") v = Value::Double(s.get_estimate());
            } else if constexpr (kIsTupleSketch<T>) {
              v = Query(s, q);
            }
          },
          **slot);
      if (!v) return BadStep(stage_, ctx, absl::StrCat("queries: '", q, "' is not a query of slot '", op.sketch, "'"));
      out_->Add(prefix + q, std::move(*v));
    }
    return StepEnd::kContinue;
  }

  template <typename S>
  static std::optional<Value> Query(const S& s, const std::string& q) {
    if (q == "estimate") return Value::Double(s.get_estimate());
    if (q.size() == 3 && (q[0] == 'l' || q[0] == 'u') && q[1] == 'b' && q[2] >= '1' && q[2] <= '3') {
      const uint8_t sd = static_cast<uint8_t>(q[2] - '0');
      return Value::Double(q[0] == 'l' ? s.get_lower_bound(sd) : s.get_upper_bound(sd));
    }
    if (q == "theta") return Value::Double(s.get_theta());
    if (q == "theta_long") return Value::Int(static_cast<int64_t>(s.get_theta64()));
    if (q == "retained") return Value::Int(s.get_num_retained());
    if (q == "is_empty") return Value::Bool(s.is_empty());
    if (q == "is_estimation_mode") return Value::Bool(s.is_estimation_mode());
    if (q == "summaries") return Value::String(Summaries(s));
    if constexpr (kIsUpdate<S>) {
      if (q == "lg_k") return Value::Int(s.get_lg_k());
    }
    return std::nullopt;
  }

  // --- slots and arguments

  template <typename T>
  void Put(const std::string& name, T&& value) {
    slots_.insert_or_assign(name, Slot(std::forward<T>(value)));
  }

  absl::StatusOr<Slot*> Any(const std::string& name, const StepContext& ctx) {
    return FindSlot(slots_, name, stage_, ctx);
  }

  static uint8_t NumValues(const Op& op) { return static_cast<uint8_t>(op.Int("num_values", 1)); }

  // False, and the slot unsupported, where the tree has no array-of-strings sketch.
  bool AosAvailable(const Op& op, const char* step) {
    if (kHaveAos) return true;
    out_->Add(absl::StrCat(op.sketch, ".", step),
              Value::Unsupported("this datasketches-cpp has no array-of-strings tuple sketch (array_of_strings_sketch.hpp, "
                                 "master after 5.2.0)"));
    unsupported_slots_.insert(op.sketch);
    return false;
  }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
  std::set<std::string> unsupported_slots_;
  std::map<std::string, Mode> modes_;  // a set operation's summary mode
  std::map<std::string, uint8_t> aos_strings_;  // an aos update sketch's strings per key
};

}  // namespace

namespace cpp_adapters {

std::unique_ptr<CppFamilyAdapter> tuple() {
  std::vector<std::string> lacks;
  if (!kHaveAos)
    lacks.push_back("summary=aos (create, union, intersection, deserialize): no array_of_strings_sketch.hpp "
                    "(master after 5.2.0)");
  return std::make_unique<StageObjectAdapter<TupleStage>>(
      "tuple",
      std::vector<std::string>{"create", "create_theta", "union", "intersection", "update", "merge", "result", "compact",
                               "a_not_b", "jaccard", "serialize", "deserialize", "query"},
      std::move(lacks));
}

}  // namespace cpp_adapters

}  // namespace dsconform
