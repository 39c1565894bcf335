#include "harness/engine/field_index.h"

namespace dsconform {

FieldIndex::FieldIndex(const Observations& obs) {
  by_name_.reserve(obs.fields.size());
  for (const auto& f : obs.fields) by_name_.try_emplace(f.name, &f.value);  // the first of a name wins
}

const Value* FieldIndex::Find(std::string_view name) const {
  const auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second;
}

}  // namespace dsconform
