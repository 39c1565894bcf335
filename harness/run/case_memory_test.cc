#include "harness/run/case_memory.h"

#include "gtest/gtest.h"
#include "harness/run/memory_budget.h"

namespace dsconform {
namespace {

// A family of two steps: `create` holds up to 2^lg_k items as it takes them, `filter` is
// allocated whole (bits / 64 words) when it is made; `result` is made from another slot.
constexpr const char* kVocabulary = R"({
  "family": "toy", "slot_kinds": {"sketch": null, "filter": null},
  "steps": [
    {"step": "create", "makes": "sketch", "members": {"lg_k": {"type": "int", "min": 4, "max": 26}},
     "holds": {"per": 2, "of": ["lg_k"]}},
    {"step": "filter", "makes": "filter", "members": {"bits": {"type": "int", "min": 1}},
     "holds": [{"per": 0.015625, "of": ["bits"], "allocated": true, "refused_from": 1073741824}]},
    {"step": "update", "on": ["sketch", "filter"], "items": true},
    {"step": "result", "makes": "sketch", "members": {"from": {"type": "slot", "of": ["sketch"]}}},
    {"step": "merge", "on": ["sketch"], "members": {"from": {"type": "slot", "of": ["sketch"]}}},
    {"step": "deserialize", "makes": "sketch", "members": {"image": {"type": "image"}}},
    {"step": "union", "makes": "sketch", "members": {"lg_k": {"type": "int", "min": 4, "max": 26}},
     "holds": {"per": 8, "of": ["lg_k"], "room": true}},
    {"step": "create_values", "makes": "sketch",
     "members": {"lg_k": {"type": "int", "min": 4, "max": 26}, "num_values": {"type": "int", "min": 1, "optional": true}},
     "holds": [{"per": 2, "of": ["lg_k"], "carries": "num_values"}, {"per": 2, "of": ["lg_k"]}]},
    {"step": "serialize", "on": ["sketch", "filter"]}
  ]})";

const StepVocabulary& Toy() {
  static const StepVocabulary& v = StepVocabulary::Compiled(kVocabulary);
  return v;
}

Op Make(const std::string& step, const std::string& slot, nlohmann::ordered_json args) {
  Op op;
  op.op = step;
  op.sketch = slot;
  op.args = std::move(args);
  return op;
}

Op Update(const std::string& slot, int64_t count, ItemGenerator generator = ItemGenerator::kSequence) {
  Op op = Make("update", slot, nlohmann::ordered_json::object());
  op.items = ItemStream{generator, 0, 0, count};
  return op;
}

TEST(CaseMemory, AGrowingSlotHoldsItsItemsUpToItsCapacity) {
  Case few;
  few.ops = {Make("create", "a", {{"lg_k", 10}}), Update("a", 100), Make("serialize", "a", nlohmann::ordered_json::object())};
  CaseMemory m = EstimateCaseMemory(few, &Toy());
  EXPECT_EQ(m.tape_bytes, 800);
  EXPECT_EQ(m.first_state, 800);
  EXPECT_EQ(m.first_images, 800);
  EXPECT_EQ(m.cross_read, 0);

  Case many = few;
  many.ops[1] = Update("a", 1 << 20);
  m = EstimateCaseMemory(many, &Toy());
  EXPECT_EQ(m.tape_bytes, 8 << 20);
  EXPECT_EQ(m.first_state, (2 << 10) * 8);  // its capacity, 2 * 2^10 items of 8 bytes
  EXPECT_EQ(m.first_images, (2 << 10) * 8);
}

TEST(CaseMemory, ItemsThatCarryValuesWeighAsManyItemsMore) {
  Case c;
  const auto empty = nlohmann::ordered_json::object();
  c.ops = {Make("create_values", "a", {{"lg_k", 10}, {"num_values", 3}}), Update("a", 100),
           Make("result", "r", {{"from", "a"}}), Make("serialize", "r", empty)};
  CaseMemory m = EstimateCaseMemory(c, &Toy());
  EXPECT_EQ(m.first_state, 2 * 100 * 8 * 4);  // each item with its 3 values, in a and in r
  EXPECT_EQ(m.first_images, 100 * 8 * 4);
  c.ops[1] = Update("a", 1 << 20);
  EXPECT_EQ(EstimateCaseMemory(c, &Toy()).first_images, (2 << 10) * 8 * 4);  // up to 2 * 2^10 items with theirs
  c.ops[0] = Make("create_values", "a", {{"lg_k", 10}});  // no num_values: the next alternative
  c.ops[1] = Update("a", 100);
  EXPECT_EQ(EstimateCaseMemory(c, &Toy()).first_images, 100 * 8);
}

TEST(CaseMemory, AnAllocatedSlotHoldsItsCapacityWhateverItTakes) {
  Case c;
  c.ops = {Make("filter", "f", {{"bits", 1 << 26}}), Update("f", 10)};
  EXPECT_EQ(EstimateCaseMemory(c, &Toy()).first_state, (1 << 26) / 8);
  c.ops[0] = Make("filter", "f", {{"bits", int64_t{1} << 36}});  // 2^30 words: the library refuses it
  EXPECT_EQ(EstimateCaseMemory(c, &Toy()).first_state, 0);
}

TEST(CaseMemory, ASlotMadeFromAnotherIsAsLargeAndStringsWeighMoreInMemoryThanInImages) {
  Case c;
  c.ops = {Make("create", "a", {{"lg_k", 4}}), Update("a", 1000, ItemGenerator::kAsciiStrings),
           Make("result", "r", {{"from", "a"}}), Make("serialize", "r", nlohmann::ordered_json::object())};
  const CaseMemory m = EstimateCaseMemory(c, &Toy());
  EXPECT_EQ(m.first_state, 2 * 32 * 48);  // 32 items of 48 bytes, twice
  EXPECT_EQ(m.first_images, 32 * 24);     // their length and characters
}

TEST(CaseMemory, ReadersHoldOneWritersImagesAndTheHarnessTwoAnswersAtATime) {
  Case c;
  c.ops = {Make("create", "a", {{"lg_k", 10}}), Update("a", 100), Make("serialize", "a", nlohmann::ordered_json::object())};
  c.cross = CrossStage{{"a.compact"}, {Make("result", "b", {{"from", "a"}}),
                                       Make("serialize", "b", nlohmann::ordered_json::object())}};
  const CaseMemory m = EstimateCaseMemory(c, &Toy());
  EXPECT_EQ(m.cross_read, 800);
  EXPECT_EQ(m.cross_state, 800);
  EXPECT_EQ(m.cross_images, 800);
  EXPECT_EQ(m.largest_image, 800);
  // The native engine, a Java and an out-of-process one: the harness keeps the tape, the 3
  // writers' images and two answers at a time; the native engine beside them its slots and the
  // image it is writing (what it writes is its answer, what it reads the harness's copy).
  EXPECT_EQ(m.Held(EngineMix{1, 1, 1}).native, 800 + (800 + 800) + 3 * 800 + 2 * 800);
  // The Java engines' slots and images in the Java heap (with each answer's buffer) or in their
  // own processes: this process keeps the tape and the answers.
  EXPECT_EQ(m.Held(EngineMix{0, 2, 1}).native, 800 + 3 * 800 + 2 * 800);
  // Records made beside the engines keep a third answer (record_lane.h); one engine, its own alone.
  EXPECT_EQ(m.Held(EngineMix{0, 2, 1}, kMostAnswersKept).native, 800 + 3 * 800 + 3 * 800);
  EXPECT_EQ(m.Held(EngineMix{1, 0, 0}, kMostAnswersKept).native, m.Held(EngineMix{1, 0, 0}).native);
  EXPECT_EQ(m.Held(EngineMix{0, 2, 1}).java, 2400 + 800);  // one Java engine's at a time
  EXPECT_EQ(m.Held(EngineMix{1, 0, 0}).native, 800 + 1600 + 800 + 800);  // one engine: its own answer
  EXPECT_EQ(m.Parts(EngineMix{1, 1, 0}),
            "items 0, the native engine's slots 0, a Java engine's slots and images 0, answers the harness keeps 0");
}

TEST(CaseMemory, AnEngineWritesItsImagesIntoItsAnswerOneAtATime) {
  Case c;
  const auto empty = nlohmann::ordered_json::object();
  c.ops = {Make("create", "a", {{"lg_k", 10}}), Update("a", 100), Make("serialize", "a", empty),
           Make("create", "b", {{"lg_k", 10}}), Update("b", 50), Make("serialize", "b", empty)};
  const CaseMemory m = EstimateCaseMemory(c, &Toy());
  EXPECT_EQ(m.first_images, 800 + 400);
  EXPECT_EQ(m.largest_image, 800);
  EXPECT_EQ(m.first_state, 800);  // a is let go before b is made
  // The native engine: the tape, its slots and the image it is writing; its answer is the harness's.
  EXPECT_EQ(m.Held(EngineMix{1, 0, 0}).native, 1200 + (800 + 800) + 1200);
  // A Java engine: its slots, its answer's chunks and the library's copy of one image.
  EXPECT_EQ(m.Held(EngineMix{0, 1, 0}).java, 800 + 1200 + 800);
}

TEST(CaseMemory, EachSlotHoldsWhatItIsGivenAndWhatItMergesNotTheLargest) {
  Case c;
  const auto empty = nlohmann::ordered_json::object();
  c.ops = {Make("create", "a", {{"lg_k", 10}}), Update("a", 100),           // 800 bytes
           Make("create", "b", {{"lg_k", 10}}), Update("b", 1000),          // 8000
           Make("merge", "a", {{"from", "b"}}),                             // a: 8800
           Make("create", "c", {{"lg_k", 10}}), Update("c", 10),            // 80
           Make("serialize", "c", empty), Make("serialize", "a", empty)};   // images of 80 and 8800
  const CaseMemory m = EstimateCaseMemory(c, &Toy());
  EXPECT_EQ(m.first_state, 8800 + 8000);  // b goes once merged, before c is made
  EXPECT_EQ(m.first_images, 80 + 8800);
}

TEST(CaseMemory, ASlotNoLaterStepNamesIsLetGo) {
  // Two slots made per trial, each read once: the stage holds one trial's at a time.
  Case c;
  c.ops = {Make("create", "a", {{"lg_k", 10}}), Update("a", 100)};  // 800 bytes
  for (const std::string trial : {"1", "2", "3", "4"}) {
    c.ops.push_back(Make("result", "u" + trial, {{"from", "a"}}));
    c.ops.push_back(Make("result", "r" + trial, {{"from", "u" + trial}}));
    c.ops.push_back(Make("serialize", "r" + trial, nlohmann::ordered_json::object()));
  }
  const CaseMemory m = EstimateCaseMemory(c, &Toy());
  EXPECT_EQ(m.first_state, 3 * 800);  // a, u<i> and r<i>, not every trial's
  EXPECT_EQ(m.first_images, 4 * 800);
}

TEST(CaseMemory, ASlotsWorkingRoomCountsWhereItIsButNotInWhatIsMadeFromIt) {
  Case c;
  const auto empty = nlohmann::ordered_json::object();
  c.ops = {Make("create", "a", {{"lg_k", 10}}), Update("a", 100),  // 800 bytes
           Make("union", "u", {{"lg_k", 10}}), Make("merge", "u", {{"from", "a"}}),
           Make("result", "r", {{"from", "u"}}), Make("serialize", "r", empty)};
  const CaseMemory m = EstimateCaseMemory(c, &Toy());
  EXPECT_EQ(m.first_state, 8 * 1024 * 8 + 800);  // u's room of 8 * 2^10 items, and a, then r
  EXPECT_EQ(m.first_images, 800);
}

TEST(CaseMemory, ASlotReadFromAnImageHoldsNoMoreThanTheSlotsThatWriteImages) {
  Case c;
  const auto empty = nlohmann::ordered_json::object();
  c.ops = {Make("create", "a", {{"lg_k", 10}}), Update("a", 100), Make("serialize", "a", empty)};
  c.cross = CrossStage{{"a.compact"}, {Make("deserialize", "b", {{"image", "a.compact"}}), Update("b", 1 << 20),
                                       Make("serialize", "b", empty)}};
  const CaseMemory m = EstimateCaseMemory(c, &Toy());
  EXPECT_EQ(m.cross_state, (2 << 10) * 8);  // the image's 800 bytes, then a's capacity, not 8 MiB
  EXPECT_EQ(m.cross_images, (2 << 10) * 8);
}

TEST(CaseMemory, WithoutItsFamilyEverySlotHoldsEveryItem) {
  Case c;
  c.ops = {Make("create", "a", {{"lg_k", 4}}), Update("a", 1000), Make("create", "b", {{"lg_k", 4}})};
  EXPECT_EQ(EstimateCaseMemory(c, nullptr).first_state, 2 * 8000);
}

TEST(MemoryBudget, AQuarterOfTheMachineAndAtMostFourGiB) {
  EXPECT_EQ(DefaultMemoryBudget(int64_t{24} << 30), int64_t{4} << 30);
  EXPECT_EQ(DefaultMemoryBudget(int64_t{12} << 30), int64_t{3} << 30);
  EXPECT_EQ(DefaultMemoryBudget(int64_t{4} << 30), int64_t{1} << 30);
  EXPECT_EQ(DefaultMemoryBudget(0), int64_t{4} << 30);
  EXPECT_EQ(JavaHeapBytes(int64_t{3} << 30), int64_t{1} << 30);
  EXPECT_EQ(CasesBytes(int64_t{3} << 30), int64_t{1600} << 20);  // beside the heap, 256 of tapes, 192 of runtimes
  EXPECT_EQ(JavaHeapBytes(int64_t{100} << 20), int64_t{256} << 20);
  EXPECT_EQ(CasesBytes(int64_t{100} << 20), int64_t{25} << 20);
  EXPECT_EQ(EngineProcessRetireMib(int64_t{3} << 30), 384);
  EXPECT_EQ(EngineProcessRetireMib(int64_t{640} << 20), 256);
  EXPECT_GT(PhysicalMemoryBytes(), 0);
}

}  // namespace
}  // namespace dsconform
