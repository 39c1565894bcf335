#include "harness/case/slot_lifetimes.h"

#include <map>
#include <set>

namespace dsconform {
namespace {

// Calls `named` with every string in `value`, at any depth.
template <typename F>
void EachString(const nlohmann::ordered_json& value, const F& named) {
  if (value.is_string()) {
    named(value.get_ref<const std::string&>());
  } else if (value.is_structured()) {
    for (const auto& element : value) EachString(element, named);
  }
}

}  // namespace

std::vector<std::vector<std::string>> SlotsDoneAfter(const std::vector<Op>& ops) {
  std::set<std::string> slots;
  for (const Op& op : ops)
    if (!op.sketch.empty()) slots.insert(op.sketch);
  std::map<std::string, size_t> last;
  std::vector<std::string> order;  // first appearance, so each step's list is in a stable order
  auto use = [&](const std::string& name, size_t i) {
    if (slots.count(name) == 0) return;
    auto [it, fresh] = last.try_emplace(name, i);
    if (fresh) order.push_back(name);
    it->second = i;
  };
  for (size_t i = 0; i < ops.size(); ++i) {
    use(ops[i].sketch, i);
    EachString(ops[i].args, [&](const std::string& s) { use(s, i); });
  }
  std::vector<std::vector<std::string>> done(ops.size());
  for (const std::string& name : order) done[last[name]].push_back(name);
  return done;
}

}  // namespace dsconform
