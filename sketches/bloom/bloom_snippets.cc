// The walk over a Bloom filter case's steps that writes both repro programs; the
// languages differ in their dialect (bloom_java_snippet.cc, bloom_cpp_snippet.cc).
#include "sketches/bloom/bloom_snippets.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/bloom/bloom_snippet_dialect.h"

namespace dsconform {
namespace {

class BloomSteps final : public SnippetSteps<BloomSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    const std::string& s = op.op;
    const SnippetLanguage& lang = w_.language();
    if (s == "create") {
      const std::string seed = lang.seed_literal(static_cast<uint64_t>(op.Int("seed")));
      if (op.Str("by") == "size") {
        w_.Line(absl::Substitute(d_.create_by_size, w_.Declare(op.sketch), lang.long_literal(op.Int("num_bits")),
                                 op.Int("num_hashes"), seed));
      } else {
        w_.Line(absl::Substitute(d_.create_by_accuracy, w_.Declare(op.sketch), lang.long_literal(op.Int("max_items")),
                                 lang.double_value(op.Str("fpp")), seed));
      }
    } else if (s == "update") {
      if (!op.items) return;
      const std::string target = w_.Var(op.sketch);
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(d_.update, target, item); });
    } else if (s == "query_items" || s == "query_and_update") {
      if (!op.items) return;
      const std::string target = w_.Var(op.sketch);
      const std::string as = op.Str("as", op.sketch);
      const std::string bitmap = w_.NewVariable(absl::StrCat(as, ".answers"));
      const std::string present = w_.NewVariable(absl::StrCat(as, ".present"));
      w_.Line(absl::Substitute(d_.answers, bitmap, lang.long_literal(op.items->count), present));
      const char* ask = s == "query_items" ? d_.query : d_.query_and_update;
      w_.UpdateLoop(*op.items, [&](const std::string& item) {
        return absl::Substitute(d_.answer, bitmap, present, absl::Substitute(ask, target, item));
      });
      w_.PrintImage(absl::StrCat(as, ".answers"), bitmap);
      w_.Print(SnippetValue::kInt, absl::StrCat(as, ".present"), present);
      w_.Print(SnippetValue::kInt, absl::StrCat(as, ".absent"),
               absl::StrCat(lang.long_literal(op.items->count), " - ", present));
    } else if (s == "union" || s == "intersect") {
      w_.Line(absl::Substitute(s == "union" ? d_.union_with : d_.intersect, w_.Var(op.sketch), w_.Var(op.Str("from"))));
    } else if (s == "invert" || s == "reset") {
      w_.Line(absl::Substitute(s == "invert" ? d_.invert : d_.reset, w_.Var(op.sketch)));
    } else if (s == "compatible") {
      w_.Print(SnippetValue::kBool, op.Str("as"), absl::Substitute(d_.compatible, w_.Var(op.sketch), w_.Var(op.Str("with"))));
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form"));
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(d_.serialize, image, w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "deserialize") {
      const std::string name = op.Str("image");
      const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
      if (image.empty()) return;
      const std::string mode = op.Str("mode");
      if (mode == "heapify") {
        w_.Line(absl::Substitute(d_.heapify, w_.Declare(op.sketch), image));
      } else {
        // A copy the filter wraps (and, writable, changes), as the engines give it.
        const std::string memory = w_.NewVariable(absl::StrCat(op.sketch, "_memory"));
        w_.Line(absl::Substitute(mode == "wrap" ? d_.wrap : d_.writable_wrap, w_.Declare(op.sketch), image, memory));
      }
    } else if (s == "suggest") {
      const std::string as = op.Str("as");
      const std::string items = lang.long_literal(op.Int("max_items"));
      const std::string fpp = lang.double_value(op.Str("fpp"));
      const std::string bits = lang.long_literal(op.Int("num_bits"));
      w_.Print(SnippetValue::kInt, absl::StrCat(as, ".num_bits"), absl::Substitute(d_.suggest_num_bits, items, fpp, bits));
      w_.Print(SnippetValue::kInt, absl::StrCat(as, ".num_hashes_by_fpp"),
               absl::Substitute(d_.suggest_hashes_by_fpp, items, fpp, bits));
      w_.Print(SnippetValue::kInt, absl::StrCat(as, ".num_hashes_by_size"),
               absl::Substitute(d_.suggest_hashes_by_size, items, fpp, bits));
      w_.Print(SnippetValue::kInt, absl::StrCat(as, ".serialized_size"),
               absl::Substitute(d_.serialized_size_of_bits, items, fpp, bits));
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a Bloom filter step"));
    }
  }

  void Query(const Op& op) {
    struct Row {
      const char* name;
      const char* BloomSnippetDialect::*call;
      SnippetValue value;
    };
    static constexpr Row kRows[] = {
        {"bits_used", &BloomSnippetDialect::bits_used, SnippetValue::kInt},
        {"capacity", &BloomSnippetDialect::capacity, SnippetValue::kInt},
        {"num_hashes", &BloomSnippetDialect::num_hashes, SnippetValue::kInt},
        {"seed", &BloomSnippetDialect::seed, SnippetValue::kInt},
        {"is_empty", &BloomSnippetDialect::is_empty, SnippetValue::kBool},
        {"serialized_size", &BloomSnippetDialect::serialized_size, SnippetValue::kInt},
        {"to_string", &BloomSnippetDialect::to_string, SnippetValue::kString},
    };
    const std::string target = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      bool known = false;
      for (const Row& row : kRows) {
        if (q != row.name) continue;
        known = true;
        const char* call = d_.*row.call;
        if (call == nullptr) {
          w_.PrintUnsupported(field, "a native-only observation");
        } else {
          w_.Print(row.value, field, absl::Substitute(call, target));
        }
      }
      if (!known) w_.Comment(absl::StrCat("unknown query '", q, "'"));
    }
  }
};

}  // namespace

std::string BloomJavaSnippet(const Case& c) { return BloomSteps(c, JavaBloomDialect()).Write(); }
std::string BloomCppSnippet(const Case& c) { return BloomSteps(c, CppBloomDialect()).Write(); }

}  // namespace dsconform
