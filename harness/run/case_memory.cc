#include "harness/run/case_memory.h"

#include <algorithm>
#include <set>
#include <string>

namespace dsconform {
namespace {

// Bytes an item takes where a sketch or an engine keeps it: a number's own eight, a string's
// characters and the object or header around them (a Java String is some 48 bytes).
int64_t BytesPerItem(const ItemStream& s) {
  return s.kind() == ItemKind::kLong || s.kind() == ItemKind::kDouble ? 8 : 48;
}

struct StageSize {
  double state = 0;    // its slots
  double images = 0;   // the images it writes
  double largest = 0;  // its largest slot
};

// One stage's steps; it reads `read` bytes of images it did not write, `read_largest` the largest.
StageSize SizeStage(const std::vector<Op>& ops, const StepVocabulary* vocabulary, double read, double read_largest) {
  int64_t items = 0, item_bytes = 8;
  for (const Op& op : ops)
    if (op.items) {
      items += op.items->count;
      item_bytes = std::max(item_bytes, BytesPerItem(*op.items));
    }
  const double given = static_cast<double>(items) * static_cast<double>(item_bytes);
  StageSize size;
  size.largest = read_largest;
  int64_t derived = 0, images = 0;
  std::set<std::string> made;
  for (const Op& op : ops) {
    if (op.op == "serialize") ++images;
    if (vocabulary != nullptr ? vocabulary->KindMadeBy(op).empty() : !made.insert(op.sketch).second) continue;
    const auto capacity = vocabulary != nullptr ? vocabulary->CapacityOf(op) : std::nullopt;
    if (!capacity) {
      ++derived;
      continue;
    }
    const double bytes = capacity->items * static_cast<double>(item_bytes);
    const double held = capacity->allocated ? bytes : std::min(bytes, given);
    size.state += held;
    size.largest = std::max(size.largest, held);
  }
  // Slots made from others, and a stage whose steps state no capacity: as large as the largest,
  // or every item of the stage.
  if (size.largest == 0) size.largest = given;
  size.state += static_cast<double>(derived) * size.largest + read;
  size.images = static_cast<double>(images) * size.largest;
  return size;
}

int64_t Bytes(double d) { return static_cast<int64_t>(std::min(d, 9.0e18)); }

}  // namespace

int64_t CaseMemory::Total(int engines) const {
  const double e = std::max(1, engines);
  const double first = static_cast<double>(first_state + first_images);
  const double cross = static_cast<double>(cross_state + cross_images) + e * static_cast<double>(cross_read);
  const double harness = e * static_cast<double>(first_images + cross_read) + e * e * static_cast<double>(cross_images);
  return Bytes(static_cast<double>(tape_bytes) + e * std::max(first, cross) + harness);
}

CaseMemory EstimateCaseMemory(const Case& c, const StepVocabulary* vocabulary) {
  CaseMemory m;
  double tape = 0, inputs = 0, largest_input = 0;
  for (const auto* ops : {&c.ops, c.cross ? &c.cross->ops : nullptr})
    if (ops != nullptr)
      for (const Op& op : *ops)
        if (op.items) tape += static_cast<double>(op.items->count) * static_cast<double>(BytesPerItem(*op.items));
  for (const auto& [name, hex] : c.inputs) {
    inputs += static_cast<double>(hex.size() / 2);
    largest_input = std::max(largest_input, static_cast<double>(hex.size() / 2));
  }
  m.tape_bytes = Bytes(tape);
  const StageSize first = SizeStage(c.ops, vocabulary, inputs, largest_input);
  m.first_state = Bytes(first.state);
  m.first_images = Bytes(first.images);
  if (c.cross) {
    // It reads images the first stage wrote, each no larger than its largest slot.
    const double read = static_cast<double>(c.cross->images.size()) * first.largest;
    const StageSize cross = SizeStage(c.cross->ops, vocabulary, 0, first.largest);
    m.cross_state = Bytes(cross.state);
    m.cross_read = Bytes(read);
    m.cross_images = Bytes(cross.images);
  }
  return m;
}

}  // namespace dsconform
