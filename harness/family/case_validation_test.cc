#include "harness/family/case_validation.h"

#include "gtest/gtest.h"
#include "sketches/compiled_families.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

CaseBuilder Base() {
  return std::move(CaseBuilder("hll/t", "hll.t", "hll").Step("create", "a", {{"lg_k", 12}, {"type", "HLL_4"}}));
}

std::string Error(const Case& c) { return std::string(ValidateCase(c, CompiledFamilies()).message()); }

TEST(CaseValidation, AcceptsAWellFormedCase) {
  Case c = Base().Update("a", Sequence(0, 10)).Step("serialize", "a", {{"form", "compact"}})
               .Step("deserialize", "b", {{"image", "a.compact"}, {"mode", "heapify"}})
               .Step("query", "b", {{"queries", {"estimate", "lb2"}}}).Build();
  EXPECT_TRUE(ValidateCase(c, CompiledFamilies()).ok()) << ValidateCase(c, CompiledFamilies());
}

TEST(CaseValidation, LgKOutOfRangeNamesCaseAndPath) {
  Case c = CaseBuilder("hll/t", "s", "hll").Step("create", "a", {{"lg_k", 22}, {"type", "HLL_4"}}).Build();
  EXPECT_EQ(Error(c), "case hll/t: /ops/0: lg_k: must be in 4..21, got 22");
  c.ops[0].args["lg_k"] = 3;
  EXPECT_EQ(Error(c), "case hll/t: /ops/0: lg_k: must be in 4..21, got 3");
}

TEST(CaseValidation, RejectsUnknownStepsMembersAndTypes) {
  EXPECT_NE(Error(Base().Step("frobnicate", "a").Build()).find("/ops/1/op: unknown step 'frobnicate'"), std::string::npos);
  EXPECT_NE(Error(Base().Step("reset", "a", {{"colour", 1}}).Build()).find("colour: unknown field"), std::string::npos);
  EXPECT_NE(Error(Base().Step("convert", "b", {{"from", "a"}, {"type", "HLL_5"}}).Build()).find("type: must be one of"),
            std::string::npos);
  EXPECT_NE(Error(Base().Step("query", "a", {{"queries", {"estimate", "median"}}}).Build()).find("unknown query 'median'"),
            std::string::npos);
  // A family no build has (bloom, the example here before, is one now).
  EXPECT_NE(Error(CaseBuilder("x", "s", "no_such_family").Step("create", "a").Build())
                .find("unknown family 'no_such_family' (known: hll"),
            std::string::npos);
}

TEST(CaseValidation, SlotsAndImagesMustExistBeforeUse) {
  EXPECT_NE(Error(Base().Step("reset", "z").Build()).find("slot 'z' is used before it is created"), std::string::npos);
  EXPECT_NE(Error(Base().Step("deserialize", "b", {{"image", "a.compact"}, {"mode", "heapify"}}).Build())
                .find("no image named 'a.compact'"),
            std::string::npos);
  EXPECT_NE(Error(Base().Step("union", "u", {{"lg_max_k", 12}}).Step("merge", "a", {{"from", "u"}, {"how", "copy"}}).Build())
                .find("'a' is a sketch, this step needs a union"),
            std::string::npos);
  EXPECT_NE(Error(Base().Step("union", "u", {{"lg_max_k", 12}}).Step("query", "u", {{"queries", {"type"}}}).Build())
                .find("'type' is not defined on a union"),
            std::string::npos);
}

TEST(CaseValidation, EveryObservationNameIsProducedOnce) {
  Case twice = Base().Step("query", "a", {{"queries", {"estimate"}}}).Step("query", "a", {{"queries", {"estimate"}}}).Build();
  EXPECT_NE(Error(twice).find("produces the field 'a.estimate' a second time"), std::string::npos);
  Case named = Base().Step("query", "a", {{"queries", {"estimate"}}})
                   .Step("query", "a", {{"queries", {"estimate"}}, {"as", "a.later"}}).Build();
  EXPECT_TRUE(ValidateCase(named, CompiledFamilies()).ok());
}

// A query answered on a grid needs the grid, with a value in it.
TEST(CaseValidation, AGridQueryNeedsItsGrid) {
  auto kll = [](const nlohmann::ordered_json& args) {
    return CaseBuilder("kll/t", "kll.t", "kll").Step("create", "a", {{"k", 200}, {"item", "double"}})
        .Step("query", "a", args).Build();
  };
  EXPECT_NE(Error(kll({{"queries", {"quantiles"}}})).find("/ops/1: ranks: the query 'quantiles' needs ranks"),
            std::string::npos) << Error(kll({{"queries", {"quantiles"}}}));
  EXPECT_NE(Error(kll({{"queries", {"n", "ranks"}}, {"points", nlohmann::ordered_json::array()}}))
                .find("points: the query 'ranks' needs points"),
            std::string::npos);
  EXPECT_TRUE(ValidateCase(kll({{"queries", {"quantiles"}}, {"ranks", {"0.5"}}}), CompiledFamilies()).ok());
}

// A truth member is read by the family's kind that carries it; the core knows none by name.
TEST(CaseValidation, TruthEntriesAreReadByTheFamilysKindsOfTruth) {
  const nlohmann::ordered_json entry = {{"of", "a"}, {"distinct", 10}};
  EXPECT_TRUE(ValidateCase(Base().AddTruth("truth", entry).Build(), CompiledFamilies()).ok());
  EXPECT_EQ(Error(Base().AddTruth("truth", {{"of", "a"}, {"distinct", -1}}).Build()),
            "case hll/t: /truth/0/distinct: must not be negative");
  EXPECT_EQ(Error(Base().AddTruth("rank_truth", entry).Build()),
            "case hll/t: /rank_truth: unknown field: no kind of truth of family hll (its kinds' members: truth)");
  Case kll = CaseBuilder("kll/t", "kll.t", "kll").Step("create", "a", {{"k", 8}, {"item", "long"}}).Build();
  kll.truth["truth"] = nlohmann::ordered_json::array({entry});
  EXPECT_EQ(Error(kll),
            "case kll/t: /truth: unknown field: no kind of truth of family kll (its kinds' members: rank_truth)");
}

TEST(CaseValidation, UpdateNeedsItemsAndOnlyUpdateTakesThem) {
  EXPECT_NE(Error(Base().Step("update", "a").Build()).find("/ops/1/items: missing"), std::string::npos);
}

}  // namespace
}  // namespace dsconform
