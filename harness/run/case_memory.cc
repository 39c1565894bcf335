#include "harness/run/case_memory.h"

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/case/slot_lifetimes.h"

namespace dsconform {
namespace {

// Bytes an item takes where a sketch or an engine keeps it: a number's own eight, a string's
// characters and the object or header around them (a Java String is some 48 bytes).
int64_t BytesPerItem(const ItemStream& s) {
  return s.kind() == ItemKind::kLong || s.kind() == ItemKind::kDouble ? 8 : 48;
}

// What an item of that size in memory takes in an image: a number its eight bytes, a string its
// length and characters (the generators' strings are at most some 20 bytes long).
double ImageBytesPerItem(int64_t bytes_per_item) { return bytes_per_item == 8 ? 8 : 24; }

struct StageSize {
  double state = 0;             // its slots
  double images = 0;            // the images it writes
  double largest_image = 0;     // the largest image it writes or reads
  double largest_capacity = 0;  // the largest capacity its steps state (0: none)
};

// What a step reads besides its own slot, by the members its vocabulary types: other slots (a
// merge's source, a copy's original) and whether an image.
struct StepReads {
  std::vector<std::string> slots;
  bool image = false;
};

StepReads ReadsOf(const Op& op, const StepVocabulary& vocabulary) {
  StepReads reads;
  const StepSpec* step = vocabulary.FindStep(op.op);
  if (step == nullptr) return reads;
  for (const MemberSpec& member : step->members) {
    if (member.type == "image" && op.args.contains(member.name)) reads.image = true;
    if (member.type != "slot") continue;
    auto it = op.args.find(member.name);
    if (it == op.args.end()) continue;
    if (it->is_string()) reads.slots.push_back(it->get<std::string>());
    if (it->is_array())
      for (const auto& s : *it)
        if (s.is_string()) reads.slots.push_back(s.get<std::string>());
  }
  return reads;
}

// One stage's steps, followed slot by slot: a slot holds the items given to it (with the values
// they carry) and what it takes from other slots, up to its capacity; a slot made from others (a
// result, a copy) holds what they hold, and can hold as much as the largest of them; one made from
// an image holds what the largest image before it holds, and can hold as much as the largest
// capacity before it; any other only what it is then given. An image is as large as its slot's
// items are in an image. The engines let go of a slot once no later step names it
// (SlotsDoneAfter), so the stage holds at most what its live slots hold at once, a slot made anew
// beside the one it replaces. The stage reads `read` bytes of images it did not write,
// `read_largest` the largest, made by slots of up to `read_capacity` (0: not known).
StageSize SizeStage(const std::vector<Op>& ops, const StepVocabulary& vocabulary, double read, double read_largest,
                    double read_capacity) {
  constexpr double kUnbounded = std::numeric_limits<double>::infinity();
  int64_t item_bytes = 8;
  for (const Op& op : ops)
    if (op.items) item_bytes = std::max(item_bytes, BytesPerItem(*op.items));
  struct Slot {
    double held = 0, capacity = kUnbounded;
    double room = 0;    // the library's working room, beside what it holds
    double weight = 1;  // what an item it is given weighs in it, in items (HoldsSpec::carries)
    double now() const { return std::max(held, room); }
  };
  std::map<std::string, Slot> slots;
  const std::vector<std::vector<std::string>> done_after = SlotsDoneAfter(ops);
  StageSize size;
  double live = 0, peak = 0;  // what the live slots hold, now and at most
  double largest_image = read_largest;
  double largest_capacity = read_capacity;
  auto hold = [&](Slot& s, double bytes) {
    live -= s.now();
    s.held = std::min(s.capacity, bytes);
    live += s.now();
    peak = std::max(peak, live);
  };
  for (size_t i = 0; i < ops.size(); ++i) {
    const Op& op = ops[i];
    const StepReads reads = ReadsOf(op, vocabulary);
    double from_sources = 0, sources_capacity = 0;
    for (const std::string& source : reads.slots) {
      auto it = slots.find(source);
      from_sources += it != slots.end() ? it->second.held : largest_image;
      sources_capacity = std::max(sources_capacity, it != slots.end() ? it->second.capacity : kUnbounded);
    }
    const bool makes = !vocabulary.KindMadeBy(op).empty();
    if (makes) {
      Slot& s = slots[op.sketch];
      const double replaced = s.now();  // until the new one is made
      s = Slot{};
      if (const auto capacity = vocabulary.CapacityOf(op)) {
        s.weight = capacity->weight;
        s.capacity = capacity->items * capacity->weight * static_cast<double>(item_bytes);
        if (capacity->room) s.room = s.capacity;
        live += s.room;
        largest_capacity = std::max(largest_capacity, s.capacity);
        hold(s, capacity->allocated ? s.capacity : from_sources);
      } else {
        double bound = sources_capacity;
        if (reads.image) bound = std::max(bound, largest_capacity > 0 ? largest_capacity : kUnbounded);
        if (bound > 0) s.capacity = bound;
        hold(s, from_sources + (reads.image ? largest_image : 0));
      }
      live -= replaced;
    } else if (from_sources > 0) {
      Slot& s = slots[op.sketch];
      hold(s, s.held + from_sources);
    }
    if (op.items) {
      Slot& s = slots[op.sketch];
      hold(s, s.held + static_cast<double>(op.items->count) * static_cast<double>(BytesPerItem(*op.items)) * s.weight);
    }
    if (op.op == "serialize") {
      const double image = slots[op.sketch].held * ImageBytesPerItem(item_bytes) / static_cast<double>(item_bytes);
      size.images += image;
      largest_image = std::max(largest_image, image);
    }
    for (const std::string& done : done_after[i]) {
      auto it = slots.find(done);
      if (it == slots.end()) continue;
      live -= it->second.now();
      slots.erase(it);
    }
  }
  size.state = peak + read;
  size.largest_image = largest_image;
  size.largest_capacity = largest_capacity;
  return size;
}

// Without the family's vocabulary: every slot is taken to hold every item of its stage, and
// every image as much.
StageSize SizeStageBlind(const std::vector<Op>& ops, double read, double read_largest) {
  double given = 0;
  for (const Op& op : ops)
    if (op.items) given += static_cast<double>(op.items->count) * static_cast<double>(BytesPerItem(*op.items));
  std::map<std::string, int> made;
  int images = 0;
  for (const Op& op : ops) {
    if (!op.sketch.empty()) ++made[op.sketch];
    if (op.op == "serialize") ++images;
  }
  StageSize size;
  const double largest = std::max(given, read_largest);
  size.largest_image = largest;
  size.state = static_cast<double>(made.size()) * largest + read;
  size.images = images * largest;
  return size;
}

int64_t Bytes(double d) { return static_cast<int64_t>(std::min(d, 9.0e18)); }

struct HeldParts {
  double tape;
  double here;  // an engine in this process: its slots and the image it is writing
  double java;  // a Java engine: its slots, its answer, one writer's images it reads, an image's copy
  double harness;
};

HeldParts PartsOf(const CaseMemory& m, const EngineMix& engines, int answers) {
  const double e = std::max(1, engines.total());
  const double first = static_cast<double>(m.first_state + m.first_images);
  // A reader takes one writer's images at a time; the harness keeps `answers` answers (one alone)
  // and every writer's images until its cross stages ran.
  const double cross = static_cast<double>(m.cross_state + m.cross_images + m.cross_read);
  const double kept = e < 2 ? e : answers;
  const double harness = e * static_cast<double>(m.cross_read) +
                         kept * static_cast<double>(std::max(m.first_images, m.cross_images));
  const double largest = static_cast<double>(m.largest_image);
  const double here = static_cast<double>(std::max(m.first_state, m.cross_state)) + largest;
  return {static_cast<double>(m.tape_bytes), here, std::max(first, cross) + largest, harness};
}

int64_t Mib(double bytes) { return static_cast<int64_t>(bytes / (1 << 20)); }

}  // namespace

CaseHeld CaseMemory::Held(const EngineMix& engines, int answers) const {
  const HeldParts p = PartsOf(*this, engines, answers);
  // A worker's engines take a batch one after another, so its Java engines hold the heap one at
  // a time: what one holds until it answers is garbage when the next starts.
  return {Bytes(p.tape + engines.here * p.here + p.harness),
          Bytes(engines.java > 0 ? p.java : 0)};
}

std::string CaseMemory::Parts(const EngineMix& engines, int answers) const {
  const HeldParts p = PartsOf(*this, engines, answers);
  std::string parts = absl::StrCat("items ", Mib(p.tape));
  if (engines.here > 0) absl::StrAppend(&parts, ", the native engine's slots ", Mib(p.here));
  if (engines.java > 0) absl::StrAppend(&parts, ", a Java engine's slots and images ", Mib(p.java));
  absl::StrAppend(&parts, ", answers the harness keeps ", Mib(p.harness));
  return parts;
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
  auto size = [&](const std::vector<Op>& ops, double read, double read_largest, double read_capacity) {
    return vocabulary != nullptr ? SizeStage(ops, *vocabulary, read, read_largest, read_capacity)
                                 : SizeStageBlind(ops, read, read_largest);
  };
  const StageSize first = size(c.ops, inputs, largest_input, 0);
  m.first_state = Bytes(first.state);
  m.first_images = Bytes(first.images);
  // No image it writes is larger than the largest it writes or reads, nor than all it writes.
  auto largest_written = [](const StageSize& s) { return std::min(s.largest_image, s.images); };
  m.largest_image = Bytes(largest_written(first));
  if (c.cross) {
    // It reads images the first stage wrote, each no larger than its largest.
    const double read = static_cast<double>(c.cross->images.size()) * first.largest_image;
    const StageSize cross = size(c.cross->ops, 0, first.largest_image, first.largest_capacity);
    m.cross_state = Bytes(cross.state);
    m.cross_read = Bytes(read);
    m.cross_images = Bytes(cross.images);
    m.largest_image = std::max(m.largest_image, Bytes(largest_written(cross)));
  }
  return m;
}

}  // namespace dsconform
